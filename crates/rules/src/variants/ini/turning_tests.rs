//! Pieces that turn over both ways (`pieceDemotion`, `dropPromoted`,
//! `piecePromotionOnCapture`): Kyoto shogi's on every move, micro
//! shogi's on every capture. Every move list and FEN is Fairy-Stockfish's
//! (pyffish 0.0.90).

use super::tests::{after, error, sample};
use super::FileGame;
use crate::variants::prelude::*;

/// The legal moves in UCI, sorted.
fn moves(g: &FileGame, fen: &str) -> Vec<String> {
    super::tests::sorted_moves(g, &*after(g, fen, ""))
}

#[test]
fn kyoto_pieces_turn_over_on_every_move() {
    let g = sample("kyotoshogi");
    // The pawn and silver promote (`+`), the promoted lance and knight
    // turn back (`-`); only the king moves as it is.
    assert_eq!(
        moves(&g, "start"),
        [
            "a1a2-", "a1b2-", "b1a2+", "b1b2+", "b1c2+", "c1b2", "c1c2", "c1d2", "d1c2-", "d1d2-",
            "d1e2-", "e1e2+"
        ]
    );
    let fen = |line: &str| g.write_position(&*after(&g, "start", line));
    assert_eq!(fen("a1a2-"), "p+nks+l/5/5/L4/1SK+NP[] b - - 1 1");
    assert_eq!(fen("b1b2+"), "p+nks+l/5/5/1+S3/+L1K+NP[] b - - 1 1");
}

#[test]
fn kyoto_pieces_are_dropped_either_side_up() {
    let g = sample("kyotoshogi");
    let drops: Vec<String> = moves(&g, "p1ks+l/5/5/+S1n2/+LK2P[n] b - - 1 4")
        .into_iter()
        .filter(|m| m.contains("@a3"))
        .collect();
    assert_eq!(drops, ["+N@a3", "N@a3"]);
    let p = after(&g, "p1ks+l/5/5/+S1n2/+LK2P[n] b - - 1 4", "+N@a3");
    assert_eq!(
        g.write_position(&*p),
        "p1ks+l/5/+n4/+S1n2/+LK2P[] w - - 0 5"
    );
}

#[test]
fn micro_pieces_turn_over_on_captures_only() {
    let g = sample("micro");
    // Black's promoted rook (a gold) on d3 turns back taking on c3 and
    // d2, and moves as it is to empty squares.
    assert_eq!(
        moves(&g, "kb1+l/p3/2+R+r/+L2P/2BK[] b - - 5 3"),
        ["a4a3", "b5c4", "d3c2", "d3c3-", "d3d2-", "d3d4", "d5c4", "d5d4"]
    );
}

#[test]
fn turning_needs_promotions() {
    assert_eq!(
        error("[a:chess]\npieceDemotion = true\n"),
        "line 2: pieceDemotion = true is not supported: no piece promotes shogi's way (promotedPieceType)"
    );
}
