//! Every game duckchess reads from Fairy-Stockfish's syntax, and chess and
//! xiangqi, against pyffish (PyPI: Fairy-Stockfish's own Python binding,
//! today's rules): seeded random games played with pyffish's moves, every
//! position's legal moves and the positions after some of them compared,
//! and where pyffish lists no move (the game's end), duckchess must list
//! none and give the same result (scripts/pyffish_check.py). `.ci/run` installs pyffish; without it the
//! test says loudly what it did not check.

use crate::system;
use assert_cmd::cargo::cargo_bin;

/// Runs the script with `args`; its report.
fn check(args: &[&str]) -> String {
    let out = std::process::Command::new("python3")
        .arg("scripts/pyffish_check.py")
        .args(["--games", "2", "--plies", "30"])
        .args(args)
        .env("DUCKCHESS", cargo_bin!("duckchess"))
        .output()
        .unwrap();
    let report = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "pyffish and duckchess differ ({:?}):\n{report}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    report
}

/// The number of games and positions the report's last line gives.
fn totals(report: &str) -> (usize, usize) {
    let last = report.lines().last().unwrap_or_default();
    let words: Vec<&str> = last.split_whitespace().collect();
    (
        words[0].parse().unwrap_or_else(|_| panic!("{last}")),
        words[2].parse().unwrap_or_else(|_| panic!("{last}")),
    )
}

#[test]
fn every_game_agrees_with_pyffish() {
    if !system::have_python_module(
        "pyffish",
        "pyffish",
        "every game's moves against Fairy-Stockfish's Python binding",
    ) {
        return;
    }
    let built_in = check(&[]);
    assert_eq!(totals(&built_in).0, 2, "{built_in}");
    let file = check(&["--ini", "samples/fsf-variants.ini"]);
    let (games, positions) = totals(&file);
    assert_eq!(games, 117, "{file}");
    assert!(positions > 1000, "{file}");
    // Crazyhouse at length: drops, captures to hand, promoted pieces
    // taken back as pawns, the pocket in every FEN compared.
    let crazyhouse = check(&[
        "--ini",
        "samples/fsf-variants.ini",
        "--games",
        "5",
        "--plies",
        "80",
        "crazyhouse",
    ]);
    let (games, positions) = totals(&crazyhouse);
    assert_eq!(games, 1, "{crazyhouse}");
    assert!(positions >= 200, "{crazyhouse}");
    // The goals at length: n-check's counts in every FEN compared, the
    // game's end at the last check or a king on its goal (pyffish lists
    // no move there, nor may duckchess), racing kings' rule against checks.
    let goals = check(&[
        "--ini",
        "samples/fsf-variants.ini",
        "--games",
        "3",
        "--plies",
        "60",
        "3check",
        "5check",
        "kingofthehill",
        "racingkings",
    ]);
    let (games, positions) = totals(&goals);
    assert_eq!(games, 4, "{goals}");
    assert!(positions >= 500, "{goals}");
    // The antichess and atomic families at length: compulsory captures,
    // blasts, and the game's end (every piece lost, no move, losers' mate,
    // a king blown up) with its result, pyffish's game_result, compared.
    let anti = check(&[
        "--ini",
        "samples/fsf-variants.ini",
        "--games",
        "4",
        "--plies",
        "120",
        "giveaway",
        "antichess",
        "suicide",
        "codrus",
        "losers",
        "nocheckatomic",
        "atomic",
        "atomar",
    ]);
    let (games, positions) = totals(&anti);
    assert_eq!(games, 8, "{anti}");
    assert!(positions >= 1500, "{anti}");
    let legacy = check(&["--ini", "samples/fsf-legacy-keys.ini"]);
    assert_eq!(totals(&legacy).0, 6, "{legacy}");
    // The shogi family at length: promotions by choice (`+`), promoted
    // pieces (`+P`) taken back to hand unpromoted, nifu, immobility.
    let shogi = check(&[
        "--ini",
        "samples/fsf-variants.ini",
        "--games",
        "3",
        "--plies",
        "60",
        "minishogi",
        "shogi",
        "checkshogi",
        "gorogoro",
        "judkins",
        "euroshogi",
        "yarishogi",
    ]);
    let (games, positions) = totals(&shogi);
    assert_eq!(games, 7, "{shogi}");
    assert!(positions >= 700, "{shogi}");
}
