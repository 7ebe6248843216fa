//! The command line for chess and the other kernel variants: `--variant`
//! on moves, show and perft, `duckchess variants`, `duckchess pgn`, and one
//! line with exit code 2 for every bad input.

use crate::common;
use common::{duckchess, stdout};

/// Runs a bad command: exit 2, nothing on stdout, one line on stderr.
fn refused(args: &[&str]) -> String {
    let out = duckchess().args(args).output().unwrap();
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(!err.contains("panicked"));
    err.trim_end().to_string()
}

#[test]
fn moves_lists_the_legal_moves_in_uci() {
    let text = stdout(&["moves", "--variant", "chess", "start"]);
    let moves: Vec<&str> = text.lines().collect();
    assert_eq!(moves.len(), 20);
    assert!(moves.contains(&"e2e4") && moves.contains(&"g1f3"));
    // Castling, en passant and promotion from one position.
    let text = stdout(&[
        "moves",
        "--variant",
        "chess",
        "r3k3/1P6/8/3pP3/8/8/8/4K2R w Kq d6 0 2",
    ]);
    for m in ["e1g1", "e5d6", "b7b8q", "b7a8n"] {
        assert!(text.lines().any(|l| l == m), "{m} in {text}");
    }
}

#[test]
fn moves_san_and_moves_after_the_position() {
    let text = stdout(&[
        "moves",
        "--variant",
        "chess",
        "--san",
        "start",
        "moves",
        "e4",
        "e5",
    ]);
    assert!(text.lines().any(|l| l == "Nf3"));
    assert!(text.lines().any(|l| l == "Qh5"));
    assert_eq!(text.lines().count(), 29);
    let at = stdout(&["moves", "--variant", "chess", "--at", "g1", "start"]);
    assert_eq!(at, "g1f3\ng1h3\n");
}

#[test]
fn moves_reads_many_positions_from_standard_input() {
    let out = duckchess()
        .args(["moves", "--variant", "chess", "--long", "-"])
        .write_stdin("start\n7k/6Q1/6K1/8/8/8/8/8 b - - 0 1\nstart moves f3 e5 g4\n")
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    // Each answer ends with an empty line.
    let mut blocks = vec![Vec::new()];
    for line in text.lines() {
        match line {
            "" => blocks.push(Vec::new()),
            _ => blocks.last_mut().unwrap().push(line),
        }
    }
    assert_eq!(blocks.pop(), Some(Vec::new()));
    // Start: 20 moves; a mated king: none; then 30 with Qh4#.
    let sizes: Vec<usize> = blocks.iter().map(Vec::len).collect();
    assert_eq!(sizes, [20, 0, 30]);
    assert!(text.contains(
        "d8h4\tQh4#\trnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3\tcheck checkmate\n"
    ));
}

#[test]
fn a_bad_line_on_standard_input_is_named_after_the_answers_before_it() {
    let out = duckchess()
        .args(["moves", "--variant", "chess", "-"])
        .write_stdin("start\nstart moves e5\n")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.lines().count(), 21);
    // The first position's 20 moves (in the generator's order), then the
    // blank line that ends its block; nothing for the bad second line.
    assert!(text.ends_with("\n\n") && text.contains("h2h4\n"));
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "duckchess: standard input line 2: move 1 \"e5\": e5 is not legal here: white has no pawn that can go to e5\n"
    );
}

#[test]
fn perft_3_of_chess_with_and_without_divide_and_threads() {
    assert_eq!(stdout(&["perft", "3", "--variant", "chess"]), "8902\n");
    let divided = stdout(&[
        "perft",
        "3",
        "--variant",
        "chess",
        "--divide",
        "--threads",
        "3",
    ]);
    let lines: Vec<&str> = divided.lines().collect();
    assert_eq!(lines.len(), 21);
    assert!(lines.contains(&"e2e4: 600"));
    assert_eq!(lines[20], "8902");
    assert_eq!(
        stdout(&[
            "perft",
            "2",
            "--variant",
            "chess",
            "--from",
            "start moves e4"
        ]),
        "600\n"
    );
    assert_eq!(stdout(&["perft", "0", "--variant", "chess"]), "1\n");
}

#[test]
fn duck_is_the_default_variant() {
    assert_eq!(
        stdout(&["perft", "2"]),
        stdout(&["perft", "2", "--variant", "duck"])
    );
    let one = stdout(&["moves", "start"]);
    assert_eq!(one, stdout(&["moves", "--variant", "duck", "start"]));
    // Duck Chess reads many positions from standard input too.
    let out = duckchess()
        .args(["moves", "-"])
        .write_stdin("start\nstart\n")
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        format!("{one}\n{one}\n")
    );
}

#[test]
fn variants_lists_duck_first_then_the_registry() {
    let text = stdout(&["variants"]);
    let (registry, library) = text
        .split_once("\n\n")
        .expect("the library after a blank line");
    let names: Vec<&str> = registry
        .lines()
        .map(|l| l.split_whitespace().next().unwrap())
        .collect();
    assert_eq!(names[0], "duck");
    assert_eq!(names, duckchess::variants::names());
    assert!(text.contains("8×8; king queen rook bishop knight pawn"));
    // Then, by name, Fairy-Stockfish's games of samples/fsf-variants.ini,
    // which --variant names without a --variants file.
    assert!(library.starts_with("Fairy-Stockfish's games"), "{library}");
    for name in ["crazyhouse", "3check", "racingkings"] {
        assert!(library.contains(name), "{name}: {library}");
    }
    assert_eq!(
        stdout(&["perft", "--variant", "crazyhouse", "3"]).trim(),
        "8902"
    );
}

#[test]
fn show_chess_start_ascii_and_figurine() {
    insta::assert_snapshot!(
        "show_chess_start_ascii",
        stdout(&["show", "--variant", "chess", "start", "--style", "ascii"])
    );
    insta::assert_snapshot!(
        "show_chess_start_figurine",
        stdout(&["show", "--variant", "chess", "start"])
    );
}

#[test]
fn show_tells_check_mate_and_draws() {
    let text = stdout(&[
        "show",
        "--variant",
        "chess",
        "start",
        "moves",
        "f3",
        "e5",
        "g4",
        "Qh4#",
    ]);
    assert!(
        text.ends_with(
            "white to move\ncheck: the black queen on h4 attacks the white king on e1\nblack wins by checkmate\n"
        ),
        "{text}"
    );
    let text = stdout(&[
        "show",
        "--variant",
        "chess",
        "k7/8/1Q6/8/8/8/8/7K b - - 0 1",
    ]);
    assert!(
        text.ends_with("black to move\ndraw by stalemate\n"),
        "{text}"
    );
    let text = stdout(&[
        "show",
        "--variant",
        "chess",
        "start",
        "moves",
        "Nf3",
        "Nf6",
        "Ng1",
        "Ng8",
        "Nf3",
        "Nf6",
        "Ng1",
        "Ng8",
    ]);
    assert!(text.ends_with("white may claim a draw: the position occurred 3 times\n"));
}

#[test]
fn no_colour_escapes_off_a_terminal() {
    let text = stdout(&["show", "--variant", "chess", "start"]);
    assert!(!text.contains('\x1b'));
}

#[test]
fn pgn_is_read_and_written_again() {
    let pgn = "[White \"Ann\"]\n\n1. e4 {best by test} e5 (1... c5) 2. Nf3 $1 Nc6 *\n";
    let out = duckchess().arg("pgn").write_stdin(pgn).output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("[Event \"?\"]\n"));
    assert!(text.contains("[White \"Ann\"]\n"));
    assert!(text.ends_with("\n1. e4 e5 2. Nf3 Nc6 *\n"));
    let fen = duckchess()
        .args(["pgn", "--fen", "-"])
        .write_stdin(pgn)
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8(fen.stdout).unwrap(),
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3\n"
    );
    let bad = duckchess()
        .arg("pgn")
        .write_stdin("1. e4 e5 2. Ke3 *")
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    assert_eq!(
        String::from_utf8(bad.stderr).unwrap(),
        "duckchess: standard input: game 1, line 1: move 2. Ke3: Ke3 is not legal here: white has no king that can go to e3\n"
    );
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    assert_eq!(
        refused(&["moves", "--variant", "chess", "rnbqkbnr/ppXppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w"]),
        "duckchess: bad chess position \"rnbqkbnr/ppXppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w\": board field: unexpected 'X' at character 11"
    );
    assert_eq!(
        refused(&["show", "--variant", "chess", "8/8/8/8/8/8/8/8 w - - 0 1"]),
        "duckchess: bad chess position \"8/8/8/8/8/8/8/8 w - - 0 1\": impossible position: white has no king"
    );
    assert_eq!(
        refused(&[
            "moves",
            "--variant",
            "chess",
            "start",
            "moves",
            "e4",
            "e5",
            "Ke3"
        ]),
        "duckchess: move 3 \"Ke3\": Ke3 is not legal here: white has no king that can go to e3"
    );
    assert_eq!(
        refused(&[
            "moves",
            "--variant",
            "chess",
            "rn1qkb1r/ppp2ppp/4pn2/3p4/3P4/4PN2/PPP2PPP/RNBQKB1R b KQkq - 0 4",
            "moves",
            "Nd7"
        ]),
        "duckchess: move 1 \"Nd7\": Nd7 is ambiguous: knights on b8 and f6 can go there"
    );
    assert_eq!(
        refused(&[
            "perft",
            "2",
            "--variant",
            "chess",
            "--from",
            "start moves e2e5"
        ]),
        "duckchess: move 1 \"e2e5\": \"e2e5\" is not legal here"
    );
    assert_eq!(
        refused(&["moves", "--variant", "hex", "start"]),
        format!(
            "duckchess: unknown variant \"hex\": the variants are {}, and Fairy-Stockfish's games that `duckchess variants` lists",
            duckchess::variants::names().join(", ")
        )
    );
    // A name one slip away gets a suggestion (clap's measure, as for
    // commands).
    assert_eq!(
        refused(&["play", "--variant", "chesss"]),
        format!(
            "duckchess: unknown variant \"chesss\": did you mean \"chess\"? the variants are {}, and Fairy-Stockfish's games that `duckchess variants` lists",
            duckchess::variants::names().join(", ")
        )
    );
    assert_eq!(
        refused(&["show", "--variant", "chess", "start", "--highlight", "1,1"]),
        "duckchess: --highlight: \"1,1\" is not a square of chess (such as a1)"
    );
    assert_eq!(
        refused(&["moves", "--variant", "chess", "start", "--at", "e9"]),
        "duckchess: --at: \"e9\" is not a square of chess (such as a1)"
    );
}
