//! The terminal game `duckchess play`, as a state machine: a cursor on the
//! board, a selected piece and its reachable points, the moves played with
//! their judge lines, undo, new game, saving the game as a judge input, and
//! a computer side fed by [`crate::duck::search`].
//!
//! Nothing here touches a terminal: [`Game::handle`] takes an [`Action`]
//! (what a key or a click means) and the drawing code in [`tui`] only reads
//! the state back, so the whole game is testable without a screen.
//!
//! ```
//! use duckchess::play::{Action, Game, Options, Vs};
//! let mut game = Game::new(Options { vs: Vs::Human, ..Options::default() });
//! // The cursor starts on red's captain (0,4); go up to the soldier (3,4).
//! for _ in 0..3 {
//!     game.handle(Action::Up);
//! }
//! game.handle(Action::Activate); // select the soldier
//! game.handle(Action::Up);
//! game.handle(Action::Activate); // and move it to (4,4)
//! assert_eq!(game.history()[0].command.to_string(), "3 4 4 4");
//! assert_eq!(game.history()[0].record.to_string(), "red soldier;NA;no;no");
//! ```

pub mod kernel_game;
pub mod kernel_tui;
#[cfg(test)]
mod test_variants;
pub mod tui;

use crate::duck::{search, Color, Command, Move, MoveRecord, Point, Position};
use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

/// Who plays the side the human does not.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Vs {
    /// Two people at one keyboard: every move is typed.
    Human,
    /// The computer plays one side.
    #[default]
    Computer,
}

/// How a game is set up.
#[derive(Clone, Debug)]
pub struct Options {
    /// Who plays the other side.
    pub vs: Vs,
    /// The side the computer plays when `vs` is [`Vs::Computer`].
    pub computer: Color,
    /// How many plies the computer searches.
    pub depth: u32,
    /// The position every game (and every new game) starts from.
    pub start: Position,
    /// Where saved games go; empty means the current directory.
    pub save_dir: PathBuf,
}

impl Default for Options {
    /// Against the computer playing blue, from the initial layout.
    fn default() -> Options {
        Options {
            vs: Vs::Computer,
            computer: Color::Blue,
            depth: search::DEFAULT_DEPTH,
            start: Position::initial(),
            save_dir: PathBuf::new(),
        }
    }
}

/// What the player asked for: the meaning of a key or a click.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Cursor one row up (towards row 9, drawn at the top).
    Up,
    /// Cursor one row down (towards row 0).
    Down,
    /// Cursor one column left (towards column 0).
    Left,
    /// Cursor one column right (towards column 8).
    Right,
    /// Select the piece under the cursor, or move the selected piece there.
    Activate,
    /// Put the cursor on this point and activate it (a mouse click).
    Click(Point),
    /// Take back the last move (and the computer's reply to it).
    Undo,
    /// Start again from the starting position.
    New,
    /// Write the game so far as a judge input file.
    Save,
    /// Leave.
    Quit,
}

/// One valid move of the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The move as a judge command.
    pub command: Command,
    /// The judge's line for it.
    pub record: MoveRecord,
    /// The position it was played in, so undo is exact.
    before: Position,
}

/// A search the computer side should run, answered with [`Game::reply`].
#[derive(Clone, Debug)]
pub struct Request {
    /// Matches the reply to the request; stale replies are dropped.
    pub id: u64,
    /// The position to search.
    pub position: Position,
    /// The depth to search to.
    pub depth: u32,
    /// Set when the game no longer wants the answer (undo, new game,
    /// quit): a search should give up.
    pub stop: Arc<AtomicBool>,
}

impl Request {
    /// Runs the search, giving up once [`Request::stop`] is set; the best
    /// move, or `None` when there is none or the search gave up.
    pub fn think(&self) -> Option<Move> {
        search::choose_unless(&self.position, self.depth, &self.stop).map(|c| c.best)
    }
}

/// A game in the terminal: see the module documentation.
#[derive(Clone, Debug)]
pub struct Game {
    options: Options,
    position: Position,
    history: Vec<Entry>,
    cursor: Point,
    selected: Option<Point>,
    message: Option<String>,
    /// The id of the search in flight and its stop flag, if the computer
    /// is thinking.
    thinking: Option<(u64, Arc<AtomicBool>)>,
    next_id: u64,
    /// The computer found no move in this position: do not ask again.
    stalled: bool,
    quit: bool,
}

impl Game {
    /// A new game.
    pub fn new(options: Options) -> Game {
        let position = options.start.clone();
        let mut game = Game {
            options,
            position,
            history: Vec::new(),
            cursor: Point::from_index(0),
            selected: None,
            message: None,
            thinking: None,
            next_id: 0,
            stalled: false,
            quit: false,
        };
        game.cursor = game.home();
        game
    }

    /// The position now.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The valid moves played so far, oldest first.
    pub fn history(&self) -> &[Entry] {
        &self.history
    }

    /// The point under the cursor.
    pub fn cursor(&self) -> Point {
        self.cursor
    }

    /// The selected piece's point, if one is selected.
    pub fn selected(&self) -> Option<Point> {
        self.selected
    }

    /// The points the selected piece can reach (empty when none is selected).
    pub fn reach(&self) -> Vec<Point> {
        self.selected
            .map_or_else(Vec::new, |p| self.position.targets(p))
    }

    /// The last move's start and target, to mark them on the board.
    pub fn last_move(&self) -> Option<(Point, Point)> {
        self.history.last().map(|e| (e.record.from, e.record.to))
    }

    /// The side the computer plays, if any.
    pub fn computer(&self) -> Option<Color> {
        (self.options.vs == Vs::Computer).then_some(self.options.computer)
    }

    /// Whether the computer is searching for its move.
    pub fn is_thinking(&self) -> bool {
        self.thinking.is_some()
    }

    /// Whether the player asked to leave.
    pub fn should_quit(&self) -> bool {
        self.quit
    }

    /// Where the cursor starts: on the captain of the side the player moves
    /// first, or the middle of that side's back row.
    fn home(&self) -> Point {
        let side = match self.computer() {
            Some(c) => c.other(),
            None => self.position.turn(),
        };
        let back = match side {
            Color::Red => 0,
            Color::Blue => 9,
        };
        self.position
            .captain(side)
            .unwrap_or(Point::new(back, 4).expect("on the board"))
    }

    /// Does what `action` asks.
    pub fn handle(&mut self, action: Action) {
        match action {
            Action::Up => self.step(1, 0),
            Action::Down => self.step(-1, 0),
            Action::Left => self.step(0, -1),
            Action::Right => self.step(0, 1),
            Action::Activate => self.activate(),
            Action::Click(p) => {
                self.cursor = p;
                self.activate();
            }
            Action::Undo => self.undo(),
            Action::New => self.new_game(),
            Action::Save => {
                let dir = self.options.save_dir.clone();
                self.message = Some(match self.save(&dir, SystemTime::now()) {
                    Ok(path) => self.saved_message(&path),
                    Err(e) => format!("could not save the game: {e}"),
                });
            }
            Action::Quit => {
                self.cancel_thinking();
                self.quit = true;
            }
        }
    }

    /// Moves the cursor, stopping at the edges.
    fn step(&mut self, dx: i64, dy: i64) {
        let (x, y) = (self.cursor.x() as i64, self.cursor.y() as i64);
        if let Some(p) = Point::new(x + dx, y + dy) {
            self.cursor = p;
        }
    }

    fn activate(&mut self) {
        self.message = None;
        if let Some(winner) = self.position.winner() {
            self.message = Some(format!(
                "the game is over: {winner} won. Press n for a new game or u to undo"
            ));
            return;
        }
        if self.position.is_over() {
            self.message =
                Some("the game is over: neither side has a captain. Press n for a new game".into());
            return;
        }
        if self.computer() == Some(self.position.turn()) {
            self.message = Some(format!(
                "wait: {} is the computer's side",
                self.position.turn()
            ));
            return;
        }
        let at = self.cursor;
        match self.selected {
            // A second press on the selected piece puts it down.
            Some(from) if from == at => self.selected = None,
            // Another piece of the side to move: select that one instead.
            Some(_) if self.position.board().is_color(at, self.position.turn()) => {
                self.selected = Some(at)
            }
            Some(from) => self.try_move(Move { from, to: at }),
            None => match self.position.validate(Move { from: at, to: at }) {
                // The start is checked before the target, so a zero-length
                // move explains exactly why `at` cannot be picked up.
                Err(why) if !matches!(why, crate::duck::Invalid::OwnPieceOnTarget { .. }) => {
                    self.message = Some(why.to_string())
                }
                _ => {
                    self.selected = Some(at);
                    if self.position.targets(at).is_empty() {
                        self.message = Some(format!("{at} has nowhere to go"));
                    }
                }
            },
        }
    }

    fn try_move(&mut self, m: Move) {
        let before = self.position.clone();
        let command = Command::from(m);
        match self.position.play(command) {
            Ok(record) => {
                self.history.push(Entry {
                    command,
                    record,
                    before,
                });
                self.selected = None;
                self.stalled = false;
            }
            // The core's reason, word for word; the piece stays selected.
            Err(why) => self.message = Some(why.to_string()),
        }
    }

    /// Takes back the last move, and when that leaves the computer to move,
    /// the player's move before it too, so the player moves next.
    fn undo(&mut self) {
        self.message = None;
        self.cancel_thinking();
        let Some(last) = self.history.pop() else {
            self.message = Some("nothing to undo".to_string());
            return;
        };
        let mut position = last.before;
        let mut taken = 1;
        if self.computer() == Some(position.turn()) {
            if let Some(previous) = self.history.pop() {
                position = previous.before;
                taken += 1;
            }
        }
        self.position = position;
        self.selected = None;
        self.stalled = false;
        let s = if taken == 1 { "" } else { "s" };
        self.message = Some(format!("took back {taken} move{s}"));
    }

    fn new_game(&mut self) {
        self.cancel_thinking();
        self.position = self.options.start.clone();
        self.history.clear();
        self.selected = None;
        self.stalled = false;
        self.cursor = self.home();
        self.message = Some("new game".to_string());
    }

    /// Drops the search in flight, and tells it to stop: a search left
    /// running would hold a core for nothing.
    fn cancel_thinking(&mut self) {
        if let Some((_, stop)) = self.thinking.take() {
            stop.store(true, Ordering::Relaxed);
        }
    }

    /// The search the computer should start now, if it is its turn and no
    /// search is running. The caller runs it (on another thread, say) and
    /// hands the answer to [`Game::reply`].
    pub fn request(&mut self) -> Option<Request> {
        let computer_to_move = self.computer() == Some(self.position.turn());
        if !computer_to_move || self.position.is_over() || self.thinking.is_some() || self.stalled {
            return None;
        }
        self.next_id += 1;
        let stop = Arc::new(AtomicBool::new(false));
        self.thinking = Some((self.next_id, stop.clone()));
        Some(Request {
            id: self.next_id,
            position: self.position.clone(),
            depth: self.options.depth,
            stop,
        })
    }

    /// The computer's answer to request `id`: played unless the game moved
    /// on since (undo, new game). `None` means it found no move.
    pub fn reply(&mut self, id: u64, best: Option<Move>) {
        if self
            .thinking
            .as_ref()
            .is_none_or(|(current, _)| *current != id)
        {
            return;
        }
        self.thinking = None;
        match best {
            Some(m) => self.try_move(m),
            None => {
                self.stalled = true;
                self.message = Some(format!("{} has no valid move", self.position.turn()));
            }
        }
    }

    /// Runs the computer's search here and plays its move, if it is the
    /// computer's turn (what the terminal does on a thread, done inline).
    pub fn play_computer(&mut self) {
        if let Some(r) = self.request() {
            let best = r.think();
            self.reply(r.id, best);
        }
    }

    /// The judge input for the game so far: `Q`, then the `Q` commands.
    pub fn judge_input(&self) -> String {
        let mut text = format!("{}\n", self.history.len());
        for e in &self.history {
            text.push_str(&format!("{}\n", e.command));
        }
        text
    }

    /// Writes [`Game::judge_input`] to a new file
    /// `duckchess-game-YYYYMMDD-HHMMSS.in` in `dir` (with `-2`, `-3`, … when
    /// that name is taken) and returns its path.
    pub fn save(&self, dir: &Path, now: SystemTime) -> io::Result<PathBuf> {
        save_new(dir, "duckchess-game-", now, "in", &self.judge_input())
    }

    fn saved_message(&self, path: &Path) -> String {
        let mut text = format!("saved {} moves to {}", self.history.len(), path.display());
        if self.options.start != Position::initial() {
            // The judge format has no way to say where a game starts.
            text.push_str(" (a judge starts from the initial layout, not from --from)");
        }
        text
    }

    /// The status line: whose turn it is, check, thinking, or the winner.
    pub fn status(&self) -> String {
        let pos = &self.position;
        if let Some(winner) = pos.winner() {
            return format!(
                "game over: {winner} wins, the {} captain is removed",
                winner.other()
            );
        }
        if pos.is_over() {
            return "game over: neither side has a captain".into();
        }
        let turn = pos.turn();
        let who = match self.computer() {
            Some(c) if c == turn => " (computer)",
            Some(_) => " (you)",
            None => "",
        };
        let mut text = format!("{turn}{who} to move");
        if self.is_thinking() {
            text.push_str(", thinking…");
        }
        let attacked: Vec<String> = Color::ALL
            .into_iter()
            .filter(|&c| {
                pos.captain(c)
                    .is_some_and(|at| pos.attackers(at, c.other()).next().is_some())
            })
            .map(|c| format!("{c} captain attacked"))
            .collect();
        if !attacked.is_empty() {
            text.push_str(&format!(". Check: {}", attacked.join(", ")));
        }
        text
    }

    /// The second line: the last message (an invalid attempt's reason, the
    /// saved file's path), or a hint about what to do next.
    pub fn hint(&self) -> String {
        if let Some(m) = &self.message {
            return m.clone();
        }
        if self.position.is_over() {
            return "press n for a new game, u to undo, q to quit".to_string();
        }
        match self
            .selected
            .and_then(|p| Some((p, self.position.board().get(p)?)))
        {
            Some((p, piece)) => {
                let n = self.reach().len();
                let s = if n == 1 { "" } else { "s" };
                format!("{piece} at {p} selected: {n} target{s} in [ ]")
            }
            None => format!("pick a {} piece", self.position.turn()),
        }
    }

    /// The move list as lines at most `width` columns wide: each move's
    /// number and judge command, then its judge line indented (split after
    /// a `;` when it does not fit).
    pub fn move_lines(&self, width: usize) -> Vec<String> {
        let mut lines = Vec::new();
        for (i, e) in self.history.iter().enumerate() {
            lines.push(format!("{:>3}. {}", i + 1, e.command));
            wrap_verdict(&e.record.to_string(), width, &mut lines);
        }
        lines
    }
}

/// Pushes `verdict` indented by five columns, broken after semicolons so no
/// line is wider than `width` (a part wider than that on its own is kept
/// whole rather than cut in the middle of a word).
fn wrap_verdict(verdict: &str, width: usize, lines: &mut Vec<String>) {
    const INDENT: &str = "     ";
    let mut line = String::from(INDENT);
    for part in verdict.split_inclusive(';') {
        if line.len() > INDENT.len() && line.len() + part.len() > width {
            lines.push(std::mem::replace(&mut line, String::from(INDENT)));
        }
        line.push_str(part);
    }
    lines.push(line);
}

/// `YYYYMMDD-HHMMSS` in UTC: a file name that sorts by time.
/// Writes `contents` to a new file `<prefix><UTC time>.<ext>` in `dir`
/// (with `-2`, `-3`, … when that name is taken: an existing file is never
/// overwritten) and returns its path.
pub(crate) fn save_new(
    dir: &Path,
    prefix: &str,
    now: SystemTime,
    ext: &str,
    contents: &str,
) -> io::Result<PathBuf> {
    use std::io::Write;
    let stamp = utc_stamp(now);
    for n in 1.. {
        let name = match n {
            1 => format!("{prefix}{stamp}.{ext}"),
            n => format!("{prefix}{stamp}-{n}.{ext}"),
        };
        let path = dir.join(name);
        match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path)
        {
            Ok(mut file) => {
                file.write_all(contents.as_bytes())?;
                return Ok(path);
            }
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    }
    unreachable!("1.. does not end")
}

pub(crate) fn utc_stamp(now: SystemTime) -> String {
    let secs = now.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let (days, rest) = ((secs / 86_400) as i64, secs % 86_400);
    // Days since 1970-01-01 to a civil date (H. Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}{month:02}{day:02}-{:02}{:02}{:02}",
        rest / 3600,
        rest / 60 % 60,
        rest % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::duck::judge;
    use std::time::Duration;

    fn point(x: i64, y: i64) -> Point {
        Point::new(x, y).unwrap()
    }

    fn human() -> Game {
        Game::new(Options {
            vs: Vs::Human,
            ..Options::default()
        })
    }

    /// Drives the cursor from where it is to `p` with arrow actions.
    fn go(game: &mut Game, p: Point) {
        while game.cursor().x() < p.x() {
            game.handle(Action::Up);
        }
        while game.cursor().x() > p.x() {
            game.handle(Action::Down);
        }
        while game.cursor().y() < p.y() {
            game.handle(Action::Right);
        }
        while game.cursor().y() > p.y() {
            game.handle(Action::Left);
        }
        assert_eq!(game.cursor(), p);
    }

    fn play_keys(game: &mut Game, from: Point, to: Point) {
        go(game, from);
        game.handle(Action::Activate);
        go(game, to);
        game.handle(Action::Activate);
    }

    fn scratch_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("duckchess-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn cursor_starts_on_the_captain_and_stops_at_the_edges() {
        let mut game = human();
        assert_eq!(game.cursor(), point(0, 4));
        game.handle(Action::Down);
        assert_eq!(game.cursor(), point(0, 4), "row 0 is the bottom edge");
        game.handle(Action::Up);
        game.handle(Action::Left);
        assert_eq!(game.cursor(), point(1, 3));
        for _ in 0..20 {
            game.handle(Action::Up);
            game.handle(Action::Right);
        }
        assert_eq!(game.cursor(), point(9, 8));
        // Playing blue against a red computer starts on blue's captain.
        let blue = Game::new(Options {
            computer: Color::Red,
            ..Options::default()
        });
        assert_eq!(blue.cursor(), point(9, 4));
    }

    #[test]
    fn selecting_marks_the_reachable_points_and_a_second_press_drops_it() {
        let mut game = human();
        go(&mut game, point(3, 4));
        game.handle(Action::Activate);
        assert_eq!(game.selected(), Some(point(3, 4)));
        let pos = game.position().clone();
        assert_eq!(game.reach(), pos.targets(point(3, 4)));
        assert_eq!(game.reach().len(), 8, "a soldier reaches its 8 neighbours");
        assert!(game.hint().contains("8 targets in [ ]"), "{}", game.hint());
        // Pressing on another red piece switches the selection.
        go(&mut game, point(0, 1));
        game.handle(Action::Activate);
        assert_eq!(game.selected(), Some(point(0, 1)));
        game.handle(Action::Activate);
        assert_eq!(game.selected(), None);
        assert!(game.reach().is_empty());
    }

    #[test]
    fn picking_up_what_is_not_yours_gives_the_cores_reason() {
        let mut game = human();
        go(&mut game, point(9, 0));
        game.handle(Action::Activate);
        assert_eq!(game.selected(), None);
        let pos = game.position();
        let why = pos
            .validate(Move {
                from: point(9, 0),
                to: point(8, 0),
            })
            .unwrap_err();
        assert_eq!(game.hint(), why.to_string());
        assert!(game.hint().contains("blue car"), "{}", game.hint());
        go(&mut game, point(5, 5));
        game.handle(Action::Activate);
        assert!(game.hint().contains("is empty"), "{}", game.hint());
    }

    #[test]
    fn an_invalid_target_shows_the_reason_and_keeps_the_selection() {
        let mut game = human();
        // The spec's line 1: the car at (0,0) cannot pass its own duck.
        play_keys(&mut game, point(0, 0), point(7, 0));
        assert!(game.history().is_empty());
        assert_eq!(game.selected(), Some(point(0, 0)));
        let mut judge = Position::initial();
        let why = judge.play(Command::new(0, 0, 7, 0)).unwrap_err();
        assert_eq!(game.hint(), why.to_string());
        assert_eq!(game.position(), &Position::initial());
    }

    #[test]
    fn moving_plays_the_command_and_lists_its_judge_line() {
        let mut game = human();
        play_keys(&mut game, point(0, 3), point(1, 2));
        play_keys(&mut game, point(9, 4), point(8, 4));
        let mut judge = Position::initial();
        let first = judge.play(Command::new(0, 3, 1, 2)).unwrap();
        let second = judge.play(Command::new(9, 4, 8, 4)).unwrap();
        assert_eq!(game.position(), &judge);
        assert_eq!(game.history().len(), 2);
        assert_eq!(game.history()[1].record, second);
        assert_eq!(game.last_move(), Some((point(9, 4), point(8, 4))));
        let lines = game.move_lines(29);
        assert_eq!(lines[0], "  1. 0 3 1 2");
        assert_eq!(lines[1], format!("     {first}"));
        assert_eq!(lines[3], format!("     {second}"));
        assert!(game.status().starts_with("red to move"));
    }

    #[test]
    fn a_long_judge_line_is_broken_after_a_semicolon() {
        let mut lines = Vec::new();
        wrap_verdict("blue elephant;red elephant;yes;no", 29, &mut lines);
        assert_eq!(lines, ["     blue elephant;", "     red elephant;yes;no"]);
        assert!(lines.iter().all(|l| l.len() <= 29));
    }

    #[test]
    fn a_position_without_captains_is_over_from_the_start() {
        let start: Position = "9/9/9/9/9/9/9/9/9/4S4 w".parse().unwrap();
        let mut game = Game::new(Options {
            vs: Vs::Human,
            start,
            ..Options::default()
        });
        assert_eq!(game.status(), "game over: neither side has a captain");
        game.handle(Action::Click(point(0, 4)));
        assert_eq!(game.selected(), None);
        assert!(game.history().is_empty());
    }

    #[test]
    fn a_mouse_click_selects_then_moves() {
        let mut game = human();
        game.handle(Action::Click(point(3, 4)));
        assert_eq!(game.selected(), Some(point(3, 4)));
        game.handle(Action::Click(point(4, 5)));
        assert_eq!(game.history().len(), 1);
        assert_eq!(game.cursor(), point(4, 5));
    }

    #[test]
    fn undo_and_new_game_restore_earlier_positions() {
        let mut game = human();
        game.handle(Action::Undo);
        assert_eq!(game.hint(), "nothing to undo");
        play_keys(&mut game, point(3, 4), point(4, 4));
        let after_one = game.position().clone();
        play_keys(&mut game, point(6, 4), point(5, 4));
        game.handle(Action::Undo);
        assert_eq!(game.position(), &after_one);
        assert_eq!(game.history().len(), 1);
        game.handle(Action::New);
        assert_eq!(game.position(), &Position::initial());
        assert!(game.history().is_empty());
        assert_eq!(game.cursor(), point(0, 4));
    }

    #[test]
    fn against_the_computer_undo_takes_back_the_reply_too() {
        let mut game = Game::new(Options {
            depth: 1,
            ..Options::default()
        });
        play_keys(&mut game, point(3, 4), point(4, 4));
        assert!(game.status().contains("blue (computer) to move"));
        // The player cannot move for the computer.
        go(&mut game, point(6, 4));
        game.handle(Action::Activate);
        assert!(game.hint().contains("computer"), "{}", game.hint());
        game.play_computer();
        assert_eq!(game.history().len(), 2);
        assert_eq!(game.history()[1].record.piece.color, Color::Blue);
        assert_eq!(game.position().turn(), Color::Red);
        game.handle(Action::Undo);
        assert_eq!(game.position(), &Position::initial());
        assert_eq!(game.hint(), "took back 2 moves");
    }

    #[test]
    fn a_stale_computer_reply_is_dropped() {
        let mut game = Game::new(Options {
            depth: 1,
            computer: Color::Red,
            ..Options::default()
        });
        let request = game.request().expect("red (the computer) moves first");
        assert!(game.is_thinking());
        assert!(game.request().is_none(), "one search at a time");
        game.handle(Action::New);
        let best = search::choose(&request.position, 1).map(|c| c.best);
        game.reply(request.id, best);
        assert!(game.history().is_empty());
        game.play_computer();
        assert_eq!(game.history().len(), 1);
    }

    /// Undo, a new game and quitting stop the search in flight: a deep
    /// search left running would hold a core until it finished.
    #[test]
    fn a_dropped_search_stops() {
        for action in [Action::Undo, Action::New, Action::Quit] {
            let mut game = Game::new(Options {
                depth: 40,
                computer: Color::Red,
                ..Options::default()
            });
            let request = game.request().expect("red (the computer) moves first");
            let (tx, rx) = std::sync::mpsc::channel();
            std::thread::spawn(move || tx.send(request.think()));
            std::thread::sleep(std::time::Duration::from_millis(50));
            game.handle(action);
            let answer = rx.recv_timeout(std::time::Duration::from_secs(5));
            assert_eq!(answer, Ok(None), "{action:?}");
        }
    }

    #[test]
    fn a_finished_game_says_who_won() {
        let start: Position = "4k4/9/3H5/9/9/9/9/9/9/4K4 w - - 0 1".parse().unwrap();
        let mut game = Game::new(Options {
            vs: Vs::Human,
            start,
            ..Options::default()
        });
        play_keys(&mut game, point(7, 3), point(9, 4));
        assert!(game.history()[0].record.over);
        assert_eq!(
            game.status(),
            "game over: red wins, the blue captain is removed"
        );
        game.handle(Action::Activate);
        assert!(game.hint().contains("red won"), "{}", game.hint());
        game.handle(Action::Undo);
        assert_eq!(game.status(), "red to move. Check: blue captain attacked");
    }

    #[test]
    fn save_writes_a_judge_input_that_replays_the_game() {
        let dir = scratch_dir("save");
        let mut game = Game::new(Options {
            vs: Vs::Human,
            save_dir: dir.clone(),
            ..Options::default()
        });
        play_keys(&mut game, point(3, 4), point(4, 4));
        play_keys(&mut game, point(6, 4), point(5, 4));
        play_keys(&mut game, point(0, 0), point(1, 0));
        game.handle(Action::Save);
        let saved: Vec<PathBuf> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        assert_eq!(saved.len(), 1);
        assert!(game.hint().contains(&saved[0].display().to_string()));
        let text = std::fs::read_to_string(&saved[0]).unwrap();
        assert_eq!(text, "3\n3 4 4 4\n6 4 5 4\n0 0 1 0\n");
        // The judge gives back the same lines as the move list.
        let mut out = Vec::new();
        judge::run(text.as_bytes(), &mut out, Position::initial()).unwrap();
        let expected: String = game
            .history()
            .iter()
            .map(|e| format!("{}\n", e.record))
            .collect();
        assert_eq!(String::from_utf8(out).unwrap(), expected);
        // A second save in the same second gets its own file.
        let now = SystemTime::now();
        let a = game.save(&dir, now).unwrap();
        let b = game.save(&dir, now).unwrap();
        assert_ne!(a, b);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn file_names_carry_the_utc_time() {
        assert_eq!(utc_stamp(UNIX_EPOCH), "19700101-000000");
        // 2000-02-29 12:34:56 UTC, a leap day.
        let t = UNIX_EPOCH + Duration::from_secs(951_827_696);
        assert_eq!(utc_stamp(t), "20000229-123456");
    }

    #[test]
    fn quit_is_remembered() {
        let mut game = human();
        assert!(!game.should_quit());
        game.handle(Action::Quit);
        assert!(game.should_quit());
    }
}
