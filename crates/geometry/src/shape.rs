//! The board's shape and its square indexing.

use super::Vector;
use thiserror::Error;

/// The most axes a board may have.
pub const MAX_AXES: usize = 4;

/// Why a list of axis sizes is not a board.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Error)]
pub enum ShapeError {
    /// No axis, or more than [`MAX_AXES`].
    #[error("a board has 1 to {MAX_AXES} axes, not {0}")]
    Axes(usize),
    /// An axis of size 0 or above 255.
    #[error("axis {axis} has size {size}; sizes run from 1 to 255")]
    Size {
        /// Which axis (0 = X).
        axis: usize,
        /// Its size.
        size: usize,
    },
}

/// A rectangular board of one to four axes, each of its own size.
///
/// Squares are numbered in mixed radix, X fastest:
/// `x + nx·(y + ny·(z + nz·w))`. On 8 × 8 that makes a1 = 0, h1 = 7, a8 = 56.
///
/// ```
/// use duckchess_geometry::{Shape, Vector};
/// let fourfold = Shape::new(&[4, 4, 2, 2]).unwrap();
/// assert_eq!(fourfold.len(), 64);
/// let sq = fourfold.index([1, 2, 0, 1]).unwrap();
/// assert_eq!(sq, 1 + 4 * (2 + 4 * (0 + 2 * 1)));
/// assert_eq!(fourfold.coords(sq), [1, 2, 0, 1]);
/// assert_eq!(fourfold.offset(sq, Vector::new(&[0, 0, 0, 1])), None);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Shape {
    sizes: [i32; MAX_AXES],
    axes: usize,
}

impl Shape {
    /// A board with these axis sizes, X first.
    pub fn new(sizes: &[usize]) -> Result<Shape, ShapeError> {
        if sizes.is_empty() || sizes.len() > MAX_AXES {
            return Err(ShapeError::Axes(sizes.len()));
        }
        let mut all = [1; MAX_AXES];
        for (axis, &size) in sizes.iter().enumerate() {
            if !(1..=255).contains(&size) {
                return Err(ShapeError::Size { axis, size });
            }
            all[axis] = size as i32;
        }
        Ok(Shape {
            sizes: all,
            axes: sizes.len(),
        })
    }

    /// The number of axes.
    pub const fn axes(self) -> usize {
        self.axes
    }

    /// The size of one axis (1 for axes the board does not have).
    pub const fn size(self, axis: usize) -> i32 {
        self.sizes[axis]
    }

    /// The sizes of the board's axes.
    pub fn sizes(&self) -> &[i32] {
        &self.sizes[..self.axes]
    }

    /// The number of squares.
    pub const fn len(self) -> usize {
        (self.sizes[0] * self.sizes[1] * self.sizes[2] * self.sizes[3]) as usize
    }

    /// Whether the board has no squares (never: every axis has size ≥ 1).
    pub const fn is_empty(self) -> bool {
        self.len() == 0
    }

    /// The square at these coordinates, or `None` off the board.
    pub fn index(self, coords: [i32; MAX_AXES]) -> Option<usize> {
        let mut index = 0;
        for axis in (0..MAX_AXES).rev() {
            let c = coords[axis];
            if c < 0 || c >= self.sizes[axis] {
                return None;
            }
            index = index * self.sizes[axis] + c;
        }
        Some(index as usize)
    }

    /// The coordinates of a square.
    pub fn coords(self, square: usize) -> [i32; MAX_AXES] {
        let mut rest = square as i32;
        std::array::from_fn(|axis| {
            let c = rest % self.sizes[axis];
            rest /= self.sizes[axis];
            c
        })
    }

    /// The square `v` away from `square`, or `None` off the board.
    pub fn offset(self, square: usize, v: Vector) -> Option<usize> {
        let c = self.coords(square);
        self.index(std::array::from_fn(|i| c[i] + v.0[i]))
    }

    /// A lame leap by `v` from `square` if its target is on the board: the
    /// target and the squares passed on the way ([`Vector::path`]). The
    /// squares passed lie in the box spanned by start and target, so they are
    /// on the board whenever the target is.
    pub fn leap(self, square: usize, v: Vector) -> Option<(usize, Vec<usize>)> {
        let target = self.offset(square, v)?;
        let passed = v
            .path()
            .into_iter()
            .map(|p| {
                self.offset(square, p)
                    .expect("a passed square lies inside the leap's box")
            })
            .collect();
        Some((target, passed))
    }

    /// The squares from `square` (exclusive) along `step` to the edge.
    ///
    /// ```
    /// use duckchess_geometry::{Shape, Vector};
    /// let cube = Shape::new(&[3, 3, 3]).unwrap();
    /// let corner_to_corner = cube.ray(0, Vector::new(&[1, 1, 1])).collect::<Vec<_>>();
    /// assert_eq!(corner_to_corner, [13, 26]);
    /// ```
    pub fn ray(self, square: usize, step: Vector) -> impl Iterator<Item = usize> {
        std::iter::successors(self.offset(square, step), move |&s| self.offset(s, step))
    }

    /// The colour of a square as on a chequered board: the parity of the sum
    /// of its coordinates (0 for a1 on 8 × 8, a dark square).
    pub fn parity(self, square: usize) -> u8 {
        (self.coords(square).iter().sum::<i32>() & 1) as u8
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indexing_round_trips_on_every_shape() {
        for sizes in [&[8, 8][..], &[10, 9], &[4, 4, 2, 2], &[10, 10, 10], &[5]] {
            let shape = Shape::new(sizes).unwrap();
            for square in 0..shape.len() {
                assert_eq!(shape.index(shape.coords(square)), Some(square));
            }
        }
    }

    #[test]
    fn bad_shapes() {
        assert_eq!(Shape::new(&[]), Err(ShapeError::Axes(0)));
        assert_eq!(Shape::new(&[2, 2, 2, 2, 2]), Err(ShapeError::Axes(5)));
        assert_eq!(
            Shape::new(&[8, 0]),
            Err(ShapeError::Size { axis: 1, size: 0 })
        );
    }
}
