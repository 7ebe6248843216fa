//! The search's algorithm: iterative deepening negamax alpha-beta with
//! principal variation search and aspiration windows over a transposition
//! table, a quiescence search on captures, the reductions, prunings and
//! move ordering the module's page lists. [`super`] is its interface.

use super::*;

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

/// One search's state.
pub(super) struct Search<'a> {
    eval: Evaluator,
    table: &'a mut Table,
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
    seldepth: u32,
    stop: &'a AtomicBool,
    start: Instant,
    deadline: Option<Instant>,
    /// Whether the limits may end the current iteration (not the first).
    may_stop: bool,
    /// The score of the root move at the head of `pv[0]` this iteration.
    root_score: i32,
    stopped: bool,
    draw_plies: Option<u32>,
    /// Whether a side that cannot move, not in check, has lost (xiangqi)
    /// rather than drawn.
    stalemate_loses: bool,
    royalty: Royalty,
    /// Whether the variant has an extinction rule.
    extinction: bool,
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
        history: &[u64],
        limits: Limits,
        stop: &'a AtomicBool,
        table: &'a mut Table,
    ) -> Search<'a> {
        let variant = position.rules().variant();
        let len = position.rules().len();
        let mut keys = history.to_vec();
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
        Search {
            eval,
            table,
            keys,
            killers: vec![[None; 2]; MAX_PLY + 1],
            history: vec![0; 2 * MAX_KINDS * len],
            len,
            pv: (0..=MAX_PLY).map(|_| Vec::with_capacity(MAX_PLY)).collect(),
            moves: (0..=MAX_PLY).map(|_| Vec::with_capacity(64)).collect(),
            order: (0..=MAX_PLY).map(|_| Vec::with_capacity(64)).collect(),
            nodes: 0,
            seldepth: 0,
            stop,
            start,
            deadline: limits.think.map(|t| start + t),
            may_stop: false,
            root_score: 0,
            stopped: false,
            draw_plies: variant.draws.claim_plies.or(variant.draws.automatic_plies),
            stalemate_loses: variant.stalemate == crate::kernel::Stalemate::Loss,
            royalty: variant.royalty,
            extinction: variant.extinction.is_some(),
            limits,
            see_values,
            pawn,
            excluded: Vec::new(),
        }
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
        if self.may_stop && self.limits.nodes.is_some_and(|n| self.nodes >= n) {
            self.stopped = true;
        } else if self.nodes % CHECK_EVERY == 0 {
            let asked = self.stop.load(Ordering::Relaxed);
            let late = self.may_stop && self.deadline.is_some_and(|d| Instant::now() >= d);
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

    /// The score, to the side to move, of a position the extinction rule
    /// has ended.
    #[inline]
    fn extinct<S: SquareSet>(&self, position: &Position<S>, ply: usize) -> Option<i32> {
        if !self.extinction {
            return None;
        }
        Some(match position.extinction()? {
            Outcome::Decisive { winner, .. } if winner == position.turn() => MATE - ply as i32,
            Outcome::Decisive { .. } => -MATE + ply as i32,
            Outcome::Draw(_) => 0,
        })
    }

    fn is_capture<S: SquareSet>(position: &Position<S>, m: Move) -> bool {
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

    /// What a capture takes, to the static exchange.
    fn victim<S: SquareSet>(&self, position: &Position<S>, m: Move) -> i32 {
        if m.kind == MoveKind::EnPassant {
            self.pawn.map_or(100, |k| self.see_values[k.index()])
        } else {
            position
                .piece_at(m.to())
                .map_or(0, |p| self.see_values[p.kind.index()])
        }
    }

    /// The static exchange on a capture's target: what the side to move
    /// gains when both sides take back with their least valuable piece
    /// while it pays (pins ignored).
    fn see<S: SquareSet>(&self, position: &Position<S>, m: Move) -> i32 {
        let target = m.to();
        let value = |k: crate::kernel::Kind| self.see_values[k.index()];
        let victim = self.victim(position, m);
        let Some(mover) = position.piece_at(m.from()) else {
            return victim;
        };
        let mut occupied = position.occupied() ^ S::single(m.from());
        let mut gains = [0i32; 40];
        gains[0] = victim;
        let mut on_square = m.promotion.map_or(value(mover.kind), value);
        let mut side = !position.turn();
        let mut d = 0;
        while d + 1 < gains.len() {
            let attackers = position.attackers(target, side, occupied) & occupied;
            if attackers.is_empty() {
                break;
            }
            // The least valuable attacker takes.
            let Some((square, worth)) = attackers
                .squares()
                .filter_map(|s| position.piece_at(s).map(|p| (s, value(p.kind))))
                .min_by_key(|&(_, v)| v)
            else {
                break;
            };
            d += 1;
            gains[d] = on_square - gains[d - 1];
            if gains[d].max(-gains[d - 1]) < 0 {
                break;
            }
            occupied ^= S::single(square);
            on_square = worth;
            side = !side;
        }
        while d > 0 {
            gains[d - 1] = -(-gains[d - 1]).max(gains[d]);
            d -= 1;
        }
        gains[0]
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
                8_000_000
            } else if Self::is_capture(position, m) || m.promotion.is_some() {
                let promoted = m.promotion.map_or(0, |k| self.eval.value(k));
                let victim = self.victim(position, m);
                let attacker = position
                    .piece_at(m.from())
                    .map_or(0, |p| self.see_values[p.kind.index()]);
                // Taking something worth at least the taker cannot lose in
                // the exchange; only the others need it played out.
                let see = if victim >= attacker {
                    victim - attacker
                } else {
                    self.see(position, m)
                };
                if see >= 0 {
                    // Most valuable victim first, least valuable taker.
                    6_000_000 + 16 * (victim + promoted) - attacker / 16
                } else {
                    // Losing captures after the quiet moves that refuted
                    // before.
                    1_000_000 + see
                }
            } else if self.killers[ply][0] == Some(m) {
                4_000_001
            } else if self.killers[ply][1] == Some(m) {
                4_000_000
            } else {
                self.history[self.history_index(position, m)].min(3_999_999)
            };
            order.push(score);
        }
        self.order[ply] = order;
    }

    /// Takes the best-ordered move left among `from..` to `from`.
    #[inline]
    fn pick(&mut self, ply: usize, from: usize) -> (Move, i32) {
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
        (moves[from], order[from])
    }

    fn negamax<S: SquareSet>(
        &mut self,
        position: &Position<S>,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        after_null: bool,
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
        self.seldepth = self.seldepth.max(ply as u32);
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
        let static_eval = if in_check {
            -INFINITY
        } else {
            self.eval.evaluate(position)
        };
        let beta_is_mate = beta.abs() > MATE_BOUND;
        if !pv_node && !in_check && ply > 0 && !beta_is_mate {
            // Reverse futility: far above beta with little depth left.
            if depth <= 6 && static_eval - 90 * depth >= beta {
                return static_eval;
            }
            // Null move: if passing still holds beta, a real move will.
            if !after_null && depth >= 3 && static_eval >= beta && self.has_officers(position) {
                let r = 3 + depth / 4;
                let child = position.null_move();
                self.keys.push(child.key());
                let score = -self.negamax(&child, depth - 1 - r, -beta, -beta + 1, ply + 1, true);
                self.keys.pop();
                if self.stopped {
                    return 0;
                }
                if score >= beta {
                    return if score > MATE_BOUND { beta } else { score };
                }
            }
        }
        let mut moves = std::mem::take(&mut self.moves[ply]);
        moves.clear();
        position.generate_legal(&mut moves);
        if ply == 0 && !self.excluded.is_empty() {
            moves.retain(|m| !self.excluded.contains(m));
        }
        self.moves[ply] = moves;
        let count = self.moves[ply].len();
        if count == 0 {
            return if in_check || self.stalemate_loses {
                -MATE + ply as i32
            } else {
                0
            };
        }
        let tt_move = entry.and_then(|e| e.best);
        self.order_moves(position, ply, tt_move);
        let original_alpha = alpha;
        let mut best_score = -INFINITY;
        let mut best_move = None;
        let mut quiets_tried = 0usize;
        for i in 0..count {
            let (m, order) = self.pick(ply, i);
            let quiet = !Self::is_capture(position, m) && m.promotion.is_none();
            let mut child = *position;
            child.play_unchecked(m);
            // Whether it checks matters only to the pruning and reductions
            // of quiet moves.
            let gives_check = quiet && !in_check && child.is_check();
            if quiet && !pv_node && !in_check && !gives_check && best_score > -MATE_BOUND {
                // Late-move pruning and futility: quiet moves late in the
                // list, or that cannot lift the score to alpha, near the
                // leaves.
                if depth <= 3 && quiets_tried >= 3 + depth as usize * depth as usize * 2 {
                    continue;
                }
                if depth <= 2 && static_eval + 120 * depth <= alpha {
                    continue;
                }
            }
            if quiet {
                quiets_tried += 1;
            }
            self.keys.push(child.key());
            let score = if i == 0 {
                -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1, false)
            } else {
                // Late quiet moves are searched shallower first.
                let mut r = 0;
                if depth >= 3 && quiet && !in_check && !gives_check && order < 4_000_000 {
                    r = reduction(depth, i);
                    if pv_node {
                        r -= 1;
                    }
                    r = r.clamp(0, depth - 2);
                }
                let mut probe =
                    -self.negamax(&child, depth - 1 - r, -alpha - 1, -alpha, ply + 1, false);
                if r > 0 && probe > alpha {
                    probe = -self.negamax(&child, depth - 1, -alpha - 1, -alpha, ply + 1, false);
                }
                if probe > alpha && probe < beta {
                    -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1, false)
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
                    self.extend_pv(ply, m);
                    if ply == 0 {
                        self.root_score = score;
                    }
                    if score >= beta {
                        if quiet {
                            if self.killers[ply][0] != Some(m) {
                                self.killers[ply][1] = self.killers[ply][0];
                                self.killers[ply][0] = Some(m);
                            }
                            let h = self.history_index(position, m);
                            self.history[h] = (self.history[h] + depth * depth).min(3_999_999);
                        }
                        break;
                    }
                }
            }
        }
        if best_move.is_none() {
            // Every move was pruned: the position stands as it is.
            return static_eval.max(alpha);
        }
        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        // A root searched without some of its moves is no root to keep.
        if ply > 0 || self.excluded.is_empty() {
            self.table.store(Entry {
                key,
                best: best_move,
                score: to_table(best_score, ply),
                depth: depth as i16,
                bound,
                age: 0,
            });
        }
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
        self.seldepth = self.seldepth.max(ply as u32);
        if self.poll() {
            return 0;
        }
        if self.royal_lost(position) {
            return -MATE + ply as i32;
        }
        if let Some(score) = self.extinct(position, ply) {
            return score;
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
            return if in_check || self.stalemate_loses {
                -MATE + ply as i32
            } else {
                0
            };
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
            let (m, order) = self.pick(ply, i);
            // A capture that loses material in the exchange cannot help.
            if !in_check && order < 6_000_000 {
                break;
            }
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
                    self.extend_pv(ply, m);
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
