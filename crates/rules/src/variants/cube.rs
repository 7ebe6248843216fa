//! Cube chess: the n × n × n board of the "is White checkmated?" puzzle
//! (2 ≤ n ≤ 10) as a kernel variant, with the puzzle's position notation.
//!
//! Pieces K Q R B N, no pawns, no castling. The bishop slides along the
//! eight triagonals only (all three coordinates change), the queen along
//! all 26 directions, the knight jumps by the 24 images of (2, 1, 0). A
//! black king may be missing; exactly one white king is required.
//!
//! Squares are numbered as the kernel does, file fastest:
//! `file + n·(rank + n·level)`, all from 0. A square is written `b2(III)`:
//! file b, rank 2, level III (the bottom level is I).
//!
//! ```
//! use duckchess_rules::variants::cube;
//! let p = cube::read("n = 3, [###,n##,#rr],[#b#,###,###],[###,###,bRK]").unwrap();
//! assert_eq!(p.n(), 3);
//! assert!(cube::mate::is_mate(&p));
//! assert_eq!(cube::write(p.as_dyn()), "n = 3, [###,n##,#rr],[#b#,###,###],[###,###,bRK]");
//! ```
//!
//! Moves are written with the piece letter, the two squares and `-` or `x`
//! between them (`Rc1(III)-c1(II)`, `Qa1(I)xb2(II)`), `+` or `#` after a
//! check or a mate; the coordinate form is the two squares alone
//! (`c1(III)c1(II)`). [`read_move`] takes either.

pub mod mate;

use super::fen::{Fen, FenError};
use crate::geometry::{DirectionClass, Shape};
use crate::kernel::{
    AnyPosition, Big, Bits, Color, DrawRules, Kind, Move, Piece, PieceKind, Position,
    PositionError, PositionRef, Royalty, Rules, Setup, Stalemate, Variant, Width,
};
use std::fmt;
use std::sync::OnceLock;
use thiserror::Error;

/// The king, kind 0 of [`variant`].
pub const KING: Kind = Kind(0);
/// The queen.
pub const QUEEN: Kind = Kind(1);
/// The rook.
pub const ROOK: Kind = Kind(2);
/// The bishop (triagonals only).
pub const BISHOP: Kind = Kind(3);
/// The knight.
pub const KNIGHT: Kind = Kind(4);

/// The smallest cube.
pub const MIN_N: usize = 2;
/// The largest cube (1,000 squares).
pub const MAX_N: usize = 10;

/// The position [`Notation::start`](super::GameRules::start) gives, the
/// puzzle having no start of its own: on a 4-cube, each side's pieces on
/// two ranks of its outer level, so a game can be played from it.
pub const EXAMPLE: &str =
    "n = 4, [rqkr,nbbn,####,####],[####,####,####,####],[####,####,####,####],[####,####,NBBN,RQKR]";

const ROMAN: [&str; MAX_N] = ["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X"];

/// The Roman numeral of a level counted from 0 (`0` → `I`).
///
/// ```
/// assert_eq!(duckchess_rules::variants::cube::roman(2), "III");
/// ```
pub fn roman(level: usize) -> &'static str {
    ROMAN.get(level).copied().unwrap_or("?")
}

/// The cube of side `n` as data. `n` must lie in 2..=10 (checked by
/// [`CubeSet::rules`] and [`read`]).
pub fn variant(n: usize) -> Variant {
    let shape = Shape::new(&[n, n, n]).expect("a cube side from 1 to 255 is a board");
    let kinds = vec![
        PieceKind::new("king", 'k', 0)
            .leap(&[1, 0, 0])
            .leap(&[1, 1, 0])
            .leap(&[1, 1, 1])
            .royal(),
        PieceKind::new("queen", 'q', 900).slide(DirectionClass::ANY),
        PieceKind::new("rook", 'r', 500).slide(DirectionClass::ROOK),
        PieceKind::new("bishop", 'b', 300).slide(DirectionClass::exactly(3)),
        PieceKind::new("knight", 'n', 300).leap(&[2, 1, 0]),
    ];
    Variant {
        name: "cube".into(),
        shape,
        kinds,
        start: Vec::new(),
        castling: Vec::new(),
        royalty: Royalty::Check,
        // The puzzle allows a missing black king; the white king is checked
        // by [`read`], not by the kernel.
        royal_required: false,
        draws: DrawRules::default(),
        stalemate: Stalemate::Draw,
        flying_general: false,
        extinction: None,
        drops: None,
        goals: crate::kernel::Goals::default(),
    }
}

/// A square-set type that holds a cube of some sides, with the tables of
/// each of those sides built once and cached.
pub trait CubeSet: Width {
    /// The tables for side `n` (which must fit this set type).
    fn rules(n: usize) -> &'static Rules<Self>;
}

macro_rules! cube_set {
    ($t:ty) => {
        impl CubeSet for $t {
            fn rules(n: usize) -> &'static Rules<Self> {
                static RULES: [OnceLock<&'static Rules<$t>>; MAX_N + 1] =
                    [const { OnceLock::new() }; MAX_N + 1];
                RULES[n].get_or_init(|| {
                    Rules::new(variant(n))
                        .expect("the cube fits its set type")
                        .leak()
                })
            }
        }
    };
}

cube_set!(u64);
cube_set!(u128);
cube_set!(Bits<2>);
cube_set!(Bits<4>);
cube_set!(Bits<8>);
cube_set!(Big);

/// A cube position, its square sets sized to its board: `u64` for n ≤ 4,
/// `u128` for n = 5, four words for n = 6, eight for n = 7 and 8, sixteen
/// ([`Big`]) for n = 9 and 10. Small sets keep the bigger cubes fast.
// One value per puzzle line, used in place: the size of the biggest
// variant costs nothing worth a box and its indirection in the hot loops.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Copy, Debug)]
pub enum CubePosition {
    /// n = 2, 3, 4.
    U64(Position<u64>),
    /// n = 5.
    U128(Position<u128>),
    /// None built: a file game named `cube` of more than 8 kinds on up to
    /// 128 squares would be one.
    B2(Position<Bits<2>>),
    /// n = 6.
    B4(Position<Bits<4>>),
    /// n = 7, 8.
    B8(Position<Bits<8>>),
    /// n = 9, 10.
    Big(Position<Big>),
}

/// Runs `$body` with `$p` bound to the concrete position inside a
/// [`CubePosition`], monomorphised for each set type.
macro_rules! with_cube {
    ($cube:expr, $p:ident => $body:expr) => {
        match $cube {
            $crate::variants::cube::CubePosition::U64($p) => $body,
            $crate::variants::cube::CubePosition::U128($p) => $body,
            $crate::variants::cube::CubePosition::B2($p) => $body,
            $crate::variants::cube::CubePosition::B4($p) => $body,
            $crate::variants::cube::CubePosition::B8($p) => $body,
            $crate::variants::cube::CubePosition::Big($p) => $body,
        }
    };
}
pub(crate) use with_cube;

impl CubePosition {
    /// The side of the cube.
    pub fn n(&self) -> usize {
        self.as_dyn().variant().shape.size(0) as usize
    }

    /// The position behind the front ends' interface.
    pub fn as_dyn(&self) -> &dyn AnyPosition {
        with_cube!(self, p => p)
    }

    /// The position, boxed for the front ends.
    pub fn boxed(&self) -> Box<dyn AnyPosition> {
        with_cube!(self, p => Box::new(*p))
    }

    /// The cube position behind a front end's `dyn AnyPosition`, if it is
    /// one.
    pub fn from_dyn(position: &dyn AnyPosition) -> Option<CubePosition> {
        if position.variant().name != "cube" {
            return None;
        }
        Some(position.concrete().into())
    }
}

impl From<PositionRef<'_>> for CubePosition {
    fn from(position: PositionRef<'_>) -> CubePosition {
        match position {
            PositionRef::U64(p) => CubePosition::U64(*p),
            PositionRef::U128(p) => CubePosition::U128(*p),
            PositionRef::Bits2(p) => CubePosition::B2(*p),
            PositionRef::Bits4(p) => CubePosition::B4(*p),
            PositionRef::Bits8(p) => CubePosition::B8(*p),
            PositionRef::Big(p) => CubePosition::Big(*p),
        }
    }
}

/// Builds the position of a setup on a cube of side `n` with the set type
/// that fits it.
fn position_for(n: usize, setup: &Setup) -> Result<CubePosition, PositionError> {
    fn build<S: CubeSet>(n: usize, setup: &Setup) -> Result<CubePosition, PositionError> {
        Position::from_setup(S::rules(n), setup).map(|p| S::wrap(&p).into())
    }
    match n {
        ..=4 => build::<u64>(n, setup),
        5 => build::<u128>(n, setup),
        6 => build::<Bits<4>>(n, setup),
        7 | 8 => build::<Bits<8>>(n, setup),
        _ => build::<Big>(n, setup),
    }
}

/// The kernel's square of file, rank and level (all from 0) on side `n`.
pub fn square(n: usize, file: usize, rank: usize, level: usize) -> usize {
    file + n * (rank + n * level)
}

/// A square's name: `b2(III)` for file b, rank 2, level III.
///
/// ```
/// use duckchess_rules::variants::cube::{square, square_name};
/// assert_eq!(square_name(3, square(3, 1, 1, 2)), "b2(III)");
/// assert_eq!(square_name(10, 999), "j10(X)");
/// ```
pub fn square_name(n: usize, square: usize) -> String {
    let (file, rank, level) = (square % n, square / n % n, square / (n * n));
    format!(
        "{}{}({})",
        (b'a' + file as u8) as char,
        rank + 1,
        roman(level)
    )
}

/// The square of a name like `b2(III)` on side `n`.
///
/// ```
/// use duckchess_rules::variants::cube::{parse_square, square};
/// assert_eq!(parse_square("b2(III)", 3), Some(square(3, 1, 1, 2)));
/// assert_eq!(parse_square("b2(IV)", 3), None);
/// assert_eq!(parse_square("b2", 3), None);
/// ```
pub fn parse_square(name: &str, n: usize) -> Option<usize> {
    let (coords, level) = name.strip_suffix(')')?.split_once('(')?;
    let level = ROMAN[..n].iter().position(|r| *r == level)?;
    let file = coords.chars().next()?;
    if !file.is_ascii_lowercase() {
        return None;
    }
    let file = (file as u8 - b'a') as usize;
    let rank = &coords[1..];
    if rank.is_empty() || rank.starts_with('0') || !rank.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let rank: usize = rank.parse().ok()?;
    (file < n && (1..=n).contains(&rank)).then(|| square(n, file, rank - 1, level))
}

/// Why a cube position could not be read. Positions in a message are
/// characters of the line, counted from 1.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum CubeError {
    /// The text is empty.
    #[error("empty position")]
    Empty,
    /// A character that does not fit the format where it stands.
    #[error("character {at}: expected {expected}, found {}", found_text(*.found))]
    Syntax {
        /// Where (from 1).
        at: usize,
        /// What the format allows there.
        expected: &'static str,
        /// What stands there (`None`: the end of the line).
        found: Option<char>,
    },
    /// The side in `n = N` is not a number from 2 to 10.
    #[error("n = {0}: the cube's side must be 2 to 10")]
    Side(String),
    /// The number of levels differs from n.
    #[error("{} (bracketed boards), but n = {n}", count(*.found, "level"))]
    Levels {
        /// The side.
        n: usize,
        /// How many levels the line has.
        found: usize,
    },
    /// A level with the wrong number of ranks.
    #[error("level {level} has {}, but n = {n}", count(*.found, "rank"))]
    Ranks {
        /// The level's numeral.
        level: &'static str,
        /// The side.
        n: usize,
        /// How many ranks it has.
        found: usize,
    },
    /// A rank with the wrong number of files.
    #[error("level {level}, rank {rank} has {}, but n = {n}", count(*.found, "file"))]
    Files {
        /// The level's numeral.
        level: &'static str,
        /// The rank's number.
        rank: usize,
        /// The side.
        n: usize,
        /// How many files it has.
        found: usize,
    },
    /// Not exactly one white king.
    #[error("{}; the puzzle has exactly one", count(*.0, "white king"))]
    WhiteKings(usize),
    /// More than one black king.
    #[error("{}; the puzzle has at most one", count(*.0, "black king"))]
    BlackKings(usize),
    /// The side not to move is in check (the puzzle rules out Black in
    /// check from White).
    #[error("{} is in check with {} to move, a position the puzzle rules out", side(*.0), side(!*.0))]
    OppositeCheck(Color),
    /// Any other objection of the kernel.
    #[error("impossible position: {0}")]
    Position(String),
    /// A FEN that could not be read or placed.
    #[error(transparent)]
    Fen(#[from] FenError),
}

/// A side's name as a sentence starts it.
pub fn side(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// `1 rank`, `3 ranks`.
fn count(n: usize, what: &str) -> String {
    format!("{n} {what}{}", if n == 1 { "" } else { "s" })
}

fn found_text(found: Option<char>) -> String {
    match found {
        Some(c) => format!("{c:?}"),
        None => "the end of the line".into(),
    }
}

/// A reader over the characters of a line that knows where it is.
struct Cursor {
    chars: Vec<char>,
    at: usize,
}

impl Cursor {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn skip_spaces(&mut self) {
        while self.peek().is_some_and(|c| c.is_whitespace()) {
            self.at += 1;
        }
    }

    fn error(&self, expected: &'static str) -> CubeError {
        CubeError::Syntax {
            at: self.at + 1,
            expected,
            found: self.peek(),
        }
    }

    fn expect(&mut self, c: char, expected: &'static str) -> Result<(), CubeError> {
        if self.peek() == Some(c) {
            self.at += 1;
            Ok(())
        } else {
            Err(self.error(expected))
        }
    }
}

/// The boards of a line as read: levels (top first) of ranks (back first)
/// of cells, plus the side and the side to move.
struct Parsed {
    n: Option<String>,
    levels: Vec<Vec<Vec<char>>>,
    turn: Color,
}

fn parse(text: &str) -> Result<Parsed, CubeError> {
    let mut c = Cursor {
        chars: text.chars().collect(),
        at: 0,
    };
    c.skip_spaces();
    if c.peek().is_none() {
        return Err(CubeError::Empty);
    }
    let mut n = None;
    if c.peek() == Some('n') {
        c.at += 1;
        c.skip_spaces();
        c.expect('=', "'=' after n")?;
        c.skip_spaces();
        let start = c.at;
        while c.peek().is_some_and(|ch| ch.is_ascii_digit()) {
            c.at += 1;
        }
        if c.at == start {
            return Err(c.error("the cube's side (a number) after 'n ='"));
        }
        n = Some(c.chars[start..c.at].iter().collect());
        c.skip_spaces();
        c.expect(',', "',' after the cube's side")?;
        c.skip_spaces();
    }
    let mut levels = Vec::new();
    loop {
        c.expect('[', "'[' opening a level")?;
        let mut ranks = Vec::new();
        loop {
            c.skip_spaces();
            let mut cells = Vec::new();
            while let Some(ch) = c.peek() {
                if ch == '#' || "KQRBNkqrbn".contains(ch) {
                    cells.push(ch);
                    c.at += 1;
                } else {
                    break;
                }
            }
            if cells.is_empty() {
                return Err(c.error("a cell: '#' or one of KQRBN kqrbn"));
            }
            ranks.push(cells);
            c.skip_spaces();
            match c.peek() {
                Some(',') => c.at += 1,
                Some(']') => {
                    c.at += 1;
                    break;
                }
                _ => return Err(c.error("a cell, ',' between ranks or ']' closing the level")),
            }
        }
        levels.push(ranks);
        let before = c.at;
        c.skip_spaces();
        match c.peek() {
            Some(',') => {
                c.at += 1;
                c.skip_spaces();
            }
            Some('w' | 'b') if c.at > before => break,
            None => break,
            _ => {
                return Err(
                    c.error("',' before the next level, ' w' or ' b' (side to move) or the end")
                )
            }
        }
    }
    let turn = match c.peek() {
        Some('w') => Color::White,
        Some('b') => Color::Black,
        _ => Color::White,
    };
    if c.peek().is_some() {
        c.at += 1;
        c.skip_spaces();
        if c.peek().is_some() {
            return Err(c.error("the end of the line after the side to move"));
        }
    }
    Ok(Parsed { n, levels, turn })
}

/// Reads a position as a FEN ([`super::fen`]): the levels from the
/// bottom (I) joined by `|`, each as chess writes its board (ranks from
/// n down, digits for empty runs), then the side to move (the other
/// fields may follow). n is the number of levels.
///
/// ```
/// use duckchess_rules::variants::{cube, fen::Fen};
/// let p = cube::read("[###,n##,#rr],[#b#,###,###],[###,###,bRK]").unwrap();
/// let fen = cube::with_fen(&p, |fen| fen.to_string());
/// assert_eq!(fen, "3/3/bRK|1b1/3/3|3/n2/1rr w 0 1");
/// let back = cube::read_fen(&fen).unwrap();
/// assert_eq!(cube::write(back.as_dyn()), cube::write(p.as_dyn()));
/// assert_eq!(
///     cube::read_fen("3/3/bRK|3/1b1/3").unwrap_err().to_string(),
///     "board field: board [0], 3 ranks, not 2"
/// );
/// ```
pub fn read_fen(text: &str) -> Result<CubePosition, CubeError> {
    let fen: Fen = text.parse()?;
    let n = fen.boards.len();
    if !(MIN_N..=MAX_N).contains(&n) {
        return Err(CubeError::Side(n.to_string()));
    }
    place(n, &fen.setup(&variant(n))?)
}

/// Calls `f` with the FEN of a cube position.
pub fn with_fen<T>(position: &CubePosition, f: impl FnOnce(&Fen) -> T) -> T {
    with_cube!(position, p => f(&Fen::of(p)))
}

/// Reads a position in the puzzle's notation:
/// `n = 3, [###,n##,#rr],[#b#,###,###],[###,###,bRK]`, the `n = N, ` prefix
/// optional (n is then the number of levels), boards top level first, ranks
/// from the back (rank n) to the front, files from a; `#` is empty. An
/// optional ` w` or ` b` at the end gives the side to move (White when
/// absent). Spaces around commas and brackets are allowed. A text with a
/// `/` is read as a FEN instead ([`read_fen`]).
///
/// ```
/// use duckchess_rules::variants::cube::{read, CubeError};
/// assert!(read("[#q,##],[##,K#]").is_ok());
/// assert_eq!(read("[#q,##],[##,K#,##]").unwrap_err().to_string(), "level I has 3 ranks, but n = 2");
/// assert_eq!(read("[#q,##],[##,k#]").unwrap_err(), CubeError::WhiteKings(0));
/// ```
pub fn read(text: &str) -> Result<CubePosition, CubeError> {
    if text.contains('/') {
        return read_fen(text);
    }
    let parsed = parse(text)?;
    let n = match &parsed.n {
        Some(side) => match side.parse::<usize>() {
            Ok(n) if (MIN_N..=MAX_N).contains(&n) => n,
            _ => return Err(CubeError::Side(crate::variants::line::shorten(side))),
        },
        None => {
            let n = parsed.levels.len();
            if !(MIN_N..=MAX_N).contains(&n) {
                return Err(CubeError::Side(n.to_string()));
            }
            n
        }
    };
    if parsed.levels.len() != n {
        return Err(CubeError::Levels {
            n,
            found: parsed.levels.len(),
        });
    }
    let variant = &KINDS_FOR_LETTERS;
    let mut setup = Setup::empty(n * n * n);
    setup.turn = parsed.turn;
    for (i, ranks) in parsed.levels.iter().enumerate() {
        let level = n - 1 - i;
        if ranks.len() != n {
            return Err(CubeError::Ranks {
                level: roman(level),
                n,
                found: ranks.len(),
            });
        }
        for (j, cells) in ranks.iter().enumerate() {
            let rank = n - 1 - j;
            if cells.len() != n {
                return Err(CubeError::Files {
                    level: roman(level),
                    rank: rank + 1,
                    n,
                    found: cells.len(),
                });
            }
            for (file, &ch) in cells.iter().enumerate() {
                let piece = variant.iter().find(|(c, _)| *c == ch).map(|&(_, p)| p);
                if let Some(piece) = piece {
                    setup.board[square(n, file, rank, level)] = Some(piece);
                }
            }
        }
    }
    place(n, &setup)
}

/// The position of a setup on a cube of side `n`, held to the puzzle's
/// rules: one white king, at most one black, the side not to move not in
/// check.
fn place(n: usize, setup: &Setup) -> Result<CubePosition, CubeError> {
    let mut kings = [0; 2];
    for piece in setup.board.iter().flatten() {
        if piece.kind == KING {
            kings[piece.color.index()] += 1;
        }
    }
    if kings[0] != 1 {
        return Err(CubeError::WhiteKings(kings[0]));
    }
    if kings[1] > 1 {
        return Err(CubeError::BlackKings(kings[1]));
    }
    position_for(n, setup).map_err(|e| match e {
        PositionError::OppositeCheck { color, .. } => CubeError::OppositeCheck(color),
        // The kings were counted and the board sized above, so the kernel
        // should have no other objection; kept as an error, never a panic.
        other => CubeError::Position(other.to_string()),
    })
}

/// The pieces by their letters (`#` is no piece).
const KINDS_FOR_LETTERS: [(char, Piece); 10] = {
    const fn p(color: Color, kind: Kind) -> Piece {
        Piece { color, kind }
    }
    use Color::{Black, White};
    [
        ('K', p(White, KING)),
        ('Q', p(White, QUEEN)),
        ('R', p(White, ROOK)),
        ('B', p(White, BISHOP)),
        ('N', p(White, KNIGHT)),
        ('k', p(Black, KING)),
        ('q', p(Black, QUEEN)),
        ('r', p(Black, ROOK)),
        ('b', p(Black, BISHOP)),
        ('n', p(Black, KNIGHT)),
    ]
};

/// Writes a cube position in the puzzle's notation with the `n = N, `
/// prefix; ` b` is added when Black is to move.
pub fn write(position: &dyn AnyPosition) -> String {
    let variant = position.variant();
    let n = variant.shape.size(0) as usize;
    let levels: Vec<String> = (0..n)
        .rev()
        .map(|level| {
            let ranks: Vec<String> = (0..n)
                .rev()
                .map(|rank| {
                    (0..n)
                        .map(|file| {
                            position
                                .piece_at(square(n, file, rank, level))
                                .map_or('#', |p| variant.piece_char(p))
                        })
                        .collect()
                })
                .collect();
            format!("[{}]", ranks.join(","))
        })
        .collect();
    let turn = match position.turn() {
        Color::White => "",
        Color::Black => " b",
    };
    format!("n = {n}, {}{turn}", levels.join(","))
}

/// A legal move in the cube's notation: `Rc1(III)-c1(II)`,
/// `Qa1(I)xb2(II)`, with `+` after a check and `#` after a mate.
pub fn write_move(position: &dyn AnyPosition, m: Move) -> String {
    let n = position.variant().shape.size(0) as usize;
    let letter = position
        .piece_at(m.from())
        .map_or('?', |p| position.variant().kind(p.kind).char(Color::White));
    let sep = if position.piece_at(m.to()).is_some() {
        'x'
    } else {
        '-'
    };
    let mut after = position.clone_box();
    let mark = match after.play(m) {
        Ok(played) if played.check && after.legal_moves().is_empty() => "#",
        Ok(played) if played.check => "+",
        _ => "",
    };
    format!(
        "{letter}{}{sep}{}{mark}",
        square_name(n, m.from()),
        square_name(n, m.to())
    )
}

/// A move as its two squares alone: `c1(III)c1(II)`.
pub fn coordinate_move(n: usize, m: Move) -> String {
    square_name(n, m.from()) + &square_name(n, m.to())
}

/// Why a move text was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MoveError {
    /// Not `[piece]square[-|x]square[+|#]`.
    #[error("{0:?} is not a cube move (like Rc1(III)-c1(II) or c1(III)c1(II))")]
    Syntax(String),
    /// The squares are fine but no legal move joins them as written.
    #[error("{0:?} is not a legal move here")]
    Illegal(String),
}

/// Reads a move in either notation and returns it if legal.
///
/// ```
/// use duckchess_rules::variants::cube::{read, read_move, write_move};
/// let p = read("[#q,##],[##,K#]").unwrap();
/// let m = read_move(p.as_dyn(), "Ka1(I)xb2(II)").unwrap();
/// assert_eq!(read_move(p.as_dyn(), "a1(I)b2(II)").unwrap(), m);
/// assert_eq!(write_move(p.as_dyn(), m), "Ka1(I)xb2(II)");
/// assert!(read_move(p.as_dyn(), "Ka1(I)-a2(I)").is_err()); // the queen covers it
/// ```
pub fn read_move(position: &dyn AnyPosition, text: &str) -> Result<Move, MoveError> {
    let n = position.variant().shape.size(0) as usize;
    let syntax = || MoveError::Syntax(crate::variants::line::shorten(text));
    let illegal = || MoveError::Illegal(crate::variants::line::shorten(text));
    let body = text.trim().trim_end_matches(['+', '#']);
    let (letter, body) = match body.chars().next() {
        Some(c) if c.is_ascii_uppercase() => (Some(c), &body[1..]),
        _ => (None, body),
    };
    let close = body.find(')').ok_or_else(syntax)?;
    let (from, rest) = body.split_at(close + 1);
    let (sep, to) = match rest.chars().next() {
        Some(c @ ('-' | 'x')) => (Some(c), &rest[1..]),
        _ => (None, rest),
    };
    let from = parse_square(from, n).ok_or_else(syntax)?;
    let to = parse_square(to, n).ok_or_else(syntax)?;
    let piece = position.piece_at(from).ok_or_else(illegal)?;
    if letter.is_some_and(|l| position.variant().kind_by_letter(l) != Some(piece.kind)) {
        return Err(illegal());
    }
    let capture = position.piece_at(to).is_some();
    if sep.is_some_and(|s| (s == 'x') != capture) {
        return Err(illegal());
    }
    position
        .legal_moves()
        .into_iter()
        .find(|m| m.from() == from && m.to() == to)
        .ok_or_else(illegal)
}

/// Cube chess as the front ends see it ([`super::Notation`]).
pub struct Cube;

impl crate::variants::prelude::GameRules for Cube {
    fn name(&self) -> &'static str {
        "cube"
    }

    fn title(&self) -> &'static str {
        "Cube chess"
    }

    fn summary(&self) -> String {
        "n×n×n, 2 ≤ n ≤ 10; king queen rook bishop (triagonals) knight, no pawns; \
         the checkmate puzzle"
            .into()
    }

    fn start(&self) -> Box<dyn AnyPosition> {
        read(EXAMPLE).expect("the example reads").boxed()
    }

    fn board_sizes(&self) -> Option<(usize, usize)> {
        Some((MIN_N, MAX_N))
    }

    /// The empty cube of side n (the kernel takes it: the puzzle's white
    /// king is checked by [`read`]); the example's 4-cube without a size.
    fn board_of_size(&self, size: Option<usize>) -> Option<Box<dyn AnyPosition>> {
        match size {
            None => Some(self.start()),
            Some(n) if (MIN_N..=MAX_N).contains(&n) => position_for(n, &Setup::empty(n * n * n))
                .ok()
                .map(|p| p.boxed()),
            Some(_) => None,
        }
    }
}

impl crate::variants::prelude::Text for Cube {
    /// The puzzle's levels in brackets, `n = N, ` before them or not.
    fn recognizes(&self, text: &str) -> bool {
        let text = text.trim_start();
        text.starts_with('[') || text.starts_with("n =") || text.starts_with("n=")
    }

    fn read_position(&self, text: &str) -> Result<Box<dyn AnyPosition>, super::NotationError> {
        Ok(read(text)?.boxed())
    }

    fn write_position(&self, position: &dyn AnyPosition) -> String {
        write(position)
    }

    fn write_move(&self, position: &dyn AnyPosition, m: Move) -> String {
        write_move(position, m)
    }

    fn coordinate_move(&self, position: &dyn AnyPosition, m: Move) -> String {
        coordinate_move(position.variant().shape.size(0) as usize, m)
    }

    fn read_move(
        &self,
        position: &dyn AnyPosition,
        text: &str,
    ) -> Result<Move, super::NotationError> {
        Ok(read_move(position, text)?)
    }

    fn square_name(&self, position: &dyn AnyPosition, square: usize) -> String {
        square_name(position.variant().shape.size(0) as usize, square)
    }
}

impl crate::variants::prelude::Presentation for Cube {
    fn board_label(&self, _position: &dyn AnyPosition, z: usize, _w: usize) -> String {
        roman(z).into()
    }

    fn across(&self) -> super::layout::Across {
        super::layout::Across::Descending
    }
}

impl crate::variants::prelude::EngineInterop for Cube {}

impl fmt::Display for CubePosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&write(self.as_dyn()))
    }
}
