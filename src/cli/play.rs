//! `duckchess play`: the terminal game.

use super::{fail, position, ColorArgs};
use duckchess::duck::{search, Color};
use duckchess::play::{self, Options, Vs};
use std::io::{self, IsTerminal};
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// Who plays the other side.
    #[arg(long, value_enum, default_value_t = Vs::Computer)]
    vs: Vs,
    /// The side the computer plays.
    #[arg(long, value_parser = parse_color, default_value = "blue")]
    computer: Color,
    /// How many plies the computer looks ahead (more is stronger and slower).
    #[arg(long, default_value_t = search::DEFAULT_DEPTH,
          value_parser = clap::value_parser!(u32).range(1..=12))]
    depth: u32,
    /// Start from this position (FEN, or `start`).
    #[arg(long, value_name = "FEN")]
    from: Option<String>,
    #[command(flatten)]
    color: ColorArgs,
}

pub fn run(args: Args) -> Result<ExitCode, ExitCode> {
    let start = position(args.from.as_deref())?;
    if !io::stdout().is_terminal() {
        return Err(fail(2, "play needs a terminal: standard output is not one"));
    }
    let options = Options {
        vs: args.vs,
        computer: args.computer,
        depth: args.depth,
        start,
        ..Options::default()
    };
    match play::tui::run(play::Game::new(options), args.color.color.for_stdout()) {
        Ok(()) => Ok(ExitCode::SUCCESS),
        Err(e) => Err(fail(1, &format!("terminal error: {e}"))),
    }
}

fn parse_color(text: &str) -> Result<Color, String> {
    Color::ALL
        .into_iter()
        .find(|c| c.name() == text)
        .ok_or_else(|| format!("expected red or blue, not {text:?}"))
}
