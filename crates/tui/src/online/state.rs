//! The server's game as this client keeps it, read from the protocol's
//! types, and replayed on the local rules.

use super::error::OnlineError;
use crate::game::Synced;
use crate::kernel::{AnyPosition, Color};
use crate::variants::Notation;
use duckchess_protocol as wire;
use serde::Deserialize;
use serde_json::Value;
use std::time::Duration;

/// A game's state as the server sends it (`gameState`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ServerState {
    /// The moves, one word each.
    pub moves: Vec<String>,
    /// Each side's time left in ms when the state was read (no clock:
    /// lichess's 2147483647).
    pub time_ms: [i64; 2],
    /// Whether the side to move's clock runs.
    pub clock_running: bool,
    /// Where the game stands.
    pub status: wire::Status,
    /// The winner, if any.
    pub winner: Option<Color>,
    /// The end in words.
    pub reason: Option<String>,
    /// The side whose draw offer stands.
    pub draw_offer: Option<Color>,
    /// The side asking to take back its last move.
    pub takeback_offer: Option<Color>,
    /// Whose stream is open.
    pub connected: [bool; 2],
}

impl ServerState {
    /// Whether the game is over on the server.
    pub fn is_over(&self) -> bool {
        self.status.is_over()
    }
}

/// The whole game (`gameFull`) as the reader sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ServerGame {
    /// The game's name in the registry (`duck`, `chess`, ...).
    pub variant: String,
    /// Where it started, in the game's notation.
    pub start: String,
    /// The reader's seat.
    pub you: Option<Color>,
    /// Which seats are open.
    pub open: [bool; 2],
    /// The time control: base and increment in ms.
    pub clock: Option<(i64, i64)>,
    /// The state.
    pub state: ServerState,
}

fn color(side: wire::Side) -> Color {
    Color::ALL[side.index()]
}

/// The server's state as this client keeps it.
impl From<wire::GameState> for ServerState {
    fn from(v: wire::GameState) -> ServerState {
        ServerState {
            moves: v.moves.split_whitespace().map(str::to_string).collect(),
            time_ms: [v.wtime, v.btime],
            clock_running: v.clock_running,
            status: v.status,
            winner: v.winner.map(color),
            reason: v.reason,
            draw_offer: v.draw_offer.map(color),
            takeback_offer: match (v.wtakeback, v.btakeback) {
                (true, _) => Some(Color::White),
                (_, true) => Some(Color::Black),
                _ => None,
            },
            connected: v.connected.into_array(),
        }
    }
}

/// The server's game as this client keeps it.
impl From<wire::GameFull> for ServerGame {
    fn from(v: wire::GameFull) -> ServerGame {
        ServerGame {
            variant: v.game,
            start: v.start,
            you: v.you.map(color),
            open: [v.white.is_open(), v.black.is_open()],
            clock: v.clock.map(|c| (c.initial, c.increment)),
            state: v.state.into(),
        }
    }
}

/// Reads a `gameState`.
pub fn parse_state(v: &Value) -> Result<ServerState, OnlineError> {
    wire::GameState::deserialize(v)
        .map(ServerState::from)
        .map_err(OnlineError::State)
}

/// Reads a `gameFull`.
pub fn parse_full(v: &Value) -> Result<ServerGame, OnlineError> {
    wire::GameFull::deserialize(v)
        .map(ServerGame::from)
        .map_err(OnlineError::Full)
}

/// The game's notation and start position.
pub fn local_start(
    game: &ServerGame,
) -> Result<(&'static dyn Notation, Box<dyn AnyPosition>), OnlineError> {
    let notation = crate::variants::by_name(&game.variant)
        .ok_or_else(|| OnlineError::UnknownGame(game.variant.clone()))?;
    let start = match game.start.as_str() {
        "startpos" | "" => notation.start(),
        text => notation.read_position(text).map_err(OnlineError::Start)?,
    };
    Ok((notation, start))
}

/// The server's state as the terminal game takes it: its moves read from
/// the start (an unreadable one is an error: the two disagree on the
/// rules), the clocks, the result, the offer and the presence.
pub fn synced(
    notation: &'static dyn Notation,
    start: &dyn AnyPosition,
    state: &ServerState,
) -> Result<Synced, OnlineError> {
    let mut game = start.new_game();
    let mut moves = Vec::new();
    for word in &state.moves {
        let m = notation
            .read_move(game.position(), word)
            .map_err(|source| OnlineError::Move {
                word: word.clone(),
                source,
            })?;
        game.play(m)
            .map_err(|_| OnlineError::Illegal(word.clone()))?;
        moves.push(m);
    }
    let clocked = state.time_ms.iter().all(|&t| t < i64::from(i32::MAX));
    let left = state
        .time_ms
        .map(|t| Duration::from_millis(u64::try_from(t).unwrap_or(0)));
    let turn = game.position().turn();
    let end = state.is_over().then(|| {
        state.reason.clone().unwrap_or_else(|| match state.winner {
            Some(w) => format!("{} wins ({})", notation.side_name(w), state.status),
            None => state.status.to_string(),
        })
    });
    Ok(Synced {
        moves,
        clocks: clocked.then_some((left, (state.clock_running && end.is_none()).then_some(turn))),
        end,
        draw_offer: state.draw_offer,
        takeback_offer: state.takeback_offer,
        connected: state.connected,
    })
}
