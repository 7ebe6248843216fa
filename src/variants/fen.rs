//! FEN for any game on files and ranks, from the variant value alone: the
//! kinds' letters, the castling rules' letters, square names `a1` … `z99`.
//!
//! A [`Fen`] is the text's six fields, read without knowing the game (as
//! shakmaty's `Fen` is); [`Fen::position`] places it in a game and checks
//! it, [`Fen::of`] writes a position. Chess, xiangqi and every game from a
//! file read and write their positions through it.
//!
//! ```
//! use duckchess::variants::{chess, fen::Fen};
//! let fen: Fen = "4k3/8/8/8/8/8/8/4K2R w K".parse().unwrap();
//! assert_eq!(fen.board.len(), 8);
//! let position = fen.position(chess::rules()).unwrap();
//! assert_eq!(Fen::of(&position).to_string(), "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
//! ```

use super::line::shorten;
use super::square_names::{coords_name, parse_coords, square_name};
use crate::kernel::{Color, Position, PositionError, Rules, Setup, SquareSet};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// Why a FEN could not be read; each names the field at fault.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum FenError {
    /// Not 1 to 6 whitespace-separated fields.
    #[error("a FEN has 1 to 6 fields, this one {0}")]
    Fields(usize),
    /// A character of the board field that is no piece letter, digit or `/`.
    #[error("board field: unexpected {ch:?} at character {at}")]
    BoardChar {
        /// The character.
        ch: char,
        /// Its position in the field (from 0).
        at: usize,
    },
    /// A rank of the board field with too many or too few squares.
    #[error("board field: rank {rank} covers {files} files")]
    RankLength {
        /// The rank number as printed (8 is the first of the field).
        rank: usize,
        /// How many files it covers.
        files: usize,
    },
    /// The board field has the wrong number of ranks.
    #[error("board field: {0} ranks")]
    RankCount(usize),
    /// The side to move is not `w` or `b`.
    #[error("side to move field: {0:?} is not w or b")]
    Turn(String),
    /// A character of the castling field that names no castling.
    #[error("castling field: unexpected {0:?}")]
    Castling(char),
    /// The en passant field is not `-` or a square.
    #[error("en passant field: {0:?} is not a square")]
    EnPassant(String),
    /// The half-move clock is not a count.
    #[error("half-move clock field: {0:?} is not a whole number from 0 to {max}", max = u32::MAX)]
    Halfmove(String),
    /// The move number is not a count.
    #[error("move number field: {0:?} is not a whole number from 0 to {max}", max = u32::MAX)]
    Fullmove(String),
    /// The fields read, but no game reaches the position.
    #[error("impossible position: {why}")]
    Position {
        /// The fault.
        error: PositionError,
        /// The fault in words, with square names.
        why: String,
    },
}

/// A FEN's fields, read without knowing the game. Fields after the board
/// may be left out of the text (`w`, `-`, `-`, `0`, `1`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fen {
    /// The board's ranks as written, the last rank first: each square's
    /// piece letter (upper case White), or `None` for an empty one. Ranks
    /// may differ in length here; [`Fen::position`] checks them against
    /// the board.
    pub board: Vec<Vec<Option<char>>>,
    /// Where each rank's squares start in the board field, for errors.
    offsets: Vec<Vec<usize>>,
    /// The side to move.
    pub turn: Color,
    /// The castling rights' letters, in order (empty: `-`).
    pub castling: Vec<char>,
    /// The en passant square as (file, rank), from 0.
    pub en_passant: Option<(usize, usize)>,
    /// Plies since the last capture or pawn move.
    pub halfmove: u32,
    /// The move number.
    pub fullmove: u32,
}

impl FromStr for Fen {
    type Err = FenError;

    fn from_str(text: &str) -> Result<Fen, FenError> {
        let fields: Vec<&str> = text.split_ascii_whitespace().collect();
        if fields.is_empty() || fields.len() > 6 {
            return Err(FenError::Fields(fields.len()));
        }
        let mut board = Vec::new();
        let mut offsets = Vec::new();
        let mut at = 0;
        for row in fields[0].split('/') {
            let mut squares = Vec::new();
            let mut starts = Vec::new();
            // A run of digits is one number (boards above 9 files).
            let mut digits = 0usize;
            let mut run_start = at;
            for ch in row.chars() {
                if let Some(d) = ch.to_digit(10) {
                    if digits == 0 {
                        run_start = at;
                    }
                    digits = digits * 10 + d as usize;
                    // A run that starts with 0, or runs past any board.
                    if digits == 0 || digits > 1024 {
                        return Err(FenError::BoardChar { ch, at });
                    }
                } else if ch.is_ascii_alphabetic() {
                    for _ in 0..std::mem::take(&mut digits) {
                        squares.push(None);
                        starts.push(run_start);
                    }
                    squares.push(Some(ch));
                    starts.push(at);
                } else {
                    return Err(FenError::BoardChar { ch, at });
                }
                at += ch.len_utf8();
            }
            for _ in 0..digits {
                squares.push(None);
                starts.push(run_start);
            }
            board.push(squares);
            offsets.push(starts);
            at += 1; // the slash
        }
        let turn = match fields.get(1) {
            None => Color::White,
            Some(&t) => {
                let mut chars = t.chars();
                match (chars.next().and_then(Color::from_char), chars.next()) {
                    (Some(color), None) => color,
                    _ => return Err(FenError::Turn(shorten(t))),
                }
            }
        };
        let castling = match fields.get(2) {
            None | Some(&"-") => Vec::new(),
            Some(field) => field.chars().collect(),
        };
        let en_passant = match fields.get(3) {
            None | Some(&"-") => None,
            Some(&ep) => Some(parse_coords(ep).ok_or_else(|| FenError::EnPassant(shorten(ep)))?),
        };
        let number = |i: usize, error: fn(String) -> FenError, default: u32| match fields.get(i) {
            None => Ok(default),
            Some(&text) => text.parse().map_err(|_| error(shorten(text))),
        };
        Ok(Fen {
            board,
            offsets,
            turn,
            castling,
            en_passant,
            halfmove: number(4, FenError::Halfmove, 0)?,
            fullmove: number(5, FenError::Fullmove, 1)?,
        })
    }
}

impl Fen {
    /// The FEN of a position of a game on files and ranks.
    pub fn of<S: SquareSet>(position: &Position<S>) -> Fen {
        let variant = position.rules().variant();
        let (files, ranks) = (
            variant.shape.size(0) as usize,
            variant.shape.size(1) as usize,
        );
        let board: Vec<Vec<Option<char>>> = (0..ranks)
            .rev()
            .map(|rank| {
                (0..files)
                    .map(|file| {
                        position
                            .piece_at(rank * files + file)
                            .map(|p| variant.piece_char(p))
                    })
                    .collect()
            })
            .collect();
        Fen {
            offsets: board.iter().map(|row| vec![0; row.len()]).collect(),
            board,
            turn: position.turn(),
            castling: variant
                .castling
                .iter()
                .enumerate()
                .filter(|(i, _)| position.castling() >> i & 1 == 1)
                .map(|(_, c)| c.letter)
                .collect(),
            en_passant: position.en_passant().map(|s| (s % files, s / files)),
            halfmove: position.halfmove(),
            fullmove: position.fullmove(),
        }
    }

    /// The position in a game on files and ranks: every letter a piece of
    /// the game, every rank the board's width, every castling letter one
    /// of its rules', and a position some game reaches.
    pub fn position<S: SquareSet>(
        &self,
        rules: &'static Rules<S>,
    ) -> Result<Position<S>, FenError> {
        let variant = rules.variant();
        let (files, ranks) = (
            variant.shape.size(0) as usize,
            variant.shape.size(1) as usize,
        );
        if self.board.len() != ranks {
            return Err(FenError::RankCount(self.board.len()));
        }
        let mut setup = Setup::empty(rules.len());
        for (i, (row, starts)) in self.board.iter().zip(&self.offsets).enumerate() {
            let rank = ranks - 1 - i;
            for (file, (&square, &at)) in row.iter().zip(starts).enumerate() {
                if let Some(ch) = square {
                    let piece = variant
                        .piece_by_char(ch)
                        .ok_or(FenError::BoardChar { ch, at })?;
                    if file < files {
                        setup.board[rank * files + file] = Some(piece);
                    }
                }
            }
            if row.len() != files {
                return Err(FenError::RankLength {
                    rank: rank + 1,
                    files: row.len(),
                });
            }
        }
        setup.turn = self.turn;
        for &ch in &self.castling {
            let rule = variant
                .castling
                .iter()
                .position(|c| c.letter == ch)
                .ok_or(FenError::Castling(ch))?;
            setup.castling |= 1 << rule;
        }
        if let Some((file, rank)) = self.en_passant {
            if file >= files || rank >= ranks {
                return Err(FenError::EnPassant(coords_name(file, rank)));
            }
            setup.en_passant = Some(rank * files + file);
        }
        setup.halfmove = self.halfmove;
        setup.fullmove = self.fullmove;
        let impossible = |error: PositionError| FenError::Position {
            why: error.describe(variant, &|s| square_name(s, files)),
            error,
        };
        let position = Position::from_setup(rules, &setup).map_err(impossible)?;
        position.check_reachable().map_err(impossible)?;
        Ok(position)
    }
}

impl fmt::Display for Fen {
    /// All six fields, empty squares as counts.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, row) in self.board.iter().enumerate() {
            if i > 0 {
                f.write_str("/")?;
            }
            let mut empty = 0;
            for square in row {
                match square {
                    None => empty += 1,
                    Some(ch) => {
                        if empty > 0 {
                            write!(f, "{}", std::mem::take(&mut empty))?;
                        }
                        write!(f, "{ch}")?;
                    }
                }
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
        }
        write!(f, " {} ", self.turn.char())?;
        if self.castling.is_empty() {
            f.write_str("-")?;
        } else {
            for ch in &self.castling {
                write!(f, "{ch}")?;
            }
        }
        match self.en_passant {
            Some((file, rank)) => write!(f, " {}", coords_name(file, rank))?,
            None => f.write_str(" -")?,
        }
        write!(f, " {} {}", self.halfmove, self.fullmove)
    }
}

/// Reads a FEN for a game on files and ranks (`Fen` read, then placed).
pub fn read_fen<S: SquareSet>(
    rules: &'static Rules<S>,
    fen: &str,
) -> Result<Position<S>, FenError> {
    fen.parse::<Fen>()?.position(rules)
}

/// Writes the six-field FEN of a position of a game on files and ranks.
pub fn write_fen<S: SquareSet>(position: &Position<S>) -> String {
    Fen::of(position).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::{chess, xiangqi};

    #[test]
    fn the_fields_read_without_a_game() {
        let fen: Fen = "r8r/10/10/10/10/10/10/R3K4R b Kq a3 7 30".parse().unwrap();
        assert_eq!(fen.board.len(), 8);
        assert_eq!(fen.board[0].len(), 10);
        assert_eq!(fen.board[0][0], Some('r'));
        assert_eq!(fen.board[7][4], Some('K'));
        assert_eq!(fen.turn, Color::Black);
        assert_eq!(fen.castling, ['K', 'q']);
        assert_eq!(fen.en_passant, Some((0, 2)));
        assert_eq!((fen.halfmove, fen.fullmove), (7, 30));
        // Written back as read; the defaults fill a short text.
        assert_eq!(fen.to_string(), "r8r/10/10/10/10/10/10/R3K4R b Kq a3 7 30");
        assert_eq!("8/8".parse::<Fen>().unwrap().to_string(), "8/8 w - - 0 1");
    }

    #[test]
    fn syntax_errors_need_no_game_and_the_rest_need_one() {
        let syntax = |text: &str| text.parse::<Fen>().unwrap_err();
        assert_eq!(syntax(""), FenError::Fields(0));
        assert_eq!(syntax("8/8#/8 w"), FenError::BoardChar { ch: '#', at: 3 });
        assert_eq!(syntax("8/08 w"), FenError::BoardChar { ch: '0', at: 2 });
        assert_eq!(syntax("8 x"), FenError::Turn("x".into()));
        assert_eq!(syntax("8 w - E3"), FenError::EnPassant("E3".into()));
        // Well formed, but not chess: the letter, the width, the right.
        let chess = |text: &str| {
            text.parse::<Fen>()
                .unwrap()
                .position(chess::rules())
                .unwrap_err()
        };
        assert_eq!(
            chess("4k3/8/8/8/8/8/8/4K2Z w"),
            FenError::BoardChar { ch: 'Z', at: 19 }
        );
        assert_eq!(
            chess("4k3/8/8/8/8/8/8/4K3R w"),
            FenError::RankLength { rank: 1, files: 9 }
        );
        assert_eq!(chess("4k3/8/8/8/8/8/8/4K3 w X"), FenError::Castling('X'));
        assert_eq!(
            chess("4k3/8/8/8/8/8/8/4K3 w - i3"),
            FenError::EnPassant("i3".into())
        );
    }

    #[test]
    fn positions_of_random_play_read_back() {
        fn play_out<S: SquareSet>(rules: &'static Rules<S>, seed: u64) {
            let mut position = Position::new(rules);
            let mut state = seed;
            for _ in 0..60 {
                let text = Fen::of(&position).to_string();
                let back = read_fen(rules, &text).unwrap_or_else(|e| panic!("{text}: {e}"));
                assert_eq!(back, position, "{text}");
                assert_eq!(write_fen(&back), text);
                let moves = position.legal_moves();
                if moves.is_empty() {
                    break;
                }
                state = state
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                position
                    .play(moves[(state >> 33) as usize % moves.len()])
                    .unwrap();
            }
        }
        for seed in 0..20 {
            play_out(chess::rules(), seed);
            play_out(xiangqi::rules(), seed);
        }
    }
}
