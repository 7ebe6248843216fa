//! Shrinking a failing input.
//!
//! A wrong answer is first cut after its first differing command. When the
//! failing command is known (a wrong answer on the last line), short games
//! whose last command is of the same class are then searched in process,
//! by random playouts that finish as soon as the class can be played, and
//! the shortest are run: deletion alone cannot shorten a game much when
//! the failure needs a whole sequence of moves, such as a captain taken.
//! Then chunks of commands are deleted (halving the chunk size down to
//! single commands) while the program still fails the same way. Any other
//! failure is first tried on the empty input.

use super::{run_case, Config, Observer, Outcome, Verdict};
use crate::judge::{Command, Move, Point, Position, Role};
use crate::verify;
use rand_chacha::rand_core::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
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
/// one what it removed
/// and its flags. A failure is sought again among commands of the same
/// class.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Class {
    /// The reason's kind, the piece's role, and for a blocked piece which
    /// blocking point stopped it (a program may check only the first).
    Invalid(&'static str, Option<Role>, Option<usize>),
    Valid {
        removed: Option<Role>,
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
    // A failure after the end is compared at the first command after it.
    let after_end = matches!(class, Class::Invalid(GAME_OVER, ..));
    for (k, &c) in commands.iter().enumerate() {
        let over_before = game.is_over();
        let this = class_of(&mut game, c);
        if k == last || (game.is_over() && (!after_end || over_before)) {
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
    /// The input `best` is the run of: `current` before the cut.
    ran: Vec<Command>,
    runs: usize,
    /// For a wrong answer, the class of the failing (last) command: only
    /// candidates [`alike`] it are run. It keeps the failure alike, and
    /// spares most runs.
    signature: Option<Class>,
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
            if Instant::now() >= self.deadline {
                self.stopped_early = true;
                break;
            }
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

impl Shrinker<'_> {
    /// Runs the shortest games found by [`short_games`] for the failing
    /// command's class, `SEARCH_BATCHES` batches at most.
    fn search(&mut self) -> io::Result<()> {
        let Some(class) = self.signature.clone() else {
            return Ok(());
        };
        let games = short_games(&class, self.current.len().min(MAX_SEARCH_LEN + 1));
        let runs = SEARCH_BATCHES * self.config.jobs.max(1);
        self.first_failing(games.into_iter().take(runs).map(|g| ((), g)))?;
        Ok(())
    }

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

/// Playouts made by one search for short games.
const PLAYOUTS: usize = 600;
/// The search stops once it found this many games.
const ENOUGH_GAMES: usize = 64;
/// Games searched have at most this many commands.
const MAX_SEARCH_LEN: usize = 24;
/// Batches of `jobs` short games run per search.
const SEARCH_BATCHES: usize = 3;

/// Games of fewer than `limit` commands whose last command, and only it,
/// has class `class`, shortest first. Random playouts from the initial
/// position (seeded: the same every time) play valid moves, half the time
/// one that gives check when there is one, and finish as soon as a command
/// of the class can be played.
fn short_games(class: &Class, limit: usize) -> Vec<Vec<Command>> {
    let mut rng = ChaCha8Rng::seed_from_u64(0x5eed);
    let mut below = |n: usize| ((u64::from(rng.next_u32()) * n as u64) >> 32) as usize;
    let mut found: Vec<Vec<Command>> = Vec::new();
    let mut seen = HashSet::new();
    for _ in 0..PLAYOUTS {
        if found.len() >= ENOUGH_GAMES {
            break;
        }
        let mut game = Position::initial();
        let mut path: Vec<Command> = Vec::new();
        while path.len() + 1 < limit {
            let moves: Vec<(Move, Class)> = game
                .moves()
                .into_iter()
                .map(|m| (m, class_of(&mut game.clone(), m.into())))
                .collect();
            let finishing: Vec<Command> = match class {
                Class::Valid { .. } => moves
                    .iter()
                    .filter(|(_, c)| c == class)
                    .map(|&(m, _)| m.into())
                    .collect(),
                Class::Invalid(..) => invalid_commands(&game, class),
            };
            if !finishing.is_empty() {
                path.push(finishing[below(finishing.len())]);
                if seen.insert(path.clone()) {
                    found.push(path);
                }
                break;
            }
            let checks: Vec<Move> = moves
                .iter()
                .filter(|(_, c)| matches!(c, Class::Valid { check: true, .. }))
                .map(|&(m, _)| m)
                .collect();
            // A command refused because the game is over needs a game that
            // ends: take a captain whenever one can be taken.
            let ending = moves
                .iter()
                .find(|(_, c)| matches!(c, Class::Valid { over: true, .. }))
                .filter(|_| matches!(class, Class::Invalid(GAME_OVER, ..)));
            let m = if let Some(&(m, _)) = ending {
                m
            } else if !checks.is_empty() && below(2) == 0 {
                checks[below(checks.len())]
            } else if moves.is_empty() {
                break;
            } else {
                moves[below(moves.len())].0
            };
            game.play_generated(m).expect("a generated move is valid");
            path.push(m.into());
        }
    }
    // Stable: among games of one length, the first found comes first.
    found.sort_by_key(Vec::len);
    found
}

/// The kind of an invalid command that comes after the end of the game.
const GAME_OVER: &str = "game-over";

/// The commands between points of the board that are invalid in `game` in
/// the way `class` says. After the end of the game, the moves the side to
/// move could make if the game went on, when it has any: those are what
/// a program that does not stop at the end gets wrong.
fn invalid_commands(game: &Position, class: &Class) -> Vec<Command> {
    if matches!(class, Class::Invalid(GAME_OVER, ..)) && game.is_over() {
        let would_be: Vec<Command> = game
            .board()
            .points_of(game.turn())
            .flat_map(|from| {
                game.targets(from)
                    .into_iter()
                    .map(move |to| Move { from, to }.into())
            })
            .collect();
        if !would_be.is_empty() {
            return would_be;
        }
    }
    let points: Vec<Point> = (0..10)
        .flat_map(|x| (0..9).filter_map(move |y| Point::new(x, y)))
        .collect();
    let role = match class {
        Class::Invalid(_, role, _) => *role,
        Class::Valid { .. } => return Vec::new(),
    };
    let mut commands = Vec::new();
    for &from in &points {
        // A class that names a role needs a piece of that role to start on.
        if role.is_some() && game.board().get(from).map(|p| p.role) != role {
            continue;
        }
        for &to in &points {
            if let Err(e) = game.validate(Move { from, to }) {
                if invalid_class(e) == *class {
                    commands.push(Move { from, to }.into());
                }
            }
        }
    }
    commands
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
}

/// Shrinks a failing input; see the module documentation. After the
/// search, each pass drops
/// every command the simulator finds invalid, deletes chunks of halving
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
        tried: HashSet::new(),
        deadline: Instant::now() + config.shrink_budget,
        stopped_early: false,
    };
    s.keep(commands, outcome);
    if s.signature.is_some() {
        s.search()?;
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
    Ok(Shrunk {
        minimal: s.current,
        outcome: s.best,
        runs: s.runs,
        stopped_early: s.stopped_early,
    })
}
