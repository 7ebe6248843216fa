//! Duck Chess FEN, as the judge's `--from` and every command read it: what
//! reads, written again, reads back the same, through the fast engine and
//! through the registry alike.
use duckchess::judge::Position;
use duckchess::variants::by_name;

/// The target's checks on one input; a failure panics.
pub fn check(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let duck = by_name("duck").unwrap();
    match text.parse::<Position>() {
        Ok(position) => {
            let fen = position.to_fen();
            let back: Position = fen.parse().expect("a written FEN reads back");
            assert_eq!(back, position);
            let kernel = duck.read_position(text).expect("the registry reads it too");
            assert_eq!(duck.write_position(&*kernel), fen);
        }
        Err(e) => {
            assert!(e.to_string().len() < 400, "{e}");
            assert!(duck.read_position(text).is_err());
        }
    }
}
