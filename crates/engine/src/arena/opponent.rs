//! Who the computer plays: a baseline, itself with other limits, or an
//! engine over UCI.

use super::error::MatchError;
use crate::kernel::{AnyPosition, Move, MoveKind};
use crate::search::Limits;
use crate::variants::line;
use rand_chacha::rand_core::Rng;
use rand_chacha::ChaCha8Rng;
use std::fmt;
use std::time::Duration;

/// A simple opponent.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum Baseline {
    /// A legal move chosen at random.
    Random,
    /// The capture taking the most valuable piece (by the variant's piece
    /// values; ties at random), else a random move.
    Greedy,
}

impl Baseline {
    /// The name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Baseline::Random => "random",
            Baseline::Greedy => "greedy",
        }
    }

    /// The baseline's move in a position with at least one legal move.
    pub fn choose(self, position: &dyn AnyPosition, rng: &mut ChaCha8Rng) -> Move {
        let moves = position.legal_moves();
        assert!(!moves.is_empty(), "the baseline moves only in a live game");
        let pool: Vec<Move> = match self {
            Baseline::Random => moves,
            Baseline::Greedy => {
                let variant = position.variant();
                let taken = |m: &Move| -> Option<i32> {
                    if m.kind == MoveKind::EnPassant {
                        let pawn = variant.kinds.iter().find(|k| k.pawn.is_some());
                        return Some(pawn.map_or(100, |k| k.value));
                    }
                    let piece = position.piece_at(m.to())?;
                    (piece.color != position.turn()).then(|| variant.kind(piece.kind).value)
                };
                match moves.iter().filter_map(taken).max() {
                    None => moves,
                    Some(top) => moves
                        .iter()
                        .copied()
                        .filter(|m| taken(m) == Some(top))
                        .collect(),
                }
            }
        };
        pool[below(rng, pool.len())]
    }
}

impl fmt::Display for Baseline {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A uniform index below `n`, by integer arithmetic only (the same on every
/// machine).
pub(super) fn below(rng: &mut ChaCha8Rng, n: usize) -> usize {
    ((u64::from(rng.next_u32()) * n as u64) >> 32) as usize
}

/// Who the computer plays.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Opponent {
    /// A simple baseline.
    Baseline(Baseline),
    /// The computer itself, with these limits.
    Engine(Limits),
    /// An engine speaking UCI: its command line, the options to set
    /// (`UCI_Variant` is set to the game when the engine offers it), and
    /// what it is told to search each move.
    Uci {
        /// The program and its arguments.
        command: Vec<String>,
        /// `setoption` name and value pairs.
        options: Vec<(String, String)>,
        /// Its time a move (`go movetime`).
        think: Duration,
        /// Instead of the time, these words after `go` (`nodes 100000`,
        /// `depth 8`).
        go: Option<String>,
    },
}

impl Opponent {
    /// Reads an opponent: `random`, `greedy`, `self:think-ms=T`,
    /// `self:depth=D` or `self:nodes=N`, or `uci:COMMAND` (split as a shell
    /// splits words).
    ///
    /// ```
    /// use duckchess_engine::arena::Opponent;
    /// use std::time::Duration;
    /// let sf = Opponent::parse("uci:stockfish -q", Duration::from_millis(300)).unwrap();
    /// assert_eq!(sf.to_string(), "stockfish -q");
    /// assert!(Opponent::parse("self:depth=3", Duration::ZERO).is_ok());
    /// assert_eq!(
    ///     Opponent::parse("self:nodes=5000", Duration::ZERO).unwrap().to_string(),
    ///     "itself at 5000 nodes"
    /// );
    /// assert!(Opponent::parse("uci:", Duration::ZERO).is_err());
    /// ```
    pub fn parse(text: &str, think: Duration) -> Result<Opponent, MatchError> {
        let text = text.trim();
        match text {
            "random" => return Ok(Opponent::Baseline(Baseline::Random)),
            "greedy" => return Ok(Opponent::Baseline(Baseline::Greedy)),
            _ => {}
        }
        if let Some(command) = text.strip_prefix("uci:") {
            let command = shlex::split(command)
                .filter(|w| !w.is_empty())
                .ok_or(MatchError::NoCommand)?;
            return Ok(Opponent::Uci {
                command,
                options: Vec::new(),
                think,
                go: None,
            });
        }
        if let Some(setting) = text.strip_prefix("self:") {
            let (name, value) = setting.split_once('=').ok_or(MatchError::SelfSetting)?;
            let number: u64 = value
                .parse()
                .map_err(|_| MatchError::SelfNumber(name.to_string()))?;
            return match name {
                "think-ms" => Ok(Opponent::Engine(Limits::think(Duration::from_millis(
                    number.max(1),
                )))),
                "depth" => Ok(Opponent::Engine(Limits::depth(number.clamp(1, 64) as u32))),
                "nodes" => Ok(Opponent::Engine(Limits::nodes(number.max(1)))),
                _ => Err(MatchError::SelfSetting),
            };
        }
        Err(MatchError::UnknownOpponent(line::shorten(text).to_string()))
    }
}

impl fmt::Display for Opponent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Opponent::Baseline(b) => write!(f, "{b}"),
            Opponent::Engine(limits) => match (limits.depth, limits.think, limits.nodes) {
                (Some(d), ..) => write!(f, "itself at depth {d}"),
                (_, Some(t), _) => write!(f, "itself at {} ms", t.as_millis()),
                (.., Some(n)) => write!(f, "itself at {n} nodes"),
                _ => write!(f, "itself"),
            },
            Opponent::Uci { command, .. } => write!(f, "{}", command.join(" ")),
        }
    }
}
