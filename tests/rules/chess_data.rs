//! Chess facts pinned from python-chess: twenty random games of the
//! cross-check, ply by ply, written once by `scripts/chess_crosscheck.py
//! --write-data` (see the file's header), so the tests need no Python. Each ply's UCI move must be legal, its SAN must be ours
//! and read back to the move, and the FEN and status words after it must be
//! ours, the game's history (repetition) included.

use duckchess::variants::chess::{self, san};
use duckchess::variants::{by_name, status::Status};

use crate::system;

const DATA: &str = include_str!("../data/chess_games.txt");

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

#[test]
fn python_chess_games_replay_ply_by_ply() {
    let notation = by_name("chess").unwrap();
    let mut games = 0;
    let mut plies = 0;
    let mut seen_words = std::collections::BTreeSet::new();
    let mut blocks = DATA.split("\ngame ").skip(1);
    for block in blocks.by_ref() {
        let mut lines = block.lines();
        let start = lines.next().unwrap();
        let mut position = chess::from_fen(start).unwrap();
        let mut game = notation.read_position(start).unwrap().new_game();
        games += 1;
        for (i, line) in lines.filter(|l| !l.is_empty()).enumerate() {
            let fields: Vec<&str> = line.split('\t').collect();
            let [uci, expected_san, fen, words] = fields[..] else {
                panic!("game {games} ply {}: 4 fields in {line:?}", i + 1);
            };
            let at = format!("game {games} ply {} ({uci})", i + 1);
            let m = chess::parse_uci(&position, uci).unwrap_or_else(|e| panic!("{at}: {e}"));
            assert_eq!(san::write(&position, m), expected_san, "{at}");
            assert_eq!(san::parse(&position, expected_san), Ok(m), "{at}");
            position.play(m).unwrap();
            game.play(m).unwrap();
            assert_eq!(chess::fen(&position), fen, "{at}");
            assert_eq!(notation.write_position(game.position()), fen, "{at}");
            assert_eq!(Status::of(notation, &*game).words(), words, "{at}");
            seen_words.extend(words.split(' '));
            plies += 1;
        }
    }
    assert_eq!(games, 20);
    assert!(plies >= 500, "{plies} plies");
    // The data hold the cases that matter.
    for word in ["check", "checkmate", "claim-repetition"] {
        assert!(seen_words.contains(word), "no {word} in the data");
    }
    for pattern in ["O-O", "=Q", "x"] {
        assert!(DATA.contains(pattern), "no {pattern} in the data");
    }
}
