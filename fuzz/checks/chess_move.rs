//! Chess moves in SAN or UCI: the first line is a FEN (the start when it
//! is none), the rest one move. A move read is legal, and its SAN and UCI
//! read back to it; so does every legal move's SAN.
use duckchess::variants::chess::{from_fen, parse_uci, read_move, san, start, uci};

/// The target's checks on one input; a failure panics.
pub fn check(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (fen, text) = text.split_once('\n').unwrap_or(("", text));
    let position = from_fen(fen).unwrap_or_else(|_| start());
    match read_move(&position, text) {
        Ok(m) => {
            assert!(position.is_legal(m));
            assert_eq!(san::parse(&position, &san::write(&position, m)), Ok(m));
            assert_eq!(parse_uci(&position, &uci(m)), Ok(m));
        }
        Err(e) => assert!(e.to_string().len() < 400, "{e}"),
    }
    for m in position.legal_moves() {
        let written = san::write(&position, m);
        assert_eq!(san::parse(&position, &written), Ok(m), "{written}");
    }
}
