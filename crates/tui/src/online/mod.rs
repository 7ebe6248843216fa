//! `duckchess play --online URL`: the terminal game as one seat of a game
//! on `duckchess serve`, over plain HTTP (no TLS: loopback and a LAN).
//!
//! The play loop never waits on the network: a thread reads the game's
//! NDJSON stream (reconnecting with backoff, resynchronised by the
//! `gameFull` each connection starts with) and another posts the moves and
//! actions the game hands over ([`Game::take_outgoing`]); both answer on a
//! channel that [`Session::pump`] drains between keys. The board shows a
//! move of this side only once the server has accepted it (no optimistic
//! move to take back): every position shown is the server's.
//!
//! ```
//! use duckchess_tui::online::parse_url;
//! let link = parse_url("http://127.0.0.1:8080/game/abc123").unwrap();
//! assert_eq!((link.host.as_str(), link.port, link.id.as_str()), ("127.0.0.1", 8080, "abc123"));
//! assert!(parse_url("ftp://x/game/1").is_err());
//! ```
//!
//! What the server writes is read as the protocol's types
//! (`duckchess_protocol::GameFull`, `GameState`): the server writes the
//! same types, so the wire is spelled once.

mod error;
mod http;
mod link;
mod state;
#[cfg(test)]
mod tests;

pub use error::{LinkError, OnlineError};
pub use http::{read_line, Answer, Auth, Client, Lines, LINE_CAP};
pub use link::{parse_url, Link};
pub use state::{local_start, parse_full, parse_state, synced, ServerGame, ServerState};

use super::game::{Game, Outgoing};
use crate::kernel::AnyPosition;
use crate::variants::Notation;
use duckchess_protocol as wire;
use serde_json::json;
use std::sync::mpsc::{self, Receiver, Sender};
use std::time::Duration;

/// What the background threads tell the play loop.
enum Event {
    /// The game (a stream's first line, an action's answer).
    Full(ServerGame),
    /// A change.
    State(ServerState),
    /// A refusal or a failure, for the status line.
    Said(String),
}

/// A seat (or a spectator's chair) at a server's game, joined: see the
/// module docs.
pub struct Session {
    notation: &'static dyn Notation,
    start: Box<dyn AnyPosition>,
    /// The game as read when joining.
    pub first: ServerGame,
    events: Receiver<Event>,
    commands: Sender<Outgoing>,
}

impl Session {
    /// Signs in (a guest named `name`, unless `auth` is given), reads the
    /// game and takes its open seat when the reader has none. Errors are
    /// one line each.
    pub fn join(link: Link, auth: Option<Auth>, name: &str) -> Result<Session, OnlineError> {
        let mut client = Client { link, auth };
        if client.auth.is_none() {
            let answer = client.request(
                "POST",
                "/api/online/guest",
                Some(&json!({ "name": name }).to_string()),
            )?;
            answer.json()?;
            let cookie = answer.cookie.ok_or(OnlineError::NoSession)?;
            client.auth = Some(Auth::Cookie(cookie));
        }
        let mut first = client.game()?;
        if first.you.is_none() && !first.state.is_over() && first.open.contains(&true) {
            first = client.act("join", json!({}))?;
        }
        let (notation, start) = local_start(&first)?;
        synced(notation, &*start, &first.state)?;
        let (events_tx, events) = mpsc::channel();
        let (commands, commands_rx) = mpsc::channel::<Outgoing>();
        let reader = client.clone();
        let tx = events_tx.clone();
        std::thread::spawn(move || follow(&reader, &tx));
        std::thread::spawn(move || {
            for command in commands_rx {
                let (action, body) = match command {
                    Outgoing::Move { text, ply } => ("move", json!({"move": text, "ply": ply})),
                    Outgoing::Resign => ("resign", json!({})),
                    Outgoing::DrawOffer => ("draw-offer", json!({})),
                    Outgoing::DrawDecline => ("draw-decline", json!({})),
                    Outgoing::Claim => ("claim", json!({})),
                    Outgoing::Takeback => ("takeback", json!({})),
                    Outgoing::TakebackDecline => ("takeback-decline", json!({})),
                };
                let event = match client.act(action, body) {
                    Ok(game) => Event::Full(game),
                    Err(e) => Event::Said(format!("the server refused: {e}")),
                };
                if events_tx.send(event).is_err() {
                    return;
                }
            }
        });
        Ok(Session {
            notation,
            start,
            first,
            events,
            commands,
        })
    }

    /// The game's notation and start.
    pub fn notation(&self) -> &'static dyn Notation {
        self.notation
    }

    /// Where the game started.
    pub fn start(&self) -> Box<dyn AnyPosition> {
        self.start.clone()
    }

    /// Hands the game's outgoing actions to the poster and what arrived
    /// to the game; never waits.
    pub fn pump(&self, game: &mut Game) {
        for out in game.take_outgoing() {
            let _ = self.commands.send(out);
        }
        while let Ok(event) = self.events.try_recv() {
            let state = match event {
                Event::Full(full) => full.state,
                Event::State(state) => state,
                Event::Said(text) => {
                    game.online_message(text);
                    continue;
                }
            };
            match synced(self.notation, &*self.start, &state) {
                Ok(synced) => game.sync(synced),
                Err(e) => game.online_message(e.to_string()),
            }
        }
    }
}

/// Reads the stream for good: each line to the play loop; a dropped
/// stream is opened again after 1, 2, 4, ... 30 s (its `gameFull`
/// resynchronises). Ends when the play loop is gone or the game is over.
fn follow(client: &Client, tx: &Sender<Event>) {
    let mut wait = Duration::from_secs(1);
    let mut dropped = false;
    loop {
        let mut over = false;
        match client.stream() {
            Ok(mut lines) => loop {
                if std::mem::take(&mut dropped)
                    && tx
                        .send(Event::Said("reconnected to the server".into()))
                        .is_err()
                {
                    return;
                }
                match lines.next_line() {
                    Ok(Some(line)) if line.trim().is_empty() => {}
                    Ok(Some(line)) => {
                        wait = Duration::from_secs(1);
                        // Lines of other kinds (chat) are not this
                        // client's.
                        let event = match serde_json::from_str::<wire::Event>(&line) {
                            Ok(wire::Event::Full(full)) => Ok(Event::Full((*full).into())),
                            Ok(wire::Event::State(state)) => Ok(Event::State((*state).into())),
                            _ => Err(()),
                        };
                        if let Ok(event) = event {
                            over = match &event {
                                Event::Full(g) => g.state.is_over(),
                                Event::State(s) => s.is_over(),
                                Event::Said(_) => false,
                            };
                            if tx.send(event).is_err() {
                                return;
                            }
                        }
                    }
                    Ok(None) => break,
                    Err(e) => {
                        if tx
                            .send(Event::Said(format!(
                                "the stream dropped ({e}): reconnecting"
                            )))
                            .is_err()
                        {
                            return;
                        }
                        break;
                    }
                }
            },
            Err(e) => {
                if tx.send(Event::Said(format!("{e}: retrying"))).is_err() {
                    return;
                }
            }
        }
        if over {
            return;
        }
        dropped = true;
        std::thread::sleep(wait);
        wait = (wait * 2).min(Duration::from_secs(30));
    }
}
