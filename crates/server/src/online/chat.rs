//! A game's chat, as lichess's Board API has it: a `player` room, written
//! by the seat holders and read by them alone, and a `spectator` room,
//! written by anyone signed in and read by every reader. Lines are kept in
//! this server's memory (the last [`KEPT`] of each game; a restart forgets
//! them) and sent to the game's stream readers as lichess's `chatLine`.

use super::hub::Line;
use super::referee::Refusal;
use super::service::{Result, Service, ServiceError};
use crate::store::Player;
use duckchess_protocol::{ChatLine, ChatLineType};
use serde_json::Value;

/// The longest line, in characters (lichess's bound).
pub const MAX_CHARS: usize = 140;
/// Lines kept for each game.
pub const KEPT: usize = 50;
/// Games whose lines are kept at most; past it the table starts afresh.
const MAX_GAMES: usize = 10_000;

/// A chat room of a game: the protocol's.
pub use duckchess_protocol::Room;

impl Service {
    /// `player` says `text` in game `id`'s `room`: kept, and sent to the
    /// game's readers who may read the room.
    pub async fn chat(&self, id: &str, player: &Player, room: Room, text: &str) -> Result<Value> {
        let text = text.trim();
        if text.is_empty() {
            return Err(ServiceError::Bad("text: empty".into()));
        }
        if text.chars().count() > MAX_CHARS {
            return Err(ServiceError::Bad(format!(
                "text: at most {MAX_CHARS} characters"
            )));
        }
        if text.chars().any(char::is_control) {
            return Err(ServiceError::Bad(
                "text: one line, no control characters".into(),
            ));
        }
        let t = self.table(id).await?;
        if room == Room::Player && t.seats_of(&player.id).is_empty() {
            return Err(Refusal::NotASeat.into());
        }
        let line = ChatLine {
            kind: ChatLineType::ChatLine,
            room,
            username: player.name.clone(),
            text: text.to_string(),
        };
        {
            let mut chats = self.chats.lock().expect("chats");
            if chats.len() >= MAX_GAMES && !chats.contains_key(id) {
                chats.clear();
            }
            let kept = chats.entry(id.to_string()).or_default();
            if kept.len() >= KEPT {
                kept.pop_front();
            }
            kept.push_back(line.clone());
        }
        self.hub.publish(
            id,
            Line {
                version: 0,
                presence: false,
                text: serde_json::to_string(&line)
                    .expect("a chat line is JSON")
                    .into(),
                room: Some(room),
                ends: false,
            },
        );
        Ok(serde_json::to_value(line).expect("a chat line is JSON"))
    }

    /// The chat lines kept for game `id` that a reader may read (`seated`:
    /// the reader holds a seat), oldest first.
    pub fn chat_lines(&self, id: &str, seated: bool) -> Vec<Value> {
        self.chats
            .lock()
            .expect("chats")
            .get(id)
            .map(|kept| {
                kept.iter()
                    .filter(|line| seated || line.room != Room::Player)
                    .map(|line| serde_json::to_value(line).expect("a chat line is JSON"))
                    .collect()
            })
            .unwrap_or_default()
    }
}
