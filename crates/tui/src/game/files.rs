//! Records on disk: saving, loading the newest, and the questions asked
//! before unsaved moves would be lost.

use super::*;

impl Game {
    /// Whether moves would be lost: some played since the game was last
    /// saved or loaded.
    pub(super) fn unsaved(&self) -> bool {
        if self.remote.is_some() {
            // The server keeps the game.
            return false;
        }
        let played = self.moves().len();
        played > 0 && self.record.saved != Some(played)
    }

    /// How many moves would be lost: those after the saved ones (all of
    /// them when the game went back past what was saved, or was never
    /// saved).
    pub(super) fn unsaved_moves(&self) -> usize {
        let played = self.moves().len();
        match self.record.saved {
            Some(saved) if saved <= played => played - saved,
            _ => played,
        }
    }

    /// Does `step` at once where nothing would be lost, else asks first.
    /// A finished game asks too: leaving takes it off the screen.
    pub(super) fn ask(&mut self, step: Confirm) {
        let risky = self.unsaved();
        if !risky {
            match step {
                Confirm::Quit => self.quit_now(),
                Confirm::New => self.new_game(),
                Confirm::Load => self.load_newest(),
                Confirm::Resign => self.resign_now(),
                Confirm::Draw => self.finish(End::Agreed),
                Confirm::Takeback => self.send(Outgoing::Takeback),
            }
            return;
        }
        let what = match step {
            Confirm::Quit => "quit",
            Confirm::New => "start a new game",
            Confirm::Load => "load the newest saved game",
            Confirm::Resign | Confirm::Draw => "end the game",
            Confirm::Takeback => "take the last move back",
        };
        let n = self.unsaved_moves();
        self.prompt.confirm = Some(step);
        self.prompt.message = Some(format!(
            "{what}? {n} unsaved move{}: y yes, any other key no (s saves)",
            if n == 1 { "" } else { "s" }
        ));
    }

    pub(super) fn quit_now(&mut self) {
        self.cancel_thinking();
        self.quit = true;
    }

    pub(super) fn new_game(&mut self) {
        self.restart(self.options.start.clone(), &[]);
        self.prompt.message = Some("new game".into());
    }

    /// A game from `start` with `moves` played, as a new game or a loaded
    /// record begins: no search, undo, claim, end or review left over.
    fn restart(&mut self, start: Box<dyn AnyPosition>, moves: &[Move]) {
        self.cancel_thinking();
        self.record.start = start;
        self.replay(moves);
        self.record.redo.clear();
        self.record.claimed = None;
        self.record.end = None;
        self.record.review = None;
        self.reset_clocks();
        self.after_jump();
        self.cursor.square = self.home();
    }

    /// The record of the game so far, in the variant's record format; a
    /// PGN names the computer's side `duckchess` (the person's stays `?`,
    /// a name the game does not know).
    pub fn record(&self) -> String {
        let record = self
            .options
            .notation
            .write_record(&*self.record.start, self.record.game.moves());
        if self.options.notation.record_format() != "PGN" || self.options.vs != Vs::Computer {
            return record;
        }
        let tag = match self.options.computer {
            Color::White => "White",
            Color::Black => "Black",
        };
        record.replacen(
            &format!("[{tag} \"?\"]"),
            &format!("[{tag} \"duckchess\"]"),
            1,
        )
    }

    /// The prefix of saved files: the variant's name and a dash.
    pub(super) fn file_prefix(&self) -> String {
        format!("{}-", self.options.notation.name())
    }

    /// Writes [`Game::record`] to a new `<variant>-<UTC time>.<ext>`
    /// in `dir` (with `-2`, `-3`, … when taken) and returns its path.
    pub fn save(&self, dir: &Path, now: SystemTime) -> io::Result<PathBuf> {
        let ext = self.options.notation.record_extension();
        crate::save_new(dir, &self.file_prefix(), now, ext, &self.record())
    }

    pub(super) fn save_now(&mut self) {
        let dir = self.options.save_dir.clone();
        self.prompt.message = Some(match self.save(&dir, SystemTime::now()) {
            Ok(path) => {
                self.record.saved = Some(self.moves().len());
                format!("saved {}", display_name(&path))
            }
            Err(e) => format!("could not save: {e}"),
        });
    }

    /// The newest record saved for this variant in `dir` (names sort by
    /// time).
    pub fn newest_record(&self, dir: &Path) -> io::Result<Option<PathBuf>> {
        let dir = if dir.as_os_str().is_empty() {
            Path::new(".")
        } else {
            dir
        };
        let suffix = format!(".{}", self.options.notation.record_extension());
        let prefix = self.file_prefix();
        let mut found: Vec<(SystemTime, PathBuf)> = Vec::new();
        for entry in std::fs::read_dir(dir)? {
            let entry = entry?;
            let name = entry.file_name().to_string_lossy().into_owned();
            let stamped = name
                .strip_prefix(&prefix)
                .is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_digit()));
            if stamped && name.ends_with(&suffix) {
                let modified = entry.metadata()?.modified()?;
                found.push((modified, entry.path()));
            }
        }
        found.sort();
        Ok(found.pop().map(|(_, p)| p))
    }

    /// Replaces the game by the record in `path`.
    pub fn load(&mut self, path: &Path) -> Result<(), LoadError> {
        let text = crate::variants::input::read_file(path)?;
        let (start, moves) = self.options.notation.read_record(&text)?;
        self.restart(start, &moves);
        self.record.saved = Some(self.moves().len());
        Ok(())
    }

    pub(super) fn load_newest(&mut self) {
        let dir = self.options.save_dir.clone();
        self.prompt.message = Some(match self.newest_record(&dir) {
            Ok(Some(path)) => match self.load(&path) {
                Ok(()) => {
                    let n = self.moves().len();
                    format!(
                        "loaded {} ({n} move{})",
                        display_name(&path),
                        if n == 1 { "" } else { "s" }
                    )
                }
                Err(e) => format!("could not load {}: {e}", display_name(&path)),
            },
            Ok(None) => format!(
                "no saved {} game ({}*.{}) to load",
                self.options.notation.name(),
                self.file_prefix(),
                self.options.notation.record_extension()
            ),
            Err(e) => format!("could not look for saved games: {e}"),
        });
    }
}

fn display_name(path: &Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

/// Why a saved record cannot be loaded.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// The file cannot be read as text.
    #[error(transparent)]
    Read(#[from] crate::variants::input::InputError),
    /// The text is not a record of the game.
    #[error(transparent)]
    Record(#[from] crate::variants::NotationError),
}
