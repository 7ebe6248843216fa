//! Pieces in hand at the start and where a side may drop them: the
//! pocket of `startFen` (`[Nn]` after the board, pocket knight chess) and
//! `dropRegionWhite` / `dropRegionBlack` (dragon chess drops on its first
//! rank only).

use super::build::{refuse, squares};
use super::parse::Entry;
use super::IniError;
use crate::kernel::{Color, Kind, Piece};

/// The pieces of a start's pocket (`[Nn]`, `[]`, `[-]`), each letter one
/// piece of the game (upper case White's), or why not.
pub(super) fn start_hand(
    pocket: &str,
    letter_kind: impl Fn(char) -> Option<Kind>,
) -> Result<Vec<Piece>, String> {
    let inner = pocket
        .strip_prefix('[')
        .and_then(|p| p.strip_suffix(']'))
        .ok_or_else(|| format!("the pocket {pocket} is not closed by ]"))?;
    if inner == "-" {
        return Ok(Vec::new());
    }
    inner
        .chars()
        .map(|ch| {
            let kind = letter_kind(ch)
                .filter(|_| ch.is_ascii_alphabetic())
                .ok_or_else(|| format!("{ch:?} in the pocket {pocket} is no piece of the game"))?;
            let color = if ch.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            Ok(Piece { color, kind })
        })
        .collect()
}

/// Each side's drop region, where stated (`None`: the whole board); the
/// keys need `pieceDrops = true`.
pub(super) fn regions(
    entries: &[&Entry],
    drops: bool,
    files: usize,
    ranks: usize,
) -> Result<[Option<Vec<usize>>; 2], IniError> {
    let mut out = [None, None];
    for entry in entries {
        if !drops {
            return Err(refuse(
                entry,
                "nothing is dropped without pieceDrops = true",
            ));
        }
        let side = usize::from(entry.key == "dropRegionBlack");
        let mut set: Vec<usize> = squares(entry, files, ranks)?
            .into_iter()
            .map(|(f, r)| r * files + f)
            .collect();
        set.sort_unstable();
        out[side] = Some(set);
    }
    Ok(out)
}
