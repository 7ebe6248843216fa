//! The generic rules kernel: boards of one to four axes where pieces and
//! variants are data.
//!
//! A [`Variant`] lists the board's [`Shape`](crate::geometry::Shape), the
//! [`PieceKind`]s and the rules that apply; [`Rules`] expands its tables once
//! for a square-set type ([`SquareSet`]: `u64`, `u128` or [`Big`]); a
//! [`Position`] generates legal moves and plays them; [`perft`] counts move
//! paths; a [`Game`] adds the history repetition needs.
//!
//! ```
//! use duckchess::kernel::{perft, Position};
//! let start = Position::new(duckchess::variants::chess::rules());
//! assert_eq!(perft(&start, 2), 400);
//! ```

mod any;
mod color;
mod game;
mod moves;
pub mod perft;
mod piece;
mod position;
mod rules;
mod squares;
mod variant;

pub use any::{AnyGame, AnyPosition};
pub use color::Color;
pub use game::Game;
pub use moves::{Move, MoveKind, Played};
pub use perft::{divide, perft};
pub use piece::{Kind, Leap, PawnRules, Piece, PieceKind, MAX_KINDS};
pub use position::{Draw, IllegalMove, Outcome, Position, PositionError, Setup, Win};
pub use rules::Rules;
pub use squares::{Big, Bits, SquareSet, Squares};
pub use variant::{CastlingRule, DeadPositions, DrawRules, Royalty, Variant};
