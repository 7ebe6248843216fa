//! The reader of lines every text command shares (`moves -`, `mate`,
//! `pgn`, saved games): bounded lines, a byte order mark, any line end,
//! bad UTF-8 named. What it returns is the text as `normalize` makes it,
//! without the last line end.
use duckchess::variants::input::{normalize, read_text, InputError, MAX_LINE};

/// The target's checks on one input; a failure panics.
pub fn check(data: &[u8]) {
    match read_text(data) {
        Ok(text) => {
            assert!(!text.contains('\r'));
            assert!(text.split('\n').all(|l| l.len() <= MAX_LINE));
            let whole = std::str::from_utf8(data).expect("every line was UTF-8");
            let normal = normalize(whole);
            assert_eq!(text, normal.strip_suffix('\n').unwrap_or(&normal));
        }
        Err(InputError::Encoding { .. }) => assert!(std::str::from_utf8(data).is_err()),
        Err(InputError::TooLong { .. }) => assert!(data.len() > MAX_LINE),
        Err(InputError::Read(e)) => panic!("reading a slice failed: {e}"),
    }
}
