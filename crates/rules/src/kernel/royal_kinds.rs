//! Pieces royal beside the king, Fairy-Stockfish's `extinctionPseudoRoyal`
//! without blasts (coregal: every queen is royal as the king is). No move
//! may leave one attacked, and a side with no move whose one is attacked
//! is checkmated. The game's other moves pay one test for it.

use super::{Color, Move, Position, RoyalKinds, SquareSet};

impl<S: SquareSet> Position<S> {
    /// `color`'s pieces royal by the rule: of each kind it names, its
    /// pieces where it has no more than one more than the rule's count.
    fn royal_kind_pieces(&self, rule: &RoyalKinds, color: Color) -> S {
        rule.kinds
            .iter()
            .map(|&k| self.pieces(color, k))
            .filter(|set| set.count() <= rule.count.saturating_add(1))
            .fold(S::EMPTY, |all, set| all | set)
    }

    /// Whether one of `color`'s royal pieces of the rule is attacked.
    fn royal_kind_attacked(&self, rule: &RoyalKinds, color: Color) -> bool {
        let occupied = self.occupied();
        self.royal_kind_pieces(rule, color)
            .squares()
            .any(|square| self.attackers(square, !color, occupied).any())
    }

    /// Whether the side to move has a royal piece of the rule attacked (a
    /// check that is not the king's).
    pub(crate) fn royal_kinds_checked(&self) -> bool {
        self.rules()
            .variant
            .goals
            .royal_kinds
            .as_ref()
            .is_some_and(|rule| self.royal_kind_attacked(rule, self.turn()))
    }

    /// Keeps, of the moves from `start` on, those after which none of the
    /// mover's royal pieces of the rule is attacked (a queen promoted
    /// included).
    #[cold]
    pub(crate) fn keep_royal_kinds_safe(
        &self,
        rule: &RoyalKinds,
        out: &mut Vec<Move>,
        start: usize,
    ) {
        let us = self.turn();
        let mut i = start;
        while i < out.len() {
            let mut after = *self;
            after.play_unchecked(out[i]);
            if after.royal_kind_attacked(rule, us) {
                out.swap_remove(i);
            } else {
                i += 1;
            }
        }
    }
}
