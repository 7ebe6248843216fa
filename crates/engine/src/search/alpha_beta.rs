//! The search's algorithm: iterative deepening negamax alpha-beta with
//! principal variation search and aspiration windows over a transposition
//! table, a quiescence search on captures, the reductions, prunings,
//! extensions and move ordering the module's page lists. [`super`] is its
//! interface.

use super::history::{bonus, History, PieceTo};
use super::*;
use crate::tt::NO_EVAL;
use ordering::{MoveList, COUNTER, GOOD_CAPTURE};

mod ordering;
mod quiesce;

/// Late-move reductions by depth and move number, computed once.
fn reduction(depth: i32, moves: usize) -> i32 {
    static TABLE: std::sync::OnceLock<[[u8; 64]; 64]> = std::sync::OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let mut t = [[0u8; 64]; 64];
        for (d, row) in t.iter_mut().enumerate().skip(1) {
            for (m, r) in row.iter_mut().enumerate().skip(1) {
                *r = (0.75 + (d as f64).ln() * (m as f64).ln() / 2.25) as u8;
            }
        }
        t
    });
    i32::from(table[depth.clamp(1, 63) as usize][moves.clamp(1, 63)])
}

/// What the search keeps about each ply of the line it follows.
#[derive(Copy, Clone, Debug, Default)]
struct Frame {
    /// The position's static evaluation ([`NO_EVAL`] in check).
    static_eval: i32,
    /// The move played from this ply, as a piece on its target (`None`:
    /// a null move, or none yet).
    piece_to: Option<PieceTo>,
    /// Whether the move played from this ply was a null move.
    null: bool,
    /// A move this ply's search leaves out (the singular-extension test).
    excluded: Option<Move>,
}

/// The most quiet moves and captures a node remembers having tried, to
/// punish them when a later one cuts off.
const TRIED: usize = 32;

/// Slots of the evaluation cache (a power of two).
const EVAL_CACHE: usize = 1 << 13;
/// An empty slot's evaluation (no evaluation is this low).
const NO_CACHED: i32 = i32::MIN;

/// The static evaluations of positions seen lately, by key: the capture
/// search does not store its positions in the table, and meets the same
/// ones again through other orders of the same captures. The evaluation
/// is a function of the position, so a hit is the same number computed
/// again.
struct EvalCache {
    slots: Vec<std::cell::Cell<(u64, i32)>>,
}

impl EvalCache {
    fn new() -> EvalCache {
        EvalCache {
            slots: vec![std::cell::Cell::new((0, NO_CACHED)); EVAL_CACHE],
        }
    }

    #[inline]
    fn evaluate<S: SquareSet>(&self, eval: &Evaluator, position: &Position<S>) -> i32 {
        let key = position.key();
        let slot = &self.slots[key as usize & (EVAL_CACHE - 1)];
        let (k, v) = slot.get();
        if k == key && v != NO_CACHED {
            return v;
        }
        let v = eval.evaluate(position);
        slot.set((key, v));
        v
    }
}

/// One search's state.
pub(super) struct Search<'a> {
    eval: Evaluator,
    eval_cache: EvalCache,
    /// The key of the last position whose check was looked at, and whether
    /// its side to move was in check: a parent finds out whether its move
    /// gives check, and the child need not look again (nor the capture
    /// search after the full-width search at the horizon).
    check_hint: Option<(u64, bool)>,
    table: &'a mut Table,
    history: &'a mut History,
    /// The keys of the game's positions and of the line being searched, the
    /// current position last.
    keys: Vec<u64>,
    killers: Vec<[Option<Move>; 2]>,
    stack: Vec<Frame>,
    /// Triangular table of principal variations, one row per ply.
    pv: Vec<Vec<Move>>,
    /// Move lists to reuse, so that the search does not allocate (a pool,
    /// not one per ply: the singular test searches a ply twice over).
    lists: Vec<MoveList>,
    nodes: u64,
    seldepth: u32,
    stop: &'a AtomicBool,
    start: Instant,
    deadline: Option<Instant>,
    /// Where even the first iteration is given up: far past the limits.
    /// It runs whole for a sound first move, but in a game where every
    /// move is a capture (clobber) its capture search alone can take
    /// hours; then the best root move searched so far is played.
    first_deadline: Option<Instant>,
    first_nodes: Option<u64>,
    /// Whether the limits may end the current iteration (not the first).
    may_stop: bool,
    /// The score of the root move at the head of `pv[0]` this iteration.
    root_score: i32,
    stopped: bool,
    draw_plies: Option<u32>,
    /// Whether a repeated position is a draw: the variant has a repetition
    /// rule, claimed or automatic (Duck Chess and the cube have none).
    repetition_draws: bool,
    /// Whether a side that cannot move, not in check, has lost (xiangqi)
    /// rather than drawn.
    stalemate_loses: bool,
    /// Whether a side with no legal move may win or go by the pieces left
    /// (antichess, suicide, losers): then the kernel judges it.
    stuck_judged: bool,
    royalty: Royalty,
    /// Whether the variant has an extinction rule.
    extinction: bool,
    /// Whether the variant has goals (n-check, a flag region), which end
    /// a game with no legal move left to either side.
    goals: bool,
    /// Whether [`Position::generate_captures`] gives every capture without
    /// generating the other moves (and no side is ever without a move to
    /// find out about).
    captures_alone: bool,
    limits: Limits,
    /// Each kind's value to the static exchange (the royal kind's is
    /// [`ROYAL_VALUE`]).
    see_values: [i32; MAX_KINDS],
    pawn: Option<crate::kernel::Kind>,
    /// Root moves left out (the lines already found, for several lines).
    pub(super) excluded: Vec<Move>,
}

impl<'a> Search<'a> {
    /// The principal variation at `ply` is now `m` and then the one found
    /// below it.
    fn extend_pv(&mut self, ply: usize, m: Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        head[ply].clear();
        head[ply].push(m);
        head[ply].extend_from_slice(&tail[0]);
    }

    pub(super) fn new<S: SquareSet>(
        position: &Position<S>,
        game: &[u64],
        limits: Limits,
        stop: &'a AtomicBool,
        table: &'a mut Table,
        history: &'a mut History,
    ) -> Search<'a> {
        let variant = position.rules().variant();
        let mut keys = game.to_vec();
        if keys.last() != Some(&position.key()) {
            keys.push(position.key());
        }
        let start = Instant::now();
        let eval = Evaluator::new(variant);
        let mut see_values = [0; MAX_KINDS];
        for k in variant.all_kinds() {
            see_values[k.index()] = if variant.kind(k).royal {
                ROYAL_VALUE
            } else {
                eval.value(k)
            };
        }
        let pawn = variant
            .all_kinds()
            .find(|&k| variant.kind(k).pawn.is_some());
        let captures_alone = variant.royalty == Royalty::Capture
            && pawn.is_none()
            && variant.extinction.is_none()
            && variant.castling.is_empty()
            && variant.stalemate != crate::kernel::Stalemate::Loss;
        Search {
            eval,
            eval_cache: EvalCache::new(),
            check_hint: None,
            table,
            history,
            keys,
            killers: vec![[None; 2]; MAX_PLY + 2],
            stack: vec![Frame::default(); MAX_PLY + 2],
            pv: (0..=MAX_PLY).map(|_| Vec::with_capacity(MAX_PLY)).collect(),
            lists: (0..=MAX_PLY).map(|_| MoveList::default()).collect(),
            nodes: 0,
            seldepth: 0,
            stop,
            start,
            deadline: limits.think.map(|t| start + t),
            // Saturating: `go nodes` and `go movetime` take any number.
            first_deadline: limits.think.and_then(|t| {
                t.checked_mul(FIRST_ITERATION_OVERRUN)
                    .and_then(|t| t.checked_add(FIRST_ITERATION_GRACE))
                    .and_then(|t| start.checked_add(t))
            }),
            first_nodes: limits.nodes.map(|n| {
                n.saturating_mul(u64::from(FIRST_ITERATION_OVERRUN))
                    .max(FIRST_ITERATION_NODES)
            }),
            may_stop: false,
            root_score: 0,
            stopped: false,
            draw_plies: variant.draws.claim_plies.or(variant.draws.automatic_plies),
            repetition_draws: variant.draws.claim_repetitions.is_some()
                || variant.draws.automatic_repetitions.is_some(),
            stalemate_loses: variant.stalemate == crate::kernel::Stalemate::Loss,
            stuck_judged: variant.stalemate == crate::kernel::Stalemate::Win
                || variant.goals.stalemate_piece_count
                || variant.goals.checkmate_wins
                || variant.goals.draw_odds.is_some(),
            royalty: variant.royalty,
            extinction: variant.extinction.is_some(),
            goals: variant.goals.any(),
            captures_alone,
            limits,
            see_values,
            pawn,
            excluded: Vec::new(),
        }
    }

    /// The capture search's score of `position`, with a full window.
    pub(super) fn quiesce_root<S: SquareSet>(&mut self, position: &Position<S>) -> i32 {
        self.quiesce(position, -INFINITY, INFINITY, 0, 0)
    }

    pub(super) fn run<S: SquareSet>(
        &mut self,
        root: &Position<S>,
        info: &mut dyn FnMut(&SearchResult),
    ) -> SearchResult {
        let max_depth = self.limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        let mut result: Option<SearchResult> = None;
        let mut last = 0;
        for depth in 1..=max_depth {
            // The first iteration always completes; later ones may be cut.
            self.may_stop = depth > 1;
            let score = self.aspirate(root, depth as i32, last);
            if self.stopped {
                // Cut inside an iteration: a root move at the head of the
                // line was searched whole and beat every move searched
                // before it, the last iteration's best first among them.
                if let (Some(last), Some(&best)) = (result.as_mut(), self.pv[0].first()) {
                    if best != last.best {
                        last.best = best;
                        last.pv = self.pv[0].clone();
                        last.score = Score::from_internal(self.root_score);
                    }
                }
                break;
            }
            last = score;
            let pv = self.pv[0].clone();
            let Some(&best) = pv.first() else { break };
            let found = SearchResult {
                best,
                score: Score::from_internal(score),
                pv,
                depth,
                seldepth: self.seldepth,
                nodes: self.nodes,
                elapsed: self.start.elapsed(),
            };
            info(&found);
            result = Some(found);
            // Searching to a depth asked for goes there; otherwise a mate of
            // `n` plies found at a depth of at least `n` is the shortest
            // there is, and searching deeper cannot change it.
            if self.limits.depth.is_none()
                && score.abs() > MATE_BOUND
                && MATE - score.abs() <= depth as i32
            {
                break;
            }
            if self.out_of_time() {
                break;
            }
        }
        // Stopped inside the first iteration: the best root move found so
        // far, else the first legal one, so that there is always a move.
        let mut result = result.unwrap_or_else(|| {
            let best = self.pv[0]
                .first()
                .copied()
                .or_else(|| {
                    root.legal_moves()
                        .into_iter()
                        .find(|m| !self.excluded.contains(m))
                })
                .expect("a position with a legal move");
            SearchResult {
                best,
                score: Score::Centipawns(0),
                pv: vec![best],
                depth: 0,
                seldepth: self.seldepth,
                nodes: self.nodes,
                elapsed: self.start.elapsed(),
            }
        });
        result.nodes = self.nodes;
        result.elapsed = self.start.elapsed();
        result
    }

    /// Whether a new iteration should not start. Against a clock's aim:
    /// once half of it is gone (the next iteration takes longer than all
    /// before it together). With a fixed time alone, never: the deadline
    /// cuts the last iteration, and what it searched whole is kept.
    fn out_of_time(&self) -> bool {
        let elapsed = self.start.elapsed();
        match self.limits.aim {
            Some(aim) => elapsed * 2 > aim,
            None => false,
        }
    }

    /// The root search with a window around the last iteration's score,
    /// widened until the score falls inside it.
    fn aspirate<S: SquareSet>(&mut self, root: &Position<S>, depth: i32, last: i32) -> i32 {
        if depth < 4 || last.abs() > MATE_BOUND {
            return self.negamax(root, depth, -INFINITY, INFINITY, 0, false);
        }
        let mut delta = ASPIRATION;
        let (mut alpha, mut beta) = (last - delta, last + delta);
        loop {
            let score = self.negamax(root, depth, alpha, beta, 0, false);
            if self.stopped {
                return score;
            }
            if score <= alpha {
                alpha = (alpha - delta).max(-INFINITY);
            } else if score >= beta {
                beta = (beta + delta).min(INFINITY);
            } else {
                return score;
            }
            delta *= 2;
            if delta > 1000 {
                alpha = -INFINITY;
                beta = INFINITY;
            }
        }
    }

    /// Whether to give up the current iteration.
    #[inline]
    fn poll(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        // The node limit to the node (a comparison), the clock and the
        // stop flag every so often (a system call, a shared load).
        let node_limit = if self.may_stop {
            self.limits.nodes
        } else {
            self.first_nodes
        };
        if node_limit.is_some_and(|n| self.nodes >= n) {
            self.stopped = true;
        } else if self.nodes.is_multiple_of(CHECK_EVERY) {
            let asked = self.stop.load(Ordering::Relaxed);
            let deadline = if self.may_stop {
                self.deadline
            } else {
                self.first_deadline
            };
            let late = deadline.is_some_and(|d| Instant::now() >= d);
            if asked || late {
                self.stopped = true;
            }
        }
        self.stopped
    }

    /// Whether the position at the end of `keys` is drawn by the variant's
    /// rules. A mate comes first: at the move limit, a side mated is mated.
    fn is_draw<S: SquareSet>(&self, position: &Position<S>) -> bool {
        let halfmove = position.halfmove();
        if self.draw_plies.is_some_and(|n| halfmove >= n) {
            return !(position.is_check() && position.count_legal() == 0);
        }
        // A position recurs only with the same side to move and without a
        // capture or pawn move between; it is a draw only where the
        // variant has a repetition rule.
        if !self.repetition_draws {
            return position.is_dead();
        }
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

    /// The score, to the side to move, of a position the extinction rule
    /// or a goal (the last check given, a flag reached) has ended.
    #[inline]
    fn extinct<S: SquareSet>(&self, position: &Position<S>, ply: usize) -> Option<i32> {
        if !self.extinction && !self.goals {
            return None;
        }
        let ended = match self.extinction {
            true => position.extinction(),
            false => None,
        }
        .or_else(|| self.goals.then(|| position.goal_outcome()).flatten());
        Some(match ended? {
            Outcome::Decisive { winner, .. } if winner == position.turn() => MATE - ply as i32,
            Outcome::Decisive { .. } => -MATE + ply as i32,
            Outcome::Draw(_) => 0,
        })
    }

    pub(super) fn is_capture<S: SquareSet>(position: &Position<S>, m: Move) -> bool {
        m.kind == MoveKind::EnPassant || position.by_color(!position.turn()).contains(m.to())
    }

    /// Whether the side to move has pieces besides pawns and its royal
    /// piece: without them a null move may miss a zugzwang.
    fn has_officers<S: SquareSet>(&self, position: &Position<S>) -> bool {
        let own = position.by_color(position.turn());
        let mut rest = own;
        if let Some(k) = self.eval.royal() {
            rest &= !position.by_kind(k);
        }
        if let Some(k) = self.pawn {
            rest &= !position.by_kind(k);
        }
        rest.any()
    }

    /// For `Royalty::Capture` variants: the side to move can take the
    /// other side's royal piece, and so wins on its move.
    #[inline]
    fn takes_royal<S: SquareSet>(&self, position: &Position<S>) -> bool {
        self.royalty == Royalty::Capture
            && position.royal_square(!position.turn()).is_some_and(|k| {
                position
                    .attackers(k, position.turn(), position.occupied())
                    .any()
            })
    }

    /// Whether the side to move is in check, from the hint when it is of
    /// this position.
    #[inline]
    fn in_check<S: SquareSet>(&mut self, position: &Position<S>) -> bool {
        let key = position.key();
        if let Some((k, check)) = self.check_hint {
            if k == key {
                return check;
            }
        }
        let check = position.is_check();
        self.check_hint = Some((key, check));
        check
    }

    /// The position's static evaluation (through the cache).
    #[inline]
    fn evaluate<S: SquareSet>(&self, position: &Position<S>) -> i32 {
        self.eval_cache.evaluate(&self.eval, position)
    }

    /// The position's static evaluation, from the table when stored there.
    #[inline]
    fn static_eval<S: SquareSet>(&self, position: &Position<S>, entry: Option<Entry>) -> i32 {
        match entry {
            Some(e) if e.eval != NO_EVAL => e.eval,
            _ => self.evaluate(position),
        }
    }

    /// The alpha-beta search of `position` to `depth` plies, `ply` plies
    /// from the root; `cut` marks a node expected to fail high (a null
    /// window's child of a node expected to fail low, and so on).
    fn negamax<S: SquareSet>(
        &mut self,
        position: &Position<S>,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        cut: bool,
    ) -> i32 {
        self.pv[ply].clear();
        if self.poll() {
            return 0;
        }
        if self.royal_lost(position) {
            return -MATE + ply as i32;
        }
        if let Some(score) = self.extinct(position, ply) {
            return score;
        }
        let excluded = self.stack[ply].excluded;
        if ply > 0 {
            if self.is_draw(position) {
                return 0;
            }
            // Taking the royal piece wins at once: no need to search.
            if excluded.is_none() && self.takes_royal(position) {
                return MATE - ply as i32 - 1;
            }
            // No mate found from here can beat one already found nearer.
            alpha = alpha.max(-MATE + ply as i32);
            beta = beta.min(MATE - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
        }
        if ply >= MAX_PLY - 1 {
            return self.evaluate(position);
        }
        let in_check = self.in_check(position);
        // Checks are searched one ply deeper, so mating attacks are seen
        // through; bounded so a perpetual cannot run on.
        let mut depth = if in_check && (ply as i32) < 2 * depth + 8 {
            depth + 1
        } else {
            depth
        };
        if depth <= 0 {
            return self.quiesce(position, alpha, beta, ply, 0);
        }
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply as u32);
        let pv_node = beta - alpha > 1;
        let key = position.key();
        let entry = if excluded.is_none() {
            self.table.probe(key)
        } else {
            None
        };
        let tt_move = entry.and_then(|e| e.best);
        if let Some(e) = entry {
            if !pv_node && ply > 0 && e.depth as i32 >= depth {
                let score = from_table(e.score, ply);
                let cut_off = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                    Bound::Empty => false,
                };
                if cut_off {
                    return score;
                }
            }
        }
        // The static evaluation, and a better guess at the position's worth
        // where the table's bound says which way it is off.
        let (static_eval, eval) = if in_check {
            (NO_EVAL, -INFINITY)
        } else {
            let s = if excluded.is_some() {
                self.stack[ply].static_eval
            } else {
                self.static_eval(position, entry)
            };
            let guess = match entry {
                Some(e) if e.score.abs() < MATE_BOUND => match e.bound {
                    Bound::Lower if e.score > s => e.score,
                    Bound::Upper if e.score < s => e.score,
                    Bound::Exact => e.score,
                    _ => s,
                },
                _ => s,
            };
            (s, guess)
        };
        self.stack[ply].static_eval = static_eval;
        // Whether the side to move stands better than two plies before.
        let improving = static_eval != NO_EVAL
            && ply >= 2
            && self.stack[ply - 2].static_eval != NO_EVAL
            && static_eval > self.stack[ply - 2].static_eval;
        self.killers[ply + 1] = [None; 2];
        let beta_is_mate = beta.abs() > MATE_BOUND;
        if !pv_node && !in_check && ply > 0 && excluded.is_none() && !beta_is_mate {
            // Reverse futility: far above beta with little depth left.
            if depth <= 8 && eval - 90 * (depth - i32::from(improving)) >= beta && eval < MATE_BOUND
            {
                return eval;
            }
            // Null move: if passing still holds beta, a real move will.
            let after_null = ply > 0 && self.stack[ply - 1].null;
            if !after_null
                && depth >= 3
                && eval >= beta
                && static_eval >= beta - 20 * depth + 160
                && self.has_officers(position)
            {
                let r = 3 + depth / 4 + ((eval - beta) / 200).min(3);
                let child = position.null_move();
                self.stack[ply].piece_to = None;
                self.stack[ply].null = true;
                self.keys.push(child.key());
                let score = -self.negamax(&child, depth - 1 - r, -beta, -beta + 1, ply + 1, !cut);
                self.keys.pop();
                self.stack[ply].null = false;
                if self.stopped {
                    return 0;
                }
                if score >= beta {
                    return if score > MATE_BOUND { beta } else { score };
                }
            }
        }
        // Without a move from the table, a node worth searching deeply is
        // searched a ply shallower first (its next visit will have one).
        if tt_move.is_none() && depth >= 4 && (pv_node || cut) && excluded.is_none() {
            depth -= 1;
        }
        let mut list = self.lists.pop().unwrap_or_default();
        list.moves.clear();
        position.generate_legal(&mut list.moves);
        if ply == 0 && !self.excluded.is_empty() {
            list.moves.retain(|m| !self.excluded.contains(m));
        }
        if list.moves.is_empty() {
            self.lists.push(list);
            return if excluded.is_some() {
                alpha
            } else if self.stuck_judged {
                match position.stuck_outcome() {
                    Outcome::Decisive { winner, .. } if winner == position.turn() => {
                        MATE - ply as i32
                    }
                    Outcome::Decisive { .. } => -MATE + ply as i32,
                    Outcome::Draw(_) => 0,
                }
            } else if in_check || self.stalemate_loses {
                -MATE + ply as i32
            } else {
                0
            };
        }
        self.order_moves(position, &mut list, ply, tt_move);
        let tt_capture = tt_move.is_some_and(|m| Self::is_capture(position, m));
        let original_alpha = alpha;
        let mut best_score = -INFINITY;
        let mut best_move = None;
        let mut searched = 0usize;
        let mut quiets: [Option<Move>; TRIED] = [None; TRIED];
        let mut captures: [Option<Move>; TRIED] = [None; TRIED];
        let (mut quiets_tried, mut captures_tried) = (0usize, 0usize);
        for i in 0..list.moves.len() {
            let (m, order) = list.pick(i);
            if Some(m) == excluded {
                continue;
            }
            let capture = Self::is_capture(position, m);
            let quiet = !capture && m.promotion.is_none();
            let mut child = *position;
            child.play_unchecked(m);
            let gives_check = !in_check && self.in_check(&child);
            let history = if quiet {
                self.quiet_history(position, m, ply)
            } else {
                self.capture_history(position, m)
            };
            // Near the leaves, moves that cannot matter are not searched.
            if ply > 0 && best_score > -MATE_BOUND {
                let lmr_depth = (depth - 1 - reduction(depth, searched + 1)).max(0);
                if quiet && !gives_check {
                    let late = (3 + depth * depth) / (2 - i32::from(improving));
                    if quiets_tried as i32 >= late {
                        continue;
                    }
                    if !in_check && lmr_depth <= 6 && eval + 120 + 110 * lmr_depth <= alpha {
                        continue;
                    }
                    if lmr_depth <= 4 && history < -3000 * depth {
                        continue;
                    }
                    if lmr_depth <= 8
                        && order < COUNTER
                        && self.see(position, m) < -30 * lmr_depth * lmr_depth
                    {
                        continue;
                    }
                } else if !quiet
                    && depth <= 6
                    && order < GOOD_CAPTURE
                    && Some(m) != tt_move
                    && self.see(position, m) < -200 * depth
                {
                    continue;
                }
            }
            // Singular extension: a table move that alone holds its score
            // is searched deeper; if another move also beats beta, the
            // node cuts off at once (multi-cut).
            let mut extension = 0;
            if Some(m) == tt_move && ply > 0 && depth >= 7 && excluded.is_none() {
                if let Some(e) = entry {
                    let tt_score = from_table(e.score, ply);
                    if e.bound == Bound::Lower
                        && e.depth as i32 >= depth - 3
                        && tt_score.abs() < MATE_BOUND
                    {
                        let singular_beta = tt_score - 2 * depth;
                        self.stack[ply].excluded = Some(m);
                        let score = self.negamax(
                            position,
                            (depth - 1) / 2,
                            singular_beta - 1,
                            singular_beta,
                            ply,
                            cut,
                        );
                        self.stack[ply].excluded = None;
                        self.pv[ply].clear();
                        if self.stopped {
                            self.lists.push(list);
                            return 0;
                        }
                        if score < singular_beta {
                            extension = 1;
                        } else if singular_beta >= beta {
                            self.lists.push(list);
                            return singular_beta;
                        }
                    }
                }
            }
            if quiet {
                if quiets_tried < TRIED {
                    quiets[quiets_tried] = Some(m);
                }
                quiets_tried += 1;
            } else {
                if captures_tried < TRIED {
                    captures[captures_tried] = Some(m);
                }
                captures_tried += 1;
            }
            searched += 1;
            let new_depth = depth - 1 + extension;
            self.stack[ply].piece_to = Some(self.piece_to(position, m));
            self.keys.push(child.key());
            let score = if searched == 1 {
                -self.negamax(&child, new_depth, -beta, -alpha, ply + 1, !pv_node && !cut)
            } else {
                // Late moves are searched shallower first, the more so the
                // worse their record.
                let mut r = 0;
                if depth >= 2 && (quiet || order < GOOD_CAPTURE) {
                    r = reduction(depth, searched);
                    if pv_node {
                        r -= 1;
                    }
                    if !improving {
                        r += 1;
                    }
                    if cut {
                        r += 1;
                    }
                    if tt_capture {
                        r += 1;
                    }
                    if gives_check || in_check {
                        r -= 1;
                    }
                    if order >= COUNTER {
                        r -= 1;
                    }
                    if quiet {
                        r -= history / 8192;
                    } else {
                        r /= 2;
                    }
                    r = r.clamp(0, new_depth - 1);
                }
                let mut probe =
                    -self.negamax(&child, new_depth - r, -alpha - 1, -alpha, ply + 1, true);
                if r > 0 && probe > alpha {
                    probe = -self.negamax(&child, new_depth, -alpha - 1, -alpha, ply + 1, !cut);
                }
                if pv_node && probe > alpha && probe < beta {
                    -self.negamax(&child, new_depth, -beta, -alpha, ply + 1, false)
                } else {
                    probe
                }
            };
            self.keys.pop();
            if self.stopped {
                self.lists.push(list);
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_move = Some(m);
                if score > alpha {
                    alpha = score;
                    self.extend_pv(ply, m);
                    if ply == 0 {
                        self.root_score = score;
                    }
                    if score >= beta {
                        self.reward_cutoff(
                            position,
                            m,
                            quiet,
                            depth,
                            ply,
                            &quiets[..quiets_tried.min(TRIED)],
                            &captures[..captures_tried.min(TRIED)],
                        );
                        break;
                    }
                }
            }
        }
        self.lists.push(list);
        if best_move.is_none() {
            // Every move was left out or pruned.
            return if excluded.is_some() {
                alpha
            } else {
                static_eval.max(alpha)
            };
        }
        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        // A root searched without some of its moves is no root to keep.
        if excluded.is_none() && (ply > 0 || self.excluded.is_empty()) {
            self.table.store(Entry {
                key,
                best: best_move,
                score: to_table(best_score, ply),
                eval: static_eval,
                depth: depth as i16,
                bound,
                age: 0,
            });
        }
        best_score
    }

    /// `m` cut off at `ply`: its record gains, those of the moves tried
    /// before it lose, and a quiet move becomes a killer and the
    /// counter-move to the move before.
    #[allow(clippy::too_many_arguments)]
    fn reward_cutoff<S: SquareSet>(
        &mut self,
        position: &Position<S>,
        m: Move,
        quiet: bool,
        depth: i32,
        ply: usize,
        quiets: &[Option<Move>],
        captures: &[Option<Move>],
    ) {
        let gain = bonus(depth);
        if quiet {
            if self.killers[ply][0] != Some(m) {
                self.killers[ply][1] = self.killers[ply][0];
                self.killers[ply][0] = Some(m);
            }
            let prev = self.before(ply)[0];
            self.history.set_counter(prev, m);
            self.reward(position, m, true, ply, gain);
            for &q in quiets.iter().flatten().filter(|&&q| q != m) {
                self.reward(position, q, true, ply, -gain);
            }
        } else {
            self.reward(position, m, false, ply, gain);
        }
        for &c in captures.iter().flatten().filter(|&&c| c != m) {
            self.reward(position, c, false, ply, -gain);
        }
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
