//! Pieces that turn over both ways, Kyoto and micro shogi's:
//! `pieceDemotion` (a promoted piece turns back where another would
//! promote), `dropPromoted` (a piece dropped promoted) and
//! `piecePromotionOnCapture` (pieces turn over on captures only).

use super::build::{boolean, refuse};
use super::parse::Entry;
use super::IniError;
use crate::kernel::Turning;

/// The three keys, each only where pieces promote shogi's way
/// (`promoted`: the game states `promotedPieceType`).
pub(super) fn read(entries: &[Entry], promoted: bool) -> Result<Turning, IniError> {
    let on = |key: &str| -> Result<bool, IniError> {
        let Some(entry) = entries.iter().rev().find(|e| e.key == key) else {
            return Ok(false);
        };
        let on = boolean(entry)?;
        if on && !promoted {
            return Err(refuse(
                entry,
                "no piece promotes shogi's way (promotedPieceType)",
            ));
        }
        Ok(on)
    };
    Ok(Turning {
        demotion: on("pieceDemotion")?,
        drop_promoted: on("dropPromoted")?,
        on_capture: on("piecePromotionOnCapture")?,
    })
}
