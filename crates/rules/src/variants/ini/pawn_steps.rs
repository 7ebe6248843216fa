//! Where a pawn double-steps from, and which double steps may be taken en
//! passant: `doubleStepRegionWhite`/`Black` (and 11.1's
//! `doubleStepRank`), `enPassantRegion` (and its `White`/`Black`),
//! each a set of whole ranks, read into the kernel's rank masks
//! ([`PawnRules::double_step_ranks`](crate::kernel::PawnRules::double_step_ranks),
//! [`PawnRules::en_passant_ranks`](crate::kernel::PawnRules::en_passant_ranks));
//! a double-step region of other squares (wolf's) into the pawn's
//! [`PieceKind::double_step_squares`](crate::kernel::PieceKind::double_step_squares).

use super::build::{number, refuse, squares, superseded, whole_ranks};
use super::parse::Entry;
use super::IniError;

/// A region's whole ranks as a mask of `white`'s or Black's ranks (bit 0:
/// the side's first); `-` is none. A region that is not whole ranks is
/// refused with `why`.
fn rank_mask(
    entry: &Entry,
    files: usize,
    ranks: usize,
    white: bool,
    why: &str,
) -> Result<u64, IniError> {
    if entry.value.trim() == "-" {
        return Ok(0);
    }
    let set = squares(entry, files, ranks)?;
    match whole_ranks(&set, files, ranks, white) {
        Some(filled) if ranks <= 64 => Ok(filled.iter().fold(0, |m, &r| m | 1 << r)),
        _ => Err(refuse(entry, why)),
    }
}

/// Each side's double-step ranks, and each side's squares where they are
/// not whole ranks ([`double_steps`]).
pub(super) type DoubleSteps = ([u64; 2], Option<[Vec<usize>; 2]>);

/// Each side's double-step ranks (White's, Black's), from each side's
/// second rank and then, in Fairy-Stockfish's order, the old rank key
/// (ranks 2 to N for both sides) and each side's region; and where a
/// region is not whole ranks (wolf's `*2 b3 c3 f3 g3`), each side's
/// squares (indices), the ranks' for a side stated by ranks.
///
/// Fairy-Stockfish's defaults are White `*2` and Black `*7`, which mirror
/// each other on 8 ranks only; on another board a section that states
/// neither double-steps from each side's second rank (as the built-in
/// games of 9 or 10 ranks do), and one that states one side's region
/// must state the other's.
pub(super) fn double_steps(
    zones: &mut Vec<&Entry>,
    files: usize,
    ranks: usize,
) -> Result<DoubleSteps, IniError> {
    let mut masks = [1 << 1, 1 << 1];
    let mut squares_of: [Option<Vec<usize>>; 2] = [None, None];
    superseded(zones, "doubleStepRank", "doubleStepRegion");
    let has = |side: &str| {
        zones
            .iter()
            .any(|e| e.key == format!("doubleStepRegion{side}"))
    };
    if ranks != 8 && has("White") != has("Black") {
        let entry = zones
            .iter()
            .find(|e| e.key.starts_with("doubleStepRegion"))
            .expect("a side's region");
        return Err(refuse(
            entry,
            "the other side's rank is Fairy-Stockfish's default (White *2, Black *7), which does not mirror it: state both",
        ));
    }
    for entry in zones.iter().filter(|e| e.key == "doubleStepRank") {
        // Fairy-Stockfish reads it as the last rank a pawn double-steps
        // from, the first being doubleStepRankMin (2).
        let n = number(entry)?;
        if !(2..=ranks.min(64)).contains(&n) {
            return Err(refuse(
                entry,
                "pawns double-step from ranks 2 to this one: a rank of the board from 2",
            ));
        }
        let mask = (1u64 << n) - 2;
        masks = [mask, mask];
        squares_of = [None, None];
    }
    for entry in zones.iter().filter(|e| e.key != "doubleStepRank") {
        let side = usize::from(entry.key.ends_with("Black"));
        let set = if entry.value.trim() == "-" {
            Vec::new()
        } else {
            squares(entry, files, ranks)?
        };
        match whole_ranks(&set, files, ranks, side == 0) {
            Some(filled) if ranks <= 64 => {
                masks[side] = filled.iter().fold(0, |m, &r| m | 1 << r);
                squares_of[side] = None;
            }
            _ => {
                masks[side] = 0;
                squares_of[side] = Some(set.iter().map(|&(f, r)| r * files + f).collect());
            }
        }
    }
    if squares_of.iter().all(Option::is_none) {
        return Ok((masks, None));
    }
    // A side stated by ranks: its ranks' squares.
    let [white, black] = [0, 1].map(|side| {
        squares_of[side].clone().unwrap_or_else(|| {
            (0..files * ranks)
                .filter(|&s| {
                    let rank = s / files;
                    let relative = if side == 0 { rank } else { ranks - 1 - rank };
                    relative < 64 && masks[side] >> relative & 1 == 1
                })
                .collect()
        })
    });
    Ok((masks, Some([white, black])))
}

/// Each side's en passant ranks (the ranks, from the side's own first, of
/// the squares its double steps pass where the other side may take): the
/// regions name the squares where a side may take, so White's region
/// limits Black's double steps. `enPassantRegion` sets both, its `White`
/// and `Black` each one after it.
pub(super) fn en_passant(
    zones: &[&Entry],
    files: usize,
    ranks: usize,
) -> Result<[u64; 2], IniError> {
    let mut masks = [u64::MAX; 2];
    let why = "en passant is taken on whole ranks here";
    for key in [
        "enPassantRegion",
        "enPassantRegionWhite",
        "enPassantRegionBlack",
    ] {
        for entry in zones.iter().filter(|e| e.key == key) {
            // The taker's region, as the ranks of the side that double-steps.
            for mover in [0, 1] {
                let taker = if mover == 0 { "Black" } else { "White" };
                if key == "enPassantRegion" || key.ends_with(taker) {
                    masks[mover] = rank_mask(entry, files, ranks, mover == 0, why)?;
                }
            }
        }
    }
    Ok(masks)
}
