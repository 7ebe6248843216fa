//! The terminal game for every kernel variant (chess, the cube, Fourfold),
//! as a state machine over the front-end seam: a [`Notation`], a
//! `dyn AnyGame` and the board-cell [`Layout`].
//!
//! As with Duck Chess's [`super::Game`], nothing here touches a terminal:
//! [`KernelGame::handle`] takes a [`KernelAction`] and
//! [`super::kernel_tui`] only reads the state back.
//!
//! ```
//! use duckchess::play::kernel_game::{KernelAction, KernelGame, KernelOptions};
//! use duckchess::play::Vs;
//! let chess = duckchess::variants::by_name("chess").unwrap();
//! let mut game = KernelGame::new(KernelOptions { vs: Vs::Human, ..KernelOptions::new(chess) });
//! // e2 is the square 12; click it, then e4 (28).
//! game.handle(KernelAction::Click(12));
//! assert_eq!(game.reach(), vec![20, 28]);
//! game.handle(KernelAction::Click(28));
//! assert_eq!(game.moves().len(), 1);
//! ```

use super::Vs;
use crate::kernel::{AnyGame, AnyPosition, Color, Draw, Move, Outcome, Win};
use crate::variants::layout::{Layout, GAP};
use crate::variants::Notation;
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

/// How a game of a kernel variant is set up.
#[derive(Clone)]
pub struct KernelOptions {
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
    /// Where saved games go and are loaded from; empty: the current
    /// directory.
    pub save_dir: PathBuf,
}

impl KernelOptions {
    /// The variant's start, two people at one keyboard, no computer.
    pub fn new(notation: &'static dyn Notation) -> KernelOptions {
        KernelOptions {
            notation,
            start: notation.start(),
            moves: Vec::new(),
            vs: Vs::Human,
            computer: Color::Black,
            chooser: None,
            save_dir: PathBuf::new(),
        }
    }
}

/// What the player asked for: the meaning of a key or a click.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum KernelAction {
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
    /// Write the game as a record file.
    Save,
    /// Read back the newest saved record.
    Load,
    /// Start again.
    New,
    /// Leave.
    Quit,
}

/// What a search is for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// The computer's own move.
    Move,
    /// A suggestion for the player.
    Hint,
}

/// A search to run off the interface's thread; answer with
/// [`KernelGame::reply`].
pub struct KernelRequest {
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
}

impl KernelRequest {
    /// Runs the chooser.
    pub fn think(&self) -> Option<Move> {
        (self.chooser)(&*self.game, &self.keys, &self.stop)
    }
}

/// A game of a kernel variant in the terminal: see the module docs.
pub struct KernelGame {
    options: KernelOptions,
    start: Box<dyn AnyPosition>,
    game: Box<dyn AnyGame>,
    /// Each move's text in the variant's notation, written before it.
    notes: Vec<String>,
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
    next_id: u64,
    stalled: bool,
    quit: bool,
}

impl KernelGame {
    /// A new game; the options' moves are played from their start (a move
    /// that is not legal ends the list there).
    pub fn new(options: KernelOptions) -> KernelGame {
        let start = options.start.clone();
        let moves = options.moves.clone();
        let mut game = KernelGame {
            game: start.new_game(),
            start,
            options,
            notes: Vec::new(),
            redo: Vec::new(),
            cursor: 0,
            selected: None,
            promotion: None,
            hint: None,
            hint_wanted: false,
            claimed: None,
            message: None,
            thinking: None,
            next_id: 0,
            stalled: false,
            quit: false,
        };
        game.replay(&moves);
        game.cursor = game.home();
        game
    }

    /// The variant's notation.
    pub fn notation(&self) -> &'static dyn Notation {
        self.options.notation
    }

    /// The position now.
    pub fn position(&self) -> &dyn AnyPosition {
        self.game.position()
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

    /// The moves in the variant's notation.
    pub fn notes(&self) -> &[String] {
        &self.notes
    }

    /// Where the squares are drawn.
    pub fn layout(&self) -> Layout {
        self.options.notation.layout(self.position())
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

    /// The last move, to mark it.
    pub fn last_move(&self) -> Option<Move> {
        self.game.moves().last().copied()
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
        let side = match self.computer() {
            Some(c) => c.other(),
            None => self.position().turn(),
        };
        self.position()
            .royal_square(side)
            .or_else(|| self.movable().first().copied())
            .unwrap_or(0)
    }

    /// Does what `action` asks.
    pub fn handle(&mut self, action: KernelAction) {
        use KernelAction as A;
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
            A::Save => self.save_now(),
            A::Load => self.load_newest(),
            A::New => self.new_game(),
            A::Quit => {
                self.cancel_thinking();
                self.quit = true;
            }
        }
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
        let name = self.options.notation.square_name(self.position(), square);
        match self.position().piece_at(square) {
            Some(p) => {
                let kind = &self.position().variant().kind(p.kind).name;
                format!("the {} {kind} on {name}", p.color)
            }
            None => name,
        }
    }

    fn activate(&mut self) {
        self.message = None;
        if let Some(outcome) = self.outcome() {
            self.message = Some(format!(
                "the game is over ({}): n for a new game, u to undo",
                describe(outcome, self.position())
            ));
            return;
        }
        let turn = self.position().turn();
        if self.computer() == Some(turn) {
            self.message = Some(format!("wait: {turn} is the computer's side"));
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
                        let why = if self.position().is_check() {
                            " (mind the check)"
                        } else {
                            ""
                        };
                        self.message = Some(format!(
                            "{} cannot go to {}{why}",
                            self.piece_text(from),
                            self.options.notation.square_name(self.position(), at)
                        ));
                    }
                    1 => self.play(moves[0]),
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
                self.message = Some(match self.position().piece_at(at) {
                    None => format!("{} is empty", self.piece_text(at)),
                    Some(_) => format!("{} is not yours: {turn} to move", self.piece_text(at)),
                });
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
                self.promotion = None;
                self.play(m);
            }
            None => self.message = Some(format!("{letter:?} is not one of the choices")),
        }
    }

    /// Plays a legal move and writes it down; a move that was the next to
    /// redo keeps the rest of the redo list.
    fn play(&mut self, m: Move) {
        // A hint being sought is for the position this move leaves.
        if matches!(self.thinking, Some((_, Purpose::Hint, _))) {
            self.cancel_thinking();
        }
        let note = self.options.notation.write_move(self.position(), m);
        if self.game.play(m).is_err() {
            self.message = Some(format!("{note} is not legal here"));
            return;
        }
        self.notes.push(note);
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
        for &m in moves {
            let note = self.options.notation.write_move(self.game.position(), m);
            if self.game.play(m).is_err() {
                break;
            }
            self.notes.push(note);
        }
    }

    /// Back to the position before the last `n` moves.
    fn take_back(&mut self, n: usize) {
        let moves = self.game.moves().to_vec();
        let keep = moves.len() - n;
        self.redo.extend(moves[keep..].iter().rev());
        self.replay(&moves[..keep]);
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
        self.stalled = false;
    }

    fn ask_hint(&mut self) {
        self.message = None;
        if self.options.chooser.is_none() {
            self.message = Some("no computer to ask for a hint".into());
        } else if self.outcome().is_some() {
            self.message = Some("the game is over: no hint".into());
        } else if self.computer() == Some(self.position().turn()) {
            self.message = Some("the computer is to move".into());
        } else {
            self.hint = None;
            self.hint_wanted = true;
            self.message = Some("thinking of a hint…".into());
        }
    }

    fn claim_draw(&mut self) {
        if self.outcome().is_some() {
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
    /// thread and hand the answer to [`KernelGame::reply`].
    pub fn request(&mut self) -> Option<KernelRequest> {
        if self.thinking.is_some() || self.outcome().is_some() {
            return None;
        }
        let chooser = self.options.chooser.clone()?;
        let purpose = if self.computer() == Some(self.position().turn()) {
            if self.stalled {
                return None;
            }
            Purpose::Move
        } else if self.hint_wanted {
            self.hint_wanted = false;
            Purpose::Hint
        } else {
            return None;
        };
        self.next_id += 1;
        let stop = Arc::new(AtomicBool::new(false));
        self.thinking = Some((self.next_id, purpose, stop.clone()));
        Some(KernelRequest {
            id: self.next_id,
            purpose,
            game: self.game.clone(),
            keys: self.keys(),
            stop,
            chooser,
        })
    }

    /// The answer to request `id`: played (or shown, for a hint) unless the
    /// game moved on since.
    pub fn reply(&mut self, id: u64, best: Option<Move>) {
        let Some((current, purpose, _)) = self.thinking else {
            return;
        };
        if current != id {
            return;
        }
        self.thinking = None;
        // A move the game does not allow is no answer.
        let best = best.filter(|m| self.position().legal_moves().contains(m));
        match (purpose, best) {
            (Purpose::Move, Some(m)) => self.play(m),
            (Purpose::Move, None) => {
                self.stalled = true;
                self.message = Some(format!("{} found no move", self.position().turn()));
            }
            (Purpose::Hint, Some(m)) => {
                self.hint = Some(m);
                let text = self.options.notation.write_move(self.position(), m);
                self.message = Some(format!("hint: {text}"));
            }
            (Purpose::Hint, None) => self.message = Some("no hint found".into()),
        }
    }

    /// Runs the pending search here (what the terminal does on a thread).
    pub fn think_here(&mut self) {
        while let Some(r) = self.request() {
            let best = r.think();
            self.reply(r.id, best);
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

    /// The record of the game so far, in the variant's record format.
    pub fn record(&self) -> String {
        self.options
            .notation
            .write_record(&*self.start, self.game.moves())
    }

    /// The prefix of saved files: the variant's name and a dash.
    fn file_prefix(&self) -> String {
        format!("{}-", self.options.notation.name())
    }

    /// Writes [`KernelGame::record`] to a new `<variant>-<UTC time>.<ext>`
    /// in `dir` (with `-2`, `-3`, … when taken) and returns its path.
    pub fn save(&self, dir: &Path, now: SystemTime) -> io::Result<PathBuf> {
        let ext = self.options.notation.record_extension();
        super::save_new(dir, &self.file_prefix(), now, ext, &self.record())
    }

    fn save_now(&mut self) {
        let dir = self.options.save_dir.clone();
        self.message = Some(match self.save(&dir, SystemTime::now()) {
            Ok(path) => format!("saved {}", display_name(&path)),
            Err(e) => format!("could not save the game: {e}"),
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
        let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
        let (start, moves) = self
            .options
            .notation
            .read_record(&text)
            .map_err(|e| e.to_string())?;
        self.cancel_thinking();
        self.start = start;
        self.replay(&moves);
        self.redo.clear();
        self.claimed = None;
        self.after_jump();
        self.cursor = self.home();
        Ok(())
    }

    fn load_newest(&mut self) {
        let dir = self.options.save_dir.clone();
        self.message = Some(match self.newest_record(&dir) {
            Ok(Some(path)) => match self.load(&path) {
                Ok(()) => format!(
                    "loaded {} ({} moves)",
                    display_name(&path),
                    self.moves().len()
                ),
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
        if let Some(outcome) = self.outcome() {
            return format!("game over: {}", describe(outcome, self.position()));
        }
        let turn = self.position().turn();
        let who = match self.computer() {
            Some(c) if c == turn => " (computer)",
            Some(_) => " (you)",
            None => "",
        };
        let mut text = format!("{turn}{who} to move");
        if self.position().is_check() {
            text.push_str(", in check");
        }
        if let Some((_, purpose, _)) = self.thinking {
            text.push_str(match purpose {
                Purpose::Move => ", thinking…",
                Purpose::Hint => ", looking for a hint…",
            });
        }
        if self.game.can_claim_draw() {
            text.push_str(" (d claims a draw)");
        }
        text
    }

    /// The second line: the last message, or what to do next.
    pub fn prompt(&self) -> String {
        if let Some(m) = &self.message {
            return m.clone();
        }
        if self.outcome().is_some() {
            return "n: new game, u: undo, q: quit".into();
        }
        match self.selected {
            Some(at) => {
                let n = self.reach().len();
                let s = if n == 1 { "" } else { "s" };
                format!("{} selected: {n} target{s} in [ ]", self.piece_text(at))
            }
            None => format!("pick a {} piece", self.position().turn()),
        }
    }

    /// The move list as lines at most `width` wide: `1. e4 e5`, or each
    /// move on its own line when a pair does not fit.
    pub fn move_lines(&self, width: usize) -> Vec<String> {
        let mut lines = Vec::new();
        let mut number = self.start.fullmove();
        let mut black = self.start.turn() == Color::Black;
        let mut pending: Option<String> = None;
        for note in &self.notes {
            if black {
                match pending.take() {
                    Some(white) => {
                        let pair = format!("{white} {note}");
                        if pair.chars().count() <= width {
                            lines.push(pair);
                        } else {
                            lines.push(white);
                            lines.push(format!("{number}... {note}"));
                        }
                    }
                    None => lines.push(format!("{number}... {note}")),
                }
                number += 1;
            } else {
                pending = Some(format!("{number}. {note}"));
            }
            black = !black;
        }
        lines.extend(pending);
        lines
    }
}

/// The result and its reason, in words.
pub fn describe(outcome: Outcome, position: &dyn AnyPosition) -> String {
    let draws = &position.variant().draws;
    match outcome {
        Outcome::Decisive { winner, how } => {
            let how = match how {
                Win::Checkmate => "checkmate",
                Win::RoyalCaptured => "the king is taken",
            };
            format!("{winner} wins by {how}")
        }
        Outcome::Draw(why) => {
            let why = match why {
                Draw::Stalemate => "stalemate".to_string(),
                Draw::DeadPosition => "too little material to mate".to_string(),
                Draw::MoveLimit => {
                    let plies = draws
                        .automatic_plies
                        .filter(|&n| position.halfmove() >= n)
                        .or(draws.claim_plies)
                        .unwrap_or(position.halfmove());
                    format!("{plies} plies without a capture or pawn move")
                }
                Draw::Repetition => "repetition of the position".to_string(),
            };
            format!("draw by {why}")
        }
    }
}

fn display_name(path: &Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

#[cfg(test)]
mod tests {
    use super::super::test_variants::{fourfold_like, small_cube};
    use super::*;
    use crate::variants::by_name;
    use KernelAction as A;

    fn chess() -> &'static dyn Notation {
        by_name("chess").unwrap()
    }

    fn human(notation: &'static dyn Notation) -> KernelGame {
        KernelGame::new(KernelOptions::new(notation))
    }

    fn from(notation: &'static dyn Notation, text: &str) -> KernelGame {
        KernelGame::new(KernelOptions {
            start: notation.read_position(text).unwrap(),
            ..KernelOptions::new(notation)
        })
    }

    fn sq(game: &KernelGame, name: &str) -> usize {
        let layout = game.layout();
        (0..layout.shape().len())
            .find(|&s| game.notation().square_name(game.position(), s) == name)
            .unwrap_or_else(|| panic!("no square {name}"))
    }

    /// Drives the cursor with arrow actions (within a board) to `target`,
    /// which must be on the cursor's board.
    fn walk(game: &mut KernelGame, target: usize) {
        let layout = game.layout();
        let (tr, tc) = layout.place(target);
        for _ in 0..64 {
            let (r, c) = layout.place(game.cursor());
            let action = if r > tr {
                A::Up
            } else if r < tr {
                A::Down
            } else if c > tc {
                A::Left
            } else if c < tc {
                A::Right
            } else {
                return;
            };
            game.handle(action);
        }
        assert_eq!(game.cursor(), target, "could not walk there");
    }

    fn keys_move(game: &mut KernelGame, a: &str, b: &str) {
        let (a, b) = (sq(game, a), sq(game, b));
        walk(game, a);
        game.handle(A::Activate);
        walk(game, b);
        game.handle(A::Activate);
    }

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("duckchess-kg-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    /// A chooser for tests: the first legal move.
    fn first_move() -> Chooser {
        Arc::new(|game: &dyn AnyGame, _keys: &[u64], _stop: &AtomicBool| {
            game.position().legal_moves().first().copied()
        })
    }

    #[test]
    fn chess_select_shows_reach_and_moves_by_keys() {
        let mut game = human(chess());
        assert_eq!(game.cursor(), sq(&game, "e1"), "starts on the king");
        let e2 = sq(&game, "e2");
        walk(&mut game, e2);
        game.handle(A::Activate);
        assert_eq!(game.selected(), Some(e2));
        assert_eq!(game.reach(), vec![sq(&game, "e3"), sq(&game, "e4")]);
        assert!(game.prompt().contains("2 targets"), "{}", game.prompt());
        let e4 = sq(&game, "e4");
        walk(&mut game, e4);
        game.handle(A::Activate);
        assert_eq!(game.moves().len(), 1);
        assert_eq!(game.last_move().map(|m| (m.from(), m.to())), Some((e2, e4)));
        assert_eq!(
            game.notes()[0],
            chess().write_move(&*chess().start(), game.moves()[0])
        );
        assert!(
            game.status().starts_with("black to move"),
            "{}",
            game.status()
        );
        // The cursor stops at the board's edge.
        for _ in 0..10 {
            game.handle(A::Right);
        }
        assert_eq!(game.cursor(), sq(&game, "h4"));
    }

    #[test]
    fn a_wrong_target_or_piece_says_why() {
        let mut game = human(chess());
        keys_move(&mut game, "g1", "g3");
        assert!(game.moves().is_empty());
        assert_eq!(game.prompt(), "the white knight on g1 cannot go to g3");
        assert_eq!(game.selected(), Some(sq(&game, "g1")), "still selected");
        game.handle(A::Cancel);
        assert_eq!(game.selected(), None);
        game.handle(A::Click(sq(&game, "e7")));
        assert_eq!(
            game.prompt(),
            "the black pawn on e7 is not yours: white to move"
        );
        game.handle(A::Click(sq(&game, "e5")));
        assert_eq!(game.prompt(), "e5 is empty");
    }

    #[test]
    fn promotion_asks_and_takes_the_letter() {
        let mut game = from(chess(), "7k/P7/8/8/8/8/8/K7 w - - 0 1");
        game.handle(A::Click(sq(&game, "a7")));
        game.handle(A::Click(sq(&game, "a8")));
        assert!(game.moves().is_empty());
        assert_eq!(game.promotion_choices(), Some(vec!['q', 'r', 'b', 'n']));
        assert!(
            game.prompt().starts_with("promote to: q r b n"),
            "{}",
            game.prompt()
        );
        game.handle(A::Promote('x'));
        assert!(game.moves().is_empty());
        game.handle(A::Promote('n'));
        assert_eq!(game.moves().len(), 1);
        let knight = game.position().piece_at(sq(&game, "a8")).unwrap();
        assert_eq!(game.position().variant().kind(knight.kind).name, "knight");
        // Esc drops the prompt; Enter takes the queen.
        game.handle(A::Undo);
        game.handle(A::Click(sq(&game, "a7")));
        game.handle(A::Click(sq(&game, "a8")));
        game.handle(A::Cancel);
        assert_eq!(game.promotion_choices(), None);
        game.handle(A::Click(sq(&game, "a7")));
        game.handle(A::Click(sq(&game, "a8")));
        game.handle(A::Activate);
        let queen = game.position().piece_at(sq(&game, "a8")).unwrap();
        assert_eq!(game.position().variant().kind(queen.kind).name, "queen");
    }

    #[test]
    fn castling_is_the_king_moving_two_squares() {
        let mut game = from(chess(), "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        game.handle(A::Click(sq(&game, "e1")));
        assert!(game.reach().contains(&sq(&game, "g1")));
        game.handle(A::Click(sq(&game, "g1")));
        assert_eq!(game.moves().len(), 1);
        let rook = game.position().piece_at(sq(&game, "f1")).unwrap();
        assert_eq!(game.position().variant().kind(rook.kind).name, "rook");
    }

    #[test]
    fn undo_and_redo_step_through_the_game() {
        let mut game = human(chess());
        game.handle(A::Redo);
        assert_eq!(game.prompt(), "nothing to redo");
        keys_move(&mut game, "e2", "e4");
        keys_move(&mut game, "e7", "e5");
        keys_move(&mut game, "g1", "f3");
        let end = chess().write_position(game.position());
        game.handle(A::Undo);
        game.handle(A::Undo);
        assert_eq!(game.moves().len(), 1);
        assert_eq!(game.notes().len(), 1);
        game.handle(A::Redo);
        game.handle(A::Redo);
        assert_eq!(chess().write_position(game.position()), end);
        // A different move after an undo forgets what was undone.
        game.handle(A::Undo);
        keys_move(&mut game, "b1", "c3");
        game.handle(A::Redo);
        assert_eq!(game.prompt(), "nothing to redo");
        game.handle(A::New);
        assert!(game.moves().is_empty());
        assert_eq!(
            chess().write_position(game.position()),
            chess().write_position(&*chess().start())
        );
    }

    #[test]
    fn against_the_computer_undo_and_redo_take_the_reply_too() {
        let mut game = KernelGame::new(KernelOptions {
            vs: Vs::Computer,
            chooser: Some(first_move()),
            ..KernelOptions::new(chess())
        });
        keys_move(&mut game, "e2", "e4");
        assert!(game.status().contains("black (computer) to move"));
        game.handle(A::Click(sq(&game, "e7")));
        assert!(game.prompt().contains("computer"), "{}", game.prompt());
        game.think_here();
        assert_eq!(game.moves().len(), 2);
        let after = chess().write_position(game.position());
        game.handle(A::Undo);
        assert!(game.moves().is_empty());
        assert_eq!(game.prompt(), "took back 2 moves");
        game.handle(A::Redo);
        assert_eq!(game.prompt(), "replayed 2 moves");
        assert_eq!(chess().write_position(game.position()), after);
    }

    #[test]
    fn a_hint_is_asked_of_the_chooser_and_shown() {
        let mut game = KernelGame::new(KernelOptions {
            chooser: Some(first_move()),
            ..KernelOptions::new(chess())
        });
        game.handle(A::Hint);
        let request = game.request().expect("a hint search");
        assert_eq!(request.purpose, Purpose::Hint);
        let best = request.think();
        game.reply(request.id, best);
        let m = game.hint().unwrap();
        assert_eq!(m, chess().start().legal_moves()[0]);
        let text = chess().write_move(&*chess().start(), m);
        assert_eq!(game.prompt(), format!("hint: {text}"));
        // A hint that comes after the player moved is dropped.
        game.handle(A::Hint);
        let request = game.request().expect("a hint search");
        game.handle(A::Click(12));
        game.handle(A::Click(28));
        assert!(
            request.stop.load(Ordering::Relaxed),
            "the search is told to stop"
        );
        game.reply(request.id, request.think());
        assert_eq!(game.hint(), None);
        assert!(!game.prompt().starts_with("hint"), "{}", game.prompt());
        // Without a computer there is nobody to ask.
        let mut alone = human(chess());
        alone.handle(A::Hint);
        assert!(alone.request().is_none());
        assert_eq!(alone.prompt(), "no computer to ask for a hint");
    }

    #[test]
    fn a_dropped_search_is_stopped_and_its_answer_ignored() {
        for action in [A::Undo, A::New, A::Quit] {
            let slow: Chooser = Arc::new(|game: &dyn AnyGame, _: &[u64], stop: &AtomicBool| {
                while !stop.load(Ordering::Relaxed) {
                    std::thread::sleep(std::time::Duration::from_millis(5));
                }
                game.position().legal_moves().first().copied()
            });
            let mut game = KernelGame::new(KernelOptions {
                vs: Vs::Computer,
                computer: Color::White,
                chooser: Some(slow),
                ..KernelOptions::new(chess())
            });
            let request = game.request().expect("white (the computer) moves first");
            let id = request.id;
            let (tx, rx) = std::sync::mpsc::channel();
            std::thread::spawn(move || tx.send(request.think()));
            game.handle(action);
            let answer = rx.recv_timeout(std::time::Duration::from_secs(5));
            assert!(answer.is_ok(), "{action:?}: the search did not stop");
            if action != A::Quit {
                game.reply(id, answer.unwrap());
                assert!(
                    game.moves().is_empty(),
                    "{action:?}: a stale reply was played"
                );
            }
        }
    }

    #[test]
    fn the_end_says_who_won_and_why() {
        // Fool's mate, by clicks.
        let mut game = human(chess());
        for (a, b) in [("f2", "f3"), ("e7", "e5"), ("g2", "g4"), ("d8", "h4")] {
            game.handle(A::Click(sq(&game, a)));
            game.handle(A::Click(sq(&game, b)));
        }
        assert_eq!(game.status(), "game over: black wins by checkmate");
        game.handle(A::Click(sq(&game, "e2")));
        assert!(
            game.prompt().contains("the game is over"),
            "{}",
            game.prompt()
        );
        game.handle(A::Undo);
        assert!(
            game.status().starts_with("black to move"),
            "{}",
            game.status()
        );
        let stalemate = from(chess(), "k7/8/1Q6/8/8/8/8/7K b - - 0 1");
        assert_eq!(stalemate.status(), "game over: draw by stalemate");
        let bare = from(chess(), "k7/8/8/8/8/8/8/7K w - - 0 1");
        assert_eq!(
            bare.status(),
            "game over: draw by too little material to mate"
        );
        let check = from(chess(), "k7/8/8/8/8/8/8/r6K w - - 0 1");
        assert!(check.status().contains("in check"), "{}", check.status());
    }

    #[test]
    fn a_repetition_may_be_claimed() {
        let mut game = human(chess());
        game.handle(A::ClaimDraw);
        assert!(game.outcome().is_none());
        for _ in 0..2 {
            for (a, b) in [("g1", "f3"), ("g8", "f6"), ("f3", "g1"), ("f6", "g8")] {
                game.handle(A::Click(sq(&game, a)));
                game.handle(A::Click(sq(&game, b)));
            }
        }
        assert!(
            game.status().contains("d claims a draw"),
            "{}",
            game.status()
        );
        game.handle(A::ClaimDraw);
        assert_eq!(
            game.status(),
            "game over: draw by repetition of the position"
        );
        game.handle(A::Undo);
        assert!(game.outcome().is_none());
    }

    #[test]
    fn the_move_list_pairs_moves_and_splits_long_pairs() {
        let mut game = human(chess());
        keys_move(&mut game, "e2", "e4");
        keys_move(&mut game, "e7", "e5");
        keys_move(&mut game, "g1", "f3");
        let n = game.notes().to_vec();
        assert_eq!(
            game.move_lines(40),
            [format!("1. {} {}", n[0], n[1]), format!("2. {}", n[2])]
        );
        // Too narrow for "1. e4 e5": each move on a line of its own.
        let narrow = game.move_lines(6);
        assert_eq!(narrow[0], format!("1. {}", n[0]));
        assert_eq!(narrow[1], format!("1... {}", n[1]));
        let black_first = from(chess(), "k7/8/8/8/8/8/8/1R5K b - - 0 7");
        let mut g = black_first;
        g.handle(A::Click(sq(&g, "a8")));
        g.handle(A::Click(sq(&g, "a7")));
        assert_eq!(g.move_lines(40)[0], format!("7... {}", g.notes()[0]));
    }

    #[test]
    fn save_and_load_round_trip() {
        let dir = scratch("save");
        let mut game = KernelGame::new(KernelOptions {
            save_dir: dir.clone(),
            ..KernelOptions::new(chess())
        });
        game.handle(A::Load);
        assert!(
            game.prompt().starts_with("no saved chess game"),
            "{}",
            game.prompt()
        );
        keys_move(&mut game, "e2", "e4");
        keys_move(&mut game, "e7", "e5");
        let moves = game.moves().to_vec();
        let position = chess().write_position(game.position());
        game.handle(A::Save);
        let files: Vec<PathBuf> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        assert_eq!(files.len(), 1);
        let name = files[0].file_name().unwrap().to_string_lossy().into_owned();
        // Chess saves its record as PGN.
        assert!(
            name.starts_with("chess-") && name.ends_with(".pgn"),
            "{name}"
        );
        assert_eq!(game.prompt(), format!("saved {name}"));
        game.handle(A::New);
        assert!(game.moves().is_empty());
        game.handle(A::Load);
        assert_eq!(game.prompt(), format!("loaded {name} (2 moves)"));
        assert_eq!(game.moves(), moves);
        assert_eq!(chess().write_position(game.position()), position);
        // A broken record is refused, and the game is kept.
        std::fs::write(&files[0], "not a position\n").unwrap();
        game.handle(A::Load);
        assert!(
            game.prompt()
                .starts_with(&format!("could not load {name}: game 1, line 1")),
            "{}",
            game.prompt()
        );
        assert_eq!(game.moves(), moves);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// For every board (chess, Fourfold-like, the cubes): select, move,
    /// undo, redo, and a save and load that give back the same game.
    #[test]
    fn every_board_selects_moves_undoes_redoes_saves_and_loads() {
        use super::super::test_variants::cube4;
        let dir = scratch("every");
        for notation in [chess(), fourfold_like(), small_cube(), cube4()] {
            let mut game = KernelGame::new(KernelOptions {
                save_dir: dir.clone(),
                ..KernelOptions::new(notation)
            });
            let start = notation.write_position(game.position());
            for _ in 0..4 {
                game.handle(A::Next);
                game.handle(A::Activate);
                assert!(game.selected().is_some(), "{}", notation.name());
                game.handle(A::Next);
                assert!(game.reach().contains(&game.cursor()));
                game.handle(A::Activate);
            }
            assert_eq!(game.moves().len(), 4, "{}", notation.name());
            let end = notation.write_position(game.position());
            let keys = game.keys();
            assert_eq!(keys.len(), 5);
            assert_eq!(keys[4], game.position().key());
            game.handle(A::Undo);
            game.handle(A::Undo);
            assert_eq!(game.moves().len(), 2);
            game.handle(A::Redo);
            game.handle(A::Redo);
            assert_eq!(notation.write_position(game.position()), end);
            game.handle(A::Save);
            game.handle(A::New);
            assert_eq!(notation.write_position(game.position()), start);
            game.handle(A::Load);
            assert!(game.prompt().starts_with("loaded"), "{}", game.prompt());
            assert_eq!(notation.write_position(game.position()), end);
            assert_eq!(game.notes().len(), 4);
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A Fourfold pawn becomes a queen at once: one choice, no prompt.
    #[test]
    fn a_single_promotion_choice_asks_nothing() {
        let notation = fourfold_like();
        let mut board: Vec<char> = vec!['.'; 64];
        let shape = notation.start().variant().shape;
        let at = |c: [i32; 4]| shape.index(c).unwrap();
        board[at([0, 0, 0, 0])] = 'K';
        board[at([3, 3, 1, 1])] = 'k';
        board[at([1, 2, 0, 0])] = 'P';
        let text: String = board.iter().collect::<String>() + " w";
        let mut game = from(notation, &text);
        game.handle(A::Click(at([1, 2, 0, 0])));
        game.handle(A::Click(at([1, 3, 0, 0])));
        assert_eq!(game.promotion_choices(), None);
        assert_eq!(game.moves().len(), 1);
        let queen = game.position().piece_at(at([1, 3, 0, 0])).unwrap();
        assert_eq!(game.position().variant().kind(queen.kind).name, "queen");
    }

    #[test]
    fn fourfold_keys_play_the_first_move_across_boards() {
        let notation = fourfold_like();
        let mut game = human(notation);
        // The cursor starts on white's king c1[0,0].
        assert_eq!(game.cursor(), sq(&game, "c1[0,0]"));
        game.handle(A::Left);
        game.handle(A::Left);
        assert_eq!(game.cursor(), sq(&game, "a1[0,0]"));
        game.handle(A::Activate);
        let reach = game.reach();
        assert!(
            reach.contains(&sq(&game, "a1[0,1]")),
            "the rook reaches the board above"
        );
        assert!(
            reach.contains(&sq(&game, "a1[1,0]")),
            "and the board to the right"
        );
        game.handle(A::BoardUp);
        assert_eq!(game.cursor(), sq(&game, "a1[0,1]"));
        game.handle(A::Activate);
        assert_eq!(game.notes(), ["a1[0,0]-a1[0,1]"]);
        // Alt+arrows stop at the page's edge of boards.
        game.handle(A::BoardUp);
        assert_eq!(game.cursor(), sq(&game, "a1[0,1]"));
        game.handle(A::BoardRight);
        assert_eq!(game.cursor(), sq(&game, "a1[1,1]"));
        game.handle(A::BoardDown);
        assert_eq!(game.cursor(), sq(&game, "a1[1,0]"));
        // Arrows stay on their board.
        game.handle(A::Left);
        assert_eq!(game.cursor(), sq(&game, "a1[1,0]"));
    }

    #[test]
    fn tab_visits_the_movable_pieces_then_the_targets() {
        let mut game = human(fourfold_like());
        let movable = game.movable();
        assert!(movable.len() > 3);
        game.handle(A::Next);
        let first = game.cursor();
        assert!(movable.contains(&first));
        for _ in 0..movable.len() {
            game.handle(A::Next);
        }
        assert_eq!(game.cursor(), first, "Tab wraps around");
        game.handle(A::Previous);
        game.handle(A::Next);
        assert_eq!(game.cursor(), first);
        game.handle(A::Activate);
        game.handle(A::Next);
        assert!(
            game.reach().contains(&game.cursor()),
            "with a piece up, Tab goes to its targets"
        );
        game.handle(A::Activate);
        assert_eq!(game.moves().len(), 1);
    }

    #[test]
    fn cube_levels_by_key_and_a_move_between_levels() {
        let notation = small_cube();
        let mut game = human(notation);
        let start = game.cursor();
        let z = |g: &KernelGame, s| g.layout().shape().coords(s)[2];
        game.handle(A::LevelUp);
        assert_eq!(z(&game, game.cursor()), z(&game, start) + 1);
        game.handle(A::LevelDown);
        assert_eq!(game.cursor(), start);
        // The top level is drawn left: Alt+Left goes up a level.
        game.handle(A::BoardLeft);
        assert_eq!(z(&game, game.cursor()), z(&game, start) + 1);
        game.handle(A::BoardRight);
        game.handle(A::Activate);
        let target = game.reach()[0];
        game.handle(A::Click(target));
        assert_eq!(game.moves().len(), 1);
        // Save and load through the default record.
        let dir = scratch("cube");
        let path = game.save(&dir, SystemTime::now()).unwrap();
        let mut other = human(notation);
        other.load(&path).unwrap();
        assert_eq!(other.moves(), game.moves());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
