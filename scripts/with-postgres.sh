#!/usr/bin/env bash
# Runs a command against a throw-away PostgreSQL server: a new cluster in a temporary folder on a
# free port, with TEST_DATABASE_URL pointing at it; the cluster is removed afterwards.
# Usage: scripts/with-postgres.sh <command...>    (PostgreSQL's server programs must be installed)
set -euo pipefail

bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
if [ -z "$bindir" ] || [ ! -x "$bindir/initdb" ]; then
  echo "PostgreSQL server programs not found. Install them with: apt-get install -y postgresql" >&2
  exit 1
fi

pgdir=$(mktemp -d /tmp/shop-pg-XXXXXX)
port=$(node -e "const s=require('net').createServer();s.listen(0,()=>{console.log(s.address().port);s.close()})")
run_as=()
if [ "$(id -u)" = "0" ]; then
  # initdb refuses to run as root: run the server as the 'postgres' user of Debian's package.
  id postgres >/dev/null 2>&1 || useradd --system --home "$pgdir" postgres
  chown postgres "$pgdir"
  run_as=(runuser -u postgres --)
fi
cleanup() {
  "${run_as[@]}" "$bindir/pg_ctl" -D "$pgdir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$pgdir"
}
trap cleanup EXIT

"${run_as[@]}" "$bindir/initdb" -D "$pgdir/data" -U postgres --auth=trust -E UTF8 >/dev/null
"${run_as[@]}" "$bindir/pg_ctl" -D "$pgdir/data" -l "$pgdir/server.log" -w \
  -o "-p $port -k $pgdir -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=300" start >/dev/null

export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
echo "PostgreSQL $($bindir/postgres --version | awk '{print $3}') on port $port"
"$@"
