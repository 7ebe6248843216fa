//! Shrinking a failing input.
//!
//! A wrong answer is first cut after its first differing command. When the
//! failing command is known (a wrong answer on the last line), the shortest
//! game that fails the same way is searched for ([`search`]): every game of
//! valid moves from the start, length by length, whose last command is of
//! the failing command's class, then random short games. Deletion alone
//! cannot shorten a game much when the failure needs a whole sequence of
//! moves, such as a captain taken while the other is attacked. Then chunks
//! of commands are deleted (halving the chunk size down to single
//! commands) while the program still fails the same way. Any other failure
//! is first tried on the empty input.

mod search;

use super::{run_case, Config, Observer, Outcome, Verdict};
use crate::judge::{Command, Piece, Position, Role};
use search::Target;
use std::collections::HashSet;
use std::io;
use std::thread;
use std::time::Instant;

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
/// the reason's kind, the piece's role and the blocking point, for a valid
/// one what moved, what it removed and its flags. A failure is sought
/// again among commands of the same class.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Class {
    /// The reason's kind, the piece's role, and for a blocked piece which
    /// blocking point stopped it (a program may check only the first).
    Invalid(&'static str, Option<Role>, Option<usize>),
    Valid {
        /// The piece that moved; in a failure's class, none when any piece
        /// will do (only the check flag was wrong).
        mover: Option<Piece>,
        removed: Option<Role>,
        /// In a failure's class, whether any removal will do (only the
        /// check flag was wrong, and the game goes on).
        any_removed: bool,
        /// In a failure's class, none when the program refused the move
        /// (it never got to work out check).
        check: Option<bool>,
        over: bool,
    },
}

/// Whether a command of class `c` is of the failure's class `class`.
fn fits(class: &Class, c: &Class) -> bool {
    match (class, c) {
        (
            Class::Valid {
                mover,
                removed,
                any_removed,
                check,
                over,
            },
            Class::Valid {
                mover: m,
                removed: r,
                check: k,
                over: o,
                ..
            },
        ) => {
            (mover.is_none() || mover == m)
                && (check.is_none() || check == k)
                && (*any_removed || removed == r)
                && over == o
        }
        _ => class == c,
    }
}

fn class_of(game: &mut Position, command: Command) -> Class {
    match game.play(command) {
        Ok(r) => Class::Valid {
            mover: Some(r.piece),
            removed: r.removed.map(|p| p.role),
            any_removed: false,
            check: Some(r.check),
            over: r.over,
        },
        Err(e) => invalid_class(e),
    }
}

fn invalid_class(e: crate::judge::Invalid) -> Class {
    use crate::judge::Invalid::*;
    let role = match e {
        EnemyPiece { piece, .. }
        | TargetOffBoard { piece, .. }
        | OwnPieceOnTarget { piece, .. }
        | Shape { piece, .. }
        | Blocked { piece, .. } => Some(piece.role),
        GameOver { .. } | StartOffBoard { .. } | NoPiece { .. } => None,
    };
    let index = match e {
        Blocked { index, .. } => Some(index),
        _ => None,
    };
    Class::Invalid(e.kind(), role, index)
}

/// `commands` up to the first command of class `class`, if one has it
/// before the last: a failure may well come sooner. Not for a plain move
/// (no removal, no check), the class of most commands, whose first one
/// is rarely the failing one.
fn sooner(mut commands: Vec<Command>, class: &Class) -> Option<Vec<Command>> {
    let plain = matches!(
        class,
        Class::Valid {
            removed: None,
            check: Some(false) | None,
            over: false,
            ..
        }
    );
    if plain {
        return None;
    }
    let mut game = Position::initial();
    let k = commands
        .iter()
        .position(|&c| fits(class, &class_of(&mut game, c)))?;
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
    // A failure after the end is compared at the first command after it.
    let after_end = matches!(class, Class::Invalid(GAME_OVER, ..));
    for (k, &c) in commands.iter().enumerate() {
        let over_before = game.is_over();
        let this = class_of(&mut game, c);
        if k == last || (game.is_over() && (!after_end || over_before)) {
            if !fits(class, &this) {
                return None;
            }
            commands.truncate(k + 1);
            return Some(commands);
        }
    }
    None
}

/// The kind of an invalid command that comes after the end of the game.
const GAME_OVER: &str = "game-over";

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
    /// The input `best` is the run of: `current` before the cut.
    ran: Vec<Command>,
    runs: usize,
    /// For a wrong answer, the class of the failing (last) command: only
    /// candidates [`alike`] it are run. It keeps the failure alike, and
    /// spares most runs.
    signature: Option<Class>,
    /// What the search looks for: the failing command's class and how
    /// its line differs.
    target: Option<Target>,
    /// Every game of valid moves of up to this many commands ending in a
    /// command of the target's class was run, and none failed alike.
    exhausted: usize,
    /// Every candidate run, so none is run twice.
    tried: HashSet<Vec<Command>>,
    /// No new candidate is started from then on ([`Config::shrink_budget`]).
    deadline: Instant,
    /// Whether the deadline stopped the shrink.
    stopped_early: bool,
}

impl Shrinker<'_> {
    fn keep(&mut self, candidate: Vec<Command>, outcome: Outcome) {
        self.ran = candidate.clone();
        self.current = cut(candidate, &outcome.verdict);
        self.target = match &outcome.verdict {
            Verdict::WrongAnswer(d) if d.line == self.current.len() => {
                Target::new(&self.current, d)
            }
            _ => None,
        };
        self.signature = self.target.as_ref().map(|t| t.class.clone());
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
            if Instant::now() >= self.deadline {
                self.stopped_early = true;
                break;
            }
            let (tags, batch): (Vec<T>, Vec<Vec<Command>>) = candidates.by_ref().take(jobs).unzip();
            for (tag, (candidate, outcome)) in
                tags.into_iter()
                    .zip(Self::run_batch(self.config, &mut self.runs, batch))
            {
                let outcome = outcome?;
                if outcome.verdict.kind() == self.kind {
                    self.keep(candidate, outcome);
                    return Ok(Some(tag));
                }
            }
        }
        Ok(None)
    }

    /// Runs every input of `batch` at once; each with its outcome, in order.
    fn run_batch(
        config: &Config,
        runs: &mut usize,
        batch: Vec<Vec<Command>>,
    ) -> Vec<(Vec<Command>, io::Result<Outcome>)> {
        let outcomes: Vec<io::Result<Outcome>> = thread::scope(|s| {
            let handles: Vec<_> = batch
                .iter()
                .map(|c| s.spawn(move || run_case(config, c)))
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("a shrinking run does not panic"))
                .collect()
        });
        *runs += batch.len();
        batch.into_iter().zip(outcomes).collect()
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

impl Shrinker<'_> {
    /// The saved files must agree: when the kept input was cut, the program
    /// is run once more on the cut input itself. Should it then not fail
    /// the same way (a program that reads ahead, or a flaky one), the uncut
    /// input is kept instead.
    fn settle(&mut self) -> io::Result<()> {
        if self.ran == self.current {
            return Ok(());
        }
        let outcome = run_case(self.config, &self.current)?;
        self.runs += 1;
        if outcome.verdict.kind() == self.kind {
            self.ran = self.current.clone();
            self.best = outcome;
        } else {
            self.current = self.ran.clone();
        }
        Ok(())
    }
}

/// Inputs a deletion pass offers, each with the place it deleted at.
type Candidates<'a> = Box<dyn Iterator<Item = (usize, Vec<Command>)> + 'a>;

/// What [`shrink`] found.
#[derive(Clone, Debug)]
pub struct Shrunk {
    /// The smallest failing input found.
    pub minimal: Vec<Command>,
    /// The run on it.
    pub outcome: Outcome,
    /// Runs made while shrinking.
    pub runs: usize,
    /// Whether the time budget ([`Config::shrink_budget`]) ran out first:
    /// then `minimal` fails the same way but may not be minimal.
    pub stopped_early: bool,
    /// Whether no shorter input fails the same way, as far as the search
    /// can tell: for a wrong answer, every game of valid moves that is
    /// shorter and ends in a command of the failing command's class was
    /// run (a program is assumed to leave its game as it is on a command
    /// it rightly calls invalid); for any other failure, the input is
    /// empty.
    pub proved: bool,
    /// For a wrong answer, every such game of up to this many commands
    /// was run and none failed the same way.
    pub exhausted: usize,
}

/// Shrinks a failing input; see the module documentation. After the
/// search, each pass drops every command the simulator finds invalid, deletes chunks of halving
/// sizes (chunks of one and two commands at every offset), and, for a
/// wrong answer, each command with what becomes invalid without it, and
/// every pair of commands. Passes repeat while they make progress, until
/// the time budget is spent: no run is started after it (a slow program's
/// runs can each last up to the time limit).
pub fn shrink(
    config: &Config,
    commands: Vec<Command>,
    outcome: Outcome,
    observer: &dyn Observer,
) -> io::Result<Shrunk> {
    let mut s = Shrinker {
        config,
        observer,
        kind: outcome.verdict.kind(),
        current: Vec::new(),
        best: outcome.clone(),
        ran: Vec::new(),
        runs: 0,
        signature: None,
        target: None,
        exhausted: 0,
        tried: HashSet::new(),
        deadline: Instant::now() + config.shrink_budget,
        stopped_early: false,
    };
    s.keep(commands, outcome);
    let searched = s.target.clone();
    if let Some(target) = &searched {
        s.search(target)?;
    } else if !s.current.is_empty() {
        s.first_failing(std::iter::once(((), Vec::new())))?;
    }
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
        if s.current.len() == before || s.runs >= MAX_SHRINK_RUNS || s.stopped_early {
            break;
        }
    }
    s.settle()?;
    // The deletion passes may keep an input that fails another way: the
    // search's lengths then say nothing of it.
    let same = match (&searched, &s.target) {
        (Some(w), Some(t)) => (&w.class, w.shape) == (&t.class, t.shape),
        _ => false,
    };
    let exhausted = if same { s.exhausted } else { 0 };
    let proved = match &s.target {
        // One command is the least a wrong answer on a command needs.
        Some(_) => s.current.len() <= 1 || (same && s.current.len() <= exhausted + 1),
        None => s.current.is_empty(),
    };
    Ok(Shrunk {
        minimal: s.current,
        outcome: s.best,
        runs: s.runs,
        stopped_early: s.stopped_early,
        proved,
        exhausted,
    })
}
