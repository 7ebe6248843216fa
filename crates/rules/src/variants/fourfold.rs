//! Fourfold: chess on a 4 × 4 × 2 × 2 board, as two kernel variants (the
//! classic setup of ten pieces a side and the full army), with its notation:
//! the position text (`<[0,0]>|<[1,0]>|<[0,1]>|<[1,1]> w 0 1`), moves
//! (`Ra1[0,0]-a1[0,1]`, `Qd1[0,0]xd4[0,1]+`, `c3[0,0]-c4[0,0]=Q`) and the
//! numbered game record (`1. Ra1[0,0]-a1[0,1] Rd4[1,1]-d4[1,0]`).
//!
//! The pieces are the chess ones with one rule on every axis: the rook
//! changes one coordinate, the bishop exactly two, the queen any set (each
//! by the same distance), the king any set by one, the knight one by two
//! and another by one. Pawns go along Y and take along Y plus one of X, Z
//! or W; they promote to a queen only. No castling, no en passant, no
//! double step.
//!
//! ```
//! use duckchess_rules::variants::fourfold::{self, Army};
//! let start = fourfold::start(Army::Classic);
//! assert_eq!(start.legal_moves().len(), 41);
//! let m = fourfold::read_move(&start, "Ra1[0,0]-a1[0,1]").unwrap();
//! assert_eq!(fourfold::write_move(&start, m), "Ra1[0,0]-a1[0,1]");
//! assert_eq!(fourfold::write_position(&start), fourfold::CLASSIC_START);
//! ```

use super::fen::{Fen, FenError};
use super::line::shorten;
use crate::geometry::{DirectionClass, Shape};
use crate::kernel::{
    with_position, AnyPosition, Color, DeadPositions, DrawRules, Game, Kind, Move, PawnRules,
    Piece, PieceKind, Position, Royalty, Rules, SquareSet, Stalemate, Variant,
};
use crate::variants::prelude::*;
use std::fmt;
use std::sync::OnceLock;
use thiserror::Error;

// The chess army, kind for kind: king 0, queen, rook, bishop, knight, pawn.
pub use super::chess::{BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK};

/// The classic start in position notation.
pub const CLASSIC_START: &str = "4/4/PPPP/RNKQ|4/4/4/1BR1|1rb1/4/4/4|qknr/pppp/4/4 w 0 1";
/// The full army's start in position notation.
pub const FULL_START: &str = "4/4/PPPP/RNBQ|4/4/PPPP/KBNR|rnbq/pppp/4/4|kbnr/pppp/4/4 w 0 1";

/// Which setup: the two variants differ only in their start.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Army {
    /// Ten pieces a side (K, Q, 2 R, B, N, 4 P): variant `fourfold-classic`.
    Classic,
    /// The whole chess army, sixteen a side: variant `fourfold`.
    Full,
}

impl Army {
    /// The registry name.
    pub fn name(self) -> &'static str {
        match self {
            Army::Classic => "fourfold-classic",
            Army::Full => "fourfold",
        }
    }

    /// The start in position notation.
    pub fn start_text(self) -> &'static str {
        match self {
            Army::Classic => CLASSIC_START,
            Army::Full => FULL_START,
        }
    }
}

/// The board: X = files a–d, Y = ranks 1–4, Z and W of two values each.
pub fn shape() -> Shape {
    Shape::new(&[4, 4, 2, 2]).expect("4 × 4 × 2 × 2 is a board")
}

/// The square at file `x`, rank `y` (both from 0), `z` and `w`.
///
/// ```
/// use duckchess_rules::variants::fourfold::{square, square_name};
/// assert_eq!(square_name(square(0, 0, 0, 1)), "a1[0,1]");
/// ```
pub fn square(x: usize, y: usize, z: usize, w: usize) -> usize {
    x + 4 * y + 16 * z + 32 * w
}

/// The coordinates (x, y, z, w) of a square.
pub fn coords(square: usize) -> [usize; 4] {
    [square % 4, square / 4 % 4, square / 16 % 2, square / 32]
}

/// A square's name: `a1[0,1]`.
pub fn square_name(square: usize) -> String {
    let [x, y, z, w] = coords(square);
    format!("{}{}[{z},{w}]", (b'a' + x as u8) as char, y + 1)
}

/// The square of a name like `a1[0,1]`; one space before the bracket is
/// accepted.
///
/// ```
/// use duckchess_rules::variants::fourfold::parse_square;
/// assert_eq!(parse_square("b2 [1,0]"), parse_square("b2[1,0]"));
/// assert_eq!(parse_square("a5[0,0]"), None);
/// ```
pub fn parse_square(name: &str) -> Option<usize> {
    let b = name.as_bytes();
    let rest = match b {
        [_, _, b' ', rest @ ..] | [_, _, rest @ ..] => rest,
        _ => return None,
    };
    let (file, rank) = (b[0], b[1]);
    match rest {
        [b'[', z @ (b'0' | b'1'), b',', w @ (b'0' | b'1'), b']']
            if (b'a'..=b'd').contains(&file) && (b'1'..=b'4').contains(&rank) =>
        {
            Some(square(
                (file - b'a') as usize,
                (rank - b'1') as usize,
                (z - b'0') as usize,
                (w - b'0') as usize,
            ))
        }
        _ => None,
    }
}

fn piece(color: Color, kind: Kind) -> Piece {
    Piece { color, kind }
}

/// Fourfold as data: the board, the six kinds, the setup, the end rules.
pub fn variant(army: Army) -> Variant {
    let kinds = vec![
        // Every image of these four steps: the 80 neighbours.
        PieceKind::new("king", 'k', 0)
            .leap(&[1, 0])
            .leap(&[1, 1])
            .leap(&[1, 1, 1])
            .leap(&[1, 1, 1, 1])
            .royal(),
        PieceKind::new("queen", 'q', 900).slide(DirectionClass::ANY),
        PieceKind::new("rook", 'r', 500).slide(DirectionClass::ROOK),
        PieceKind::new("bishop", 'b', 330).slide(DirectionClass::exactly(2)),
        // Images over all four axes; the board's bounds cut the ones with a
        // 2 along Z or W.
        PieceKind::new("knight", 'n', 320).leap(&[2, 1]),
        PieceKind::new("pawn", 'p', 100).pawn(PawnRules {
            forward_axis: 1,
            capture_axes: 1 << 0 | 1 << 2 | 1 << 3,
            double_step: false,
            en_passant: false,
            promotion: vec![QUEEN],
            black_promotion: None,
            promotion_ranks: 1,
            promotion_region: None,
            double_step_ranks: [1 << 1; 2],
            en_passant_ranks: [u64::MAX; 2],
            choice: None,
        }),
    ];
    let mut start = Vec::new();
    let white = |kind, x, y, z, w| (square(x, y, z, w), piece(Color::White, kind));
    match army {
        Army::Classic => {
            let back = [ROOK, KNIGHT, KING, QUEEN];
            for (x, &kind) in back.iter().enumerate() {
                start.push(white(kind, x, 0, 0, 0));
                start.push(white(PAWN, x, 1, 0, 0));
            }
            start.push(white(BISHOP, 1, 0, 1, 0));
            start.push(white(ROOK, 2, 0, 1, 0));
            // Black is White turned through the centre of the board.
            let black: Vec<_> = start
                .iter()
                .map(|&(s, p): &(usize, Piece)| {
                    let [x, y, z, w] = coords(s);
                    (
                        square(3 - x, 3 - y, 1 - z, 1 - w),
                        piece(Color::Black, p.kind),
                    )
                })
                .collect();
            start.extend(black);
        }
        Army::Full => {
            let backs = [[ROOK, KNIGHT, BISHOP, QUEEN], [KING, BISHOP, KNIGHT, ROOK]];
            for (z, back) in backs.iter().enumerate() {
                for (x, &kind) in back.iter().enumerate() {
                    start.push(white(kind, x, 0, z, 0));
                    start.push(white(PAWN, x, 1, z, 0));
                }
            }
            // Black mirrors White across the ranks and the rows of boards.
            let black: Vec<_> = start
                .iter()
                .map(|&(s, p): &(usize, Piece)| {
                    let [x, y, z, w] = coords(s);
                    (square(x, 3 - y, z, 1 - w), piece(Color::Black, p.kind))
                })
                .collect();
            start.extend(black);
        }
    }
    Variant {
        name: army.name().into(),
        shape: shape(),
        kinds,
        start,
        castling: Vec::new(),
        royalty: Royalty::Check,
        royal_required: true,
        draws: DrawRules {
            claim_plies: None,
            automatic_plies: Some(100),
            claim_repetitions: None,
            automatic_repetitions: Some(3),
            dead: DeadPositions {
                bare_kings: true,
                lone_minor: Vec::new(),
                same_colour_pair: None,
            },
            ..DrawRules::default()
        },
        stalemate: Stalemate::Draw,
        flying_general: false,
        extinction: None,
        drops: None,
        goals: crate::kernel::Goals::default(),
    }
}

/// The tables of a setup, built on first use and shared.
pub fn rules(army: Army) -> &'static Rules<u64> {
    static CLASSIC: OnceLock<&'static Rules<u64>> = OnceLock::new();
    static FULL: OnceLock<&'static Rules<u64>> = OnceLock::new();
    let cell = match army {
        Army::Classic => &CLASSIC,
        Army::Full => &FULL,
    };
    cell.get_or_init(|| {
        Rules::new(variant(army))
            .expect("Fourfold fits a u64")
            .leak()
    })
}

/// A setup's start position.
pub fn start(army: Army) -> Position<u64> {
    Position::new(rules(army))
}

/// Why a position text could not be read: the FEN's errors, which name
/// the board part at fault (`board [1,0], rank 3 …`).
pub type PositionTextError = FenError;

/// A side's name at the start of a message.
fn side(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// Reads a position: a FEN ([`super::fen`]) whose board field is four
/// boards `[0,0]|[1,0]|[0,1]|[1,1]` joined by `|`, each like chess's
/// (ranks 4 to 1, files a–d, digits for empty runs), then the side to
/// move, the half-move clock and the move number (`w`, 0 and 1 when left
/// out). The castling and en passant fields may stand before the clocks
/// (`- -`): Fourfold has neither.
///
/// ```
/// use duckchess_rules::variants::fourfold::{read_position, Army};
/// let err = read_position(Army::Full, "4/4/4/K3|4/4/4/4|4/4/4/4|4/4/x3/k3").unwrap_err();
/// assert_eq!(err.to_string(), "board field: unexpected 'x' at character 29");
/// let err = read_position(Army::Full, "4/4/4/K3|4/4/4/4|4/4/4/4|4/4/5/k3").unwrap_err();
/// assert_eq!(err.to_string(), "board field: board [1,1], rank 2 covers 5 files, not 4");
/// ```
pub fn read_position(army: Army, text: &str) -> Result<Position<u64>, PositionTextError> {
    text.parse::<Fen>()?.position(rules(army))
}

/// Writes a position in the notation [`read_position`] reads, every field
/// but castling and en passant included (`… w 0 1`).
pub fn write_position<S: SquareSet>(position: &Position<S>) -> String {
    Fen::of(position).to_string()
}

/// Why a move text could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MoveTextError {
    /// The text does not have the shape of a move.
    #[error("move {text:?}: {what}")]
    Malformed {
        /// The move as given.
        text: String,
        /// What is wrong, in words.
        what: String,
    },
    /// No piece of the side to move stands on the origin.
    #[error("move {text:?}: {} has no piece on {square}", side(*.color))]
    NoPiece {
        /// The move as given.
        text: String,
        /// The side to move.
        color: Color,
        /// The origin.
        square: String,
    },
    /// The piece letter does not match the piece on the origin.
    #[error("move {text:?}: the piece on {square} is a {found}, not {letter}")]
    WrongPiece {
        /// The move as given.
        text: String,
        /// The letter written.
        letter: char,
        /// The origin.
        square: String,
        /// The piece there.
        found: &'static str,
    },
    /// A promotion to anything but a queen, or a promotion mark on a move
    /// that does not reach the last rank.
    #[error("move {text:?}: {what}")]
    Promotion {
        /// The move as given.
        text: String,
        /// What is wrong.
        what: String,
    },
    /// Well formed, but not a legal move here.
    #[error("move {text:?}: the {piece} on {from} cannot move to {to} here")]
    Illegal {
        /// The move as given.
        text: String,
        /// The moving piece's name.
        piece: &'static str,
        /// The origin.
        from: String,
        /// The target.
        to: String,
    },
}

/// A legal move written in Fourfold's notation: the piece letter (none for
/// a pawn), the origin, `-` or `x`, the target, `=Q`, then `+` or `#`.
pub fn write_move<S: SquareSet>(position: &Position<S>, m: Move) -> String {
    let variant = position.rules().variant();
    let mut text = String::new();
    let moving = position.piece_at(m.from());
    if let Some(p) = moving.filter(|p| p.kind != PAWN) {
        text.push(variant.kind(p.kind).char(Color::White));
    }
    text += &square_name(m.from());
    text.push(if position.piece_at(m.to()).is_some() {
        'x'
    } else {
        '-'
    });
    text += &square_name(m.to());
    if let Some(kind) = m.promotion {
        text.push('=');
        text.push(variant.kind(kind).char(Color::White));
    }
    let mut after = *position;
    after.play_unchecked(m);
    if after.is_check() {
        text.push(if after.legal_moves().is_empty() {
            '#'
        } else {
            '+'
        });
    }
    text
}

/// A move as its squares alone: `a1[0,0]-a1[0,1]`, `=Q` for a promotion.
pub fn coordinate_move(m: Move) -> String {
    let mut text = format!("{}-{}", square_name(m.from()), square_name(m.to()));
    if m.promotion.is_some() {
        text += "=Q";
    }
    text
}

/// Splits a square name off the front of `text`; the square ends at its
/// closing bracket.
fn take_square(text: &str) -> Option<(usize, &str)> {
    let end = text.find(']')? + 1;
    Some((parse_square(&text[..end])?, &text[end..]))
}

/// Reads a move in Fourfold's notation (or the coordinate form) and
/// returns it if legal: the piece letter is optional, `-` and `x` are taken
/// alike (or left out), `=Q` may be left out since a pawn on the last rank
/// has no other choice, check marks are optional.
///
/// ```
/// use duckchess_rules::variants::fourfold::{read_move, start, Army};
/// let p = start(Army::Classic);
/// assert_eq!(read_move(&p, "a1[0,0]xa1 [0,1]+"), read_move(&p, "Ra1[0,0]-a1[0,1]"));
/// let err = read_move(&p, "Ra1[0,0]-a4[0,0]").unwrap_err();
/// assert_eq!(err.to_string(), r#"move "Ra1[0,0]-a4[0,0]": the rook on a1[0,0] cannot move to a4[0,0] here"#);
/// ```
pub fn read_move<S: SquareSet>(position: &Position<S>, text: &str) -> Result<Move, MoveTextError> {
    let variant = position.rules().variant();
    let malformed = |what: &str| MoveTextError::Malformed {
        text: shorten(text),
        what: what.into(),
    };
    let mut rest = text.trim();
    rest = rest.trim_end_matches(['+', '#']);
    let mut promotion = None;
    if let Some(i) = rest.rfind('=') {
        let letter = &rest[i + 1..];
        let mut chars = letter.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => promotion = Some(c),
            _ => return Err(malformed("'=' must be followed by one piece letter")),
        }
        rest = &rest[..i];
    }
    let mut letter = None;
    if let Some(c) = rest.chars().next().filter(|c| "KQRBNP".contains(*c)) {
        letter = Some(c);
        rest = &rest[1..];
    }
    let (from, after) = take_square(rest).ok_or_else(|| {
        malformed(
            "the origin must be a square like a1[0,1] (files a-d, ranks 1-4, [z,w] of 0 and 1)",
        )
    })?;
    let after = after.strip_prefix(['-', 'x']).unwrap_or(after);
    let to =
        match take_square(after) {
            Some((to, "")) => to,
            Some(_) => return Err(malformed("unexpected text after the target square")),
            None => return Err(malformed(
                "the target must be a square like a1[0,1] (files a-d, ranks 1-4, [z,w] of 0 and 1)",
            )),
        };
    let mover = position
        .piece_at(from)
        .filter(|p| p.color == position.turn())
        .ok_or_else(|| MoveTextError::NoPiece {
            text: shorten(text),
            color: position.turn(),
            square: square_name(from),
        })?;
    let name = variant.kind(mover.kind).name;
    if let Some(l) = letter {
        if variant.kind_by_letter(l) != Some(mover.kind) {
            return Err(MoveTextError::WrongPiece {
                text: shorten(text),
                letter: l,
                square: square_name(from),
                found: name,
            });
        }
    }
    let promotes = mover.kind == PAWN && {
        let last = if mover.color == Color::White { 3 } else { 0 };
        coords(to)[1] == last
    };
    match promotion {
        Some(c) if !promotes => {
            return Err(MoveTextError::Promotion {
                text: shorten(text),
                what: format!("={c} on a move that does not take a pawn to its last rank"),
            })
        }
        Some(c) if !c.eq_ignore_ascii_case(&'q') => {
            return Err(MoveTextError::Promotion {
                text: shorten(text),
                what: format!("a pawn becomes a queen only, not {c:?}"),
            })
        }
        _ => {}
    }
    let wanted = Move {
        from: from as u16,
        to: to as u16,
        promotion: promotes.then_some(QUEEN),
        kind: crate::kernel::MoveKind::Normal,
        wall: None,
        gate: None,
    };
    if position.is_legal(wanted) {
        Ok(wanted)
    } else {
        Err(MoveTextError::Illegal {
            text: shorten(text),
            piece: name,
            from: square_name(from),
            to: square_name(to),
        })
    }
}

/// Why a game record could not be read: where, and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RecordError {
    /// A move number out of sequence.
    #[error("game record: found move number {found:?} where move {expected} was due")]
    Number {
        /// The number written.
        found: String,
        /// The number due.
        expected: String,
    },
    /// A move that could not be read or is not legal.
    #[error("game record, move {number}{dots} {source}")]
    Move {
        /// The move number.
        number: u32,
        /// `.` before White's move, `...` before Black's.
        dots: &'static str,
        /// The fault.
        source: MoveTextError,
    },
    /// Text after the result.
    #[error("game record: {0:?} after the end of the game")]
    Trailing(String),
    /// A move after the game ended (mate, stalemate, a draw by rule).
    #[error("game record, move {number}{dots} {text:?}: the game is over: {result}")]
    GameOver {
        /// The move number.
        number: u32,
        /// `.` before White's move, `...` before Black's.
        dots: &'static str,
        /// The move as written.
        text: String,
        /// How the game ended, in `show`'s words.
        result: String,
    },
}

/// Results that may close a record (read and ignored).
const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// Writes a game record from `start`: moves numbered as in chess,
/// `1. Ra1[0,0]-a1[0,1] Rd4[1,1]-d4[1,0] 2. ...`, a game whose first mover
/// is Black opening with `N...`. The moves must be legal in turn.
///
/// ```
/// use duckchess_rules::variants::fourfold::{read_record, start, write_record, Army};
/// let p = start(Army::Classic);
/// let game = read_record(&p, "1. Ra1[0,0]-a1[0,1] Rd4[1,1]-d4[1,0] 2. Ra1[0,1]-a2[0,1]").unwrap();
/// assert_eq!(game.moves().len(), 3);
/// assert_eq!(write_record(&p, game.moves()), "1. Ra1[0,0]-a1[0,1] Rd4[1,1]-d4[1,0] 2. Ra1[0,1]-a2[0,1]");
/// ```
pub fn write_record<S: SquareSet>(start: &Position<S>, moves: &[Move]) -> String {
    let mut position = *start;
    let mut out: Vec<String> = Vec::new();
    for (i, &m) in moves.iter().enumerate() {
        match position.turn() {
            Color::White => out.push(format!("{}.", position.fullmove())),
            Color::Black if i == 0 => out.push(format!("{}...", position.fullmove())),
            Color::Black => {}
        }
        out.push(write_move(&position, m));
        position.play_unchecked(m);
    }
    out.join(" ")
}

/// Reads a game record from `start` (see [`write_record`]): numbers are
/// checked, moves read with [`read_move`], a move after the end of the
/// game refused; a closing result (`1-0`, `0-1`,
/// `1/2-1/2`, `*`) is accepted and ignored. A space before a square's
/// bracket is accepted here too.
pub fn read_record<S: crate::kernel::Width>(
    start: &Position<S>,
    text: &str,
) -> Result<Game<S>, RecordError> {
    // Join `a1 [0,1]` so that every move is one word.
    let mut joined = String::with_capacity(text.len());
    for word in text.split_whitespace() {
        if !joined.is_empty() && !word.starts_with('[') {
            joined.push(' ');
        }
        joined += word;
    }
    let mut game = Game::new(*start);
    let mut words = joined.split(' ').filter(|w| !w.is_empty()).peekable();
    while let Some(word) = words.next() {
        if RESULTS.contains(&word) {
            if let Some(extra) = words.next() {
                return Err(RecordError::Trailing(shorten(extra)));
            }
            break;
        }
        let position = *game.position();
        let number = position.fullmove();
        let white = position.turn() == Color::White;
        // A number may stand alone or be glued to its move: `1.Ra1[0,0]-...`.
        let digits = word.len() - word.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        let mut move_text = word;
        if digits > 0 {
            let after = &word[digits..];
            let (dots, tail) = if let Some(t) = after.strip_prefix("...") {
                ("...", t)
            } else if let Some(t) = after.strip_prefix('.') {
                (".", t)
            } else {
                ("", after)
            };
            let expected = if white {
                format!("{number}.")
            } else {
                format!("{number}...")
            };
            let found = &word[..digits + dots.len()];
            let ok = dots == "." && white || dots == "..." && !white;
            if dots.is_empty() || !ok || word[..digits].parse() != Ok(number) {
                return Err(RecordError::Number {
                    found: shorten(found),
                    expected,
                });
            }
            move_text = tail;
            if move_text.is_empty() {
                match words.next() {
                    Some(next) => move_text = next,
                    None => break,
                }
            }
        }
        let dots = if white { "." } else { "..." };
        if let Some(outcome) = game.outcome() {
            return Err(RecordError::GameOver {
                number,
                dots,
                text: shorten(move_text),
                result: super::status::describe(&FULL, &position, outcome, Some(&game)),
            });
        }
        let m = read_move(&position, move_text).map_err(|source| RecordError::Move {
            number,
            dots,
            source,
        })?;
        game.play(m).expect("read_move returns legal moves");
    }
    Ok(game)
}

/// Fourfold as the front ends see it ([`super::Notation`]): one value per
/// setup.
pub struct Fourfold {
    army: Army,
}

/// The full army: variant `fourfold`.
pub const FULL: Fourfold = Fourfold { army: Army::Full };
/// The classic setup: variant `fourfold-classic`.
pub const CLASSIC: Fourfold = Fourfold {
    army: Army::Classic,
};

impl fmt::Debug for Fourfold {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.army.name())
    }
}

impl crate::variants::prelude::GameRules for Fourfold {
    fn name(&self) -> &'static str {
        self.army.name()
    }

    fn title(&self) -> &'static str {
        match self.army {
            Army::Classic => "Fourfold, classic setup",
            Army::Full => "Fourfold",
        }
    }

    fn summary(&self) -> String {
        let setup = match self.army {
            Army::Classic => "the classic setup, 10 a side",
            Army::Full => "the full army, 16 a side",
        };
        format!(
            "4×4×2×2, four boards; king queen rook bishop knight pawn on every axis; {setup}; \
             promotion to queen"
        )
    }

    fn start(&self) -> Box<dyn AnyPosition> {
        Box::new(start(self.army))
    }
}

impl crate::variants::prelude::Text for Fourfold {
    /// Four boards separated by `|`. Both setups play by the same rules
    /// and read the same positions, so a position alone is `fourfold`'s.
    fn recognizes(&self, text: &str) -> bool {
        let board = text.split_whitespace().next().unwrap_or("");
        self.army == Army::Full && board.split('|').count() == 4
    }

    fn read_position(&self, text: &str) -> Result<Box<dyn AnyPosition>, super::NotationError> {
        Ok(Box::new(read_position(self.army, text)?))
    }

    fn write_position(&self, position: &dyn AnyPosition) -> String {
        with_position!(position.concrete(), p => write_position(p))
    }

    fn write_move(&self, position: &dyn AnyPosition, m: Move) -> String {
        with_position!(position.concrete(), p => write_move(p, m))
    }

    fn coordinate_move(&self, _position: &dyn AnyPosition, m: Move) -> String {
        coordinate_move(m)
    }

    fn read_move(
        &self,
        position: &dyn AnyPosition,
        text: &str,
    ) -> Result<Move, super::NotationError> {
        Ok(with_position!(position.concrete(), p => read_move(p, text))?)
    }

    fn square_name(&self, _position: &dyn AnyPosition, square: usize) -> String {
        square_name(square)
    }

    /// The spec's numbered record; a game that did not begin at the
    /// setup's start has its start position on a line before it.
    /// A `[Variant "NAME"]` line naming the setup, the start position on a
    /// line of its own when the game did not begin at the setup's start,
    /// then the spec's numbered record.
    fn write_record(&self, start: &dyn AnyPosition, moves: &[Move]) -> String {
        let record = with_position!(start.concrete(), p => write_record(p, moves));
        let mut text = format!("[Variant \"{}\"]\n", self.army.name());
        if start.key() != self::start(self.army).key() {
            text += &self.write_position(start);
            text.push('\n');
        }
        text + &record + "\n"
    }

    /// Reads what [`Notation::write_record`](crate::variants::Text::write_record) writes: tag lines in brackets
    /// first (a `[Variant "..."]` naming the other setup is refused, other
    /// tags are passed over), then a line with a position (it has `|`) if
    /// the game did not start at the setup's start, then the moves.
    fn read_record(
        &self,
        text: &str,
    ) -> Result<(Box<dyn AnyPosition>, Vec<Move>), super::NotationError> {
        let text = super::input::normalize(text);
        let mut lines = text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
            .peekable();
        while let Some((i, tag)) = lines.next_if(|(_, l)| l.trim_start().starts_with('[')) {
            let value = tag
                .trim()
                .strip_prefix("[Variant \"")
                .and_then(|rest| rest.strip_suffix("\"]"));
            let named = value.and_then(|v| [FULL, CLASSIC].into_iter().find(|f| f.name() == v));
            if let Some(other) = named.filter(|f| f.army != self.army) {
                return Err(format!(
                    "line {}: the record is a {} game, not {} (--variant {} reads it)",
                    i + 1,
                    other.name(),
                    self.name(),
                    other.name()
                )
                .into());
            }
        }
        let start = match lines.next_if(|(_, l)| l.contains('|')) {
            Some((i, line)) => {
                read_position(self.army, line.trim()).map_err(|e| format!("line {}: {e}", i + 1))?
            }
            None => start(self.army),
        };
        let record: Vec<&str> = lines.map(|(_, l)| l).collect();
        let game = read_record(&start, &record.join("\n"))?;
        Ok((Box::new(start), game.moves().to_vec()))
    }
}

impl crate::variants::prelude::Presentation for Fourfold {
    fn board_label(&self, _position: &dyn AnyPosition, z: usize, w: usize) -> String {
        format!("[{z},{w}]")
    }
}

impl crate::variants::prelude::EngineInterop for Fourfold {}
