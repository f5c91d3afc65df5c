#!/usr/bin/env bash
# The server tests on a real PostgreSQL server (what DATABASE_URL selects in production; PGlite runs its
# share of them in test:unit, see vitest.config.ts):
# a throwaway cluster on a free port, a database per test server (tests/server/fixture.ts,
# TEST_POSTGRES_URL), everything removed afterwards. PostgreSQL comes from apt when it is missing.
# Then every benchmark once in its smoke mode (bench/smoke.ts; needs the built app of dist/), those of
# several processes on a database of the same cluster: a benchmark cannot break unnoticed (issue 21).
set -euo pipefail
find_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1; }
bin="$(find_bin || true)"
if [ -z "$bin" ]; then
  echo "PostgreSQL not found; installing Debian's postgresql package..."
  if [ "$(id -u)" = "0" ]; then sudo=""; elif command -v sudo >/dev/null; then sudo="sudo"; else sudo="none"; fi
  if [ "$sudo" != "none" ]; then
    export DEBIAN_FRONTEND=noninteractive
    $sudo apt-get install -y postgresql >/dev/null 2>&1 || { $sudo apt-get update >/dev/null && $sudo apt-get install -y postgresql >/dev/null; } || true
  fi
  bin="$(find_bin || true)"
  if [ -z "$bin" ]; then
    echo "WARNING: PostgreSQL could not be installed; the server tests run on PGlite only." >&2
    # npm test ran the PGlite share of the server tests already (vitest.config.ts): the rest, on PGlite too.
    SERVER_TESTS=rest npx vitest run tests/server
    node --import tsx bench/smoke.ts
    exit 0
  fi
fi
dir="$(mktemp -d /tmp/mtm-pg.XXXXXX)"
port=$((20000 + RANDOM % 20000))
# initdb refuses to run as root: the cluster then belongs to the postgres user the package created.
as=()
if [ "$(id -u)" = "0" ]; then chown postgres "$dir"; as=(runuser -u postgres --); fi
cleanup() { "${as[@]}" "$bin/pg_ctl" -D "$dir/data" -m fast stop >/dev/null 2>&1 || true; rm -rf "$dir"; }
trap cleanup EXIT
"${as[@]}" "$bin/initdb" -D "$dir/data" -A trust -U postgres >/dev/null
# A throwaway cluster need not survive a crash: without fsync (and its companions) the phase takes 53 s
# instead of 72; what the tests check, the transactions and their isolation, is unchanged.
"${as[@]}" "$bin/pg_ctl" -D "$dir/data" -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" -l "$dir/log" -w start >/dev/null
echo "Server tests on PostgreSQL $("$bin/postgres" --version | awk '{print $3}') (port $port)"
TEST_POSTGRES_URL="postgres://postgres@127.0.0.1:$port/postgres" npx vitest run tests/server
"${as[@]}" "$bin/createdb" -h 127.0.0.1 -p "$port" -U postgres bench
echo "Every benchmark once in its smoke mode"
DATABASE_URL="postgres://postgres@127.0.0.1:$port/bench" node --import tsx bench/smoke.ts
