//! Coordinate moves (UCI's) for any game on files and ranks: the two
//! squares' names and, for a promotion, the new piece's letter (`e2e4`,
//! `e7e8q`, `a9a10`, castling as the king's move `e1g1`).
//!
//! A [`UciMove`] is the text read without knowing the game;
//! [`UciMove::to_move`] finds the legal move it names in a position,
//! [`UciMove::of`] writes one.
//!
//! ```
//! use duckchess_rules::variants::{chess, uci::UciMove};
//! let text: UciMove = "g1f3".parse().unwrap();
//! let start = chess::start();
//! let m = text.to_move(&start).unwrap();
//! assert_eq!(UciMove::of(start.rules().variant(), m).to_string(), "g1f3");
//! ```

use super::line::shorten;
use super::square_names::{coords_name, parse_coords};
use crate::kernel::{Gate, Move, MoveKind, Position, SquareSet, Variant};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// Why a UCI move could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum UciError {
    /// Not two squares and an optional promotion letter.
    #[error("{0:?} is not a UCI move")]
    Syntax(String),
    /// Well formed, but no legal move of the position.
    #[error("{0:?} is not legal here")]
    Illegal(String),
    /// A pawn's move to its last rank without the piece it becomes.
    #[error("{text:?} needs a promotion piece: {}", in_words_or(.choices))]
    NoPromotion {
        /// The move as written.
        text: String,
        /// The moves with each promotion piece, in UCI.
        choices: Vec<String>,
    },
}

/// `a`, `a or b`, `a, b or c`.
fn in_words_or(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

/// A coordinate move as written: squares as (file, rank) from 0, and the
/// promotion letter (lower case) if any.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct UciMove {
    /// The square moved from.
    pub from: (usize, usize),
    /// The square moved to.
    pub to: (usize, usize),
    /// The letter of the piece a pawn becomes.
    pub promotion: Option<char>,
    /// The letter (upper case) of the piece put from the hand, for a drop
    /// (`P@e4`; `from` is then `to`).
    pub drop: Option<char>,
    /// Where the move places a wall, in a game with a walling rule:
    /// Fairy-Stockfish writes the move, a comma, its target and the wall's
    /// square (`e2e4,e4d5`).
    pub wall: Option<(usize, usize)>,
}

impl FromStr for UciMove {
    type Err = UciError;

    fn from_str(text: &str) -> Result<UciMove, UciError> {
        let syntax = || UciError::Syntax(shorten(text));
        if let Some((base, gate)) = text.split_once(',') {
            let mut m: UciMove = base.parse().map_err(|_| syntax())?;
            // The second part is a move of its own: the first's target,
            // then the wall.
            let wall: UciMove = gate.parse().map_err(|_| syntax())?;
            if m.wall.is_some()
                || wall.from != m.to
                || wall.drop.is_some()
                || wall.promotion.is_some()
            {
                return Err(syntax());
            }
            m.wall = Some(wall.to);
            return Ok(m);
        }
        if let Some((letter, square)) = text.split_once('@') {
            // Kyoto shogi drops a piece promoted: `+N@c3`.
            let (letter, promotion) = match letter.strip_prefix('+') {
                Some(rest) => (rest, Some('+')),
                None => (letter, None),
            };
            let mut chars = letter.chars();
            return match (chars.next(), chars.next(), parse_coords(square)) {
                (Some(c), None, Some(to)) if c.is_ascii_alphabetic() => Ok(UciMove {
                    from: to,
                    to,
                    promotion,
                    drop: Some(c.to_ascii_uppercase()),
                    wall: None,
                }),
                _ => Err(syntax()),
            };
        }
        if !text.is_ascii() || text.len() < 4 {
            return Err(syntax());
        }
        // The first square ends where the second file letter starts.
        let split = text[1..]
            .find(|c: char| c.is_ascii_lowercase())
            .map(|i| i + 1)
            .ok_or_else(syntax)?;
        let from = parse_coords(&text[..split]).ok_or_else(syntax)?;
        // Shogi's promotion: `+` after the squares; Kyoto shogi's
        // demotion: `-`.
        for sign in ['+', '-'] {
            if let Some(to_text) = text[split..].strip_suffix(sign) {
                let to = parse_coords(to_text).ok_or_else(syntax)?;
                return Ok(UciMove {
                    from,
                    to,
                    promotion: Some(sign),
                    drop: None,
                    wall: None,
                });
            }
        }
        let rest = &text[split..];
        let (to_text, promotion) = match rest
            .char_indices()
            .skip(1)
            .find(|(_, c)| c.is_ascii_alphabetic())
        {
            Some((i, c)) if i + 1 == rest.len() => (&rest[..i], Some(c.to_ascii_lowercase())),
            Some(_) => return Err(syntax()),
            None => (rest, None),
        };
        let to = parse_coords(to_text).ok_or_else(syntax)?;
        Ok(UciMove {
            from,
            to,
            promotion,
            drop: None,
            wall: None,
        })
    }
}

impl fmt::Display for UciMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(letter) = self.drop {
            let sign = if self.promotion.is_some() { "+" } else { "" };
            return write!(f, "{sign}{letter}@{}", coords_name(self.to.0, self.to.1));
        }
        write!(
            f,
            "{}{}",
            coords_name(self.from.0, self.from.1),
            coords_name(self.to.0, self.to.1)
        )?;
        if let Some(letter) = self.promotion {
            write!(f, "{letter}")?;
        }
        match self.wall {
            Some((file, rank)) => write!(
                f,
                ",{}{}",
                coords_name(self.to.0, self.to.1),
                coords_name(file, rank)
            ),
            None => Ok(()),
        }
    }
}

impl UciMove {
    /// A move of a game on files and ranks, as written.
    pub fn of(variant: &Variant, m: Move) -> UciMove {
        let files = variant.shape.size(0) as usize;
        let coords = |s: usize| (s % files, s / files);
        if let Some(gate) = m.gate {
            return gated(variant, m, gate, coords);
        }
        UciMove {
            from: coords(m.from()),
            to: coords(m.to()),
            promotion: m.promotion.map(|k| {
                // Shogi's promoted piece keeps its kind: `+`; so does the
                // pawn's form it turns into (wolf's elephant).
                if variant
                    .drops
                    .as_ref()
                    .is_some_and(|d| d.promotions.is_some())
                    || variant.turned_promotion() == Some(k)
                {
                    '+'
                } else {
                    variant.kind(k).letter
                }
            }),
            drop: m
                .dropped()
                .map(|k| variant.kind(k).letter.to_ascii_uppercase()),
            wall: m.wall().map(coords),
        }
    }

    /// The legal move of the position this names (`text`, as given, for
    /// errors).
    pub fn to_move<S: SquareSet>(&self, position: &Position<S>) -> Result<Move, UciError> {
        self.find(position, &self.to_string())
    }

    fn find<S: SquareSet>(&self, position: &Position<S>, text: &str) -> Result<Move, UciError> {
        let variant = position.rules().variant();
        let (files, ranks) = (
            variant.shape.size(0) as usize,
            variant.shape.size(1) as usize,
        );
        let square = |(file, rank): (usize, usize)| {
            (file < files && rank < ranks)
                .then_some(rank * files + file)
                .ok_or_else(|| UciError::Syntax(shorten(text)))
        };
        let (from, to) = (square(self.from)?, square(self.to)?);
        let wall = self.wall.map(square).transpose()?;
        let promotion = match self.promotion {
            Some('+') if self.drop.is_some() => None,
            Some('+') if variant.turned_promotion().is_some() => variant.turned_promotion(),
            // A piece turning over keeps its kind, whichever way.
            Some('+' | '-') => Some(
                position
                    .piece_at(from)
                    .map(|p| p.kind)
                    .ok_or_else(|| UciError::Illegal(text.into()))?,
            ),
            Some(letter) => Some(
                variant
                    .kind_by_letter(letter)
                    .ok_or_else(|| UciError::Syntax(shorten(text)))?,
            ),
            None => None,
        };
        let legal = position.legal_moves();
        if let Some(letter) = self.drop {
            let kind = variant
                .kind_by_letter(letter)
                .ok_or_else(|| UciError::Syntax(shorten(text)))?;
            let promoted = self.promotion.is_some();
            return legal
                .iter()
                .find(|m| {
                    m.to() == to && m.dropped() == Some(kind) && m.promotion.is_some() == promoted
                })
                .copied()
                .ok_or_else(|| UciError::Illegal(text.into()));
        }
        if self.promotion.is_some() {
            if let Some(&m) = legal
                .iter()
                .find(|m| m.gate.is_some() && UciMove::of(variant, **m) == *self)
            {
                return Ok(m);
            }
        }
        let between = || {
            legal.iter().filter(|m| {
                m.from() == from && m.to() == to && m.wall() == wall && m.gate.is_none()
            })
        };
        if let Some(&m) = between().find(|m| m.promotion == promotion) {
            return Ok(m);
        }
        if promotion.is_none() && between().any(|m| m.promotion.is_some()) {
            return Err(UciError::NoPromotion {
                text: text.into(),
                choices: between().map(|&m| write_uci(variant, m)).collect(),
            });
        }
        Err(UciError::Illegal(text.into()))
    }
}

/// A gating move as Fairy-Stockfish writes it: the move and the gated
/// piece's letter (`g1f3h`), or, gating on the castling rook's square,
/// from the rook's square to the king's (`h1e1h`).
fn gated(
    variant: &Variant,
    m: Move,
    gate: Gate,
    coords: impl Fn(usize) -> (usize, usize),
) -> UciMove {
    let (from, to) = match (m.kind, gate.on_rook) {
        (MoveKind::Castle(n), true) => {
            let rule = &variant.castling[n as usize];
            (rule.rook_from, rule.king_from)
        }
        _ => (m.from(), m.to()),
    };
    UciMove {
        from: coords(from),
        to: coords(to),
        promotion: Some(variant.kind(gate.kind).letter.to_ascii_lowercase()),
        drop: None,
        wall: None,
    }
}

/// A move of a game on files and ranks in UCI coordinates.
pub fn write_uci(variant: &Variant, m: Move) -> String {
    UciMove::of(variant, m).to_string()
}

/// [`write_uci`] in a position: a promoted piece turning back (Kyoto
/// shogi's demotion) is written with `-`.
pub fn write_uci_in<S: SquareSet>(position: &Position<S>, m: Move) -> String {
    let mut text = write_uci(position.rules().variant(), m);
    if m.promotion.is_some() && m.dropped().is_none() && position.is_promoted(m.from()) {
        text.pop();
        text.push('-');
    }
    text
}

/// The legal move of a position written in UCI coordinates.
///
/// ```
/// use duckchess_rules::variants::chess::start;
/// use duckchess_rules::variants::uci::{parse_uci, UciError};
/// let p = start();
/// assert!(parse_uci(&p, "g1f3").is_ok());
/// assert_eq!(parse_uci(&p, "e2e5"), Err(UciError::Illegal("e2e5".into())));
/// assert_eq!(parse_uci(&p, "e2"), Err(UciError::Syntax("e2".into())));
/// ```
pub fn parse_uci<S: SquareSet>(position: &Position<S>, text: &str) -> Result<Move, UciError> {
    text.parse::<UciMove>()?.find(position, text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::{chess, fen::read_fen, xiangqi};

    #[test]
    fn the_text_reads_without_a_game() {
        let m: UciMove = "a9a10".parse().unwrap();
        assert_eq!((m.from, m.to, m.promotion), ((0, 8), (0, 9), None));
        let m: UciMove = "e7e8Q".parse().unwrap();
        assert_eq!(m.promotion, Some('q'));
        assert_eq!(m.to_string(), "e7e8q");
        for bad in ["e2", "e2e", "E2e4", "e0e4", "e2e4qq", "é2e4"] {
            assert_eq!(
                bad.parse::<UciMove>(),
                Err(UciError::Syntax(bad.into())),
                "{bad}"
            );
        }
    }

    #[test]
    fn moves_are_found_in_a_position() {
        let start = chess::start();
        // Off the board, or a letter the game has no piece for.
        assert_eq!(
            parse_uci(&start, "i2i4"),
            Err(UciError::Syntax("i2i4".into()))
        );
        let p = read_fen(chess::rules(), "4k3/P7/8/8/8/8/8/4K3 w - - 0 1").unwrap();
        assert_eq!(
            parse_uci(&p, "a7a8x"),
            Err(UciError::Syntax("a7a8x".into()))
        );
        assert_eq!(
            parse_uci(&p, "a7a8").unwrap_err().to_string(),
            "\"a7a8\" needs a promotion piece: a7a8q, a7a8r, a7a8b or a7a8n"
        );
        // Every legal move of random play is written and found again, on
        // 8 × 8 and on xiangqi's 9 × 10.
        fn round_trip<S: SquareSet>(mut p: Position<S>) {
            for i in 0..40 {
                let moves = p.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let variant = p.rules().variant();
                for &m in &moves {
                    let text = write_uci(variant, m);
                    assert_eq!(parse_uci(&p, &text), Ok(m), "{text}");
                }
                p.play(moves[(i * 7) % moves.len()]).unwrap();
            }
        }
        round_trip(chess::start());
        round_trip(xiangqi::start());
    }
}
