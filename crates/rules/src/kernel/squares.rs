//! Sets of squares as bit sets, generic over the board's size.
//!
//! A 64-square board uses `u64`, up to 128 squares `u128`, and bigger boards
//! (a 10 × 10 × 10 cube has 1,000) the multiword [`Bits`]. Generation code is
//! generic over [`SquareSet`], so each size gets its own monomorphised loops.

use super::MAX_KINDS;
use std::fmt::Debug;
use std::ops::{
    BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Index, IndexMut, Not,
};

/// No such square (a table's empty entry), and no direction lining two
/// squares up: a square number no board reaches.
pub(crate) const NONE: u16 = u16::MAX;

/// A set of squares numbered `0..CAPACITY`.
///
/// ```
/// use duckchess_rules::kernel::SquareSet;
/// let set = u64::single(3) | u64::single(40);
/// assert_eq!(set.count(), 2);
/// assert_eq!(set.first(), Some(3));
/// assert_eq!(set.last(), Some(40));
/// assert_eq!(set.squares().collect::<Vec<_>>(), [3, 40]);
/// ```
pub trait SquareSet:
    Copy
    + Eq
    + Debug
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
{
    /// How many squares the set can hold.
    const CAPACITY: usize;
    /// A spare set a position of this width carries beside its kinds'
    /// (shogi's promoted pieces, on 9 × 9): `()` for `u64`, whose
    /// positions chess copies on every move.
    type Spare: Spare<Self>;
    /// A position's sets of squares by kind, one a kind: 8 for `u64` and
    /// `u128` (chess's positions then fit in 128 bytes, two cache lines,
    /// which a move copies without a call to `memcpy`, and Duck Chess's
    /// stay as small), [`MAX_KINDS`] for the multiword sets. A game of more
    /// than 8 kinds takes [`Bits<2>`] up to 128 squares, [`Bits<4>`] up to 256.
    type Kinds: PerKind<Self>;
    /// A position's hand of one side: a count a kind, as many kinds as
    /// [`SquareSet::Kinds`].
    type Hand: PerKind<u8>;
    /// A set of kinds as a bit mask, as wide as [`SquareSet::Kinds`]
    /// needs: `u8` for `u64` and `u128`.
    type Mask: KindMask;
    /// The empty set.
    const EMPTY: Self;
    /// The set of one square.
    fn single(square: usize) -> Self;
    /// Whether the set holds no square.
    fn is_empty(self) -> bool;
    /// The number of squares in the set.
    fn count(self) -> u32;
    /// The lowest square, if any.
    fn first(self) -> Option<usize>;
    /// The highest square, if any.
    fn last(self) -> Option<usize>;

    /// The set folded into 64 bits (not one to one above 64 squares), the
    /// key that magic multiplication hashes.
    fn fold(self) -> u64;

    /// Every square moved `delta` places up the numbering (down when
    /// negative); squares pushed past either end drop out. A step of the
    /// same vector from many squares at once, as pawn moves are counted.
    ///
    /// ```
    /// use duckchess_rules::kernel::SquareSet;
    /// assert_eq!((u64::single(3) | u64::single(60)).shift(8), u64::single(11));
    /// assert_eq!(u64::single(3).shift(-4), 0);
    /// ```
    fn shift(self, delta: isize) -> Self;

    /// The set without its lowest square.
    #[inline]
    fn without_first(self) -> Self {
        match self.first() {
            Some(square) => self ^ Self::single(square),
            None => self,
        }
    }

    /// Whether the set holds `square`.
    #[inline]
    fn contains(self, square: usize) -> bool {
        !(self & Self::single(square)).is_empty()
    }

    /// Whether the set holds at least one square.
    #[inline]
    fn any(self) -> bool {
        !self.is_empty()
    }

    /// Whether the set holds two squares or more.
    #[inline]
    fn more_than_one(self) -> bool {
        self.count() > 1
    }

    /// The squares in increasing order.
    #[inline]
    fn squares(self) -> Squares<Self> {
        Squares(self)
    }
}

/// The squares of a set, lowest first.
#[derive(Clone, Debug)]
pub struct Squares<S>(S);

impl<S: SquareSet> Iterator for Squares<S> {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        let square = self.0.first()?;
        self.0 = self.0.without_first();
        Some(square)
    }

    /// Exact, so a list extended by the squares grows once.
    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count() as usize;
        (n, Some(n))
    }
}

impl<S: SquareSet> ExactSizeIterator for Squares<S> {}

/// Per-kind storage in a position ([`SquareSet::Kinds`],
/// [`SquareSet::Hand`]): an array of one entry a kind.
pub trait PerKind<T>:
    Copy + Eq + Debug + Send + Sync + 'static + Index<usize, Output = T> + IndexMut<usize>
{
    /// How many kinds it holds.
    const LEN: usize;
    /// Every entry `value`.
    fn filled(value: T) -> Self;
}

impl<T: Copy + Eq + Debug + Send + Sync + 'static, const N: usize> PerKind<T> for [T; N] {
    const LEN: usize = N;
    #[inline]
    fn filled(value: T) -> Self {
        [value; N]
    }
}

/// A set of kinds as a bit mask ([`SquareSet::Mask`]), read from the
/// rules' `u16` masks: where a position holds 8 kinds, `u8`, so that the
/// compiler sees every kind it yields index the position's sets (no
/// bounds check in chess's attack loops).
pub trait KindMask: Copy {
    /// The mask of a `u16` one (truncated: the kinds fit).
    fn of(mask: u16) -> Self;
    /// Whether it holds a kind.
    fn any(self) -> bool;
    /// Its lowest kind (it holds one).
    fn low(self) -> usize;
    /// It without its lowest kind.
    fn without_low(self) -> Self;
}

macro_rules! kind_mask {
    ($t:ty) => {
        impl KindMask for $t {
            #[inline(always)]
            fn of(mask: u16) -> Self {
                mask as $t
            }
            #[inline(always)]
            fn any(self) -> bool {
                self != 0
            }
            #[inline(always)]
            fn low(self) -> usize {
                self.trailing_zeros() as usize
            }
            #[inline(always)]
            fn without_low(self) -> Self {
                self & self.wrapping_sub(1)
            }
        }
    };
}

kind_mask!(u8);
kind_mask!(u16);

/// The spare set of [`SquareSet::Spare`]: none (`()`), or a set.
pub trait Spare<S>: Copy + Eq + Debug + Default + Send + Sync + 'static {
    /// Whether there is a set.
    const ANY: bool;
    /// The set (empty where there is none).
    fn get(self) -> S;
    /// Puts a set (nothing where there is none).
    fn put(&mut self, set: S);
}

impl<S: SquareSet> Spare<S> for () {
    const ANY: bool = false;
    #[inline]
    fn get(self) -> S {
        S::EMPTY
    }
    #[inline]
    fn put(&mut self, _: S) {}
}

impl Spare<u128> for u128 {
    const ANY: bool = true;
    #[inline]
    fn get(self) -> u128 {
        self
    }
    #[inline]
    fn put(&mut self, set: u128) {
        *self = set;
    }
}

macro_rules! primitive_set {
    ($t:ty, $bits:expr, $spare:ty, $kinds:expr, $mask:ty) => {
        impl SquareSet for $t {
            const CAPACITY: usize = $bits;
            type Spare = $spare;
            type Kinds = [$t; $kinds];
            type Hand = [u8; $kinds];
            type Mask = $mask;
            const EMPTY: Self = 0;
            #[inline]
            fn single(square: usize) -> Self {
                1 << square
            }
            #[inline]
            fn is_empty(self) -> bool {
                self == 0
            }
            #[inline]
            fn without_first(self) -> Self {
                self & self.wrapping_sub(1)
            }
            #[inline]
            fn contains(self, square: usize) -> bool {
                self >> square & 1 == 1
            }
            #[inline]
            fn shift(self, delta: isize) -> Self {
                if delta >= 0 {
                    self.checked_shl(delta as u32).unwrap_or(0)
                } else {
                    self.checked_shr(delta.unsigned_abs() as u32).unwrap_or(0)
                }
            }
            #[inline]
            fn fold(self) -> u64 {
                // Rotating the high word keeps neighbouring squares of the two
                // halves apart.
                (self as u64) ^ ((self >> 32 >> 32) as u64).rotate_left(29)
            }
            #[inline]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline]
            fn first(self) -> Option<usize> {
                (self != 0).then(|| self.trailing_zeros() as usize)
            }
            #[inline]
            fn last(self) -> Option<usize> {
                (self != 0).then(|| ($bits - 1 - self.leading_zeros()) as usize)
            }
        }
    };
}

primitive_set!(u64, 64, (), 8, u8);
primitive_set!(u128, 128, u128, 8, u8);

/// A set of up to `64 · W` squares in `W` words, for boards above 128
/// squares ([`Big`] holds a 10 × 10 × 10 cube).
///
/// ```
/// use duckchess_rules::kernel::{Big, SquareSet};
/// let set = Big::single(999) | Big::single(64);
/// assert_eq!(set.first(), Some(64));
/// assert_eq!(set.last(), Some(999));
/// assert!(set.contains(999) && !set.contains(998));
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Bits<const W: usize>(pub [u64; W]);

/// The set type for boards of up to 1,024 squares.
pub type Big = Bits<16>;

impl<const W: usize> Debug for Bits<W> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.squares()).finish()
    }
}

macro_rules! word_op {
    ($trait:ident, $method:ident, $assign:ident, $assign_method:ident, $op:tt) => {
        impl<const W: usize> $trait for Bits<W> {
            type Output = Self;
            #[inline]
            fn $method(self, other: Self) -> Self {
                Bits(std::array::from_fn(|i| self.0[i] $op other.0[i]))
            }
        }
        impl<const W: usize> $assign for Bits<W> {
            #[inline]
            fn $assign_method(&mut self, other: Self) {
                for (a, b) in self.0.iter_mut().zip(other.0) {
                    *a = *a $op b;
                }
            }
        }
    };
}

word_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
word_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
word_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl<const W: usize> Not for Bits<W> {
    type Output = Self;
    #[inline]
    fn not(self) -> Self {
        Bits(self.0.map(|w| !w))
    }
}

impl<const W: usize> SquareSet for Bits<W> {
    const CAPACITY: usize = 64 * W;
    type Spare = ();
    type Kinds = [Self; MAX_KINDS];
    type Hand = [u8; MAX_KINDS];
    type Mask = u16;
    const EMPTY: Self = Bits([0; W]);
    #[inline]
    fn single(square: usize) -> Self {
        let mut words = [0; W];
        words[square / 64] = 1 << (square % 64);
        Bits(words)
    }
    #[inline]
    fn contains(self, square: usize) -> bool {
        self.0[square / 64] >> (square % 64) & 1 == 1
    }
    #[inline]
    fn is_empty(self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
    fn shift(self, delta: isize) -> Self {
        let words = delta.unsigned_abs() / 64;
        let bits = (delta.unsigned_abs() % 64) as u32;
        if words >= W {
            return Self::EMPTY;
        }
        // Word `i` of the result takes its bits from words `j` and the one
        // next to it across the shift.
        let word = |j: Option<usize>| j.and_then(|j| self.0.get(j)).copied().unwrap_or(0);
        let out = std::array::from_fn(|i| {
            if delta >= 0 {
                let low = word(i.checked_sub(words));
                let below = if bits > 0 {
                    word(i.checked_sub(words + 1)) >> (64 - bits)
                } else {
                    0
                };
                low << bits | below
            } else {
                let high = word(Some(i + words));
                let above = if bits > 0 {
                    word(Some(i + words + 1)) << (64 - bits)
                } else {
                    0
                };
                high >> bits | above
            }
        });
        Bits(out)
    }
    #[inline]
    fn fold(self) -> u64 {
        self.0
            .iter()
            .enumerate()
            .fold(0, |f, (i, &w)| f ^ w.rotate_left(29 * i as u32))
    }
    #[inline]
    fn count(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    #[inline]
    fn first(self) -> Option<usize> {
        let (i, w) = self.0.iter().enumerate().find(|(_, &w)| w != 0)?;
        Some(64 * i + w.trailing_zeros() as usize)
    }
    #[inline]
    fn last(self) -> Option<usize> {
        let (i, w) = self.0.iter().enumerate().rev().find(|(_, &w)| w != 0)?;
        Some(64 * i + 63 - w.leading_zeros() as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn behaves<S: SquareSet>() {
        let top = S::CAPACITY - 1;
        let set = S::single(0) | S::single(top) | S::single(S::CAPACITY / 2);
        assert_eq!(set.count(), 3);
        assert_eq!(set.first(), Some(0));
        assert_eq!(set.last(), Some(top));
        assert_eq!(set.squares().count(), 3);
        assert!((set & !set).is_empty());
        assert!(S::EMPTY.first().is_none() && S::EMPTY.last().is_none());
        assert!(set.more_than_one() && !S::single(5).more_than_one());
    }

    /// Shifting moves each square by the same amount, whatever the type.
    fn shifts<S: SquareSet>() {
        let squares = [0, 1, 5, 63, 64, 65, 100, S::CAPACITY - 1];
        let set = squares
            .iter()
            .filter(|&&s| s < S::CAPACITY)
            .fold(S::EMPTY, |set, &s| set | S::single(s));
        for delta in [-130isize, -65, -64, -63, -9, -1, 0, 1, 8, 63, 64, 70, 129] {
            let expected = set
                .squares()
                .filter_map(|s| s.checked_add_signed(delta))
                .filter(|&s| s < S::CAPACITY)
                .fold(S::EMPTY, |acc, s| acc | S::single(s));
            assert_eq!(set.shift(delta), expected, "delta {delta}");
        }
    }

    #[test]
    fn every_set_type_shifts_alike() {
        shifts::<u64>();
        shifts::<u128>();
        shifts::<Big>();
        shifts::<Bits<2>>();
        shifts::<Bits<3>>();
    }

    #[test]
    fn every_set_type_behaves_alike() {
        behaves::<u64>();
        behaves::<u128>();
        behaves::<Big>();
        behaves::<Bits<2>>();
    }
}
