//! The game in words for the screen: the status and prompt lines, the
//! detail, the result and the numbered moves.

use super::*;

impl Game {
    /// The first status line: whose move, check, thinking; or the result
    /// and its reason.
    pub fn status(&self) -> String {
        if let Some(result) = self.result() {
            return format!("game over: {result}");
        }
        let turn = self.position().turn();
        let who = match self.computer() {
            Some(c) if c == turn => " (computer)",
            Some(_) => " (you)",
            None => "",
        };
        let side = self.options.notation.side_name(turn);
        let mut text = format!("{side}{who} to move");
        // Check as the game counts it: the side to move's royal piece in
        // chess; either side's captain in Duck Chess.
        if !status::attacking(self.position()).is_empty() {
            text.push_str(", check");
        }
        if let Some((_, purpose, _)) = self.searches.thinking {
            text.push_str(match purpose {
                Purpose::Move => ", thinking…",
                Purpose::Hint => ", looking for a hint…",
                Purpose::Eval => ", evaluating…",
                Purpose::DrawOffer => ", a draw offered…",
            });
        }
        if self.record.game.can_claim_draw() {
            text.push_str(" (d claims a draw)");
        }
        if let Some(presence) = self.presence() {
            text = format!("{text} ({presence})");
        }
        text
    }

    /// The second line: the `:` prompt and its text while it is open, the
    /// last message, or what to do next.
    pub fn prompt(&self) -> String {
        if let Some(text) = self.typing() {
            return format!(":{text}_");
        }
        if let Some(m) = &self.prompt.message {
            return m.clone();
        }
        if self.is_over() {
            let last = if self.remote.is_some() {
                "q: quit"
            } else {
                "n: new game"
            };
            return format!("←/→ u/r: review the moves  Home/End: start/end  {last}");
        }
        match self.cursor.selected {
            Some(at) => {
                let n = self.reach().len();
                let s = if n == 1 { "" } else { "s" };
                format!("{} selected: {n} target{s} in [ ]", self.piece_text(at))
            }
            None => {
                // A check is spelt out while nothing is picked up.
                let turn = self.position().turn();
                let attacks = status::attacks(self.options.notation, self.position());
                // Not the player's move: say whose it is, not "pick".
                let waiting = if self.computer() == Some(turn) {
                    Some(if self.is_thinking() {
                        "the computer is thinking…".to_string()
                    } else {
                        "the computer's move".to_string()
                    })
                } else {
                    self.not_yours(turn)
                };
                match (attacks.first(), waiting) {
                    (Some(attack), _) => format!("check: {attack}"),
                    (None, Some(waiting)) => waiting,
                    (None, None) => {
                        format!("pick a {} piece", self.options.notation.side_name(turn))
                    }
                }
            }
        }
    }

    /// The third line: under the `:` prompt, its message (the candidates
    /// of a Tab, why a move was refused) or how to use it.
    pub fn detail(&self) -> String {
        if self.prompt.typing.is_some() {
            return self.prompt.message.clone().unwrap_or_else(|| {
                "a move in the game's notation: Tab completes, Enter plays, Esc closes".into()
            });
        }
        self.eval_line().unwrap_or_default()
    }

    /// The result in the game's words, once the game is over: a
    /// resignation, an agreement or a flag first, else the rules' verdict
    /// or a draw claimed.
    pub fn result(&self) -> Option<String> {
        if let Some(end) = self.online_end() {
            return Some(end.to_string());
        }
        if let Some(end) = self.record.end {
            return Some(end.describe(self.options.notation));
        }
        self.outcome().map(|o| self.describe(o))
    }

    /// The result in the game's words.
    pub(super) fn describe(&self, outcome: Outcome) -> String {
        status::describe(
            self.options.notation,
            self.record.game.position(),
            outcome,
            Some(&*self.record.game),
        )
    }

    /// The move list as lines at most `width` wide: `1. e4 e5`, or each
    /// move on its own line when a pair does not fit or the game has
    /// verdicts, each verdict indented under its move (broken after a `;`
    /// when it is too long).
    pub fn move_lines(&self, width: usize) -> Vec<String> {
        let mut lines = Vec::new();
        let mut number = self.record.start.fullmove();
        let mut black = self.record.start.turn() == Color::Black;
        let mut pending: Option<String> = None;
        let verdicts = self.record.verdicts.iter().any(Option::is_some);
        for (note, verdict) in self.record.notes.iter().zip(&self.record.verdicts) {
            let own = if black {
                format!("{number}... {note}")
            } else {
                format!("{number}. {note}")
            };
            if verdicts {
                lines.push(own);
                if let Some(verdict) = verdict {
                    wrap_verdict(verdict, width, &mut lines);
                }
            } else if black {
                match pending.take() {
                    Some(white) => {
                        let pair = format!("{white} {note}");
                        if pair.chars().count() <= width {
                            lines.push(pair);
                        } else {
                            lines.push(white);
                            lines.push(own);
                        }
                    }
                    None => lines.push(own),
                }
            } else {
                pending = Some(own);
            }
            if black {
                number += 1;
            }
            black = !black;
        }
        lines.extend(pending);
        lines
    }
}

/// Appends `verdict` indented, broken after a `;` where the line is wider
/// than `width` (a part wider than that on its own is kept whole).
fn wrap_verdict(verdict: &str, width: usize, lines: &mut Vec<String>) {
    const INDENT: &str = "   ";
    let mut line = String::from(INDENT);
    for part in verdict.split_inclusive(';') {
        if line.len() > INDENT.len() && line.len() + part.len() > width {
            lines.push(std::mem::replace(&mut line, String::from(INDENT)));
        }
        line.push_str(part);
    }
    lines.push(line);
}
