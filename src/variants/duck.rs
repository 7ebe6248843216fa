//! Duck Chess as a kernel variant value, kept beside the judge's fast engine
//! ([`crate::duck`]) to cross-check it: `tests/duck_kernel.rs` plays
//! generated games through both and compares every verdict.
//!
//! It is not in [`super::all`]: `--variant duck` means the fast engine.
//!
//! **Squares.** Axis 0 is the judge's column `y` (9 values) and axis 1 its
//! row `x` (10 values), so the kernel's square `y + 9·x` is exactly the fast
//! engine's [`Point::index`] and Red (the kernel's White, who moves first)
//! starts on the low rows, as in the judge. [`square`] and [`point`] map
//! between the two; [`squares`] reads a judge [`Command`].
//!
//! ```
//! use duckchess::duck::Command;
//! use duckchess::variants::duck;
//! let start = duck::start();
//! assert_eq!(start.legal_moves().len(), 43);
//! // The official sample's first valid command: red guard (0,3) → (1,2).
//! let m = duck::find_move(&start, Command::new(0, 3, 1, 2)).unwrap();
//! assert_eq!(duck::point(m.from()), (0, 3));
//! // A car cannot pass its own duck.
//! assert!(duck::find_move(&start, Command::new(0, 0, 7, 0)).is_none());
//! ```

use crate::duck::{Color as DuckColor, Command, Point, Position as DuckPosition, Role};
use crate::geometry::{DirectionClass, Shape};
use crate::kernel::{
    Color, DrawRules, Kind, Move, Piece, PieceKind, Position, Royalty, Rules, Setup, SquareSet,
    Variant,
};
use std::sync::OnceLock;

/// The captain, kind 0: kinds are numbered as [`Role::index`].
pub const CAPTAIN: Kind = Kind(0);
/// The guard.
pub const GUARD: Kind = Kind(1);
/// The elephant.
pub const ELEPHANT: Kind = Kind(2);
/// The horse.
pub const HORSE: Kind = Kind(3);
/// The car.
pub const CAR: Kind = Kind(4);
/// The duck.
pub const DUCK: Kind = Kind(5);
/// The soldier.
pub const SOLDIER: Kind = Kind(6);

/// Columns of the board (the judge's `y`, the kernel's axis 0).
const COLUMNS: usize = 9;
/// Rows of the board (the judge's `x`, the kernel's axis 1).
const ROWS: usize = 10;

/// Duck Chess as data: 10 rows × 9 columns, the seven kinds, the judge's
/// start, and capture royalty (every move by a piece's rules is legal;
/// taking the other's captain ends the game). No draw rules: the judge has
/// none.
pub fn variant() -> Variant {
    let shape = Shape::new(&[COLUMNS, ROWS]).expect("9 × 10 is a board");
    // Values as the fast engine's search weighs them.
    let kinds = vec![
        PieceKind::new("captain", 'k', 0).leap(&[1, 0]).royal(),
        PieceKind::new("guard", 'a', 200).leap(&[1, 1]),
        PieceKind::new("elephant", 'e', 200).lame_leap(&[2, 2]),
        PieceKind::new("horse", 'h', 400).lame_leap(&[2, 1]),
        PieceKind::new("car", 'r', 900).slide(DirectionClass::ROOK),
        PieceKind::new("duck", 'd', 450).lame_leap(&[3, 2]),
        PieceKind::new("soldier", 's', 250)
            .leap(&[1, 0])
            .leap(&[1, 1]),
    ];
    // Red's half, by (row, column); Blue's is its mirror across the middle
    // row (row x ↔ row 9 − x).
    let back = [
        CAR, HORSE, ELEPHANT, GUARD, CAPTAIN, GUARD, ELEPHANT, HORSE, CAR,
    ];
    let mut red: Vec<(usize, usize, Kind)> = back
        .iter()
        .enumerate()
        .map(|(y, &kind)| (0, y, kind))
        .collect();
    red.extend([(2, 0, DUCK), (2, 8, DUCK)]);
    red.extend((0..COLUMNS).step_by(2).map(|y| (3, y, SOLDIER)));
    let mut start = Vec::new();
    for &(x, y, kind) in &red {
        for (color, row) in [(Color::White, x), (Color::Black, ROWS - 1 - x)] {
            start.push((row * COLUMNS + y, Piece { color, kind }));
        }
    }
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
/// use duckchess::variants::duck::{point, square};
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

/// Whether the game is over: a captain has been taken (the kernel's
/// [`Outcome`] `RoyalCaptured`, found without generating moves).
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
