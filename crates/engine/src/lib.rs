//! The computer player for every game of the registry: one search written
//! over [`Position<S>`](crate::kernel::Position), so it plays Duck Chess,
//! chess, the cube and Fourfold alike from their data.
//!
//! - [`search`]: iterative deepening alpha-beta under a time budget or a
//!   fixed depth, with a transposition table, quiescence, move ordering and
//!   mate scores; [`search::best`] is the entry point for front ends.
//! - [`eval`]: the evaluation, from the variant's piece values, mobility and
//!   a centralisation term computed from the board's shape.
//! - [`computer`]: the computer as the front ends ask it, one type for
//!   all of them.
//! - [`review`]: a whole game scored position by position, its moves
//!   judged by the winning chance they lost (inaccuracy, mistake, blunder).
//! - `arena`: matches of the computer against simple baselines, itself or
//!   a UCI engine (this crate's feature `arena`, which brings its seeded
//!   random baseline and the shell-word splitting of a UCI command).
//! - [`sprt`]: the statistics of a match in game pairs: the pentanomial
//!   count, its Elo with the error, and the sequential probability ratio
//!   test that accepts or rejects a change.
//!
//! ```
//! use duckchess_engine::search::{best, Limits, Score};
//! use std::sync::atomic::AtomicBool;
//! // White mates at once: Qh5xf7 in the Scholar's mate.
//! let fen = "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
//! let chess = duckchess_rules::variants::by_name("chess").unwrap();
//! let position = chess.read_position(fen).unwrap();
//! let found = best(&*position, &[], Limits::depth(3), &AtomicBool::new(false)).unwrap();
//! assert_eq!(chess.coordinate_move(&*position, found.best), "h5f7");
//! assert_eq!(found.score, Score::Mate(1));
//! ```

#![warn(missing_docs)]

// The floors below, under the names the whole house uses for them.
use duckchess_geometry as geometry;
use duckchess_rules::{kernel, variants};

#[cfg(feature = "arena")]
pub mod arena;
pub mod computer;
pub mod eval;
pub mod mate;
pub mod review;
pub mod search;
pub mod sprt;
mod tt;
pub mod tune;
pub mod uci;
