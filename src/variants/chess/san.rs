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
//! ```
//! use duckchess::variants::chess::{from_fen, san};
//! let p = from_fen("r3k2r/p1pNqpb1/bn2pnp1/3P4/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1").unwrap();
//! let m = san::parse(&p, "Nbxd7").unwrap();
//! assert_eq!(san::write(&p, m), "Nbxd7");
//! assert_eq!(
//!     san::parse(&p, "Nxd7").unwrap_err().to_string(),
//!     "Nxd7 is ambiguous: knights on b6 and f6 can go there"
//! );
//! ```

use super::{parse_square, square_name};
use crate::kernel::{Kind, Move, MoveKind, Position, SquareSet};
use crate::variants::line::shorten;
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

/// Writes a legal move of `position` in SAN, check and mate marks included.
///
/// ```
/// use duckchess::variants::chess::{parse_uci, san, start};
/// let p = start();
/// assert_eq!(san::write(&p, parse_uci(&p, "g1f3").unwrap()), "Nf3");
/// ```
pub fn write<S: SquareSet>(position: &Position<S>, m: Move) -> String {
    let mut text = write_plain(position, m);
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

/// SAN without the check or mate mark.
fn write_plain<S: SquareSet>(position: &Position<S>, m: Move) -> String {
    let variant = position.rules().variant();
    let (files, _) = dims(position);
    if let MoveKind::Castle(_) = m.kind {
        return if m.to() % files > m.from() % files {
            "O-O".into()
        } else {
            "O-O-O".into()
        };
    }
    let Some(piece) = position.piece_at(m.from()) else {
        return square_name(m.from(), files) + &square_name(m.to(), files);
    };
    let capture = m.kind == MoveKind::EnPassant || position.piece_at(m.to()).is_some();
    let file_of = |sq: usize| (b'a' + (sq % files) as u8) as char;
    let mut text = String::new();
    if variant.kind(piece.kind).pawn.is_some() {
        if capture {
            text.push(file_of(m.from()));
        }
    } else {
        text.push(variant.kind(piece.kind).letter.to_ascii_uppercase());
        // Other pieces of the same kind that can go to the same square.
        let rivals: Vec<usize> = position
            .legal_moves()
            .into_iter()
            .filter(|o| o.to == m.to && o.from != m.from && !matches!(o.kind, MoveKind::Castle(_)))
            .filter(|o| position.piece_at(o.from()).map(|p| p.kind) == Some(piece.kind))
            .map(|o| o.from())
            .collect();
        if !rivals.is_empty() {
            let from = m.from();
            if rivals.iter().all(|&r| r % files != from % files) {
                text.push(file_of(from));
            } else if rivals.iter().all(|&r| r / files != from / files) {
                text += &(from / files + 1).to_string();
            } else {
                text += &square_name(from, files);
            }
        }
    }
    if capture {
        text.push('x');
    }
    text += &square_name(m.to(), files);
    if let Some(kind) = m.promotion {
        text.push('=');
        text.push(variant.kind(kind).letter.to_ascii_uppercase());
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
/// use duckchess::variants::chess::{from_fen, san, uci};
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
    let variant = position.rules().variant();
    let (files, ranks) = dims(position);
    let malformed = |why: &str| SanError::Malformed {
        text: shorten(text),
        why: why.into(),
    };
    let legal = position.legal_moves();
    let turn = position.turn();

    // Strip what does not choose the move: annotations, check marks, "e.p.".
    let mut core = text.trim();
    for suffix in ["e.p.", "ep"] {
        if let Some(rest) = core.strip_suffix(suffix) {
            if rest.ends_with(|c: char| c.is_ascii_digit() || c == ' ') {
                core = rest.trim_end();
            }
        }
    }
    core = core.trim_end_matches(['+', '#', '!', '?', '‼', '⁇', '⁈', '⁉']);
    for suffix in ["e.p.", "ep"] {
        if let Some(rest) = core.strip_suffix(suffix) {
            if rest.ends_with(|c: char| c.is_ascii_digit() || c == ' ') {
                core = rest.trim_end();
            }
        }
    }
    if core.is_empty() {
        return Err(malformed("it is empty"));
    }

    // Castling, with letter O or digit zero.
    let castle = match core {
        "O-O" | "0-0" | "o-o" => Some(true),
        "O-O-O" | "0-0-0" | "o-o-o" => Some(false),
        _ => None,
    };
    if let Some(king_side) = castle {
        let side = if king_side { "king's" } else { "queen's" };
        return legal
            .iter()
            .copied()
            .find(|m| {
                matches!(m.kind, MoveKind::Castle(_))
                    && (m.to() % files > m.from() % files) == king_side
            })
            .ok_or_else(|| SanError::NoMove {
                text: shorten(text),
                why: format!("{turn} cannot castle on the {side} side"),
            });
    }

    if !core.is_ascii() {
        return Err(malformed("unexpected character"));
    }
    let mut rest = core;
    // The piece letter: upper case (a lower-case `b` is a file).
    let mut kind = None;
    if let Some(c) = rest.chars().next().filter(char::is_ascii_uppercase) {
        let k = variant
            .kind_by_letter(c)
            .ok_or_else(|| malformed(&format!("{c} is no piece letter")))?;
        kind = Some(k);
        rest = &rest[1..];
    }
    let pawn = pawn_kind(position);
    let kind = match kind.or(pawn) {
        Some(k) => k,
        None => return Err(malformed("no piece letter")),
    };

    // The promotion: `=Q`, `Q` or `q` after the target.
    let mut promotion = None;
    let last = rest
        .chars()
        .last()
        .ok_or_else(|| malformed("no target square"))?;
    if last.is_ascii_alphabetic() {
        let before = &rest[..rest.len() - 1];
        if before.ends_with(|c: char| c.is_ascii_digit()) || before.ends_with('=') {
            let k = variant
                .kind_by_letter(last)
                .ok_or_else(|| malformed(&format!("{last} is no piece letter")))?;
            promotion = Some(k);
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
    let to = parse_square(target_text, files, ranks)
        .ok_or_else(|| malformed(&format!("{:?} is not a square", shorten(target_text))))?;
    let mut origin = &rest[..split];
    // A capture or move mark between origin and target.
    origin = origin
        .strip_suffix('x')
        .or_else(|| origin.strip_suffix(':'))
        .or_else(|| origin.strip_suffix('-'))
        .unwrap_or(origin);

    // The origin hint: file, rank, or both.
    let mut from_file = None;
    let mut from_rank = None;
    if !origin.is_empty() {
        let mut chars = origin.chars();
        let first = chars.next().expect("not empty");
        let digits = if first.is_ascii_lowercase() {
            let file = (first as u8 - b'a') as usize;
            if file >= files {
                return Err(malformed(&format!("{first} is not a file")));
            }
            from_file = Some(file);
            chars.as_str()
        } else {
            origin
        };
        if !digits.is_empty() {
            let rank: usize = digits
                .parse()
                .ok()
                .filter(|r| (1..=ranks).contains(r))
                .ok_or_else(|| {
                    malformed(&format!(
                        "{:?} is not a file, rank or square",
                        shorten(origin)
                    ))
                })?;
            from_rank = Some(rank - 1);
        }
    }

    let kind_name = variant.kind(kind).name;
    let matches: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| m.to() == to && !matches!(m.kind, MoveKind::Castle(_)))
        .filter(|m| position.piece_at(m.from()).map(|p| p.kind) == Some(kind))
        .filter(|m| from_file.is_none_or(|f| m.from() % files == f))
        .filter(|m| from_rank.is_none_or(|r| m.from() / files == r))
        .collect();
    if matches.is_empty() {
        let hint = match (from_file, from_rank) {
            (Some(_), Some(_)) => format!(" from {}", shorten(origin)),
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
    fn en_passant_is_read_with_or_without_its_mark() {
        let p = from_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2").unwrap();
        for text in ["exd6", "exd6 e.p.", "exd6e.p.", "exd6ep", "ed6", "e5d6"] {
            assert_eq!(uci(parse(&p, text).unwrap()), "e5d6", "{text}");
        }
        assert_eq!(write(&p, parse(&p, "exd6").unwrap()), "exd6");
    }
}
