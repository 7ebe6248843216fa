//! Perft divide for a chess FEN on the generic kernel, in the format of
//! `python-chess`/Stockfish's `go perft`: `cargo run --release --example
//! kernel_divide -- DEPTH FEN`.

use duckchess::kernel::divide;
use duckchess::variants::chess::{from_fen, uci};

fn main() {
    let mut args = std::env::args().skip(1);
    let depth: u32 = args
        .next()
        .and_then(|d| d.parse().ok())
        .expect("usage: kernel_divide DEPTH FEN");
    let fen = args.collect::<Vec<_>>().join(" ");
    let position = from_fen(&fen).unwrap_or_else(|e| panic!("{e}"));
    let mut total = 0;
    let mut lines: Vec<(String, u64)> = divide(&position, depth)
        .into_iter()
        .map(|(m, n)| (uci(m), n))
        .collect();
    lines.sort();
    for (m, n) in lines {
        println!("{m}: {n}");
        total += n;
    }
    println!("total {total}");
}
