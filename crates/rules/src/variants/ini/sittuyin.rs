//! Sittuyin's rules: `sittuyinPromotion` (a pawn promotes by a move of its
//! own, in place or a step aside, never attacking: the kernel's
//! [`PromotionChoice::in_place`]) and `sittuyinRookDrop` (rooks are
//! dropped on the first rank only: [`Drops::first_rank_kinds`]).

use super::build::{boolean, refuse};
use super::parse::Entry;
use super::IniError;
use crate::kernel::{Drops, Kind, PawnRules, PromotionChoice};

/// The last entry of `key`, where it is set to true.
fn on<'a>(entries: &'a [Entry], key: &str) -> Result<Option<&'a Entry>, IniError> {
    match entries.iter().rev().find(|e| e.key == key) {
        Some(entry) if boolean(entry)? => Ok(Some(entry)),
        _ => Ok(None),
    }
}

/// Reads `sittuyinPromotion` into the game's pawn (`None`: no pawn).
pub(super) fn promotion(entries: &[Entry], pawn: Option<&mut PawnRules>) -> Result<(), IniError> {
    let Some(entry) = on(entries, "sittuyinPromotion")? else {
        return Ok(());
    };
    let Some(pawn) = pawn else {
        return Err(refuse(entry, "played in a game with a pawn"));
    };
    if pawn.promotion.is_empty() {
        return Err(refuse(entry, "the pawn needs promotionPieceTypes"));
    }
    pawn.choice
        .get_or_insert_with(PromotionChoice::default)
        .in_place = true;
    Ok(())
}

/// Reads `sittuyinRookDrop` into `drops`: it needs `pieceDrops = true` and
/// a piece named `rook`.
pub(super) fn rook_drop(
    entries: &[Entry],
    drops: &mut Drops,
    piece_drops: bool,
    rook: Option<Kind>,
) -> Result<(), IniError> {
    let Some(entry) = on(entries, "sittuyinRookDrop")? else {
        return Ok(());
    };
    if !piece_drops {
        return Err(refuse(entry, "played here where pieceDrops = true"));
    }
    let rook = rook.ok_or_else(|| refuse(entry, "the game has no piece named rook"))?;
    drops.first_rank_kinds.push(rook);
    Ok(())
}
