//! The search, one for every game: iterative deepening negamax alpha-beta
//! with principal variation search and aspiration windows, a transposition
//! table, a quiescence search on captures (ordered and pruned by static
//! exchange), check extensions, null-move pruning, late-move reductions,
//! reverse-futility and futility pruning, and move ordering by the table's
//! move, captures by static exchange, killer moves and a history table.
//!
//! The search is generic over [`Position<S>`], so each square-set size gets
//! its own compiled loops; [`best`] takes a `&dyn AnyPosition` and runs the
//! loops of its width. Scores are from the side to move's point of view. A
//! mate (or the capture of Duck Chess's captain) is scored by its distance,
//! so the shortest one found is preferred. The pruning makes the search
//! selective: for a proof that a mate is forced, or that none is, see
//! [`super::mate`].
//!
//! Draws follow the variant's data: a position that repeats one of the game
//! or of the line searched (where the variant has a repetition rule: Duck
//! Chess and the cube have none), the claimable (else the automatic) move
//! limit, and dead positions score 0 — but a mate delivered on the move
//! that reaches the move limit is a mate.

use super::eval::Evaluator;
use super::tt::{Bound, Entry, Table};
use crate::kernel::{
    AnyGame, AnyPosition, Move, MoveKind, Outcome, Position, Royalty, SquareSet, MAX_KINDS,
};
use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};
use thiserror::Error;

mod alpha_beta;
mod history;
use alpha_beta::Search;
use history::History;

/// The deepest line the search follows (plies from the root, extensions
/// and captures included).
pub const MAX_PLY: usize = 96;
/// The deepest iteration.
pub const MAX_DEPTH: u32 = 64;
/// The default time budget of the command line's `--think-ms`.
pub const DEFAULT_THINK: Duration = Duration::from_millis(1000);
/// The transposition table's default size in MiB (UCI's `Hash`).
pub const DEFAULT_HASH_MB: usize = 16;

const INFINITY: i32 = 32_000;
/// The score of mating at once; mating `n` plies from the root scores
/// `MATE - n`.
const MATE: i32 = 31_000;
/// Scores beyond this are mates.
const MATE_BOUND: i32 = MATE - MAX_PLY as i32 - 1;
/// How many nodes pass between looks at the clock and the stop flag.
const CHECK_EVERY: u64 = 1024;
/// The first iteration is given up only this many times past the limit
/// (nodes or time), and never before `FIRST_ITERATION_NODES` nodes or
/// `FIRST_ITERATION_GRACE` past the time.
const FIRST_ITERATION_OVERRUN: u32 = 16;
const FIRST_ITERATION_NODES: u64 = 20_000;
const FIRST_ITERATION_GRACE: Duration = Duration::from_millis(100);
/// The longest capture sequence the quiescence search follows.
const QUIESCE_PLIES: u32 = 8;
/// Quiescence plies in which a check is answered by every move; deeper,
/// the position is scored as it stands.
const QUIESCE_EVASION_PLIES: u32 = 2;
/// The first aspiration window around the last iteration's score.
const ASPIRATION: i32 = 30;
/// What a royal piece is worth to the static exchange: more than all else.
const ROYAL_VALUE: i32 = 20_000;

/// How long or how deep to search; whichever limit comes first ends it.
/// The first iteration (depth 1) always completes, so there is always a
/// searched move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub struct Limits {
    /// The time budget: the search stops when it is spent (`None`: no time
    /// limit).
    pub think: Option<Duration>,
    /// The time the search aims to use: no new iteration starts once much
    /// of it is gone (a clock's soft limit; `None`: judged from `think`).
    pub aim: Option<Duration>,
    /// The deepest iteration, in plies (`None`: up to [`MAX_DEPTH`]).
    pub depth: Option<u32>,
    /// The most positions to visit (`None`: no limit).
    pub nodes: Option<u64>,
}

impl Limits {
    /// Search for this long.
    pub fn think(think: Duration) -> Limits {
        Limits {
            think: Some(think),
            ..Limits::default()
        }
    }

    /// Search this many plies deep, however long it takes.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// Search at most this many positions.
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }

    /// Nothing but a stop ends the search (UCI's `go infinite`).
    pub fn infinite() -> Limits {
        Limits::default()
    }
}

/// A score for the side to move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Score {
    /// The side to move is this many hundredths of a pawn ahead (behind
    /// when negative).
    Centipawns(i32),
    /// The side to move mates in this many of its moves; negative: it is
    /// mated after this many of the opponent's moves.
    Mate(i32),
}

impl Score {
    fn from_internal(score: i32) -> Score {
        if score > MATE_BOUND {
            Score::Mate((MATE - score + 1) / 2)
        } else if score < -MATE_BOUND {
            Score::Mate(-((MATE + score) / 2))
        } else {
            Score::Centipawns(score)
        }
    }

    /// An order on scores: a nearer mate above a farther one above any
    /// material, and the other way round for being mated.
    pub fn rank(self) -> i32 {
        match self {
            Score::Centipawns(cp) => cp,
            Score::Mate(n) if n > 0 => MATE - n,
            Score::Mate(n) => -MATE - n,
        }
    }

    /// The same score from the other side's point of view.
    pub fn flipped(self) -> Score {
        match self {
            Score::Centipawns(cp) => Score::Centipawns(-cp),
            Score::Mate(n) => Score::Mate(-n),
        }
    }
}

impl fmt::Display for Score {
    /// `+1.25`, `-0.40`, `mate in 3`, `mated in 2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Score::Centipawns(cp) => {
                let sign = if cp < 0 { '-' } else { '+' };
                let cp = cp.unsigned_abs();
                write!(f, "{sign}{}.{:02}", cp / 100, cp % 100)
            }
            Score::Mate(n) if n > 0 => write!(f, "mate in {n}"),
            Score::Mate(n) => write!(f, "mated in {}", -n),
        }
    }
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play.
    pub best: Move,
    /// Its score for the side to move.
    pub score: Score,
    /// The principal variation: the best move and the best replies after
    /// it, as far as the search saw.
    pub pv: Vec<Move>,
    /// The deepest iteration completed (plies).
    pub depth: u32,
    /// The deepest ply reached, quiescence and extensions included.
    pub seldepth: u32,
    /// Positions visited, quiescence included.
    pub nodes: u64,
    /// How long the search took.
    pub elapsed: Duration,
}

/// Why a search gave no move.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SearchError {
    /// The game is over in this position: there is nothing to play
    /// ([`crate::variants::status::describe`] says how it ended).
    #[error("the game is over")]
    GameOver(Outcome),
}

/// The best move of a position of any variant.
///
/// `history` holds the keys ([`AnyPosition::key`]) of the game's earlier
/// positions, oldest first (the current one may end the list or not), so
/// that the search sees repetitions coming; pass `&[]` for a position
/// without a past. Setting `stop` from another thread ends the search soon
/// after with the deepest completed iteration's move (stopped inside the
/// first iteration: the best root move found so far, or the first legal
/// one, so there is always a move).
///
/// ```
/// use duckchess_engine::search::{best, Limits};
/// use std::sync::atomic::AtomicBool;
/// let start = duckchess_rules::variants::chess::start();
/// let found = best(&start, &[], Limits::depth(2), &AtomicBool::new(false)).unwrap();
/// assert_eq!(found.depth, 2);
/// assert!(start.is_legal(found.best));
/// ```
pub fn best(
    position: &dyn AnyPosition,
    history: &[u64],
    limits: Limits,
    stop: &AtomicBool,
) -> Result<SearchResult, SearchError> {
    Engine::new(DEFAULT_HASH_MB).search(position, history, limits, stop, &mut |_| {})
}

/// The best move in a game's current position, its history included.
///
/// ```
/// use duckchess_engine::search::{best_in_game, Limits};
/// use duckchess_rules::kernel::AnyPosition;
/// use std::sync::atomic::AtomicBool;
/// let game = duckchess_rules::variants::chess::start().new_game();
/// let found = best_in_game(&*game, Limits::depth(1), &AtomicBool::new(false)).unwrap();
/// assert!(game.position().legal_moves().contains(&found.best));
/// ```
pub fn best_in_game(
    game: &dyn AnyGame,
    limits: Limits,
    stop: &AtomicBool,
) -> Result<SearchResult, SearchError> {
    if let Some(outcome) = game.outcome() {
        return Err(SearchError::GameOver(outcome));
    }
    best(game.position(), game.keys(), limits, stop)
}

/// [`best`] for a concrete position type.
pub fn best_of<S: SquareSet>(
    position: &Position<S>,
    history: &[u64],
    limits: Limits,
    stop: &AtomicBool,
) -> Result<SearchResult, SearchError> {
    Engine::new(DEFAULT_HASH_MB).search_of(position, history, limits, stop, &mut |_| {})
}

/// A search that keeps what it learnt between moves (its transposition
/// table), as a UCI engine does through a game.
///
/// ```
/// use duckchess_engine::search::{Engine, Limits};
/// use std::sync::atomic::AtomicBool;
/// let mut engine = Engine::new(1);
/// let start = duckchess_rules::variants::chess::start();
/// let mut depths = Vec::new();
/// let found = engine
///     .search(&start, &[], Limits::depth(3), &AtomicBool::new(false), &mut |r| depths.push(r.depth))
///     .unwrap();
/// assert_eq!(depths, [1, 2, 3]);
/// assert_eq!(found.depth, 3);
/// ```
#[derive(Debug)]
pub struct Engine {
    table: Table,
    /// The move-ordering records, for the board and kinds of the last
    /// position searched.
    history: Option<History>,
}

impl Engine {
    /// An engine with a table of about `hash_mb` MiB.
    pub fn new(hash_mb: usize) -> Engine {
        Engine {
            table: Table::with_megabytes(hash_mb),
            history: None,
        }
    }

    /// Forgets what earlier searches learnt (a new game).
    pub fn clear(&mut self) {
        self.table.clear();
        self.history = None;
    }

    /// Searches `position` (see [`best`]); `info` hears of every completed
    /// iteration.
    pub fn search(
        &mut self,
        position: &dyn AnyPosition,
        history: &[u64],
        limits: Limits,
        stop: &AtomicBool,
        info: &mut dyn FnMut(&SearchResult),
    ) -> Result<SearchResult, SearchError> {
        crate::kernel::with_position!(position.concrete(), p => self.search_of(p, history, limits, stop, info))
    }

    /// [`Engine::search`] for a concrete position type.
    pub fn search_of<S: SquareSet>(
        &mut self,
        position: &Position<S>,
        history: &[u64],
        limits: Limits,
        stop: &AtomicBool,
        info: &mut dyn FnMut(&SearchResult),
    ) -> Result<SearchResult, SearchError> {
        if let Some(outcome) = position.outcome() {
            return Err(SearchError::GameOver(outcome));
        }
        self.search_without(position, history, limits, &[], stop, info)
    }

    /// [`Engine::search_of`] with some root moves left out (UCI's
    /// `searchmoves`, the other way round); `None` when none is left.
    fn search_without<S: SquareSet>(
        &mut self,
        position: &Position<S>,
        history: &[u64],
        limits: Limits,
        excluded: &[Move],
        stop: &AtomicBool,
        info: &mut dyn FnMut(&SearchResult),
    ) -> Result<SearchResult, SearchError> {
        if let Some(outcome) = position.outcome() {
            return Err(SearchError::GameOver(outcome));
        }
        self.table.new_search();
        let records = Self::records_for(&mut self.history, position);
        let mut search = Search::new(position, history, limits, stop, &mut self.table, records);
        search.excluded = excluded.to_vec();
        Ok(search.run(position, info))
    }

    /// The score of `position` once the captures are played out (the
    /// quiescence search alone): where it equals the static evaluation,
    /// the position is quiet, as the evaluation's tuner wants them.
    pub fn quiescence<S: SquareSet>(&mut self, position: &Position<S>) -> i32 {
        let stop = AtomicBool::new(false);
        let records = Self::records_for(&mut self.history, position);
        let mut search = Search::new(
            position,
            &[],
            Limits::default(),
            &stop,
            &mut self.table,
            records,
        );
        search.quiesce_root(position)
    }

    /// The move-ordering records for `position`'s board and kinds, made
    /// anew when the last search was of another game.
    fn records_for<'h, S: SquareSet>(
        history: &'h mut Option<History>,
        position: &Position<S>,
    ) -> &'h mut History {
        let len = position.rules().len();
        let kinds = position.rules().variant().kinds.len();
        if !history.as_ref().is_some_and(|h| h.fits(len, kinds)) {
            *history = Some(History::new(len, kinds));
        }
        history.as_mut().expect("made above")
    }

    /// The best `lines` moves of `position`, each with its score and line
    /// (UCI's MultiPV), deepening one ply at a time: after each depth,
    /// `info` hears every line found at it, best first. The `k`th line is
    /// the best search with the `k − 1` before it left out. Ends at the
    /// limits' depth or time, or when `stop` is set; answers the deepest
    /// complete set of lines.
    pub fn search_lines(
        &mut self,
        position: &dyn AnyPosition,
        history: &[u64],
        limits: Limits,
        lines: usize,
        stop: &AtomicBool,
        info: &mut dyn FnMut(&[SearchResult]),
    ) -> Result<Vec<SearchResult>, SearchError> {
        if let Some(outcome) = position.outcome() {
            return Err(SearchError::GameOver(outcome));
        }
        let legal = position.legal_moves().len();
        let lines = lines.clamp(1, legal.max(1));
        let start = Instant::now();
        let deepest = limits.depth.unwrap_or(MAX_DEPTH).min(MAX_DEPTH);
        let mut done: Vec<SearchResult> = Vec::new();
        for depth in 1..=deepest {
            let mut found: Vec<SearchResult> = Vec::with_capacity(lines);
            for _ in 0..lines {
                let excluded: Vec<Move> = found.iter().map(|r| r.best).collect();
                let left = limits.think.map(|t| t.saturating_sub(start.elapsed()));
                let at_depth = Limits {
                    depth: Some(depth),
                    think: left,
                    aim: None,
                    nodes: limits.nodes,
                };
                let r = crate::kernel::with_position!(position.concrete(), p => self.search_without(p, history, at_depth, &excluded, stop, &mut |_| {}))?;
                if stop.load(Ordering::Relaxed) || r.depth < depth {
                    return Ok(done);
                }
                found.push(r);
            }
            // Best first: a later line may score better once deeper.
            found.sort_by_key(|r| std::cmp::Reverse(r.score.rank()));
            info(&found);
            done = found;
            if limits.think.is_some_and(|t| start.elapsed() * 2 > t) {
                break;
            }
        }
        Ok(done)
    }
}

/// A search running on its own thread, for front ends that keep drawing
/// while the computer thinks (the terminal game's hint, the web page).
///
/// ```
/// use duckchess_engine::search::{Limits, Thinking};
/// let start = duckchess_rules::variants::chess::start();
/// let thinking = Thinking::start(Box::new(start), Vec::new(), Limits::depth(2));
/// let found = thinking.join().unwrap();
/// assert!(start.is_legal(found.best));
/// ```
#[derive(Debug)]
pub struct Thinking {
    stop: std::sync::Arc<AtomicBool>,
    handle: std::thread::JoinHandle<Result<SearchResult, SearchError>>,
}

impl Thinking {
    /// Starts searching `position` (with the game's earlier keys, as for
    /// [`best`]).
    pub fn start(position: Box<dyn AnyPosition>, history: Vec<u64>, limits: Limits) -> Thinking {
        let stop = std::sync::Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        let handle = std::thread::spawn(move || best(&*position, &history, limits, &flag));
        Thinking { stop, handle }
    }

    /// Asks the search to end soon; [`Thinking::join`] then returns the
    /// deepest completed iteration's move.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Whether the result is ready (joining will not wait).
    pub fn is_finished(&self) -> bool {
        self.handle.is_finished()
    }

    /// Waits for the result.
    pub fn join(self) -> Result<SearchResult, SearchError> {
        self.handle
            .join()
            .expect("the search thread does not panic")
    }
}
