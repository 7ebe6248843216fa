//! Regions of the board and the moves that depend on them, as data: a
//! piece kind confined to a region (xiangqi's palace, an elephant's own
//! half), and steps that point one way for each side and may apply only
//! inside a region (a soldier steps sideways once over the river).

use super::Color;
use crate::geometry::{Shape, Vector, MAX_AXES};

/// A box of the board as White sees it: per axis, the coordinates from
/// `lo` to `hi` inclusive. Black's region is its mirror across the middle
/// of the ranks (axis 1 turned end to end), as the two armies of chess and
/// xiangqi mirror each other.
///
/// ```
/// use duckchess_geometry::Shape;
/// use duckchess_rules::kernel::{Color, Region};
/// let board = Shape::new(&[9, 10]).unwrap();
/// // Xiangqi's palace: files d–f, ranks 1–3 for Red, 8–10 for Black.
/// let palace = Region::new(&[(3, 5), (0, 2)]);
/// assert!(palace.contains(board, Color::White, 4)); // e1
/// assert!(palace.contains(board, Color::Black, 85)); // e10
/// assert!(!palace.contains(board, Color::White, 85));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Region {
    /// Per axis, the lowest and highest coordinate inside (White's view).
    pub ranges: [(i32, i32); MAX_AXES],
}

impl Region {
    /// The box of these inclusive ranges, one per axis from axis 0; axes
    /// not given are whole.
    pub fn new(ranges: &[(i32, i32)]) -> Region {
        Region {
            ranges: std::array::from_fn(|axis| ranges.get(axis).copied().unwrap_or((0, i32::MAX))),
        }
    }

    /// Whether `square` lies in `color`'s region on a board of `shape`.
    pub fn contains(&self, shape: Shape, color: Color, square: usize) -> bool {
        let mut coords = shape.coords(square);
        if color == Color::Black && shape.axes() > 1 {
            coords[1] = shape.size(1) - 1 - coords[1];
        }
        (0..MAX_AXES).all(|axis| {
            let (lo, hi) = self.ranges[axis];
            (lo..=hi).contains(&coords[axis])
        })
    }
}

/// A step that points one way for each side: `vector` as White sees it,
/// turned half round (files and ranks, axes 0 and 1) for Black, so `(0, 1)`
/// is forward for both and `(1, -1)`, White's right and back, is Black's
/// right and back too (Fairy-Stockfish's: torishogi's quails). It jumps straight to its target (nothing on the way matters) and,
/// with a `zone`, is a move only from a square in the mover's zone.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The step from White's side.
    pub vector: Vector,
    /// Where the piece must stand for the step to be a move (anywhere if
    /// `None`).
    pub zone: Option<Region>,
}

impl Step {
    /// The step for `color`: Black's is White's turned half round.
    pub fn for_color(&self, color: Color) -> Vector {
        let mut v = self.vector;
        if color == Color::Black {
            v.0[0] = -v.0[0];
            v.0[1] = -v.0[1];
        }
        v
    }
}
