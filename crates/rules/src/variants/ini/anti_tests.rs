//! The antichess family from a file: compulsory captures (`mustCapture`),
//! winning by losing every piece or by having no move (`extinctionValue
//! = win`, `stalemateValue = win`), suicide's count of pieces at
//! stalemate (`stalematePieceCount`) and losers' checkmate that wins
//! (`checkmateValue = win`); and atomic captures (`blastOnCapture`,
//! `extinctionPseudoRoyal`, `blastImmuneTypes`, `mutuallyImmuneTypes`).
//! Each figure is Fairy-Stockfish's (pyffish
//! 0.0.90: `legal_moves`, `game_result`).

use super::tests::{after, sample};
use super::*;
use crate::kernel::{Color, Draw, Outcome, Win};
use crate::variants::prelude::*;

/// The legal moves in UCI, sorted.
fn moves(g: &FileGame, p: &dyn crate::kernel::AnyPosition) -> Vec<String> {
    let mut all: Vec<String> = p
        .legal_moves()
        .into_iter()
        .map(|m| g.uci_move(p, m))
        .collect();
    all.sort();
    all
}

fn won(winner: Color, how: Win) -> Option<Outcome> {
    Some(Outcome::Decisive { winner, how })
}

#[test]
fn a_capture_must_be_made() {
    let g = sample("antichess");
    assert!(g.variant().goals.must_capture);
    // pyffish: after 1. e4 d5 White's one legal move takes the pawn.
    let p = after(&g, "start", "e2e4 d7d5");
    assert_eq!(moves(&g, &*p), ["e4d5"]);
    // Where no capture is possible every move is legal: 20 at the start.
    assert_eq!(g.start().legal_moves().len(), 20);
    // A pawn that must take promotes as it takes, to a king too.
    let p = after(&g, "8/8/8/8/8/8/p7/1R6 b - - 0 1", "");
    assert_eq!(
        moves(&g, &*p),
        ["a2b1b", "a2b1k", "a2b1n", "a2b1q", "a2b1r"]
    );
}

#[test]
fn losing_every_piece_or_every_move_wins() {
    let g = sample("antichess");
    // White's last piece taken: White has won, and no move follows.
    let p = after(&g, "8/8/8/8/8/8/p7/1R6 b - - 0 1", "a2b1q");
    assert_eq!(p.outcome(), won(Color::White, Win::Extinction));
    assert!(p.legal_moves().is_empty());
    // White cannot move: White has won.
    let p = after(&g, "8/8/8/8/8/p7/P7/8 w - - 0 1", "");
    assert_eq!(p.outcome(), won(Color::White, Win::Stalemate));
    // The king is an ordinary piece: it may stay attacked (d8, f8).
    let p = after(&g, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a8");
    assert_eq!(moves(&g, &*p), ["e8d7", "e8d8", "e8e7", "e8f7", "e8f8"]);
}

#[test]
fn suicide_counts_pieces_at_stalemate() {
    let g = sample("suicide");
    assert!(g.variant().goals.stalemate_piece_count);
    // White cannot move: as many pieces as Black draws, fewer wins, more
    // loses (pyffish's game_result: 0, 32000, -32000).
    let even = after(&g, "8/8/8/8/8/p6p/P6P/8 w - - 0 1", "");
    assert_eq!(even.outcome(), Some(Outcome::Draw(Draw::Stalemate)));
    let fewer = after(&g, "8/8/8/8/8/p6p/P7/8 w - - 0 1", "");
    assert_eq!(fewer.outcome(), won(Color::White, Win::Stalemate));
    let more = after(&g, "8/8/8/8/p7/P7/P7/8 w - - 0 1", "");
    assert_eq!(more.outcome(), won(Color::Black, Win::Stalemate));
    // Antichess wins the last one all the same.
    let anti = sample("antichess");
    let more = after(&anti, "8/8/8/8/p7/P7/P7/8 w - - 0 1", "");
    assert_eq!(more.outcome(), won(Color::White, Win::Stalemate));
}

#[test]
fn codrus_is_won_by_losing_the_king() {
    let g = sample("codrus");
    // White's king must take Black's: Black, its king lost, has won.
    let p = after(&g, "8/8/8/8/8/8/4k3/4KR2 w - - 0 1", "");
    assert_eq!(moves(&g, &*p), ["e1e2"]);
    let p = after(&g, "8/8/8/8/8/8/4k3/4KR2 w - - 0 1", "e1e2");
    assert_eq!(p.outcome(), won(Color::Black, Win::Extinction));
    // No promotion to a king; a side without a king has won already.
    let p = after(&g, "8/P7/8/8/8/8/8/k7 w - - 0 1", "");
    assert_eq!(p.outcome(), won(Color::White, Win::Extinction));
}

#[test]
fn losers_wins_by_being_mated_or_bared() {
    let g = sample("losers");
    // Fool's mate: White, mated, has won.
    let p = after(&g, "start", "f2f3 e7e5 g2g4 d8h4");
    assert_eq!(p.outcome(), won(Color::White, Win::Checkmate));
    // Captures only, where there are some.
    let p = after(&g, "4k3/8/8/8/8/8/4r3/3QK3 w - - 0 1", "");
    assert_eq!(moves(&g, &*p), ["d1e2", "e1e2"]);
    // The king is royal: the pinned bishop's capture is illegal, so none
    // is forced.
    let p = after(&g, "4k3/8/8/8/8/8/2p5/r2BK3 w - - 0 1", "");
    assert_eq!(moves(&g, &*p), ["e1d2", "e1e2", "e1f1", "e1f2"]);
    // A side left with its king alone has won.
    let p = after(&g, "4k3/8/8/8/8/8/4r3/3QK3 w - - 0 1", "e1e2");
    assert_eq!(p.outcome(), won(Color::Black, Win::Extinction));
}

#[test]
fn the_rules_are_read_and_written() {
    // A checkmate that draws is refused at its line.
    let text = "[a:chess]\ncheckmateValue = draw\n";
    let err = read(text).unwrap_err().to_string();
    assert!(
        err.contains("line 2") && err.contains("checkmateValue"),
        "{err}"
    );
    // `variants --ini` writes the keys back.
    for name in ["giveaway", "suicide", "losers"] {
        let g = sample(name);
        let text = write::write(g.variant()).unwrap();
        assert!(text.contains("mustCapture = true"), "{text}");
        assert!(text.contains("stalemateValue = win"), "{text}");
    }
    assert!(write::write(sample("suicide").variant())
        .unwrap()
        .contains("stalematePieceCount = true"));
    assert!(write::write(sample("losers").variant())
        .unwrap()
        .contains("checkmateValue = win"));
}

#[test]
fn a_capture_blows_up_its_neighbours_but_pawns() {
    let g = sample("nocheckatomic");
    assert!(g.variant().goals.blast.is_some());
    // The knight takes on d5: it, the knight taken, the bishop on c6 and
    // the rook on c4 go; the pawns on e6 and e4 stay (pyffish's FEN).
    let p = after(&g, "4k3/8/2b1p3/3n4/2R1P3/4N3/8/4K3 w - - 0 1", "e3d5");
    assert_eq!(g.write_position(&*p), "4k3/8/4p3/8/4P3/8/8/4K3 b - - 0 1");
    // A king blown up has lost, and no move follows.
    let p = after(&g, "4k3/3n4/8/8/8/8/8/3QK3 w - - 0 1", "d1d7");
    assert_eq!(p.outcome(), won(Color::White, Win::Extinction));
    assert!(p.legal_moves().is_empty());
    // Without the rule on checks a king may take, blowing itself up.
    let p = after(&g, "4k3/8/8/8/8/8/3p4/4K3 w - - 0 1", "");
    assert!(moves(&g, &*p).contains(&"e1d2".to_string()));
}

#[test]
fn an_atomic_king_never_takes_and_may_touch_the_other() {
    let g = sample("atomic");
    assert!(g
        .variant()
        .goals
        .blast
        .as_ref()
        .is_some_and(|b| b.pseudo_royal));
    // Taking would blow the king up: not legal.
    let p = after(&g, "4k3/8/8/8/8/8/3p4/4K3 w - - 0 1", "");
    assert_eq!(moves(&g, &*p), ["e1d1", "e1e2", "e1f1", "e1f2"]);
    // In check from the rook, the king may step next to the other king,
    // where it cannot be taken (its taker would blow up its own king).
    let p = after(&g, "8/8/8/8/8/3k4/8/r3K3 w - - 0 1", "");
    assert_eq!(moves(&g, &*p), ["e1d2", "e1e2", "e1f2"]);
}

#[test]
fn atomar_kings_survive_blasts_and_do_not_take_kings() {
    let g = sample("atomar");
    let p = after(&g, "8/8/8/8/8/8/3k4/4K3 w - - 0 1", "");
    assert_eq!(moves(&g, &*p), ["e1d1", "e1e2", "e1f1", "e1f2"]);
    let p = after(&g, "4k3/8/8/8/8/8/3n4/4K3 w - - 0 1", "e1d2");
    assert_eq!(g.write_position(&*p), "4k3/8/8/8/8/8/3K4/8 b - - 0 1");
}

#[test]
fn the_blast_keys_are_read_and_written() {
    let err = read("[a:chess]\nextinctionPseudoRoyal = true\n")
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("line 2") && err.contains("blastOnCapture"),
        "{err}"
    );
    let err = read("[a:chess]\npieceDrops = true\nblastOnCapture = true\n");
    assert!(err.is_err());
    let text = write::write(sample("atomic").variant()).unwrap();
    assert!(
        text.contains("blastOnCapture = true") && text.contains("extinctionPseudoRoyal = true"),
        "{text}"
    );
    let text = write::write(sample("atomar").variant()).unwrap();
    assert!(
        text.contains("blastImmuneTypes = k") && text.contains("mutuallyImmuneTypes = k"),
        "{text}"
    );
}

#[test]
fn armageddon_gives_black_every_draw() {
    let g = sample("armageddon");
    assert_eq!(g.variant().goals.draw_odds, Some(Color::Black));
    // Black stalemated wins (pyffish's game_result: 32000 to Black).
    let p = after(&g, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "");
    assert_eq!(p.outcome(), won(Color::Black, Win::DrawOdds));
    // Fifty moves: Black wins (is_optional_game_end: -32000 to White),
    // where chess draws.
    let p = after(&g, "4k3/8/8/8/8/8/8/R3K3 w - - 100 80", "");
    assert_eq!(p.outcome(), won(Color::Black, Win::DrawOdds));
    let chess = sample("normal");
    let p = after(&chess, "4k3/8/8/8/8/8/8/R3K3 w - - 100 80", "");
    assert_eq!(p.outcome(), Some(Outcome::Draw(Draw::MoveLimit)));
    // Repetition: Black wins on the third occurrence.
    let mut game = g.start().new_game();
    for text in "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8".split_whitespace() {
        assert_eq!(game.outcome(), None, "{text}");
        let m = g.read_move(game.position(), text).unwrap();
        game.play(m).unwrap();
    }
    assert_eq!(game.outcome(), won(Color::Black, Win::DrawOdds));
    let text = write::write(g.variant()).unwrap();
    assert!(text.contains("materialCounting = blackdrawodds"), "{text}");
}
