//! Chess FEN: what reads, written again, reads back the same; and so does
//! the position after each of its legal moves (the reader takes every
//! position the game makes from one it took).
use duckchess::variants::chess::{fen, from_fen};

/// The target's checks on one input; a failure panics.
pub fn check(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match from_fen(text) {
        Ok(position) => {
            let written = fen(&position);
            let back = from_fen(&written).expect("a written FEN reads back");
            assert_eq!(back, position, "{written}");
            for m in position.legal_moves() {
                let mut after = position;
                after.play(m).expect("a legal move");
                let written = fen(&after);
                let back = from_fen(&written)
                    .unwrap_or_else(|e| panic!("{written} after {m:?} from {text}: {e}"));
                assert_eq!(back, after, "{written}");
            }
        }
        Err(e) => assert!(e.to_string().len() < 400, "{e}"),
    }
}
