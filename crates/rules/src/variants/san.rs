//! Standard Algebraic Notation: moves as people write them (`Nbd7`, `exd6`,
//! `O-O`, `e8=Q+`).
//!
//! Writing follows the PGN standard: the piece letter (none for a pawn), the
//! origin's file, rank or both only when another piece of the same kind
//! could go to the same square, `x` for a capture (a pawn's always with its
//! file), the target, `=Q` for a promotion, `+` for check and `#` for mate.
//!
//! Reading accepts what people and programs write: with or without check
//! marks and `!?` annotations, `0-0` for `O-O`, `e8Q` for `e8=Q`, `exd6
//! e.p.`, long forms (`Ng1f3`, `Ng1-f3`) and too much disambiguation. A move
//! that cannot be read says why: malformed, no piece can go there, or which
//! pieces make it ambiguous.
//!
//! A [`San`] is the text read without knowing the game (which letters are
//! pieces, how big the board is); [`San::to_move`] finds the legal move it
//! names, [`San::of`] writes one. Every game on files and ranks whose
//! pieces have letters reads and writes its moves so: chess, xiangqi's
//! coordinates aside, every game from a file.
//!
//! ```
//! use duckchess_rules::variants::chess::{from_fen, san};
//! let p = from_fen("r3k2r/p1pNqpb1/bn2pnp1/3P4/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1").unwrap();
//! let m = san::parse(&p, "Nbxd7").unwrap();
//! assert_eq!(san::write(&p, m), "Nbxd7");
//! assert_eq!(
//!     san::parse(&p, "Nxd7").unwrap_err().to_string(),
//!     "Nxd7 is ambiguous: knights on b6 and f6 can go there"
//! );
//! ```

use super::line::shorten;
use super::square_names::{coords_name, parse_coords, square_name};
use crate::kernel::{Kind, Move, MoveKind, Position, SquareSet};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// Why a SAN move could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SanError {
    /// Not a move in any spelling this reader knows.
    #[error("{text:?} is not a move: {why}")]
    Malformed {
        /// The text as given.
        text: String,
        /// What is wrong with it.
        why: String,
    },
    /// Well formed, but no legal move matches.
    #[error("{text} is not legal here: {why}")]
    NoMove {
        /// The text as given.
        text: String,
        /// Which pieces could not do it.
        why: String,
    },
    /// Several legal moves match.
    #[error("{text} is ambiguous: {plural} on {squares} can go there")]
    Ambiguous {
        /// The text as given.
        text: String,
        /// The kind's name, plural (`knights`).
        plural: String,
        /// The origins, as a list in words (`b8 and f6`).
        squares: String,
    },
}

/// The board's files and ranks.
fn dims<S: SquareSet>(position: &Position<S>) -> (usize, usize) {
    let shape = position.rules().variant().shape;
    (shape.size(0) as usize, shape.size(1) as usize)
}

/// The pawn kind of the position's variant, if any.
fn pawn_kind<S: SquareSet>(position: &Position<S>) -> Option<Kind> {
    let variant = position.rules().variant();
    variant
        .all_kinds()
        .find(|&k| variant.kind(k).pawn.is_some())
}

/// A move in SAN, read without knowing the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum San {
    /// Castling: on the king's side (`O-O`) or the queen's (`O-O-O`).
    Castle {
        /// Whether towards the king's side (the higher files).
        king_side: bool,
    },
    /// A piece put from the hand (`P@e4`, `N@f7+`): its letter, upper
    /// case, and the square.
    Drop {
        /// The piece's letter.
        piece: char,
        /// The square, as (file, rank) from 0.
        to: (usize, usize),
    },
    /// Any other move.
    Normal {
        /// The moving piece's letter, upper case; `None` for the pawn.
        piece: Option<char>,
        /// The origin's file (from 0), where written.
        file: Option<usize>,
        /// The origin's rank (from 0), where written.
        rank: Option<usize>,
        /// Whether it is written as a capture (`x`).
        capture: bool,
        /// The target's (file, rank), from 0.
        to: (usize, usize),
        /// The letter of the piece a pawn becomes, upper case.
        promotion: Option<char>,
    },
}

/// What does not choose the move: annotations, check marks, `e.p.`.
fn strip_suffixes(text: &str) -> &str {
    let mut core = text.trim();
    let strip_ep = |core: &mut &str| {
        for suffix in ["e.p.", "ep"] {
            if let Some(rest) = core.strip_suffix(suffix) {
                if rest.ends_with(|c: char| c.is_ascii_digit() || c == ' ') {
                    *core = rest.trim_end();
                }
            }
        }
    };
    strip_ep(&mut core);
    core = core.trim_end_matches(['+', '#', '!', '?', '‼', '⁇', '⁈', '⁉']);
    strip_ep(&mut core);
    core
}

impl FromStr for San {
    type Err = SanError;

    fn from_str(text: &str) -> Result<San, SanError> {
        let malformed = |why: &str| SanError::Malformed {
            text: shorten(text),
            why: why.into(),
        };
        let core = strip_suffixes(text);
        if core.is_empty() {
            return Err(malformed("it is empty"));
        }
        // Castling, with letter O or digit zero.
        match core {
            "O-O" | "0-0" | "o-o" => return Ok(San::Castle { king_side: true }),
            "O-O-O" | "0-0-0" | "o-o-o" => return Ok(San::Castle { king_side: false }),
            _ => {}
        }
        if !core.is_ascii() {
            return Err(malformed("unexpected character"));
        }
        if let Some((letter, square)) = core.split_once('@') {
            let mut chars = letter.chars();
            let piece = match (chars.next(), chars.next()) {
                (None, _) => 'P',
                (Some(c), None) if c.is_ascii_alphabetic() => c.to_ascii_uppercase(),
                _ => return Err(malformed(&format!("{letter:?} is no piece letter"))),
            };
            let to = parse_coords(square)
                .ok_or_else(|| malformed(&format!("{:?} is not a square", shorten(square))))?;
            return Ok(San::Drop { piece, to });
        }
        let mut rest = core;
        // The piece letter: upper case (a lower-case `b` is a file).
        let piece = rest.chars().next().filter(char::is_ascii_uppercase);
        if piece.is_some() {
            rest = &rest[1..];
        }
        // The promotion: `=Q`, `Q` or `q` after the target.
        let mut promotion = None;
        let last = rest
            .chars()
            .last()
            .ok_or_else(|| malformed("no target square"))?;
        if last.is_ascii_alphabetic() {
            let before = &rest[..rest.len() - 1];
            if before.ends_with(|c: char| c.is_ascii_digit()) || before.ends_with('=') {
                promotion = Some(last.to_ascii_uppercase());
                rest = before.strip_suffix('=').unwrap_or(before);
            }
        } else if rest.ends_with('=') {
            return Err(malformed("no piece after ="));
        }
        // The target: the last file letter and the digits after it.
        let split = rest
            .rfind(|c: char| c.is_ascii_lowercase())
            .ok_or_else(|| malformed("no target square"))?;
        let target_text = &rest[split..];
        let to = parse_coords(target_text)
            .ok_or_else(|| malformed(&format!("{:?} is not a square", shorten(target_text))))?;
        let origin = &rest[..split];
        // A capture or move mark between origin and target.
        let (origin, capture) = match origin
            .strip_suffix('x')
            .or_else(|| origin.strip_suffix(':'))
        {
            Some(o) => (o, true),
            None => (origin.strip_suffix('-').unwrap_or(origin), false),
        };
        // The origin hint: file, rank, or both.
        let mut file = None;
        let mut rank = None;
        if !origin.is_empty() {
            let mut chars = origin.chars();
            let first = chars.next().expect("not empty");
            let digits = if first.is_ascii_lowercase() {
                file = Some((first as u8 - b'a') as usize);
                chars.as_str()
            } else {
                origin
            };
            if !digits.is_empty() {
                let r: usize = digits.parse().ok().filter(|&r| r >= 1).ok_or_else(|| {
                    malformed(&format!(
                        "{:?} is not a file, rank or square",
                        shorten(origin)
                    ))
                })?;
                rank = Some(r - 1);
            }
        }
        Ok(San::Normal {
            piece,
            file,
            rank,
            capture,
            to,
            promotion,
        })
    }
}

impl fmt::Display for San {
    /// SAN without check or mate marks.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            San::Castle { king_side: true } => f.write_str("O-O"),
            San::Castle { king_side: false } => f.write_str("O-O-O"),
            San::Drop { piece, to } => write!(f, "{piece}@{}", coords_name(to.0, to.1)),
            San::Normal {
                piece,
                file,
                rank,
                capture,
                to,
                promotion,
            } => {
                if let Some(letter) = piece {
                    write!(f, "{letter}")?;
                }
                if let Some(file) = file {
                    write!(f, "{}", (b'a' + file as u8) as char)?;
                }
                if let Some(rank) = rank {
                    write!(f, "{}", rank + 1)?;
                }
                if capture {
                    f.write_str("x")?;
                }
                f.write_str(&coords_name(to.0, to.1))?;
                match promotion {
                    Some(letter) => write!(f, "={letter}"),
                    None => Ok(()),
                }
            }
        }
    }
}

impl San {
    /// A legal move of `position` in SAN: the origin's file, rank or both
    /// only where another piece of the kind could go to the same square.
    pub fn of<S: SquareSet>(position: &Position<S>, m: Move) -> San {
        let variant = position.rules().variant();
        let (files, _) = dims(position);
        if let MoveKind::Castle(_) = m.kind {
            return San::Castle {
                king_side: m.to() % files > m.from() % files,
            };
        }
        let from = m.from();
        let to = (m.to() % files, m.to() / files);
        if let Some(kind) = m.dropped() {
            return San::Drop {
                piece: variant.kind(kind).letter.to_ascii_uppercase(),
                to,
            };
        }
        let promotion = m
            .promotion
            .map(|k| variant.kind(k).letter.to_ascii_uppercase());
        let Some(piece) = position.piece_at(from) else {
            return San::Normal {
                piece: None,
                file: Some(from % files),
                rank: Some(from / files),
                capture: false,
                to,
                promotion,
            };
        };
        let capture = m.kind == MoveKind::EnPassant || position.piece_at(m.to()).is_some();
        if variant.kind(piece.kind).pawn.is_some() {
            return San::Normal {
                piece: None,
                file: capture.then_some(from % files),
                rank: None,
                capture,
                to,
                promotion,
            };
        }
        // Other pieces of the same kind that can go to the same square.
        let rivals: Vec<usize> = position
            .legal_moves()
            .into_iter()
            .filter(|o| {
                o.to == m.to
                    && o.from != m.from
                    && !matches!(o.kind, MoveKind::Castle(_) | MoveKind::Drop(_))
            })
            .filter(|o| position.piece_at(o.from()).map(|p| p.kind) == Some(piece.kind))
            .map(|o| o.from())
            .collect();
        let (file, rank) = if rivals.is_empty() {
            (None, None)
        } else if rivals.iter().all(|&r| r % files != from % files) {
            (Some(from % files), None)
        } else if rivals.iter().all(|&r| r / files != from / files) {
            (None, Some(from / files))
        } else {
            (Some(from % files), Some(from / files))
        };
        San::Normal {
            piece: Some(variant.kind(piece.kind).letter.to_ascii_uppercase()),
            file,
            rank,
            capture,
            to,
            promotion,
        }
    }

    /// The legal move of `position` this names.
    pub fn to_move<S: SquareSet>(&self, position: &Position<S>) -> Result<Move, SanError> {
        self.find(position, &self.to_string())
    }

    /// The legal move this names; `text` is what the errors quote.
    fn find<S: SquareSet>(&self, position: &Position<S>, text: &str) -> Result<Move, SanError> {
        let variant = position.rules().variant();
        let (files, ranks) = dims(position);
        let malformed = |why: &str| SanError::Malformed {
            text: shorten(text),
            why: why.into(),
        };
        let legal = position.legal_moves();
        let turn = position.turn();
        let (piece, file, rank, to, promotion) = match *self {
            San::Castle { king_side } => {
                let side = if king_side { "king's" } else { "queen's" };
                return legal
                    .iter()
                    .copied()
                    .find(|m| {
                        matches!(m.kind, MoveKind::Castle(_))
                            && m.gate.is_none()
                            && (m.to() % files > m.from() % files) == king_side
                    })
                    .ok_or_else(|| SanError::NoMove {
                        text: shorten(text),
                        why: format!("{turn} cannot castle on the {side} side"),
                    });
            }
            San::Drop { piece, to } => {
                let kind = variant
                    .kind_by_letter(piece)
                    .ok_or_else(|| malformed(&format!("{piece} is no piece letter")))?;
                let square = (to.0 < files && to.1 < ranks).then_some(to.1 * files + to.0);
                return legal
                    .iter()
                    .copied()
                    .find(|m| m.dropped() == Some(kind) && Some(m.to()) == square)
                    .ok_or_else(|| SanError::NoMove {
                        text: shorten(text),
                        why: format!(
                            "{turn} cannot put a {} from its hand on {}",
                            variant.kind(kind).name,
                            coords_name(to.0, to.1)
                        ),
                    });
            }
            San::Normal {
                piece,
                file,
                rank,
                to,
                promotion,
                ..
            } => (piece, file, rank, to, promotion),
        };
        let letter = |c: char| {
            variant
                .kind_by_letter(c)
                .ok_or_else(|| malformed(&format!("{c} is no piece letter")))
        };
        let kind = match piece {
            Some(c) => letter(c)?,
            None => pawn_kind(position).ok_or_else(|| malformed("no piece letter"))?,
        };
        let promotion = promotion.map(letter).transpose()?;
        let target_text = coords_name(to.0, to.1);
        if to.0 >= files || to.1 >= ranks {
            return Err(malformed(&format!("{target_text:?} is not a square")));
        }
        let to = to.1 * files + to.0;
        if let Some(f) = file.filter(|&f| f >= files) {
            return Err(malformed(&format!(
                "{} is not a file",
                (b'a' + f as u8) as char
            )));
        }
        let origin = || {
            let mut o = file.map_or(String::new(), |f| ((b'a' + f as u8) as char).to_string());
            if let Some(r) = rank {
                o += &(r + 1).to_string();
            }
            o
        };
        if rank.is_some_and(|r| r >= ranks) {
            return Err(malformed(&format!(
                "{:?} is not a file, rank or square",
                origin()
            )));
        }

        let kind_name = variant.kind(kind).name;
        let matches: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| m.to() == to && !matches!(m.kind, MoveKind::Castle(_) | MoveKind::Drop(_)))
            // A gate is written after the move (`/H`): without one, none.
            .filter(|m| m.gate.is_none())
            .filter(|m| position.piece_at(m.from()).map(|p| p.kind) == Some(kind))
            .filter(|m| file.is_none_or(|f| m.from() % files == f))
            .filter(|m| rank.is_none_or(|r| m.from() / files == r))
            .collect();
        if matches.is_empty() {
            let hint = match (file, rank) {
                (Some(_), Some(_)) => format!(" from {}", origin()),
                (Some(f), None) => format!(" from the {} file", (b'a' + f as u8) as char),
                (None, Some(r)) => format!(" from rank {}", r + 1),
                (None, None) => String::new(),
            };
            return Err(SanError::NoMove {
                text: shorten(text),
                why: format!("{turn} has no {kind_name}{hint} that can go to {target_text}"),
            });
        }
        let promotes = matches.iter().any(|m| m.promotion.is_some());
        if promotes {
            let Some(p) = promotion else {
                return Err(SanError::NoMove {
                    text: shorten(text),
                    why: format!(
                        "a {kind_name} reaching {target_text} must promote: add =Q, =R, =B or =N"
                    ),
                });
            };
            let chosen: Vec<Move> = matches
                .iter()
                .copied()
                .filter(|m| m.promotion == Some(p))
                .collect();
            return pick(text, kind_name, chosen, files).and_then(|m| {
                m.ok_or_else(|| SanError::NoMove {
                    text: shorten(text),
                    why: format!("a {kind_name} cannot become a {}", variant.kind(p).name),
                })
            });
        }
        if let Some(p) = promotion {
            return Err(SanError::NoMove {
                text: shorten(text),
                why: format!(
                    "only a pawn reaching the last rank promotes, not this {kind_name} ({})",
                    variant.kind(p).name
                ),
            });
        }
        pick(text, kind_name, matches, files).map(|m| m.expect("matches are not empty"))
    }
}

/// Writes a legal move of `position` in SAN, check and mate marks included.
///
/// ```
/// use duckchess_rules::variants::chess::{parse_uci, san, start};
/// let p = start();
/// assert_eq!(san::write(&p, parse_uci(&p, "g1f3").unwrap()), "Nf3");
/// ```
pub fn write<S: SquareSet>(position: &Position<S>, m: Move) -> String {
    let mut text = San::of(position, m).to_string() + &super::san_gates::suffix(position, m);
    let mut after = *position;
    if after.play(m).is_ok() && after.is_check() {
        text.push(if after.legal_moves().is_empty() {
            '#'
        } else {
            '+'
        });
    }
    text
}

/// The plural of a kind's name, for messages.
fn plural(name: &str) -> String {
    format!("{name}s")
}

/// `a`, `a and b`, `a, b and c`.
fn in_words(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// Reads a move in SAN (or a long algebraic spelling of it) and returns the
/// legal move it names.
///
/// ```
/// use duckchess_rules::variants::chess::{from_fen, san, uci};
/// let p = from_fen("4k3/P7/8/3pP3/8/8/8/4K2R w K d6 0 1").unwrap();
/// assert_eq!(uci(san::parse(&p, "exd6 e.p.").unwrap()), "e5d6");
/// assert_eq!(uci(san::parse(&p, "a8Q+").unwrap()), "a7a8q");
/// assert_eq!(uci(san::parse(&p, "0-0").unwrap()), "e1g1");
/// assert_eq!(
///     san::parse(&p, "Nf3").unwrap_err().to_string(),
///     "Nf3 is not legal here: white has no knight that can go to f3"
/// );
/// ```
pub fn parse<S: SquareSet>(position: &Position<S>, text: &str) -> Result<Move, SanError> {
    if let (base, Some((letter, square))) = super::san_gates::split(text) {
        let m = base.parse::<San>()?.find(position, text)?;
        return super::san_gates::find(position, m, letter, square).ok_or_else(|| {
            SanError::NoMove {
                text: shorten(text),
                why: format!("no {letter} can be gated in by this move"),
            }
        });
    }
    text.parse::<San>()?.find(position, text)
}

/// The one move of `matches`, `None` if none, or the ambiguity.
fn pick(
    text: &str,
    kind_name: &str,
    matches: Vec<Move>,
    files: usize,
) -> Result<Option<Move>, SanError> {
    match matches.as_slice() {
        [] => Ok(None),
        [m] => Ok(Some(*m)),
        _ => {
            let mut squares: Vec<String> = matches
                .iter()
                .map(|m| square_name(m.from(), files))
                .collect();
            squares.sort();
            squares.dedup();
            Err(SanError::Ambiguous {
                text: shorten(text),
                plural: plural(kind_name),
                squares: in_words(&squares),
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::chess::{from_fen, parse_uci, start, uci};
    use crate::variants::prelude::*;

    #[test]
    fn the_opening_moves_are_written_as_people_write_them() {
        let p = start();
        let mut all: Vec<String> = p.legal_moves().into_iter().map(|m| write(&p, m)).collect();
        all.sort();
        assert_eq!(all.len(), 20);
        assert!(all.contains(&"Nf3".to_string()));
        assert!(all.contains(&"e4".to_string()));
    }

    #[test]
    fn disambiguation_is_file_then_rank_then_square() {
        let p = from_fen("7k/8/8/8/8/8/8/R4RK1 w - - 0 1").unwrap();
        let m = parse_uci(&p, "a1d1").unwrap();
        assert_eq!(write(&p, m), "Rad1");
        let p = from_fen("7k/R7/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
        let m = parse_uci(&p, "a1a4").unwrap();
        assert_eq!(write(&p, m), "R1a4");
        // Queens on a1, a3 and c1 all reach b2: a1 shares a file and a rank.
        let p = from_fen("8/7k/8/8/8/Q7/8/Q1Q1K3 w - - 0 1").unwrap();
        let m = parse_uci(&p, "a1b2").unwrap();
        assert_eq!(write(&p, m), "Qa1b2");
        assert_eq!(parse(&p, "Qa1b2"), Ok(m));
        assert_eq!(
            parse(&p, "Qb2").unwrap_err().to_string(),
            "Qb2 is ambiguous: queens on a1, a3 and c1 can go there"
        );
        assert_eq!(
            parse(&p, "Qab2").unwrap_err().to_string(),
            "Qab2 is ambiguous: queens on a1 and a3 can go there"
        );
    }

    #[test]
    fn a_pinned_piece_does_not_make_a_move_ambiguous() {
        // The knight on d2 is pinned by the rook on d8: only Nf3... from g1.
        let p = from_fen("3rk3/8/8/8/8/8/3N4/3K2N1 w - - 0 1").unwrap();
        let m = parse_uci(&p, "g1f3").unwrap();
        assert_eq!(write(&p, m), "Nf3");
    }

    #[test]
    fn suffixes_and_spellings_are_accepted() {
        let p = start();
        let nf3 = parse_uci(&p, "g1f3").unwrap();
        for text in [
            "Nf3", "Nf3+", "Nf3!?", "Ng1f3", "Ng1-f3", "Ngf3", "N1f3", "Nf3!!",
        ] {
            assert_eq!(parse(&p, text), Ok(nf3), "{text}");
        }
        let p = from_fen("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1").unwrap();
        let q = parse_uci(&p, "b7b8q").unwrap();
        for text in ["b8=Q", "b8Q", "b8q", "b8=Q+", "b7b8=Q"] {
            assert_eq!(parse(&p, text), Ok(q), "{text}");
        }
        assert_eq!(write(&p, q), "b8=Q+");
    }

    #[test]
    fn mate_is_marked() {
        let mut p = start();
        for m in ["f2f3", "e7e5", "g2g4"] {
            p.play(parse_uci(&p, m).unwrap()).unwrap();
        }
        let mate = parse_uci(&p, "d8h4").unwrap();
        assert_eq!(write(&p, mate), "Qh4#");
    }

    #[test]
    fn errors_say_what_is_wrong() {
        let p = start();
        let err = |t: &str| parse(&p, t).unwrap_err().to_string();
        assert_eq!(
            err("e5"),
            "e5 is not legal here: white has no pawn that can go to e5"
        );
        assert_eq!(err("Zf3"), "\"Zf3\" is not a move: Z is no piece letter");
        assert_eq!(err("Nf9"), "\"Nf9\" is not a move: \"f9\" is not a square");
        assert_eq!(
            err("O-O"),
            "O-O is not legal here: white cannot castle on the king's side"
        );
        assert_eq!(err(""), "\"\" is not a move: it is empty");
        let p = from_fen("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1").unwrap();
        assert_eq!(
            parse(&p, "b8").unwrap_err().to_string(),
            "b8 is not legal here: a pawn reaching b8 must promote: add =Q, =R, =B or =N"
        );
        assert_eq!(
            parse(&p, "b8=K").unwrap_err().to_string(),
            "b8=K is not legal here: a pawn cannot become a king"
        );
        assert!(parse(&start(), "Nc3=Q").is_err());
    }

    #[test]
    fn the_text_reads_without_a_game() {
        let san: San = "Nbxd7+".parse().unwrap();
        assert_eq!(
            san,
            San::Normal {
                piece: Some('N'),
                file: Some(1),
                rank: None,
                capture: true,
                to: (3, 6),
                promotion: None,
            }
        );
        assert_eq!(san.to_string(), "Nbxd7");
        // A 10-rank board's square, and a piece letter chess lacks: both
        // read here; only a game says whether they mean anything.
        let san: San = "Ca10".parse().unwrap();
        assert_eq!(san.to_string(), "Ca10");
        assert_eq!(
            san.to_move(&start()).unwrap_err().to_string(),
            "\"Ca10\" is not a move: C is no piece letter"
        );
        assert_eq!("0-0-0".parse(), Ok(San::Castle { king_side: false }));
        assert_eq!("b8q".parse::<San>().unwrap().to_string(), "b8=Q");
    }

    #[test]
    fn every_move_of_random_play_round_trips() {
        use crate::kernel::Rules;
        fn play_out<S: SquareSet>(rules: &'static Rules<S>, seed: usize) {
            let mut p = Position::new(rules);
            for i in 0..80 {
                let moves = p.legal_moves();
                if moves.is_empty() {
                    break;
                }
                for &m in &moves {
                    let san = San::of(&p, m);
                    let text = write(&p, m);
                    assert_eq!(san.to_move(&p), Ok(m), "{san}");
                    assert_eq!(parse(&p, &text), Ok(m), "{text}");
                    assert_eq!(text.parse::<San>().as_ref(), Ok(&san), "{text}");
                }
                p.play(moves[(i * 31 + seed * 7) % moves.len()]).unwrap();
            }
        }
        let capablanca = crate::variants::ini::read(
            "[capa:chess]\nmaxFile = j\narchbishop = a\nchancellor = c\n\
             startFen = rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1\n\
             castlingKingsideFile = i\ncastlingQueensideFile = c\npromotionPieceTypes = qcarbn\n",
        )
        .unwrap();
        for seed in 0..10 {
            play_out(crate::variants::chess::rules(), seed);
            crate::kernel::with_position!(capablanca[0].start().concrete(), p => play_out(p.rules(), seed));
        }
    }

    #[test]
    fn en_passant_is_read_with_or_without_its_mark() {
        let p = from_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2").unwrap();
        for text in ["exd6", "exd6 e.p.", "exd6e.p.", "exd6ep", "ed6", "e5d6"] {
            assert_eq!(uci(parse(&p, text).unwrap()), "e5d6", "{text}");
        }
        assert_eq!(write(&p, parse(&p, "exd6").unwrap()), "exd6");
    }
}
