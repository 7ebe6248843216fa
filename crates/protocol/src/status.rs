//! A game's status, as lichess names and numbers it.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// Where a game stands: lichess's statuses (`status` in `gameState`, `name`
/// beside its number `id` in a game's summary), and `declined` for a
/// challenge turned down.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Status {
    /// A challenge not yet accepted.
    Created,
    /// Being played.
    Started,
    /// Ended before it began.
    Aborted,
    /// Checkmate (or the royal piece taken, where that ends the game).
    Mate,
    /// A side resigned.
    Resign,
    /// Stalemate.
    Stalemate,
    /// A side left and the other claimed the win.
    Timeout,
    /// Drawn (agreed, claimed, or by the game's rules).
    Draw,
    /// A flag fell.
    Outoftime,
    /// Ended by the game's own rule (extinction, a count, …).
    VariantEnd,
    /// A challenge declined.
    Declined,
}

impl Status {
    /// Every status.
    pub const ALL: [Status; 11] = [
        Status::Created,
        Status::Started,
        Status::Aborted,
        Status::Mate,
        Status::Resign,
        Status::Stalemate,
        Status::Timeout,
        Status::Draw,
        Status::Outoftime,
        Status::VariantEnd,
        Status::Declined,
    ];

    /// The wire's name (`started`, `variantEnd`, …).
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Created => "created",
            Status::Started => "started",
            Status::Aborted => "aborted",
            Status::Mate => "mate",
            Status::Resign => "resign",
            Status::Stalemate => "stalemate",
            Status::Timeout => "timeout",
            Status::Draw => "draw",
            Status::Outoftime => "outoftime",
            Status::VariantEnd => "variantEnd",
            Status::Declined => "declined",
        }
    }

    /// lichess's number of the status (a game's `status.id`); a declined
    /// challenge, which lichess does not number as a game, is its
    /// "unknown finish", 38.
    pub fn id(self) -> u32 {
        match self {
            Status::Created => 10,
            Status::Started => 20,
            Status::Aborted => 25,
            Status::Mate => 30,
            Status::Resign => 31,
            Status::Stalemate => 32,
            Status::Timeout => 33,
            Status::Draw => 34,
            Status::Outoftime => 35,
            Status::VariantEnd => 60,
            Status::Declined => 38,
        }
    }

    /// Whether the game is over: anything but a challenge waiting or a
    /// game being played.
    pub fn is_over(self) -> bool {
        !matches!(self, Status::Created | Status::Started)
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A word that names no status.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a game status: {0:?}")]
pub struct UnknownStatus(pub String);

impl FromStr for Status {
    type Err = UnknownStatus;
    fn from_str(text: &str) -> Result<Status, UnknownStatus> {
        Status::ALL
            .into_iter()
            .find(|s| s.as_str() == text)
            .ok_or_else(|| UnknownStatus(text.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_through_text_and_json() {
        for status in Status::ALL {
            assert_eq!(status.as_str().parse::<Status>(), Ok(status));
            let json = serde_json::to_string(&status).unwrap();
            assert_eq!(json, format!("\"{status}\""));
            assert_eq!(serde_json::from_str::<Status>(&json).unwrap(), status);
        }
        assert!("Started".parse::<Status>().is_err());
    }

    #[test]
    fn lichess_numbers_and_the_end() {
        assert_eq!(Status::Started.id(), 20);
        assert_eq!(Status::VariantEnd.id(), 60);
        let over: Vec<_> = Status::ALL.into_iter().filter(|s| !s.is_over()).collect();
        assert_eq!(over, [Status::Created, Status::Started]);
    }
}
