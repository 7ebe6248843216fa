//! Pawns that push and take other ways than chess's pawn
//! ([`PieceKind::pawn_ways`](super::PieceKind::pawn_ways)): Berolina's
//! pawn pushes one step diagonally forward (two from its double-step
//! ranks, over an empty square) and takes straight ahead; Legan's pushes
//! toward its corner and takes forward or to its left.
//!
//! Its double step is taken en passant on the square it passed, by a pawn
//! whose capture lands there; the pawn taken is the one that moved, which
//! that square alone does not name (two pawns may stand diagonally ahead
//! of it), so the position's en passant square also keeps which push it
//! doubled, in the bits above [`EP_SQUARE`] (a field of its own would make
//! chess's position larger than two cache lines). Only games whose pawn
//! has these ways take this path: chess's pawn tables are untouched.

use super::position::Sink;
use super::squares::NONE;
use super::{Color, Move, MoveKind, Piece, Position, PositionError, SquareSet};
use crate::geometry::{Shape, Vector};

/// The bits of an en passant square that are the square (boards have at
/// most 1,024 squares); those above it number the push the pawn doubled.
pub(crate) const EP_SQUARE: u16 = (1 << 10) - 1;

/// A pawn's pushes and captures where they are not chess's, each a vector
/// as White sees it; Black's are White's turned half a turn (Fairy-
/// Stockfish's mirror: Legan's White pawns head for a8, Black's for h1).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PawnWays {
    /// Steps to an empty square, promoting in the zone (Berolina: both
    /// forward diagonals). From a double-step rank each also goes twice
    /// as far, over an empty square.
    pub pushes: Vec<Vector>,
    /// Steps that take (Berolina: straight forward), also the pawn's
    /// attacks.
    pub captures: Vec<Vector>,
}

impl PawnWays {
    /// A vector as `color` sees it.
    pub(crate) fn turned(v: Vector, color: Color) -> Vector {
        let mut v = v;
        if color == Color::Black {
            for c in v.0.iter_mut() {
                *c = -*c;
            }
        }
        v
    }
}

/// The pawn's tables by side, `[color][square]`.
#[derive(Clone, Debug)]
pub(crate) struct WayTables<S> {
    /// Where its pushes lead.
    pub(crate) pushes: [Vec<S>; 2],
    /// Its double steps from double-step ranks: the square passed, the
    /// en passant square it leaves (with its push's number, [`EP_SQUARE`];
    /// [`NONE`] where it may not be taken) and the square reached.
    pub(crate) doubles: [Vec<Vec<(u16, u16, u16)>>; 2],
    /// The pushes as White sees them.
    pub(crate) push_ways: Vec<Vector>,
    /// The squares some push or capture of the side reaches: a pawn
    /// elsewhere stands where only the start may put it.
    pub(crate) reached: [S; 2],
}

impl<S: SquareSet> WayTables<S> {
    /// The tables of `ways` on `shape`; `double_from(color, square)` tells
    /// whether a pawn double-steps from there, `en_passant(color, square)`
    /// whether a double step passing that square may be taken there.
    pub(crate) fn new(
        ways: &PawnWays,
        shape: Shape,
        double_from: &dyn Fn(Color, usize) -> bool,
        en_passant: &dyn Fn(Color, usize) -> bool,
    ) -> WayTables<S> {
        let len = shape.len();
        let mut t = WayTables {
            pushes: [vec![S::EMPTY; len], vec![S::EMPTY; len]],
            doubles: [vec![Vec::new(); len], vec![Vec::new(); len]],
            reached: [S::EMPTY; 2],
            push_ways: ways.pushes.clone(),
        };
        for color in Color::ALL {
            let c = color.index();
            for from in 0..len {
                for (i, &v) in ways.pushes.iter().enumerate() {
                    let v = PawnWays::turned(v, color);
                    let Some(to) = shape.offset(from, v) else {
                        continue;
                    };
                    t.pushes[c][from] |= S::single(to);
                    t.reached[c] |= S::single(to);
                    if !double_from(color, from) {
                        continue;
                    }
                    if let Some(two) = shape.offset(to, v) {
                        let passed = if en_passant(color, to) {
                            to as u16 | (i as u16) << EP_SQUARE.count_ones()
                        } else {
                            NONE
                        };
                        t.doubles[c][from].push((to as u16, passed, two as u16));
                        t.reached[c] |= S::single(two);
                    }
                }
                for &v in &ways.captures {
                    if let Some(to) = shape.offset(from, PawnWays::turned(v, color)) {
                        t.reached[c] |= S::single(to);
                    }
                }
            }
        }
        t
    }
}

impl<S: SquareSet> Position<S> {
    /// The moves of `pawns` that have their own ways: pushes, double
    /// steps, captures (promoting in the zone) and en passant, which is
    /// played and tested where `test_ep`.
    #[cold]
    pub(crate) fn generate_pawn_ways<O: Sink<S>>(
        &self,
        out: &mut O,
        pawns: S,
        target: S,
        line: &dyn Fn(usize) -> S,
        test_ep: bool,
    ) {
        let r = self.rules();
        let ways = r.pawn_ways.as_ref().expect("a pawn with its own ways");
        let c = self.turn().index();
        let occupied = self.occupied();
        let enemy = self.by_color(!self.turn());
        let zone = r.promotion_zone[c];
        for from in pawns.squares() {
            let allowed = target & line(from);
            let pushes = ways.pushes[c][from] & !occupied;
            for &(mid, _, two) in &ways.doubles[c][from] {
                // Over the square it passes, which must be empty.
                if !occupied.contains(mid as usize)
                    && !occupied.contains(two as usize)
                    && allowed.contains(two as usize)
                {
                    out.push(Move::new(from, two as usize, MoveKind::DoubleStep));
                }
            }
            let captures = r.pawn_captures[c][from];
            let plain = (pushes | (captures & enemy)) & allowed;
            if (plain & zone).is_empty() {
                out.push_all(from, plain);
            } else if !self.push_promotion_choices(out, from, plain) {
                out.push_all(from, plain & !zone);
                for to in (plain & zone).squares() {
                    for &p in &r.promotions[c] {
                        out.push(Move::promoting(from, to, p));
                    }
                }
            }
            if let Some(ep) = self.en_passant() {
                if captures.contains(ep) {
                    let m = Move::new(from, ep, MoveKind::EnPassant);
                    if !test_ep || self.leaves_royal_safe(m) {
                        out.push(m);
                    }
                }
            }
        }
    }
}

impl<S: SquareSet> Position<S> {
    /// Reads en passant square `s` of a setup: the side that just moved
    /// has a pawn a push past it, which came by a double step from a now
    /// empty square a push before it (the first such pawn, where two
    /// could have).
    pub(crate) fn set_way_en_passant(&mut self, s: usize) -> Result<(), PositionError> {
        let r = self.rules();
        let ways = r.pawn_ways.as_ref().expect("a pawn with its own ways");
        let mover = !self.turn();
        let pawn = Piece {
            color: mover,
            kind: r.pawn.expect("a pawn kind"),
        };
        let empty = !self.occupied();
        let code = (0..r.len())
            .filter(|&o| empty.contains(o))
            .find_map(|origin| {
                ways.doubles[mover.index()][origin]
                    .iter()
                    .find(|&&(mid, ep, two)| {
                        ep != NONE
                            && (ep & EP_SQUARE) as usize == s
                            && empty.contains(mid as usize)
                            && self.piece_at(two as usize) == Some(pawn)
                    })
                    .map(|&(_, ep, _)| ep)
            });
        match code {
            Some(ep) => {
                self.ep = ep;
                Ok(())
            }
            None => Err(PositionError::EnPassant {
                square: s,
                turn: self.turn(),
            }),
        }
    }
}

impl<S: SquareSet> super::Rules<S> {
    /// The pawn an en passant capture of `ep` takes, the one `mover`
    /// double-stepped: beside the square passed, or for pawns of their own
    /// ways, where the push it doubled leads ([`Rules::way_victim`]).
    pub(crate) fn en_passant_victim(&self, mover: Color, ep: u16) -> usize {
        match self.pawn_ways {
            Some(_) => self.way_victim(mover, ep),
            None => self.pawn_push[mover.index()][(ep & EP_SQUARE) as usize] as usize,
        }
    }

    /// The pawn of `mover` that a double step leaving en passant square
    /// `ep` (with its push's number) put where it stands.
    #[cold]
    pub(crate) fn way_victim(&self, mover: Color, ep: u16) -> usize {
        let ways = self.pawn_ways.as_ref().expect("a pawn with its own ways");
        let push = ways.push_ways[(ep >> EP_SQUARE.count_ones()) as usize];
        let v = PawnWays::turned(push, mover);
        self.variant
            .shape
            .offset((ep & EP_SQUARE) as usize, v)
            .expect("a double step's square on the board")
    }

    /// Where the pawn on `victim` came from by the double step that
    /// passed `ep`.
    pub(crate) fn way_origin(&self, ep: usize, victim: usize) -> usize {
        let shape = self.variant.shape;
        let (e, v) = (shape.coords(ep), shape.coords(victim));
        let mut origin = e;
        for axis in 0..e.len() {
            origin[axis] = 2 * e[axis] - v[axis];
        }
        shape.index(origin).unwrap_or(victim)
    }

    /// The square a double step from `from` to `to` lets the other side
    /// take en passant on, if any.
    #[cold]
    pub(crate) fn way_en_passant(&self, color: Color, from: usize, to: usize) -> u16 {
        let ways = self.pawn_ways.as_ref().expect("a pawn with its own ways");
        ways.doubles[color.index()][from]
            .iter()
            .find(|&&(_, _, two)| two as usize == to)
            .map_or(NONE, |&(_, passed, _)| passed)
    }
}
