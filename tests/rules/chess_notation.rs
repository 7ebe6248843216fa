//! Chess notation on the kernel: SAN written then read gives the same move
//! everywhere, ambiguity and its messages, PGN as programs write it, and
//! the status words of the end of a game.

use duckchess::kernel::{AnyPosition, Game, Position};
use duckchess::variants::chess::pgn::{self, PgnErrorKind, PgnGame};
use duckchess::variants::chess::{self, from_fen, parse_uci, san, uci};
use duckchess::variants::{by_name, status::Status};

/// The positions chess programmers publish for perft.
const PERFT_POSITIONS: &[&str] = &[
    chess::START_FEN,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
];

/// Every move of `position` and of the positions one ply on: SAN read back
/// is the move, and no two moves share a SAN.
fn round_trip(position: &Position<u64>, depth: u32, count: &mut usize) {
    let moves = position.legal_moves();
    let mut names = std::collections::HashSet::new();
    for &m in &moves {
        let text = san::write(position, m);
        assert_eq!(
            san::parse(position, &text),
            Ok(m),
            "{text} in {}",
            chess::fen(position)
        );
        // Without its check mark, and long, it is still the same move.
        let bare = text.trim_end_matches(['+', '#']);
        assert_eq!(san::parse(position, bare), Ok(m), "{bare}");
        assert_eq!(chess::read_move(position, &uci(m)).unwrap(), m);
        assert!(names.insert(text.clone()), "two moves are {text}");
        *count += 1;
        if depth > 1 {
            let mut next = *position;
            next.play(m).unwrap();
            round_trip(&next, depth - 1, count);
        }
    }
}

#[test]
fn san_round_trips_for_every_move_in_the_perft_positions() {
    let mut count = 0;
    for fen in PERFT_POSITIONS {
        round_trip(&from_fen(fen).unwrap(), 2, &mut count);
    }
    // Every move of seven positions and of their children.
    assert!(count > 6_000, "{count}");
}

#[test]
fn san_marks_castling_promotion_capture_and_mate() {
    let kiwipete = from_fen(PERFT_POSITIONS[1]).unwrap();
    let all: Vec<String> = kiwipete
        .legal_moves()
        .into_iter()
        .map(|m| san::write(&kiwipete, m))
        .collect();
    for expected in ["O-O", "O-O-O", "Nxf7", "Bxa6", "Qxf6", "gxh3", "d6", "Kf1"] {
        assert!(all.iter().any(|s| s == expected), "{expected} in {all:?}");
    }
    let black = from_fen("4k3/8/8/8/8/8/1p6/R3K3 b - - 0 1").unwrap();
    let m = parse_uci(&black, "b2a1q").unwrap();
    assert_eq!(san::write(&black, m), "bxa1=Q+");
}

#[test]
fn ambiguity_names_the_pieces() {
    // Knights on b8 and f6 can both reach d7.
    let p = from_fen("rn1qkb1r/ppp2ppp/4pn2/3p4/3P4/4PN2/PPP2PPP/RNBQKB1R b KQkq - 0 4").unwrap();
    assert_eq!(
        san::parse(&p, "Nd7").unwrap_err().to_string(),
        "Nd7 is ambiguous: knights on b8 and f6 can go there"
    );
    assert_eq!(uci(san::parse(&p, "Nbd7").unwrap()), "b8d7");
    assert_eq!(uci(san::parse(&p, "Nfd7").unwrap()), "f6d7");
    assert_eq!(san::write(&p, san::parse(&p, "Nfd7").unwrap()), "Nfd7");
    // Rooks on one file: the rank tells them apart.
    let p = from_fen("3k4/8/R7/8/8/8/8/R3K3 w - - 0 1").unwrap();
    assert_eq!(
        san::parse(&p, "Ra3").unwrap_err().to_string(),
        "Ra3 is ambiguous: rooks on a1 and a6 can go there"
    );
    assert_eq!(san::write(&p, san::parse(&p, "R1a3").unwrap()), "R1a3");
    // Over-disambiguated input is fine, misdirected input is not.
    assert_eq!(uci(san::parse(&p, "Ra1a3").unwrap()), "a1a3");
    assert_eq!(
        san::parse(&p, "Rba3").unwrap_err().to_string(),
        "Rba3 is not legal here: white has no rook from the b file that can go to a3"
    );
}

const REAL_WORLD: &str = r#"[Event "Casual Game"]
[Site "Berlin GER"]
[Date "1852.??.??"]
[Round "?"]
[White "Adolf Anderssen"]
[Black "Jean Dufresne"]
[Result "1-0"]
[ECO "C52"]
[PlyCount "47"]

1.e4 e5 2.Nf3 Nc6 3.Bc4 Bc5 4.b4 Bxb4 5.c3 Ba5 6.d4 exd4 7.O-O d3 8.Qb3 Qf6
9.e5 Qg6 10.Re1 Nge7 11.Ba3 b5 $6 {A well-known inaccuracy.} 12.Qxb5 Rb8 13.Qa4
Bb6 14.Nbd2 Bb7 15.Ne4 Qf5 16.Bxd3 Qh5 17.Nf6+ $1 gxf6 18.exf6 Rg8 (18...Qxf3
19. gxf3 {; not a line comment in braces} (19. Qxa7? Bxa7) Rg8+ 20. Kh1) 19.Rad1
Qxf3 20.Rxe7+ Nxe7 21.Qxd7+ !! Kxd7 22.Bf5+ Ke8 ; double check
23.Bd7+ Kf8 24.Bxe7# 1-0

[Event "Second"]
[Result "*"]

1. d4 d5 2. c4 *
"#;

#[test]
fn pgn_reads_a_real_world_game_with_comments_variations_and_nags() {
    let games = pgn::read_games(REAL_WORLD).unwrap();
    assert_eq!(games.len(), 2);
    let evergreen = &games[0];
    assert_eq!(evergreen.moves.len(), 47);
    assert_eq!(evergreen.tag("White"), Some("Adolf Anderssen"));
    assert_eq!(evergreen.result, "1-0");
    let end = evergreen.game();
    assert_eq!(
        end.outcome(),
        Some(duckchess::kernel::Outcome::Decisive {
            winner: duckchess::kernel::Color::White,
            how: duckchess::kernel::Win::Checkmate
        })
    );
    assert_eq!(
        evergreen.san_moves().last().map(String::as_str),
        Some("Bxe7#")
    );
    assert_eq!(games[1].moves.len(), 3);
    assert_eq!(pgn::read_game(REAL_WORLD).unwrap(), games[0]);
}

#[test]
fn pgn_written_then_read_is_the_same_game() {
    let games = pgn::read_games(REAL_WORLD).unwrap();
    for game in &games {
        let text = game.write();
        assert!(text.lines().all(|l| l.len() <= pgn::LINE_WIDTH), "{text}");
        assert!(text.starts_with("[Event "));
        let again = pgn::read_game(&text).unwrap();
        assert_eq!(again.moves, game.moves);
        assert_eq!(again.result, game.result);
        assert_eq!(again.tag("ECO"), game.tag("ECO"));
        assert_eq!(again.write(), text);
    }
    let text = games[0].write();
    assert!(text.contains(
        "\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. b4 Bxb4 5. c3 Ba5 6. d4 exd4 7. O-O d3 8. Qb3"
    ));
    assert!(text.trim_end().ends_with("24. Bxe7# 1-0"));
}

#[test]
fn pgn_from_a_position_writes_setup_and_fen() {
    let start = from_fen("4k3/8/8/8/8/8/4P3/4K3 b - - 0 30").unwrap();
    let mut position = start;
    let mut moves = Vec::new();
    for m in ["e8d7", "e2e4"] {
        let chosen = parse_uci(&position, m).unwrap();
        position.play(chosen).unwrap();
        moves.push(chosen);
    }
    let game = PgnGame::from_moves(start, &moves);
    let text = game.write();
    assert!(text.contains("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 30\"]"));
    assert!(text.contains("30... Kd7 31. e4 *"), "{text}");
    let again = pgn::read_game(&text).unwrap();
    assert_eq!(again.start, start);
    assert_eq!(again.moves, moves);
}

#[test]
fn pgn_errors_name_the_game_line_and_move() {
    let err = pgn::read_games("[Event \"x\"]\n\n1. e4 e5\n2. Nf3 Nf6 3. Ke3 *\n").unwrap_err();
    assert_eq!(
        err.to_string(),
        "game 1, line 4: move 3. Ke3: Ke3 is not legal here: white has no king that can go to e3"
    );
    let second = "1. e4 *\n\n1. d4 d5 2. Nd7 *\n";
    let err = pgn::read_games(second).unwrap_err();
    assert_eq!((err.game, err.line), (2, 3));
    assert!(matches!(err.kind, PgnErrorKind::Move { number: 2, .. }));
    // The first game alone reads.
    assert_eq!(pgn::read_game(second).unwrap().moves.len(), 1);
    assert_eq!(
        pgn::read_game("1. e4 { never closed")
            .unwrap_err()
            .to_string(),
        "game 1, line 1: unclosed comment"
    );
    assert_eq!(
        pgn::read_game("[Event \"x\"\n1. e4")
            .unwrap_err()
            .to_string(),
        "game 1, line 1: unclosed tag"
    );
    assert_eq!(
        pgn::read_game("[FEN \"8/8/8 w - - 0 1\"]\n1. e4")
            .unwrap_err()
            .to_string(),
        "game 1, line 2: FEN tag: board field: 3 ranks, not 8"
    );
    assert_eq!(
        pgn::read_game("1. e4 e5 2. Nf3 Nc6 )")
            .unwrap_err()
            .to_string(),
        "game 1, line 1: ')' closes no variation"
    );
    assert_eq!(
        pgn::read_game("  \n").unwrap_err().kind,
        PgnErrorKind::NoGame
    );
}

fn status_of(fen: &str, moves: &[&str]) -> String {
    let chess = by_name("chess").unwrap();
    let mut game = chess.read_position(fen).unwrap().new_game();
    for m in moves {
        let chosen = chess.read_move(game.position(), m).unwrap();
        game.play(chosen).unwrap();
    }
    Status::of(chess, &*game).words()
}

#[test]
fn status_words_tell_check_mate_stalemate_and_draws() {
    assert_eq!(status_of(chess::START_FEN, &[]), "-");
    assert_eq!(
        status_of(chess::START_FEN, &["f3", "e5", "g4", "Qh4"]),
        "check checkmate"
    );
    assert_eq!(status_of("k7/8/1Q6/8/8/8/8/7K b - - 0 1", &[]), "stalemate");
    // Stalemate and dead at once: a king and a bishop against a king.
    assert_eq!(
        status_of("k7/8/1K6/8/8/8/7B/8 b - - 0 1", &[]),
        "stalemate dead"
    );
    let knights = ["Nf3", "Nf6", "Ng1", "Ng8"];
    let twice: Vec<&str> = knights.iter().chain(&knights).copied().collect();
    assert_eq!(status_of(chess::START_FEN, &twice), "claim-repetition");
    let four: Vec<&str> = twice.iter().chain(&twice).copied().collect();
    assert_eq!(
        status_of(chess::START_FEN, &four),
        "claim-repetition repetition"
    );
    assert_eq!(
        status_of("4k3/8/8/8/8/8/8/4K2R w - - 99 80", &["Rh2"]),
        "claim-moves"
    );
    assert_eq!(
        status_of("4k3/8/8/8/8/8/8/4K2R w - - 149 80", &["Rh2"]),
        "claim-moves moves"
    );
}

#[test]
fn bishops_all_on_one_colour_are_dead_even_on_one_side() {
    // Two dark-squared bishops cannot mate a bare king.
    assert_eq!(status_of("4k3/8/8/8/8/4B3/8/2B1K3 w - - 0 1", &[]), "dead");
    // On both colours they can.
    assert_eq!(status_of("4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1", &[]), "-");
    // Same colour for both sides.
    assert_eq!(status_of("4k3/8/8/8/2b5/8/8/4KB2 w - - 0 1", &[]), "dead");
}

#[test]
fn a_game_replayed_through_the_seam_matches_the_concrete_one() {
    let record = pgn::read_game(REAL_WORLD).unwrap();
    let mut game = Game::new(record.start);
    let seam: &dyn AnyPosition = &record.start;
    assert_eq!(seam.legal_moves().len(), 20);
    for m in &record.moves {
        game.play(*m).unwrap();
    }
    assert_eq!(chess::fen(game.position()), chess::fen(&record.end()));
}

/// Issue 28: nested variations, comments after moves and before a
/// variation's moves, NAGs as `$n`, glyphs apart and glued: read, written
/// and read again, the same tree.
const ANNOTATED: &str = r#"[Event "Tree"]
[White "Ann"]
[Black "Ben"]
[Result "1-0"]

{A game.} 1. e4! {best by test} e5 (1... c5 $5 {the Sicilian} 2. Nf3 d6 (2... Nc6
3. d4 (3. Bb5 $14 {Rossolimo}) 3... cxd4) 3. d4) (1... e6?! 2. d4 d5) 2. Nf3 $1 $18
Nc6 3. Bc4?? {too early?} (3. Bb5 !! {Ruy Lopez} a6 (3... Nf6 ⁉ 4. O-O) 4. Ba4)
3... Nf6 $0 $300 4. Ng5 1-0
"#;

#[test]
fn pgn_keeps_nags_comments_and_nested_variations_through_a_round_trip() {
    use duckchess::variants::nag_glyph;
    let game = pgn::read_game(ANNOTATED).unwrap();
    let words = |game: &PgnGame| {
        game.tree
            .iter()
            .map(|t| {
                let mut position = game.start;
                let mut line = vec![t];
                while let Some(p) = line.last().unwrap().parent {
                    line.push(&game.tree[p]);
                }
                for before in line.iter().skip(1).rev() {
                    position.play(before.mv).unwrap();
                }
                let nags: Vec<String> = t.nags.iter().map(|&n| nag_glyph(n)).collect();
                format!(
                    "{}{} {}",
                    san::write(&position, t.mv),
                    nags.join(""),
                    t.comment.as_deref().unwrap_or("")
                )
                .trim_end()
                .to_string()
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(
        words(&game),
        [
            "e4! best by test",
            "e5",
            "c5!? the Sicilian",
            "Nf3",
            "d6",
            "Nc6",
            "d4",
            "Bb5$14 Rossolimo",
            "cxd4",
            "d4",
            "e6?!",
            "d4",
            "d5",
            "Nf3!$18",
            "Nc6",
            "Bc4?? too early?",
            "Bb5!! Ruy Lopez",
            "a6",
            "Nf6!?",
            "O-O",
            "Ba4",
            "Nf6",
            "Ng5",
        ]
    );
    assert_eq!(game.moves.len(), 7);
    let text = game.write();
    assert!(text.lines().all(|l| l.len() <= pgn::LINE_WIDTH), "{text}");
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("1. e4 ! {best by test} 1... e5 (1... c5 !? {the Sicilian} 2. Nf3 d6 (2... Nc6 3. d4 (3. Bb5 $14 {Rossolimo}) 3... cxd4) 3. d4) (1... e6 ?! 2. d4 d5) 2. Nf3 ! $18 Nc6 3. Bc4 ?? {too early?} (3. Bb5 !! {Ruy Lopez} 3... a6 (3... Nf6 !? 4. O-O) 4. Ba4) 3... Nf6 4. Ng5 1-0"),
        "{flat}"
    );
    let again = pgn::read_game(&text).unwrap();
    assert_eq!(again.tree, game.tree);
    assert_eq!(again.moves, game.moves);
    for (name, value) in &game.tags {
        assert_eq!(again.tag(name), Some(value.as_str()), "{name}");
    }
    assert_eq!(again.result, game.result);
    assert_eq!(again.write(), text);
    // The web page's record goes the same way (Notation::write_tree).
    let chess = by_name("chess").unwrap();
    let record = chess
        .write_tree(&game.start, &game.tree, &game.tags)
        .unwrap();
    assert_eq!(pgn::read_game(&record).unwrap().tree, game.tree);
}
