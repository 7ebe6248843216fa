//! The engine's evaluation on demand (`e`): the score for the side to move
//! and the principal variation in the game's own notation.
//!
//! ```
//! use duckchess_engine::search::{best, Limits};
//! use duckchess_tui::eval::line;
//! use std::sync::atomic::AtomicBool;
//! let chess = duckchess_rules::variants::by_name("chess").unwrap();
//! let start = chess.start();
//! let found = best(&*start, &[], Limits::depth(2), &AtomicBool::new(false)).unwrap();
//! let text = line(chess, &*start, &found);
//! assert!(text.starts_with("eval for white: "), "{text}");
//! assert!(text.contains("depth 2"), "{text}");
//! ```

use crate::engine::search::SearchResult;
use crate::kernel::AnyPosition;
use crate::variants::Notation;

/// `eval for white: +0.35 (depth 9): e4 e5 Nf3 Nc6`: the score for the
/// side to move, the depth, the principal variation written move by move
/// in the game's notation (up to a move that is not legal, which a
/// variation from a stale table may hold).
pub fn line(notation: &dyn Notation, position: &dyn AnyPosition, found: &SearchResult) -> String {
    let mut along = position.clone_box();
    let mut moves = Vec::new();
    for &m in &found.pv {
        if !along.legal_moves().contains(&m) {
            break;
        }
        moves.push(notation.write_move(&*along, m));
        if along.play(m).is_err() {
            break;
        }
    }
    format!(
        "eval for {}: {} (depth {}): {}",
        notation.side_name(position.turn()),
        found.score,
        found.depth,
        // Duck Chess's moves have spaces in them: commas between.
        moves.join(if moves.iter().any(|m| m.contains(' ')) {
            ", "
        } else {
            " "
        })
    )
}
