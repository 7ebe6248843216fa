//! Per-point move tables, built once from [`Role::movement`] and the
//! geometry.
//!
//! The rules live in `role.rs` as vectors; this module expands them, for
//! every point of the board, into concrete targets and blocking points, so
//! that validating a command, generating moves and finding check are table
//! look-ups with no per-direction code:
//!
//! - `leaps[role][from]`: every on-board leap of a leaper, its target and
//!   up to two blocking points, in fixed-size arrays (no pointer chasing);
//! - `incoming[role][to]`: the same leaps seen from their target, which
//!   finds check from the captain outward instead of scanning the board;
//! - `reach[role][p]`: the bit set of every point a leap of `role` joins to
//!   `p`, ignoring blocking points. Leap sets are closed under negation, so
//!   it serves both directions and lets a caller skip a role with one AND
//!   when no piece of it stands anywhere near;
//! - `rays[p][d]`: the bit set of the points a slider passes from `p` in
//!   direction `d`, used with the "nearest blocker" trick: the first
//!   occupied point is the lowest (or highest) set bit of `ray & occupied`.
//!
//! Unused blocking-point slots hold `NOWHERE` (index 90), an extra board cell that is
//! always empty, so every leap is tested with the same two look-ups whatever
//! its shape.

use crate::geometry::Vector;
use crate::point::shape;
use crate::role::Movement;
use crate::{Point, Role};
use std::sync::LazyLock;

/// Index of the always-empty cell past the last point of the board.
pub(crate) const NOWHERE: u8 = Point::COUNT as u8;

/// Most blocking points any leap of the piece set has (the duck's two).
const MAX_BLOCKS: usize = 2;
/// Most leaps of one role from one point (horse, duck, soldier: eight).
const MAX_LEAPS: usize = 8;
/// Directions of a slider.
pub const DIRECTIONS: usize = 4;

/// A set of points as bits `1 << index`.
pub type Bits = u128;

/// The bit of one point index (or of the spare cell `NOWHERE`, 90).
#[inline]
pub fn bit(i: usize) -> Bits {
    // A 128-bit shift by a variable amount compiles to a few branches and
    // shifts; a table is one load. 256 entries (zero past the board) so that
    // an index made from a `u8` needs no bounds check.
    static BITS: [Bits; 256] = {
        let mut bits = [0; 256];
        let mut i = 0;
        while i <= Point::COUNT {
            bits[i] = 1 << i;
            i += 1;
        }
        bits
    };
    BITS[i]
}

/// One leap: the point at its other end and its blocking points.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Leap {
    /// The other end of the leap: the target of a forward leap, the start
    /// of an incoming one.
    pub other: u8,
    /// Blocking points in the order passed; unused slots are `NOWHERE` (index 90).
    pub blocks: [u8; MAX_BLOCKS],
}

impl Leap {
    /// The blocking points actually on the path, in order.
    pub fn blocking_points(&self) -> impl Iterator<Item = Point> + '_ {
        self.blocks
            .iter()
            .filter(|&&b| b != NOWHERE)
            .map(|&b| Point::from_index(b as usize))
    }
}

/// Up to [`MAX_LEAPS`] leaps stored inline.
#[derive(Copy, Clone, Debug, Default)]
struct Leaps {
    items: [Leap; MAX_LEAPS],
    len: u8,
}

impl Leaps {
    fn push(&mut self, leap: Leap) {
        self.items[self.len as usize] = leap;
        self.len += 1;
    }

    fn as_slice(&self) -> &[Leap] {
        &self.items[..self.len as usize]
    }
}

/// The expanded tables; see the module documentation.
pub struct Tables {
    leaps: [[Leaps; Point::COUNT]; 7],
    incoming: [[Leaps; Point::COUNT]; 7],
    reach: [[Bits; Point::COUNT]; 7],
    rays: [[Bits; DIRECTIONS]; Point::COUNT],
    increasing: [bool; DIRECTIONS],
    unblockable: [bool; 7],
}

static TABLES: LazyLock<Box<Tables>> = LazyLock::new(Tables::build);

/// The tables, built on first use.
#[inline]
pub fn tables() -> &'static Tables {
    &TABLES
}

impl Tables {
    fn build() -> Box<Tables> {
        Tables::build_from(Role::movement)
    }

    /// The tables for the roles moving as `movement` says. A piece set the
    /// tables cannot hold is refused here, at build time, naming the role:
    /// only the car may slide (the move code has one slider path), a leap
    /// may pass at most [`MAX_BLOCKS`] points and a role may have at most
    /// [`MAX_LEAPS`] leaps from a point.
    fn build_from(movement: impl Fn(Role) -> Movement) -> Box<Tables> {
        let board = shape();
        let mut t = Box::new(Tables {
            leaps: [[Leaps::default(); Point::COUNT]; 7],
            incoming: [[Leaps::default(); Point::COUNT]; 7],
            reach: [[0; Point::COUNT]; 7],
            rays: [[0; DIRECTIONS]; Point::COUNT],
            increasing: [false; DIRECTIONS],
            unblockable: [false; 7],
        });
        for role in Role::ALL {
            let r = role.index();
            let vectors = match movement(role) {
                Movement::Leaper(base) => images(base),
                Movement::Slider(_) if role == Role::Car => Vec::new(),
                Movement::Slider(_) => panic!(
                    "move tables: the {role} is a slider, but only the car may slide \
                     (its moves are generated by the car's code)"
                ),
            };
            t.unblockable[r] = !vectors.is_empty() && vectors.iter().all(|v| v.path().is_empty());
            for from in 0..Point::COUNT {
                for &v in &vectors {
                    let Some((to, path)) = board.leap(from, v) else {
                        continue;
                    };
                    assert!(
                        path.len() <= MAX_BLOCKS,
                        "move tables: a leap of the {role} passes {} points; at most {MAX_BLOCKS} are held",
                        path.len()
                    );
                    for (leaps, at) in [(&t.leaps[r][from], from), (&t.incoming[r][to], to)] {
                        assert!(
                            (leaps.len as usize) < MAX_LEAPS,
                            "move tables: the {role} has more than {MAX_LEAPS} leaps at {}",
                            Point::from_index(at)
                        );
                    }
                    let mut blocks = [NOWHERE; MAX_BLOCKS];
                    for (slot, p) in blocks.iter_mut().zip(path) {
                        *slot = p as u8;
                    }
                    t.leaps[r][from].push(Leap {
                        other: to as u8,
                        blocks,
                    });
                    t.incoming[r][to].push(Leap {
                        other: from as u8,
                        blocks,
                    });
                    t.reach[r][from] |= bit(to);
                }
            }
        }
        let Movement::Slider(base) = movement(Role::Car) else {
            panic!("move tables: the car must be a slider (the move code slides it)")
        };
        let directions = images(base);
        assert_eq!(
            directions.len(),
            DIRECTIONS,
            "move tables: the car must slide in exactly {DIRECTIONS} directions"
        );
        for (d, &v) in directions.iter().enumerate() {
            t.increasing[d] = board.offset(0, v).is_some();
            for from in 0..Point::COUNT {
                t.rays[from][d] = board.ray(from, v).map(bit).fold(0, |a, b| a | b);
                t.reach[Role::Car.index()][from] |= t.rays[from][d];
            }
        }
        t
    }

    /// Every on-board leap of `role` from `from`; empty for the car.
    #[inline]
    pub fn leaps(&self, role: Role, from: Point) -> &[Leap] {
        self.leaps[role.index()][from.index()].as_slice()
    }

    /// Every leap of `role` that ends on `to`; `other` is its start.
    #[inline]
    pub fn incoming(&self, role: Role, to: Point) -> &[Leap] {
        self.incoming[role.index()][to.index()].as_slice()
    }

    /// The points a piece of `role` on `p` could reach on an empty board
    /// (for the car: its row and column).
    #[inline]
    pub fn reach(&self, role: Role, p: Point) -> Bits {
        self.reach[role.index()][p.index()]
    }

    /// Whether `role` is a leaper without blocking points (captain, guard,
    /// soldier): then [`Tables::reach`] is exactly where it can go.
    #[inline]
    pub fn unblockable(&self, role: Role) -> bool {
        self.unblockable[role.index()]
    }

    /// The points a slider on `p` passes in direction `d` on an empty board.
    #[inline]
    pub fn ray(&self, p: Point, d: usize) -> Bits {
        self.rays[p.index()][d]
    }

    /// [`Tables::ray`] by point index (`0..90`).
    #[inline]
    pub(crate) fn ray_at(&self, i: usize, d: usize) -> Bits {
        self.rays[i][d]
    }

    /// The points a slider on `p` reaches in direction `d` given the
    /// occupied points: the empty ones up to and including the first
    /// occupied one, which is returned too.
    #[inline]
    pub fn slide(&self, p: Point, d: usize, occupied: Bits) -> (Bits, Option<Point>) {
        let ray = self.ray(p, d);
        let blockers = ray & occupied;
        if blockers == 0 {
            return (ray, None);
        }
        let first = if self.increasing[d] {
            blockers.trailing_zeros()
        } else {
            127 - blockers.leading_zeros()
        } as usize;
        (ray ^ self.rays[first][d], Some(Point::from_index(first)))
    }

    /// The direction from `from` whose ray holds `to`, if they share a row
    /// or column.
    #[inline]
    pub fn direction(&self, from: Point, to: Point) -> Option<usize> {
        (0..DIRECTIONS).find(|&d| self.ray(from, d) & bit(to.index()) != 0)
    }
}

fn images(base: &[Vector]) -> Vec<Vector> {
    // Each base vector's images ordered by (row, column) change: the order
    // the move lists, and so the generator's bytes, were made with.
    base.iter()
        .flat_map(|v| {
            let mut images = v.images(2);
            images.sort_by_key(|i| (i.0[1], i.0[0]));
            images
        })
        .collect()
}

/// The points of a bit set, lowest index first.
pub fn points(mut bits: Bits) -> impl Iterator<Item = Point> {
    std::iter::from_fn(move || {
        if bits == 0 {
            return None;
        }
        let i = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        Some(Point::from_index(i))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A piece set the tables cannot hold fails at build time, naming the
    /// role, instead of giving a role no moves or failing on an index.
    #[test]
    #[should_panic(expected = "the guard is a slider, but only the car may slide")]
    fn a_second_slider_is_refused_by_name() {
        Tables::build_from(|role| match role {
            Role::Guard => Movement::Slider(&[Vector([1, 1, 0, 0])]),
            other => other.movement(),
        });
    }

    #[test]
    #[should_panic(expected = "the horse has more than 8 leaps at")]
    fn more_than_eight_leaps_are_refused_by_name() {
        // The horse's 8 images plus the captain's 4.
        Tables::build_from(|role| match role {
            Role::Horse => Movement::Leaper(&[Vector([1, 2, 0, 0]), Vector([0, 1, 0, 0])]),
            other => other.movement(),
        });
    }

    #[test]
    #[should_panic(expected = "the car must be a slider")]
    fn a_car_that_leaps_is_refused() {
        Tables::build_from(|role| match role {
            Role::Car => Movement::Leaper(&[Vector([0, 1, 0, 0])]),
            other => other.movement(),
        });
    }

    #[test]
    fn the_piece_set_builds() {
        let t = Tables::build_from(Role::movement);
        let centre = Point::new(4, 4).unwrap();
        assert_eq!(t.leaps(Role::Horse, centre).len(), 8);
        assert_eq!(t.leaps(Role::Car, centre).len(), 0);
    }

    fn p(x: i64, y: i64) -> Point {
        Point::new(x, y).unwrap()
    }

    #[test]
    fn leap_counts_in_the_middle_and_in_a_corner() {
        let t = tables();
        let middle = p(4, 4);
        let expected = [
            (Role::Captain, 4),
            (Role::Guard, 4),
            (Role::Elephant, 4),
            (Role::Horse, 8),
            (Role::Car, 0),
            (Role::Duck, 8),
            (Role::Soldier, 8),
        ];
        for (role, n) in expected {
            assert_eq!(t.leaps(role, middle).len(), n, "{role:?}");
        }
        // From (0,0) only the up-and-right images stay on the board.
        let corner = p(0, 0);
        assert_eq!(t.leaps(Role::Duck, corner).len(), 2);
        assert_eq!(t.leaps(Role::Soldier, corner).len(), 3);
        assert_eq!(t.leaps(Role::Horse, corner).len(), 2);
    }

    #[test]
    fn incoming_mirrors_the_forward_leaps_and_reach_is_symmetric() {
        let t = tables();
        for role in Role::ALL {
            for to in Point::all() {
                for leap in t.incoming(role, to) {
                    let from = Point::from_index(leap.other as usize);
                    assert!(t
                        .leaps(role, from)
                        .iter()
                        .any(|f| f.other as usize == to.index() && f.blocks == leap.blocks));
                }
                for from in points(t.reach(role, to)) {
                    assert!(t.reach(role, from) & bit(to.index()) != 0);
                }
            }
            let forward: usize = Point::all().map(|f| t.leaps(role, f).len()).sum();
            let incoming: usize = Point::all().map(|f| t.incoming(role, f).len()).sum();
            assert_eq!(forward, incoming);
        }
    }

    #[test]
    fn rays_reach_the_edges_and_slides_stop_at_the_first_piece() {
        let t = tables();
        let corner = p(0, 0);
        let mut lengths: Vec<u32> = (0..DIRECTIONS)
            .map(|d| t.ray(corner, d).count_ones())
            .collect();
        lengths.sort_unstable();
        // Two directions lead off the board at once; the row has 8 more
        // points, the column 9.
        assert_eq!(lengths, [0, 0, 8, 9]);
        let up = t.direction(corner, p(5, 0)).unwrap();
        let occupied = bit(p(2, 0).index()) | bit(p(6, 0).index());
        let (reach, first) = t.slide(corner, up, occupied);
        assert_eq!(first, Some(p(2, 0)));
        assert_eq!(reach, bit(p(1, 0).index()) | bit(p(2, 0).index()));
        let down = t.direction(p(9, 0), corner).unwrap();
        let (reach, first) = t.slide(p(9, 0), down, occupied);
        assert_eq!(first, Some(p(6, 0)));
        assert_eq!(reach.count_ones(), 3);
        assert_eq!(t.direction(corner, p(1, 1)), None);
    }
}
