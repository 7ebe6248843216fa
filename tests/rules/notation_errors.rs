//! A notation's errors are typed (`variants::NotationError`): a caller can
//! tell a FEN from a move or a record by the kind, as with shakmaty, and
//! the message is the inner error's own.

use duckchess::variants::{by_name, NotationError};

#[test]
fn each_game_says_what_kind_of_text_it_could_not_read() {
    let chess = by_name("chess").unwrap();
    let e = chess.read_position("8/8/8 w - - 0 1").unwrap_err();
    assert!(matches!(e, NotationError::Fen(_)), "{e:?}");
    let start = chess.start();
    let e = chess.read_move(&*start, "Qh5").unwrap_err();
    assert!(
        matches!(e, NotationError::San(_) | NotationError::Uci(_)),
        "{e:?}"
    );
    let e = chess.read_record("1. e4 e5 2. Ke3").unwrap_err();
    assert!(matches!(e, NotationError::Pgn(_)), "{e:?}");
    let duck = by_name("duck").unwrap();
    let e = duck.read_position("nonsense").unwrap_err();
    assert!(matches!(e, NotationError::DuckFen(_)), "{e:?}");
    let xiangqi = by_name("xiangqi").unwrap();
    let e = xiangqi.read_move(&*xiangqi.start(), "Z9+1").unwrap_err();
    assert!(matches!(e, NotationError::Wxf(_)), "{e:?}");
    let cube = by_name("cube").unwrap();
    let e = cube.read_position("no cube").unwrap_err();
    assert!(matches!(e, NotationError::Cube(_)), "{e:?}");
    // The message is the inner error's, unchanged.
    match chess.read_position("8/8/8 w - - 0 1").unwrap_err() {
        NotationError::Fen(inner) => assert_eq!(
            inner.to_string(),
            chess
                .read_position("8/8/8 w - - 0 1")
                .unwrap_err()
                .to_string()
        ),
        other => panic!("{other:?}"),
    }
}
