#!/usr/bin/env bash
# How well the default tests catch the classic slips of this problem: for
# each bug planted in tests/fixtures/candidate.py, `duckchess check` runs
# the buggy solution on blocks of 100 seeds (the default mix of `check`)
# and counts the cases that fail. Prints one table row per bug: the cases
# caught in each block, and how many blocks caught it at all.
#
#   bash scripts/catch_rates.sh [BLOCK_START ...]      (default: 1 1001 2001)
#
# Environment: DUCKCHESS (the binary, default target/release/duckchess),
# JOBS (default 2), CASES (default 100), COMMANDS (default 1000),
# PROFILE (default: check's own default).
set -euo pipefail
cd "$(dirname "$0")/.."
duckchess=${DUCKCHESS:-target/release/duckchess}
jobs=${JOBS:-2}
cases=${CASES:-100}
commands=${COMMANDS:-1000}
profile=()
if [[ -n ${PROFILE:-} ]]; then profile=(--profile "$PROFILE"); fi
blocks=("$@")
if [[ ${#blocks[@]} -eq 0 ]]; then blocks=(1 1001 2001); fi
bugs=(check-on-capture no-check duck-second-block duck-wrong-side
      horse-wrong-side elephant-wrong-eye axes-swapped over-unnoticed
      moves-after-end captured-blocks)
save=$(mktemp -d)
trap 'rm -rf "$save"' EXIT

header="| planted bug |"
rule="| --- |"
for b in "${blocks[@]}"; do
  header+=" seeds $b–$((b + cases - 1)) |"
  rule+=" --- |"
done
echo "$header blocks caught |"
echo "$rule --- |"
for bug in "${bugs[@]}"; do
  row="| \`$bug\` |"
  caught=0
  for b in "${blocks[@]}"; do
    out=$("$duckchess" check --seed "$b" --cases "$cases" --commands "$commands" \
      "${profile[@]}" --jobs "$jobs" --keep-going --shrink-seconds 0 \
      --save "$save" -- python3 tests/fixtures/candidate.py --bug "$bug" || true)
    if grep -q '^OK: ' <<<"$out"; then
      failed=0
    else
      # "tally: 97 OK, 3 WA (...)" or, when none passed, "tally: 100 WA (...)".
      ok=$(sed -n 's/^tally: \([0-9]*\) OK.*/\1/p' <<<"$out")
      failed=$((cases - ${ok:-0}))
    fi
    if [[ $failed -gt 0 ]]; then caught=$((caught + 1)); fi
    row+=" $failed/$cases |"
  done
  echo "$row $caught of ${#blocks[@]} |"
done
