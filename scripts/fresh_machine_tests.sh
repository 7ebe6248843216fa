#!/usr/bin/env bash
# The tests as on a fresh machine with only the Rust toolchain: tmux,
# Chromium, chromedriver, python3 and problemtools' verifyproblem (with the
# PyPy and LuaLaTeX it runs) are hidden from PATH, and no
# PostgreSQL is named (DUCKCHESS_TEST_POSTGRES unset). Checks that the
# tests needing them pass and say loudly what they skipped.
#
#   bash scripts/fresh_machine_tests.sh            # the tests that need them
#   bash scripts/fresh_machine_tests.sh --all      # the whole suite
set -euo pipefail
cd "$(dirname "$0")/.."

hidden=(tmux chromium chromium-browser chromedriver python3 verifyproblem pypy3 lualatex)
is_hidden() {
  local name=$1 h
  for h in "${hidden[@]}"; do
    [[ $name == "$h" || $name == python3.* ]] && return 0
  done
  return 1
}

# A PATH of one folder: a link to every program on today's PATH but the
# hidden ones (the first of each name, as the shell would find it).
shadow=$(mktemp -d)
log=$(mktemp)
trap 'rm -rf "$shadow" "$log"' EXIT
IFS=: read -ra dirs <<<"$PATH"
for dir in "${dirs[@]}"; do
  [[ -d $dir ]] || continue
  for program in "$dir"/*; do
    name=${program##*/}
    [[ -x $program && ! -d $program && ! -e $shadow/$name ]] || continue
    is_hidden "$name" || ln -s "$program" "$shadow/$name"
  done
done

if [[ ${1:-} == --all ]]; then
  tests=()
else
  # Two of the three test binaries, filtered to the modules that need them.
  tests=(--test commands --test server -- play:: browser:: browser_online:: online_lichess::
    online_postgres:: check:: test_dir:: docs:: package:: play_online:: fsf_variants:: pyffish::)
fi
echo "running cargo test ${tests[*]} with ${hidden[*]} hidden from PATH"
status=0
env -u DUCKCHESS_REQUIRE_SYSTEM_TESTS -u DUCKCHESS_TEST_POSTGRES PATH="$shadow" \
  cargo test --all-features "${tests[@]}" 2>&1 | tee "$log" || status=$?
if ((status != 0)); then
  echo "FAILED: the tests do not pass without ${hidden[*]}" >&2
  exit 1
fi
for needed in "tmux (Debian package tmux)" "chromedriver (Debian package chromium-driver)" \
  "python3 (Debian package python3)" "verifyproblem (PyPI package problemtools)"; do
  if ! grep -qF "SKIPPED: $needed" "$log"; then
    echo "FAILED: no test said it skipped what needs $needed" >&2
    exit 1
  fi
done
if ! grep -qF "SKIPPED: DUCKCHESS_TEST_POSTGRES is not set" "$log"; then
  echo "FAILED: the PostgreSQL tests did not say they skipped" >&2
  exit 1
fi
echo "ok: the tests pass without ${hidden[*]} and name what they skipped:"
grep -F "SKIPPED:" "$log" | sort | uniq -c
