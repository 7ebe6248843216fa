//! Promotion zones that are not whole ranks at the far end
//! (`promotionRegionWhite`, `promotionRegionBlack` as any squares):
//! troitzky's pawns promote on the last square of each file short of its
//! walls.

use super::build::squares;
use super::parse::Entry;
use super::IniError;

/// Each side's zone as squares where a stated region is not whole ranks
/// at the far end (`None` otherwise: the zone is a depth of ranks); a side
/// that states none keeps Fairy-Stockfish's default, White rank 8, Black
/// rank 1. `whole` says whether a side's region is whole ranks there.
pub(super) fn explicit(
    zones: &[&Entry],
    files: usize,
    ranks: usize,
    whole: impl Fn(&Entry) -> Result<bool, IniError>,
) -> Result<Option<[Vec<usize>; 2]>, IniError> {
    let regions: Vec<&&Entry> = zones
        .iter()
        .filter(|e| e.key == "promotionRegionWhite" || e.key == "promotionRegionBlack")
        .collect();
    let mut any = false;
    for entry in &regions {
        any |= !whole(entry)?;
    }
    if !any || zones.iter().any(|e| e.key == "promotionRank") {
        return Ok(None);
    }
    let rank = |r: usize| (0..files).map(move |f| r * files + f);
    let mut out = [rank(7.min(ranks - 1)).collect(), rank(0).collect()];
    for entry in regions {
        let side = usize::from(entry.key == "promotionRegionBlack");
        out[side] = squares(entry, files, ranks)?
            .into_iter()
            .map(|(f, r)| r * files + f)
            .collect();
    }
    Ok(Some(out))
}
