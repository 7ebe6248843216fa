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
//! use duckchess::play::game::{Action, Game, Options};
//! use duckchess::play::Vs;
//! let chess = duckchess::variants::by_name("chess").unwrap();
//! let mut game = Game::new(Options { vs: Vs::Human, ..Options::new(chess) });
//! // e2 is the square 12; click it, then e4 (28).
//! game.handle(Action::Click(12));
//! assert_eq!(game.reach(), vec![20, 28]);
//! game.handle(Action::Click(28));
//! assert_eq!(game.moves().len(), 1);
//! ```

use super::clock::{self, Clocks, Time, TimeControl};
use super::ending::{accepts_draw, End};
use super::eval::Evaluator;
use super::prompt::{Completion, MovePrompt};
use super::Vs;
use crate::engine::search::SearchResult;
use crate::kernel::{AnyGame, AnyPosition, Color, Draw, Move, Outcome};
use crate::variants::layout::{Layout, GAP};
use crate::variants::{status, Notation};
use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::SystemTime;

/// How the computer chooses a move: given the game, the hash keys of its
/// positions from the start (the current one last, for repetitions) and a
/// stop flag, a legal move, or `None` when it has none or was stopped. The
/// command line passes one; the engine's search plugs in here.
pub type Chooser = Arc<dyn Fn(&dyn AnyGame, &[u64], &AtomicBool) -> Option<Move> + Send + Sync>;

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
    /// The computer's move chooser, also asked for hints; `None`: no
    /// computer (and no hints).
    pub chooser: Option<Chooser>,
    /// The engine's evaluation, for the `e` line and the computer's answer
    /// to a draw offer; `None`: neither.
    pub evaluator: Option<Evaluator>,
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
            evaluator: None,
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
    /// The keys of the game's positions, the start first, the current last.
    pub keys: Vec<u64>,
    /// Set when the answer is no longer wanted (undo, new, quit).
    pub stop: Arc<AtomicBool>,
    chooser: Chooser,
    evaluator: Option<Evaluator>,
}

impl Request {
    /// Runs the chooser.
    pub fn think(&self) -> Option<Move> {
        (self.chooser)(&*self.game, &self.keys, &self.stop)
    }

    /// Runs what the purpose asks: the chooser for a move or a hint, the
    /// evaluator for an evaluation.
    pub fn answer(&self) -> Answer {
        match self.purpose {
            Purpose::Move | Purpose::Hint => Answer::Move(self.think()),
            Purpose::Eval | Purpose::DrawOffer => Answer::Eval(
                self.evaluator
                    .as_ref()
                    .and_then(|e| e(&*self.game, &self.keys, &self.stop)),
            ),
        }
    }
}

/// A game in the terminal: see the module docs.
pub struct Game {
    options: Options,
    start: Box<dyn AnyPosition>,
    game: Box<dyn AnyGame>,
    /// Each move's text in the game's notation, written before it.
    notes: Vec<String>,
    /// Each move's verdict in the game's words, where it has them (Duck
    /// Chess's judge line).
    verdicts: Vec<Option<String>>,
    /// How many moves the game had when it was last saved or loaded.
    saved: Option<usize>,
    /// The question asked, waiting for a yes.
    confirm: Option<Confirm>,
    /// The board turned half a circle.
    flipped: bool,
    /// Moves taken back, the next to redo last.
    redo: Vec<Move>,
    cursor: usize,
    selected: Option<usize>,
    /// The moves between the selected piece and its target that differ
    /// only in what the pawn becomes, while the player chooses.
    promotion: Option<Vec<Move>>,
    hint: Option<Move>,
    hint_wanted: bool,
    claimed: Option<Draw>,
    message: Option<String>,
    thinking: Option<(u64, Purpose, Arc<AtomicBool>)>,
    /// The `:` prompt, while it is open.
    typing: Option<MovePrompt>,
    /// The help screen is open.
    help: bool,
    /// A resignation, a draw agreed, a flag.
    end: Option<End>,
    /// A finished game under review: how many of its moves are shown, and
    /// the game up to there.
    review: Option<(usize, Box<dyn AnyGame>)>,
    /// The `e` line is on.
    eval_on: bool,
    /// The last evaluation: for which position (moves played, key), and
    /// its line.
    eval: Option<((usize, u64), String)>,
    /// A draw offered to the computer, waiting for its search.
    offer_wanted: bool,
    /// Both sides' clocks, with `--clock`.
    clocks: Option<Clocks>,
    /// When the running search for a move or a hint is stopped: its share
    /// of the clock (see [`Clocks::budget`]).
    think_deadline: Option<std::time::Duration>,
    next_id: u64,
    stalled: bool,
    quit: bool,
    remote: Option<Remote>,
}

impl Game {
    /// A new game; the options' moves are played from their start (a move
    /// that is not legal ends the list there).
    pub fn new(options: Options) -> Game {
        let start = options.start.clone();
        let moves = options.moves.clone();
        let online = options.online;
        let mut game = Game {
            game: start.new_game(),
            flipped: match options.online {
                Some(you) => you == Some(Color::Black),
                None => options.computer == Color::White && options.vs == Vs::Computer,
            },
            start,
            options,
            notes: Vec::new(),
            verdicts: Vec::new(),
            saved: None,
            confirm: None,
            redo: Vec::new(),
            cursor: 0,
            selected: None,
            promotion: None,
            hint: None,
            hint_wanted: false,
            claimed: None,
            message: None,
            thinking: None,
            typing: None,
            help: false,
            end: None,
            review: None,
            eval_on: false,
            eval: None,
            offer_wanted: false,
            clocks: None,
            think_deadline: None,
            next_id: 0,
            stalled: false,
            quit: false,
            remote: online.map(|you| Remote {
                you,
                ..Remote::default()
            }),
        };
        game.replay(&moves);
        game.cursor = game.home();
        game.reset_clocks();
        game
    }

    /// Both clocks back to the base time, the side to move's running.
    fn reset_clocks(&mut self) {
        let now = self.options.time.now();
        let turn = self.game.position().turn();
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
        let side = self.game.position().turn();
        // Online, the server's flag falls, not this one.
        if self.remote.is_none() && clocks.flagged(side, now) {
            let draw = self.game.position().cannot_mate(side.other());
            self.finish(End::Flag { loser: side, draw });
            return;
        }
        if let (Some(deadline), Some((_, Purpose::Move | Purpose::Hint, stop))) =
            (self.think_deadline, &self.thinking)
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
        match &self.review {
            Some((_, shown)) => shown.position(),
            None => self.game.position(),
        }
    }

    /// In a finished game under review: how many of its moves are shown.
    pub fn reviewing(&self) -> Option<usize> {
        self.review.as_ref().map(|(n, _)| *n)
    }

    /// How the game ended outside the rules (resigned, agreed, flag).
    pub fn end(&self) -> Option<End> {
        self.end
    }

    /// Whether the game is over, by its rules, a claim, a resignation, an
    /// agreement or a flag.
    pub fn is_over(&self) -> bool {
        self.end.is_some() || self.outcome().is_some() || self.online_end().is_some()
    }

    fn online_end(&self) -> Option<&str> {
        self.remote.as_ref()?.end.as_deref()
    }

    /// Whether this is an online game.
    pub fn is_online(&self) -> bool {
        self.remote.is_some()
    }

    /// The moves and actions for the server, taken once.
    pub fn take_outgoing(&mut self) -> Vec<Outgoing> {
        self.remote
            .as_mut()
            .map(|r| std::mem::take(&mut r.outbox))
            .unwrap_or_default()
    }

    /// A word from the server (a refusal, a dropped stream) for the
    /// status line.
    pub fn online_message(&mut self, text: String) {
        if let Some(r) = self.remote.as_mut() {
            r.sent = false;
        }
        self.message = Some(text);
    }

    /// Takes the server's game: its moves (played, or the game replayed
    /// when they differ), clocks, result, offer and presence.
    pub fn sync(&mut self, s: Synced) {
        let Some(remote) = self.remote.as_mut() else {
            return;
        };
        if std::mem::take(&mut remote.sent) {
            // The move sent is answered: the board says the rest.
            self.message = None;
        }
        let Some(remote) = self.remote.as_mut() else {
            return;
        };
        let offered = s.draw_offer.is_some() && s.draw_offer != remote.draw_offer;
        remote.draw_offer = s.draw_offer;
        remote.connected = s.connected;
        let ended = s.end.is_some() && remote.end.is_none();
        remote.end = s.end;
        let you = remote.you;
        let played = self.game.moves();
        if s.moves.len() != played.len() || s.moves[..] != played[..] {
            let extends = s.moves.len() > played.len() && s.moves[..played.len()] == played[..];
            if extends {
                for &m in &s.moves[played.len()..].to_vec() {
                    self.play(m);
                }
            } else {
                self.replay(&s.moves);
                self.after_jump();
                self.typing = None;
            }
        }
        let now = self.options.time.now();
        self.clocks = s.clocks.map(|(left, running)| {
            let control = self.options.clock.unwrap_or(TimeControl {
                base: left[0].max(left[1]),
                increment: std::time::Duration::ZERO,
            });
            Clocks::at(control, left, running, now)
        });
        if ended {
            self.finish_online();
        } else if offered && s.draw_offer != you && you.is_some() && !self.is_over() {
            self.confirm = Some(Confirm::Draw);
            self.message = Some(format!(
                "{} offers a draw: y accepts, any other key declines",
                self.options
                    .notation
                    .side_name(s.draw_offer.unwrap_or(Color::White))
            ));
        } else if s.draw_offer.is_none() && self.confirm == Some(Confirm::Draw) {
            self.confirm = None;
        }
    }

    fn finish_online(&mut self) {
        self.cancel_thinking();
        self.selected = None;
        self.promotion = None;
        self.typing = None;
        self.confirm = None;
        self.message = None;
    }

    /// Online: who is connected, for the status line.
    fn presence(&self) -> Option<String> {
        let r = self.remote.as_ref()?;
        let name = |c: Color| self.options.notation.side_name(c);
        Some(match r.you {
            Some(you) => format!(
                "online as {}, {} {}",
                name(you),
                name(you.other()),
                if r.connected[you.other().index()] {
                    "connected"
                } else {
                    "away"
                }
            ),
            None => "online, watching".into(),
        })
    }

    /// The game (position and history).
    pub fn game(&self) -> &dyn AnyGame {
        &*self.game
    }

    /// Where this game started.
    pub fn start(&self) -> &dyn AnyPosition {
        &*self.start
    }

    /// The moves played.
    pub fn moves(&self) -> &[Move] {
        self.game.moves()
    }

    /// The moves in the game's notation.
    pub fn notes(&self) -> &[String] {
        &self.notes
    }

    /// The verdict of each move in the game's words, where it has them.
    pub fn verdicts(&self) -> &[Option<String>] {
        &self.verdicts
    }

    /// Where the squares are drawn (turned when the board is flipped).
    pub fn layout(&self) -> Layout {
        self.options
            .notation
            .layout(self.position())
            .flipped(self.flipped)
    }

    /// Whether the board is turned half a circle.
    pub fn is_flipped(&self) -> bool {
        self.flipped
    }

    /// The question waiting for a yes, if any.
    pub fn confirming(&self) -> Option<Confirm> {
        self.confirm
    }

    /// The square under the cursor.
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// The selected piece's square.
    pub fn selected(&self) -> Option<usize> {
        self.selected
    }

    /// The squares the selected piece can reach, in order, without repeats.
    pub fn reach(&self) -> Vec<usize> {
        let Some(from) = self.selected else {
            return Vec::new();
        };
        let mut out: Vec<usize> = self
            .position()
            .legal_moves()
            .into_iter()
            .filter(|m| m.from() == from)
            .map(|m| m.to())
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The promotion choices (piece letters) while the prompt is open.
    pub fn promotion_choices(&self) -> Option<Vec<char>> {
        let variant = self.position().variant();
        self.promotion.as_ref().map(|moves| {
            moves
                .iter()
                .filter_map(|m| m.promotion)
                .map(|k| variant.kind(k).letter)
                .collect()
        })
    }

    /// The last move (of those shown, under review), to mark it.
    pub fn last_move(&self) -> Option<Move> {
        match &self.review {
            Some((_, shown)) => shown.moves().last().copied(),
            None => self.game.moves().last().copied(),
        }
    }

    /// The computer's suggestion, once it came.
    pub fn hint(&self) -> Option<Move> {
        self.hint
    }

    /// The side the computer plays, if any.
    pub fn computer(&self) -> Option<Color> {
        (self.options.vs == Vs::Computer && self.options.chooser.is_some())
            .then_some(self.options.computer)
    }

    /// Whether a search is running.
    pub fn is_thinking(&self) -> bool {
        self.thinking.is_some()
    }

    /// Whether the player asked to leave.
    pub fn should_quit(&self) -> bool {
        self.quit
    }

    /// The end of the game: the rules' verdict, or a draw claimed.
    pub fn outcome(&self) -> Option<Outcome> {
        self.game.outcome().or(self.claimed.map(Outcome::Draw))
    }

    /// The squares of pieces of the side to move that have a legal move.
    pub fn movable(&self) -> Vec<usize> {
        let mut out: Vec<usize> = self
            .position()
            .legal_moves()
            .iter()
            .map(|m| m.from())
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
        self.typing.as_ref().map(MovePrompt::text)
    }

    /// Whether the help screen is open.
    pub fn is_helping(&self) -> bool {
        self.help
    }

    /// Does what `action` asks.
    pub fn handle(&mut self, action: Action) {
        use Action as A;
        if self.help {
            // The help screen takes every key; these close it.
            if matches!(action, A::Help | A::Cancel | A::Quit) {
                self.help = false;
            }
            return;
        }
        if self.typing.is_some() {
            self.type_key(action);
            return;
        }
        if let Some(asked) = self.confirm.take() {
            // Only a yes goes on; any other key keeps the game as it is.
            if action == A::Yes {
                self.message = None;
                match asked {
                    Confirm::Quit => self.quit_now(),
                    Confirm::New => self.new_game(),
                    Confirm::Load => self.load_newest(),
                    Confirm::Resign => self.resign_now(),
                    Confirm::Draw if self.remote.is_some() => self.send(Outgoing::DrawOffer),
                    Confirm::Draw => self.finish(End::Agreed),
                }
            } else {
                if asked == Confirm::Draw && self.remote.is_some() {
                    self.send(Outgoing::DrawDecline);
                }
                self.message = Some(match asked {
                    Confirm::Draw => "the draw offer is declined".into(),
                    _ => "kept the game".into(),
                });
            }
            return;
        }
        if self.is_over() && self.review_key(action) {
            return;
        }
        if self.remote.is_some() {
            let off = match action {
                A::Undo | A::Redo => Some("no undo or redo online"),
                A::New | A::Load => Some("online, the game is the server's: q quits"),
                _ => None,
            };
            if let Some(off) = off {
                self.message = Some(off.into());
                return;
            }
        }
        match action {
            A::Up => self.step(-1, 0, 1),
            A::Down => self.step(1, 0, 1),
            A::Left => self.step(0, -1, 1),
            A::Right => self.step(0, 1, 1),
            A::BoardUp => self.board_step(-1, 0),
            A::BoardDown => self.board_step(1, 0),
            A::BoardLeft => self.board_step(0, -1),
            A::BoardRight => self.board_step(0, 1),
            A::LevelUp => self.level(1),
            A::LevelDown => self.level(-1),
            A::Next => self.tab(true),
            A::Previous => self.tab(false),
            A::Activate => self.activate(),
            A::Click(square) => {
                if square < self.layout().shape().len() {
                    self.cursor = square;
                    self.activate();
                }
            }
            A::Cancel => {
                self.selected = None;
                self.promotion = None;
                self.message = None;
            }
            A::Promote(letter) => self.promote(letter),
            A::Undo => self.undo(),
            A::Redo => self.redo(),
            A::Hint => self.ask_hint(),
            A::ClaimDraw => self.claim_draw(),
            A::Flip => {
                self.flipped = !self.flipped;
                self.message = None;
            }
            A::Save => self.save_now(),
            A::Load => self.ask(Confirm::Load),
            A::New => self.ask(Confirm::New),
            A::Quit => self.ask(Confirm::Quit),
            A::Yes => self.message = None,
            A::OpenPrompt => self.open_prompt(),
            A::Help => self.help = true,
            A::Resign => self.ask_resign(),
            A::OfferDraw => self.offer_draw(),
            A::Eval => self.toggle_eval(),
            A::Type(_) | A::Erase | A::First | A::Last => {}
        }
    }

    /// In a finished game, the keys that walk its moves: back (Left, `u`),
    /// forward (Right, `r`), to the start (Home) and the end (End); the
    /// result stays. Whether `action` was one of them.
    fn review_key(&mut self, action: Action) -> bool {
        use Action as A;
        let total = self.game.moves().len();
        let shown = self.reviewing().unwrap_or(total);
        let to = match action {
            A::Left | A::Undo => shown.saturating_sub(1),
            A::Right | A::Redo => (shown + 1).min(total),
            A::First => 0,
            A::Last => total,
            _ => return false,
        };
        self.selected = None;
        self.promotion = None;
        self.review = (to < total).then(|| {
            let mut shown = self.start.new_game();
            for &m in &self.game.moves()[..to] {
                if shown.play(m).is_err() {
                    break;
                }
            }
            (to, shown)
        });
        self.message = Some(match to {
            _ if to == total => "the end of the game".into(),
            0 => format!("the start: move 0 of {total}"),
            _ => format!(
                "move {to} of {total}: {}",
                self.notes.get(to - 1).map_or("", String::as_str)
            ),
        });
        true
    }

    /// Ends the game outside its rules.
    fn finish(&mut self, end: End) {
        self.cancel_thinking();
        self.offer_wanted = false;
        self.selected = None;
        self.promotion = None;
        // A move half typed when the flag fell is not played after it.
        self.typing = None;
        self.end = Some(end);
        self.message = None;
        let now = self.options.time.now();
        if let Some(clocks) = self.clocks.as_mut() {
            clocks.stop(now);
        }
    }

    /// The side that resigns: the person's against the computer, the side
    /// to move between people.
    fn resigning_side(&self) -> Color {
        if let Some(you) = self.remote.as_ref().and_then(|r| r.you) {
            return you;
        }
        match self.computer() {
            Some(c) => c.other(),
            None => self.game.position().turn(),
        }
    }

    fn ask_resign(&mut self) {
        if self.is_over() {
            self.message = Some("the game is over".into());
            return;
        }
        if let Some(why) = self.watching() {
            self.message = Some(why);
            return;
        }
        let side = self.options.notation.side_name(self.resigning_side());
        self.confirm = Some(Confirm::Resign);
        self.message = Some(format!("resign as {side}? y yes, any other key no"));
    }

    fn resign_now(&mut self) {
        if self.remote.is_some() {
            self.send(Outgoing::Resign);
            return;
        }
        if !self.is_over() {
            self.finish(End::Resigned(self.resigning_side()));
        }
    }

    /// A draw offer: against the computer, its evaluation answers (see
    /// [`accepts_draw`]); between people, the other says yes or no.
    fn offer_draw(&mut self) {
        self.message = None;
        if self.is_over() {
            self.message = Some("the game is over".into());
            return;
        }
        if self.remote.is_some() {
            match self.watching() {
                Some(why) => self.message = Some(why),
                None => {
                    self.send(Outgoing::DrawOffer);
                    self.message = Some("draw offered".into());
                }
            }
            return;
        }
        let Some(computer) = self.computer() else {
            let other = self.game.position().turn().other();
            self.confirm = Some(Confirm::Draw);
            self.message = Some(format!(
                "{} offers a draw: {}, y accepts, any other key declines",
                self.options.notation.side_name(other.other()),
                self.options.notation.side_name(other)
            ));
            return;
        };
        if self.options.evaluator.is_none() {
            self.message = Some("no computer to offer a draw to".into());
        } else if self.game.position().turn() == computer {
            self.message = Some("offer a draw on your move".into());
        } else {
            if matches!(self.thinking, Some((_, Purpose::Eval | Purpose::Hint, _))) {
                self.cancel_thinking();
            }
            self.offer_wanted = true;
            self.message = Some("draw offered: the computer is thinking it over…".into());
        }
    }

    fn toggle_eval(&mut self) {
        self.eval_on = !self.eval_on;
        if !self.eval_on && matches!(self.thinking, Some((_, Purpose::Eval, _))) {
            self.cancel_thinking();
        }
        if self.eval_on && self.options.evaluator.is_none() {
            self.eval_on = false;
            self.message = Some("no engine to evaluate the position".into());
        }
    }

    /// Which position an evaluation is for.
    fn eval_key(&self) -> (usize, u64) {
        (self.game.moves().len(), self.game.position().key())
    }

    /// The evaluation line while `e` has it on: the engine's score and
    /// principal variation for the position, once its search is done.
    pub fn eval_line(&self) -> Option<String> {
        if !self.eval_on {
            return None;
        }
        Some(match &self.eval {
            Some((key, text)) if *key == self.eval_key() => text.clone(),
            _ if self.is_over() => "eval: the game is over".into(),
            _ => "eval: thinking…".into(),
        })
    }

    /// Why the person may not move now, if so: the game is over (with
    /// `over_hint` after the result), it is not their seat's turn, or the
    /// computer is to move.
    fn why_not_now(&self, over_hint: &str) -> Option<String> {
        if let Some(result) = self.result() {
            return Some(format!("the game is over ({result}){over_hint}"));
        }
        let turn = self.position().turn();
        if let Some(why) = self.not_yours(turn) {
            return Some(why);
        }
        (self.computer() == Some(turn)).then(|| {
            format!(
                "wait: {} is the computer's side",
                self.options.notation.side_name(turn)
            )
        })
    }

    /// Opens the `:` prompt, where a move may be typed now.
    fn open_prompt(&mut self) {
        self.message = self.why_not_now("");
        if self.message.is_some() {
            return;
        }
        self.selected = None;
        self.promotion = None;
        self.typing = Some(MovePrompt::default());
    }

    /// A key while the `:` prompt is open: typing, Tab, Enter, Esc.
    fn type_key(&mut self, action: Action) {
        use Action as A;
        let Some(prompt) = self.typing.as_mut() else {
            return;
        };
        let notation = self.options.notation;
        match action {
            A::Type(c) => {
                prompt.push(c);
                self.message = None;
            }
            A::Erase if prompt.text().is_empty() => self.typing = None,
            A::Erase => {
                prompt.backspace();
                self.message = None;
            }
            A::Next => {
                let position = self.game.position();
                self.message = match prompt.complete(notation, position) {
                    Completion::None => Some(format!(
                        "no legal move starts with {:?}",
                        prompt.text().trim()
                    )),
                    Completion::One => None,
                    Completion::Several(all) => Some(all.join(" ")),
                };
            }
            A::Activate => match prompt.read(notation, self.game.position()) {
                Ok(m) => {
                    self.typing = None;
                    self.message = None;
                    self.submit(m);
                }
                // The prompt stays open with the text, to mend it.
                Err(why) => self.message = Some(why),
            },
            A::Cancel => {
                self.typing = None;
                self.message = None;
            }
            A::Quit => {
                self.typing = None;
                self.ask(Confirm::Quit);
            }
            _ => {}
        }
    }

    /// Whether moves would be lost: some played since the game was last
    /// saved or loaded.
    fn unsaved(&self) -> bool {
        if self.remote.is_some() {
            // The server keeps the game.
            return false;
        }
        let played = self.moves().len();
        played > 0 && self.saved != Some(played)
    }

    /// How many moves would be lost: those after the saved ones (all of
    /// them when the game went back past what was saved, or was never
    /// saved).
    fn unsaved_moves(&self) -> usize {
        let played = self.moves().len();
        match self.saved {
            Some(saved) if saved <= played => played - saved,
            _ => played,
        }
    }

    /// Does `step` at once where nothing would be lost, else asks first.
    /// A finished game asks too: leaving takes it off the screen.
    fn ask(&mut self, step: Confirm) {
        let risky = self.unsaved();
        if !risky {
            match step {
                Confirm::Quit => self.quit_now(),
                Confirm::New => self.new_game(),
                Confirm::Load => self.load_newest(),
                Confirm::Resign => self.resign_now(),
                Confirm::Draw => self.finish(End::Agreed),
            }
            return;
        }
        let what = match step {
            Confirm::Quit => "quit",
            Confirm::New => "start a new game",
            Confirm::Load => "load the newest saved game",
            Confirm::Resign | Confirm::Draw => "end the game",
        };
        let n = self.unsaved_moves();
        self.confirm = Some(step);
        self.message = Some(format!(
            "{what}? {n} unsaved move{}: y yes, any other key no (s saves)",
            if n == 1 { "" } else { "s" }
        ));
    }

    fn quit_now(&mut self) {
        self.cancel_thinking();
        self.quit = true;
    }

    /// Moves the cursor `rows` and `cols` cells of `unit` on the page,
    /// staying put if that leaves the board (or lands in a gap).
    fn step(&mut self, rows: isize, cols: isize, unit: usize) {
        let layout = self.layout();
        let (r, c) = layout.place(self.cursor);
        let r = r as isize + rows * unit as isize;
        let c = c as isize + cols * unit as isize;
        if r < 0 || c < 0 {
            return;
        }
        if let Some(square) = layout.square_at(r as usize, c as usize) {
            self.cursor = square;
        }
    }

    /// To the same cell of the neighbouring board on the page.
    fn board_step(&mut self, rows: isize, cols: isize) {
        let shape = self.layout().shape();
        let (ranks, files) = (shape.size(1) as usize, shape.size(0) as usize);
        let layout = self.layout();
        let (r, c) = layout.place(self.cursor);
        let r = r as isize + rows * (ranks + GAP) as isize;
        let c = c as isize + cols * (files + GAP) as isize;
        if r >= 0 && c >= 0 {
            if let Some(square) = layout.square_at(r as usize, c as usize) {
                self.cursor = square;
            }
        }
    }

    /// To the same square one level up or down: axis 2 (the cube's
    /// levels), or on a board of four axes, axis 3 (Fourfold's W).
    fn level(&mut self, by: i32) {
        let shape = self.layout().shape();
        let axis = if shape.size(3) > 1 { 3 } else { 2 };
        let mut coords = shape.coords(self.cursor);
        coords[axis] += by;
        if let Some(square) = shape.index(coords) {
            self.cursor = square;
        }
    }

    /// Tab: the next movable piece, or the selected piece's next target.
    fn tab(&mut self, forward: bool) {
        let stops = if self.selected.is_some() {
            self.reach()
        } else {
            self.movable()
        };
        let next = if forward {
            stops.iter().find(|&&s| s > self.cursor).or(stops.first())
        } else {
            stops
                .iter()
                .rev()
                .find(|&&s| s < self.cursor)
                .or(stops.last())
        };
        if let Some(&square) = next {
            self.cursor = square;
        }
    }

    fn piece_text(&self, square: usize) -> String {
        let notation = self.options.notation;
        let position = self.position();
        match position.piece_at(square) {
            Some(p) => notation.piece_on(position, p, square),
            None => notation.square_name(position, square),
        }
    }

    fn activate(&mut self) {
        self.message = self.why_not_now(": n for a new game, ←/→ to review it");
        if self.message.is_some() {
            return;
        }
        if self.promotion.is_some() {
            // Enter answers the prompt with its first choice (the queen).
            let first = self.promotion_choices().and_then(|c| c.first().copied());
            if let Some(letter) = first {
                self.promote(letter);
            }
            return;
        }
        let at = self.cursor;
        let turn = self.position().turn();
        let own = self
            .position()
            .piece_at(at)
            .is_some_and(|p| p.color == turn);
        match self.selected {
            Some(from) if from == at => self.selected = None,
            _ if own => {
                self.selected = Some(at);
                if self.reach().is_empty() {
                    self.message = Some(format!("{} has nowhere to go", self.piece_text(at)));
                }
            }
            Some(from) => {
                let moves: Vec<Move> = self
                    .position()
                    .legal_moves()
                    .into_iter()
                    .filter(|m| m.from() == from && m.to() == at)
                    .collect();
                match moves.len() {
                    0 => {
                        let why = self.options.notation.why_not(self.position(), from, at);
                        self.message = Some(why);
                    }
                    1 => self.submit(moves[0]),
                    _ => {
                        self.promotion = Some(moves);
                        let choices: String = self
                            .promotion_choices()
                            .unwrap_or_default()
                            .iter()
                            .map(|c| c.to_string())
                            .collect::<Vec<_>>()
                            .join(" ");
                        self.message = Some(format!(
                            "promote to: {choices} (Enter: the first, Esc: cancel)"
                        ));
                    }
                }
            }
            None => {
                // An empty square or the other side's piece: the game says why.
                self.message = Some(self.options.notation.why_not(self.position(), at, at));
            }
        }
    }

    fn promote(&mut self, letter: char) {
        let Some(moves) = self.promotion.clone() else {
            return;
        };
        let variant = self.position().variant();
        let chosen = moves.into_iter().find(|m| {
            m.promotion
                .is_some_and(|k| variant.kind(k).letter == letter.to_ascii_lowercase())
        });
        match chosen {
            Some(m) => {
                // The prompt is answered: it leaves the screen, also when
                // the move ends the game and no other key follows.
                self.promotion = None;
                self.message = None;
                self.submit(m);
            }
            None => self.message = Some(format!("{letter:?} is not one of the choices")),
        }
    }

    /// Online: why this seat may not move `turn`'s pieces (watching, the
    /// other side's move, a move on its way).
    fn not_yours(&self, turn: Color) -> Option<String> {
        let r = self.remote.as_ref()?;
        let name = |c: Color| self.options.notation.side_name(c);
        match r.you {
            None => self.watching(),
            Some(you) if you != turn => Some(format!("wait: {} is to move", name(turn))),
            Some(_) if r.sent => Some("wait: the move is on its way to the server".into()),
            Some(_) => None,
        }
    }

    fn watching(&self) -> Option<String> {
        match &self.remote {
            Some(Remote { you: None, .. }) => {
                Some("watching: both seats are taken, you cannot move".into())
            }
            _ => None,
        }
    }

    fn send(&mut self, out: Outgoing) {
        if let Some(r) = self.remote.as_mut() {
            r.outbox.push(out);
        }
    }

    /// The player's move: played here, or online sent to the server (the
    /// board shows it once the server has it).
    fn submit(&mut self, m: Move) {
        let Some(remote) = self.remote.as_mut() else {
            self.play(m);
            return;
        };
        let text = self.options.notation.uci_move(self.game.position(), m);
        remote.sent = true;
        remote.outbox.push(Outgoing::Move {
            text: text.clone(),
            ply: self.game.moves().len(),
        });
        self.selected = None;
        self.promotion = None;
        self.hint = None;
        self.message = Some(format!("{text} sent…"));
    }

    /// Plays a legal move and writes it down; a move that was the next to
    /// redo keeps the rest of the redo list.
    fn play(&mut self, m: Move) {
        // A hint being sought is for the position this move leaves.
        if matches!(
            self.thinking,
            Some((_, Purpose::Hint | Purpose::Eval | Purpose::DrawOffer, _))
        ) {
            self.cancel_thinking();
        }
        self.offer_wanted = false;
        let notation = self.options.notation;
        let note = notation.write_move(self.position(), m);
        let verdict = notation.verdict(self.position(), m);
        if self.game.play(m).is_err() {
            self.message = Some(format!("{note} is not legal here"));
            return;
        }
        self.notes.push(note);
        self.verdicts.push(verdict);
        let now = self.options.time.now();
        if let Some(clocks) = self.clocks.as_mut() {
            clocks.moved(now);
        }
        if self.redo.last() == Some(&m) {
            self.redo.pop();
        } else {
            self.redo.clear();
        }
        self.selected = None;
        self.promotion = None;
        self.hint = None;
        self.stalled = false;
    }

    /// Plays `moves` from the game's start, stopping at an illegal one.
    fn replay(&mut self, moves: &[Move]) {
        self.game = self.start.new_game();
        self.notes.clear();
        self.verdicts.clear();
        let notation = self.options.notation;
        for &m in moves {
            let note = notation.write_move(self.game.position(), m);
            let verdict = notation.verdict(self.game.position(), m);
            if self.game.play(m).is_err() {
                break;
            }
            self.notes.push(note);
            self.verdicts.push(verdict);
        }
    }

    /// Back to the position before the last `n` moves.
    fn take_back(&mut self, n: usize) {
        let moves = self.game.moves().to_vec();
        let keep = moves.len() - n;
        self.redo.extend(moves[keep..].iter().rev());
        self.replay(&moves[..keep]);
        // The side to move again is charged from now, with no increment.
        let (now, turn) = (self.options.time.now(), self.game.position().turn());
        if let Some(clocks) = self.clocks.as_mut() {
            clocks.switch_to(turn, now);
        }
    }

    fn undo(&mut self) {
        self.message = None;
        self.cancel_thinking();
        let played = self.game.moves().len();
        if played == 0 {
            self.message = Some("nothing to undo".into());
            return;
        }
        // Against the computer, also its reply, so the player moves next.
        let mut n = 1;
        let claimed = self.claimed.take().is_some();
        if !claimed {
            self.take_back(1);
            if played > 1 && self.computer() == Some(self.position().turn()) {
                self.take_back(1);
                n = 2;
            }
        } else {
            n = 0;
        }
        self.after_jump();
        self.message = Some(match n {
            0 => "the draw claim is withdrawn".into(),
            1 => "took back 1 move".into(),
            _ => format!("took back {n} moves"),
        });
    }

    fn redo(&mut self) {
        self.message = None;
        self.cancel_thinking();
        let Some(&m) = self.redo.last() else {
            self.message = Some("nothing to redo".into());
            return;
        };
        self.play(m);
        let mut n = 1;
        if self.computer() == Some(self.position().turn()) {
            if let Some(&reply) = self.redo.last() {
                self.play(reply);
                n = 2;
            }
        }
        self.after_jump();
        self.message = Some(format!(
            "replayed {n} move{}",
            if n == 1 { "" } else { "s" }
        ));
    }

    fn after_jump(&mut self) {
        self.selected = None;
        self.promotion = None;
        self.hint = None;
        self.hint_wanted = false;
        self.offer_wanted = false;
        self.stalled = false;
    }

    fn ask_hint(&mut self) {
        self.message = None;
        if self.options.chooser.is_none() {
            self.message = Some("no computer to ask for a hint".into());
        } else if self.is_over() {
            self.message = Some("the game is over: no hint".into());
        } else if self.computer() == Some(self.position().turn()) {
            self.message = Some("the computer is to move".into());
        } else {
            self.hint = None;
            self.hint_wanted = true;
            self.message = Some("thinking of a hint…".into());
        }
    }

    /// Whether the game's rules let a player claim a draw at all (chess
    /// does; Fourfold's draws come by themselves).
    pub fn has_claims(&self) -> bool {
        let draws = &self.position().variant().draws;
        draws.claim_plies.is_some() || draws.claim_repetitions.is_some()
    }

    fn claim_draw(&mut self) {
        if self.is_over() {
            return;
        }
        if self.remote.is_some() {
            if let Some(why) = self.watching() {
                self.message = Some(why);
            } else {
                self.send(Outgoing::Claim);
            }
            return;
        }
        if !self.has_claims() {
            self.message = Some(format!(
                "{} has no draw to claim: its draws come by themselves",
                self.options.notation.name()
            ));
            return;
        }
        if !self.game.can_claim_draw() {
            self.message = Some(
                "no draw to claim: that needs a threefold repetition or the move limit".into(),
            );
            return;
        }
        self.cancel_thinking();
        let draws = &self.position().variant().draws;
        let repeated = draws
            .claim_repetitions
            .is_some_and(|n| self.game.repetitions() >= n);
        self.claimed = Some(if repeated {
            Draw::Repetition
        } else {
            Draw::MoveLimit
        });
        self.message = None;
    }

    fn new_game(&mut self) {
        self.cancel_thinking();
        self.start = self.options.start.clone();
        self.replay(&[]);
        self.redo.clear();
        self.claimed = None;
        self.end = None;
        self.review = None;
        self.reset_clocks();
        self.after_jump();
        self.cursor = self.home();
        self.message = Some("new game".into());
    }

    fn cancel_thinking(&mut self) {
        if let Some((_, _, stop)) = self.thinking.take() {
            stop.store(true, Ordering::Relaxed);
        }
    }

    /// The search to start now, if any: the computer's move when it is to
    /// play, else a hint the player asked for. Run it off the interface's
    /// thread and hand the answer to [`Game::reply`].
    pub fn request(&mut self) -> Option<Request> {
        if self.thinking.is_some() || self.is_over() {
            return None;
        }
        let chooser = self.options.chooser.clone()?;
        let evaluator = self.options.evaluator.clone();
        let purpose = if self.computer() == Some(self.position().turn()) {
            if self.stalled {
                return None;
            }
            Purpose::Move
        } else if self.hint_wanted {
            self.hint_wanted = false;
            Purpose::Hint
        } else if self.offer_wanted && evaluator.is_some() {
            self.offer_wanted = false;
            Purpose::DrawOffer
        } else if self.eval_on
            && evaluator.is_some()
            && self.eval.as_ref().map(|(key, _)| *key) != Some(self.eval_key())
        {
            Purpose::Eval
        } else {
            return None;
        };
        let now = self.options.time.now();
        self.think_deadline = match (&self.clocks, purpose) {
            (Some(clocks), Purpose::Move | Purpose::Hint) => {
                Some(now + clocks.budget(self.game.position().turn(), now))
            }
            _ => None,
        };
        self.next_id += 1;
        let stop = Arc::new(AtomicBool::new(false));
        self.thinking = Some((self.next_id, purpose, stop.clone()));
        Some(Request {
            id: self.next_id,
            purpose,
            game: self.game.clone(),
            keys: self.keys(),
            stop,
            chooser,
            evaluator,
        })
    }

    /// The answer to request `id`, of whatever purpose.
    pub fn answer(&mut self, id: u64, answer: Answer) {
        match answer {
            Answer::Move(best) => self.reply(id, best),
            Answer::Eval(found) => self.reply_eval(id, found),
        }
    }

    /// An evaluation for request `id`: the `e` line, or the computer's
    /// answer to a draw offer.
    fn reply_eval(&mut self, id: u64, found: Option<SearchResult>) {
        let Some((current, purpose, _)) = self.thinking else {
            return;
        };
        if current != id {
            return;
        }
        self.thinking = None;
        match (purpose, found) {
            (Purpose::Eval, Some(found)) => {
                let text = super::eval::line(self.options.notation, self.game.position(), &found);
                self.eval = Some((self.eval_key(), text));
            }
            (Purpose::Eval, None) => {
                self.eval = Some((self.eval_key(), "eval: no evaluation".into()));
            }
            (Purpose::DrawOffer, Some(found)) => {
                let computer_to_move = self.computer() == Some(self.game.position().turn());
                let own = if computer_to_move {
                    found.score
                } else {
                    found.score.flipped()
                };
                if accepts_draw(found.score, computer_to_move) {
                    self.finish(End::Agreed);
                    self.message = Some(format!(
                        "the computer accepts the draw (it has {own} for itself)"
                    ));
                } else {
                    self.message = Some(format!(
                        "the computer declines the draw: it has {own} for itself"
                    ));
                }
            }
            (Purpose::DrawOffer, None) => {
                self.message = Some("the computer did not answer the draw offer".into());
            }
            (Purpose::Move | Purpose::Hint, _) => {}
        }
    }

    /// The answer to request `id`: played (or shown, for a hint) unless the
    /// game moved on since.
    pub fn reply(&mut self, id: u64, best: Option<Move>) {
        let Some((current, purpose, _)) = self.thinking else {
            return;
        };
        if current != id || matches!(purpose, Purpose::Eval | Purpose::DrawOffer) {
            return;
        }
        self.thinking = None;
        // A move the game does not allow is no answer.
        let best = best.filter(|m| self.position().legal_moves().contains(m));
        match (purpose, best) {
            (Purpose::Move, Some(m)) => self.play(m),
            (Purpose::Move, None) => {
                self.stalled = true;
                self.message = Some(format!(
                    "{} found no move",
                    self.options.notation.side_name(self.position().turn())
                ));
            }
            (Purpose::Hint, Some(m)) => {
                self.hint = Some(m);
                let notation = self.options.notation;
                let text = notation.write_move(self.position(), m);
                // A notation of bare coordinates (Duck Chess's) names no
                // piece: the hint does.
                self.message = Some(if text == notation.coordinate_move(self.position(), m) {
                    format!(
                        "hint: {} to {} ({text})",
                        self.piece_text(m.from()),
                        notation.square_name(self.position(), m.to())
                    )
                } else {
                    format!("hint: {text}")
                });
            }
            (Purpose::Hint, None) => self.message = Some("no hint found".into()),
            (Purpose::Eval | Purpose::DrawOffer, _) => {}
        }
    }

    /// Runs the pending search here (what the terminal does on a thread).
    pub fn think_here(&mut self) {
        while let Some(r) = self.request() {
            let answer = r.answer();
            self.answer(r.id, answer);
        }
    }

    /// The hash keys of the positions of the game, the start first.
    pub fn keys(&self) -> Vec<u64> {
        let mut position = self.start.clone();
        let mut keys = vec![position.key()];
        for &m in self.game.moves() {
            if position.play(m).is_err() {
                break;
            }
            keys.push(position.key());
        }
        keys
    }

    /// The record of the game so far, in the variant's record format; a
    /// PGN names the computer's side `duckchess` (the person's stays `?`,
    /// a name the game does not know).
    pub fn record(&self) -> String {
        let record = self
            .options
            .notation
            .write_record(&*self.start, self.game.moves());
        if self.options.notation.record_format() != "PGN" || self.options.vs != Vs::Computer {
            return record;
        }
        let tag = match self.options.computer {
            Color::White => "White",
            Color::Black => "Black",
        };
        record.replacen(
            &format!("[{tag} \"?\"]"),
            &format!("[{tag} \"duckchess\"]"),
            1,
        )
    }

    /// The prefix of saved files: the variant's name and a dash.
    fn file_prefix(&self) -> String {
        format!("{}-", self.options.notation.name())
    }

    /// Writes [`Game::record`] to a new `<variant>-<UTC time>.<ext>`
    /// in `dir` (with `-2`, `-3`, … when taken) and returns its path.
    pub fn save(&self, dir: &Path, now: SystemTime) -> io::Result<PathBuf> {
        let ext = self.options.notation.record_extension();
        super::save_new(dir, &self.file_prefix(), now, ext, &self.record())
    }

    fn save_now(&mut self) {
        let dir = self.options.save_dir.clone();
        self.message = Some(match self.save(&dir, SystemTime::now()) {
            Ok(path) => {
                self.saved = Some(self.moves().len());
                format!("saved {}", display_name(&path))
            }
            Err(e) => format!("could not save: {e}"),
        });
    }

    /// The newest record saved for this variant in `dir` (names sort by
    /// time).
    pub fn newest_record(&self, dir: &Path) -> io::Result<Option<PathBuf>> {
        let dir = if dir.as_os_str().is_empty() {
            Path::new(".")
        } else {
            dir
        };
        let suffix = format!(".{}", self.options.notation.record_extension());
        let prefix = self.file_prefix();
        let mut found: Vec<(SystemTime, PathBuf)> = Vec::new();
        for entry in std::fs::read_dir(dir)? {
            let entry = entry?;
            let name = entry.file_name().to_string_lossy().into_owned();
            let stamped = name
                .strip_prefix(&prefix)
                .is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_digit()));
            if stamped && name.ends_with(&suffix) {
                let modified = entry.metadata()?.modified()?;
                found.push((modified, entry.path()));
            }
        }
        found.sort();
        Ok(found.pop().map(|(_, p)| p))
    }

    /// Replaces the game by the record in `path`.
    pub fn load(&mut self, path: &Path) -> Result<(), String> {
        let text = crate::variants::input::read_file(path).map_err(|e| e.to_string())?;
        let (start, moves) = self
            .options
            .notation
            .read_record(&text)
            .map_err(|e| e.to_string())?;
        self.cancel_thinking();
        self.start = start;
        self.replay(&moves);
        self.saved = Some(self.moves().len());
        self.redo.clear();
        self.claimed = None;
        self.end = None;
        self.review = None;
        self.reset_clocks();
        self.after_jump();
        self.cursor = self.home();
        Ok(())
    }

    fn load_newest(&mut self) {
        let dir = self.options.save_dir.clone();
        self.message = Some(match self.newest_record(&dir) {
            Ok(Some(path)) => match self.load(&path) {
                Ok(()) => {
                    let n = self.moves().len();
                    format!(
                        "loaded {} ({n} move{})",
                        display_name(&path),
                        if n == 1 { "" } else { "s" }
                    )
                }
                Err(e) => format!("could not load {}: {e}", display_name(&path)),
            },
            Ok(None) => format!(
                "no saved {} game ({}*.{}) to load",
                self.options.notation.name(),
                self.file_prefix(),
                self.options.notation.record_extension()
            ),
            Err(e) => format!("could not look for saved games: {e}"),
        });
    }

    /// The first status line: whose move, check, thinking; or the result
    /// and its reason.
    pub fn status(&self) -> String {
        if let Some(result) = self.result() {
            return format!("game over: {result}");
        }
        let turn = self.position().turn();
        let who = match self.computer() {
            Some(c) if c == turn => " (computer)",
            Some(_) => " (you)",
            None => "",
        };
        let side = self.options.notation.side_name(turn);
        let mut text = format!("{side}{who} to move");
        // Check as the game counts it: the side to move's royal piece in
        // chess; either side's captain in Duck Chess.
        if !status::attacking(self.position()).is_empty() {
            text.push_str(", check");
        }
        if let Some((_, purpose, _)) = self.thinking {
            text.push_str(match purpose {
                Purpose::Move => ", thinking…",
                Purpose::Hint => ", looking for a hint…",
                Purpose::Eval => ", evaluating…",
                Purpose::DrawOffer => ", a draw offered…",
            });
        }
        if self.game.can_claim_draw() {
            text.push_str(" (d claims a draw)");
        }
        if let Some(presence) = self.presence() {
            text = format!("{text} ({presence})");
        }
        text
    }

    /// The second line: the `:` prompt and its text while it is open, the
    /// last message, or what to do next.
    pub fn prompt(&self) -> String {
        if let Some(text) = self.typing() {
            return format!(":{text}_");
        }
        if let Some(m) = &self.message {
            return m.clone();
        }
        if self.is_over() {
            let last = if self.remote.is_some() {
                "q: quit"
            } else {
                "n: new game"
            };
            return format!("←/→ u/r: review the moves  Home/End: start/end  {last}");
        }
        match self.selected {
            Some(at) => {
                let n = self.reach().len();
                let s = if n == 1 { "" } else { "s" };
                format!("{} selected: {n} target{s} in [ ]", self.piece_text(at))
            }
            None => {
                // A check is spelt out while nothing is picked up.
                let attacks = status::attacks(self.options.notation, self.position());
                match attacks.first() {
                    Some(attack) => format!("check: {attack}"),
                    None => format!(
                        "pick a {} piece",
                        self.options.notation.side_name(self.position().turn())
                    ),
                }
            }
        }
    }

    /// The third line: under the `:` prompt, its message (the candidates
    /// of a Tab, why a move was refused) or how to use it.
    pub fn detail(&self) -> String {
        if self.typing.is_some() {
            return self.message.clone().unwrap_or_else(|| {
                "a move in the game's notation: Tab completes, Enter plays, Esc closes".into()
            });
        }
        self.eval_line().unwrap_or_default()
    }

    /// The result in the game's words, once the game is over: a
    /// resignation, an agreement or a flag first, else the rules' verdict
    /// or a draw claimed.
    pub fn result(&self) -> Option<String> {
        if let Some(end) = self.online_end() {
            return Some(end.to_string());
        }
        if let Some(end) = self.end {
            return Some(end.describe(self.options.notation));
        }
        self.outcome().map(|o| self.describe(o))
    }

    /// The result in the game's words.
    fn describe(&self, outcome: Outcome) -> String {
        status::describe(
            self.options.notation,
            self.game.position(),
            outcome,
            Some(&*self.game),
        )
    }

    /// The move list as lines at most `width` wide: `1. e4 e5`, or each
    /// move on its own line when a pair does not fit or the game has
    /// verdicts, each verdict indented under its move (broken after a `;`
    /// when it is too long).
    pub fn move_lines(&self, width: usize) -> Vec<String> {
        let mut lines = Vec::new();
        let mut number = self.start.fullmove();
        let mut black = self.start.turn() == Color::Black;
        let mut pending: Option<String> = None;
        let verdicts = self.verdicts.iter().any(Option::is_some);
        for (note, verdict) in self.notes.iter().zip(&self.verdicts) {
            let own = if black {
                format!("{number}... {note}")
            } else {
                format!("{number}. {note}")
            };
            if verdicts {
                lines.push(own);
                if let Some(verdict) = verdict {
                    wrap_verdict(verdict, width, &mut lines);
                }
            } else if black {
                match pending.take() {
                    Some(white) => {
                        let pair = format!("{white} {note}");
                        if pair.chars().count() <= width {
                            lines.push(pair);
                        } else {
                            lines.push(white);
                            lines.push(own);
                        }
                    }
                    None => lines.push(own),
                }
            } else {
                pending = Some(own);
            }
            if black {
                number += 1;
            }
            black = !black;
        }
        lines.extend(pending);
        lines
    }
}

/// Appends `verdict` indented, broken after a `;` where the line is wider
/// than `width` (a part wider than that on its own is kept whole).
fn wrap_verdict(verdict: &str, width: usize, lines: &mut Vec<String>) {
    const INDENT: &str = "   ";
    let mut line = String::from(INDENT);
    for part in verdict.split_inclusive(';') {
        if line.len() > INDENT.len() && line.len() + part.len() > width {
            lines.push(std::mem::replace(&mut line, String::from(INDENT)));
        }
        line.push_str(part);
    }
    lines.push(line);
}

fn display_name(path: &Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

#[cfg(test)]
#[path = "test_game.rs"]
mod tests;
