//! Per-point move tables, built once from [`Role::movement`] and the
//! geometry.
//!
//! The rules live in `role.rs` as vectors; this module expands them, for
//! every point of the board, into the concrete targets and blocking points,
//! so that validating a command, generating moves and finding check are all
//! table look-ups with no per-direction code:
//!
//! - `leaps[role][from]`: every on-board leap of a leaper, its target and up
//!   to two blocking points;
//! - `incoming[to]`: every leap of any leaper role that ends on `to`, which
//!   finds check from the captain outward instead of scanning the board;
//! - `rays[from][direction]`: the points a slider passes, nearest first.
//!
//! Unused blocking-point slots hold [`NOWHERE`], an extra board cell that is
//! always empty, so a leap is tested with the same two look-ups whatever its
//! shape.

use crate::geometry::Vector;
use crate::point::GRID;
use crate::role::Movement;
use crate::{Point, Role};
use std::sync::LazyLock;

/// Index of the always-empty cell past the last point of the board.
pub(crate) const NOWHERE: u8 = Point::COUNT as u8;

/// Most blocking points any leap of the piece set has (the duck's two).
const MAX_BLOCKS: usize = 2;
/// Most leaps of one role from one point (horse, duck, soldier: eight).
const MAX_LEAPS: usize = 8;
/// Most leaps of all leaper roles together that end on one point.
const MAX_INCOMING: usize = 40;
/// Directions of a slider.
const MAX_RAYS: usize = 4;
/// Longest ray: a row has 9 points, a column 10.
const MAX_RAY: usize = 9;

/// One leap from a point: its target and its blocking points.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Leap {
    /// The other end of the leap (the target, or for an incoming leap the
    /// start).
    pub other: u8,
    /// Blocking points in the order passed; unused slots are [`NOWHERE`].
    pub blocks: [u8; MAX_BLOCKS],
    /// The role that makes this leap (used by the incoming table).
    pub role: Role,
}

impl Leap {
    /// The blocking points actually on the path.
    pub fn blocking_points(&self) -> impl Iterator<Item = Point> + '_ {
        self.blocks
            .iter()
            .filter(|&&b| b != NOWHERE)
            .map(|&b| Point::from_index(b as usize))
    }
}

/// The expanded tables; see the module documentation.
pub struct Tables {
    leaps: Vec<[Vec<Leap>; Point::COUNT]>,
    incoming: [Vec<Leap>; Point::COUNT],
    rays: [[Vec<u8>; MAX_RAYS]; Point::COUNT],
}

static TABLES: LazyLock<Tables> = LazyLock::new(Tables::build);

/// The tables, built on first use.
pub fn tables() -> &'static Tables {
    &TABLES
}

impl Tables {
    fn build() -> Tables {
        let leaps: Vec<[Vec<Leap>; Point::COUNT]> = Role::ALL
            .iter()
            .map(|&role| std::array::from_fn(|from| leaps_of(role, from)))
            .collect();
        let mut incoming: [Vec<Leap>; Point::COUNT] = std::array::from_fn(|_| Vec::new());
        for per_point in &leaps {
            for (from, list) in per_point.iter().enumerate() {
                for leap in list {
                    incoming[leap.other as usize].push(Leap {
                        other: from as u8,
                        ..*leap
                    });
                }
            }
        }
        let car_directions = match Role::Car.movement() {
            Movement::Slider(base) => images(base),
            Movement::Leaper(_) => unreachable!("the car is the slider"),
        };
        assert_eq!(car_directions.len(), MAX_RAYS);
        let rays = std::array::from_fn(|from| {
            std::array::from_fn(|d| GRID.ray(from, car_directions[d]).map(|i| i as u8).collect())
        });
        let tables = Tables {
            leaps,
            incoming,
            rays,
        };
        debug_assert!(tables.fits_the_fixed_bounds());
        tables
    }

    fn fits_the_fixed_bounds(&self) -> bool {
        self.leaps.iter().flatten().all(|l| l.len() <= MAX_LEAPS)
            && self.incoming.iter().all(|l| l.len() <= MAX_INCOMING)
            && self.rays.iter().flatten().all(|r| r.len() <= MAX_RAY)
    }

    /// Every on-board leap of `role` from `from`; empty for the car.
    #[inline]
    pub fn leaps(&self, role: Role, from: Point) -> &[Leap] {
        &self.leaps[role.index()][from.index()]
    }

    /// Every leap of every leaper role that ends on `to`; `other` is the
    /// start.
    #[inline]
    pub fn incoming(&self, to: Point) -> &[Leap] {
        &self.incoming[to.index()]
    }

    /// The four slider rays from `from`, nearest point first.
    #[inline]
    pub fn rays(&self, from: Point) -> &[Vec<u8>; MAX_RAYS] {
        &self.rays[from.index()]
    }
}

fn images(base: &[Vector]) -> Vec<Vector> {
    base.iter().flat_map(|v| v.images()).collect()
}

fn leaps_of(role: Role, from: usize) -> Vec<Leap> {
    let Movement::Leaper(base) = role.movement() else {
        return Vec::new();
    };
    images(base)
        .into_iter()
        .filter_map(|v| GRID.leap(from, v))
        .map(|(to, path)| {
            assert!(path.len() <= MAX_BLOCKS, "{role:?} passes too many points");
            let mut blocks = [NOWHERE; MAX_BLOCKS];
            for (slot, p) in blocks.iter_mut().zip(path) {
                *slot = p as u8;
            }
            Leap {
                other: to as u8,
                blocks,
                role,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn incoming_mirrors_the_forward_leaps() {
        let t = tables();
        for to in Point::all() {
            for leap in t.incoming(to) {
                let from = Point::from_index(leap.other as usize);
                let forward = t.leaps(leap.role, from);
                assert!(forward
                    .iter()
                    .any(|f| f.other as usize == to.index() && f.blocks == leap.blocks));
            }
        }
        let total_forward: usize = Role::ALL
            .iter()
            .flat_map(|&r| Point::all().map(move |f| t.leaps(r, f).len()))
            .sum();
        let total_incoming: usize = Point::all().map(|to| t.incoming(to).len()).sum();
        assert_eq!(total_forward, total_incoming);
    }

    #[test]
    fn rays_reach_the_edges() {
        let rays = tables().rays(p(0, 0));
        let lengths: Vec<usize> = rays.iter().map(Vec::len).collect();
        // Two directions lead off the board at once; one runs up the column
        // (9 points), one along the row (8 points).
        let mut sorted = lengths.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, [0, 0, 8, 9]);
    }
}
