//! Janggi's bikjang ([`Goals::bikjang`](super::Goals)): the two royal
//! pieces facing each other along a file or rank with nothing between.
//! The side to move in bikjang must end it or pass; its pass is legal
//! even in check.

use super::{Color, Move, Position, SquareSet};

impl<S: SquareSet> Position<S> {
    /// Whether the royal pieces face each other along a file or rank with
    /// nothing between.
    pub fn kings_facing(&self) -> bool {
        let (Some(a), Some(b)) = (
            self.royal_square(Color::White),
            self.royal_square(Color::Black),
        ) else {
            return false;
        };
        let shape = self.rules().variant().shape;
        let (ca, cb) = (shape.coords(a), shape.coords(b));
        let differing = (0..shape.axes()).filter(|&i| ca[i] != cb[i]).count();
        differing == 1 && (self.rules().between(a, b) & self.occupied()).is_empty()
    }

    /// In bikjang: drops the moves (but the pass) after which the royal
    /// pieces still face each other, and keeps the pass even in check.
    #[cold]
    pub(crate) fn keep_bikjang(&self, out: &mut Vec<Move>, start: usize) {
        let mut pass = None;
        if let Some(royal) = self.royal_square(self.turn()) {
            pass = Some(Move::new(royal, royal, super::MoveKind::Normal));
        }
        let mut i = start;
        while i < out.len() {
            let m = out[i];
            let mut after = *self;
            after.play_unchecked(m);
            if !self.is_pass(m) && after.kings_facing() {
                out.swap_remove(i);
            } else {
                i += 1;
            }
        }
        if let Some(pass) = pass {
            if !out[start..].contains(&pass) {
                out.push(pass);
            }
        }
    }
}
