//! Where a game stands, in one wording for every game and every front end:
//! whose move, which pieces attack a royal one, how the game ended or may
//! end.
//!
//! [`describe`] is the one sentence for a result (`white wins by
//! checkmate`, `red wins by taking the blue captain`, `draw by
//! stalemate`), [`how`] its short reason for tallies, [`attacks`] the one
//! explanation of an attack (`red car at (1,4) attacks blue captain at
//! (9,4)`). [`Status`] gathers them: `duckchess show` prints it under the
//! board, its [`words`](Status::words) are the machine-readable status of
//! `duckchess moves --long`, the terminal game and the page show the same
//! sentences.

use super::Notation;
use crate::kernel::{AnyGame, AnyPosition, Color, Draw, ExtinctionValue, Outcome, Win};
use std::fmt;

/// The short reason of a result, without sides: `checkmate`, `capture of
/// the captain`, `stalemate`, `dead position`, `move limit`, `repetition`,
/// `extinction`, `checks` (n-check), `flag` (a flag region reached).
/// Tallies group results by it.
pub fn how(position: &dyn AnyPosition, outcome: Outcome) -> String {
    match outcome {
        Outcome::Decisive {
            how: Win::Checkmate,
            ..
        } => "checkmate".into(),
        Outcome::Decisive {
            how: Win::RoyalCaptured,
            ..
        } => format!("capture of the {}", royal_name(position)),
        Outcome::Decisive {
            how: Win::Stalemate,
            ..
        }
        | Outcome::Draw(Draw::Stalemate) => "stalemate".into(),
        Outcome::Draw(Draw::DeadPosition) => "dead position".into(),
        Outcome::Draw(Draw::MoveLimit) => "move limit".into(),
        Outcome::Draw(Draw::Repetition) => "repetition".into(),
        Outcome::Decisive {
            how: Win::Extinction,
            ..
        }
        | Outcome::Draw(Draw::Extinction) => "extinction".into(),
        Outcome::Decisive {
            how: Win::Checks, ..
        } => "checks".into(),
        Outcome::Decisive { how: Win::Flag, .. } | Outcome::Draw(Draw::Flag) => "flag".into(),
        Outcome::Decisive {
            how: Win::DrawOdds, ..
        } => "draw odds".into(),
        Outcome::Decisive {
            how: Win::Repetition,
            ..
        } => "repetition".into(),
        Outcome::Decisive {
            how: Win::Counting(_),
            ..
        } => "counting".into(),
        Outcome::Draw(Draw::Passes) => "passes".into(),
        Outcome::Draw(Draw::Bikjang) => "bikjang".into(),
        Outcome::Draw(Draw::FullBoard) => "full board".into(),
    }
}

/// The name of the variant's royal kind: `king`, `captain`.
fn royal_name(position: &dyn AnyPosition) -> &'static str {
    position
        .variant()
        .kinds
        .iter()
        .find(|k| k.royal)
        .map_or("royal piece", |k| k.name)
}

/// A result in one sentence, in the game's words: `white wins by
/// checkmate`, `red wins by taking the blue captain`, `draw by stalemate`,
/// `draw by the move limit (150 plies without a capture or pawn move)`,
/// `draw by repetition (the position occurred 3 times)`. `game` gives the
/// repetition count where there is one.
///
/// ```
/// use duckchess_rules::kernel::{Color, Outcome, Win};
/// use duckchess_rules::variants::{by_name, status::describe};
/// let duck = by_name("duck").unwrap();
/// let start = duck.start();
/// let won = Outcome::Decisive { winner: Color::White, how: Win::RoyalCaptured };
/// assert_eq!(describe(duck, &*start, won, None), "red wins by taking the blue captain");
/// ```
pub fn describe(
    notation: &dyn Notation,
    position: &dyn AnyPosition,
    outcome: Outcome,
    game: Option<&dyn AnyGame>,
) -> String {
    match outcome {
        Outcome::Decisive { winner, how } => {
            let winner_name = notation.side_name(winner);
            match how {
                // In losers the side mated wins.
                Win::Checkmate if winner == position.turn() => {
                    format!("{winner_name} wins by being checkmated")
                }
                Win::Checkmate => format!("{winner_name} wins by checkmate"),
                Win::RoyalCaptured => format!(
                    "{winner_name} wins by taking the {} {}",
                    notation.side_name(!winner),
                    royal_name(position)
                ),
                // In antichess the side that cannot move wins.
                Win::Stalemate if winner == position.turn() => {
                    format!("{winner_name} wins: it cannot move (stalemate wins)")
                }
                Win::Stalemate => format!(
                    "{winner_name} wins: {} cannot move (stalemate loses)",
                    notation.side_name(!winner)
                ),
                // Running out loses, unless the variant says it wins.
                Win::Extinction => match position.variant().extinction.as_ref().map(|e| e.value) {
                    Some(ExtinctionValue::Win) => {
                        format!("{winner_name} wins by running out of pieces (extinction)")
                    }
                    _ => format!(
                        "{winner_name} wins: {} has run out of pieces (extinction)",
                        notation.side_name(!winner)
                    ),
                },
                Win::Checks => match position.variant().goals.checks {
                    Some(n) => format!(
                        "{winner_name} wins by giving the {} check",
                        ordinal(u32::from(n[winner.index()]))
                    ),
                    None => format!("{winner_name} wins by giving its last check"),
                },
                Win::DrawOdds => {
                    format!("{winner_name} wins: the game would be drawn, and it has draw odds")
                }
                Win::Repetition => format!(
                    "{winner_name} wins by {}",
                    draw_reason(position, Draw::Repetition, game)
                ),
                Win::Flag => {
                    let piece = position
                        .variant()
                        .goals
                        .flag
                        .as_ref()
                        .and_then(|f| f.kinds[winner.index()])
                        .map_or("a piece", |k| position.variant().kind(k).name);
                    format!("{winner_name} wins: its {piece} reached the goal")
                }
                Win::Counting(why) => format!(
                    "{winner_name} wins on the material count, the game ending by {}",
                    draw_reason(position, why, game)
                ),
            }
        }
        Outcome::Draw(why) => format!("draw by {}", draw_reason(position, why, game)),
    }
}

/// Why a game is drawn, in words: `stalemate`, `repetition (the position
/// occurred 3 times)`.
fn draw_reason(position: &dyn AnyPosition, why: Draw, game: Option<&dyn AnyGame>) -> String {
    let draws = &position.variant().draws;
    match why {
        Draw::Stalemate if position.is_dead() => {
            "stalemate, in a dead position (neither side can mate)".into()
        }
        Draw::Stalemate => "stalemate".to_string(),
        Draw::DeadPosition => "a dead position (neither side can mate)".into(),
        Draw::MoveLimit => {
            let plies = draws
                .automatic_plies
                .filter(|&n| position.halfmove() >= n)
                .or(draws.claim_plies)
                .unwrap_or(position.halfmove());
            format!("the move limit ({plies} plies without a capture or pawn move)")
        }
        Draw::Repetition => match game {
            Some(game) => format!(
                "repetition (the position occurred {} times)",
                game.repetitions()
            ),
            None => "repetition".into(),
        },
        Draw::Extinction => "extinction (a side has run out of pieces)".into(),
        Draw::Flag => "both sides reaching the goal (the second with the extra move)".into(),
        Draw::Passes => "two passes in a row".into(),
        Draw::Bikjang => "bikjang (the kings facing each other twice in a row)".into(),
        Draw::FullBoard => "a full board".into(),
    }
}

/// Every attack on a royal piece, the side to move's first, each as
/// `ATTACKER attacks ROYAL` in the game's words: `the white queen on g7
/// attacks the black king on h8`, `red car at (1,4) attacks blue captain at
/// (9,4)`. In chess only the side to move can be attacked; in Duck Chess
/// either side can (the judge's check is either).
///
/// ```
/// use duckchess_rules::variants::{by_name, status::attacks};
/// let duck = by_name("duck").unwrap();
/// let p = duck.read_position("4k4/9/9/9/9/9/9/9/4R4/4K4 b").unwrap();
/// assert_eq!(attacks(duck, &*p), ["red car at (1,4) attacks blue captain at (9,4)"]);
/// ```
pub fn attacks(notation: &dyn Notation, position: &dyn AnyPosition) -> Vec<String> {
    attacking(position)
        .into_iter()
        .map(|(from, at)| attack(notation, position, from, at))
        .collect()
}

/// Every attack on a royal piece as (attacker's square, royal square), the
/// side to move's royal piece first, attackers in square order.
pub fn attacking(position: &dyn AnyPosition) -> Vec<(usize, usize)> {
    [position.turn(), !position.turn()]
        .into_iter()
        .filter_map(|side| Some((side, position.royal_square(side)?)))
        .flat_map(|(side, at)| {
            position
                .attackers_of(at, !side)
                .into_iter()
                .map(move |from| (from, at))
        })
        .collect()
}

/// One attack in words: `the piece on FROM attacks the piece on AT`, each
/// named by [`Notation::piece_on`](crate::variants::Presentation::piece_on).
pub fn attack(
    notation: &dyn Notation,
    position: &dyn AnyPosition,
    from: usize,
    at: usize,
) -> String {
    let name = |square: usize| {
        position.piece_at(square).map_or_else(
            || notation.square_name(position, square),
            |piece| notation.piece_on(position, piece, square),
        )
    };
    format!("{} attacks {}", name(from), name(at))
}

/// The state of a game after its last move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Status {
    /// The side to move, in the game's words.
    pub turn: String,
    /// Whether the side to move is in check.
    pub in_check: bool,
    /// Every attack on a royal piece, in words ([`attacks`]).
    pub attacks: Vec<String>,
    /// In an n-check game, the checks each side has still to give, in
    /// words (`checks to give: white 2, black 3`).
    pub checks: Option<String>,
    /// How the game ended, repetition included.
    pub outcome: Option<Outcome>,
    /// The result in words ([`describe`]).
    pub result: Option<String>,
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
    /// The status of `game`, in `notation`'s words.
    ///
    /// ```
    /// use duckchess_rules::variants::{by_name, status::Status};
    /// let chess = by_name("chess").unwrap();
    /// let p = chess.read_position("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1").unwrap();
    /// let status = Status::of(chess, &*p.new_game());
    /// assert_eq!(status.words(), "check checkmate");
    /// assert_eq!(
    ///     status.to_string(),
    ///     "black to move\ncheck: the white queen on g7 attacks the black king on h8\nwhite wins by checkmate\n"
    /// );
    /// ```
    pub fn of(notation: &dyn Notation, game: &dyn AnyGame) -> Status {
        let position = game.position();
        let draws = &position.variant().draws;
        let outcome = game.outcome();
        Status {
            turn: notation.side_name(position.turn()).into(),
            in_check: position.is_check(),
            attacks: attacks(notation, position),
            checks: position.variant().goals.checks.map(|_| {
                let side =
                    |c: Color| format!("{} {}", notation.side_name(c), position.checks_to_give(c));
                format!(
                    "checks to give: {}, {}",
                    side(Color::White),
                    side(Color::Black)
                )
            }),
            outcome,
            result: outcome.map(|o| describe(notation, position, o, Some(game))),
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

    /// The draw the side to move may claim, in words, if any (and the game
    /// has not ended).
    pub fn claim(&self) -> Option<String> {
        if self.outcome.is_some() {
            return None;
        }
        let (claim_plies, _, claim_reps, _) = self.limits;
        if self.reached(claim_reps, self.repetitions) {
            Some(format!(
                "{} may claim a draw: the position occurred {} times",
                self.turn, self.repetitions
            ))
        } else if self.reached(claim_plies, self.halfmove) {
            Some(format!(
                "{} may claim a draw: {} plies without a capture or pawn move",
                self.turn, self.halfmove
            ))
        } else {
            None
        }
    }

    /// The draw the side to move claims, as a result in words: `draw by
    /// repetition, claimed by white (the position occurred 3 times)`, `draw
    /// by the move limit, claimed by black (100 plies without a capture or
    /// pawn move)`; `None` when there is no draw to claim ([`Status::claim`]).
    ///
    /// ```
    /// use duckchess_rules::variants::{by_name, line::read_line, status::Status};
    /// let chess = by_name("chess").unwrap();
    /// let game = read_line(chess, "start moves Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8").unwrap();
    /// assert_eq!(
    ///     Status::of(chess, &*game).claimed().unwrap(),
    ///     "draw by repetition, claimed by white (the position occurred 3 times)"
    /// );
    /// ```
    pub fn claimed(&self) -> Option<String> {
        self.claim()?;
        let (claim_plies, _, claim_reps, _) = self.limits;
        Some(if self.reached(claim_reps, self.repetitions) {
            format!(
                "draw by repetition, claimed by {} (the position occurred {} times)",
                self.turn, self.repetitions
            )
        } else {
            debug_assert!(self.reached(claim_plies, self.halfmove));
            format!(
                "draw by the move limit, claimed by {} ({} plies without a capture or pawn move)",
                self.turn, self.halfmove
            )
        })
    }

    /// Why the side to move has no draw to claim, in words: when the game's
    /// draws can be claimed at all, and that it has none.
    ///
    /// ```
    /// use duckchess_rules::variants::{by_name, status::Status};
    /// let chess = by_name("chess").unwrap();
    /// assert_eq!(
    ///     Status::of(chess, &*chess.start().new_game()).no_claim(),
    ///     "white has no draw to claim here (a draw is claimed on the third occurrence of a position or after 100 plies without a capture or pawn move)"
    /// );
    /// let fourfold = by_name("fourfold").unwrap();
    /// assert_eq!(
    ///     Status::of(fourfold, &*fourfold.start().new_game()).no_claim(),
    ///     "white has no draw to claim: this game's draws come by themselves, none is claimed"
    /// );
    /// ```
    pub fn no_claim(&self) -> String {
        let (claim_plies, _, claim_reps, _) = self.limits;
        let mut when = Vec::new();
        if let Some(n) = claim_reps {
            when.push(format!("on the {} occurrence of a position", ordinal(n)));
        }
        if let Some(n) = claim_plies {
            when.push(format!("after {n} plies without a capture or pawn move"));
        }
        if when.is_empty() {
            format!(
                "{} has no draw to claim: this game's draws come by themselves, none is claimed",
                self.turn
            )
        } else if let Some(result) = &self.result {
            format!(
                "{} has no draw to claim: the game is over ({result})",
                self.turn
            )
        } else {
            format!(
                "{} has no draw to claim here (a draw is claimed {})",
                self.turn,
                when.join(" or ")
            )
        }
    }

    /// The status as words, space-separated, in this order, each present
    /// only when true: `check` (a royal piece is attacked), `checkmate`,
    /// `stalemate`, `dead` (no mate possible), `claim-moves` (the 50-move
    /// claim), `moves` (the 75-move end), `claim-repetition` (threefold),
    /// `repetition` (fivefold), `captured` (a royal piece was taken),
    /// `extinct` (the extinction rule ended the game), `checks` (the last
    /// check of an n-check game given), `flag` (a flag region reached);
    /// `-` when none is.
    pub fn words(&self) -> String {
        let (claim_plies, auto_plies, claim_reps, auto_reps) = self.limits;
        let won =
            |by: Win| matches!(self.outcome, Some(Outcome::Decisive { how, .. }) if how == by);
        let words = [
            (!self.attacks.is_empty(), "check"),
            (won(Win::Checkmate), "checkmate"),
            (
                !self.can_move
                    && !self.in_check
                    && (self.outcome == Some(Outcome::Draw(Draw::Stalemate))
                        || won(Win::Stalemate)),
                "stalemate",
            ),
            (self.dead, "dead"),
            (self.reached(claim_plies, self.halfmove), "claim-moves"),
            (self.reached(auto_plies, self.halfmove), "moves"),
            (
                self.reached(claim_reps, self.repetitions),
                "claim-repetition",
            ),
            (self.reached(auto_reps, self.repetitions), "repetition"),
            (won(Win::RoyalCaptured), "captured"),
            (
                won(Win::Extinction) || self.outcome == Some(Outcome::Draw(Draw::Extinction)),
                "extinct",
            ),
            (won(Win::Checks), "checks"),
            (
                won(Win::Flag) || self.outcome == Some(Outcome::Draw(Draw::Flag)),
                "flag",
            ),
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
    /// Lines for people: whose move, each attack on a royal piece, the end
    /// or a draw to claim.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{} to move", self.turn)?;
        if let Some(checks) = &self.checks {
            writeln!(f, "{checks}")?;
        }
        for attack in &self.attacks {
            writeln!(f, "check: {attack}")?;
        }
        if let Some(result) = &self.result {
            writeln!(f, "{result}")?;
        } else if let Some(claim) = self.claim() {
            writeln!(f, "{claim}")?;
        }
        Ok(())
    }
}

/// `first`, `second`, …, `ninth`, `10th`, `21st`.
fn ordinal(n: u32) -> String {
    const WORDS: [&str; 9] = [
        "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
    ];
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    match n {
        1..=9 => WORDS[n as usize - 1].to_string(),
        _ => format!("{n}{suffix}"),
    }
}

/// The side in the game's words, capitalised at the start of a sentence.
pub fn capitalised(notation: &dyn Notation, color: Color) -> String {
    let name = notation.side_name(color);
    let mut chars = name.chars();
    chars
        .next()
        .map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
}
