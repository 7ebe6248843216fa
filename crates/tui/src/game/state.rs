//! The terminal game's state, in the parts that change together: the
//! game by its rules, the cursor, the prompt line and the computer's
//! searches ([`super::Game`] holds one of each, with the clocks and an
//! online seat).

use super::{Confirm, End, Purpose};
use crate::kernel::{AnyGame, AnyPosition, Draw, Move};
use crate::prompt::MovePrompt;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// The game by its rules: where it started, its moves and their texts,
/// what was taken back, and how it ended.
pub(super) struct Record {
    pub(super) start: Box<dyn AnyPosition>,
    pub(super) game: Box<dyn AnyGame>,
    /// Each move's text in the game's notation, written before it.
    pub(super) notes: Vec<String>,
    /// Each move's verdict in the game's words, where it has them (Duck
    /// Chess's judge line).
    pub(super) verdicts: Vec<Option<String>>,
    /// Moves taken back, the next to redo last.
    pub(super) redo: Vec<Move>,
    /// How many moves the game had when it was last saved or loaded.
    pub(super) saved: Option<usize>,
    pub(super) claimed: Option<Draw>,
    /// A resignation, a draw agreed, a flag.
    pub(super) end: Option<End>,
    /// A finished game under review: how many of its moves are shown, and
    /// the game up to there.
    pub(super) review: Option<(usize, Box<dyn AnyGame>)>,
}

impl Record {
    /// No move yet from `start`.
    pub(super) fn new(start: Box<dyn AnyPosition>) -> Record {
        Record {
            game: start.new_game(),
            start,
            notes: Vec::new(),
            verdicts: Vec::new(),
            redo: Vec::new(),
            saved: None,
            claimed: None,
            end: None,
            review: None,
        }
    }
}

/// Where the player points: the square, the piece picked up, the
/// promotion being chosen, and which way up the board is.
#[derive(Default)]
pub(super) struct Cursor {
    /// The square under the cursor.
    pub(super) square: usize,
    pub(super) selected: Option<usize>,
    /// The moves between the selected piece and its target that differ
    /// only in what the pawn becomes, while the player chooses.
    pub(super) promotion: Option<Vec<Move>>,
    /// The moves of the selected piece to its target, in a game whose
    /// moves place a wall, while the player points at the wall's square.
    pub(super) wall: Option<Vec<Move>>,
    /// The board turned half a circle.
    pub(super) flipped: bool,
}

/// The status line and what covers the board: a question, a message,
/// the `:` prompt, the help screen.
#[derive(Default)]
pub(super) struct Prompt {
    /// The question asked, waiting for a yes.
    pub(super) confirm: Option<Confirm>,
    pub(super) message: Option<String>,
    /// The `:` prompt, while it is open.
    pub(super) typing: Option<MovePrompt>,
    /// The help screen is open.
    pub(super) help: bool,
}

/// The computer's searches: the one running, and what the last ones
/// found or are wanted for.
#[derive(Default)]
pub(super) struct Searches {
    pub(super) thinking: Option<(u64, Purpose, Arc<AtomicBool>)>,
    pub(super) next_id: u64,
    pub(super) hint: Option<Move>,
    pub(super) hint_wanted: bool,
    /// The `e` line is on.
    pub(super) eval_on: bool,
    /// The last evaluation: for which position (moves played, key), and
    /// its line.
    pub(super) eval: Option<((usize, u64), String)>,
    /// A draw offered to the computer, waiting for its search.
    pub(super) offer_wanted: bool,
    /// When the running search for a move or a hint is stopped: its share
    /// of the clock (see [`crate::clock::Clocks::budget`]).
    pub(super) think_deadline: Option<std::time::Duration>,
    pub(super) stalled: bool,
}
