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
    divide, perft, Big, Bits, Color, Game, IllegalMove, Kind, Move, Outcome, Piece, Played,
    Position, SquareSet, Variant,
};
use std::fmt;

/// The square-set types positions are built with: `u64` up to 64 squares
/// (chess, Fourfold, cubes up to 4), `u128` up to 128 (Duck Chess, the
/// 5-cube), then 2 words (more than 8 kinds on up to 128 squares:
/// opulent), 4, 8 and 16 words (cubes of side 6, 7–8 and 9–10).
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
    /// Up to 128 squares, more than 8 kinds.
    Bits2(&'a Position<Bits<2>>),
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
width!(Bits<2>, Bits2);
width!(Bits<4>, Bits4);
width!(Bits<8>, Bits8);
width!(Big, Big);

/// Runs `$body` with `$p` bound to the concrete `&Position<S>` inside a
/// [`PositionRef`], the body compiled once per width.
///
/// ```
/// use duckchess_rules::kernel::{with_position, AnyPosition};
/// let start = duckchess_rules::variants::chess::start();
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
            $crate::kernel::PositionRef::Bits2($p) => $body,
            $crate::kernel::PositionRef::Bits4($p) => $body,
            $crate::kernel::PositionRef::Bits8($p) => $body,
            $crate::kernel::PositionRef::Big($p) => $body,
        }
    };
}

/// A position of some variant.
///
/// ```
/// use duckchess_rules::kernel::AnyPosition;
/// let start: Box<dyn AnyPosition> = Box::new(duckchess_rules::variants::chess::start());
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
    /// Whether a wall stands on `square` (games with walls: FEN's `*`).
    fn is_wall(&self, square: usize) -> bool {
        let _ = square;
        false
    }
    /// Whether the side to move is in check.
    fn is_check(&self) -> bool;
    /// The squares of the pieces giving check.
    fn checkers(&self) -> Vec<usize>;
    /// The squares of `color`'s pieces that attack `square`, in square
    /// order: those that could capture there, by their movement rules and
    /// with the board as it stands, if a piece of the other side stood on
    /// it. Whatever stands on `square` is ignored (so a side's pieces that
    /// attack a square holding one of its own pieces defend it); pawns
    /// count by their captures only, not their pushes nor en passant;
    /// castling never captures; and, as for check, pins and the mover's
    /// own royal piece's safety are ignored (a pinned piece still attacks,
    /// a king attacks a defended square). Sliders and lame leapers (Duck
    /// Chess's elephant, horse and duck) are blocked by any piece between.
    ///
    /// ```
    /// use duckchess_rules::kernel::{AnyPosition, Color};
    /// use duckchess_rules::variants::by_name;
    /// let chess = by_name("chess").unwrap();
    /// let p = chess
    ///     .read_position("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
    ///     .unwrap();
    /// let e5 = 36;
    /// assert_eq!(p.attackers_of(e5, Color::White), [21]); // Nf3
    /// assert_eq!(p.attackers_of(e5, Color::Black), [42]); // Nc6
    /// ```
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
    /// The checks a side has still to give to win an n-check game (0 in
    /// any other).
    fn checks_to_give(&self, color: Color) -> u32;
    /// The pieces `color` holds in hand, in the variant's order of kinds,
    /// each with its count (none in a game without drops): what the
    /// front ends draw as the pocket beside the board.
    fn hand(&self, color: Color) -> Vec<(Kind, u32)> {
        (0..self.variant().kinds.len())
            .map(|k| Kind(k as u8))
            .filter_map(|kind| {
                let n = self.in_hand(color, kind);
                (n > 0).then_some((kind, n))
            })
            .collect()
    }
    /// How many pieces of `kind` `color` holds in hand.
    fn in_hand(&self, color: Color, kind: Kind) -> u32;
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
    fn is_wall(&self, square: usize) -> bool {
        self.walls().contains(square)
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
    fn checks_to_give(&self, color: Color) -> u32 {
        Position::checks_to_give(self, color)
    }
    fn in_hand(&self, color: Color, kind: Kind) -> u32 {
        Position::in_hand(self, color, kind)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernel::{Kind, MoveKind, Royalty, Rules, Setup};
    use std::collections::BTreeSet;

    /// A small deterministic generator (xorshift), for the random games.
    struct Rng(u64);

    impl Rng {
        fn below(&mut self, n: usize) -> usize {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 % n as u64) as usize
        }
    }

    /// [`AnyPosition::attackers_of`] against an independent computation:
    /// put a piece of the other side on the square (keeping an enemy royal
    /// piece that stands there already) and list the pieces with a move
    /// onto it, generated by the move generator under capture royalty
    /// (every move by the pieces' rules, pins and checks ignored), for
    /// every square of positions along random games.
    fn attackers_match_capturing_moves<S: Width>(normal: &'static Rules<S>, seed: u64) {
        let mut variant = normal.variant().clone();
        variant.royalty = Royalty::Capture;
        variant.royal_required = false;
        variant.castling.clear();
        let free: &'static Rules<S> = Rules::new(variant).expect("a variant").leak();
        let v = normal.variant();
        // A kind to put on the square: neither pawn nor royal.
        let target = (0..v.kinds.len())
            .map(|k| Kind(k as u8))
            .find(|&k| !v.kind(k).royal && v.kind(k).pawn.is_none())
            .expect("a plain kind");
        let mut rng = Rng(seed);
        let mut checked = 0;
        for _game in 0..12 {
            let mut p = Position::new(normal);
            if v.start.is_empty() {
                // The cube has no start: pieces of every kind put anywhere.
                p = loop {
                    let mut setup = Setup::empty(normal.len());
                    // Each side's royal piece last, on squares of their own
                    // (capture royalty without one has no moves).
                    let mut kinds: Vec<usize> = (0..v.kinds.len() * 3).collect();
                    kinds.sort_by_key(|&k| v.kinds[k % v.kinds.len()].royal);
                    for k in kinds {
                        let kind = Kind((k % v.kinds.len()) as u8);
                        let piece = Some(Piece {
                            color: Color::ALL[k % 2],
                            kind,
                        });
                        let royal = v.kind(kind).royal;
                        if royal && setup.board.contains(&piece) {
                            continue;
                        }
                        let square = rng.below(normal.len());
                        if !royal || setup.board[square].is_none_or(|p| !v.kind(p.kind).royal) {
                            setup.board[square] = piece;
                        }
                    }
                    if let Ok(p) = Position::from_setup(normal, &setup) {
                        break p;
                    }
                };
            }
            for ply in 0..80 {
                if ply % 7 == 3 {
                    for square in 0..normal.len() {
                        for color in Color::ALL {
                            let here = p.piece_at(square);
                            let mut setup = p.to_setup();
                            match here {
                                Some(piece) if v.kind(piece.kind).royal => {
                                    if piece.color == color {
                                        continue;
                                    }
                                }
                                _ => {
                                    setup.board[square] = Some(Piece {
                                        color: !color,
                                        kind: target,
                                    })
                                }
                            }
                            setup.turn = color;
                            setup.en_passant = None;
                            setup.castling = 0;
                            let q = Position::from_setup(free, &setup).expect("a position");
                            let brute: BTreeSet<usize> = q
                                .legal_moves()
                                .into_iter()
                                .filter(|m| {
                                    m.to() == square && !matches!(m.kind, MoveKind::Castle(_))
                                })
                                .map(|m| m.from())
                                .collect();
                            let found = AnyPosition::attackers_of(&p, square, color);
                            assert_eq!(
                                found.iter().copied().collect::<BTreeSet<_>>(),
                                brute,
                                "{} square {square} {color:?} in {:?}",
                                v.name,
                                p.to_setup()
                            );
                            checked += 1;
                        }
                    }
                }
                let moves = p.legal_moves();
                if moves.is_empty() || p.outcome().is_some() {
                    break;
                }
                p.play(moves[rng.below(moves.len())]).expect("legal");
            }
        }
        assert!(checked > 1000, "{checked}");
    }

    #[test]
    fn chess_attackers_are_the_pieces_that_could_capture_there() {
        attackers_match_capturing_moves(crate::variants::chess::rules(), 0x9e37_79b9_7f4a_7c15);
    }

    #[test]
    fn every_games_attackers_are_the_pieces_that_could_capture_there() {
        use crate::variants::fourfold::{rules, Army};
        attackers_match_capturing_moves(rules(Army::Full), 7);
        attackers_match_capturing_moves(rules(Army::Classic), 11);
        attackers_match_capturing_moves(crate::variants::duck::rules(), 13);
        let cube: &'static Rules<u64> = Rules::new(crate::variants::cube::variant(4))
            .expect("the 4-cube")
            .leak();
        attackers_match_capturing_moves(cube, 17);
    }
}
