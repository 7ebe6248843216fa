//! Perft: the number of legal move paths of a given length, the standard
//! test of a move generator.
//!
//! Where taking the royal piece ends the game ([`Royalty::Capture`](super::Royalty),
//! Duck Chess), a path that takes it ends there and counts as one, as the
//! Duck Chess judge's perft counts; where the royal piece cannot be taken
//! (chess), this changes nothing.

use super::{Move, Position, SquareSet};

/// The number of legal move paths of `depth` plies (a path that takes the
/// royal piece ends there and counts as one). The last ply's moves are
/// counted, not played.
///
/// ```
/// use duckchess_rules::kernel::{perft, Position};
/// let start = Position::new(duckchess_rules::variants::chess::rules());
/// assert_eq!(perft(&start, 3), 8_902);
/// ```
pub fn perft<S: SquareSet>(position: &Position<S>, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    // One move buffer per ply, reused across the whole tree.
    let mut buffers: Vec<Vec<Move>> = (0..depth).map(|_| Vec::with_capacity(128)).collect();
    count(position, &mut buffers)
}

fn count<S: SquareSet>(position: &Position<S>, buffers: &mut [Vec<Move>]) -> u64 {
    let (moves, deeper) = buffers.split_first_mut().expect("one buffer per ply");
    if deeper.is_empty() {
        return position.count_legal() as u64;
    }
    moves.clear();
    position.generate_legal(moves);
    let rules = position.rules();
    if rules.masks {
        // Chess's path: its games count no checks, so the moves are played
        // on the board alone, and no royal piece can be taken.
        return moves
            .iter()
            .map(|&m| {
                let mut next = *position;
                next.play_board(m);
                count(&next, deeper)
            })
            .sum();
    }
    let royal = rules.royal;
    moves
        .iter()
        .map(|&m| {
            let mut next = *position;
            let taken = next.play_unchecked(m);
            if taken.is_some_and(|p| Some(p.kind) == royal) {
                1
            } else {
                count(&next, deeper)
            }
        })
        .sum()
}

/// Perft split by first move: each legal move with the number of paths of
/// `depth` plies that start with it (`depth` ≥ 1).
pub fn divide<S: SquareSet>(position: &Position<S>, depth: u32) -> Vec<(Move, u64)> {
    position
        .legal_moves()
        .into_iter()
        .map(|m| {
            let mut next = *position;
            let taken = next.play_unchecked(m);
            if depth > 1 && taken.is_some_and(|p| Some(p.kind) == position.rules().royal) {
                (m, 1)
            } else {
                (m, perft(&next, depth.saturating_sub(1)))
            }
        })
        .collect()
}
