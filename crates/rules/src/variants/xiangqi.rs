//! Xiangqi (Chinese chess) as a game of the family: the variant value,
//! built from the kernel's regions (the palace, the river), hoppers (the
//! cannon), the flying general and stalemate as a loss, and its notation.
//!
//! **Squares.** Axis 0 is the file (`a`–`i`, 9 of them), axis 1 the rank
//! (`1`–`10`), square `file + 9·rank`; Red (the kernel's White, FEN's `w`)
//! starts on ranks 1–4 and moves first. The numbering is Duck Chess's too
//! (its column is the file, its row the rank), so the two share a board.
//!
//! **Notation.** Positions are FEN as Fairy-Stockfish writes xiangqi's
//! (letters `k a b n r c p`, no castling or en passant); coordinate moves
//! are Fairy-Stockfish's UCI (`h3e3`, `a10a9`); a move for people is WXF
//! (`C2=5`, `H2+3`, `+R1-2`, see [`wxf`]). [`Notation::read_move`](crate::variants::Text::read_move) reads
//! both.
//!
//! ```
//! use duckchess_rules::variants::xiangqi;
//! let start = xiangqi::start();
//! assert_eq!(start.legal_moves().len(), 44);
//! assert_eq!(xiangqi::write_fen(&start), xiangqi::START_FEN);
//! ```

pub mod wxf;

use super::fen::{read_fen, Fen, FenError};
use super::square_names::square_name;
use super::uci::{parse_uci, write_uci, UciError};
use super::NotationError;
use crate::geometry::{DirectionClass, Shape};
use crate::kernel::{
    with_position, AnyPosition, Color, DrawRules, Kind, Move, Piece, PieceKind, Position, Region,
    Royalty, Rules, SquareSet, Stalemate, Variant,
};
use std::sync::OnceLock;

/// The general, kind 0 (royal).
pub const GENERAL: Kind = Kind(0);
/// The advisor.
pub const ADVISOR: Kind = Kind(1);
/// The elephant.
pub const ELEPHANT: Kind = Kind(2);
/// The horse.
pub const HORSE: Kind = Kind(3);
/// The chariot.
pub const CHARIOT: Kind = Kind(4);
/// The cannon.
pub const CANNON: Kind = Kind(5);
/// The soldier.
pub const SOLDIER: Kind = Kind(6);

/// Files (axis 0).
pub const FILES: usize = 9;
/// Ranks (axis 1).
pub const RANKS: usize = 10;

/// The start position, as Fairy-Stockfish writes it.
pub const START_FEN: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// Red's palace (files d–f, ranks 1–3); Black's is its mirror.
pub fn palace() -> Region {
    Region::new(&[(3, 5), (0, 2)])
}

/// Red's half of the board, ranks 1–5 (the river runs between ranks 5
/// and 6); Black's is its mirror.
pub fn own_half() -> Region {
    Region::new(&[(0, 8), (0, 4)])
}

/// Red's side of the river seen from the other bank: ranks 6–10, where a
/// red soldier also steps sideways.
pub fn across_river() -> Region {
    Region::new(&[(0, 8), (5, 9)])
}

/// What the search weighs each kind, in the kinds' order (general,
/// advisor, elephant, horse, chariot, cannon, soldier): its value, the
/// worth of each point it reaches and its centralisation, as `duckchess
/// tune --tables` fitted them to positions of self-play scored by
/// Fairy-Stockfish (docs/engine.md, "Tuning").
const WEIGHTS: [[i32; 3]; 7] = [
    [0, 3, 2],
    [110, -15, -2],
    [92, -8, -1],
    [209, 1, 0],
    [461, 3, 1],
    [310, -4, -1],
    [42, 4, 1],
];

/// Entries of a kind's piece-square table: the 9 files folded to 5 (file
/// `f` and `8 − f` share one), times the 10 ranks counted from the side's
/// own edge; entry `min(f, 8 − f) + 5·rank`.
const TABLE: usize = FILES.div_ceil(2) * RANKS;

/// Each kind's piece-square table in the kinds' order, in centipawns (see
/// [`PieceKind::table`]), fitted with [`WEIGHTS`].
#[rustfmt::skip]
const TABLES: [[i32; TABLE]; 7] = [
    // general
    [
        -12, -12, -12, 0, 43,
        -12, -12, -12, -1, -27,
        -12, -12, -12, -40, -48,
        -12, -12, -12, -12, -12,
        -12, -12, -12, -12, -12,
        -12, -12, -12, -12, -12,
        -12, -12, -12, -12, -12,
        -12, -12, -12, -12, -12,
        -12, -12, -12, -12, -12,
        -12, -12, -12, -12, -12,
    ],
    // advisor
    [
        29, 29, 29, -10, 29,
        29, 29, 29, 29, 24,
        29, 29, 29, -19, 29,
        29, 29, 29, 29, 29,
        29, 29, 29, 29, 29,
        29, 29, 29, 29, 29,
        29, 29, 29, 29, 29,
        29, 29, 29, 29, 29,
        29, 29, 29, 29, 29,
        29, 29, 29, 29, 29,
    ],
    // elephant
    [
        36, 36, 3, 36, 36,
        36, 36, 36, 36, 36,
        -11, 36, 36, 36, 21,
        36, 36, 36, 36, 36,
        36, 36, -21, 36, 36,
        36, 36, 36, 36, 36,
        36, 36, 36, 36, 36,
        36, 36, 36, 36, 36,
        36, 36, 36, 36, 36,
        36, 36, 36, 36, 36,
    ],
    // horse
    [
        -7, -26, -13, -21, -2,
        -22, -9, -5, -20, -28,
        -19, 1, 8, -12, -9,
        7, -6, 6, 8, 19,
        1, 8, 15, 16, 20,
        -4, 8, 17, 19, 10,
        10, 19, 19, 24, -2,
        13, -5, 6, -3, 22,
        -5, 16, 12, 0, 2,
        3, 5, 6, 8, 5,
    ],
    // chariot
    [
        -29, 11, -12, 4, 5,
        -28, 3, -22, 2, -1,
        -34, -6, -11, -4, -13,
        -5, 6, -4, 7, 18,
        2, 7, -5, -1, 17,
        -2, 7, 15, 9, 24,
        3, 8, 2, 5, 2,
        15, 17, 11, 26, 25,
        1, 22, 13, 19, 27,
        9, 13, 33, 52, 18,
    ],
    // cannon
    [
        -11, -11, -13, -13, -1,
        -9, -27, -1, -4, -3,
        -15, 12, 2, 15, 23,
        -9, -19, -22, -12, -17,
        -14, 19, 1, -1, 13,
        -10, -3, -10, -20, 26,
        -27, 9, -2, 3, 6,
        -8, 3, -31, 3, 13,
        -6, 8, -5, -4, 6,
        12, 23, -1, 8, 6,
    ],
    // soldier
    [
        23, 23, 23, 23, 23,
        23, 23, 23, 23, 23,
        23, 23, 23, 23, 23,
        -26, 23, -19, 23, 26,
        -7, 23, -12, 23, 14,
        3, 14, 30, 31, 32,
        8, 13, 26, 34, 36,
        11, 22, 23, 45, 60,
        35, 21, 28, 43, 40,
        26, 26, 16, 8, 0,
    ],
];

/// Xiangqi as data: the seven kinds with their regions, the start, check
/// royalty with the flying general, stalemate a loss; a draw on the third
/// occurrence of a position and after 120 plies without a capture (no
/// rule on perpetual check or chase: see docs/xiangqi.md).
pub fn variant() -> Variant {
    // Each kind's value, reach, centralisation and table: `WEIGHTS` and
    // `TABLES`, as `duckchess tune` fitted them.
    let kinds: Vec<PieceKind> = vec![
        PieceKind::new("general", 'k', 0)
            .leap(&[1, 0])
            .confined(palace())
            .royal(),
        PieceKind::new("advisor", 'a', 0)
            .leap(&[1, 1])
            .confined(palace()),
        PieceKind::new("elephant", 'b', 0)
            .lame_leap(&[2, 2])
            .confined(own_half()),
        // A lame (2, 1) leap passes the orthogonal neighbour first: the
        // horse's leg.
        PieceKind::new("horse", 'n', 0).lame_leap(&[2, 1]),
        PieceKind::new("chariot", 'r', 0).slide(DirectionClass::ROOK),
        PieceKind::new("cannon", 'c', 0).hop(DirectionClass::ROOK),
        PieceKind::new("soldier", 'p', 0)
            .step(&[0, 1])
            .step_in(&[1, 0], across_river())
            .step_in(&[-1, 0], across_river()),
    ]
    .into_iter()
    .enumerate()
    .map(|(i, kind)| kind.fitted(WEIGHTS[i], &TABLES[i]))
    .collect();
    let mut variant = Variant {
        name: "xiangqi".into(),
        shape: Shape::new(&[FILES, RANKS]).expect("9 × 10 is a board"),
        kinds,
        start: Vec::new(),
        castling: vec![],
        royalty: Royalty::Check,
        royal_required: true,
        draws: DrawRules {
            automatic_plies: Some(120),
            automatic_repetitions: Some(3),
            ..DrawRules::default()
        },
        stalemate: Stalemate::Loss,
        flying_general: true,
        extinction: None,
        drops: None,
        goals: crate::kernel::Goals::default(),
    };
    variant.start = START_FEN
        .parse::<Fen>()
        .and_then(|fen| fen.placement(&variant))
        .expect("xiangqi's start reads");
    variant
}

/// The xiangqi tables (90 points: a `u128` set), built on first use.
pub fn rules() -> &'static Rules<u128> {
    static RULES: OnceLock<&'static Rules<u128>> = OnceLock::new();
    RULES.get_or_init(|| Rules::new(variant()).expect("xiangqi fits a u128").leak())
}

/// The start position, Red to move.
pub fn start() -> Position<u128> {
    Position::new(rules())
}

/// Reads a xiangqi FEN (fields after the board may be left out).
///
/// ```
/// use duckchess_rules::variants::xiangqi::{from_fen, write_fen, START_FEN};
/// assert_eq!(write_fen(&from_fen(START_FEN).unwrap()), START_FEN);
/// // The generals face each other on the e-file with Red to move: Black's
/// // last move cannot have left them so.
/// assert!(from_fen("4k4/9/9/9/9/9/9/9/9/4K4 w").is_err());
/// ```
pub fn from_fen(fen: &str) -> Result<Position<u128>, FenError> {
    read_fen(rules(), fen)
}

/// Writes a position's FEN.
pub fn write_fen<S: SquareSet>(position: &Position<S>) -> String {
    super::fen::write_fen(position)
}

/// A point's name: file letter and rank number (`e1`, `a10`).
pub fn point_name(square: usize) -> String {
    square_name(square, FILES)
}

/// A move in Fairy-Stockfish's coordinates (`h3e3`).
pub fn uci(m: Move) -> String {
    write_uci(rules().variant(), m)
}

/// The legal move written in coordinates or WXF.
///
/// ```
/// use duckchess_rules::variants::xiangqi::{read_move, start, uci};
/// let p = start();
/// assert_eq!(uci(read_move(&p, "h3e3").unwrap()), "h3e3");
/// assert_eq!(uci(read_move(&p, "C2=5").unwrap()), "h3e3");
/// assert!(read_move(&p, "h3h11").is_err());
/// ```
pub fn read_move<S: SquareSet>(position: &Position<S>, text: &str) -> Result<Move, NotationError> {
    match parse_uci(position, text.trim()) {
        Ok(m) => Ok(m),
        Err(UciError::Syntax(_)) => Ok(wxf::parse(position, text.trim())?),
        Err(e) => Err(e.into()),
    }
}

/// The lines of the xiangqi board between its points (square `file + 9 ·
/// rank`): each rank across, each file up with the river (between ranks 5
/// and 6) breaking all but the edge files, and each palace's diagonals.
/// Duck Chess, on the same board, draws the same lines.
pub fn board_lines() -> Vec<[usize; 2]> {
    let at = |rank: usize, file: usize| rank * FILES + file;
    let mut lines = Vec::new();
    for rank in 0..RANKS {
        for file in 0..FILES {
            if file + 1 < FILES {
                lines.push([at(rank, file), at(rank, file + 1)]);
            }
            let river = rank == 4 && file > 0 && file < FILES - 1;
            if rank + 1 < RANKS && !river {
                lines.push([at(rank, file), at(rank + 1, file)]);
            }
        }
    }
    for rank in [0, 7] {
        lines.push([at(rank, 3), at(rank + 2, 5)]);
        lines.push([at(rank, 5), at(rank + 2, 3)]);
    }
    lines
}

/// Letters only Duck Chess's positions hold (`e h d s`), and only
/// xiangqi's (`b n c p`), either case: how a 10-rank FEN tells its game.
const DUCK_ONLY: &str = "ehdsEHDS";
const XIANGQI_ONLY: &str = "bncpBNCP";

/// Whether a 10-rank board field is xiangqi's rather than Duck Chess's:
/// one of xiangqi's own letters and none of Duck Chess's. A board of
/// generals, advisors and chariots alone (letters both games share) is
/// taken for Duck Chess: `--variant xiangqi` says otherwise.
pub fn looks_like_xiangqi(board: &str) -> bool {
    board.split('/').count() == RANKS
        && !board.contains(|c| DUCK_ONLY.contains(c))
        && board.contains(|c| XIANGQI_ONLY.contains(c))
}

/// Xiangqi as the front ends see it ([`Notation`](super::Notation)).
pub struct Xiangqi;

impl crate::variants::prelude::GameRules for Xiangqi {
    fn name(&self) -> &'static str {
        "xiangqi"
    }

    fn title(&self) -> &'static str {
        "Xiangqi"
    }

    fn summary(&self) -> String {
        "9×10 points; general advisor elephant horse chariot cannon soldier; palace, \
         river, flying general, stalemate loses"
            .into()
    }

    fn start(&self) -> Box<dyn AnyPosition> {
        Box::new(start())
    }
}

impl crate::variants::prelude::Text for Xiangqi {
    fn read_position(&self, text: &str) -> Result<Box<dyn AnyPosition>, NotationError> {
        Ok(Box::new(from_fen(text)?))
    }

    fn write_position(&self, position: &dyn AnyPosition) -> String {
        with_position!(position.concrete(), p => write_fen(p))
    }

    fn write_move(&self, position: &dyn AnyPosition, m: Move) -> String {
        with_position!(position.concrete(), p => wxf::write(p, m))
    }

    fn coordinate_move(&self, _position: &dyn AnyPosition, m: Move) -> String {
        uci(m)
    }

    fn read_move(&self, position: &dyn AnyPosition, text: &str) -> Result<Move, NotationError> {
        with_position!(position.concrete(), p => read_move(p, text))
    }

    fn square_name(&self, _position: &dyn AnyPosition, square: usize) -> String {
        point_name(square)
    }

    fn position_format(&self) -> &'static str {
        "FEN"
    }

    fn recognizes(&self, text: &str) -> bool {
        looks_like_xiangqi(text.split_whitespace().next().unwrap_or(""))
    }
}

impl crate::variants::prelude::Presentation for Xiangqi {
    fn board_label(&self, _position: &dyn AnyPosition, _z: usize, _w: usize) -> String {
        String::new()
    }

    fn checkered(&self) -> bool {
        false
    }

    fn board_lines(&self, _position: &dyn AnyPosition) -> Vec<[usize; 2]> {
        board_lines()
    }

    fn side_name(&self, color: Color) -> &'static str {
        match color {
            Color::White => "red",
            Color::Black => "black",
        }
    }

    fn side_ink(&self, color: Color) -> super::picture::Ink {
        match color {
            Color::White => super::picture::Ink::Red,
            Color::Black => super::picture::Ink::Blue,
        }
    }

    /// The pieces' characters as printed on traditional sets, where every
    /// one of Red's differs from Black's: Red's 帥 仕 相 傌 俥 炮 兵,
    /// Black's 將 士 象 馬 車 砲 卒.
    fn glyph(&self, _position: &dyn AnyPosition, piece: Piece) -> char {
        const RED: [char; 7] = ['帥', '仕', '相', '傌', '俥', '炮', '兵'];
        const BLACK: [char; 7] = ['將', '士', '象', '馬', '車', '砲', '卒'];
        let glyphs = match piece.color {
            Color::White => RED,
            Color::Black => BLACK,
        };
        glyphs.get(piece.kind.index()).copied().unwrap_or('?')
    }
}

impl crate::variants::prelude::EngineInterop for Xiangqi {}
