//! A mate given by dropping a shogi pawn loses for the side that dropped
//! it (Fairy-Stockfish's `shogiPawnDropMateIllegal`, which lists the drop
//! and scores the mate for the side mated). Only games with the rule track
//! the kind the last move dropped, in the position's first streak, which
//! their games without passes or bikjang leave free.

use super::{Move, MoveKind, Position, SquareSet};

impl<S: SquareSet> Position<S> {
    /// Notes the kind `m` dropped (none for a move on the board).
    pub(crate) fn track_drop(&mut self, m: Move) {
        self.streaks[0] = match m.kind {
            MoveKind::Drop(kind) => kind.0 + 1,
            _ => 0,
        };
    }

    /// Whether the side to move, in check, was checked by a drop of the
    /// rule's kind and only by unpromoted pieces of that kind.
    pub(crate) fn mated_by_drop(&self) -> bool {
        if !self.rules().tracks_drops {
            return false;
        }
        let Some(kind) = self
            .rules()
            .variant
            .drops
            .as_ref()
            .and_then(|d| d.drop_mate_loses)
        else {
            return false;
        };
        if self.streaks[0] != kind.0 + 1 {
            return false;
        }
        let checkers = self.checkers();
        let droppable = self.pieces(!self.turn(), kind) & !self.promoted_set();
        checkers.any() && (checkers & !droppable).is_empty()
    }
}
