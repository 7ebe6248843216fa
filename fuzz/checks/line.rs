//! A position and its moves as the command line reads them (`POSITION
//! moves M1 M2 ...`), in every game and with the game recognised: a line
//! read, written again from its start in coordinates, reads back to the
//! same moves and the same end.
use duckchess::variants::line::{join_moves, position_part, read_any, read_line};
use duckchess::variants::{all, Notation};

fn round_trip(notation: &dyn Notation, text: &str) {
    let game = match read_line(notation, text) {
        Ok(game) => game,
        Err(e) => {
            assert!(e.to_string().len() < 600, "{e}");
            return;
        }
    };
    let part = position_part(text);
    let start = match part.as_str() {
        "start" => notation.start(),
        fen => notation.read_position(fen).expect("read once already"),
    };
    let mut position = start.clone_box();
    let mut coordinates = Vec::new();
    for &m in game.moves() {
        coordinates.push(notation.coordinate_move(&*position, m));
        position.play(m).expect("a legal move");
    }
    let again = format!(
        "{} moves {}",
        notation.write_position(&*start),
        join_moves(&coordinates)
    );
    let back = read_line(notation, &again).unwrap_or_else(|e| panic!("{again}: {e}"));
    assert_eq!(back.moves(), game.moves(), "{again}");
    assert_eq!(back.position().key(), game.position().key(), "{again}");
    let end = notation.write_position(game.position());
    let read = notation
        .read_position(&end)
        .unwrap_or_else(|e| panic!("{end}: {e}"));
    assert_eq!(read.key(), game.position().key(), "{end}");
}

/// The target's checks on one input; a failure panics.
pub fn check(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Err(e) = read_any(None, text) {
        assert!(e.to_string().len() < 600, "{e}");
    }
    for &notation in all() {
        round_trip(notation, text);
    }
}
