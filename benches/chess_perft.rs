//! Chess perft from the start on the generic kernel and on shakmaty, side by
//! side: `cargo bench --bench chess_perft`.

use divan::{black_box, Bencher};
use duckchess::kernel::{perft, Position};
use duckchess::variants::chess;

fn main() {
    divan::main();
}

/// Perft from the start by depth, to report nodes per second.
const NODES: [u64; 7] = [1, 20, 400, 8_902, 197_281, 4_865_609, 119_060_324];

#[divan::bench(args = [5, 6], sample_count = 5, sample_size = 1)]
fn kernel(bencher: Bencher, depth: u32) {
    let start: Position<u64> = chess::start();
    bencher
        .counter(divan::counter::ItemsCount::new(NODES[depth as usize]))
        .bench(|| assert_eq!(perft(black_box(&start), depth), NODES[depth as usize]));
}

#[divan::bench(args = [5, 6], sample_count = 5, sample_size = 1)]
fn shakmaty(bencher: Bencher, depth: u32) {
    let start = shakmaty::Chess::default();
    bencher
        .counter(divan::counter::ItemsCount::new(NODES[depth as usize]))
        .bench(|| {
            assert_eq!(
                shakmaty::perft(black_box(&start), depth),
                NODES[depth as usize]
            )
        });
}

#[divan::bench]
fn kernel_legal_moves_kiwipete(bencher: Bencher) {
    let p = chess::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
        .unwrap();
    bencher.bench(|| black_box(&p).legal_moves());
}
