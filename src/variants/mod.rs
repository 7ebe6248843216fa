//! Games as data on the [`kernel`](crate::kernel): one file per game, with
//! its variant value and its notation.
//!
//! Every game is reached through the [`Notation`] trait, so the command
//! line, the terminal game and the web page treat them alike: read and write
//! a position, read and write a move, name a square, lay the board out.
//!
//! ```
//! let chess = duckchess::variants::by_name("chess").unwrap();
//! let start = chess.start();
//! assert_eq!(start.legal_moves().len(), 20);
//! assert_eq!(chess.write_position(&*start), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
//! assert!(duckchess::variants::by_name("go").is_none());
//! ```

pub mod chess;
pub mod cube;
pub mod duck;
pub mod fourfold;
pub mod layout;
pub mod line;
pub mod perft;
pub mod picture;
pub mod status;

use crate::kernel::{AnyPosition, Move};
use layout::{Across, Layout};
use std::error::Error;

/// Why a position or move text could not be read: the variant's own typed
/// error, whose message names the field and character at fault.
pub type NotationError = Box<dyn Error + Send + Sync>;

/// A game of the family as the front ends see it: its rules (through the
/// positions it makes) and its notation.
pub trait Notation: Sync {
    /// The name on the command line (`--variant NAME`).
    fn name(&self) -> &'static str;
    /// One line for `duckchess variants`: the board and the pieces.
    fn summary(&self) -> String;
    /// The starting position (for a puzzle without one, an example).
    fn start(&self) -> Box<dyn AnyPosition>;
    /// Reads a position in the variant's notation.
    fn read_position(&self, text: &str) -> Result<Box<dyn AnyPosition>, NotationError>;
    /// Writes a position in the variant's notation.
    fn write_position(&self, position: &dyn AnyPosition) -> String;
    /// A legal move of `position` in the variant's own move notation (SAN
    /// for chess), check and mate marks included.
    fn write_move(&self, position: &dyn AnyPosition, m: Move) -> String;
    /// A move as its squares alone (UCI for chess), for machines.
    fn coordinate_move(&self, position: &dyn AnyPosition, m: Move) -> String;
    /// Reads a move in either notation and returns it if it is legal; the
    /// error says why not (no such move, ambiguous, malformed).
    fn read_move(&self, position: &dyn AnyPosition, text: &str) -> Result<Move, NotationError>;
    /// A square's name (`e4`, `b2(III)`, `a1[0,1]`).
    fn square_name(&self, position: &dyn AnyPosition, square: usize) -> String;
    /// The label of the board at (z, w) in a picture: empty for one board,
    /// `III` for a cube level, `[0,1]` for a Fourfold board.
    fn board_label(&self, position: &dyn AnyPosition, z: usize, w: usize) -> String;
    /// Which way axis-2 boards run across a picture.
    fn across(&self) -> Across {
        Across::Ascending
    }
    /// Where each square of `position` is drawn.
    fn layout(&self, position: &dyn AnyPosition) -> Layout {
        Layout::new(position.variant().shape, self.across())
    }
    /// A game as a record to save: by default the start position on the
    /// first line, then one move a line in coordinates.
    fn write_record(&self, start: &dyn AnyPosition, moves: &[Move]) -> String {
        let mut text = self.write_position(start);
        text.push('\n');
        let mut position = start.clone_box();
        for &m in moves {
            text.push_str(&self.coordinate_move(&*position, m));
            text.push('\n');
            if position.play(m).is_err() {
                break;
            }
        }
        text
    }
    /// Reads a record [`Notation::write_record`] wrote: the start and the
    /// moves, each checked legal; the error names the line at fault.
    fn read_record(&self, text: &str) -> Result<(Box<dyn AnyPosition>, Vec<Move>), NotationError> {
        let mut lines = text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty());
        let (_, first) = lines.next().ok_or("the record is empty")?;
        let start = self
            .read_position(first.trim())
            .map_err(|e| format!("line 1: {e}"))?;
        let mut position = start.clone_box();
        let mut moves = Vec::new();
        for (i, line) in lines {
            let m = self
                .read_move(&*position, line.trim())
                .map_err(|e| format!("line {}: {e}", i + 1))?;
            position
                .play(m)
                .map_err(|e| format!("line {}: {e}", i + 1))?;
            moves.push(m);
        }
        Ok((start, moves))
    }
    /// The file extension of [`Notation::write_record`]'s records.
    fn record_extension(&self) -> &'static str {
        "txt"
    }
}

/// Every game of the registry, in the order `duckchess variants` lists them.
pub fn all() -> &'static [&'static dyn Notation] {
    &[
        &chess::Chess,
        &cube::Cube,
        &fourfold::FULL,
        &fourfold::CLASSIC,
    ]
}

/// The names [`by_name`] knows.
pub fn names() -> Vec<&'static str> {
    all().iter().map(|n| n.name()).collect()
}

/// The game of this name.
pub fn by_name(name: &str) -> Option<&'static dyn Notation> {
    all().iter().copied().find(|n| n.name() == name)
}
