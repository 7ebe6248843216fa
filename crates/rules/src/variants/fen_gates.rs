//! The castling field of a game with gating (S-chess's `KQBCDFGkqbcdfg`):
//! castling rights, and the files of the first rank's squares that hold a
//! gate ([`Gating`](crate::kernel::Gating)).

use crate::kernel::{Color, Position, SquareSet};

/// The square of a gate's letter: its file on its side's first rank
/// (upper case White's), if on the board.
pub(super) fn gate_square(files: usize, ranks: usize, letter: char) -> Option<usize> {
    let file = (letter.to_ascii_lowercase() as u8).wrapping_sub(b'a') as usize;
    if !letter.is_ascii_alphabetic() || file >= files {
        return None;
    }
    Some(match letter.is_ascii_uppercase() {
        true => file,
        false => (ranks - 1) * files + file,
    })
}

/// The castling field's letters: the rights held, and in a game with
/// gating each side's gates after its rights, as Fairy-Stockfish writes
/// them: a file once, not where a right held names its king or rook.
pub(super) fn castling_field<S: SquareSet>(position: &Position<S>) -> Vec<char> {
    let variant = position.rules().variant();
    let files = variant.shape.size(0) as usize;
    let held: Vec<_> = variant
        .castling
        .iter()
        .enumerate()
        .filter(|(i, _)| position.castling() >> i & 1 == 1)
        .map(|(_, c)| c)
        .collect();
    let gating = variant.drops.as_ref().is_some_and(|d| d.gating.is_some());
    if !gating {
        return held.iter().map(|c| c.fen_letter(files)).collect();
    }
    let gates = position.gates();
    let mut out = Vec::new();
    for color in Color::ALL {
        let ours: Vec<_> = held.iter().filter(|c| c.color == color).collect();
        out.extend(ours.iter().map(|c| c.fen_letter(files)));
        for &square in &gates {
            let side = position.piece_at(square).map(|p| p.color);
            let named = ours
                .iter()
                .any(|c| c.king_from == square || c.rook_from == square);
            if side == Some(color) && !named {
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
