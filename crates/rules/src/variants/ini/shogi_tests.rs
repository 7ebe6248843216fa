//! The shogi family from a file: promotions by choice in a zone, promoted
//! pieces that go to hand unpromoted, nifu and immobility. Every count,
//! move list and FEN is Fairy-Stockfish's (pyffish 0.0.90, and the
//! engine's `go perft`).

use super::read;
use super::tests::{error, sample};
use crate::kernel::{perft, Position, Rules};
use crate::variants::fen::{read_fen, Fen};
use crate::variants::{uci, GameRules};

fn minishogi() -> &'static Rules<u64> {
    static RULES: std::sync::OnceLock<&'static Rules<u64>> = std::sync::OnceLock::new();
    RULES.get_or_init(|| {
        let game = sample("minishogi");
        Rules::new(game.variant().clone()).unwrap().leak()
    })
}

fn fen(rules: &'static Rules<u64>, text: &str) -> Position<u64> {
    read_fen(rules, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The legal moves in UCI, sorted.
fn moves(p: &Position<u64>) -> Vec<String> {
    let variant = p.rules().variant();
    let mut all: Vec<String> = p
        .legal_moves()
        .into_iter()
        .map(|m| uci::write_uci(variant, m))
        .collect();
    all.sort();
    all
}

fn play(p: &mut Position<u64>, line: &str) {
    for text in line.split_whitespace() {
        let m = uci::parse_uci(p, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        p.play(m).unwrap();
    }
}

#[test]
fn minishogi_counts_as_fairy_stockfish() {
    let start = Position::new(minishogi());
    assert_eq!(
        Fen::of(&start).to_string(),
        "rbsgk/4p/5/P4/KGSBR[] w - - 0 1"
    );
    let counts: Vec<u64> = (1..=4).map(|d| perft(&start, d)).collect();
    assert_eq!(counts, [14, 181, 2_512, 35_401]);
}

#[test]
fn a_piece_entering_or_leaving_the_zone_may_promote() {
    // The silver on b4 steps into the zone with or without `+`; back
    // out of it to a3 there is no choice.
    let p = fen(minishogi(), "3k1/1S3/2P2/5/K4[] w - - 0 1");
    assert_eq!(
        moves(&p),
        [
            "a1a2", "a1b1", "a1b2", "b4a3", "b4a5", "b4a5+", "b4b5", "b4b5+", "b4c5", "b4c5+",
            "c3c4"
        ]
    );
    // From inside the zone every move may promote.
    let mut p = fen(minishogi(), "1S1k1/5/5/5/K4[] w - - 0 1");
    assert_eq!(
        moves(&p),
        ["a1a2", "a1b1", "a1b2", "b5a4", "b5a4+", "b5c4", "b5c4+"]
    );
    play(&mut p, "b5c4+");
    assert_eq!(Fen::of(&p).to_string(), "3k1/2+S2/5/5/K4[] b - - 0 1");
    // The promoted silver moves as a gold: straight back, not diagonally.
    let p = fen(minishogi(), "3k1/5/2+S2/5/K4[] w - - 0 1");
    let silver: Vec<String> = moves(&p)
        .into_iter()
        .filter(|m| m.starts_with("c3"))
        .collect();
    assert_eq!(silver, ["c3b3", "c3b4", "c3c2", "c3c4", "c3d3", "c3d4"]);
}

#[test]
fn a_pawn_that_could_not_move_again_must_promote() {
    // immobilityIllegal: c4c5 would leave a pawn with no move.
    let p = fen(minishogi(), "3k1/2P2/5/5/K4[] w - - 0 1");
    let pawn: Vec<String> = moves(&p)
        .into_iter()
        .filter(|m| m.starts_with("c4"))
        .collect();
    assert_eq!(pawn, ["c4c5+"]);
}

#[test]
fn no_pawn_is_dropped_beside_another_nor_where_it_could_not_move() {
    // A pawn on file a forbids drops there (nifu); the promoted pawn on b3
    // does not; rank 5 is no square for a pawn.
    let p = fen(minishogi(), "4k/5/1+P3/P4/K4[P] w - - 0 1");
    let drops: Vec<String> = moves(&p).into_iter().filter(|m| m.contains('@')).collect();
    assert_eq!(
        drops,
        [
            "P@b1", "P@b2", "P@b4", "P@c1", "P@c2", "P@c3", "P@c4", "P@d1", "P@d2", "P@d3", "P@d4",
            "P@e1", "P@e2", "P@e3", "P@e4"
        ]
    );
}

#[test]
fn a_promoted_piece_taken_goes_to_hand_unpromoted() {
    let mut p = Position::new(minishogi());
    play(&mut p, "d1b3 c5d4 b3a4 a5a4 e1e2 B@d1 a1b2 d1b3+");
    assert_eq!(
        Fen::of(&p).to_string(),
        "1b1gk/r2sp/1+b3/PK2R/1GS2[] w - - 0 5"
    );
    play(&mut p, "b2b3");
    assert_eq!(
        Fen::of(&p).to_string(),
        "1b1gk/r2sp/1K3/P3R/1GS2[B] b - - 0 5"
    );
}

#[test]
fn promotion_may_be_made_mandatory() {
    let games = read(&format!(
        "{}\n[forced:minishogi]\nmandatoryPiecePromotion = true\n",
        include_str!("../../../../../samples/fsf-variants.ini")
    ))
    .unwrap();
    let game = games.iter().find(|g| g.name() == "forced").unwrap();
    let rules: &'static Rules<u64> = Rules::new(game.variant().clone()).unwrap().leak();
    let p = fen(rules, "1S1k1/5/5/5/K4[] w - - 0 1");
    assert_eq!(moves(&p), ["a1a2", "a1b1", "a1b2", "b5a4+", "b5c4+"]);
}

#[test]
fn the_rules_no_move_list_shows_are_refused_by_name() {
    let base = "[m]\nmaxRank = 5\nmaxFile = 5\nking = k\nshogiPawn = p\n\
                startFen = 4k/4p/5/P4/K4[-] w 0 1\npieceDrops = true\ncapturesToHand = true\n";
    assert_eq!(
        error(&format!("{base}shogiPawnDropMateIllegal = true\npass = true\n")),
        "line 9: shogiPawnDropMateIllegal = true is not supported: played here in a game without pass, bikjangRule, gating or enclosingDrop"
    );
    assert_eq!(
        error(&format!("{base}mandatoryPiecePromotion = true\n")),
        "line 9: mandatoryPiecePromotion = true is not supported: no piece promotes shogi's way (promotedPieceType)"
    );
    assert_eq!(
        error(&format!("{base}dropNoDoubledCount = 2\n")),
        "line 9: dropNoDoubledCount = 2 is not supported: no kind is kept off a file (dropNoDoubled)"
    );
}

fn shogi() -> &'static Rules<u128> {
    static RULES: std::sync::OnceLock<&'static Rules<u128>> = std::sync::OnceLock::new();
    RULES.get_or_init(|| {
        let game = sample("shogi");
        Rules::new(game.variant().clone()).unwrap().leak()
    })
}

fn shogi_moves(text: &str) -> Vec<String> {
    let p = read_fen(shogi(), text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let variant = p.rules().variant();
    let mut all: Vec<String> = p
        .legal_moves()
        .into_iter()
        .map(|m| uci::write_uci(variant, m))
        .collect();
    all.sort();
    all
}

#[test]
fn shogi_counts_as_fairy_stockfish() {
    // Eight kinds and the promoted pieces' marks: the marks live in the
    // spare set of a 9 × 9 board's positions.
    let start = Position::new(shogi());
    assert_eq!(
        Fen::of(&start).to_string(),
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w - - 0 1"
    );
    let counts: Vec<u64> = (1..=3).map(|d| perft(&start, d)).collect();
    assert_eq!(counts, [30, 900, 25_470]);
}

#[test]
fn the_lance_slides_forward_only_and_must_promote_on_the_last_rank() {
    assert_eq!(
        shogi_moves("4k4/9/9/9/9/9/9/L8/K8[] w - - 0 1"),
        [
            "a1b1", "a1b2", "a2a3", "a2a4", "a2a5", "a2a6", "a2a7", "a2a7+", "a2a8", "a2a8+",
            "a2a9+"
        ]
    );
    // A black lance checks down the file.
    assert_eq!(
        shogi_moves("4k4/9/9/9/l8/9/9/9/K8[] w - - 0 1"),
        ["a1b1", "a1b2"]
    );
    // No lance dropped on the last rank, no knight on the last two.
    let drops = shogi_moves("4k4/9/9/9/9/9/9/9/K8[LNln] w - - 0 1");
    let count = |c: char| drops.iter().filter(|m| m.starts_with(c)).count();
    assert_eq!((count('L'), count('N')), (71, 62));
}
