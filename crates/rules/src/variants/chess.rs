//! Orthodox chess (FIDE Laws, articles 1–5 and 9) as a kernel variant, with
//! its notation: FEN for positions, UCI coordinates and SAN ([`san`]) for
//! moves, PGN ([`pgn`]) for games.
//!
//! ```
//! use duckchess_rules::variants::chess;
//! let mut p = chess::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap();
//! let e4 = chess::parse_uci(&p, "e2e4").unwrap();
//! p.play(e4).unwrap();
//! assert_eq!(chess::fen(&p), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
//! assert_eq!(chess::uci(e4), "e2e4");
//! ```

use crate::geometry::{DirectionClass, Shape};
use crate::kernel::{
    with_position, AnyPosition, CastlingRule, Color, DeadPositions, DrawRules, Kind, Move,
    MoveKind, PawnRules, Piece, PieceKind, Position, Royalty, Rules, SquareSet, Stalemate, Variant,
};
use std::sync::OnceLock;

pub mod pgn;
pub use super::san;

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

/// What the search weighs each kind, in the kinds' order (king, queen,
/// rook, bishop, knight, pawn): its value, the worth of each square it
/// reaches and its centralisation, as `duckchess tune --tables` fitted
/// them to positions of self-play scored by Stockfish (docs/engine.md,
/// "Tuning").
const WEIGHTS: [[i32; 3]; 6] = [
    [0, 3, 2],
    [679, 1, 0],
    [367, 6, -1],
    [255, 7, -1],
    [239, 1, 2],
    [35, 3, 2],
];

/// Each kind's piece-square table in the kinds' order, in centipawns (see
/// [`PieceKind::table`]): the files folded to 4 (file `f` and `7 − f`
/// share one), times the 8 ranks counted from the side's own edge; entry
/// `min(f, 7 − f) + 4·rank`. Fitted with [`WEIGHTS`].
#[rustfmt::skip]
const TABLES: [[i32; 32]; 6] = [
    // king
    [
        35, 26, 0, 9,
        27, 23, 4, -10,
        10, -1, -7, -30,
        0, 0, -19, -41,
        6, 2, -16, -50,
        20, 24, 14, 2,
        18, 2, 9, 19,
        12, 14, 2, 8,
    ],
    // queen
    [
        -20, -25, -29, 20,
        2, -26, 19, -4,
        -19, 3, -12, -8,
        6, -5, -8, -9,
        5, -8, -1, 3,
        -8, -10, 0, -5,
        -2, -12, -13, -9,
        -5, -3, -2, -14,
    ],
    // rook
    [
        -9, -7, 6, 3,
        -16, -9, -18, -8,
        -8, -8, -12, -2,
        -8, 14, 10, 20,
        21, 16, 10, 20,
        11, 16, 17, 9,
        21, 0, 3, 3,
        23, 12, 7, 13,
    ],
    // bishop
    [
        -9, -10, -3, -24,
        -18, 10, -28, -2,
        1, -5, 3, 3,
        -8, -6, 8, -11,
        5, 18, -13, 3,
        -4, -1, 10, -1,
        -2, 2, -2, -16,
        5, -14, -9, -10,
    ],
    // knight
    [
        -1, -7, -13, -30,
        -2, -8, -9, -1,
        -20, -4, 12, -9,
        -9, 17, 13, -16,
        -4, 19, -2, 19,
        -7, 26, 1, 5,
        -3, -18, 12, -3,
        -13, -5, 6, -7,
    ],
    // pawn
    [
        -7, -7, -7, -7,
        9, 17, 27, -11,
        4, 13, 6, -10,
        -18, 0, 3, 8,
        -29, -1, -25, 2,
        -39, -34, -36, -42,
        -106, -63, -67, -41,
        -7, -7, -7, -7,
    ],
];

/// Orthodox chess as data: 8 × 8, K Q R B N P, castling, en passant,
/// promotion to Q R B N, the FIDE draw rules.
pub fn variant() -> Variant {
    let shape = Shape::new(&[8, 8]).expect("8 × 8 is a board");
    // Each kind's value, reach, centralisation and table: `WEIGHTS` and
    // `TABLES`, as `duckchess tune` fitted them.
    let kinds = vec![
        PieceKind::new("king", 'k', 0)
            .leap(&[1, 0])
            .leap(&[1, 1])
            .royal(),
        PieceKind::new("queen", 'q', 0).slide(DirectionClass::ANY),
        PieceKind::new("rook", 'r', 0).slide(DirectionClass::ROOK),
        PieceKind::new("bishop", 'b', 0).slide(DirectionClass::BISHOP),
        PieceKind::new("knight", 'n', 0).leap(&[2, 1]),
        PieceKind::new("pawn", 'p', 0).pawn(PawnRules {
            forward_axis: 1,
            capture_axes: 1 << 0,
            double_step: true,
            en_passant: true,
            promotion: vec![QUEEN, ROOK, BISHOP, KNIGHT],
            black_promotion: None,
            promotion_ranks: 1,
            promotion_region: None,
            double_step_ranks: [1 << 1; 2],
            en_passant_ranks: [u64::MAX; 2],
            choice: None,
        }),
    ]
    .into_iter()
    .enumerate()
    .map(|(i, kind)| kind.fitted(WEIGHTS[i], &TABLES[i]))
    .collect::<Vec<_>>();
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
            takes_rook: false,
            first_move: false,
            lost_to: None,
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
            ..DrawRules::default()
        },
        stalemate: Stalemate::Draw,
        flying_general: false,
        extinction: None,
        drops: None,
        goals: crate::kernel::Goals::default(),
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

pub use super::fen::{read_fen, write_fen, FenError};
pub use super::square_names::{parse_square, square_name};
pub use super::uci::{parse_uci, write_uci, UciError};

/// Reads a chess FEN. A castling right whose king or rook is not on its
/// square is refused (the file games, as Fairy-Stockfish, drop it).
///
/// ```
/// use duckchess_rules::variants::chess::{from_fen, FenError};
/// assert_eq!(from_fen("8/8/8/8/8/8/8/8 x").unwrap_err(), FenError::Turn("x".into()));
/// assert_eq!(from_fen("rnbqkbnr/ppppXppp/8/8/8/8/PPPPPPPP/RNBQKBNR").unwrap_err(),
///            FenError::BoardChar { ch: 'X', at: 13 });
/// assert_eq!(from_fen("r3k3/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap_err().to_string(),
///            "castling field: k, but the king or its rook has moved");
/// ```
pub fn from_fen(fen: &str) -> Result<Position<u64>, FenError> {
    let parsed: super::fen::Fen = fen.parse()?;
    let position = parsed.position(rules())?;
    let rules = &rules().variant().castling;
    for &letter in &parsed.castling {
        let held = rules
            .iter()
            .position(|c| c.letter == letter)
            .is_some_and(|i| position.castling() >> i & 1 == 1);
        if !held {
            return Err(FenError::UnheldCastling(letter));
        }
    }
    Ok(position)
}

/// Writes a chess position's FEN.
pub fn fen<S: SquareSet>(position: &Position<S>) -> String {
    write_fen(position)
}

/// A chess move in UCI coordinates: `e2e4`, `e7e8q`, castling as the
/// king's move `e1g1`.
pub fn uci(m: Move) -> String {
    write_uci(rules().variant(), m)
}

/// Whether a move is a castling (for notation).
pub fn is_castling(m: Move) -> bool {
    matches!(m.kind, MoveKind::Castle(_))
}

/// A move in UCI coordinates or in SAN: text that is UCI's shape (`e2e4`,
/// `e7e8q`) is read as UCI, anything else as SAN.
///
/// ```
/// use duckchess_rules::variants::chess::{read_move, start, uci};
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

impl crate::variants::prelude::GameRules for Chess {
    fn openings(&self) -> &'static [(&'static str, &'static str)] {
        OPENINGS
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
}

impl crate::variants::prelude::Text for Chess {
    /// Eight ranks, no `|`.
    fn recognizes(&self, text: &str) -> bool {
        let board = text.split_whitespace().next().unwrap_or("");
        !board.contains('|') && board.split('/').count() == 8
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

impl crate::variants::prelude::Presentation for Chess {
    fn board_label(&self, _position: &dyn AnyPosition, _z: usize, _w: usize) -> String {
        String::new()
    }
}

impl crate::variants::prelude::EngineInterop for Chess {}
