//! `duckchess moves FEN`: every valid command of the side to move.

use super::{point, position, print};
use duckchess::duck::Command;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// The position: FEN (quoted, or its fields as separate words) or
    /// `start`.
    #[arg(required = true, num_args = 1..)]
    fen: Vec<String>,
    /// Only the commands that move the piece on X,Y.
    #[arg(long, value_name = "X,Y", allow_hyphen_values = true)]
    at: Option<String>,
}

pub fn run(args: Args) -> Result<ExitCode, ExitCode> {
    let game = position(Some(&args.fen.join(" ")))?;
    let at = args.at.map(|p| point(&p)).transpose()?;
    let mut text = String::new();
    game.for_each_move(|m| {
        if at.is_none_or(|p| p == m.from) {
            text += &format!("{}\n", Command::from(m));
        }
    });
    print(text)
}
