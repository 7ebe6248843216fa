//! The lobby's seeks, as `/api/online/seeks` answers and the lobby's
//! stream tells them (this server's: lichess keeps its lobby to itself).

use serde::{Deserialize, Serialize};

/// Who posted a seek.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeekPlayer {
    /// Their id.
    pub id: String,
    /// Their name.
    pub name: String,
    /// Their rating in the seek's perf when posted, rounded.
    pub rating: i64,
}

/// A seek's clock: base and increment in ms, and as people write it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeekClock {
    /// The base, in ms.
    pub initial: i64,
    /// The increment, in ms.
    pub increment: i64,
    /// `5+3`.
    pub show: String,
}

/// A seek in the lobby.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Seek {
    /// Its id.
    pub id: String,
    /// Who posted it.
    pub player: SeekPlayer,
    /// The registry's name of the game.
    pub variant: String,
    /// Its clock.
    pub clock: SeekClock,
    /// Whether the game would be rated.
    pub rated: bool,
    /// The seeker's side: `white`, `black` or `random`.
    pub color: String,
    /// The opponents' ratings accepted (`1400-1600`; none: any).
    pub rating_range: Option<String>,
    /// A quick pairing (paired by the server).
    pub pool: bool,
    /// `open`, `paired`, `cancelled` or `expired`.
    pub status: String,
    /// The game it was paired into.
    pub game: Option<String>,
}

/// A line of the lobby's stream.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum LobbyEvent {
    /// The open seeks now.
    Seeks {
        /// They.
        seeks: Vec<Seek>,
    },
}
