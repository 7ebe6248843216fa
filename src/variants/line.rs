//! A position and the moves played from it, as one line of text:
//! `start`, a position (`rnbqkbnr/… w KQkq - 0 1`), either followed by
//! `moves` and moves in the game's notation (`start moves e4 e5 Nf3`), as
//! UCI's `position` command writes it.

use super::{Notation, NotationError};
use crate::kernel::AnyGame;
use thiserror::Error;

/// Why a line could not be read: the position or which move.
#[derive(Debug, Error)]
pub enum LineError {
    /// The position part is not a position of the variant.
    #[error("bad position {text:?}: {error}")]
    Position {
        /// The position as written.
        text: String,
        /// Why.
        error: NotationError,
    },
    /// A move is malformed, ambiguous or illegal.
    #[error("move {number} {text:?}: {error}")]
    Move {
        /// Which move of the line, from 1.
        number: usize,
        /// The move as written.
        text: String,
        /// Why.
        error: NotationError,
    },
}

/// Reads a line: the position (`start` or empty for the variant's start),
/// then optionally `moves` and the moves, each in the game's notation or
/// its coordinates.
///
/// ```
/// use duckchess::variants::{by_name, line::read_line};
/// let chess = by_name("chess").unwrap();
/// let game = read_line(chess, "start moves e4 e7e5 Nf3").unwrap();
/// assert_eq!(chess.write_position(game.position()),
///            "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
/// assert_eq!(read_line(chess, "start moves e4 e4").unwrap_err().to_string(),
///            "move 2 \"e4\": e4 is not legal here: black has no pawn that can go to e4");
/// ```
pub fn read_line(notation: &dyn Notation, text: &str) -> Result<Box<dyn AnyGame>, LineError> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let split = words.iter().position(|&w| w == "moves");
    let (position_words, moves) = match split {
        Some(i) => (&words[..i], &words[i + 1..]),
        None => (&words[..], &[][..]),
    };
    let position_text = position_words.join(" ");
    let position = match position_text.as_str() {
        "" | "start" => notation.start(),
        fen => notation
            .read_position(fen)
            .map_err(|error| LineError::Position {
                text: fen.into(),
                error,
            })?,
    };
    let mut game = position.new_game();
    for (i, &m) in moves.iter().enumerate() {
        let chosen = notation
            .read_move(game.position(), m)
            .map_err(|error| LineError::Move {
                number: i + 1,
                text: m.into(),
                error,
            })?;
        game.play(chosen).expect("read_move returns legal moves");
    }
    Ok(game)
}
