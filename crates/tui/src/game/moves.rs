//! Moves played, taken back and played again, and who may play them.

use super::*;

impl Game {
    /// Online: why this seat may not move `turn`'s pieces (watching, the
    /// other side's move, a move on its way).
    pub(super) fn not_yours(&self, turn: Color) -> Option<String> {
        let r = self.remote.as_ref()?;
        let name = |c: Color| self.options.notation.side_name(c);
        match r.you {
            None => self.watching(),
            Some(you) if you != turn => Some(format!("wait: {} is to move", name(turn))),
            Some(_) if r.sent => Some("wait: the move is on its way to the server".into()),
            Some(_) => None,
        }
    }

    pub(super) fn watching(&self) -> Option<String> {
        match &self.remote {
            Some(Remote { you: None, .. }) => {
                Some("watching: both seats are taken, you cannot move".into())
            }
            _ => None,
        }
    }

    pub(super) fn send(&mut self, out: Outgoing) {
        if let Some(r) = self.remote.as_mut() {
            r.outbox.push(out);
        }
    }

    /// The player's move: played here, or online sent to the server (the
    /// board shows it once the server has it).
    pub(super) fn submit(&mut self, m: Move) {
        let Some(remote) = self.remote.as_mut() else {
            self.play(m);
            return;
        };
        let text = self
            .options
            .notation
            .uci_move(self.record.game.position(), m);
        remote.sent = true;
        remote.outbox.push(Outgoing::Move {
            text: text.clone(),
            ply: self.record.game.moves().len(),
        });
        self.cursor.selected = None;
        self.cursor.promotion = None;
        self.cursor.wall = None;
        self.searches.hint = None;
        self.prompt.message = Some(format!("{text} sent…"));
    }

    /// Plays a legal move and writes it down; a move that was the next to
    /// redo keeps the rest of the redo list.
    pub(super) fn play(&mut self, m: Move) {
        // A hint being sought is for the position this move leaves.
        if matches!(
            self.searches.thinking,
            Some((_, Purpose::Hint | Purpose::Eval | Purpose::DrawOffer, _))
        ) {
            self.cancel_thinking();
        }
        self.searches.offer_wanted = false;
        let notation = self.options.notation;
        let note = notation.write_move(self.position(), m);
        let verdict = notation.verdict(self.position(), m);
        if self.record.game.play(m).is_err() {
            self.prompt.message = Some(format!("{note} is not legal here"));
            return;
        }
        self.record.notes.push(note);
        self.record.verdicts.push(verdict);
        let now = self.options.time.now();
        if let Some(clocks) = self.clocks.as_mut() {
            clocks.moved(now);
        }
        if self.record.redo.last() == Some(&m) {
            self.record.redo.pop();
        } else {
            self.record.redo.clear();
        }
        self.cursor.selected = None;
        self.cursor.promotion = None;
        self.cursor.wall = None;
        self.searches.hint = None;
        self.searches.stalled = false;
    }

    /// Plays `moves` from the game's start, stopping at an illegal one.
    pub(super) fn replay(&mut self, moves: &[Move]) {
        self.record.game = self.record.start.new_game();
        self.record.notes.clear();
        self.record.verdicts.clear();
        let notation = self.options.notation;
        for &m in moves {
            let note = notation.write_move(self.record.game.position(), m);
            let verdict = notation.verdict(self.record.game.position(), m);
            if self.record.game.play(m).is_err() {
                break;
            }
            self.record.notes.push(note);
            self.record.verdicts.push(verdict);
        }
    }

    /// Back to the position before the last `n` moves.
    pub(super) fn take_back(&mut self, n: usize) {
        let moves = self.record.game.moves().to_vec();
        let keep = moves.len() - n;
        self.record.redo.extend(moves[keep..].iter().rev());
        self.replay(&moves[..keep]);
        // The side to move again is charged from now, with no increment.
        let (now, turn) = (self.options.time.now(), self.record.game.position().turn());
        if let Some(clocks) = self.clocks.as_mut() {
            clocks.switch_to(turn, now);
        }
    }

    pub(super) fn undo(&mut self) {
        self.prompt.message = None;
        self.cancel_thinking();
        let played = self.record.game.moves().len();
        if played == 0 {
            self.prompt.message = Some("nothing to undo".into());
            return;
        }
        // Against the computer, also its reply, so the player moves next.
        let mut n = 1;
        let claimed = self.record.claimed.take().is_some();
        if !claimed {
            self.take_back(1);
            if played > 1 && self.computer() == Some(self.position().turn()) {
                self.take_back(1);
                n = 2;
            }
        } else {
            n = 0;
        }
        self.after_jump();
        self.prompt.message = Some(match n {
            0 => "the draw claim is withdrawn".into(),
            1 => "took back 1 move".into(),
            _ => format!("took back {n} moves"),
        });
    }

    pub(super) fn redo(&mut self) {
        self.prompt.message = None;
        self.cancel_thinking();
        let Some(&m) = self.record.redo.last() else {
            self.prompt.message = Some("nothing to redo".into());
            return;
        };
        self.play(m);
        let mut n = 1;
        if self.computer() == Some(self.position().turn()) {
            if let Some(&reply) = self.record.redo.last() {
                self.play(reply);
                n = 2;
            }
        }
        self.after_jump();
        self.prompt.message = Some(format!(
            "replayed {n} move{}",
            if n == 1 { "" } else { "s" }
        ));
    }

    pub(super) fn after_jump(&mut self) {
        self.cursor.selected = None;
        self.cursor.promotion = None;
        self.cursor.wall = None;
        self.searches.hint = None;
        self.searches.hint_wanted = false;
        self.searches.offer_wanted = false;
        self.searches.stalled = false;
    }
}
