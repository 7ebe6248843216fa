//! Wolf chess's rules (`[wolf:chess]` of the sample file): the sergeant
//! that promotes and double-steps as the pawn (`promotionPawnTypes`,
//! `fKifmnD`), double steps from squares that are not whole ranks
//! (`doubleStepRegion`), the pawn's elephant written `+`
//! (`promotedPieceType = p:e`), and the clock a sergeant restarts
//! (`nMoveRuleTypes`). Every move list and FEN is pyffish 0.0.90's
//! (`sf.legal_moves("wolf", fen, moves)`, `sf.get_fen`).

use super::tests::{after, error, sample, sorted_moves};
use crate::variants::Text;

/// The legal moves of wolf after `line` from `fen`, as pyffish writes
/// them, sorted.
fn moves_after(fen: &str, line: &str) -> Vec<String> {
    let g = sample("wolf");
    sorted_moves(&g, &*after(&g, fen, line))
}

#[test]
fn double_steps_start_from_the_region_squares() {
    // b3 and c3 are in White's region, d3 is not: the sergeant on b3 and
    // the pawn on c3 double-step, the pawn on d3 does not.
    assert_eq!(
        moves_after("k7/8/8/8/8/8/8/1SPP4/8/K7 w - - 0 1", ""),
        ["a1a2", "a1b1", "a1b2", "b3a4", "b3b4", "b3b5", "b3c4", "c3c4", "c3c5", "d3d4"]
    );
}

#[test]
fn the_sergeant_promotes_as_the_pawn_which_may_also_turn_into_the_elephant() {
    let mut want = vec!["a1a2", "a1b1", "a1b2"];
    let sergeant = ["c9b10", "c9c10", "c9d10"];
    let owned: Vec<String> = sergeant
        .iter()
        .flat_map(|m| "bfqrw".chars().map(move |p| format!("{m}{p}")))
        .chain("+bfqrw".chars().map(|p| format!("e9e10{p}")))
        .collect();
    want.extend(owned.iter().map(String::as_str));
    want.sort_unstable();
    assert_eq!(moves_after("7k/2S1P3/8/8/8/8/8/8/8/K7 w - - 0 1", ""), want);
    // The elephant is written as the pawn turned, and read back so.
    let g = sample("wolf");
    let p = after(&g, "7k/2S1P3/8/8/8/8/8/8/8/K7 w - - 0 1", "e9e10+");
    assert_eq!(
        g.write_position(&*p),
        "4+P2k/2S5/8/8/8/8/8/8/8/K7 b - - 0 1"
    );
    let back = g
        .read_position("4+P2k/2S5/8/8/8/8/8/8/8/K7 b - - 0 1")
        .unwrap();
    assert_eq!(g.write_position(&*back), g.write_position(&*p));
}

#[test]
fn a_pawn_takes_a_sergeant_en_passant() {
    assert_eq!(
        moves_after("k7/8/8/8/8/8/2p5/8/1S6/K7 w - - 0 1", "b2b4"),
        ["a10a9", "a10b10", "a10b9", "c4b3", "c4c3"]
    );
    let g = sample("wolf");
    let p = after(&g, "k7/8/8/8/8/8/2p5/8/1S6/K7 w - - 0 1", "b2b4 c4b3");
    assert_eq!(g.write_position(&*p), "k7/8/8/8/8/8/8/1p6/8/K7 w - - 0 2");
    // The en passant square a sergeant left is read back.
    assert_eq!(
        moves_after("k7/8/8/8/8/8/1Sp5/8/8/K7 b - b3 0 1", ""),
        ["a10a9", "a10b10", "a10b9", "c4b3", "c4c3"]
    );
}

#[test]
fn a_sergeant_move_restarts_the_count() {
    let g = sample("wolf");
    let fen = "k7/8/8/8/8/8/8/8/1S6/K7 w - - 7 1";
    assert_eq!(
        g.write_position(&*after(&g, fen, "b2b3")),
        "k7/8/8/8/8/8/8/1S6/8/K7 b - - 0 1"
    );
    assert_eq!(
        g.write_position(&*after(&g, fen, "a1a2")),
        "k7/8/8/8/8/8/8/8/KS6/8 b - - 8 1"
    );
}

#[test]
fn pawn_like_keys_say_what_is_not_played() {
    assert_eq!(
        error("[a:chess]\ncustomPiece1 = s:fK\npromotionPawnTypes = s\n"),
        "line 3: promotionPawnTypes = s is not supported: the pawn promotes here: name it too"
    );
    assert_eq!(
        error("[a:chess]\ncustomPiece1 = s:fK\nenPassantTypes = ps\n"),
        "line 3: enPassantTypes = ps is not supported: the pawn alone takes en passant here"
    );
    assert_eq!(
        error("[a:chess]\npromotionPawnTypesWhite = px\n"),
        "line 2: promotionPawnTypesWhite = \"px\": letters of the game's pieces, or -"
    );
    assert_eq!(
        error("[a:chess]\ncustomPiece1 = s:fKifmnA\n"),
        "line 2: piece s (customPiece1 = fKifmnA): initial moves are supported only as the pawn's ifmnD"
    );
    assert_eq!(
        error("[a:chess]\ncustomPiece1 = s:K\npromotionPawnTypes = ps\nnMoveRuleTypes = ps\n"),
        "line 4: nMoveRuleTypes = ps is not supported: a piece beside the pawn restarts the count here only where it steps forward alone"
    );
}

#[test]
fn wolf_is_written_back_with_its_keys() {
    let g = sample("wolf");
    let written = super::write::write(g.variant()).unwrap();
    for line in [
        "promotionPieceTypes = qwfrb\n",
        "doubleStepRegionWhite = a2 b2 c2 d2 e2 f2 g2 h2 b3 c3 f3 g3\n",
        "promotionPawnTypes = ps\n",
        "nMoveRuleTypes = ps\n",
        "promotedPieceType = p:e\n",
    ] {
        assert!(written.contains(line), "{line}{written}");
    }
    let back = super::tests::game(&written);
    super::tests::same_game(back.variant(), g.variant());
}
