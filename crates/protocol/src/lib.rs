//! # duckchess-protocol
//!
//! The online game's messages as types, and nothing else (serde, no
//! runtime): what `duckchess serve` writes on a game's stream and answers
//! on its endpoints, and what the terminal client (`duckchess play
//! --online`) reads back. They are lichess's Board API objects —
//! [`GameFull`], [`GameState`], [`ChatLine`] — with this server's
//! additions (fields lichess clients ignore), so a lichess client reads
//! them unchanged. The server and the client both use these types, so the
//! wire is spelled once; [`TimeControl`] is the one grammar of a clock
//! (`5+3`) that `play --clock`, the server and the page read.
//!
//! ```
//! use duckchess_protocol::{Event, Side, Status};
//! let line = r#"{"type":"chatLine","room":"player","username":"ann","text":"gg"}"#;
//! let Ok(Event::Chat(chat)) = serde_json::from_str::<Event>(line) else { panic!() };
//! assert_eq!(chat.text, "gg");
//! assert_eq!("mate".parse::<Status>().unwrap().id(), 30);
//! assert_eq!(Side::White.other(), Side::Black);
//! ```

#![warn(missing_docs)]

mod chat;
mod event;
mod game;
mod seek;
mod side;
mod status;
mod time_control;

pub use chat::{ChatLine, ChatLineType, Room};
pub use event::{
    AccountEvent, Challenge, ChallengeClock, Challenger, Compat, DestUser, EventGame, GameFacts,
    GameSummary, Opponent, PerfName, StatusName,
};
pub use game::{
    Clock, Event, GameFull, GameFullType, GameState, GameStateType, Perf, Player, Variant, NO_CLOCK,
};
pub use seek::{LobbyEvent, Seek, SeekClock, SeekPlayer};
pub use side::{ByColor, Side};
pub use status::{Status, UnknownStatus};
pub use time_control::{TimeControl, TimeControlError, MAX_INCREMENT_MS, MAX_INITIAL_MS};
