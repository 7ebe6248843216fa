//! Matches: the computer against an opponent — a simple baseline, itself
//! with other limits, or any engine that speaks UCI (Stockfish, an earlier
//! duckchess) — from a set of openings, each played twice with the colours
//! swapped, with the score, the reasons games ended and the Elo difference
//! with its error margin: how strength is measured. The two games of an
//! opening are a pair, counted as a [`Pentanomial`]; with an [`Sprt`] the
//! match stops as soon as the test accepts a hypothesis.
//!
//! A game's opening, colours and random choices come from its number and
//! the seed alone, and games are counted (and told) in the order of their
//! numbers whatever order they end in, so a match at fixed nodes gives the
//! same games and the same result however many are played at once.
//!
//! A game ends by the variant's own rules (through [`AnyGame::outcome`]:
//! mate, stalemate, dead position, the automatic move limit and
//! repetition), or, so that a match always ends, as a draw at a cap on the
//! number of plies.
//!
//! ```
//! use duckchess_engine::arena::{play_match, Baseline, MatchConfig, Opponent, Openings};
//! use duckchess_engine::search::Limits;
//! let chess = duckchess_rules::variants::by_name("chess").unwrap();
//! let config = MatchConfig {
//!     games: 2,
//!     limits: Limits::depth(1),
//!     opponent: Opponent::Baseline(Baseline::Random),
//!     openings: Openings::None,
//!     seed: 7,
//!     move_cap: 20,
//!     jobs: 1,
//!     sprt: None,
//!     clock: None,
//! };
//! let tally = play_match(chess, &*chess.start(), &config, |_, _| {}).unwrap();
//! assert_eq!(tally.wins + tally.draws + tally.losses, 2);
//! ```

mod clock;
mod error;
#[cfg(test)]
mod openings_tests;
mod opponent;
mod player;
mod uci_player;

pub use super::sprt::{Pentanomial, Sprt, Verdict};
pub use clock::{Clocks, MatchClock};
pub use error::MatchError;
pub use opponent::{Baseline, Opponent};
pub use player::Player;
pub use uci_player::clock_words;

use super::search::{Engine, Limits};
use super::sprt::elo_of_score;
use crate::kernel::{AnyGame, AnyPosition, Color, Move, Outcome};
use crate::variants::{line, status, Notation};
use opponent::below;
use player::EnginePlayer;
use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// The default cap on a game's plies.
pub const DEFAULT_MOVE_CAP: u32 = 300;

/// Where the games start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Openings {
    /// The game's own balanced openings ([`Notation::openings`](crate::variants::GameRules::openings)); for a game
    /// without them, a few random plies from the seed.
    Builtin,
    /// This many random plies from the start, from the seed.
    Random(u32),
    /// The start itself.
    None,
}

/// How a match is played.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchConfig {
    /// How many games. Each opening is played twice, the computer moving
    /// first in the first (odd-numbered) game.
    pub games: u32,
    /// The computer's limits per move.
    pub limits: Limits,
    /// Who it plays.
    pub opponent: Opponent,
    /// Where the games start.
    pub openings: Openings,
    /// Seeds random openings and the baselines' choices.
    pub seed: u64,
    /// A game still running after this many plies is drawn.
    pub move_cap: u32,
    /// Games played at once (each on its own thread; a UCI opponent runs
    /// one process per thread).
    pub jobs: usize,
    /// A test that ends the match once it accepts a hypothesis (after a
    /// whole pair); the match still ends at `games` without a verdict.
    pub sprt: Option<Sprt>,
    /// A clock for both sides instead of `limits` and the opponent's time
    /// a move: each side's time is charged with the wall time of its
    /// moves, the increment added after each, and a side whose time runs
    /// out loses (draws when the other cannot mate).
    pub clock: Option<MatchClock>,
}

/// The end of one game, from the computer's side.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum GameResult {
    /// The computer won.
    Win,
    /// Nobody won.
    Draw,
    /// The opponent won.
    Loss,
}

/// One finished game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// Its number, from 1.
    pub number: u32,
    /// The computer's colour.
    pub computer: Color,
    /// The opening's name.
    pub opening: String,
    /// Win, draw or loss for the computer.
    pub result: GameResult,
    /// Why the game ended, as [`status::how`] says it (`checkmate`,
    /// `capture of the captain`, `stalemate`, …), or `move cap`.
    pub reason: String,
    /// The plies played (the opening's included).
    pub plies: u32,
    /// The moves, the opening's first.
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
    /// The whole pairs (an opening's two games), by the computer's points.
    pub pairs: Pentanomial,
}

impl Tally {
    /// The games counted.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The computer's score: wins and half the draws, as a fraction.
    pub fn score(&self) -> f64 {
        (f64::from(self.wins) + f64::from(self.draws) / 2.0) / f64::from(self.games().max(1))
    }

    /// The Elo difference the score means, and the half-width of its 95 %
    /// confidence interval (from the spread of the games' results).
    ///
    /// ```
    /// use duckchess_engine::arena::Tally;
    /// let even = Tally { wins: 10, draws: 20, losses: 10, ..Tally::default() };
    /// let (elo, margin) = even.elo();
    /// assert!(elo.abs() < 1e-9 && margin > 40.0 && margin < 90.0);
    /// ```
    pub fn elo(&self) -> (f64, f64) {
        let n = f64::from(self.games().max(1));
        let p = self.score();
        let var = (f64::from(self.wins) * (1.0 - p).powi(2)
            + f64::from(self.draws) * (0.5 - p).powi(2)
            + f64::from(self.losses) * p.powi(2))
            / n;
        let se = (var / n).sqrt();
        let (lo, hi) = (p - 1.96 * se, p + 1.96 * se);
        (elo_of_score(p), (elo_of_score(hi) - elo_of_score(lo)) / 2.0)
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

/// An opponent's side of a match: made here, above the players' files,
/// so that none of them needs another.
impl Opponent {
    /// A player for this opponent in `notation`'s game; `seed` seeds a
    /// baseline until [`Player::new_game`] seeds it again.
    pub fn player(
        &self,
        notation: &dyn Notation,
        seed: u64,
    ) -> Result<Box<dyn Player>, MatchError> {
        Ok(match self {
            Opponent::Baseline(baseline) => Box::new(player::BaselinePlayer {
                baseline: *baseline,
                rng: ChaCha8Rng::seed_from_u64(seed),
            }),
            Opponent::Engine(limits) => Box::new(EnginePlayer {
                engine: Engine::new(crate::search::DEFAULT_HASH_MB),
                limits: *limits,
            }),
            Opponent::Uci {
                command,
                options,
                think,
                go,
            } => Box::new(uci_player::UciPlayer::start(
                notation,
                command,
                options,
                *think,
                go.clone(),
            )?),
        })
    }
}

/// Random plies played after a book line once the book has been used up,
/// so that no pair replays an earlier one.
pub const BOOK_RANDOM_PLIES: u32 = 2;

/// The opening of pair `pair`: its name and moves. A book's lines are used
/// in turn; from the second round on each is followed by
/// [`BOOK_RANDOM_PLIES`] random plies of the pair's seed (at fixed nodes a
/// game is a function of its opening, so a repeated line would replay a
/// repeated game).
fn opening(
    notation: &dyn Notation,
    start: &dyn AnyPosition,
    openings: &Openings,
    seed: u64,
    pair: u32,
) -> Result<(String, Vec<Move>), MatchError> {
    let random = |line: Vec<Move>, plies: u32| {
        let mut rng = ChaCha8Rng::seed_from_u64(seed.wrapping_add(u64::from(pair)));
        let mut game = start.new_game();
        for &m in &line {
            game.play(m).expect("a book line read from the start");
        }
        let mut moves = line;
        for _ in 0..plies {
            let legal = game.position().legal_moves();
            if legal.is_empty() || game.outcome().is_some() {
                break;
            }
            let m = legal[below(&mut rng, legal.len())];
            game.play(m).expect("a legal move");
            moves.push(m);
        }
        moves
    };
    let numbered = |plies: u32| format!("random {plies} plies #{}", pair + 1);
    match openings {
        Openings::None => Ok(("start".into(), Vec::new())),
        Openings::Random(plies) => Ok((numbered(*plies), random(Vec::new(), *plies))),
        Openings::Builtin => {
            let book = notation.openings();
            if book.is_empty() {
                return Ok((numbered(4), random(Vec::new(), 4)));
            }
            let (name, text) = book[pair as usize % book.len()];
            let game =
                line::read_line(notation, &format!("start moves {text}")).map_err(|source| {
                    MatchError::Opening {
                        name: name.to_string(),
                        source: Box::new(source),
                    }
                })?;
            let line = game.moves().to_vec();
            if (pair as usize) < book.len() {
                return Ok((name.to_string(), line));
            }
            Ok((
                format!("{name} + {BOOK_RANDOM_PLIES} random plies #{}", pair + 1),
                random(line, BOOK_RANDOM_PLIES),
            ))
        }
    }
}

/// Plays one game from `opening`: the computer as `computer`; `None`
/// when `stop` is raised before its end.
#[allow(clippy::too_many_arguments)]
fn play_game(
    notation: &dyn Notation,
    start: &dyn AnyPosition,
    opening: &[Move],
    computer: Color,
    engine: &mut dyn Player,
    opponent: &mut dyn Player,
    move_cap: u32,
    clock: Option<MatchClock>,
    seed: u64,
    stop: &AtomicBool,
) -> Result<Option<(GameResult, String, Vec<Move>)>, MatchError> {
    engine.new_game(seed)?;
    opponent.new_game(seed)?;
    let mut game: Box<dyn AnyGame> = start.new_game();
    for &m in opening {
        game.play(m)?;
    }
    let mut clocks = clock.map(|c| Clocks {
        left: [c.initial; 2],
        increment: c.increment,
    });
    loop {
        if let Some(outcome) = game.outcome() {
            let result = match outcome {
                Outcome::Decisive { winner, .. } if winner == computer => GameResult::Win,
                Outcome::Decisive { .. } => GameResult::Loss,
                Outcome::Draw(_) => GameResult::Draw,
            };
            return Ok(Some((
                result,
                status::how(game.position(), outcome),
                game.moves().to_vec(),
            )));
        }
        if game.moves().len() >= move_cap as usize {
            return Ok(Some((
                GameResult::Draw,
                "move cap".into(),
                game.moves().to_vec(),
            )));
        }
        if stop.load(Ordering::Relaxed) {
            return Ok(None);
        }
        let mover: &mut dyn Player = if game.position().turn() == computer {
            engine
        } else {
            opponent
        };
        let Some(clocks) = &mut clocks else {
            let m = mover.choose(notation, start, &*game)?;
            game.play(m)?;
            continue;
        };
        let side = game.position().turn();
        let began = Instant::now();
        let m = mover.choose_on_clock(notation, start, &*game, clocks)?;
        let used = began.elapsed();
        let left = &mut clocks.left[side.index()];
        if used > *left {
            // The flag fell: a loss, or a draw when the other side could
            // not mate (the rule of `duckchess serve` and of FIDE).
            let result = if game.position().cannot_mate(!side) {
                GameResult::Draw
            } else if side == computer {
                GameResult::Loss
            } else {
                GameResult::Win
            };
            return Ok(Some((result, "time".into(), game.moves().to_vec())));
        }
        *left = *left - used + clocks.increment;
        game.play(m)?;
    }
}

/// A game's result as the computer's half points (a pair adds two).
fn half_points(result: GameResult) -> usize {
    match result {
        GameResult::Win => 2,
        GameResult::Draw => 1,
        GameResult::Loss => 0,
    }
}

/// The games ended, counted in the order of their numbers.
struct Counted<F> {
    tally: Tally,
    each: F,
    /// Games ended before one with a smaller number, by index.
    waiting: BTreeMap<u32, GameRecord>,
    /// The index of the next game to count.
    next: u32,
    /// The result of the first game of the pair being counted.
    first: Option<GameResult>,
    /// The first failure, which ends the match.
    failure: Option<MatchError>,
}

impl<F: FnMut(&GameRecord, &Tally)> Counted<F> {
    /// Takes game `index`'s record and counts every game now in order;
    /// true once the test has a verdict.
    fn take(&mut self, index: u32, record: GameRecord, sprt: Option<&Sprt>) -> bool {
        self.waiting.insert(index, record);
        while let Some(record) = self.waiting.remove(&self.next) {
            self.tally.add(&record);
            if self.next.is_multiple_of(2) {
                self.first = Some(record.result);
            } else if let Some(first) = self.first.take() {
                self.tally
                    .pairs
                    .add(half_points(first) + half_points(record.result));
            }
            self.next += 1;
            (self.each)(&record, &self.tally);
            if self.next.is_multiple_of(2)
                && sprt.is_some_and(|t| t.verdict(&self.tally.pairs).is_some())
            {
                return true;
            }
        }
        false
    }
}

/// Plays a match from `start`, telling `each` of every game with the
/// tally that counts it, in the order of the games' numbers (a game that
/// ends before an earlier one waits for it). With a test, the match ends
/// at the first pair after which it accepts a hypothesis: games already
/// begun beyond it are abandoned and not counted. The first player that
/// fails (a UCI engine that cannot be started or stops answering) ends the
/// match with its message.
pub fn play_match(
    notation: &dyn Notation,
    start: &dyn AnyPosition,
    config: &MatchConfig,
    each: impl FnMut(&GameRecord, &Tally) + Send,
) -> Result<Tally, MatchError> {
    let next = AtomicU32::new(0);
    let stop = AtomicBool::new(false);
    let shared = Mutex::new(Counted {
        tally: Tally::default(),
        each,
        waiting: BTreeMap::new(),
        next: 0,
        first: None,
        failure: None,
    });
    std::thread::scope(|scope| {
        for job in 0..config.jobs.clamp(1, config.games.max(1) as usize) {
            let (next, stop, shared) = (&next, &stop, &shared);
            scope.spawn(move || {
                let run = || -> Result<(), MatchError> {
                    let mut engine = EnginePlayer {
                        engine: Engine::new(crate::search::DEFAULT_HASH_MB),
                        limits: config.limits,
                    };
                    let mut opponent = config
                        .opponent
                        .player(notation, config.seed.wrapping_add(1000 * job as u64))?;
                    loop {
                        if stop.load(Ordering::Relaxed) {
                            return Ok(());
                        }
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        if i >= config.games {
                            return Ok(());
                        }
                        let computer = if i % 2 == 0 {
                            Color::White
                        } else {
                            Color::Black
                        };
                        let (name, moves) =
                            opening(notation, start, &config.openings, config.seed, i / 2)?;
                        let game_seed = config
                            .seed
                            .wrapping_mul(0x9e37_79b9_7f4a_7c15)
                            .wrapping_add(u64::from(i));
                        let Some((result, reason, moves)) = play_game(
                            notation,
                            start,
                            &moves,
                            computer,
                            &mut engine,
                            &mut *opponent,
                            config.move_cap,
                            config.clock,
                            game_seed,
                            stop,
                        )?
                        else {
                            return Ok(());
                        };
                        let record = GameRecord {
                            number: i + 1,
                            computer,
                            opening: name,
                            result,
                            reason,
                            plies: moves.len() as u32,
                            moves,
                        };
                        let mut counted = shared.lock().expect("no panic");
                        if !stop.load(Ordering::Relaxed)
                            && counted.take(i, record, config.sprt.as_ref())
                        {
                            stop.store(true, Ordering::Relaxed);
                        }
                    }
                };
                if let Err(e) = run() {
                    stop.store(true, Ordering::Relaxed);
                    shared.lock().expect("no panic").failure.get_or_insert(e);
                }
            });
        }
    });
    let counted = shared.into_inner().expect("no panic");
    match counted.failure {
        Some(e) => Err(e),
        None => Ok(counted.tally),
    }
}
