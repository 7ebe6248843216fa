//! `duckchess mate`: the cube puzzle's answers, one a line.

use super::{fail, open_input};
use duckchess::variants::cube::mate::{self, MateError};
use std::io;
use std::path::PathBuf;
use std::process::ExitCode;

const EXAMPLES: &str = "\
Examples:
  echo 'n = 2, [rq,##],[##,K#]' | duckchess mate   # true
  duckchess mate puzzles.txt                  # one answer a line";

#[derive(clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// Positions, one a line; standard input when absent or `-`.
    file: Option<PathBuf>,
    /// Say why under each answer: the checking pieces, what covers each
    /// king flight, why each capture or block fails, or the moves that
    /// save the king; stalemate is named as such.
    #[arg(long)]
    explain: bool,
    /// The game: the checkmate puzzle is the cube's, so only `cube`.
    #[arg(long, value_name = "NAME")]
    variant: Option<String>,
}

pub fn run(args: Args) -> Result<ExitCode, ExitCode> {
    super::only_variant(
        args.variant.as_deref(),
        "cube",
        "the checkmate puzzle is the cube's",
    )?;
    let file = args.file.filter(|f| f.as_os_str() != "-");
    let input = open_input(file.as_deref())?;
    Ok(match mate::run(input, io::stdout().lock(), args.explain) {
        Ok(_) => ExitCode::SUCCESS,
        // A reader that stopped listening (`| head`) is not an error.
        Err(MateError::Write(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e @ MateError::Line { .. }) => fail(2, &e.to_string()),
        Err(MateError::Input(e)) if e.is_malformed() => fail(2, &e.to_string()),
        Err(e) => fail(1, &e.to_string()),
    })
}
