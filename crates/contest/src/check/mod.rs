//! Differential checking of a contest solution against the simulator:
//! generated cases run in parallel, verdicts (OK, WA, RE, TLE, OLE), and
//! shrinking of a failing case to a minimal one ([`shrink`]), explained
//! on the board (`render`).
//!
//! Any list of commands is a valid input: a deleted move may change whose
//! turn it is, and the simulator simply gives the new expected answer.

mod render;
mod shrink;

pub use render::{escape_controls, stderr_block};
pub use shrink::{shrink, Shrunk};

use crate::files;
use crate::gen::{self, Profile};
use crate::judge::{self, Command, Position};
use crate::runner::{self, Ending, Limits, Run};
use crate::verify::{self, Difference};
use std::ffi::OsString;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::thread;
use std::time::Duration;

/// What to check and how.
#[derive(Clone, Debug)]
pub struct Config {
    /// The program under test and its arguments.
    pub program: Vec<OsString>,
    /// Cases to run; case `i` uses seed `seed + i`.
    pub cases: u64,
    /// Seed of the first case.
    pub seed: u64,
    /// Commands per case.
    pub commands: usize,
    /// Kind of game generated.
    pub profile: Profile,
    /// Programs run at once.
    pub jobs: usize,
    /// Time limit of one run.
    pub timeout: Duration,
    /// Run every case even after a failure, for a tally; otherwise the
    /// check stops at the first failure.
    pub keep_going: bool,
    /// Time for shrinking a failure: no run is started after it, and the
    /// smallest failing input found by then is kept.
    pub shrink_budget: Duration,
}

/// The verdict of one run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The output matches the simulator's.
    Ok,
    /// The first differing line.
    WrongAnswer(Difference),
    /// Non-zero exit or killed by a signal: how, and the lines written.
    RuntimeError {
        /// `exit code 1`, `signal 11`, …
        status: String,
        /// Complete lines written before.
        lines: usize,
    },
    /// Killed at the time limit.
    TimeLimit(Duration),
    /// Killed when the output passed this many bytes.
    OutputLimit(usize),
}

impl Verdict {
    /// Every short name, in the order a tally lists them.
    pub const KINDS: [&'static str; 5] = ["OK", "WA", "RE", "TLE", "OLE"];

    /// The short name: `OK`, `WA`, `RE`, `TLE`, `OLE`. Shrinking keeps a
    /// candidate input only when the verdict keeps its kind.
    pub fn kind(&self) -> &'static str {
        match self {
            Verdict::Ok => "OK",
            Verdict::WrongAnswer(_) => "WA",
            Verdict::RuntimeError { .. } => "RE",
            Verdict::TimeLimit(_) => "TLE",
            Verdict::OutputLimit(_) => "OLE",
        }
    }

    /// A one-line description.
    pub fn describe(&self) -> String {
        match self {
            Verdict::Ok => "OK".into(),
            Verdict::WrongAnswer(d) => format!("WA (wrong answer) on line {}", d.line),
            Verdict::RuntimeError { status, lines } => {
                let lines = plural(*lines as u64, "line");
                format!("RE (runtime error): {status} after {lines} of output")
            }
            Verdict::TimeLimit(t) => format!("TLE (killed after {} ms)", t.as_millis()),
            Verdict::OutputLimit(n) => {
                format!("OLE (killed after more than {n} bytes of output)")
            }
        }
    }
}

/// One case's run: the verdict, the expected answer and what was printed.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The verdict.
    pub verdict: Verdict,
    /// The simulator's answer.
    pub expected: Vec<u8>,
    /// The program's output (bounded).
    pub output: Vec<u8>,
    /// The end of the program's standard error.
    pub stderr: Vec<u8>,
    /// Wall-clock time of the run.
    pub elapsed: Duration,
}

/// The simulator's answer for `commands`.
pub fn answer(commands: &[Command]) -> Vec<u8> {
    let mut out = Vec::with_capacity(commands.len() * 20);
    judge::run(
        &gen::input_bytes(commands)[..],
        &mut out,
        Position::initial(),
    )
    .expect("a generated input is well formed");
    out
}

/// The output limit for an answer of `expected_len` bytes: far beyond any
/// sensible output, but bounded.
pub fn output_limit(expected_len: usize) -> usize {
    4 * expected_len + (1 << 20)
}

/// Judges a finished run against the `expected` answer: the one
/// comparison behind `check` and `test`. `limits` are those it ran under.
pub fn judge_run(run: &Run, expected: &[u8], limits: Limits) -> Verdict {
    match run.ending {
        Ending::TimedOut => Verdict::TimeLimit(limits.timeout),
        Ending::OutputLimit => Verdict::OutputLimit(limits.max_output),
        Ending::Exited(status) if !status.success() => Verdict::RuntimeError {
            status: describe_status(status),
            lines: run.output.iter().filter(|&&b| b == b'\n').count(),
        },
        Ending::Exited(_) => match verify::first_difference(expected, &run.output) {
            None => Verdict::Ok,
            Some(d) => Verdict::WrongAnswer(d),
        },
    }
}

/// Runs the program on `commands` and judges the run. Fails only when the
/// program cannot be started.
pub fn run_case(config: &Config, commands: &[Command]) -> io::Result<Outcome> {
    let input = gen::input_bytes(commands);
    let expected = answer(commands);
    let limits = Limits {
        timeout: config.timeout,
        max_output: output_limit(expected.len()),
    };
    let run = runner::run(&config.program, &input, limits)?;
    let verdict = judge_run(&run, &expected, limits);
    let Run {
        output,
        stderr,
        elapsed,
        ..
    } = run;
    Ok(Outcome {
        verdict,
        expected,
        output,
        stderr,
        elapsed,
    })
}

fn describe_status(status: std::process::ExitStatus) -> String {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(signal) = status.signal() {
            return format!("killed by signal {signal}");
        }
    }
    match status.code() {
        Some(code) => format!("exit code {code}"),
        None => status.to_string(),
    }
}

/// `n` and `what`, with an `s` unless `n` is 1: `1 command`, `2 commands`.
pub fn plural(n: impl Into<u64>, what: &str) -> String {
    let n = n.into();
    format!("{n} {what}{}", if n == 1 { "" } else { "s" })
}

/// Told how the check goes (for a progress bar).
pub trait Observer: Sync {
    /// A case finished.
    fn case_done(&self) {}
    /// Shrinking kept a smaller failing input of this many commands.
    fn shrinking(&self, _commands: usize) {}
}

/// An observer that ignores everything.
pub struct Quiet;
impl Observer for Quiet {}

/// A failing case, shrunk.
#[derive(Clone, Debug)]
pub struct Failure {
    /// The seed of the case.
    pub seed: u64,
    /// The generated commands that failed first.
    pub original: Vec<Command>,
    /// The smallest failing input found.
    pub minimal: Vec<Command>,
    /// The run on the minimal input.
    pub outcome: Outcome,
    /// Runs made while shrinking.
    pub runs: usize,
    /// Whether shrinking stopped at its time budget, so that `minimal`
    /// may not be minimal.
    pub stopped_early: bool,
    /// Whether shrinking proved `minimal` minimal ([`Shrunk::proved`]).
    pub proved: bool,
    /// Shorter games tried in full ([`Shrunk::exhausted`]).
    pub exhausted: usize,
}

/// How many cases ended with each verdict.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Per short name ([`Verdict::KINDS`]), the seeds of the cases.
    pub seeds: std::collections::BTreeMap<&'static str, Vec<u64>>,
}

impl Tally {
    /// Cases with the verdict `kind`.
    pub fn count(&self, kind: &str) -> usize {
        self.seeds.get(kind).map_or(0, Vec::len)
    }

    /// Cases run.
    pub fn total(&self) -> usize {
        self.seeds.values().map(Vec::len).sum()
    }

    /// Cases that failed.
    pub fn failed(&self) -> usize {
        self.total() - self.count("OK")
    }
}

/// The end of a check.
#[derive(Clone, Debug)]
pub struct Report {
    /// Cases asked for.
    pub cases: u64,
    /// The verdicts of the cases run (every case with
    /// [`Config::keep_going`]; otherwise those finished when the first
    /// failure stopped the check).
    pub tally: Tally,
    /// The failing case with the smallest seed, shrunk; `None` when every
    /// case passed.
    pub failure: Option<Box<Failure>>,
}

impl Report {
    /// Whether every case passed.
    pub fn passed(&self) -> bool {
        self.failure.is_none()
    }
}

/// Runs the check: the cases in parallel, then the first failing case (by
/// seed) is shrunk. Fails only when the program cannot be started.
pub fn check(config: &Config, observer: &dyn Observer) -> io::Result<Report> {
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    // The failing case with the smallest index, and any start-up error.
    let first: Mutex<Option<(u64, Vec<Command>, Outcome)>> = Mutex::new(None);
    let tally = Mutex::new(Tally::default());
    let error: Mutex<Option<io::Error>> = Mutex::new(None);
    thread::scope(|s| {
        for _ in 0..config.jobs.max(1) {
            s.spawn(|| {
                // Workers take cases in order, so once a failure is known
                // every smaller case has been taken and will be finished.
                while !stop.load(Ordering::SeqCst) {
                    let i = next.fetch_add(1, Ordering::SeqCst) as u64;
                    if i >= config.cases {
                        break;
                    }
                    let seed = config.seed.wrapping_add(i);
                    let commands = gen::generate(seed, config.commands, config.profile);
                    match run_case(config, &commands) {
                        Ok(o) => {
                            let mut t = tally.lock().expect("no worker panics");
                            t.seeds.entry(o.verdict.kind()).or_default().push(seed);
                            drop(t);
                            observer.case_done();
                            if o.verdict == Verdict::Ok {
                                continue;
                            }
                            if !config.keep_going {
                                stop.store(true, Ordering::SeqCst);
                            }
                            let mut first = first.lock().expect("no worker panics");
                            if first.as_ref().is_none_or(|(j, ..)| i < *j) {
                                *first = Some((i, commands, o));
                            }
                        }
                        Err(e) => {
                            stop.store(true, Ordering::SeqCst);
                            *error.lock().expect("no worker panics") = Some(e);
                        }
                    }
                }
            });
        }
    });
    if let Some(e) = error.into_inner().expect("no worker panics") {
        return Err(e);
    }
    let mut tally = tally.into_inner().expect("no worker panics");
    for seeds in tally.seeds.values_mut() {
        seeds.sort_unstable();
    }
    let failure = match first.into_inner().expect("no worker panics") {
        None => None,
        Some((i, original, outcome)) => {
            let shrunk = shrink(config, original.clone(), outcome, observer)?;
            Some(Box::new(Failure {
                seed: config.seed.wrapping_add(i),
                original,
                minimal: shrunk.minimal,
                outcome: shrunk.outcome,
                runs: shrunk.runs,
                stopped_early: shrunk.stopped_early,
                proved: shrunk.proved,
                exhausted: shrunk.exhausted,
            }))
        }
    };
    Ok(Report {
        cases: config.cases,
        tally,
        failure,
    })
}

impl Failure {
    /// Saves `case.in`, `case.ans`, `case.out` and `case.err` (the
    /// simulator's answer for the minimal input, and the program's output
    /// and standard error on it) and `original.in` in a new folder
    /// `dir/<seed>/`, which it returns. A case saved before is never
    /// replaced: when `<seed>` is taken (by an earlier case, a file or a
    /// link), the folder is `<seed>-2`, `<seed>-3`, … ([`files::fresh_folder`]).
    pub fn save(&self, dir: &Path) -> io::Result<PathBuf> {
        let dir = files::fresh_folder(dir, &self.seed.to_string())?;
        let minimal = gen::input_bytes(&self.minimal);
        let original = gen::input_bytes(&self.original);
        for (name, bytes) in [
            ("case.in", &minimal[..]),
            ("case.ans", &self.outcome.expected),
            ("case.out", &self.outcome.output),
            ("case.err", &self.outcome.stderr),
            ("original.in", &original),
        ] {
            files::write_atomic(&dir.join(name), |w| w.write_all(bytes))?;
        }
        Ok(dir)
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    fn config(script: &str) -> Config {
        Config {
            program: ["sh", "-c", script].map(OsString::from).to_vec(),
            cases: 4,
            seed: 1,
            commands: 60,
            profile: Profile::Realistic,
            jobs: 2,
            timeout: Duration::from_secs(5),
            keep_going: false,
            shrink_budget: Duration::from_secs(60),
        }
    }

    #[test]
    fn a_program_that_always_prints_one_wrong_line_shrinks_to_one_command() {
        // Prints Q lines of "Invalid command": wrong as soon as a move is valid.
        let c =
            config("read q; i=0; while [ $i -lt $q ]; do echo 'Invalid command'; i=$((i+1)); done");
        let Some(f) = check(&c, &Quiet).unwrap().failure else {
            panic!("expected a failure")
        };
        assert_eq!(f.seed, 1);
        assert_eq!(f.minimal.len(), 1, "{:?}", f.minimal);
        assert_eq!(f.outcome.verdict.kind(), "WA");
        // The one command left is a valid move from the initial position.
        assert!(Position::initial().play(f.minimal[0]).is_ok());
        let text = f.render(&c, None, crate::variants::picture::Style::Ascii, false);
        assert!(text.contains("found    'Invalid command'"), "{text}");
        assert!(text.contains("simulator: valid: red"), "{text}");
    }

    #[test]
    fn the_report_says_minimal_only_when_the_search_proved_it() {
        let minimal = vec![Command::new(3, 0, 4, 0), Command::new(6, 0, 5, 0)];
        let mut f = Failure {
            seed: 1,
            original: minimal.repeat(3),
            outcome: Outcome {
                verdict: Verdict::RuntimeError {
                    status: "exit code 1".into(),
                    lines: 0,
                },
                expected: answer(&minimal),
                output: Vec::new(),
                stderr: Vec::new(),
                elapsed: Duration::ZERO,
            },
            minimal,
            runs: 5,
            stopped_early: false,
            proved: true,
            exhausted: 1,
        };
        let c = config("true");
        let title = |f: &Failure| {
            let text = f.render(&c, None, crate::variants::picture::Style::Ascii, false);
            text.lines().nth(1).unwrap().to_string()
        };
        assert_eq!(
            title(&f),
            "minimal input (2 commands, shrunk from 6 in 5 runs; no shorter game fails this way):"
        );
        f.proved = false;
        assert_eq!(
            title(&f),
            "shortest input found (2 commands, shrunk from 6 in 5 runs; \
             no game of up to 1 command fails this way):"
        );
        f.exhausted = 0;
        assert_eq!(
            title(&f),
            "shortest input found (2 commands, shrunk from 6 in 5 runs; not proved minimal):"
        );
        f.stopped_early = true;
        assert_eq!(
            title(&f),
            "shortest input found (2 commands, shrunk from 6 in 5 runs; shrinking stopped \
             at its budget of 60 s (--shrink-seconds), so it may not be minimal):"
        );
    }

    #[test]
    fn control_characters_are_escaped_and_quotes_kept() {
        assert_eq!(
            escape_controls("can't \x1b[2J\tgo"),
            "can't \\u{1b}[2J\\tgo"
        );
    }

    #[test]
    fn a_crash_on_any_input_shrinks_to_the_empty_input() {
        let c = config("exit 7");
        let Some(f) = check(&c, &Quiet).unwrap().failure else {
            panic!("expected a failure")
        };
        assert!(f.minimal.is_empty());
        assert_eq!(
            f.outcome.verdict,
            Verdict::RuntimeError {
                status: "exit code 7".into(),
                lines: 0
            }
        );
    }
}
