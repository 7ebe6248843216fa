//! `duckchess test DIR -- PROGRAM`: a contest solution on a folder of tests.

use super::check::{program_or_hint, tally_line};
use super::{fail, say, usage};
use duckchess::contest::check::{plural, stderr_block, Verdict};
use duckchess::contest::test_dir;
use std::collections::BTreeMap;
use std::ffi::OsString;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

pub const EXIT_CODES: &str = "\
Examples:
  duckchess gen --seed 1 --count 3 --out tests && duckchess test tests -- ./solution

Exit codes:
  0  every test passed
  1  a test failed
  2  usage error, no test in DIR, a test file cannot be read, or PROGRAM
     cannot be started";

#[derive(clap::Args)]
pub struct Args {
    /// The folder of tests: every X.in with an X.ans beside it.
    dir: PathBuf,
    /// Time limit of one run, in milliseconds.
    #[arg(long, default_value_t = 2000)]
    timeout_ms: u64,
    /// A program given without `--` before it: refused with a hint.
    #[arg(hide = true, num_args = 0.., allow_hyphen_values = true)]
    stray: Vec<OsString>,
    /// The program under test and its arguments.
    #[arg(last = true, value_name = "PROGRAM")]
    program: Vec<OsString>,
}

pub fn run(args: Args) -> Result<ExitCode, ExitCode> {
    let result = run_tests(args);
    // Every run is over: whatever left its session and is still about
    // was started by one of them.
    duckchess::contest::runner::kill_strays();
    result
}

fn run_tests(mut args: Args) -> Result<ExitCode, ExitCode> {
    let program = program_or_hint(
        "test",
        &format!("{} ", args.dir.display()),
        &args.stray,
        std::mem::take(&mut args.program),
    )?;
    let folder = test_dir::cases(&args.dir).map_err(|e| {
        usage(format!(
            "cannot read the folder {}: {e}",
            args.dir.display()
        ))
    })?;
    for input in &folder.unanswered {
        say!("skipped {}: no answer file beside it", input.display());
    }
    if folder.cases.is_empty() {
        return Err(usage(format!(
            "no test in {}: no X.in with an X.ans beside it",
            args.dir.display()
        )));
    }
    let timeout = Duration::from_millis(args.timeout_ms);
    let width = folder.cases.iter().map(|c| c.name.len()).max().unwrap_or(0);
    let mut tally: BTreeMap<&str, usize> = BTreeMap::new();
    for case in &folder.cases {
        let result = test_dir::run(&program, case, timeout).map_err(|e| fail(2, &e.to_string()))?;
        let v = &result.verdict;
        say!(
            "{:<width$}  {:>5.2} s  {}",
            case.name,
            result.elapsed.as_secs_f64(),
            v.describe()
        );
        match v {
            Verdict::WrongAnswer(d) => {
                say!("    expected ({}):", case.answer.display());
                for line in test_dir::context(&result.expected, d.line) {
                    say!("      {line}");
                }
                say!("    found:");
                for line in test_dir::context(&result.output, d.line) {
                    say!("      {line}");
                }
            }
            Verdict::RuntimeError { .. } => {
                for line in stderr_block(&result.stderr).lines() {
                    say!("    {line}");
                }
            }
            _ => {}
        }
        *tally.entry(v.kind()).or_default() += 1;
    }
    let count = |k: &str| tally.get(k).copied().unwrap_or(0);
    say!(
        "{}: {}",
        plural(folder.cases.len() as u64, "test"),
        tally_line(count)
    );
    Ok(if count("OK") == folder.cases.len() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
