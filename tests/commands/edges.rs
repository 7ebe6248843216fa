//! Issue 22: every rule to the letter and every bad input refused clearly,
//! through the command line as a user meets them. One test (or more) per
//! item of the issue, numbered as there.

use std::io::Write;

use crate::common;
use assert_cmd::cargo::cargo_bin;
use common::{duckchess, stdout};

/// Runs a command with `input` on standard input; its exit code, output
/// and error output.
fn with_input(args: &[&str], input: &[u8]) -> (Option<i32>, String, String) {
    let out = duckchess().args(args).write_stdin(input).output().unwrap();
    (
        out.status.code(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// Runs a bad command: exit 2, nothing on standard output, one line on
/// standard error (returned without the program's name).
fn refused(args: &[&str]) -> String {
    let out = duckchess().args(args).output().unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert!(out.stdout.is_empty(), "{args:?}");
    assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    err.trim_end()
        .strip_prefix("duckchess: ")
        .expect("the program's name first")
        .to_string()
}

// 1. Repetition and en passant.

/// After b2-b4 the black pawn on c4 stands beside it, but taking en passant
/// would expose its king on a4 to the rook on h4: the position counts as
/// the one with no en passant square, as python-chess counts it.
const PINNED: &str = "8/8/8/8/k1p4R/8/1P6/4K2N w - - 0 1";

#[test]
fn an_en_passant_square_counts_for_repetition_only_when_the_capture_is_legal() {
    let line = format!("{PINNED} moves b4 Kb5 Nf2 Ka4 Nh1 Kb5 Nf2 Ka4 Nh1");
    let shown = stdout(&["show", "--variant", "chess", "--style", "ascii", &line]);
    assert!(
        shown.ends_with("black may claim a draw: the position occurred 3 times\n"),
        "{shown}"
    );
    // Two cycles more: the fifth occurrence ends the game.
    let line = format!("{line} Kb5 Nf2 Ka4 Nh1 Kb5 Nf2 Ka4 Nh1");
    let shown = stdout(&["show", "--variant", "chess", &line]);
    assert!(
        shown.ends_with("draw by repetition (the position occurred 5 times)\n"),
        "{shown}"
    );
    // The FEN after a double step still names the square passed.
    let listed = stdout(&["moves", "--variant", "chess", "--long", PINNED]);
    let b4 = listed.lines().find(|l| l.starts_with("b2b4\t")).unwrap();
    assert_eq!(b4, "b2b4\tb4\t8/8/8/8/kPp4R/8/8/4K2N b - b3 0 1\t-");
}

#[test]
fn a_legal_en_passant_capture_keeps_the_positions_apart() {
    // Without the rook the capture is legal: the position after b4 is not
    // the one the knight's shuffle comes back to, so only two occurrences.
    let line = "8/8/8/8/k1p5/8/1P6/4K2N w - - 0 1 moves b4 Kb5 Nf2 Ka4 Nh1 Kb5 Nf2 Ka4 Nh1";
    let shown = stdout(&["show", "--variant", "chess", line]);
    assert!(shown.ends_with("black to move\n"), "{shown}");
}

// 2. A stalemate that is also a dead position.

#[test]
fn a_stalemate_in_a_dead_position_is_named_both() {
    let listed = stdout(&[
        "moves",
        "--variant",
        "chess",
        "--long",
        "7k/5K2/6p1/7B/8/8/8/8 w - - 0 1",
    ]);
    // Bxg6 takes the last black piece and leaves no move.
    let bg6 = listed.lines().find(|l| l.starts_with("h5g6\t")).unwrap();
    assert!(bg6.ends_with("\tstalemate dead"), "{bg6}");
    let shown = stdout(&[
        "show",
        "--variant",
        "chess",
        "7k/5K2/6B1/8/8/8/8/8 b - - 0 1",
    ]);
    assert!(shown.ends_with("draw by stalemate, in a dead position (neither side can mate)\n"));
}

// 3. Positions that cannot be.

#[test]
fn chess_positions_no_game_reaches_are_refused_naming_the_fault() {
    let cases = [
        (
            "4k3/8/8/8/8/8/8/P3K3 w - - 0 1",
            "a white pawn stands on a1, its first rank, where no white pawn can ever stand",
        ),
        (
            "p3k3/8/8/8/8/8/8/4K3 w - - 0 1",
            "a black pawn stands on a8, its first rank, where no black pawn can ever stand",
        ),
        (
            "4k2P/8/8/8/8/8/8/4K3 b - - 0 1",
            "a white pawn stands on h8, its last rank, where it would have promoted",
        ),
        (
            "4k3/8/4RN2/1B6/8/8/8/4K3 b",
            "3 pieces give check, more than one move can give (at most two)",
        ),
        (
            "4k3/8/8/8/8/8/8/r3K2r w",
            "the checks from a1 and h1 cannot be: no single move gives both",
        ),
        (
            "8/8/8/k7/3Pp3/8/8/Q3K3 b - d3",
            "the check from a1 cannot be: the last move, a double step, did not give it",
        ),
        (
            "8/8/8/8/3Pp3/8/3k4/3QK3 b - d3",
            "en passant square d3: no white pawn can just have passed it with a double step",
        ),
        (
            "8/8/8/8/4k3/8/8/4K3 w - e6",
            "en passant square e6: no black pawn can just have passed it with a double step",
        ),
        (
            "8/8/8/8/8/8/3k4/4K3 w",
            "the black king on d2 is in check with white to move (the side that just moved \
             cannot be in check)",
        ),
        (
            "4k3/pppppppp/p7/8/8/8/8/4K3 w",
            "black has 9 pawns, more than the 8 it starts with",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNN w",
            "white has 1 piece beyond its starting army, but only 0 missing pawns that could \
             have promoted",
        ),
    ];
    for (fen, why) in cases {
        assert_eq!(
            refused(&["show", "--variant", "chess", fen]),
            format!("bad chess position {fen:?}: impossible position: {why}"),
        );
    }
    // What a game can reach stays: three queens after two promotions.
    stdout(&["show", "--variant", "chess", "8/7k/8/8/8/Q7/8/Q1Q1K3 w"]);
}

#[test]
fn fourfold_and_duck_positions_no_game_reaches_are_refused() {
    assert_eq!(
        refused(&[
            "show",
            "--variant",
            "fourfold",
            "q3/4/4/K2r|4/4/4/1b2|4/4/4/4|3k/4/4/4 w"
        ]),
        "bad fourfold position \"q3/4/4/K2r|4/4/4/1b2|4/4/4/4|3k/4/4/4 w\": impossible \
         position: 3 pieces give check, more than one move can give (at most two)"
    );
    assert!(refused(&[
        "show",
        "--variant",
        "fourfold",
        "4/4/4/K2P|4/4/4/4|4/4/4/4|3k/4/4/4 w"
    ])
    .ends_with(
        "a white pawn stands on d1[0,0], its first rank, where no white pawn can ever stand"
    ));
    assert!(refused(&[
        "show",
        "--variant",
        "fourfold-classic",
        "4/4/4/K2R|4/4/4/R3|4/4/4/R3|3k/4/4/4 w"
    ])
    .ends_with("white has more rooks than it starts with, and no pawn becomes one"));
    assert!(refused(&["show", "9/9/9/9/9/9/9/9/9/4K4 w"]).ends_with(
        "impossible position: blue has no captain with red to move (after taking it, blue \
         would be to move)"
    ));
    assert!(refused(&["show", "rrrk5/9/9/9/9/9/9/9/9/4K4 b"])
        .ends_with("impossible position: blue has 3 cars, more than the 2 it starts with"));
    // A finished game is a position: the loser to move, without its captain.
    stdout(&["show", "9/9/9/9/9/9/9/9/9/4K4 b"]);
}

#[test]
fn an_empty_or_blank_position_text_is_refused() {
    let no = "no position: give one, or `start` for the game's start";
    for args in [
        &["show", ""][..],
        &["show", "--variant", "chess", " "],
        &["moves", "--variant", "chess", "--from", ""],
        &["perft", "1", "--from", " "],
        &["show", "--variant", "chess", "moves", "e4"],
    ] {
        assert_eq!(refused(args), no, "{args:?}");
    }
    // No position at all is still the start.
    assert_eq!(stdout(&["moves", "--variant", "chess"]).lines().count(), 20);
}

// 4. Invalid UTF-8 on standard input.

#[test]
fn bytes_that_are_not_utf8_are_malformed_input_naming_line_and_byte() {
    for (args, before) in [
        (&["moves", "--variant", "chess", "-"][..], "standard input "),
        (&["pgn"], "standard input: "),
        (&["mate"], ""),
    ] {
        let input: &[u8] = match args[0] {
            "mate" => b"[rq,##],[##,K#]\n[r\xffq,##]\n",
            "pgn" => b"1. e4 e5\n2. Nf3 {\xff} *\n",
            _ => b"start\nstart moves e4 \xc3(\n",
        };
        let (code, _, err) = with_input(args, input);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        let byte = match args[0] {
            "mate" => "byte 3: not UTF-8 text (0xff)",
            "pgn" => "byte 9: not UTF-8 text (0xff)",
            _ => "byte 16: not UTF-8 text (0xc3)",
        };
        assert_eq!(
            err,
            format!("duckchess: {before}line 2, {byte}\n"),
            "{args:?}"
        );
    }
    // The answers before the bad line are written.
    let (_, out, _) = with_input(&["mate"], b"[rq,##],[##,K#]\n\xff\n");
    assert_eq!(out, "true\n");
}

// 5. Squares by name.

#[test]
fn messages_name_squares_never_indexes() {
    for (fen, square) in [
        ("4k3/8/8/8/8/8/8/4K3 w - e3", "e3"),
        ("P3k3/8/8/8/8/8/8/4K3 w", "a8"),
    ] {
        let err = refused(&["show", "--variant", "chess", fen]);
        assert!(err.contains(square), "{err}");
        let index = err
            .match_indices("square ")
            .any(|(i, w)| err[i + w.len()..].starts_with(|c: char| c.is_ascii_digit()));
        assert!(!index, "{err}");
    }
}

// 6. After the end, and a promotion without its piece.

#[test]
fn a_move_after_the_end_says_the_game_is_over() {
    assert_eq!(
        refused(&[
            "show",
            "--variant",
            "chess",
            "start",
            "moves",
            "f3",
            "e5",
            "g4",
            "Qh4",
            "a3"
        ]),
        "move 5 \"a3\": the game is over: black wins by checkmate"
    );
}

#[test]
fn a_promotion_without_its_piece_says_which_is_missing() {
    assert_eq!(
        refused(&[
            "show",
            "--variant",
            "chess",
            "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1",
            "moves",
            "b7b8"
        ]),
        "move 1 \"b7b8\": \"b7b8\" needs a promotion piece: b7b8q, b7b8r, b7b8b or b7b8n"
    );
}

// 7. A bad token is quoted briefly.

#[test]
fn a_huge_bad_token_is_quoted_briefly() {
    let token = "x".repeat(100_000);
    // Control characters are quoted escaped (`\u{15}`), six bytes each:
    // they count as such (found by fuzz/: a FEN's move number).
    let control = format!("4k3/8/8/8/8/8/8/4K3 w - - 0 1{}", "\u{15}".repeat(10_000));
    let record = format!("1. e4 {}", "\u{6}".repeat(10_000));
    for args in [
        vec!["show", "--variant", "chess", &control],
        vec!["show", "--variant", "chess", "start", "moves", &record],
        vec!["show", "--variant", "fourfold", "start", "moves", &record],
        vec!["show", "--variant", "chess", "start", "moves", &token],
        vec!["show", "--variant", "chess", &token],
        vec!["moves", "--variant", "chess", "--at", &token],
        vec!["show", "--variant", "chess", "--highlight", &token, "start"],
        vec!["show", &token],
        vec!["show", "--variant", "fourfold", "start", "moves", &token],
        vec!["show", "--variant", "cube", "start", "moves", &token],
        vec!["show", "--variant", "duck", "start", "moves", &token],
    ] {
        let err = refused(&args);
        assert!(err.len() < 400, "{} bytes: {}", err.len(), &err[..400]);
    }
    // Through standard input: one line of 900 kB.
    let line = format!("start moves {}\n", "y".repeat(900_000));
    let (code, _, err) = with_input(&["moves", "--variant", "chess", "-"], line.as_bytes());
    assert_eq!(code, Some(2));
    assert!(err.len() < 400, "{} bytes", err.len());
    let pgn = format!("[Event \"{}\n1. e4 *\n", "z".repeat(900_000));
    let (code, _, err) = with_input(&["pgn"], pgn.as_bytes());
    assert_eq!(code, Some(2));
    assert!(err.len() < 400, "{} bytes", err.len());
}

// 8. `moves -`: a byte order mark, and blank lines.

#[test]
fn moves_from_standard_input_takes_a_byte_order_mark_and_passes_over_blank_lines() {
    let (code, out, err) = with_input(
        &["moves", "--variant", "chess", "-"],
        b"\xef\xbb\xbfstart\n\n   \nstart moves e4\r\n",
    );
    assert_eq!(code, Some(0), "{err}");
    // Two positions, two answers, each closed by an empty line.
    let answers: Vec<&str> = out.split("\n\n").filter(|a| !a.is_empty()).collect();
    assert_eq!(answers.len(), 2, "{out}");
    assert_eq!(answers[0].lines().count(), 20);
}

// 9. `exd6 e.p.` on the command line; `--at` off the board.

#[test]
fn an_en_passant_mark_written_apart_stays_with_its_move() {
    let shown = stdout(&[
        "show",
        "--variant",
        "chess",
        "--style",
        "ascii",
        "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
        "moves",
        "exd6",
        "e.p.",
        "Kd7",
    ]);
    assert!(
        shown.contains("\n7  .  .  .  k  .  .  .  .\n6  .  .  .  P  .  .  .  .\n"),
        "{shown}"
    );
    let listed = stdout(&[
        "moves",
        "--variant",
        "chess",
        "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2 moves exd6 e.p.",
    ]);
    assert!(listed.lines().any(|l| l == "e8d7"), "{listed}");
    for square in ["e9", "z9"] {
        assert_eq!(
            refused(&["moves", "--variant", "chess", "--at", square, "start"]),
            format!("--at: {square:?} is not a square of chess (such as a1)")
        );
    }
}

// 10. PGN accepted silently.

#[test]
fn pgn_refuses_what_would_not_read_back_the_same() {
    let cases: [(&str, &str); 7] = [
        (
            "1. e4 e5 (1... Nf3) 2. Nf3 *\n",
            "game 1, line 1: move 1... Nf3 (in a variation): Nf3 is not legal here: black has \
             no knight that can go to f3",
        ),
        (
            "[Result \"1-0\"]\n\n1. e4 e5 0-1\n",
            "game 1, line 3: the Result tag says 1-0 but the movetext ends 0-1",
        ),
        (
            "1. f3 e5 2. g4 Qh4# 1-0\n",
            "game 1, line 1: the result 1-0 contradicts the end of the game: black wins by \
             checkmate (0-1)",
        ),
        (
            "1. f3 e5 2. g4 Qh4# 3. a3 0-1\n",
            "game 1, line 1: move 3. a3: the game is over: black wins by checkmate",
        ),
        (
            "[Result \"1-[Event \"x\"]\n0\"]\n1. e4 *\n",
            "game 1, line 1: unclosed tag",
        ),
        (
            "[Result \"1-\"]\n\n1. e4\n",
            "game 1, line 1: Result tag \"1-\" is not 1-0, 0-1, 1/2-1/2 or *",
        ),
        (
            "(1. e4) 1. d4 *\n",
            "game 1, line 1: a variation before the first move",
        ),
    ];
    for (text, why) in cases {
        let (code, out, err) = with_input(&["pgn"], text.as_bytes());
        assert_eq!(code, Some(2), "{text}");
        assert_eq!(out, "");
        assert_eq!(err, format!("duckchess: standard input: {why}\n"), "{text}");
    }
    // Variations whose moves are legal are read, nested or not, and left
    // out; `e.p.` after a move is read too.
    let text = "1. e4 (1. d4 d5 (1... Nf6 2. c4) 2. c4) e5 (1... c5 (1... e6)) 2. Nf3 1-0\n";
    let (code, out, err) = with_input(&["pgn"], text.as_bytes());
    assert_eq!(code, Some(0), "{err}");
    assert!(out.ends_with("\n1. e4 e5 2. Nf3 1-0\n"), "{out}");
    let text = "[FEN \"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2\"]\n\n2. exd6 e.p. *\n";
    let (code, out, err) = with_input(&["pgn", "--fen"], text.as_bytes());
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out, "4k3/8/3P4/8/8/8/8/4K3 b - - 0 2\n");
}

// 12. Every reader bounds a line.

#[test]
fn an_endless_line_is_refused_at_the_bound() {
    for args in [
        &["mate", "/dev/zero"][..],
        &["pgn", "/dev/zero"],
        &["moves", "--variant", "chess", "-"],
    ] {
        let mut child = std::process::Command::new(cargo_bin!("duckchess"))
            .args(args)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        // Standard input is an endless line too: written until the reader
        // stops (a broken pipe ends the writer).
        let writer = std::thread::spawn(move || {
            let chunk = vec![b'x'; 1 << 16];
            while stdin.write_all(&chunk).is_ok() {}
        });
        let out = child.wait_with_output().unwrap();
        writer.join().unwrap();
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.ends_with("line 1: longer than 1048576 bytes\n"),
            "{args:?}: {err}"
        );
    }
}

// 13. After the end, one answer everywhere.

#[test]
fn after_a_fourfold_repetition_no_move_is_played_or_listed() {
    let cycle = "Nb1[0,0]-a3[0,0] Nc4[1,1]-b2[1,1] Na3[0,0]-b1[0,0] Nb2[1,1]-c4[1,1]";
    let line = format!("start moves {cycle} {cycle}");
    let shown = stdout(&["show", "--variant", "fourfold-classic", &line]);
    assert!(shown.ends_with("draw by repetition (the position occurred 3 times)\n"));
    assert_eq!(
        stdout(&["moves", "--variant", "fourfold-classic", &line]),
        ""
    );
    assert_eq!(
        refused(&[
            "show",
            "--variant",
            "fourfold-classic",
            &format!("{line} Nb1[0,0]-a3[0,0]")
        ]),
        "move 9 \"Nb1[0,0]-a3[0,0]\": the game is over: draw by repetition (the position \
         occurred 3 times)"
    );
}

// 14. Line ends, clocks, and more than two checkers in words.

#[test]
fn mate_takes_a_byte_order_mark_and_any_line_end() {
    let (code, out, err) = with_input(
        &["mate"],
        b"\xef\xbb\xbf[rq,##],[##,K#]\r[#q,##],[##,K#]\r\n[rq,##],[##,K#]",
    );
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out, "true\nfalse\ntrue\n");
}

#[test]
fn a_negative_clock_is_named_as_such() {
    assert_eq!(
        refused(&[
            "show",
            "--variant",
            "chess",
            "4k3/8/8/8/8/8/8/4K3 w - - -1 1"
        ]),
        "bad chess position \"4k3/8/8/8/8/8/8/4K3 w - - -1 1\": half-move clock field: \"-1\" \
         is not a whole number from 0 to 4294967295"
    );
    assert!(refused(&[
        "show",
        "--variant",
        "fourfold",
        "4/4/4/K3|4/4/4/4|4/4/4/4|3k/4/4/4 w -1"
    ])
    .ends_with("half-move clock field: \"-1\" is not a whole number from 0 to 4294967295"));
}

#[test]
fn three_checkers_are_named_in_the_cube_explanation() {
    let (code, out, _) = with_input(
        &["mate", "--explain"],
        b"[b##,###,#rr],[###,r##,###],[###,r##,r#K]\n",
    );
    assert_eq!(code, Some(0));
    assert!(
        out.starts_with("true\n  White is in triple check from "),
        "{out}"
    );
    assert!(
        out.contains("  3 checkers: taking or blocking one leaves the others"),
        "{out}"
    );
    assert!(
        !out.contains("double") && !out.contains("the other,"),
        "{out}"
    );
}

#[test]
fn every_record_reads_back_with_a_byte_order_mark_and_any_line_end() {
    use duckchess::variants::all;
    for notation in all() {
        let start = notation.start();
        let mut game = start.new_game();
        for _ in 0..6 {
            let Some(&m) = game.position().legal_moves().first() else {
                break;
            };
            game.play(m).unwrap();
        }
        let record = notation.write_record(&*start, game.moves());
        for mangled in [
            format!("\u{feff}{record}"),
            record.replace('\n', "\r"),
            format!("\u{feff}{}", record.replace('\n', "\r\n")),
        ] {
            let (back, moves) = notation
                .read_record(&mangled)
                .unwrap_or_else(|e| panic!("{}: {e}\n{mangled:?}", notation.name()));
            assert_eq!(back.key(), start.key(), "{}", notation.name());
            assert_eq!(moves, game.moves(), "{}", notation.name());
        }
    }
}

#[test]
fn a_record_refuses_a_move_after_the_end_of_the_game() {
    use duckchess::variants::by_name;
    // Fourfold: the third occurrence ends the game; the ninth move is one
    // too many.
    let classic = by_name("fourfold-classic").unwrap();
    let cycle = "Nb1[0,0]-a3[0,0] Nc4[1,1]-b2[1,1] Na3[0,0]-b1[0,0] Nb2[1,1]-c4[1,1]";
    let record = format!(
        "[Variant \"fourfold-classic\"]\n1. {}\n",
        format!("{cycle} {cycle} Nb1[0,0]-a3[0,0]")
            .split(' ')
            .collect::<Vec<_>>()
            .chunks(2)
            .enumerate()
            .map(|(i, pair)| format!("{}. {}", i + 1, pair.join(" ")))
            .collect::<Vec<_>>()
            .join(" ")
            .trim_start_matches("1. ")
    );
    assert_eq!(
        classic.read_record(&record).unwrap_err().to_string(),
        "game record, move 5. \"Nb1[0,0]-a3[0,0]\": the game is over: draw by repetition (the \
         position occurred 3 times)"
    );
    // The cube: a record after a mate.
    let cube = by_name("cube").unwrap();
    assert_eq!(
        cube.read_record("n = 2, [rq,##],[##,K#]\nKa1(I)-a2(I)\n")
            .unwrap_err()
            .to_string(),
        "line 2: the game is over: black wins by checkmate"
    );
}
