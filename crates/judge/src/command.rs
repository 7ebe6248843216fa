//! A judge command: move the piece at `(xs, ys)` to `(xt, yt)`.

use crate::Point;
use std::fmt;

/// One line of judge input, as given: coordinates may be off the board.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Command {
    /// Start row.
    pub xs: i64,
    /// Start column.
    pub ys: i64,
    /// Target row.
    pub xt: i64,
    /// Target column.
    pub yt: i64,
}

impl Command {
    /// Builds a command.
    pub const fn new(xs: i64, ys: i64, xt: i64, yt: i64) -> Command {
        Command { xs, ys, xt, yt }
    }

    /// The start point, or `None` when it is off the board.
    pub const fn start(self) -> Option<Point> {
        Point::new(self.xs, self.ys)
    }

    /// The target point, or `None` when it is off the board.
    pub const fn target(self) -> Option<Point> {
        Point::new(self.xt, self.yt)
    }
}

impl From<crate::Move> for Command {
    fn from(m: crate::Move) -> Command {
        let c = |p: Point| (p.x() as i64, p.y() as i64);
        let ((xs, ys), (xt, yt)) = (c(m.from), c(m.to));
        Command { xs, ys, xt, yt }
    }
}

/// As in judge input: `xs ys xt yt`.
impl fmt::Display for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {} {}", self.xs, self.ys, self.xt, self.yt)
    }
}
