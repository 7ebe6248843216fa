//! # duckchess
//!
//! A judge-exact simulator and toolbox for Duck Chess (鸭棋), the xiangqi
//! variant of the THUPC 2019 problem "duckchess" (Luogu P5380, LOJ 6619).
//!
//! The crate is a library first; the `duckchess` binary is a thin layer over
//! it. The folders show the layers:
//!
//! - [`duck`]: the Duck Chess judge engine — position, judge format, FEN,
//!   pictures, traces, perft and the computer opponent;
//! - [`contest`]: checking contest solutions — generator, runner, checker,
//!   validator, output verifier;
//! - [`play`]: the terminal game;
//! - [`engine`]: the computer player of every game written on the
//!   [`kernel`], with matches against simple baselines.
//!
//! ```
//! use duckchess::duck::{Command, Position};
//! let mut game = Position::initial();
//! assert!(game.play(Command::new(3, 0, 4, 0)).is_ok());
//! ```

pub mod contest;
pub mod duck;
pub mod engine;
pub mod geometry;
pub mod kernel;
pub mod play;
pub mod variants;
