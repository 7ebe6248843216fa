#!/usr/bin/env bash
# Runs every fuzz target of fuzz/ (or the TARGETs named) for SECONDS each,
# and prints one line per target: its executions and findings.
#
#   scripts/fuzz.sh SECONDS [TARGET...]
#
# cargo-fuzz (installed when missing) builds the targets with libFuzzer
# and AddressSanitizer; they need a nightly compiler's features, which a
# stable one gives with RUSTC_BOOTSTRAP=1 (set here when rustc is not a
# nightly). Each target starts from fuzz/seeds/TARGET and grows
# fuzz/corpus/TARGET (kept between runs, not committed; FUZZ_CORPUS names
# another folder for the corpora, e.g. a fresh one to start from the seeds alone
# each time); a finding is
# saved under fuzz/artifacts/TARGET and makes the script exit 1 after the
# other targets have run. FUZZ_BUILD_FLAGS adds options to `cargo fuzz
# build` and `run` (`--sanitizer none --dev`: quicker to build).
set -euo pipefail
cd "$(dirname "$0")/../fuzz"

seconds=${1:?usage: scripts/fuzz.sh SECONDS [TARGET...]}
shift
if ! rustc --version | grep -q nightly; then
  export RUSTC_BOOTSTRAP=1
fi
command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz --locked
read -r -a flags <<<"${FUZZ_BUILD_FLAGS:-}"

if (($# > 0)); then
  targets=("$@")
else
  mapfile -t targets < <(cargo fuzz list)
fi
# Build first, so that the seconds are spent fuzzing.
build_log=$(mktemp)
if ! cargo fuzz build "${flags[@]}" >"$build_log" 2>&1; then
  cat "$build_log" >&2
  exit 1
fi
rm -f "$build_log"

# The binaries, run directly (no cargo between the targets).
profile=release
for flag in "${flags[@]}"; do
  case $flag in --dev | -D) profile=debug ;; esac
done
triple=$(rustc -vV | sed -n 's/^host: //p')
bin="${CARGO_TARGET_DIR:-target}/$triple/$profile"

failed=()
printf '%-18s %14s %9s\n' target executions findings
for target in "${targets[@]}"; do
  corpus="${FUZZ_CORPUS:-corpus}/$target"
  mkdir -p "$corpus" "seeds/$target"
  log=$(mktemp)
  mkdir -p "artifacts/$target"
  if "$bin/$target" "$corpus" "seeds/$target" -artifact_prefix="artifacts/$target/" \
    -max_total_time="$seconds" -print_final_stats=1 -timeout=10 -rss_limit_mb=4096 \
    >"$log" 2>&1; then
    findings=0
  else
    findings=1
    failed+=("$target")
  fi
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -n 1)
  printf '%-18s %14s %9s\n' "$target" "${runs:-?}" "$findings"
  if ((findings)); then
    grep -E 'panicked|ERROR|SUMMARY|Test unit written|artifact_prefix' "$log" | head -n 20 >&2
  fi
  rm -f "$log"
done
if ((${#failed[@]} > 0)); then
  echo "findings in: ${failed[*]} (inputs under fuzz/artifacts/)" >&2
  exit 1
fi
