//! Ataxx's clones as a player makes them. Where drops are free
//! (`freeDrops`: a drop takes nothing from a hand, so there is no hand to
//! pick from), a drop is a piece copying itself onto a square a king's step
//! away: the front ends play it as a move of such a piece, a click on the
//! piece and then on the square.
//!
//! ```
//! use duckchess_rules::kernel::{Move, MoveKind};
//! use duckchess_rules::variants::{by_name, clones::clone_sources};
//! let chess = by_name("chess").unwrap().start();
//! assert_eq!(clone_sources(&*chess, Move::new(12, 28, MoveKind::DoubleStep)), None);
//! ```

use crate::kernel::{AnyPosition, Move};

/// For a free drop, the squares of the side to move's pieces of its kind
/// a king's step from its square, any of which makes it; `None` for any
/// other move, which its own piece makes.
pub fn clone_sources(position: &dyn AnyPosition, m: Move) -> Option<Vec<usize>> {
    let variant = position.variant();
    let kind = m.dropped()?;
    if !variant.drops.as_ref().is_some_and(|d| d.free) {
        return None;
    }
    let turn = position.turn();
    let shape = variant.shape;
    let to = shape.coords(m.to());
    let next_to = |s: usize| {
        let at = shape.coords(s);
        at != to && at.iter().zip(to).all(|(a, b)| (a - b).abs() <= 1)
    };
    Some(
        (0..shape.len())
            .filter(|&s| {
                position
                    .piece_at(s)
                    .is_some_and(|p| p.color == turn && p.kind == kind)
                    && next_to(s)
            })
            .collect(),
    )
}

/// The squares a player makes `m` from: its clone's sources, or its own
/// piece's square.
pub fn played_from(position: &dyn AnyPosition, m: Move) -> Vec<usize> {
    clone_sources(position, m).unwrap_or_else(|| vec![m.from()])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::ini;
    use crate::variants::prelude::*;

    #[test]
    fn an_ataxx_clone_is_made_by_the_pieces_next_to_it() {
        let file = include_str!("../../../../samples/fsf-variants.ini");
        let games = ini::read(file).unwrap();
        let ataxx = games.iter().find(|g| g.name() == "ataxx").unwrap();
        // White on a1 and c1, black on b3: b2 is next to both White's.
        let p = ataxx.read_position("7/7/7/7/1p5/7/P1P4 w 0 1").unwrap();
        let square = |name: &str| (0..49).find(|&s| ataxx.square_name(&*p, s) == name);
        let clone = |to: &str| {
            let to = square(to).unwrap();
            let m = p
                .legal_moves()
                .into_iter()
                .find(|m| m.dropped().is_some() && m.to() == to);
            clone_sources(&*p, m.unwrap()).unwrap()
        };
        assert_eq!(clone("b2"), [square("a1").unwrap(), square("c1").unwrap()]);
        assert_eq!(clone("d2"), [square("c1").unwrap()]);
        // A jump is its own piece's.
        let jump = p
            .legal_moves()
            .into_iter()
            .find(|m| m.dropped().is_none())
            .unwrap();
        assert_eq!(clone_sources(&*p, jump), None);
        assert_eq!(played_from(&*p, jump), [jump.from()]);
    }
}
