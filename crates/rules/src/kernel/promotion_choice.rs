//! Promotions a pawn may decline, and kinds it may promote to only while
//! its side has fewer than a limit: grand chess's (Fairy-Stockfish's
//! `mandatoryPawnPromotion = false` and `promotionLimit`). The pawns of
//! other games pay one test of a pawn move into the zone for it.

use super::position::Sink;
use super::{Color, Kind, Move, MoveKind, Position, SquareSet};

/// How a pawn entering its zone may promote, beside
/// [`PawnRules::promotion`](super::PawnRules::promotion).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct PromotionChoice {
    /// Per kind, the most of it a side may have: a pawn promotes to it
    /// only while its side has fewer (grand: one queen, two rooks).
    pub limits: Vec<(Kind, u32)>,
    /// Whether a pawn may stay a pawn in the zone short of the last rank;
    /// on the last rank, where it could not move on, it must promote, and
    /// with nothing left to promote to it may not go there.
    pub optional: bool,
    /// Sittuyin's promotions (`sittuyinPromotion`): a pawn never promotes
    /// by moving into its zone, but by a move of its own there: it turns
    /// into a promotion kind on its square or a step of that kind away,
    /// attacking no enemy piece and giving no check.
    pub in_place: bool,
    /// The kind among [`PawnRules::promotion`](super::PawnRules::promotion)
    /// the pawn turns into rather than is exchanged for, written `+`
    /// (Fairy-Stockfish's `promotedPieceType` of the pawn: wolf's
    /// elephant); no [`PawnLike`](super::PawnLike) piece becomes it.
    pub turned: Option<Kind>,
}

impl PromotionChoice {
    /// Whether a side with `count` pieces of `kind` may promote to it.
    pub fn allows(&self, kind: Kind, count: u32) -> bool {
        self.limits
            .iter()
            .find(|&&(k, _)| k == kind)
            .is_none_or(|&(_, most)| count < most)
    }
}

impl<S: SquareSet> Position<S> {
    /// The moves of the pawn on `from` to `targets`, in its zone, where the
    /// game has a [`PromotionChoice`]; `false` (nothing pushed) where not.
    #[cold]
    pub(crate) fn push_promotion_choices<O: Sink<S>>(
        &self,
        out: &mut O,
        from: usize,
        targets: S,
    ) -> bool {
        let r = self.rules();
        let Some(choice) = r
            .pawn
            .and_then(|p| r.variant.kinds[p.index()].pawn.as_ref())
            .and_then(|p| p.choice.as_ref())
        else {
            return false;
        };
        if choice.in_place {
            out.push_all(from, targets);
            return true;
        }
        let us = self.turn();
        let shape = r.variant.shape;
        let last = shape.sizes()[1] - 1;
        for to in targets.squares() {
            let rank = shape.coords(to)[1];
            let relative = if us == Color::White {
                rank
            } else {
                last - rank
            };
            if choice.optional && relative != last {
                out.push(Move::new(from, to, MoveKind::Normal));
            }
            for &p in &r.promotions[us.index()] {
                if choice.allows(p, self.pieces(us, p).count()) {
                    out.push(Move::promoting(from, to, p));
                }
            }
        }
        true
    }
}
