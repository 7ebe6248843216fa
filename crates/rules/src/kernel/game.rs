//! A game: a position and the history repetition needs.

use super::{IllegalMove, Move, Outcome, Played, Position, SquareSet};

/// A position with the keys of the positions before it, for repetition.
///
/// ```
/// use duckchess_rules::kernel::{Draw, Game, Move, MoveKind, Outcome, Position};
/// let mut game = Game::new(Position::new(duckchess_rules::variants::chess::rules()));
/// // Knights out and back twice: the start occurs a third time.
/// for _ in 0..2 {
///     for (from, to) in [(6, 21), (62, 45), (21, 6), (45, 62)] {
///         game.play(Move::new(from, to, MoveKind::Normal)).unwrap();
///     }
/// }
/// assert_eq!(game.repetitions(), 3);
/// assert!(game.can_claim_draw());
/// assert_eq!(game.outcome(), None); // fivefold ends it, threefold is a claim
/// ```
#[derive(Clone, Debug)]
pub struct Game<S: SquareSet> {
    position: Position<S>,
    keys: Vec<u64>,
    moves: Vec<Move>,
}

impl<S: SquareSet> Game<S> {
    /// A game from a position.
    pub fn new(position: Position<S>) -> Game<S> {
        Game {
            keys: vec![position.key()],
            position,
            moves: Vec::new(),
        }
    }

    /// The current position.
    pub fn position(&self) -> &Position<S> {
        &self.position
    }

    /// The moves played so far.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The hash keys of every position of the game, oldest first, the
    /// current one last (what a search needs to see repetitions coming).
    pub fn keys(&self) -> &[u64] {
        &self.keys
    }

    /// Plays a legal move.
    pub fn play(&mut self, m: Move) -> Result<Played, IllegalMove> {
        let played = self.position.play(m)?;
        self.keys.push(self.position.key());
        self.moves.push(m);
        Ok(played)
    }

    /// How many times the current position has occurred since the last
    /// capture or pawn move (the current one included).
    pub fn repetitions(&self) -> u32 {
        let key = self.position.key();
        let span = (self.position.halfmove() as usize + 1).min(self.keys.len());
        self.keys[self.keys.len() - span..]
            .iter()
            .filter(|&&k| k == key)
            .count() as u32
    }

    /// The end of the game: [`Position::outcome`] then automatic repetition.
    pub fn outcome(&self) -> Option<Outcome> {
        let outcome = self.position.outcome();
        if outcome.is_some() {
            return outcome;
        }
        let draws = &self.position.rules().variant().draws;
        draws
            .automatic_repetitions
            .is_some_and(|n| self.repetitions() >= n)
            .then(|| self.position.repeated())
    }

    /// Whether the side to move may claim a draw (repetition or move limit).
    pub fn can_claim_draw(&self) -> bool {
        let draws = &self.position.rules().variant().draws;
        self.position.can_claim_move_limit()
            || draws
                .claim_repetitions
                .is_some_and(|n| self.repetitions() >= n)
    }
}
