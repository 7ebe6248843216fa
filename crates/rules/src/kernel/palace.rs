//! Janggi's palace diagonals, as data: a set of points joined by diagonal
//! lines (the corners and the centre of each palace), along which some
//! kinds move besides their own moves: a wazir-like piece (the king, the
//! advisors) one step, a soldier one step forward, a chariot sliding, a
//! cannon jumping over one piece. Only moves that start and end on the
//! lines' points, passing only points of them, are added; elsewhere the
//! kinds move as their own rules say.

use super::{Color, SquareSet, Variant, MAX_KINDS};

/// How a kind moves along the diagonal lines.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum LineMove {
    /// One step to a neighbouring point (janggi's king and advisors).
    Step,
    /// One step forward to a neighbouring point (the soldier).
    ForwardStep,
    /// A slide over empty points (the chariot).
    Slide,
    /// A jump over exactly one piece, to a point beyond it (the cannon):
    /// neither that piece nor the one taken may be of the jumper's own
    /// kind.
    Jump,
}

/// A kind's moves along the diagonal lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiagonalLines {
    /// The points the lines join (Fairy-Stockfish's `diagonalLines`).
    pub squares: Vec<usize>,
    /// How the kind moves along them.
    pub how: LineMove,
}

/// One move along the lines: from, to, and the points passed.
#[derive(Copy, Clone, Debug)]
pub(crate) struct LineEntry<S> {
    from: u16,
    to: u16,
    passed: S,
}

/// The line moves expanded per side and kind.
#[derive(Clone, Debug)]
pub(crate) struct Lines<S> {
    /// Kinds with line moves.
    pub(crate) kinds: u16,
    /// Kinds whose line moves are jumps (their own kind bars them).
    pub(crate) jumps: u16,
    /// `moves[color][kind]`: every line move of the kind.
    moves: [[Vec<LineEntry<S>>; MAX_KINDS]; 2],
}

impl<S: SquareSet> Lines<S> {
    /// Expands the line moves of every kind that has some.
    pub(crate) fn new(variant: &Variant) -> Lines<S> {
        let shape = variant.shape;
        let mut lines = Lines {
            kinds: 0,
            jumps: 0,
            moves: std::array::from_fn(|_| std::array::from_fn(|_| Vec::new())),
        };
        if shape.axes() != 2 {
            return lines;
        }
        for (k, kind) in variant.kinds.iter().enumerate() {
            let Some(diagonals) = &kind.lines else {
                continue;
            };
            lines.kinds |= 1 << k;
            if diagonals.how == LineMove::Jump {
                lines.jumps |= 1 << k;
            }
            let points = &diagonals.squares;
            for color in Color::ALL {
                let forward = if color == Color::White { 1 } else { -1 };
                for &from in points {
                    for &to in points {
                        let (a, b) = (shape.coords(from), shape.coords(to));
                        let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
                        let n = dx.abs();
                        if n == 0 || dy.abs() != n {
                            continue;
                        }
                        // The points strictly between, all of them points
                        // of the lines.
                        let mut passed = S::EMPTY;
                        let mut on_lines = true;
                        for i in 1..n {
                            let at = [a[0] + i * dx.signum(), a[1] + i * dy.signum()];
                            let square = (at[1] * shape.size(0) + at[0]) as usize;
                            on_lines &= points.contains(&square);
                            passed |= S::single(square);
                        }
                        let fits = on_lines
                            && match diagonals.how {
                                LineMove::Step => n == 1,
                                LineMove::ForwardStep => n == 1 && dy == forward,
                                LineMove::Slide => true,
                                LineMove::Jump => n >= 2,
                            };
                        if fits {
                            lines.moves[color.index()][k].push(LineEntry {
                                from: from as u16,
                                to: to as u16,
                                passed,
                            });
                        }
                    }
                }
            }
        }
        lines
    }

    /// Whether the line move is open: the points passed empty (a jump:
    /// exactly one piece there, not a `barred` one), and a jump's target
    /// not `barred`.
    #[inline]
    fn open(&self, k: usize, e: &LineEntry<S>, occupied: S, barred: S) -> bool {
        let blockers = e.passed & occupied;
        if self.jumps >> k & 1 == 1 {
            blockers.count() == 1
                && (blockers & barred).is_empty()
                && !barred.contains(e.to as usize)
        } else {
            blockers.is_empty()
        }
    }

    /// Where a piece of kind `k` and `color` on `square` moves along the
    /// lines (captures of its own side included: the caller drops them).
    pub(crate) fn targets(
        &self,
        k: usize,
        color: Color,
        square: usize,
        occupied: S,
        barred: S,
    ) -> S {
        let mut set = S::EMPTY;
        for e in &self.moves[color.index()][k] {
            if e.from as usize == square && self.open(k, e, occupied, barred) {
                set |= S::single(e.to as usize);
            }
        }
        set
    }

    /// The pieces among `pieces` (of kind `k` and `color`) that reach
    /// `square` along the lines.
    pub(crate) fn attackers(
        &self,
        k: usize,
        color: Color,
        square: usize,
        occupied: S,
        barred: S,
        pieces: S,
    ) -> S {
        let mut found = S::EMPTY;
        for e in &self.moves[color.index()][k] {
            if e.to as usize == square
                && pieces.contains(e.from as usize)
                && self.open(k, e, occupied, barred)
            {
                found |= S::single(e.from as usize);
            }
        }
        found
    }
}
