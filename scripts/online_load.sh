#!/usr/bin/env bash
# The online games' load benchmark (docs/online.md): a release server on
# loopback, simulated people playing GAMES timed chess games at once
# (default 200, 40 plies each), against SQLite and, when
# DUCKCHESS_TEST_POSTGRES names a database, against PostgreSQL; twice
# each: at a person's pace (a move THINK ms after the last was seen,
# default 1000) and as fast as the server answers (a stress test).
#
#   bash scripts/online_load.sh [GAMES] [PLIES] [THINK]
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-200}
plies=${2:-40}
think=${3:-1000}
cargo build --release -q --features web --bin duckchess --example online_load
dir=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$dir"' EXIT

# A server on database $2; its address and pid in $addr and $pid.
start() {
  local n=$1 url=$2
  ./target/release/duckchess serve --port 0 --no-rate-limits --database "$url" >"$dir/out$n" 2>"$dir/err$n" &
  pid=$!
  for _ in $(seq 100); do grep -q http:// "$dir/out$n" 2>/dev/null && break; sleep 0.1; done
  addr=$(grep -o 'http://[0-9.:]*' "$dir/out$n" | head -1 | sed 's|http://||')
}

# SERVERS servers (1 or 2) on one database, each run at a person's pace
# and as fast as they answer.
run() {
  local label=$1 url=$2 servers=${3:-1}
  local addrs="" pids=""
  for n in $(seq "$servers"); do
    start "$n" "$url"
    addrs="$addrs${addrs:+,}$addr"
    pids="$pids${pids:+,}$pid"
  done
  echo "== $label ($games games, $plies plies each, server pid $pids at $addrs)"
  ./target/release/examples/online_load "$addrs" "$pids" "$games" "$plies" "$think"
  ./target/release/examples/online_load "$addrs" "$pids" "$games" "$plies" 0
  for p in ${pids//,/ }; do kill "$p"; wait "$p" 2>/dev/null || true; done
}

run SQLite "sqlite://$dir/load.db"
if [ -n "${DUCKCHESS_TEST_POSTGRES:-}" ]; then
  run PostgreSQL "$DUCKCHESS_TEST_POSTGRES"
  run "PostgreSQL, two servers (each game's seats on different servers)" "$DUCKCHESS_TEST_POSTGRES" 2
else
  echo "== PostgreSQL: skipped (set DUCKCHESS_TEST_POSTGRES=postgres://USER:PASSWORD@HOST/NAME)"
fi
