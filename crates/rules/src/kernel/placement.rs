//! Placement chess's setup (Fairy-Stockfish's `mustDrop`,
//! `dropOppositeColoredBishop`, `castlingDroppedPiece`): while a side has
//! pieces in hand it must drop one where it can, its bishops go on squares
//! of both colours, and a king and rook dropped on their castling squares
//! get the right to castle. Only games with these rules come here.

use super::{Color, Drops, Kind, Move, MoveKind, Position, SquareSet};

impl<S: SquareSet> Position<S> {
    /// Keeps, of the legal moves `out[start..]`, the drops that leave the
    /// bishops room for both colours, and only drops where one is left
    /// and the side to move must drop.
    #[cold]
    pub(crate) fn keep_placement(&self, drops: &Drops, out: &mut Vec<Move>, start: usize) {
        if let Some(bishop) = drops.opposite_bishops {
            let mut i = start;
            while i < out.len() {
                if self.bishops_fit(bishop, out[i]) {
                    i += 1;
                } else {
                    out.swap_remove(i);
                }
            }
        }
        let us = self.turn();
        let kinds = self.rules().variant.kinds.len();
        if drops.must_drop && (0..kinds).any(|k| self.in_hand(us, Kind(k as u8)) > 0) {
            let is_drop = |m: &Move| matches!(m.kind, MoveKind::Drop(_));
            if out[start..].iter().any(is_drop) {
                let mut i = start;
                while i < out.len() {
                    if is_drop(&out[i]) {
                        i += 1;
                    } else {
                        out.swap_remove(i);
                    }
                }
            }
        }
    }

    /// Whether a move leaves the side to move's bishops (on the board and
    /// in hand) room on both colours of square: a bishop dropped on a
    /// colour that holds half of them already may not be, and another
    /// piece may not take the last square of a colour they still need.
    fn bishops_fit(&self, bishop: Kind, m: Move) -> bool {
        let MoveKind::Drop(kind) = m.kind else {
            return true;
        };
        let us = self.turn();
        let r = self.rules();
        let files = r.variant.shape.size(0) as usize;
        // a1 is dark, as Fairy-Stockfish counts colours.
        let dark = |s: usize| (s % files + s / files).is_multiple_of(2);
        let on_board = self.pieces(us, bishop);
        let all = on_board.count() + self.in_hand(us, bishop);
        let to = m.to();
        if kind == bishop {
            let same = on_board.squares().filter(|&s| dark(s) == dark(to)).count() as u32;
            return same < all.div_ceil(2);
        }
        let room = on_board
            | (r.drop_region[us.index()][bishop.index()] & !self.occupied() & !S::single(to));
        let dark_room = room.squares().filter(|&s| dark(s)).count() as u32;
        let light_room = room.count() - dark_room;
        dark_room >= all / 2 && light_room >= all / 2
    }

    /// After a drop on `to`, the castling rights (as bits of
    /// [`Position::castling`]) of the side that dropped whose king and rook
    /// now stand on their squares, one of them the piece dropped.
    #[cold]
    pub(crate) fn dropped_castling(&self, us: Color, to: usize) -> u8 {
        let r = self.rules();
        let mut rights = 0;
        for (i, rule) in r.variant.castling.iter().enumerate() {
            if rule.color == us
                && (rule.king_from == to || rule.rook_from == to)
                && self.pieces(us, rule.king).contains(rule.king_from)
                && self.pieces(us, rule.rook).contains(rule.rook_from)
            {
                rights |= 1 << i;
            }
        }
        rights
    }
}
