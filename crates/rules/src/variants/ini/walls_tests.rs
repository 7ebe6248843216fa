//! Walls from a file: the start FEN's `*` squares (gustav3, omicron),
//! each figure Fairy-Stockfish's (pyffish 0.0.90).

use super::tests::{after, error, game, sample};
use crate::variants::prelude::*;

/// A rook each on the a-file, a wall on a3 between them: on 4 x 4.
const ROOK_AND_WALL: &str = "[w:chess]\nmaxRank = 4\nmaxFile = 4\n\
    startFen = r2k/*3/4/R2K w - - 0 1\ncastling = false\npromotionRegionWhite = *4\n\
    promotionRegionBlack = *1\n";

#[test]
fn a_wall_stops_a_slider_and_is_never_taken() {
    let g = game(ROOK_AND_WALL);
    let p = g.start();
    let rook: Vec<String> = p
        .legal_moves()
        .into_iter()
        .filter(|m| m.from() == 0)
        .map(|m| g.write_move(&*p, m))
        .collect();
    // a2 (the wall on a3 stops it), b1, c1 (the king on d1).
    assert_eq!(rook, ["Rb1", "Rc1", "Ra2"]);
    // The wall blocks attacks as well: a rook on a4 does not see a1.
    let p = after(&g, "r2k/*3/4/K1R1 w - - 0 1", "");
    assert!(!p.is_check());
}

#[test]
fn walls_read_and_write_as_stars() {
    let g = sample("gustav3");
    let start = g.start();
    assert_eq!(
        g.write_position(&*start),
        "arnbqkbnra/*pppppppp*/*8*/*8*/*8*/*8*/*PPPPPPPP*/ARNBQKBNRA w KQkq - 0 1"
    );
    // pyffish: 22 moves, the a2 and j2 walls stop the amazons.
    assert_eq!(start.legal_moves().len(), 22);
    assert_eq!(start.perft(3), 12_804);
    let o = sample("omicron");
    let p = after(&o, "start", "e3e5 e8e6");
    assert!(o
        .write_position(&*p)
        .starts_with("w**********w/*crnbqkbnrc*/"));
}

#[test]
fn a_wall_where_the_game_has_none_or_on_a_piece_is_refused() {
    let chess = game("[c:chess]\n");
    let refused = chess
        .read_position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN* w KQkq - 0 1")
        .map(|_| ())
        .unwrap_err()
        .to_string();
    assert!(refused.contains("the game has no walls"), "{refused}");
    assert_eq!(
        error("[x:chess]\nwallingRule = wall\n"),
        "line 2: wallingRule = \"wall\": arrow, duck, edge, past, static or none"
    );
}

#[test]
fn a_promotion_zone_of_squares_not_ranks() {
    // White's pawns promote on a8 and b8 only; Black's on rank 1.
    let g = game("[a:chess]\npromotionRegionWhite = a8 b8\n");
    let p = g.read_position("8/P1P5/7k/8/8/8/8/4K3 w - - 0 1").unwrap();
    let pawns: Vec<String> = p
        .legal_moves()
        .into_iter()
        .filter(|m| m.from() != 4)
        .map(|m| g.write_move(&*p, m))
        .collect();
    assert_eq!(pawns, ["a8=Q", "a8=R", "a8=B", "a8=N", "c8"]);
    // Troitzky's: the last square of each file short of its walls. A
    // pawn on b7 promotes on b8 (b9 is a wall), not on c8 (pyffish 0.0.90:
    // b7b8q, b7b8r, b7b8b, b7b8n, b7c8).
    let t = sample("troitzky");
    let p = t
        .read_position(
            "****qk****/**rnbbnr**/*1ppppppp*/*P7*/10/10/*8*/*1PPPPPPP*/**RNBBNR**/****QK**** w - - 0 1",
        )
        .unwrap();
    let pawn: Vec<String> = p
        .legal_moves()
        .into_iter()
        .filter(|m| m.from() == 61)
        .map(|m| t.write_move(&*p, m))
        .collect();
    assert_eq!(pawn, ["bxc8", "b8=Q", "b8=R", "b8=B", "b8=N"]);
}
