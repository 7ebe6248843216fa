//! A side in a match, and the two that live in this process.

use super::clock::Clocks;
use super::error::MatchError;
use super::opponent::Baseline;
use crate::kernel::{AnyGame, AnyPosition, Move};
use crate::search::{Engine, Limits};
use crate::variants::Notation;
use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::sync::atomic::AtomicBool;

/// A side in a match: it is told of a new game, then asked for moves.
pub trait Player: Send {
    /// A new game begins; `seed`, from the game's number, seeds any
    /// random choice the player makes in it.
    fn new_game(&mut self, seed: u64) -> Result<(), MatchError> {
        let _ = seed;
        Ok(())
    }
    /// Its move in `game`, which started at `start`.
    fn choose(
        &mut self,
        notation: &dyn Notation,
        start: &dyn AnyPosition,
        game: &dyn AnyGame,
    ) -> Result<Move, MatchError>;
    /// Its move in a game played on a clock: `clocks` holds both sides'
    /// time left. A player that keeps no time (a baseline) moves as
    /// [`choose`](Player::choose) does.
    fn choose_on_clock(
        &mut self,
        notation: &dyn Notation,
        start: &dyn AnyPosition,
        game: &dyn AnyGame,
        clocks: &Clocks,
    ) -> Result<Move, MatchError> {
        let _ = clocks;
        self.choose(notation, start, game)
    }
}

/// The computer: the engine's search with its table kept through a game.
pub(super) struct EnginePlayer {
    pub(super) engine: Engine,
    pub(super) limits: Limits,
}

impl Player for EnginePlayer {
    fn new_game(&mut self, _seed: u64) -> Result<(), MatchError> {
        self.engine.clear();
        Ok(())
    }

    fn choose(
        &mut self,
        _notation: &dyn Notation,
        _start: &dyn AnyPosition,
        game: &dyn AnyGame,
    ) -> Result<Move, MatchError> {
        self.best(game, self.limits)
    }

    /// The search's time from its clock as `duckchess uci` plans it for
    /// `go wtime … winc …`.
    fn choose_on_clock(
        &mut self,
        _notation: &dyn Notation,
        _start: &dyn AnyPosition,
        game: &dyn AnyGame,
        clocks: &Clocks,
    ) -> Result<Move, MatchError> {
        let left = clocks.left[game.position().turn().index()];
        let (think, aim) = crate::uci::clock(
            left.as_millis() as u64,
            clocks.increment.as_millis() as u64,
            None,
        );
        let limits = Limits {
            think: Some(think),
            aim: Some(aim),
            ..self.limits
        };
        self.best(game, limits)
    }
}

impl EnginePlayer {
    /// The search's move within `limits`.
    fn best(&mut self, game: &dyn AnyGame, limits: Limits) -> Result<Move, MatchError> {
        let never = AtomicBool::new(false);
        self.engine
            .search(game.position(), game.keys(), limits, &never, &mut |_| {})
            .map(|found| found.best)
            .map_err(MatchError::from)
    }
}

/// A baseline with its random source.
pub(super) struct BaselinePlayer {
    pub(super) baseline: Baseline,
    pub(super) rng: ChaCha8Rng,
}

impl Player for BaselinePlayer {
    fn new_game(&mut self, seed: u64) -> Result<(), MatchError> {
        self.rng = ChaCha8Rng::seed_from_u64(seed);
        Ok(())
    }

    fn choose(
        &mut self,
        _notation: &dyn Notation,
        _start: &dyn AnyPosition,
        game: &dyn AnyGame,
    ) -> Result<Move, MatchError> {
        Ok(self.baseline.choose(game.position(), &mut self.rng))
    }
}
