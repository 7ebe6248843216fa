//! Games from a file in Fairy-Stockfish's `variants.ini` syntax: each
//! section one game, built on the kernel as a [`Variant`](crate::kernel::Variant) and played as a
//! full game of the family ([`FileGame`]).
//!
//! Reading goes in three steps, one file each: [`parse`] splits the text
//! into sections of `key = value` entries with their line numbers,
//! [`betza`] maps a piece's Betza text onto the kernel's moves, and
//! [`build`](mod@build) turns a section's keys (its base's first) into a [`Variant`](crate::kernel::Variant).
//! [`write()`] states a variant in the same syntax, so that reading it back
//! gives the same game. Every key this reader does not understand is
//! refused by name and line, never ignored (see `docs/variants.md`).
//!
//! ```
//! use duckchess_rules::variants::{ini, prelude::*};
//! let text = "[nocastle:chess]\ncastling = false\n\
//!             startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1\n";
//! let games = ini::read(text).unwrap();
//! assert_eq!(games[0].name(), "nocastle");
//! assert_eq!(games[0].start().legal_moves().len(), 20);
//! let error = ini::read("[drops:chess]\ncapturesToHand = true\n").unwrap_err();
//! assert_eq!(error.to_string(), "line 2: capturesToHand = true is not supported: captured pieces go to a hand only where pieceDrops = true");
//! let error = ini::read("[x:chess]\n\nwallOrMove = true\n").unwrap_err();
//! assert_eq!(error.to_string(), "line 3: wallOrMove is not supported");
//! ```

#[cfg(test)]
mod anti_tests;
pub mod betza;
pub mod build;
mod cambodian;
#[cfg(test)]
mod cambodian_tests;
#[cfg(test)]
mod chess960_tests;
mod drop_mate;
#[cfg(test)]
mod drops_tests;
mod enclosing;
#[cfg(test)]
mod enclosing_tests;
#[cfg(test)]
mod extinction_tests;
pub mod game;
mod gating;
#[cfg(test)]
mod gating_tests;
#[cfg(test)]
mod goals_tests;
mod hand;
mod janggi;
#[cfg(test)]
mod janggi_tests;
pub mod library;
mod no_doubled;
pub mod parse;
mod pawn_clock;
mod pawn_kinds;
mod pawn_steps;
#[cfg(test)]
mod pawn_steps_tests;
mod pawn_ways;
#[cfg(test)]
mod pawn_ways_tests;
mod petrify;
#[cfg(test)]
mod petrify_tests;
#[cfg(test)]
mod pieces_tests;
mod placement;
#[cfg(test)]
mod placement_tests;
mod promotion_choice;
mod promotion_region;
pub mod read;
mod repetition;
#[cfg(test)]
mod repetition_tests;
mod royal_kinds;
#[cfg(test)]
mod royal_kinds_tests;
#[cfg(test)]
mod safe_flag_tests;
#[cfg(test)]
mod shapes_tests;
#[cfg(test)]
mod shogi_tests;
mod sittuyin;
#[cfg(test)]
mod sittuyin_tests;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod torishogi_tests;
mod turning;
#[cfg(test)]
mod turning_tests;
mod walls;
#[cfg(test)]
mod walls_tests;
#[cfg(test)]
mod widths_tests;
#[cfg(test)]
mod wolf_tests;
pub mod write;

pub use build::build;
pub use game::FileGame;
pub use library::Library;
pub use read::read;
pub use write::{write, WriteError};

use crate::kernel::VariantError;
use thiserror::Error;

/// Why a file of games could not be read: what is wrong, and the line
/// (from 1) where it stands.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("line {line}: {kind}")]
pub struct IniError {
    /// The line at fault (a section's header for what concerns the whole
    /// section).
    pub line: usize,
    /// What is wrong.
    pub kind: IniErrorKind,
}

/// What is wrong with a file of games.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum IniErrorKind {
    /// A line that is no section header, `key = value`, comment or blank.
    #[error("{0:?} is neither [section] nor key = value")]
    Syntax(String),
    /// An entry before the first section.
    #[error("{0} stands before any [section]")]
    OutsideSection(String),
    /// A section header without a name, or with a bad one.
    #[error("{0:?} is no section name (letters, digits, - and _)")]
    SectionName(String),
    /// A section named as a built-in game.
    #[error(
        "{0} is a built-in game's name, and this section is not that game: name the section \
         otherwise (a base may be {0})"
    )]
    BuiltInName(String),
    /// Two sections of one name.
    #[error("section {0} is defined twice")]
    DuplicateSection(String),
    /// A key given twice in one section.
    #[error("{0} is given twice in this section")]
    DuplicateKey(String),
    /// A base that is neither an earlier section nor a built-in game with
    /// an ini form.
    #[error("base {0} is neither an earlier section nor a built-in game (chess, xiangqi)")]
    UnknownBase(String),
    /// A key this reader does not support.
    #[error("{0} is not supported")]
    Unsupported(String),
    /// A supported key with a value the kernel cannot play.
    #[error("{key} = {value} is not supported: {why}")]
    UnsupportedValue {
        /// The key.
        key: String,
        /// The value.
        value: String,
        /// Why not.
        why: String,
    },
    /// A value that does not read as what its key needs.
    #[error("{key} = {value:?}: {expected}")]
    BadValue {
        /// The key.
        key: String,
        /// The value.
        value: String,
        /// What was expected.
        expected: String,
    },
    /// A piece's Betza text outside the subset the kernel plays.
    #[error("piece {piece} ({key} = {betza}): {why}")]
    Betza {
        /// The piece key (`customPiece1`, `king`).
        key: String,
        /// The piece's letter.
        piece: char,
        /// The Betza text.
        betza: String,
        /// What cannot be played.
        why: betza::BetzaError,
    },
    /// Two kinds of one letter.
    #[error("letter {letter} names both {first} and {second}")]
    LetterClash {
        /// The letter.
        letter: char,
        /// The first key.
        first: String,
        /// The second key.
        second: String,
    },
    /// No royal kind, and no extinction rule to end the game instead.
    #[error("no king: a game needs one royal kind (king = k), or an extinction rule (extinctionValue and extinctionPieceTypes)")]
    NoKing,
    /// A mobility region that is no box, or Black's not the mirror of
    /// White's.
    #[error("{key}: {why}")]
    Region {
        /// The key.
        key: String,
        /// What is wrong.
        why: String,
    },
    /// The start position does not read.
    #[error("startFen: {0}")]
    StartFen(String),
    /// Castling the start position cannot give.
    #[error("castling: {0}")]
    Castling(String),
    /// The kernel refuses the game.
    #[error("{0}")]
    Variant(VariantError),
    /// A board the square sets cannot hold or the notation cannot name.
    #[error("a board of {files} × {ranks} is not supported: {why}")]
    Board {
        /// Files.
        files: usize,
        /// Ranks.
        ranks: usize,
        /// Why not.
        why: String,
    },
}

impl IniErrorKind {
    /// The error at a line.
    pub fn at(self, line: usize) -> IniError {
        IniError { line, kind: self }
    }
}
