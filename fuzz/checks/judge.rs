//! The judge input (`duckchess [FILE]`): any bytes, read as the official
//! solution reads them. A well-formed input gets one verdict line per
//! command; a malformed one an error naming its line, briefly.
use duckchess::judge::{self, Position};

/// The target's checks on one input; a failure panics.
pub fn check(data: &[u8]) {
    let mut out = Vec::new();
    match judge::run(data, &mut out, Position::initial()) {
        Ok(summary) => {
            let lines = out.iter().filter(|&&b| b == b'\n').count() as u64;
            assert_eq!(lines, summary.commands);
            assert!(summary.valid <= summary.commands);
        }
        Err(e) => assert!(e.to_string().len() < 400, "{e}"),
    }
}
