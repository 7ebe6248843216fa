//! Chess perft on the generic kernel with its time: `cargo run --release
//! --example kernel_perft -- DEPTH [FEN]` (the start position by default).

use duckchess::kernel::perft;
use duckchess::variants::chess::{from_fen, START_FEN};
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let depth: u32 = args
        .next()
        .and_then(|d| d.parse().ok())
        .expect("usage: kernel_perft DEPTH [FEN]");
    let fen = args.collect::<Vec<_>>().join(" ");
    let fen = if fen.is_empty() {
        START_FEN.to_string()
    } else {
        fen
    };
    let position = from_fen(&fen).unwrap_or_else(|e| panic!("{e}"));
    let started = Instant::now();
    let nodes = perft(&position, depth);
    let seconds = started.elapsed().as_secs_f64();
    println!("{nodes}");
    eprintln!(
        "perft({depth}) = {nodes} in {seconds:.3} s ({:.1} M nodes/s)",
        nodes as f64 / seconds / 1e6
    );
}
