//! The two sides as the wire names them, and a pair of values, one a side.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A side of an online game: `white` (the side that moves first, whatever
/// the game calls it: Duck Chess's red) or `black`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// The first side.
    White,
    /// The second side.
    Black,
}

impl Side {
    /// Both, first side first.
    pub const ALL: [Side; 2] = [Side::White, Side::Black];

    /// 0 for the first side, 1 for the second (the kernel's
    /// `Color::index`).
    pub fn index(self) -> usize {
        self as usize
    }

    /// The side of an index (0 or 1); `None` for any other.
    pub fn of_index(index: usize) -> Option<Side> {
        Side::ALL.get(index).copied()
    }

    /// The other side.
    pub fn other(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }

    /// The wire's name: `white` or `black`.
    pub fn as_str(self) -> &'static str {
        match self {
            Side::White => "white",
            Side::Black => "black",
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A word that is not `white` or `black`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a side: {0:?} (white or black)")]
pub struct UnknownSide(pub String);

impl FromStr for Side {
    type Err = UnknownSide;
    fn from_str(text: &str) -> Result<Side, UnknownSide> {
        match text {
            "white" => Ok(Side::White),
            "black" => Ok(Side::Black),
            _ => Err(UnknownSide(text.to_string())),
        }
    }
}

/// One value a side, written `{"white": …, "black": …}` (lichess's
/// `ByColor`).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ByColor<T> {
    /// The first side's.
    pub white: T,
    /// The second side's.
    pub black: T,
}

impl<T> ByColor<T> {
    /// From an array indexed by side.
    pub fn from_array([white, black]: [T; 2]) -> ByColor<T> {
        ByColor { white, black }
    }

    /// As an array indexed by side.
    pub fn into_array(self) -> [T; 2] {
        [self.white, self.black]
    }

    /// The side's value.
    pub fn get(&self, side: Side) -> &T {
        match side {
            Side::White => &self.white,
            Side::Black => &self.black,
        }
    }

    /// Each value through `f`.
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> ByColor<U> {
        ByColor {
            white: f(self.white),
            black: f(self.black),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sides_round_trip_by_name_and_index() {
        for side in Side::ALL {
            assert_eq!(side.as_str().parse::<Side>(), Ok(side));
            assert_eq!(Side::of_index(side.index()), Some(side));
            assert_eq!(serde_json::to_string(&side).unwrap(), format!("\"{side}\""));
        }
        assert!("red".parse::<Side>().is_err());
        assert_eq!(Side::of_index(2), None);
    }

    #[test]
    fn by_color_is_an_object_of_two_keys() {
        let pair = ByColor::from_array([true, false]);
        assert_eq!(
            serde_json::to_string(&pair).unwrap(),
            r#"{"white":true,"black":false}"#
        );
        assert!(!*pair.get(Side::Black));
        assert_eq!(pair.map(u8::from).into_array(), [1, 0]);
    }
}
