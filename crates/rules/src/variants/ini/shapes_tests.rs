//! Pieces and pawns of other shapes from a file: steps to empty squares
//! only in some directions (`fmWfF`, breakthrough's piece; `mfF`, the
//! hounds). Each move list is pyffish 0.0.90's `legal_moves`.

use super::betza;
use super::tests::{after, sample};
use super::*;
use crate::geometry::Vector;
use crate::variants::prelude::*;

/// The legal moves in UCI, sorted.
fn moves(g: &FileGame, fen: &str) -> Vec<String> {
    let p = after(g, fen, "");
    let mut all: Vec<String> = p
        .legal_moves()
        .into_iter()
        .map(|m| g.uci_move(&*p, m))
        .collect();
    all.sort();
    all
}

#[test]
fn quiet_steps_are_read_with_their_directions_and_written_back() {
    let piece = betza::read("fmWfF").unwrap();
    assert_eq!(piece.quiet_steps, [Vector::new(&[0, 1])]);
    assert_eq!(piece.steps.len(), 2);
    let hound = betza::read("mfF").unwrap();
    assert_eq!(hound.quiet_steps.len(), 2);
    assert!(hound.steps.is_empty() && hound.leaps.is_empty());
    let kind = hound.apply(crate::kernel::PieceKind::new("hound", 'h', 100));
    assert_eq!(betza::write(&kind).unwrap(), "mfF");
    // A quiet step must have its mirror image, as other steps.
    assert!(betza::read("mflF").is_err());
}

#[test]
fn breakthroughs_piece_moves_straight_and_takes_diagonally() {
    let g = sample("breakthrough");
    // Blocked straight ahead, it takes on e5 and moves to c5.
    assert_eq!(
        moves(&g, "8/8/8/3pp3/3P4/8/8/8 w - - 0 1"),
        ["d4c5", "d4e5"]
    );
    assert_eq!(moves(&g, "7p/8/8/8/8/8/P7/8 w - - 0 1"), ["a2a3", "a2b3"]);
}

#[test]
fn hounds_move_diagonally_forward_and_never_take() {
    let g = sample("fox-and-hounds");
    // Black's hound steps down the board, never onto the fox.
    assert_eq!(moves(&g, "8/8/8/8/3h4/2F5/8/8 b - - 0 1"), ["d4e3"]);
    // The fox steps diagonally both ways, and does not take the hound.
    assert_eq!(
        moves(&g, "8/8/8/8/3h4/2F5/8/8 w - - 0 1"),
        ["c3b2", "c3b4", "c3d2"]
    );
}
