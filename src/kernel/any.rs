//! A position or a game of any variant behind one object-safe interface.
//!
//! [`Position`] is generic over its square-set type so that the hot loops
//! are monomorphised per board size; the command line, the terminal game and
//! the web page handle every variant alike through `dyn AnyPosition` and
//! `dyn AnyGame`. Each method forwards to the generic code, so perft through
//! this interface runs at full speed.

use super::{
    divide, perft, Color, Game, IllegalMove, Move, Outcome, Piece, Played, Position, SquareSet,
    Variant,
};
use std::any::Any;
use std::fmt;

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
    /// For a variant's notation, to reach the concrete [`Position`].
    fn as_any(&self) -> &dyn Any;
}

impl Clone for Box<dyn AnyPosition> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}

impl<S: SquareSet> AnyPosition for Position<S> {
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
    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// A game of some variant: a position and its history.
pub trait AnyGame: Send + Sync + fmt::Debug {
    /// The current position.
    fn position(&self) -> &dyn AnyPosition;
    /// The moves played so far.
    fn moves(&self) -> &[Move];
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

impl<S: SquareSet> AnyGame for Game<S> {
    fn position(&self) -> &dyn AnyPosition {
        Game::position(self)
    }
    fn moves(&self) -> &[Move] {
        Game::moves(self)
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
