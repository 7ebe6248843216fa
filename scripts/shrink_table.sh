#!/usr/bin/env bash
# The shrinker's goal table (issue 44): for each planted bug and each block
# of seeds, `duckchess check --seed B` with every other option at its
# default (100 cases of 1000 commands, realistic profile, 60 s shrink
# budget) on a solution carrying the bug; one cell per bug and block:
# the size of the saved case in commands, `*` when the shrinker proved it
# minimal, and the wall time of the whole check in seconds. A cell of `—`
# is a block whose 100 cases all passed (the bug was not caught). The
# last column counts the blocks whose case has at most 12 commands.
#
#   bash scripts/shrink_table.sh [FORM] [BLOCK_START ...]
#
# FORM: `candidate` (tests/fixtures/candidate.py, the default) or
# `realistic` (tests/fixtures/realistic.py: the same slips written the
# way a contestant would). Blocks default to 5001 6001 ... 14001.
#
# Environment: DUCKCHESS (the binary, default target/release/duckchess),
# JOBS (default 2), BUGS (the bugs, default all ten), EXTRA (more options
# for check, e.g. "--shrink-seconds 30").
set -euo pipefail
cd "$(dirname "$0")/.."
duckchess=${DUCKCHESS:-target/release/duckchess}
jobs=${JOBS:-2}
form=${1:-candidate}
shift || true
case $form in
  candidate | realistic) program=(python3 "tests/fixtures/$form.py") ;;
  *) echo "usage: $0 [candidate|realistic] [BLOCK_START ...]" >&2; exit 2 ;;
esac
blocks=("$@")
if [[ ${#blocks[@]} -eq 0 ]]; then
  blocks=(5001 6001 7001 8001 9001 10001 11001 12001 13001 14001)
fi
read -r -a bugs <<<"${BUGS:-check-on-capture no-check duck-second-block duck-wrong-side
  horse-wrong-side elephant-wrong-eye axes-swapped over-unnoticed moves-after-end
  captured-blocks}"
read -r -a extra <<<"${EXTRA:-}"
save=$(mktemp -d)
trap 'rm -rf "$save"' EXIT

header="| $form: planted bug |"
rule="| --- |"
for b in "${blocks[@]}"; do
  header+=" $b |"
  rule+=" --- |"
done
echo "$header ≤ 12 |"
echo "$rule --- |"
for bug in "${bugs[@]}"; do
  row="| \`$bug\` |"
  small=0
  for b in "${blocks[@]}"; do
    start=$(date +%s%N)
    out=$("$duckchess" check --seed "$b" --jobs "$jobs" --save "$save" "${extra[@]}" \
      -- "${program[@]}" --bug "$bug" 2>/dev/null || true)
    secs=$((($(date +%s%N) - start + 500000000) / 1000000000))
    size=$(sed -n 's/^\(minimal input\|shortest input found\) (\([0-9]*\) command.*/\2/p' <<<"$out")
    if [[ -z $size ]]; then
      row+=" — |"
      continue
    fi
    mark=""
    if grep -q '^minimal input (' <<<"$out"; then mark="*"; fi
    if [[ $size -le 12 ]]; then small=$((small + 1)); fi
    row+=" $size$mark ($secs s) |"
  done
  echo "$row $small of ${#blocks[@]} |"
done
