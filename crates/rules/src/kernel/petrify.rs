//! Petrification, Fairy-Stockfish's `petrifyOnCaptureTypes` (petrified):
//! a piece of the rule's kinds that takes turns to stone where it took, a
//! wall ([`Walls`](super::Walls)) no piece enters, passes or takes. A royal
//! piece of such a kind ([`RoyalKinds`](super::RoyalKinds)) may not take,
//! since it would be lost, and so never attacks the other side's royal
//! pieces: kings may stand side by side.

use super::{Kind, Move, MoveKind, Position, SquareSet, Variant, VariantError};

/// The kinds whose captures turn them to stone (`petrifyOnCaptureTypes`).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Petrify {
    /// The kinds (petrified: king, queen, rook, bishop, knight).
    pub kinds: Vec<Kind>,
}

/// Checks what petrification needs: the game's kinds, and walls to turn
/// pieces into.
pub(crate) fn check(variant: &Variant) -> Result<(), VariantError> {
    let Some(rule) = &variant.goals.petrify else {
        return Ok(());
    };
    if variant.goals.walls.is_none() || rule.kinds.iter().any(|k| k.index() >= variant.kinds.len())
    {
        return Err(VariantError::Petrify);
    }
    Ok(())
}

impl<S: SquareSet> Position<S> {
    /// After a capture: the captor, if of the rule's kinds before the move
    /// (a pawn that promotes by taking is a pawn), becomes a wall.
    #[cold]
    pub(super) fn petrify(&mut self, rule: &Petrify, m: Move) {
        let to = m.to();
        let mover = !self.turn();
        let Some(now) = self.kind_at(to) else { return };
        let before = if m.promotion.is_some() {
            self.rules().pawn.unwrap_or(now)
        } else {
            now
        };
        if !rule.kinds.contains(&before) {
            return;
        }
        self.toggle(mover, now, to);
        self.flip_mark(to);
        self.key ^= self.wall_key(to);
    }

    /// The side to move's royal pieces of `royal` that may not take: those
    /// of a petrifying kind (none in a game without petrification).
    pub(crate) fn unable_to_take(&self, royal: S) -> S {
        match &self.rules().variant.goals.petrify {
            Some(rule) => rule
                .kinds
                .iter()
                .fold(S::EMPTY, |set, &k| set | (royal & self.by_kind(k))),
            None => S::EMPTY,
        }
    }

    /// Whether a move takes a piece of the other side.
    pub(crate) fn takes(&self, m: Move) -> bool {
        match m.kind {
            MoveKind::EnPassant => true,
            MoveKind::Normal | MoveKind::DoubleStep => {
                m.from() != m.to() && self.by_color(!self.turn()).contains(m.to())
            }
            _ => false,
        }
    }
}
