//! `--variants FILE`: games from a file in Fairy-Stockfish's variants.ini
//! syntax on the command line — listed, counted, their moves, a bad file's
//! line and exit code, and `variants --ini` read back. Every count here is
//! Fairy-Stockfish 11.1's (`go perft` on its built-in game of the name).

use assert_cmd::cargo::cargo_bin;
use assert_cmd::Command;
use std::path::{Path, PathBuf};

fn duckchess() -> Command {
    Command::new(cargo_bin!("duckchess"))
}

fn sample() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("samples/variants.ini")
}

fn stdout(cmd: &mut Command) -> String {
    let out = cmd.output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn the_games_are_listed_after_the_built_in_ones() {
    let text = stdout(duckchess().arg("--variants").arg(sample()).arg("variants"));
    // The registry's games, one a line, before the library's names.
    let names: Vec<&str> = text
        .lines()
        .take_while(|l| !l.is_empty())
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert_eq!(
        names,
        [
            "duck",
            "chess",
            "cube",
            "fourfold",
            "fourfold-classic",
            "xiangqi",
            "losalamos",
            "capablanca",
            "knightmate",
            "minixiangqi"
        ]
    );
}

/// Fairy-Stockfish 11.1: losalamos 1,212, capablanca 25,228, knightmate
/// 6,765, minixiangqi 6,664 at depth 3.
#[test]
fn perft_from_the_start() {
    for (name, count) in [
        ("losalamos", "1212"),
        ("capablanca", "25228"),
        ("knightmate", "6765"),
        ("minixiangqi", "6664"),
    ] {
        let text = stdout(duckchess().arg("--variants").arg(sample()).args([
            "perft",
            "3",
            "--variant",
            name,
        ]));
        assert_eq!(text.trim(), count, "{name}");
    }
}

/// The contract scripts rely on: `uci_move: count` lines in
/// Fairy-Stockfish's coordinates, then the total; FEN and moves as it
/// writes them. Fairy-Stockfish 11.1 lists the same 31 moves, castling
/// `f1i1` among them.
#[test]
fn divide_from_a_fen_and_moves() {
    let text = stdout(duckchess().arg("--variants").arg(sample()).args([
        "perft",
        "1",
        "--variant",
        "capablanca",
        "--divide",
        "r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1",
        "moves",
        "a1a2",
        "a8a7",
    ]));
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.last(), Some(&"31"));
    assert!(lines.contains(&"f1i1: 1"));
    assert!(lines.contains(&"a2a7: 1"));
    assert!(!lines.contains(&"f1c1: 1"));
    let moves = stdout(duckchess().arg("--variants").arg(sample()).args([
        "moves",
        "--variant",
        "minixiangqi",
        "rcnkncr/p1ppp1p/7/7/7/P1PPP1P/RCNKNCR w - - 0 1",
    ]));
    assert!(moves.lines().any(|l| l == "a2b2"), "{moves}");
}

#[test]
fn the_option_after_the_command_and_the_environment_variable() {
    let text = stdout(
        duckchess()
            .args(["perft", "2", "--variant", "losalamos", "--variants"])
            .arg(sample()),
    );
    assert_eq!(text.trim(), "100");
    let text = stdout(duckchess().env("DUCKCHESS_VARIANTS", sample()).args([
        "perft",
        "2",
        "--variant",
        "knightmate",
    ]));
    // Fairy-Stockfish 11.1: 324.
    assert_eq!(text.trim(), "324");
}

#[test]
fn a_bad_file_is_one_line_with_its_line_number_and_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.ini");
    std::fs::write(&path, "[drops:chess]\n# comment\ndupleCheck = true\n").unwrap();
    duckchess()
        .arg("--variants")
        .arg(&path)
        .arg("variants")
        .assert()
        .code(2)
        .stdout("")
        .stderr(format!(
            "duckchess: {}: line 3: dupleCheck is not supported\n",
            path.display()
        ));
    std::fs::write(&path, "[Chess:chess]\n").unwrap();
    duckchess()
        .arg("--variants")
        .arg(&path)
        .arg("variants")
        .assert()
        .code(2)
        .stderr(format!(
            "duckchess: {}: line 1: Chess is a built-in game's name, and this section is not that game: name the section otherwise (a base may be Chess)\n",
            path.display()
        ));
    duckchess()
        .arg("--variants")
        .arg(dir.path().join("missing.ini"))
        .arg("variants")
        .assert()
        .code(1);
}

#[test]
fn a_game_of_the_file_is_built_when_named() {
    // The second game's key is not played here: the first still plays,
    // the second fails when named (or listed), with the file and line.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("two.ini");
    std::fs::write(
        &path,
        "[small:chess]\nmaxFile = 6\nstartFen = 4k1/6/6/6/6/6/6/R3K1 w - - 0 1\n\n[broken:chess]\ncastling = maybe\n",
    )
    .unwrap();
    let run = |args: &[&str]| duckchess().arg("--variants").arg(&path).args(args).assert();
    run(&["perft", "1", "--variant", "small"])
        .success()
        .stdout("15\n");
    let error = format!(
        "duckchess: {}: line 6: castling = \"maybe\": true or false\n",
        path.display()
    );
    run(&["perft", "1", "--variant", "broken"])
        .code(2)
        .stdout("")
        .stderr(error.clone());
    run(&["variants"]).code(2).stdout("").stderr(error);
    // A syntax error anywhere is found before any game is played.
    std::fs::write(&path, "[small:chess]\n[broken:nothing]\n").unwrap();
    run(&["perft", "1", "--variant", "chess"]).code(2).stderr(format!(
        "duckchess: {}: line 2: base nothing is neither an earlier section nor a built-in game (chess, xiangqi)\n",
        path.display()
    ));
}

#[test]
fn variants_ini_reads_back() {
    let text = stdout(duckchess().args(["variants", "--ini", "chess"]));
    assert!(text.starts_with("[chess]\n"), "{text}");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("again.ini");
    std::fs::write(&path, text.replace("[chess]", "[again]")).unwrap();
    let count =
        stdout(
            duckchess()
                .arg("--variants")
                .arg(&path)
                .args(["perft", "3", "--variant", "again"]),
        );
    assert_eq!(count.trim(), "8902");
    // Defect: the text as written, `[chess]` and all, was refused as a
    // built-in's name; it reads back as the built-in game itself.
    std::fs::write(&path, &text).unwrap();
    let count =
        stdout(
            duckchess()
                .arg("--variants")
                .arg(&path)
                .args(["perft", "3", "--variant", "chess"]),
        );
    assert_eq!(count.trim(), "8902");
    let xiangqi = stdout(duckchess().args(["variants", "--ini", "xiangqi"]));
    std::fs::write(&path, xiangqi.replace("[xiangqi]", "[xq]")).unwrap();
    let count =
        stdout(
            duckchess()
                .arg("--variants")
                .arg(&path)
                .args(["perft", "3", "--variant", "xq"]),
        );
    assert_eq!(count.trim(), "79666");
    for (name, why) in [
        ("duck", "captured, not checkmated"),
        ("cube", "axes"),
        ("fourfold", "axes"),
    ] {
        let out = duckchess()
            .args(["variants", "--ini", name])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2));
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.starts_with(&format!("duckchess: {name} has no ini form: ")),
            "{stderr}"
        );
        assert!(stderr.contains(why), "{stderr}");
    }
}

#[test]
fn uci_plays_a_file_game() {
    let out = stdout(
        duckchess()
            .arg("--variants")
            .arg(sample())
            .arg("uci")
            .write_stdin("uci\nsetoption name UCI_Variant value losalamos\nposition startpos moves a2a3\ngo depth 1\nquit\n"),
    );
    assert!(out.contains("losalamos"), "{out}");
    assert!(out.lines().any(|l| l.starts_with("bestmove ")), "{out}");
}

/// Extinction chess from samples/fsf-variants.ini: the computer takes the
/// last black queen, which wins at once, and the board says why the game
/// ended; shatar's bare kings draw.
#[test]
fn the_extinction_rule_on_the_command_line() {
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("samples/fsf-variants.ini");
    let run = |args: &[&str]| stdout(duckchess().arg("--variants").arg(&file).args(args));
    let best = run(&[
        "best",
        "--variant",
        "extinction",
        "rnbqkbnr/ppp1pppp/8/8/8/8/PPP1PPPP/RNBQKBNR w KQkq - 0 1",
    ]);
    assert!(best.contains("mate in 1 for white"), "{best}");
    assert!(best.contains("pv Qxd8"), "{best}");
    // Its status words say so: the move that takes the last queen.
    let moves = run(&[
        "moves",
        "--long",
        "--variant",
        "extinction",
        "rnbqkbnr/ppp1pppp/8/8/8/8/PPP1PPPP/RNBQKBNR w KQkq - 0 1",
    ]);
    let take = moves.lines().find(|l| l.starts_with("d1d8\t")).unwrap();
    assert!(take.ends_with("\textinct"), "{take}");
    assert_eq!(
        moves.lines().filter(|l| l.ends_with("\textinct")).count(),
        1
    );
    let shown = run(&[
        "show",
        "--variant",
        "extinction",
        "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ]);
    assert!(
        shown.contains("white wins: black has run out of pieces (extinction)"),
        "{shown}"
    );
    let shown = run(&[
        "show",
        "--variant",
        "shatar",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
    ]);
    assert!(
        shown.contains("draw by extinction (a side has run out of pieces)"),
        "{shown}"
    );
}
