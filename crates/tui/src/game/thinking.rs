//! The computer's thinking: its requests and answers, hints and the
//! evaluation line.

use super::*;

impl Game {
    pub(super) fn toggle_eval(&mut self) {
        self.searches.eval_on = !self.searches.eval_on;
        if !self.searches.eval_on && matches!(self.searches.thinking, Some((_, Purpose::Eval, _))) {
            self.cancel_thinking();
        }
        if self.searches.eval_on && self.options.evaluator.is_none() {
            self.searches.eval_on = false;
            self.prompt.message = Some("no engine to evaluate the position".into());
        }
    }

    /// Which position an evaluation is for.
    pub(super) fn eval_key(&self) -> (usize, u64) {
        (
            self.record.game.moves().len(),
            self.record.game.position().key(),
        )
    }

    /// The evaluation line while `e` has it on: the engine's score and
    /// principal variation for the position, once its search is done.
    pub fn eval_line(&self) -> Option<String> {
        if !self.searches.eval_on {
            return None;
        }
        Some(match &self.searches.eval {
            Some((key, text)) if *key == self.eval_key() => text.clone(),
            _ if self.is_over() => "eval: the game is over".into(),
            _ => "eval: thinking…".into(),
        })
    }

    /// Why the person may not move now, if so: the game is over (with
    /// `over_hint` after the result), it is not their seat's turn, or the
    /// computer is to move.
    pub(super) fn why_not_now(&self, over_hint: &str) -> Option<String> {
        if let Some(result) = self.result() {
            return Some(format!("the game is over ({result}){over_hint}"));
        }
        let turn = self.position().turn();
        if let Some(why) = self.not_yours(turn) {
            return Some(why);
        }
        (self.computer() == Some(turn)).then(|| {
            format!(
                "wait: {} is the computer's side",
                self.options.notation.side_name(turn)
            )
        })
    }

    pub(super) fn ask_hint(&mut self) {
        self.prompt.message = None;
        if self.options.chooser.is_none() {
            self.prompt.message = Some("no computer to ask for a hint".into());
        } else if self.is_over() {
            self.prompt.message = Some("the game is over: no hint".into());
        } else if self.computer() == Some(self.position().turn()) {
            self.prompt.message = Some("the computer is to move".into());
        } else {
            self.searches.hint = None;
            self.searches.hint_wanted = true;
            self.prompt.message = Some("thinking of a hint…".into());
        }
    }

    pub(super) fn cancel_thinking(&mut self) {
        if let Some((_, _, stop)) = self.searches.thinking.take() {
            stop.store(true, Ordering::Relaxed);
        }
    }

    /// The search to start now, if any: the computer's move when it is to
    /// play, else a hint the player asked for. Run it off the interface's
    /// thread and hand the answer to [`Game::reply`].
    pub fn request(&mut self) -> Option<Request> {
        if self.searches.thinking.is_some() || self.is_over() {
            return None;
        }
        let chooser = self.options.chooser.clone()?;
        let evaluator = self.options.evaluator.clone();
        let purpose = if self.computer() == Some(self.position().turn()) {
            if self.searches.stalled {
                return None;
            }
            Purpose::Move
        } else if self.searches.hint_wanted {
            self.searches.hint_wanted = false;
            Purpose::Hint
        } else if self.searches.offer_wanted && evaluator.is_some() {
            self.searches.offer_wanted = false;
            Purpose::DrawOffer
        } else if self.searches.eval_on
            && evaluator.is_some()
            && self.searches.eval.as_ref().map(|(key, _)| *key) != Some(self.eval_key())
        {
            Purpose::Eval
        } else {
            return None;
        };
        let now = self.options.time.now();
        self.searches.think_deadline = match (&self.clocks, purpose) {
            (Some(clocks), Purpose::Move | Purpose::Hint) => {
                Some(now + clocks.budget(self.record.game.position().turn(), now))
            }
            _ => None,
        };
        self.searches.next_id += 1;
        let stop = Arc::new(AtomicBool::new(false));
        self.searches.thinking = Some((self.searches.next_id, purpose, stop.clone()));
        Some(Request {
            id: self.searches.next_id,
            purpose,
            game: self.record.game.clone(),
            stop,
            chooser,
            think: self.options.think,
            evaluator,
            eval_think: self.options.eval_think,
        })
    }

    /// The answer to request `id`, of whatever purpose.
    pub fn answer(&mut self, id: u64, answer: Answer) {
        match answer {
            Answer::Move(best) => self.reply(id, best),
            Answer::Eval(found) => self.reply_eval(id, found),
        }
    }

    /// An evaluation for request `id`: the `e` line, or the computer's
    /// answer to a draw offer.
    pub(super) fn reply_eval(&mut self, id: u64, found: Option<SearchResult>) {
        let Some((current, purpose, _)) = self.searches.thinking else {
            return;
        };
        if current != id {
            return;
        }
        self.searches.thinking = None;
        match (purpose, found) {
            (Purpose::Eval, Some(found)) => {
                let text =
                    crate::eval::line(self.options.notation, self.record.game.position(), &found);
                self.searches.eval = Some((self.eval_key(), text));
            }
            (Purpose::Eval, None) => {
                self.searches.eval = Some((self.eval_key(), "eval: no evaluation".into()));
            }
            (Purpose::DrawOffer, Some(found)) => {
                let computer_to_move = self.computer() == Some(self.record.game.position().turn());
                let own = if computer_to_move {
                    found.score
                } else {
                    found.score.flipped()
                };
                if accepts_draw(found.score, computer_to_move) {
                    self.finish(End::Agreed);
                    self.prompt.message = Some(format!(
                        "the computer accepts the draw (it has {own} for itself)"
                    ));
                } else {
                    self.prompt.message = Some(format!(
                        "the computer declines the draw: it has {own} for itself"
                    ));
                }
            }
            (Purpose::DrawOffer, None) => {
                self.prompt.message = Some("the computer did not answer the draw offer".into());
            }
            (Purpose::Move | Purpose::Hint, _) => {}
        }
    }

    /// The answer to request `id`: played (or shown, for a hint) unless the
    /// game moved on since.
    pub fn reply(&mut self, id: u64, best: Option<Move>) {
        let Some((current, purpose, _)) = self.searches.thinking else {
            return;
        };
        if current != id || matches!(purpose, Purpose::Eval | Purpose::DrawOffer) {
            return;
        }
        self.searches.thinking = None;
        // A move the game does not allow is no answer.
        let best = best.filter(|m| self.position().legal_moves().contains(m));
        match (purpose, best) {
            (Purpose::Move, Some(m)) => self.play(m),
            (Purpose::Move, None) => {
                self.searches.stalled = true;
                self.prompt.message = Some(format!(
                    "{} found no move",
                    self.options.notation.side_name(self.position().turn())
                ));
            }
            (Purpose::Hint, Some(m)) => {
                self.searches.hint = Some(m);
                let notation = self.options.notation;
                let text = notation.write_move(self.position(), m);
                // A notation of bare coordinates (Duck Chess's) names no
                // piece: the hint does.
                self.prompt.message =
                    Some(if text == notation.coordinate_move(self.position(), m) {
                        format!(
                            "hint: {} to {} ({text})",
                            self.piece_text(m.from()),
                            notation.square_name(self.position(), m.to())
                        )
                    } else {
                        format!("hint: {text}")
                    });
            }
            (Purpose::Hint, None) => self.prompt.message = Some("no hint found".into()),
            (Purpose::Eval | Purpose::DrawOffer, _) => {}
        }
    }

    /// Runs the pending search here (what the terminal does on a thread).
    pub fn think_here(&mut self) {
        while let Some(r) = self.request() {
            let answer = r.answer();
            self.answer(r.id, answer);
        }
    }

    /// The hash keys of the positions of the game, the start first.
    pub fn keys(&self) -> Vec<u64> {
        let mut position = self.record.start.clone();
        let mut keys = vec![position.key()];
        for &m in self.record.game.moves() {
            if position.play(m).is_err() {
                break;
            }
            keys.push(position.key());
        }
        keys
    }
}
