//! Walls: squares no piece may enter or pass (Fairy-Stockfish's `*` in a
//! FEN). A wall blocks sliders and lame leapers as a piece does, but
//! belongs to neither side and is never taken; a leaper jumps it.
//!
//! A position keeps its walls in the set its promoted pieces' marks would
//! use (a game cannot have both): that set is always part of
//! [`Position::occupied`], marks standing only on occupied squares, so the
//! games without walls pay nothing to block by them.

use super::position::Position;
use super::squares::{PerKind, Spare, SquareSet};
use super::{Color, Kind, Variant, VariantError, MAX_KINDS};

/// The walls of a game: those of its start, and the rule by which a move
/// places one, if any (Fairy-Stockfish's `wallingRule`).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Walls {
    /// The walled squares at the start (the start FEN's `*`).
    pub start: Vec<usize>,
    /// The walling rule, if a move places a wall.
    pub rule: Option<WallingRule>,
    /// Per side, the squares where it may place a wall (`wallingRegion`;
    /// `None`: anywhere).
    pub region: [Option<Vec<usize>>; 2],
}

/// Where the wall a move places goes (Fairy-Stockfish's `wallingRule`):
/// always an empty square after the move, within the walling region.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum WallingRule {
    /// Anywhere, and for good (isolation).
    Static,
    /// On the square the piece left (snailtrail, joust).
    Past,
    /// Where the piece could move from its new square (amazons' arrow).
    Arrow,
    /// Anywhere but where the last one stood, which it replaces: one wall
    /// on the board at most (Duck Chess's duck).
    Duck,
    /// On the board's edge or next to a wall (a step along a file or
    /// rank).
    Edge,
}

impl WallingRule {
    const NAMES: [(WallingRule, &'static str); 5] = [
        (WallingRule::Static, "static"),
        (WallingRule::Past, "past"),
        (WallingRule::Arrow, "arrow"),
        (WallingRule::Duck, "duck"),
        (WallingRule::Edge, "edge"),
    ];

    /// The rule of a `wallingRule` value.
    pub fn from_name(name: &str) -> Option<WallingRule> {
        Self::NAMES
            .iter()
            .find(|(_, n)| *n == name)
            .map(|&(r, _)| r)
    }

    /// Its `wallingRule` value.
    pub fn name(self) -> &'static str {
        Self::NAMES
            .iter()
            .find(|(r, _)| *r == self)
            .map_or("none", |&(_, n)| n)
    }
}

/// Checks what a position's set of walls needs: no marks of promoted
/// pieces (which use the same set), and where positions of this width
/// carry no spare set, a free slot after the kinds'.
pub(crate) fn check_room<S: SquareSet>(variant: &Variant) -> Result<(), VariantError> {
    let Some(walls) = &variant.goals.walls else {
        return Ok(());
    };
    let marks = variant.drops.as_ref().is_some_and(|d| d.marks());
    let slots = <S::Kinds as PerKind<S>>::LEN;
    let room = <S::Spare as Spare<S>>::ANY || variant.kinds.len() < slots;
    let len = variant.shape.len();
    if marks
        || !room
        || walls.start.iter().any(|&s| s >= len)
        || walls.region.iter().flatten().flatten().any(|&s| s >= len)
    {
        return Err(VariantError::Walls);
    }
    Ok(())
}

impl<S: SquareSet> Position<S> {
    /// The walled squares (none in a game without walls).
    #[inline]
    pub fn walls(&self) -> S {
        if self.rules().walls {
            self.marks()
        } else {
            S::EMPTY
        }
    }

    /// A wall's share of the key: the last kind's key of White, turned so
    /// that no piece's is the same.
    #[inline]
    pub(super) fn wall_key(&self, square: usize) -> u64 {
        self.piece_key(Color::White, Kind((MAX_KINDS - 1) as u8), square)
            .rotate_left(41)
    }
}
