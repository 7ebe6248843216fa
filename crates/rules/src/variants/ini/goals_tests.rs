//! Goals from a file: three-check and five-check (`checkCounting`), king
//! of the hill and racing kings (`flagPiece`, `flagRegionWhite`,
//! `flagRegionBlack`, `flagMove`, `checking = false`), each figure
//! Fairy-Stockfish's (pyffish 0.0.90 and the engine's `go perft`).

use super::tests::{after, sample};
use super::*;
use crate::kernel::{Color, Draw, Outcome, Win};
use crate::variants::prelude::*;

fn won(winner: Color, how: Win) -> Option<Outcome> {
    Some(Outcome::Decisive { winner, how })
}

#[test]
fn n_check_counts_in_the_fen() {
    let g = sample("3check");
    assert_eq!(g.variant().goals.checks, Some([3, 3]));
    assert_eq!(
        g.write_position(&*g.start()),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1"
    );
    // pyffish: Qh5+ is White's first check.
    let p = after(&g, "start", "e2e4 f7f6 d1h5");
    assert_eq!(
        g.write_position(&*p),
        "rnbqkbnr/ppppp1pp/5p2/7Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 2+3 1 2"
    );
    let status = crate::variants::status::Status::of(&g, &*p.new_game());
    assert_eq!(
        status.checks.as_deref(),
        Some("checks to give: white 2, black 3")
    );
    // Without counts the next check wins; lichess's `+2+1` counts the
    // checks given of three (both as Fairy-Stockfish reads them).
    let bare = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert!(g
        .write_position(&*after(&g, bare, ""))
        .ends_with(" - 1+1 0 1"));
    let lichess = format!("{bare} +2+1");
    assert!(g
        .write_position(&*after(&g, &lichess, ""))
        .ends_with(" - 1+2 0 1"));
    let five = sample("5check");
    assert!(five
        .write_position(&*after(&five, "start", "e2e4"))
        .ends_with(" 5+5 0 1"));
    // The counts are part of the position: the same board with other
    // counts is another position.
    let a = after(&g, "start", "");
    let b = after(
        &g,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2+3 0 1",
        "",
    );
    assert_ne!(a.key(), b.key());
}

#[test]
fn the_last_check_wins() {
    let g = sample("3check");
    let fen = "rnbqkbnr/ppppp1pp/8/5p2/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1+3 0 2";
    let p = after(&g, fen, "d1h5");
    assert_eq!(p.outcome(), won(Color::White, Win::Checks));
    assert!(p.legal_moves().is_empty(), "pyffish lists no move");
    assert!(g.write_position(&*p).contains(" - 0+3 1 2"));
    // With two checks to give, the same check is not the last: Black
    // answers it (g6, its one move).
    let fen = "rnbqkbnr/ppppp1pp/8/5p2/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 2+3 0 2";
    let p = after(&g, fen, "d1h5");
    assert_eq!(p.outcome(), None);
    assert_eq!(p.legal_moves().len(), 1);
    // Perft counts no move after the last check: 31 moves, one of them
    // Qh5+, which ends the game.
    let p = after(
        &g,
        "rnbqkbnr/ppppp1pp/8/5p2/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1+3 0 2",
        "",
    );
    let q = after(
        &g,
        "rnbqkbnr/ppppp1pp/8/5p2/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 2+3 0 2",
        "",
    );
    assert_eq!(q.perft(2) - p.perft(2), 1);
}

#[test]
fn a_king_on_the_hill_wins() {
    let g = sample("kingofthehill");
    let flag = g.variant().goals.flag.clone().expect("a flag goal");
    assert!(!flag.extra_move);
    assert_eq!(flag.regions[0].len(), 4);
    for (fen, square) in [
        ("k7/8/8/8/8/3K4/8/8 w - - 0 1", "d4"),
        ("k7/8/8/8/8/3K4/8/8 w - - 0 1", "e4"),
        ("k7/8/3K4/8/8/8/8/8 w - - 0 1", "d5"),
        ("k7/8/3K4/8/8/8/8/8 w - - 0 1", "e5"),
    ] {
        let p = after(&g, fen, "");
        let m = p
            .legal_moves()
            .into_iter()
            .find(|&m| g.square_name(&*p, m.to()) == square)
            .unwrap_or_else(|| panic!("a king move to {square}"));
        let mut q = p.clone_box();
        q.play(m).unwrap();
        assert_eq!(q.outcome(), won(Color::White, Win::Flag), "{square}");
        assert!(q.legal_moves().is_empty());
    }
    // d3-c4 is no goal; and the black king can reach e5 from e6.
    let p = after(&g, "8/8/4k3/8/8/3K4/8/8 w - - 0 1", "d3c4");
    assert_eq!(p.outcome(), None);
    let p = after(&g, "8/8/4k3/8/8/3K4/8/8 w - - 0 1", "d3c3 e6e5");
    assert_eq!(p.outcome(), won(Color::Black, Win::Flag));
    // pyffish: a white king already on d4 with White to move has not won
    // (no extra move in this game): the game goes on.
    let p = after(&g, "4k3/8/8/8/3K4/8/8/8 w - - 0 1", "");
    assert_eq!(p.outcome(), None);
    assert_eq!(p.legal_moves().len(), 8);
    // The start: chess's counts until a king can get there.
    assert_eq!(g.start().perft(3), 8_902);
}

#[test]
fn racing_kings_reads_as_data() {
    let g = sample("racingkings");
    let goals = &g.variant().goals;
    assert!(goals.no_checks);
    let flag = goals.flag.clone().expect("a flag goal");
    assert!(flag.extra_move);
    assert_eq!(flag.regions[0], (56..64).collect::<Vec<_>>());
    // pyffish: 21 moves from the start.
    assert_eq!(g.start().legal_moves().len(), 21);
}

#[test]
fn no_move_may_give_check() {
    let g = sample("racingkings");
    // Rb1-a1 and Rb1-b8 would check the king on a8; every rook move along
    // the b-file or the first rank but those is legal.
    let p = after(&g, "8/k7/8/8/8/8/8/1R4K1 w - - 0 1", "");
    let moves: Vec<String> = p
        .legal_moves()
        .into_iter()
        .map(|m| g.coordinate_move(&*p, m))
        .collect();
    assert!(!moves.contains(&"b1a1".to_string()));
    assert!(!moves.contains(&"b1b7".to_string()));
    assert!(moves.contains(&"b1b6".to_string()));
    // A discovered check is a check too: the knight may not leave the
    // rook's file.
    let p = after(&g, "8/k7/8/8/8/8/N7/R5K1 w - - 0 1", "");
    let moves: Vec<String> = p
        .legal_moves()
        .into_iter()
        .map(|m| g.coordinate_move(&*p, m))
        .collect();
    assert!(moves.iter().any(|m| m.starts_with("a1")));
    assert!(moves.iter().all(|m| !m.starts_with("a2")), "{moves:?}");
}

#[test]
fn racing_kings_gives_black_one_more_move() {
    let g = sample("racingkings");
    let fen = "8/1K4k1/8/8/8/8/8/8 w - - 0 1";
    // White's king reaches rank 8 first: Black, whose king can reach it,
    // moves once more.
    let p = after(&g, fen, "b7b8");
    assert_eq!(p.outcome(), None);
    assert_eq!(p.legal_moves().len(), 8);
    // Reaching it too draws; anything else loses.
    let p = after(&g, fen, "b7b8 g7g8");
    assert_eq!(p.outcome(), Some(Outcome::Draw(Draw::Flag)));
    assert!(p.legal_moves().is_empty());
    let p = after(&g, fen, "b7b8 g7g6");
    assert_eq!(p.outcome(), won(Color::White, Win::Flag));
    assert!(p.legal_moves().is_empty());
    // A black king that cannot reach rank 8 has lost at once.
    let p = after(&g, "8/1K6/6k1/8/8/8/8/8 w - - 0 1", "b7b8");
    assert_eq!(p.outcome(), won(Color::White, Win::Flag));
    assert!(p.legal_moves().is_empty());
    // Black first: White has no move to equalise.
    let p = after(&g, "8/1K4k1/8/8/8/8/8/8 b - - 0 1", "g7g8");
    assert_eq!(p.outcome(), won(Color::Black, Win::Flag));
    assert!(p.legal_moves().is_empty());
}

#[test]
fn goals_write_and_read_back() {
    for name in ["3check", "5check", "kingofthehill", "racingkings"] {
        let g = sample(name);
        let text = write(g.variant()).unwrap_or_else(|e| panic!("{name}: {e}"));
        let back = read(&text.replacen(&format!("[{name}]"), "[again]", 1)).unwrap();
        assert_eq!(back[0].variant().goals, g.variant().goals, "{name}");
    }
}

#[test]
fn goal_keys_are_checked() {
    let e = tests::error("[a:chess]\ncheckCounting = true\nchecking = false\n");
    assert!(
        e.contains("checkCounting = true needs checking = true"),
        "{e}"
    );
    let e = tests::error("[a:chess]\nflagPiece = x\nflagRegion = *8\n");
    assert!(e.contains("flagPiece"), "{e}");
    let e = tests::error("[a:chess]\nflagPieceSafe = true\n");
    assert!(e.contains("flagPieceSafe"), "{e}");
}

#[test]
fn random_play_keeps_keys_and_fens_whole() {
    // Every position of a few seeded random games of each: the key kept
    // move by move (the checks counted in it) is the key of the position
    // read again from its FEN, and the FEN reads back to the same
    // position; the n-check games end at the last check.
    let mut seed = 43u64;
    let mut ended = 0;
    for name in ["3check", "kingofthehill", "racingkings"] {
        let g = sample(name);
        for _ in 0..6 {
            let mut p = g.start();
            for _ in 0..150 {
                let moves = p.legal_moves();
                if moves.is_empty() {
                    ended += usize::from(p.outcome().is_some());
                    break;
                }
                seed = seed
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                p.play(moves[(seed >> 33) as usize % moves.len()]).unwrap();
                let text = g.write_position(&*p);
                let again = g.read_position(&text).unwrap();
                assert_eq!(again.key(), p.key(), "{name}: {text}");
                assert_eq!(g.write_position(&*again), text, "{name}");
            }
        }
    }
    assert!(ended > 0, "no random game reached its end");
}

/// Makpong (`makpongRule`): a king in check moves only to take its
/// checker. Move lists and results are pyffish 0.0.90's (`legal_moves`,
/// `game_result` of its built-in makpong and makruk).
#[test]
fn makpong_king_in_check_only_takes() {
    let makpong = sample("makpong");
    let makruk = sample("makruk");
    // The rook on e2 checks: makruk's king may also step aside (3
    // moves), makpong's only take (e1e2).
    let fen = "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1";
    assert_eq!(after(&makruk, fen, "").perft(1), 3);
    assert_eq!(after(&makpong, fen, "").perft(1), 1);
    // Not in check, the king moves as in makruk (e1d2, e1f1).
    assert_eq!(
        after(&makpong, "4k3/8/8/8/8/8/3r4/4K3 w - - 0 1", "").perft(1),
        2
    );
    // A check from afar that the king cannot take is mate (pyffish:
    // no move, -32000 to White); in makruk the king steps away.
    let far = "4k3/8/8/8/8/8/8/r3K3 w - - 0 1";
    assert_eq!(after(&makruk, far, "").perft(1), 3);
    assert_eq!(
        after(&makpong, far, "").outcome(),
        won(Color::Black, Win::Checkmate)
    );
}
