//! Differential checking of a contest solution against the simulator:
//! generated cases run in parallel, verdicts (OK, WA, RE, TLE, OLE), and
//! shrinking of a failing case to a minimal one.
//!
//! Shrinking first cuts a wrong answer after its first differing command,
//! then deletes chunks of commands (halving the chunk size down to single
//! commands) while the candidate still fails the same way. Any list of
//! commands is a valid input: a deleted move may change whose turn it is,
//! and the simulator simply gives the new expected answer.

use crate::contest::gen::{self, Profile};
use crate::contest::runner::{self, Ending, Limits, Run};
use crate::contest::verify::{self, Difference};
use crate::duck::picture::{Picture, Style};
use crate::duck::{judge, Command, Position};
use std::collections::HashSet;
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

/// The commands without those the simulator finds invalid (they change
/// nothing), except the last one, which may be the failing command.
fn without_invalid(commands: &[Command]) -> Vec<Command> {
    let mut game = Position::initial();
    let last = commands.len().saturating_sub(1);
    commands
        .iter()
        .enumerate()
        .filter(|&(i, &c)| game.play(c).is_ok() || i == last)
        .map(|(_, &c)| c)
        .collect()
}

/// `commands` without `len` of them from `start` on.
fn delete(commands: &[Command], start: usize, len: usize) -> Vec<Command> {
    let mut c = commands[..start].to_vec();
    c.extend_from_slice(&commands[(start + len).min(commands.len())..]);
    c
}

/// What kind of line the simulator gives a command: for an invalid one
/// the reason's kind and the piece's role, for a valid one what it removed
/// and its flags. A failure is sought again among commands of the same
/// class.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Class {
    Invalid(&'static str, Option<crate::duck::Role>),
    Valid {
        removed: Option<crate::duck::Role>,
        check: bool,
        over: bool,
    },
}

fn class_of(game: &mut Position, command: Command) -> Class {
    match game.play(command) {
        Ok(r) => Class::Valid {
            removed: r.removed.map(|p| p.role),
            check: r.check,
            over: r.over,
        },
        Err(e) => {
            use crate::duck::Invalid::*;
            let role = match e {
                EnemyPiece { piece, .. }
                | TargetOffBoard { piece, .. }
                | OwnPieceOnTarget { piece, .. }
                | Shape { piece, .. }
                | Blocked { piece, .. } => Some(piece.role),
                GameOver { .. } | StartOffBoard { .. } | NoPiece { .. } => None,
            };
            Class::Invalid(e.kind(), role)
        }
    }
}

/// The class of the last command.
fn last_class(commands: &[Command]) -> Option<Class> {
    let (&last, before) = commands.split_last()?;
    Some(class_of(&mut verify::replay(before), last))
}

/// `commands` up to the first command of class `class`, if one has it
/// before the last: a failure may well come sooner. Not for a plain move
/// (no removal, no check), the class of most commands, whose first one
/// is rarely the failing one.
fn sooner(mut commands: Vec<Command>, class: &Class) -> Option<Vec<Command>> {
    let plain = Class::Valid {
        removed: None,
        check: false,
        over: false,
    };
    if *class == plain {
        return None;
    }
    let mut game = Position::initial();
    let k = commands
        .iter()
        .position(|&c| class_of(&mut game, c) == *class)?;
    (k + 1 < commands.len()).then(|| {
        commands.truncate(k + 1);
        commands
    })
}

/// Whether a candidate is worth running for a failure of class `class`:
/// as it is when its last command has that class; cut after the end of
/// the game when the move that ended it has that class (what follows the
/// end cannot matter); otherwise not at all.
fn alike(mut commands: Vec<Command>, class: &Class) -> Option<Vec<Command>> {
    let mut game = Position::initial();
    let last = commands.len().checked_sub(1)?;
    for (k, &c) in commands.iter().enumerate() {
        let this = class_of(&mut game, c);
        if k == last || game.is_over() {
            if this != *class {
                return None;
            }
            commands.truncate(k + 1);
            return Some(commands);
        }
    }
    None
}

/// Runs at most this many candidates while shrinking one case.
const MAX_SHRINK_RUNS: usize = 3000;
/// Deleting every pair of commands is tried up to this many commands.
const MAX_PAIRS_LEN: usize = 160;

/// The state of a shrink; see [`shrink`].
struct Shrinker<'a> {
    config: &'a Config,
    observer: &'a dyn Observer,
    kind: &'static str,
    current: Vec<Command>,
    best: Outcome,
    runs: usize,
    /// For a wrong answer, the class of the failing (last) command: only
    /// candidates [`alike`] it are run. It keeps the failure alike, and
    /// spares most runs.
    signature: Option<Class>,
    /// Every candidate run, so none is run twice.
    tried: HashSet<Vec<Command>>,
}

impl Shrinker<'_> {
    fn keep(&mut self, candidate: Vec<Command>, outcome: Outcome) {
        self.current = cut(candidate, &outcome.verdict);
        self.signature = match &outcome.verdict {
            Verdict::WrongAnswer(d) if d.line == self.current.len() => last_class(&self.current),
            _ => None,
        };
        self.best = outcome;
        self.observer.shrinking(self.current.len());
    }

    /// Runs the candidates that pass the signature, `jobs` at a time and
    /// in order, keeps the first that fails the same way and returns its
    /// tag. So the result does not depend on `jobs`.
    fn first_failing<T: Copy>(
        &mut self,
        candidates: impl Iterator<Item = (T, Vec<Command>)>,
    ) -> io::Result<Option<T>> {
        let jobs = self.config.jobs.max(1);
        let signature = self.signature.clone();
        // With a signature, each candidate is tried cut at the first command
        // like the failing one, then whole when its failing command is
        // still alike.
        let mut candidates = candidates
            .flat_map(|(tag, c)| match &signature {
                None => vec![(tag, c)],
                Some(class) => [sooner(c.clone(), class), alike(c, class)]
                    .into_iter()
                    .flatten()
                    .map(|c| (tag, c))
                    .collect(),
            })
            .filter(|(_, c)| self.tried.insert(c.clone()))
            .peekable();
        while candidates.peek().is_some() && self.runs < MAX_SHRINK_RUNS {
            let batch: Vec<(T, Vec<Command>)> = candidates.by_ref().take(jobs).collect();
            let config = self.config;
            let outcomes: Vec<io::Result<Outcome>> = thread::scope(|s| {
                let handles: Vec<_> = batch
                    .iter()
                    .map(|(_, c)| s.spawn(move || run_case(config, c)))
                    .collect();
                handles
                    .into_iter()
                    .map(|h| h.join().expect("a shrinking run does not panic"))
                    .collect()
            });
            self.runs += batch.len();
            for ((tag, candidate), outcome) in batch.into_iter().zip(outcomes) {
                let outcome = outcome?;
                if outcome.verdict.kind() == self.kind {
                    self.keep(candidate, outcome);
                    return Ok(Some(tag));
                }
            }
        }
        Ok(None)
    }

    /// One deletion pass: `candidates(current, from)` offers inputs with
    /// something deleted at or after place `from`; the first that still
    /// fails the same way is kept, and the pass resumes at its place until
    /// none does.
    fn deleting(
        &mut self,
        candidates: impl for<'a> Fn(&'a [Command], usize) -> Candidates<'a>,
    ) -> io::Result<()> {
        let mut from = 0;
        loop {
            let snapshot = self.current.clone();
            match self.first_failing(candidates(&snapshot, from))? {
                Some(place) => from = place,
                None => return Ok(()),
            }
        }
    }

    /// Deletes chunks of `size` commands starting every `step`.
    fn chunks(&mut self, size: usize, step: usize) -> io::Result<()> {
        self.deleting(|c, from| {
            Box::new(
                (from..c.len())
                    .step_by(step)
                    .map(move |s| (s, delete(c, s, size))),
            )
        })
    }

    /// Deletes one command and every command that becomes invalid without
    /// it: a move, the moves that needed it, and replies of the other side
    /// that are no longer on turn.
    fn cascades(&mut self) -> io::Result<()> {
        self.deleting(|c, from| {
            Box::new(
                (from..c.len().saturating_sub(1))
                    .map(move |s| (s, without_invalid(&delete(c, s, 1)))),
            )
        })
    }

    /// Deletes two commands anywhere (a move and a later reply, so the
    /// turn is kept); only worth it when the signature spares the runs.
    fn pairs(&mut self) -> io::Result<()> {
        self.deleting(|c, from| {
            let n = c.len();
            Box::new((from..n).flat_map(move |i| {
                (i + 1..n).map(move |j| {
                    let mut pair_gone = c.to_vec();
                    pair_gone.remove(j);
                    pair_gone.remove(i);
                    (i, pair_gone)
                })
            }))
        })
    }
}

/// Inputs a deletion pass offers, each with the place it deleted at.
type Candidates<'a> = Box<dyn Iterator<Item = (usize, Vec<Command>)> + 'a>;

/// Shrinks a failing input; see the module documentation. Each pass drops
/// every command the simulator finds invalid, deletes chunks of halving
/// sizes (chunks of one and two commands at every offset), and, for a
/// wrong answer, each command with what becomes invalid without it, and
/// every pair of commands. Passes repeat while they make
/// progress. Returns the minimal input, its outcome and the runs made.
pub fn shrink(
    config: &Config,
    commands: Vec<Command>,
    outcome: Outcome,
    observer: &dyn Observer,
) -> io::Result<(Vec<Command>, Outcome, usize)> {
    let mut s = Shrinker {
        config,
        observer,
        kind: outcome.verdict.kind(),
        current: Vec::new(),
        best: outcome.clone(),
        runs: 0,
        signature: None,
        tried: HashSet::new(),
    };
    s.keep(commands, outcome);
    loop {
        let before = s.current.len();
        let valid_only = without_invalid(&s.current);
        if valid_only.len() < s.current.len() {
            s.first_failing(std::iter::once(((), valid_only)))?;
        }
        let mut size = (s.current.len() / 2).max(1);
        loop {
            s.chunks(size, if size <= 2 { 1 } else { size })?;
            if size == 1 {
                break;
            }
            size /= 2;
        }
        if s.signature.is_some() {
            s.cascades()?;
            if s.current.len() <= MAX_PAIRS_LEN {
                s.pairs()?;
            }
        }
        if s.current.len() == before || s.runs >= MAX_SHRINK_RUNS {
            break;
        }
    }
    Ok((s.current, s.best, s.runs))
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
        let plural = |n: usize, what: &str| format!("{n} {what}{}", if n == 1 { "" } else { "s" });
        let _ = writeln!(
            s,
            "minimal input ({}, shrunk from {} in {}):",
            plural(self.minimal.len(), "command"),
            self.original.len(),
            plural(self.runs, "run")
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
