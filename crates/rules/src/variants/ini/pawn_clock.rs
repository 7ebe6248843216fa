//! `nMoveRuleTypes`: the pieces whose moves restart the count of the ply
//! limit (captures always do), read as the kernel's [`PawnClock`]: the
//! pawn or nothing (`-`). As in Fairy-Stockfish, only a move the pawn
//! cannot undo restarts it: every push of chess's pawn, not pawnsideways'
//! step aside.

use super::build::refuse;
use super::parse::Entry;
use super::IniError;
use crate::kernel::{PawnClock, PieceKind};

/// The rule, from the key's entry (`None`: the default, the pawn), the
/// pawn's kind (if any) and its letter.
pub(super) fn read(entry: Option<&Entry>, pawn: Option<&PieceKind>) -> Result<PawnClock, IniError> {
    let counts = match entry {
        None => true,
        Some(e) => {
            let letters: Vec<char> = e.value.chars().filter(|c| !c.is_whitespace()).collect();
            match (letters.as_slice(), pawn) {
                (['-'] | [], _) => false,
                ([c], Some(p)) if c.to_ascii_lowercase() == p.letter => true,
                _ => {
                    return Err(refuse(
                        e,
                        "only the pawn's moves restart the count here: the pawn's letter, or - for none",
                    ))
                }
            }
        }
    };
    Ok(match pawn {
        Some(_) if !counts => PawnClock::Never,
        Some(p) if !p.quiet_steps.is_empty() => PawnClock::Irreversible,
        _ => PawnClock::Every,
    })
}
