//! The `:` move prompt: a move typed in the game's own notation (SAN for
//! chess, the judge's `xs ys xt yt` for Duck Chess, Fourfold's squares),
//! read by the game's [`Notation::read_move`](crate::variants::Text::read_move), with Tab completing among
//! the legal moves' notations.
//!
//! Nothing here knows which game it is: the candidates are what
//! [`Notation::write_move`](crate::variants::Text::write_move) writes for each legal move (and, when none of
//! those fits what was typed, what [`Notation::coordinate_move`](crate::variants::Text::coordinate_move) writes),
//! and reading is the notation's.
//!
//! ```
//! use duckchess_tui::prompt::MovePrompt;
//! let chess = duckchess_rules::variants::by_name("chess").unwrap();
//! let start = chess.start();
//! let mut prompt = MovePrompt::default();
//! prompt.push('N');
//! prompt.push('f');
//! prompt.complete(chess, &*start);
//! assert_eq!(prompt.text(), "Nf3");
//! assert!(prompt.read(chess, &*start).is_ok());
//! ```

use crate::kernel::{AnyPosition, Move};
use crate::variants::Notation;

/// The text typed after `:` and the state of Tab's completion.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MovePrompt {
    text: String,
    /// The candidates of the last Tab and the one shown (`None`: their
    /// common start), so that Tab again goes on to the next.
    cycle: Option<(Vec<String>, Option<usize>)>,
}

/// What a Tab did, for the line under the prompt.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Completion {
    /// No legal move's notation starts with the text.
    None,
    /// The one candidate, now the text.
    One,
    /// Several: the text is now their common start (or the next of them,
    /// on a second Tab); all of them, to show.
    Several(Vec<String>),
}

impl MovePrompt {
    /// The text typed so far.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Types a character.
    pub fn push(&mut self, c: char) {
        // Control characters are no part of any notation.
        if !c.is_control() {
            self.text.push(c);
        }
        self.cycle = None;
    }

    /// Erases the last character.
    pub fn backspace(&mut self) {
        self.text.pop();
        self.cycle = None;
    }

    /// Tab: completes the text among the legal moves' notations in
    /// `position`. One candidate becomes the text; several extend it to
    /// their common start, and Tab again cycles through them.
    pub fn complete(&mut self, notation: &dyn Notation, position: &dyn AnyPosition) -> Completion {
        // Typing resets the cycle: while it stands, the text is the last
        // Tab's, and this Tab goes on to the next candidate.
        if let Some((all, at)) = &mut self.cycle {
            let next = at.map_or(0, |i| (i + 1) % all.len());
            *at = Some(next);
            self.text = all[next].clone();
            return Completion::Several(all.clone());
        }
        let found = candidates(notation, position, self.text.trim());
        match found.len() {
            0 => Completion::None,
            1 => {
                self.text = found[0].clone();
                Completion::One
            }
            _ => {
                let common = common_prefix(&found);
                if common.chars().count() > self.text.trim().chars().count() {
                    self.text = common;
                    self.cycle = Some((found.clone(), None));
                } else {
                    self.text = found[0].clone();
                    self.cycle = Some((found.clone(), Some(0)));
                }
                Completion::Several(found)
            }
        }
    }

    /// The move typed, if it is legal here; else why not, on one line.
    pub fn read(
        &self,
        notation: &dyn Notation,
        position: &dyn AnyPosition,
    ) -> Result<Move, PromptError> {
        let text = self.text.trim();
        if text.is_empty() {
            return Err(PromptError::Empty);
        }
        notation
            .read_move(position, text)
            .map_err(|source| PromptError::Move {
                text: text.to_string(),
                source: Box::new(source),
            })
    }
}

/// Why the text typed is not a move here.
#[derive(Debug, thiserror::Error)]
pub enum PromptError {
    /// Nothing typed.
    #[error("type a move, Tab completes it")]
    Empty,
    /// Not a legal move in the game's notation; said on one line.
    #[error("{text}: {}", one_line(&.source.to_string()))]
    Move {
        /// What was typed.
        text: String,
        /// Why the game's notation refuses it.
        source: Box<crate::variants::NotationError>,
    },
}

/// A text on one line, its runs of white space as one space.
fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The legal moves' notations in `position` that start with `typed`: the
/// game's own notation, else (nothing of it fits) its coordinates; case
/// matters where the notation has a fit with the case typed (SAN's `b`
/// pawn and `B` bishop), else it is ignored. In the order of the legal
/// moves, without repeats.
pub fn candidates(notation: &dyn Notation, position: &dyn AnyPosition, typed: &str) -> Vec<String> {
    let moves = position.legal_moves();
    let own: Vec<String> = moves
        .iter()
        .map(|&m| notation.write_move(position, m))
        .collect();
    let coordinates: Vec<String> = moves
        .iter()
        .map(|&m| notation.coordinate_move(position, m))
        .collect();
    let lower = typed.to_lowercase();
    let fits: [&dyn Fn(&String) -> bool; 2] =
        [&|c: &String| c.starts_with(typed), &|c: &String| {
            c.to_lowercase().starts_with(&lower)
        }];
    for fit in fits {
        for list in [&own, &coordinates] {
            let mut found: Vec<String> = Vec::new();
            for c in list.iter().filter(|c| fit(c)) {
                if !found.contains(c) {
                    found.push(c.clone());
                }
            }
            if !found.is_empty() {
                return found;
            }
        }
    }
    Vec::new()
}

/// The longest start all of `words` share.
fn common_prefix(words: &[String]) -> String {
    let Some(first) = words.first() else {
        return String::new();
    };
    let mut end = first.len();
    for w in &words[1..] {
        end = first
            .char_indices()
            .zip(w.chars())
            .take_while(|((_, a), b)| a == b)
            .last()
            .map_or(0, |((i, a), _)| i + a.len_utf8())
            .min(end);
    }
    first[..end].to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::by_name;

    fn typed(text: &str) -> MovePrompt {
        let mut p = MovePrompt::default();
        text.chars().for_each(|c| p.push(c));
        p
    }

    #[test]
    fn tab_completes_one_and_cycles_several() {
        let chess = by_name("chess").unwrap();
        let start = chess.start();
        let mut p = typed("Nf");
        assert_eq!(p.complete(chess, &*start), Completion::One);
        assert_eq!(p.text(), "Nf3");
        // Knight moves: Na3 Nc3 Nf3 Nh3; "N" is their common start, so the
        // first Tab shows them, the next ones cycle.
        let mut p = typed("N");
        let Completion::Several(all) = p.complete(chess, &*start) else {
            panic!("several")
        };
        assert_eq!(all.len(), 4, "{all:?}");
        let first = p.text().to_string();
        assert!(all.contains(&first), "{first}");
        p.complete(chess, &*start);
        let second = p.text().to_string();
        assert_ne!(first, second);
        assert!(all.contains(&second));
        for _ in 0..3 {
            p.complete(chess, &*start);
        }
        assert_eq!(p.text(), first, "four more Tabs come round again");
    }

    #[test]
    fn several_with_a_longer_common_start_extend_to_it() {
        let duck = by_name("duck").unwrap();
        let start = duck.start();
        // The piece on (3,4) reaches (4,3), (4,4) and (4,5) among others:
        // "3 4 4" grows to their common start "3 4 4 ", and Tab again
        // shows the first of them.
        let mut p = typed("3 4 4");
        let Completion::Several(all) = p.complete(duck, &*start) else {
            panic!("several")
        };
        assert_eq!(all, ["3 4 4 3", "3 4 4 4", "3 4 4 5"]);
        assert_eq!(p.text(), "3 4 4 ");
        p.complete(duck, &*start);
        assert_eq!(p.text(), "3 4 4 3");
        p.complete(duck, &*start);
        assert_eq!(p.text(), "3 4 4 4");
        assert!(p.read(duck, &*start).is_ok());
        let mut p = typed("3 4 4 4");
        assert_eq!(p.complete(duck, &*start), Completion::One);
    }

    #[test]
    fn coordinates_complete_where_the_notation_has_no_fit() {
        let chess = by_name("chess").unwrap();
        let start = chess.start();
        let mut p = typed("g1");
        let Completion::Several(all) = p.complete(chess, &*start) else {
            panic!("g1f3 and g1h3")
        };
        assert_eq!(all, ["g1f3", "g1h3"]);
        assert_eq!(p.text(), "g1f3");
        assert!(p.read(chess, &*start).is_ok());
        assert_eq!(typed("Qx").complete(chess, &*start), Completion::None);
    }

    #[test]
    fn a_bad_move_is_one_line_and_never_a_panic() {
        let chess = by_name("chess").unwrap();
        let start = chess.start();
        for bad in [
            "",
            "e5",
            "Ke2",
            "zz9",
            "O-O-O-O",
            "\u{1F986}",
            "e2e5q",
            "  ",
        ] {
            let why = typed(bad).read(chess, &*start).unwrap_err().to_string();
            assert!(!why.contains('\n'), "{bad:?}: {why}");
            assert!(!why.is_empty());
        }
        for notation in crate::variants::all() {
            let start = notation.start();
            for bad in ["", "x", "0 0 0 0 0", "9 9 9 9", ":", "a1[9,9]"] {
                let _ = typed(bad).read(*notation, &*start);
                let _ = typed(bad).complete(*notation, &*start);
            }
        }
    }

    #[test]
    fn backspace_and_control_characters() {
        let mut p = typed("e4x");
        p.backspace();
        p.push('\u{7}');
        assert_eq!(p.text(), "e4");
        let chess = by_name("chess").unwrap();
        assert!(p.read(chess, &*chess.start()).is_ok());
    }

    #[test]
    fn common_prefix_is_by_characters() {
        let w = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(common_prefix(&w(&["Na3", "Nc3"])), "N");
        assert_eq!(common_prefix(&w(&["兵a", "兵b"])), "兵");
        assert_eq!(common_prefix(&w(&["a", "b"])), "");
        assert_eq!(common_prefix(&w(&["ab"])), "ab");
    }

    /// Through the game: `:` opens the prompt, letters type, Tab
    /// completes, Enter plays, a bad move leaves the prompt open with its
    /// reason, Esc closes it; `?` opens the help, which takes every key
    /// until `?`, Esc or `q` closes it (without quitting).
    #[test]
    fn the_game_plays_a_typed_move_and_shows_help() {
        use crate::game::{Action as A, Game, Options};
        let chess = by_name("chess").unwrap();
        let mut game = Game::new(Options::new(chess));
        game.handle(A::OpenPrompt);
        assert_eq!(game.typing(), Some(""));
        for c in "Nf".chars() {
            game.handle(A::Type(c));
        }
        game.handle(A::Next);
        assert_eq!(game.prompt(), ":Nf3_");
        game.handle(A::Activate);
        assert_eq!(game.notes(), ["Nf3"]);
        assert_eq!(game.typing(), None);

        game.handle(A::OpenPrompt);
        for c in "Ke7".chars() {
            game.handle(A::Type(c));
        }
        game.handle(A::Activate);
        assert_eq!(game.notes().len(), 1, "refused");
        assert_eq!(game.typing(), Some("Ke7"), "left open to mend");
        assert!(game.detail().starts_with("Ke7: "), "{}", game.detail());
        assert!(!game.detail().contains('\n'));
        // q types; Backspace erases; Esc closes.
        game.handle(A::Type('q'));
        game.handle(A::Erase);
        assert_eq!(game.typing(), Some("Ke7"));
        game.handle(A::Cancel);
        assert_eq!(game.typing(), None);
        assert!(game.detail().is_empty());

        game.handle(A::Help);
        assert!(game.is_helping());
        game.handle(A::Activate);
        game.handle(A::Quit);
        assert!(!game.is_helping() && !game.should_quit());
        assert_eq!(game.notes().len(), 1);
    }

    /// The prompt reads every game's notation: Duck Chess's judge command
    /// and Fourfold's moves, with no test of which game it is.
    #[test]
    fn every_game_takes_its_own_notation_at_the_prompt() {
        use crate::game::{Action as A, Game, Options};
        for notation in crate::variants::all() {
            let mut game = Game::new(Options::new(*notation));
            let start = notation.start();
            let Some(&m) = start.legal_moves().first() else {
                continue;
            };
            let text = notation.write_move(&*start, m);
            game.handle(A::OpenPrompt);
            for c in text.chars() {
                game.handle(A::Type(c));
            }
            game.handle(A::Activate);
            assert_eq!(game.moves(), [m], "{}: {text}", notation.name());
        }
    }
}
