//! Cambodian chess's first moves (`gating = true` with `cambodianMoves =
//! true`): the king's knight leap to the rank ahead and the met's two
//! squares forward, each while its piece holds the right the start FEN
//! names by the piece's file (`DEde`); an enemy rook aiming at the king
//! takes the king's right away.

use super::build::refuse;
use super::parse::Entry;
use super::{IniError, IniErrorKind};
use crate::kernel::{CastlingRule, Color, Kind, Piece, PieceKind};

/// Checks that the two keys come together: Fairy-Stockfish's gating is
/// played here only as cambodian chess's first-move rights.
pub(super) fn check(gating: Option<&Entry>, cambodian: Option<&Entry>) -> Result<bool, IniError> {
    let on = |e: Option<&Entry>| e.is_some_and(|e| e.value == "true");
    match (on(gating), on(cambodian)) {
        (true, true) => Ok(true),
        (false, false) => Ok(false),
        (true, false) => Err(refuse(
            gating.expect("given"),
            "gating is played only with cambodianMoves = true",
        )),
        (false, true) => Err(refuse(
            cambodian.expect("given"),
            "cambodianMoves needs gating = true (the rights are gates)",
        )),
    }
}

/// Gives the royal kind its leaps (as a knight to the rank ahead) and the
/// met (`fers` or `met`) its double step, named by each kind's key.
pub(super) fn first_leaps(kinds: &mut [PieceKind], names: &[(&str, &str)]) {
    for (kind, (name, _)) in kinds.iter_mut().zip(names) {
        let leaps: &[[i32; 2]] = if kind.royal {
            &[[2, 1], [-2, 1]]
        } else if matches!(*name, "fers" | "met") {
            &[[0, 2]]
        } else {
            &[]
        };
        kind.first_leaps
            .extend(leaps.iter().map(|v| crate::geometry::Vector::new(v)));
    }
}

/// The first-move rights of the start FEN's field (`DEde`: a file, upper
/// case White's on rank 1, lower case Black's on the last rank), each on
/// a square a piece of that side holds; the royal piece's is lost to
/// `rook`'s aim.
pub(super) fn rights(
    field: &str,
    start: &[(usize, Piece)],
    files: usize,
    ranks: usize,
    rook: Option<Kind>,
    royal: impl Fn(Kind) -> bool,
    line: usize,
) -> Result<Vec<CastlingRule>, IniError> {
    let error = |why: String| IniErrorKind::Castling(why).at(line);
    let mut rules = Vec::new();
    for letter in field.chars() {
        let color = if letter.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let file = (letter.to_ascii_lowercase() as u8).wrapping_sub(b'a') as usize;
        if !letter.is_ascii_alphabetic() || file >= files {
            return Err(error(format!(
                "right {letter:?}: a first-move right is a file letter of the board"
            )));
        }
        let rank = if color == Color::White { 0 } else { ranks - 1 };
        let square = rank * files + file;
        let Some(&(_, piece)) = start.iter().find(|(s, p)| *s == square && p.color == color) else {
            return Err(error(format!(
                "right {letter}: no {color} piece on {}{}",
                letter.to_ascii_lowercase(),
                rank + 1
            )));
        };
        rules.push(CastlingRule {
            color,
            king_from: square,
            king_to: square,
            rook_from: square,
            rook_to: square,
            king: piece.kind,
            rook: piece.kind,
            letter,
            takes_rook: false,
            first_move: true,
            lost_to: if royal(piece.kind) { rook } else { None },
        });
    }
    Ok(rules)
}
