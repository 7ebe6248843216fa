//! A piece: a side and a role.

use crate::{Color, Role};
use std::fmt;

/// A piece of one side.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Piece {
    /// Its side.
    pub color: Color,
    /// Its kind.
    pub role: Role,
}

impl Piece {
    /// Builds a piece.
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }

    /// The notation letter: upper case for red, lower case for blue.
    ///
    /// ```
    /// use duckchess_judge::{Color, Piece, Role};
    /// assert_eq!(Piece::new(Color::Red, Role::Duck).char(), 'D');
    /// assert_eq!(Piece::from_char('h'), Some(Piece::new(Color::Blue, Role::Horse)));
    /// assert_eq!(Piece::from_char('x'), None);
    /// ```
    pub const fn char(self) -> char {
        let c = self.role.char();
        match self.color {
            Color::Red => c.to_ascii_uppercase(),
            Color::Blue => c,
        }
    }

    /// The piece for a notation letter.
    pub const fn from_char(c: char) -> Option<Piece> {
        let color = if c.is_ascii_uppercase() {
            Color::Red
        } else {
            Color::Blue
        };
        match Role::from_char(c.to_ascii_lowercase()) {
            Some(role) => Some(Piece { color, role }),
            None => None,
        }
    }

    /// A compact code, `1..=14`; `0` is kept for an empty point. Red pieces
    /// are `1..=7`, blue `8..=14`, in [`Role::ALL`] order.
    pub(crate) const fn code(self) -> u8 {
        1 + 7 * self.color as u8 + self.role as u8
    }

    /// The piece for a non-zero code.
    pub(crate) const fn from_code(code: u8) -> Piece {
        const PIECES: [Piece; 15] = {
            let mut all = [Piece::new(Color::Red, Role::Captain); 15];
            let mut i = 1;
            while i < 15 {
                all[i] = Piece::new(Color::ALL[(i - 1) / 7], Role::ALL[(i - 1) % 7]);
                i += 1;
            }
            all
        };
        PIECES[code as usize]
    }
}

/// As the judge prints it: `red horse`.
impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.color, self.role)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip_and_are_distinct() {
        let mut seen = Vec::new();
        for color in Color::ALL {
            for role in Role::ALL {
                let p = Piece::new(color, role);
                assert_eq!(Piece::from_code(p.code()), p);
                assert_eq!(Piece::from_char(p.char()), Some(p));
                assert_ne!(p.code(), 0);
                seen.push(p.code());
            }
        }
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen.len(), 14);
    }
}
