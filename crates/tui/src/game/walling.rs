//! A wall being placed (chess-duck's duck, Amazons' arrows): between the
//! piece's move and the wall's square the board shows the position the
//! piece's move makes, with the walls where they stand (the duck leaves
//! its square only when placed), and the wall's squares as the targets.

use super::Game;
use crate::kernel::{AnyPosition, Move};

/// The board while a wall is placed.
pub struct Placing {
    /// The position after the piece's move with one of its walls: its
    /// pieces are drawn, not its walls.
    pub after: Box<dyn AnyPosition>,
    /// The squares the wall may go on.
    pub squares: Vec<usize>,
    /// The piece's move, marked as the last.
    pub moved: Move,
}

impl Game {
    /// What the game calls the wall its moves place (`duck`, `arrow`,
    /// `wall`).
    pub fn wall_name(&self) -> &'static str {
        let walls = self.position().variant().goals.walls.as_ref();
        walls.and_then(|w| w.rule).map_or("wall", |r| r.wall_name())
    }

    /// Asks for the square of the wall one of `moves` places.
    pub(super) fn ask_wall(&mut self, moves: Vec<Move>) {
        self.cursor.wall = Some(moves);
        let wall = self.wall_name();
        self.prompt.message = Some(format!(
            "the {wall}'s square: click or point + Enter (Esc: cancel)"
        ));
    }

    /// What the board shows while a wall is placed; `None` otherwise.
    pub fn placing(&self) -> Option<Placing> {
        let moves = self.cursor.wall.as_ref()?;
        let &moved = moves.first()?;
        let mut after = self.position().clone_box();
        after.play(moved).ok()?;
        let mut squares: Vec<usize> = moves.iter().filter_map(|m| m.wall()).collect();
        squares.sort_unstable();
        squares.dedup();
        Some(Placing {
            after,
            squares,
            moved,
        })
    }
}
