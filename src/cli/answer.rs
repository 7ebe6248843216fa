//! `duckchess answer X.in…`: the judge answer X.ans beside each input.

use super::{fail, say, usage};
use duckchess::contest::answer::{self, AnswerError};
use duckchess::judge::JudgeError;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// Judge inputs, named X.in (not `-`: the answer is written beside
    /// its input; `duckchess judge -` answers standard input).
    #[arg(required = true)]
    files: Vec<PathBuf>,
}

pub fn run(args: Args) -> Result<ExitCode, ExitCode> {
    if args.files.iter().any(|f| f.as_os_str() == "-") {
        return Err(usage(
            "answer writes X.ans beside each X.in, so it needs files, not - \
             (to answer standard input, use: duckchess judge -)"
                .into(),
        ));
    }
    let mut code = ExitCode::SUCCESS;
    for file in &args.files {
        match answer::write_answer(file) {
            Ok(ans) => say!("{}", ans.display()),
            Err(e) => code = fail(exit_code(&e), &e.to_string()),
        }
    }
    Ok(code)
}

/// As judge mode says it: 2 for text at fault (a malformed input, a name
/// that is not `X.in`), 1 for a file that cannot be read or written.
fn exit_code(e: &AnswerError) -> u8 {
    match e {
        AnswerError::NotAnInput(_)
        | AnswerError::Judge {
            source: JudgeError::Malformed { .. },
            ..
        } => 2,
        _ => 1,
    }
}
