//! Pieces royal beside the king (`extinctionPseudoRoyal` with a king,
//! coregal's queens). Each figure is pyffish 0.0.90's (`legal_moves`,
//! `game_result`).

use super::tests::{after, error, sample};
use super::*;
use crate::kernel::{Color, Outcome, RoyalKinds, Win};

/// The legal moves in UCI, sorted.
fn moves(g: &FileGame, fen: &str) -> Vec<String> {
    super::tests::sorted_moves(g, &*after(g, fen, ""))
}

#[test]
fn a_queen_may_not_be_left_attacked() {
    let g = sample("coregal");
    assert!(g.variant().extinction.is_none());
    assert!(matches!(
        &g.variant().goals.royal_kinds,
        Some(RoyalKinds { kinds, count: 64 }) if kinds.len() == 1
    ));
    // The rook attacks the queen: she moves, and may not take it beside
    // the king; the king may not castle away from her.
    assert_eq!(
        moves(&g, "4k3/8/8/8/8/8/3r4/3QK2R w K - 0 1"),
        ["d1a1", "d1a4", "d1b1", "d1b3", "d1c1", "d1d2", "d1f3", "d1g4", "d1h5", "e1d2"]
    );
    // The queen may not step into the rook's file nor the king's reach.
    assert_eq!(
        moves(&g, "3qk3/3R4/8/8/8/8/8/R3K3 b - - 0 1"),
        ["d8b6", "d8b8", "d8c8", "d8d7", "d8f6", "d8g5", "d8h4", "e8d7"]
    );
}

#[test]
fn a_side_that_cannot_save_its_queen_is_mated() {
    let g = sample("coregal");
    let p = after(&g, "qN5k/P7/1P6/8/8/8/8/1R4KB b - - 0 1", "");
    assert!(p.legal_moves().is_empty());
    assert_eq!(
        p.outcome(),
        Some(Outcome::Decisive {
            winner: Color::White,
            how: Win::Checkmate
        })
    );
}

#[test]
fn royal_kinds_are_named_by_letter() {
    assert!(error("[x:chess]\nextinctionValue = loss\nextinctionPieceTypes = *\nextinctionPseudoRoyal = true\n")
        .contains("extinctionPieceTypes = q"));
}
