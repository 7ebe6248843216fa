//! Perft and move generation speed: `cargo bench --bench perft`.

use divan::{black_box, Bencher};
use duckchess::judge::perft::{perft, perft_threads};
use duckchess::judge::Position;

fn main() {
    divan::main();
}

/// A crowded middle game with every kind of piece still on the board.
const MIDDLE: &str = "r1eakaehr/4h4/d1s4sd/2s3s2/2S1s4/9/4S1S1S/D3E2HD/9/RH1AKA2R w";

/// Perft from the start, by depth (the counts the tests pin): reported as
/// nodes per second.
const NODES: [u64; 6] = [1, 43, 1_849, 80_066, 3_466_638, 152_386_930];

#[divan::bench(args = [4, 5], sample_count = 5, sample_size = 1)]
fn perft_single_thread(bencher: Bencher, depth: usize) {
    bencher
        .counter(divan::counter::ItemsCount::new(NODES[depth]))
        .bench(|| perft(&mut black_box(Position::initial()), depth as u32));
}

#[divan::bench(sample_count = 5, sample_size = 1)]
fn perft_5_two_threads(bencher: Bencher) {
    bencher
        .counter(divan::counter::ItemsCount::new(NODES[5]))
        .bench(|| perft_threads(&black_box(Position::initial()), 5, 2));
}

fn position(which: &str) -> Position {
    match which {
        "initial" => Position::initial(),
        _ => MIDDLE.parse().expect("a valid position"),
    }
}

#[divan::bench(args = ["initial", "middle"])]
fn list_moves(bencher: Bencher, which: &str) {
    let p = position(which);
    bencher.bench(|| black_box(&p).moves());
}

#[divan::bench(args = ["initial", "middle"])]
fn count_moves(bencher: Bencher, which: &str) {
    let p = position(which);
    bencher.bench(|| black_box(&p).count_moves());
}
