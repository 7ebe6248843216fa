//! A position or a game of any variant behind one object-safe interface.
//!
//! [`Position`] is generic over its square-set type so that the hot loops
//! are monomorphised per board size; the command line, the terminal game and
//! the web page handle every variant alike through `dyn AnyPosition` and
//! `dyn AnyGame`. Each method forwards to the generic code, so perft through
//! this interface runs at full speed.
//!
//! Where generic code needs the concrete position back (the search, a
//! notation), [`AnyPosition::concrete`] gives it as a [`PositionRef`], one
//! arm per square-set type the kernel builds positions with: a `match` on
//! it is checked by the compiler, so every position the kernel makes is
//! one the search can play.

use super::{
    divide, perft, Big, Bits, Color, Game, IllegalMove, Move, Outcome, Piece, Played, Position,
    SquareSet, Variant,
};
use std::fmt;

/// The square-set types positions are built with: `u64` up to 64 squares
/// (chess, Fourfold, cubes up to 4), `u128` up to 128 (Duck Chess, the
/// 5-cube), then 4, 8 and 16 words (cubes of side 6, 7–8 and 9–10).
pub trait Width: SquareSet {
    /// The position as the arm of [`PositionRef`] for this width.
    fn wrap(position: &Position<Self>) -> PositionRef<'_>;
}

/// A position of any width, by reference: one arm per [`Width`].
#[derive(Copy, Clone, Debug)]
pub enum PositionRef<'a> {
    /// Up to 64 squares.
    U64(&'a Position<u64>),
    /// Up to 128 squares.
    U128(&'a Position<u128>),
    /// Up to 256 squares.
    Bits4(&'a Position<Bits<4>>),
    /// Up to 512 squares.
    Bits8(&'a Position<Bits<8>>),
    /// Up to 1,024 squares.
    Big(&'a Position<Big>),
}

macro_rules! width {
    ($t:ty, $arm:ident) => {
        impl Width for $t {
            fn wrap(position: &Position<Self>) -> PositionRef<'_> {
                PositionRef::$arm(position)
            }
        }
    };
}
width!(u64, U64);
width!(u128, U128);
width!(Bits<4>, Bits4);
width!(Bits<8>, Bits8);
width!(Big, Big);

/// Runs `$body` with `$p` bound to the concrete `&Position<S>` inside a
/// [`PositionRef`], the body compiled once per width.
///
/// ```
/// use duckchess::kernel::{with_position, AnyPosition};
/// let start = duckchess::variants::chess::start();
/// let any: &dyn AnyPosition = &start;
/// let moves = with_position!(any.concrete(), p => p.count_legal());
/// assert_eq!(moves, 20);
/// ```
#[macro_export]
macro_rules! with_position {
    ($position:expr, $p:ident => $body:expr) => {
        match $position {
            $crate::kernel::PositionRef::U64($p) => $body,
            $crate::kernel::PositionRef::U128($p) => $body,
            $crate::kernel::PositionRef::Bits4($p) => $body,
            $crate::kernel::PositionRef::Bits8($p) => $body,
            $crate::kernel::PositionRef::Big($p) => $body,
        }
    };
}

/// A position of some variant.
///
/// ```
/// use duckchess::kernel::AnyPosition;
/// let start: Box<dyn AnyPosition> = Box::new(duckchess::variants::chess::start());
/// assert_eq!(start.legal_moves().len(), 20);
/// assert_eq!(start.perft(2), 400);
/// ```
pub trait AnyPosition: Send + Sync + fmt::Debug {
    /// The variant's data: board shape, kinds of piece, rules.
    fn variant(&self) -> &Variant;
    /// The side to move.
    fn turn(&self) -> Color;
    /// The piece on a square.
    fn piece_at(&self, square: usize) -> Option<Piece>;
    /// Whether `side` can never mate: it has nothing but its royal piece in
    /// a game where bare kings cannot mate. A flag that falls against its
    /// opponent is then a draw (the clocks of `duckchess serve` and of the
    /// terminal game).
    fn cannot_mate(&self, side: Color) -> bool {
        let variant = self.variant();
        variant.draws.dead.bare_kings
            && (0..variant.shape.len()).all(|square| {
                self.piece_at(square)
                    .is_none_or(|p| p.color != side || variant.kinds[p.kind.index()].royal)
            })
    }
    /// Every legal move.
    fn legal_moves(&self) -> Vec<Move>;
    /// Whether the side to move is in check.
    fn is_check(&self) -> bool;
    /// The squares of the pieces giving check.
    fn checkers(&self) -> Vec<usize>;
    /// The squares of `color`'s pieces that attack `square`.
    fn attackers_of(&self, square: usize, color: Color) -> Vec<usize>;
    /// The square of `color`'s royal piece, if it has one.
    fn royal_square(&self, color: Color) -> Option<usize>;
    /// Plays a legal move.
    fn play(&mut self, m: Move) -> Result<Played, IllegalMove>;
    /// The end of the game as far as the position alone tells.
    fn outcome(&self) -> Option<Outcome>;
    /// Whether neither side can ever mate, even if the game ended otherwise
    /// (a stalemate may also be dead).
    fn is_dead(&self) -> bool;
    /// The position's hash key (equal positions, equal keys).
    fn key(&self) -> u64;
    /// Plies since the last capture or pawn move.
    fn halfmove(&self) -> u32;
    /// The move number.
    fn fullmove(&self) -> u32;
    /// Legal move paths of `depth` plies.
    fn perft(&self, depth: u32) -> u64;
    /// Perft split by first move.
    fn divide(&self, depth: u32) -> Vec<(Move, u64)>;
    /// A copy.
    fn clone_box(&self) -> Box<dyn AnyPosition>;
    /// A game starting here, with the history repetition needs.
    fn new_game(&self) -> Box<dyn AnyGame>;
    /// The concrete [`Position`], for generic code (the search, notation).
    fn concrete(&self) -> PositionRef<'_>;
    /// The castling rights still held: bit `i` for the variant's `i`-th
    /// castling rule.
    fn castling(&self) -> u8;
    /// The square a pawn just passed with a double step, if any.
    fn en_passant(&self) -> Option<usize>;
    /// The same placement with the other side to move (no en passant), as
    /// if the side to move passed; `None` when that is no position of the
    /// variant (the side now to move could take the other's king).
    fn passed(&self) -> Option<Box<dyn AnyPosition>>;
}

impl Clone for Box<dyn AnyPosition> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}

impl<S: Width> AnyPosition for Position<S> {
    fn variant(&self) -> &Variant {
        self.rules().variant()
    }
    fn turn(&self) -> Color {
        Position::turn(self)
    }
    fn piece_at(&self, square: usize) -> Option<Piece> {
        Position::piece_at(self, square)
    }
    fn legal_moves(&self) -> Vec<Move> {
        Position::legal_moves(self)
    }
    fn is_check(&self) -> bool {
        Position::is_check(self)
    }
    fn checkers(&self) -> Vec<usize> {
        Position::checkers(self).squares().collect()
    }
    fn attackers_of(&self, square: usize, color: Color) -> Vec<usize> {
        self.attackers(square, color, self.occupied())
            .squares()
            .collect()
    }
    fn royal_square(&self, color: Color) -> Option<usize> {
        Position::royal_square(self, color)
    }
    fn play(&mut self, m: Move) -> Result<Played, IllegalMove> {
        Position::play(self, m)
    }
    fn outcome(&self) -> Option<Outcome> {
        Position::outcome(self)
    }
    fn is_dead(&self) -> bool {
        Position::is_dead(self)
    }
    fn key(&self) -> u64 {
        Position::key(self)
    }
    fn halfmove(&self) -> u32 {
        Position::halfmove(self)
    }
    fn fullmove(&self) -> u32 {
        Position::fullmove(self)
    }
    fn perft(&self, depth: u32) -> u64 {
        perft(self, depth)
    }
    fn divide(&self, depth: u32) -> Vec<(Move, u64)> {
        divide(self, depth)
    }
    fn clone_box(&self) -> Box<dyn AnyPosition> {
        Box::new(*self)
    }
    fn new_game(&self) -> Box<dyn AnyGame> {
        Box::new(Game::new(*self))
    }
    fn concrete(&self) -> PositionRef<'_> {
        S::wrap(self)
    }
    fn castling(&self) -> u8 {
        Position::castling(self)
    }
    fn en_passant(&self) -> Option<usize> {
        Position::en_passant(self)
    }
    fn passed(&self) -> Option<Box<dyn AnyPosition>> {
        let mut setup = self.to_setup();
        setup.turn = !setup.turn;
        setup.en_passant = None;
        Position::from_setup(self.rules(), &setup)
            .ok()
            .map(|p| Box::new(p) as Box<dyn AnyPosition>)
    }
}

/// A game of some variant: a position and its history.
pub trait AnyGame: Send + Sync + fmt::Debug {
    /// The current position.
    fn position(&self) -> &dyn AnyPosition;
    /// The moves played so far.
    fn moves(&self) -> &[Move];
    /// The hash keys of every position of the game, oldest first, the
    /// current one last.
    fn keys(&self) -> &[u64];
    /// Plays a legal move.
    fn play(&mut self, m: Move) -> Result<Played, IllegalMove>;
    /// How often the current position has occurred since the last capture
    /// or pawn move.
    fn repetitions(&self) -> u32;
    /// The end of the game, repetition included.
    fn outcome(&self) -> Option<Outcome>;
    /// Whether the side to move may claim a draw.
    fn can_claim_draw(&self) -> bool;
    /// A copy.
    fn clone_box(&self) -> Box<dyn AnyGame>;
}

impl Clone for Box<dyn AnyGame> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}

impl<S: Width> AnyGame for Game<S> {
    fn position(&self) -> &dyn AnyPosition {
        Game::position(self)
    }
    fn moves(&self) -> &[Move] {
        Game::moves(self)
    }
    fn keys(&self) -> &[u64] {
        Game::keys(self)
    }
    fn play(&mut self, m: Move) -> Result<Played, IllegalMove> {
        Game::play(self, m)
    }
    fn repetitions(&self) -> u32 {
        Game::repetitions(self)
    }
    fn outcome(&self) -> Option<Outcome> {
        Game::outcome(self)
    }
    fn can_claim_draw(&self) -> bool {
        Game::can_claim_draw(self)
    }
    fn clone_box(&self) -> Box<dyn AnyGame> {
        Box::new(self.clone())
    }
}
