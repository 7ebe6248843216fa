//! A player's events and the lists of games: lichess's `/api/stream/event`
//! lines (`challenge`, `challengeDeclined`, `gameStart`, `gameFinish`),
//! its challenge object, and this server's summary of a game in a list.

use crate::{ByColor, Clock, Player, Side, Status, Variant};
use serde::{Deserialize, Serialize};

/// A game in a list (`/api/online/games`, a player's games): this server's.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GameSummary {
    /// The game's id.
    pub id: String,
    /// The registry's name of the game.
    pub variant: String,
    /// Whether it is rated.
    pub rated: bool,
    /// Where it stands.
    pub status: Status,
    /// The rest, as an event's game has it too.
    #[serde(flatten)]
    pub facts: GameFacts,
}

/// What a list's game and an event's game both tell of a game, beside
/// their own fields.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GameFacts {
    /// The winner, once won.
    pub winner: Option<Side>,
    /// The end in words.
    pub reason: Option<String>,
    /// Moves played.
    pub ply: i64,
    /// The time control (none: untimed).
    pub clock: Option<Clock>,
    /// The first seat.
    pub white: Player,
    /// The second seat.
    pub black: Player,
    /// When made, ms since the epoch.
    pub created_at: i64,
    /// When last changed.
    pub last_move_at: i64,
    /// What a rated game changed each side's rating by, once over.
    pub rating_diff: Option<ByColor<i64>>,
}

/// A status as lichess's events write it: its number and its name.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StatusName {
    /// lichess's number (`30` for mate).
    pub id: u32,
    /// Its name.
    pub name: Status,
}

impl From<Status> for StatusName {
    fn from(status: Status) -> StatusName {
        StatusName {
            id: status.id(),
            name: status,
        }
    }
}

/// Which APIs may play a game (lichess's `compat`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Compat {
    /// The Bot API.
    pub bot: bool,
    /// The Board API.
    pub board: bool,
}

/// The opponent as an event's game names it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Opponent {
    /// Their id (none: the computer without an account, or open).
    pub id: Option<String>,
    /// Their name.
    pub username: Option<String>,
    /// lichess's rating field (not given here).
    pub rating: Option<i64>,
    /// The computer's thinking time, when it is the computer.
    pub ai: Option<i64>,
}

impl Opponent {
    /// The opponent a seat's holder is.
    pub fn of(player: &Player) -> Opponent {
        let (id, username, ai) = match player {
            Player::Computer {
                id, name, ai_level, ..
            } => (id.clone(), Some(name.clone()), Some(*ai_level)),
            Player::Open { id, name, .. } => (id.clone(), name.clone(), None),
            Player::Person { id, name, .. } => (Some(id.clone()), name.clone(), None),
        };
        Opponent {
            id,
            username,
            rating: None,
            ai,
        }
    }
}

/// The game of a `gameStart` or `gameFinish` event, as lichess writes it
/// for the player the event is for, with this server's summary fields.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EventGame {
    /// The game's id.
    pub id: String,
    /// The same (lichess's name).
    pub game_id: String,
    /// The same (lichess's player-specific id; one here).
    pub full_id: String,
    /// The player's side.
    pub color: Side,
    /// The position now, in the game's notation.
    pub fen: String,
    /// Whether the player has moved.
    pub has_moved: bool,
    /// Whether it is the player's move.
    pub is_my_turn: bool,
    /// The last move in coordinates ("" before the first).
    pub last_move: String,
    /// Who the player faces.
    pub opponent: Opponent,
    /// Whether it is rated.
    pub rated: bool,
    /// The player's time left in seconds (none: untimed).
    pub seconds_left: Option<i64>,
    /// How the game came about (`friend`).
    pub source: String,
    /// Where it stands.
    pub status: StatusName,
    /// lichess's speed (`blitz`).
    pub speed: String,
    /// The game as lichess names it.
    pub variant: Variant,
    /// Which APIs may play it.
    pub compat: Compat,
    /// This server's, as its lists have them.
    #[serde(flatten)]
    pub facts: GameFacts,
}

/// The challenger as a challenge names them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Challenger {
    /// Their id.
    pub id: Option<String>,
    /// Their name.
    pub name: Option<String>,
    /// lichess's title (none here).
    pub title: Option<String>,
    /// lichess's rating field (not given here).
    pub rating: Option<i64>,
}

/// The player a challenge is for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DestUser {
    /// Their id.
    pub id: String,
}

/// A challenge's time control, as lichess writes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum ChallengeClock {
    /// A clock: base and increment in seconds, and as people write it.
    Clock {
        /// The base, in seconds.
        limit: i64,
        /// The increment, in seconds.
        increment: i64,
        /// `5+3`.
        show: String,
    },
    /// No clock.
    Unlimited,
}

/// A perf by name (lichess's `{"name": "blitz"}`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PerfName {
    /// Its name.
    pub name: String,
}

/// A challenge, as lichess's API shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Challenge {
    /// The game's id.
    pub id: String,
    /// Where to play it.
    pub url: String,
    /// Where it stands (`created`, `declined`, …).
    pub status: Status,
    /// Who challenges.
    pub challenger: Challenger,
    /// Who is challenged (none: anyone with the link).
    pub dest_user: Option<DestUser>,
    /// The game as lichess names it.
    pub variant: Variant,
    /// Whether it is rated.
    pub rated: bool,
    /// lichess's speed.
    pub speed: String,
    /// The clock.
    pub time_control: ChallengeClock,
    /// The challenger's side.
    pub color: Side,
    /// The same, once decided.
    pub final_color: Side,
    /// The perf it counts in.
    pub perf: PerfName,
    /// `out`: made by the challenger.
    pub direction: String,
}

/// A line of a player's event stream (lichess's `/api/stream/event`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum AccountEvent {
    /// A challenge to the player.
    Challenge {
        /// It.
        challenge: Challenge,
    },
    /// A challenge of the player's, declined.
    ChallengeDeclined {
        /// It.
        challenge: Challenge,
    },
    /// A game of the player's began (or goes on, on a reconnect).
    GameStart {
        /// It.
        game: Box<EventGame>,
    },
    /// A game of the player's ended.
    GameFinish {
        /// It.
        game: Box<EventGame>,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_are_written_as_lichess_writes_them() {
        let event = AccountEvent::ChallengeDeclined {
            challenge: Challenge {
                id: "abc".into(),
                url: "/game/abc".into(),
                status: Status::Declined,
                challenger: Challenger {
                    id: Some("ann".into()),
                    name: Some("Ann".into()),
                    title: None,
                    rating: None,
                },
                dest_user: Some(DestUser { id: "bob".into() }),
                variant: Variant {
                    key: "standard".into(),
                    name: "Standard".into(),
                    short: "Std".into(),
                },
                rated: false,
                speed: "blitz".into(),
                time_control: ChallengeClock::Clock {
                    limit: 300,
                    increment: 3,
                    show: "5+3".into(),
                },
                color: Side::White,
                final_color: Side::White,
                perf: PerfName {
                    name: "blitz".into(),
                },
                direction: "out".into(),
            },
        };
        let v = serde_json::to_value(&event).unwrap();
        assert_eq!(v["type"], "challengeDeclined");
        assert_eq!(v["challenge"]["destUser"]["id"], "bob");
        assert_eq!(v["challenge"]["timeControl"]["type"], "clock");
        assert_eq!(v["challenge"]["timeControl"]["show"], "5+3");
        assert_eq!(v["challenge"]["finalColor"], "white");
        let back: AccountEvent = serde_json::from_value(v).unwrap();
        assert_eq!(back, event);
        let unlimited = serde_json::to_value(ChallengeClock::Unlimited).unwrap();
        assert_eq!(unlimited, serde_json::json!({"type": "unlimited"}));
        assert_eq!(
            serde_json::to_value(StatusName::from(Status::Mate)).unwrap(),
            serde_json::json!({"id": 30, "name": "mate"})
        );
    }
}
