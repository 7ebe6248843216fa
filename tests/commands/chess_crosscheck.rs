//! python-chess against this build's binary: `scripts/chess_crosscheck.py`
//! plays seeded random games and compares every legal move, SAN, FEN and
//! status word with `duckchess` (moved here from `tests/rules/chess_data.rs`,
//! which pins the same facts through the library alone).

use crate::system;

/// Runs `scripts/chess_crosscheck.py` (python-chess) on this build's
/// binary with these arguments: its exit status and what it printed.
fn crosscheck(args: &[&str]) -> (bool, String) {
    let out = std::process::Command::new("python3")
        .arg(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/scripts/chess_crosscheck.py"
        ))
        .args(args)
        .env("DUCKCHESS", env!("CARGO_BIN_EXE_duckchess"))
        .output()
        .unwrap();
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    (out.status.success(), text)
}

/// The full comparison with python-chess, live: every legal move of over a
/// thousand positions of random games (biased to castling, en passant,
/// promotion, repetition), each move's SAN, the FEN and the status after
/// it. And a run that drops one move from duckchess's answer fails, so
/// the comparison can fail.
#[test]
fn python_chess_agrees_on_every_legal_move_of_a_thousand_positions() {
    if !system::have_python_module(
        "chess",
        "chess",
        "the legal moves, SAN, FEN and status of 1,000 positions against python-chess",
    ) {
        return;
    }
    let (ok, text) = crosscheck(&["--seed", "7", "--games", "10"]);
    assert!(ok, "{text}");
    let figure = |name: &str| -> u64 {
        text.split(&format!("{name}: "))
            .nth(1)
            .and_then(|rest| rest.split_whitespace().next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("no {name} in {text}"))
    };
    assert!(figure("positions") >= 1000, "{text}");
    assert!(figure("moves compared") >= 20_000, "{text}");
    assert_eq!(figure("differences"), 0, "{text}");
    // The figures, in the test's output.
    for line in text
        .lines()
        .filter(|l| l.starts_with("games:") || l.starts_with("moves seen:"))
    {
        eprintln!("python-chess: {line}");
    }
    let (ok, text) = crosscheck(&["--seed", "7", "--games", "1", "--drop-one"]);
    assert!(!ok, "a dropped move went unseen: {text}");
}
