//! Pieces royal beside the king, Fairy-Stockfish's `extinctionPseudoRoyal`
//! without blasts (coregal: every queen is royal as the king is). No move
//! may leave one attacked, and a side with no move whose one is attacked
//! is checkmated. The game's other moves pay one test for it. Without a
//! king (petrified's commoner), the extinction rule stays beside them, and
//! a royal piece castles through no attacked square.

use super::{Color, Move, MoveKind, Position, RoyalKinds, SquareSet};

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

    /// Whether one of `color`'s royal pieces of the rule is attacked by
    /// a piece not in `harmless`.
    fn royal_kind_attacked(&self, rule: &RoyalKinds, color: Color, harmless: S) -> bool {
        let occupied = self.occupied();
        self.royal_kind_pieces(rule, color)
            .squares()
            .any(|square| (self.attackers(square, !color, occupied) & !harmless).any())
    }

    /// `color`'s pieces of the rule's kinds that turn to stone on taking
    /// ([`super::petrify`]): they take nothing, so attack no royal piece.
    fn harmless(&self, rule: &RoyalKinds, color: Color) -> S {
        let all = rule
            .kinds
            .iter()
            .fold(S::EMPTY, |set, &k| set | self.pieces(color, k));
        self.unable_to_take(all)
    }

    /// Whether a castling moves a royal piece of the rule from or through
    /// an attacked square (its target is tested once it is made), as
    /// Fairy-Stockfish tests it: by any piece of the other side.
    fn castles_through_attack(&self, rule: &RoyalKinds, m: Move) -> bool {
        let MoveKind::Castle(i) = m.kind else {
            return false;
        };
        let castling = &self.rules().variant.castling[i as usize];
        let (from, to) = (castling.king_from, castling.king_to);
        if !self.royal_kind_pieces(rule, self.turn()).contains(from) {
            return false;
        }
        let occupied = self.occupied() ^ S::single(from);
        let them = !self.turn();
        let mut square = from;
        loop {
            if self.attackers(square, them, occupied).any() {
                return true;
            }
            if to == square {
                return false;
            }
            square = if to > from { square + 1 } else { square - 1 };
            if square == to {
                return false;
            }
        }
    }

    /// Whether the side to move has a royal piece of the rule attacked (a
    /// check that is not the king's).
    pub(crate) fn royal_kinds_checked(&self) -> bool {
        self.rules()
            .variant
            .goals
            .royal_kinds
            .as_ref()
            .is_some_and(|rule| self.royal_kind_attacked(rule, self.turn(), S::EMPTY))
    }

    /// Keeps, of the moves from `start` on, those after which none of the
    /// mover's royal pieces of the rule is attacked (a queen promoted
    /// included) by a piece that may take it, which no royal piece that
    /// would turn to stone does.
    #[cold]
    pub(crate) fn keep_royal_kinds_safe(
        &self,
        rule: &RoyalKinds,
        out: &mut Vec<Move>,
        start: usize,
    ) {
        let us = self.turn();
        let harmless = self.harmless(rule, !us);
        let unable = self.unable_to_take(self.royal_kind_pieces(rule, us));
        let mut i = start;
        while i < out.len() {
            let m = out[i];
            let mut after = *self;
            after.play_unchecked(m);
            if (unable.any() && unable.contains(m.from()) && self.takes(m))
                || self.castles_through_attack(rule, m)
                || after.royal_kind_attacked(rule, us, harmless)
            {
                out.swap_remove(i);
            } else {
                i += 1;
            }
        }
    }
}
