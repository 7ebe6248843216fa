//! `duckchess validate FILE`: a strict input validator.

use super::{fail, open_path, say};
use duckchess::contest::validate;
use std::path::PathBuf;
use std::process::ExitCode;

pub const EXIT_CODES: &str =
    "Exit codes:\n  0  valid\n  1  invalid (line N: what)\n  2  unreadable file or usage error";

#[derive(clap::Args)]
pub struct Args {
    /// The input (`-`: standard input).
    file: PathBuf,
    /// Largest Q allowed.
    #[arg(long, default_value_t = validate::CONTEST_MAX_Q)]
    max_q: u64,
}

pub fn run(args: Args) -> Result<ExitCode, ExitCode> {
    let input = open_path(Some(&args.file))
        .map_err(|e| fail(2, &format!("cannot open {}: {e}", args.file.display())))?;
    Ok(match validate::validate(input, args.max_q) {
        Ok(q) => {
            say!("ok {q} commands");
            ExitCode::SUCCESS
        }
        Err(validate::ValidateError::Invalid(e)) => {
            say!("{e}");
            ExitCode::from(1)
        }
        Err(e) => fail(2, &e.to_string()),
    })
}
