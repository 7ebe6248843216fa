//! A game in progress: the board, the side to move and whether a captain has
//! been removed. Playing a command, generating moves and finding check.

use crate::attacks::{bit, points, tables, Bits, Tables, DIRECTIONS};
use crate::verdict::{Invalid, MoveRecord};
use crate::{Board, Color, Command, Piece, Point, Role};

/// A move between two board points (valid or not: see [`Position::validate`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// Start point.
    pub from: Point,
    /// Target point.
    pub to: Point,
}

/// What `Position::make` needs to be undone by `Position::unmake`: the
/// piece removed, if any.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Undo {
    removed: Option<Piece>,
    halfmove_clock: u32,
}

/// Why a placement cannot be a position.
#[derive(Copy, Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// One side has more than one captain.
    #[error("{0} has more than one captain")]
    TwoCaptains(Color),
}

/// A game: placement, side to move, whether it is over (and who won), and
/// the move counters FEN keeps.
///
/// Moves are played through [`Position::play`], which checks them (or
/// [`Position::play_generated`], for a generated move); there is no public
/// way to make an unchecked move:
///
/// ```compile_fail
/// use duckchess_judge::{Move, Point, Position};
/// let mut game = Position::initial();
/// let (from, to) = (Point::new(0, 0).unwrap(), Point::new(0, 1).unwrap());
/// game.make(Move { from, to }); // would take red's own horse
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    board: Board,
    turn: Color,
    over: bool,
    winner: Option<Color>,
    /// Plies since the last capture, as FEN's fifth field.
    halfmove_clock: u32,
    /// FEN's sixth field: 1 at the start, up by one after each blue move.
    move_number: u32,
}

impl Default for Position {
    fn default() -> Position {
        Position::initial()
    }
}

impl Position {
    /// The initial layout, red to move.
    pub fn initial() -> Position {
        Position::new(Board::initial(), Color::Red).expect("the initial layout is a position")
    }

    /// A game from any placement with at most one captain a side, its
    /// move counters at `0 1`. A game is over once a captain is gone, so a
    /// placement that lacks one is a finished game: its winner is the side
    /// that still has a captain (none when both lack one), and every
    /// command is invalid.
    ///
    /// ```
    /// use duckchess_judge::{Color, Position};
    /// let won: Position = "9/9/9/9/9/9/9/9/9/4K4 b".parse().unwrap();
    /// assert!(won.is_over() && won.moves().is_empty());
    /// assert_eq!(won.winner(), Some(Color::Red));
    /// ```
    pub fn new(board: Board, turn: Color) -> Result<Position, PositionError> {
        for color in Color::ALL {
            if board.bits_of(Piece::new(color, Role::Captain)).count_ones() > 1 {
                return Err(PositionError::TwoCaptains(color));
            }
        }
        let (red, blue) = (board.captain(Color::Red), board.captain(Color::Blue));
        let winner = match (red, blue) {
            (Some(_), None) => Some(Color::Red),
            (None, Some(_)) => Some(Color::Blue),
            _ => None,
        };
        Ok(Position {
            board,
            turn,
            over: red.is_none() || blue.is_none(),
            winner,
            halfmove_clock: 0,
            move_number: 1,
        })
    }

    /// The same position with FEN's move counters set: `halfmove_clock`
    /// plies since the last capture, and `move_number` (at least 1).
    pub fn with_counters(mut self, halfmove_clock: u32, move_number: u32) -> Position {
        self.halfmove_clock = halfmove_clock;
        self.move_number = move_number.max(1);
        self
    }

    /// Plies since the last capture (FEN's fifth field).
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock
    }

    /// The move number (FEN's sixth field): 1 at the start, up by one after
    /// each blue move.
    pub fn move_number(&self) -> u32 {
        self.move_number
    }

    /// The placement.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The side whose captain is left, once the game is over (none when
    /// a placement without either captain was loaded).
    pub fn winner(&self) -> Option<Color> {
        self.winner
    }

    /// Whether a captain is gone: removed by a move, or missing from the
    /// placement the game was loaded from.
    #[inline]
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// Where the captain of `color` stands.
    pub fn captain(&self, color: Color) -> Option<Point> {
        self.board.captain(color)
    }

    /// Plays one judge command: the move record, or why it is invalid (and
    /// then nothing changes).
    ///
    /// ```
    /// use duckchess_judge::{Command, Position};
    /// let mut game = Position::initial();
    /// // Line 5 of the official sample.
    /// let record = game.play(Command::new(0, 3, 1, 2)).unwrap();
    /// assert_eq!(record.to_string(), "red guard;NA;no;no");
    /// // Blue's car cannot come down past its own duck.
    /// let why = game.play(Command::new(9, 0, 2, 0)).unwrap_err();
    /// assert_eq!(why.to_string(), "car at (9,0) cannot pass (7,0), which holds blue duck");
    /// ```
    pub fn play(&mut self, command: Command) -> Result<MoveRecord, Invalid> {
        if self.over {
            return Err(Invalid::GameOver {
                winner: self.winner,
            });
        }
        let Some(from) = command.start() else {
            return Err(Invalid::StartOffBoard {
                x: command.xs,
                y: command.ys,
            });
        };
        let piece = self.own_piece_at(from)?;
        let Some(to) = command.target() else {
            return Err(Invalid::TargetOffBoard {
                piece,
                from,
                x: command.xt,
                y: command.yt,
            });
        };
        self.check_move(piece, from, to)?;
        let undo = self.make(Move { from, to });
        Ok(MoveRecord {
            piece,
            from,
            to,
            removed: undo.removed,
            check: self.is_check(),
            over: self.is_over(),
        })
    }

    /// Plays `m`, a move this position's own generators gave
    /// ([`Position::for_each_move`], [`Position::for_each_target`],
    /// [`Position::attackers`]), for the contest tools' generator, which
    /// plays millions. What keeps the game whole is checked — the game is
    /// not over, a piece of the side to move stands on `from`, none of its
    /// own on `to` — and refused as [`Position::validate`] refuses it; the
    /// piece's movement rule, which the generators already applied, is
    /// checked again only in debug builds (in release it cost the generator
    /// 7 to 9 % of its instructions).
    pub fn play_generated(&mut self, m: Move) -> Result<(), Invalid> {
        if self.over {
            return Err(Invalid::GameOver {
                winner: self.winner,
            });
        }
        let piece = self.own_piece_at(m.from)?;
        if self.board.is_color(m.to, piece.color) {
            return self.check_move(piece, m.from, m.to);
        }
        self.make(m);
        Ok(())
    }

    /// Whether `m` is a valid move for the side to move, and if not, why.
    pub fn validate(&self, m: Move) -> Result<(), Invalid> {
        if self.over {
            return Err(Invalid::GameOver {
                winner: self.winner,
            });
        }
        let piece = self.own_piece_at(m.from)?;
        self.check_move(piece, m.from, m.to)
    }

    fn own_piece_at(&self, from: Point) -> Result<Piece, Invalid> {
        match self.board.get(from) {
            None => Err(Invalid::NoPiece {
                at: from,
                turn: self.turn,
            }),
            Some(piece) if piece.color != self.turn => Err(Invalid::EnemyPiece { at: from, piece }),
            Some(piece) => Ok(piece),
        }
    }

    /// The rule of `piece`'s role and the extra rules, for a piece standing
    /// on `from` (whoever's turn it is).
    fn check_move(&self, piece: Piece, from: Point, to: Point) -> Result<(), Invalid> {
        if self.board.is_color(to, piece.color) {
            return Err(Invalid::OwnPieceOnTarget {
                piece,
                from,
                to,
                occupant: self.board.get(to).expect("an own piece stands there"),
            });
        }
        let blocked = |index: usize, at: Point| Invalid::Blocked {
            piece,
            from,
            to,
            at,
            index,
            blocker: self.board.get(at).expect("a blocking point holds a piece"),
        };
        let t = tables();
        if piece.role == Role::Car {
            let d = t
                .direction(from, to)
                .ok_or(Invalid::Shape { piece, from, to })?;
            let (reach, first) = t.slide(from, d, self.board.occupied());
            return match first {
                Some(at) if reach & bit(to.index()) == 0 => {
                    let passed = (t.ray(from, d) & !t.ray(at, d)).count_ones() as usize - 1;
                    Err(blocked(passed, at))
                }
                _ => Ok(()),
            };
        }
        let leap = t
            .leaps(piece.role, from)
            .iter()
            .find(|l| l.other as usize == to.index())
            .ok_or(Invalid::Shape { piece, from, to })?;
        if self.board.is_open(leap) {
            return Ok(());
        }
        leap.blocking_points()
            .enumerate()
            .find(|&(_, b)| self.board.get(b).is_some())
            .map_or(Ok(()), |(i, at)| Err(blocked(i, at)))
    }

    /// Makes a move known to be valid (from [`Position::moves`] or checked
    /// by [`Position::validate`]) and returns what undoes it. Removing a
    /// captain ends the game.
    ///
    /// Not public: an unchecked move could take the mover's own piece or
    /// start on an empty point. The crate's hot loops (perft, search) use
    /// it; everyone else plays through [`Position::play`] or
    /// [`Position::play_generated`].
    ///
    /// Kept out of line: perft ran 2 % slower with it inlined.
    #[inline(never)]
    pub(crate) fn make(&mut self, m: Move) -> Undo {
        self.make_inlined(m)
    }

    /// [`Position::make`], always inlined: the judge's loop, one move a
    /// command, pays for the call (its `realistic` commands ran 12 %
    /// slower with it).
    #[inline(always)]
    pub(crate) fn make_inlined(&mut self, m: Move) -> Undo {
        debug_assert!(self.validate(m).is_ok(), "make: {m:?} is not valid");
        let removed = self.board.move_piece(m.from, m.to);
        if removed.is_some_and(|r| r.role == Role::Captain) {
            // Only the side to move moves.
            self.over = true;
            self.winner = Some(self.turn);
        }
        let halfmove_clock = self.halfmove_clock;
        // As Fairy-Stockfish counts: a capture resets the clock (no piece
        // of this game is a pawn), and a blue move completes a move.
        self.halfmove_clock = if removed.is_some() {
            0
        } else {
            halfmove_clock.saturating_add(1)
        };
        self.move_number += u32::from(self.turn == Color::Blue);
        self.turn = self.turn.other();
        Undo {
            removed,
            halfmove_clock,
        }
    }

    /// Takes back `m`, made with `Position::make` which returned `undo`.
    #[inline]
    pub(crate) fn unmake(&mut self, m: Move, undo: Undo) {
        self.turn = self.turn.other();
        self.move_number -= u32::from(self.turn == Color::Blue);
        self.halfmove_clock = undo.halfmove_clock;
        self.board.unmove_piece(m.from, m.to, undo.removed);
        if undo.removed.is_some_and(|r| r.role == Role::Captain) {
            self.over = false;
            self.winner = None;
        }
    }

    /// Whether either side has a valid move that removes the other's
    /// captain. Never true once the game is over.
    #[inline]
    pub fn is_check(&self) -> bool {
        if self.is_over() {
            return false;
        }
        let t = tables();
        for c in Color::ALL {
            if let Some(target) = self.captain(c) {
                for role in Role::ALL {
                    if self.attackers_of_role(t, target, c.other(), role) != 0 {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// The pieces of `by` that could move onto `target` by their rules,
    /// whoever's turn it is.
    pub fn attackers(&self, target: Point, by: Color) -> impl Iterator<Item = Point> + '_ {
        Role::ALL
            .into_iter()
            .flat_map(move |role| points(self.attackers_of_role(tables(), target, by, role)))
    }

    /// The pieces of `by` and `role` that could move onto `target`, found
    /// from `target` outward: the role is looked at only when one of its
    /// pieces stands where it could reach `target` on an empty board; then
    /// its leaps' blocking points (or the car's rays) are checked.
    #[inline(always)]
    fn attackers_of_role(&self, t: &Tables, target: Point, by: Color, role: Role) -> Bits {
        let board = &self.board;
        let pieces = board.bits_of(Piece::new(by, role));
        let near = pieces & t.reach(role, target);
        if near == 0 || t.unblockable(role) {
            return near;
        }
        if role == Role::Car {
            // Only the rays that hold one of the cars need their first
            // piece found.
            let occupied = board.occupied();
            let mut found = 0;
            for d in 0..DIRECTIONS {
                if t.ray(target, d) & pieces != 0 {
                    found |= t.slide(target, d, occupied).0 & pieces;
                }
            }
            return found;
        }
        // Branch-free, as in `reach_of`.
        t.incoming(role, target).iter().fold(0, |acc, l| {
            acc | (bit(l.other as usize) & Bits::from(board.is_open(l)).wrapping_neg())
        }) & pieces
    }

    /// The points the piece on `from` can reach by its rules, whoever's turn
    /// it is, as a bit set. Empty when `from` is empty.
    #[inline]
    pub fn target_bits(&self, from: Point) -> Bits {
        match self.board.get(from) {
            Some(piece) => {
                self.reach_of(tables(), piece.role, from) & !self.board.bits_of_color(piece.color)
            }
            None => 0,
        }
    }

    /// Where a piece of `role` on `from` could go if no piece of its own
    /// stood anywhere: blocking points and the car's first piece applied,
    /// own-piece targets not yet removed.
    #[inline(always)]
    fn reach_of(&self, t: &Tables, role: Role, from: Point) -> Bits {
        if t.unblockable(role) {
            return t.reach(role, from);
        }
        if role == Role::Car {
            let occupied = self.board.occupied();
            return (0..DIRECTIONS).fold(0, |acc, d| acc | t.slide(from, d, occupied).0);
        }
        // Branch-free: whether a blocking point is occupied is a coin toss
        // to the branch predictor, so the bit is masked in instead.
        t.leaps(role, from).iter().fold(0, |reach, l| {
            reach | (bit(l.other as usize) & Bits::from(self.board.is_open(l)).wrapping_neg())
        })
    }

    /// How many valid moves the side to move has: [`Position::moves`]
    /// counted without listing them (perft's last ply).
    #[inline]
    pub fn count_moves(&self) -> u64 {
        if self.is_over() {
            return 0;
        }
        let t = tables();
        let not_own = !self.board.bits_of_color(self.turn);
        let mut count = 0;
        for role in Role::ALL {
            let mut pieces = self.board.bits_of(Piece::new(self.turn, role));
            while pieces != 0 {
                let from = Point::from_index(pieces.trailing_zeros() as usize);
                pieces &= pieces - 1;
                count += (self.reach_of(t, role, from) & not_own).count_ones();
            }
        }
        u64::from(count)
    }

    /// Calls `f` with every point the piece on `from` can reach.
    pub fn for_each_target(&self, from: Point, f: impl FnMut(Point)) {
        points(self.target_bits(from)).for_each(f);
    }

    /// The points the piece on `from` can reach (for highlighting).
    pub fn targets(&self, from: Point) -> Vec<Point> {
        let mut out = Vec::new();
        self.for_each_target(from, |p| out.push(p));
        out
    }

    /// Calls `f` with every valid move of the side to move, piece by piece in
    /// point order. None once the game is over.
    pub fn for_each_move(&self, mut f: impl FnMut(Move)) {
        if self.is_over() {
            return;
        }
        for from in self.board.points_of(self.turn) {
            self.for_each_target(from, |to| f(Move { from, to }));
        }
    }

    /// Every valid move of the side to move.
    ///
    /// ```
    /// use duckchess_judge::Position;
    /// assert_eq!(Position::initial().moves().len(), 43);
    /// ```
    pub fn moves(&self) -> Vec<Move> {
        let mut out = Vec::with_capacity(64);
        self.for_each_move(|m| out.push(m));
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(fx: i64, fy: i64, tx: i64, ty: i64) -> Move {
        Move {
            from: Point::new(fx, fy).unwrap(),
            to: Point::new(tx, ty).unwrap(),
        }
    }

    #[test]
    fn make_and_unmake_restore_the_position() {
        let mut game = Position::initial();
        let m = mv(3, 0, 4, 0);
        assert!(game.validate(m).is_ok());
        let undo = game.make(m);
        assert_ne!(game, Position::initial());
        game.unmake(m, undo);
        assert_eq!(game, Position::initial());
    }

    /// The crate's own callers are held to valid moves in debug builds:
    /// taking one's own piece is caught at once.
    #[test]
    #[cfg(debug_assertions)]
    #[should_panic(expected = "is not valid")]
    fn make_refuses_to_take_an_own_piece() {
        Position::initial().make(mv(0, 0, 0, 1));
    }

    #[test]
    #[cfg(debug_assertions)]
    #[should_panic(expected = "is not valid")]
    fn make_refuses_an_empty_start() {
        Position::initial().make(mv(4, 4, 4, 5));
    }
}
