//! `duckchess validate FILE`: a strict input validator, in testlib's
//! conventions for validators.

use super::open_path;
use duckchess::contest::testlib::{Judgement, Outcome};
use duckchess::contest::validate;
use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

pub const EXIT_CODES: &str = "Examples:\n  duckchess validate judge.in\n\nExit codes (testlib's):\n  0  valid (`ok Q commands` on standard error)\n  3  invalid (`FAIL line N: what` on standard error), an unreadable file or a usage error";

#[derive(clap::Args)]
pub struct Args {
    /// The input (`-`: standard input).
    file: PathBuf,
    /// Largest Q allowed.
    #[arg(long, default_value_t = validate::CONTEST_MAX_Q)]
    max_q: u64,
}

pub fn run(args: Args) -> Result<ExitCode, ExitCode> {
    // A testlib validator's every complaint is its `FAIL` (exit 3): the
    // judge treats any other non-zero code as the validator crashing.
    let judgement = match open_path(Some(&args.file)) {
        Err(e) => Judgement::new(
            Outcome::Fail,
            format!("cannot open {}: {e}", args.file.display()),
        ),
        Ok(input) => match validate::validate(input, args.max_q) {
            Ok(q) => Judgement::new(Outcome::Ok, format!("{q} commands")),
            Err(e) => Judgement::new(Outcome::Fail, e.to_string()),
        },
    };
    let _ = write!(io::stderr(), "{judgement}");
    Ok(ExitCode::from(judgement.outcome.exit_code()))
}
