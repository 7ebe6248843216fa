//! Cambodian chess from a file (`gating = true`, `cambodianMoves =
//! true`): the king's and the met's first moves while they hold the
//! rights the FEN names by their files (`DEde`). Each figure is
//! Fairy-Stockfish's (pyffish 0.0.90: `legal_moves`).

use super::tests::{after, sample};
use super::*;

/// The legal moves in UCI from `from`, sorted.
fn moves(g: &FileGame, p: &dyn crate::kernel::AnyPosition, from: &str) -> Vec<String> {
    let mut all = super::tests::sorted_moves(g, p);
    all.retain(|m| m.starts_with(from));
    all
}

#[test]
fn the_king_leaps_and_the_met_steps_two_while_they_hold_their_rights() {
    let g = sample("cambodian");
    // From the start the king on d1 leaps to b2 and f2.
    let p = after(&g, "start", "");
    assert_eq!(
        moves(&g, &*p, "d1"),
        ["d1b2", "d1c2", "d1d2", "d1e2", "d1f2"]
    );
    // Once e3 is free the met steps to e3.
    let p = after(&g, "start", "e3e4 a6a5");
    assert_eq!(moves(&g, &*p, "e1"), ["e1d2", "e1e3", "e1f2"]);
    // Having moved, the king has no leap left.
    let p = after(&g, "start", "d1d2 a6a5 d2d1 a5a4");
    assert_eq!(moves(&g, &*p, "d1"), ["d1c2", "d1d2", "d1e2"]);
    // Without the rights (`-`) there are no first moves.
    let p = after(
        &g,
        "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1",
        "",
    );
    assert_eq!(moves(&g, &*p, "d1"), ["d1c2", "d1d2", "d1e2"]);
}

#[test]
fn a_rook_aiming_at_the_king_takes_its_leap_away() {
    let g = sample("cambodian");
    let fen = "r3k3/8/8/8/3p4/8/8/3K4 b D - 0 1";
    // The rook onto the king's file (the pawn on d4 between): no leap.
    let p = after(&g, fen, "a8d8");
    assert_eq!(
        moves(&g, &*p, "d1"),
        ["d1c1", "d1c2", "d1d2", "d1e1", "d1e2"]
    );
    // Elsewhere the right stays (b2 and f2; c1 and c2 are on the rook's
    // file).
    let p = after(&g, fen, "a8c8");
    assert_eq!(
        moves(&g, &*p, "d1"),
        ["d1b2", "d1d2", "d1e1", "d1e2", "d1f2"]
    );
    // In check, no leap.
    let p = after(&g, "3rk3/8/8/8/8/8/8/3K4 w D - 0 1", "");
    assert_eq!(moves(&g, &*p, "d1"), ["d1c1", "d1c2", "d1e1", "d1e2"]);
}

#[test]
fn gating_is_read_only_with_the_cambodian_moves() {
    let error = read("[x:chess]\ngating = true\n").unwrap_err();
    assert_eq!(
        error.to_string(),
        "line 2: gating = true is not supported: gating is played only with cambodianMoves = true"
    );
    let error = read(
        "[x:chess]\ngating = true\ncambodianMoves = true\n\
         startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w DXde - 0 1\n",
    )
    .unwrap_err();
    assert!(error.to_string().contains("right 'X'"), "{error}");
}
