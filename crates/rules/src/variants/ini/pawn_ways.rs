//! A pawn whose pushes and captures are not chess's, read from its Betza
//! text and written back: Berolina's `mfFcfeWimfnA` (pushes diagonally
//! forward, two from its double-step ranks over an empty square, takes
//! straight ahead and en passant), Legan's `mflFcflW` (pushes toward its
//! corner, takes forward or to its left). The kernel plays it as
//! [`PawnWays`].

use super::betza::{directed, tags, write_steps, BetzaError, Moves, Part, Unstateable};
use crate::geometry::Vector;
use crate::kernel::{PawnWays, PieceKind};

/// A piece is such a pawn when its parts are `W` and `F` steps to empty
/// squares (`m`), captures only (`c`, with `e` for en passant), and maybe
/// the initial lame double of every push (`imnA` for `mF`, `imnD` for
/// `mW`), with at least one push and one capture.
pub(super) fn read(parts: &[Part]) -> Result<Option<Moves>, BetzaError> {
    let has = |p: &Part, c: char| p.mods.contains(c);
    let step = |p: &Part| matches!(p.atom, 'W' | 'F') && p.suffix.is_none();
    let dirs = |p: &Part| -> String { p.mods.chars().filter(|c| "fblrvsh".contains(*c)).collect() };
    let only = |p: &Part, allowed: &str| {
        p.mods
            .chars()
            .all(|c| "fblrvsh".contains(c) || allowed.contains(c))
    };
    let mut pushes: Vec<(i32, i32)> = Vec::new();
    let mut captures: Vec<(i32, i32)> = Vec::new();
    let mut doubles: Vec<(i32, i32)> = Vec::new();
    let mut en_passant = false;
    for p in parts {
        let vectors = |atom_len: i32| {
            let diagonal = matches!(p.atom, 'F' | 'A');
            directed(
                atom_len,
                if diagonal { atom_len } else { 0 },
                &tags(&dirs(p)),
            )
        };
        if step(p) && has(p, 'm') && only(p, "m") {
            pushes.extend(vectors(1));
        } else if step(p) && has(p, 'c') && only(p, "ce") {
            en_passant |= has(p, 'e');
            captures.extend(vectors(1));
        } else if matches!(p.atom, 'A' | 'D')
            && p.suffix.is_none()
            && has(p, 'i')
            && has(p, 'm')
            && has(p, 'n')
            && only(p, "imn")
        {
            doubles.extend(vectors(2));
        } else {
            return Ok(None);
        }
    }
    if pushes.is_empty() || captures.is_empty() {
        return Ok(None);
    }
    pushes.sort_unstable();
    pushes.dedup();
    doubles.sort_unstable();
    doubles.dedup();
    // The kernel doubles every push: the double steps must be those.
    let doubled: Vec<(i32, i32)> = pushes.iter().map(|&(x, y)| (2 * x, 2 * y)).collect();
    if !doubles.is_empty() && doubles != doubled {
        return Err(BetzaError::PawnDoubles);
    }
    let vector = |&(x, y): &(i32, i32)| Vector::new(&[x, y]);
    Ok(Some(Moves {
        pawn: Some(!doubles.is_empty()),
        pawn_ways: Some((
            PawnWays {
                pushes: pushes.iter().map(vector).collect(),
                captures: captures.iter().map(vector).collect(),
            },
            en_passant,
        )),
        ..Moves::default()
    }))
}

/// The Betza text of such a pawn: its pushes (`m`), captures (`c`, `ce`
/// where it takes en passant) and double steps (`imn`).
pub(super) fn write(kind: &PieceKind, ways: &PawnWays) -> Result<String, Unstateable> {
    let piece = || kind.name.to_string();
    let pawn = kind
        .pawn
        .as_ref()
        .ok_or_else(|| Unstateable::Pawn(piece()))?;
    let pairs = |vs: &[Vector], k: i32| -> Vec<(i32, i32)> {
        vs.iter().map(|v| (k * v.0[0], k * v.0[1])).collect()
    };
    let mut text = String::new();
    write_steps(&mut text, pairs(&ways.pushes, 1), "m", &piece)?;
    let capture = if pawn.en_passant { "ce" } else { "c" };
    write_steps(&mut text, pairs(&ways.captures, 1), capture, &piece)?;
    if pawn.double_step {
        write_steps(&mut text, pairs(&ways.pushes, 2), "imn", &piece)?;
    }
    Ok(text)
}
