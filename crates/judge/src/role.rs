//! The seven kinds of piece and how each one moves, as data.

use crate::geometry::Vector;
use std::fmt;

/// A kind of piece, named as the judge prints it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// 王: one step orthogonally.
    Captain,
    /// 士: one step diagonally.
    Guard,
    /// 象: two steps diagonally, over an empty eye.
    Elephant,
    /// 马: the xiangqi horse, over an empty leg.
    Horse,
    /// 车: any distance orthogonally over empty points.
    Car,
    /// 鸭: a lame (3, 2) leaper with two blocking points.
    Duck,
    /// 兵: one step to any of the eight neighbours.
    Soldier,
}

/// How a role moves, in terms of the lattice geometry.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Movement {
    /// Jumps by any image of these vectors; the points passed on the way
    /// ([`Vector::path`]) must be empty.
    Leaper(&'static [Vector]),
    /// Slides any distance along any image of these directions over empty
    /// points.
    Slider(&'static [Vector]),
}

/// A displacement of `dx` rows and `dy` columns, as a vector of the
/// shared geometry (axis 0 the column, axis 1 the row).
const fn step(dx: i32, dy: i32) -> Vector {
    Vector([dy, dx, 0, 0])
}

impl Role {
    /// Every role, in the order of this enum.
    pub const ALL: [Role; 7] = [
        Role::Captain,
        Role::Guard,
        Role::Elephant,
        Role::Horse,
        Role::Car,
        Role::Duck,
        Role::Soldier,
    ];

    /// The rules of movement: the whole of Duck Chess's piece set is this
    /// table.
    pub const fn movement(self) -> Movement {
        match self {
            Role::Captain => Movement::Leaper(const { &[step(1, 0)] }),
            Role::Guard => Movement::Leaper(const { &[step(1, 1)] }),
            Role::Elephant => Movement::Leaper(const { &[step(2, 2)] }),
            Role::Horse => Movement::Leaper(const { &[step(2, 1)] }),
            Role::Car => Movement::Slider(const { &[step(1, 0)] }),
            Role::Duck => Movement::Leaper(const { &[step(3, 2)] }),
            Role::Soldier => Movement::Leaper(const { &[step(1, 0), step(1, 1)] }),
        }
    }

    /// The name the judge prints.
    pub const fn name(self) -> &'static str {
        match self {
            Role::Captain => "captain",
            Role::Guard => "guard",
            Role::Elephant => "elephant",
            Role::Horse => "horse",
            Role::Car => "car",
            Role::Duck => "duck",
            Role::Soldier => "soldier",
        }
    }

    /// The lower-case letter of the position notation (Fairy-Stockfish's
    /// `duckxq` variant): k a e h r d s.
    ///
    /// ```
    /// use duckchess_judge::Role;
    /// assert_eq!(Role::Guard.char(), 'a');
    /// assert_eq!(Role::from_char('d'), Some(Role::Duck));
    /// assert_eq!(Role::from_char('D'), None); // colour is the caller's business
    /// ```
    pub const fn char(self) -> char {
        match self {
            Role::Captain => 'k',
            Role::Guard => 'a',
            Role::Elephant => 'e',
            Role::Horse => 'h',
            Role::Car => 'r',
            Role::Duck => 'd',
            Role::Soldier => 's',
        }
    }

    /// The role for a lower-case notation letter.
    pub const fn from_char(c: char) -> Option<Role> {
        match c {
            'k' => Some(Role::Captain),
            'a' => Some(Role::Guard),
            'e' => Some(Role::Elephant),
            'h' => Some(Role::Horse),
            'r' => Some(Role::Car),
            'd' => Some(Role::Duck),
            's' => Some(Role::Soldier),
            _ => None,
        }
    }

    /// The glyph of the contest's toy: 王 士 象 马 车 鸭 兵.
    pub const fn glyph(self) -> char {
        match self {
            Role::Captain => '王',
            Role::Guard => '士',
            Role::Elephant => '象',
            Role::Horse => '马',
            Role::Car => '车',
            Role::Duck => '鸭',
            Role::Soldier => '兵',
        }
    }

    /// How many of this role each side starts with.
    pub const fn initial_count(self) -> usize {
        match self {
            Role::Captain => 1,
            Role::Soldier => 5,
            _ => 2,
        }
    }

    /// `0..7`, the position in [`Role::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
