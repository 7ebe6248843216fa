//! The terminal game as a seat of a game on a server: what it sends,
//! and the server's state it follows.

use super::*;

impl Game {
    pub(super) fn online_end(&self) -> Option<&str> {
        self.remote.as_ref()?.end.as_deref()
    }

    /// Whether this is an online game.
    pub fn is_online(&self) -> bool {
        self.remote.is_some()
    }

    /// The moves and actions for the server, taken once.
    pub fn take_outgoing(&mut self) -> Vec<Outgoing> {
        self.remote
            .as_mut()
            .map(|r| std::mem::take(&mut r.outbox))
            .unwrap_or_default()
    }

    /// A word from the server (a refusal, a dropped stream) for the
    /// status line.
    pub fn online_message(&mut self, text: String) {
        if let Some(r) = self.remote.as_mut() {
            r.sent = false;
        }
        self.prompt.message = Some(text);
    }

    /// Takes the server's game: its moves (played, or the game replayed
    /// when they differ), clocks, result, offer and presence.
    pub fn sync(&mut self, s: Synced) {
        let Some(remote) = self.remote.as_mut() else {
            return;
        };
        if std::mem::take(&mut remote.sent) {
            // The move sent is answered: the board says the rest.
            self.prompt.message = None;
        }
        let Some(remote) = self.remote.as_mut() else {
            return;
        };
        let offered = s.draw_offer.is_some() && s.draw_offer != remote.draw_offer;
        remote.draw_offer = s.draw_offer;
        let asked = s.takeback_offer.is_some() && s.takeback_offer != remote.takeback_offer;
        remote.takeback_offer = s.takeback_offer;
        remote.connected = s.connected;
        let ended = s.end.is_some() && remote.end.is_none();
        remote.end = s.end;
        let you = remote.you;
        let played = self.record.game.moves();
        if s.moves.len() != played.len() || s.moves[..] != played[..] {
            let extends = s.moves.len() > played.len() && s.moves[..played.len()] == played[..];
            if extends {
                for &m in &s.moves[played.len()..].to_vec() {
                    self.play(m);
                }
            } else {
                self.replay(&s.moves);
                self.after_jump();
                self.prompt.typing = None;
            }
        }
        let now = self.options.time.now();
        self.clocks = s.clocks.map(|(left, running)| {
            let control = self.options.clock.unwrap_or(TimeControl {
                base: left[0].max(left[1]),
                increment: std::time::Duration::ZERO,
            });
            Clocks::at(control, left, running, now)
        });
        if ended {
            self.finish_online();
        } else if offered && s.draw_offer != you && you.is_some() && !self.is_over() {
            self.prompt.confirm = Some(Confirm::Draw);
            self.prompt.message = Some(format!(
                "{} offers a draw: y accepts, any other key declines",
                self.options
                    .notation
                    .side_name(s.draw_offer.unwrap_or(Color::White))
            ));
        } else if asked && s.takeback_offer != you && you.is_some() && !self.is_over() {
            self.prompt.confirm = Some(Confirm::Takeback);
            self.prompt.message = Some(format!(
                "{} asks to take back: y agrees, any other key declines",
                self.options
                    .notation
                    .side_name(s.takeback_offer.unwrap_or(Color::White))
            ));
        } else if (s.draw_offer.is_none() && self.prompt.confirm == Some(Confirm::Draw))
            || (s.takeback_offer.is_none() && self.prompt.confirm == Some(Confirm::Takeback))
        {
            // The offer was withdrawn (or answered): no question stands.
            self.prompt.confirm = None;
        }
    }

    pub(super) fn finish_online(&mut self) {
        self.cancel_thinking();
        self.cursor.selected = None;
        self.cursor.promotion = None;
        self.cursor.wall = None;
        self.prompt.typing = None;
        self.prompt.confirm = None;
        self.prompt.message = None;
    }

    /// Online: who is connected, for the status line.
    pub(super) fn presence(&self) -> Option<String> {
        let r = self.remote.as_ref()?;
        let name = |c: Color| self.options.notation.side_name(c);
        Some(match r.you {
            Some(you) => format!(
                "online as {}, {} {}",
                name(you),
                name(you.other()),
                if r.connected[you.other().index()] {
                    "connected"
                } else {
                    "away"
                }
            ),
            None => "online, watching".into(),
        })
    }
}
