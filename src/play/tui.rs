//! The terminal around a [`Game`]: ratatui drawing and the crossterm event
//! loop. Kept thin: keys and clicks become [`Action`]s, the computer's
//! search runs on a thread, and everything drawn is read from the game.
//!
//! The board is drawn like [`crate::duck::picture`]'s CJK style: row 9 at the top,
//! the judge's row and column numbers around it, five columns a point, the
//! glyphs 王 士 象 马 车 鸭 兵 in bold red and blue (or followed by `r`/`b`
//! without colour: `--color never`, or `NO_COLOR` set), the selected piece in parentheses and its
//! reachable points in brackets. The cursor is drawn in reverse video.

use super::{Action, Game};
use crate::duck::{Color, Point};
use ratatui::crossterm::event::{
    self, DisableMouseCapture, EnableMouseCapture, Event, KeyCode, KeyEvent, KeyEventKind,
    KeyModifiers, MouseButton, MouseEventKind,
};
use ratatui::crossterm::execute;
use ratatui::crossterm::terminal::{enable_raw_mode, EnterAlternateScreen};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::prelude::CrosstermBackend;
use ratatui::style::{Color as Tint, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};
use ratatui::Terminal;
use ratatui::{DefaultTerminal, Frame};
use std::io;
use std::sync::{mpsc, Arc};
use std::time::Duration;

/// The smallest terminal the game is laid out for.
pub const MIN_SIZE: (u16, u16) = (80, 24);

/// Columns a board point takes at the smallest scale: bracket, glyph (two
/// columns), space, bracket; as in the picture's CJK style.
const CELL: u16 = 5;
/// The row number and a space before the first point of a row.
const MARGIN: u16 = 2;
/// Columns kept for the move list at the least.
const MOVES_MIN: u16 = 30;
/// Rows kept under the board for the status and the keys.
const STATUS_ROWS: u16 = 8;

/// A point's size on the screen: `w` columns by `h` rows. The smallest,
/// (5, 1), fits 80 × 24; a larger window gets the largest that fits.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Scale {
    w: u16,
    h: u16,
}

impl Scale {
    /// The board's box: the points, the margin and the border; column
    /// header, ten rows, column footer and the border.
    fn board(self) -> (u16, u16) {
        (MARGIN + 9 * self.w + 2, 10 * self.h + 4)
    }

    fn fitting(area: Rect) -> Scale {
        (1..=4)
            .rev()
            .map(|k| Scale {
                w: CELL + 4 * (k - 1),
                h: k,
            })
            .find(|s| {
                let (w, h) = s.board();
                w + MOVES_MIN <= area.width && h + STATUS_ROWS <= area.height
            })
            .unwrap_or(Scale { w: CELL, h: 1 })
    }
}

const KEYS: [&str; 3] = [
    "arrows or hjkl: cursor    Enter or Space: select",
    "u: undo   n: new game   s: save   q or Esc: quit",
    "or click a piece, then where it goes",
];

/// Runs the game full screen until the player quits; `color` colours the
/// pieces (otherwise a glyph is followed by `r` or `b`).
pub fn run(game: Game, color: bool) -> io::Result<()> {
    on_screen(|terminal| event_loop(terminal, game, color))
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

fn event_loop(terminal: &mut DefaultTerminal, mut game: Game, color: bool) -> io::Result<()> {
    let (tx, rx) = mpsc::channel();
    while !game.should_quit() {
        if let Some(request) = game.request() {
            let tx = tx.clone();
            std::thread::spawn(move || {
                let best = request.think();
                // The loop may have ended; nobody needs the answer then.
                let _ = tx.send((request.id, best));
            });
        }
        terminal.draw(|frame| draw(frame, &game, color))?;
        if event::poll(Duration::from_millis(50))? {
            let action = match event::read()? {
                Event::Key(key) => action_for_key(key),
                Event::Mouse(m) if m.kind == MouseEventKind::Down(MouseButton::Left) => {
                    let areas = Areas::of(terminal.get_frame().area());
                    point_at(&areas, m.column, m.row).map(Action::Click)
                }
                _ => None,
            };
            if let Some(action) = action {
                game.handle(action);
            }
        }
        while let Ok((id, best)) = rx.try_recv() {
            game.reply(id, best);
        }
    }
    Ok(())
}

/// What a key press means; releases and unknown keys mean nothing.
pub fn action_for_key(key: KeyEvent) -> Option<Action> {
    if key.kind != KeyEventKind::Press {
        return None;
    }
    if key.modifiers.contains(KeyModifiers::CONTROL) {
        // Raw mode turns Ctrl-C into a key: let it quit as usual.
        return (key.code == KeyCode::Char('c')).then_some(Action::Quit);
    }
    Some(match key.code {
        KeyCode::Up | KeyCode::Char('k') => Action::Up,
        KeyCode::Down | KeyCode::Char('j') => Action::Down,
        KeyCode::Left | KeyCode::Char('h') => Action::Left,
        KeyCode::Right | KeyCode::Char('l') => Action::Right,
        KeyCode::Enter | KeyCode::Char(' ') => Action::Activate,
        KeyCode::Char('u') => Action::Undo,
        KeyCode::Char('n') => Action::New,
        KeyCode::Char('s') => Action::Save,
        KeyCode::Char('q') | KeyCode::Esc => Action::Quit,
        _ => return None,
    })
}

/// Where things go on the screen.
struct Areas {
    /// The board's box.
    board: Rect,
    /// Status, hint and keys, under the board.
    status: Rect,
    /// The move list, right of the board.
    moves: Rect,
    /// A point's size.
    scale: Scale,
}

impl Areas {
    fn of(area: Rect) -> Areas {
        let scale = Scale::fitting(area);
        let (width, height) = scale.board();
        let [left, moves] =
            Layout::horizontal([Constraint::Length(width), Constraint::Min(0)]).areas(area);
        let [board, status] =
            Layout::vertical([Constraint::Length(height), Constraint::Min(0)]).areas(left);
        Areas {
            board,
            status,
            moves,
            scale,
        }
    }
}

/// The board point drawn at screen cell (`column`, `row`), if any.
fn point_at(areas: &Areas, column: u16, row: u16) -> Option<Point> {
    let (board, scale) = (areas.board, areas.scale);
    // Inside the border: the header line, then rows 9 down to 0.
    let line = row.checked_sub(board.y + 2)? / scale.h;
    let across = column.checked_sub(board.x + 1 + MARGIN)?;
    let (x, y) = (9 - i64::from(line), i64::from(across / scale.w));
    if line > 9 || y > 8 {
        return None;
    }
    Point::new(x, y)
}

/// Draws the whole screen.
pub fn draw(frame: &mut Frame, game: &Game, color: bool) {
    let area = frame.area();
    if area.width < MIN_SIZE.0 || area.height < MIN_SIZE.1 {
        let text = format!(
            "duckchess play needs a terminal of at least {}x{}; this one is {}x{}. Enlarge it, or press q.",
            MIN_SIZE.0, MIN_SIZE.1, area.width, area.height
        );
        frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), area);
        return;
    }
    let areas = Areas::of(area);
    let board = Paragraph::new(board_lines(game, color, areas.scale))
        .block(Block::bordered().title(" Duck Chess 鸭棋 "));
    frame.render_widget(board, areas.board);

    let lines = game.move_lines(areas.moves.width.saturating_sub(2) as usize);
    draw_panels(
        frame,
        (areas.status, areas.moves),
        game.status(),
        game.hint(),
        &KEYS,
        &lines,
    );
}

/// The panels beside and under a board, alike in both terminal games: the
/// status line in bold, the prompt, the keys dimmed; and the newest moves,
/// as many as fit, in a bordered list.
pub(crate) fn draw_panels(
    frame: &mut Frame,
    (status_area, moves_area): (Rect, Rect),
    status: String,
    prompt: String,
    keys: &[&'static str],
    moves: &[String],
) {
    let mut text = vec![
        Line::styled(status, Style::new().add_modifier(Modifier::BOLD)),
        Line::raw(prompt),
        Line::raw(""),
    ];
    text.extend(
        keys.iter()
            .map(|&k| Line::styled(k, Style::new().add_modifier(Modifier::DIM))),
    );
    frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: false }), status_area);
    let inner = moves_area.height.saturating_sub(2) as usize;
    let shown: Vec<Line> = moves[moves.len().saturating_sub(inner)..]
        .iter()
        .map(|l| Line::raw(l.as_str()))
        .collect();
    frame.render_widget(
        Paragraph::new(shown).block(Block::bordered().title(" Moves ")),
        moves_area,
    );
}

/// The board as lines: the picture's layout, with styles instead of ANSI
/// codes so ratatui can place it; each point `scale.w` columns wide and
/// `scale.h` rows high, its glyph on the middle row.
fn board_lines(game: &Game, color: bool, scale: Scale) -> Vec<Line<'static>> {
    let (w, h) = (scale.w as usize, scale.h as usize);
    let header = {
        let mut text = " ".repeat(MARGIN as usize);
        for y in 0..9 {
            text.push_str(&format!("{y:^w$}"));
        }
        Line::raw(text)
    };
    // Spaces either side of the bracketed glyph in a wider point.
    let pad = " ".repeat((w - CELL as usize) / 2);
    let reach = game.reach();
    let last = game.last_move();
    let mut lines = vec![header.clone()];
    for x in (0..10).rev() {
        for sub in 0..h {
            let mid = sub == h / 2;
            let label = if mid { format!("{x} ") } else { "  ".into() };
            let mut spans = vec![Span::raw(label)];
            for y in 0..9 {
                let p = Point::new(x, y).expect("on the board");
                let mut cell = Style::new();
                if game.cursor() == p {
                    cell = cell.add_modifier(Modifier::REVERSED);
                }
                if !mid {
                    spans.push(Span::styled(" ".repeat(w), cell));
                    continue;
                }
                let (open, close) = if game.selected() == Some(p) {
                    ('(', ')')
                } else if reach.contains(&p) {
                    ('[', ']')
                } else {
                    (' ', ' ')
                };
                if last.is_some_and(|(from, to)| p == from || p == to) {
                    cell = cell.add_modifier(Modifier::UNDERLINED);
                }
                spans.push(Span::styled(format!("{pad}{open}"), cell));
                spans.push(piece_span(game, p, color).patch_style(cell));
                spans.push(Span::styled(format!("{close}{pad}"), cell));
            }
            lines.push(Line::from(spans));
        }
    }
    lines.push(header);
    lines
}

fn piece_span(game: &Game, p: Point, color: bool) -> Span<'static> {
    let Some(piece) = game.position().board().get(p) else {
        return Span::raw(" . ");
    };
    let glyph = piece.role.glyph();
    if !color {
        let side = match piece.color {
            Color::Red => 'r',
            Color::Blue => 'b',
        };
        return Span::raw(format!("{glyph}{side}"));
    }
    let tint = match piece.color {
        Color::Red => Tint::Red,
        Color::Blue => Tint::Blue,
    };
    Span::styled(
        format!("{glyph} "),
        Style::new().fg(tint).add_modifier(Modifier::BOLD),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::{Options, Vs};
    use ratatui::backend::TestBackend;
    use ratatui::Terminal;

    fn screen(game: &Game, color: bool) -> Vec<String> {
        let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
        terminal.draw(|f| draw(f, game, color)).unwrap();
        let buffer = terminal.backend().buffer();
        (0..24)
            .map(|row| {
                let mut line = String::new();
                let mut col = 0;
                while col < 80 {
                    let symbol = buffer[(col, row)].symbol();
                    line.push_str(symbol);
                    // A CJK glyph is two columns wide and covers the next cell.
                    let wide = symbol
                        .chars()
                        .any(|c| ('\u{2E80}'..='\u{9FFF}').contains(&c));
                    col += if wide { 2 } else { 1 };
                }
                line
            })
            .collect()
    }

    #[test]
    fn every_point_is_clicked_where_it_is_drawn() {
        let area = Rect::new(0, 0, 80, 24);
        let areas = Areas::of(area);
        let board = areas.board;
        let game = Game::new(Options {
            vs: Vs::Human,
            ..Options::default()
        });
        let rows = screen(&game, false);
        for p in Point::all() {
            // Find the glyph (or the dot) of p by its column and row.
            let row = board.y + 2 + (9 - p.x() as u16);
            let col = board.x + 1 + MARGIN + CELL * p.y() as u16 + 1;
            assert_eq!(point_at(&areas, col, row), Some(p));
            assert_eq!(point_at(&areas, col + 3, row), Some(p));
            let drawn = &rows[row as usize];
            let label: String = drawn.chars().skip(board.x as usize + 1).take(2).collect();
            assert_eq!(label.trim(), p.x().to_string(), "row label of {p}");
        }
        assert_eq!(point_at(&areas, 0, 0), None);
        assert_eq!(
            point_at(&areas, board.x + 1, board.y + 2),
            None,
            "the row label"
        );
        assert_eq!(point_at(&areas, 60, 5), None, "the move list");
    }

    /// A 200 × 60 window draws the board larger (it stayed 47 × 14), and
    /// every point is still clicked where its glyph is.
    #[test]
    fn a_large_window_draws_a_larger_board() {
        let (width, height) = (200, 60);
        let areas = Areas::of(Rect::new(0, 0, width, height));
        assert!(areas.scale.h >= 3, "{:?}", areas.scale);
        assert!(
            areas.board.width >= 100 && areas.board.height >= 30,
            "{:?}",
            areas.board
        );
        let game = Game::new(Options {
            vs: Vs::Human,
            ..Options::default()
        });
        let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
        terminal.draw(|f| draw(f, &game, false)).unwrap();
        let buffer = terminal.backend().buffer();
        let (w, h) = (areas.scale.w, areas.scale.h);
        for p in Point::all() {
            let row = areas.board.y + 2 + (9 - p.x() as u16) * h + h / 2;
            let col = areas.board.x + 1 + MARGIN + w * p.y() as u16 + w / 2 - 1;
            assert_eq!(point_at(&areas, col, row), Some(p));
            let symbol = buffer[(col, row)].symbol().to_string();
            let expected = match game.position().board().get(p) {
                Some(piece) => piece.role.glyph().to_string(),
                None => " ".to_string(),
            };
            assert_eq!(symbol, expected, "at {p}");
        }
    }

    #[test]
    fn the_screen_fits_80_by_24_and_shows_board_status_and_moves() {
        let mut game = Game::new(Options {
            vs: Vs::Human,
            ..Options::default()
        });
        game.handle(Action::Click(Point::new(3, 4).unwrap()));
        game.handle(Action::Click(Point::new(4, 4).unwrap()));
        game.handle(Action::Click(Point::new(9, 4).unwrap()));
        let rows = screen(&game, false);
        let text = rows.join("\n");
        assert!(text.contains("Duck Chess"), "{text}");
        assert!(text.contains("车b"), "{text}");
        assert!(text.contains("兵r"), "{text}");
        assert!(text.contains("  1. 3 4 4 4"), "{text}");
        assert!(text.contains("red soldier;NA;no;no"), "{text}");
        assert!(text.contains("blue to move"), "{text}");
        assert!(text.contains(&game.hint()), "{text}");
        assert!(text.contains("q or Esc: quit"), "{text}");
        // The picked-up blue captain is in parentheses, its targets bracketed.
        assert!(text.contains("(王b)"), "{text}");
        assert_eq!(text.matches("[ . ]").count(), 1, "(8,4) only: {text}");
    }

    #[test]
    fn a_small_terminal_is_told_the_size_needed() {
        let game = Game::new(Options::default());
        let mut terminal = Terminal::new(TestBackend::new(60, 20)).unwrap();
        terminal.draw(|f| draw(f, &game, true)).unwrap();
        let buffer = terminal.backend().buffer();
        let first: String = (0..60)
            .map(|c| buffer[(c, 0)].symbol().to_string())
            .collect();
        assert!(first.contains("at least 80x24"), "{first}");
    }

    #[test]
    fn keys_map_to_actions() {
        let press = |code| action_for_key(KeyEvent::new(code, KeyModifiers::NONE));
        assert_eq!(press(KeyCode::Char('k')), Some(Action::Up));
        assert_eq!(press(KeyCode::Left), Some(Action::Left));
        assert_eq!(press(KeyCode::Char(' ')), Some(Action::Activate));
        assert_eq!(press(KeyCode::Esc), Some(Action::Quit));
        assert_eq!(press(KeyCode::Char('x')), None);
        let ctrl_c = KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL);
        assert_eq!(action_for_key(ctrl_c), Some(Action::Quit));
    }

    /// Once the game is over, the terminal's panic hook is gone and the
    /// one before it is back. Checked in a copy of this test binary, as
    /// the hook is the whole process's.
    #[test]
    fn the_panic_hook_is_given_back() {
        const CHILD: &str = "DUCKCHESS_TEST_PANIC_HOOK";
        if std::env::var_os(CHILD).is_some() {
            use std::sync::atomic::{AtomicBool, Ordering};
            static SEEN: AtomicBool = AtomicBool::new(false);
            std::panic::set_hook(Box::new(|_| SEEN.store(true, Ordering::SeqCst)));
            drop(super::ScreenHook::install());
            let _ = std::panic::catch_unwind(|| panic!("after the game"));
            assert!(
                SEEN.load(Ordering::SeqCst),
                "the previous hook was not called"
            );
            return;
        }
        let out = std::process::Command::new(std::env::current_exe().unwrap())
            .args(["--exact", "play::tui::tests::the_panic_hook_is_given_back"])
            .env(CHILD, "1")
            .output()
            .unwrap();
        assert!(out.status.success(), "{out:?}");
        // The screen hook writes escape codes (mouse off, main screen).
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(!stdout.contains('\x1b'), "{stdout:?}");
    }
}
