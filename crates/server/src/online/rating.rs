//! Ratings: Glicko-2 exactly as Glickman's "Example of the Glicko-2
//! system" defines it (the volatility found by the Illinois iteration,
//! ε = 0.000001), through the `skillratings` crate, whose arithmetic
//! reproduces the paper's worked example (`tests/server/ratings.rs`).
//!
//! Each rated game is a rating period of its own, as on lichess. Every
//! whole day without a rated game is an empty period: the deviation grows
//! to √(φ² + σ²), capped at the starting 350. A rating is provisional
//! while its deviation is above 110 (shown `1500?`). Ratings are kept per
//! player per *perf*: one per game of the registry, and for chess one per
//! speed (bullet under 3 minutes, blitz under 8, rapid under 25, classical,
//! by the estimated duration base + 40 × increment).

use skillratings::glicko2::{
    decay_deviation, glicko2, glicko2_rating_period, Glicko2Config, Glicko2Rating,
};
use skillratings::Outcomes;

/// Where everyone starts.
pub const START_RATING: f64 = 1500.0;
/// The starting deviation, and the most it grows to.
pub const START_DEVIATION: f64 = 350.0;
/// The starting volatility.
pub const START_VOLATILITY: f64 = 0.06;
/// The system constant τ, which bounds how fast volatility changes.
pub const TAU: f64 = 0.5;
/// The convergence tolerance ε of the volatility's iteration.
pub const EPSILON: f64 = 0.000_001;
/// A rating is provisional while its deviation is above this.
pub const PROVISIONAL_DEVIATION: f64 = 110.0;
/// One rating period of inactivity.
pub const DAY_MS: i64 = 86_400_000;

/// A player's rating in one perf.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// μ on the Glicko scale (1500 at the start).
    pub rating: f64,
    /// φ, the rating deviation.
    pub deviation: f64,
    /// σ, the volatility.
    pub volatility: f64,
}

impl Default for Rating {
    fn default() -> Rating {
        Rating {
            rating: START_RATING,
            deviation: START_DEVIATION,
            volatility: START_VOLATILITY,
        }
    }
}

impl Rating {
    fn glicko(self) -> Glicko2Rating {
        Glicko2Rating {
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
        }
    }

    fn from_glicko(g: Glicko2Rating) -> Rating {
        Rating {
            rating: g.rating,
            deviation: g.deviation,
            volatility: g.volatility,
        }
    }

    /// Whether it is still provisional.
    pub fn provisional(&self) -> bool {
        self.deviation > PROVISIONAL_DEVIATION
    }

    /// As shown: `1500?` while provisional, else `1623`.
    pub fn shown(&self) -> String {
        let mark = if self.provisional() { "?" } else { "" };
        format!("{}{mark}", self.rating.round() as i64)
    }

    /// After `days` empty rating periods: the deviation grown, at most to
    /// the starting deviation.
    pub fn after_idle_days(self, days: i64) -> Rating {
        let mut g = self.glicko();
        for _ in 0..days.clamp(0, 1000) {
            g = decay_deviation(&g);
            if g.deviation >= START_DEVIATION {
                g.deviation = START_DEVIATION;
                break;
            }
        }
        Rating::from_glicko(g)
    }
}

/// The config of the system: τ and ε.
pub fn config() -> Glicko2Config {
    Glicko2Config {
        tau: TAU,
        convergence_tolerance: EPSILON,
    }
}

/// The result of one game for the first player: 1 a win, ½ a draw, 0 a
/// loss.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// The first player won.
    Win,
    /// Nobody won.
    Draw,
    /// The first player lost.
    Loss,
}

/// Both players' ratings after one game between them, a rating period of
/// its own.
pub fn after_game(first: Rating, second: Rating, score: Score) -> (Rating, Rating) {
    let outcome = match score {
        Score::Win => Outcomes::WIN,
        Score::Draw => Outcomes::DRAW,
        Score::Loss => Outcomes::LOSS,
    };
    let (a, b) = glicko2(&first.glicko(), &second.glicko(), &outcome, &config());
    (Rating::from_glicko(a), Rating::from_glicko(b))
}

/// A player's rating after one rating period of several games (the
/// paper's example has three); `results` are the opponents' ratings before
/// the period and the player's scores.
pub fn after_period(player: Rating, results: &[(Rating, Score)]) -> Rating {
    let results: Vec<(Glicko2Rating, Outcomes)> = results
        .iter()
        .map(|(o, s)| {
            let outcome = match s {
                Score::Win => Outcomes::WIN,
                Score::Draw => Outcomes::DRAW,
                Score::Loss => Outcomes::LOSS,
            };
            (o.glicko(), outcome)
        })
        .collect();
    Rating::from_glicko(glicko2_rating_period(&player.glicko(), &results, &config()))
}

/// The perf a game is rated in: the game's name, and for chess its speed.
pub fn perf(variant: &str, initial_ms: Option<i64>, increment_ms: Option<i64>) -> String {
    if variant != "chess" {
        return variant.to_string();
    }
    let base = initial_ms.unwrap_or(0) / 1000;
    let estimate = base + 40 * increment_ms.unwrap_or(0) / 1000;
    match estimate {
        e if e < 180 => "bullet",
        e if e < 480 => "blitz",
        e if e < 1500 => "rapid",
        _ => "classical",
    }
    .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn perfs_by_estimated_duration() {
        assert_eq!(perf("duck", Some(60_000), Some(0)), "duck");
        assert_eq!(perf("chess", Some(60_000), Some(2_000)), "bullet"); // 1 + 80 s
        assert_eq!(perf("chess", Some(180_000), Some(2_000)), "blitz"); // 180 + 80
        assert_eq!(perf("chess", Some(300_000), Some(3_000)), "blitz"); // 300 + 120
        assert_eq!(perf("chess", Some(600_000), Some(5_000)), "rapid"); // 600 + 200
        assert_eq!(perf("chess", Some(1_500_000), Some(0)), "classical");
    }

    #[test]
    fn shown_with_the_provisional_mark() {
        assert_eq!(Rating::default().shown(), "1500?");
        let settled = Rating {
            rating: 1623.4,
            deviation: 80.0,
            volatility: 0.06,
        };
        assert_eq!(settled.shown(), "1623");
    }
}
