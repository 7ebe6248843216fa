//! Where a game stands: whose move, check, and how it ended or may end.
//!
//! One description serves every kernel variant: [`Status`] is drawn under
//! the board by `duckchess show` and its [`words`](Status::words) are the
//! machine-readable status of `duckchess moves --long`.

use super::Notation;
use crate::kernel::{AnyGame, Color, Draw, Outcome, Win};
use std::fmt;

/// The state of a game after its last move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Status {
    /// The side to move.
    pub turn: Color,
    /// The names of the squares of the pieces giving check.
    pub checkers: Vec<String>,
    /// How the game ended, repetition included.
    pub outcome: Option<Outcome>,
    /// Whether neither side can ever mate (a dead position), even when the
    /// game ended otherwise (a stalemate with bare kings is both).
    pub dead: bool,
    /// Whether the side to move has a legal move.
    pub can_move: bool,
    /// Plies since the last capture or pawn move.
    pub halfmove: u32,
    /// How often the current position has occurred.
    pub repetitions: u32,
    /// The variant's claimable and automatic limits: plies, repetitions.
    limits: (Option<u32>, Option<u32>, Option<u32>, Option<u32>),
}

impl Status {
    /// The status of `game`, square names in `notation`.
    ///
    /// ```
    /// use duckchess::variants::{by_name, status::Status};
    /// let chess = by_name("chess").unwrap();
    /// let p = chess.read_position("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1").unwrap();
    /// let status = Status::of(chess, &*p.new_game());
    /// assert_eq!(status.words(), "check checkmate");
    /// assert_eq!(status.to_string(), "black to move\nblack is in check from g7\ncheckmate: white wins\n");
    /// ```
    pub fn of(notation: &dyn Notation, game: &dyn AnyGame) -> Status {
        let position = game.position();
        let draws = &position.variant().draws;
        Status {
            turn: position.turn(),
            checkers: position
                .checkers()
                .into_iter()
                .map(|s| notation.square_name(position, s))
                .collect(),
            outcome: game.outcome(),
            dead: position.is_dead(),
            can_move: !position.legal_moves().is_empty(),
            halfmove: position.halfmove(),
            repetitions: game.repetitions(),
            limits: (
                draws.claim_plies,
                draws.automatic_plies,
                draws.claim_repetitions,
                draws.automatic_repetitions,
            ),
        }
    }

    /// Whether a limit of plies or repetitions is reached (with a legal
    /// move left: mate and stalemate come first).
    fn reached(&self, limit: Option<u32>, count: u32) -> bool {
        self.can_move && limit.is_some_and(|n| count >= n)
    }

    /// The status as words, space-separated, in this order, each present
    /// only when true: `check`, `checkmate`, `stalemate`, `dead` (no mate
    /// possible), `claim-moves` (the 50-move claim), `moves` (the 75-move
    /// end), `claim-repetition` (threefold), `repetition` (fivefold); `-`
    /// when none is.
    pub fn words(&self) -> String {
        let (claim_plies, auto_plies, claim_reps, auto_reps) = self.limits;
        let mate = matches!(
            self.outcome,
            Some(Outcome::Decisive {
                how: Win::Checkmate,
                ..
            })
        );
        let words = [
            (!self.checkers.is_empty(), "check"),
            (mate, "checkmate"),
            (!self.can_move && self.checkers.is_empty(), "stalemate"),
            (self.dead, "dead"),
            (self.reached(claim_plies, self.halfmove), "claim-moves"),
            (self.reached(auto_plies, self.halfmove), "moves"),
            (
                self.reached(claim_reps, self.repetitions),
                "claim-repetition",
            ),
            (self.reached(auto_reps, self.repetitions), "repetition"),
        ];
        let text: Vec<&str> = words.iter().filter(|w| w.0).map(|w| w.1).collect();
        if text.is_empty() {
            "-".into()
        } else {
            text.join(" ")
        }
    }
}

impl fmt::Display for Status {
    /// Lines for people: whose move, check, the end or a draw to claim.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{} to move", self.turn)?;
        if !self.checkers.is_empty() {
            writeln!(
                f,
                "{} is in check from {}",
                self.turn,
                self.checkers.join(" and ")
            )?;
        }
        match self.outcome {
            Some(Outcome::Decisive { winner, how }) => {
                let how = match how {
                    Win::Checkmate => "checkmate",
                    Win::RoyalCaptured => "royal piece taken",
                };
                writeln!(f, "{how}: {winner} wins")?;
            }
            Some(Outcome::Draw(why)) => {
                let why = match why {
                    Draw::Stalemate => "stalemate",
                    Draw::DeadPosition => "dead position (neither side can mate)",
                    Draw::MoveLimit => "move limit (no capture or pawn move)",
                    Draw::Repetition => "repetition",
                };
                writeln!(f, "draw: {why}")?;
            }
            None => {
                let (claim_plies, _, claim_reps, _) = self.limits;
                if self.reached(claim_reps, self.repetitions) {
                    writeln!(
                        f,
                        "{} may claim a draw: the position occurred {} times",
                        self.turn, self.repetitions
                    )?;
                } else if self.reached(claim_plies, self.halfmove) {
                    writeln!(
                        f,
                        "{} may claim a draw: {} plies without capture or pawn move",
                        self.turn, self.halfmove
                    )?;
                }
            }
        }
        Ok(())
    }
}
