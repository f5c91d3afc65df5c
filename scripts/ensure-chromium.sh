#!/usr/bin/env bash
# Debian's Chromium, from apt when missing (as root, or with sudo); never a browser downloaded of our own.
# - The browser tests run in its headless shell, /usr/bin/chromium-headless-shell: the same Chromium build
#   without the desktop browser around it, which is what Playwright itself runs headless tests in. The
#   same 48 tests cost 149-151 busy core-seconds in it against 183-194 in /usr/bin/chromium (2026-11-28,
#   side by side): a fifth less. Where the shell cannot be installed, they run in /usr/bin/chromium.
# - The benchmarks that measure a user's page (bench/interaction-latency.ts, bench/pageLoad.ts) use the
#   full browser, /usr/bin/chromium, which npm test's benchmark smokes need.
# $CHROMIUM_PATH, when set, names the one browser both use: nothing is installed then.
set -euo pipefail
if [ -n "${CHROMIUM_PATH:-}" ]; then
  [ -x "$CHROMIUM_PATH" ] && exit 0
  echo "CHROMIUM_PATH is set to $CHROMIUM_PATH, which is not an executable." >&2; exit 1
fi
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/bin/chromium-headless-shell ] || missing+=(chromium-headless-shell)
[ ${#missing[@]} -eq 0 ] && exit 0
echo "Installing Debian's ${missing[*]}..."
if [ "$(id -u)" = "0" ]; then sudo=""; elif command -v sudo >/dev/null; then sudo="sudo"; else
  echo "Cannot install ${missing[*]}: not root and no sudo. Install them (apt-get install ${missing[*]}) or set CHROMIUM_PATH." >&2
  # the headless shell alone missing: the tests run in the full browser
  [ -x /usr/bin/chromium ] && exit 0
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
install() { $sudo apt-get install -y "$@" >/dev/null 2>&1 || { $sudo apt-get update >/dev/null && $sudo apt-get install -y "$@" >/dev/null; }; }
# both at once; if that fails, each alone (an older release may have no headless shell)
install "${missing[@]}" || for package in "${missing[@]}"; do install "$package" || true; done
[ -x /usr/bin/chromium ] || { echo "chromium is still missing at /usr/bin/chromium" >&2; exit 1; }
[ -x /usr/bin/chromium-headless-shell ] || echo "WARNING: no chromium-headless-shell; the browser tests run in /usr/bin/chromium." >&2
exit 0
