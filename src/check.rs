//! Differential checking of a contest solution against the simulator:
//! generated cases run in parallel, verdicts (OK, WA, RE, TLE, OLE), and
//! shrinking of a failing case to a minimal one.
//!
//! Shrinking first cuts a wrong answer after its first differing command,
//! then deletes chunks of commands (halving the chunk size down to single
//! commands) while the candidate still fails the same way. Any list of
//! commands is a valid input: a deleted move may change whose turn it is,
//! and the simulator simply gives the new expected answer.

use crate::gen::{self, Profile};
use crate::picture::{Picture, Style};
use crate::runner::{self, Ending, Limits, Run};
use crate::verify::{self, Difference};
use crate::{judge, Command, Position};
use std::ffi::OsString;
use std::fmt::Write as _;
use std::io;
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
                format!("RE (runtime error): {status} after {lines} lines of output")
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

/// Runs the program on `commands` and judges the run. Fails only when the
/// program cannot be started.
pub fn run_case(config: &Config, commands: &[Command]) -> io::Result<Outcome> {
    let input = gen::input_bytes(commands);
    let expected = answer(commands);
    // Far beyond any sensible answer, but bounded.
    let limits = Limits {
        timeout: config.timeout,
        max_output: 4 * expected.len() + (1 << 20),
    };
    let Run { ending, output, .. } = runner::run(&config.program, &input, limits)?;
    let verdict = match ending {
        Ending::TimedOut => Verdict::TimeLimit(config.timeout),
        Ending::OutputLimit => Verdict::OutputLimit(limits.max_output),
        Ending::Exited(status) if !status.success() => Verdict::RuntimeError {
            status: describe_status(status),
            lines: output.iter().filter(|&&b| b == b'\n').count(),
        },
        Ending::Exited(_) => match verify::first_difference(&expected, &output) {
            None => Verdict::Ok,
            Some(d) => Verdict::WrongAnswer(d),
        },
    };
    Ok(Outcome {
        verdict,
        expected,
        output,
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
}

/// The end of a check.
#[derive(Clone, Debug)]
pub enum Report {
    /// Every case passed.
    Passed {
        /// Cases run.
        cases: u64,
    },
    /// A case failed: the one with the smallest seed among those run.
    Failed(Box<Failure>),
}

/// Runs the check: the cases in parallel, then the first failing case (by
/// seed) is shrunk. Fails only when the program cannot be started.
pub fn check(config: &Config, observer: &dyn Observer) -> io::Result<Report> {
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    // The failing case with the smallest index, and any start-up error.
    let first: Mutex<Option<(u64, Vec<Command>, Outcome)>> = Mutex::new(None);
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
                        Ok(o) if o.verdict == Verdict::Ok => observer.case_done(),
                        Ok(o) => {
                            stop.store(true, Ordering::SeqCst);
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
    let Some((i, original, outcome)) = first.into_inner().expect("no worker panics") else {
        return Ok(Report::Passed {
            cases: config.cases,
        });
    };
    let (minimal, outcome, runs) = shrink(config, original.clone(), outcome, observer)?;
    Ok(Report::Failed(Box::new(Failure {
        seed: config.seed.wrapping_add(i),
        original,
        minimal,
        outcome,
        runs,
    })))
}

/// For a wrong answer, the commands up to the first differing one: the
/// rest cannot matter to that line.
fn cut(mut commands: Vec<Command>, verdict: &Verdict) -> Vec<Command> {
    if let Verdict::WrongAnswer(d) = verdict {
        commands.truncate(d.line);
    }
    commands
}

/// Shrinks a failing input; see the module documentation. Candidates are
/// tried `jobs` at a time, and the first failing one in order is kept, so
/// the result is the same as trying them one by one.
pub fn shrink(
    config: &Config,
    commands: Vec<Command>,
    outcome: Outcome,
    observer: &dyn Observer,
) -> io::Result<(Vec<Command>, Outcome, usize)> {
    /// Whole passes over the chunk sizes, at most.
    const PASSES: usize = 3;
    let kind = outcome.verdict.kind();
    let mut current = cut(commands, &outcome.verdict);
    let mut best = outcome;
    let mut runs = 0;
    let jobs = config.jobs.max(1);
    observer.shrinking(current.len());
    for _ in 0..PASSES {
        let before = current.len();
        let mut size = (current.len() / 2).max(1);
        loop {
            let mut i = 0;
            while i < current.len() {
                let starts: Vec<usize> = (0..jobs)
                    .map(|j| i + j * size)
                    .take_while(|&s| s < current.len())
                    .collect();
                let tried: Vec<io::Result<(Vec<Command>, Outcome)>> = thread::scope(|s| {
                    let handles: Vec<_> = starts
                        .iter()
                        .map(|&start| {
                            let current = &current;
                            s.spawn(move || {
                                let mut candidate = current[..start].to_vec();
                                candidate.extend_from_slice(
                                    &current[(start + size).min(current.len())..],
                                );
                                let o = run_case(config, &candidate)?;
                                Ok((candidate, o))
                            })
                        })
                        .collect();
                    handles
                        .into_iter()
                        .map(|h| h.join().expect("a shrinking run does not panic"))
                        .collect()
                });
                runs += tried.len();
                let mut kept = None;
                for (k, t) in tried.into_iter().enumerate() {
                    let (candidate, o) = t?;
                    if o.verdict.kind() == kind {
                        kept = Some((k, candidate, o));
                        break;
                    }
                }
                match kept {
                    Some((k, candidate, o)) => {
                        current = cut(candidate, &o.verdict);
                        best = o;
                        i = starts[k];
                        observer.shrinking(current.len());
                    }
                    None => i = starts.last().expect("at least one start") + size,
                }
            }
            if size == 1 {
                break;
            }
            size /= 2;
        }
        if current.len() == before {
            break;
        }
    }
    Ok((current, best, runs))
}

/// Which command to show the board before: for a wrong answer the
/// differing one, otherwise the one after the last complete output line.
fn failing_index(failure: &Failure) -> Option<usize> {
    let k = match &failure.outcome.verdict {
        Verdict::WrongAnswer(d) => d.line - 1,
        _ => failure
            .outcome
            .output
            .iter()
            .filter(|&&b| b == b'\n')
            .count(),
    };
    (k < failure.minimal.len()).then_some(k)
}

impl Failure {
    /// The full report: seed, minimal input, expected and found lines, the
    /// board before the failing command and the simulator's reason.
    pub fn render(&self, style: Style, color: bool) -> String {
        const SHOWN: usize = 40;
        let mut s = String::new();
        let v = &self.outcome.verdict;
        let _ = writeln!(s, "FAIL seed {}: {}", self.seed, v.describe());
        let _ = writeln!(
            s,
            "minimal input ({} commands, shrunk from {} in {} runs):",
            self.minimal.len(),
            self.original.len(),
            self.runs
        );
        let input = gen::input_bytes(&self.minimal);
        let text = String::from_utf8_lossy(&input);
        for line in text.lines().take(SHOWN + 1) {
            let _ = writeln!(s, "    {line}");
        }
        if self.minimal.len() > SHOWN {
            let _ = writeln!(s, "    ... ({} more)", self.minimal.len() - SHOWN);
        }
        if let Verdict::WrongAnswer(d) = v {
            let show = |l: &Option<String>| match l {
                Some(l) => format!("'{l}'"),
                None => "(end of output)".to_string(),
            };
            let _ = writeln!(s, "line {}:", d.line);
            let _ = writeln!(s, "    expected {}", show(&d.expected));
            let _ = writeln!(s, "    found    {}", show(&d.found));
        }
        match failing_index(self) {
            Some(k) => {
                let before = verify::replay(&self.minimal[..k]);
                let command = self.minimal[k];
                let _ = writeln!(
                    s,
                    "board before command {} '{command}' ({} to move):",
                    k + 1,
                    before.turn()
                );
                let mut picture = Picture::new(before.board()).style(style).color(color);
                if let Some(from) = command.start() {
                    picture = picture.highlight(command.target()).reach(&before, from);
                }
                let _ = write!(s, "{picture}");
                let _ = writeln!(s, "simulator: {}", verify::explain(&before, command));
            }
            None if matches!(v, Verdict::WrongAnswer(_)) => {
                let _ = writeln!(
                    s,
                    "the program printed more lines than the input has commands"
                );
            }
            None => {}
        }
        s
    }

    /// Saves `case.in`, `case.ans`, `case.out` (the program's output on the
    /// minimal input) and `original.in` in `dir/<seed>/`, which it returns.
    pub fn save(&self, dir: &Path) -> io::Result<PathBuf> {
        let dir = dir.join(self.seed.to_string());
        std::fs::create_dir_all(&dir)?;
        std::fs::write(dir.join("case.in"), gen::input_bytes(&self.minimal))?;
        std::fs::write(dir.join("case.ans"), &self.outcome.expected)?;
        std::fs::write(dir.join("case.out"), &self.outcome.output)?;
        std::fs::write(dir.join("original.in"), gen::input_bytes(&self.original))?;
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
        }
    }

    #[test]
    fn a_program_that_always_prints_one_wrong_line_shrinks_to_one_command() {
        // Prints Q lines of "Invalid command": wrong as soon as a move is valid.
        let c =
            config("read q; i=0; while [ $i -lt $q ]; do echo 'Invalid command'; i=$((i+1)); done");
        let Report::Failed(f) = check(&c, &Quiet).unwrap() else {
            panic!("expected a failure")
        };
        assert_eq!(f.seed, 1);
        assert_eq!(f.minimal.len(), 1, "{:?}", f.minimal);
        assert_eq!(f.outcome.verdict.kind(), "WA");
        // The one command left is a valid move from the initial position.
        assert!(Position::initial().play(f.minimal[0]).is_ok());
        let text = f.render(Style::Ascii, false);
        assert!(text.contains("found    'Invalid command'"), "{text}");
        assert!(text.contains("simulator: valid: red"), "{text}");
    }

    #[test]
    fn a_crash_on_any_input_shrinks_to_the_empty_input() {
        let c = config("exit 7");
        let Report::Failed(f) = check(&c, &Quiet).unwrap() else {
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
