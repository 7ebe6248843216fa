//! # duckchess
//!
//! A judge-exact simulator and toolbox for Duck Chess (鸭棋), the xiangqi
//! variant of the THUPC 2019 problem "duckchess" (Luogu P5380, LOJ 6619).
//!
//! The crate is a library first; the `duckchess` binary is a thin layer over
//! it. The layers, from the bottom:
//!
//! - [`geometry`]: grids, leap vectors, blocking points — no pieces;
//! - [`Color`], [`Role`] (the piece set, as data), [`Piece`], [`Point`];
//! - [`attacks`]: per-point tables expanded from the roles;
//! - [`Board`] and [`Position`] (a game: play, validate, moves, check);
//! - [`fen`]: the position notation; [`judge`]: the judge format;
//! - [`picture`]: board pictures; [`trace`]: verdicts explained;
//! - [`perft`]: move counting; [`search`]: the computer opponent;
//!   [`play`]: the terminal game;
//! - For checking contest solutions: [`gen`] (seeded games), [`runner`]
//!   (running a program with limits), [`check`] (verdicts, shrinking),
//!   [`verify`] (output checker), [`validate`] (input validator) and
//!   [`answer`] (test files).
//!
//! ```
//! use duckchess::{Command, Position};
//! let mut game = Position::initial();
//! let verdict = game.play(Command::new(0, 0, 7, 0));
//! assert_eq!(
//!     verdict.unwrap_err().to_string(),
//!     "car at (0,0) cannot pass (2,0), which holds red duck"
//! );
//! ```

pub mod answer;
pub mod attacks;
mod board;
pub mod check;
mod color;
mod command;
pub mod fen;
pub mod gen;
pub mod geometry;
pub mod judge;
pub mod perft;
pub mod picture;
mod piece;
pub mod play;
mod point;
mod position;
mod role;
pub mod runner;
pub mod search;
pub mod trace;
pub mod validate;
mod verdict;
pub mod verify;

pub use board::Board;
pub use color::Color;
pub use command::Command;
pub use piece::Piece;
pub use point::{Point, GRID};
pub use position::{Move, Position, PositionError, Undo};
pub use role::{Movement, Role};
pub use verdict::{Invalid, MoveRecord, INVALID_LINE};
