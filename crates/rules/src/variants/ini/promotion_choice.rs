//! Grand chess's promotions: `promotionLimit` (`a:1 c:1 q:1 r:2`: a pawn
//! promotes to a kind only while its side has fewer than that many) and
//! `mandatoryPawnPromotion = false` (a pawn may stay a pawn in its zone
//! short of the last rank), read into the kernel's [`PromotionChoice`].

use super::build::{bad, boolean, refuse};
use super::parse::Entry;
use super::IniError;
use crate::kernel::{Kind, PromotionChoice};

/// The choice from the two keys' entries (`None`: chess's promotions),
/// given `immobilityIllegal` and the kinds by letter.
pub(super) fn read(
    limit: Option<&Entry>,
    mandatory: Option<&Entry>,
    immobility_illegal: bool,
    letter_kind: &dyn Fn(char) -> Option<Kind>,
) -> Result<Option<PromotionChoice>, IniError> {
    let mut choice = PromotionChoice::default();
    if let Some(entry) = mandatory {
        choice.optional = !boolean(entry)?;
        // Fairy-Stockfish lets a pawn that declines stay on the last rank
        // unless a piece that cannot move is illegal there.
        if choice.optional && !immobility_illegal {
            return Err(refuse(
                entry,
                "a pawn declining promotion on the last rank is not played: state immobilityIllegal = true",
            ));
        }
    }
    if let Some(entry) = limit {
        for pair in entry.value.split_whitespace() {
            let expected = "pairs of a piece's letter and a count, as q:1 r:2";
            let (letter, n) = pair.split_once(':').ok_or_else(|| bad(entry, expected))?;
            let mut letters = letter.chars();
            let (Some(c), None) = (letters.next(), letters.next()) else {
                return Err(bad(entry, expected));
            };
            let kind = letter_kind(c).ok_or_else(|| bad(entry, expected))?;
            let n: u32 = n.parse().map_err(|_| bad(entry, expected))?;
            // 0 is Fairy-Stockfish's "no limit".
            if n > 0 {
                choice.limits.push((kind, n));
            }
        }
    }
    Ok((choice != PromotionChoice::default()).then_some(choice))
}
