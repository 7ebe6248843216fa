//! Movement vectors, their symmetric images and slider direction classes.

use super::MAX_AXES;
use itertools::Itertools;
use std::fmt;

/// A displacement on a board of up to four axes: `d[0]` along X (files),
/// `d[1]` along Y (ranks), then Z and W. Unused axes hold 0.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Vector(pub [i32; MAX_AXES]);

impl Vector {
    /// Builds a vector from up to four components; missing ones are 0.
    ///
    /// ```
    /// use duckchess_geometry::Vector;
    /// assert_eq!(Vector::new(&[2, 1]).0, [2, 1, 0, 0]);
    /// ```
    pub fn new(components: &[i32]) -> Vector {
        assert!(components.len() <= MAX_AXES, "at most four axes");
        let mut d = [0; MAX_AXES];
        d[..components.len()].copy_from_slice(components);
        Vector(d)
    }

    /// The number of components that are not 0.
    pub fn changed_axes(self) -> usize {
        self.0.iter().filter(|&&c| c != 0).count()
    }

    /// Whether every component is 0.
    pub fn is_zero(self) -> bool {
        self.0 == [0; MAX_AXES]
    }

    /// The distinct images of this vector under the symmetries of a board of
    /// `axes` axes (every permutation of the axes and every sign flip),
    /// sorted. Components beyond `axes` must be 0.
    ///
    /// ```
    /// use duckchess_geometry::Vector;
    /// let v = |c: &[i32]| Vector::new(c);
    /// assert_eq!(v(&[1, 0]).images(2).len(), 4); // the rook's steps
    /// assert_eq!(v(&[2, 1]).images(3).len(), 24); // the cube knight
    /// assert_eq!(v(&[2, 1]).images(4).len(), 48); // the 4D knight
    /// assert_eq!(v(&[1, 1, 1]).images(3).len(), 8); // triagonals
    /// ```
    pub fn images(self, axes: usize) -> Vec<Vector> {
        assert!(
            self.0[axes..].iter().all(|&c| c == 0),
            "vector has more axes than the board"
        );
        let components = &self.0[..axes];
        // Every permutation of the axes (Heap's algorithm, in place), each
        // with every flip of its non-zero components' signs: at most 24 ×
        // 16 vectors, made without an allocation each (a file's games
        // ask for thousands of these at start-up).
        let mut out = Vec::with_capacity((1..=axes).product::<usize>() << axes);
        let mut emit = |perm: &[usize]| {
            for signs in 0..1u32 << axes {
                if (0..axes).any(|to| signs >> to & 1 == 1 && components[perm[to]] == 0) {
                    continue;
                }
                let mut d = [0; MAX_AXES];
                for (to, &from) in perm.iter().enumerate() {
                    let flip = if signs >> to & 1 == 1 { -1 } else { 1 };
                    d[to] = components[from] * flip;
                }
                out.push(Vector(d));
            }
        };
        let mut perm: [usize; MAX_AXES] = std::array::from_fn(|i| i);
        let mut counters = [0usize; MAX_AXES];
        emit(&perm[..axes]);
        let mut i = 1;
        while i < axes {
            if counters[i] < i {
                let j = if i % 2 == 0 { 0 } else { counters[i] };
                perm.swap(j, i);
                emit(&perm[..axes]);
                counters[i] += 1;
                i = 1;
            } else {
                counters[i] = 0;
                i += 1;
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The squares (as offsets from the start) strictly between the start and
    /// the end of a lame leap by this vector, in the order the piece passes
    /// them.
    ///
    /// At every step the piece moves by one along each axis whose remaining
    /// distance is the largest. On two axes this is Duck Chess's rule: first
    /// straight steps along the longer axis, then diagonal ones; the horse's
    /// `(2, 1)` passes `(1, 0)`, the elephant's `(2, 2)` passes `(1, 1)` and
    /// the duck's `(3, 2)` passes `(1, 0)` then `(2, 1)`.
    ///
    /// ```
    /// use duckchess_geometry::Vector;
    /// let v = |c: &[i32]| Vector::new(c);
    /// assert_eq!(v(&[2, 1]).path(), [v(&[1, 0])]);
    /// assert_eq!(v(&[3, -2]).path(), [v(&[1, 0]), v(&[2, -1])]);
    /// assert_eq!(v(&[2, 2, 1]).path(), [v(&[1, 1, 0])]);
    /// assert!(v(&[1, 1]).path().is_empty());
    /// ```
    pub fn path(self) -> Vec<Vector> {
        let mut at = [0; MAX_AXES];
        let mut points = Vec::new();
        loop {
            let remaining: [i32; MAX_AXES] = std::array::from_fn(|i| self.0[i] - at[i]);
            let longest = remaining.iter().map(|c| c.abs()).max().unwrap_or(0);
            if longest == 0 {
                break;
            }
            for i in 0..MAX_AXES {
                if remaining[i].abs() == longest {
                    at[i] += remaining[i].signum();
                }
            }
            points.push(Vector(at));
        }
        points.pop(); // the last point reached is the target itself
        points
    }
}

impl std::ops::Neg for Vector {
    type Output = Vector;
    /// The opposite vector.
    fn neg(self) -> Vector {
        Vector(self.0.map(|c| -c))
    }
}

impl fmt::Display for Vector {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({})", self.0.iter().join(", "))
    }
}

/// A family of slider directions: the unit steps that change exactly `k`
/// coordinates, all by one, for every `k` in a set. A slider repeats such a
/// step, so along a direction of class `k` every changed coordinate moves by
/// the same distance.
///
/// ```
/// use duckchess_geometry::DirectionClass;
/// assert_eq!(DirectionClass::ROOK.directions(2).len(), 4);
/// assert_eq!(DirectionClass::exactly(2).directions(4).len(), 24); // Fourfold bishop
/// assert_eq!(DirectionClass::exactly(3).directions(3).len(), 8); // cube bishop
/// assert_eq!(DirectionClass::ANY.directions(4).len(), 80); // Fourfold queen
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct DirectionClass {
    /// Bit `k` set: steps changing exactly `k` coordinates belong to the
    /// class.
    pub counts: u8,
}

impl DirectionClass {
    /// Exactly one coordinate changes: the rook.
    pub const ROOK: DirectionClass = DirectionClass { counts: 1 << 1 };
    /// Exactly two coordinates change: the chess and Fourfold bishop.
    pub const BISHOP: DirectionClass = DirectionClass { counts: 1 << 2 };
    /// Any number of coordinates change: the queen.
    pub const ANY: DirectionClass = DirectionClass { counts: 0b1_1110 };

    /// The class of steps changing exactly `k` coordinates.
    pub const fn exactly(k: usize) -> DirectionClass {
        DirectionClass { counts: 1 << k }
    }

    /// Whether the class holds the unit step `v`.
    pub fn contains(self, v: Vector) -> bool {
        v.0.iter().all(|c| c.abs() <= 1) && self.counts >> v.changed_axes() & 1 == 1 && !v.is_zero()
    }

    /// The unit steps of the class on a board of `axes` axes, sorted.
    pub fn directions(self, axes: usize) -> Vec<Vector> {
        (0..axes)
            .map(|_| -1..=1)
            .multi_cartesian_product()
            .map(|c| Vector::new(&c))
            .filter(|&v| self.contains(v))
            .sorted()
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn images_of_every_duck_chess_vector() {
        let count = |a, b| Vector::new(&[a, b]).images(2).len();
        assert_eq!(count(1, 0), 4);
        assert_eq!(count(1, 1), 4);
        assert_eq!(count(2, 2), 4);
        assert_eq!(count(2, 1), 8);
        assert_eq!(count(3, 2), 8);
        assert!(Vector::new(&[2, 1])
            .images(2)
            .contains(&Vector::new(&[-1, 2])));
    }

    /// The Duck Chess rules: the duck's (3, 2) leap from (x, y) to
    /// (x + 3sx, y + 2sy) is blocked at (x + sx, y) and (x + 2sx, y + sy);
    /// the horse's leg and the elephant's eye likewise.
    #[test]
    fn lame_paths_match_the_duck_chess_rules() {
        for v in Vector::new(&[3, 2]).images(2) {
            let [a, b, ..] = v.0;
            let (sa, sb) = (a.signum(), b.signum());
            let expected = if a.abs() == 3 {
                vec![Vector::new(&[sa, 0]), Vector::new(&[2 * sa, sb])]
            } else {
                vec![Vector::new(&[0, sb]), Vector::new(&[sa, 2 * sb])]
            };
            assert_eq!(v.path(), expected, "{v}");
        }
        assert_eq!(Vector::new(&[2, 1]).path(), [Vector::new(&[1, 0])]);
        assert_eq!(Vector::new(&[-2, 2]).path(), [Vector::new(&[-1, 1])]);
        assert!(Vector::new(&[1, 1]).path().is_empty());
    }

    #[test]
    fn direction_counts() {
        let n = |class: DirectionClass, axes| class.directions(axes).len();
        assert_eq!(n(DirectionClass::ROOK, 3), 6);
        assert_eq!(n(DirectionClass::ROOK, 4), 8);
        assert_eq!(n(DirectionClass::BISHOP, 3), 12);
        assert_eq!(n(DirectionClass::ANY, 3), 26);
        assert_eq!(n(DirectionClass::ANY, 2), 8);
    }

    /// The images as they were first written (every permutation from
    /// itertools, every sign flip, sorted and deduplicated): the in-place
    /// version gives the same list for every vector of components −3…3 on
    /// one to four axes.
    #[test]
    fn images_are_the_naive_ones() {
        let naive = |v: Vector, axes: usize| -> Vec<Vector> {
            (0..axes)
                .permutations(axes)
                .flat_map(|perm| {
                    (0..1u32 << axes).map(move |signs| {
                        let mut d = [0; MAX_AXES];
                        for (to, &from) in perm.iter().enumerate() {
                            let flip = if signs >> to & 1 == 1 { -1 } else { 1 };
                            d[to] = v.0[from] * flip;
                        }
                        Vector(d)
                    })
                })
                .sorted()
                .dedup()
                .collect()
        };
        for axes in 1..=MAX_AXES {
            for digits in 0..7usize.pow(axes as u32) {
                let mut d = [0; MAX_AXES];
                for (i, c) in d.iter_mut().enumerate().take(axes) {
                    *c = (digits / 7usize.pow(i as u32) % 7) as i32 - 3;
                }
                let v = Vector(d);
                assert_eq!(v.images(axes), naive(v, axes), "{v} on {axes} axes");
            }
        }
    }

    #[test]
    fn knight_images_on_four_axes() {
        let images = Vector::new(&[2, 1]).images(4);
        assert_eq!(images.len(), 48);
        assert!(images.contains(&Vector::new(&[0, 0, -1, 2])));
    }
}
