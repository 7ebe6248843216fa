//! Orthodox chess (FIDE Laws, articles 1–5 and 9) as a kernel variant, with
//! its notation: FEN for positions, UCI coordinates and SAN ([`san`]) for
//! moves, PGN ([`pgn`]) for games.
//!
//! ```
//! use duckchess::variants::chess;
//! let mut p = chess::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap();
//! let e4 = chess::parse_uci(&p, "e2e4").unwrap();
//! p.play(e4).unwrap();
//! assert_eq!(chess::fen(&p), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
//! assert_eq!(chess::uci(e4), "e2e4");
//! ```

use super::line::shorten;
use crate::geometry::{DirectionClass, Shape};
use crate::kernel::{
    with_position, AnyPosition, CastlingRule, Color, DeadPositions, DrawRules, Kind, Move,
    MoveKind, PawnRules, Piece, PieceKind, Position, PositionError, Royalty, Rules, Setup,
    SquareSet, Stalemate, Variant,
};
use std::sync::OnceLock;
use thiserror::Error;

pub mod pgn;
pub mod san;

/// The king, [`variant`]'s kind 0.
pub const KING: Kind = Kind(0);
/// The queen.
pub const QUEEN: Kind = Kind(1);
/// The rook.
pub const ROOK: Kind = Kind(2);
/// The bishop.
pub const BISHOP: Kind = Kind(3);
/// The knight.
pub const KNIGHT: Kind = Kind(4);
/// The pawn.
pub const PAWN: Kind = Kind(5);

/// The start position's FEN.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Orthodox chess as data: 8 × 8, K Q R B N P, castling, en passant,
/// promotion to Q R B N, the FIDE draw rules.
pub fn variant() -> Variant {
    let shape = Shape::new(&[8, 8]).expect("8 × 8 is a board");
    let kinds = vec![
        PieceKind::new("king", 'k', 0)
            .leap(&[1, 0])
            .leap(&[1, 1])
            .royal(),
        PieceKind::new("queen", 'q', 900).slide(DirectionClass::ANY),
        PieceKind::new("rook", 'r', 500).slide(DirectionClass::ROOK),
        PieceKind::new("bishop", 'b', 330).slide(DirectionClass::BISHOP),
        PieceKind::new("knight", 'n', 320).leap(&[2, 1]),
        PieceKind::new("pawn", 'p', 100).pawn(PawnRules {
            forward_axis: 1,
            capture_axes: 1 << 0,
            double_step: true,
            en_passant: true,
            promotion: vec![QUEEN, ROOK, BISHOP, KNIGHT],
            promotion_ranks: 1,
            double_step_rank: 1,
        }),
    ];
    let back = [ROOK, KNIGHT, BISHOP, QUEEN, KING, BISHOP, KNIGHT, ROOK];
    let mut start = Vec::new();
    for (file, &kind) in back.iter().enumerate() {
        start.push((
            file,
            Piece {
                color: Color::White,
                kind,
            },
        ));
        start.push((
            8 + file,
            Piece {
                color: Color::White,
                kind: PAWN,
            },
        ));
        start.push((
            48 + file,
            Piece {
                color: Color::Black,
                kind: PAWN,
            },
        ));
        start.push((
            56 + file,
            Piece {
                color: Color::Black,
                kind,
            },
        ));
    }
    let castle = |color: Color,
                  rank: usize,
                  king_to: usize,
                  rook_from: usize,
                  rook_to: usize,
                  letter: char| {
        CastlingRule {
            color,
            king_from: rank * 8 + 4,
            king_to: rank * 8 + king_to,
            rook_from: rank * 8 + rook_from,
            rook_to: rank * 8 + rook_to,
            king: KING,
            rook: ROOK,
            letter,
        }
    };
    Variant {
        name: "chess".into(),
        shape,
        kinds,
        start,
        castling: vec![
            castle(Color::White, 0, 6, 7, 5, 'K'),
            castle(Color::White, 0, 2, 0, 3, 'Q'),
            castle(Color::Black, 7, 6, 7, 5, 'k'),
            castle(Color::Black, 7, 2, 0, 3, 'q'),
        ],
        royalty: Royalty::Check,
        royal_required: true,
        draws: DrawRules {
            claim_plies: Some(100),
            automatic_plies: Some(150),
            claim_repetitions: Some(3),
            automatic_repetitions: Some(5),
            dead: DeadPositions {
                bare_kings: true,
                lone_minor: vec![BISHOP, KNIGHT],
                same_colour_pair: Some(BISHOP),
            },
        },
        stalemate: Stalemate::Draw,
        flying_general: false,
        extinction: None,
    }
}

/// The chess tables, built on first use and shared.
pub fn rules() -> &'static Rules<u64> {
    static RULES: OnceLock<&'static Rules<u64>> = OnceLock::new();
    RULES.get_or_init(|| Rules::new(variant()).expect("chess fits a u64").leak())
}

/// The start position.
pub fn start() -> Position<u64> {
    Position::new(rules())
}

/// A square's name on a two-axis board: file letter and rank number.
///
/// ```
/// use duckchess::variants::chess::{parse_square, square_name};
/// assert_eq!(square_name(28, 8), "e4");
/// assert_eq!(parse_square("h8", 8, 8), Some(63));
/// assert_eq!(parse_square("i1", 8, 8), None);
/// ```
pub fn square_name(square: usize, files: usize) -> String {
    let file = (b'a' + (square % files) as u8) as char;
    format!("{file}{}", square / files + 1)
}

/// The square of a name like `e4` on a board of `files × ranks`.
pub fn parse_square(name: &str, files: usize, ranks: usize) -> Option<usize> {
    let mut chars = name.chars();
    let file = chars.next()?;
    if !file.is_ascii_lowercase() {
        return None;
    }
    let file = (file as u8 - b'a') as usize;
    let rest = chars.as_str();
    if rest.is_empty() || !rest.bytes().all(|b| b.is_ascii_digit()) || rest.starts_with('0') {
        return None;
    }
    let rank: usize = rest.parse().ok()?;
    (file < files && (1..=ranks).contains(&rank)).then(|| (rank - 1) * files + file)
}

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

/// Reads a FEN for a two-axis variant: board, side to move, castling, en
/// passant, clocks. Fields after the board may be left out (`w`, `-`, `-`,
/// `0`, `1`).
pub fn read_fen<S: SquareSet>(
    rules: &'static Rules<S>,
    fen: &str,
) -> Result<Position<S>, FenError> {
    let variant = rules.variant();
    let (files, ranks) = (
        variant.shape.size(0) as usize,
        variant.shape.size(1) as usize,
    );
    let fields: Vec<&str> = fen.split_ascii_whitespace().collect();
    if fields.is_empty() || fields.len() > 6 {
        return Err(FenError::Fields(fields.len()));
    }
    let mut setup = Setup::empty(rules.len());

    let rows: Vec<&str> = fields[0].split('/').collect();
    if rows.len() != ranks {
        return Err(FenError::RankCount(rows.len()));
    }
    let mut at = 0;
    for (i, row) in rows.iter().enumerate() {
        let rank = ranks - 1 - i;
        let mut file = 0;
        let mut digits = 0usize; // a run of digits is one number (boards above 9 files)
        for ch in row.chars() {
            if let Some(d) = ch.to_digit(10) {
                digits = digits * 10 + d as usize;
                if digits == 0 {
                    return Err(FenError::BoardChar { ch, at });
                }
            } else {
                file += std::mem::take(&mut digits);
                let piece = variant
                    .piece_by_char(ch)
                    .ok_or(FenError::BoardChar { ch, at })?;
                if file < files {
                    setup.board[rank * files + file] = Some(piece);
                }
                file += 1;
            }
            if file + digits > files {
                return Err(FenError::RankLength {
                    rank: rank + 1,
                    files: file + digits,
                });
            }
            at += ch.len_utf8();
        }
        file += digits;
        if file != files {
            return Err(FenError::RankLength {
                rank: rank + 1,
                files: file,
            });
        }
        at += 1; // the slash
    }

    setup.turn = match fields.get(1) {
        None => Color::White,
        Some(&t) => {
            let mut chars = t.chars();
            match (chars.next().and_then(Color::from_char), chars.next()) {
                (Some(color), None) => color,
                _ => return Err(FenError::Turn(shorten(t))),
            }
        }
    };
    if let Some(&castling) = fields.get(2) {
        if castling != "-" {
            for ch in castling.chars() {
                let rule = variant
                    .castling
                    .iter()
                    .position(|c| c.letter == ch)
                    .ok_or(FenError::Castling(ch))?;
                setup.castling |= 1 << rule;
            }
        }
    }
    if let Some(&ep) = fields.get(3) {
        if ep != "-" {
            let square =
                parse_square(ep, files, ranks).ok_or_else(|| FenError::EnPassant(shorten(ep)))?;
            setup.en_passant = Some(square);
        }
    }
    if let Some(&clock) = fields.get(4) {
        setup.halfmove = clock
            .parse()
            .map_err(|_| FenError::Halfmove(shorten(clock)))?;
    }
    if let Some(&number) = fields.get(5) {
        setup.fullmove = number
            .parse()
            .map_err(|_| FenError::Fullmove(shorten(number)))?;
    }
    let impossible = |error: PositionError| FenError::Position {
        why: error.describe(variant, &|s| square_name(s, files)),
        error,
    };
    let position = Position::from_setup(rules, &setup).map_err(impossible)?;
    position.check_reachable().map_err(impossible)?;
    Ok(position)
}

/// Writes the six-field FEN of a position of a two-axis variant.
pub fn write_fen<S: SquareSet>(position: &Position<S>) -> String {
    let variant = position.rules().variant();
    let (files, ranks) = (
        variant.shape.size(0) as usize,
        variant.shape.size(1) as usize,
    );
    let mut board = String::new();
    for rank in (0..ranks).rev() {
        let mut empty = 0;
        for file in 0..files {
            match position.piece_at(rank * files + file) {
                None => empty += 1,
                Some(piece) => {
                    if empty > 0 {
                        board += &std::mem::take(&mut empty).to_string();
                    }
                    board.push(variant.piece_char(piece));
                }
            }
        }
        if empty > 0 {
            board += &empty.to_string();
        }
        if rank > 0 {
            board.push('/');
        }
    }
    let castling: String = variant
        .castling
        .iter()
        .enumerate()
        .filter(|(i, _)| position.castling() >> i & 1 == 1)
        .map(|(_, c)| c.letter)
        .collect();
    let castling = if castling.is_empty() {
        "-".to_string()
    } else {
        castling
    };
    let ep = position
        .en_passant()
        .map_or("-".to_string(), |s| square_name(s, files));
    format!(
        "{board} {} {castling} {ep} {} {}",
        position.turn().char(),
        position.halfmove(),
        position.fullmove()
    )
}

/// Reads a chess FEN.
///
/// ```
/// use duckchess::variants::chess::{from_fen, FenError};
/// assert_eq!(from_fen("8/8/8/8/8/8/8/8 x").unwrap_err(), FenError::Turn("x".into()));
/// assert_eq!(from_fen("rnbqkbnr/ppppXppp/8/8/8/8/PPPPPPPP/RNBQKBNR").unwrap_err(),
///            FenError::BoardChar { ch: 'X', at: 13 });
/// ```
pub fn from_fen(fen: &str) -> Result<Position<u64>, FenError> {
    read_fen(rules(), fen)
}

/// Writes a chess position's FEN.
pub fn fen<S: SquareSet>(position: &Position<S>) -> String {
    write_fen(position)
}

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

/// A chess move in UCI coordinates: `e2e4`, `e7e8q`, castling as the
/// king's move `e1g1`.
pub fn uci(m: Move) -> String {
    write_uci(rules().variant(), m)
}

/// A move of a two-axis variant in UCI coordinates.
pub fn write_uci(variant: &Variant, m: Move) -> String {
    let files = variant.shape.size(0) as usize;
    let mut text = square_name(m.from(), files) + &square_name(m.to(), files);
    if let Some(kind) = m.promotion {
        text.push(variant.kind(kind).letter);
    }
    text
}

/// The legal move of a position written in UCI coordinates.
///
/// ```
/// use duckchess::variants::chess::{parse_uci, start, UciError};
/// let p = start();
/// assert!(parse_uci(&p, "g1f3").is_ok());
/// assert_eq!(parse_uci(&p, "e2e5"), Err(UciError::Illegal("e2e5".into())));
/// assert_eq!(parse_uci(&p, "e2"), Err(UciError::Syntax("e2".into())));
/// ```
pub fn parse_uci<S: SquareSet>(position: &Position<S>, text: &str) -> Result<Move, UciError> {
    let variant = position.rules().variant();
    let (files, ranks) = (
        variant.shape.size(0) as usize,
        variant.shape.size(1) as usize,
    );
    let syntax = || UciError::Syntax(super::line::shorten(text));
    if !text.is_ascii() || text.len() < 4 {
        return Err(syntax());
    }
    // The first square ends where the second file letter starts.
    let split = text[1..]
        .find(|c: char| c.is_ascii_lowercase())
        .map(|i| i + 1)
        .ok_or_else(syntax)?;
    let from = parse_square(&text[..split], files, ranks).ok_or_else(syntax)?;
    let rest = &text[split..];
    let (to_text, promotion) = match rest
        .char_indices()
        .skip(1)
        .find(|(_, c)| c.is_ascii_alphabetic())
    {
        Some((i, c)) if i + 1 == rest.len() => (
            &rest[..i],
            Some(variant.kind_by_letter(c).ok_or_else(syntax)?),
        ),
        Some(_) => return Err(syntax()),
        None => (rest, None),
    };
    let to = parse_square(to_text, files, ranks).ok_or_else(syntax)?;
    let legal = position.legal_moves();
    let between = || legal.iter().filter(|m| m.from() == from && m.to() == to);
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

/// Whether a move is a castling (for notation).
pub fn is_castling(m: Move) -> bool {
    matches!(m.kind, MoveKind::Castle(_))
}

/// A move in UCI coordinates or in SAN: text that is UCI's shape (`e2e4`,
/// `e7e8q`) is read as UCI, anything else as SAN.
///
/// ```
/// use duckchess::variants::chess::{read_move, start, uci};
/// let p = start();
/// assert_eq!(uci(read_move(&p, "g1f3").unwrap()), "g1f3");
/// assert_eq!(uci(read_move(&p, "Nf3").unwrap()), "g1f3");
/// assert_eq!(read_move(&p, "e2e5").unwrap_err().to_string(), "\"e2e5\" is not legal here");
/// ```
pub fn read_move<S: SquareSet>(
    position: &Position<S>,
    text: &str,
) -> Result<Move, super::NotationError> {
    match parse_uci(position, text.trim()) {
        Ok(m) => Ok(m),
        Err(UciError::Syntax(_)) => Ok(san::parse(position, text)?),
        Err(e) => Err(e.into()),
    }
}

/// Main lines of the common openings, balanced enough for matches: each
/// played twice with the colours swapped gives each side the same
/// positions.
pub const OPENINGS: &[(&str, &str)] = &[
    ("Ruy Lopez", "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6"),
    ("Italian Game", "e4 e5 Nf3 Nc6 Bc4 Bc5 c3 Nf6"),
    ("Scotch Game", "e4 e5 Nf3 Nc6 d4 exd4 Nxd4 Nf6"),
    ("Petrov Defence", "e4 e5 Nf3 Nf6 Nxe5 d6 Nf3 Nxe4"),
    ("Four Knights", "e4 e5 Nf3 Nc6 Nc3 Nf6 Bb5 Bb4"),
    ("Sicilian, Najdorf", "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6"),
    ("Sicilian, Taimanov", "e4 c5 Nf3 e6 d4 cxd4 Nxd4 Nc6"),
    ("Sicilian, Alapin", "e4 c5 c3 Nf6 e5 Nd5 d4 cxd4"),
    ("French Defence", "e4 e6 d4 d5 Nc3 Nf6"),
    ("Caro-Kann Defence", "e4 c6 d4 d5 Nc3 dxe4 Nxe4 Bf5"),
    ("Scandinavian Defence", "e4 d5 exd5 Qxd5 Nc3 Qa5"),
    ("Pirc Defence", "e4 d6 d4 Nf6 Nc3 g6"),
    ("Queen's Gambit Declined", "d4 d5 c4 e6 Nc3 Nf6 Bg5 Be7"),
    ("Slav Defence", "d4 d5 c4 c6 Nf3 Nf6 Nc3 dxc4"),
    ("Queen's Gambit Accepted", "d4 d5 c4 dxc4 Nf3 Nf6 e3 e6"),
    ("Nimzo-Indian Defence", "d4 Nf6 c4 e6 Nc3 Bb4 e3 O-O"),
    ("Queen's Indian Defence", "d4 Nf6 c4 e6 Nf3 b6 g3 Bb7"),
    (
        "King's Indian Defence",
        "d4 Nf6 c4 g6 Nc3 Bg7 e4 d6 Nf3 O-O",
    ),
    ("Grünfeld Defence", "d4 Nf6 c4 g6 Nc3 d5 cxd5 Nxd5"),
    ("Catalan Opening", "d4 Nf6 c4 e6 g3 d5 Bg2 Be7"),
    ("Benoni Defence", "d4 Nf6 c4 c5 d5 e6 Nc3 exd5 cxd5 d6"),
    ("Dutch Defence", "d4 f5 g3 Nf6 Bg2 e6 Nf3 Be7"),
    ("London System", "d4 d5 Bf4 Nf6 e3 e6 Nf3 c5"),
    ("English Opening", "c4 e5 Nc3 Nf6 Nf3 Nc6"),
    ("Réti Opening", "Nf3 d5 g3 Nf6 Bg2 e6"),
];

/// Chess as the front ends see it ([`super::Notation`]): FEN positions,
/// SAN moves (UCI coordinates for machines).
pub struct Chess;

impl super::Notation for Chess {
    fn openings(&self) -> &'static [(&'static str, &'static str)] {
        OPENINGS
    }

    /// Eight ranks, no `|`.
    fn recognizes(&self, text: &str) -> bool {
        let board = text.split_whitespace().next().unwrap_or("");
        !board.contains('|') && board.split('/').count() == 8
    }

    fn name(&self) -> &'static str {
        "chess"
    }

    fn title(&self) -> &'static str {
        "Chess"
    }

    fn summary(&self) -> String {
        "8×8; king queen rook bishop knight pawn; castling, en passant, promotion, \
         FIDE draws"
            .into()
    }

    fn start(&self) -> Box<dyn AnyPosition> {
        Box::new(start())
    }

    fn read_position(&self, text: &str) -> Result<Box<dyn AnyPosition>, super::NotationError> {
        Ok(Box::new(from_fen(text)?))
    }

    fn write_position(&self, position: &dyn AnyPosition) -> String {
        with_position!(position.concrete(), p => fen(p))
    }

    fn write_move(&self, position: &dyn AnyPosition, m: Move) -> String {
        with_position!(position.concrete(), p => san::write(p, m))
    }

    fn coordinate_move(&self, _position: &dyn AnyPosition, m: Move) -> String {
        uci(m)
    }

    fn read_move(
        &self,
        position: &dyn AnyPosition,
        text: &str,
    ) -> Result<Move, super::NotationError> {
        with_position!(position.concrete(), p => read_move(p, text))
    }

    fn square_name(&self, _position: &dyn AnyPosition, square: usize) -> String {
        square_name(square, 8)
    }

    /// At white space, except that an en passant mark written apart
    /// (`exd6 e.p.`) stays with its move.
    fn split_moves(&self, text: &str) -> Vec<String> {
        let mut moves: Vec<String> = Vec::new();
        for word in text.split_whitespace() {
            match moves.last_mut() {
                Some(last) if word == "e.p." => {
                    last.push(' ');
                    last.push_str(word);
                }
                _ => moves.push(word.into()),
            }
        }
        moves
    }

    fn board_label(&self, _position: &dyn AnyPosition, _z: usize, _w: usize) -> String {
        String::new()
    }

    fn write_record(&self, start: &dyn AnyPosition, moves: &[Move]) -> String {
        with_position!(start.concrete(), p => pgn::PgnGame::from_moves(*p, moves).write())
    }

    fn read_record(
        &self,
        text: &str,
    ) -> Result<(Box<dyn AnyPosition>, Vec<Move>), super::NotationError> {
        let game = pgn::read_game(text)?;
        Ok((Box::new(game.start), game.moves))
    }

    fn record_extension(&self) -> &'static str {
        "pgn"
    }

    /// PGN with the variations and comments; the result is how the main
    /// line ends, else the `Result` tag's.
    fn write_tree(
        &self,
        start: &dyn AnyPosition,
        tree: &[super::TreeMove],
        tags: &[(String, String)],
    ) -> Option<String> {
        Some(with_position!(start.concrete(), p => {
            let mut main = Vec::new();
            let mut at = None;
            while let Some(i) = tree.iter().position(|t| t.parent == at) {
                main.push(tree[i].mv);
                at = Some(i);
            }
            let mut game = pgn::PgnGame::from_moves(*p, &main);
            game.tags = tags.to_vec();
            if game.result == "*" {
                if let Some(r) = game.tag("Result").filter(|r| pgn::RESULTS.contains(r)) {
                    game.result = r.to_string();
                }
            }
            game.tree = tree.to_vec();
            game.write()
        }))
    }

    /// Every game of a PGN text, with its tags (and a `Result` tag from
    /// the movetext's end when the tags have none).
    fn read_records(&self, text: &str) -> Result<Vec<super::Record>, super::NotationError> {
        Ok(pgn::read_games(text)?
            .into_iter()
            .map(|mut game| {
                // The result the movetext ends with, when no tag gives it.
                if game.tag("Result").is_none() && game.result != "*" {
                    game.tags.push(("Result".into(), game.result.clone()));
                }
                super::Record {
                    tags: game.tags,
                    start: Box::new(game.start),
                    moves: game.moves,
                    tree: game.tree,
                }
            })
            .collect())
    }

    fn position_format(&self) -> &'static str {
        "FEN"
    }

    fn record_format(&self) -> &'static str {
        "PGN"
    }
}
