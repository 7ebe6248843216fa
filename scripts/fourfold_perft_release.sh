#!/usr/bin/env bash
# Fourfold perft in release: depth 4 of both setups (also in `cargo test`)
# and depth 5 of the classic one, too slow for a debug test. The depth-5
# count was found with the naive checker in tests/naive (no shared code).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build -q --release --example fourfold_perft
bin=target/release/examples/fourfold_perft
check() {
    local got
    got=$("$bin" "$1" "$2" 2>/dev/null)
    if [ "$got" != "$3" ]; then
        echo "fourfold $1 perft($2): $got, expected $3" >&2
        exit 1
    fi
}
check classic 4 3194878
check full 4 4700547
check classic 5 145609706
echo "fourfold perft: classic 4 and 5, full 4 match"
