//! Pieces that are no pawn but share its rules (wolf's sergeant,
//! `fKifmnD`, among Fairy-Stockfish's `promotionPawnTypes`): a move into
//! the pawn's zone promotes to one of the pawn's promotions, a double step
//! straight forward from the pawn's double-step squares leaves the square
//! it passed to the other side's pawns en passant, and its moves restart
//! the clock of the ply limit (`nMoveRuleTypes`). Only games with such a
//! piece take this path (the rules' `pawn_kinds`): chess pays nothing.

use super::{Kind, Move, MoveKind, Position, SquareSet, Variant};

/// What a piece that is no pawn shares with the pawn; all `false` for
/// every other piece.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PawnLike {
    /// Whether a move of it into the pawn's promotion zone promotes, as
    /// the pawn's does, to one of the pawn's promotions (not to the kind
    /// the pawn turns into, [`PromotionChoice::turned`](super::PromotionChoice::turned)).
    pub promotes: bool,
    /// Whether it double-steps straight forward as the pawn does (Betza's
    /// `ifmnD`): from the pawn's double-step squares, to an empty square
    /// over an empty one, which the other side's pawns may take en
    /// passant.
    pub double_step: bool,
    /// Whether its moves restart the clock of the ply limit, as a pawn's
    /// do (it never moves back).
    pub restarts_clock: bool,
}

/// The game's pawn-like kinds as masks, and what they promote to.
#[derive(Clone, Debug)]
pub(crate) struct PawnKinds {
    /// Kinds that promote in the pawn's zone.
    promoting: u16,
    /// Kinds that double-step.
    doubling: u16,
    /// Kinds whose moves restart the clock.
    clock: u16,
    /// Per side, what the promoting kinds become.
    promotions: [Vec<Kind>; 2],
}

impl PawnKinds {
    /// The kinds of `variant` given the pawn's `promotions` per side;
    /// `None` where no kind is pawn-like.
    pub(crate) fn new(variant: &Variant, promotions: &[Vec<Kind>; 2]) -> Option<PawnKinds> {
        let mask = |f: &dyn Fn(&PawnLike) -> bool| {
            variant
                .kinds
                .iter()
                .enumerate()
                .filter(|(_, k)| f(&k.pawn_like))
                .fold(0u16, |m, (i, _)| m | 1 << i)
        };
        let kinds = PawnKinds {
            promoting: mask(&|p| p.promotes),
            doubling: mask(&|p| p.double_step),
            clock: mask(&|p| p.restarts_clock),
            promotions: promotions.clone().map(|mut list| {
                let turned = variant.turned_promotion();
                list.retain(|&k| Some(k) != turned);
                list
            }),
        };
        (kinds.promoting | kinds.doubling | kinds.clock != 0).then_some(kinds)
    }
}

impl Variant {
    /// The kind the pawn turns into on promoting, written `+`, if any
    /// ([`PromotionChoice::turned`](super::PromotionChoice::turned)).
    pub fn turned_promotion(&self) -> Option<Kind> {
        self.kinds
            .iter()
            .find_map(|k| k.pawn.as_ref()?.choice.as_ref()?.turned)
    }
}

impl<S: SquareSet> Position<S> {
    /// The pawn-like kinds' moves beside those their steps give (`out`
    /// from `start`, before the test of the royal piece): each move into
    /// the zone becomes its promotions, and the double steps are added.
    #[cold]
    pub(crate) fn add_pawn_like_moves(&self, kinds: &PawnKinds, out: &mut Vec<Move>, start: usize) {
        let r = self.rules();
        let us = self.turn();
        let c = us.index();
        let pieces = |mask: u16| {
            (0..r.variant.kinds.len())
                .filter(|&k| mask >> k & 1 == 1)
                .fold(S::EMPTY, |set, k| set | self.pieces(us, Kind(k as u8)))
        };
        let promoting = pieces(kinds.promoting);
        let zone = r.promotion_zone[c];
        let mut i = start;
        while promoting.any() && i < out.len() {
            let m = out[i];
            if m.kind != MoveKind::Normal
                || m.promotion.is_some()
                || !promoting.contains(m.from())
                || !zone.contains(m.to())
            {
                i += 1;
                continue;
            }
            // A promotion is a must: the plain move gives way to them
            // (added at the end, where this loop passes them by).
            out.swap_remove(i);
            for &p in &kinds.promotions[c] {
                out.push(Move::promoting(m.from(), m.to(), p));
            }
        }
        let occupied = self.occupied();
        for from in pieces(kinds.doubling).squares() {
            let (push, two) = (r.pawn_push[c][from], r.pawn_double[c][from]);
            if two != super::squares::NONE
                && !occupied.contains(push as usize)
                && !occupied.contains(two as usize)
            {
                out.push(Move::new(from, two as usize, MoveKind::DoubleStep));
            }
        }
    }

    /// After a move of a game with pawn-like kinds, whether it restarts
    /// the clock of the ply limit: a promotion, or a move of a kind that
    /// restarts it (the pawn's own moves are counted with the board's
    /// change).
    #[cold]
    pub(crate) fn pawn_like_restarts(&self, kinds: &PawnKinds, m: Move) -> bool {
        m.dropped().is_none()
            && (m.promotion.is_some()
                || self
                    .kind_at(m.to())
                    .is_some_and(|k| kinds.clock >> k.index() & 1 == 1))
    }

    /// The kind of the piece an en passant capture takes on `victim`: the
    /// pawn, or a pawn-like piece that double-stepped.
    #[inline]
    pub(crate) fn en_passant_kind(&self, pawn: Kind, victim: usize) -> Kind {
        if self.by_kind(pawn).contains(victim) {
            pawn
        } else {
            self.kind_at(victim).unwrap_or(pawn)
        }
    }
}
