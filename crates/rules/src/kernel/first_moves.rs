//! First-move rights, as cambodian chess has them
//! ([`CastlingRule::first_move`]): while the king and the met stand
//! unmoved on their squares (FEN's `DEde`), the king may leap as a knight
//! to the rank ahead (never out of check) and the met two squares
//! forward, to empty squares. The rights are kept as castling rights are
//! (lost when the piece moves or is taken), and the king's is lost too
//! when an enemy rook moves onto its file or rank.

use super::{CastlingRule, Color, Move, MoveKind, Position, SquareSet};

impl<S: SquareSet> Position<S> {
    /// The first leaps of the piece holding `rule`'s right.
    pub(crate) fn push_first_leaps(
        &self,
        rule: &CastlingRule,
        out: &mut impl super::position::Sink<S>,
    ) {
        let r = self.rules();
        let variant = r.variant();
        let kind = variant.kind(rule.king);
        if kind.royal && self.is_check() {
            return;
        }
        let occupied = self.occupied();
        for &v in &kind.first_leaps {
            let mut v = v;
            if rule.color == Color::Black {
                v.0[1] = -v.0[1];
            }
            if let Some(to) = variant.shape.offset(rule.king_from, v) {
                if !occupied.contains(to) {
                    out.push(Move::new(rule.king_from, to, MoveKind::Normal));
                }
            }
        }
    }

    /// After a move: the first-move rights of the side to move that the
    /// piece just moved takes away by standing on the holder's file or
    /// rank (cambodian chess's rook aiming at the king).
    pub(crate) fn lose_aimed_rights(&mut self, m: Move) {
        let r = self.rules();
        let Some(moved) = self.kind_at(m.to()) else {
            return;
        };
        let shape = r.variant().shape;
        let at = shape.coords(m.to());
        let mut lost = 0u8;
        for (i, rule) in r.variant().castling.iter().enumerate() {
            if rule.lost_to == Some(moved)
                && rule.color == self.turn()
                && self.castling >> i & 1 == 1
            {
                let holder = shape.coords(rule.king_from);
                if holder[0] == at[0] || holder[1] == at[1] {
                    lost |= 1 << i;
                }
            }
        }
        if lost != 0 {
            self.key ^= r.castling_keys[self.castling as usize];
            self.castling &= !lost;
            self.key ^= r.castling_keys[self.castling as usize];
        }
    }
}
