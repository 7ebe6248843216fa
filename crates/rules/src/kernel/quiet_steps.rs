//! Steps to empty squares only, one way for each side
//! ([`PieceKind::quiet_steps`](super::PieceKind::quiet_steps)):
//! breakthrough's piece moves straight forward and takes diagonally, the
//! hounds of fox-and-hounds move diagonally forward and never take. They
//! attack nothing, so only move generation sees them.

use super::{Color, SquareSet, Variant};

/// `table[color][kind * len + square]`: where the kind's quiet steps from
/// `square` lead; empty where no kind has any (no cost to other games).
pub(crate) fn table<S: SquareSet>(variant: &Variant) -> [Vec<S>; 2] {
    if variant.kinds.iter().all(|k| k.quiet_steps.is_empty()) {
        return [Vec::new(), Vec::new()];
    }
    let shape = variant.shape;
    let len = shape.len();
    std::array::from_fn(|c| {
        let color = Color::ALL[c];
        let mut table = vec![S::EMPTY; variant.kinds.len() * len];
        for (k, kind) in variant.kinds.iter().enumerate() {
            for &v in &kind.quiet_steps {
                let mut v = v;
                // Black's steps point the other way along the ranks.
                if color == Color::Black {
                    v.0[1] = -v.0[1];
                }
                for from in 0..len {
                    if let Some(to) = shape.offset(from, v) {
                        table[k * len + from] |= S::single(to);
                    }
                }
            }
        }
        table
    })
}
