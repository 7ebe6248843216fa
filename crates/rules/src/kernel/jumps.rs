//! The janggi cannon's jumps: along each of its lines it moves only by
//! jumping over exactly one piece (the screen), to any empty square
//! beyond it or onto the first piece beyond, which it takes. Neither the
//! screen nor the piece taken may be a piece of its own kind (a cannon
//! neither jumps over nor takes a cannon).

use super::{Rules, SquareSet};

impl<S: SquareSet> Rules<S> {
    /// The squares a jumper on `square` reaches along directions `dirs`
    /// (its own side's pieces included: the caller drops them); `barred`
    /// holds the pieces of its kind.
    pub(crate) fn jump_targets(&self, dirs: &[u16], square: usize, occupied: S, barred: S) -> S {
        let mut set = S::EMPTY;
        for &d in dirs {
            let d = d as usize;
            if let Some(screen) = self.first_blocker(square, d, occupied) {
                if !barred.contains(screen) {
                    set |= self.ray_attacks(screen, d, occupied) & !barred;
                }
            }
        }
        set
    }

    /// The pieces among `pieces` (jumpers along `dirs`) that take on
    /// `square`: jump lines are symmetric, so the first piece from
    /// `square` along a line is the screen and the next the jumper.
    pub(crate) fn jump_attackers(
        &self,
        dirs: &[u16],
        square: usize,
        occupied: S,
        barred: S,
        pieces: S,
    ) -> S {
        let mut found = S::EMPTY;
        if barred.contains(square) {
            return found;
        }
        for &d in dirs {
            let d = d as usize;
            if let Some(screen) = self.first_blocker(square, d, occupied) {
                if barred.contains(screen) {
                    continue;
                }
                if let Some(jumper) = self.first_blocker(screen, d, occupied) {
                    if pieces.contains(jumper) {
                        found |= S::single(jumper);
                    }
                }
            }
        }
        found
    }
}
