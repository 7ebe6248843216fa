//! The rules of a game between people, as pure transitions: a stored game
//! and its moves, replayed by the kernel, and what a seat asks for (a move,
//! resign, a draw, abort, a rematch) or what the time says (a flag), give
//! the game's next row, or a refusal. Nothing here reads a clock or a
//! database: the service passes the time in and stores what comes out.

use super::clock::{Clocks, TimeControl};
use crate::kernel::{AnyGame, Color, Draw, Outcome, Win};
use crate::store::{GameRow, MoveRow, Seating};
use crate::variants::{self, status, Notation, NotationError};
use duckchess_protocol::{Side, Status};

/// Why a request was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// No game has that id.
    #[error("no such game")]
    NoSuchGame,
    /// The requester holds no seat in the game (a spectator).
    #[error("you hold no seat in this game")]
    NotASeat,
    /// The other side is to move.
    #[error("it is not your turn")]
    NotYourTurn,
    /// The move cannot be read or played.
    #[error("{0}")]
    Illegal(String),
    /// The game is over (and immutable).
    #[error("the game is over: {0}")]
    Finished(String),
    /// The request does not apply now.
    #[error("{0}")]
    NotNow(String),
    /// Another request changed the game first; the caller reads it again.
    #[error("the game changed meanwhile; try again")]
    Conflict,
    /// Another request came first and the request no longer applies (a
    /// seek taken, a player paired meanwhile): the sentence says what
    /// happened. HTTP 409.
    #[error("{0}")]
    Lost(String),
}

/// A change the service stores in one transaction.
#[derive(Clone, Debug)]
pub struct Change {
    /// The game's next row.
    pub row: GameRow,
    /// The move that made it.
    pub mv: Option<MoveRow>,
    /// A game it created (a rematch).
    pub created: Option<GameRow>,
    /// A takeback: the moves from this ply on are removed.
    pub taken_back: Option<i64>,
}

/// A stored game, replayed.
pub struct Table {
    /// As stored.
    pub row: GameRow,
    /// Its moves, as stored.
    pub moves: Vec<MoveRow>,
    /// The game's notation.
    pub notation: &'static dyn Notation,
    /// The game replayed by the kernel.
    pub game: Box<dyn AnyGame>,
    /// Each move in the game's own notation (SAN for chess), written as
    /// it was replayed.
    pub notations: Vec<String>,
}

/// What "+15 seconds" gives the opponent ([`Table::give_time`]).
pub const GIVEN_MS: i64 = 15_000;
/// The most a clock holds after time given: a day.
pub const MAX_CLOCK_MS: i64 = 24 * 3600 * 1000;

/// A side's index: 0 moves first.
pub fn index(color: Color) -> usize {
    match color {
        Color::White => 0,
        Color::Black => 1,
    }
}

/// The API's name of a side: `white` moves first (Duck Chess's red).
pub fn side_key(side: usize) -> &'static str {
    side_of(side).as_str()
}

/// The side of an API name.
pub fn side_of_key(key: &str) -> Option<usize> {
    key.parse::<Side>().ok().map(Side::index)
}

/// The protocol's side of a kernel side index (0 or 1).
fn side_of(side: usize) -> Side {
    Side::ALL[side]
}

/// A stored game the rules cannot replay: a variant this build does
/// not have, or a start or a move it cannot read or play.
#[derive(Debug, thiserror::Error)]
pub enum StoredGameError {
    /// The game's variant is not in the registry.
    #[error("game {game}: unknown variant `{variant}`")]
    Variant {
        /// The game's id.
        game: String,
        /// Its variant's name.
        variant: String,
    },
    /// Its start position cannot be read.
    #[error("game {game}: start: {source}")]
    Start {
        /// The game's id.
        game: String,
        /// Why.
        source: Box<NotationError>,
    },
    /// A move cannot be read.
    #[error("game {game} move {ply}: {source}")]
    Move {
        /// The game's id.
        game: String,
        /// The move's number, from 1.
        ply: i64,
        /// Why.
        source: Box<NotationError>,
    },
    /// A move is not legal where it stands.
    #[error("game {game} move {ply}: illegal")]
    Illegal {
        /// The game's id.
        game: String,
        /// The move's number, from 1.
        ply: i64,
    },
}

impl Table {
    /// Replays a stored game.
    pub fn load(row: GameRow, moves: Vec<MoveRow>) -> Result<Table, StoredGameError> {
        let notation = variants::by_name(&row.variant).ok_or_else(|| StoredGameError::Variant {
            game: row.id.clone(),
            variant: row.variant.clone(),
        })?;
        let start = notation
            .read_position(&row.start_position)
            .map_err(|source| StoredGameError::Start {
                game: row.id.clone(),
                source: Box::new(source),
            })?;
        let mut game = start.new_game();
        let mut notations = Vec::with_capacity(moves.len());
        for m in &moves {
            let mv = notation
                .read_move(game.position(), &m.text)
                .map_err(|source| StoredGameError::Move {
                    game: row.id.clone(),
                    ply: m.ply + 1,
                    source: Box::new(source),
                })?;
            notations.push(notation.write_move(game.position(), mv));
            game.play(mv).map_err(|_| StoredGameError::Illegal {
                game: row.id.clone(),
                ply: m.ply + 1,
            })?;
        }
        Ok(Table {
            row,
            moves,
            notation,
            game,
            notations,
        })
    }

    /// A copy (the replayed game cloned).
    pub fn copy(&self) -> Table {
        Table {
            row: self.row.clone(),
            moves: self.moves.clone(),
            notation: self.notation,
            game: self.game.clone_box(),
            notations: self.notations.clone(),
        }
    }

    /// The table after a change was stored: `row`, and `mv` played on
    /// the replayed game (no replay from the start, no read).
    pub fn after(&self, row: GameRow, mv: Option<MoveRow>) -> Result<Table, StoredGameError> {
        if row.ply < self.row.ply {
            // A takeback: the moves kept, replayed.
            let kept = self.moves[..row.ply.max(0) as usize].to_vec();
            return Table::load(row, kept);
        }
        let mut game = self.game.clone_box();
        let mut moves = self.moves.clone();
        let mut notations = self.notations.clone();
        if let Some(m) = mv {
            let chosen = self
                .notation
                .read_move(game.position(), &m.text)
                .map_err(|source| StoredGameError::Move {
                    game: row.id.clone(),
                    ply: m.ply + 1,
                    source: Box::new(source),
                })?;
            notations.push(self.notation.write_move(game.position(), chosen));
            game.play(chosen).map_err(|_| StoredGameError::Illegal {
                game: row.id.clone(),
                ply: m.ply + 1,
            })?;
            moves.push(m);
        }
        Ok(Table {
            row,
            moves,
            notation: self.notation,
            game,
            notations,
        })
    }

    /// The side to move.
    pub fn to_move(&self) -> usize {
        index(self.game.position().turn())
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.row.status.is_over()
    }

    /// The time control, if timed.
    pub fn time_control(&self) -> Option<TimeControl> {
        Some(TimeControl {
            initial_ms: self.row.initial_ms?,
            increment_ms: self.row.increment_ms.unwrap_or(0),
        })
    }

    /// The clocks, if timed.
    pub fn clocks(&self) -> Option<Clocks> {
        let tc = self.time_control()?;
        Some(Clocks {
            left_ms: [
                self.row.white_ms.unwrap_or(tc.initial_ms),
                self.row.black_ms.unwrap_or(tc.initial_ms),
            ],
            since_ms: self.row.turn_since_ms.unwrap_or(0),
            running: self.row.status == Status::Started && self.row.ply >= 2,
            increment_ms: tc.increment_ms,
        })
    }

    /// Each side's time left at `now`.
    pub fn left_at(&self, now: i64) -> Option<[i64; 2]> {
        let c = self.clocks()?;
        let m = self.to_move();
        Some([c.left_at(0, m, now), c.left_at(1, m, now)])
    }

    /// When the side to move's flag falls, if its clock runs.
    pub fn deadline(&self) -> Option<i64> {
        self.clocks()?.deadline(self.to_move())
    }

    /// The seats a player holds (both, when one plays oneself).
    pub fn seats_of(&self, player_id: &str) -> Vec<usize> {
        [&self.row.white_id, &self.row.black_id]
            .iter()
            .enumerate()
            .filter(|(_, id)| id.as_deref() == Some(player_id))
            .map(|(i, _)| i)
            .collect()
    }

    fn next(&self, now: i64) -> GameRow {
        let mut row = self.row.clone();
        row.version += 1;
        row.updated_ms = now;
        row
    }

    fn refuse_if_over(&self) -> Result<(), Refusal> {
        if self.is_over() {
            return Err(Refusal::Finished(
                self.row
                    .reason
                    .clone()
                    .unwrap_or_else(|| self.row.status.to_string()),
            ));
        }
        Ok(())
    }

    fn refuse_unless_started(&self) -> Result<(), Refusal> {
        self.refuse_if_over()?;
        if self.row.status != Status::Started {
            return Err(Refusal::NotNow(
                "the game has not started: a seat is open".into(),
            ));
        }
        Ok(())
    }

    /// The row of a game that ends at `now`: the clocks stopped as they
    /// read, offers cleared.
    fn end(&self, now: i64, status: Status, winner: Option<usize>, reason: String) -> GameRow {
        let mut row = self.next(now);
        if let Some([w, b]) = self.left_at(now) {
            row.white_ms = Some(w);
            row.black_ms = Some(b);
        }
        row.turn_since_ms = None;
        row.status = status;
        row.winner = winner.map(side_of);
        row.reason = Some(reason);
        row.draw_offer = None;
        row.takeback_offer = None;
        row
    }

    fn side_name(&self, side: usize) -> &'static str {
        self.notation.side_name(Color::ALL[side])
    }

    /// `side` plays `text` (coordinates or the game's notation) at `now`.
    /// A move at or after the deadline is refused: the flag fell
    /// ([`Table::flag`] ends the game).
    pub fn play(&self, side: usize, text: &str, now: i64) -> Result<Change, Refusal> {
        self.refuse_unless_started()?;
        if self.to_move() != side {
            return Err(Refusal::NotYourTurn);
        }
        if self.clocks().is_some_and(|c| c.flagged(side, now)) {
            return Err(Refusal::NotNow("your time is up".into()));
        }
        let pos = self.game.position();
        let mv = self
            .notation
            .read_move(pos, text)
            .map_err(|e| Refusal::Illegal(format!("move `{}`: {e}", text.trim())))?;
        if !pos.legal_moves().contains(&mv) {
            return Err(Refusal::Illegal(format!(
                "move `{}` is illegal",
                text.trim()
            )));
        }
        let coord = self.notation.uci_move(pos, mv);
        let mut after = self.game.clone_box();
        after
            .play(mv)
            .map_err(|_| Refusal::Illegal(format!("move `{}` is illegal", text.trim())))?;
        let mut row = self.next(now);
        row.ply += 1;
        // The offer of the side that just moved stands; the mover's own
        // move declines the other's.
        if row.draw_offer != Some(side_of(side)) {
            row.draw_offer = None;
        }
        // A move answers a takeback request with no (as on lichess).
        row.takeback_offer = None;
        let clocks = self.clocks().map(|c| c.after_move(side, now, row.ply >= 2));
        if let Some(c) = clocks {
            row.white_ms = Some(c.left_ms[0]);
            row.black_ms = Some(c.left_ms[1]);
        }
        row.turn_since_ms = Some(now);
        if let Some(outcome) = after.outcome() {
            let (status, winner) = outcome_status(outcome);
            row.status = status;
            row.winner = winner.map(side_of);
            row.reason = Some(status::describe(
                self.notation,
                after.position(),
                outcome,
                Some(&*after),
            ));
            row.turn_since_ms = None;
            row.draw_offer = None;
        }
        Ok(Change {
            mv: Some(MoveRow {
                ply: self.row.ply,
                text: coord,
                white_ms: row.white_ms,
                black_ms: row.black_ms,
                played_ms: now,
            }),
            row,
            created: None,
            taken_back: None,
        })
    }

    /// The flag of the side to move, if its time is up at `now`: a loss, or
    /// a draw when the other side has nothing but its royal piece in a game
    /// where bare kings cannot mate.
    pub fn flag(&self, now: i64) -> Option<GameRow> {
        if self.is_over() || self.row.status != Status::Started {
            return None;
        }
        let side = self.to_move();
        if !self.clocks()?.flagged(side, now) {
            return None;
        }
        let other = 1 - side;
        let loser = self.side_name(side);
        Some(if self.game.position().cannot_mate(Color::ALL[other]) {
            let reason = format!(
                "draw: {loser}'s time is up, and {} cannot mate",
                self.side_name(other)
            );
            self.end(now, Status::Outoftime, None, reason)
        } else {
            let reason = format!("{} wins on time", self.side_name(other));
            self.end(now, Status::Outoftime, Some(other), reason)
        })
    }

    /// `side` resigns.
    pub fn resign(&self, side: usize, now: i64) -> Result<Change, Refusal> {
        self.refuse_unless_started()?;
        let reason = format!(
            "{} wins: {} resigned",
            self.side_name(1 - side),
            self.side_name(side)
        );
        Ok(self.change(self.end(now, Status::Resign, Some(1 - side), reason)))
    }

    /// `side` offers a draw, or accepts the other's offer; the side to
    /// move with a draw to claim (a repetition, the move limit) claims it,
    /// as lichess's `draw/yes` does: its clients have no other way to claim.
    pub fn offer_draw(&self, side: usize, now: i64) -> Result<Change, Refusal> {
        self.refuse_unless_started()?;
        if self.to_move() == side {
            if let Some(reason) = status::Status::of(self.notation, &*self.game).claimed() {
                return Ok(self.change(self.end(now, Status::Draw, None, reason)));
            }
        }
        if self.row.draw_offer == Some(side_of(1 - side)) {
            return Ok(self.change(self.end(now, Status::Draw, None, "draw by agreement".into())));
        }
        let mut row = self.next(now);
        row.draw_offer = Some(side_of(side));
        Ok(self.change(row))
    }

    /// `side` declines the other's offer (or withdraws its own).
    pub fn decline_draw(&self, _side: usize, now: i64) -> Result<Change, Refusal> {
        self.refuse_unless_started()?;
        if self.row.draw_offer.is_none() {
            return Err(Refusal::NotNow("no draw is offered".into()));
        }
        let mut row = self.next(now);
        row.draw_offer = None;
        Ok(self.change(row))
    }

    /// `side`, to move, claims a draw (repetition, the move limit).
    pub fn claim_draw(&self, side: usize, now: i64) -> Result<Change, Refusal> {
        self.refuse_unless_started()?;
        if self.to_move() != side {
            return Err(Refusal::NotYourTurn);
        }
        let st = status::Status::of(self.notation, &*self.game);
        match st.claimed() {
            Some(reason) => Ok(self.change(self.end(now, Status::Draw, None, reason))),
            None => Err(Refusal::NotNow(st.no_claim())),
        }
    }

    /// `side` asks to take back its last move, or agrees to the other's
    /// request, as lichess's takeback: the side that asks takes back its
    /// own last move, and the other's after it when the other has moved
    /// since, so that the asking side is to move again. The computer
    /// agrees at once in a casual game and never in a rated one. The
    /// clocks keep what they read (time is not given back); both sides'
    /// offers of a draw or a takeback are cleared.
    pub fn offer_takeback(&self, side: usize, now: i64) -> Result<Change, Refusal> {
        self.refuse_unless_started()?;
        let other = 1 - side;
        let agreed = self.row.takeback_offer == Some(side_of(other));
        // The moves taken back are the asker's request's.
        let asker = if agreed { other } else { side };
        let back = if self.to_move() == asker { 2 } else { 1 };
        if self.row.ply < back {
            return Err(Refusal::NotNow(if agreed {
                format!("{} has no move to take back", self.side_name(asker))
            } else {
                "you have no move to take back".into()
            }));
        }
        if !agreed {
            let computer =
                [self.row.white_computer_ms, self.row.black_computer_ms][other].is_some();
            if computer && self.row.rated {
                return Err(Refusal::NotNow(
                    "the computer takes nothing back in a rated game".into(),
                ));
            }
            if !computer {
                // A request of one's own waits for the other.
                let mut row = self.next(now);
                row.takeback_offer = Some(side_of(side));
                return Ok(self.change(row));
            }
        }
        let mut row = self.next(now);
        if let Some([w, b]) = self.left_at(now) {
            row.white_ms = Some(w);
            row.black_ms = Some(b);
        }
        row.turn_since_ms = Some(now);
        row.ply -= back;
        row.draw_offer = None;
        row.takeback_offer = None;
        Ok(Change {
            taken_back: Some(row.ply),
            ..self.change(row)
        })
    }

    /// `side` declines the other's takeback request (or withdraws its own).
    pub fn decline_takeback(&self, _side: usize, now: i64) -> Result<Change, Refusal> {
        self.refuse_unless_started()?;
        if self.row.takeback_offer.is_none() {
            return Err(Refusal::NotNow("no takeback is asked for".into()));
        }
        let mut row = self.next(now);
        row.takeback_offer = None;
        Ok(self.change(row))
    }

    /// `side` gives its opponent [`GIVEN_MS`] more on the clock, as
    /// lichess's "+15 seconds" does: a timed game being played only. The
    /// stored time is the time left when the turn began, so the time added
    /// counts whoever is to move; a clock never holds more than a day.
    pub fn give_time(&self, side: usize, now: i64) -> Result<Change, Refusal> {
        self.refuse_unless_started()?;
        let Some(clocks) = self.clocks() else {
            return Err(Refusal::NotNow("an untimed game has no clock".into()));
        };
        let mut row = self.next(now);
        let other = 1 - side;
        let more = (clocks.left_ms[other] + GIVEN_MS).min(MAX_CLOCK_MS);
        match other {
            0 => row.white_ms = Some(more),
            _ => row.black_ms = Some(more),
        }
        Ok(self.change(row))
    }

    /// `side` aborts: only before both sides have moved; nobody wins.
    pub fn abort(&self, side: usize, now: i64) -> Result<Change, Refusal> {
        self.refuse_if_over()?;
        if self.row.ply >= 2 {
            return Err(Refusal::NotNow(
                "both sides have moved: resign or offer a draw instead".into(),
            ));
        }
        let reason = format!("aborted by {}", self.side_name(side));
        Ok(self.change(self.end(now, Status::Aborted, None, reason)))
    }

    /// `player` takes the open seat; the game starts.
    pub fn join(&self, player_id: &str, now: i64) -> Result<Change, Refusal> {
        self.refuse_if_over()?;
        if self.row.status != Status::Created {
            return Err(Refusal::NotNow("both seats are taken".into()));
        }
        if let Some(invited) = &self.row.challenged_id {
            if invited != player_id {
                return Err(Refusal::NotNow("this challenge is for someone else".into()));
            }
        }
        let mut row = self.next(now);
        match (
            &row.white_id,
            &row.black_id,
            row.white_computer_ms,
            row.black_computer_ms,
        ) {
            (None, _, None, _) => row.white_id = Some(player_id.into()),
            (_, None, _, None) => row.black_id = Some(player_id.into()),
            _ => return Err(Refusal::NotNow("both seats are taken".into())),
        }
        row.status = Status::Started;
        row.challenged_id = None;
        row.turn_since_ms = Some(now);
        Ok(self.change(row))
    }

    /// The invited player declines a challenge.
    pub fn decline(&self, now: i64) -> Result<Change, Refusal> {
        if self.row.status != Status::Created {
            return Err(Refusal::NotNow("the challenge is no longer open".into()));
        }
        let mut row = self.next(now);
        row.status = Status::Declined;
        row.reason = Some("challenge declined".into());
        Ok(self.change(row))
    }

    /// `side` asks for a rematch with colours swapped; when the other side
    /// asked already, the new game is made (`new_id`), started at `now`.
    pub fn rematch(&self, side: usize, new_id: &str, now: i64) -> Result<Change, Refusal> {
        if !self.is_over() || self.row.status == Status::Declined {
            return Err(Refusal::NotNow("the game is not over".into()));
        }
        if let Some(id) = &self.row.rematch_id {
            return Err(Refusal::NotNow(format!("the rematch is game {id}")));
        }
        let mut row = self.next(now);
        let other_asked = self.row.rematch_offer == Some(side_of(1 - side));
        let computer = [self.row.white_computer_ms, self.row.black_computer_ms];
        if !other_asked && computer[1 - side].is_none() {
            row.rematch_offer = Some(side_of(side));
            return Ok(self.change(row));
        }
        let r = &self.row;
        let created = GameRow::new(
            new_id.into(),
            &r.variant,
            r.start_position.clone(),
            Seating {
                players: [r.black_id.clone(), r.white_id.clone()],
                computer_ms: [r.black_computer_ms, r.white_computer_ms],
                clock: r.initial_ms.map(|i| (i, r.increment_ms.unwrap_or(0))),
                rated: r.rated,
                challenged: None,
            },
            true,
            now,
        );
        row.rematch_offer = None;
        row.rematch_id = Some(new_id.into());
        Ok(Change {
            row,
            mv: None,
            created: Some(created),
            taken_back: None,
        })
    }

    fn change(&self, row: GameRow) -> Change {
        Change {
            row,
            mv: None,
            created: None,
            taken_back: None,
        }
    }
}

/// lichess's status and the winner for a game's own end.
fn outcome_status(outcome: Outcome) -> (Status, Option<usize>) {
    match outcome {
        Outcome::Decisive {
            winner,
            how: Win::Checkmate,
        } => (Status::Mate, Some(index(winner))),
        Outcome::Decisive {
            winner,
            how:
                Win::RoyalCaptured
                | Win::Extinction
                | Win::Checks
                | Win::Flag
                | Win::DrawOdds
                | Win::Repetition
                | Win::Counting(_),
        } => (Status::VariantEnd, Some(index(winner))),
        Outcome::Decisive {
            winner,
            how: Win::Stalemate,
        } => (Status::Stalemate, Some(index(winner))),
        Outcome::Draw(Draw::Stalemate) => (Status::Stalemate, None),
        Outcome::Draw(_) => (Status::Draw, None),
    }
}
