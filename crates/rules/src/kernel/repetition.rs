//! Who a repetition ends the game for (Fairy-Stockfish's `nFoldValue`
//! with `nFoldValueAbsolute`): a draw in most games; in tori shogi the
//! side that repeats loses, in minishogi White (sente) loses whoever
//! repeats. Read only when a game ends by repetition.

use super::{Color, Outcome, Position, SquareSet, Win};

/// The value of a game ended by repetition.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum RepetitionValue {
    /// A draw (chess's).
    #[default]
    Draw,
    /// The side to move wins: the side whose move repeated the position
    /// loses (`nFoldValue = win`: tori shogi).
    SideToMoveWins,
    /// The side to move loses (`nFoldValue = loss`).
    SideToMoveLoses,
    /// This side wins whoever repeats (`nFoldValueAbsolute = true`, the
    /// value White's: minishogi's `loss` is Black's win).
    Winner(Color),
}

impl<S: SquareSet> Position<S> {
    /// The end of the game by repetition, by the game's
    /// [`RepetitionValue`] (a draw may still go to draw odds or the
    /// count).
    pub fn repeated(&self) -> Outcome {
        let winner = match self.rules().variant().goals.repetition {
            RepetitionValue::Draw => return self.drawn(super::Draw::Repetition),
            RepetitionValue::SideToMoveWins => self.turn(),
            RepetitionValue::SideToMoveLoses => !self.turn(),
            RepetitionValue::Winner(color) => color,
        };
        Outcome::Decisive {
            winner,
            how: Win::Repetition,
        }
    }
}
