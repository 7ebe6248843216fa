//! S-chess and S-house from the sample file (`gating = true`,
//! `seirawanGating = true`): pieces in hand gated in on the square a
//! piece of the first rank leaves. Each figure is Fairy-Stockfish's
//! (pyffish 0.0.90: `legal_moves`, `get_fen`, `get_san`).

use super::tests::{after, error, sample, sorted_moves};
use super::*;
use crate::variants::prelude::*;

/// The legal moves in UCI from the squares `from`, sorted.
fn moves(g: &FileGame, p: &dyn crate::kernel::AnyPosition, from: &[&str]) -> Vec<String> {
    let mut all = sorted_moves(g, p);
    all.retain(|m| from.iter().any(|f| m.starts_with(f)));
    all
}

#[test]
fn a_first_move_from_a_gate_may_put_a_piece_from_the_hand_behind_it() {
    let g = sample("seirawan");
    let p = after(&g, "start", "");
    assert_eq!(
        moves(&g, &*p, &["g1"]),
        ["g1f3", "g1f3e", "g1f3h", "g1h3", "g1h3e", "g1h3h"]
    );
    // The hawk stands on g1, the knight on f3; f1's and g1's gates are
    // gone, d1's bishop may still gate.
    let p = after(&g, "start", "g1f3h e7e6");
    assert_eq!(
        g.write_position(&*p),
        "rnbqkbnr/pppp1ppp/4p3/8/8/5N2/PPPPPPPP/RNBQKBHR[Eeh] w KQBCDFkqbcdfg - 0 2"
    );
    // Back on g1, the knight has no gate left.
    let p = after(&g, "start", "g1f3 e7e6 f3g1 d7d6");
    assert_eq!(moves(&g, &*p, &["g1"]), ["g1f3", "g1h3"]);
}

#[test]
fn castling_gates_on_the_kings_or_the_rooks_square() {
    let g = sample("seirawan");
    let p = after(&g, "r3k2r/8/8/8/8/8/8/R3K2R[H] w KQkq - 0 1", "");
    let castles: Vec<String> = moves(&g, &*p, &["e1g1", "e1c1", "h1e1", "a1e1"]);
    assert_eq!(
        castles,
        ["a1e1h", "e1c1", "e1c1h", "e1g1", "e1g1h", "h1e1h"]
    );
    let q = after(&g, "r3k2r/8/8/8/8/8/8/R3K2R[H] w KQkq - 0 1", "h1e1h");
    assert_eq!(
        g.write_position(&*q),
        "r3k2r/8/8/8/8/8/8/R4RKH[] b kq - 1 1"
    );
    let m = g.read_move(&*p, "h1e1h").unwrap();
    assert_eq!(g.write_move(&*p, m), "O-O/Hh1");
    assert_eq!(g.read_move(&*p, "O-O/Hh1").unwrap(), m);
    let m = g.read_move(&*p, "e1g1h").unwrap();
    assert_eq!(g.write_move(&*p, m), "O-O/He1");
}

#[test]
fn s_chess_loses_its_gates_with_its_hand_and_s_house_keeps_them() {
    let fen = "r3k2r/8/8/8/8/8/8/RNB1K2R[H] w KQBCkq - 0 1";
    let p = after(&sample("seirawan"), fen, "b1c3h");
    assert_eq!(
        sample("seirawan").write_position(&*p),
        "r3k2r/8/8/8/8/2N5/8/RHB1K2R[] b KQkq - 1 1"
    );
    let g = sample("shouse");
    let p = after(&g, fen, "b1c3h");
    assert_eq!(
        g.write_position(&*p),
        "r3k2r/8/8/8/8/2N5/8/RHB1K2R[] b KQCkq - 1 1"
    );
}

#[test]
fn seirawan_gating_needs_gating() {
    let text = "[g:chess]\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Ee] w KQkq - 0 1\nchancellor = e\nseirawanGating = true\n";
    assert!(
        error(text).contains("seirawanGating needs gating = true"),
        "{}",
        error(text)
    );
    let text = text.replace("seirawanGating = true", "seirawanGating = yes");
    assert!(error(&text).contains("seirawanGating"), "{}", error(&text));
}
