//! Lattice geometry, independent of any piece set.
//!
//! Everything here is about a rectangular grid of points and the shapes a
//! piece can jump in it: the grid's size and point indexing, the eight images
//! of a leap vector under the grid's symmetries, and the blocking points a
//! "lame" leaper passes on its way. The Duck Chess piece set (`role.rs`) and
//! its tables (`attacks.rs`) are built on top of this; other games of the
//! family can reuse it with another grid and another piece set.

use itertools::Itertools;

/// A displacement on the lattice: `dx` along rows (the judge's `x`), `dy`
/// along columns (the judge's `y`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Vector {
    /// Change of row.
    pub dx: i32,
    /// Change of column.
    pub dy: i32,
}

impl Vector {
    /// Builds a vector.
    pub const fn new(dx: i32, dy: i32) -> Vector {
        Vector { dx, dy }
    }

    /// The distinct images of this vector under the eight symmetries of the
    /// square lattice (both sign flips and the swap of the axes), sorted.
    ///
    /// ```
    /// use duckchess::duck::geometry::Vector;
    /// assert_eq!(Vector::new(1, 0).images().len(), 4); // captain, car
    /// assert_eq!(Vector::new(1, 1).images().len(), 4); // guard, elephant
    /// assert_eq!(Vector::new(3, 2).images().len(), 8); // duck
    /// ```
    pub fn images(self) -> Vec<Vector> {
        let Vector { dx: a, dy: b } = self;
        [(a, b), (b, a)]
            .into_iter()
            .flat_map(|(p, q)| [(p, q), (-p, q), (p, -q), (-p, -q)])
            .map(|(p, q)| Vector::new(p, q))
            .sorted()
            .dedup()
            .collect()
    }

    /// The points strictly between the start and the end of a lame leap by
    /// this vector, in the order the piece passes them.
    ///
    /// A leap `(a, b)` with `|a| ≥ |b|` first takes `|a| − |b|` orthogonal
    /// steps along its longer axis, then `|b|` diagonal steps; every point it
    /// stands on before the target must be empty. This is the xiangqi horse's
    /// leg and the elephant's eye, generalised: the duck's `(3, 2)` passes
    /// `(1, 0)` and `(2, 1)`.
    ///
    /// ```
    /// use duckchess::duck::geometry::Vector;
    /// let v = Vector::new;
    /// assert_eq!(v(2, 1).path(), [v(1, 0)]); // horse leg
    /// assert_eq!(v(-2, 2).path(), [v(-1, 1)]); // elephant eye
    /// assert_eq!(v(-2, 3).path(), [v(0, 1), v(-1, 2)]); // duck
    /// assert!(v(1, 1).path().is_empty()); // guard
    /// ```
    pub fn path(self) -> Vec<Vector> {
        let (sx, sy) = (self.dx.signum(), self.dy.signum());
        let (ax, ay) = (self.dx.abs(), self.dy.abs());
        // Orthogonal steps go along the longer axis.
        let straight = if ax >= ay { (sx, 0) } else { (0, sy) };
        let orthogonal = (ax - ay).abs();
        let diagonal = ax.min(ay);
        let mut at = Vector::new(0, 0);
        let steps = std::iter::repeat_n(straight, orthogonal as usize)
            .chain(std::iter::repeat_n((sx, sy), diagonal as usize));
        let mut points: Vec<Vector> = steps
            .map(|(px, py)| {
                at = Vector::new(at.dx + px, at.dy + py);
                at
            })
            .collect();
        points.pop(); // the last point reached is the target itself
        points
    }
}

/// A rectangular grid of `rows × cols` points, indexed row-major from
/// `(0, 0)`: point `(x, y)` has index `x * cols + y`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    /// Number of rows (`x` ranges over `0..rows`).
    pub rows: i32,
    /// Number of columns (`y` ranges over `0..cols`).
    pub cols: i32,
}

impl Grid {
    /// Number of points.
    pub const fn len(self) -> usize {
        (self.rows * self.cols) as usize
    }

    /// Whether the grid has no points.
    pub const fn is_empty(self) -> bool {
        self.len() == 0
    }

    /// Whether `(x, y)` lies on the grid.
    pub const fn contains(self, x: i64, y: i64) -> bool {
        0 <= x && x < self.rows as i64 && 0 <= y && y < self.cols as i64
    }

    /// The index of `(x, y)`, or `None` off the grid.
    pub const fn index(self, x: i64, y: i64) -> Option<usize> {
        if self.contains(x, y) {
            Some((x * self.cols as i64 + y) as usize)
        } else {
            None
        }
    }

    /// The coordinates of the point with index `i`.
    pub const fn coords(self, i: usize) -> (i32, i32) {
        (i as i32 / self.cols, i as i32 % self.cols)
    }

    /// The index of the point `v` away from point `i`, or `None` off the grid.
    pub const fn offset(self, i: usize, v: Vector) -> Option<usize> {
        let (x, y) = self.coords(i);
        self.index((x + v.dx) as i64, (y + v.dy) as i64)
    }

    /// Every lame leap by `v` (and not its images) from point `i` that stays
    /// on the grid: the target index and the blocking point indices in the
    /// order passed. Blocking points lie inside the rectangle spanned by the
    /// start and the target, so they are on the grid whenever the target is.
    pub fn leap(self, i: usize, v: Vector) -> Option<(usize, Vec<usize>)> {
        let target = self.offset(i, v)?;
        let blocks = v
            .path()
            .into_iter()
            .map(|p| {
                self.offset(i, p)
                    .expect("a path point lies between start and target")
            })
            .collect();
        Some((target, blocks))
    }

    /// The points from `i` (exclusive) in direction `d` up to the edge.
    pub fn ray(self, i: usize, d: Vector) -> impl Iterator<Item = usize> {
        std::iter::successors(self.offset(i, d), move |&j| self.offset(j, d))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn images_of_every_duck_chess_vector() {
        let count = |a, b| Vector::new(a, b).images().len();
        assert_eq!(count(1, 0), 4);
        assert_eq!(count(1, 1), 4);
        assert_eq!(count(2, 2), 4);
        assert_eq!(count(2, 1), 8);
        assert_eq!(count(3, 2), 8);
        assert!(Vector::new(2, 1).images().contains(&Vector::new(-1, 2)));
    }

    #[test]
    fn every_image_of_the_duck_has_two_blocking_points_matching_the_spec() {
        for v in Vector::new(3, 2).images() {
            let (sx, sy) = (v.dx.signum(), v.dy.signum());
            let expected = if v.dx.abs() == 3 {
                // (x+3sx, y+2sy): blocked at (x+sx, y) and (x+2sx, y+sy)
                vec![Vector::new(sx, 0), Vector::new(2 * sx, sy)]
            } else {
                // (x+2sx, y+3sy): blocked at (x, y+sy) and (x+sx, y+2sy)
                vec![Vector::new(0, sy), Vector::new(sx, 2 * sy)]
            };
            assert_eq!(v.path(), expected, "{v:?}");
        }
    }

    #[test]
    fn grid_indexing_round_trips() {
        let g = Grid { rows: 10, cols: 9 };
        assert_eq!(g.len(), 90);
        for i in 0..g.len() {
            let (x, y) = g.coords(i);
            assert_eq!(g.index(x as i64, y as i64), Some(i));
        }
        assert_eq!(g.index(10, 0), None);
        assert_eq!(g.index(0, -1), None);
        assert_eq!(g.ray(0, Vector::new(1, 0)).count(), 9);
        assert_eq!(g.ray(0, Vector::new(-1, 0)).count(), 0);
    }
}
