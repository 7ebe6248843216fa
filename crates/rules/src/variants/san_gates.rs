//! SAN of gating moves, as Fairy-Stockfish writes them: the move, a
//! slash and the gated piece's letter (`Nf3/H`); castling names the
//! gate's square too (`O-O/He1`, `O-O/Hh1`).

use super::square_names::{coords_name, parse_coords};
use crate::kernel::{Gate, Move, MoveKind, Position, SquareSet};

/// The gate's part of a move's SAN (empty for a move without one).
pub(super) fn suffix<S: SquareSet>(position: &Position<S>, m: Move) -> String {
    let Some(gate) = m.gate else {
        return String::new();
    };
    let variant = position.rules().variant();
    let letter = variant.kind(gate.kind).letter.to_ascii_uppercase();
    match m.kind {
        MoveKind::Castle(n) => {
            let rule = &variant.castling[n as usize];
            let square = if gate.on_rook {
                rule.rook_from
            } else {
                rule.king_from
            };
            let files = variant.shape.size(0) as usize;
            format!("/{letter}{}", coords_name(square % files, square / files))
        }
        _ => format!("/{letter}"),
    }
}

/// A gate as written: the piece's letter and, if named, its square.
pub(super) type Written = (char, Option<(usize, usize)>);

/// Splits a SAN's gate (`/H`, `/Hh1`) from the move: the move's text and
/// the gate's letter and square, if written.
pub(super) fn split(text: &str) -> (&str, Option<Written>) {
    let Some((base, gate)) = text.trim().split_once('/') else {
        return (text, None);
    };
    let gate = gate.trim_end_matches(['+', '#', '!', '?']);
    let mut chars = gate.chars();
    match chars.next() {
        Some(letter) if letter.is_ascii_alphabetic() => {
            let square = parse_coords(chars.as_str());
            if chars.as_str().is_empty() || square.is_some() {
                return (base, Some((letter, square)));
            }
            (text, None)
        }
        _ => (text, None),
    }
}

/// The legal gating move of `base` (the move without its gate) with the
/// piece of `letter` on `square` (the king's or the rook's square when
/// castling; by default the square the piece leaves).
pub(super) fn find<S: SquareSet>(
    position: &Position<S>,
    base: Move,
    letter: char,
    square: Option<(usize, usize)>,
) -> Option<Move> {
    let variant = position.rules().variant();
    let kind = variant.kind_by_letter(letter.to_ascii_lowercase())?;
    let files = variant.shape.size(0) as usize;
    let on_rook = match (base.kind, square) {
        (MoveKind::Castle(n), Some((file, rank))) => {
            variant.castling[n as usize].rook_from == rank * files + file
        }
        _ => false,
    };
    let m = base.with_gate(Gate { kind, on_rook });
    position.legal_moves().contains(&m).then_some(m)
}
