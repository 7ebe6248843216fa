//! Kinds dropped on their side's first rank only (Fairy-Stockfish's
//! `sittuyinRookDrop`: sittuyin's rooks), read into the drop regions once.

use super::{Color, SquareSet};
use crate::geometry::Shape;

/// The squares of `color`'s first rank (ranks run along axis 1).
pub(super) fn first_rank<S: SquareSet>(shape: &Shape, color: Color) -> S {
    let rank = match color {
        Color::White => 0,
        Color::Black => shape.size(1) - 1,
    };
    (0..shape.len())
        .filter(|&s| shape.coords(s)[1] == rank)
        .fold(S::EMPTY, |set, s| set | S::single(s))
}
