//! The pawn's promoted form in the FEN of a game without drops (wolf's
//! elephant): Fairy-Stockfish writes a piece the pawn turned into as the
//! pawn with `+` (`+P`), and reads `+P` back as it. Every such piece here
//! is written so, since the game's pieces of that kind are turned pawns.

use crate::kernel::{Piece, Setup, Variant};

/// The pawn's letter (lower case) and the kind it turns into, where the
/// game has such a form.
fn turned(variant: &Variant) -> Option<(char, crate::kernel::Kind)> {
    let kind = variant.turned_promotion()?;
    let pawn = variant.kinds.iter().find(|k| k.pawn.is_some())?;
    Some((pawn.letter, kind))
}

/// Writes the turned pieces of `boards` as the pawn's letter, marked
/// `promoted` (part, rank as written, file).
pub(super) fn write(
    variant: &Variant,
    boards: &mut [super::fen::FenBoard],
    promoted: &mut Vec<(usize, usize, usize)>,
) {
    let Some((pawn, kind)) = turned(variant) else {
        return;
    };
    let form = variant.kind(kind).letter;
    for (p, board) in boards.iter_mut().enumerate() {
        for (i, row) in board.iter_mut().enumerate() {
            for (f, square) in row.iter_mut().enumerate() {
                if let Some(ch) = square.filter(|c| c.to_ascii_lowercase() == form) {
                    *square = Some(if ch.is_ascii_uppercase() {
                        pawn.to_ascii_uppercase()
                    } else {
                        pawn
                    });
                    if !promoted.contains(&(p, i, f)) {
                        promoted.push((p, i, f));
                    }
                }
            }
        }
    }
}

/// Reads the pawns marked promoted in `setup` as the kind the pawn turns
/// into; the marks are taken off (no piece of such a game is marked).
pub(super) fn read(variant: &Variant, setup: &mut Setup) {
    let Some((_, kind)) = turned(variant) else {
        return;
    };
    for square in std::mem::take(&mut setup.promoted) {
        if let Some(piece) = setup.board[square] {
            if variant.kind(piece.kind).pawn.is_some() {
                setup.board[square] = Some(Piece {
                    color: piece.color,
                    kind,
                });
            }
        }
    }
}

/// Whether the game writes its turned pieces with `+`.
pub(super) fn plus(variant: &Variant) -> bool {
    turned(variant).is_some()
}
