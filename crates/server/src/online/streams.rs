//! Streams: a game's readers and a player's events, and the other servers'
//! changes followed.

use super::hub::{Line, Presence};
use super::service::{Result, Service};
use super::view;
use crate::store::{Backend, GameRow, Player};
use duckchess_protocol::{AccountEvent, GameSummary};
use std::sync::Arc;
use tokio::sync::broadcast;

/// Other servers' notices handled at once ([`Service::follow_other_servers`]).
pub const FOLLOW_AT_ONCE: usize = 8;

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
    ) -> Result<(broadcast::Receiver<Line>, Presence, Vec<AccountEvent>)> {
        let key = format!("player:{}", player.id);
        let (rx, presence) = self.hub.subscribe(&key, None);
        let mut first = Vec::new();
        for row in self.store.playing(&player.id).await? {
            let t = self.table(&row.id).await?;
            let seats = self.seats(&t.row).await?;
            first.push(AccountEvent::GameStart {
                game: Box::new(self.event_game(&t, &player.id, seats)),
            });
        }
        for row in self.store.challenges_to(&player.id).await? {
            let t = self.table(&row.id).await?;
            let seats = self.seats(&t.row).await?;
            first.push(AccountEvent::Challenge {
                challenge: self.challenge(&t, &seats),
            });
        }
        Ok((rx, presence, first))
    }

    /// Tells the other servers on the same PostgreSQL that game `id` (or
    /// `lobby`) changed: a NOTIFY `id:origin`, this server's origin beside
    /// it so that it skips its own. Nothing for SQLite.
    pub async fn tell_other_servers(&self, id: &str) {
        let _ = self.store.notify(&format!("{id}:{}", self.origin)).await;
    }

    /// Follows other servers' changes on the same PostgreSQL (LISTEN
    /// `duckchess_games`), until the connection fails; nothing for SQLite.
    /// Its own notices are skipped (it told its readers already), and each
    /// other one is handled on a task of its own, at most
    /// `FOLLOW_AT_ONCE` (8) at a time: read one after another, a notice
    /// waited for every database read before it, and at 200 moves a second
    /// the other server's players saw each move late.
    pub async fn follow_other_servers(self: Arc<Self>) -> Result<()> {
        if self.store.backend() != Backend::Postgres {
            return Ok(());
        }
        let mut listener = sqlx::postgres::PgListener::connect(self.store.url()).await?;
        listener.listen("duckchess_games").await?;
        let places = Arc::new(tokio::sync::Semaphore::new(FOLLOW_AT_ONCE));
        loop {
            let note = listener.recv().await?;
            let Some((id, origin)) = note.payload().split_once(':') else {
                continue;
            };
            if origin == self.origin || (id != "lobby" && id.len() > 16) {
                continue;
            }
            let place = places.clone().acquire_owned().await.expect("never closed");
            let (s, id) = (self.clone(), id.to_string());
            tokio::spawn(async move {
                let _place = place;
                if id == "lobby" {
                    s.publish_lobby_here().await;
                } else {
                    // Out of order is harmless: a state older than one
                    // already sent is not sent (the hub's versions).
                    s.refresh(&id).await;
                }
            });
        }
    }

    /// A list of games as summaries.
    pub async fn summaries(&self, rows: Vec<GameRow>) -> Result<Vec<GameSummary>> {
        let mut out = Vec::with_capacity(rows.len());
        for row in rows {
            let t = self.table(&row.id).await?;
            let seats = self.seats(&t.row).await?;
            out.push(view::summary(&t, seats));
        }
        Ok(out)
    }
}
