//! `duckchess [judge] [FILE]`: the judge's output, byte for byte.

use super::{finish, open_input, InputArgs};
use duckchess::judge;
use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    input: InputArgs,
}

/// What bare `duckchess` says on a terminal, where a judge never runs it:
/// otherwise it would wait, without a word, for a judge input typed in.
const FIRST_STEPS: &str = "\
duckchess: no judge input: give a file, pipe one in, or name a command
  duckchess samples/official.in    judge a Duck Chess judge input (or `-` to type one)
  duckchess play                   play a game in the terminal
  duckchess variants               the games
  duckchess --help                 every command
";

pub fn run(args: Args) -> Result<ExitCode, ExitCode> {
    let game = args.input.start()?;
    if args.input.file.is_none() && io::stdin().is_terminal() {
        let _ = io::stderr().write_all(FIRST_STEPS.as_bytes());
        return Err(ExitCode::from(2));
    }
    let input = open_input(args.input.file.as_deref())?;
    Ok(finish(judge::run(input, io::stdout().lock(), game)))
}
