//! `petrifyOnCaptureTypes`: the kinds that turn to stone where they take
//! ([`Petrify`]), a wall, so the game has walls even where its start has
//! none.

use super::build::refuse;
use super::parse::Entry;
use super::IniError;
use crate::kernel::{Kind, Petrify, Walls};

/// The rule and the game's walls, given the entry (if any) with its kinds
/// read, whether the game has pieces in hand or shogi's promotions (where
/// Fairy-Stockfish would put the stone's piece in a hand), and the walls
/// of its other keys.
pub(super) fn read(
    entry: Option<&Entry>,
    kinds: Vec<Kind>,
    hands: bool,
    walls: Option<Walls>,
) -> Result<(Option<Petrify>, Option<Walls>), IniError> {
    let Some(entry) = entry.filter(|_| !kinds.is_empty()) else {
        return Ok((None, walls));
    };
    if hands {
        return Err(refuse(
            entry,
            "pieces turn to stone here only in a game without pieces in hand",
        ));
    }
    Ok((Some(Petrify { kinds }), Some(walls.unwrap_or_default())))
}

/// The key of a game's rule.
pub(super) fn write(rule: &Petrify, letter: impl Fn(Kind) -> char) -> String {
    let letters: String = rule.kinds.iter().map(|&k| letter(k)).collect();
    format!("petrifyOnCaptureTypes = {letters}\n")
}
