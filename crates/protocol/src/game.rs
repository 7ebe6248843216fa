//! A game as its readers see it: lichess's `gameFull` and `gameState`,
//! with this server's additions.

use crate::{ByColor, ChatLine, Side, Status};
use serde::{Deserialize, Serialize};

/// lichess's time left when a game has no clock (`wtime`, `btime`).
pub const NO_CLOCK: i64 = 2_147_483_647;

/// The tag of a [`GameState`]: `"type": "gameState"` (also inside a
/// [`GameFull`], as lichess writes it).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum GameStateType {
    /// The only value.
    #[default]
    #[serde(rename = "gameState")]
    GameState,
}

/// The tag of a [`GameFull`]: `"type": "gameFull"`.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum GameFullType {
    /// The only value.
    #[default]
    #[serde(rename = "gameFull")]
    GameFull,
}

/// A game's state (lichess's `gameState`): sent after every change.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GameState {
    /// `"gameState"`.
    #[serde(rename = "type")]
    pub kind: GameStateType,
    /// The moves in UCI notation (the game's coordinate moves), one space
    /// between.
    pub moves: String,
    /// The first side's time left in ms ([`NO_CLOCK`] without a clock).
    pub wtime: i64,
    /// The second side's.
    pub btime: i64,
    /// The first side's increment in ms.
    pub winc: i64,
    /// The second side's.
    pub binc: i64,
    /// Where the game stands.
    pub status: Status,
    /// The first side offers a draw.
    pub wdraw: bool,
    /// The second side offers a draw.
    pub bdraw: bool,
    /// The first side asks to take back its last move.
    pub wtakeback: bool,
    /// The second side asks to take back.
    pub btakeback: bool,
    /// The winner, once over and won.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winner: Option<Side>,
    /// What a rated game changed each side's rating by, once over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating_diff: Option<ByColor<i64>>,
    // This server's additions.
    /// Bumped by every change: a reader keeps the newest.
    pub version: i64,
    /// Moves played.
    pub ply: i64,
    /// The side to move.
    pub to_move: Side,
    /// Whether the side to move's clock runs.
    pub clock_running: bool,
    /// When the times were read (ms since the epoch).
    pub clock_at: i64,
    /// The end in words.
    pub reason: Option<String>,
    /// The side whose draw offer stands.
    pub draw_offer: Option<Side>,
    /// The side whose rematch offer stands.
    pub rematch_offer: Option<Side>,
    /// The rematch's game id, once both agreed.
    pub rematch: Option<String>,
    /// Whose stream is open.
    pub connected: ByColor<bool>,
    /// The moves in the game's own notation (SAN, the judge's …).
    pub notations: Vec<String>,
    /// Whether the side to move may claim a draw now.
    pub claimable: bool,
    /// How many read the game on this server.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub watchers: Option<usize>,
}

/// A time control: base and increment, in ms.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clock {
    /// Each side's time at the start.
    pub initial: i64,
    /// Added after each move.
    pub increment: i64,
}

/// The variant as lichess names it (chess is `standard`; the other games
/// keep this server's names).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Variant {
    /// Its key.
    pub key: String,
    /// Its name.
    pub name: String,
    /// Its short name.
    pub short: String,
}

/// A perf (a rating pool) by name.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Perf {
    /// The perf's name.
    pub name: String,
}

/// A seat's holder as readers see it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Player {
    /// The computer.
    Computer {
        /// Its thinking time in ms (lichess's AI level).
        #[serde(rename = "aiLevel")]
        ai_level: i64,
        /// As shown.
        name: String,
        /// The seat's account, if any.
        id: Option<String>,
        /// `BOT`.
        title: String,
        /// Its rating in the game's perf, rounded.
        rating: Option<i64>,
        /// The rating as shown (`1500?` while provisional).
        shown: Option<String>,
    },
    /// Nobody yet: the seat is open.
    Open {
        /// Always none.
        id: Option<String>,
        /// Always none.
        name: Option<String>,
        /// `true`.
        open: bool,
    },
    /// A person.
    Person {
        /// The player's id.
        id: String,
        /// As shown.
        name: Option<String>,
        /// Always none (lichess's titles).
        title: Option<String>,
        /// The rating in the game's perf, rounded.
        rating: Option<i64>,
        /// Whether the rating is provisional.
        provisional: bool,
        /// The rating as shown (`1500?` while provisional).
        shown: Option<String>,
    },
}

impl Player {
    /// An open seat.
    pub fn open() -> Player {
        Player::Open {
            id: None,
            name: None,
            open: true,
        }
    }

    /// Whether the seat is open.
    pub fn is_open(&self) -> bool {
        matches!(self, Player::Open { open: true, .. })
    }
}

/// The whole game (lichess's `gameFull`): a stream's first line, and the
/// answer of a game's endpoint.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GameFull {
    /// `"gameFull"`.
    #[serde(rename = "type")]
    pub kind: GameFullType,
    /// The game's id.
    pub id: String,
    /// Whether the game is rated.
    pub rated: bool,
    /// The variant as lichess names it.
    pub variant: Variant,
    /// The time control (none: unlimited).
    pub clock: Option<Clock>,
    /// lichess's speed of the time control (`blitz`, …).
    pub speed: String,
    /// The rating pool.
    pub perf: Perf,
    /// When made (ms since the epoch).
    pub created_at: i64,
    /// The first seat.
    pub white: Player,
    /// The second seat.
    pub black: Player,
    /// The start: `startpos` for chess's own, else the position.
    pub initial_fen: String,
    /// The state now.
    pub state: GameState,
    // This server's additions.
    /// The game's name in duckchess's registry (`duck`, `chess`, …).
    pub game: String,
    /// The start in the game's own notation.
    pub start: String,
    /// The sides' names in the game (`red`, `blue` …).
    pub sides: [String; 2],
    /// The reader's seat, if any.
    pub you: Option<Side>,
}

/// A line of a game's stream, read back.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Event {
    /// The whole game.
    Full(Box<GameFull>),
    /// A change.
    State(Box<GameState>),
    /// A chat line.
    Chat(ChatLine),
}

#[cfg(test)]
mod tests {
    use super::*;

    fn state() -> GameState {
        GameState {
            kind: GameStateType::GameState,
            moves: "e2e4 e7e5".into(),
            wtime: 60_000,
            btime: NO_CLOCK,
            winc: 0,
            binc: 0,
            status: Status::Started,
            wdraw: false,
            bdraw: true,
            wtakeback: false,
            btakeback: false,
            winner: None,
            rating_diff: None,
            version: 3,
            ply: 2,
            to_move: Side::White,
            clock_running: true,
            clock_at: 1,
            reason: None,
            draw_offer: Some(Side::Black),
            rematch_offer: None,
            rematch: None,
            connected: ByColor::from_array([true, false]),
            notations: vec!["e4".into(), "e5".into()],
            claimable: false,
            watchers: Some(2),
        }
    }

    #[test]
    fn a_state_is_written_with_lichess_keys_and_read_back() {
        let s = state();
        let v = serde_json::to_value(&s).unwrap();
        assert_eq!(v["type"], "gameState");
        assert_eq!(v["drawOffer"], "black");
        assert_eq!(v["toMove"], "white");
        assert_eq!(v["connected"]["white"], true);
        assert!(v["reason"].is_null() && v.get("reason").is_some());
        // Absent until the game is won, as lichess's.
        assert!(v.get("winner").is_none() && v.get("ratingDiff").is_none());
        let back: Event = serde_json::from_value(v).unwrap();
        assert_eq!(back, Event::State(Box::new(s)));
    }

    #[test]
    fn seats_of_three_kinds_read_back_as_themselves() {
        let seats = [
            Player::Computer {
                ai_level: 300,
                name: "computer (300 ms)".into(),
                id: None,
                title: "BOT".into(),
                rating: Some(1500),
                shown: Some("1500?".into()),
            },
            Player::open(),
            Player::Person {
                id: "ann".into(),
                name: Some("Ann".into()),
                title: None,
                rating: None,
                provisional: true,
                shown: None,
            },
        ];
        for seat in seats {
            let json = serde_json::to_string(&seat).unwrap();
            assert_eq!(
                serde_json::from_str::<Player>(&json).unwrap(),
                seat,
                "{json}"
            );
        }
        assert!(Player::open().is_open());
    }

    #[test]
    fn a_full_game_is_told_from_a_state_and_a_chat_line() {
        let full = GameFull {
            kind: GameFullType::GameFull,
            id: "abcd1234".into(),
            rated: true,
            variant: Variant {
                key: "duck".into(),
                name: "duck".into(),
                short: "duck".into(),
            },
            clock: Some(Clock {
                initial: 300_000,
                increment: 2_000,
            }),
            speed: "blitz".into(),
            perf: Perf {
                name: "blitz".into(),
            },
            created_at: 5,
            white: Player::open(),
            black: Player::open(),
            initial_fen: "startpos".into(),
            state: state(),
            game: "duck".into(),
            start: "startpos".into(),
            sides: ["red".into(), "blue".into()],
            you: None,
        };
        let json = serde_json::to_string(&full).unwrap();
        assert!(json.contains(r#""state":{"type":"gameState""#), "{json}");
        match serde_json::from_str::<Event>(&json).unwrap() {
            Event::Full(back) => assert_eq!(*back, full),
            other => panic!("read as {other:?}"),
        }
        let chat = r#"{"type":"chatLine","room":"player","username":"a","text":"b"}"#;
        assert!(matches!(
            serde_json::from_str::<Event>(chat),
            Ok(Event::Chat(_))
        ));
        assert!(serde_json::from_str::<Event>(r#"{"type":"gameFinish"}"#).is_err());
    }
}
