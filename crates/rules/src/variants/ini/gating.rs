//! Seirawan's gating (`gating = true` with `seirawanGating = true`:
//! S-chess, S-house): pieces in hand are put on the square a piece of the
//! first rank leaves on its first move ([`Gating`]). The start FEN's
//! castling field names the gates: `K` and `Q` castle and gate on the
//! king's and the rook's squares, a file letter gates there alone
//! (`KQBCDFGkqbcdfg`).

use super::build::refuse;
use super::parse::Entry;
use super::IniError;
use crate::kernel::{CastlingRule, Color, Gating, Piece, Variant};

/// Whether the game gates pieces in hand: `seirawanGating = true` needs
/// `gating = true`, and is not cambodian chess's first moves.
pub(super) fn check(
    gating: Option<&Entry>,
    seirawan: Option<&Entry>,
    cambodian: Option<&Entry>,
) -> Result<bool, IniError> {
    let on = |e: Option<&Entry>| e.is_some_and(|e| e.value == "true");
    match (on(gating), on(seirawan), on(cambodian)) {
        (_, false, _) => Ok(false),
        (false, true, _) => Err(refuse(
            seirawan.expect("given"),
            "seirawanGating needs gating = true",
        )),
        (true, true, true) => Err(refuse(
            seirawan.expect("given"),
            "seirawanGating and cambodianMoves do not go together",
        )),
        (true, true, false) => Ok(true),
    }
}

/// The castling field's castling rights alone (`KQkq`): the file letters
/// are gates.
pub(super) fn castling_letters(field: &str) -> String {
    field
        .chars()
        .filter(|c| matches!(c, 'K' | 'Q' | 'k' | 'q'))
        .collect()
}

/// The start's gates: the squares of the castling rules' kings and rooks,
/// and of each file letter's square on its side's castling rank, where a
/// piece of that side stands (Fairy-Stockfish passes over the others).
/// `home` is White's castling rank (Black's is as far from the top).
pub(super) fn start(
    field: &str,
    rules: &[CastlingRule],
    start: &[(usize, Piece)],
    files: usize,
    ranks: usize,
    home: usize,
    only: bool,
) -> Gating {
    let stands =
        |square: usize, color: Color| start.iter().any(|&(s, p)| s == square && p.color == color);
    let mut squares = Vec::new();
    for rule in rules {
        squares.extend([rule.king_from, rule.rook_from]);
    }
    for letter in field.chars().filter(|c| c.is_ascii_alphabetic()) {
        if matches!(letter, 'K' | 'Q' | 'k' | 'q') {
            continue;
        }
        let file = (letter.to_ascii_lowercase() as u8).wrapping_sub(b'a') as usize;
        let (color, rank) = if letter.is_ascii_uppercase() {
            (Color::White, home)
        } else {
            (Color::Black, ranks - 1 - home)
        };
        let square = rank * files + file;
        if file < files && stands(square, color) {
            squares.push(square);
        }
    }
    squares.sort_unstable();
    squares.dedup();
    Gating {
        start: squares,
        only,
    }
}

/// The start FEN's castling field of a game with gating, as
/// Fairy-Stockfish writes it: per side its castling letters, then the
/// files of its gates that no castling letter names already.
pub(super) fn write_rights(variant: &Variant, gating: &Gating, files: usize) -> String {
    let last = variant.shape.len() - files;
    let mut out = String::new();
    for color in Color::ALL {
        let castles: Vec<&CastlingRule> = variant
            .castling
            .iter()
            .filter(|c| c.color == color)
            .collect();
        out.extend(castles.iter().map(|c| c.fen_letter(files)));
        for &square in &gating.start {
            let ours = match color {
                Color::White => square < files,
                Color::Black => square >= last,
            };
            let named = castles
                .iter()
                .any(|c| c.king_from == square || c.rook_from == square);
            if ours && !named {
                let letter = (b'a' + (square % files) as u8) as char;
                out.push(match color {
                    Color::White => letter.to_ascii_uppercase(),
                    Color::Black => letter,
                });
            }
        }
    }
    out
}

/// The keys of a game with gating, for the file written.
pub(super) fn write(gating: &Gating) -> String {
    let mut out = "gating = true\nseirawanGating = true\n".to_string();
    if gating.only {
        // Only gated: the hand without drops.
        out += "pieceDrops = false\n";
    }
    out
}
