//! The square sets a file game is played on: more than 8 kinds on up to
//! 128 squares take two words, not four (opulent: a position half as
//! big, copied at each move tested). Perft is Fairy-Stockfish's.

use super::tests::sample;
use crate::kernel::PositionRef;
use crate::variants::prelude::*;

#[test]
fn ten_kinds_on_a_hundred_squares_take_two_words() {
    let g = sample("opulent");
    assert_eq!(g.variant().kinds.len(), 10);
    let start = g.start();
    assert!(matches!(start.concrete(), PositionRef::Bits2(_)));
    // Fairy-Stockfish's `go perft 3` of its built-in opulent.
    assert_eq!(start.perft(3), 133_829);
    // Eight kinds on the same board stay on u128.
    let grand = sample("grand");
    assert!(matches!(grand.start().concrete(), PositionRef::U128(_)));
}
