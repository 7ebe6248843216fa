//! The computer as every front end asks it — the terminal game's moves,
//! hints and evaluations, the web page's, the online games' opponent: one
//! type, [`Computer`], so that each front end takes whatever plays (the
//! engine's search, another engine through UCI, a stand-in in tests).
//!
//! ```
//! use duckchess_engine::computer;
//! use duckchess_engine::search::Limits;
//! use duckchess_rules::kernel::AnyPosition;
//! use std::sync::atomic::AtomicBool;
//! let game = duckchess_rules::variants::chess::start().new_game();
//! let engine = computer::search();
//! let found = engine(&*game, Limits::depth(2), &AtomicBool::new(false)).unwrap();
//! assert!(game.position().legal_moves().contains(&found.best));
//! assert_eq!(found.depth, 2);
//! ```

use super::search::{best_in_game, Limits, Score, SearchResult};
use crate::kernel::{AnyGame, Move};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

/// The computer: given a game (its history too, for repetitions), how long
/// or how deep to think, and a stop flag (set when the answer is no longer
/// wanted or the time is up), what it found — the move and, when it
/// searched, the score, line and depth — or `None` when it has no move.
pub type Computer =
    Arc<dyn Fn(&dyn AnyGame, Limits, &AtomicBool) -> Option<SearchResult> + Send + Sync>;

/// The engine's search (a fresh table each time: a server answers many
/// games at once).
pub fn search() -> Computer {
    Arc::new(|game: &dyn AnyGame, limits: Limits, stop: &AtomicBool| {
        best_in_game(game, limits, stop).ok()
    })
}

/// A move found by other means (another engine, a stand-in), as a result
/// that tells nothing more: score 0, depth 0, the line the move alone.
pub fn just(best: Move) -> SearchResult {
    SearchResult {
        best,
        score: Score::Centipawns(0),
        pv: vec![best],
        depth: 0,
        seldepth: 0,
        nodes: 0,
        elapsed: Duration::ZERO,
    }
}

/// The first legal move, at once: for tests, and for a library user who
/// brings no computer.
pub fn first_legal() -> Computer {
    Arc::new(|game: &dyn AnyGame, _: Limits, _: &AtomicBool| {
        game.position().legal_moves().first().map(|&m| just(m))
    })
}
