//! The text picture of a position of any game, one renderer for all: boards
//! placed by [`Layout`], each with its label above
//! ([`Notation::board_label`](crate::variants::Presentation::board_label)), the rank labels on the left and the file
//! labels below (and above, on a page of one board), in the game's words
//! ([`Notation::file_label`](crate::variants::Presentation::file_label), [`Notation::rank_label`](crate::variants::Presentation::rank_label)): `a`–`h` and `1`–`8`
//! in chess, the judge's column and row numbers in Duck Chess.
//!
//! Two styles: [`Style::Glyphs`] draws the game's glyphs
//! ([`Notation::glyph`](crate::variants::Presentation::glyph): the chess figurines ♔♕♖♗♘♙ / ♚♛♜♝♞♟, Duck Chess's
//! 王 士 象 马 车 鸭 兵, two columns wide); [`Style::Ascii`] draws the
//! notation letters, upper case for the first side. In colour, each side's
//! pieces wear its ink ([`Notation::side_ink`](crate::variants::Presentation::side_ink)); without colour, a glyph
//! both sides share is followed by the first letter of its side (`车r`).
//!
//! Marks: a target in brackets `[ ]`, the selected square in parentheses
//! `( )`, an attacker in braces `{ }` (a brace wins over the others).

use super::layout::Layout;
use super::Notation;
use crate::kernel::{AnyPosition, Color, Piece};
use std::fmt::{self, Write as _};
use std::io::IsTerminal;

/// How pieces are drawn.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum Style {
    /// The game's glyphs: chess figurines, Duck Chess's 王 士 象 马 车 鸭 兵.
    #[default]
    #[cfg_attr(feature = "clap", value(alias = "figurine", alias = "cjk"))]
    Glyphs,
    /// Notation letters only, pure ASCII.
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
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
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

/// The colour a side's pieces are drawn in.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Ink {
    /// Duck Chess's first side.
    Red,
    /// The first side of the chess family.
    Yellow,
    /// The second side.
    Blue,
}

impl Ink {
    /// The ANSI escape that starts the colour (bold).
    pub fn ansi(self) -> &'static str {
        match self {
            Ink::Red => "\x1b[1;31m",
            Ink::Yellow => "\x1b[1;33m",
            Ink::Blue => "\x1b[1;34m",
        }
    }
}

/// The figurine of a chess kind letter, if it has one: the glyphs of every
/// game but Duck Chess.
pub fn figurine(letter: char, color: Color) -> Option<char> {
    let i = "kqrbnp".find(letter)?;
    let set = match color {
        Color::White => ['♔', '♕', '♖', '♗', '♘', '♙'],
        Color::Black => ['♚', '♛', '♜', '♝', '♞', '♟'],
    };
    Some(set[i])
}

/// How many terminal columns a character takes: two for the CJK ideographs
/// Duck Chess draws with, one otherwise.
pub fn columns(c: char) -> usize {
    if ('\u{2E80}'..='\u{9FFF}').contains(&c) || ('\u{F900}'..='\u{FAFF}').contains(&c) {
        2
    } else {
        1
    }
}

/// The mark around a square.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Mark {
    /// `[ ]`: a target.
    Target,
    /// `( )`: the selected piece, or a move's start.
    Selected,
    /// `{ }`: a piece that attacks a royal one.
    Attacker,
}

/// A picture of a position, configured with the builder methods and drawn
/// by `Display`.
///
/// ```
/// use duckchess_rules::variants::{by_name, picture::{Picture, Style}};
/// let chess = by_name("chess").unwrap();
/// let start = chess.start();
/// let text = Picture::new(chess, &*start).style(Style::Ascii).to_string();
/// assert_eq!(text.lines().nth(1), Some("8  r  n  b  q  k  b  n  r"));
/// assert_eq!(text.lines().last(), Some("   a  b  c  d  e  f  g  h"));
/// let duck = by_name("duck").unwrap();
/// let start = duck.start();
/// let text = Picture::new(duck, &*start).style(Style::Ascii).to_string();
/// assert_eq!(text.lines().nth(1), Some("9  r  h  e  a  k  a  e  h  r"));
/// ```
pub struct Picture<'a> {
    notation: &'a dyn Notation,
    position: &'a dyn AnyPosition,
    style: Style,
    color: bool,
    marks: Vec<Option<Mark>>,
}

impl<'a> Picture<'a> {
    /// A picture of `position` in the game's glyphs, without colour or marks.
    pub fn new(notation: &'a dyn Notation, position: &'a dyn AnyPosition) -> Picture<'a> {
        Picture {
            notation,
            position,
            style: Style::Glyphs,
            color: false,
            marks: vec![None; position.variant().shape.len()],
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

    fn mark(mut self, squares: impl IntoIterator<Item = usize>, mark: Mark) -> Self {
        for s in squares {
            if let Some(slot) = self.marks.get_mut(s) {
                *slot = (*slot).max(Some(mark));
            }
        }
        self
    }

    /// Brackets these squares.
    pub fn highlight(self, squares: impl IntoIterator<Item = usize>) -> Self {
        self.mark(squares, Mark::Target)
    }

    /// Marks `from` as selected and brackets every square the piece there
    /// can reach: its legal moves, or, for a piece of the side not to move,
    /// those it would have if it were its turn.
    pub fn reach(self, from: usize) -> Self {
        let targets = reach(self.position, from);
        self.highlight(targets).mark([from], Mark::Selected)
    }

    /// Marks a move: its start in parentheses, its target in brackets.
    pub fn command(self, from: usize, to: usize) -> Self {
        self.highlight([to]).mark([from], Mark::Selected)
    }

    /// Braces these squares (the pieces that give check); a brace wins over
    /// the other marks.
    pub fn attackers(self, squares: impl IntoIterator<Item = usize>) -> Self {
        self.mark(squares, Mark::Attacker)
    }

    fn piece_text(&self, piece: Piece, color: bool) -> String {
        piece_text(self.notation, self.position, piece, self.style, color)
    }

    fn inner(&self) -> usize {
        piece_columns(self.notation, self.position, self.style)
    }

    fn draw_cell(&self, line: &mut String, square: usize, inner: usize) -> fmt::Result {
        let (open, close) = match self.marks[square] {
            Some(Mark::Attacker) => ('{', '}'),
            Some(Mark::Selected) => ('(', ')'),
            Some(Mark::Target) => ('[', ']'),
            None => (' ', ' '),
        };
        line.push(open);
        match self.position.piece_at(square) {
            None => {
                let left = (inner - 1) / 2;
                write!(line, "{:left$}.{:right$}", "", "", right = inner - 1 - left)?;
            }
            Some(piece) => {
                let text = self.piece_text(piece, self.color);
                let pad = inner.saturating_sub(width(&text));
                if self.color {
                    let ink = self.notation.side_ink(piece.color).ansi();
                    write!(line, "{ink}{text}{:pad$}\x1b[0m", "")?;
                } else {
                    write!(line, "{text}{:pad$}", "")?;
                }
            }
        }
        line.push(close);
        Ok(())
    }
}

/// A piece as drawn in `style`: its letter, or its glyph, followed without
/// colour by its side's first letter where both sides share the glyph
/// (`车r`).
pub fn piece_text(
    notation: &dyn Notation,
    position: &dyn AnyPosition,
    piece: Piece,
    style: Style,
    color: bool,
) -> String {
    match style {
        Style::Ascii => position.variant().piece_char(piece).to_string(),
        Style::Glyphs => {
            let glyph = notation.glyph(position, piece);
            let other = Piece {
                color: piece.color.other(),
                ..piece
            };
            let shared = notation.glyph(position, other) == glyph;
            if shared && !color {
                let side = notation.side_name(piece.color);
                format!("{glyph}{}", side.chars().next().unwrap_or(' '))
            } else {
                glyph.to_string()
            }
        }
    }
}

/// The columns a text takes on a terminal.
pub fn width(text: &str) -> usize {
    text.chars().map(columns).sum()
}

/// The columns a piece takes at most in `style`: its glyph and side letter
/// drawn without colour (a cell's room between its marks).
pub fn piece_columns(notation: &dyn Notation, position: &dyn AnyPosition, style: Style) -> usize {
    let variant = position.variant();
    Color::ALL
        .into_iter()
        .flat_map(|color| variant.all_kinds().map(move |kind| Piece { color, kind }))
        .map(|piece| width(&piece_text(notation, position, piece, style, false)))
        .max()
        .unwrap_or(1)
}

/// The squares the piece on `from` can reach: its legal moves, or for a
/// piece of the side not to move, those it would have on its turn.
pub fn reach(position: &dyn AnyPosition, from: usize) -> Vec<usize> {
    let Some(piece) = position.piece_at(from) else {
        return Vec::new();
    };
    let targets = |p: &dyn AnyPosition| {
        p.legal_moves()
            .into_iter()
            .filter(|m| m.from() == from)
            .map(|m| m.to())
            .collect()
    };
    if piece.color == position.turn() {
        targets(position)
    } else {
        position
            .passed()
            .map_or_else(Vec::new, |other| targets(&*other))
    }
}

/// Trailing spaces off each line end.
fn trimmed(line: &str) -> &str {
    line.trim_end_matches(' ')
}

impl fmt::Display for Picture<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let layout: Layout = self.notation.layout(self.position);
        let shape = layout.shape();
        let ranks = shape.size(1) as usize;
        let label_width = (0..ranks)
            .map(|r| self.notation.rank_label(r).chars().count())
            .max()
            .unwrap_or(1);
        let margin = label_width + 1;
        let inner = self.inner();
        let cell = inner + 2;
        let boards = layout.boards();
        let files_line = |first: usize, last: usize| -> Result<String, fmt::Error> {
            let mut files = " ".repeat(margin);
            for c in 0..layout.cols() {
                match (first..=last).find_map(|r| layout.square_at(r, c)) {
                    Some(s) => {
                        let label = self.notation.file_label(shape.coords(s)[0] as usize);
                        write!(files, "{label:^cell$}")?;
                    }
                    None => files += &" ".repeat(cell),
                }
            }
            Ok(files)
        };
        let mut row = 0;
        while row < layout.rows() {
            // A band: the rows of one line of boards, between gap rows.
            let in_band = |r: usize| (0..layout.cols()).any(|c| layout.square_at(r, c).is_some());
            if !in_band(row) {
                writeln!(f)?;
                row += 1;
                continue;
            }
            let first = row;
            let mut last = row;
            while last + 1 < layout.rows() && in_band(last + 1) {
                last += 1;
            }

            let width = margin + cell * layout.cols();
            let mut labels = vec![' '; width];
            let mut any_label = false;
            for &((z, w), (r, c)) in &boards {
                if r != first {
                    continue;
                }
                let label = self.notation.board_label(self.position, z, w);
                any_label |= !label.is_empty();
                for (i, ch) in label.chars().enumerate() {
                    if let Some(slot) = labels.get_mut(margin + cell * c + 1 + i) {
                        *slot = ch;
                    }
                }
            }
            if any_label {
                writeln!(f, "{}", trimmed(&labels.iter().collect::<String>()))?;
            } else {
                // A page of one board: its files above it too.
                writeln!(f, "{}", trimmed(&files_line(first, last)?))?;
            }

            for r in first..=last {
                let mut line = String::new();
                let square = (0..layout.cols()).find_map(|c| layout.square_at(r, c));
                let rank = square.map_or(String::new(), |s| {
                    self.notation.rank_label(shape.coords(s)[1] as usize)
                });
                write!(line, "{rank:>label_width$} ")?;
                for c in 0..layout.cols() {
                    match layout.square_at(r, c) {
                        None => line += &" ".repeat(cell),
                        Some(s) => self.draw_cell(&mut line, s, inner)?,
                    }
                }
                writeln!(f, "{}", trimmed(&line))?;
            }
            writeln!(f, "{}", trimmed(&files_line(first, last)?))?;
            row = last + 1;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::by_name;

    #[test]
    fn colour_only_when_asked() {
        let chess = by_name("chess").unwrap();
        let start = chess.start();
        let plain = Picture::new(chess, &*start).to_string();
        assert!(!plain.contains('\x1b'));
        let coloured = Picture::new(chess, &*start).color(true).to_string();
        assert!(coloured.contains("\x1b[1;33m♔\x1b[0m"));
        assert!(coloured.contains("\x1b[1;34m♚\x1b[0m"));
    }

    /// Display width: a CJK glyph takes two columns.
    fn width(line: &str) -> usize {
        line.chars().map(columns).sum()
    }

    #[test]
    fn duck_chess_rows_line_up_and_end_without_spaces() {
        let duck = by_name("duck").unwrap();
        let start = duck.start();
        // The bracket on (0,8) fills the last cell's closing slot.
        for (style, cell) in [(Style::Ascii, 3), (Style::Glyphs, 5)] {
            let text = Picture::new(duck, &*start)
                .style(style)
                .highlight([8])
                .to_string();
            let lines: Vec<&str> = text.lines().collect();
            assert_eq!(lines.len(), 12);
            assert!(lines.iter().all(|l| !l.ends_with(' ')), "{style:?}");
            let full = 2 + 9 * cell;
            assert!(lines.iter().all(|l| width(l) <= full), "{style:?}");
            assert_eq!(width(lines[10]), full, "{style:?}: row 0");
            // Row 9's last cell has a blank closing slot, trimmed away.
            assert_eq!(width(lines[1]), full - 1, "{style:?}: row 9");
        }
    }

    #[test]
    fn reach_brackets_targets_and_parenthesises_the_piece() {
        let duck = by_name("duck").unwrap();
        let start = duck.start();
        // The red soldier on (3,4) reaches its 8 neighbours.
        let text = Picture::new(duck, &*start)
            .style(Style::Ascii)
            .reach(3 * 9 + 4)
            .to_string();
        assert!(text.contains("(S)"));
        assert_eq!(text.matches("[.]").count(), 8);
        let row4 = text.lines().find(|l| l.starts_with("4 ")).unwrap();
        assert_eq!(row4, "4  .  .  . [.][.][.] .  .  .");
        // A blue piece's reach, though it is red's turn: the horse on
        // (9,1) reaches (7,2) only (its own duck on (7,0), its leg (9,2)
        // held by its elephant).
        let text = Picture::new(duck, &*start)
            .style(Style::Ascii)
            .reach(9 * 9 + 1)
            .to_string();
        assert!(text.contains("(h)"));
        assert_eq!(text.matches("[.]").count(), 1);
        let row7 = text.lines().find(|l| l.starts_with("7 ")).unwrap();
        assert_eq!(row7, "7  d  . [.] .  .  .  .  .  d");
    }

    #[test]
    fn a_command_marks_its_two_ends_and_attackers_wear_braces() {
        let duck = by_name("duck").unwrap();
        let start = duck.start();
        let text = Picture::new(duck, &*start)
            .style(Style::Ascii)
            .command(0, 9)
            .attackers([81, 9])
            .to_string();
        let row = |x: char| text.lines().find(|l| l.starts_with(x)).unwrap();
        assert_eq!(row('0'), "0 (R) H  E  A  K  A  E  H  R");
        // The target is an attacker too: the brace wins.
        assert_eq!(row('1'), "1 {.} .  .  .  .  .  .  .  .");
        assert_eq!(row('9'), "9 {r} h  e  a  k  a  e  h  r");
        assert_eq!(text.matches('[').count(), 0);
    }

    #[test]
    fn shared_glyphs_carry_their_side_without_colour() {
        let duck = by_name("duck").unwrap();
        let start = duck.start();
        let plain = Picture::new(duck, &*start).to_string();
        let colored = Picture::new(duck, &*start).color(true).to_string();
        assert!(!plain.contains('\x1b'));
        assert!(plain.contains("车b") && plain.contains("车r"));
        assert!(colored.contains("\x1b[1;31m车 \x1b[0m"));
        assert!(!colored.contains("车b"));
    }
}
