//! Sittuyin's rules from a file: rooks dropped on the first rank only
//! (`sittuyinRookDrop`), pawns promoted by a move of their own, in place or
//! a step aside, never attacking (`sittuyinPromotion`). Every move list is
//! Fairy-Stockfish's (pyffish 0.0.90).

use super::tests::{after, error, sample};
use super::FileGame;
use crate::variants::prelude::*;

/// The legal moves in UCI, sorted.
fn moves(g: &FileGame, fen: &str) -> Vec<String> {
    super::tests::sorted_moves(g, &*after(g, fen, ""))
}

#[test]
fn rooks_are_dropped_on_the_first_rank_only() {
    let g = sample("sittuyin");
    let rooks: Vec<String> = moves(&g, "start")
        .into_iter()
        .filter(|m| m.starts_with("R@"))
        .collect();
    assert_eq!(
        rooks,
        ["R@a1", "R@b1", "R@c1", "R@d1", "R@e1", "R@f1", "R@g1", "R@h1"]
    );
}

#[test]
fn a_pawn_on_a_promotion_square_turns_into_a_ferz_in_place_or_aside() {
    let g = sample("sittuyin");
    // d5 is a promotion square, b2 not: only d5 promotes, to its own
    // square or a ferz's step aside.
    assert_eq!(
        moves(&g, "8/4k3/8/3P4/8/8/1P6/4K3 w - - 0 1"),
        [
            "b2b3", "d5c4f", "d5c6f", "d5d5f", "d5d6", "d5e4f", "d5e6f", "e1d1", "e1d2", "e1e2",
            "e1f1", "e1f2"
        ]
    );
    // A side's last pawn promotes wherever it stands.
    assert_eq!(
        moves(&g, "k7/8/8/8/8/8/1P6/4K3 w - - 0 1"),
        [
            "b2a1f", "b2a3f", "b2b2f", "b2b3", "b2c1f", "b2c3f", "e1d1", "e1d2", "e1e2", "e1f1",
            "e1f2"
        ]
    );
    // A side with a ferz does not promote.
    assert_eq!(
        moves(&g, "k7/8/8/3P4/8/8/1P6/4KF2 w - - 0 1"),
        ["b2b3", "d5d6", "e1d1", "e1d2", "e1e2", "e1f2", "f1e2", "f1g2"]
    );
}

#[test]
fn a_promotion_attacks_nothing_and_gives_no_check() {
    let g = sample("sittuyin");
    // The ferz would attack the knight from d5, the king from c6 or e6.
    assert_eq!(
        moves(&g, "7k/8/4n3/3P4/8/8/1P6/4K3 w - - 0 1"),
        [
            "b2b3", "d5c4f", "d5c6f", "d5d6", "d5e4f", "d5e6", "e1d1", "e1d2", "e1e2", "e1f1",
            "e1f2"
        ]
    );
    assert_eq!(
        moves(&g, "8/3k4/8/3P4/8/8/1P6/4K3 w - - 0 1"),
        ["b2b3", "d5c4f", "d5d5f", "d5d6", "d5e4f", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2"]
    );
    // A step aside would uncover the rook's check.
    assert_eq!(
        moves(&g, "8/8/8/R2P3k/8/8/1P6/4K3 w - - 0 1"),
        [
            "a5a1", "a5a2", "a5a3", "a5a4", "a5a6", "a5a7", "a5a8", "a5b5", "a5c5", "b2b3",
            "d5d5f", "d5d6", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2"
        ]
    );
}

#[test]
fn a_pawn_moving_onto_a_promotion_square_stays_a_pawn() {
    let g = sample("sittuyin");
    assert_eq!(
        moves(&g, "8/8/8/3p4/4P3/8/8/k3K3 w - - 0 1"),
        ["e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "e4d3f", "e4d5", "e4e5", "e4f3f", "e4f5f"]
    );
    let p = after(&g, "8/8/8/3p4/4P3/8/8/k3K3 w - - 0 1", "e4d5");
    assert_eq!(g.write_position(&*p), "8/8/8/3P4/8/8/8/k3K3[] b - - 0 1");
}

#[test]
fn the_keys_need_a_pawn_drops_and_a_rook() {
    assert_eq!(
        error("[a:chess]\nsittuyinRookDrop = true\n"),
        "line 2: sittuyinRookDrop = true is not supported: played here where pieceDrops = true"
    );
    assert_eq!(
        error("[a:chess]\npieceDrops = true\nrook = -\nsittuyinRookDrop = true\n"),
        "line 4: sittuyinRookDrop = true is not supported: the game has no piece named rook"
    );
    assert_eq!(
        error("[a:chess]\npawn = -\nsittuyinPromotion = true\n"),
        "line 3: sittuyinPromotion = true is not supported: played in a game with a pawn"
    );
    assert_eq!(
        error("[a:chess]\nsittuyinPromotion = maybe\n"),
        "line 2: sittuyinPromotion = \"maybe\": true or false"
    );
}
