//! Duck Chess as a game of the family: the kernel variant value and its
//! notation ([`DuckChess`], first in the registry), beside the judge's fast
//! engine ([`crate::judge`]), which the judge, the contest tools and perft
//! use. `tests/commands/duck_kernel.rs` plays generated games through both and
//! compares every verdict.
//!
//! **Notation.** Positions are the judge's FEN (Fairy-Stockfish's
//! `duckxq`), a move is the judge's command `xs ys xt yt` (commas are taken
//! for spaces), a square is `(x,y)`, a game's record is a judge input.
//!
//! **Squares.** Axis 0 is the judge's column `y` (9 values) and axis 1 its
//! row `x` (10 values), so the kernel's square `y + 9·x` is exactly the fast
//! engine's [`Point::index`] and Red (the kernel's White, who moves first)
//! starts on the low rows, as in the judge. [`square`] and [`point`] map
//! between the two; [`squares`] reads a judge [`Command`].
//!
//! ```
//! use duckchess_judge::Command;
//! use duckchess_rules::variants::duck;
//! let start = duck::start();
//! assert_eq!(start.legal_moves().len(), 43);
//! // The official sample's first valid command: red guard (0,3) → (1,2).
//! let m = duck::find_move(&start, Command::new(0, 3, 1, 2)).unwrap();
//! assert_eq!(duck::point(m.from()), (0, 3));
//! // A car cannot pass its own duck.
//! assert!(duck::find_move(&start, Command::new(0, 0, 7, 0)).is_none());
//! ```

pub mod trace;

use super::{Notation, NotationError};
use crate::geometry::{DirectionClass, Shape};
use crate::judge::{
    Board, Color as DuckColor, Command, Movement, Piece as DuckPiece, Point,
    Position as DuckPosition, Role,
};
use crate::kernel::{
    with_position, AnyPosition, Color, DrawRules, Kind, Move, Piece, PieceKind, Position, Royalty,
    Rules, Setup, SquareSet, Stalemate, Variant,
};
use crate::variants::prelude::*;
use std::sync::OnceLock;

/// The captain, kind 0: kinds are numbered as [`Role::index`].
pub const CAPTAIN: Kind = Kind(Role::Captain.index() as u8);
/// The guard.
pub const GUARD: Kind = Kind(Role::Guard.index() as u8);
/// The elephant.
pub const ELEPHANT: Kind = Kind(Role::Elephant.index() as u8);
/// The horse.
pub const HORSE: Kind = Kind(Role::Horse.index() as u8);
/// The car.
pub const CAR: Kind = Kind(Role::Car.index() as u8);
/// The duck.
pub const DUCK: Kind = Kind(Role::Duck.index() as u8);
/// The soldier.
pub const SOLDIER: Kind = Kind(Role::Soldier.index() as u8);

/// Columns of the board (the judge's `y`, the kernel's axis 0).
const COLUMNS: usize = crate::judge::COLUMNS;
/// Rows of the board (the judge's `x`, the kernel's axis 1).
const ROWS: usize = crate::judge::ROWS;

/// What the search weighs each role, in [`Role::ALL`]'s order (the one
/// thing about the pieces the judge's engine does not say): its value, the
/// worth of each point it reaches and its centralisation weight, as
/// `duckchess tune` fitted them (docs/engine.md, "Tuning").
const WEIGHTS: [[i32; 3]; 7] = [
    [0, 3, 2],
    [132, 0, 1],
    [103, -4, 1],
    [195, 4, 2],
    [528, 3, -1],
    [268, 3, 0],
    [269, -1, 4],
];

/// Entries of a role's piece-square table: the 9 columns folded to 5
/// (column `y` and `8 − y` share one), times the 10 rows counted from the
/// side's own edge; entry `min(y, 8 − y) + 5·row`.
const TABLE: usize = COLUMNS.div_ceil(2) * ROWS;

/// Each role's piece-square table in [`Role::ALL`]'s order, in centipawns
/// (see [`PieceKind::table`]), as `duckchess tune` fitted them
/// (docs/engine.md, "Tuning").
#[rustfmt::skip]
const TABLES: [[i32; TABLE]; 7] = [
    // captain
    [
        11, 1, -3, 17, 18,
        0, 21, 3, 2, -22,
        -2, 16, 14, -10, -11,
        -3, 0, -3, -16, -26,
        -10, -13, -12, -16, -15,
        5, -6, -5, -3, -30,
        1, -2, -8, -2, -14,
        -3, -1, 1, -4, -3,
        1, -1, -3, -1, -4,
        23, -1, -2, -3, -2,
    ],
    // guard
    [
        -5, -24, -5, -1, -5,
        -11, -5, 2, -5, 13,
        -5, -2, -5, -5, -5,
        -1, -5, -10, -5, -1,
        -5, 4, -5, -9, -5,
        -11, -5, -12, -5, -2,
        -5, 0, -5, -10, -5,
        -5, -5, -5, -5, -14,
        -5, -5, -5, -2, -5,
        -5, -5, -5, -5, -5,
    ],
    // elephant
    [
        -4, -4, -3, -4, -4,
        -4, -4, -4, -4, -4,
        -5, -4, -4, -4, 7,
        -4, -4, -4, -4, -4,
        -4, -4, 3, -4, -4,
        -4, -4, -4, -4, -4,
        -4, -4, -4, -4, -18,
        -4, -4, -4, -4, -4,
        -4, -4, -26, -4, -4,
        -4, -4, -4, -4, -4,
    ],
    // horse
    [
        -7, 0, -16, 13, -11,
        -14, -24, -20, 8, -9,
        -11, -4, 13, 4, -6,
        -20, -14, 3, -7, 19,
        -12, 0, -21, -2, -16,
        -5, -10, 8, -9, -20,
        -20, -13, -9, 2, -7,
        -9, -6, -16, -16, -14,
        -17, 3, -10, -1, -7,
        -9, -13, -6, -13, -7,
    ],
    // car
    [
        -5, 0, -12, 17, 1,
        -13, -12, 0, -6, 3,
        -24, -9, -3, 5, 5,
        -9, -3, 3, 10, 4,
        -6, -11, -3, -5, 10,
        3, 14, -20, -4, 9,
        1, 3, -1, 17, 19,
        9, 13, 2, -3, 5,
        10, 20, -4, 11, -11,
        11, 6, -14, 11, 7,
    ],
    // duck
    [
        -23, -16, -15, 7, -30,
        -7, -18, -19, -21, -22,
        16, -18, -5, -11, -6,
        -18, -14, -17, -1, -7,
        -12, -26, -35, 15, -14,
        -7, -14, -35, -42, -6,
        -24, 10, -8, -35, -21,
        -16, -11, -36, -40, -15,
        -27, -20, -11, -27, -17,
        -49, -11, -36, -21, -19,
    ],
    // soldier
    [
        7, 7, 4, 6, 6,
        4, -13, 7, -14, 7,
        2, -6, -3, -1, -23,
        -13, 0, -8, -4, -6,
        -20, 1, 8, 6, -4,
        0, -13, 6, -2, 15,
        2, 43, 30, 36, 10,
        16, 18, 34, 26, 22,
        8, 18, -1, 26, 4,
        8, 7, 15, 3, 8,
    ],
];

/// A role of the judge's engine as a kernel piece kind: its name, letter
/// and movement are the judge's ([`Role::movement`]), its leaps lame where
/// a leap passes points; the captain is royal.
fn piece_kind(role: Role) -> PieceKind {
    let mut kind = PieceKind::new(role.name(), role.char(), 0)
        .fitted(WEIGHTS[role.index()], &TABLES[role.index()]);
    match role.movement() {
        Movement::Leaper(vectors) => {
            for v in vectors {
                kind = if v.path().is_empty() {
                    kind.leap(&v.0[..2])
                } else {
                    kind.lame_leap(&v.0[..2])
                };
            }
        }
        Movement::Slider(vectors) => {
            for v in vectors {
                kind = kind.slide(DirectionClass::exactly(v.changed_axes()));
            }
        }
    }
    if role == Role::Captain {
        kind = kind.royal();
    }
    kind
}

/// Duck Chess as data: 10 rows × 9 columns, the seven kinds and the
/// judge's start — both taken from the judge's engine ([`Role::ALL`],
/// [`Board::initial`]), so the piece set and the start are stated once —
/// and capture royalty (every move by a piece's rules is legal; taking the
/// other's captain ends the game). No draw rules: the judge has none.
pub fn variant() -> Variant {
    let shape = Shape::new(&[COLUMNS, ROWS]).expect("9 × 10 is a board");
    let kinds = Role::ALL.into_iter().map(piece_kind).collect();
    // The judge's point (x, y) is the kernel's square y + 9·x.
    let start = Board::initial()
        .pieces()
        .map(|(p, piece)| {
            let piece = Piece {
                color: color(piece.color),
                kind: kind(piece.role),
            };
            (p.index(), piece)
        })
        .collect();
    Variant {
        name: "duck".into(),
        shape,
        kinds,
        start,
        castling: vec![],
        royalty: Royalty::Capture,
        // A finished game lacks a captain, and the fast engine loads such
        // placements too.
        royal_required: false,
        draws: DrawRules::default(),
        stalemate: Stalemate::Draw,
        flying_general: false,
        extinction: None,
        drops: None,
        goals: crate::kernel::Goals::default(),
    }
}

/// The Duck Chess tables (90 squares: a `u128` set), built on first use.
pub fn rules() -> &'static Rules<u128> {
    static RULES: OnceLock<&'static Rules<u128>> = OnceLock::new();
    RULES.get_or_init(|| {
        Rules::new(variant())
            .expect("Duck Chess fits a u128")
            .leak()
    })
}

/// The start position, Red to move.
pub fn start() -> Position<u128> {
    Position::new(rules())
}

/// The kernel square of the judge's point `(x, y)`, or `None` off the board.
/// It equals the fast engine's [`Point::index`].
///
/// ```
/// use duckchess_rules::variants::duck::{point, square};
/// assert_eq!(square(9, 4), Some(85));
/// assert_eq!(point(85), (9, 4));
/// assert_eq!(square(10, 0), None);
/// assert_eq!(square(0, -1), None);
/// ```
pub fn square(x: i64, y: i64) -> Option<usize> {
    let (x, y) = (usize::try_from(x).ok()?, usize::try_from(y).ok()?);
    // Lazily: a huge x must not overflow the product.
    (x < ROWS && y < COLUMNS).then(|| x * COLUMNS + y)
}

/// The judge's point `(x, y)` of a kernel square (`0..90`).
pub fn point(square: usize) -> (i64, i64) {
    ((square / COLUMNS) as i64, (square % COLUMNS) as i64)
}

/// The kernel squares of a judge command's start and target, or `None`
/// when either is off the board.
pub fn squares(command: Command) -> Option<(usize, usize)> {
    Some((
        square(command.xs, command.ys)?,
        square(command.xt, command.yt)?,
    ))
}

/// The judge command moving from one kernel square to another.
pub fn command(from: usize, to: usize) -> Command {
    let ((xs, ys), (xt, yt)) = (point(from), point(to));
    Command::new(xs, ys, xt, yt)
}

/// The side of the kernel for a side of the judge: Red moves first, as White.
pub fn color(color: DuckColor) -> Color {
    match color {
        DuckColor::Red => Color::White,
        DuckColor::Blue => Color::Black,
    }
}

/// The kernel kind of a fast-engine role.
pub fn kind(role: Role) -> Kind {
    Kind(role.index() as u8)
}

/// Duck Chess as every front end takes a game. A crate above that
/// names the game takes it here, not as `&DuckChess`: the game's table of
/// methods (and the kernel code behind them, for every board width) is
/// then compiled once, in this crate, not again in each crate that names
/// it.
pub static NOTATION: &dyn Notation = &DuckChess;

/// [`from_duck`] as the front ends take a position (compiled here, once,
/// like [`NOTATION`]).
pub fn kernel_position(position: &DuckPosition) -> Box<dyn AnyPosition> {
    Box::new(from_duck(position))
}

/// The fast engine's position as a kernel position: the same placement,
/// side to move and move counters (a finished game, lacking a captain,
/// included).
pub fn from_duck(position: &DuckPosition) -> Position<u128> {
    let mut setup = Setup::empty(rules().len());
    for p in Point::all() {
        setup.board[p.index()] = position.board().get(p).map(|piece| Piece {
            color: color(piece.color),
            kind: kind(piece.role),
        });
    }
    setup.turn = color(position.turn());
    setup.halfmove = position.halfmove_clock();
    setup.fullmove = position.move_number();
    // The fast engine keeps at most one captain a side, and Duck Chess has
    // no pawns, castling or en passant: nothing else can be refused.
    Position::from_setup(rules(), &setup).expect("a fast-engine position is a kernel position")
}

/// The kernel's position as the fast engine's: the same placement, side to
/// move and move counters.
pub fn to_duck<S: SquareSet>(position: &Position<S>) -> DuckPosition {
    let mut board = Board::empty();
    for p in Point::all() {
        let piece = position.piece_at(p.index()).map(|piece| {
            DuckPiece::new(
                match piece.color {
                    Color::White => DuckColor::Red,
                    Color::Black => DuckColor::Blue,
                },
                Role::ALL[piece.kind.index()],
            )
        });
        board.set(p, piece);
    }
    let turn = match position.turn() {
        Color::White => DuckColor::Red,
        Color::Black => DuckColor::Blue,
    };
    DuckPosition::new(board, turn)
        .expect("a kernel Duck Chess position has at most one captain a side")
        .with_counters(position.halfmove(), position.fullmove())
}

/// The fast engine's position of any front end's Duck Chess position.
pub fn duck_of(position: &dyn AnyPosition) -> DuckPosition {
    with_position!(position.concrete(), p => to_duck(p))
}

/// Why a text is not a judge command.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CommandTextError {
    /// Not four numbers.
    #[error("{text:?} is not a move: expected four numbers `xs ys xt yt`, as the judge writes a command, found {found}")]
    Count {
        /// The text (shortened).
        text: String,
        /// How many words it has.
        found: usize,
    },
    /// A word that is not a whole number.
    #[error("{word:?} in {text:?} is not a whole number")]
    Number {
        /// The word (shortened).
        word: String,
        /// The text (shortened).
        text: String,
    },
}

/// Reads a move as the judge writes a command: four integers `xs ys xt
/// yt`, separated by white space or commas (`0 3 1 2`, `0,3,1,2`).
///
/// ```
/// use duckchess_rules::variants::duck::parse_command;
/// assert_eq!(parse_command("0 3 1 2").unwrap().to_string(), "0 3 1 2");
/// assert_eq!(parse_command("(0,3) (1,2)").unwrap().to_string(), "0 3 1 2");
/// assert!(parse_command("0 3 1").is_err());
/// ```
pub fn parse_command(text: &str) -> Result<Command, CommandTextError> {
    let words: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || ",()".contains(c))
        .filter(|w| !w.is_empty())
        .collect();
    if words.len() != 4 {
        return Err(CommandTextError::Count {
            text: super::line::shorten(text).to_string(),
            found: words.len(),
        });
    }
    let mut numbers = [0i64; 4];
    for (slot, word) in numbers.iter_mut().zip(&words) {
        *slot = word.parse().map_err(|_| CommandTextError::Number {
            word: super::line::shorten(word).to_string(),
            text: super::line::shorten(text).to_string(),
        })?;
    }
    let [xs, ys, xt, yt] = numbers;
    Ok(Command::new(xs, ys, xt, yt))
}

/// A move in Fairy-Stockfish's coordinates (`d1e2`, `a10a9`) as a judge
/// command, if the text is one.
///
/// ```
/// use duckchess_rules::variants::duck::uci_command;
/// assert_eq!(uci_command("d1c2").unwrap().to_string(), "0 3 1 2");
/// assert_eq!(uci_command("e10e9").unwrap().to_string(), "9 4 8 4");
/// assert!(uci_command("0 3 1 2").is_none());
/// ```
pub fn uci_command(text: &str) -> Option<Command> {
    fn square(text: &str) -> Option<((i64, i64), &str)> {
        let mut chars = text.char_indices();
        let (_, file) = chars.next()?;
        if !('a'..='i').contains(&file) {
            return None;
        }
        let digits: String = text[1..].chars().take_while(char::is_ascii_digit).collect();
        let rank: i64 = digits.parse().ok()?;
        if !(1..=ROWS as i64).contains(&rank) || digits.starts_with('0') {
            return None;
        }
        Some((
            (rank - 1, i64::from(file as u8 - b'a')),
            &text[1 + digits.len()..],
        ))
    }
    let ((xs, ys), rest) = square(text)?;
    let ((xt, yt), rest) = square(rest)?;
    rest.is_empty().then(|| Command::new(xs, ys, xt, yt))
}

/// Duck Chess as the front ends see it ([`Notation`]): the judge's FEN,
/// commands and `(x,y)` points, red and blue, the contest toy's glyphs.
pub struct DuckChess;

/// A Fairy-Stockfish variant definition under which FSF reads and writes the
/// same FEN and plays by the same rules (kept with the judge's FEN, whose
/// start it states).
pub use crate::judge::fen::FSF_CONFIG;

impl crate::variants::prelude::GameRules for DuckChess {
    fn name(&self) -> &'static str {
        crate::judge::NAME
    }

    fn title(&self) -> &'static str {
        "Duck Chess"
    }

    fn summary(&self) -> String {
        crate::judge::SUMMARY.into()
    }

    fn start(&self) -> Box<dyn AnyPosition> {
        Box::new(start())
    }

    /// The judge's engine counts (the same counts as the kernel's, faster).
    fn divide(&self, position: &dyn AnyPosition, depth: u32, threads: usize) -> Vec<(Move, u64)> {
        let legal = position.legal_moves();
        crate::judge::perft::divide(&duck_of(position), depth, threads)
            .into_iter()
            .map(|(m, n)| {
                let (from, to) = (m.from.index(), m.to.index());
                let kernel = legal
                    .iter()
                    .copied()
                    .find(|k| (k.from(), k.to()) == (from, to))
                    .expect("the kernel and the fast engine agree (tests/commands/duck_kernel.rs)");
                (kernel, n)
            })
            .collect()
    }

    fn verdict(&self, before: &dyn AnyPosition, m: Move) -> Option<String> {
        let record = duck_of(before).play(command(m.from(), m.to())).ok()?;
        Some(record.to_string())
    }
}

impl crate::variants::prelude::Text for DuckChess {
    fn read_position(&self, text: &str) -> Result<Box<dyn AnyPosition>, NotationError> {
        let position: DuckPosition = text.parse()?;
        Ok(Box::new(from_duck(&position)))
    }

    fn write_position(&self, position: &dyn AnyPosition) -> String {
        duck_of(position).to_fen()
    }

    fn write_move(&self, _position: &dyn AnyPosition, m: Move) -> String {
        command(m.from(), m.to()).to_string()
    }

    fn coordinate_move(&self, _position: &dyn AnyPosition, m: Move) -> String {
        command(m.from(), m.to()).to_string()
    }

    fn read_move(&self, position: &dyn AnyPosition, text: &str) -> Result<Move, NotationError> {
        let command = match uci_command(text.trim()) {
            Some(command) => command,
            None => parse_command(text)?,
        };
        // The fast engine says why a command is invalid, in the judge's words.
        if let Err(why) = duck_of(position).play(command) {
            return Err(format!("{command} is not a valid command: {why}").into());
        }
        let (from, to) = squares(command).expect("a valid command is on the board");
        Ok(position
            .legal_moves()
            .into_iter()
            .find(|m| (m.from(), m.to()) == (from, to))
            .expect("the kernel and the fast engine agree (tests/commands/duck_kernel.rs)"))
    }

    fn square_name(&self, _position: &dyn AnyPosition, square: usize) -> String {
        let (x, y) = point(square);
        format!("({x},{y})")
    }

    fn read_square(&self, _position: &dyn AnyPosition, text: &str) -> Option<usize> {
        let inner = text.trim().trim_start_matches('(').trim_end_matches(')');
        let (x, y) = inner.split_once(',')?;
        square(x.trim().parse().ok()?, y.trim().parse().ok()?)
    }

    /// A judge input: `Q`, then one command a line. A game that did not
    /// start from the initial layout has its FEN on a line before.
    fn write_record(&self, start: &dyn AnyPosition, moves: &[Move]) -> String {
        let mut text = String::new();
        if start.key() != self::start().key() {
            text += &self.write_position(start);
            text.push('\n');
        }
        text += &format!("{}\n", moves.len());
        for &m in moves {
            text += &format!("{}\n", command(m.from(), m.to()));
        }
        text
    }

    /// A judge input, read as the judge plays it: an invalid command
    /// changes nothing and is passed over; a FEN on the first line is the
    /// start. Malformed input names its line.
    fn read_record(&self, text: &str) -> Result<(Box<dyn AnyPosition>, Vec<Move>), NotationError> {
        let (fen, input, skipped) = split_record(text);
        let start = match fen {
            Some(fen) => fen.parse().map_err(|e| format!("line 1: {e}"))?,
            None => DuckPosition::initial(),
        };
        let mut moves = Vec::new();
        let mut game = start.clone();
        let mut kernel = from_duck(&start);
        let mut commands = crate::judge::Commands::new(input.as_bytes());
        loop {
            match commands.next_command() {
                Ok(Some(command)) => {
                    if game.play(command).is_ok() {
                        let m = find_move(&kernel, command).expect(
                            "the kernel and the fast engine agree (tests/commands/duck_kernel.rs)",
                        );
                        kernel.play(m).expect("a legal move");
                        moves.push(m);
                    }
                }
                Ok(None) => break,
                Err(e) => return Err(shift_lines(e.to_string(), skipped).into()),
            }
        }
        Ok((Box::new(from_duck(&start)), moves))
    }

    fn record_extension(&self) -> &'static str {
        "in"
    }

    fn position_format(&self) -> &'static str {
        "FEN"
    }

    fn record_format(&self) -> &'static str {
        "judge input"
    }

    /// Ten ranks of nine points, no `|`.
    /// Ten rows, no `|`, and not xiangqi's (whose FENs have as many rows:
    /// [`super::xiangqi::looks_like_xiangqi`]).
    fn recognizes(&self, text: &str) -> bool {
        let board = text.split_whitespace().next().unwrap_or("");
        !board.contains('|')
            && board.split('/').count() == ROWS
            && !super::xiangqi::looks_like_xiangqi(board)
    }

    /// Four numbers a move.
    fn split_moves(&self, text: &str) -> Vec<String> {
        let numbers: Vec<&str> = text
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|w| !w.is_empty())
            .collect();
        numbers.chunks(4).map(|c| c.join(" ")).collect()
    }
}

impl crate::variants::prelude::Presentation for DuckChess {
    fn board_label(&self, _position: &dyn AnyPosition, _z: usize, _w: usize) -> String {
        String::new()
    }

    fn checkered(&self) -> bool {
        false
    }

    /// Xiangqi's board: the ranks (x) and files (y) through the points,
    /// the files broken by the river between x = 4 and 5 (the edge files
    /// go on across it), and each palace's two diagonals (y 3 to 5, x 0
    /// to 2 and 7 to 9).
    fn board_lines(&self, _position: &dyn AnyPosition) -> Vec<[usize; 2]> {
        super::xiangqi::board_lines()
    }

    fn side_name(&self, color: Color) -> &'static str {
        match color {
            Color::White => "red",
            Color::Black => "blue",
        }
    }

    fn side_ink(&self, color: Color) -> super::picture::Ink {
        match color {
            Color::White => super::picture::Ink::Red,
            Color::Black => super::picture::Ink::Blue,
        }
    }

    fn glyph(&self, _position: &dyn AnyPosition, piece: Piece) -> char {
        Role::ALL[piece.kind.index()].glyph()
    }

    fn file_label(&self, file: usize) -> String {
        file.to_string()
    }

    fn rank_label(&self, rank: usize) -> String {
        rank.to_string()
    }

    fn axis_names(&self) -> Option<(&'static str, &'static str)> {
        Some(("y", "x"))
    }

    fn piece_on(&self, position: &dyn AnyPosition, piece: Piece, square: usize) -> String {
        format!(
            "{} {} at {}",
            self.side_name(piece.color),
            position.variant().kind(piece.kind).name,
            self.square_name(position, square)
        )
    }

    fn why_not(&self, position: &dyn AnyPosition, from: usize, to: usize) -> String {
        let command = self::command(from, to);
        match duck_of(position).play(command) {
            Err(why) => why.to_string(),
            Ok(_) => format!("{command} is valid"),
        }
    }
}

impl crate::variants::prelude::EngineInterop for DuckChess {
    fn fairy_stockfish(&self) -> Option<(&'static str, &'static str)> {
        Some(("duckxq", FSF_CONFIG))
    }

    /// `d1e2`: files `a`–`i` for the columns `y`, ranks `1`–`10` for the
    /// rows `x`, as Fairy-Stockfish writes Duck Chess's moves.
    fn uci_move(&self, _position: &dyn AnyPosition, m: Move) -> String {
        let name = |square: usize| {
            let (x, y) = point(square);
            format!("{}{}", char::from(b'a' + y as u8), x + 1)
        };
        format!("{}{}", name(m.from()), name(m.to()))
    }
}

/// A Duck Chess record's parts: the start's FEN when its first line holds
/// one (a FEN has `/`, a judge input never does), the judge input after it,
/// and how many lines came before that input.
///
/// ```
/// use duckchess_rules::variants::duck::split_record;
/// assert_eq!(split_record("1\n0 3 1 2\n"), (None, "1\n0 3 1 2\n", 0));
/// let (fen, input, skipped) = split_record("4k4/9/9/9/9/9/9/9/4R4/4K4 w\n1\n1 4 9 4\n");
/// assert_eq!((fen, input, skipped), (Some("4k4/9/9/9/9/9/9/9/4R4/4K4 w"), "1\n1 4 9 4\n", 1));
/// ```
pub fn split_record(text: &str) -> (Option<&str>, &str, usize) {
    let text = text.trim_start_matches('\u{feff}');
    let first = text.lines().next().unwrap_or("").trim();
    if first.contains('/') {
        let rest = text.split_once('\n').map_or("", |(_, rest)| rest);
        (Some(first), rest, 1)
    } else {
        (None, text, 0)
    }
}

/// A judge-input error's line number as it stands in a record whose first
/// `skipped` lines came before the judge input.
fn shift_lines(message: String, skipped: usize) -> String {
    if skipped == 0 {
        return message;
    }
    match message
        .strip_prefix("line ")
        .and_then(|rest| rest.split_once(':'))
        .and_then(|(n, rest)| Some((n.parse::<usize>().ok()?, rest)))
    {
        Some((n, rest)) => format!("line {}:{rest}", n + skipped),
        None => message,
    }
}

/// Whether the game is over: a captain has been taken (the kernel's
/// [`Outcome`](crate::kernel::Outcome) won by
/// [`Win::RoyalCaptured`](crate::kernel::Win::RoyalCaptured), found
/// without generating moves).
pub fn is_over(position: &Position<u128>) -> bool {
    Color::ALL
        .into_iter()
        .any(|c| position.royal_square(c).is_none())
}

/// The kernel's verdict on a judge command: the legal move from its start
/// to its target, or `None` when the judge calls it invalid (off the board,
/// no such move, or the game already over).
pub fn find_move(position: &Position<u128>, command: Command) -> Option<Move> {
    let (from, to) = squares(command)?;
    if is_over(position) {
        return None;
    }
    position
        .legal_moves()
        .into_iter()
        .find(|m| (m.from(), m.to()) == (from, to))
}

/// The judge's check flag: either side's captain is attacked — never once
/// the game is over (unlike chess's check, which is the side to move's).
pub fn judge_check(position: &Position<u128>) -> bool {
    if is_over(position) {
        return false;
    }
    let occupied = position.occupied();
    Color::ALL.into_iter().any(|c| {
        position
            .royal_square(c)
            .is_some_and(|s| position.attackers(s, !c, occupied).any())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_judge_input_is_a_record_read_as_the_judge_plays_it() {
        let official = include_str!("../../../../../samples/official.in");
        let (start, moves) = DuckChess.read_record(official).unwrap();
        assert_eq!(start.key(), super::start().key());
        // 18 commands, 9 valid: the invalid ones change nothing.
        assert_eq!(moves.len(), 9);
        let record = DuckChess.write_record(&*start, &moves);
        assert_eq!(DuckChess.read_record(&record).unwrap().1, moves);
        // From another start: its FEN first; a bad line names its number.
        let other = DuckChess
            .read_position("4k4/9/9/9/9/9/9/9/4R4/4K4 w")
            .unwrap();
        let text = DuckChess.write_record(&*other, &[]);
        assert_eq!(text, "4k4/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1\n0\n");
        let err = DuckChess.read_record("4k4/9/9/9/9/9/9/9/4R4/4K4 w\n1\n1 4 x 4\n");
        assert_eq!(
            err.err().unwrap().to_string(),
            "line 3: \"x\" is not a non-negative integer"
        );
    }

    #[test]
    fn the_start_is_the_judges() {
        assert_eq!(start(), from_duck(&DuckPosition::initial()));
    }

    #[test]
    fn squares_are_the_fast_engines_points() {
        for p in Point::all() {
            let s = square(p.x() as i64, p.y() as i64).unwrap();
            assert_eq!(s, p.index());
            assert_eq!(point(s), (p.x() as i64, p.y() as i64));
        }
        assert_eq!(squares(Command::new(0, 0, 9, 9)), None);
        assert_eq!(command(4, 85), Command::new(0, 4, 9, 4));
        assert_eq!(square(i64::MAX, 0), None);
    }

    #[test]
    fn over_exactly_when_the_kernel_says_a_captain_was_taken() {
        use crate::kernel::{Outcome, Win};
        let won: DuckPosition = "9/9/9/9/9/9/9/9/9/4K4 b".parse().unwrap();
        let position = from_duck(&won);
        assert!(is_over(&position));
        assert_eq!(
            position.outcome(),
            Some(Outcome::Decisive {
                winner: Color::White,
                how: Win::RoyalCaptured
            })
        );
        assert!(!is_over(&start()) && start().outcome().is_none());
    }
}

#[cfg(test)]
mod fairy_stockfish_tests {
    use super::*;

    /// The definition `match` hands Fairy-Stockfish ends games as the
    /// kernel does: read back as a game from a file, a side with no move
    /// draws, and no draw rule (move count, repetition) applies. (The
    /// captain's end is stated the file's way, by extinction, and the
    /// kernel's, by capture: the two engines' agreement is checked move
    /// by move in tests/commands/duck_kernel.rs.)
    #[test]
    fn the_fairy_stockfish_definition_ends_games_as_the_kernel_does() {
        let games = crate::variants::ini::read(FSF_CONFIG).expect("the definition reads");
        let theirs = games[0].variant();
        let ours = variant();
        assert_eq!(theirs.stalemate, ours.stalemate);
        assert_eq!(theirs.draws, ours.draws);
    }
}
