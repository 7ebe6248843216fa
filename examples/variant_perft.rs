//! Perft of any registered game on the generic kernel, from its start, with
//! its time: `cargo run --release --example variant_perft -- NAME DEPTH`.
//! Unlike `duckchess perft`, Duck Chess is counted by the kernel too (not
//! the judge's fast engine), so the kernel's speed shows for every game.

use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let usage = "usage: variant_perft NAME DEPTH";
    let name = args.next().expect(usage);
    let depth: u32 = args.next().and_then(|d| d.parse().ok()).expect(usage);
    let game = duckchess::variants::by_name(&name).unwrap_or_else(|| panic!("no game {name:?}"));
    let start = game.start();
    let started = Instant::now();
    let nodes = start.perft(depth);
    let seconds = started.elapsed().as_secs_f64();
    println!("{nodes}");
    eprintln!(
        "{name} perft({depth}) = {nodes} in {seconds:.3} s ({:.1} M nodes/s)",
        nodes as f64 / seconds / 1e6
    );
}
