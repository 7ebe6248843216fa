//! Walls: the start FEN's `*` squares, and `wallingRule` with
//! `wallingRegion`, `wallingRegionWhite`, `wallingRegionBlack` (where a
//! side may place its walls).

use super::build::{refuse, squares};
use super::parse::Entry;
use super::{IniError, IniErrorKind};
use crate::kernel::{WallingRule, Walls};

/// The game's walls from its keys and its start's walled squares (`None`:
/// a game without walls); `drops` is the `pieceDrops = true` entry.
pub(super) fn walls(
    rule: Option<&Entry>,
    regions: &[&Entry],
    drops: Option<&Entry>,
    start: Vec<usize>,
    files: usize,
    ranks: usize,
) -> Result<Option<Walls>, IniError> {
    let rule = match rule {
        None => None,
        Some(entry) if entry.value == "none" => None,
        Some(entry) => Some(WallingRule::from_name(&entry.value).ok_or_else(|| {
            IniErrorKind::BadValue {
                key: entry.key.clone(),
                value: entry.value.clone(),
                expected: "arrow, duck, edge, past, static or none".into(),
            }
            .at(entry.line)
        })?),
    };
    let mut region = [None, None];
    // Fairy-Stockfish reads `wallingRegion` after the sides' keys: where
    // stated, it is both sides' region.
    let mut regions = regions.to_vec();
    regions.sort_by_key(|e| e.key == "wallingRegion");
    for entry in regions {
        if rule.is_none() {
            return Err(refuse(entry, "walls are placed only with a wallingRule"));
        }
        let set: Vec<usize> = squares(entry, files, ranks)?
            .into_iter()
            .map(|(f, r)| r * files + f)
            .collect();
        match entry.key.as_str() {
            "wallingRegionWhite" => region[0] = Some(set),
            "wallingRegionBlack" => region[1] = Some(set),
            _ => region = [Some(set.clone()), Some(set)],
        }
    }
    if let (Some(_), Some(entry)) = (rule, drops) {
        return Err(refuse(
            entry,
            "pieces are not dropped in a game that places walls (Fairy-Stockfish: incompatible)",
        ));
    }
    if rule.is_none() && start.is_empty() {
        return Ok(None);
    }
    Ok(Some(Walls {
        start,
        rule,
        region,
    }))
}

/// The walling keys of a game's walls (its start's are in `startFen`).
pub(super) fn write(walls: &Walls, files: usize) -> String {
    let mut out = String::new();
    if let Some(rule) = walls.rule {
        out += &format!("wallingRule = {}\n", rule.name());
    }
    for (side, region) in ["White", "Black"].iter().zip(&walls.region) {
        if let Some(region) = region {
            let squares: Vec<String> = region
                .iter()
                .map(|&s| crate::variants::square_names::square_name(s, files))
                .collect();
            out += &format!("wallingRegion{side} = {}\n", squares.join(" "));
        }
    }
    out
}
