//! Passing, as janggi has it ([`Goals::pass`](super::Goals)): a side
//! passes by "moving" its royal piece to its own square (`e2e2`, as
//! Fairy-Stockfish writes it), a move like any other but that it changes
//! nothing on the board; it may not leave the royal piece in check. Two
//! passes in a row end the game.

use super::{Draw, Move, MoveKind, Outcome, Position, SquareSet};

impl<S: SquareSet> Position<S> {
    /// Whether `m` is a pass.
    #[inline]
    pub fn is_pass(&self, m: Move) -> bool {
        m.kind == MoveKind::Normal && m.from() == m.to()
    }

    /// The side to move's pass, where it has a royal piece (legality is
    /// tested with the other moves).
    pub(crate) fn generate_pass(&self, out: &mut Vec<Move>) {
        if let Some(royal) = self.royal_square(self.turn()) {
            out.push(Move::new(royal, royal, MoveKind::Normal));
        }
    }

    /// After a move of a game with passing or bikjang: the passes in a row
    /// and the positions in a row with the royal pieces facing.
    pub(crate) fn track_streaks(&mut self, m: Move) {
        let goals = &self.rules().variant().goals;
        let passes = goals.pass || super::enclosing::passes(&goals.enclosing);
        self.streaks[0] = if passes && self.is_pass(m) {
            self.streaks[0].saturating_add(1)
        } else {
            0
        };
        self.streaks[1] = if goals.bikjang && self.kings_facing() {
            self.streaks[1].saturating_add(1)
        } else {
            0
        };
    }

    /// The end by two passes in a row, or by bikjang twice in a row:
    /// drawn, or decided by the material count where the game has one.
    pub(crate) fn streak_outcome(&self) -> Option<Outcome> {
        if self.streaks[1] >= 2 {
            Some(self.drawn(Draw::Bikjang))
        } else if self.streaks[0] >= 2 {
            Some(self.drawn(Draw::Passes))
        } else {
            None
        }
    }
}
