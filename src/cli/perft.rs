//! `duckchess perft DEPTH [POSITION]`: move-path counting in any game.

use super::{print, GameArgs};
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// Path length, in plies.
    depth: u32,
    #[command(flatten)]
    game: GameArgs,
    /// Print each first move `<move>: count` in coordinates (`xs ys xt yt`
    /// in Duck Chess, UCI in chess), then the total alone.
    #[arg(long)]
    divide: bool,
    /// Threads to count with.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..))]
    threads: u16,
}

pub fn run(args: Args) -> Result<ExitCode, ExitCode> {
    let (notation, game) = args.game.game()?;
    let position = game.position();
    let parts = notation.divide(position, args.depth, args.threads.into());
    let total: u64 = if args.depth == 0 {
        1
    } else {
        parts.iter().map(|p| p.1).sum()
    };
    let mut text = String::new();
    if args.divide {
        for (m, n) in &parts {
            text += &format!("{}: {n}\n", notation.coordinate_move(position, *m));
        }
    }
    text += &format!("{total}\n");
    print(text)
}
