#!/usr/bin/env bash
# An SPRT of this working tree's build against an earlier revision's: is the
# change worth ELO1 Elo, or not even ELO0? Builds REVISION (a commit, tag or
# branch, e.g. main) with `cargo build --release` in a git worktree under
# /tmp (kept, so a second run does not build it again), builds this tree,
# then plays `duckchess match` at a fixed number of nodes a move for both
# sides — the old build as a UCI opponent told `go nodes N` — until the test
# accepts a hypothesis or the games run out. See docs/engine.md, "Measuring
# a change (SPRT)".
#
#   bash scripts/sprt.sh REVISION [MORE MATCH OPTIONS...]
#
# Settings from the environment (defaults in brackets): VARIANT [duck],
# NODES [10000], BOUNDS [0,20] (logistic Elo), GAMES [2000] (the most),
# JOBS [2]. More options are passed to `duckchess match` (e.g. --seed 7,
# --alpha 0.1). The per-pair ratio goes to standard error, the games and
# the summary to standard output.
set -euo pipefail
cd "$(dirname "$0")/.."

if [[ $# -lt 1 ]]; then
  echo "usage: bash scripts/sprt.sh REVISION [MORE MATCH OPTIONS...]" >&2
  exit 2
fi
revision=$1
shift
variant=${VARIANT:-duck}
nodes=${NODES:-10000}
bounds=${BOUNDS:-0,20}
games=${GAMES:-2000}
jobs=${JOBS:-2}

sha=$(git rev-parse --verify --quiet "$revision^{commit}") || {
  echo "sprt.sh: $revision is no revision of this repository" >&2
  exit 2
}
short=$(git rev-parse --short "$sha")
old_tree=/tmp/duckchess-sprt-$short
old=$old_tree/target/release/duckchess

if [[ ! -x $old ]]; then
  git worktree prune
  if [[ ! -d $old_tree ]]; then
    git worktree add --quiet --detach "$old_tree" "$sha"
  fi
  echo "sprt.sh: building $short in $old_tree" >&2
  # Its own target folder, whatever CARGO_TARGET_DIR says: the two builds
  # must not overwrite each other.
  (cd "$old_tree" && CARGO_TARGET_DIR="$old_tree/target" cargo build --release --quiet)
fi
if [[ ! -x $old ]]; then
  echo "sprt.sh: the build of $short made no $old" >&2
  exit 1
fi

echo "sprt.sh: building the working tree" >&2
cargo build --release --quiet
target=$(cargo metadata --format-version 1 --no-deps |
  grep -o '"target_directory":"[^"]*"' | cut -d '"' -f 4)
new=$target/release/duckchess

echo "sprt.sh: $(git rev-parse --short HEAD)$(git diff --quiet HEAD || echo +changes) against $short:" \
  "$variant, $nodes nodes a move, SPRT [$bounds], at most $games games, $jobs at once" >&2
exec "$new" match --variant "$variant" --nodes "$nodes" \
  --opponent "uci:$old uci" --go "nodes $nodes" \
  --sprt "$bounds" --games "$games" --jobs "$jobs" "$@"
