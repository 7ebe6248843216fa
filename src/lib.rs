//! # duckchess
//!
//! A judge-exact simulator and toolbox for Duck Chess (鸭棋), the xiangqi
//! variant of the THUPC 2019 problem "duckchess" (Luogu P5380, LOJ 6619).
//!
//! The crate is a library first; the `duckchess` binary is a thin layer over
//! it. The folders show the layers:
//!
//! - [`geometry`]: boards of 1 to 4 axes, vectors and their symmetry
//!   images, direction classes, lame-leap paths — no pieces;
//! - [`kernel`]: pieces and variants as data, legal move generation,
//!   outcomes, perft — no notation;
//! - [`variants`]: one file per game with its data and notation;
//! - [`duck`]: the Duck Chess judge engine — position, judge format, FEN,
//!   pictures, traces, perft and the computer opponent;
//! - [`engine`]: the computer player of every game written on the
//!   [`kernel`], with matches against simple baselines;
//! - `contest`: checking contest solutions — generator, runner, checker,
//!   validator, output verifier (cargo feature `contest`);
//! - `play`: the terminal game (cargo feature `tui`).
//!
//! Cargo features, all on by default: `cli` (the binary), `tui` and
//! `contest`. With `default-features = false` only the rules and the
//! engine are built, with no dependency beyond `itertools` and `thiserror`.
//!
//! ```
//! use duckchess::duck::{Command, Position};
//! let mut game = Position::initial();
//! assert!(game.play(Command::new(3, 0, 4, 0)).is_ok());
//! ```

#![warn(missing_docs)]

#[cfg(feature = "contest")]
pub mod contest;
pub mod duck;
pub mod engine;
pub mod geometry;
pub mod kernel;
#[cfg(feature = "tui")]
pub mod play;
pub mod variants;
#[cfg(feature = "web")]
pub mod web;

#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

#[cfg(doctest)]
#[doc = include_str!("../docs/library.md")]
struct LibraryDoctests;
