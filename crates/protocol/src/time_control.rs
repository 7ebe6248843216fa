//! A time control, in the one grammar every front end reads: `5+3`.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// The longest base time a game may have: a day.
pub const MAX_INITIAL_MS: i64 = 24 * 3600 * 1000;
/// The largest increment: an hour.
pub const MAX_INCREMENT_MS: i64 = 3600 * 1000;

/// Base time and increment, in ms: written `MINUTES+SECONDS` (`5+3`,
/// `0.5+0`, `3+0.5`), or `MINUTES` alone for no increment; the base from
/// a second to a day, the increment at most an hour. `duckchess play
/// --clock`, the server's challenges and seeks and the page read this one
/// grammar.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TimeControl {
    /// Each side's time at the start, in ms.
    pub initial_ms: i64,
    /// Added to a side's time after each of its moves, in ms.
    pub increment_ms: i64,
}

impl TimeControl {
    /// A time control within the bounds, or none.
    pub fn new(initial_ms: i64, increment_ms: i64) -> Option<TimeControl> {
        ((1000..=MAX_INITIAL_MS).contains(&initial_ms)
            && (0..=MAX_INCREMENT_MS).contains(&increment_ms))
        .then_some(TimeControl {
            initial_ms,
            increment_ms,
        })
    }
}

/// Why a text is not a time control.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TimeControlError {
    /// A part is not a number.
    #[error("time control `{text}`: `{part}` is not a number (expected MINUTES+SECONDS, as 5+3)")]
    NotANumber {
        /// The whole text.
        text: String,
        /// The part that is not a number.
        part: String,
    },
    /// Out of bounds.
    #[error("time control `{0}`: base from 1 second to 24 hours, increment at most 3600 s")]
    OutOfBounds(String),
}

impl FromStr for TimeControl {
    type Err = TimeControlError;

    fn from_str(text: &str) -> Result<TimeControl, TimeControlError> {
        let shown: String = text.chars().take(40).collect();
        let (minutes, seconds) = text.trim().split_once('+').unwrap_or((text.trim(), "0"));
        let number = |part: &str| {
            part.trim()
                .parse::<f64>()
                .ok()
                .filter(|n| n.is_finite() && *n >= 0.0)
                .ok_or_else(|| TimeControlError::NotANumber {
                    text: shown.clone(),
                    part: part.chars().take(40).collect(),
                })
        };
        let (minutes, seconds) = (number(minutes)?, number(seconds)?);
        // Bounded before the conversion, so that no huge number wraps.
        let (initial, increment) = (minutes * 60_000.0, seconds * 1000.0);
        if initial > MAX_INITIAL_MS as f64 || increment > MAX_INCREMENT_MS as f64 {
            return Err(TimeControlError::OutOfBounds(shown));
        }
        TimeControl::new(initial.round() as i64, increment.round() as i64)
            .ok_or(TimeControlError::OutOfBounds(shown))
    }
}

impl fmt::Display for TimeControl {
    /// `MINUTES+SECONDS`, read back as the same time control.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let minutes = self.initial_ms as f64 / 60_000.0;
        let seconds = self.increment_ms as f64 / 1000.0;
        write!(f, "{minutes}+{seconds}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_grammar_with_and_without_an_increment() {
        let tc = |t: &str| {
            t.parse::<TimeControl>()
                .map(|t| (t.initial_ms, t.increment_ms))
        };
        assert_eq!(tc("5+3"), Ok((300_000, 3000)));
        assert_eq!(tc("5"), Ok((300_000, 0)));
        assert_eq!(tc(" 0.5+0 "), Ok((30_000, 0)));
        assert_eq!(tc("5+0.5"), Ok((300_000, 500)));
        assert_eq!(tc("1440+3600"), Ok((MAX_INITIAL_MS, MAX_INCREMENT_MS)));
        for bad in [
            "", "+3", "5+", "x+3", "5+-1", "-5", "0+0", "0.01+0", "1441+0", "5+3601", "1e300+0",
            "NaN+0", "inf",
        ] {
            assert!(tc(bad).is_err(), "{bad:?} was read");
        }
        let e = "5+x".parse::<TimeControl>().unwrap_err().to_string();
        assert!(e.contains("`x`"), "{e}");
    }

    #[test]
    fn written_as_read() {
        for text in ["5+3", "0.5+0", "3+0.5", "1440+3600"] {
            let tc: TimeControl = text.parse().unwrap();
            assert_eq!(tc.to_string(), text);
            assert_eq!(tc.to_string().parse::<TimeControl>(), Ok(tc));
        }
    }
}
