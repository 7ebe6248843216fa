//! Orthodox chess on the generic kernel: perft against published counts,
//! FEN and UCI notation, the end of the game.
//!
//! Debug runs stop at the depths that stay fast ([`NODE_LIMIT`]); the deeper
//! published counts are checked by the release run of the same tests,
//! `scripts/kernel_perft_release.sh` (`cargo test --release --test
//! rules -- kernel_chess:: kernel_shapes::`), which CI runs.

use duckchess::kernel::{divide, perft, Draw, Game, Outcome, Win};
use duckchess::variants::chess::{self, from_fen, parse_uci, uci, FenError, UciError};

/// The largest count a perft test computes: small in debug builds, none in
/// release builds.
const NODE_LIMIT: u64 = if cfg!(debug_assertions) {
    250_000
} else {
    u64::MAX
};

/// Perft counts from the Chess Programming Wiki's "Perft Results" page and
/// other published test suites, cross-checked with python-chess.
const POSITIONS: &[(&str, &str, &[u64])] = &[
    (
        "start",
        chess::START_FEN,
        &[20, 400, 8_902, 197_281, 4_865_609, 119_060_324],
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        &[48, 2_039, 97_862, 4_085_603],
    ),
    (
        "position 3",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        &[14, 191, 2_812, 43_238],
    ),
    (
        "position 4",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        &[6, 264, 9_467, 422_333],
    ),
    (
        "position 4 mirrored",
        "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
        &[6, 264, 9_467, 422_333],
    ),
    (
        "position 5",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        &[44, 1_486, 62_379],
    ),
    (
        "position 6",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        &[46, 2_079, 89_890, 3_894_594],
    ),
];

#[test]
fn published_perft_counts() {
    for &(name, fen, counts) in POSITIONS {
        let position = from_fen(fen).unwrap_or_else(|e| panic!("{name}: {e}"));
        for (depth, &expected) in (1..).zip(counts) {
            if expected > NODE_LIMIT {
                left_to_release(&format!("{name} depth {depth}"), expected);
                continue;
            }
            assert_eq!(perft(&position, depth), expected, "{name} depth {depth}");
        }
    }
}

/// Says, on the test's output, which count this debug run did not check.
fn left_to_release(what: &str, count: u64) {
    eprintln!(
        "NOT CHECKED in debug: {what} ({count} nodes, over {NODE_LIMIT}); \
         the release run checks it (scripts/kernel_perft_release.sh, in CI)"
    );
}

/// Small positions from published perft suites that catch the rare rules:
/// en passant exposing the king, castling through or giving check,
/// promotion with capture and out of check, stalemate traps: depths 1–3
/// (counted with python-chess), then the published depth and count, run when
/// within [`NODE_LIMIT`].
const SMALL: &[(&str, &[u64], (u32, u64))] = &[
    (
        "3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1",
        &[18, 92, 1_670],
        (6, 1_134_888),
    ),
    (
        "8/8/4k3/8/2p5/8/B2P2K1/8 w - - 0 1",
        &[13, 102, 1_266],
        (6, 1_015_133),
    ),
    (
        "8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1",
        &[15, 126, 1_928],
        (6, 1_440_467),
    ),
    (
        "5k2/8/8/8/8/8/8/4K2R w K - 0 1",
        &[15, 66, 1_198],
        (6, 661_072),
    ),
    (
        "3k4/8/8/8/8/8/8/R3K3 w Q - 0 1",
        &[16, 71, 1_286],
        (6, 803_711),
    ),
    (
        "r3k2r/1b4bq/8/8/8/8/7B/R3K2R w KQkq - 0 1",
        &[26, 1_141, 27_826],
        (4, 1_274_206),
    ),
    (
        "r3k2r/8/3Q4/8/8/5q2/8/R3K2R b KQkq - 0 1",
        &[44, 1_494, 50_509],
        (4, 1_720_476),
    ),
    (
        "2K2r2/4P3/8/8/8/8/8/3k4 w - - 0 1",
        &[11, 133, 1_442],
        (6, 3_821_001),
    ),
    (
        "8/8/1P2K3/8/2n5/1q6/8/5k2 b - - 0 1",
        &[29, 165, 5_160],
        (5, 1_004_658),
    ),
    (
        "4k3/1P6/8/8/8/8/K7/8 w - - 0 1",
        &[9, 40, 472],
        (6, 217_342),
    ),
    ("8/P1k5/K7/8/8/8/8/8 w - - 0 1", &[6, 27, 273], (6, 92_683)),
    ("K1k5/8/P7/8/8/8/8/8 w - - 0 1", &[2, 6, 13], (6, 2_217)),
    (
        "8/k1P5/8/1K6/8/8/8/8 w - - 0 1",
        &[10, 25, 268],
        (7, 567_584),
    ),
    (
        "8/8/2k5/5q2/5n2/8/5K2/8 b - - 0 1",
        &[37, 183, 6_559],
        (4, 23_527),
    ),
];

#[test]
fn perft_of_positions_with_rare_rules() {
    for &(fen, counts, (deep, deep_count)) in SMALL {
        let position = from_fen(fen).unwrap();
        let shallow = (1..).zip(counts.iter().copied());
        for (depth, expected) in shallow.chain([(deep, deep_count)]) {
            if expected > NODE_LIMIT {
                left_to_release(&format!("{fen} depth {depth}"), expected);
                continue;
            }
            assert_eq!(perft(&position, depth), expected, "{fen} depth {depth}");
        }
    }
}

#[test]
fn divide_sums_to_perft() {
    let start = chess::start();
    let split = divide(&start, 3);
    assert_eq!(split.len(), 20);
    assert_eq!(split.iter().map(|&(_, n)| n).sum::<u64>(), 8_902);
}

#[test]
fn fen_round_trips() {
    let fens = POSITIONS
        .iter()
        .map(|&(_, fen, _)| fen)
        .chain(SMALL.iter().map(|&(fen, _, _)| fen));
    for fen in fens {
        assert_eq!(chess::fen(&from_fen(fen).unwrap()), fen);
    }
}

#[test]
fn fen_reader_is_lenient_where_other_programs_are() {
    // Clocks left out.
    let short = from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3").unwrap();
    assert_eq!((short.halfmove(), short.fullmove()), (0, 1));
    // An en passant square although no pawn can take: kept, not hashed.
    let plain = from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").unwrap();
    assert_eq!(short.en_passant(), Some(20));
    assert_eq!(short.key(), plain.key());
    // Castling rights without their rook are refused, not dropped (the
    // file games drop them, as Fairy-Stockfish does).
    assert_eq!(
        from_fen("4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1").unwrap_err(),
        FenError::UnheldCastling('K')
    );
    assert!(from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1").is_ok());
    // Board only.
    assert!(from_fen("4k3/8/8/8/8/8/8/4K3").is_ok());
}

#[test]
fn fen_errors_name_the_field_and_character() {
    let err = |fen: &str| from_fen(fen).unwrap_err();
    assert_eq!(err(""), FenError::Fields(0));
    assert_eq!(err("8/8/8/8/8/8/8/8 w - - 0 1 x"), FenError::Fields(7));
    assert_eq!(
        err("4k3/8/8/8/8/8/8/4K2Z w"),
        FenError::BoardChar { ch: 'Z', at: 19 }
    );
    assert_eq!(
        err("4k3/8/8/8/8/8/8/4K4 w"),
        FenError::RankLength {
            board: String::new(),
            rank: 1,
            files: 9,
            expected: 8
        }
    );
    assert_eq!(
        err("4k3/8/8/8/8/8/4K3 w"),
        FenError::RankCount {
            board: String::new(),
            found: 7,
            expected: 8
        }
    );
    assert_eq!(
        err("4k3/8/8/8/8/8/8/4K3 white"),
        FenError::Turn("white".into())
    );
    assert_eq!(err("4k3/8/8/8/8/8/8/4K3 w KX"), FenError::Castling('X'));
    assert_eq!(
        err("4k3/8/8/8/8/8/8/4K3 w - e9"),
        FenError::EnPassant("e9".into())
    );
    assert_eq!(
        err("4k3/8/8/8/8/8/8/4K3 w - - x"),
        FenError::Halfmove("x".into())
    );
    assert_eq!(
        err("4k3/8/8/8/8/8/8/4K3 w - - 0 -1"),
        FenError::Fullmove("-1".into())
    );
    assert!(matches!(
        err("8/8/8/8/8/8/8/8 w"),
        FenError::Position { .. }
    ));
    assert!(
        matches!(err("4k3/8/8/8/8/8/8/4K2r b"), FenError::Position { .. }),
        "White to move is in check"
    );
    assert!(
        matches!(err("P3k3/8/8/8/8/8/8/4K3 w"), FenError::Position { .. }),
        "pawn on its last rank"
    );
    assert!(
        matches!(err("4k3/8/8/8/8/8/8/4K3 w - e6"), FenError::Position { .. }),
        "no pawn passed e6"
    );
    // Messages name the field.
    assert!(err("4k3/8/8/8/8/8/8/4K3 w KX")
        .to_string()
        .starts_with("castling field"));
}

#[test]
fn uci_in_and_out() {
    let p = from_fen("r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1").unwrap();
    for text in ["e1g1", "e1c1", "e5d6", "b7a8q", "b7b8n", "a1a8"] {
        assert_eq!(uci(parse_uci(&p, text).unwrap()), text);
    }
    assert_eq!(parse_uci(&p, "e1h1"), Err(UciError::Illegal("e1h1".into())));
    // A pawn's move to the last rank without its piece names the choices.
    assert_eq!(
        parse_uci(&p, "b7b8").unwrap_err().to_string(),
        "\"b7b8\" needs a promotion piece: b7b8q, b7b8r, b7b8b or b7b8n"
    );
    for bad in [
        "", "e1", "e1g", "z1g1", "e1g1qq", "e0e1", "e1g1x", "é1g1", "e1g10",
    ] {
        assert_eq!(
            parse_uci(&p, bad),
            Err(UciError::Syntax(bad.into())),
            "{bad}"
        );
    }
    let promotions = p
        .legal_moves()
        .into_iter()
        .filter(|m| m.promotion.is_some())
        .count();
    assert_eq!(promotions, 8, "b8 and a8, four kinds each");
}

fn play_all(game: &mut Game<u64>, moves: &[&str]) {
    for text in moves {
        let m = parse_uci(game.position(), text).unwrap_or_else(|e| panic!("{e}"));
        game.play(m).unwrap();
    }
}

#[test]
fn checkmate_stalemate_and_what_san_needs() {
    let mut game = Game::new(chess::start());
    play_all(&mut game, &["f2f3", "e7e5", "g2g4"]);
    let mate = parse_uci(game.position(), "d8h4").unwrap();
    let played = game.clone().play(mate).unwrap();
    assert!(played.check && played.captured.is_none());
    game.play(mate).unwrap();
    assert!(game.position().is_check());
    assert_eq!(
        game.outcome(),
        Some(Outcome::Decisive {
            winner: duckchess::kernel::Color::Black,
            how: Win::Checkmate
        })
    );

    let stalemate = from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap();
    assert_eq!(stalemate.outcome(), Some(Outcome::Draw(Draw::Stalemate)));
}

#[test]
fn dead_positions() {
    let dead = |fen: &str| from_fen(fen).unwrap().is_dead();
    assert!(dead("4k3/8/8/8/8/8/8/4K3 w - - 0 1"));
    assert!(dead("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1"));
    assert!(dead("4k3/8/8/8/8/8/8/1N2K3 w - - 0 1"));
    assert!(
        dead("4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1"),
        "bishops both on dark squares"
    );
    assert!(
        dead("4kb2/8/8/8/8/8/1B6/2B1K3 w - - 0 1"),
        "three bishops, all dark"
    );
    assert!(
        dead("4k3/8/8/8/8/8/1B6/2B1K3 w - - 0 1"),
        "one side's bishops, all dark"
    );
    assert!(
        !dead("2b1k3/8/8/8/8/8/8/2B1K3 w - - 0 1"),
        "bishops on both colours"
    );
    assert!(
        !dead("4k3/8/8/8/8/8/B7/2B1K3 w - - 0 1"),
        "bishops of both colours can mate"
    );
    assert!(!dead("4k3/8/8/8/8/8/8/1NN1K3 w - - 0 1"));
    assert!(!dead("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"));
    assert!(!dead("4k3/8/8/8/8/8/8/R3K3 w - - 0 1"));
    let position = from_fen("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1").unwrap();
    assert_eq!(position.outcome(), Some(Outcome::Draw(Draw::DeadPosition)));
}

#[test]
fn move_limits_by_the_clock() {
    let claim = from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 100 80").unwrap();
    assert!(claim.can_claim_move_limit());
    assert_eq!(claim.outcome(), None);
    let automatic = from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 150 100").unwrap();
    assert_eq!(automatic.outcome(), Some(Outcome::Draw(Draw::MoveLimit)));
    // Checkmate on the 150th ply still wins: mate is tested first.
    let mated = from_fen("R3k3/8/4K3/8/8/8/8/8 b - - 150 100").unwrap();
    assert!(matches!(
        mated.outcome(),
        Some(Outcome::Decisive {
            how: Win::Checkmate,
            ..
        })
    ));
}

#[test]
fn fivefold_repetition_ends_the_game() {
    let mut game = Game::new(chess::start());
    for _ in 0..4 {
        play_all(&mut game, &["g1f3", "g8f6", "f3g1", "f6g8"]);
    }
    assert_eq!(game.repetitions(), 5);
    assert_eq!(game.outcome(), Some(Outcome::Draw(Draw::Repetition)));
    // A pawn move starts the count afresh.
    play_all(&mut game, &["e2e4"]);
    assert_eq!(game.repetitions(), 1);
    assert!(!game.can_claim_draw());
}

#[test]
fn castling_rights_follow_king_and_rook_moves() {
    let mut game = Game::new(from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap());
    play_all(&mut game, &["h1h8"]);
    assert_eq!(
        chess::fen(game.position()),
        "r3k2R/8/8/8/8/8/8/R3K3 b Qq - 0 1"
    );
    play_all(&mut game, &["e8d7", "e1c1"]);
    assert_eq!(
        chess::fen(game.position()),
        "r6R/3k4/8/8/8/8/8/2KR4 b - - 2 2"
    );
}

#[test]
fn play_reports_captures_including_en_passant() {
    let mut p = from_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1").unwrap();
    let played = p.play(parse_uci(&p, "e5d6").unwrap()).unwrap();
    assert_eq!(played.captured.map(|c| c.kind), Some(chess::PAWN));
    assert_eq!(chess::fen(&p), "4k3/8/3P4/8/8/8/8/4K3 b - - 0 1");
}

mod properties {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn fen_reader_never_panics(text in "\\PC{0,80}") {
            let _ = from_fen(&text);
        }

        #[test]
        fn fen_reader_never_panics_on_fen_like_text(text in "[rnbqkpRNBQKP1-9/]{0,70} [wb-]{0,2} [KQkq-]{0,5} [a-h1-8-]{0,3} [0-9]{0,3} [0-9]{0,3}") {
            if let Ok(position) = from_fen(&text) {
                prop_assert_eq!(from_fen(&chess::fen(&position)).unwrap(), position);
            }
        }

        #[test]
        fn uci_reader_never_panics(text in "\\PC{0,12}") {
            let _ = parse_uci(&chess::start(), &text);
        }

        #[test]
        fn random_games_keep_the_hash_and_fen_consistent(choices in proptest::collection::vec(0usize..1000, 0..60)) {
            let mut position = chess::start();
            for choice in choices {
                let moves = position.legal_moves();
                if moves.is_empty() {
                    break;
                }
                position.play(moves[choice % moves.len()]).unwrap();
                let reread = from_fen(&chess::fen(&position)).unwrap();
                prop_assert_eq!(reread.key(), position.key());
                prop_assert_eq!(reread, position);
            }
        }
    }
}

#[test]
fn an_en_passant_square_enters_the_key_only_when_the_capture_is_legal() {
    let key = |fen: &str| from_fen(fen).unwrap().key();
    // The pawn on c4 beside b4 is pinned to its king by the rook on h4.
    assert_eq!(
        key("8/8/8/8/kPp4R/8/8/4K2N b - b3 0 1"),
        key("8/8/8/8/kPp4R/8/8/4K2N b - - 0 1")
    );
    // Without the rook it may take: another position.
    assert_ne!(
        key("8/8/8/8/kPp5/8/8/4K2N b - b3 0 1"),
        key("8/8/8/8/kPp5/8/8/4K2N b - - 0 1")
    );
    // The key kept move by move is the key of the position read afresh,
    // into and out of an en passant square, legal or not.
    for start in [
        "8/8/8/8/k1p4R/8/1P6/4K2N w - - 0 1",
        "8/8/8/8/k1p5/8/1P6/4K2N w - - 0 1",
    ] {
        let mut p = from_fen(start).unwrap();
        for m in ["b2b4", "a4b5", "h1f2", "b5a4"] {
            p.play(parse_uci(&p, m).unwrap()).unwrap();
            assert_eq!(p.key(), key(&chess::fen(&p)), "{start} after {m}");
        }
    }
}
