//! The search: iterative deepening negamax alpha-beta with principal
//! variation search, a transposition table, quiescence on captures and
//! promotions, check extension, and move ordering by the table's move,
//! captures by most valuable victim and least valuable attacker, killer
//! moves and a history table.
//!
//! The search is generic over [`Position<S>`], so each square-set size gets
//! its own compiled loops; [`best`] takes a `&dyn AnyPosition` and picks the
//! right one. Scores are from the side to move's point of view. A mate is
//! scored by its distance, so the shortest one is preferred; no move is
//! pruned besides alpha-beta itself, so a search to depth `D` sees every
//! mate in `(D + 1) / 2` moves.
//!
//! Draws follow the variant's data: a position that repeats one of the game
//! or of the line searched, the claimable (else the automatic) move limit,
//! and dead positions score 0.

use super::eval::Evaluator;
use super::tt::{Bound, Entry, Table};
use crate::kernel::{
    AnyGame, AnyPosition, Move, MoveKind, Outcome, Position, Royalty, SquareSet, MAX_KINDS,
};
use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};
use thiserror::Error;

/// The deepest line the search follows (plies from the root, extensions
/// and captures included).
pub const MAX_PLY: usize = 96;
/// The deepest iteration.
pub const MAX_DEPTH: u32 = 64;
/// The default time budget of the command line's `--think-ms`.
pub const DEFAULT_THINK: Duration = Duration::from_millis(1000);

const INFINITY: i32 = 32_000;
/// The score of mating at once; mating `n` plies from the root scores
/// `MATE - n`.
const MATE: i32 = 31_000;
/// Scores beyond this are mates.
const MATE_BOUND: i32 = MATE - MAX_PLY as i32 - 1;
/// How many nodes pass between looks at the clock and the stop flag.
const CHECK_EVERY: u64 = 1024;
/// The longest capture sequence the quiescence search follows.
const QUIESCE_PLIES: u32 = 8;
/// Quiescence plies in which a check is answered by every move; deeper,
/// the position is scored as it stands.
const QUIESCE_EVASION_PLIES: u32 = 2;

/// How long or how deep to search; whichever limit comes first ends it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub struct Limits {
    /// The time budget (`None`: no time limit).
    pub think: Option<Duration>,
    /// Unused here (the baseline).
    pub aim: Option<Duration>,
    /// The deepest iteration, in plies (`None`: up to [`MAX_DEPTH`]).
    pub depth: Option<u32>,
    /// Unused here (the baseline).
    pub nodes: Option<u64>,
}

/// The table size of the newer engine's API (unused here).
pub const DEFAULT_HASH_MB: usize = 16;

/// The newer engine's API over this search (the baseline for matches).
#[derive(Debug)]
pub struct Engine;

impl Engine {
    /// An engine.
    pub fn new(_mb: usize) -> Engine {
        Engine
    }
    /// Nothing to forget.
    pub fn clear(&mut self) {}
    /// [`best`], telling `info` of the result.
    pub fn search(
        &mut self,
        position: &dyn AnyPosition,
        history: &[u64],
        limits: Limits,
        stop: &AtomicBool,
        info: &mut dyn FnMut(&SearchResult),
    ) -> Result<SearchResult, SearchError> {
        let found = best(position, history, limits, stop)?;
        info(&found);
        Ok(found)
    }
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
}

impl Limits {
    /// No limit.
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
    /// Unused here (the baseline).
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
/// use duckchess::engine::search::{best, Limits};
/// use std::sync::atomic::AtomicBool;
/// let start = duckchess::variants::chess::start();
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
    crate::kernel::with_position!(position.concrete(), p => best_of(p, history, limits, stop))
}

/// The best move in a game's current position, its history included.
///
/// ```
/// use duckchess::engine::search::{best_in_game, Limits};
/// use duckchess::kernel::AnyPosition;
/// use std::sync::atomic::AtomicBool;
/// let game = duckchess::variants::chess::start().new_game();
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
    if let Some(outcome) = position.outcome() {
        return Err(SearchError::GameOver(outcome));
    }
    let mut search = Search::new(position, history, limits, stop);
    Ok(search.run(position))
}

/// One search's state.
struct Search<'a> {
    eval: Evaluator,
    table: Table,
    /// The keys of the game's positions and of the line being searched, the
    /// current position last.
    keys: Vec<u64>,
    killers: Vec<[Option<Move>; 2]>,
    /// `history[(color * MAX_KINDS + kind) * len + to]`: how often a quiet
    /// move of that piece to that square caused a cut-off, by depth².
    history: Vec<i32>,
    len: usize,
    /// Triangular table of principal variations, one row per ply.
    pv: Vec<Vec<Move>>,
    /// Per ply, the move list and its ordering scores (reused, so the
    /// search does not allocate).
    moves: Vec<Vec<Move>>,
    order: Vec<Vec<i32>>,
    nodes: u64,
    stop: &'a AtomicBool,
    start: Instant,
    deadline: Option<Instant>,
    /// Whether the limits may end the current iteration (not the first).
    may_stop: bool,
    stopped: bool,
    draw_plies: Option<u32>,
    royalty: Royalty,
    limits: Limits,
}

impl<'a> Search<'a> {
    fn new<S: SquareSet>(
        position: &Position<S>,
        history: &[u64],
        limits: Limits,
        stop: &'a AtomicBool,
    ) -> Search<'a> {
        let variant = position.rules().variant();
        let len = position.rules().len();
        let mut keys = history.to_vec();
        if keys.last() != Some(&position.key()) {
            keys.push(position.key());
        }
        let start = Instant::now();
        Search {
            eval: Evaluator::new(variant),
            table: Table::new(18),
            keys,
            killers: vec![[None; 2]; MAX_PLY + 1],
            history: vec![0; 2 * MAX_KINDS * len],
            len,
            pv: (0..=MAX_PLY).map(|_| Vec::with_capacity(MAX_PLY)).collect(),
            moves: (0..=MAX_PLY).map(|_| Vec::with_capacity(64)).collect(),
            order: (0..=MAX_PLY).map(|_| Vec::with_capacity(64)).collect(),
            nodes: 0,
            stop,
            start,
            deadline: limits.think.map(|t| start + t),
            may_stop: false,
            stopped: false,
            draw_plies: variant.draws.claim_plies.or(variant.draws.automatic_plies),
            royalty: variant.royalty,
            limits,
        }
    }

    fn run<S: SquareSet>(&mut self, root: &Position<S>) -> SearchResult {
        let max_depth = self.limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        let mut result: Option<SearchResult> = None;
        for depth in 1..=max_depth {
            self.may_stop = true;
            let score = self.negamax(root, depth as i32, -INFINITY, INFINITY, 0);
            if self.stopped {
                break;
            }
            let pv = self.pv[0].clone();
            let Some(&best) = pv.first() else { break };
            result = Some(SearchResult {
                best,
                score: Score::from_internal(score),
                pv,
                depth,
                seldepth: depth,
                nodes: self.nodes,
                elapsed: self.start.elapsed(),
            });
            // A mate of `n` plies found at a depth of at least `n` is the
            // shortest there is: searching deeper cannot change it.
            if score.abs() > MATE_BOUND && MATE - score.abs() <= depth as i32 {
                break;
            }
            // The next iteration takes longer than all before it together:
            // do not start one that cannot finish.
            if let Some(think) = self.limits.think {
                if self.start.elapsed() * 2 > think {
                    break;
                }
            }
        }
        // Stopped inside the first iteration: the best root move found so
        // far, else the first legal one, so that there is always a move.
        let mut result = result.unwrap_or_else(|| {
            let best = self.pv[0]
                .first()
                .copied()
                .or_else(|| root.legal_moves().first().copied())
                .expect("a position with a legal move");
            SearchResult {
                best,
                score: Score::Centipawns(0),
                pv: vec![best],
                depth: 0,
                seldepth: 0,
                nodes: self.nodes,
                elapsed: self.start.elapsed(),
            }
        });
        result.nodes = self.nodes;
        result.elapsed = self.start.elapsed();
        result
    }

    /// Whether to give up the current iteration.
    #[inline]
    fn poll(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        if self.may_stop && self.nodes % CHECK_EVERY == 0 {
            let late = self.deadline.is_some_and(|d| Instant::now() >= d);
            if late || self.stop.load(Ordering::Relaxed) {
                self.stopped = true;
            }
        }
        self.stopped
    }

    /// Whether the position at the end of `keys` is drawn by the variant's
    /// rules (checkmate is looked at by the caller first).
    fn is_draw<S: SquareSet>(&self, position: &Position<S>) -> bool {
        let halfmove = position.halfmove();
        if self.draw_plies.is_some_and(|n| halfmove >= n) {
            return true;
        }
        // A position recurs only with the same side to move and without a
        // capture or pawn move between.
        let n = self.keys.len();
        let current = self.keys[n - 1];
        let back = (halfmove as usize).min(n - 1);
        if (4..=back)
            .step_by(2)
            .any(|i| self.keys[n - 1 - i] == current)
        {
            return true;
        }
        position.is_dead()
    }

    /// For `Royalty::Capture` variants: the side to move has lost its royal
    /// piece.
    #[inline]
    fn royal_lost<S: SquareSet>(&self, position: &Position<S>) -> bool {
        self.royalty == Royalty::Capture
            && self
                .eval
                .royal()
                .is_some_and(|k| position.pieces(position.turn(), k).is_empty())
    }

    fn is_capture<S: SquareSet>(position: &Position<S>, m: Move) -> bool {
        m.kind == MoveKind::EnPassant || position.by_color(!position.turn()).contains(m.to())
    }

    fn victim_value<S: SquareSet>(&self, position: &Position<S>, m: Move) -> i32 {
        if m.kind == MoveKind::EnPassant {
            return position
                .rules()
                .variant()
                .all_kinds()
                .find(|k| position.rules().variant().kind(*k).pawn.is_some())
                .map_or(100, |k| self.eval.value(k));
        }
        position
            .piece_at(m.to())
            .map_or(0, |p| self.eval.value(p.kind).max(1))
    }

    fn history_index<S: SquareSet>(&self, position: &Position<S>, m: Move) -> usize {
        let kind = position.piece_at(m.from()).map_or(0, |p| p.kind.index());
        (position.turn().index() * MAX_KINDS + kind) * self.len + m.to()
    }

    /// Scores the moves of `ply` for ordering.
    fn order_moves<S: SquareSet>(&mut self, position: &Position<S>, ply: usize, tt: Option<Move>) {
        let mut order = std::mem::take(&mut self.order[ply]);
        order.clear();
        for &m in &self.moves[ply] {
            let score = if Some(m) == tt {
                4_000_000
            } else if Self::is_capture(position, m) || m.promotion.is_some() {
                let attacker = position
                    .piece_at(m.from())
                    .map_or(0, |p| self.eval.value(p.kind));
                let promoted = m.promotion.map_or(0, |k| self.eval.value(k));
                3_000_000 + 16 * (self.victim_value(position, m) + promoted) - attacker / 16
            } else if self.killers[ply][0] == Some(m) {
                2_000_001
            } else if self.killers[ply][1] == Some(m) {
                2_000_000
            } else {
                self.history[self.history_index(position, m)].min(1_999_999)
            };
            order.push(score);
        }
        self.order[ply] = order;
    }

    /// Takes the best-ordered move left among `from..` to `from`.
    #[inline]
    fn pick(&mut self, ply: usize, from: usize) -> Move {
        let order = &mut self.order[ply];
        let moves = &mut self.moves[ply];
        let mut best = from;
        for i in from + 1..order.len() {
            if order[i] > order[best] {
                best = i;
            }
        }
        order.swap(from, best);
        moves.swap(from, best);
        moves[from]
    }

    fn negamax<S: SquareSet>(
        &mut self,
        position: &Position<S>,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
    ) -> i32 {
        self.pv[ply].clear();
        if self.poll() {
            return 0;
        }
        if self.royal_lost(position) {
            return -MATE + ply as i32;
        }
        if ply > 0 {
            if self.is_draw(position) {
                return 0;
            }
            // No mate found from here can beat one already found nearer.
            alpha = alpha.max(-MATE + ply as i32);
            beta = beta.min(MATE - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
        }
        if ply >= MAX_PLY - 1 {
            return self.eval.evaluate(position);
        }
        let in_check = position.is_check();
        // Checks are searched one ply deeper, so mating attacks are seen
        // through; bounded so a perpetual cannot run on.
        let depth = if in_check && (ply as i32) < 2 * depth + 8 {
            depth + 1
        } else {
            depth
        };
        if depth <= 0 {
            return self.quiesce(position, alpha, beta, ply, 0);
        }
        self.nodes += 1;
        let pv_node = beta - alpha > 1;
        let key = position.key();
        let entry = self.table.probe(key);
        if let Some(e) = entry {
            if !pv_node && ply > 0 && e.depth as i32 >= depth {
                let score = from_table(e.score, ply);
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                    Bound::Empty => false,
                };
                if cut {
                    return score;
                }
            }
        }
        let mut moves = std::mem::take(&mut self.moves[ply]);
        moves.clear();
        position.generate_legal(&mut moves);
        self.moves[ply] = moves;
        let count = self.moves[ply].len();
        if count == 0 {
            return if in_check { -MATE + ply as i32 } else { 0 };
        }
        self.order_moves(position, ply, entry.and_then(|e| e.best));
        let original_alpha = alpha;
        let mut best_score = -INFINITY;
        let mut best_move = None;
        for i in 0..count {
            let m = self.pick(ply, i);
            let mut child = *position;
            child.play_unchecked(m);
            self.keys.push(child.key());
            let score = if i == 0 {
                -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1)
            } else {
                let probe = -self.negamax(&child, depth - 1, -alpha - 1, -alpha, ply + 1);
                if probe > alpha && probe < beta {
                    -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1)
                } else {
                    probe
                }
            };
            self.keys.pop();
            if self.stopped {
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_move = Some(m);
                if score > alpha {
                    alpha = score;
                    let (head, tail) = self.pv.split_at_mut(ply + 1);
                    head[ply].clear();
                    head[ply].push(m);
                    head[ply].extend_from_slice(&tail[0]);
                    if score >= beta {
                        if !Self::is_capture(position, m) && m.promotion.is_none() {
                            if self.killers[ply][0] != Some(m) {
                                self.killers[ply][1] = self.killers[ply][0];
                                self.killers[ply][0] = Some(m);
                            }
                            let h = self.history_index(position, m);
                            self.history[h] = (self.history[h] + depth * depth).min(1_999_999);
                        }
                        break;
                    }
                }
            }
        }
        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.table.store(Entry {
            key,
            best: best_move,
            score: to_table(best_score, ply),
            depth: depth as i16,
            bound,
        });
        best_score
    }

    /// Captures and promotions only (every move when in check, in its
    /// first plies), until the position is quiet. `qply` counts its plies:
    /// on boards where checks and captures abound (Fourfold's four axes)
    /// the sequences would otherwise grow without bound.
    fn quiesce<S: SquareSet>(
        &mut self,
        position: &Position<S>,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qply: u32,
    ) -> i32 {
        self.pv[ply].clear();
        self.nodes += 1;
        if self.poll() {
            return 0;
        }
        if self.royal_lost(position) {
            return -MATE + ply as i32;
        }
        if position.is_dead() {
            return 0;
        }
        if ply >= MAX_PLY - 1 {
            return self.eval.evaluate(position);
        }
        let in_check = position.is_check();
        let mut moves = std::mem::take(&mut self.moves[ply]);
        moves.clear();
        position.generate_legal(&mut moves);
        if moves.is_empty() {
            self.moves[ply] = moves;
            return if in_check { -MATE + ply as i32 } else { 0 };
        }
        let mut best_score = -INFINITY;
        // Deep in the capture search, a check is scored as it stands (a
        // mate there was found above: no legal move).
        if qply >= QUIESCE_PLIES || (in_check && qply >= QUIESCE_EVASION_PLIES) {
            self.moves[ply] = moves;
            return self.eval.evaluate(position);
        }
        if !in_check {
            let stand = self.eval.evaluate(position);
            if stand >= beta {
                self.moves[ply] = moves;
                return stand;
            }
            alpha = alpha.max(stand);
            best_score = stand;
            moves.retain(|&m| Self::is_capture(position, m) || m.promotion.is_some());
        }
        self.moves[ply] = moves;
        self.order_moves(position, ply, None);
        for i in 0..self.moves[ply].len() {
            let m = self.pick(ply, i);
            let mut child = *position;
            child.play_unchecked(m);
            let score = -self.quiesce(&child, -beta, -alpha, ply + 1, qply + 1);
            if self.stopped {
                return 0;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    alpha = score;
                    let (head, tail) = self.pv.split_at_mut(ply + 1);
                    head[ply].clear();
                    head[ply].push(m);
                    head[ply].extend_from_slice(&tail[0]);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        best_score
    }
}

/// Mate scores are stored relative to the node, so that a mate found
/// through another path keeps its true distance from the root.
fn to_table(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score + ply as i32
    } else if score < -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_table(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score - ply as i32
    } else if score < -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// A search running on its own thread, for front ends that keep drawing
/// while the computer thinks (the terminal game's hint, the web page).
///
/// ```
/// use duckchess::engine::search::{Limits, Thinking};
/// let start = duckchess::variants::chess::start();
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
