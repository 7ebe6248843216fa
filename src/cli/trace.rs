//! `duckchess trace`: every verdict explained.

use super::{finish, open_input, ColorArgs, InputArgs};
use duckchess::variants::duck::trace;
use duckchess::variants::picture::Style;
use std::io;
use std::process::ExitCode;

const EXAMPLES: &str = "\
Examples:
  duckchess trace judge.in                    # each command, its verdict and why
  duckchess trace --board judge.in            # the board after every valid move";

#[derive(clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    #[command(flatten)]
    input: InputArgs,
    /// Draw the board at the start and after every valid move.
    #[arg(long)]
    board: bool,
    /// Print the position as FEN at the start and after every command.
    #[arg(long)]
    fen: bool,
    /// How the board draws pieces.
    #[arg(long, value_enum, default_value_t)]
    style: Style,
    #[command(flatten)]
    color: ColorArgs,
}

pub fn run(args: Args) -> Result<ExitCode, ExitCode> {
    let game = args.input.start()?;
    let options = trace::Options {
        board: args.board,
        fen: args.fen,
        style: args.style,
        color: args.color.color.for_stdout(),
    };
    let input = open_input(args.input.file.as_deref())?;
    Ok(finish(trace::run(
        input,
        io::stdout().lock(),
        game,
        &options,
    )))
}
