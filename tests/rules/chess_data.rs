//! Chess facts pinned from python-chess: twenty random games of the
//! cross-check, ply by ply, written once by `scripts/chess_crosscheck.py
//! --write-data` (see the file's header), so the tests need no Python. Each ply's UCI move must be legal, its SAN must be ours
//! and read back to the move, and the FEN and status words after it must be
//! ours, the game's history (repetition) included.

use duckchess::variants::chess::{self, san};
use duckchess::variants::{by_name, status::Status};

const DATA: &str = include_str!("../data/chess_games.txt");

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
