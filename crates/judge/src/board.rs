//! Piece placement: which piece stands on which point.

use crate::attacks::{bit, points, Bits, Leap};
use crate::{Color, Piece, Point, Role};

/// Cells of the mailbox: the 90 points, `NOWHERE`, and spare cells up to
/// 256 so that indexing by any `u8` needs no bounds check in the hot loops.
const CELLS: usize = 256;

/// The placement of pieces on the 10 × 9 board.
///
/// Two views kept in step: a mailbox of piece codes, with one extra cell,
/// `NOWHERE` (index 90), that is always empty (unused blocking-point
/// slots of the move tables point there), and bit sets — one per piece kind
/// of each side and one per side — so that a side's pieces, or all the
/// enemy horses near a captain, are found with a few bit operations instead
/// of scanning 90 points.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    cells: [u8; CELLS],
    by_code: [Bits; 15],
    by_color: [Bits; 2],
}

impl Board {
    /// A board with no pieces.
    pub const fn empty() -> Board {
        Board {
            cells: [0; CELLS],
            by_code: [0; 15],
            by_color: [0; 2],
        }
    }

    /// The initial layout of the spec.
    ///
    /// ```
    /// use duckchess_judge::{Board, Color, Piece, Point, Role};
    /// let board = Board::initial();
    /// let duck = Piece::new(Color::Red, Role::Duck);
    /// assert_eq!(board.get(Point::new(2, 0).unwrap()), Some(duck));
    /// assert_eq!(board.pieces().count(), 32);
    /// ```
    pub fn initial() -> Board {
        use Role::*;
        const BACK: [Role; 9] = [
            Car, Horse, Elephant, Guard, Captain, Guard, Elephant, Horse, Car,
        ];
        let mut board = Board::empty();
        for (color, back, duck, soldier) in [(Color::Red, 0, 2, 3), (Color::Blue, 9, 7, 6)] {
            let mut put = |x: i64, y: i64, role| {
                let p = Point::new(x, y).expect("the layout is on the board");
                board.set(p, Some(Piece::new(color, role)));
            };
            for (y, role) in BACK.into_iter().enumerate() {
                put(back, y as i64, role);
            }
            put(duck, 0, Duck);
            put(duck, 8, Duck);
            for y in (0..9).step_by(2) {
                put(soldier, y, Soldier);
            }
        }
        board
    }

    /// The piece on `p`, if any.
    #[inline]
    pub fn get(&self, p: Point) -> Option<Piece> {
        match self.cells[p.index()] {
            0 => None,
            code => Some(Piece::from_code(code)),
        }
    }

    /// The code of the piece on the cell with index `i` (0 when empty):
    /// the judge's hot path works on codes. Any `u8` is a cell; those
    /// past the board are always empty.
    #[inline]
    pub(crate) fn code_at(&self, i: u8) -> u8 {
        self.cells[i as usize]
    }

    /// Puts `piece` on `p` (or empties it), replacing what was there.
    #[inline]
    pub fn set(&mut self, p: Point, piece: Option<Piece>) {
        let i = p.index();
        if let Some(old) = self.get(p) {
            self.toggle(old.code(), bit(i));
        }
        self.cells[i] = piece.map_or(0, Piece::code);
        if let Some(new) = piece {
            self.toggle(new.code(), bit(i));
        }
    }

    /// Moves the piece on `from` to `to` and returns what stood on `to`,
    /// which is removed. `from` must hold a piece. The hot path of play,
    /// make and unmake: no look-ups beyond the two cells. Not public: an
    /// empty `from` would corrupt the bit sets.
    #[inline]
    pub(crate) fn move_piece(&mut self, from: Point, to: Point) -> Option<Piece> {
        let (f, t) = (from.index(), to.index());
        let (code, removed) = (self.cells[f], self.cells[t]);
        debug_assert!(code != 0, "no piece on {from}");
        if removed != 0 {
            self.toggle(removed, bit(t));
        }
        self.toggle(code, bit(f) | bit(t));
        self.cells[t] = code;
        self.cells[f] = 0;
        (removed != 0).then(|| Piece::from_code(removed))
    }

    /// Takes back `Board::move_piece`: the piece on `to` goes back to
    /// `from`, and `removed` returns to `to`.
    #[inline]
    pub(crate) fn unmove_piece(&mut self, from: Point, to: Point, removed: Option<Piece>) {
        let (f, t) = (from.index(), to.index());
        let code = self.cells[t];
        self.toggle(code, bit(f) | bit(t));
        self.cells[f] = code;
        self.cells[t] = removed.map_or(0, Piece::code);
        if let Some(r) = removed {
            self.toggle(r.code(), bit(t));
        }
    }

    /// Flips `bits` in the sets of the piece with `code` and of its side.
    #[inline]
    fn toggle(&mut self, code: u8, bits: Bits) {
        self.by_code[code as usize] ^= bits;
        // Red codes are 1..=7, blue 8..=14.
        self.by_color[usize::from(code >= 8)] ^= bits;
    }

    /// The points holding `piece`.
    #[inline]
    pub fn bits_of(&self, piece: Piece) -> Bits {
        self.by_code[piece.code() as usize]
    }

    /// The points holding the piece with `code` (`1..=14`).
    #[inline]
    pub(crate) fn bits_of_code(&self, code: u8) -> Bits {
        self.by_code[code as usize]
    }

    /// The points holding a piece of `color`.
    #[inline]
    pub fn bits_of_color(&self, color: Color) -> Bits {
        self.by_color[color.index()]
    }

    /// The points holding a piece of the side with index `side` (0 or 1,
    /// [`Color::index`]).
    #[inline]
    pub(crate) fn bits_of_side(&self, side: usize) -> Bits {
        self.by_color[side & 1]
    }

    /// The points holding any piece.
    #[inline]
    pub fn occupied(&self) -> Bits {
        self.by_color[0] | self.by_color[1]
    }

    /// Whether every blocking point of `leap` is empty. Branch-free: the
    /// codes of the (fixed number of) blocking cells are OR-ed together.
    #[inline]
    pub fn is_open(&self, leap: &Leap) -> bool {
        leap.blocks
            .iter()
            .fold(0, |acc, &b| acc | self.cells[b as usize])
            == 0
    }

    /// Whether `p` holds a piece of `color`.
    #[inline]
    pub fn is_color(&self, p: Point, color: Color) -> bool {
        self.by_color[color.index()] & bit(p.index()) != 0
    }

    /// The points holding a piece of `color`, in index order.
    pub fn points_of(&self, color: Color) -> impl Iterator<Item = Point> {
        points(self.by_color[color.index()])
    }

    /// Every piece with its point, red before blue, each in index order.
    pub fn pieces(&self) -> impl Iterator<Item = (Point, Piece)> + '_ {
        Color::ALL.into_iter().flat_map(move |c| {
            self.points_of(c)
                .map(move |p| (p, self.get(p).expect("occupancy matches cells")))
        })
    }

    /// Where the captain of `color` stands, if it has one (the first, if a
    /// hand-made board has more).
    #[inline]
    pub fn captain(&self, color: Color) -> Option<Point> {
        points(self.bits_of(Piece::new(color, Role::Captain))).next()
    }
}

impl Default for Board {
    fn default() -> Board {
        Board::initial()
    }
}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for x in (0..10).rev() {
            for y in 0..9 {
                let p = Point::new(x, y).expect("on board");
                let c = self.get(p).map_or('.', Piece::char);
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::attacks::NOWHERE;

    #[test]
    fn initial_layout_has_sixteen_pieces_a_side_with_the_right_counts() {
        let board = Board::initial();
        for color in Color::ALL {
            assert_eq!(board.points_of(color).count(), 16);
            for role in Role::ALL {
                let n = board
                    .pieces()
                    .filter(|&(_, pc)| pc == Piece::new(color, role))
                    .count();
                assert_eq!(n, role.initial_count(), "{color:?} {role:?}");
            }
        }
        assert_eq!(
            board.captain(Color::Blue),
            Point::new(9, 4),
            "blue captain at (9,4)"
        );
        assert_eq!(board.cells[NOWHERE as usize], 0);
    }

    #[test]
    fn set_keeps_occupancy_in_step() {
        let mut board = Board::initial();
        let p = Point::new(0, 0).unwrap();
        board.set(p, Some(Piece::new(Color::Blue, Role::Duck)));
        assert!(board.is_color(p, Color::Blue));
        assert!(!board.is_color(p, Color::Red));
        board.set(p, None);
        assert!(!board.is_color(p, Color::Blue));
        assert_eq!(board.get(p), None);
    }
}
