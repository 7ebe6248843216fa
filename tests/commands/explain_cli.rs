//! The command line: trace, show, moves, fsf-config and --from, including
//! how each reports bad arguments.

use assert_cmd::cargo::cargo_bin;
use assert_cmd::Command;
use duckchess::judge::fen::{FSF_CONFIG, INITIAL_FEN};
use duckchess::judge::{Command as JudgeCommand, Position};

const OFFICIAL: &str = include_str!("../../samples/official.in");
const OFFICIAL_ANSWER: &str = include_str!("../../samples/official.ans");
/// Blue to move; red's car on (1,4) sees blue's captain on (9,4).
const CAR_CHECK: &str = "4k4/9/9/9/9/9/9/9/4R4/4K4 b";

fn duckchess(args: &[&str]) -> Command {
    let mut cmd = Command::new(cargo_bin!("duckchess"));
    cmd.args(args).env_remove("NO_COLOR");
    cmd
}

fn stdout_of(args: &[&str], stdin: &str) -> String {
    let out = duckchess(args).write_stdin(stdin).assert().success();
    String::from_utf8(out.get_output().stdout.clone()).unwrap()
}

/// Runs a command expected to fail with `code`: its standard error, which
/// must be exactly one line.
fn error_of(args: &[&str], stdin: &str, code: i32) -> String {
    let out = duckchess(args).write_stdin(stdin).assert().code(code);
    let err = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    assert!(err.starts_with("duckchess: "), "{args:?}: {err}");
    err
}

#[test]
fn trace_explains_the_official_sample_without_colour_into_a_pipe() {
    let text = stdout_of(&["trace", "--board"], OFFICIAL);
    for line in [
        " 3: 0 1 1 3 -> Invalid command",
        "    horse at (0,1) is blocked: its leg (0,2) holds red elephant",
        "    (9,0) holds blue car, but it is red's turn",
        "    car at (0,0) cannot pass (2,0), which holds red duck",
        "    check: red duck at (6,6) attacks blue captain at (9,4)",
        "    the game is over: red duck removed blue captain at command 17",
        "18 commands: 9 valid, 9 invalid",
    ] {
        assert!(text.lines().any(|l| l == line), "missing {line:?}");
    }
    assert!(
        !text.contains('\x1b'),
        "no colour when stdout is not a terminal"
    );
    // The start and each of the 9 valid moves get a picture (CJK glyphs).
    assert_eq!(text.matches("王r").count(), 10);
}

#[test]
fn trace_reads_a_file_and_prints_fen_after_every_command() {
    let text = stdout_of(&["trace", "--fen", "samples/official.in"], "");
    let fens: Vec<&str> = text
        .lines()
        .filter_map(|l| l.trim_start().strip_prefix("fen: "))
        .collect();
    assert_eq!(fens.len(), 19, "the start and 18 commands");
    assert_eq!(fens[0], INITIAL_FEN);
    // Replaying the commands in the library gives the same positions.
    let mut game = Position::initial();
    for (line, fen) in OFFICIAL.lines().skip(1).zip(&fens[1..]) {
        let n: Vec<i64> = line.split(' ').map(|t| t.parse().unwrap()).collect();
        let _ = game.play(JudgeCommand::new(n[0], n[1], n[2], n[3]));
        assert_eq!(&game.to_fen(), fen, "after {line}");
    }
}

#[test]
fn trace_reports_malformed_input_like_judge_mode() {
    for input in [
        "2\n0 3 1 2\n0 0 x 0\n",
        "3\n0 3 1 2\n",
        "",
        "1\n0 3 1 2\n1 1 1 1\n",
    ] {
        let judge_err = error_of(&[], input, 2);
        let trace_err = error_of(&["trace"], input, 2);
        assert_eq!(trace_err, judge_err, "{input:?}");
    }
    // The steps before the bad line are still shown.
    let out = duckchess(&["trace"])
        .write_stdin("2\n0 3 1 2\n0 0 x 0\n")
        .assert()
        .code(2);
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(
        text.starts_with("1: 0 3 1 2 -> red guard;NA;no;no\n"),
        "{text}"
    );
}

#[test]
fn from_sets_the_start_of_judge_and_trace() {
    let input = "2\n9 4 8 4\n0 4 1 4\n";
    let expected = "blue captain;NA;yes;no\nInvalid command\n";
    assert_eq!(stdout_of(&["--from", CAR_CHECK], input), expected);
    assert_eq!(stdout_of(&["judge", "--from", CAR_CHECK], input), expected);
    let text = stdout_of(&["trace", "--from", CAR_CHECK], input);
    assert!(text.contains("check: red car at (1,4) attacks blue captain at (8,4)"));
    assert!(text.contains(
        "captain at (0,4) cannot move onto (1,4): it holds red car, a piece of its own side"
    ));
    // `start` and no --from are the initial layout.
    assert_eq!(stdout_of(&["--from", "start"], OFFICIAL), OFFICIAL_ANSWER);
    assert_eq!(
        stdout_of(&["--from", INITIAL_FEN], OFFICIAL),
        OFFICIAL_ANSWER
    );
}

#[test]
fn show_draws_the_board_and_says_who_is_to_move() {
    let text = stdout_of(&["show", "start", "--style", "ascii"], "");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 13, "header, 10 rows, footer, turn");
    assert_eq!(lines[1].trim_end(), "9  r  h  e  a  k  a  e  h  r");
    assert_eq!(lines[10].trim_end(), "0  R  H  E  A  K  A  E  H  R");
    assert_eq!(lines[12], "red to move");
    // A FEN given as separate words is the same position as a quoted one.
    let words: Vec<&str> = INITIAL_FEN.split(' ').collect();
    let mut args = vec!["show"];
    args.extend(&words);
    assert_eq!(stdout_of(&args, ""), stdout_of(&["show", INITIAL_FEN], ""));
    assert!(stdout_of(&["show", "start"], "").contains("车r"));

    let checked = stdout_of(&["show", CAR_CHECK], "");
    assert!(
        checked.ends_with("blue to move\ncheck: red car at (1,4) attacks blue captain at (9,4)\n")
    );
}

#[test]
fn show_highlight_marks_every_reachable_point() {
    // The red soldier on (3,4) may step to all 8 neighbours.
    let text = stdout_of(
        &["show", "start", "--style", "ascii", "--highlight", "3,4"],
        "",
    );
    assert!(text.contains("(S)"));
    assert_eq!(text.matches("[.]").count(), 8);
}

#[test]
fn moves_lists_every_valid_command() {
    let text = stdout_of(&["moves", "start"], "");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 43);
    let mut sorted = lines.clone();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(sorted.len(), 43, "no command twice");
    for line in &lines {
        let n: Vec<i64> = line.split(' ').map(|t| t.parse().unwrap()).collect();
        assert_eq!(n.len(), 4, "{line}");
        let mut game = Position::initial();
        assert!(
            game.play(JudgeCommand::new(n[0], n[1], n[2], n[3])).is_ok(),
            "{line}"
        );
    }
    let soldier = stdout_of(&["moves", "start", "--at", "3,4"], "");
    assert_eq!(soldier.lines().count(), 8);
    assert!(soldier.lines().all(|l| l.starts_with("3 4 ")));
    // A blue piece on red's turn has no commands.
    assert_eq!(stdout_of(&["moves", "start", "--at", "9,0"], ""), "");
    assert_eq!(
        stdout_of(&["moves", CAR_CHECK, "--at", "9,4"], ""),
        "9 4 8 4\n9 4 9 3\n9 4 9 5\n"
    );
}

#[test]
fn fsf_config_prints_the_variant_definition() {
    let text = stdout_of(&["fsf-config"], "");
    assert_eq!(text, FSF_CONFIG);
    assert!(text.contains(&format!("startFen = {INITIAL_FEN}\n")));
}

#[test]
fn bad_fen_and_points_are_one_line_usage_errors() {
    let bad_letter = INITIAL_FEN.replacen('h', "x", 1);
    let err = error_of(&["show", &bad_letter], "", 2);
    assert!(err.contains("rank 1 (row 9): character 2 'x'"), "{err}");
    let err = error_of(&["moves", "4k4/9/9 w"], "", 2);
    assert!(err.contains("expected 10 ranks"), "{err}");
    error_of(&["--from", "4k4/9/9/9/9/9/9/9/9/3KK4 w"], OFFICIAL, 2);
    error_of(&["trace", "--from", "start x"], OFFICIAL, 2);
    for point in ["10,0", "3", "a,b", "-1,0", "3,4,5"] {
        let err = error_of(&["show", "start", "--highlight", point], "", 2);
        assert!(
            err.contains("is not a square of duck (such as (0,0))"),
            "{err}"
        );
        error_of(&["moves", "start", "--at", point], "", 2);
    }
    error_of(&["trace", "no/such/file.in"], "", 1);
}
