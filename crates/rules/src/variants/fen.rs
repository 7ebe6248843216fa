//! FEN for any game the kernel makes, from the variant value alone: the
//! kinds' letters, the castling rules' letters, square names `a1` … `z99`.
//!
//! A [`Fen`] is the text's six fields, read without knowing the game (as
//! shakmaty's `Fen` is); [`Fen::position`] places it in a game and checks
//! it, [`Fen::of`] writes a position. Chess, xiangqi, Fourfold, the cube
//! and every game from a file read and write their positions through it.
//!
//! A board of more than two axes is written as its boards of files and
//! ranks joined by `|`, in the kernel's order of squares (the third axis
//! fastest): the cube's levels from the bottom, Fourfold's boards `[0,0]`,
//! `[1,0]`, `[0,1]`, `[1,1]`. Such a game without castling or en passant
//! leaves those two fields out, as the Fourfold app writes its positions
//! (`… w 0 1`); either form is read for any game.
//!
//! ```
//! use duckchess_rules::variants::{chess, fen::Fen, fourfold};
//! let fen: Fen = "4k3/8/8/8/8/8/8/4K2R w K".parse().unwrap();
//! assert_eq!(fen.boards[0].len(), 8);
//! let position = fen.position(chess::rules()).unwrap();
//! assert_eq!(Fen::of(&position).to_string(), "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
//! let start = fourfold::start(fourfold::Army::Full);
//! assert_eq!(
//!     Fen::of(&start).to_string(),
//!     "4/4/PPPP/RNBQ|4/4/PPPP/KBNR|rnbq/pppp/4/4|kbnr/pppp/4/4 w 0 1"
//! );
//! ```

use super::line::shorten;
use super::square_names::{coords_on, name_on, parse_point, point_name, point_on, square_at};
use crate::geometry::Shape;
use crate::kernel::{Color, Piece, Position, PositionError, Rules, Setup, SquareSet, Variant};
use itertools::Itertools;
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// Why a FEN could not be read; each names the field at fault, and on a
/// board of several parts the part (`board [1,0]`).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum FenError {
    /// Not 1 to 6 whitespace-separated fields.
    #[error("a FEN has 1 to 6 fields, this one {0}")]
    Fields(usize),
    /// A character of the board field that is no piece letter, digit, `/`
    /// or `|`.
    #[error("board field: unexpected {ch:?} at character {at}")]
    BoardChar {
        /// The character.
        ch: char,
        /// Its position in the field (from 0).
        at: usize,
    },
    /// The board field has the wrong number of parts joined by `|`.
    #[error("board field: {found} boards joined by '|', not {expected}")]
    Boards {
        /// How many parts it has.
        found: usize,
        /// How many the game's board has.
        expected: usize,
    },
    /// A board part has the wrong number of ranks.
    #[error("board field: {board}{found} ranks, not {expected}")]
    RankCount {
        /// The part's label and a comma (`board [0,1], `), empty on a
        /// board of files and ranks alone.
        board: String,
        /// How many ranks it has.
        found: usize,
        /// How many the game's board has.
        expected: usize,
    },
    /// A rank of the board field with too many or too few squares.
    #[error("board field: {board}rank {rank} covers {files} files, not {expected}")]
    RankLength {
        /// The part's label and a comma, as in [`FenError::RankCount`].
        board: String,
        /// The rank number as printed (8 is the first of the field).
        rank: usize,
        /// How many files it covers.
        files: usize,
        /// How many the game's board has.
        expected: usize,
    },
    /// The side to move is not `w` or `b`.
    #[error("side to move field: {0:?} is not w or b")]
    Turn(String),
    /// A character of the castling field that names no castling.
    #[error("castling field: unexpected {0:?}")]
    Castling(char),
    /// A castling right whose king or rook is not on its square (refused
    /// where the game's own notation is read: chess).
    #[error("castling field: {0}, but the king or its rook has moved")]
    UnheldCastling(char),
    /// The en passant field is not `-` or a square.
    #[error("en passant field: {0:?} is not a square")]
    EnPassant(String),
    /// The half-move clock is not a count.
    #[error("half-move clock field: {0:?} is not a whole number from 0 to {max}", max = u32::MAX)]
    Halfmove(String),
    /// The move number is not a count from 1.
    #[error("move number field: {0:?} is not a whole number from 1 to {max}", max = u32::MAX)]
    Fullmove(String),
    /// The pocket (`[...]` after the board) is not closed, or holds a
    /// character that is no piece letter of the game.
    #[error("pocket: unexpected {0:?}")]
    Pocket(char),
    /// The fields read, but no game reaches the position.
    #[error("impossible position: {why}")]
    Position {
        /// The fault.
        error: PositionError,
        /// The fault in words, with square names.
        why: String,
    },
}

/// One board of files and ranks in a FEN's board field: its ranks as
/// written, the last rank first, each square's piece letter (upper case
/// White) or `None` for an empty one.
pub type FenBoard = Vec<Vec<Option<char>>>;

/// A FEN's fields, read without knowing the game. Fields after the board
/// may be left out of the text (`w`, `-`, `-`, `0`, `1`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fen {
    /// The board field's parts joined by `|` (one on a board of files and
    /// ranks). Parts and ranks may differ in length here;
    /// [`Fen::position`] checks them against the board.
    pub boards: Vec<FenBoard>,
    /// Where each square starts in the board field, for errors.
    offsets: Vec<Vec<Vec<usize>>>,
    /// The side to move.
    pub turn: Color,
    /// The castling rights' letters, in order (empty: `-`).
    pub castling: Vec<char>,
    /// The en passant square's coordinates, file first, from 0 (`e3` is
    /// `[4, 2]`, `a3[1,0]` is `[0, 2, 1, 0]`).
    pub en_passant: Option<Vec<usize>>,
    /// Plies since the last capture or pawn move.
    pub halfmove: u32,
    /// The move number.
    pub fullmove: u32,
    /// The pieces in hand, `[QPp]` after the board (games with drops):
    /// their letters, upper case White; `None` where the text has no
    /// brackets.
    pub pocket: Option<Vec<char>>,
    /// The promoted pieces (`Q~`): part, rank as written (0 the first)
    /// and file of each.
    pub promoted: Vec<(usize, usize, usize)>,
    /// The checks each side has still to give (n-check games): the field
    /// `3+3` after the en passant square, as Fairy-Stockfish writes it, or
    /// lichess's `+1+0` at the end, the checks given of three; `None`
    /// where the text has neither.
    pub checks: Option<[u8; 2]>,
    /// Whether the castling and en passant fields are left out before the
    /// clocks (`w 0 1`): as read, or for a board of more than two axes
    /// without castling or en passant when written by [`Fen::of`].
    pub short: bool,
    /// Whether promoted pieces are written `+P` (shogi's) rather than
    /// `P~` (crazyhouse's).
    pub plus: bool,
}

/// A walled square's letter (Fairy-Stockfish's).
const WALL: char = '*';

/// Reads one board part: ranks split by `/`, digits for runs of empty
/// squares; `at` is where the part starts in the field.
type Promoted = Vec<(usize, usize)>;

fn read_board(
    part: &str,
    mut at: usize,
) -> Result<(FenBoard, Vec<Vec<usize>>, Promoted), FenError> {
    let mut board = Vec::new();
    let mut offsets = Vec::new();
    let mut promoted = Vec::new();
    for (r, row) in part.split('/').enumerate() {
        let mut squares = Vec::new();
        let mut starts = Vec::new();
        // A run of digits is one number (boards above 9 files).
        let mut digits = 0usize;
        let mut run_start = at;
        // Shogi's `+` before a promoted piece.
        let mut plus = false;
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
            } else if ch.is_ascii_alphabetic() || (ch == '*' && !plus) {
                // `*`: a wall (Fairy-Stockfish's), kept as a letter here.
                for _ in 0..std::mem::take(&mut digits) {
                    squares.push(None);
                    starts.push(run_start);
                }
                squares.push(Some(ch));
                starts.push(at);
                if std::mem::take(&mut plus) {
                    promoted.push((r, squares.len() - 1));
                }
            } else if ch == '+' && !plus {
                plus = true;
                for _ in 0..std::mem::take(&mut digits) {
                    squares.push(None);
                    starts.push(run_start);
                }
            } else if ch == '~' && digits == 0 && squares.last().is_some_and(Option::is_some) {
                promoted.push((r, squares.len() - 1));
            } else {
                return Err(FenError::BoardChar { ch, at });
            }
            at += ch.len_utf8();
        }
        if plus {
            return Err(FenError::BoardChar { ch: '+', at });
        }
        for _ in 0..digits {
            squares.push(None);
            starts.push(run_start);
        }
        board.push(squares);
        offsets.push(starts);
        at += 1; // the slash
    }
    Ok((board, offsets, promoted))
}

impl FromStr for Fen {
    type Err = FenError;

    fn from_str(text: &str) -> Result<Fen, FenError> {
        let mut fields: Vec<&str> = text.split_ascii_whitespace().collect();
        let checks = take_checks(&mut fields);
        if fields.is_empty() || fields.len() > 6 {
            return Err(FenError::Fields(fields.len()));
        }
        let mut boards = Vec::new();
        let mut offsets = Vec::new();
        let mut promoted = Vec::new();
        let mut at = 0;
        let (placement, pocket) = match fields[0].split_once('[') {
            None => (fields[0], None),
            Some((placement, rest)) => {
                let inside = rest.strip_suffix(']').ok_or(FenError::Pocket('['))?;
                let mut letters = Vec::new();
                for ch in inside.chars().filter(|&c| c != '-') {
                    if !ch.is_ascii_alphabetic() {
                        return Err(FenError::Pocket(ch));
                    }
                    letters.push(ch);
                }
                (placement, Some(letters))
            }
        };
        for (p, part) in placement.split('|').enumerate() {
            let (board, starts, marked) = read_board(part, at)?;
            promoted.extend(marked.into_iter().map(|(r, f)| (p, r, f)));
            boards.push(board);
            offsets.push(starts);
            at += part.len() + 1; // the bar
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
        // A number where the castling field would be (a digit, or a sign
        // before one): the short form, clocks straight after the side to
        // move. Castling is `-` or letters, never a digit.
        let short = fields.get(2).is_some_and(|f| {
            f.trim_start_matches(['-', '+'])
                .starts_with(|c: char| c.is_ascii_digit())
        });
        if short && fields.len() > 4 {
            return Err(FenError::Castling(fields[2].chars().next().unwrap_or('0')));
        }
        let (castling, en_passant) = if short {
            (Vec::new(), None)
        } else {
            let castling = match fields.get(2) {
                None | Some(&"-") => Vec::new(),
                Some(field) => field.chars().collect(),
            };
            let en_passant = match fields.get(3) {
                None | Some(&"-") => None,
                Some(&ep) => Some(parse_point(ep).ok_or_else(|| FenError::EnPassant(shorten(ep)))?),
            };
            (castling, en_passant)
        };
        let clocks = if short { 2 } else { 4 };
        let number = |i: usize, error: fn(String) -> FenError, default: u32| match fields.get(i) {
            None => Ok(default),
            Some(&text) => text.parse().map_err(|_| error(shorten(text))),
        };
        Ok(Fen {
            boards,
            offsets,
            turn,
            castling,
            en_passant,
            pocket,
            promoted,
            halfmove: number(clocks, FenError::Halfmove, 0)?,
            fullmove: match number(clocks + 1, FenError::Fullmove, 1)? {
                0 => return Err(FenError::Fullmove("0".into())),
                n => n,
            },
            checks,
            short,
            plus: false,
        })
    }
}

/// Takes the check counts out of a FEN's fields (after the board and the
/// side to move): Fairy-Stockfish's `3+3`, the checks each side has still
/// to give, or lichess's `+1+0` at the end, the checks each has given of
/// three (Fairy-Stockfish reads it so).
pub(crate) fn take_checks(fields: &mut Vec<&str>) -> Option<[u8; 2]> {
    let pair = |text: &str| -> Option<[u8; 2]> {
        let (a, b) = text.split_once('+')?;
        let count = |t: &str| {
            (!t.is_empty() && t.bytes().all(|c| c.is_ascii_digit()))
                .then(|| t.parse::<u8>().ok())
                .flatten()
        };
        Some([count(a)?, count(b)?])
    };
    if let Some(i) = (2..fields.len()).find(|&i| pair(fields[i]).is_some()) {
        return pair(fields.remove(i));
    }
    let last = fields.len().checked_sub(1).filter(|&i| i >= 2)?;
    let given = pair(fields[last].strip_prefix('+')?)?;
    fields.pop();
    Some(given.map(|n| 3u8.saturating_sub(n)))
}

/// Files, ranks and parts of a board, and each part's label.
struct Layout {
    shape: Shape,
    files: usize,
    ranks: usize,
    parts: usize,
}

impl Layout {
    fn of(shape: Shape) -> Layout {
        let (files, ranks) = (shape.size(0) as usize, shape.size(1) as usize);
        Layout {
            shape,
            files,
            ranks,
            parts: shape.len() / (files * ranks),
        }
    }

    /// `board [z,w], ` on a board of several parts, else empty.
    fn label(&self, part: usize) -> String {
        if self.shape.axes() <= 2 {
            return String::new();
        }
        let first = coords_on(self.shape, part * self.files * self.ranks);
        format!("board [{}], ", first[2..].iter().join(","))
    }
}

impl Fen {
    /// The FEN of a position of any game the kernel makes.
    pub fn of<S: SquareSet>(position: &Position<S>) -> Fen {
        let variant = position.rules().variant();
        let layout = Layout::of(variant.shape);
        let mut boards: Vec<FenBoard> = (0..layout.parts)
            .map(|part| {
                let base = part * layout.files * layout.ranks;
                (0..layout.ranks)
                    .rev()
                    .map(|rank| {
                        (0..layout.files)
                            .map(|file| {
                                let square = base + rank * layout.files + file;
                                position
                                    .piece_at(square)
                                    .map(|p| variant.piece_char(p))
                                    .or(position.walls().contains(square).then_some(WALL))
                            })
                            .collect()
                    })
                    .collect()
            })
            .collect();
        let mut promoted: Vec<(usize, usize, usize)> = (0..layout.parts)
            .flat_map(|part| {
                (0..layout.ranks).flat_map(move |i| (0..layout.files).map(move |f| (part, i, f)))
            })
            .filter(|&(part, i, f)| {
                let base = part * layout.files * layout.ranks;
                position.is_promoted(base + (layout.ranks - 1 - i) * layout.files + f)
            })
            .collect();
        super::fen_turned::write(variant, &mut boards, &mut promoted);
        let pocket = variant.drops.as_ref().filter(|d| !d.free).map(|_| {
            let mut letters = Vec::new();
            for color in Color::ALL {
                for kind in variant.all_kinds() {
                    let ch = variant.piece_char(Piece { color, kind });
                    for _ in 0..position.in_hand(color, kind) {
                        letters.push(ch);
                    }
                }
            }
            letters
        });
        let en_passant_rule = variant
            .kinds
            .iter()
            .any(|k| k.pawn.as_ref().is_some_and(|p| p.en_passant));
        Fen {
            offsets: boards
                .iter()
                .map(|b| b.iter().map(|row| vec![0; row.len()]).collect())
                .collect(),
            boards,
            pocket,
            promoted,
            turn: position.turn(),
            castling: super::fen_gates::castling_field(position),
            en_passant: position.en_passant().map(|s| point_on(variant.shape, s)),
            halfmove: position.halfmove(),
            fullmove: position.fullmove(),
            checks: variant
                .goals
                .checks
                .map(|_| Color::ALL.map(|c| position.checks_to_give(c) as u8)),
            short: variant.shape.axes() > 2 && variant.castling.is_empty() && !en_passant_rule,
            plus: variant
                .drops
                .as_ref()
                .is_some_and(|d| d.promotions.is_some())
                || super::fen_turned::plus(variant),
        }
    }

    /// The pieces of the board field on a game's board, with the squares
    /// they stand on: every letter a piece of the game, every part and
    /// rank the board's size.
    pub fn placement(&self, variant: &Variant) -> Result<Vec<(usize, Piece)>, FenError> {
        let layout = Layout::of(variant.shape);
        if self.boards.len() != layout.parts {
            return Err(FenError::Boards {
                found: self.boards.len(),
                expected: layout.parts,
            });
        }
        let mut pieces = Vec::new();
        for (part, (board, starts)) in self.boards.iter().zip(&self.offsets).enumerate() {
            if board.len() != layout.ranks {
                return Err(FenError::RankCount {
                    board: layout.label(part),
                    found: board.len(),
                    expected: layout.ranks,
                });
            }
            let base = part * layout.files * layout.ranks;
            for (i, (row, row_starts)) in board.iter().zip(starts).enumerate() {
                let rank = layout.ranks - 1 - i;
                for (file, (&square, &at)) in row.iter().zip(row_starts).enumerate() {
                    if let Some(ch) = square.filter(|&ch| ch != WALL) {
                        let piece = variant
                            .piece_by_char(ch)
                            .ok_or(FenError::BoardChar { ch, at })?;
                        if file < layout.files {
                            pieces.push((base + rank * layout.files + file, piece));
                        }
                    }
                }
                if row.len() != layout.files {
                    return Err(FenError::RankLength {
                        board: layout.label(part),
                        rank: rank + 1,
                        files: row.len(),
                        expected: layout.files,
                    });
                }
            }
        }
        Ok(pieces)
    }

    /// The position in a game: the setup as [`Fen::setup`] checks it, and
    /// a position some game reaches.
    pub fn position<S: SquareSet>(
        &self,
        rules: &'static Rules<S>,
    ) -> Result<Position<S>, FenError> {
        let variant = rules.variant();
        let setup = self.setup(variant)?;
        let impossible = |error: PositionError| FenError::Position {
            why: error.describe(variant, &|s| name_on(variant.shape, s)),
            error,
        };
        let position = Position::from_setup(rules, &setup).map_err(impossible)?;
        position.check_reachable().map_err(impossible)?;
        Ok(position)
    }

    /// The setup on a game's board, for positions no game need reach (a
    /// puzzle's): the board as [`Fen::placement`] checks it, every
    /// castling letter one of the game's rules', the en passant square on
    /// its board.
    pub fn setup(&self, variant: &Variant) -> Result<Setup, FenError> {
        let mut setup = Setup::empty(variant.shape.len());
        for (square, piece) in self.placement(variant)? {
            setup.board[square] = Some(piece);
        }
        let layout = Layout::of(variant.shape);
        // The walls, on a board `placement` found the right size.
        for (part, board) in self.boards.iter().enumerate() {
            let base = part * layout.files * layout.ranks;
            for (i, row) in board.iter().enumerate() {
                for (file, _) in row.iter().enumerate().filter(|(_, &s)| s == Some(WALL)) {
                    setup
                        .walls
                        .push(base + (layout.ranks - 1 - i) * layout.files + file);
                }
            }
        }
        for &(part, i, file) in &self.promoted {
            let base = part * layout.files * layout.ranks;
            setup
                .promoted
                .push(base + (layout.ranks - 1 - i) * layout.files + file);
        }
        super::fen_turned::read(variant, &mut setup);
        for &ch in self.pocket.iter().flatten() {
            let piece = variant.piece_by_char(ch).ok_or(FenError::Pocket(ch))?;
            let count = &mut setup.hands[piece.color.index()][piece.kind.index()];
            *count = count.saturating_add(1);
        }
        setup.turn = self.turn;
        let gating = variant.drops.as_ref().is_some_and(|d| d.gating.is_some());
        for &ch in &self.castling {
            let rule = variant
                .castling
                .iter()
                .position(|c| c.letter == ch || c.fen_letter(layout.files) == ch);
            match rule {
                Some(rule) => {
                    setup.castling |= 1 << rule;
                    if gating {
                        // S-chess: `K` gates on the king's and the rook's
                        // squares too.
                        let c = &variant.castling[rule];
                        setup.gates.extend([c.king_from, c.rook_from]);
                    }
                }
                None if gating => setup.gates.push(
                    super::fen_gates::gate_square(layout.files, layout.ranks, ch)
                        .ok_or(FenError::Castling(ch))?,
                ),
                None => return Err(FenError::Castling(ch)),
            }
        }
        if let Some(coords) = &self.en_passant {
            let square = square_at(variant.shape, coords)
                .ok_or_else(|| FenError::EnPassant(point_name(coords)))?;
            setup.en_passant = Some(square);
        }
        setup.halfmove = self.halfmove;
        setup.fullmove = self.fullmove;
        if variant.goals.checks.is_some() {
            // Without counts the next check wins, as Fairy-Stockfish reads it.
            setup.checks = self.checks.unwrap_or([1, 1]);
        }
        Ok(setup)
    }
}

impl fmt::Display for Fen {
    /// Every field (but castling and en passant in the short form), empty
    /// squares as counts.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (p, board) in self.boards.iter().enumerate() {
            if p > 0 {
                f.write_str("|")?;
            }
            for (i, row) in board.iter().enumerate() {
                if i > 0 {
                    f.write_str("/")?;
                }
                let mut empty = 0;
                for (file, square) in row.iter().enumerate() {
                    match square {
                        None => empty += 1,
                        Some(ch) => {
                            if empty > 0 {
                                write!(f, "{}", std::mem::take(&mut empty))?;
                            }
                            let promoted = self.promoted.contains(&(p, i, file));
                            if promoted && self.plus {
                                f.write_str("+")?;
                            }
                            write!(f, "{ch}")?;
                            if promoted && !self.plus {
                                f.write_str("~")?;
                            }
                        }
                    }
                }
                if empty > 0 {
                    write!(f, "{empty}")?;
                }
            }
        }
        if let Some(pocket) = &self.pocket {
            f.write_str("[")?;
            for ch in pocket {
                write!(f, "{ch}")?;
            }
            f.write_str("]")?;
        }
        write!(f, " {}", self.turn.char())?;
        if !(self.short && self.castling.is_empty() && self.en_passant.is_none()) {
            f.write_str(" ")?;
            if self.castling.is_empty() {
                f.write_str("-")?;
            } else {
                for ch in &self.castling {
                    write!(f, "{ch}")?;
                }
            }
            match &self.en_passant {
                Some(coords) => write!(f, " {}", point_name(coords))?,
                None => f.write_str(" -")?,
            }
        }
        if let Some([white, black]) = self.checks {
            write!(f, " {white}+{black}")?;
        }
        write!(f, " {} {}", self.halfmove, self.fullmove)
    }
}

/// Reads a FEN for any game (`Fen` read, then placed).
pub fn read_fen<S: SquareSet>(
    rules: &'static Rules<S>,
    fen: &str,
) -> Result<Position<S>, FenError> {
    fen.parse::<Fen>()?.position(rules)
}

/// Writes the FEN of a position of any game.
pub fn write_fen<S: SquareSet>(position: &Position<S>) -> String {
    Fen::of(position).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::{chess, cube, fourfold, xiangqi};

    #[test]
    fn the_fields_read_without_a_game() {
        let fen: Fen = "r8r/10/10/10/10/10/10/R3K4R b Kq a3 7 30".parse().unwrap();
        assert_eq!(fen.boards.len(), 1);
        assert_eq!(fen.boards[0].len(), 8);
        assert_eq!(fen.boards[0][0].len(), 10);
        assert_eq!(fen.boards[0][0][0], Some('r'));
        assert_eq!(fen.boards[0][7][4], Some('K'));
        assert_eq!(fen.turn, Color::Black);
        assert_eq!(fen.castling, ['K', 'q']);
        assert_eq!(fen.en_passant, Some(vec![0, 2]));
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
            FenError::RankLength {
                board: String::new(),
                rank: 1,
                files: 9,
                expected: 8
            }
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
            play_out(fourfold::rules(fourfold::Army::Classic), seed);
            play_out(fourfold::rules(fourfold::Army::Full), seed);
        }
    }

    #[test]
    fn boards_of_more_axes_are_parts_joined_by_bars() {
        // Fourfold's start as the Fourfold app writes it: the short form.
        let start = fourfold::start(fourfold::Army::Classic);
        let fen = Fen::of(&start);
        assert!(fen.short);
        assert_eq!(fen.boards.len(), 4);
        assert_eq!(fen.to_string(), fourfold::CLASSIC_START);
        // The long form reads to the same position and keeps its form.
        let long = "4/4/PPPP/RNKQ|4/4/4/1BR1|1rb1/4/4/4|qknr/pppp/4/4 w - - 0 1";
        let fen: Fen = long.parse().unwrap();
        assert!(!fen.short);
        assert_eq!(fen.to_string(), long);
        let rules = fourfold::rules(fourfold::Army::Classic);
        assert_eq!(fen.position(rules).unwrap(), start);
        // Each part is a board of files and ranks: the third axis fastest.
        let one = |text: &str| text.parse::<Fen>().unwrap().position(rules);
        let p = one("4/4/4/K3|4/4/4/4|4/4/4/4|k3/4/4/4 b 3 9").unwrap();
        assert_eq!(
            p.piece_at(fourfold::square(0, 0, 0, 0)).unwrap().kind,
            fourfold::KING
        );
        assert_eq!(
            p.piece_at(fourfold::square(0, 3, 1, 1)).unwrap().kind,
            fourfold::KING
        );
        assert_eq!((p.turn(), p.halfmove(), p.fullmove()), (Color::Black, 3, 9));
        assert_eq!(
            one("4/4/4/K3|4/4/4/4|4/4/4/4").unwrap_err(),
            FenError::Boards {
                found: 3,
                expected: 4
            }
        );
        assert_eq!(
            one("4/4/4/K3|4/4/4|4/4/4/4|k3/4/4/4")
                .unwrap_err()
                .to_string(),
            "board field: board [1,0], 3 ranks, not 4"
        );
        // A chess FEN is one part: a bar makes two.
        assert_eq!(
            "8/8/8/8/8/8/8/8|8"
                .parse::<Fen>()
                .unwrap()
                .position(chess::rules()),
            Err(FenError::Boards {
                found: 2,
                expected: 1
            })
        );
    }

    #[test]
    fn the_short_form_and_squares_off_the_first_board() {
        // Clocks straight after the side to move; a sign still reads as a
        // clock, so its error names the clock.
        let fen: Fen = "8/8 b 4 12".parse().unwrap();
        assert!(fen.short && fen.castling.is_empty() && fen.en_passant.is_none());
        assert_eq!((fen.halfmove, fen.fullmove), (4, 12));
        assert_eq!(
            "8 w -1".parse::<Fen>().unwrap_err(),
            FenError::Halfmove("-1".into())
        );
        assert_eq!(
            "8 w 0 0".parse::<Fen>().unwrap_err(),
            FenError::Fullmove("0".into())
        );
        assert_eq!(
            "8 w - - 0 0".parse::<Fen>().unwrap_err(),
            FenError::Fullmove("0".into())
        );
        assert!(matches!(
            "8 w 0 1 2".parse::<Fen>().unwrap_err(),
            FenError::Castling('0')
        ));
        // En passant on a board of four axes names the other two.
        let fen: Fen = "8 w - a3[1,0] 0 1".parse().unwrap();
        assert_eq!(fen.en_passant, Some(vec![0, 2, 1, 0]));
        assert_eq!(fen.to_string(), "8 w - a3[1,0] 0 1");
        assert_eq!(
            "8 w - a3[1,0 0 1".parse::<Fen>().unwrap_err(),
            FenError::EnPassant("a3[1,0".into())
        );
        // Fourfold has no en passant square to give.
        let fourfold = "4/4/4/K3|4/4/4/4|4/4/4/4|k3/4/4/4 w - a3[1,2] 0 1"
            .parse::<Fen>()
            .unwrap()
            .position(fourfold::rules(fourfold::Army::Full));
        assert_eq!(fourfold.unwrap_err(), FenError::EnPassant("a3[1,2]".into()));
    }

    #[test]
    fn cube_positions_read_back_from_every_size() {
        for n in cube::MIN_N..=cube::MAX_N {
            // White's king and queen on the bottom level's first rank,
            // Black's king (none on the smallest cube: every square touches
            // White's) and knight on the top level's last, the rest empty.
            let rest = |used: usize| match n - used {
                0 => String::new(),
                empty => empty.to_string(),
            };
            let empty = vec![n.to_string(); n].join("/");
            let mut bottom = vec![n.to_string(); n - 1];
            bottom.push(format!("KQ{}", rest(2)));
            let mut top = vec![if n > 2 {
                format!("kn{}", rest(2))
            } else {
                "1n".to_string()
            }];
            top.extend(vec![n.to_string(); n - 1]);
            let mut levels = vec![bottom.join("/")];
            levels.extend((1..n - 1).map(|_| empty.clone()));
            levels.push(top.join("/"));
            let text = format!("{} b 0 1", levels.join("|"));
            let p = cube::read_fen(&text).unwrap_or_else(|e| panic!("n = {n}: {e}"));
            assert_eq!(p.n(), n);
            assert_eq!(cube::with_fen(&p, |fen| fen.to_string()), text);
            // The puzzle's own notation holds the same position.
            let puzzle = cube::read(&cube::write(p.as_dyn())).unwrap();
            assert_eq!(cube::with_fen(&puzzle, |fen| fen.to_string()), text);
        }
        assert_eq!(
            cube::read_fen("1/1 w").unwrap_err().to_string(),
            "n = 1: the cube's side must be 2 to 10"
        );
        // The puzzle's rules hold for a FEN too: one white king.
        assert_eq!(
            cube::read_fen("2/2|2/k1").unwrap_err(),
            cube::CubeError::WhiteKings(0)
        );
    }
}
