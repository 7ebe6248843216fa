//! Counts Fourfold perft from a setup's start, for the release script:
//! `cargo run --release --example fourfold_perft -- classic 5`.

use duckchess::kernel::perft;
use duckchess::variants::fourfold::{start, Army};
use std::process::ExitCode;
use std::time::Instant;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let army = match args.first().map(String::as_str) {
        Some("classic") => Army::Classic,
        Some("full") => Army::Full,
        _ => {
            eprintln!("usage: fourfold_perft classic|full DEPTH");
            return ExitCode::from(2);
        }
    };
    let Some(depth) = args.get(1).and_then(|d| d.parse().ok()) else {
        eprintln!("usage: fourfold_perft classic|full DEPTH (a number)");
        return ExitCode::from(2);
    };
    let clock = Instant::now();
    let nodes = perft(&start(army), depth);
    eprintln!("{:.2} s", clock.elapsed().as_secs_f64());
    println!("{nodes}");
    ExitCode::SUCCESS
}
