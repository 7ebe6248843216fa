#!/usr/bin/env bash
# The computer's strength table: chess against Stockfish at several
# UCI_Elo levels, and every other game against the engine as it was before
# the strength work (commit be60273, built here from the repository's
# history). Prints one row per match: games, wins, draws, losses, score and
# the Elo difference with its 95 % margin.
#
#   bash scripts/strength.sh [GAMES] [THINK_MS] [JOBS]
#
# Defaults: 40 games a Stockfish level, 100 a game against the earlier
# engine, 300 ms a move, one game at a time. Needs Stockfish for the chess
# rows (Debian package stockfish); takes hours at the defaults.
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-40}
think=${2:-300}
jobs=${3:-1}
baseline_commit=be60273

cargo build --release -q
new=target/release/duckchess
old=target/strength-baseline/target/release/duckchess
if [[ ! -x $old ]]; then
  rm -rf target/strength-baseline
  git worktree add -q --detach target/strength-baseline "$baseline_commit"
  (cd target/strength-baseline && cargo build --release -q --bin duckchess)
fi
stockfish=$(command -v stockfish || echo /usr/games/stockfish)

row() {
  local label=$1
  shift
  local line
  line=$("$new" match "$@" --jobs "$jobs" | tail -n 1)
  echo "| $label | ${line#*: } |"
}

echo "strength of $(git rev-parse --short HEAD), $(date -u +%F), $(nproc) cores, $think ms a move"
echo "| match | result |"
echo "| --- | --- |"
if [[ -x $stockfish ]]; then
  for elo in 1800 2200 2400; do
    row "chess vs Stockfish UCI_Elo $elo" --variant chess --games "$games" --think-ms "$think" \
      --opponent "uci:$stockfish" --option UCI_LimitStrength=true --option UCI_Elo=$elo
  done
else
  echo "| chess vs Stockfish | SKIPPED: stockfish not found (Debian package stockfish) |"
fi
for game in chess duck fourfold-classic fourfold cube; do
  row "$game vs the engine before (be60273)" --variant "$game" --games 100 --think-ms "$think" \
    --opponent "uci:$old uci"
done
