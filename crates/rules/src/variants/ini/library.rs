//! A file of games read lazily: every section merged with its base when
//! the file is read (so a syntax error, an unknown base or a clash with a
//! built-in name is found at once, with its line), each game built — its
//! keys checked, its tables made, its start read — only when it is first
//! named, and then kept for the program's life. A file of a hundred games
//! costs its parsing until one is played.

use super::parse::sections;
use super::read::{Merged, Merger};
use super::{FileGame, IniError};
use std::sync::OnceLock;

/// A file's games, each built when first named ([`Library::game`]).
#[derive(Debug)]
pub struct Library {
    games: Vec<Slot>,
}

/// One section, and its game once built.
#[derive(Debug)]
struct Slot {
    merged: Merged,
    built: OnceLock<Result<&'static FileGame, IniError>>,
}

impl Slot {
    fn get(&self) -> Result<&'static FileGame, IniError> {
        self.built
            .get_or_init(|| {
                // Leaked as the built-in games are static: a game named
                // once is played for the rest of the program.
                self.merged.build().map(|g| &*Box::leak(Box::new(g)))
            })
            .clone()
    }
}

impl Library {
    /// The sections of `text`, merged but not built.
    ///
    /// ```
    /// use duckchess_rules::variants::{ini::Library, prelude::*};
    /// let text = "[small:chess]\nmaxFile = 6\nstartFen = 4k1/6/6/6/6/6/6/R3K1 w - - 0 1\n\
    ///             [broken:chess]\ncastling = maybe\n";
    /// let library = Library::index(text).unwrap();
    /// assert_eq!(library.names().collect::<Vec<_>>(), ["small", "broken"]);
    /// assert_eq!(library.game("SMALL").unwrap().unwrap().start().legal_moves().len(), 15);
    /// // The bad key is found when its game is named, with its line.
    /// assert_eq!(library.game("broken").unwrap().unwrap_err().line, 5);
    /// assert!(library.game("other").is_none());
    /// ```
    pub fn index(text: &str) -> Result<Library, IniError> {
        let mut merger = Merger::default();
        for section in sections(text)? {
            merger.add(section)?;
        }
        let games = merger
            .merged
            .into_iter()
            .map(|merged| Slot {
                merged,
                built: OnceLock::new(),
            })
            .collect();
        Ok(Library { games })
    }

    /// A library of games already built.
    pub fn of(games: Vec<FileGame>) -> Library {
        let games = games
            .into_iter()
            .map(|g| {
                let merged = Merged {
                    name: g.variant().name.clone(),
                    line: 0,
                    entries: Vec::new(),
                };
                let built = OnceLock::new();
                let _ = built.set(Ok(&*Box::leak(Box::new(g))));
                Slot { merged, built }
            })
            .collect();
        Library { games }
    }

    /// The games' names, in the file's order, none built.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.games.iter().map(|s| s.merged.name.as_str())
    }

    /// How many games the file states.
    pub fn len(&self) -> usize {
        self.games.len()
    }

    /// Whether the file states no game.
    pub fn is_empty(&self) -> bool {
        self.games.is_empty()
    }

    /// The game of this name (in any case), built the first time; `None`
    /// where the file has no such game, an error where its keys are not
    /// played here.
    pub fn game(&self, name: &str) -> Option<Result<&'static FileGame, IniError>> {
        self.games
            .iter()
            .find(|s| s.merged.name.eq_ignore_ascii_case(name))
            .map(Slot::get)
    }

    /// Every game, built, in the file's order; the first error in the
    /// file's order where one does not build.
    pub fn games(&self) -> Result<Vec<&'static FileGame>, IniError> {
        self.games.iter().map(Slot::get).collect()
    }

    /// The games that build, in the file's order (those that do not are
    /// left out: [`Library::games`] says why).
    pub fn built(&self) -> Vec<&'static FileGame> {
        self.games.iter().filter_map(|s| s.get().ok()).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::prelude::*;

    const FILE: &str = include_str!("../../../../../samples/fsf-variants.ini");

    #[test]
    fn a_game_is_built_only_when_named() {
        let library = Library::index(FILE).unwrap();
        assert!(library.len() > 50);
        assert!(library.games.iter().all(|s| s.built.get().is_none()));
        let crazyhouse = library.game("crazyhouse").unwrap().unwrap();
        assert_eq!(crazyhouse.start().legal_moves().len(), 20);
        let built = library.games.iter().filter(|s| s.built.get().is_some());
        assert_eq!(
            built.map(|s| s.merged.name.as_str()).collect::<Vec<_>>(),
            ["crazyhouse"]
        );
        // Named again, the same game.
        assert!(std::ptr::eq(
            crazyhouse,
            library.game("Crazyhouse").unwrap().unwrap()
        ));
    }

    #[test]
    fn the_library_builds_the_games_read_builds() {
        let library = Library::index(FILE).unwrap();
        let read = super::super::read(FILE).unwrap();
        let names: Vec<&str> = read.iter().map(|g| g.name()).collect();
        assert_eq!(library.names().collect::<Vec<_>>(), names);
        for (lazy, eager) in library.games().unwrap().iter().zip(&read) {
            assert_eq!(lazy.start_fen(), eager.start_fen());
            assert_eq!(lazy.variant(), eager.variant());
        }
    }

    #[test]
    fn a_file_error_before_any_game_is_built_and_a_game_error_when_named() {
        // A base the file does not have: found when the file is read.
        let error = Library::index("[a:chess]\n[b:nothing]\n").unwrap_err();
        assert_eq!(error.line, 2);
        // A key not played here: found when its game is named.
        let library = Library::index("[a:chess]\n[b:chess]\ncastling = maybe\n").unwrap();
        assert!(library.game("a").unwrap().is_ok());
        assert_eq!(library.game("b").unwrap().unwrap_err().line, 3);
        assert_eq!(library.games().unwrap_err().line, 3);
        assert_eq!(library.built().len(), 1);
    }
}
