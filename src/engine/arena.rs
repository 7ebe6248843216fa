//! Matches of the computer against a simple baseline player, with
//! alternating colours: how its strength is measured.
//!
//! A game ends by the variant's own rules (through [`AnyGame::outcome`]:
//! mate, stalemate, dead position, the automatic move limit and
//! repetition), or, so that a match always ends, as a draw at a cap on the
//! number of plies.
//!
//! ```
//! use duckchess::engine::arena::{play_match, Baseline, MatchConfig};
//! use duckchess::engine::search::Limits;
//! let start = duckchess::variants::chess::start();
//! let config = MatchConfig {
//!     games: 2,
//!     limits: Limits::depth(1),
//!     seed: 7,
//!     baseline: Baseline::Random,
//!     move_cap: 20,
//! };
//! let tally = play_match(&start, &config, |_| {});
//! assert_eq!(tally.wins + tally.draws + tally.losses, 2);
//! ```

use super::search::{best_in_game, Limits};
use crate::kernel::{AnyGame, AnyPosition, Color, Move, MoveKind, Outcome};
use crate::variants::status;
use rand_chacha::rand_core::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeMap;
use std::fmt;
use std::sync::atomic::AtomicBool;

/// The default cap on a game's plies.
pub const DEFAULT_MOVE_CAP: u32 = 300;

/// The opponent the computer is measured against.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
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
fn below(rng: &mut ChaCha8Rng, n: usize) -> usize {
    ((u64::from(rng.next_u32()) * n as u64) >> 32) as usize
}

/// How a match is played.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct MatchConfig {
    /// How many games (the computer is White in the first, third, ...).
    pub games: u32,
    /// The computer's limits per move.
    pub limits: Limits,
    /// Game `i` seeds the baseline's random choices with `seed + i`.
    pub seed: u64,
    /// The opponent.
    pub baseline: Baseline,
    /// A game still running after this many plies is drawn.
    pub move_cap: u32,
}

/// The end of one game, from the computer's side.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum GameResult {
    /// The computer won.
    Win,
    /// Nobody won.
    Draw,
    /// The baseline won.
    Loss,
}

/// One finished game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// Its number, from 1.
    pub number: u32,
    /// The computer's colour.
    pub computer: Color,
    /// Win, draw or loss for the computer.
    pub result: GameResult,
    /// Why the game ended, as [`status::how`] says it (`checkmate`,
    /// `capture of the captain`, `stalemate`, …), or `move cap`.
    pub reason: String,
    /// The plies played.
    pub plies: u32,
    /// The moves, in coordinates of the kernel.
    pub moves: Vec<Move>,
}

/// A match's totals.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games the computer won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games the computer lost.
    pub losses: u32,
    /// How many games ended for each reason, with their result:
    /// `("win", "checkmate") → 19`.
    pub reasons: BTreeMap<(&'static str, String), u32>,
}

impl Tally {
    /// The games counted.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Adds one game.
    pub fn add(&mut self, record: &GameRecord) {
        let result = match record.result {
            GameResult::Win => {
                self.wins += 1;
                "win"
            }
            GameResult::Draw => {
                self.draws += 1;
                "draw"
            }
            GameResult::Loss => {
                self.losses += 1;
                "loss"
            }
        };
        *self
            .reasons
            .entry((result, record.reason.clone()))
            .or_default() += 1;
    }
}

/// Plays one game from `start`: the computer as `computer`, the baseline
/// with random choices from `seed`.
pub fn play_game(
    start: &dyn AnyPosition,
    computer: Color,
    limits: Limits,
    baseline: Baseline,
    seed: u64,
    move_cap: u32,
) -> (GameResult, String, Vec<Move>) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut game: Box<dyn AnyGame> = start.new_game();
    let never = AtomicBool::new(false);
    loop {
        if let Some(outcome) = game.outcome() {
            let result = match outcome {
                Outcome::Decisive { winner, .. } if winner == computer => GameResult::Win,
                Outcome::Decisive { .. } => GameResult::Loss,
                Outcome::Draw(_) => GameResult::Draw,
            };
            return (
                result,
                status::how(game.position(), outcome),
                game.moves().to_vec(),
            );
        }
        if game.moves().len() >= move_cap as usize {
            return (GameResult::Draw, "move cap".into(), game.moves().to_vec());
        }
        let m = if game.position().turn() == computer {
            best_in_game(&*game, limits, &never)
                .expect("a live game of a known board type has a move")
                .best
        } else {
            baseline.choose(game.position(), &mut rng)
        };
        game.play(m).expect("both players choose legal moves");
    }
}

/// Plays a match, telling `each` of every game as it ends.
pub fn play_match(
    start: &dyn AnyPosition,
    config: &MatchConfig,
    mut each: impl FnMut(&GameRecord),
) -> Tally {
    let mut tally = Tally::default();
    for i in 0..config.games {
        let computer = if i % 2 == 0 {
            Color::White
        } else {
            Color::Black
        };
        let (result, reason, moves) = play_game(
            start,
            computer,
            config.limits,
            config.baseline,
            config.seed.wrapping_add(u64::from(i)),
            config.move_cap,
        );
        let record = GameRecord {
            number: i + 1,
            computer,
            result,
            reason,
            plies: moves.len() as u32,
            moves,
        };
        tally.add(&record);
        each(&record);
    }
    tally
}
