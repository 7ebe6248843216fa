//! The games of `samples/fsf-variants.ini` for tests: the file read once,
//! and a game of it by name as the `'static` notation a [`Game`] plays.

use crate::game::{Action, Game};
use crate::variants::ini::{self, FileGame};
use crate::variants::{GameRules, Notation};
use std::sync::OnceLock;

/// The sample file's game `name` (`crazyhouse`, `chess-duck`).
pub fn sample(name: &str) -> &'static dyn Notation {
    static GAMES: OnceLock<Vec<FileGame>> = OnceLock::new();
    GAMES
        .get_or_init(|| ini::read(include_str!("../../../samples/fsf-variants.ini")).unwrap())
        .iter()
        .find(|g| GameRules::name(*g) == name)
        .unwrap_or_else(|| panic!("no {name} in samples/fsf-variants.ini"))
}

/// Types `text` at the prompt, as a player does, and plays it.
pub fn typed(game: &mut Game, text: &str) {
    game.handle(Action::OpenPrompt);
    for c in text.chars() {
        game.handle(Action::Type(c));
    }
    game.handle(Action::Activate);
}
