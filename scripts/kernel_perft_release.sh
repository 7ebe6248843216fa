#!/usr/bin/env sh
# The kernel's perft tests at every published depth: the debug run of the
# same tests stops at 250,000 nodes (see NODE_LIMIT in tests/rules/kernel_chess.rs);
# this release run checks the rest, chess perft(6) from the start included,
# Duck Chess perft(5) in tests/rules/perft.rs, xiangqi perft(4) in
# tests/rules/xiangqi.rs, and the naive checkers' deep counts: classic Fourfold
# perft(5) in tests/rules/fourfold.rs (about 80 s of CPU, on two threads) and
# Duck Chess perft(4) in tests/commands/duck_kernel.rs (about 16 s). CI runs this
# script; it prints chess perft(6) and xiangqi perft(5) with their times.
set -eu
cd "$(dirname "$0")/.."
cargo test --release --test rules -- kernel_chess:: kernel_shapes:: perft:: xiangqi::
cargo test --release --test rules fourfold::the_naive_checker_counts_classic_perft_five
cargo test --release --test commands duck_kernel::the_naive_referee_counts_perft_four
cargo run --release --example kernel_perft -- 6
# Xiangqi perft(5) from the start, published as 133,312,995.
nodes=$(cargo run --release -q --example variant_perft -- xiangqi 5)
[ "$nodes" = 133312995 ] || { echo "xiangqi perft(5) = $nodes, not 133312995" >&2; exit 1; }
