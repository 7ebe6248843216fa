//! Placement chess's setup rules: `mustDrop` (a side with pieces in hand
//! drops one, where it can, before any other move),
//! `dropOppositeColoredBishop` (its bishops on squares of both colours) and
//! `castlingDroppedPiece` (a king and rook dropped on their squares may
//! castle).

use super::build::{boolean, refuse};
use super::parse::Entry;
use super::IniError;
use crate::kernel::{CastlingRule, Color, Drops, Kind};

/// Reads the three keys into `drops`: each needs `pieceDrops = true`,
/// the bishops' rule a piece named `bishop`.
pub(super) fn read(
    entries: &[Entry],
    drops: &mut Drops,
    piece_drops: bool,
    bishop: Option<Kind>,
) -> Result<(), IniError> {
    let last = |key: &str| entries.iter().rev().find(|e| e.key == key);
    let on = |key: &str| -> Result<Option<&Entry>, IniError> {
        let Some(entry) = last(key) else {
            return Ok(None);
        };
        if !boolean(entry)? {
            return Ok(None);
        }
        if !piece_drops {
            return Err(refuse(entry, "played here where pieceDrops = true"));
        }
        Ok(Some(entry))
    };
    drops.must_drop = on("mustDrop")?.is_some();
    drops.castling_dropped = on("castlingDroppedPiece")?.is_some();
    if let Some(entry) = on("dropOppositeColoredBishop")? {
        drops.opposite_bishops =
            Some(bishop.ok_or_else(|| refuse(entry, "the game has no piece named bishop"))?);
    }
    Ok(())
}

/// The castling rules of a game whose kings and rooks start in hand
/// (`castlingDroppedPiece`), as Fairy-Stockfish's: the king from file e of
/// the castling rank `home` (from each side) to `king_to` (kingside,
/// queenside), each rook from its corner; none without a king or rook.
pub(super) fn castling_rules(
    files: usize,
    ranks: usize,
    king_to: [usize; 2],
    home: usize,
    king: Option<Kind>,
    rooks: &[Kind],
) -> Vec<CastlingRule> {
    let (Some(king), Some(&rook)) = (king, rooks.first()) else {
        return Vec::new();
    };
    let king_file = 4.min(files - 1);
    let mut rules = Vec::new();
    for color in Color::ALL {
        let rank = if color == Color::White {
            home
        } else {
            ranks - 1 - home
        };
        for (kingside, letter) in [(true, 'K'), (false, 'Q')] {
            let to = king_to[usize::from(!kingside)];
            let (rook_file, rook_to) = if kingside {
                (files - 1, to.saturating_sub(1))
            } else {
                (0, to + 1)
            };
            rules.push(CastlingRule {
                color,
                king_from: rank * files + king_file,
                king_to: rank * files + to,
                rook_from: rank * files + rook_file,
                rook_to: rank * files + rook_to.min(files - 1),
                king,
                rook,
                letter: if color == Color::White {
                    letter
                } else {
                    letter.to_ascii_lowercase()
                },
                takes_rook: false,
                first_move: false,
                lost_to: None,
            });
        }
    }
    rules
}
