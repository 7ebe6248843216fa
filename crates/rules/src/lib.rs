//! # duckchess-rules
//!
//! The rules of every game duckchess plays, on one kernel: the floor above
//! the geometry and the Duck Chess judge, below the engine and every front
//! end.
//!
//! - [`kernel`]: pieces and variants as data, legal move generation,
//!   outcomes, perft — no notation;
//! - [`variants`]: one module per game with its data and notation (FEN,
//!   UCI, SAN as value types), the registry every front end reaches every
//!   game through (Duck Chess first), games from a file in
//!   Fairy-Stockfish's `variants.ini` syntax, pictures and the wording of
//!   results.
//!
//! The kernel's tests use the games of [`variants`], which is why the two
//! are one crate.
//!
//! ```
//! use duckchess_rules::kernel::AnyPosition;
//! let start = duckchess_rules::variants::chess::start();
//! assert_eq!(start.legal_moves().len(), 20);
//! ```

#![warn(missing_docs)]

// The floors below, under the names the whole house uses for them.
use duckchess_geometry as geometry;
use duckchess_judge as judge;
use duckchess_text as text;

pub mod kernel;
pub mod variants;
