//! Pieces that turn to stone on taking (`petrifyOnCaptureTypes`,
//! petrified), with a commoner royal by the extinction rule and no king.
//! Each figure is pyffish 0.0.90's (`legal_moves`, `get_fen`,
//! `game_result`).

use super::tests::{after, error, game, sample, sorted_moves};
use crate::kernel::{Color, Outcome, Win};
use crate::variants::prelude::*;

fn moves(fen: &str) -> Vec<String> {
    let g = sample("petrified");
    sorted_moves(&g, &*after(&g, fen, ""))
}

#[test]
fn a_queen_that_takes_turns_to_stone() {
    let g = sample("petrified");
    let p = after(&g, "4k3/8/8/3p4/8/8/8/3QK3 w - - 0 1", "d1d5 e8d8");
    assert_eq!(g.write_position(&*p), "3k4/8/8/3*4/8/8/8/4K3 w - - 1 2");
    // The stone is neither entered nor passed.
    let p = after(&g, "3k4/8/8/3*4/8/8/8/R3K3 w - - 0 1", "a1d1");
    assert!(!sorted_moves(&g, &*p).contains(&"d8d5".to_string()));
    // A pawn that takes stays a pawn.
    let p = after(&g, "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5");
    assert_eq!(g.write_position(&*p), "4k3/8/8/3P4/8/8/8/4K3 b - - 0 1");
}

#[test]
fn a_king_never_takes_and_may_stand_beside_the_other() {
    // Beside the queen that checks it, the king may not take her.
    assert_eq!(moves("4k3/8/8/8/8/8/3q4/4K3 w - - 0 1"), ["e1f1"]);
    // The other king attacks nothing.
    assert_eq!(
        moves("8/8/8/8/8/3k4/8/4K3 w - - 0 1"),
        ["e1d1", "e1d2", "e1e2", "e1f1", "e1f2"]
    );
}

#[test]
fn a_king_castles_through_no_attacked_square() {
    // The knight on f2 attacks d1: no castling to c1; to g1 it may.
    let all = moves("4k3/8/8/8/8/8/5n2/R3K2R w KQ - 0 1");
    assert!(all.contains(&"e1g1".to_string()));
    assert!(!all.contains(&"e1c1".to_string()));
}

#[test]
fn a_side_with_no_move_beside_the_other_king_is_mated() {
    let g = sample("petrified");
    // Only the king on b2 touches a1: checkmate all the same.
    let p = after(&g, "8/8/8/8/8/2n5/1k6/K7 w - - 0 1", "");
    assert!(p.legal_moves().is_empty());
    assert_eq!(
        p.outcome(),
        Some(Outcome::Decisive {
            winner: Color::Black,
            how: Win::Checkmate
        })
    );
    // Nothing touches it: stalemate, a draw.
    let p = after(&g, "8/8/8/8/8/8/1r6/K1k5 w - - 0 1", "");
    assert!(p.legal_moves().is_empty());
    assert!(!matches!(p.outcome(), Some(Outcome::Decisive { .. })));
}

#[test]
fn petrification_reads_and_writes() {
    let g = sample("petrified");
    let text = super::write::write(g.variant()).unwrap();
    assert!(text.contains("petrifyOnCaptureTypes = "), "{text}");
    let again = game(&text);
    super::tests::same_game(g.variant(), again.variant());
    assert_eq!(
        error("[x:chess]\npetrifyOnCaptureTypes = qz\n"),
        "line 2: petrifyOnCaptureTypes = \"qz\": letters of the game's pieces"
    );
    assert!(
        error("[x:chess]\npieceDrops = true\npetrifyOnCaptureTypes = q\n")
            .contains("without pieces in hand")
    );
}
