//! The terminal game `duckchess play`, one for every game of the registry:
//! [`game`] is the state machine (a cursor on the board, a selected piece
//! and its reach, the moves with the game's verdicts, undo and redo, hints,
//! saving and loading records, a computer side), [`screen`] draws it with
//! ratatui and turns keys and clicks into [`game::Action`]s; with the
//! feature `online`, [`online`] is a seat in a game of `duckchess serve`.
//!
//! Nothing in [`game`] touches a terminal, so the whole game is testable
//! without a screen:
//!
//! ```
//! use duckchess_tui::game::{Action, Game, Options};
//! use duckchess_tui::Vs;
//! let duck = duckchess_rules::variants::by_name("duck").unwrap();
//! let mut game = Game::new(Options { vs: Vs::Human, ..Options::new(duck) });
//! // The red soldier on (3,4) is square 31; it steps to (4,4), square 40.
//! game.handle(Action::Click(31));
//! game.handle(Action::Click(40));
//! assert_eq!(game.notes(), ["3 4 4 4"]);
//! assert_eq!(game.move_lines(30), ["1. 3 4 4 4", "   red soldier;NA;no;no"]);
//! ```

#![warn(missing_docs)]

// The floors below, under the names the whole house uses for them.
use duckchess_engine as engine;
use duckchess_rules::{kernel, variants};

pub mod clock;
pub mod config;
pub mod ending;
pub mod eval;
pub mod game;
pub mod help;
#[cfg(feature = "online")]
pub mod online;
pub mod prompt;
pub mod screen;
#[cfg(test)]
mod test_clock;
#[cfg(test)]
mod test_endings;
#[cfg(test)]
mod test_samples;
#[cfg(test)]
mod test_variants;

use std::io;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

/// Who plays the side the person does not.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum Vs {
    /// Two people at one keyboard, each moving with the same keys in turn.
    Human,
    /// The computer plays one side.
    #[default]
    Computer,
}

/// Writes `contents` to a new file `<prefix><UTC time>.<ext>` in `dir`
/// (with `-2`, `-3`, … when that name is taken: an existing file is never
/// overwritten) and returns its path.
pub(crate) fn save_new(
    dir: &Path,
    prefix: &str,
    now: SystemTime,
    ext: &str,
    contents: &str,
) -> io::Result<PathBuf> {
    use std::io::Write;
    let stamp = utc_stamp(now);
    for n in 1.. {
        let name = match n {
            1 => format!("{prefix}{stamp}.{ext}"),
            n => format!("{prefix}{stamp}-{n}.{ext}"),
        };
        let path = dir.join(name);
        match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path)
        {
            Ok(mut file) => {
                file.write_all(contents.as_bytes())?;
                return Ok(path);
            }
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    }
    unreachable!("1.. does not end")
}

/// `YYYYMMDD-HHMMSS` in UTC: a file name that sorts by time.
pub(crate) fn utc_stamp(now: SystemTime) -> String {
    let secs = now.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let (days, rest) = ((secs / 86_400) as i64, secs % 86_400);
    // Days since 1970-01-01 to a civil date (H. Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}{month:02}{day:02}-{:02}{:02}{:02}",
        rest / 3600,
        rest / 60 % 60,
        rest % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stamps_are_utc_and_sort_by_time() {
        let at = |secs| UNIX_EPOCH + std::time::Duration::from_secs(secs);
        assert_eq!(utc_stamp(at(0)), "19700101-000000");
        assert_eq!(utc_stamp(at(1_796_085_528)), "20261201-003848");
        assert!(utc_stamp(at(1_000)) < utc_stamp(at(100_000)));
    }

    #[test]
    fn a_saved_file_never_replaces_another() {
        let dir = std::env::temp_dir().join(format!("duckchess-save-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let now = UNIX_EPOCH;
        let first = save_new(&dir, "x-", now, "txt", "one").unwrap();
        let second = save_new(&dir, "x-", now, "txt", "two").unwrap();
        assert_ne!(first, second);
        assert_eq!(std::fs::read_to_string(&first).unwrap(), "one");
        assert!(second.to_string_lossy().ends_with("-2.txt"));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
