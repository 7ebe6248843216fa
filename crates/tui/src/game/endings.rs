//! How a game ends at the board: resigning, draw offers and claims.

use super::*;

impl Game {
    /// Ends the game outside its rules.
    pub(super) fn finish(&mut self, end: End) {
        self.cancel_thinking();
        self.searches.offer_wanted = false;
        self.cursor.selected = None;
        self.cursor.promotion = None;
        self.cursor.wall = None;
        // A move half typed when the flag fell is not played after it.
        self.prompt.typing = None;
        self.record.end = Some(end);
        self.prompt.message = None;
        let now = self.options.time.now();
        if let Some(clocks) = self.clocks.as_mut() {
            clocks.stop(now);
        }
    }

    /// The side that resigns: the person's against the computer, the side
    /// to move between people.
    pub(super) fn resigning_side(&self) -> Color {
        if let Some(you) = self.remote.as_ref().and_then(|r| r.you) {
            return you;
        }
        match self.computer() {
            Some(c) => c.other(),
            None => self.record.game.position().turn(),
        }
    }

    pub(super) fn ask_resign(&mut self) {
        if self.is_over() {
            self.prompt.message = Some("the game is over".into());
            return;
        }
        if let Some(why) = self.watching() {
            self.prompt.message = Some(why);
            return;
        }
        let side = self.options.notation.side_name(self.resigning_side());
        self.prompt.confirm = Some(Confirm::Resign);
        self.prompt.message = Some(format!("resign as {side}? y yes, any other key no"));
    }

    pub(super) fn resign_now(&mut self) {
        if self.remote.is_some() {
            self.send(Outgoing::Resign);
            return;
        }
        if !self.is_over() {
            self.finish(End::Resigned(self.resigning_side()));
        }
    }

    /// A draw offer: against the computer, its evaluation answers (see
    /// [`accepts_draw`]); between people, the other says yes or no.
    pub(super) fn offer_draw(&mut self) {
        self.prompt.message = None;
        if self.is_over() {
            self.prompt.message = Some("the game is over".into());
            return;
        }
        if self.remote.is_some() {
            match self.watching() {
                Some(why) => self.prompt.message = Some(why),
                None => {
                    self.send(Outgoing::DrawOffer);
                    self.prompt.message = Some("draw offered".into());
                }
            }
            return;
        }
        let Some(computer) = self.computer() else {
            let other = self.record.game.position().turn().other();
            self.prompt.confirm = Some(Confirm::Draw);
            self.prompt.message = Some(format!(
                "{} offers a draw: {}, y accepts, any other key declines",
                self.options.notation.side_name(other.other()),
                self.options.notation.side_name(other)
            ));
            return;
        };
        if self.options.evaluator.is_none() {
            self.prompt.message = Some("no computer to offer a draw to".into());
        } else if self.record.game.position().turn() == computer {
            self.prompt.message = Some("offer a draw on your move".into());
        } else {
            if matches!(
                self.searches.thinking,
                Some((_, Purpose::Eval | Purpose::Hint, _))
            ) {
                self.cancel_thinking();
            }
            self.searches.offer_wanted = true;
            self.prompt.message = Some("draw offered: the computer is thinking it over…".into());
        }
    }

    /// Whether the game's rules let a player claim a draw at all (chess
    /// does; Fourfold's draws come by themselves).
    pub fn has_claims(&self) -> bool {
        let draws = &self.position().variant().draws;
        draws.claim_plies.is_some() || draws.claim_repetitions.is_some()
    }

    pub(super) fn claim_draw(&mut self) {
        if self.is_over() {
            return;
        }
        if self.remote.is_some() {
            if let Some(why) = self.watching() {
                self.prompt.message = Some(why);
            } else {
                self.send(Outgoing::Claim);
            }
            return;
        }
        if !self.has_claims() {
            self.prompt.message = Some(format!(
                "{} has no draw to claim: its draws come by themselves",
                self.options.notation.name()
            ));
            return;
        }
        if !self.record.game.can_claim_draw() {
            self.prompt.message = Some(
                "no draw to claim: that needs a threefold repetition or the move limit".into(),
            );
            return;
        }
        self.cancel_thinking();
        let draws = &self.position().variant().draws;
        let repeated = draws
            .claim_repetitions
            .is_some_and(|n| self.record.game.repetitions() >= n);
        self.record.claimed = Some(if repeated {
            Draw::Repetition
        } else {
            Draw::MoveLimit
        });
        self.prompt.message = None;
    }
}
