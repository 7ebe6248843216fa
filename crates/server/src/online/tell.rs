//! Telling a change: every stream of the game (here, and other servers
//! through PostgreSQL's NOTIFY), the players' event streams, the flag timer
//! and the computer.

use super::hub::Line;
use super::referee::Table;
use super::service::Service;
use super::view::{self, Seat};
use duckchess_protocol::{
    AccountEvent, Challenge, ChallengeClock, Challenger, Compat, DestUser, EventGame, Opponent,
    PerfName, Side, Status,
};
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
                    text: serde_json::to_string(&event)
                        .expect("an event is JSON")
                        .into(),
                    room: None,
                    ends: false,
                },
            );
        }
    }

    /// The lichess event a game means to a player: `challenge`,
    /// `gameStart`, `gameFinish`, `challengeDeclined`.
    pub async fn event_for(&self, player_id: &str, t: &Table) -> Option<AccountEvent> {
        let r = &t.row;
        let seats = self.seats(r).await.ok()?;
        match r.status {
            Status::Created if r.challenged_id.as_deref() == Some(player_id) => {
                Some(AccountEvent::Challenge {
                    challenge: self.challenge(t, &seats),
                })
            }
            Status::Created => None,
            Status::Declined => Some(AccountEvent::ChallengeDeclined {
                challenge: self.challenge(t, &seats),
            }),
            Status::Started if r.ply == 0 && r.version <= 2 => Some(AccountEvent::GameStart {
                game: Box::new(self.event_game(t, player_id, seats)),
            }),
            Status::Started => None,
            _ => Some(AccountEvent::GameFinish {
                game: Box::new(self.event_game(t, player_id, seats)),
            }),
        }
    }

    /// A game as an event tells `player_id` of it.
    pub(super) fn event_game(&self, t: &Table, player_id: &str, seats: [Seat; 2]) -> EventGame {
        let side = t.seats_of(player_id).first().copied().unwrap_or(0);
        let s = view::summary(t, seats);
        let opponent = Opponent::of(if side == 0 {
            &s.facts.black
        } else {
            &s.facts.white
        });
        EventGame {
            id: s.id.clone(),
            game_id: s.id.clone(),
            full_id: s.id.clone(),
            color: Side::ALL[side],
            fen: t.notation.write_position(t.game.position()),
            has_moved: t.row.ply > side as i64,
            is_my_turn: t.to_move() == side && !t.is_over(),
            last_move: t.moves.last().map_or(String::new(), |m| m.text.clone()),
            opponent,
            rated: t.row.rated,
            seconds_left: t.left_at(self.now()).map(|l| l[side] / 1000),
            source: "friend".into(),
            status: t.row.status.into(),
            speed: view::speed(t.row.initial_ms, t.row.increment_ms).into(),
            variant: view::variant(&t.row.variant),
            compat: Compat {
                bot: true,
                board: true,
            },
            facts: s.facts,
        }
    }

    /// A challenge as lichess's API shows it.
    pub fn challenge(&self, t: &Table, seats: &[Seat; 2]) -> Challenge {
        let r = &t.row;
        let (challenger, color) = if r.white_id.is_some() {
            (&seats[0], Side::White)
        } else {
            (&seats[1], Side::Black)
        };
        let speed = view::speed(r.initial_ms, r.increment_ms).to_string();
        Challenge {
            id: r.id.clone(),
            url: format!("/game/{}", r.id),
            status: r.status,
            challenger: Challenger {
                id: challenger.id.clone(),
                name: challenger.name.clone(),
                title: None,
                rating: None,
            },
            dest_user: r.challenged_id.clone().map(|id| DestUser { id }),
            variant: view::variant(&r.variant),
            rated: r.rated,
            speed: speed.clone(),
            time_control: match r.initial_ms {
                Some(i) => {
                    let increment_ms = r.increment_ms.unwrap_or(0);
                    ChallengeClock::Clock {
                        limit: i / 1000,
                        increment: increment_ms / 1000,
                        show: super::clock::TimeControl {
                            initial_ms: i,
                            increment_ms,
                        }
                        .to_string(),
                    }
                }
                None => ChallengeClock::Unlimited,
            },
            color,
            final_color: color,
            perf: PerfName { name: speed },
            direction: "out".into(),
        }
    }
}
