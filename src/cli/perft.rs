//! `duckchess perft DEPTH`: move-path counting.

use super::{game_line, position, print, VariantArg};
use duckchess::duck::{perft, Command};
use duckchess::variants;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// Sequence length.
    depth: u32,
    /// Start from this position (FEN, or `start`; for a kernel variant
    /// optionally followed by `moves` and moves).
    #[arg(long, value_name = "POSITION")]
    from: Option<String>,
    /// Print each first move `<move>: count` (`xs ys xt yt` in Duck Chess,
    /// coordinates such as UCI in a kernel variant), then the total alone.
    #[arg(long)]
    divide: bool,
    /// Threads to count with.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..))]
    threads: u16,
    #[command(flatten)]
    variant: VariantArg,
}

pub fn run(args: Args) -> Result<ExitCode, ExitCode> {
    let (parts, names): (Vec<u64>, Vec<String>) = match args.variant.notation()? {
        None => {
            let game = position(args.from.as_deref())?;
            perft::divide(&game, args.depth, args.threads.into())
                .into_iter()
                .map(|(m, n)| (n, Command::from(m).to_string()))
                .unzip()
        }
        Some(notation) => {
            let game = game_line(notation, args.from.as_deref().unwrap_or("start"))?;
            let position = game.position();
            variants::perft::divide(position, args.depth, args.threads.into())
                .into_iter()
                .map(|(m, n)| (n, notation.coordinate_move(position, m)))
                .unzip()
        }
    };
    let total: u64 = if args.depth == 0 {
        1
    } else {
        parts.iter().sum()
    };
    let mut text = String::new();
    if args.divide {
        for (name, n) in names.iter().zip(&parts) {
            text += &format!("{name}: {n}\n");
        }
    }
    text += &format!("{total}\n");
    print(text)
}
