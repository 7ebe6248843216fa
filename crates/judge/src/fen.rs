//! The position notation (FEN), compatible with Fairy-Stockfish's `duckxq`
//! variant definition ([`FSF_CONFIG`]).
//!
//! Ranks run from row 9 down to row 0, separated by `/`; within a rank,
//! files `y = 0..8` left to right; a digit counts empty points. Letters:
//! `k` captain, `a` guard, `e` elephant, `h` horse, `r` car, `d` duck,
//! `s` soldier, upper case red and lower case blue. Then the side to move,
//! `w` (red) or `b` (blue), and optionally `- -` and the two move counters
//! as Fairy-Stockfish keeps them: the plies since the last capture, and the
//! move number, which starts at 1 and goes up after each blue move
//! (`0 1` when absent).

use crate::position::PositionError;
use crate::text::shorten;
use crate::{Board, Color, Piece, Point, Position, Role};
use itertools::Itertools;
use std::fmt;
use std::str::FromStr;

/// The largest move counter read: far beyond any game, and far enough
/// below `u32::MAX` that counting on never overflows.
const MAX_COUNTER: u32 = 1_000_000_000;

/// The initial position's FEN, written once for [`INITIAL_FEN`] and the
/// `startFen` of [`FSF_CONFIG`] (a macro, as `concat!` takes literals).
macro_rules! initial_fen {
    () => {
        "rheakaehr/9/d7d/s1s1s1s1s/9/9/S1S1S1S1S/D7D/9/RHEAKAEHR w - - 0 1"
    };
}

/// The initial position: [`Board::initial`], Red to move.
pub const INITIAL_FEN: &str = initial_fen!();

/// A Fairy-Stockfish variant definition under which FSF reads and writes the
/// same FEN and plays by the same rules; its `startFen` is [`INITIAL_FEN`].
pub const FSF_CONFIG: &str = concat!(
    "[duckxq]
maxRank = 10
maxFile = 9
king = -
customPiece1 = k:W
fers = a
elephant = e
horse = h
rook = r
customPiece2 = d:nZ
commoner = s
startFen = ",
    initial_fen!(),
    "
castling = false
doubleStep = false
promotionPieceTypes = -
extinctionValue = loss
extinctionPieceTypes = k
stalemateValue = draw
nMoveRule = 0
nFoldRule = 0
"
);

/// Why a text is not a position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    /// Nothing but white space.
    #[error("empty position")]
    Empty,
    /// The placement does not have 10 ranks.
    #[error("expected 10 ranks separated by '/', found {found}")]
    RankCount {
        /// How many there were.
        found: usize,
    },
    /// A character that is neither a piece letter nor a digit 1–9.
    #[error("rank {rank} (row {row}): character {column} '{ch}' is not a piece letter (kaehrds, KAEHRDS) or a digit 1-9")]
    BadChar {
        /// 1-based rank number from the top.
        rank: usize,
        /// The board row it describes.
        row: i64,
        /// 1-based character position within the rank.
        column: usize,
        /// The character.
        ch: char,
    },
    /// A rank describes more than 9 points.
    #[error("rank {rank} (row {row}) is too long: it describes more than 9 points at character {column} '{ch}'")]
    RankTooLong {
        /// 1-based rank number from the top.
        rank: usize,
        /// The board row it describes.
        row: i64,
        /// 1-based character position where it overflows.
        column: usize,
        /// The character.
        ch: char,
    },
    /// A rank describes fewer than 9 points.
    #[error("rank {rank} (row {row}) is too short: it describes {points} points, not 9")]
    RankTooShort {
        /// 1-based rank number from the top.
        rank: usize,
        /// The board row it describes.
        row: i64,
        /// How many points it describes.
        points: i64,
    },
    /// No side to move after the placement.
    #[error("missing the side to move ('w' for red or 'b' for blue)")]
    MissingSide,
    /// The side field is not `w` or `b`.
    #[error("side to move '{0}' is not 'w' (red) or 'b' (blue)")]
    BadSide(String),
    /// A trailing field is not what the notation allows there.
    #[error("field {index} '{text}' should be {expected}")]
    BadField {
        /// 1-based field number.
        index: usize,
        /// The text.
        text: String,
        /// What it should be.
        expected: &'static str,
    },
    /// More than six fields.
    #[error("too many fields: a position has at most 6")]
    TooManyFields,
    /// A side has two captains.
    #[error(transparent)]
    Position(#[from] PositionError),
    /// A placement no game reaches: more pieces of a kind than a side
    /// starts with (nothing promotes), no captain on either side (the
    /// game ends at the first one taken), or the side to move with its
    /// captain while the other has none (the side that took it has moved).
    #[error("impossible position: {0}")]
    Unreachable(String),
}

impl FromStr for Position {
    type Err = FenError;

    /// Reads a FEN.
    ///
    /// ```
    /// use duckchess_judge::{fen::INITIAL_FEN, Position};
    /// let pos: Position = INITIAL_FEN.parse().unwrap();
    /// assert_eq!(pos, Position::initial());
    /// assert_eq!(pos.to_fen(), INITIAL_FEN);
    /// assert!("rheakaehr/9 w".parse::<Position>().is_err());
    /// ```
    fn from_str(text: &str) -> Result<Position, FenError> {
        let mut fields = text.split_ascii_whitespace();
        let placement = fields.next().ok_or(FenError::Empty)?;
        let board = parse_placement(placement)?;
        let side = fields.next().ok_or(FenError::MissingSide)?;
        let turn = match side {
            "w" => Color::Red,
            "b" => Color::Blue,
            other => return Err(FenError::BadSide(shorten(other))),
        };
        let mut counters = [0, 1];
        for (index, text) in (3..).zip(fields) {
            let bad = |expected| FenError::BadField {
                index,
                text: shorten(text),
                expected,
            };
            match index {
                3 | 4 if text != "-" => return Err(bad("'-'")),
                3 | 4 => {}
                5 | 6 => {
                    counters[index - 5] = text
                        .parse::<u32>()
                        .ok()
                        .filter(|&n| n <= MAX_COUNTER && !text.starts_with('+'))
                        .ok_or_else(|| bad("a whole number from 0 to 1000000000"))?;
                }
                _ => return Err(FenError::TooManyFields),
            }
        }
        reachable(&board, turn)?;
        Ok(Position::new(board, turn)?.with_counters(counters[0], counters[1]))
    }
}

/// Refuses a placement no game from the start reaches (see
/// [`FenError::Unreachable`]); any other placement is the judge's.
fn reachable(board: &Board, turn: Color) -> Result<(), FenError> {
    let start = Board::initial();
    for color in Color::ALL {
        for role in Role::ALL {
            let piece = Piece::new(color, role);
            let (count, most) = (
                board.bits_of(piece).count_ones(),
                start.bits_of(piece).count_ones(),
            );
            // Two captains have their own message, the judge's.
            if count > most && role != Role::Captain {
                return Err(FenError::Unreachable(format!(
                    "{color} has {count} {}s, more than the {most} it starts with",
                    role.name()
                )));
            }
        }
    }
    match (board.captain(turn), board.captain(turn.other())) {
        (None, None) => Err(FenError::Unreachable(
            "neither side has a captain (the game ends when the first is taken)".into(),
        )),
        (Some(_), None) => Err(FenError::Unreachable(format!(
            "{} has no captain with {turn} to move (after taking it, {} would be to move)",
            turn.other(),
            turn.other()
        ))),
        _ => Ok(()),
    }
}

fn parse_placement(placement: &str) -> Result<Board, FenError> {
    let ranks: Vec<&str> = placement.split('/').collect();
    if ranks.len() != 10 {
        return Err(FenError::RankCount { found: ranks.len() });
    }
    let mut board = Board::empty();
    for (r, rank) in ranks.iter().enumerate() {
        let row = 9 - r as i64;
        let mut y: i64 = 0;
        for (c, ch) in rank.chars().enumerate() {
            let (rank, column) = (r + 1, c + 1);
            let width = match ch {
                '1'..='9' => ch as i64 - '0' as i64,
                _ if Piece::from_char(ch).is_some() => 1,
                _ => {
                    return Err(FenError::BadChar {
                        rank,
                        row,
                        column,
                        ch,
                    })
                }
            };
            if y + width > 9 {
                return Err(FenError::RankTooLong {
                    rank,
                    row,
                    column,
                    ch,
                });
            }
            if let Some(piece) = Piece::from_char(ch) {
                board.set(Point::new(row, y).expect("checked width"), Some(piece));
            }
            y += width;
        }
        if y < 9 {
            return Err(FenError::RankTooShort {
                rank: r + 1,
                row,
                points: y,
            });
        }
    }
    Ok(board)
}

impl Position {
    /// Writes the position as FEN, with `- -` and the move counters.
    pub fn to_fen(&self) -> String {
        self.to_string()
    }
}

/// The FEN of the position.
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let board = self.board();
        let ranks = (0..10).rev().map(|x| {
            let cells = (0..9).map(|y| board.get(Point::new(x, y).expect("on board")));
            // Runs of empty points become one digit.
            cells
                .chunk_by(Option::is_some)
                .into_iter()
                .map(|(occupied, run)| {
                    if occupied {
                        run.flatten().map(Piece::char).collect::<String>()
                    } else {
                        run.count().to_string()
                    }
                })
                .collect::<String>()
        });
        write!(
            f,
            "{} {} - - {} {}",
            ranks.format("/"),
            self.turn().char(),
            self.halfmove_clock(),
            self.move_number()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> FenError {
        text.parse::<Position>().unwrap_err()
    }

    #[test]
    fn errors_name_the_rank_and_character() {
        let bad_letter = INITIAL_FEN.replacen('h', "x", 1);
        assert_eq!(
            err(&bad_letter),
            FenError::BadChar {
                rank: 1,
                row: 9,
                column: 2,
                ch: 'x'
            }
        );
        assert!(matches!(
            err("rheakaehr/9/d7d/s1s1s1s1s/9/9/S1S1S1S1S/D7D/9/RHEAKAEHRR w"),
            FenError::RankTooLong {
                rank: 10,
                row: 0,
                column: 10,
                ch: 'R'
            }
        ));
        assert!(matches!(
            err("rheakaehr/8/d7d/s1s1s1s1s/9/9/S1S1S1S1S/D7D/9/RHEAKAEHR w"),
            FenError::RankTooShort {
                rank: 2,
                row: 8,
                points: 8
            }
        ));
        assert_eq!(err("9/9/9 w"), FenError::RankCount { found: 3 });
        assert_eq!(err("4k4/9/9/9/9/9/9/9/9/4K4"), FenError::MissingSide);
        assert_eq!(
            err("4k4/9/9/9/9/9/9/9/9/4K4 x"),
            FenError::BadSide("x".into())
        );
        assert!(matches!(
            err("4k4/9/9/9/9/9/9/9/9/4K4 w - x"),
            FenError::BadField { index: 4, .. }
        ));
        assert_eq!(
            err("4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1 9"),
            FenError::TooManyFields
        );
        assert_eq!(
            err("4k4/9/9/9/9/9/9/9/9/3KK4 w"),
            FenError::Position(PositionError::TwoCaptains(Color::Red))
        );
        assert_eq!(err("   "), FenError::Empty);
    }

    #[test]
    fn a_missing_captain_ends_the_game_and_what_no_game_reaches_is_refused() {
        // Blue's captain was taken: blue is to move, and the game is over.
        let pos: Position = "ddhr5/9/9/9/9/9/9/9/9/4K4 b".parse().unwrap();
        assert_eq!(pos.turn(), Color::Blue);
        assert_eq!(pos.board().pieces().count(), 5);
        assert_eq!(pos.captain(Color::Blue), None);
        assert_eq!(pos.to_fen(), "ddhr5/9/9/9/9/9/9/9/9/4K4 b - - 0 1");
        assert!(pos.is_over());
        assert_eq!(pos.winner(), Some(Color::Red));
        // More ducks than a side starts with, no captain at all, or a
        // captain missing on the side not to move: no game gets there.
        for fen in [
            "ddddddddd/9/9/9/9/9/9/9/9/4K4 b",
            "9/9/9/9/9/9/9/9/9/9 w",
            "ddhr5/9/9/9/9/9/9/9/9/4K4 w",
        ] {
            assert!(matches!(err(fen), FenError::Unreachable(_)), "{fen}");
        }
    }

    #[test]
    fn move_counters_are_read_and_written() {
        let fen = "rheakaehr/9/d7d/s1s1s1s1s/9/9/S1S1S1S1S/D7D/9/RHEAKAEHR b - - 7 12";
        let pos: Position = fen.parse().unwrap();
        assert_eq!((pos.halfmove_clock(), pos.move_number()), (7, 12));
        assert_eq!(pos.to_fen(), fen);
        // Move number 0 means 1, as Fairy-Stockfish reads it.
        let zero: Position = fen.replace(" 12", " 0").parse().unwrap();
        assert_eq!(zero.move_number(), 1);
        for bad in ["-1", "+3", "x", "99999999999"] {
            assert!(matches!(
                err(&fen.replace(" 7 ", &format!(" {bad} "))),
                FenError::BadField { index: 5, .. }
            ));
        }
    }
}
