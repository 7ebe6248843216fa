//! Move ordering: the table's move first, then captures that do not lose
//! in the static exchange (most valuable victim first, then by their
//! record), the killer moves and the counter-move, the losing captures,
//! and the quiet moves by their history.

use super::*;

/// Ordering scores by class; within a class, the record orders.
pub(super) const TT_MOVE: i32 = 8_000_000;
pub(super) const GOOD_CAPTURE: i32 = 6_000_000;
pub(super) const KILLER: i32 = 4_000_000;
pub(super) const COUNTER: i32 = 3_900_000;
pub(super) const LOSING_CAPTURE: i32 = 1_000_000;

/// A node's moves and their ordering scores.
#[derive(Default)]
pub(super) struct MoveList {
    pub moves: Vec<Move>,
    pub order: Vec<i32>,
}

impl MoveList {
    /// Takes the best-ordered move left among `from..` to `from`.
    #[inline]
    pub fn pick(&mut self, from: usize) -> (Move, i32) {
        // Over a slice, without a bounds check an element; the first of
        // equal scores wins, as the moves were generated.
        let mut best = from;
        let mut top = self.order[from];
        for (i, &o) in self.order[from + 1..].iter().enumerate() {
            if o > top {
                top = o;
                best = from + 1 + i;
            }
        }
        self.order.swap(from, best);
        self.moves.swap(from, best);
        (self.moves[from], self.order[from])
    }
}

impl Search<'_> {
    /// What a capture takes, to the static exchange.
    pub(super) fn victim<S: SquareSet>(&self, position: &Position<S>, m: Move) -> i32 {
        if m.kind == MoveKind::EnPassant {
            self.pawn.map_or(100, |k| self.see_values[k.index()])
        } else {
            position
                .piece_at(m.to())
                .map_or(0, |p| self.see_values[p.kind.index()])
        }
    }

    /// The kind a capture takes (for the capture record).
    fn victim_kind<S: SquareSet>(&self, position: &Position<S>, m: Move) -> usize {
        if m.kind == MoveKind::EnPassant {
            self.pawn.map_or(0, |k| k.index())
        } else {
            position.piece_at(m.to()).map_or(0, |p| p.kind.index())
        }
    }

    /// The index of the piece `m` moves, on its target, in the history.
    #[inline]
    pub(super) fn piece_to<S: SquareSet>(&self, position: &Position<S>, m: Move) -> PieceTo {
        let kind = position.piece_at(m.from()).map_or(0, |p| p.kind.index());
        self.history.piece_to(position.turn().index(), kind, m.to())
    }

    /// The continuation-history keys before `ply`: the moves one and two
    /// plies back.
    #[inline]
    pub(super) fn before(&self, ply: usize) -> [Option<PieceTo>; 2] {
        let at = |back: usize| ply.checked_sub(back).and_then(|p| self.stack[p].piece_to);
        [at(1), at(2)]
    }

    /// A quiet move's history score at `ply`.
    #[inline]
    pub(super) fn quiet_history<S: SquareSet>(
        &self,
        position: &Position<S>,
        m: Move,
        ply: usize,
    ) -> i32 {
        let pt = self.piece_to(position, m);
        self.history
            .quiet(position.turn().index(), m, pt, self.before(ply))
    }

    /// A capture's record.
    #[inline]
    pub(super) fn capture_history<S: SquareSet>(&self, position: &Position<S>, m: Move) -> i32 {
        let pt = self.piece_to(position, m);
        self.history.capture(pt, self.victim_kind(position, m))
    }

    /// Rewards (or, with a negative bonus, punishes) a move's record.
    pub(super) fn reward<S: SquareSet>(
        &mut self,
        position: &Position<S>,
        m: Move,
        quiet: bool,
        ply: usize,
        bonus: i32,
    ) {
        let pt = self.piece_to(position, m);
        if quiet {
            let before = self.before(ply);
            self.history
                .reward_quiet(position.turn().index(), m, pt, before, bonus);
        } else {
            let victim = self.victim_kind(position, m);
            self.history.reward_capture(pt, victim, bonus);
        }
    }

    /// The static exchange on a move's target: what the side to move gains
    /// when both sides take back with their least valuable piece while it
    /// pays (pins ignored). For a quiet move, what it loses by standing
    /// where it is taken.
    pub(super) fn see<S: SquareSet>(&self, position: &Position<S>, m: Move) -> i32 {
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

    /// A capture's exchange value, played out only where it could lose.
    pub(super) fn capture_see<S: SquareSet>(&self, position: &Position<S>, m: Move) -> i32 {
        let victim = self.victim(position, m);
        let attacker = position
            .piece_at(m.from())
            .map_or(0, |p| self.see_values[p.kind.index()]);
        // Taking something worth at least the taker cannot lose in the
        // exchange; only the others need it played out.
        if victim >= attacker {
            victim - attacker
        } else {
            self.see(position, m)
        }
    }

    /// Scores `list`'s moves, at `ply`, for ordering.
    pub(super) fn order_moves<S: SquareSet>(
        &self,
        position: &Position<S>,
        list: &mut MoveList,
        ply: usize,
        tt: Option<Move>,
    ) {
        list.order.clear();
        let before = self.before(ply);
        let counter = self.history.counter(before[0]);
        let side = position.turn().index();
        // The moves of a piece come together: its kind is looked up once.
        let mut last_from = usize::MAX;
        let mut last_kind = 0;
        for &m in &list.moves {
            let score = if Some(m) == tt {
                TT_MOVE
            } else if Self::is_capture(position, m) || m.promotion.is_some() {
                let promoted = m.promotion.map_or(0, |k| self.eval.value(k));
                let victim = self.victim(position, m);
                let see = self.capture_see(position, m);
                if see >= 0 {
                    // Most valuable victim first, then by the record.
                    GOOD_CAPTURE + 16 * (victim + promoted) + self.capture_history(position, m) / 16
                } else {
                    LOSING_CAPTURE + see
                }
            } else if self.killers[ply][0] == Some(m) {
                KILLER + 1
            } else if self.killers[ply][1] == Some(m) {
                KILLER
            } else if counter == Some(m) {
                COUNTER
            } else {
                // `quiet_history`, with the piece's kind and the moves
                // before looked up once.
                if m.from() != last_from {
                    last_from = m.from();
                    last_kind = position.piece_at(last_from).map_or(0, |p| p.kind.index());
                }
                let pt = self.history.piece_to(side, last_kind, m.to());
                self.history
                    .quiet(side, m, pt, before)
                    .clamp(-900_000, 900_000)
            };
            list.order.push(score);
        }
    }
}
