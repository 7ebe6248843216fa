//! `duckchess [judge] [FILE]`: the judge's output, byte for byte.

use super::{finish, open_input, InputArgs};
use duckchess::duck::judge;
use std::io;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    input: InputArgs,
}

pub fn run(args: Args) -> Result<ExitCode, ExitCode> {
    let game = args.input.start()?;
    let input = open_input(args.input.file.as_deref())?;
    Ok(finish(judge::run(input, io::stdout().lock(), game)))
}
