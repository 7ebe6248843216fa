//! `duckchess verify INPUT OUTPUT [ANSWER [REPORT [-appes]]]`: a testlib
//! checker.

use duckchess::contest::testlib::{Judgement, Outcome};
use duckchess::contest::verify::{self, VerifyError};
use std::fs::File;
use std::io::{self, BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

pub const EXIT_CODES: &str = "Examples:\n  duckchess verify 01.in contestant.out\n  duckchess verify 01.in contestant.out 01.ans report.txt   # as a testlib checker\n\nExit codes (testlib's):\n  0  ok\n  1  wrong answer\n  2  presentation error (line count, a malformed line)\n  3  fail (bad INPUT, unreadable file, ANSWER disagrees, REPORT not written, usage)\n\nThe message goes to standard error (`ok 18 lines`, `wrong answer …`,\n`wrong output format …`, `FAIL …`) and, when REPORT is given, to that file\n(with -appes, as testlib's XML).";

#[derive(clap::Args)]
pub struct Args {
    /// The judge input (`-`: standard input).
    input: PathBuf,
    /// The contestant's output (`-`: standard input).
    output: PathBuf,
    /// The jury's answer (`-`: standard input).
    answer: Option<PathBuf>,
    /// A file to write the message to, as judges that call testlib
    /// checkers pass it.
    report: Option<PathBuf>,
    /// `-appes`: the report file in testlib's XML form.
    #[arg(allow_hyphen_values = true, value_name = "-appes")]
    appes: Option<String>,
}

/// A file, or standard input for `-`.
fn open(path: &Path) -> Result<Box<dyn BufRead>, Judgement> {
    if path == Path::new("-") {
        return Ok(Box::new(io::stdin().lock()));
    }
    File::open(path)
        .map(|f| Box::new(BufReader::with_capacity(1 << 16, f)) as Box<dyn BufRead>)
        .map_err(|e| {
            Judgement::new(
                Outcome::Fail,
                format!("cannot read {}: {e}", path.display()),
            )
        })
}

/// The checker's judgement of the files `args` names.
fn judge(args: &Args) -> Judgement {
    let paths = [Some(&args.input), Some(&args.output), args.answer.as_ref()];
    if paths
        .iter()
        .flatten()
        .filter(|p| p.as_os_str() == "-")
        .count()
        > 1
    {
        return Judgement::new(
            Outcome::Fail,
            "only one of INPUT, OUTPUT and ANSWER can be standard input (-)",
        );
    }
    let files = (|| {
        Ok::<_, Judgement>((
            open(&args.input)?,
            open(&args.output)?,
            args.answer.as_deref().map(open).transpose()?,
        ))
    })();
    let (input, output, answer) = match files {
        Ok(f) => f,
        Err(j) => return j,
    };
    match verify::verify_streams(input, output, answer) {
        Ok(report) => report.judgement(),
        Err(VerifyError::Input(e)) => Judgement::new(
            Outcome::Fail,
            format!("INPUT {}: {e}", args.input.display()),
        ),
        Err(e) => Judgement::new(Outcome::Fail, e.to_string()),
    }
}

pub fn run(args: Args) -> Result<ExitCode, ExitCode> {
    let xml = match args.appes.as_deref() {
        None => false,
        Some("-appes") => true,
        Some(other) => {
            let j = Judgement::new(
                Outcome::Fail,
                format!("the argument after REPORT can only be -appes, not {other:?}"),
            );
            let _ = write!(io::stderr(), "{j}");
            return Ok(ExitCode::from(j.outcome.exit_code()));
        }
    };
    let mut judgement = judge(&args);
    if let Some(report) = &args.report {
        if let Err(e) = std::fs::write(report, judgement.report(xml)) {
            judgement = Judgement::new(
                Outcome::Fail,
                format!("cannot write REPORT {}: {e}", report.display()),
            );
        }
    }
    let _ = write!(io::stderr(), "{judgement}");
    Ok(ExitCode::from(judgement.outcome.exit_code()))
}
