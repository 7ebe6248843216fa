//! `shogiPawnDropMateIllegal`: a mate given by dropping a shogi pawn (the
//! piece named `shogiPawn`) loses for the side that dropped it, read into
//! [`Drops::drop_mate_loses`].

use super::build::{boolean, refuse};
use super::parse::Entry;
use super::IniError;
use crate::kernel::{Drops, Kind};

/// Reads the key into `drops`: it needs `pieceDrops = true` and a piece
/// named `shogiPawn`.
pub(super) fn read(
    entries: &[Entry],
    drops: &mut Drops,
    piece_drops: bool,
    shogi_pawn: Option<Kind>,
) -> Result<(), IniError> {
    let Some(entry) = entries
        .iter()
        .rev()
        .find(|e| e.key == "shogiPawnDropMateIllegal")
    else {
        return Ok(());
    };
    if !boolean(entry)? {
        return Ok(());
    }
    if !piece_drops {
        return Err(refuse(entry, "played here where pieceDrops = true"));
    }
    // Each of these keeps its own state where the last drop is kept.
    let value = |key: &str| entries.iter().rev().find(|e| e.key == key);
    let shared = ["pass", "bikjangRule", "gating"]
        .iter()
        .any(|key| value(key).is_some_and(|e| e.value == "true"))
        || value("enclosingDrop").is_some_and(|e| e.value != "none");
    if shared {
        return Err(refuse(
            entry,
            "played here in a game without pass, bikjangRule, gating or enclosingDrop",
        ));
    }
    let pawn = shogi_pawn.ok_or_else(|| refuse(entry, "the game has no piece named shogiPawn"))?;
    drops.drop_mate_loses = Some(pawn);
    Ok(())
}
