//! `duckchess perft DEPTH`: move-path counting.

use super::{position, print};
use duckchess::duck::{perft, Command};
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// Sequence length.
    depth: u32,
    /// Start from this position (FEN, or `start`).
    #[arg(long, value_name = "FEN")]
    from: Option<String>,
    /// Print each first move `xs ys xt yt: count`, then the total alone.
    #[arg(long)]
    divide: bool,
    /// Threads to count with.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..))]
    threads: u16,
}

pub fn run(args: Args) -> Result<ExitCode, ExitCode> {
    let game = position(args.from.as_deref())?;
    let parts = perft::divide(&game, args.depth, args.threads.into());
    let total: u64 = if args.depth == 0 {
        1
    } else {
        parts.iter().map(|p| p.1).sum()
    };
    let mut text = String::new();
    if args.divide {
        for (m, n) in &parts {
            text += &format!("{}: {n}\n", Command::from(*m));
        }
    }
    text += &format!("{total}\n");
    print(text)
}
