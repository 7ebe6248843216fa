//! The two sides.

use std::fmt;

/// A side: red moves first and starts at the bottom (rows 0–3), blue at the
/// top (rows 6–9).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// The side that moves first.
    Red,
    /// The side that moves second.
    Blue,
}

impl Color {
    /// Both sides, red first.
    pub const ALL: [Color; 2] = [Color::Red, Color::Blue];

    /// The other side.
    ///
    /// ```
    /// use duckchess_judge::Color;
    /// assert_eq!(Color::Red.other(), Color::Blue);
    /// ```
    pub const fn other(self) -> Color {
        match self {
            Color::Red => Color::Blue,
            Color::Blue => Color::Red,
        }
    }

    /// The name the judge prints: `red` or `blue`.
    pub const fn name(self) -> &'static str {
        match self {
            Color::Red => "red",
            Color::Blue => "blue",
        }
    }

    /// `0` for red, `1` for blue: an index into per-side arrays.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The side-to-move letter of the position notation: `w` for red (it
    /// moves first, like white), `b` for blue.
    ///
    /// ```
    /// use duckchess_judge::Color;
    /// assert_eq!(Color::from_char('b'), Some(Color::Blue));
    /// assert_eq!(Color::Red.char(), 'w');
    /// ```
    pub const fn char(self) -> char {
        match self {
            Color::Red => 'w',
            Color::Blue => 'b',
        }
    }

    /// The side for a side-to-move letter, if it is one.
    pub const fn from_char(c: char) -> Option<Color> {
        match c {
            'w' => Some(Color::Red),
            'b' => Some(Color::Blue),
            _ => None,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
