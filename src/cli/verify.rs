//! `duckchess verify INPUT OUTPUT [ANSWER]`: a testlib-style checker.

use super::{say, say_raw};
use duckchess::contest::verify;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

pub const EXIT_CODES: &str = "Exit codes:\n  0  ok\n  1  wrong answer\n  2  presentation error (line count, a malformed line)\n  3  internal failure (bad INPUT, unreadable file, ANSWER disagrees, usage)";

#[derive(clap::Args)]
pub struct Args {
    /// The judge input.
    input: PathBuf,
    /// The contestant's output.
    output: PathBuf,
    /// The jury's answer.
    answer: Option<PathBuf>,
}

pub fn run(args: Args) -> Result<ExitCode, ExitCode> {
    let read =
        |p: &Path| std::fs::read(p).map_err(|e| format!("fail: cannot read {}: {e}", p.display()));
    let files = (|| {
        Ok::<_, String>((
            read(&args.input)?,
            read(&args.output)?,
            args.answer.as_deref().map(read).transpose()?,
        ))
    })();
    let (input_bytes, output_bytes, answer_bytes) = match files {
        Ok(f) => f,
        Err(message) => {
            say!("{message}");
            return Ok(ExitCode::from(3));
        }
    };
    Ok(
        match verify::verify_files(&input_bytes, &output_bytes, answer_bytes.as_deref()) {
            Ok(report) => {
                say_raw!("{report}");
                ExitCode::from(report.exit_code())
            }
            Err(e) => {
                say!("fail: INPUT {}: {e}", args.input.display());
                ExitCode::from(3)
            }
        },
    )
}
