#!/usr/bin/env bash
# The speed goals, each side by side with its yardstick in one run: the two
# commands take turns (A B A B ...), one core (taskset -c 1 when present),
# whole process, and the script prints both medians and the median of the
# pairwise ratios A/B.
#
#   bash scripts/speed.sh [RUNS] [BASE]
#
#   chess perft(6) from the start     duckchess / shakmaty (examples/shakmaty_perft)
#   Fourfold classic perft(5)         duckchess / duckchess at BASE
#   Duck Chess perft(5)               duckchess / duckchess at BASE
#   judge, 1,000,000 quiet commands   duckchess / the input-output floor (examples/judge_floor)
#   judge, the same input             duckchess / duckchess at BASE
#   search, chess start, depth 14     duckchess / duckchess at BASE (the same nodes, so
#                                     the time ratio is the inverse nodes/s ratio)
#
# RUNS defaults to 11. BASE (default 7b2680c^, the commit before the speed
# work of issue 21) is built once in target/speed-base from the
# repository's history. Every count is checked against the published one.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-11}
base_rev=${2:-7b2680c^}

# The published binary's profile (`dist`); `release` builds quicker and runs
# a little slower (docs/performance.md). BASE predates `dist`: its
# `release` was the same settings.
cargo build --profile dist -q --bin duckchess --example shakmaty_perft --example judge_floor
new=target/dist/duckchess
shakmaty=target/dist/examples/shakmaty_perft
floor=target/dist/examples/judge_floor
base_dir=target/speed-base
base=$base_dir/target/release/duckchess
want=$(git rev-parse "$base_rev")
if [[ ! -x $base || $(git -C "$base_dir" rev-parse HEAD 2>/dev/null) != "$want" ]]; then
  rm -rf "$base_dir"
  git worktree prune
  git worktree add -q --detach "$base_dir" "$want"
  (cd "$base_dir" && cargo build --release -q --bin duckchess)
fi
pin=()
if command -v taskset >/dev/null; then pin=(taskset -c 1); fi

input=$(mktemp)
trap 'rm -f "$input"' EXIT
"$new" gen --seed 1 --profile quiet --commands 1000000 >"$input"

# Runs one command pinned, checks what it prints against $expected (when
# set) and prints its wall time in microseconds.
timed() {
  local command=$1 start end out
  start=$EPOCHREALTIME
  out=$("${pin[@]}" sh -c "$command")
  end=$EPOCHREALTIME
  # Microseconds, read from bash's clock (no process started to read it).
  echo $((${end//[.,]/} - ${start//[.,]/}))
  if [[ -n $expected && $out != "$expected" ]]; then
    echo "$label: $command printed $out, expected $expected" >&2
    return 1
  fi
}

# A and B in turns; prints a table row.
#   row LABEL EXPECTED 'A command' 'B command'
row() {
  local label=$1 expected=$2 a=$3 b=$4 i ta tb
  local -a ratios=() as=() bs=()
  for ((i = 0; i <= runs; i++)); do
    ta=$(timed "$a")
    tb=$(timed "$b")
    ((i == 0)) && continue # a warm-up pair: caches and page faults
    as+=("$ta")
    bs+=("$tb")
    ratios+=("$(awk -v a="$ta" -v b="$tb" 'BEGIN { printf "%.4f", a / b }')")
  done
  printf '| %s | %s | %s | %s |\n' "$label" \
    "$(median "${as[@]}" | awk '{ printf "%.3f s", $1 / 1e6 }')" \
    "$(median "${bs[@]}" | awk '{ printf "%.3f s", $1 / 1e6 }')" \
    "$(median "${ratios[@]}")"
}

median() {
  printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

echo "speed of $(git rev-parse --short HEAD) against $(git rev-parse --short "$want"), $(date -u +%F), $(nproc) cores, $runs runs each"
echo "| workload | A | B | A / B |"
echo "| --- | --- | --- | --- |"
row "chess perft(6): duckchess (A) / shakmaty (B)" 119060324 \
  "$new perft 6 --variant chess --threads 1" "$shakmaty 6 2>/dev/null"
row "Fourfold classic perft(5): now (A) / base (B)" 145609706 \
  "$new perft 5 --variant fourfold-classic --threads 1" "$base perft 5 --variant fourfold-classic --threads 1"
row "Duck Chess perft(5): now (A) / base (B)" 152386930 \
  "$new perft 5 --threads 1" "$base perft 5 --threads 1"
row "judge, 1M quiet commands: duckchess (A) / floor (B)" "" \
  "$new $input >/dev/null" "$floor $input >/dev/null 2>&1"
row "judge, 1M quiet commands: now (A) / base (B)" "" \
  "$new $input >/dev/null" "$base $input >/dev/null"
row "search, chess start, depth 14: now (A) / base (B)" "" \
  "$new best --variant chess --depth 14 >/dev/null" "$base best --variant chess --depth 14 >/dev/null"
"$new" best --variant chess --depth 14 | tail -n 1 | sed 's/^/now:  /'
"$base" best --variant chess --depth 14 | tail -n 1 | sed 's/^/base: /'
cmp <("$new" "$input") <("$base" "$input") && echo "judge output on 1M quiet commands: identical to base"
