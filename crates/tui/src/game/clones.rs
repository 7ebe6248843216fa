//! Ataxx's clones played with the piece. Where drops are free
//! (`freeDrops`: a drop takes nothing from a hand, so there is no hand to
//! pick from), a drop is a piece copying itself onto a square a king's
//! step away, and is played as that piece's move there: a click on the
//! piece, then on the square, as Ataxx's players move.

use super::Game;
use crate::kernel::{AnyPosition, Move};

impl Game {
    /// The squares a player plays `m` from: its piece's, or for a free
    /// drop, those of the side's pieces of its kind next to its square.
    pub(super) fn played_from(&self, m: Move) -> Vec<usize> {
        let position = self.position();
        let free = position.variant().drops.as_ref().is_some_and(|d| d.free);
        match m.dropped() {
            Some(kind) if free => {
                let turn = position.turn();
                (0..position.variant().shape.len())
                    .filter(|&s| {
                        position
                            .piece_at(s)
                            .is_some_and(|p| p.color == turn && p.kind == kind)
                            && next_to(position, s, m.to())
                    })
                    .collect()
            }
            _ => vec![m.from()],
        }
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

/// Whether squares `a` and `b` are a king's step apart.
fn next_to(position: &dyn AnyPosition, a: usize, b: usize) -> bool {
    let shape = position.variant().shape;
    let (a, b) = (shape.coords(a), shape.coords(b));
    a != b && a.iter().zip(b).all(|(x, y)| (x - y).abs() <= 1)
}
