//! Telling a change: every stream of the game (here, and other servers
//! through PostgreSQL's NOTIFY), the players' event streams, the flag timer
//! and the computer.

use super::hub::Line;
use super::referee::{side_key, Table};
use super::service::Service;
use super::view::{self, Seat};
use duckchess_protocol::Status;
use serde_json::Value;
use std::sync::Arc;

impl Service {
    /// After a stored change: tell every reader (here, and other servers),
    /// set the flag timer, let the computer move.
    pub async fn after_change(self: &Arc<Self>, id: &str) {
        self.tell_other_servers(id).await;
        self.refresh(id).await;
    }

    /// Reads game `id` again and acts on it: readers told, timer set,
    /// computer asked (also on a notice from another server).
    pub async fn refresh(self: &Arc<Self>, id: &str) {
        if let Ok(t) = self.table(id).await {
            self.refresh_with(&t).await;
        }
    }

    /// [`Service::refresh`] with the game as it now stands.
    pub(super) async fn refresh_with(self: &Arc<Self>, t: &Table) {
        let id = t.row.id.as_str();
        self.live.note(t);
        if self.hub.watched(id) {
            let state = self.live_state(t);
            self.hub.publish(
                id,
                Line {
                    version: t.row.version + 1,
                    presence: false,
                    text: state.to_string().into(),
                    room: None,
                    ends: t.is_over(),
                },
            );
        }
        for pid in [&t.row.white_id, &t.row.black_id, &t.row.challenged_id]
            .into_iter()
            .flatten()
        {
            self.tell_player(pid, t).await;
        }
        self.set_timer(t);
        self.maybe_computer(t);
    }

    /// Tells a player's event stream (`/api/stream/event`) about a game
    /// that started, ended, or challenges them.
    pub(super) async fn tell_player(&self, player_id: &str, t: &Table) {
        let key = format!("player:{player_id}");
        if !self.hub.watched(&key) {
            return;
        }
        if let Some(event) = self.event_for(player_id, t).await {
            self.hub.publish(
                &key,
                Line {
                    version: 0,
                    presence: false,
                    text: event.to_string().into(),
                    room: None,
                    ends: false,
                },
            );
        }
    }

    /// The lichess event a game means to a player: `challenge`,
    /// `gameStart`, `gameFinish`, `challengeDeclined`.
    pub async fn event_for(&self, player_id: &str, t: &Table) -> Option<Value> {
        let r = &t.row;
        let seats = self.seats(r).await.ok()?;
        let summary = view::summary(t, seats.clone());
        match r.status {
            Status::Created if r.challenged_id.as_deref() == Some(player_id) => Some(
                serde_json::json!({"type": "challenge", "challenge": self.challenge_json(t, &seats)}),
            ),
            Status::Created => None,
            Status::Declined => Some(
                serde_json::json!({"type": "challengeDeclined", "challenge": self.challenge_json(t, &seats)}),
            ),
            Status::Started if r.ply == 0 && r.version <= 2 => Some(
                serde_json::json!({"type": "gameStart", "game": self.event_game(t, player_id, summary)}),
            ),
            Status::Started => None,
            _ => Some(
                serde_json::json!({"type": "gameFinish", "game": self.event_game(t, player_id, summary)}),
            ),
        }
    }

    pub(super) fn event_game(&self, t: &Table, player_id: &str, summary: Value) -> Value {
        let side = t.seats_of(player_id).first().copied().unwrap_or(0);
        let opponent = summary[side_key(1 - side)].clone();
        let mut g = summary;
        g["opponent"] = serde_json::json!({
            "id": opponent["id"],
            "username": opponent["name"],
            "rating": null,
            "ai": opponent["aiLevel"],
        });
        g["lastMove"] = t
            .moves
            .last()
            .map_or(String::new(), |m| m.text.clone())
            .into();
        g["secondsLeft"] = t
            .left_at(self.now())
            .map_or(Value::Null, |l| (l[side] / 1000).into());
        g["status"] = serde_json::json!({"id": t.row.status.id(), "name": t.row.status});
        g["compat"] = serde_json::json!({"bot": true, "board": true});
        g["gameId"] = t.row.id.clone().into();
        g["fullId"] = t.row.id.clone().into();
        g["color"] = side_key(side).into();
        g["isMyTurn"] = (t.to_move() == side && !t.is_over()).into();
        g["variant"] = view::variant_json(&t.row.variant);
        g["speed"] = view::speed(t.row.initial_ms, t.row.increment_ms).into();
        g["rated"] = t.row.rated.into();
        g["hasMoved"] = (t.row.ply > side as i64).into();
        g["source"] = "friend".into();
        g["fen"] = t.notation.write_position(t.game.position()).into();
        g
    }

    /// A challenge as lichess's API shows it.
    pub fn challenge_json(&self, t: &Table, seats: &[Seat; 2]) -> Value {
        let r = &t.row;
        let (challenger, color) = if r.white_id.is_some() {
            (&seats[0], "white")
        } else {
            (&seats[1], "black")
        };
        serde_json::json!({
            "id": r.id,
            "url": format!("/game/{}", r.id),
            "status": r.status,
            "challenger": {"id": challenger.id, "name": challenger.name, "title": null, "rating": null},
            "destUser": r.challenged_id.as_ref().map(|id| serde_json::json!({"id": id})),
            "variant": view::variant_json(&r.variant),
            "rated": r.rated,
            "speed": view::speed(r.initial_ms, r.increment_ms),
            "timeControl": match r.initial_ms {
                Some(i) => serde_json::json!({
                    "type": "clock",
                    "limit": i / 1000,
                    "increment": r.increment_ms.unwrap_or(0) / 1000,
                    "show": super::clock::TimeControl { initial_ms: i, increment_ms: r.increment_ms.unwrap_or(0) }.to_string(),
                }),
                None => serde_json::json!({"type": "unlimited"}),
            },
            "color": color,
            "finalColor": color,
            "perf": {"name": view::speed(r.initial_ms, r.increment_ms)},
            "direction": "out",
        })
    }
}
