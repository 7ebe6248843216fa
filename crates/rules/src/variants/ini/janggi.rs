//! Janggi's keys: the palace's diagonal lines (`diagonalLines`) and the
//! kinds that move along them, and the points of its material counting
//! (`materialCounting = janggi`), each by Fairy-Stockfish's built-in
//! piece the kind is.

use super::build::squares;
use super::parse::Entry;
use super::IniError;
use crate::kernel::{Counting, DiagonalLines, LineMove, PieceKind, Variant};

/// How a kind named by the key `name` with moves `betza` moves along the
/// diagonal lines, as Fairy-Stockfish's built-ins do: a wazir (the
/// advisors, and a `k:W` king) one step, the soldier one step forward,
/// the rook sliding, the janggi cannon jumping; other kinds not at all.
fn line_move(name: &str, betza: &str) -> Option<LineMove> {
    match (name, betza) {
        ("wazir", _) | ("king", "W") => Some(LineMove::Step),
        ("soldier", _) => Some(LineMove::ForwardStep),
        ("rook", _) => Some(LineMove::Slide),
        ("janggiCannon", _) => Some(LineMove::Jump),
        _ => None,
    }
}

/// Gives the kinds (each with its key name and moves) their moves along
/// the lines joining the points `entry` lists.
pub(super) fn diagonal_lines(
    entry: &Entry,
    files: usize,
    ranks: usize,
    named: &[(&str, &str)],
    kinds: &mut [PieceKind],
) -> Result<(), IniError> {
    let points: Vec<usize> = squares(entry, files, ranks)?
        .into_iter()
        .map(|(file, rank)| rank * files + file)
        .collect();
    for (kind, (name, betza)) in kinds.iter_mut().zip(named) {
        if let Some(how) = line_move(name, betza) {
            kind.lines = Some(DiagonalLines {
                squares: points.clone(),
                how,
            });
        }
    }
    Ok(())
}

/// Janggi's counting: chariot 13, cannon 7, horse 5, elephant 3, advisor
/// 3, soldier 2 points, and Black's 1.5 (White wins with 2 points more).
pub(super) fn janggi_counting(named: &[(&str, &str)]) -> Counting {
    Counting {
        points: named
            .iter()
            .map(|(name, _)| match *name {
                "rook" => 13,
                "janggiCannon" => 7,
                "horse" => 5,
                "janggiElephant" => 3,
                "wazir" => 3,
                "soldier" => 2,
                _ => 0,
            })
            .collect(),
        black_bonus: 1,
        ties_drawn: false,
    }
}

/// The keys of janggi's rules a variant has (`pass`, `bikjangRule`,
/// `materialCounting = janggi`, `diagonalLines`), for the writer; the
/// reader's read-back checks that they give the variant's rules.
pub(super) fn write_keys(variant: &Variant, files: usize) -> String {
    let goals = &variant.goals;
    let mut out = String::new();
    if goals.pass {
        out += "pass = true\n";
    }
    if goals.bikjang {
        out += "bikjangRule = true\n";
    }
    if goals.counting.as_ref().is_some_and(|c| !c.ties_drawn) {
        out += "materialCounting = janggi\n";
    }
    if let Some(lines) = variant.kinds.iter().find_map(|k| k.lines.as_ref()) {
        let names: Vec<String> = lines
            .squares
            .iter()
            .map(|&s| format!("{}{}", (b'a' + (s % files) as u8) as char, s / files + 1))
            .collect();
        out += &format!("diagonalLines = {}\n", names.join(" "));
    }
    out
}
