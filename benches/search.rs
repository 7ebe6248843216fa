//! Search speed: `cargo bench --bench search`, reported as nodes (positions
//! visited, quiescence included) per second.

use divan::{black_box, Bencher};
use duckchess::engine::search::{best_of, Limits};
use duckchess::variants::chess;
use std::sync::atomic::AtomicBool;

fn main() {
    divan::main();
}

/// The chess start searched to a fixed depth: the node count is the same
/// on every run, so it is measured once and divan divides by the time.
#[divan::bench(args = [4, 5], sample_count = 5, sample_size = 1)]
fn chess_start(bencher: Bencher, depth: u32) {
    let start = chess::start();
    let stop = AtomicBool::new(false);
    let nodes = best_of(&start, &[], Limits::depth(depth), &stop)
        .expect("the start has moves")
        .nodes;
    bencher
        .counter(divan::counter::ItemsCount::new(nodes))
        .bench(|| best_of(black_box(&start), &[], Limits::depth(depth), &stop));
}

/// A middle game with every kind of piece and tactics on the board.
#[divan::bench(sample_count = 5, sample_size = 1)]
fn chess_middle_game_depth_5(bencher: Bencher) {
    let position =
        chess::from_fen("r1bq1rk1/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R1BQ1RK1 w - - 0 8")
            .expect("a valid FEN");
    let stop = AtomicBool::new(false);
    let nodes = best_of(&position, &[], Limits::depth(5), &stop)
        .expect("the position has moves")
        .nodes;
    bencher
        .counter(divan::counter::ItemsCount::new(nodes))
        .bench(|| best_of(black_box(&position), &[], Limits::depth(5), &stop));
}
