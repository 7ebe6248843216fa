//! The keys: each [`Action`] as the game takes it, the move prompt, the
//! board's cursor, picking up and playing.

use super::*;
use itertools::Itertools;

impl Game {
    /// Does what `action` asks.
    pub fn handle(&mut self, action: Action) {
        use Action as A;
        if self.prompt.help {
            // The help screen takes every key; these close it.
            if matches!(action, A::Help | A::Cancel | A::Quit) {
                self.prompt.help = false;
            }
            return;
        }
        if self.prompt.typing.is_some() {
            self.type_key(action);
            return;
        }
        if let Some(asked) = self.prompt.confirm.take() {
            // Only a yes goes on; any other key keeps the game as it is.
            if action == A::Yes {
                self.prompt.message = None;
                match asked {
                    Confirm::Quit => self.quit_now(),
                    Confirm::New => self.new_game(),
                    Confirm::Load => self.load_newest(),
                    Confirm::Resign => self.resign_now(),
                    Confirm::Draw if self.remote.is_some() => self.send(Outgoing::DrawOffer),
                    Confirm::Draw => self.finish(End::Agreed),
                    Confirm::Takeback => self.send(Outgoing::Takeback),
                }
            } else {
                if asked == Confirm::Draw && self.remote.is_some() {
                    self.send(Outgoing::DrawDecline);
                }
                if asked == Confirm::Takeback {
                    self.send(Outgoing::TakebackDecline);
                }
                self.prompt.message = Some(match asked {
                    Confirm::Draw => "the draw offer is declined".into(),
                    Confirm::Takeback => "the takeback is declined".into(),
                    _ => "kept the game".into(),
                });
            }
            return;
        }
        if self.is_over() && self.review_key(action) {
            return;
        }
        if self.remote.is_some() && action == A::Undo && !self.is_over() {
            // Online, undo asks the opponent to take the last move back
            // (lichess's takeback).
            self.send(Outgoing::Takeback);
            self.prompt.message = Some("takeback asked: the opponent agrees or declines".into());
            return;
        }
        if self.remote.is_some() {
            let off = match action {
                // Fair play, as on the page: no engine while the game is
                // being played (the result opens it again).
                A::Hint | A::Eval if !self.is_over() => {
                    Some("no engine while the game is being played")
                }
                A::Undo | A::Redo => Some("no redo online (u asks for a takeback)"),
                A::New | A::Load => Some("online, the game is the server's: q quits"),
                _ => None,
            };
            if let Some(off) = off {
                self.prompt.message = Some(off.into());
                return;
            }
        }
        match action {
            A::Up => self.step(-1, 0, 1),
            A::Down => self.step(1, 0, 1),
            A::Left => self.step(0, -1, 1),
            A::Right => self.step(0, 1, 1),
            A::BoardUp => self.board_step(-1, 0),
            A::BoardDown => self.board_step(1, 0),
            A::BoardLeft => self.board_step(0, -1),
            A::BoardRight => self.board_step(0, 1),
            A::LevelUp => self.level(1),
            A::LevelDown => self.level(-1),
            A::Next => self.tab(true),
            A::Previous => self.tab(false),
            A::Activate => self.activate(),
            A::Click(square) => {
                if square < self.layout().shape().len() {
                    self.cursor.square = square;
                    self.activate();
                }
            }
            A::Cancel => {
                self.cursor.selected = None;
                self.cursor.promotion = None;
                self.cursor.wall = None;
                self.prompt.message = None;
            }
            A::Promote(letter) => self.promote(letter),
            A::Undo => self.undo(),
            A::Redo => self.redo(),
            A::Hint => self.ask_hint(),
            A::ClaimDraw => self.claim_draw(),
            A::Flip => {
                self.cursor.flipped = !self.cursor.flipped;
                self.prompt.message = None;
            }
            A::Save => self.save_now(),
            A::Load => self.ask(Confirm::Load),
            A::New => self.ask(Confirm::New),
            A::Quit => self.ask(Confirm::Quit),
            A::Yes => self.prompt.message = None,
            A::OpenPrompt => self.open_prompt(),
            A::Help => self.prompt.help = true,
            A::Resign => self.ask_resign(),
            A::OfferDraw => self.offer_draw(),
            A::Eval => self.toggle_eval(),
            A::Type(_) | A::Erase | A::First | A::Last => {}
        }
    }

    /// In a finished game, the keys that walk its moves: back (Left, `u`),
    /// forward (Right, `r`), to the start (Home) and the end (End); the
    /// result stays. Whether `action` was one of them.
    pub(super) fn review_key(&mut self, action: Action) -> bool {
        use Action as A;
        let total = self.record.game.moves().len();
        let shown = self.reviewing().unwrap_or(total);
        let to = match action {
            A::Left | A::Undo => shown.saturating_sub(1),
            A::Right | A::Redo => (shown + 1).min(total),
            A::First => 0,
            A::Last => total,
            _ => return false,
        };
        self.cursor.selected = None;
        self.cursor.promotion = None;
        self.cursor.wall = None;
        self.record.review = (to < total).then(|| {
            let mut shown = self.record.start.new_game();
            for &m in &self.record.game.moves()[..to] {
                if shown.play(m).is_err() {
                    break;
                }
            }
            (to, shown)
        });
        self.prompt.message = Some(match to {
            _ if to == total => "the end of the game".into(),
            0 => format!("the start: move 0 of {total}"),
            _ => format!(
                "move {to} of {total}: {}",
                self.record.notes.get(to - 1).map_or("", String::as_str)
            ),
        });
        true
    }

    /// Opens the `:` prompt, where a move may be typed now.
    pub(super) fn open_prompt(&mut self) {
        self.prompt.message = self.why_not_now("");
        if self.prompt.message.is_some() {
            return;
        }
        self.cursor.selected = None;
        self.cursor.promotion = None;
        self.cursor.wall = None;
        self.prompt.typing = Some(MovePrompt::default());
    }

    /// A key while the `:` prompt is open: typing, Tab, Enter, Esc.
    pub(super) fn type_key(&mut self, action: Action) {
        use Action as A;
        let Some(prompt) = self.prompt.typing.as_mut() else {
            return;
        };
        let notation = self.options.notation;
        match action {
            A::Type(c) => {
                prompt.push(c);
                self.prompt.message = None;
            }
            A::Erase if prompt.text().is_empty() => self.prompt.typing = None,
            A::Erase => {
                prompt.backspace();
                self.prompt.message = None;
            }
            A::Next => {
                let position = self.record.game.position();
                self.prompt.message = match prompt.complete(notation, position) {
                    Completion::None => Some(format!(
                        "no legal move starts with {:?}",
                        prompt.text().trim()
                    )),
                    Completion::One => None,
                    Completion::Several(all) => Some(all.join(" ")),
                };
            }
            A::Activate => match prompt.read(notation, self.record.game.position()) {
                Ok(m) => {
                    self.prompt.typing = None;
                    self.prompt.message = None;
                    self.submit(m);
                }
                // The prompt stays open with the text, to mend it.
                Err(why) => self.prompt.message = Some(why.to_string()),
            },
            A::Cancel => {
                self.prompt.typing = None;
                self.prompt.message = None;
            }
            A::Quit => {
                self.prompt.typing = None;
                self.ask(Confirm::Quit);
            }
            _ => {}
        }
    }

    /// Moves the cursor `rows` and `cols` cells of `unit` on the page,
    /// staying put if that leaves the board (or lands in a gap).
    pub(super) fn step(&mut self, rows: isize, cols: isize, unit: usize) {
        let layout = self.layout();
        let (r, c) = layout.place(self.cursor.square);
        let r = r as isize + rows * unit as isize;
        let c = c as isize + cols * unit as isize;
        if r < 0 || c < 0 {
            return;
        }
        if let Some(square) = layout.square_at(r as usize, c as usize) {
            self.cursor.square = square;
        }
    }

    /// To the same cell of the neighbouring board on the page.
    pub(super) fn board_step(&mut self, rows: isize, cols: isize) {
        let shape = self.layout().shape();
        let (ranks, files) = (shape.size(1) as usize, shape.size(0) as usize);
        let layout = self.layout();
        let (r, c) = layout.place(self.cursor.square);
        let r = r as isize + rows * (ranks + GAP) as isize;
        let c = c as isize + cols * (files + GAP) as isize;
        if r >= 0 && c >= 0 {
            if let Some(square) = layout.square_at(r as usize, c as usize) {
                self.cursor.square = square;
            }
        }
    }

    /// To the same square one level up or down: axis 2 (the cube's
    /// levels), or on a board of four axes, axis 3 (Fourfold's W).
    pub(super) fn level(&mut self, by: i32) {
        let shape = self.layout().shape();
        let axis = if shape.size(3) > 1 { 3 } else { 2 };
        let mut coords = shape.coords(self.cursor.square);
        coords[axis] += by;
        if let Some(square) = shape.index(coords) {
            self.cursor.square = square;
        }
    }

    /// Tab: the next movable piece, the selected piece's next target, or
    /// while a wall is placed, its next square.
    pub(super) fn tab(&mut self, forward: bool) {
        let stops = if let Some(placing) = self.placing() {
            placing.squares
        } else if self.cursor.selected.is_some() {
            self.reach()
        } else {
            self.movable()
        };
        let next = if forward {
            stops
                .iter()
                .find(|&&s| s > self.cursor.square)
                .or(stops.first())
        } else {
            stops
                .iter()
                .rev()
                .find(|&&s| s < self.cursor.square)
                .or(stops.last())
        };
        if let Some(&square) = next {
            self.cursor.square = square;
        }
    }

    pub(super) fn piece_text(&self, square: usize) -> String {
        let notation = self.options.notation;
        let position = self.position();
        match position.piece_at(square) {
            Some(p) => notation.piece_on(position, p, square),
            None => notation.square_name(position, square),
        }
    }

    pub(super) fn activate(&mut self) {
        self.prompt.message = self.why_not_now(": n for a new game, ←/→ to review it");
        if self.prompt.message.is_some() {
            return;
        }
        if let Some(moves) = self.cursor.wall.take() {
            self.place_wall(moves);
            return;
        }
        if self.cursor.promotion.is_some() {
            // Enter answers the prompt with its first choice (the queen).
            let first = self.promotion_choices().and_then(|c| c.first().copied());
            if let Some(letter) = first {
                self.promote(letter);
            }
            return;
        }
        let at = self.cursor.square;
        let turn = self.position().turn();
        let own = self
            .position()
            .piece_at(at)
            .is_some_and(|p| p.color == turn);
        match self.cursor.selected {
            Some(from) if from == at => self.cursor.selected = None,
            _ if own => {
                self.cursor.selected = Some(at);
                if self.reach().is_empty() {
                    self.prompt.message =
                        Some(format!("{} has nowhere to go", self.piece_text(at)));
                }
            }
            Some(from) => {
                let moves: Vec<Move> = self
                    .piece_moves(from)
                    .into_iter()
                    .filter(|m| m.to() == at)
                    .collect();
                let ways = moves.iter().map(|m| (m.promotion, m.gate)).unique().count();
                if moves.iter().any(|m| m.wall.is_some()) && ways == 1 {
                    // A move that places a wall: its square next (after
                    // the promotion's piece, where it has a choice).
                    self.ask_wall(moves);
                    return;
                }
                match moves.len() {
                    0 => {
                        let why = self.options.notation.why_not(self.position(), from, at);
                        self.prompt.message = Some(why);
                    }
                    1 => self.submit(moves[0]),
                    _ => {
                        let gating = moves.iter().any(|m| m.gate.is_some());
                        self.cursor.promotion = Some(moves);
                        let choices: String = self
                            .promotion_choices()
                            .unwrap_or_default()
                            .iter()
                            .map(|c| c.to_string())
                            .collect::<Vec<_>>()
                            .join(" ");
                        // Capitals only where castling may gate on the
                        // rook's square too.
                        let on_rook = choices.chars().any(|c| c.is_ascii_uppercase());
                        self.prompt.message = Some(if gating && on_rook {
                            format!(
                                "gate in: {choices} (Enter: none; a capital: on the rook's \
                                 square; Esc: cancel)"
                            )
                        } else if gating {
                            format!("gate in: {choices} (Enter: none; Esc: cancel)")
                        } else {
                            format!("promote to: {choices} (Enter: the first, Esc: cancel)")
                        });
                    }
                }
            }
            None => {
                // An empty square or the other side's piece: the game says why.
                self.prompt.message = Some(self.options.notation.why_not(self.position(), at, at));
            }
        }
    }

    /// Enter on the wall's square: the move (or the promotion's choice
    /// among the moves that place it there).
    fn place_wall(&mut self, moves: Vec<Move>) {
        let at = self.cursor.square;
        let here: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|m| m.wall() == Some(at))
            .collect();
        match here.len() {
            0 => {
                let square = self.options.notation.square_name(self.position(), at);
                let wall = self.wall_name();
                self.prompt.message = Some(format!("no {wall} can go on {square}"));
                // Still the wall's turn.
                self.cursor.wall = Some(moves);
            }
            1 => {
                self.prompt.message = None;
                self.submit(here[0]);
            }
            _ => {
                self.prompt.message = Some("promote to: the piece's letter (Esc: cancel)".into());
                self.cursor.promotion = Some(here);
            }
        }
    }

    pub(super) fn promote(&mut self, letter: char) {
        let Some(moves) = self.cursor.promotion.clone() else {
            return;
        };
        let variant = self.position().variant();
        let gating = moves.iter().any(|m| m.gate.is_some());
        let chosen = moves.iter().copied().find(|&m| {
            if gating {
                // Gated pieces' letters tell the squares apart by case.
                return super::choice_letter(variant, m, true) == Some(letter);
            }
            m.promotion
                .is_some_and(|k| variant.kind(k).letter == letter.to_ascii_lowercase())
        });
        match chosen {
            Some(m) if m.wall.is_some() && self.cursor.wall.is_none() => {
                // The piece chosen, the wall's square next.
                let same = |o: &Move| (o.promotion, o.gate) == (m.promotion, m.gate);
                self.cursor.promotion = None;
                self.ask_wall(moves.into_iter().filter(same).collect());
            }
            Some(m) => {
                // The prompt is answered: it leaves the screen, also when
                // the move ends the game and no other key follows.
                self.cursor.promotion = None;
                self.cursor.wall = None;
                self.prompt.message = None;
                self.submit(m);
            }
            None => self.prompt.message = Some(format!("{letter:?} is not one of the choices")),
        }
    }
}
