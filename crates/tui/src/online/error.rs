//! What can go wrong at a seat of an online game, each a line the
//! command line prints as it is.

use crate::variants::NotationError;
use std::io;

/// Why a link is not a game's invitation link.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LinkError {
    /// TLS is not spoken.
    #[error("https is not supported: use the server's http:// address")]
    Https,
    /// Not `http://`.
    #[error("expected http://HOST:PORT/game/ID")]
    NotHttp,
    /// The port is not a number below 65536.
    #[error("{0:?} is no port")]
    Port(String),
    /// `http:///...`.
    #[error("no host")]
    NoHost,
    /// A path that is not `/game/ID`.
    #[error("expected a game's link, http://HOST:PORT/game/ID")]
    NotAGame,
}

/// A failure of the online seat: the link, the connection, the server's
/// refusal, or a game the two sides do not read alike.
#[derive(Debug, thiserror::Error)]
pub enum OnlineError {
    /// The link given to `--online`.
    #[error("--online {url:?}: {why}")]
    Link {
        /// The link, as given.
        url: String,
        /// What is wrong with it.
        why: LinkError,
    },
    /// No connection, or one that broke.
    #[error("cannot reach the server at {host}:{port}: {source}")]
    Unreachable {
        /// The host, as in the link.
        host: String,
        /// The port.
        port: u16,
        /// What the connection said.
        source: io::Error,
    },
    /// An answer that is not JSON.
    #[error("the server answered {0} without JSON")]
    NotJson(u16),
    /// The server refused the request, in its own words when it gave any.
    #[error("{}", .said.clone().unwrap_or_else(|| format!("the server answered {status}")))]
    Refused {
        /// The HTTP status.
        status: u16,
        /// The server's `error`.
        said: Option<String>,
    },
    /// The game is not on the server.
    #[error("no game {0} on the server")]
    NoGame(String),
    /// A guest's sign-in gave no session cookie.
    #[error("the server gave the guest no session")]
    NoSession,
    /// A `gameState` this client cannot read.
    #[error("the server's game state: {0}")]
    State(serde_json::Error),
    /// A `gameFull` this client cannot read.
    #[error("not a game from duckchess serve: {0}")]
    Full(serde_json::Error),
    /// A game this build's registry does not have.
    #[error("the server's game is {0}, which this duckchess does not know")]
    UnknownGame(String),
    /// The server's start position, unreadable here.
    #[error("the server's start position: {0}")]
    Start(NotationError),
    /// One of the server's moves, unreadable here.
    #[error("the server's move {word}: {source}")]
    Move {
        /// The move, as the server wrote it.
        word: String,
        /// Why it cannot be read.
        source: NotationError,
    },
    /// One of the server's moves, read but not legal here: the two sides
    /// disagree on the rules.
    #[error("the server's move {0} is not legal here")]
    Illegal(String),
}
