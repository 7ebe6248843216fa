//! Perft: counting the valid command sequences of a given length, the
//! standard proof of a move generator and its standard speed test.
//!
//! A sequence that removes a captain ends there and counts as one. The
//! design, fastest part first:
//!
//! - the last ply is never played: [`Position::count_moves`] adds up the
//!   sizes of the pieces' target sets, each a few bit operations on tables
//!   built once (`attacks.rs`): an AND for the captain, guards and
//!   soldiers, a blocking-point test per leap for elephants, horses and
//!   ducks, and the nearest-blocker trick on bit sets for cars;
//! - the other plies use make/unmake (`Position::make`), which touch two
//!   mailbox cells and four bit sets and allocate nothing;
//! - with several threads the first-ply moves are shared out through an
//!   atomic counter, each thread working on its own copy of the position.

use crate::{Move, Position};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// The number of valid command sequences of length `depth` from `position`.
///
/// ```
/// use duckchess_judge::{perft::perft, Position};
/// let mut start = Position::initial();
/// assert_eq!(perft(&mut start, 1), 43);
/// assert_eq!(perft(&mut start, 2), 1_849);
/// ```
pub fn perft(position: &mut Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => position.count_moves(),
        _ => {
            let mut nodes = 0;
            for m in position.moves() {
                nodes += after(position, m, depth);
            }
            nodes
        }
    }
}

/// The count of sequences of length `depth` that start with `m`.
fn after(position: &mut Position, m: Move, depth: u32) -> u64 {
    let undo = position.make(m);
    let nodes = if position.is_over() {
        1
    } else {
        perft(position, depth - 1)
    };
    position.unmake(m, undo);
    nodes
}

/// Perft split by first move, in move order, using `threads` threads
/// (at least one). The counts add up to [`perft`]; for `depth` 0 there are
/// no first moves.
pub fn divide(position: &Position, depth: u32, threads: usize) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let moves = position.moves();
    let next = AtomicUsize::new(0);
    let counts = Mutex::new(vec![0; moves.len()]);
    std::thread::scope(|scope| {
        for _ in 0..threads.clamp(1, moves.len().max(1)) {
            scope.spawn(|| {
                let mut own = position.clone();
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&m) = moves.get(i) else { break };
                    let n = after(&mut own, m, depth);
                    counts.lock().expect("no thread panics while holding it")[i] = n;
                }
            });
        }
    });
    let counts = counts.into_inner().expect("threads are done");
    moves.into_iter().zip(counts).collect()
}

/// [`perft`] on `threads` threads.
pub fn perft_threads(position: &Position, depth: u32, threads: usize) -> u64 {
    if depth == 0 {
        return 1;
    }
    divide(position, depth, threads)
        .iter()
        .map(|&(_, n)| n)
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn divide_adds_up_to_perft_on_any_thread_count() {
        let start = Position::initial();
        let total = perft(&mut start.clone(), 3);
        assert_eq!(total, 80_066);
        for threads in [1, 2, 3] {
            let parts = divide(&start, 3, threads);
            assert_eq!(parts.len(), 43);
            assert_eq!(parts.iter().map(|p| p.1).sum::<u64>(), total);
        }
        assert_eq!(perft_threads(&start, 0, 2), 1);
        assert!(divide(&start, 0, 2).is_empty());
    }
}
