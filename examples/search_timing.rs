//! How long the computer takes to answer: plays the computer against itself
//! from the initial layout and prints the time of every search.
//!
//! `cargo run --release --example search_timing -- [DEPTH] [PLIES]`

use duckchess::duck::{search, Command, Position};
use std::time::{Duration, Instant};

fn main() {
    let mut args = std::env::args().skip(1);
    let depth: u32 = args
        .next()
        .and_then(|a| a.parse().ok())
        .unwrap_or(search::DEFAULT_DEPTH);
    let plies: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(60);
    let mut game = Position::initial();
    let mut times = Vec::new();
    for ply in 1..=plies {
        let start = Instant::now();
        let Some(choice) = search::choose(&game, depth) else {
            break;
        };
        let took = start.elapsed();
        times.push(took);
        let record = game
            .play(Command::from(choice.best))
            .expect("the search plays valid moves");
        println!(
            "{ply:>3} {:<8} {record:<36} {:>9} nodes {:>7.3} s",
            Command::from(choice.best).to_string(),
            choice.nodes,
            took.as_secs_f64()
        );
        if game.is_over() {
            break;
        }
    }
    let total: Duration = times.iter().sum();
    let max = times.iter().max().copied().unwrap_or_default();
    let mut sorted = times.clone();
    sorted.sort();
    let median = sorted.get(sorted.len() / 2).copied().unwrap_or_default();
    println!(
        "depth {depth}: {} searches, mean {:.3} s, median {:.3} s, max {:.3} s",
        times.len(),
        total.as_secs_f64() / times.len().max(1) as f64,
        median.as_secs_f64(),
        max.as_secs_f64()
    );
}
