//! Text pictures of the board, shared by `trace`, `show`, the checker and
//! the terminal toy.
//!
//! Row 9 is drawn at the top and row 0 at the bottom, with the judge's row
//! numbers on the left and column numbers above and below, so a point is
//! read off the picture exactly as the judge writes it: `(x, y)`.
//!
//! Two styles: [`Style::Cjk`] draws the contest toy's glyphs 王 士 象 马 车
//! 鸭 兵 (two columns wide each); [`Style::Ascii`] draws the notation
//! letters (upper case red, lower case blue). In colour, red and blue pieces
//! are coloured; without colour a CJK glyph is followed by `r` or `b` so the
//! sides stay apart. Highlighted points are drawn in brackets, the selected
//! point in parentheses, marked attackers in braces.

use crate::duck::{Board, Color, Piece, Point, Position};
use std::fmt::{self, Write as _};
use std::io::IsTerminal;

/// How pieces are drawn.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Style {
    /// The contest toy's glyphs: 王 士 象 马 车 鸭 兵.
    #[default]
    Cjk,
    /// Notation letters only, pure ASCII: K A E H R D S / k a e h r d s.
    Ascii,
}

/// Whether pictures written to standard output should be coloured: only on
/// a terminal, and never when `NO_COLOR` is set to anything non-empty.
pub fn color_for_stdout() -> bool {
    let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    !no_color && std::io::stdout().is_terminal()
}

/// When pictures are coloured: the `--color` option.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum ColorChoice {
    /// Only when standard output is a terminal and `NO_COLOR` is unset or
    /// empty.
    #[default]
    Auto,
    /// Always, even into a file or a pipe: asked for explicitly, so it
    /// wins over `NO_COLOR`.
    Always,
    /// Never.
    Never,
}

impl ColorChoice {
    /// Whether pictures written to standard output are coloured.
    pub fn for_stdout(self) -> bool {
        match self {
            ColorChoice::Auto => color_for_stdout(),
            ColorChoice::Always => true,
            ColorChoice::Never => false,
        }
    }
}

/// A board picture, configured with the builder methods and drawn by
/// `Display`.
///
/// ```
/// use duckchess::duck::picture::{Picture, Style};
/// use duckchess::duck::Board;
/// let text = Picture::new(&Board::initial()).style(Style::Ascii).to_string();
/// let top = text.lines().nth(1).unwrap();
/// assert_eq!(top, "9  r  h  e  a  k  a  e  h  r");
/// ```
#[derive(Clone, Debug)]
pub struct Picture<'a> {
    board: &'a Board,
    style: Style,
    color: bool,
    highlight: u128,
    selected: Option<Point>,
    attackers: u128,
}

impl<'a> Picture<'a> {
    /// A picture of `board` in CJK style without colour or highlights.
    pub fn new(board: &'a Board) -> Picture<'a> {
        Picture {
            board,
            style: Style::Cjk,
            color: false,
            highlight: 0,
            selected: None,
            attackers: 0,
        }
    }

    /// Draws with `style`.
    pub fn style(mut self, style: Style) -> Self {
        self.style = style;
        self
    }

    /// Colours the pieces with ANSI escapes when `color` is true.
    pub fn color(mut self, color: bool) -> Self {
        self.color = color;
        self
    }

    /// Brackets these points.
    pub fn highlight(mut self, points: impl IntoIterator<Item = Point>) -> Self {
        for p in points {
            self.highlight |= 1u128 << p.index();
        }
        self
    }

    /// Marks `from` as selected and brackets every point the piece there
    /// can reach (whoever's turn it is).
    pub fn reach(self, position: &Position, from: Point) -> Self {
        let mut picture = self.highlight(position.targets(from));
        picture.selected = Some(from);
        picture
    }

    /// Marks a command: its start in parentheses, its target in brackets.
    pub fn command(mut self, from: Point, to: Point) -> Self {
        self.selected = Some(from);
        self.highlight(std::iter::once(to))
    }

    /// Braces these points (the pieces that give check); a brace wins over
    /// the other marks.
    pub fn attackers(mut self, points: impl IntoIterator<Item = Point>) -> Self {
        for p in points {
            self.attackers |= 1u128 << p.index();
        }
        self
    }

    fn cell_width(&self) -> usize {
        match self.style {
            Style::Ascii => 3,
            Style::Cjk => 5,
        }
    }

    fn draw_cell(&self, f: &mut String, p: Point) -> fmt::Result {
        let (open, close) = if self.attackers >> p.index() & 1 != 0 {
            ('{', '}')
        } else if self.selected == Some(p) {
            ('(', ')')
        } else if self.highlight >> p.index() & 1 != 0 {
            ('[', ']')
        } else {
            (' ', ' ')
        };
        f.write_char(open)?;
        match self.board.get(p) {
            None => f.write_str(match self.style {
                Style::Ascii => ".",
                Style::Cjk => " . ",
            })?,
            Some(piece) => self.draw_piece(f, piece)?,
        }
        f.write_char(close)
    }

    fn draw_piece(&self, f: &mut String, piece: Piece) -> fmt::Result {
        if self.color {
            let code = match piece.color {
                Color::Red => "\x1b[1;31m",
                Color::Blue => "\x1b[1;34m",
            };
            f.write_str(code)?;
        }
        match (self.style, self.color) {
            (Style::Ascii, _) => f.write_char(piece.char())?,
            (Style::Cjk, true) => write!(f, "{} ", piece.role.glyph())?,
            (Style::Cjk, false) => {
                let side = match piece.color {
                    Color::Red => 'r',
                    Color::Blue => 'b',
                };
                write!(f, "{}{side}", piece.role.glyph())?
            }
        }
        if self.color {
            f.write_str("\x1b[0m")?;
        }
        Ok(())
    }

    fn draw_columns(&self, f: &mut String) -> fmt::Result {
        let w = self.cell_width();
        f.write_str("  ")?;
        for y in 0..9 {
            write!(f, "{y:^w$}")?;
        }
        Ok(())
    }
}

impl fmt::Display for Picture<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Each line is drawn whole, then written without trailing spaces.
        let mut line = String::new();
        let mut end_line = |line: &mut String| {
            let text = line.trim_end_matches(' ');
            let result = writeln!(f, "{text}");
            line.clear();
            result
        };
        self.draw_columns(&mut line)?;
        end_line(&mut line)?;
        for x in (0..10).rev() {
            write!(line, "{x} ")?;
            for y in 0..9 {
                self.draw_cell(&mut line, Point::new(x, y).expect("on the board"))?;
            }
            end_line(&mut line)?;
        }
        self.draw_columns(&mut line)?;
        end_line(&mut line)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_line_up_and_end_without_spaces() {
        let board = Board::initial();
        // The bracket on (0,8) fills the last cell's closing slot.
        let corner = Point::new(0, 8).unwrap();
        for style in [Style::Ascii, Style::Cjk] {
            let text = Picture::new(&board)
                .style(style)
                .highlight([corner])
                .to_string();
            let lines: Vec<&str> = text.lines().collect();
            assert_eq!(lines.len(), 12);
            // Display width: a CJK glyph takes two columns.
            let width = |s: &str| {
                s.chars()
                    .map(|c| if c.is_ascii() { 1 } else { 2 })
                    .sum::<usize>()
            };
            assert!(lines.iter().all(|l| !l.ends_with(' ')), "{style:?}");
            let widths: Vec<usize> = lines.iter().map(|l| width(l)).collect();
            let full = 2 + 9 * Picture::new(&board).style(style).cell_width();
            assert!(widths.iter().all(|&w| w <= full), "{style:?}: {widths:?}");
            assert_eq!(width(lines[10]), full, "{style:?}: row 0");
            // Row 9's last cell has a blank closing slot, trimmed away.
            assert_eq!(width(lines[1]), full - 1, "{style:?}: row 9");
        }
    }

    #[test]
    fn reach_brackets_targets_and_parenthesises_the_piece() {
        let pos = Position::initial();
        let from = Point::new(3, 4).unwrap(); // red soldier: all 8 neighbours
        let text = Picture::new(pos.board())
            .style(Style::Ascii)
            .reach(&pos, from)
            .to_string();
        assert!(text.contains("(S)"));
        assert_eq!(text.matches("[.]").count(), 8);
        let row4 = text.lines().find(|l| l.starts_with("4 ")).unwrap();
        assert_eq!(row4, "4  .  .  . [.][.][.] .  .  .");
    }

    #[test]
    fn a_command_marks_its_two_ends_and_attackers_wear_braces() {
        let board = Board::initial();
        let (from, to) = (Point::new(0, 0).unwrap(), Point::new(1, 0).unwrap());
        let text = Picture::new(&board)
            .style(Style::Ascii)
            .command(from, to)
            .attackers([Point::new(9, 0).unwrap(), to])
            .to_string();
        let row = |x: char| text.lines().find(|l| l.starts_with(x)).unwrap();
        assert_eq!(row('0'), "0 (R) H  E  A  K  A  E  H  R");
        // The target is an attacker too: the brace wins.
        assert_eq!(row('1'), "1 {.} .  .  .  .  .  .  .  .");
        assert_eq!(row('9'), "9 {r} h  e  a  k  a  e  h  r");
        assert_eq!(text.matches('[').count(), 0);
    }

    #[test]
    fn colour_uses_ansi_and_drops_the_side_letters() {
        let board = Board::initial();
        let plain = Picture::new(&board).to_string();
        let colored = Picture::new(&board).color(true).to_string();
        assert!(!plain.contains('\x1b'));
        assert!(plain.contains("车b") && plain.contains("车r"));
        assert!(colored.contains("\x1b[1;31m车 \x1b[0m"));
        assert!(!colored.contains("车b"));
    }
}
