//! A game's chat: its two rooms and a line said in one.

use serde::{Deserialize, Serialize};

/// A chat room of a game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Room {
    /// The players' own: seat holders write and read it.
    Player,
    /// Everyone's: anyone signed in writes it, every reader reads it.
    Spectator,
}

impl Room {
    /// A room by lichess's name, `player` or `spectator`.
    pub fn of(name: &str) -> Option<Room> {
        match name {
            "player" => Some(Room::Player),
            "spectator" => Some(Room::Spectator),
            _ => None,
        }
    }

    /// lichess's name of the room.
    pub fn name(self) -> &'static str {
        match self {
            Room::Player => "player",
            Room::Spectator => "spectator",
        }
    }
}

/// The tag of a [`ChatLine`]: `"type": "chatLine"`.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum ChatLineType {
    /// The only value.
    #[default]
    #[serde(rename = "chatLine")]
    ChatLine,
}

/// A line said in a game's chat (lichess's `chatLine`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChatLine {
    /// `"chatLine"`.
    #[serde(rename = "type")]
    pub kind: ChatLineType,
    /// Where it was said: a stream sends the players' room to seat holders
    /// only.
    pub room: Room,
    /// Who said it.
    pub username: String,
    /// What was said: one line.
    pub text: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chat_line_as_lichess_writes_it() {
        let line = ChatLine {
            kind: ChatLineType::ChatLine,
            room: Room::Spectator,
            username: "ann".into(),
            text: "hello".into(),
        };
        let json = serde_json::to_string(&line).unwrap();
        assert_eq!(
            json,
            r#"{"type":"chatLine","room":"spectator","username":"ann","text":"hello"}"#
        );
        assert_eq!(serde_json::from_str::<ChatLine>(&json).unwrap(), line);
        assert!(serde_json::from_str::<ChatLine>(&json.replace("spectator", "lobby")).is_err());
        for room in [Room::Player, Room::Spectator] {
            assert_eq!(Room::of(room.name()), Some(room));
        }
    }
}
