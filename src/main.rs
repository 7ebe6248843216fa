//! The `duckchess` command line: argument parsing and printing only; all the
//! work is done by the library.

use clap::{Parser, Subcommand};
use duckchess::judge::{self, JudgeError};
use duckchess::Position;
use std::io::{self, BufReader, Write};
use std::path::PathBuf;
use std::process::ExitCode;

const EXIT_CODES: &str = "\
Exit codes:
  0  success
  1  a file could not be read or the output could not be written
  2  malformed input (after every verdict before it was written) or a usage error";

/// Judge-exact simulator for Duck Chess (THUPC 2019 \"duckchess\", Luogu P5380, LOJ 6619).
///
/// With no subcommand, reads a judge input (Q, then Q lines `xs ys xt yt`)
/// from FILE or standard input and prints exactly the judge output.
#[derive(Parser)]
#[command(version, after_help = EXIT_CODES, args_conflicts_with_subcommands = true)]
struct Cli {
    /// Judge input file; standard input when absent.
    file: Option<PathBuf>,

    #[command(subcommand)]
    command: Option<Cmd>,
}

#[derive(Subcommand)]
enum Cmd {
    /// Judge mode, spelled out: the same as giving no subcommand.
    Judge {
        /// Judge input file; standard input when absent.
        file: Option<PathBuf>,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        None => judge_mode(cli.file),
        Some(Cmd::Judge { file }) => judge_mode(file),
    }
}

fn judge_mode(file: Option<PathBuf>) -> ExitCode {
    let stdout = io::stdout().lock();
    let result = match &file {
        Some(path) => match std::fs::File::open(path) {
            Ok(f) => judge::run(
                BufReader::with_capacity(1 << 16, f),
                stdout,
                Position::initial(),
            ),
            Err(e) => return fail(1, &format!("cannot open {}: {e}", path.display())),
        },
        None => judge::run(io::stdin().lock(), stdout, Position::initial()),
    };
    match result {
        Ok(_) => ExitCode::SUCCESS,
        // A reader that stopped listening (`| head`) is not an error.
        Err(JudgeError::Write(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e @ JudgeError::Malformed { .. }) => fail(2, &e.to_string()),
        Err(e) => fail(1, &e.to_string()),
    }
}

fn fail(code: u8, message: &str) -> ExitCode {
    let _ = writeln!(io::stderr(), "duckchess: {message}");
    ExitCode::from(code)
}
