//! Tori shogi from a file: one-way moves to one side (the quails'
//! `fRrbBlbF`, Black's turned half round), a slide of two squares at most
//! (the eagle's `bF2`), and two swallows on a file before drops there stop
//! (`dropNoDoubledCount = 2`). Every move list is Fairy-Stockfish's
//! (pyffish 0.0.90).

use super::tests::{after, error, sample};
use super::FileGame;
use crate::kernel::{Color, Outcome, Win};

/// The legal moves in UCI, sorted.
fn moves(g: &FileGame, fen: &str) -> Vec<String> {
    super::tests::sorted_moves(g, &*after(g, fen, ""))
}

#[test]
fn the_quails_move_one_way_to_each_side() {
    let g = sample("torishogi");
    // White's left quail: forward as a lance, back to the right as a
    // bishop (to f2, short of its own king), one step back to the left.
    assert_eq!(
        moves(&g, "k6/7/7/3L3/7/7/6K[] w - - 0 1"),
        ["d4c3", "d4d5", "d4d6", "d4d7", "d4e3", "d4f2", "g1f1", "g1f2", "g1g2"]
    );
    // Black's, turned half round: its right and back is White's left and
    // forward.
    assert_eq!(
        moves(&g, "k6/7/7/3l3/7/7/6K[] b - - 0 1"),
        ["a7a6", "a7b6", "a7b7", "d4b6", "d4c5", "d4d1", "d4d2", "d4d3", "d4e5"]
    );
    assert_eq!(
        moves(&g, "k6/7/7/3r3/7/7/6K[] b - - 0 1"),
        ["a7a6", "a7b6", "a7b7", "d4c5", "d4d1", "d4d2", "d4d3", "d4e5", "d4f6", "d4g7"]
    );
}

#[test]
fn the_eagle_slides_two_squares_back_diagonally() {
    let g = sample("torishogi");
    let eagle = |fen: &str| -> Vec<String> {
        moves(&g, fen)
            .into_iter()
            .filter(|m| m.starts_with("d4"))
            .collect()
    };
    assert_eq!(
        eagle("7/7/k6/3+F3/7/7/6K[] w - - 0 1"),
        [
            "d4a7", "d4b2", "d4b6", "d4c3", "d4c4", "d4c5", "d4d1", "d4d2", "d4d3", "d4d5", "d4e3",
            "d4e4", "d4e5", "d4f2", "d4f6", "d4g7"
        ]
    );
    // A swallow on c3 stops it there (taken), short of b2.
    assert_eq!(
        eagle("7/7/k6/3+F3/2s4/7/6K[] w - - 0 1"),
        [
            "d4a7", "d4b6", "d4c3", "d4c4", "d4c5", "d4d1", "d4d2", "d4d3", "d4d5", "d4e3", "d4e4",
            "d4e5", "d4f2", "d4f6", "d4g7"
        ]
    );
}

#[test]
fn two_swallows_may_stand_on_a_file() {
    let g = sample("torishogi");
    let drops: Vec<String> = moves(&g, "k6/7/2S4/2S4/7/7/4S1K[S] w - - 0 1")
        .into_iter()
        .filter(|m| m.starts_with("S@"))
        .collect();
    // None on the c file, which has two; the e file's one allows more.
    assert!(drops.iter().all(|m| !m.starts_with("S@c")), "{drops:?}");
    assert_eq!(
        drops.iter().filter(|m| m.starts_with("S@e")).count(),
        5,
        "{drops:?}"
    );
    assert_eq!(drops.len(), 34);
}

#[test]
fn the_count_needs_a_number_and_a_kind() {
    assert_eq!(
        error("[a:chess]\ndropNoDoubledCount = none\n"),
        "line 2: dropNoDoubledCount = \"none\": a number of pieces from 1 to 255"
    );
    assert_eq!(
        error("[a:chess]\ndropNoDoubledCount = 2\n"),
        "line 2: dropNoDoubledCount = 2 is not supported: no kind is kept off a file (dropNoDoubled)"
    );
}

#[test]
fn a_mate_by_a_swallows_drop_loses_for_the_side_that_dropped_it() {
    let g = sample("torishogi");
    // pyffish's seeded game: White's S@e3 mates, and pyffish's
    // `game_result` gives the game to Black.
    let line = "d2e2 e5e4 f3f4 c4c3 e1f2 d6c6 a1a2 S@g6 c1b2 S@e5 b2c3 b5b4 S@f3 d7e6 \
                e3e4 c6d7 f2e3 e7f6 g1g2 d7c6 S@b5 d5d4 e3d2 b4b3 c3c4 a5a4 a3a4 S@c2 \
                d2c3 g5g4 d1c2 g6g5 c4d5 e6d5 S@e6 b7b5 S@b2 C@g6 e2d2 d5e4 b2b3 S@d5 \
                d2e2 g4g3 S@e3";
    let p = after(&g, "start", line);
    assert!(p.legal_moves().is_empty());
    assert_eq!(
        p.outcome(),
        Some(Outcome::Decisive {
            winner: Color::Black,
            how: Win::Checkmate
        })
    );
}
