//! Ataxx's clones played with the piece ([`clones`]): a click on the
//! piece, then on the square a king's step away, as its jumps are played.

use super::Game;
use crate::kernel::Move;
use crate::variants::clones;

impl Game {
    /// The squares a player plays `m` from.
    pub(super) fn played_from(&self, m: Move) -> Vec<usize> {
        clones::played_from(self.position(), m)
    }

    /// The legal moves of the piece on `from`, its clones included.
    pub(super) fn piece_moves(&self, from: usize) -> Vec<Move> {
        self.position()
            .legal_moves()
            .into_iter()
            .filter(|&m| self.played_from(m).contains(&from))
            .collect()
    }
}
