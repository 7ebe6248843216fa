//! Perft over threads for any kernel variant: the root moves are shared out
//! among scoped threads, each counting its moves' subtrees.

use crate::kernel::{AnyPosition, Move};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// The perft count of each legal move of `position` to `depth` plies in
/// total, in the order of [`AnyPosition::legal_moves`], counted by up to
/// `threads` threads. Depth 0 has no moves to divide: the result is empty.
///
/// ```
/// use duckchess_rules::variants::{by_name, perft::divide};
/// let start = by_name("chess").unwrap().start();
/// let parts = divide(&*start, 3, 2);
/// assert_eq!(parts.len(), 20);
/// assert_eq!(parts.iter().map(|p| p.1).sum::<u64>(), 8902);
/// ```
pub fn divide(position: &dyn AnyPosition, depth: u32, threads: usize) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let moves = position.legal_moves();
    if threads <= 1 || moves.len() <= 1 {
        return position.divide(depth);
    }
    let counts = Mutex::new(vec![0u64; moves.len()]);
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..threads.min(moves.len()) {
            scope.spawn(|| loop {
                // Each thread takes the next root move: big subtrees do not
                // leave the others idle.
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(&m) = moves.get(i) else { break };
                let mut child = position.clone_box();
                let played = child.play(m).expect("a legal move");
                // A path that takes the royal piece ends there (Duck Chess).
                let ends = depth > 1
                    && played
                        .captured
                        .is_some_and(|p| position.variant().kind(p.kind).royal);
                let n = if ends { 1 } else { child.perft(depth - 1) };
                counts.lock().expect("no thread panics holding it")[i] = n;
            });
        }
    });
    let counts = counts.into_inner().expect("no thread panicked");
    moves.into_iter().zip(counts).collect()
}
