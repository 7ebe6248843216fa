#!/usr/bin/env bash
# Perft counts too deep for debug tests, checked with the release binary:
# Duck Chess from the start, chess from the start and from published test
# positions (Chess Programming Wiki, "Perft Results"), and both Fourfold
# setups (the spec's depth 4; classic depth 5 as counted by the naive checker
# in tests/naive, which tests/rules/fourfold.rs's release run counts again).
# Prints each count with its time; exits 1 on a mismatch.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build -q --release
bin=target/release/duckchess

check() { # expected, then duckchess's arguments
    local want=$1 got start
    shift
    start=$(date +%s%N)
    got=$("$bin" "$@")
    printf '%12s  %5d ms  duckchess %s\n' "$got" $((($(date +%s%N) - start) / 1000000)) "$*"
    if [ "$got" != "$want" ]; then
        echo "perft mismatch: duckchess $*: $got, expected $want" >&2
        exit 1
    fi
}

check 152386930 perft 5 --threads 2
check 119060324 perft 6 --variant chess --threads 2
check 193690690 perft 5 --variant chess --threads 2 --from 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'
check 11030083 perft 6 --variant chess --from '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1'
check 15833292 perft 5 --variant chess --from 'r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1'
check 89941194 perft 5 --variant chess --threads 2 --from 'rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8'
check 164075551 perft 5 --variant chess --threads 2 --from 'r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10'
check 145609706 perft 5 --variant fourfold-classic
check 4700547 perft 4 --variant fourfold
echo "release perft: every count matches"
