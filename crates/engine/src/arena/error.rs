//! What can stop a match, each a line the command line prints as it is.

use crate::kernel::IllegalMove;
use crate::search::SearchError;
use crate::variants::line::LineError;
use crate::variants::NotationError;
use std::path::PathBuf;

/// What `--opponent self:` takes.
pub(super) const SELF_SETTINGS: &str = "--opponent self: takes think-ms=T, depth=D or nodes=N";

/// Why an opponent cannot be read, or a match cannot go on.
#[derive(Debug, thiserror::Error)]
pub enum MatchError {
    /// An opponent that is none of the known forms.
    #[error("unknown opponent {0:?}: random, greedy, self:think-ms=T, self:depth=D, self:nodes=N or uci:COMMAND")]
    UnknownOpponent(String),
    /// `uci:` with nothing after it (or unbalanced quotes).
    #[error("--opponent uci:COMMAND needs a command (as a shell writes it)")]
    NoCommand,
    /// `self:` with a setting it does not take.
    #[error("{SELF_SETTINGS}")]
    SelfSetting,
    /// `self:NAME=` with a value that is not a whole number.
    #[error("--opponent self:{0}= needs a whole number")]
    SelfNumber(String),
    /// The variant definition for a UCI engine could not be written.
    #[error("cannot write the variant definition {}: {source}", .path.display())]
    Definition {
        /// Where it was to be written.
        path: PathBuf,
        /// Why it was not.
        source: std::io::Error,
    },
    /// A UCI engine that cannot be started.
    #[error("cannot run {name}: {source}")]
    Spawn {
        /// Its command line.
        name: String,
        /// Why.
        source: std::io::Error,
    },
    /// A UCI engine that no longer reads what it is told.
    #[error("{name} stopped listening: {source}")]
    Deaf {
        /// Its command line.
        name: String,
        /// Why.
        source: std::io::Error,
    },
    /// A UCI engine that did not answer in time.
    #[error("{0} did not answer in time")]
    Silent(String),
    /// A UCI engine that ended.
    #[error("{0} ended")]
    Ended(String),
    /// A UCI engine's move that cannot be read in the position.
    #[error("{name} played {text:?}: {source}")]
    BadMove {
        /// Its command line.
        name: String,
        /// The move it wrote.
        text: String,
        /// Why it cannot be read.
        source: Box<NotationError>,
    },
    /// A move the game refuses (a player's choice, or an opening's move).
    #[error("a player chose an illegal move")]
    Illegal(#[from] IllegalMove),
    /// An opening of the game's book that cannot be read.
    #[error("opening {name}: {source}")]
    Opening {
        /// The opening's name.
        name: String,
        /// Why it cannot be read.
        source: Box<LineError>,
    },
    /// The computer's search failed.
    #[error(transparent)]
    Search(#[from] SearchError),
}
