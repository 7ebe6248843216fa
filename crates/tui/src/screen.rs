//! The terminal around a [`Game`]: ratatui drawing and the crossterm event
//! loop, for a board of any shape. Squares are placed by the game's
//! [`Layout`](crate::variants::layout::Layout) (a cube's levels side by
//! side, Fourfold's boards 2 × 2), each board labelled with
//! [`Notation::board_label`](crate::variants::Presentation::board_label), the
//! edges with the game's file and rank labels (Duck Chess's column and row
//! numbers).
//!
//! A square is a cell `w` columns by `h` rows: the piece's room (one column
//! for a figurine or letter, three for Duck Chess's 王 and its side letter)
//! plus a mark either side, and `h - 1` more columns a side as the window
//! allows, `h` from 1 to 4: the largest that fits, so an 80 × 22 terminal
//! holds every game (a cube up to side 4), and a larger one draws a larger
//! board. In the cell's middle row: the selected piece in `( )`, reachable
//! squares in `[ ]`, the computer's hint in `* *`, a royal piece under
//! attack in `! !`; the cursor in reverse video, the last move underlined.

use super::config::{Bindings, Palette};
use super::game::{Action, Game};
use crate::kernel::{AnyPosition, Color as Side, Piece};
use crate::variants::picture::{self, Style as PieceStyle};
use itertools::Itertools;
use ratatui::crossterm::event::{
    self, DisableMouseCapture, EnableMouseCapture, Event, KeyCode, KeyEvent, KeyEventKind,
    KeyModifiers, MouseButton, MouseEventKind,
};
use ratatui::crossterm::execute;
use ratatui::crossterm::terminal::{enable_raw_mode, EnterAlternateScreen};
use ratatui::layout::{Constraint, Layout as Split, Rect};
use ratatui::prelude::CrosstermBackend;
use ratatui::style::{Color as Tint, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};
use ratatui::Terminal;
use ratatui::{DefaultTerminal, Frame};
use std::io;
use std::sync::{mpsc, Arc};
use std::time::Duration;

/// The smallest terminal the game is laid out for: 22 rows hold the
/// tallest board (Duck Chess's ten ranks and their labels, 14 rows) and the
/// status under it, so a terminal a row or two short of 24 (tmux's status
/// line, a window's tab bar) still plays.
pub const MIN_SIZE: (u16, u16) = (80, 22);
/// Columns kept for the move list before a larger square is chosen.
const MOVES_MIN: u16 = 22;
/// Columns the move list keeps when the board needs the rest (a cube of
/// side 4 in 80 columns).
const MOVES_LEAST: u16 = 16;
/// Rows kept under the board for the status, the prompt and the keys.
const STATUS_ROWS: u16 = 8;
/// The left column is at least this wide, for the key lines.
const LEFT_MIN: u16 = 57;

/// How the screen is drawn, and the keys.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct View {
    /// Colours (off when `NO_COLOR` is set).
    pub color: bool,
    /// The game's glyphs or letters.
    pub style: PieceStyle,
    /// Colours the config file sets.
    pub palette: Palette,
    /// The key bindings (the config file's, else the defaults).
    pub keys: Bindings,
}

impl View {
    /// Colours or not, glyphs or letters; the default colours and keys.
    pub fn new(color: bool, style: PieceStyle) -> View {
        View {
            color,
            style,
            palette: Palette::default(),
            keys: Bindings::default(),
        }
    }
}

/// The key lines under the board, in every game; the `?` help screen is
/// made of them ([`super::help`]).
pub const KEYS: [&str; 5] = [
    "arrows: cursor  Alt+arrows, [ ], PgUp/PgDn: other board",
    "Tab: next piece  Enter/Space: pick up/put down  Esc: drop",
    "u/r: undo/redo  h: hint  f: flip  d: claim a draw",
    "s/l: save/load  n: new game  q: quit  or click squares",
    ":: type a move  ?: help  e: eval  x/o: resign/offer draw",
];

/// [`KEYS`] as `game` has them, with the keys bound to them: the keys to
/// other boards only where there are several (a cube's levels, Fourfold's
/// boards), and `d` only where a draw can be claimed (not in Duck Chess).
pub fn keys(game: &Game, bound: &Bindings) -> [String; 5] {
    let variant = game.position().variant();
    let b = bound;
    let mut keys = [
        KEYS[0].to_string(),
        KEYS[1].to_string(),
        format!(
            "{}/{}: undo/redo  {}: hint  {}: flip  {}: claim a draw",
            b.undo, b.redo, b.hint, b.flip, b.claim
        ),
        format!(
            "{}/{}: save/load  {}: new game  {}: quit  or click squares",
            b.save, b.load, b.new, b.quit
        ),
        format!(
            "{}: type a move  {}: help  {}: eval  {}/{}: resign/offer draw",
            b.prompt, b.help, b.eval, b.resign, b.offer
        ),
    ];
    if variant.shape.axes() <= 2 {
        keys[0] = "arrows: cursor".into();
    }
    if variant.draws.claim_plies.is_none() && variant.draws.claim_repetitions.is_none() {
        keys[2] = keys[2].replace(&format!("  {}: claim a draw", b.claim), "");
    }
    if game.is_online() {
        // The server keeps the game: no undo, redo, new game or load.
        keys[2] = keys[2].replace(&format!("{}/{}: undo/redo  ", b.undo, b.redo), "");
        keys[3] = format!("{}: save  {}: quit  or click squares", b.save, b.quit);
    }
    keys
}

/// Runs the game full screen until the player quits.
pub fn run(game: Game, view: View) -> io::Result<()> {
    run_with(game, view, |_| {})
}

/// [`run`], with `pump` called between keys (it must not wait): an online
/// game's link to its server ([`super::online`]).
pub fn run_with(game: Game, view: View, pump: impl FnMut(&mut Game)) -> io::Result<()> {
    on_screen(|terminal| event_loop(terminal, game, view, pump))
}

/// Runs `play` on the full screen (raw mode, the alternate screen, mouse
/// reporting) and gives the terminal back afterwards, also on a panic.
/// Both terminal games start here.
pub(crate) fn on_screen(
    play: impl FnOnce(&mut DefaultTerminal) -> io::Result<()>,
) -> io::Result<()> {
    // Not `ratatui::try_init`, whose panic hook stays for good: this one
    // is given back when the game ends.
    let _hook = ScreenHook::install();
    let result = enable_raw_mode()
        .and_then(|()| execute!(io::stdout(), EnterAlternateScreen, EnableMouseCapture))
        .and_then(|()| Terminal::new(CrosstermBackend::new(io::stdout())))
        .and_then(|mut terminal| play(&mut terminal));
    let _ = execute!(io::stdout(), DisableMouseCapture);
    ratatui::try_restore()?;
    result
}

type PanicHook = Box<dyn Fn(&std::panic::PanicHookInfo<'_>) + Sync + Send + 'static>;

/// While it lives, a panic first gives the terminal back (mouse reporting
/// off, raw mode and the alternate screen left), or the shell would be left
/// unusable; dropped, the panic hook before it is back.
pub(crate) struct ScreenHook {
    previous: Option<Arc<PanicHook>>,
}

impl ScreenHook {
    pub(crate) fn install() -> ScreenHook {
        let previous = Arc::new(std::panic::take_hook());
        let chained = previous.clone();
        std::panic::set_hook(Box::new(move |info| {
            let _ = execute!(io::stdout(), DisableMouseCapture);
            let _ = ratatui::try_restore();
            chained(info);
        }));
        ScreenHook {
            previous: Some(previous),
        }
    }
}

impl Drop for ScreenHook {
    fn drop(&mut self) {
        // The hook cannot be changed while this thread panics; the process
        // is going down then anyway.
        if std::thread::panicking() {
            return;
        }
        // Dropping this hook drops its share of the previous one.
        drop(std::panic::take_hook());
        if let Some(previous) = self.previous.take() {
            match Arc::try_unwrap(previous) {
                Ok(hook) => std::panic::set_hook(hook),
                Err(shared) => std::panic::set_hook(Box::new(move |info| shared(info))),
            }
        }
    }
}

fn event_loop(
    terminal: &mut DefaultTerminal,
    mut game: Game,
    view: View,
    mut pump: impl FnMut(&mut Game),
) -> io::Result<()> {
    let (tx, rx) = mpsc::channel();
    while !game.should_quit() {
        pump(&mut game);
        if let Some(request) = game.request() {
            let tx = tx.clone();
            // Off the interface's thread: the screen keeps answering keys,
            // and undo, new or quit set the request's stop flag.
            std::thread::spawn(move || {
                let answer = request.answer();
                let _ = tx.send((request.id, answer));
            });
        }
        game.tick();
        terminal.draw(|frame| draw(frame, &game, view))?;
        if event::poll(Duration::from_millis(50))? {
            let action = match event::read()? {
                Event::Key(key) => action_for_key(key, Mode::of(&game), &view.keys),
                Event::Mouse(m) if m.kind == MouseEventKind::Down(MouseButton::Left) => {
                    let area = terminal.get_frame().area();
                    let areas = Areas::of(area, &game, view);
                    square_at(&areas, &game, m.column, m.row).map(Action::Click)
                }
                _ => None,
            };
            if let Some(action) = action {
                game.handle(action);
            }
        }
        while let Ok((id, answer)) = rx.try_recv() {
            game.answer(id, answer);
        }
    }
    Ok(())
}

/// What the keys mean at the moment.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Mode {
    /// On the board.
    Board,
    /// The promotion prompt is open: a letter answers it.
    Promoting,
    /// The `:` prompt is open: keys type.
    Typing,
    /// The help screen is open: `?`, Esc and `q` close it.
    Help,
}

impl Mode {
    /// The mode `game` is in.
    pub fn of(game: &Game) -> Mode {
        if game.is_helping() {
            Mode::Help
        } else if game.typing().is_some() {
            Mode::Typing
        } else if game.promotion_choices().is_some() {
            Mode::Promoting
        } else {
            Mode::Board
        }
    }
}

/// What a key press means in `mode`, with the letters `bound`. The same
/// keys in every game.
pub fn action_for_key(key: KeyEvent, mode: Mode, bound: &Bindings) -> Option<Action> {
    use Action as A;
    if key.kind != KeyEventKind::Press {
        return None;
    }
    if key.modifiers.contains(KeyModifiers::CONTROL) {
        return (key.code == KeyCode::Char('c')).then_some(A::Quit);
    }
    match mode {
        Mode::Help => {
            return match key.code {
                KeyCode::Char(c) if c == bound.help => Some(A::Help),
                KeyCode::Esc => Some(A::Cancel),
                KeyCode::Char(c) if c == bound.quit || c == 'q' => Some(A::Quit),
                _ => None,
            }
        }
        Mode::Typing => {
            return match key.code {
                KeyCode::Char(c) => Some(A::Type(c)),
                KeyCode::Backspace => Some(A::Erase),
                KeyCode::Tab => Some(A::Next),
                KeyCode::Enter => Some(A::Activate),
                KeyCode::Esc => Some(A::Cancel),
                _ => None,
            }
        }
        Mode::Board | Mode::Promoting => {}
    }
    let promoting = mode == Mode::Promoting;
    if key.modifiers.contains(KeyModifiers::ALT) {
        return Some(match key.code {
            KeyCode::Up => A::BoardUp,
            KeyCode::Down => A::BoardDown,
            KeyCode::Left => A::BoardLeft,
            KeyCode::Right => A::BoardRight,
            _ => return None,
        });
    }
    if promoting {
        if let KeyCode::Char(c) = key.code {
            if c.is_alphabetic() {
                return Some(A::Promote(c));
            }
        }
    }
    Some(match key.code {
        KeyCode::Up => A::Up,
        KeyCode::Down => A::Down,
        KeyCode::Left => A::Left,
        KeyCode::Right => A::Right,
        KeyCode::PageUp | KeyCode::Char(']') => A::LevelUp,
        KeyCode::PageDown | KeyCode::Char('[') => A::LevelDown,
        KeyCode::Tab => A::Next,
        KeyCode::BackTab => A::Previous,
        KeyCode::Enter | KeyCode::Char(' ') => A::Activate,
        KeyCode::Esc => A::Cancel,
        KeyCode::Char('y') => A::Yes,
        KeyCode::Char(c) => return bound.action(c),
        KeyCode::Home => A::First,
        KeyCode::End => A::Last,
        _ => return None,
    })
}

/// A square's size on the screen.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Cell {
    w: u16,
    h: u16,
}

/// Where things go on the screen.
struct Areas {
    /// The board's box.
    board: Rect,
    /// Status, prompt and keys, under the board.
    status: Rect,
    /// The move list, right.
    moves: Rect,
    cell: Cell,
    /// Columns of rank labels left of the squares.
    margin: u16,
    /// The piece's room in a cell.
    piece: u16,
}

impl Areas {
    fn of(area: Rect, game: &Game, view: View) -> Areas {
        let layout = game.layout();
        let (rows, cols) = (layout.rows() as u16, layout.cols() as u16);
        let ranks = layout.shape().size(1) as usize;
        let notation = game.notation();
        let label = (0..ranks)
            .map(|r| notation.rank_label(r).chars().count())
            .max()
            .unwrap_or(1) as u16;
        let margin = label + 1;
        let piece = picture::piece_columns(notation, game.position(), view.style) as u16;
        let size = |c: Cell| (margin + cols * c.w + 2, rows * c.h + 4);
        // The largest square the width allows, and the largest the height
        // allows: a board as wide as the cube's levels side by side is
        // held back by the width alone, and then still grows in height
        // (at most a row taller than its width's step, so a square stays
        // about square).
        let fits_w = |k: u16| {
            size(Cell {
                w: 2 * k + piece,
                h: k,
            })
            .0 + MOVES_MIN
                <= area.width
        };
        let fits_h = |k: u16| {
            size(Cell {
                w: 2 * k + piece,
                h: k,
            })
            .1 + STATUS_ROWS
                <= area.height
        };
        let kw = (1..=4).rev().find(|&k| fits_w(k)).unwrap_or(1);
        let kh = (1..=4).rev().find(|&k| fits_h(k)).unwrap_or(1);
        let k = kw.min(kh);
        let cell = Cell {
            w: 2 * k + piece,
            h: kh.min(k + 1),
        };
        let (board_w, board_h) = size(cell);
        let left = board_w
            .max(LEFT_MIN)
            .min(area.width.saturating_sub(MOVES_LEAST));
        let [left, moves] =
            Split::horizontal([Constraint::Length(left), Constraint::Min(0)]).areas(area);
        let [board, status] =
            Split::vertical([Constraint::Length(board_h), Constraint::Min(0)]).areas(left);
        // Centred over the status lines when the column is wider.
        let width = board_w.min(board.width);
        let board = Rect {
            x: board.x + (board.width - width) / 2,
            width,
            ..board
        };
        Areas {
            board,
            status,
            moves,
            cell,
            margin,
            piece,
        }
    }

    /// The screen column and row of the top-left of grid cell (r, c).
    fn origin(&self, r: usize, c: usize) -> (u16, u16) {
        (
            self.board.x + 1 + self.margin + c as u16 * self.cell.w,
            self.board.y + 2 + r as u16 * self.cell.h,
        )
    }
}

/// The square drawn at a screen cell, if any.
fn square_at(areas: &Areas, game: &Game, column: u16, row: u16) -> Option<usize> {
    let (x0, y0) = areas.origin(0, 0);
    let c = column.checked_sub(x0)? / areas.cell.w;
    let r = row.checked_sub(y0)? / areas.cell.h;
    let layout = game.layout();
    if r as usize >= layout.rows() || c as usize >= layout.cols() {
        return None;
    }
    layout.square_at(r as usize, c as usize)
}

/// Draws the whole screen.
pub fn draw(frame: &mut Frame, game: &Game, view: View) {
    let area = frame.area();
    if area.width < MIN_SIZE.0 || area.height < MIN_SIZE.1 {
        let text = format!(
            "duckchess play needs a terminal of at least {}x{}; this one is {}x{}. Enlarge it, or press q.",
            MIN_SIZE.0, MIN_SIZE.1, area.width, area.height
        );
        frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), area);
        return;
    }
    let areas = Areas::of(area, game, view);
    let title = format!(" {} ", game.notation().name());
    frame.render_widget(
        Paragraph::new(board_lines(game, view, &areas)).block(Block::bordered().title(title)),
        areas.board,
    );

    let lines = game.move_lines(areas.moves.width.saturating_sub(2) as usize);
    let key_lines = keys(game, &view.keys);
    let mut top = game.clock_lines();
    top.extend(pocket_lines(game, view));
    draw_panels(
        frame,
        (areas.status, areas.moves),
        [game.status(), game.prompt(), game.detail()],
        &key_lines,
        (&top, &lines),
    );
    if game.is_helping() {
        draw_help(frame, &key_lines);
    }
}

/// The pockets of a game with drops, one line a side, top of the moves
/// panel beside the board (`black in hand: p2 n`): each kind held, as the
/// board draws it, with its count past one. None in a game without drops
/// or whose drops are free.
pub fn pocket_lines(game: &Game, view: View) -> Vec<String> {
    let position = game.position();
    // Free drops (Ataxx's clones) take nothing from a hand: no hand to show.
    if position.variant().drops.as_ref().is_none_or(|d| d.free) {
        return Vec::new();
    }
    let notation = game.notation();
    Side::ALL
        .into_iter()
        .map(|color| {
            let held = position
                .hand(color)
                .into_iter()
                .map(|(kind, n)| {
                    let piece = Piece { color, kind };
                    let text =
                        picture::piece_text(notation, position, piece, view.style, view.color);
                    if n > 1 {
                        format!("{text}{n}")
                    } else {
                        text
                    }
                })
                .join(" ");
            let held = if held.is_empty() {
                "-".to_string()
            } else {
                held
            };
            format!("{} in hand: {held}", notation.side_name(color))
        })
        .collect()
}

/// The `?` help screen over the middle of the screen: the key lines'
/// entries one a line.
fn draw_help(frame: &mut Frame, key_lines: &[String]) {
    let text = super::help::lines(key_lines);
    let area = frame.area();
    let width =
        (text.iter().map(|l| l.chars().count()).max().unwrap_or(0) as u16 + 4).min(area.width);
    let height = (text.len() as u16 + 2).min(area.height);
    let rect = Rect {
        x: area.x + (area.width - width) / 2,
        y: area.y + (area.height - height) / 2,
        width,
        height,
    };
    let lines: Vec<Line> = text
        .into_iter()
        .map(|l| Line::raw(format!(" {l}")))
        .collect();
    frame.render_widget(ratatui::widgets::Clear, rect);
    frame.render_widget(
        Paragraph::new(lines).block(Block::bordered().title(" Keys (? Esc q: close) ")),
        rect,
    );
}

/// The background of the chess family's dark squares, and of its light
/// ones: two greys of the 256-colour palette, dark enough for the pieces'
/// bold inks on both.
const DARK: Tint = Tint::Indexed(236);
const LIGHT: Tint = Tint::Indexed(240);

/// The terminal colour of a side's ink.
fn tint_of(ink: picture::Ink) -> Tint {
    match ink {
        picture::Ink::Red => Tint::LightRed,
        picture::Ink::Yellow => Tint::Yellow,
        // Dark blue is hard to read on a dark terminal.
        picture::Ink::Blue => Tint::Cyan,
    }
}

/// The board as lines, inside its border: a label row, the grid, the file
/// labels.
fn board_lines(game: &Game, view: View, areas: &Areas) -> Vec<Line<'static>> {
    let layout = game.layout();
    let shape = layout.shape();
    let notation = game.notation();
    let (rows, cols) = (layout.rows(), layout.cols());
    let Cell { w, h } = areas.cell;
    let (w, h, margin) = (w as usize, h as usize, areas.margin as usize);
    let width = margin + cols * w;
    let position = game.position();

    // Plain text rows first (labels), then the squares as spans.
    let mut label_rows: Vec<Vec<char>> = vec![vec![' '; width]; rows * h + 2];
    let put = |rows: &mut Vec<Vec<char>>, row: usize, col: usize, text: &str| {
        for (i, ch) in text.chars().enumerate() {
            if let Some(cell) = rows[row].get_mut(col + i) {
                *cell = ch;
            }
        }
    };
    let mut board_labels = false;
    for ((z, wz), (r, c)) in layout.boards() {
        let label = notation.board_label(position, z, wz);
        board_labels |= !label.is_empty();
        // Text row r*h is the row just above grid row r.
        put(&mut label_rows, r * h, margin + c * w, &label);
    }
    let last = rows * h + 1;
    let file_row = |label_rows: &mut Vec<Vec<char>>, at: usize, grid: usize| {
        for c in 0..cols {
            if let Some(s) = layout.square_at(grid, c) {
                let file = notation.file_label(shape.coords(s)[0] as usize);
                let start = margin + c * w + w.saturating_sub(file.chars().count()) / 2;
                put(label_rows, at, start, &file);
            }
        }
    };
    file_row(&mut label_rows, last, rows - 1);
    if !board_labels {
        // One board: its files above it too.
        file_row(&mut label_rows, 0, 0);
    }

    // While a wall is placed: the piece's move made, the wall's squares
    // marked, the walls where they stand.
    let placing = game.placing();
    let pieces: &dyn AnyPosition = placing.as_ref().map_or(position, |p| &*p.after);
    let reach = placing
        .as_ref()
        .map_or_else(|| game.reach(), |p| p.squares.clone());
    let last_move = placing.as_ref().map(|p| p.moved).or(game.last_move());
    let selected = game.selected().filter(|_| placing.is_none());
    let hint = game.hint();
    let attacked: Vec<usize> = crate::variants::status::attacking(position)
        .into_iter()
        .map(|(_, royal)| royal)
        .collect();
    let palette = view.palette;
    let tint = |t: Tint| {
        if view.color {
            Style::new().fg(t).add_modifier(Modifier::BOLD)
        } else {
            Style::new()
        }
    };
    let chequered = notation.checkered();
    let piece_room = areas.piece as usize;
    let pad = " ".repeat((w - piece_room - 2) / 2);

    let mut lines = vec![Line::raw(label_rows[0].iter().collect::<String>())];
    for r in 0..rows {
        for sub in 0..h {
            let mid = sub == h / 2;
            let mut spans = Vec::new();
            let rank = (0..cols)
                .find_map(|c| layout.square_at(r, c))
                .map(|s| notation.rank_label(shape.coords(s)[1] as usize));
            let left: String = match (&rank, mid) {
                (Some(n), true) => format!("{n:<margin$}"),
                // Gap rows carry the label of the board below.
                (None, _) => label_rows[r * h + sub + 1][..margin].iter().collect(),
                _ => " ".repeat(margin),
            };
            spans.push(Span::raw(left));
            for c in 0..cols {
                let Some(s) = layout.square_at(r, c) else {
                    let text: String = label_rows[r * h + sub + 1]
                        [margin + c * w..margin + (c + 1) * w]
                        .iter()
                        .collect();
                    spans.push(Span::raw(text));
                    continue;
                };
                let mut cell = Style::new();
                // The chess family's squares alternate (by the parity of
                // all coordinates, so a cube's and Fourfold's too); only
                // in colour: without it the board is drawn as before.
                if view.color && chequered {
                    let dark = shape.coords(s).iter().map(|&c| c as i64).sum::<i64>() % 2 == 0;
                    cell = cell.bg(if dark {
                        palette.dark.unwrap_or(DARK)
                    } else {
                        palette.light.unwrap_or(LIGHT)
                    });
                }
                if game.cursor() == s {
                    cell = cell.add_modifier(Modifier::REVERSED);
                }
                if !mid {
                    spans.push(Span::styled(" ".repeat(w), cell));
                    continue;
                }
                if last_move.is_some_and(|m| m.from() == s || m.to() == s) {
                    cell = cell.add_modifier(Modifier::UNDERLINED);
                }
                let marks = palette.marks.unwrap_or(Tint::Green);
                let (open, close, mark) = if selected == Some(s) {
                    ('(', ')', marks)
                } else if reach.contains(&s) {
                    ('[', ']', marks)
                } else if hint.is_some_and(|m| m.from() == s || m.to() == s) {
                    ('*', '*', palette.hint.unwrap_or(Tint::Magenta))
                } else if attacked.contains(&s) {
                    ('!', '!', palette.check.unwrap_or(Tint::Red))
                } else if crate::kernel::with_position!(pieces.concrete(), p => p.is_promoted(s)) {
                    // Shogi's promoted piece, as FEN writes it (`+B`): it
                    // moves as its promoted form.
                    ('+', ' ', Tint::Reset)
                } else {
                    (' ', ' ', Tint::Reset)
                };
                let piece = pieces.piece_at(s);
                let (text, piece_style) = match piece {
                    Some(p) => (
                        picture::piece_text(notation, pieces, p, view.style, view.color),
                        tint(
                            match p.color {
                                crate::kernel::Color::White => palette.first,
                                crate::kernel::Color::Black => palette.second,
                            }
                            .unwrap_or_else(|| tint_of(notation.side_ink(p.color))),
                        ),
                    ),
                    // A wall (Fairy-Stockfish's `*`): no piece goes there.
                    None if position.is_wall(s) => ("*".to_string(), Style::new()),
                    None => (
                        match view.style {
                            PieceStyle::Glyphs => "·",
                            PieceStyle::Ascii => ".",
                        }
                        .to_string(),
                        Style::new(),
                    ),
                };
                // A piece starts its room; an empty square's dot is centred.
                let room = piece_room.saturating_sub(picture::width(&text));
                let (before, after) = if piece.is_some() {
                    (0, room)
                } else {
                    (room / 2, room - room / 2)
                };
                spans.push(Span::styled(format!("{pad}{open}"), cell.patch(tint(mark))));
                spans.push(Span::styled(
                    format!("{:before$}{text}{:after$}", "", ""),
                    cell.patch(piece_style),
                ));
                spans.push(Span::styled(
                    format!("{close}{pad}"),
                    cell.patch(tint(mark)),
                ));
            }
            lines.push(Line::from(spans));
        }
    }
    lines.push(Line::raw(label_rows[last].iter().collect::<String>()));
    lines
}

/// The panels beside and under the board: the status line in bold, the
/// prompt, the keys dimmed; and the newest moves, as many as fit, in a
/// bordered list. Long status and prompt lines wrap rather than lose their
/// ends.
fn draw_panels(
    frame: &mut Frame,
    (status_area, moves_area): (Rect, Rect),
    [status, prompt, detail]: [String; 3],
    keys: &[String],
    (clocks, moves): (&[String], &[String]),
) {
    // The detail (the prompt's candidates or refusal, the evaluation)
    // wraps over up to three lines, so a refusal is read whole at any
    // width (it was cut at the board's width, 57 columns for chess); past
    // that it is cut, so the key lines under it stay on the screen.
    let room = 3 * status_area.width as usize;
    let detail = if picture::width(&detail) > room {
        let mut cut = String::new();
        for c in detail.chars() {
            if picture::width(&cut) + picture::width(&c.to_string()) + 1 > room {
                break;
            }
            cut.push(c);
        }
        cut + "…"
    } else {
        detail
    };
    let mut text = vec![
        Line::styled(status, Style::new().add_modifier(Modifier::BOLD)),
        Line::raw(prompt),
        Line::raw(detail),
    ];
    text.extend(
        keys.iter()
            .map(|k| Line::styled(k.as_str(), Style::new().add_modifier(Modifier::DIM))),
    );
    frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: false }), status_area);
    // The clocks on top, a blank line, then the newest moves that fit.
    let inner = moves_area.height.saturating_sub(2) as usize;
    let mut shown: Vec<Line> = clocks
        .iter()
        .map(|l| Line::styled(l.as_str(), Style::new().add_modifier(Modifier::BOLD)))
        .collect();
    if !clocks.is_empty() {
        shown.push(Line::raw(""));
    }
    let room = inner.saturating_sub(shown.len());
    shown.extend(
        moves[moves.len().saturating_sub(room)..]
            .iter()
            .map(|l| Line::raw(l.as_str())),
    );
    frame.render_widget(
        Paragraph::new(shown).block(Block::bordered().title(" Moves ")),
        moves_area,
    );
}

#[cfg(test)]
mod tests {
    use super::super::game::Options;
    use super::super::test_samples::{sample, typed};
    use super::super::test_variants::{cube4, fourfold_like, small_cube};
    use super::*;
    use crate::variants::{by_name, Notation};
    use ratatui::backend::TestBackend;
    use ratatui::Terminal;

    const PLAIN_STYLE: PieceStyle = PieceStyle::Ascii;

    fn plain() -> View {
        View::new(false, PLAIN_STYLE)
    }

    fn screen(game: &Game, view: View, size: (u16, u16)) -> Vec<String> {
        let mut terminal = Terminal::new(TestBackend::new(size.0, size.1)).unwrap();
        terminal.draw(|f| draw(f, game, view)).unwrap();
        let buffer = terminal.backend().buffer();
        (0..size.1)
            .map(|row| {
                let mut line = String::new();
                let mut col = 0;
                while col < size.0 {
                    let symbol = buffer[(col, row)].symbol();
                    line += symbol;
                    // A wide glyph covers the next cell too.
                    col += picture::width(symbol).max(1) as u16;
                }
                line
            })
            .collect()
    }

    fn game(notation: &'static dyn Notation) -> Game {
        Game::new(Options::new(notation))
    }

    /// Crazyhouse, from the sample file: a capture puts the piece in the
    /// captor's pocket, drawn beside the board, and a drop typed at the
    /// prompt (`P@e6`) takes it out again.
    #[test]
    fn crazyhouse_pockets_beside_the_board_and_drops_at_the_prompt() {
        let mut g = game(sample("crazyhouse"));
        let pockets = |g: &Game| pocket_lines(g, plain());
        assert_eq!(pockets(&g), ["white in hand: -", "black in hand: -"]);
        for m in ["e4", "d5", "exd5"] {
            typed(&mut g, m);
        }
        assert_eq!(g.moves().len(), 3, "{}", g.detail());
        assert_eq!(pockets(&g), ["white in hand: P", "black in hand: -"]);
        typed(&mut g, "Qxd5");
        assert_eq!(pockets(&g), ["white in hand: P", "black in hand: p"]);
        // On the screen, beside the board, at 80 × 24.
        let shown = screen(&g, plain(), (80, 24)).join("\n");
        assert!(shown.contains("white in hand: P"), "{shown}");
        assert!(shown.contains("black in hand: p"), "{shown}");
        typed(&mut g, "P@e6");
        assert_eq!(g.moves().len(), 5, "{}", g.detail());
        assert_eq!(pockets(&g), ["white in hand: -", "black in hand: p"]);
        // A game without drops has no pocket.
        assert!(pocket_lines(&game(by_name("chess").unwrap()), plain()).is_empty());
    }

    /// Ataxx from the sample file: its drops are free (a clone takes
    /// nothing from a hand), so no hand is shown; a clone is the piece's
    /// move to a square a king's step away, picked and clicked as its
    /// jumps two squares away are.
    #[test]
    fn ataxx_shows_no_hand_and_clones_by_the_piece() {
        use crate::game::Action as A;
        let notation = sample("ataxx");
        let mut g = game(notation);
        let name = |g: &Game, s: usize| notation.square_name(g.position(), s);
        let square = |g: &Game, n: &str| (0..49).find(|&s| name(g, s) == n).unwrap();
        assert!(pocket_lines(&g, plain()).is_empty());
        g.handle(A::Click(square(&g, "g1")));
        let reach: Vec<String> = g.reach().into_iter().map(|s| name(&g, s)).collect();
        assert_eq!(
            reach,
            ["e1", "f1", "e2", "f2", "g2", "e3", "f3", "g3"],
            "three clones and five jumps"
        );
        insta::assert_snapshot!("ataxx_80x24", screen(&g, plain(), (80, 24)).join("\n"));
        g.handle(A::Click(square(&g, "f2")));
        assert_eq!(g.moves().len(), 1, "{}", g.prompt());
        // A clone: the piece on g1 stays, its copy stands on f2.
        for s in ["g1", "f2"] {
            let p = g.position().piece_at(square(&g, s));
            assert_eq!(p.map(|p| p.color), Some(crate::kernel::Color::White), "{s}");
        }
        assert!(pocket_lines(&g, plain()).is_empty());
    }

    /// Shogi from the sample file: a promoted piece keeps its letter and
    /// is drawn `+` before it, as FEN writes it, so that it is told from
    /// one unpromoted (it moves as its promoted form).
    #[test]
    fn a_promoted_shogi_piece_is_drawn_with_a_plus() {
        let mut g = game(sample("shogi"));
        for m in ["c3c4", "g7g6"] {
            typed(&mut g, m);
        }
        let shown = screen(&g, plain(), (120, 40)).join("\n");
        assert!(!shown.contains('+'), "{shown}");
        typed(&mut g, "b2h8+");
        assert_eq!(g.moves().len(), 3, "{}", g.detail());
        let shown = screen(&g, plain(), (120, 40)).join("\n");
        let rank8 = shown.lines().find(|l| l.contains("│8")).unwrap();
        assert!(rank8.contains("+B"), "{rank8}");
        assert_eq!(shown.matches('+').count(), 1, "{shown}");
    }

    /// Chess.com's Duck Chess from the sample file: a move places the
    /// duck, typed (`e2e4,e4e3`, `e5,d4`) or clicked (the piece, its
    /// target, the duck's square), and the duck is drawn as `*`.
    #[test]
    fn the_duck_is_placed_typed_or_clicked_and_drawn() {
        use crate::game::Action as A;
        let notation = sample("chess-duck");
        let mut g = game(notation);
        typed(&mut g, "e2e4,e4e3");
        typed(&mut g, "e5,d4");
        assert_eq!(g.moves().len(), 2, "{}", g.detail());
        let square = |name: &str| {
            (0..64)
                .find(|&s| notation.square_name(g.position(), s) == name)
                .unwrap()
        };
        let (g1, f3, d4, h5) = (square("g1"), square("f3"), square("d4"), square("h5"));
        assert!(g.position().is_wall(d4));
        // The knight, its target, then a square the duck cannot take (where
        // it stands), then one it can. Meanwhile the knight is drawn on f3,
        // g1 empty, the duck still on d4, and the targets are the duck's
        // squares, every empty one (32 less the duck's own).
        for s in [g1, f3] {
            g.handle(A::Click(s));
        }
        let placing = g.placing().expect("the duck's square asked");
        assert_eq!(placing.squares.len(), 31);
        assert!(!placing.squares.contains(&d4));
        let shown = screen(&g, plain(), (80, 24)).join("\n");
        assert_eq!(shown.matches("[.]").count(), 31, "{shown}");
        insta::assert_snapshot!("chess_duck_placing_80x24", shown);
        g.handle(A::Click(d4));
        assert_eq!(g.moves().len(), 2);
        assert_eq!(g.prompt(), "no duck can go on d4");
        g.handle(A::Click(h5));
        assert_eq!(g.moves().len(), 3, "{}", g.detail());
        assert!(g.position().is_wall(h5) && !g.position().is_wall(d4));
        let shown = screen(&g, plain(), (80, 24)).join("\n");
        assert!(shown.contains('*'), "{shown}");
    }

    /// Defect: a refusal was cut at the board's width (57 columns for
    /// chess) at any terminal width, its reason lost. It wraps and is read
    /// whole.
    #[test]
    fn a_refusal_is_read_whole() {
        let mut g = game(by_name("chess").unwrap());
        typed(&mut g, "e5");
        let why = g.detail();
        assert!(why.len() > 60, "{why}");
        for size in [(80, 24), (120, 40)] {
            // The status panel's lines, the moves panel beside it left out.
            let status = Areas::of(Rect::new(0, 0, size.0, size.1), &g, plain()).status;
            let text = screen(&g, plain(), size)[status.y as usize..]
                .iter()
                .map(|l| {
                    l.chars()
                        .skip(status.x as usize)
                        .take(status.width as usize)
                        .collect::<String>()
                })
                .collect::<Vec<_>>()
                .join(" ");
            let words = text.split_whitespace().collect::<Vec<_>>().join(" ");
            assert!(words.contains(&why), "{size:?}: {why}\n{text}");
        }
    }

    /// Every square is clicked where its glyph is drawn, at every size,
    /// and the glyph there is its piece's.
    #[test]
    fn every_square_is_clicked_where_it_is_drawn() {
        let all = [
            by_name("chess").unwrap(),
            fourfold_like(),
            small_cube(),
            cube4(),
        ];
        for notation in all {
            for size in [(80, 24), (120, 40), (200, 60)] {
                let g = game(notation);
                let rows = screen(&g, plain(), size);
                let areas = Areas::of(Rect::new(0, 0, size.0, size.1), &g, plain());
                let layout = g.layout();
                for s in 0..layout.shape().len() {
                    let (r, c) = layout.place(s);
                    let (x, y) = areas.origin(r, c);
                    let (x, y) = (x + areas.cell.w / 2, y + areas.cell.h / 2);
                    assert_eq!(square_at(&areas, &g, x, y), Some(s));
                    let drawn = rows[y as usize].chars().nth(x as usize).unwrap();
                    let expected = g
                        .position()
                        .piece_at(s)
                        .map_or('.', |p| g.position().variant().piece_char(p));
                    assert_eq!(drawn, expected, "{s} at {size:?}");
                }
                assert_eq!(square_at(&areas, &g, 0, 0), None);
            }
        }
    }

    /// Every game plays in 80 × 23 and 80 × 22 (a terminal one or two rows
    /// short of 24, as under tmux's status line): its board, status and
    /// keys, every square where a click finds it (issue 32, finding 6).
    #[test]
    fn every_game_fits_a_terminal_two_rows_short() {
        let mut all: Vec<&'static dyn crate::variants::Notation> = crate::variants::all().to_vec();
        all.push(cube4());
        for notation in all {
            for size in [(80, 23), (80, 22)] {
                let g = game(notation);
                let rows = screen(&g, plain(), size);
                let text = rows.join("\n");
                assert!(!text.contains("needs a terminal"), "{size:?}: {text}");
                assert!(text.contains(&format!(" {} ", notation.name())), "{text}");
                assert!(text.contains("to move"), "{size:?}: {text}");
                for k in keys(&g, &Bindings::default()) {
                    assert!(text.contains(&k), "{size:?}: {k} in {text}");
                }
                let areas = Areas::of(Rect::new(0, 0, size.0, size.1), &g, plain());
                let layout = g.layout();
                for s in 0..layout.shape().len() {
                    let (r, c) = layout.place(s);
                    let (x, y) = areas.origin(r, c);
                    let (x, y) = (x + areas.cell.w / 2, y + areas.cell.h / 2);
                    assert!(y < size.1, "{} {s} below the screen", notation.name());
                    assert_eq!(square_at(&areas, &g, x, y), Some(s));
                }
            }
        }
        let small = screen(&game(by_name("chess").unwrap()), plain(), (80, 21)).join("\n");
        assert!(small.contains("at least 80x22"), "{small}");
    }

    /// The key help lists only what the game has (issue 32, finding 6):
    /// no other board in chess, no draw to claim in Duck Chess.
    #[test]
    fn the_key_help_lists_what_the_game_has() {
        let chess = keys(&game(by_name("chess").unwrap()), &Bindings::default());
        assert_eq!(chess[0], "arrows: cursor");
        assert!(chess[2].contains("d: claim a draw"), "{chess:?}");
        let duck = keys(&game(by_name("duck").unwrap()), &Bindings::default());
        assert_eq!(duck[0], "arrows: cursor");
        assert!(!duck[2].contains("d: claim"), "{duck:?}");
        for notation in [fourfold_like(), small_cube()] {
            let many = keys(&game(notation), &Bindings::default());
            assert!(many[0].contains("Alt+arrows"), "{many:?}");
        }
    }

    #[test]
    fn wider_windows_draw_larger_squares() {
        let g = game(by_name("chess").unwrap());
        let small = Areas::of(Rect::new(0, 0, 80, 24), &g, plain());
        let large = Areas::of(Rect::new(0, 0, 200, 60), &g, plain());
        assert_eq!(small.cell, Cell { w: 3, h: 1 });
        assert!(large.cell.w > 3 && large.cell.h > 1, "{:?}", large.cell);
        assert!(large.board.height > 30, "{:?}", large.board);
    }

    #[test]
    fn chess_fits_80_by_24_with_status_keys_and_moves() {
        let mut g = game(by_name("chess").unwrap());
        g.handle(Action::Click(12));
        g.handle(Action::Click(28));
        g.handle(Action::Click(57));
        let text = screen(&g, plain(), (80, 24)).join("\n");
        assert!(text.contains(" chess "), "{text}");
        assert!(text.contains("black to move"), "{text}");
        assert!(text.contains(&format!("1. {}", g.notes()[0])), "{text}");
        assert!(text.contains("(n)"), "the knight picked up: {text}");
        assert_eq!(text.matches("[.]").count(), 2, "a6 and c6: {text}");
        for k in keys(&g, &Bindings::default()) {
            assert!(text.contains(&k), "{k} in {text}");
        }
        assert!(text.contains("1  R  N  B  Q  K  B  N  R"), "{text}");
        let figurines = screen(&g, View::new(true, PieceStyle::Glyphs), (80, 24)).join("\n");
        assert!(
            figurines.contains('♔') && figurines.contains('♞'),
            "{figurines}"
        );
    }

    #[test]
    fn fourfold_and_the_cube_fit_80_by_24_with_their_labels() {
        let mut g = game(fourfold_like());
        g.handle(Action::Click(0));
        let rows = screen(&g, plain(), (80, 24));
        let text = rows.join("\n");
        for label in ["[0,0]", "[1,0]", "[0,1]", "[1,1]"] {
            assert!(text.contains(label), "{label}: {text}");
        }
        // [0,1] is above [0,0]; [1,0] right of [0,0].
        let row_of = |l: &str| rows.iter().position(|r| r.contains(l)).unwrap();
        assert!(row_of("[0,1]") < row_of("[0,0]"));
        assert_eq!(row_of("[0,0]"), row_of("[1,0]"));
        assert!(text.contains("(R)"), "{text}");
        // The rook's reach on the other boards is bracketed.
        let on_other_boards = g
            .reach()
            .iter()
            .filter(|&&s| g.layout().shape().coords(s)[2..] != [0, 0])
            .count();
        assert!(on_other_boards >= 2);
        assert_eq!(text.matches("[.]").count(), g.reach().len(), "{text}");

        let cube = screen(&game(small_cube()), plain(), (80, 24)).join("\n");
        let (iii, i) = (cube.find("III").unwrap(), cube.find(" I ").unwrap());
        assert!(iii < i, "the top level is drawn first: {cube}");
    }

    #[test]
    fn keys_map_to_actions() {
        use Action as A;
        let key =
            |code, m| action_for_key(KeyEvent::new(code, m), Mode::Board, &Bindings::default());
        assert_eq!(key(KeyCode::Up, KeyModifiers::ALT), Some(A::BoardUp));
        assert_eq!(key(KeyCode::Left, KeyModifiers::NONE), Some(A::Left));
        assert_eq!(key(KeyCode::Tab, KeyModifiers::NONE), Some(A::Next));
        assert_eq!(
            key(KeyCode::Char(']'), KeyModifiers::NONE),
            Some(A::LevelUp)
        );
        assert_eq!(
            key(KeyCode::PageDown, KeyModifiers::NONE),
            Some(A::LevelDown)
        );
        assert_eq!(key(KeyCode::Esc, KeyModifiers::NONE), Some(A::Cancel));
        assert_eq!(key(KeyCode::Char('h'), KeyModifiers::NONE), Some(A::Hint));
        assert_eq!(key(KeyCode::Char('q'), KeyModifiers::NONE), Some(A::Quit));
        let q = KeyEvent::new(KeyCode::Char('q'), KeyModifiers::NONE);
        assert_eq!(
            action_for_key(q, Mode::Promoting, &Bindings::default()),
            Some(A::Promote('q'))
        );
        let ctrl_c = KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL);
        assert_eq!(
            action_for_key(ctrl_c, Mode::Promoting, &Bindings::default()),
            Some(A::Quit)
        );
        assert_eq!(
            key(KeyCode::Char(':'), KeyModifiers::NONE),
            Some(A::OpenPrompt)
        );
        assert_eq!(key(KeyCode::Char('?'), KeyModifiers::NONE), Some(A::Help));
        // At the prompt every letter types, q included; Tab completes.
        assert_eq!(
            action_for_key(q, Mode::Typing, &Bindings::default()),
            Some(A::Type('q'))
        );
        let tab = KeyEvent::new(KeyCode::Tab, KeyModifiers::NONE);
        assert_eq!(
            action_for_key(tab, Mode::Typing, &Bindings::default()),
            Some(A::Next)
        );
        let backspace = KeyEvent::new(KeyCode::Backspace, KeyModifiers::NONE);
        assert_eq!(
            action_for_key(backspace, Mode::Typing, &Bindings::default()),
            Some(A::Erase)
        );
        // The help screen: ?, Esc and q close it; other keys do nothing.
        assert_eq!(
            action_for_key(q, Mode::Help, &Bindings::default()),
            Some(A::Quit)
        );
        assert_eq!(action_for_key(tab, Mode::Help, &Bindings::default()), None);
    }

    /// Keys bound in the config file are the keys, and the key lines and
    /// the help say so.
    #[test]
    fn bound_keys_act_and_are_listed() {
        let bound = Bindings {
            undo: 'z',
            help: 'H',
            ..Bindings::default()
        };
        let g = game(by_name("chess").unwrap());
        let lines = keys(&g, &bound);
        assert_eq!(
            lines[2],
            "z/r: undo/redo  h: hint  f: flip  d: claim a draw"
        );
        assert!(lines[4].contains("H: help"), "{lines:?}");
        let help = super::super::help::lines(&lines);
        assert!(help.iter().any(|l| l.starts_with("z/r ")), "{help:?}");
        let key = |c| {
            action_for_key(
                KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE),
                Mode::Board,
                &bound,
            )
        };
        assert_eq!(key('z'), Some(Action::Undo));
        assert_eq!(key('u'), None);
        assert_eq!(key('H'), Some(Action::Help));
        let in_help = action_for_key(
            KeyEvent::new(KeyCode::Char('H'), KeyModifiers::NONE),
            Mode::Help,
            &bound,
        );
        assert_eq!(in_help, Some(Action::Help));
        // The defaults draw the lines as they always were.
        assert_eq!(keys(&g, &Bindings::default())[2..], KEYS[2..]);
    }

    /// The background of a square's middle cell, as drawn.
    fn background(g: &Game, view: View, square: usize) -> Tint {
        let size = (80, 24);
        let mut terminal = Terminal::new(TestBackend::new(size.0, size.1)).unwrap();
        terminal.draw(|f| draw(f, g, view)).unwrap();
        let areas = Areas::of(Rect::new(0, 0, size.0, size.1), g, view);
        let (r, c) = g.layout().place(square);
        let (x, y) = areas.origin(r, c);
        terminal.backend().buffer()[(x + areas.cell.w / 2, y + areas.cell.h / 2)].bg
    }

    /// Chess squares alternate in colour (a1 dark), the cube's too; not
    /// Duck Chess's points, and nothing changes without colour.
    #[test]
    fn chess_squares_are_chequered_in_colour() {
        let colour = View::new(true, PieceStyle::Ascii);
        let mut g = game(by_name("chess").unwrap());
        // The cursor's reverse video is no background: move it off rank 1.
        g.handle(Action::Click(52));
        let (a1, b1, a2, b2) = (0, 1, 8, 9);
        assert_eq!(background(&g, colour, a1), DARK);
        assert_eq!(background(&g, colour, b1), LIGHT);
        assert_eq!(background(&g, colour, a2), LIGHT);
        assert_eq!(background(&g, colour, b2), DARK);
        for s in [a1, b1] {
            assert_eq!(background(&g, plain(), s), Tint::Reset, "no colour: plain");
        }
        let bespoke = View {
            palette: Palette {
                dark: Some(Tint::Blue),
                ..Palette::default()
            },
            ..colour
        };
        assert_eq!(background(&g, bespoke, a1), Tint::Blue);
        let cube = game(small_cube());
        let backgrounds: Vec<Tint> = (0..4).map(|s| background(&cube, colour, s)).collect();
        assert!(backgrounds.contains(&DARK) && backgrounds.contains(&LIGHT));
        let duck = game(by_name("duck").unwrap());
        assert_eq!(background(&duck, colour, 1), Tint::Reset);
    }

    /// At 80 columns Duck Chess's verdicts are broken after a `;` only,
    /// never inside a word, and no line is cut by the panel's edge.
    #[test]
    fn duck_chess_verdicts_break_between_fields_at_80_columns() {
        use rand_chacha::ChaCha8Rng;
        use rand_core::{Rng, SeedableRng};
        let duck = by_name("duck").unwrap();
        let mut g = game(duck);
        let mut rng = ChaCha8Rng::seed_from_u64(32);
        while g.moves().len() < 80 && g.outcome().is_none() {
            let moves = g.position().legal_moves();
            let m = moves[(rng.next_u32() as usize) % moves.len()];
            g.handle(Action::Click(m.from()));
            g.handle(Action::Click(m.to()));
        }
        for size in [(80, 24), (80, 22)] {
            let areas = Areas::of(Rect::new(0, 0, size.0, size.1), &g, plain());
            let width = areas.moves.width as usize - 2;
            let lines = g.move_lines(width);
            for line in &lines {
                assert!(line.chars().count() <= width, "{line:?} wider than {width}");
            }
            // Each verdict is its lines joined, each line whole fields.
            let verdicts: Vec<&String> = g.verdicts().iter().flatten().collect();
            let mut joined = Vec::new();
            let mut current = String::new();
            for line in &lines {
                if let Some(rest) = line.strip_prefix("   ") {
                    current.push_str(rest);
                    if !rest.ends_with(';') {
                        joined.push(std::mem::take(&mut current));
                    }
                }
            }
            assert_eq!(joined.len(), verdicts.len());
            for (j, v) in joined.iter().zip(verdicts) {
                assert_eq!(j, v);
            }
            let rows = screen(&g, plain(), size);
            let text = rows.join("\n");
            for line in lines.iter().rev().take(size.1 as usize - 4) {
                assert!(
                    text.contains(line.as_str()),
                    "{line:?} cut on screen:\n{text}"
                );
            }
        }
    }

    /// The cube's levels side by side are held back by the width, and
    /// still grow with the window's height.
    #[test]
    fn the_cube_grows_with_the_window() {
        let cube = game(by_name("cube").unwrap());
        let cell = |w, h| Areas::of(Rect::new(0, 0, w, h), &cube, plain()).cell;
        assert_eq!(cell(80, 22).h, 2, "{:?}", cell(80, 22));
        assert!(cell(200, 60).h > cell(80, 22).h);
        assert!(cell(200, 60).w > cell(120, 40).w);
    }

    /// The screens as they look: chess after 1. e4 with black's knight
    /// picked up, Fourfold with the rook a1[0,0] picked up, the cube, and
    /// chess in a larger window.
    #[test]
    fn screens() {
        let mut chess = game(by_name("chess").unwrap());
        chess.handle(Action::Click(12));
        chess.handle(Action::Click(28));
        chess.handle(Action::Click(57));
        insta::assert_snapshot!("chess_80x24", screen(&chess, plain(), (80, 24)).join("\n"));
        insta::assert_snapshot!(
            "chess_120x40",
            screen(&chess, plain(), (120, 40)).join("\n")
        );
        let mut fourfold = game(fourfold_like());
        fourfold.handle(Action::Click(0));
        insta::assert_snapshot!(
            "fourfold_80x24",
            screen(&fourfold, plain(), (80, 24)).join("\n")
        );
        insta::assert_snapshot!(
            "fourfold_120x40",
            screen(&fourfold, plain(), (120, 40)).join("\n")
        );
        let cube = game(small_cube());
        insta::assert_snapshot!("cube_80x24", screen(&cube, plain(), (80, 24)).join("\n"));
        let mut cube4 = game(cube4());
        cube4.handle(Action::Click(1));
        insta::assert_snapshot!("cube4_80x24", screen(&cube4, plain(), (80, 24)).join("\n"));
        // Duck Chess after red's 3 4 4 4 and blue's 9 0 8 0, red's horse on
        // (0,1) picked up: the glyphs with their side letters (no colour),
        // and the letters.
        let mut duck = game(by_name("duck").unwrap());
        for square in [31, 40, 81, 72, 1] {
            duck.handle(Action::Click(square));
        }
        let glyphs = View::new(false, PieceStyle::Glyphs);
        insta::assert_snapshot!("duck_80x24", screen(&duck, glyphs, (80, 24)).join("\n"));
        insta::assert_snapshot!("duck_120x40", screen(&duck, plain(), (120, 40)).join("\n"));
    }

    /// The hint is marked `* *`, a king in check `! !`.
    #[test]
    fn hint_and_check_marks() {
        let chess = by_name("chess").unwrap();
        let first = crate::engine::computer::first_legal();
        let mut g = Game::new(Options {
            start: chess.read_position("k7/8/8/8/8/8/8/r6K w - - 0 1").unwrap(),
            chooser: Some(first),
            ..Options::new(chess)
        });
        let text = screen(&g, plain(), (80, 24)).join("\n");
        assert!(text.contains("!K!"), "{text}");
        assert!(text.contains(", check"), "{text}");
        g.handle(Action::Hint);
        g.think_here();
        let m = g.hint().expect("a hint");
        let text = screen(&g, plain(), (80, 24)).join("\n");
        assert_eq!(text.matches('*').count(), 4, "{text}");
        assert!(
            text.contains(&format!("hint: {}", chess.write_move(g.position(), m))),
            "{text}"
        );
    }
}
