//! Duck Chess (鸭棋), the THUPC 2019 problem: the judge's fast engine.
//!
//! This is the flagship game and its engine is tuned for the judge: a 10 × 9
//! board with a spare always-empty cell, bit sets of 128 bits and per-point
//! tables expanded from [`Role::movement`]. Its layers, from the bottom:
//!
//! - [`crate::geometry`]: the lattice, leap vectors and blocking points
//!   every game shares;
//! - [`Color`], [`Role`] (the piece set, as data), [`Piece`], [`Point`];
//! - [`attacks`]: per-point tables expanded from the roles;
//! - [`Board`] and [`Position`] (a game: play, validate, moves, check);
//! - [`fen`]: the position notation; [`io`]: the judge format (its reader
//!   [`Commands`] and [`run`] are re-exported here);
//! - [`perft`]: move counting.
//!
//! It uses nothing of duckchess but [`crate::geometry`] and the text
//! helpers of [`crate::text`], the crates below it: pictures, traces and every other front end
//! reach Duck Chess as a game of the family, through `variants::duck`,
//! which is built on this module (its piece set and start come from here).
//!
//! ```
//! use duckchess_judge::{Command, Position};
//! let mut game = Position::initial();
//! let verdict = game.play(Command::new(0, 0, 7, 0));
//! assert_eq!(
//!     verdict.unwrap_err().to_string(),
//!     "car at (0,0) cannot pass (2,0), which holds red duck"
//! );
//! ```

#![warn(missing_docs)]

// The floors below, under the names the whole house uses for them.
use duckchess_geometry as geometry;
use duckchess_text as text;

mod arbiter;
pub mod attacks;
mod board;
mod color;
mod command;
pub mod fen;
pub mod io;
pub mod perft;
mod piece;
mod point;
mod position;
mod role;
mod verdict;

pub use board::Board;
pub use color::Color;
pub use command::Command;
pub use io::{run, transcript, Commands, JudgeError, KeepReading, Problem, Summary};
pub use piece::Piece;
pub use point::{Point, COLUMNS, ROWS};
pub use position::{Move, Position, PositionError};
pub use role::{Movement, Role};
pub use verdict::{Invalid, MoveRecord, INVALID_LINE};

/// The name `--variant` knows Duck Chess by (the default).
pub const NAME: &str = "duck";

/// One line for `duckchess variants`: the board and the pieces.
pub const SUMMARY: &str = "10×9 xiangqi board (THUPC 2019); captain guard elephant horse car \
     duck soldier; a side wins by taking the other's captain";
