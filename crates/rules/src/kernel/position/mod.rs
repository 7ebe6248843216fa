//! A position of any variant: the board as bit sets, side to move, castling
//! rights, en passant square, clocks and a hash key. Its parts: reading and
//! writing it as plain data ([`setup`]), its hash key, hands and promoted
//! marks ([`keys`]), attacks and check ([`attacks`]), legal moves
//! ([`legality`] over [`generate`]'s pseudo-legal ones), making moves
//! ([`play`]) and the end of the game ([`outcome`]).

mod attacks;
mod generate;
mod keys;
mod legality;
mod outcome;
mod play;
mod setup;

use generate::Count;
pub(crate) use generate::Sink;
pub use outcome::{Draw, Outcome, Win};
pub use play::IllegalMove;
pub use setup::{PositionError, Setup};

use super::pawn_ways::EP_SQUARE;
use super::squares::{KindMask, Spare, NONE};
use super::{
    Blast, Color, ExtinctionValue, Flag, Kind, Move, MoveKind, PawnClock, PerKind, Piece, Played,
    Royalty, Rules, SquareSet, Stalemate, Variant, MAX_KINDS,
};
use std::fmt;
use thiserror::Error;

/// A position of a variant with square sets `S` (`u64` for 64 squares).
///
/// ```
/// use duckchess_rules::kernel::Position;
/// let start = Position::new(duckchess_rules::variants::chess::rules());
/// assert_eq!(start.legal_moves().len(), 20);
/// assert!(!start.is_check());
/// ```
#[derive(Clone, Copy)]
pub struct Position<S: SquareSet> {
    rules: &'static Rules<S>,
    by_color: [S; 2],
    by_kind: S::Kinds,
    turn: Color,
    pub(crate) castling: u8,
    /// The square a double step passed, or [`NONE`]; where pawns have
    /// their own ways, its bits from [`EP_SQUARE`] up also say which push
    /// the pawn doubled ([`Rules::way_victim`]).
    pub(crate) ep: u16,
    halfmove: u32,
    fullmove: u32,
    pub(crate) key: u64,
    /// Pieces in hand, `[color][kind]` (games with drops).
    hands: [S::Hand; 2],
    /// The checks each side has still to give (n-check games).
    checks: [u8; 2],
    /// The marks of promoted pieces where positions of this width carry a
    /// spare set ([`Position::marks`]).
    spare: S::Spare,
    /// Janggi's streaks: the passes made in a row up to this position, and
    /// the positions in a row, this one included, whose royal pieces face
    /// each other (bikjang).
    ///
    /// A game with gating, which has neither, keeps its gates here
    /// instead ([`Gating`](super::Gating)): a position stays within two
    /// cache lines.
    ///
    /// In a game where a mate by a drop may lose (which has no passes nor
    /// bikjang), `streaks[0]` is instead 1 + the kind the last move
    /// dropped, 0 after a move on the board ([`Position::mated_by_drop`]):
    /// a position of 64 squares stays within 128 bytes.
    pub(crate) streaks: [u8; 2],
}

/// Where a game whose captures go to hand keeps its promoted pieces on a
/// board of at most 64 squares: the last slot of `by_kind`, which such a
/// game leaves free (a set of its own would make every position larger,
/// and chess's copies slower). Larger boards' positions keep them in their
/// spare set ([`SquareSet::Spare`]).
fn promoted_slot<S: SquareSet>() -> usize {
    <S::Kinds as PerKind<S>>::LEN - 1
}

impl<S: SquareSet> PartialEq for Position<S> {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.rules, other.rules)
            && self.by_color == other.by_color
            && self.by_kind == other.by_kind
            && self.hands == other.hands
            && self.checks == other.checks
            && self.spare == other.spare
            && self.streaks == other.streaks
            && (
                self.turn,
                self.castling,
                self.ep,
                self.halfmove,
                self.fullmove,
            ) == (
                other.turn,
                other.castling,
                other.ep,
                other.halfmove,
                other.fullmove,
            )
    }
}

impl<S: SquareSet> fmt::Debug for Position<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let variant = self.rules.variant();
        let board: String = (0..self.rules.len())
            .map(|s| self.piece_at(s).map_or('.', |p| variant.piece_char(p)))
            .collect();
        f.debug_struct("Position")
            .field("variant", &variant.name)
            .field("board", &board)
            .field("turn", &self.turn)
            .field("castling", &self.castling)
            .field("en_passant", &self.en_passant())
            .field("halfmove", &self.halfmove)
            .field("fullmove", &self.fullmove)
            .field("hands", &self.hands)
            .field("checks", &self.checks)
            .finish()
    }
}

impl<S: SquareSet> Position<S> {
    /// The variant's start position.
    pub fn new(rules: &'static Rules<S>) -> Position<S> {
        let variant = rules.variant();
        let mut setup = Setup::empty(rules.len());
        for &(square, piece) in &variant.start {
            setup.board[square] = Some(piece);
        }
        setup.castling = ((1u16 << variant.castling.len()) - 1) as u8;
        setup.checks = variant.goals.checks.unwrap_or_default();
        for piece in variant.drops.iter().flat_map(|d| &d.start_hand) {
            setup.hands[piece.color.index()][piece.kind.index()] += 1;
        }
        setup.walls = variant
            .goals
            .walls
            .iter()
            .flat_map(|w| w.start.clone())
            .collect();
        setup.gates = variant
            .drops
            .iter()
            .flat_map(|d| d.gating.iter().flat_map(|g| g.start.clone()))
            .collect();
        Position::from_setup(rules, &setup).expect("the variant's start is a valid position")
    }

    /// The rules this position follows.
    pub fn rules(&self) -> &'static Rules<S> {
        self.rules
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// Bit `i` set: castling by the variant's rule `i` is still allowed.
    pub fn castling(&self) -> u8 {
        self.castling
    }

    /// The square a pawn just passed by a double step, if any.
    pub fn en_passant(&self) -> Option<usize> {
        (self.ep != NONE).then_some((self.ep & EP_SQUARE) as usize)
    }

    /// Plies since the last capture or pawn move.
    pub fn halfmove(&self) -> u32 {
        self.halfmove
    }

    /// The move number.
    pub fn fullmove(&self) -> u32 {
        self.fullmove
    }

    /// A hash of the board, side to move, castling rights and (when a capture
    /// is possible) the en passant square: equal keys mean a repetition.
    pub fn key(&self) -> u64 {
        self.key
    }

    /// All occupied squares: the pieces' and the walls' ([`Position::walls`],
    /// kept with the marks, which stand on pieces).
    #[inline]
    pub fn occupied(&self) -> S {
        self.by_color[0] | self.by_color[1] | self.marks()
    }

    /// One side's squares.
    #[inline]
    pub fn by_color(&self, color: Color) -> S {
        self.by_color[color.index()]
    }

    /// One kind's squares, both sides.
    #[inline]
    pub fn by_kind(&self, kind: Kind) -> S {
        self.by_kind[kind.index()]
    }

    /// One side's pieces of one kind.
    #[inline]
    pub fn pieces(&self, color: Color, kind: Kind) -> S {
        self.by_color[color.index()] & self.by_kind[kind.index()]
    }

    #[inline]
    pub(crate) fn kind_at(&self, square: usize) -> Option<Kind> {
        (0..self.rules.variant.kinds.len())
            .find(|&k| self.by_kind[k].contains(square))
            .map(|k| Kind(k as u8))
    }

    /// The piece on a square.
    pub fn piece_at(&self, square: usize) -> Option<Piece> {
        let kind = self.kind_at(square)?;
        let color = if self.by_color[0].contains(square) {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece { color, kind })
    }

    /// The square of a side's royal piece, if it has one.
    #[inline]
    pub fn royal_square(&self, color: Color) -> Option<usize> {
        self.pieces(color, self.rules.royal?).first()
    }
}
