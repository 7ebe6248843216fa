//! Sittuyin's promotions (Fairy-Stockfish's `sittuyinPromotion`): a pawn
//! never promotes by moving into its zone; instead, as a move of its own,
//! a pawn standing in the zone (any pawn, where it is its side's last)
//! becomes a promotion kind on its square or a step of that kind away, on
//! an empty square, provided the new piece attacks no enemy piece there
//! and the move gives no check. Only games with the rule come here.

use super::{Move, Position, PromotionChoice, SquareSet};

impl<S: SquareSet> Position<S> {
    /// The pawns' promotion choice where it is sittuyin's
    /// ([`PromotionChoice::in_place`]).
    pub(crate) fn in_place_choice(&self) -> Option<&'static PromotionChoice> {
        let r = self.rules();
        r.pawn
            .and_then(|p| r.variant.kinds[p.index()].pawn.as_ref())
            .and_then(|p| p.choice.as_ref())
            .filter(|c| c.in_place)
    }

    /// Appends the side to move's in-place promotions (see the module);
    /// whether they leave its own royal piece safe is tested with the
    /// other moves.
    #[cold]
    pub(crate) fn push_in_place_promotions(&self, choice: &PromotionChoice, out: &mut Vec<Move>) {
        let r = self.rules();
        let Some(pawn) = r.pawn else {
            return;
        };
        let us = self.turn();
        let occupied = self.occupied();
        let enemy = self.by_color(!us);
        let mut pawns = self.pieces(us, pawn);
        // A side's last pawn may promote wherever it stands.
        if pawns.more_than_one() {
            pawns &= r.promotion_zone[us.index()];
        }
        for from in pawns.squares() {
            for &kind in &r.promotions[us.index()] {
                if !choice.allows(kind, self.pieces(us, kind).count()) {
                    continue;
                }
                let targets =
                    (r.plain_attacks(kind, us, from, occupied) & !occupied) | S::single(from);
                for to in targets.squares() {
                    let m = Move::promoting(from, to, kind);
                    if self.promotes_peacefully(m, enemy) {
                        out.push(m);
                    }
                }
            }
        }
    }

    /// Whether the piece promoted by `m` attacks no piece of `enemy` and
    /// the move uncovers no check either.
    fn promotes_peacefully(&self, m: Move, enemy: S) -> bool {
        let us = self.turn();
        let mut after = *self;
        after.play_unchecked(m);
        let occupied = after.occupied();
        let to = S::single(m.to());
        let attacks_piece = enemy
            .squares()
            .any(|s| (after.attackers(s, us, occupied) & to).any());
        let checks = after
            .royal_square(!us)
            .is_some_and(|k| after.attackers(k, us, occupied).any());
        !attacks_piece && !checks
    }
}
