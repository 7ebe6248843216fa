//! `duckchess verify INPUT OUTPUT [ANSWER]`: a testlib-style checker.

use super::{say, say_raw};
use duckchess::contest::verify::{self, VerifyError};
use std::fs::File;
use std::io::{self, BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

pub const EXIT_CODES: &str = "Exit codes:\n  0  ok\n  1  wrong answer\n  2  presentation error (line count, a malformed line)\n  3  internal failure (bad INPUT, unreadable file, ANSWER disagrees, usage)";

#[derive(clap::Args)]
pub struct Args {
    /// The judge input (`-`: standard input).
    input: PathBuf,
    /// The contestant's output (`-`: standard input).
    output: PathBuf,
    /// The jury's answer (`-`: standard input).
    answer: Option<PathBuf>,
}

/// A file, or standard input for `-`.
fn open(path: &Path) -> Result<Box<dyn BufRead>, String> {
    if path == Path::new("-") {
        return Ok(Box::new(io::stdin().lock()));
    }
    File::open(path)
        .map(|f| Box::new(BufReader::with_capacity(1 << 16, f)) as Box<dyn BufRead>)
        .map_err(|e| format!("fail: cannot read {}: {e}", path.display()))
}

pub fn run(args: Args) -> Result<ExitCode, ExitCode> {
    let paths = [Some(&args.input), Some(&args.output), args.answer.as_ref()];
    if paths
        .iter()
        .flatten()
        .filter(|p| p.as_os_str() == "-")
        .count()
        > 1
    {
        say!("fail: only one of INPUT, OUTPUT and ANSWER can be standard input (-)");
        return Ok(ExitCode::from(3));
    }
    let files = (|| {
        Ok::<_, String>((
            open(&args.input)?,
            open(&args.output)?,
            args.answer.as_deref().map(open).transpose()?,
        ))
    })();
    let (input, output, answer) = match files {
        Ok(f) => f,
        Err(message) => {
            say!("{message}");
            return Ok(ExitCode::from(3));
        }
    };
    Ok(match verify::verify_streams(input, output, answer) {
        Ok(report) => {
            say_raw!("{report}");
            ExitCode::from(report.exit_code())
        }
        Err(VerifyError::Input(e)) => {
            say!("fail: INPUT {}: {e}", args.input.display());
            ExitCode::from(3)
        }
        Err(e) => {
            say!("fail: {e}");
            ExitCode::from(3)
        }
    })
}
