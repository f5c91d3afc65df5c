#!/usr/bin/env bash
# The browser tests use Debian's Chromium at /usr/bin/chromium (or $CHROMIUM_PATH).
# When it is missing, install it from apt (as root, or with sudo); never download a browser of our own.
set -euo pipefail
path="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$path" ]; then exit 0; fi
echo "Chromium not found at $path; installing Debian's chromium package..."
if [ "$(id -u)" = "0" ]; then sudo=""; elif command -v sudo >/dev/null; then sudo="sudo"; else
  echo "Cannot install chromium: not root and no sudo. Install it (apt-get install chromium) or set CHROMIUM_PATH." >&2; exit 1
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get install -y chromium >/dev/null 2>&1 || { $sudo apt-get update >/dev/null && $sudo apt-get install -y chromium >/dev/null; }
[ -x "$path" ] || { echo "chromium is still missing at $path" >&2; exit 1; }
