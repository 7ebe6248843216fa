//! The server's clocks at work: a flag timer for every running timed game,
//! the flags checked on start, and the computer thinking on its seats.

use super::referee::Table;
use super::service::{Action, Actor, Result, Service};
use crate::engine::search::Limits;
use crate::store::MoveWrite;
use duckchess_protocol::Status;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

impl Service {
    // ---- clocks ----

    pub(super) fn set_timer(self: &Arc<Self>, t: &Table) {
        if !self.timers_on {
            return;
        }
        let mut timers = self.timers.lock().expect("timers");
        if let Some(old) = timers.remove(&t.row.id) {
            old.abort();
        }
        let Some(deadline) = t.deadline().filter(|_| !t.is_over()) else {
            return;
        };
        let wait = (deadline - self.now()).max(0) as u64 + 1;
        let me = self.clone();
        let id = t.row.id.clone();
        let version = t.row.version;
        timers.insert(
            id.clone(),
            tokio::spawn(async move {
                tokio::time::sleep(Duration::from_millis(wait)).await;
                me.flag_if_due(&id, version).await;
            }),
        );
    }

    /// Ends game `id` on time if its flag fell (and it is still at
    /// `version`, or any version when none is given).
    pub(super) async fn flag_if_due(self: &Arc<Self>, id: &str, version: i64) {
        let Ok(t) = self.table(id).await else {
            return;
        };
        if t.row.version != version {
            return;
        }
        if let Some(row) = t.flag(self.now()) {
            if let Ok(Some(_)) = self.commit(&t, row, MoveWrite::None, None).await {
                self.after_change(id).await;
            }
        }
    }

    /// Looks at every running timed game: a fallen flag ends its game, the
    /// others get their timers. Called on start (after a restart, the time
    /// the server was down is charged) and by tests with a manual clock.
    /// How many games ended.
    pub async fn check_flags(self: &Arc<Self>) -> Result<usize> {
        let mut ended = 0;
        for row in self.store.running_timed().await? {
            let moves = self.store.moves(&row.id).await?;
            let Ok(t) = Table::load(row, moves) else {
                continue;
            };
            if let Some(row) = t.flag(self.now()) {
                let id = row.id.clone();
                if self.commit(&t, row, MoveWrite::None, None).await?.is_some() {
                    ended += 1;
                    self.after_change(&id).await;
                }
            } else {
                self.live.note(&t);
                self.set_timer(&t);
                self.maybe_computer(&t);
            }
        }
        Ok(ended)
    }

    // ---- the computer ----

    pub(super) fn maybe_computer(self: &Arc<Self>, t: &Table) {
        let Some(computer) = self.computer.clone() else {
            return;
        };
        if t.is_over() || t.row.status != Status::Started {
            return;
        }
        let side = t.to_move();
        let Some(think) = [t.row.white_computer_ms, t.row.black_computer_ms][side] else {
            return;
        };
        if !self
            .thinking
            .lock()
            .expect("thinking")
            .insert(t.row.id.clone())
        {
            return;
        }
        // Never past its own flag: a twentieth of its time left, at most.
        let think = match t.left_at(self.now()) {
            Some(left) => think.min(left[side] / 20).max(1),
            None => think,
        };
        let game = t.game.clone_box();
        let id = t.row.id.clone();
        let ply = t.row.ply;
        // The moves it thinks after: a takeback while it thinks (and the
        // same number of moves played again) must not get its answer.
        let searched: Vec<String> = t.moves.iter().map(|m| m.text.clone()).collect();
        let me = self.clone();
        tokio::spawn(async move {
            let stop = Arc::new(AtomicBool::new(false));
            let flag = stop.clone();
            let timer = tokio::spawn(async move {
                tokio::time::sleep(Duration::from_millis(think as u64)).await;
                flag.store(true, Ordering::Relaxed);
            });
            let found = tokio::task::spawn_blocking(move || {
                computer(
                    &*game,
                    Limits::think(Duration::from_millis(think as u64)),
                    &stop,
                )
                .map(|found| found.best)
                .map(|m| {
                    (
                        m,
                        crate::variants::by_name(game.position().variant().name.as_str()),
                    )
                })
                .and_then(|(m, n)| n.map(|n| n.uci_move(game.position(), m)))
            })
            .await
            .ok()
            .flatten();
            timer.abort();
            let still = me.table(&id).await.is_ok_and(|now| {
                now.moves
                    .iter()
                    .map(|m| m.text.as_str())
                    .eq(searched.iter().map(String::as_str))
            });
            if let (true, Some(text)) = (still, found) {
                let action = Action::Move {
                    text,
                    ply: Some(ply),
                };
                let _ = me.act(&id, &Actor::Computer, action).await;
            }
            me.thinking.lock().expect("thinking").remove(&id);
            // Its turn again after a takeback (or a refused answer): think
            // about the game as it stands.
            if let Ok(now) = me.table(&id).await {
                me.maybe_computer(&now);
            }
        });
    }
}
