//! PGN: every game read, written in export form, reads back the same (and
//! writes the same again); an error is one short line.
use duckchess::variants::chess::pgn::{read_game, Reader};

/// The target's checks on one input; a failure panics.
pub fn check(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for game in Reader::new(text) {
        match game {
            Ok(game) => {
                let written = game.write();
                let back = read_game(&written)
                    .unwrap_or_else(|e| panic!("pgn's output does not read back: {e}\n{written}"));
                assert_eq!(back.start, game.start);
                assert_eq!(back.moves, game.moves);
                assert_eq!(back.result, game.result);
                assert_eq!(back.write(), written);
            }
            Err(e) => assert!(e.to_string().len() < 400, "{e}"),
        }
    }
}
