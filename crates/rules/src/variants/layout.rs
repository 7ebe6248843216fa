//! Where each square of a board of 1 to 4 axes is drawn on a flat page:
//! the one board-cell model that text pictures, the terminal game and the
//! web page share.
//!
//! Axes 0 and 1 are a board's files (left to right) and ranks (bottom to
//! top). Axis 2 repeats the board across the page and axis 3 up the page,
//! with a gap between boards: a cube's levels side by side, Fourfold's four
//! boards 2 × 2.

use crate::geometry::Shape;

/// Which way the boards of axis 2 run across the page.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Across {
    /// Lowest first, left to right (Fourfold: Z = 0 on the left).
    Ascending,
    /// Highest first (the cube puzzle: the top level on the left).
    Descending,
}

/// The placement of a shape's squares on a grid of rows (top first) and
/// columns (left first).
///
/// ```
/// use duckchess_geometry::Shape;
/// use duckchess_rules::variants::layout::{Across, Layout};
/// let fourfold = Layout::new(Shape::new(&[4, 4, 2, 2]).unwrap(), Across::Ascending);
/// // a1[0,0] is the bottom-left cell of the bottom-left board.
/// assert_eq!(fourfold.place(0), (8, 0));
/// // a1[0,1] (W = 1) is on the board above it.
/// let a1_w1 = Shape::new(&[4, 4, 2, 2]).unwrap().index([0, 0, 0, 1]).unwrap();
/// assert_eq!(fourfold.place(a1_w1), (3, 0));
/// assert_eq!((fourfold.rows(), fourfold.cols()), (9, 9));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    shape: Shape,
    across: Across,
    /// Turned half a circle: the second side's view.
    flipped: bool,
}

/// Empty cells between two boards.
pub const GAP: usize = 1;

impl Layout {
    /// The layout of `shape`, its axis-2 boards running `across`.
    pub fn new(shape: Shape, across: Across) -> Layout {
        Layout {
            shape,
            across,
            flipped: false,
        }
    }

    /// The same page turned half a circle when `flipped` (the view of the
    /// side that moves second: its pieces at the bottom).
    ///
    /// ```
    /// use duckchess_geometry::Shape;
    /// use duckchess_rules::variants::layout::{Across, Layout};
    /// let chess = Layout::new(Shape::new(&[8, 8]).unwrap(), Across::Ascending);
    /// assert_eq!(chess.place(0), (7, 0));
    /// assert_eq!(chess.flipped(true).place(0), (0, 7));
    /// assert_eq!(chess.flipped(true).square_at(0, 7), Some(0));
    /// ```
    pub fn flipped(self, flipped: bool) -> Layout {
        Layout { flipped, ..self }
    }

    /// Whether the page is turned.
    pub fn is_flipped(&self) -> bool {
        self.flipped
    }

    /// The shape laid out.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    fn size(&self, axis: usize) -> usize {
        self.shape.size(axis) as usize
    }

    /// Rows of the whole page.
    pub fn rows(&self) -> usize {
        let (ranks, up) = (self.size(1), self.size(3));
        up * ranks + (up - 1) * GAP
    }

    /// Columns of the whole page.
    pub fn cols(&self) -> usize {
        let (files, across) = (self.size(0), self.size(2));
        across * files + (across - 1) * GAP
    }

    /// The row (from the top) and column (from the left) of a square.
    pub fn place(&self, square: usize) -> (usize, usize) {
        let (r, c) = self.upright(square);
        if self.flipped {
            (self.rows() - 1 - r, self.cols() - 1 - c)
        } else {
            (r, c)
        }
    }

    /// [`Layout::place`] unturned.
    fn upright(&self, square: usize) -> (usize, usize) {
        let c = self.shape.coords(square).map(|v| v as usize);
        let (files, ranks) = (self.size(0), self.size(1));
        let board_col = match self.across {
            Across::Ascending => c[2],
            Across::Descending => self.size(2) - 1 - c[2],
        };
        let board_row = self.size(3) - 1 - c[3];
        (
            board_row * (ranks + GAP) + (ranks - 1 - c[1]),
            board_col * (files + GAP) + c[0],
        )
    }

    /// The square drawn at a row and column, if any (gaps hold none).
    pub fn square_at(&self, row: usize, col: usize) -> Option<usize> {
        let (row, col) = if self.flipped {
            if row >= self.rows() || col >= self.cols() {
                return None;
            }
            (self.rows() - 1 - row, self.cols() - 1 - col)
        } else {
            (row, col)
        };
        let (files, ranks) = (self.size(0), self.size(1));
        let (board_row, r) = (row / (ranks + GAP), row % (ranks + GAP));
        let (board_col, f) = (col / (files + GAP), col % (files + GAP));
        if r >= ranks || f >= files || board_row >= self.size(3) || board_col >= self.size(2) {
            return None;
        }
        let z = match self.across {
            Across::Ascending => board_col,
            Across::Descending => self.size(2) - 1 - board_col,
        };
        let w = self.size(3) - 1 - board_row;
        self.shape
            .index([f as i32, (ranks - 1 - r) as i32, z as i32, w as i32])
    }

    /// The boards on the page: for each, its (z, w) and the row and column
    /// of its top-left cell.
    pub fn boards(&self) -> Vec<((usize, usize), (usize, usize))> {
        let mut out = Vec::new();
        let (files, ranks) = (self.size(0) as i32, self.size(1) as i32);
        for w in 0..self.size(3) {
            for z in 0..self.size(2) {
                // Two opposite corners; the top-left is whichever is turned
                // up and left.
                let corners = [[0, ranks - 1], [files - 1, 0]]
                    .map(|[x, y]| self.shape.index([x, y, z as i32, w as i32]));
                if let [Some(a), Some(b)] = corners {
                    let ((ra, ca), (rb, cb)) = (self.place(a), self.place(b));
                    out.push(((z, w), (ra.min(rb), ca.min(cb))));
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_square_has_one_place_and_back() {
        for (sizes, across) in [
            (&[8, 8][..], Across::Ascending),
            (&[3, 3, 3][..], Across::Descending),
            (&[4, 4, 2, 2][..], Across::Ascending),
            (&[10, 9][..], Across::Ascending),
        ] {
            let shape = Shape::new(sizes).unwrap();
            for flipped in [false, true] {
                let layout = Layout::new(shape, across).flipped(flipped);
                let mut seen = std::collections::HashSet::new();
                for sq in 0..shape.len() {
                    let (r, c) = layout.place(sq);
                    assert!(r < layout.rows() && c < layout.cols());
                    assert!(seen.insert((r, c)), "two squares at {r},{c}");
                    assert_eq!(layout.square_at(r, c), Some(sq));
                }
                // Each board's top-left cell is its own.
                for (_, (r, c)) in layout.boards() {
                    assert!(layout.square_at(r, c).is_some());
                }
            }
        }
    }

    #[test]
    fn the_cube_draws_its_top_level_first() {
        let shape = Shape::new(&[3, 3, 3]).unwrap();
        let layout = Layout::new(shape, Across::Descending);
        let top_a3 = shape.index([0, 2, 2, 0]).unwrap();
        assert_eq!(layout.place(top_a3), (0, 0));
        let bottom_c1 = shape.index([2, 0, 0, 0]).unwrap();
        assert_eq!(layout.place(bottom_c1), (2, 10));
    }
}
