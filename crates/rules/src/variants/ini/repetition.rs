//! `nFoldValue` and `nFoldValueAbsolute`: who a repetition ends the game
//! for, read into the kernel's
//! [`RepetitionValue`](crate::kernel::RepetitionValue) and written back.

use super::build::{bad, boolean};
use super::parse::Entry;
use super::IniError;
use crate::kernel::{Color, RepetitionValue};

/// The value from a section's entries (the last of each key counts).
pub(super) fn read(entries: &[Entry]) -> Result<RepetitionValue, IniError> {
    let last = |key: &str| entries.iter().rev().find(|e| e.key == key);
    let absolute = match last("nFoldValueAbsolute") {
        Some(e) => boolean(e)?,
        None => false,
    };
    let Some(entry) = last("nFoldValue") else {
        return Ok(RepetitionValue::Draw);
    };
    // Fairy-Stockfish's value to the side to move; absolute, White's.
    let wins = match entry.value.as_str() {
        "draw" => return Ok(RepetitionValue::Draw),
        "win" => true,
        "loss" => false,
        _ => return Err(bad(entry, "win, loss or draw")),
    };
    Ok(match (absolute, wins) {
        (false, true) => RepetitionValue::SideToMoveWins,
        (false, false) => RepetitionValue::SideToMoveLoses,
        (true, true) => RepetitionValue::Winner(Color::White),
        (true, false) => RepetitionValue::Winner(Color::Black),
    })
}

/// The keys that state `value` (none for a draw).
pub(super) fn write(value: RepetitionValue) -> String {
    match value {
        RepetitionValue::Draw => String::new(),
        RepetitionValue::SideToMoveWins => "nFoldValue = win\n".into(),
        RepetitionValue::SideToMoveLoses => "nFoldValue = loss\n".into(),
        RepetitionValue::Winner(Color::White) => {
            "nFoldValue = win\nnFoldValueAbsolute = true\n".into()
        }
        RepetitionValue::Winner(Color::Black) => {
            "nFoldValue = loss\nnFoldValueAbsolute = true\n".into()
        }
    }
}
