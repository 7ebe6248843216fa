//! Double steps from other ranks and en passant by region
//! (`doubleStepRegionWhite`/`Black`, `enPassantRegion…`): torpedo,
//! georgian, horde and jesonmor. Every move list is pyffish 0.0.90's
//! (`sf.legal_moves(name, fen, moves)` of its built-in game).

use super::tests::{error, sample};
use crate::kernel::{Position, Rules};
use crate::variants::fen::read_fen;
use crate::variants::uci;

/// The legal moves of section `name` after `line` from `fen`, in UCI,
/// sorted.
pub(super) fn moves_after(name: &str, fen: &str, line: &str) -> Vec<String> {
    let rules = Rules::<u64>::new(sample(name).variant().clone())
        .unwrap()
        .leak();
    let mut p: Position<u64> = read_fen(rules, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    for text in line.split_whitespace() {
        let m = uci::parse_uci(&p, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        p.play(m).unwrap();
    }
    let mut all: Vec<String> = p
        .legal_moves()
        .into_iter()
        .map(|m| uci::write_uci(rules.variant(), m))
        .collect();
    all.sort();
    all
}

#[test]
fn torpedo_pawns_double_step_from_every_rank() {
    // pyffish: a pawn on its sixth rank double-steps into the last and
    // promotes there.
    assert_eq!(
        moves_after("torpedo", "4k3/8/8/8/8/1p6/8/4K3 b - - 0 1", ""),
        ["b3b1b", "b3b1n", "b3b1q", "b3b1r", "b3b2", "e8d7", "e8d8", "e8e7", "e8f7", "e8f8"]
    );
    // pyffish: e3e5 may be taken en passant (d5e4), and d5 double-steps.
    assert_eq!(
        moves_after("torpedo", "4k3/8/8/3p4/8/4P3/8/4K3 w - - 0 1", "e3e5"),
        ["d5d3", "d5d4", "d5e4", "e8d7", "e8d8", "e8e7", "e8f7", "e8f8"]
    );
}

#[test]
fn georgian_has_no_en_passant() {
    // pyffish: chess lists e5d6 here, georgian does not.
    let fen = "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1";
    assert_eq!(
        moves_after("georgian", fen, "d7d5"),
        ["e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "e5e6"]
    );
    assert!(moves_after("nocastle", fen, "d7d5").contains(&"e5d6".to_string()));
}

#[test]
fn en_passant_regions_are_whole_ranks() {
    // (A double-step region of squares is wolf's: `wolf_tests`.)
    assert_eq!(
        error("[a:chess]\nenPassantRegionBlack = e3 d3\n"),
        "line 2: enPassantRegionBlack = e3 d3 is not supported: en passant is taken on whole ranks here"
    );
}

#[test]
fn horde_double_steps_from_the_first_rank_without_en_passant() {
    // pyffish: White's pawns double-step from rank 1 as from rank 2.
    assert_eq!(
        moves_after("horde", "4k3/8/8/8/8/8/8/3P4 w - - 0 1", ""),
        ["d1d2", "d1d3"]
    );
    // pyffish: b1b3 passes b2, where Black may not take en passant ...
    assert_eq!(
        moves_after("horde", "4k3/8/8/8/8/p7/8/1P6 w - - 0 1", "b1b3"),
        ["a3a2", "e8d7", "e8d8", "e8e7", "e8f7", "e8f8"]
    );
    // ... but b2b4 passes b3, where it may.
    assert_eq!(
        moves_after("horde", "4k3/8/8/8/p7/8/1P6/8 w - - 0 1", "b2b4"),
        ["a4a3", "a4b3", "e8d7", "e8d8", "e8e7", "e8f7", "e8f8"]
    );
    // White has no king; pyffish lists 8 moves from the start.
    assert_eq!(
        moves_after("horde", sample("horde").start_fen(), "").len(),
        8
    );
}

#[test]
fn jesonmor_is_won_by_a_knight_still_on_e5() {
    use super::tests::after;
    use crate::kernel::{Color, Outcome, Win};
    let g = sample("jesonmor");
    let fen = "4n4/9/9/9/9/9/3N5/9/4N4 w - - 0 1";
    // pyffish: after d3e5 Black has its move (4 of them), and after e9f7
    // the game is over, won by White (`game_result` 32000 to White).
    assert_eq!(after(&g, fen, "d3e5").outcome(), None);
    assert_eq!(after(&g, fen, "d3e5").perft(1), 4);
    assert_eq!(
        after(&g, fen, "d3e5 e9f7").outcome(),
        Some(Outcome::Decisive {
            winner: Color::White,
            how: Win::Flag
        })
    );
}
