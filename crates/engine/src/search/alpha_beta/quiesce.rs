//! The quiescence search: captures and promotions only (every move when
//! in check, in its first plies), until the position is quiet.

use super::ordering::GOOD_CAPTURE;
use super::*;

/// What a capture must be able to win, beyond its victim, for the
/// quiescence search to try it when the side is far behind alpha.
const DELTA_MARGIN: i32 = 200;

impl Search<'_> {
    /// `qply` counts the capture search's plies: on boards where checks
    /// and captures abound (Fourfold's four axes) the sequences would
    /// otherwise grow without bound.
    pub(super) fn quiesce<S: SquareSet>(
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
        if self.takes_royal(position) {
            return MATE - ply as i32 - 1;
        }
        if position.is_dead() {
            return 0;
        }
        if ply >= MAX_PLY - 1 {
            return self.evaluate(position);
        }
        let in_check = self.in_check(position);
        let entry = self.table.probe(position.key());
        let pv_node = beta - alpha > 1;
        if let Some(e) = entry {
            let score = from_table(e.score, ply);
            let cut = match e.bound {
                Bound::Exact => true,
                Bound::Lower => score >= beta,
                Bound::Upper => score <= alpha,
                Bound::Empty => false,
            };
            if cut && !pv_node {
                return score;
            }
        }
        // Deep in the capture search, a check is scored as it stands.
        if qply >= QUIESCE_PLIES || (in_check && qply >= QUIESCE_EVASION_PLIES) {
            return self.static_eval(position, entry);
        }
        let mut list = self.lists.pop().unwrap_or_default();
        list.moves.clear();
        let mut best_score = -INFINITY;
        let mut stand = -INFINITY;
        // Standing pat first: where it holds beta, the moves (in most
        // games every legal one, each made and tested) are not generated
        // at all. A side not in check left without a move is then scored
        // as it stands, as the capture search's horizon scores it anyway.
        if !in_check {
            stand = self.static_eval(position, entry);
            if stand >= beta {
                self.lists.push(list);
                return stand;
            }
            alpha = alpha.max(stand);
            best_score = stand;
        }
        if in_check || !self.captures_alone {
            position.generate_legal(&mut list.moves);
            if list.moves.is_empty() {
                self.lists.push(list);
                return if in_check || self.stalemate_loses {
                    -MATE + ply as i32
                } else {
                    0
                };
            }
        }
        if !in_check {
            if self.captures_alone {
                position.generate_captures(&mut list.moves);
            } else {
                list.moves
                    .retain(|&m| Self::is_capture(position, m) || m.promotion.is_some());
            }
        }
        let tt_move = entry.and_then(|e| e.best);
        self.order_moves(position, &mut list, ply, tt_move);
        for i in 0..list.moves.len() {
            let (m, order) = list.pick(i);
            if !in_check {
                // A capture that loses material in the exchange cannot
                // help, nor one that cannot lift the score to alpha.
                if order < GOOD_CAPTURE && Some(m) != tt_move {
                    break;
                }
                if m.promotion.is_none()
                    && stand + self.victim(position, m) + DELTA_MARGIN <= alpha
                    && self
                        .eval
                        .royal()
                        .is_none_or(|k| position.piece_at(m.to()).is_none_or(|p| p.kind != k))
                {
                    continue;
                }
            }
            let mut child = *position;
            child.play_unchecked(m);
            self.stack[ply].piece_to = None;
            let score = -self.quiesce(&child, -beta, -alpha, ply + 1, qply + 1);
            if self.stopped {
                self.lists.push(list);
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
        self.lists.push(list);
        best_score
    }
}
