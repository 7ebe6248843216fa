//! Xiangqi on the command line (moved here from `tests/rules/xiangqi.rs`,
//! which checks the rules through the library alone).

use duckchess::variants::xiangqi;
use std::process::Command;

/// `duckchess` with these arguments: its standard output (the command must
/// succeed).
fn cli(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_duckchess"))
        .args(args)
        .output()
        .expect("duckchess runs");
    assert!(
        out.status.success(),
        "duckchess {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn the_command_line_plays_it() {
    assert!(cli(&["variants"])
        .lines()
        .any(|l| l.starts_with("xiangqi ")));
    assert_eq!(cli(&["perft", "3", "--variant", "xiangqi"]).trim(), "79666");
    // Recognised from its FEN alone.
    assert_eq!(cli(&["perft", "2", xiangqi::START_FEN]).trim(), "1920");
    let moves = cli(&["moves", "--variant", "xiangqi", "--san", "start"]);
    assert_eq!(moves.lines().count(), 44);
    assert!(moves.lines().any(|l| l == "C2=5"), "{moves}");
    let shown = cli(&["show", "--variant", "xiangqi", "start", "moves", "h3e3"]);
    assert!(shown.contains("black to move"), "{shown}");
    assert!(shown.contains('炮') && shown.contains('砲'), "{shown}");
    // The engine answers with a legal move, in WXF with its coordinates.
    let best = cli(&["best", "--variant", "xiangqi", "--depth", "2", "start"]);
    let first = best.lines().next().unwrap();
    let coordinates = first
        .split(['(', ')'])
        .nth(1)
        .unwrap_or_else(|| panic!("{best}"));
    let start = xiangqi::start();
    assert!(xiangqi::read_move(&start, coordinates).is_ok(), "{best}");
    // A stalemated side has lost.
    let over = cli(&[
        "show",
        "--variant",
        "xiangqi",
        "3k5/4R4/9/9/9/9/9/9/9/5K3 b - - 0 1",
    ]);
    assert!(over.contains("red wins"), "{over}");
}
