//! Fourfold perft speed, one thread: `cargo bench --bench fourfold`.

use divan::{black_box, Bencher};
use duckchess::kernel::perft;
use duckchess::variants::fourfold::{start, Army};

fn main() {
    divan::main();
}

/// Classic perft from the start, by depth (the counts the tests and the
/// release script pin): reported as nodes per second.
const CLASSIC: [u64; 6] = [1, 41, 1_671, 74_569, 3_194_878, 145_609_706];

#[divan::bench(args = [4, 5], sample_count = 5, sample_size = 1)]
fn classic_perft(bencher: Bencher, depth: usize) {
    let p = start(Army::Classic);
    bencher
        .counter(divan::counter::ItemsCount::new(CLASSIC[depth]))
        .bench(|| perft(black_box(&p), depth as u32));
}

#[divan::bench]
fn classic_start_moves(bencher: Bencher) {
    let p = start(Army::Classic);
    bencher.bench(|| black_box(&p).legal_moves());
}
