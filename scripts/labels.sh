#!/usr/bin/env bash
# Labelled positions for `duckchess tune`, reproducibly (Duck Chess's by
# default; VARIANT=xiangqi for xiangqi's): fast
# self-play at fixed nodes (so the games do not depend on the machine),
# then every EVERY-th position of each game scored by Fairy-Stockfish at a
# fixed depth (scripts/fsf_label.py). See docs/engine.md, "Tuning".
#
#   bash scripts/labels.sh FAIRY_STOCKFISH OUT
#
# Settings from the environment (defaults in brackets): GAMES [1200] self-play
# games, NODES [1000] (the first side's nodes a move; the second searches
# half as many again, so a pair of games from one opening are two games),
# PLIES [8] random plies opening each game, SEED [1], JOBS [2], DEPTH [6]
# Fairy-Stockfish's depth, EVERY [3], RECORDS [OUT.records] the folder for
# the games (kept: labelling again need not replay them), DUCKCHESS [this
# tree's release build], VARIANT [duck] the game (another than Duck Chess is
# labelled as Fairy-Stockfish's variant of the same name, or FSF_VARIANT's).
# Fairy-Stockfish must be built with large boards
# (`make build largeboards=yes`). OUT is one position a line: the moves
# from the start, a tab, the score in centipawns for the side to move.
set -euo pipefail
cd "$(dirname "$0")/.."

if [[ $# -ne 2 ]]; then
  echo "usage: bash scripts/labels.sh FAIRY_STOCKFISH OUT" >&2
  exit 2
fi
fsf=$1
out=$2
games=${GAMES:-1200}
nodes=${NODES:-1000}
plies=${PLIES:-8}
seed=${SEED:-1}
jobs=${JOBS:-2}
depth=${DEPTH:-6}
every=${EVERY:-3}
records=${RECORDS:-$out.records}
variant=${VARIANT:-duck}
if [[ $variant != duck ]]; then
  export FSF_VARIANT=${FSF_VARIANT:-$variant}
fi

if [[ -z ${DUCKCHESS:-} ]]; then
  cargo build --release --quiet
  target=$(cargo metadata --format-version 1 --no-deps |
    grep -o '"target_directory":"[^"]*"' | cut -d '"' -f 4)
  DUCKCHESS=$target/release/duckchess
fi
export DUCKCHESS

mkdir -p "$records"
if [[ -z $(ls "$records") ]]; then
  echo "labels.sh: $games self-play games at $nodes nodes into $records" >&2
  "$DUCKCHESS" match --variant "$variant" --games "$games" --nodes "$nodes" \
    --opponent "self:nodes=$((nodes * 3 / 2))" --openings "random:$plies" \
    --seed "$seed" --jobs "$jobs" --records "$records" | tail -n 1 >&2
else
  echo "labels.sh: $records holds games already: labelling those" >&2
fi
echo "labels.sh: labelling one position in $every at depth $depth" >&2
python3 scripts/fsf_label.py "$fsf" "$records" "$out" "$depth" "$every"
