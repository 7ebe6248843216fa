//! Fourfold positions, in both setups: what reads, written again, reads
//! back the same, and so does the position after each legal move.
use duckchess::variants::fourfold::{read_position, write_position, Army};

/// The target's checks on one input; a failure panics.
pub fn check(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for army in [Army::Full, Army::Classic] {
        match read_position(army, text) {
            Ok(position) => {
                let written = write_position(&position);
                assert_eq!(read_position(army, &written), Ok(position), "{written}");
                for m in position.legal_moves() {
                    let mut after = position;
                    after.play(m).expect("a legal move");
                    let written = write_position(&after);
                    assert_eq!(read_position(army, &written), Ok(after), "{written}");
                }
            }
            Err(e) => assert!(e.to_string().len() < 400, "{e}"),
        }
    }
}
