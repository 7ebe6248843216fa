//! # duckchess
//!
//! A judge-exact simulator and toolbox for Duck Chess (鸭棋), the xiangqi
//! variant of the THUPC 2019 problem "duckchess" (Luogu P5380, LOJ 6619),
//! and the family of grid chess games it belongs to (chess, cube chess,
//! Fourfold) on one rules kernel.
//!
//! The tool is a library first; the `duckchess` binary is a thin layer over
//! it. The library is a workspace of crates, one a floor, each depending
//! only on those below it (ARCHITECTURE.md draws them); this crate is the
//! binary and the façade that re-exports every floor under one path:
//!
//! - [`text`] (`duckchess-text`): text as users give it (bounded lines,
//!   any line end, UTF-8 named by line and byte) and as messages quote it
//!   back;
//! - [`geometry`] (`duckchess-geometry`): boards of 1 to 4 axes, vectors
//!   and their symmetry images, direction classes, lame-leap paths — no
//!   pieces;
//! - [`judge`] (`duckchess-judge`): the Duck Chess judge engine —
//!   position, judge format, FEN, perft;
//! - [`kernel`] and [`variants`] (`duckchess-rules`): pieces and variants
//!   as data, legal move generation, outcomes, perft — no notation; one
//!   module per game with its data and notation, the registry every front
//!   end reaches every game through (Duck Chess first), pictures and the
//!   wording of results;
//! - [`engine`] (`duckchess-engine`): the computer player of every game,
//!   with matches and their statistics;
//! - `contest` (`duckchess-contest`, cargo feature `contest`): checking
//!   contest solutions — generator, runner, checker, validator, output
//!   verifier;
//! - [`protocol`] (`duckchess-protocol`): the online game's messages as
//!   types, written by the server and read by the terminal client;
//! - `play` (`duckchess-tui`, cargo feature `tui`): the terminal game;
//!   `store`, `online`, `web` (`duckchess-server`, cargo feature `web`):
//!   the page, its JSON API and games between people.
//!
//! Cargo features, all on by default but `web` (`full` is all of them):
//! `cli` (the binary), `tui`, `contest` and `web`. With `default-features =
//! false` only the rules and the engine are built, with no dependency
//! beyond `itertools` and `thiserror`.
//!
//! ```
//! use duckchess::judge::{Command, Position};
//! let mut game = Position::initial();
//! assert!(game.play(Command::new(3, 0, 4, 0)).is_ok());
//! ```

#![warn(missing_docs)]

#[cfg(feature = "contest")]
pub use duckchess_contest as contest;
pub use duckchess_engine as engine;
pub use duckchess_geometry as geometry;
pub use duckchess_judge as judge;
pub use duckchess_protocol as protocol;
pub use duckchess_rules::kernel;
pub use duckchess_rules::variants;
#[cfg(feature = "web")]
pub use duckchess_server::online;
#[cfg(feature = "web")]
pub use duckchess_server::store;
#[cfg(feature = "web")]
pub use duckchess_server::web;
pub use duckchess_text as text;
#[cfg(feature = "tui")]
pub use duckchess_tui as play;

#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

#[cfg(doctest)]
#[doc = include_str!("../docs/library.md")]
struct LibraryDoctests;
