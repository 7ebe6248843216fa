//! The text picture of a position of any kernel variant, one renderer for
//! all: boards placed by [`Layout`], each with its label above
//! ([`Notation::board_label`]), rank numbers on the left and file letters
//! below.
//!
//! Two styles: [`Style::Figurine`] draws the chess figurines ♔♕♖♗♘♙ for
//! White and ♚♛♜♝♞♟ for Black (a kind with no figurine is drawn by its
//! letter); [`Style::Ascii`] draws the notation letters, upper case White.
//! Empty squares are dots. In colour, White's pieces are yellow and Black's
//! blue.

use super::layout::Layout;
use super::Notation;
use crate::kernel::{AnyPosition, Color, Piece};
use std::fmt::{self, Write as _};

/// How pieces are drawn.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Style {
    /// Chess figurines (letters for kinds without one).
    #[default]
    Figurine,
    /// Notation letters only, pure ASCII.
    Ascii,
}

/// A picture of a position, drawn by `Display`.
///
/// ```
/// use duckchess::variants::{by_name, picture::{Picture, Style}};
/// let chess = by_name("chess").unwrap();
/// let start = chess.start();
/// let text = Picture::new(chess, &*start).style(Style::Ascii).to_string();
/// assert_eq!(text.lines().next(), Some("8  r n b q k b n r"));
/// assert_eq!(text.lines().last(), Some("   a b c d e f g h"));
/// ```
pub struct Picture<'a> {
    notation: &'a dyn Notation,
    position: &'a dyn AnyPosition,
    style: Style,
    color: bool,
}

/// The figurine of a chess kind letter, if it has one.
fn figurine(letter: char, color: Color) -> Option<char> {
    let i = "kqrbnp".find(letter)?;
    let set = match color {
        Color::White => ['♔', '♕', '♖', '♗', '♘', '♙'],
        Color::Black => ['♚', '♛', '♜', '♝', '♞', '♟'],
    };
    Some(set[i])
}

impl<'a> Picture<'a> {
    /// A picture of `position` in figurines, without colour.
    pub fn new(notation: &'a dyn Notation, position: &'a dyn AnyPosition) -> Picture<'a> {
        Picture {
            notation,
            position,
            style: Style::Figurine,
            color: false,
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

    fn glyph(&self, piece: Piece) -> char {
        let variant = self.position.variant();
        let letter = variant.kind(piece.kind).letter;
        match self.style {
            Style::Figurine => {
                figurine(letter, piece.color).unwrap_or_else(|| variant.piece_char(piece))
            }
            Style::Ascii => variant.piece_char(piece),
        }
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
        let margin = ranks.to_string().len() + 1;
        // Each cell is two columns: a space and the glyph.
        let width = margin + 2 * layout.cols();
        let boards = layout.boards();
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

            let mut labels = vec![' '; width];
            let mut any_label = false;
            for &((z, w), (r, c)) in &boards {
                if r != first {
                    continue;
                }
                let label = self.notation.board_label(self.position, z, w);
                any_label |= !label.is_empty();
                for (i, ch) in label.chars().enumerate() {
                    if let Some(slot) = labels.get_mut(margin + 2 * c + 1 + i) {
                        *slot = ch;
                    }
                }
            }
            if any_label {
                writeln!(f, "{}", trimmed(&labels.iter().collect::<String>()))?;
            }

            for r in first..=last {
                let mut line = String::new();
                let square = (0..layout.cols()).find_map(|c| layout.square_at(r, c));
                let rank = square.map_or(0, |s| shape.coords(s)[1] + 1);
                write!(line, "{rank:>w$} ", w = margin - 1)?;
                for c in 0..layout.cols() {
                    match layout.square_at(r, c) {
                        None => line += "  ",
                        Some(s) => match self.position.piece_at(s) {
                            None => line += " .",
                            Some(piece) => {
                                let glyph = self.glyph(piece);
                                if self.color {
                                    let ink = match piece.color {
                                        Color::White => "\x1b[1;33m",
                                        Color::Black => "\x1b[1;34m",
                                    };
                                    write!(line, " {ink}{glyph}\x1b[0m")?;
                                } else {
                                    write!(line, " {glyph}")?;
                                }
                            }
                        },
                    }
                }
                writeln!(f, "{}", trimmed(&line))?;
            }

            let mut files = " ".repeat(margin);
            for c in 0..layout.cols() {
                match (first..=last).find_map(|r| layout.square_at(r, c)) {
                    Some(s) => {
                        let file = shape.coords(s)[0] as u8;
                        write!(files, " {}", (b'a' + file) as char)?;
                    }
                    None => files += "  ",
                }
            }
            writeln!(f, "{}", trimmed(&files))?;
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
}
