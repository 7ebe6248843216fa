//! Dobutsu's safe flag (`flagPieceSafe`): a lion on the far rank wins
//! only where no piece of the other side attacks it. Only games with the
//! rule come here (from `Position::flag_reached`).

use super::{Color, Position, SquareSet};

impl<S: SquareSet> Position<S> {
    /// Whether a piece of the other side than `color` attacks the flag
    /// piece on `there` (one square).
    #[cold]
    pub(crate) fn flag_attacked(&self, there: S, color: Color) -> bool {
        let square = there.first().expect("a flag piece");
        self.attackers(square, !color, self.occupied()).any()
    }
}
