//! Steps to empty squares only, one way for each side
//! ([`PieceKind::quiet_steps`](super::PieceKind::quiet_steps)):
//! breakthrough's piece moves straight forward and takes diagonally, the
//! hounds of fox-and-hounds move diagonally forward and never take. They
//! attack nothing, so only move generation sees them.

use super::position::Sink;
use super::{Color, Move, MoveKind, PawnClock, Position, Rules, SquareSet, Variant};
use crate::geometry::Vector;

/// `table[color][kind * len + square]`: where the kind's quiet steps from
/// `square` lead; empty where no kind has any (no cost to other games).
pub(crate) fn table<S: SquareSet>(variant: &Variant) -> [Vec<S>; 2] {
    if variant.kinds.iter().all(|k| k.quiet_steps.is_empty()) {
        return [Vec::new(), Vec::new()];
    }
    let shape = variant.shape;
    let len = shape.len();
    std::array::from_fn(|c| {
        let color = Color::ALL[c];
        let mut table = vec![S::EMPTY; variant.kinds.len() * len];
        for (k, kind) in variant.kinds.iter().enumerate() {
            for &v in &kind.quiet_steps {
                let mut v = v;
                // Black's steps are White's turned half round, as
                // Fairy-Stockfish's (its left is White's right).
                if color == Color::Black {
                    v.0[0] = -v.0[0];
                    v.0[1] = -v.0[1];
                }
                for from in 0..len {
                    if let Some(to) = shape.offset(from, v) {
                        table[k * len + from] |= S::single(to);
                    }
                }
            }
        }
        table
    })
}

impl<S: SquareSet> Position<S> {
    /// The pawns' quiet steps beside their own moves (pawnsideways' steps
    /// aside, pawnback's step back, kept in the pawn's region): never
    /// forward, so never into the promotion zone.
    #[cold]
    pub(crate) fn generate_pawn_quiet_steps<O: Sink<S>>(
        &self,
        out: &mut O,
        pawns: S,
        target: S,
        line: &dyn Fn(usize) -> S,
    ) {
        let r = self.rules();
        let us = self.turn();
        let k = r.pawn.expect("a pawn kind").index();
        let empty = !self.occupied();
        for from in pawns.squares() {
            let set = r.special_attacks(k, us, from, self.occupied(), S::EMPTY, S::EMPTY);
            out.push_all(from, set & empty & target & line(from));
        }
    }
}

impl<S: SquareSet> Rules<S> {
    /// Whether a pawn move of `color` restarts the ply count where not
    /// every one does ([`PawnClock`]): one its own moves cannot undo (a
    /// step whose reverse is neither the push nor one of its quiet steps;
    /// a double step, a capture or a promotion never is undone).
    #[cold]
    pub(crate) fn pawn_move_restarts(&self, color: Color, m: Move) -> bool {
        let clock = self.variant.draws.pawn_clock;
        if clock == PawnClock::Never {
            return false;
        }
        if m.kind != MoveKind::Normal || m.promotion.is_some() {
            return true;
        }
        let shape = self.variant.shape;
        let (from, to) = (shape.coords(m.from()), shape.coords(m.to()));
        let mut back = Vector::default();
        for axis in 0..2 {
            back.0[axis] = from[axis] - to[axis];
        }
        // As White sees it.
        if color == Color::Black {
            back.0[0] = -back.0[0];
            back.0[1] = -back.0[1];
        }
        let Some(pawn) = self.pawn else {
            return true;
        };
        let kind = &self.variant.kinds[pawn.index()];
        let push = Vector::new(&[0, 1]);
        !(back == push || kind.quiet_steps.contains(&back))
    }
}
