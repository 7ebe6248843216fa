//! Janggi from a file: the palace's diagonal lines (`diagonalLines`), the
//! janggi cannon (`janggiCannon`), passing (`pass`), bikjang
//! (`bikjangRule`) and material counting (`materialCounting = janggi`).
//! Each figure is Fairy-Stockfish's (pyffish 0.0.90: `legal_moves`,
//! `game_result`).

use super::tests::{after, sample};
use super::*;
use crate::kernel::{Color, Draw, Outcome, Win};

/// The legal moves in UCI from `from` (all with `""`), sorted.
fn moves(g: &FileGame, p: &dyn crate::kernel::AnyPosition, from: &str) -> Vec<String> {
    let mut all = super::tests::sorted_moves(g, p);
    all.retain(|m| m.starts_with(from));
    all
}

#[test]
fn the_chariot_and_the_soldier_move_along_the_palace_diagonals() {
    let g = sample("janggi");
    // A chariot on d3, a corner of White's palace: along the diagonal to
    // e2 and f1 besides its file and rank.
    let p = after(&g, "5k3/9/9/9/9/9/9/3R5/9/4K4 w - - 0 1", "");
    assert_eq!(
        moves(&g, &*p, "d3"),
        [
            "d3a3", "d3b3", "d3c3", "d3d1", "d3d10", "d3d2", "d3d4", "d3d5", "d3d6", "d3d7",
            "d3d8", "d3d9", "d3e2", "d3e3", "d3f1", "d3f3", "d3g3", "d3h3", "d3i3"
        ]
    );
    // A soldier on d8, a corner of Black's palace: forward along the
    // diagonal to e9 too.
    let p = after(&g, "3k5/9/3P5/9/9/9/9/9/9/4K4 w - - 0 1", "");
    assert_eq!(moves(&g, &*p, "d8"), ["d8c8", "d8d9", "d8e8", "d8e9"]);
}

#[test]
fn the_cannon_jumps_one_piece_but_never_a_cannon() {
    let g = sample("janggi");
    // Cannons on b1 and b3: b1 may not jump the cannon on b3, only the
    // king on e1 to the right; b3 jumps the soldier on b4 up to b8, not
    // taking the cannon on b9.
    let p = after(&g, "3k5/1c7/9/9/9/9/1P7/1C7/9/1C2K4 w - - 0 1", "");
    assert_eq!(
        moves(&g, &*p, ""),
        [
            "b1f1", "b1g1", "b1h1", "b1i1", "b3b5", "b3b6", "b3b7", "b3b8", "b4a4", "b4b5", "b4c4",
            "e1d1", "e1e1", "e1e2", "e1f1"
        ]
    );
    // Along the palace diagonal, d1 jumps the soldier on e2 to f3, but
    // not a cannon there.
    let p = after(&g, "3k5/9/9/9/9/9/9/5p3/4P4/3CK4 w - - 0 1", "");
    assert_eq!(
        moves(&g, &*p, "d1"),
        ["d1f1", "d1f3", "d1g1", "d1h1", "d1i1"]
    );
    let p = after(&g, "3k5/9/9/9/9/9/9/5p3/4c4/3CK4 w - - 0 1", "");
    assert_eq!(moves(&g, &*p, "d1"), ["d1f1", "d1g1", "d1h1", "d1i1"]);
}

#[test]
fn a_side_passes_but_not_in_check() {
    let g = sample("janggi");
    let p = after(&g, "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1", "");
    assert_eq!(moves(&g, &*p, ""), ["e1d1", "e1e1", "e1e2", "e1f1"]);
    // In check from the chariot on a1, no pass.
    let p = after(&g, "3k5/9/9/9/9/9/9/9/9/r3K4 w - - 0 1", "");
    assert_eq!(moves(&g, &*p, ""), ["e1e2"]);
}

#[test]
fn two_passes_end_the_game_by_the_count_or_drawn() {
    // White's chariot (13 points) beats Black's 1.5.
    let fen = "3k5/9/9/9/9/9/9/9/R8/4K4 w - - 0 1";
    let g = sample("janggi");
    let p = after(&g, fen, "e1e1 d10d10");
    assert!(p.legal_moves().is_empty());
    assert_eq!(
        p.outcome(),
        Some(Outcome::Decisive {
            winner: Color::White,
            how: Win::Counting(Draw::Passes)
        })
    );
    let g = sample("janggicasual");
    let p = after(&g, fen, "e1e1 d10d10");
    assert_eq!(p.outcome(), Some(Outcome::Draw(Draw::Passes)));
    // One pass ends nothing.
    let p = after(&g, fen, "e1e1");
    assert_eq!(p.outcome(), None);
}

#[test]
fn in_bikjang_the_side_to_move_ends_it_or_passes() {
    let fen = "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1";
    let g = sample("janggi");
    let p = after(&g, fen, "");
    // e1e2 would leave the kings facing.
    assert_eq!(moves(&g, &*p, ""), ["e1d1", "e1e1", "e1f1"]);
    // In check and in bikjang, the pass is legal.
    let p = after(&g, "4k4/9/9/9/9/9/9/9/9/r3K4 w - - 0 1", "");
    assert_eq!(moves(&g, &*p, ""), ["e1e1"]);
    // Facing again after the pass: the game ends, Black winning the count
    // (pyffish: 32000 to Black to move), or drawn by the traditional
    // rules; without bikjang (casual) it goes on.
    let p = after(&g, fen, "e1e1");
    assert_eq!(
        p.outcome(),
        Some(Outcome::Decisive {
            winner: Color::Black,
            how: Win::Counting(Draw::Bikjang)
        })
    );
    let g = sample("janggitraditional");
    let p = after(&g, fen, "e1e1");
    assert_eq!(p.outcome(), Some(Outcome::Draw(Draw::Bikjang)));
    let g = sample("janggicasual");
    let p = after(&g, fen, "e1e1");
    assert_eq!(moves(&g, &*p, ""), ["e10d10", "e10e10", "e10e9", "e10f10"]);
}
