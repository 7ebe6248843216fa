//! The terminal game of every game of the registry, as a state machine
//! over the front-end seam: a [`Notation`], a `dyn AnyGame` and the
//! board-cell [`Layout`].
//!
//! Nothing here touches a terminal: [`Game::handle`] takes an [`Action`]
//! and [`super::screen`] only reads the state back. No action loses or
//! replaces a game unasked: quitting, a new game and loading a record ask
//! first while there are unsaved moves (`y` confirms, any other key keeps
//! the game).
//!
//! ```
//! use duckchess_tui::game::{Action, Game, Options};
//! use duckchess_tui::Vs;
//! let chess = duckchess_rules::variants::by_name("chess").unwrap();
//! let mut game = Game::new(Options { vs: Vs::Human, ..Options::new(chess) });
//! // e2 is the square 12; click it, then e4 (28).
//! game.handle(Action::Click(12));
//! assert_eq!(game.reach(), vec![20, 28]);
//! game.handle(Action::Click(28));
//! assert_eq!(game.moves().len(), 1);
//! ```

use super::clock::{self, Clocks, Time, TimeControl};
use super::ending::{accepts_draw, End};
use super::prompt::{Completion, MovePrompt};
use super::Vs;
use crate::engine::search::Limits;
use crate::engine::search::SearchResult;
use crate::kernel::{AnyGame, AnyPosition, Color, Draw, Move, Outcome};
use crate::variants::layout::{Layout, GAP};
use crate::variants::{status, Notation};
use itertools::Itertools;
use state::{Cursor, Prompt, Record, Searches};
use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::SystemTime;

/// The computer, as every front end takes it (the command line passes the
/// engine's search, or another engine's through UCI).
pub use crate::engine::computer::Computer;
pub use files::LoadError;

/// What an online game sends to its server (see [`super::online`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outgoing {
    /// A move in the game's one-word notation, at this ply.
    Move {
        /// The move's word.
        text: String,
        /// How many moves were played before it.
        ply: usize,
    },
    /// Resign.
    Resign,
    /// Offer a draw, or accept the other side's.
    DrawOffer,
    /// Decline the other side's offer.
    DrawDecline,
    /// Claim a draw.
    Claim,
    /// Ask to take back one's last move, or agree to the other's request.
    Takeback,
    /// Decline the other side's takeback request.
    TakebackDecline,
}

/// The server's game as the terminal takes it: the moves from the start,
/// the clocks (time left, the side whose clock runs), the result in words,
/// a draw offer standing and who is connected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Synced {
    /// Every move from the start.
    pub moves: Vec<Move>,
    /// Each side's time left and whose clock runs; `None`: no clocks.
    pub clocks: Option<([std::time::Duration; 2], Option<Color>)>,
    /// The result, once the server's game is over.
    pub end: Option<String>,
    /// The side whose draw offer stands.
    pub draw_offer: Option<Color>,
    /// The side asking to take back its last move.
    pub takeback_offer: Option<Color>,
    /// Whose stream is open on the server.
    pub connected: [bool; 2],
}

/// An online game's seat and what it waits for.
#[derive(Clone, Debug, Default)]
struct Remote {
    /// The terminal's seat; `None`: watching.
    you: Option<Color>,
    outbox: Vec<Outgoing>,
    /// The server's result.
    end: Option<String>,
    draw_offer: Option<Color>,
    takeback_offer: Option<Color>,
    connected: [bool; 2],
    /// A move sent, not yet answered.
    sent: bool,
}

/// How a game is set up.
#[derive(Clone)]
pub struct Options {
    /// The variant's notation (and through it, its rules).
    pub notation: &'static dyn Notation,
    /// Where every game (and every new game) starts.
    pub start: Box<dyn AnyPosition>,
    /// Moves already played from `start` (a loaded record).
    pub moves: Vec<Move>,
    /// Who plays the other side.
    pub vs: Vs,
    /// The side the computer plays when `vs` is [`Vs::Computer`].
    pub computer: Color,
    /// The computer's moves, also asked for hints; `None`: no computer
    /// (and no hints).
    pub chooser: Option<Computer>,
    /// How long or deep `chooser` thinks (a clock may stop it sooner).
    pub think: Limits,
    /// The engine's evaluation, for the `e` line and the computer's answer
    /// to a draw offer; `None`: neither.
    pub evaluator: Option<Computer>,
    /// How long or deep `evaluator` thinks.
    pub eval_think: Limits,
    /// Where saved games go and are loaded from; empty: the current
    /// directory.
    pub save_dir: PathBuf,
    /// Both sides' clocks (`--clock 5+3`); `None`: no clocks.
    pub clock: Option<TimeControl>,
    /// Where the clocks read the time (a hand-driven one in tests).
    pub time: Arc<dyn Time>,
    /// An online game: `Some(seat)` (`Some(None)`: watching). Moves and
    /// actions go to [`Game::take_outgoing`], the server's game comes back
    /// through [`Game::sync`]; undo, redo, new and load are off.
    pub online: Option<Option<Color>>,
}

impl Options {
    /// The game's start, two people at one keyboard, no computer.
    pub fn new(notation: &'static dyn Notation) -> Options {
        Options {
            notation,
            start: notation.start(),
            moves: Vec::new(),
            vs: Vs::Human,
            computer: Color::Black,
            chooser: None,
            think: Limits::think(std::time::Duration::from_secs(1)),
            evaluator: None,
            eval_think: Limits::think(std::time::Duration::from_secs(1)),
            save_dir: PathBuf::new(),
            clock: None,
            time: Arc::new(clock::SystemTime::default()),
            online: None,
        }
    }
}

/// What the player asked for: the meaning of a key or a click.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Cursor one rank up on its board.
    Up,
    /// Cursor one rank down on its board.
    Down,
    /// Cursor one file left.
    Left,
    /// Cursor one file right.
    Right,
    /// Cursor to the board above on the page (Fourfold: W + 1).
    BoardUp,
    /// Cursor to the board below on the page.
    BoardDown,
    /// Cursor to the board left on the page.
    BoardLeft,
    /// Cursor to the board right on the page.
    BoardRight,
    /// Cursor one level up: the cube's next level (axis 2), Fourfold's
    /// board above (axis 3).
    LevelUp,
    /// Cursor one level down.
    LevelDown,
    /// Cursor to the next piece that can move, or with a piece selected,
    /// to its next target.
    Next,
    /// The same, backwards.
    Previous,
    /// Select the piece under the cursor, or move the selected piece there.
    Activate,
    /// Put the cursor on this square and activate it (a mouse click).
    Click(usize),
    /// Drop the selection or the promotion prompt.
    Cancel,
    /// Answer the promotion prompt with a piece letter.
    Promote(char),
    /// Take back the last move (and the computer's reply to it).
    Undo,
    /// Play again a move taken back.
    Redo,
    /// Ask the computer for a suggested move.
    Hint,
    /// Claim a draw (threefold repetition, fifty moves).
    ClaimDraw,
    /// Turn the board half a circle.
    Flip,
    /// Write the game as a record file.
    Save,
    /// Read back the newest saved record (asks first over unsaved moves).
    Load,
    /// Start again (asks first over unsaved moves).
    New,
    /// Leave (asks first over unsaved moves, of a finished game too).
    Quit,
    /// Yes to the question asked (quit, new game, load).
    Yes,
    /// Open the `:` move prompt.
    OpenPrompt,
    /// A character typed at the move prompt.
    Type(char),
    /// Erase the move prompt's last character (closes it when empty).
    Erase,
    /// Open or close the help screen.
    Help,
    /// Resign (asks first).
    Resign,
    /// Offer a draw: the computer answers by its evaluation; against a
    /// person, the other player says yes or no.
    OfferDraw,
    /// Show or hide the engine's evaluation of the position.
    Eval,
    /// In a finished game: back to its start.
    First,
    /// In a finished game: back to its end.
    Last,
}

/// A step that would lose unsaved moves, waiting for a yes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Confirm {
    /// Leave.
    Quit,
    /// Start again.
    New,
    /// Replace the game by the newest saved one.
    Load,
    /// Resign.
    Resign,
    /// Agree to the draw the other player offers.
    Draw,
    /// Agree to take back what the other player asks to (online).
    Takeback,
}

/// What a search is for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// The computer's own move.
    Move,
    /// A suggestion for the player.
    Hint,
    /// The evaluation line (`e`).
    Eval,
    /// The computer's answer to a draw offer.
    DrawOffer,
}

/// The answer to a [`Request`].
pub enum Answer {
    /// A move (the computer's, a hint), or none.
    Move(Option<Move>),
    /// An evaluation (the `e` line, a draw offer's answer), or none.
    Eval(Option<SearchResult>),
}

/// A search to run off the interface's thread; answer with
/// [`Game::reply`].
pub struct Request {
    /// Matches the reply to the request; stale replies are dropped.
    pub id: u64,
    /// The computer's move or a hint.
    pub purpose: Purpose,
    /// The game to search.
    pub game: Box<dyn AnyGame>,
    /// Set when the answer is no longer wanted (undo, new, quit).
    pub stop: Arc<AtomicBool>,
    chooser: Computer,
    think: Limits,
    evaluator: Option<Computer>,
    eval_think: Limits,
}

impl Request {
    /// Runs the chooser.
    pub fn think(&self) -> Option<Move> {
        (self.chooser)(&*self.game, self.think, &self.stop).map(|found| found.best)
    }

    /// Runs what the purpose asks: the chooser for a move or a hint, the
    /// evaluator for an evaluation.
    pub fn answer(&self) -> Answer {
        match self.purpose {
            Purpose::Move | Purpose::Hint => Answer::Move(self.think()),
            Purpose::Eval | Purpose::DrawOffer => Answer::Eval(
                self.evaluator
                    .as_ref()
                    .and_then(|e| e(&*self.game, self.eval_think, &self.stop)),
            ),
        }
    }
}

/// A game in the terminal: see the module docs.
pub struct Game {
    options: Options,
    /// The game by its rules: its moves and how it ended.
    record: Record,
    /// Where the player points on the board.
    cursor: Cursor,
    /// The status line's question, message and the `:` prompt.
    prompt: Prompt,
    /// The computer's searches and what they found.
    searches: Searches,
    /// Both sides' clocks, with `--clock`.
    clocks: Option<Clocks>,
    /// An online game's seat.
    remote: Option<Remote>,
    quit: bool,
}

impl Game {
    /// A new game; the options' moves are played from their start (a move
    /// that is not legal ends the list there).
    pub fn new(options: Options) -> Game {
        let start = options.start.clone();
        let moves = options.moves.clone();
        let online = options.online;
        let mut game = Game {
            record: Record::new(start),
            cursor: Cursor {
                flipped: match options.online {
                    Some(you) => you == Some(Color::Black),
                    None => options.computer == Color::White && options.vs == Vs::Computer,
                },
                ..Cursor::default()
            },
            options,
            prompt: Prompt::default(),
            searches: Searches::default(),
            clocks: None,
            remote: online.map(|you| Remote {
                you,
                ..Remote::default()
            }),
            quit: false,
        };
        game.replay(&moves);
        game.cursor.square = game.home();
        game.reset_clocks();
        game
    }

    /// Both clocks back to the base time, the side to move's running.
    fn reset_clocks(&mut self) {
        let now = self.options.time.now();
        let turn = self.record.game.position().turn();
        self.clocks = self.options.clock.map(|c| Clocks::new(c, turn, now));
    }

    /// The clocks, if the game has them.
    pub fn clocks(&self) -> Option<&Clocks> {
        self.clocks.as_ref()
    }

    /// The clocks as lines for the screen: each side's name and time
    /// left, `>` before the side whose clock runs.
    pub fn clock_lines(&self) -> Vec<String> {
        let Some(clocks) = &self.clocks else {
            return Vec::new();
        };
        let now = self.options.time.now();
        Color::ALL
            .into_iter()
            .map(|side| {
                let mark = if clocks.running() == Some(side) {
                    '>'
                } else {
                    ' '
                };
                // Narrow enough for the move list at its narrowest.
                format!(
                    "{mark} {:<5} {}",
                    self.options.notation.side_name(side),
                    clock::format(clocks.left(side, now))
                )
            })
            .collect()
    }

    /// What the time says, to call often (the screen does, between
    /// keys): the flag of the side to move falls when its time is up (a
    /// loss, or a draw when the other side cannot mate: the rule of
    /// `duckchess serve`), and a search for a move or a hint is stopped
    /// when its share of the clock is spent (it then plays the best move
    /// it has).
    pub fn tick(&mut self) {
        let now = self.options.time.now();
        let over = self.is_over();
        let Some(clocks) = self.clocks.as_mut() else {
            return;
        };
        if over {
            clocks.stop(now);
            return;
        }
        let side = self.record.game.position().turn();
        // Online, the server's flag falls, not this one.
        if self.remote.is_none() && clocks.flagged(side, now) {
            let draw = self.record.game.position().cannot_mate(side.other());
            self.finish(End::Flag { loser: side, draw });
            return;
        }
        if let (Some(deadline), Some((_, Purpose::Move | Purpose::Hint, stop))) =
            (self.searches.think_deadline, &self.searches.thinking)
        {
            if now >= deadline {
                stop.store(true, Ordering::Relaxed);
            }
        }
    }

    /// The game's notation.
    pub fn notation(&self) -> &'static dyn Notation {
        self.options.notation
    }

    /// The position now (in a finished game under review, the one
    /// shown).
    pub fn position(&self) -> &dyn AnyPosition {
        match &self.record.review {
            Some((_, shown)) => shown.position(),
            None => self.record.game.position(),
        }
    }

    /// In a finished game under review: how many of its moves are shown.
    pub fn reviewing(&self) -> Option<usize> {
        self.record.review.as_ref().map(|(n, _)| *n)
    }

    /// How the game ended outside the rules (resigned, agreed, flag).
    pub fn end(&self) -> Option<End> {
        self.record.end
    }

    /// Whether the game is over, by its rules, a claim, a resignation, an
    /// agreement or a flag.
    pub fn is_over(&self) -> bool {
        self.record.end.is_some() || self.outcome().is_some() || self.online_end().is_some()
    }

    /// The game (position and history).
    pub fn game(&self) -> &dyn AnyGame {
        &*self.record.game
    }

    /// Where this game started.
    pub fn start(&self) -> &dyn AnyPosition {
        &*self.record.start
    }

    /// The moves played.
    pub fn moves(&self) -> &[Move] {
        self.record.game.moves()
    }

    /// The moves in the game's notation.
    pub fn notes(&self) -> &[String] {
        &self.record.notes
    }

    /// The verdict of each move in the game's words, where it has them.
    pub fn verdicts(&self) -> &[Option<String>] {
        &self.record.verdicts
    }

    /// Where the squares are drawn (turned when the board is flipped).
    pub fn layout(&self) -> Layout {
        self.options
            .notation
            .layout(self.position())
            .flipped(self.cursor.flipped)
    }

    /// Whether the board is turned half a circle.
    pub fn is_flipped(&self) -> bool {
        self.cursor.flipped
    }

    /// The question waiting for a yes, if any.
    pub fn confirming(&self) -> Option<Confirm> {
        self.prompt.confirm
    }

    /// The square under the cursor.
    pub fn cursor(&self) -> usize {
        self.cursor.square
    }

    /// The selected piece's square.
    pub fn selected(&self) -> Option<usize> {
        self.cursor.selected
    }

    /// The squares the selected piece can reach, in order, without repeats.
    pub fn reach(&self) -> Vec<usize> {
        let Some(from) = self.cursor.selected else {
            return Vec::new();
        };
        let mut out: Vec<usize> = self.piece_moves(from).into_iter().map(|m| m.to()).collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The promotion choices (piece letters) while the prompt is open.
    pub fn promotion_choices(&self) -> Option<Vec<char>> {
        let variant = self.position().variant();
        self.cursor.promotion.as_ref().map(|moves| {
            let gating = moves.iter().any(|m| m.gate.is_some());
            // One letter a piece, however many walls a move may place.
            moves
                .iter()
                .filter_map(|&m| choice_letter(variant, m, gating))
                .unique()
                .collect()
        })
    }

    /// The last move (of those shown, under review), to mark it.
    pub fn last_move(&self) -> Option<Move> {
        match &self.record.review {
            Some((_, shown)) => shown.moves().last().copied(),
            None => self.record.game.moves().last().copied(),
        }
    }

    /// The computer's suggestion, once it came.
    pub fn hint(&self) -> Option<Move> {
        self.searches.hint
    }

    /// The side the computer plays, if any.
    pub fn computer(&self) -> Option<Color> {
        (self.options.vs == Vs::Computer && self.options.chooser.is_some())
            .then_some(self.options.computer)
    }

    /// Whether a search is running.
    pub fn is_thinking(&self) -> bool {
        self.searches.thinking.is_some()
    }

    /// Whether the player asked to leave.
    pub fn should_quit(&self) -> bool {
        self.quit
    }

    /// The end of the game: the rules' verdict, or a draw claimed.
    pub fn outcome(&self) -> Option<Outcome> {
        self.record
            .game
            .outcome()
            .or(self.record.claimed.map(Outcome::Draw))
    }

    /// The squares of pieces of the side to move that have a legal move.
    pub fn movable(&self) -> Vec<usize> {
        let mut out: Vec<usize> = self
            .position()
            .legal_moves()
            .into_iter()
            .flat_map(|m| self.played_from(m))
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Where the cursor starts: the player's royal piece, or the first
    /// piece that can move.
    fn home(&self) -> usize {
        let online = self.remote.as_ref().and_then(|r| r.you);
        let side = match (online, self.computer()) {
            (Some(you), _) => you,
            (None, Some(c)) => c.other(),
            (None, None) => self.position().turn(),
        };
        self.position()
            .royal_square(side)
            .or_else(|| self.movable().first().copied())
            .unwrap_or(0)
    }

    /// The text typed at the `:` prompt, while it is open.
    pub fn typing(&self) -> Option<&str> {
        self.prompt.typing.as_ref().map(MovePrompt::text)
    }

    /// Whether the help screen is open.
    pub fn is_helping(&self) -> bool {
        self.prompt.help
    }
}

mod clones;
mod endings;
mod files;
mod keys;
mod moves;
mod remote;
mod state;
mod text;
mod thinking;
mod walling;
pub use walling::Placing;

#[cfg(test)]
mod tests;

/// A move's letter among the choices of one origin and target: the
/// promoted piece's; where pieces may be gated in (S-chess), the gated
/// piece's (upper case on the castling rook's square) and `-` for none.
pub(crate) fn choice_letter(
    variant: &crate::kernel::Variant,
    m: Move,
    gating: bool,
) -> Option<char> {
    match (m.promotion, m.gate) {
        (Some(k), _) => Some(variant.kind(k).letter),
        (None, Some(g)) if g.on_rook => Some(variant.kind(g.kind).letter.to_ascii_uppercase()),
        (None, Some(g)) => Some(variant.kind(g.kind).letter.to_ascii_lowercase()),
        (None, None) => gating.then_some('-'),
    }
}
