//! Pawns with their own ways (Berolina's `mfFcfeWimfnA`): the reader,
//! the writer, the moves and en passant on the square passed. Every move
//! list is pyffish 0.0.90's (`sf.legal_moves("berolina", fen, moves)`).

use super::betza;
use super::tests::{after, error, sample, sorted_moves};
use crate::geometry::Vector;
use crate::variants::Text;

#[test]
fn berolinas_pawn_is_read_and_written_back() {
    let moves = betza::read("mfFcfeWimfnA").unwrap();
    assert_eq!(moves.pawn, Some(true));
    let (ways, en_passant) = moves.pawn_ways.unwrap();
    assert!(en_passant);
    assert_eq!(ways.pushes, [Vector::new(&[-1, 1]), Vector::new(&[1, 1])]);
    assert_eq!(ways.captures, [Vector::new(&[0, 1])]);
    let g = sample("berolina");
    let pawn = g.variant().kinds.iter().find(|k| k.pawn.is_some()).unwrap();
    let text = betza::write(pawn).unwrap();
    assert_eq!(text, "mfFcefWimnfA");
    assert_eq!(
        betza::read(&text).unwrap().pawn_ways,
        betza::read("mfFcfeWimfnA").unwrap().pawn_ways
    );
}

#[test]
fn a_double_step_that_is_not_the_pushes_doubled_is_refused() {
    assert_eq!(
        betza::read("mfFcfeWimfnD"),
        Err(betza::BetzaError::PawnDoubles)
    );
    let e = error("[b:chess]\npawn = -\ncustomPiece1 = p:mfFcfeWimfnD\n");
    assert!(e.contains("line 3") && e.contains("double"), "{e}");
}

#[test]
fn berolinas_pawns_push_diagonally_and_take_straight_ahead() {
    let g = sample("berolina");
    // pyffish: b2 pushes to a3 or c3 and double-steps to d4 (a1 is off
    // the board); b4 pushes to a5 or c5, and neither takes c4's pawn
    // beside it.
    let p = after(&g, "4k3/8/8/8/1Pp5/8/1P6/4K3 w - - 0 1", "");
    assert_eq!(
        sorted_moves(&g, &*p),
        ["b2a3", "b2c3", "b2d4", "b4a5", "b4c5", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2"]
    );
    // A piece on the square passed stops the double step (the knight
    // there also guards d1 and e2).
    let p = after(&g, "4k3/8/8/8/8/2n5/1P6/4K3 w - - 0 1", "");
    assert_eq!(sorted_moves(&g, &*p), ["b2a3", "e1d2", "e1f1", "e1f2"]);
}

#[test]
fn en_passant_takes_the_pawn_that_passed_not_the_one_beside_it() {
    let g = sample("berolina");
    // pyffish: after b2d4 (passing c3) c4 takes straight ahead onto c3,
    // taking d4's pawn; b4's pawn, also diagonally ahead of c3, stays.
    let fen = "4k3/8/8/8/1Pp5/8/1P6/4K3 w - - 0 1";
    let p = after(&g, fen, "b2d4");
    assert_eq!(
        sorted_moves(&g, &*p),
        ["c4b3", "c4c3", "c4d3", "e8d7", "e8d8", "e8e7", "e8f7", "e8f8"]
    );
    let p = after(&g, fen, "b2d4 c4c3");
    let d4 = 3 + 3 * 8;
    let b4 = 1 + 3 * 8;
    assert_eq!(p.piece_at(d4), None);
    assert!(p.piece_at(b4).is_some());
    assert!(p.piece_at(2 + 2 * 8).is_some());
}

#[test]
fn a_fens_en_passant_square_names_the_pawn_that_passed_it() {
    let g = sample("berolina");
    // duckchess's FEN names the square passed alone (Fairy-Stockfish's
    // adds the pawn's, `c3d4`, and takes nothing given `c3` alone).
    // d4's pawn came from b2 over c3 (f2 is taken, and e3 is not c3).
    let p = after(&g, "4k3/8/8/8/2pP4/8/5P2/4K3 b - c3 0 1", "c4c3");
    assert_eq!(p.piece_at(3 + 3 * 8), None);
    // No pawn of White's can have passed c3: refused.
    let Err(e) = g.read_position("4k3/8/8/8/2p5/8/8/4K3 b - c3 0 1") else {
        panic!("no pawn passed c3");
    };
    assert!(e.to_string().contains("c3"), "{e}");
}

#[test]
fn legans_pawns_head_for_their_corner() {
    let g = sample("legan");
    // pyffish: e4 pushes toward a8 (d5) and takes forward (e5) or to its
    // left (d4).
    let p = after(&g, "k7/8/8/4n3/3nP3/8/8/7K w - - 0 1", "");
    assert_eq!(
        sorted_moves(&g, &*p),
        ["e4d4", "e4d5", "e4e5", "h1g1", "h1g2", "h1h2"]
    );
    // Black's pawns head for h1: b4 pushes to c3, its ways turned half a
    // turn.
    let p = after(&g, "k7/8/8/8/1p6/8/8/7K b - - 0 1", "");
    assert_eq!(sorted_moves(&g, &*p), ["a8a7", "a8b7", "a8b8", "b4c3"]);
    // a7 is in White's zone (a5 to a8 to d8): b6 promotes there.
    let p = after(&g, "7k/8/1P6/8/8/8/8/K7 w - - 0 1", "");
    assert_eq!(
        sorted_moves(&g, &*p),
        ["a1a2", "a1b1", "a1b2", "b6a7b", "b6a7n", "b6a7q", "b6a7r"]
    );
}
