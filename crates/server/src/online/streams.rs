//! Streams: a game's readers and a player's events, and the other servers'
//! changes followed.

use super::hub::{Line, Presence};
use super::service::{Result, Service};
use super::view;
use crate::store::{Backend, GameRow, Player};
use serde_json::Value;
use std::sync::Arc;
use tokio::sync::broadcast;

impl Service {
    // ---- streams ----

    /// Starts reading game `id`'s changes: the receiver, the presence guard
    /// (on the reader's seat), the full game to send first, and the version
    /// a line of that state carries: a line older than it, queued between
    /// subscribing and reading, is not to be sent after it.
    pub async fn watch(
        self: &Arc<Self>,
        id: &str,
        reader: Option<&Player>,
    ) -> Result<(
        broadcast::Receiver<Line>,
        Presence,
        duckchess_protocol::GameFull,
        i64,
    )> {
        let t = self.table(id).await?;
        let seat = reader.and_then(|p| t.seats_of(&p.id).first().copied());
        // Subscribe before reading, so no change falls between the two.
        let (rx, presence) = self.hub.subscribe(id, seat);
        // Read again: the game as it stands once subscribed.
        let now = self.table(id).await?;
        let full = self.game_full(&now, reader).await?;
        // The others learn that this seat is here, or that one more
        // watches.
        self.publish_presence(id).await;
        Ok((rx, presence, full, now.row.version + 1))
    }

    /// Tells a game's readers who is connected and how many read it (after
    /// a stream opens or closes).
    pub async fn publish_presence(&self, id: &str) {
        if let Ok(t) = self.table(id).await {
            let state = self.live_state(&t);
            self.hub.publish(
                id,
                Line {
                    version: t.row.version + 1,
                    presence: true,
                    text: state.to_string().into(),
                    room: None,
                    ends: t.is_over(),
                },
            );
        }
    }

    /// Starts reading a player's events; the events pending now (open
    /// challenges to them, games in progress) come first.
    pub async fn watch_player(
        &self,
        player: &Player,
    ) -> Result<(broadcast::Receiver<Line>, Presence, Vec<Value>)> {
        let key = format!("player:{}", player.id);
        let (rx, presence) = self.hub.subscribe(&key, None);
        let mut first = Vec::new();
        for row in self.store.playing(&player.id).await? {
            let t = self.table(&row.id).await?;
            let summary = view::summary(&t, self.seats(&t.row).await?);
            first.push(serde_json::json!({"type": "gameStart", "game": self.event_game(&t, &player.id, summary)}));
        }
        for row in self.store.challenges_to(&player.id).await? {
            let t = self.table(&row.id).await?;
            let seats = self.seats(&t.row).await?;
            first.push(serde_json::json!({"type": "challenge", "challenge": self.challenge_json(&t, &seats)}));
        }
        Ok((rx, presence, first))
    }

    /// Follows other servers' changes on the same PostgreSQL (LISTEN
    /// `duckchess_games`), until the connection fails; nothing for SQLite.
    pub async fn follow_other_servers(self: Arc<Self>) -> Result<()> {
        if self.store.backend() != Backend::Postgres {
            return Ok(());
        }
        let mut listener = sqlx::postgres::PgListener::connect(self.store.url()).await?;
        listener.listen("duckchess_games").await?;
        loop {
            let note = listener.recv().await?;
            let id = note.payload().to_string();
            if id == "lobby" {
                self.publish_lobby_here().await;
            } else if id.len() <= 16 {
                self.refresh(&id).await;
            }
        }
    }

    /// A list of games as summaries.
    pub async fn summaries(&self, rows: Vec<GameRow>) -> Result<Vec<Value>> {
        let mut out = Vec::with_capacity(rows.len());
        for row in rows {
            let t = self.table(&row.id).await?;
            let seats = self.seats(&t.row).await?;
            out.push(view::summary(&t, seats));
        }
        Ok(out)
    }
}
