//! A point of the Duck Chess board.

use crate::geometry::Shape;
use std::fmt;

/// Rows of the board (the judge's `x`).
pub const ROWS: usize = 10;
/// Columns of the board (the judge's `y`).
pub const COLUMNS: usize = 9;

/// The board as a [`Shape`] of the shared geometry: axis 0 is the column
/// `y` and axis 1 the row `x`, so a point's index `x * 9 + y` is its square.
pub fn shape() -> Shape {
    Shape::new(&[COLUMNS, ROWS]).expect("9 × 10 is a board")
}

/// A point on the 10 × 9 board, stored as its index `x * 9 + y`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point(u8);

impl Point {
    /// Number of points on the board.
    pub const COUNT: usize = ROWS * COLUMNS;

    /// The point `(x, y)`, or `None` when it is off the board. Takes any
    /// integers so that judge coordinates can be checked without overflow.
    ///
    /// ```
    /// use duckchess_judge::Point;
    /// let p = Point::new(9, 4).unwrap();
    /// assert_eq!((p.x(), p.y()), (9, 4));
    /// assert_eq!(Point::new(10, 0), None);
    /// assert_eq!(Point::new(0, -1), None);
    /// ```
    pub const fn new(x: i64, y: i64) -> Option<Point> {
        if 0 <= x && x < ROWS as i64 && 0 <= y && y < COLUMNS as i64 {
            Some(Point((x * COLUMNS as i64 + y) as u8))
        } else {
            None
        }
    }

    /// The point with index `i` (`0..90`).
    ///
    /// # Panics
    /// When `i` is not below [`Point::COUNT`].
    pub const fn from_index(i: usize) -> Point {
        assert!(i < Point::COUNT);
        Point(i as u8)
    }

    /// The row, `0..10`.
    pub const fn x(self) -> i32 {
        self.0 as i32 / COLUMNS as i32
    }

    /// The column, `0..9`.
    pub const fn y(self) -> i32 {
        self.0 as i32 % COLUMNS as i32
    }

    /// The index, `0..90`.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Every point, row by row from `(0, 0)`.
    pub fn all() -> impl Iterator<Item = Point> {
        (0..Point::COUNT).map(Point::from_index)
    }
}

/// As the explanations write it: `(x,y)`.
impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{})", self.x(), self.y())
    }
}
