//! Fourfold records (the terminal game's saved games), in both setups:
//! what reads, written again, reads back to the same start and moves.
use duckchess::variants::by_name;

/// The target's checks on one input; a failure panics.
pub fn check(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for name in ["fourfold", "fourfold-classic"] {
        let fourfold = by_name(name).unwrap();
        match fourfold.read_record(text) {
            Ok((start, moves)) => {
                let written = fourfold.write_record(&*start, &moves);
                let (back, again) = fourfold
                    .read_record(&written)
                    .unwrap_or_else(|e| panic!("{e}\n{written}"));
                assert_eq!(back.key(), start.key(), "{written}");
                assert_eq!(again, moves, "{written}");
            }
            Err(e) => assert!(e.to_string().len() < 400, "{e}"),
        }
    }
}
