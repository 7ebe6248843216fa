//! A whole game reviewed, as lichess's "request a computer analysis": the
//! engine scores every position of the game, each score becomes the
//! chance the side to move wins, and a move that throws chances away is
//! marked an inaccuracy, a mistake or a blunder by how much it threw.
//!
//! - **Score to chance**: lichess's curve, a logistic fitted to its
//!   players' games, `1 / (1 + e^(−0.00368208 · cp))`, with the score held
//!   to ±1000 centipawns first (as lichess does, so that +25 and +10 pawns
//!   are both "winning"); a mate for the side is 1, a mate against it 0; a
//!   game over is 1, 0 or ½ by its result.
//! - **Judgement**: the mover's chance before the move minus its chance
//!   after it. At least 5 points (of 100) is an inaccuracy, 10 a mistake,
//!   15 a blunder: lichess's thresholds (0.1, 0.2, 0.3 on its −1…1 scale).
//!   lichess's separate rules for mates (a forced mate lost while still
//!   winning) are not copied: such a move loses too little chance here to
//!   be marked.
//!
//! ```
//! use duckchess_engine::review::{judge, winning_chance, Judgement};
//! use duckchess_engine::search::Score;
//! assert_eq!(winning_chance(Score::Centipawns(0)), 0.5);
//! assert_eq!(winning_chance(Score::Mate(3)), 1.0);
//! assert_eq!(judge(0.5, 0.3), Some(Judgement::Blunder));
//! assert_eq!(judge(0.5, 0.47), None);
//! ```

use super::search::{Engine, Limits, Score, SearchError};
use crate::kernel::{AnyPosition, Color, IllegalMove, Move, Outcome};
use std::sync::atomic::{AtomicBool, Ordering};

/// Scores beyond this many centipawns count as this many (lichess's
/// ceiling).
pub const CEILING: i32 = 1000;
/// The logistic's slope per centipawn (lichess's).
pub const SLOPE: f64 = 0.003_682_08;
/// The transposition table a review searches with, in MiB.
const HASH_MB: usize = 16;

/// The chance the side a score is for wins, from 0 to 1.
pub fn winning_chance(score: Score) -> f64 {
    match score {
        Score::Mate(n) => {
            if n > 0 {
                1.0
            } else {
                0.0
            }
        }
        Score::Centipawns(cp) => {
            let cp = f64::from(cp.clamp(-CEILING, CEILING));
            1.0 / (1.0 + (-SLOPE * cp).exp())
        }
    }
}

/// The chance `side` wins a game that is over.
pub fn chance_of_outcome(outcome: Outcome, side: Color) -> f64 {
    match outcome {
        Outcome::Decisive { winner, .. } if winner == side => 1.0,
        Outcome::Decisive { .. } => 0.0,
        Outcome::Draw(_) => 0.5,
    }
}

/// How bad a move was.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Judgement {
    /// At least 5 points of winning chance lost.
    Inaccuracy,
    /// At least 10.
    Mistake,
    /// At least 15.
    Blunder,
}

impl Judgement {
    /// All three, mildest first.
    pub const ALL: [Judgement; 3] = [
        Judgement::Inaccuracy,
        Judgement::Mistake,
        Judgement::Blunder,
    ];

    /// The least loss of winning chance (0 to 1) it takes.
    pub fn threshold(self) -> f64 {
        match self {
            Judgement::Inaccuracy => 0.05,
            Judgement::Mistake => 0.10,
            Judgement::Blunder => 0.15,
        }
    }

    /// Its PGN numeric annotation glyph: `?!` (6), `?` (2), `??` (4).
    pub fn nag(self) -> u8 {
        match self {
            Judgement::Inaccuracy => 6,
            Judgement::Mistake => 2,
            Judgement::Blunder => 4,
        }
    }

    /// `inaccuracy`, `mistake`, `blunder`.
    pub fn name(self) -> &'static str {
        match self {
            Judgement::Inaccuracy => "inaccuracy",
            Judgement::Mistake => "mistake",
            Judgement::Blunder => "blunder",
        }
    }
}

/// The judgement of a move from the mover's chances before and after it:
/// the worst whose threshold the loss reaches, none for a loss under 5
/// points (or a gain).
pub fn judge(before: f64, after: f64) -> Option<Judgement> {
    let lost = before - after;
    // A hair under the threshold still counts: 0.5 − 0.45 is 0.04999….
    Judgement::ALL
        .into_iter()
        .rev()
        .find(|j| lost >= j.threshold() - 1e-9)
}

/// One position of a reviewed game.
#[derive(Clone, Debug, PartialEq)]
pub struct Reviewed {
    /// Plies from the start: 0 is the start position.
    pub ply: usize,
    /// The side to move.
    pub turn: Color,
    /// The engine's score for the side to move; none when the game is over.
    pub score: Option<Score>,
    /// The end of the game, if it is over here.
    pub outcome: Option<Outcome>,
    /// The chance White (the first side) wins, 0 to 1.
    pub white_chance: f64,
    /// The engine's move here; none when the game is over.
    pub best: Option<Move>,
    /// The depth the engine completed here.
    pub depth: u32,
    /// The move that led here (none at ply 0), judged for the side that
    /// played it.
    pub judgement: Option<Judgement>,
}

/// Reviews the game of `moves` from `start`: every position, from the
/// start to the last, searched under `limits` by one engine (what it learnt
/// on one position helps the next), each told to `each` as soon as it is
/// known. Stops early, with what it has, when `stop` is set; an illegal
/// move ends it with an error (the positions before it were told).
pub fn review(
    start: &dyn AnyPosition,
    moves: &[Move],
    limits: Limits,
    stop: &AtomicBool,
    each: &mut dyn FnMut(&Reviewed),
) -> Result<Vec<Reviewed>, IllegalMove> {
    let mut engine = Engine::new(HASH_MB);
    let mut game = start.new_game();
    let mut done: Vec<Reviewed> = Vec::with_capacity(moves.len() + 1);
    for ply in 0..=moves.len() {
        if ply > 0 {
            game.play(moves[ply - 1])?;
        }
        if stop.load(Ordering::Relaxed) {
            break;
        }
        let position = game.position();
        let turn = position.turn();
        let outcome = game.outcome();
        let (score, best, depth, chance) = match outcome {
            Some(o) => (None, None, 0, chance_of_outcome(o, turn)),
            None => match engine.search(position, game.keys(), limits, stop, &mut |_| {}) {
                Ok(r) => (
                    Some(r.score),
                    Some(r.best),
                    r.depth,
                    winning_chance(r.score),
                ),
                // Over by a rule the position sees and the game does not.
                Err(SearchError::GameOver(o)) => (None, None, 0, chance_of_outcome(o, turn)),
            },
        };
        // A search cut short by `stop` is no judgement of the position.
        if stop.load(Ordering::Relaxed) && outcome.is_none() {
            break;
        }
        let white_chance = if turn == Color::White {
            chance
        } else {
            1.0 - chance
        };
        let judgement = done.last().and_then(|before| {
            let mover = before.turn;
            let of = |white: f64| {
                if mover == Color::White {
                    white
                } else {
                    1.0 - white
                }
            };
            judge(of(before.white_chance), of(white_chance))
        });
        let r = Reviewed {
            ply,
            turn,
            score,
            outcome,
            white_chance,
            best,
            depth,
            judgement,
        };
        each(&r);
        done.push(r);
    }
    Ok(done)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chances_follow_the_curve_and_its_ceiling() {
        assert_eq!(winning_chance(Score::Centipawns(0)), 0.5);
        let pawn = winning_chance(Score::Centipawns(100));
        assert!((pawn - 0.591).abs() < 0.001, "{pawn}");
        assert!(
            (winning_chance(Score::Centipawns(-100)) + pawn - 1.0).abs() < 1e-12,
            "symmetric"
        );
        assert_eq!(
            winning_chance(Score::Centipawns(2500)),
            winning_chance(Score::Centipawns(CEILING))
        );
        assert_eq!(winning_chance(Score::Mate(-2)), 0.0);
    }

    #[test]
    fn judgements_by_points_lost() {
        assert_eq!(judge(0.5, 0.46), None);
        assert_eq!(judge(0.5, 0.45), Some(Judgement::Inaccuracy));
        assert_eq!(judge(0.5, 0.40), Some(Judgement::Mistake));
        assert_eq!(judge(0.5, 0.35), Some(Judgement::Blunder));
        assert_eq!(judge(0.3, 0.9), None, "a gain is no judgement");
        let nags: Vec<u8> = Judgement::ALL.iter().map(|j| j.nag()).collect();
        assert_eq!(nags, [6, 2, 4]);
    }
}
