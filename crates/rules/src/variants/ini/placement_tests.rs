//! Placement chess's setup from a file: drops before any other move
//! (`mustDrop`), bishops on both colours (`dropOppositeColoredBishop`),
//! castling rights for a king and rook dropped on their squares
//! (`castlingDroppedPiece`). Every move list and FEN is Fairy-Stockfish's
//! (pyffish 0.0.90).

use super::tests::{after, error, sample};
use super::FileGame;
use crate::variants::prelude::*;

/// The legal moves in UCI, sorted.
fn moves(g: &FileGame, fen: &str, line: &str) -> Vec<String> {
    super::tests::sorted_moves(g, &*after(g, fen, line))
}

#[test]
fn pieces_in_hand_are_dropped_before_any_other_move() {
    let g = sample("placement");
    // Five kinds on eight squares; no pawn moves while a piece is in hand.
    let start = moves(&g, "start", "");
    assert_eq!(start.len(), 40);
    assert!(start.iter().all(|m| m.contains('@')));
}

#[test]
fn the_bishops_go_on_both_colours() {
    let g = sample("placement");
    // The first bishop on c1 (dark): the second goes on a light square.
    let light: Vec<String> = moves(&g, "start", "B@c1 K@e8")
        .into_iter()
        .filter(|m| m.starts_with("B@"))
        .collect();
    assert_eq!(light, ["B@b1", "B@d1", "B@f1", "B@h1"]);
    // h1 is the last light square left: no other piece may take it.
    assert_eq!(
        moves(&g, "start", "B@c1 K@e8 K@b1 Q@d8 Q@d1 R@a8 N@f1 R@h8"),
        ["B@h1", "N@a1", "N@e1", "N@g1", "R@a1", "R@e1", "R@g1"]
    );
}

#[test]
fn a_king_and_rook_dropped_home_may_castle() {
    let g = sample("placement");
    let fen = |line: &str| g.write_position(&*after(&g, "start", line));
    assert_eq!(
        fen("K@e1 K@e8 R@a1"),
        "4k3/pppppppp/8/8/8/8/PPPPPPPP/R3K3[QRBBNNqrrbbnn] b Q - 0 2"
    );
    assert_eq!(
        fen("R@h1 K@e8 K@e1"),
        "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K2R[QRBBNNqrrbbnn] b K - 0 2"
    );
    // A king dropped elsewhere gets no right.
    assert!(fen("R@h1 K@e8 K@d1").contains(" b - - "));
}

#[test]
fn the_setup_rules_need_drops_and_a_bishop() {
    assert_eq!(
        error("[a:chess]\nmustDrop = true\n"),
        "line 2: mustDrop = true is not supported: played here where pieceDrops = true"
    );
    assert_eq!(
        error("[a:chess]\npieceDrops = true\nbishop = -\ndropOppositeColoredBishop = true\n"),
        "line 4: dropOppositeColoredBishop = true is not supported: the game has no piece named bishop"
    );
    assert_eq!(
        error("[a:chess]\ncastlingDroppedPiece = yes\n"),
        "line 2: castlingDroppedPiece = \"yes\": true or false"
    );
}
