//! `duckchess show FEN`: the board of a position.

use super::{point, position, print, ColorArgs};
use duckchess::duck::picture::{Picture, Style};
use duckchess::duck::trace;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// The position: FEN (quoted, or its fields as separate words) or
    /// `start`.
    #[arg(required = true, num_args = 1..)]
    fen: Vec<String>,
    /// How the board draws pieces.
    #[arg(long, value_enum, default_value_t)]
    style: Style,
    /// Mark every point the piece on X,Y can reach.
    #[arg(long, value_name = "X,Y", allow_hyphen_values = true)]
    highlight: Option<String>,
    #[command(flatten)]
    color: ColorArgs,
}

pub fn run(args: Args) -> Result<ExitCode, ExitCode> {
    let game = position(Some(&args.fen.join(" ")))?;
    let mut picture = Picture::new(game.board())
        .style(args.style)
        .color(args.color.color.for_stdout());
    if let Some(at) = args.highlight {
        picture = picture.reach(&game, point(&at)?);
    }
    let mut text = format!("{picture}{} to move\n", game.turn());
    for note in trace::checks(&game) {
        text += &format!("{note}\n");
    }
    print(text)
}
