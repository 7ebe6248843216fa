//! `duckchess answer X.in…`: the judge answer X.ans beside each input.

use super::{fail, say};
use duckchess::contest::answer;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// Judge inputs, named X.in.
    #[arg(required = true)]
    files: Vec<PathBuf>,
}

pub fn run(args: Args) -> Result<ExitCode, ExitCode> {
    let mut code = ExitCode::SUCCESS;
    for file in &args.files {
        match answer::write_answer(file) {
            Ok(ans) => say!("{}", ans.display()),
            Err(e) => code = fail(1, &e.to_string()),
        }
    }
    Ok(code)
}
