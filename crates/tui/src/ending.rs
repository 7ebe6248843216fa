//! Ends of a game the rules do not decide: a resignation, a draw agreed,
//! a flag fallen; and the computer's answer to a draw offer.
//!
//! ```
//! use duckchess_engine::search::Score;
//! use duckchess_tui::ending::accepts_draw;
//! // The computer to move at +0.40 for itself declines; at -0.10 accepts.
//! assert!(!accepts_draw(Score::Centipawns(40), true));
//! assert!(accepts_draw(Score::Centipawns(-10), true));
//! // Its opponent to move at +0.40: the computer is at -0.40, accepts.
//! assert!(accepts_draw(Score::Centipawns(40), false));
//! ```

use crate::engine::search::Score;
use crate::kernel::Color;
use crate::variants::Notation;

/// How a game ended outside the rules' own verdicts.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum End {
    /// This side resigned.
    Resigned(Color),
    /// Both sides agreed to a draw (an offer accepted).
    Agreed,
    /// This side's time ran out: a loss, or a draw when the other side
    /// cannot mate.
    Flag {
        /// The side whose time is up.
        loser: Color,
        /// The other side has nothing to mate with.
        draw: bool,
    },
}

impl End {
    /// The result in the game's words.
    pub fn describe(self, notation: &dyn Notation) -> String {
        let name = |c: Color| notation.side_name(c);
        match self {
            End::Resigned(c) => format!("{} wins: {} resigned", name(c.other()), name(c)),
            End::Agreed => "draw by agreement".into(),
            End::Flag { loser, draw: true } => format!(
                "draw: {}'s time is up, and {} cannot mate",
                name(loser),
                name(loser.other())
            ),
            End::Flag { loser, .. } => format!("{} wins on time", name(loser.other())),
        }
    }
}

/// Whether the computer accepts a draw: when its evaluation for itself is
/// not better than equal (0.00 or less, or it is being mated). `score` is
/// the search's, for the side to move; `computer_to_move` says whose side
/// that is.
pub fn accepts_draw(score: Score, computer_to_move: bool) -> bool {
    let own = if computer_to_move {
        score
    } else {
        score.flipped()
    };
    match own {
        Score::Centipawns(cp) => cp <= 0,
        Score::Mate(n) => n < 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::by_name;

    #[test]
    fn the_computer_accepts_only_when_it_is_not_better() {
        assert!(accepts_draw(Score::Centipawns(0), true));
        assert!(accepts_draw(Score::Centipawns(0), false));
        assert!(!accepts_draw(Score::Mate(3), true));
        assert!(accepts_draw(Score::Mate(3), false), "its opponent mates");
        assert!(accepts_draw(Score::Mate(-2), true));
        assert!(!accepts_draw(Score::Centipawns(-1), false));
    }

    #[test]
    fn bare_kings_cannot_mate() {
        let chess = by_name("chess").unwrap();
        let bare = chess
            .read_position("k7/8/8/8/8/8/8/1R5K w - - 0 1")
            .unwrap();
        assert!(bare.cannot_mate(Color::Black));
        assert!(!bare.cannot_mate(Color::White));
        let start = chess.start();
        assert!(!start.cannot_mate(Color::White));
    }

    #[test]
    fn ends_in_the_games_words() {
        let duck = by_name("duck").unwrap();
        assert_eq!(
            End::Resigned(Color::White).describe(duck),
            "blue wins: red resigned"
        );
        let chess = by_name("chess").unwrap();
        assert_eq!(
            End::Flag {
                loser: Color::Black,
                draw: false
            }
            .describe(chess),
            "white wins on time"
        );
        assert_eq!(
            End::Flag {
                loser: Color::Black,
                draw: true
            }
            .describe(chess),
            "draw: black's time is up, and white cannot mate"
        );
    }
}
