//! Walls from a file: the start FEN's `*` squares (gustav3, omicron),
//! each figure Fairy-Stockfish's (pyffish 0.0.90).

use super::tests::{after, error, game, sample};
use super::FileGame;
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

/// The moves of a position in UCI (`e2e4,e4d5` where a wall is placed).
fn uci_moves(g: &FileGame, p: &dyn crate::kernel::AnyPosition) -> Vec<String> {
    super::tests::sorted_moves(g, p)
}

#[test]
fn the_square_left_becomes_a_wall() {
    // Snailtrail (`wallingRule = past`), pyffish 0.0.90's moves.
    let g = sample("snailtrail");
    let start = g.start();
    assert_eq!(
        uci_moves(&g, &*start),
        ["a1a2,a2a1", "a1b1,b1a1", "a1b2,b2a1"]
    );
    let p = after(&g, "start", "a1b2,b2a1 g7f6,f6g7 b2a2,a2b2");
    assert_eq!(g.write_position(&*p), "6*/5p1/7/7/7/P*5/*6 b - - 3 2");
    // Read back from the FEN, the walls are the same position's.
    let q = g.read_position(&g.write_position(&*p)).unwrap();
    assert_eq!(q.key(), p.key());
    // SAN: the move, a comma, the wall's square; both read back.
    let m = start.legal_moves()[0];
    let san = g.write_move(&*start, m);
    assert!(san.ends_with(",a1"), "{san}");
    assert_eq!(g.read_move(&*start, &san).unwrap(), m);
    assert_eq!(
        g.read_move(&*start, &g.coordinate_move(&*start, m))
            .unwrap(),
        m
    );
}

#[test]
fn walls_go_where_each_rule_says() {
    // pyffish 0.0.90: isolation (`static`, anywhere in the walling
    // region), amazons (`arrow`, where the queen could move on), the duck
    // (anywhere but where it stood).
    let isolation = sample("isolation");
    assert_eq!(isolation.start().legal_moves().len(), 225);
    let amazons = sample("amazons");
    assert_eq!(amazons.start().legal_moves().len(), 2176);
    let duck = sample("chess-duck");
    assert_eq!(duck.start().legal_moves().len(), 640);
    let p = after(&duck, "start", "e2e4,e4e3");
    assert_eq!(
        duck.write_position(&*p),
        "rnbqkbnr/pppppppp/8/8/4P3/4*3/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
    let moves = uci_moves(&duck, &*p);
    assert_eq!(moves.len(), 620);
    assert!(!moves.iter().any(|m| m.ends_with("e3")));
    // The duck moves: one wall on the board.
    let q = after(&duck, "start", "e2e4,e4e3 d7d5,d5d4");
    assert!(duck
        .write_position(&*q)
        .starts_with("rnbqkbnr/ppp1pppp/8/3p4/3*P3/8/PPPP1PPP/"));
    // `edge`: on the board's edge or next to a wall.
    let edgy = game(
        "[edgy]\nmaxRank = 4\nmaxFile = 4\ncustomPiece1 = p:mK\n\
         startFen = 3p/4/4/P3 w - - 0 1\ncastling = false\nstalemateValue = loss\n\
         extinctionValue = loss\nextinctionPieceTypes = *\nwallingRule = edge\n",
    );
    let start = edgy.start();
    let b2: Vec<String> = uci_moves(&edgy, &*start)
        .into_iter()
        .filter(|m| m.starts_with("a1b2"))
        .collect();
    assert_eq!(start.legal_moves().len(), 31);
    assert_eq!(
        b2,
        [
            "a1b2,b2a1",
            "a1b2,b2a2",
            "a1b2,b2a3",
            "a1b2,b2a4",
            "a1b2,b2b1",
            "a1b2,b2b4",
            "a1b2,b2c1",
            "a1b2,b2c4",
            "a1b2,b2d1",
            "a1b2,b2d2",
            "a1b2,b2d3"
        ]
    );
}

#[test]
fn walling_keys_read_with_clear_errors() {
    assert_eq!(
        error("[x:chess]\nwallingRegion = a1\n"),
        "line 2: wallingRegion = a1 is not supported: walls are placed only with a wallingRule"
    );
    assert_eq!(
        error("[x:chess]\nwallingRule = duck\nwallingRegionWhite = z9\n"),
        "line 3: wallingRegionWhite = \"z9\": squares (e1), whole ranks (*1) or whole files (e*)"
    );
    assert_eq!(
        error("[x:chess]\npieceDrops = true\nwallingRule = duck\n"),
        "line 2: pieceDrops = true is not supported: pieces are not dropped in a game that places walls (Fairy-Stockfish: incompatible)"
    );
}
