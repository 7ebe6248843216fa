//! Janggi's material counting ([`Counting`]): a game that would end drawn
//! by two passes, bikjang, repetition or the move limit goes to the side
//! with more points, Black's bonus counted.

use super::{Color, Counting, Draw, Outcome, Position, SquareSet, Win};

impl<S: SquareSet> Position<S> {
    /// The material count's result for a game that would be drawn for
    /// `why`; `None` where counting does not decide (stalemate, a dead
    /// position).
    pub(crate) fn counted(&self, counting: &Counting, why: Draw) -> Option<Outcome> {
        if !matches!(
            why,
            Draw::Passes | Draw::Bikjang | Draw::Repetition | Draw::MoveLimit | Draw::FullBoard
        ) {
            return None;
        }
        let kinds = self.rules().variant().kinds.len();
        let score: i32 = (0..kinds)
            .map(|k| {
                let pieces = self.by_kind(super::Kind(k as u8));
                let count = |c: Color| (pieces & self.by_color(c)).count() as i32;
                counting.points.get(k).copied().unwrap_or(0)
                    * (count(Color::White) - count(Color::Black))
            })
            .sum();
        if counting.ties_drawn && score == counting.black_bonus {
            return None;
        }
        let winner = if score > counting.black_bonus {
            Color::White
        } else {
            Color::Black
        };
        Some(Outcome::Decisive {
            winner,
            how: Win::Counting(why),
        })
    }
}
