//! The one brute-force mate checker of the engine tests: every line tried,
//! nothing pruned, no score, so it is independent of the search's pruning,
//! ordering and evaluation (it trusts only the kernel's legal moves and
//! outcome, which the perft and cross-check tests verify on their own).

use duckchess::kernel::{Outcome, Position, SquareSet, Win};

/// Whether the side to move is checkmated.
pub fn is_mate<S: SquareSet>(p: &Position<S>) -> bool {
    matches!(
        p.outcome(),
        Some(Outcome::Decisive {
            how: Win::Checkmate,
            ..
        })
    )
}

/// Whether the side to move mates in at most `n` moves, by trying every
/// line.
pub fn mates_within<S: SquareSet>(p: &Position<S>, n: u32) -> bool {
    n > 0
        && p.legal_moves().into_iter().any(|m| {
            let mut after = *p;
            after.play(m).unwrap();
            is_mate(&after)
                || (n > 1
                    && !after.legal_moves().is_empty()
                    && after.legal_moves().into_iter().all(|reply| {
                        let mut next = after;
                        next.play(reply).unwrap();
                        mates_within(&next, n - 1)
                    }))
        })
}
