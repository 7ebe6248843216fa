//! Chess perft on shakmaty, the yardstick the kernel is measured against:
//! `cargo run --release --example shakmaty_perft -- DEPTH [FEN]` (the start
//! position by default). Prints the count as `kernel_perft` does.

use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess};
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let depth: u32 = args
        .next()
        .and_then(|d| d.parse().ok())
        .expect("usage: shakmaty_perft DEPTH [FEN]");
    let fen = args.collect::<Vec<_>>().join(" ");
    let position: Chess = if fen.is_empty() {
        Chess::default()
    } else {
        let fen: Fen = fen.parse().unwrap_or_else(|e| panic!("{e}"));
        fen.into_position(CastlingMode::Standard)
            .unwrap_or_else(|e| panic!("{e}"))
    };
    let started = Instant::now();
    let nodes = shakmaty::perft(&position, depth);
    let seconds = started.elapsed().as_secs_f64();
    println!("{nodes}");
    eprintln!(
        "perft({depth}) = {nodes} in {seconds:.3} s ({:.1} M nodes/s)",
        nodes as f64 / seconds / 1e6
    );
}
