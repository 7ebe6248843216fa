//! The cube puzzle's format (`duckchess mate`): what reads, written again,
//! reads back the same; the explanation agrees with the answer.
use duckchess::variants::cube::{mate, read, write};

/// The target's checks on one input; a failure panics.
pub fn check(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match read(text) {
        Ok(position) => {
            let written = write(position.as_dyn());
            let back = read(&written).expect("a written position reads back");
            assert_eq!(write(back.as_dyn()), written);
            assert_eq!(back.as_dyn().key(), position.as_dyn().key());
            assert_eq!(mate::explain(&position).is_mate(), mate::is_mate(&position));
        }
        Err(e) => assert!(e.to_string().len() < 400, "{e}"),
    }
}
