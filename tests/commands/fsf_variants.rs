//! The games of `samples/fsf-variants.ini` — Fairy-Stockfish's built-in
//! variants restated in its variants.ini syntax — against Fairy-Stockfish's
//! built-ins of the same names: `scripts/fsf_perft.py` compares
//! `duckchess --variants` perft divides with Fairy-Stockfish's from the
//! start and from positions of seeded random play (docs/fsf-variants.md).
//!
//! Here at depth 3 from the start and three positions a variant, with this
//! build of duckchess; `.ci/run` runs the script at depth 4 from ten
//! positions with the release build.

use crate::system;

use std::path::{Path, PathBuf};
use std::process::Command;

/// Fairy-Stockfish: on PATH, or where Debian's package puts it.
fn fairy_stockfish() -> Option<PathBuf> {
    system::find("fairy-stockfish").or_else(|| {
        let games = PathBuf::from("/usr/games/fairy-stockfish");
        games.exists().then_some(games)
    })
}

#[test]
fn every_variant_of_the_sample_file_counts_as_fairy_stockfish() {
    let unchecked =
        "samples/fsf-variants.ini's perft against Fairy-Stockfish (scripts/fsf_perft.py)";
    let Some(fsf) = fairy_stockfish() else {
        system::have(&[("fairy-stockfish", "fairy-stockfish")], unchecked);
        return;
    };
    if !system::have(&[("python3", "python3")], unchecked) {
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = Command::new("python3")
        .arg(root.join("scripts/fsf_perft.py"))
        .arg(root.join("samples/fsf-variants.ini"))
        .args(["--depth", "3", "--positions", "3", "--fsf"])
        .arg(&fsf)
        .arg("--duckchess")
        .arg(env!("CARGO_BIN_EXE_duckchess"))
        .output()
        .expect("python3 runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    println!("{stdout}");
    assert!(
        out.status.success(),
        "scripts/fsf_perft.py found a difference or failed:\n{stdout}\n{stderr}"
    );
    // Every section is one of Fairy-Stockfish's built-ins, so none is
    // skipped, except a game newer than the Fairy-Stockfish at hand
    // (Debian's is 11.1, without atomic, armageddon or check shogi): those
    // are checked against today's rules by pyffish (tests/commands/pyffish.rs).
    let skipped: Vec<&str> = stdout.lines().filter(|l| l.contains("skipped")).collect();
    for line in &skipped {
        assert!(
            line.contains("skipped: Fairy-Stockfish has no built-in"),
            "{line}\n{stdout}"
        );
    }
    if !skipped.is_empty() {
        println!(
            "not in this Fairy-Stockfish, checked by pyffish instead: {}",
            skipped
                .iter()
                .filter_map(|l| l.split_whitespace().next())
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    let variants = stdout.lines().filter(|l| l.contains(" positions ")).count();
    assert!(
        variants >= 15,
        "only {variants} variants compared:\n{stdout}"
    );
}

/// Every game of the sample file is played by the computer everywhere the
/// built-in games are: here two games of `duckchess match` against the
/// greedy player (drops, checks counted, flags and extinction included),
/// each to its end under the game's own rules, the tally naming both.
#[test]
fn the_computer_plays_every_variant_of_the_sample_file() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let file = root.join("samples/fsf-variants.ini");
    let text = std::fs::read_to_string(&file).unwrap();
    let names: Vec<&str> = text
        .lines()
        .filter_map(|l| l.strip_prefix('['))
        .filter_map(|l| l.split([']', ':']).next())
        .collect();
    assert!(names.len() >= 30, "{names:?}");
    for name in names {
        let out = Command::new(env!("CARGO_BIN_EXE_duckchess"))
            .arg("--variants")
            .arg(&file)
            .args(["match", "--variant", name, "--games", "2", "--nodes", "200"])
            .args(["--opponent", "greedy", "--move-cap", "200"])
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "{name}: {stdout}\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let tally = stdout.lines().last().unwrap_or_default();
        assert!(
            tally.starts_with(&format!("computer vs greedy in {name}: "))
                && tally.contains(" of 2 "),
            "{name}: {stdout}"
        );
    }
}
