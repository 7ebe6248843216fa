//! `extinctionPseudoRoyal = true` in a game without blasts: the extinction
//! rule's kinds are royal ([`RoyalKinds`]). Beside a king (coregal), as in
//! Fairy-Stockfish, the rule then ends no game (its pieces cannot be
//! taken); without one (petrified's commoner) it stays.

use super::build::refuse;
use super::parse::Entry;
use super::IniError;
use crate::kernel::{Extinction, RoyalKinds};

/// The royal kinds and what is left of the extinction rule, given the
/// `extinctionPseudoRoyal` entry (if true), whether the game blasts and
/// has a king; a game that blasts keeps its rule ([`crate::kernel::Blast`]).
pub(super) fn read(
    pseudo_royal: Option<&Entry>,
    blasts: bool,
    has_king: bool,
    extinction: Option<Extinction>,
) -> Result<(Option<RoyalKinds>, Option<Extinction>), IniError> {
    let Some(entry) = pseudo_royal.filter(|_| !blasts) else {
        return Ok((None, extinction));
    };
    match extinction {
        Some(rule) if !rule.all && !rule.kinds.is_empty() => Ok((
            Some(RoyalKinds {
                kinds: rule.kinds.clone(),
                count: rule.count,
            }),
            (!has_king).then_some(rule),
        )),
        _ => Err(refuse(
            entry,
            "played with blastOnCapture = true, or beside a king with the extinction rule's kinds named by letter (extinctionPieceTypes = q)",
        )),
    }
}
