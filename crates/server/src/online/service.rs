//! The games between people: what a seat may do, stored before it is
//! acknowledged, told to every client, with the clocks watched by the
//! server whether anyone is connected or not.

use super::auth;
use super::clock::{Clock, SystemClock, TimeControl};
use super::hub::Hub;
use super::rating::{self, Rating};
use super::referee::{Change, Refusal, Table};
use super::view::{self, Seat};
use crate::store::{
    GameRow, MoveWrite, Player, RatingRow, RatingWrite, Seating, Store, StoreError,
};
use duckchess_protocol::{Side, Status};
use serde_json::Value;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

pub use crate::engine::computer::Computer;

/// The computer's rated levels: its think time a move, each an account
/// (`duckchess-300ms`) with a rating of its own.
pub const COMPUTER_LEVELS: [i64; 4] = [100, 300, 1000, 3000];

/// Longest the computer may think for one move.
pub const MAX_COMPUTER_MS: i64 = 5000;
/// Attempts at a change another writer keeps beating.
const RETRIES: usize = 8;
/// Most moves a game may have (every game of the registry ends sooner by
/// its own rules; a bound all the same).
pub const MAX_PLIES: i64 = 5000;

/// Why a request failed.
#[derive(Debug, thiserror::Error)]
pub enum ServiceError {
    /// The rules or the seat said no.
    #[error(transparent)]
    Refused(#[from] Refusal),
    /// The database failed.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The request itself is malformed (a name, a variant, a position).
    #[error("{0}")]
    Bad(String),
}

impl From<sqlx::Error> for ServiceError {
    fn from(e: sqlx::Error) -> Self {
        ServiceError::Store(e.into())
    }
}

/// A result of the service.
pub type Result<T> = std::result::Result<T, ServiceError>;

/// Who acts.
#[derive(Clone, Debug)]
pub enum Actor {
    /// A person (guest or account).
    Player(Player),
    /// The server's computer, on the seats it holds.
    Computer,
}

/// What a seat asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// A move, in coordinates or the game's notation; `ply`, when given, is
    /// the move's number (0 first): a retry of a move already made is
    /// answered as it was, not played or charged again.
    Move {
        /// The move.
        text: String,
        /// Its number, if the client says.
        ply: Option<i64>,
    },
    /// Give up.
    Resign,
    /// Offer a draw (or accept the other's).
    OfferDraw,
    /// Decline the other's offer.
    DeclineDraw,
    /// Claim a draw by repetition or the move limit.
    Claim,
    /// Abort before both have moved.
    Abort,
    /// Ask for (or agree to) a rematch with colours swapped.
    Rematch,
    /// Take the open seat.
    Join,
    /// Decline a challenge addressed to oneself.
    Decline,
    /// Give the opponent 15 seconds (lichess's "+15 seconds").
    GiveTime,
    /// Ask to take back one's last move (or agree to the other's request).
    OfferTakeback,
    /// Decline the other's takeback request (or withdraw one's own).
    DeclineTakeback,
}

/// A new game.
#[derive(Clone, Debug, Default)]
pub struct NewGame {
    /// The registry's name of the game.
    pub variant: String,
    /// The start (the game's own when none).
    pub position: Option<String>,
    /// Untimed when none.
    pub time: Option<TimeControl>,
    /// The creator's side (0 first); random when none.
    pub side: Option<usize>,
    /// The computer takes the other seat, thinking this long a move.
    pub computer_ms: Option<i64>,
    /// A challenge to this player (others may not join).
    pub challenged: Option<String>,
    /// A rated game: two accounts, the game's own start, a clock.
    pub rated: bool,
}

/// The service behind `duckchess serve`'s games.
pub struct Service {
    pub(super) store: Store,
    pub(super) hub: Arc<Hub>,
    pub(super) clock: Arc<dyn Clock>,
    pub(super) computer: Option<Computer>,
    /// The flag timer of each running timed game.
    pub(super) timers: Mutex<HashMap<String, tokio::task::JoinHandle<()>>>,
    /// Games whose computer is thinking.
    pub(super) thinking: Mutex<std::collections::HashSet<String>>,
    /// Games as last replayed, by id (checked against the stored version).
    pub(super) tables: Mutex<HashMap<String, Table>>,
    /// Players by id, as read (names never change; bounded).
    pub(super) players: Mutex<HashMap<String, Player>>,
    /// Each game's chat lines kept ([`super::chat`]).
    pub(super) chats:
        Mutex<HashMap<String, std::collections::VecDeque<duckchess_protocol::ChatLine>>>,
    /// The positions of live rated games, which the engine's endpoints
    /// refuse.
    pub live: super::fair::LivePositions,
    /// This server's name in its notices to the others (PostgreSQL's
    /// NOTIFY), so that it skips its own.
    pub(super) origin: String,
    /// Whether flag timers run by themselves (off in tests that drive a
    /// manual clock and call [`Service::check_flags`]).
    pub(super) timers_on: bool,
}

impl Service {
    /// A service on `store`, with the wall clock and flag timers.
    pub fn new(store: Store, computer: Option<Computer>) -> Arc<Service> {
        Service::with_clock(store, computer, Arc::new(SystemClock), true)
    }

    /// A service reading `clock`; `timers` says whether flags fall by
    /// themselves.
    pub fn with_clock(
        store: Store,
        computer: Option<Computer>,
        clock: Arc<dyn Clock>,
        timers: bool,
    ) -> Arc<Service> {
        Arc::new(Service {
            store,
            hub: Arc::new(Hub::default()),
            clock,
            computer,
            timers: Mutex::default(),
            thinking: Mutex::default(),
            players: Mutex::default(),
            tables: Mutex::default(),
            chats: Mutex::default(),
            live: Default::default(),
            origin: auth::new_id(),
            timers_on: timers,
        })
    }

    /// The database.
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// The hub (streams).
    pub fn hub(&self) -> &Arc<Hub> {
        &self.hub
    }

    /// Now, as the server reads it.
    pub fn now(&self) -> i64 {
        self.clock.now_ms()
    }

    // ---- games ----

    /// Creates a game: the creator seated, the other seat open (or the
    /// computer's, and then the game starts).
    pub async fn create(self: &Arc<Self>, creator: &Player, new: NewGame) -> Result<GameRow> {
        let notation = crate::variants::by_name(&new.variant).ok_or_else(|| {
            ServiceError::Bad(format!(
                "unknown variant `{}` (known: {})",
                new.variant,
                crate::variants::names().join(", ")
            ))
        })?;
        let start = match new
            .position
            .as_deref()
            .map(str::trim)
            .filter(|t| !t.is_empty())
        {
            None => notation.start(),
            Some(t) => notation
                .read_position(t)
                .map_err(|e| ServiceError::Bad(format!("position: {e}")))?,
        };
        if start.new_game().outcome().is_some() {
            return Err(ServiceError::Bad("position: the game is over there".into()));
        }
        if new.challenged.as_deref() == Some(creator.id.as_str()) {
            return Err(ServiceError::Bad(
                "a challenge to yourself: nobody else could accept it".into(),
            ));
        }
        if let Some(ms) = new.computer_ms {
            if !(1..=MAX_COMPUTER_MS).contains(&ms) {
                return Err(ServiceError::Bad(format!(
                    "computer: think time from 1 to {MAX_COMPUTER_MS} ms"
                )));
            }
        }
        if new.rated {
            let why = if !creator.is_account() {
                Some("a rated game is between two accounts: sign in")
            } else if new.time.is_none() {
                Some("a rated game needs a clock")
            } else if notation.write_position(&*start)
                != notation.write_position(&*notation.start())
            {
                Some("a rated game starts from the game's own start")
            } else if new
                .computer_ms
                .is_some_and(|ms| !COMPUTER_LEVELS.contains(&ms))
            {
                Some("the rated computer thinks 100, 300, 1000 or 3000 ms a move")
            } else {
                None
            };
            if let Some(why) = why {
                return Err(ServiceError::Bad(format!("rated: {why}")));
            }
        }
        let side = new
            .side
            .unwrap_or_else(|| (auth::new_token().as_bytes()[0] & 1) as usize);
        let now = self.now();
        let mut seats = [None, None];
        seats[side] = Some(creator.id.clone());
        let mut computer = [None, None];
        computer[1 - side] = new.computer_ms;
        // A rated game's computer is an account of its level, whose rating
        // moves like anyone's.
        if let (true, Some(ms)) = (new.rated, new.computer_ms) {
            seats[1 - side] = Some(self.computer_account(ms).await?.id);
        }
        let started = new.computer_ms.is_some();
        let row = GameRow::new(
            auth::new_id(),
            notation.name(),
            notation.write_position(&*start),
            Seating {
                players: seats,
                computer_ms: computer,
                clock: new.time.map(|t| (t.initial_ms, t.increment_ms)),
                rated: new.rated,
                challenged: new.challenged,
            },
            started,
            now,
        );
        self.store.insert_game(&row).await?;
        self.after_change(&row.id).await;
        Ok(row)
    }

    /// A game, replayed.
    pub async fn table(&self, id: &str) -> Result<Table> {
        let row = self.store.game(id).await?.ok_or(Refusal::NoSuchGame)?;
        // The game as last replayed here, if no one changed it since (its
        // version says): no moves read, no replay.
        let cached = self
            .tables
            .lock()
            .expect("tables")
            .get(id)
            .filter(|t| t.row.version == row.version)
            .map(|t| t.copy());
        if let Some(t) = cached {
            return Ok(t);
        }
        let moves = self.store.moves(id).await?;
        let t = Table::load(row, moves).map_err(|e| ServiceError::Bad(e.to_string()))?;
        self.remember(&t);
        Ok(t)
    }

    /// Keeps a replayed game for the next request (a bounded cache).
    pub(super) fn remember(&self, t: &Table) {
        let mut tables = self.tables.lock().expect("tables");
        if tables.len() >= 10_000 {
            tables.clear();
        }
        tables.insert(t.row.id.clone(), t.copy());
    }

    /// A player by id, from the cache when read before.
    pub async fn player(&self, id: &str) -> Result<Option<Player>> {
        if let Some(p) = self.players.lock().expect("players").get(id) {
            return Ok(Some(p.clone()));
        }
        let found = self.store.player(id).await?;
        if let Some(p) = &found {
            let mut cache = self.players.lock().expect("players");
            if cache.len() >= 100_000 {
                cache.clear();
            }
            cache.insert(id.to_string(), p.clone());
        }
        Ok(found)
    }

    /// The seat holders of a game.
    pub async fn seats(&self, row: &GameRow) -> Result<[Seat; 2]> {
        let mut seats: [Seat; 2] = Default::default();
        for (i, (id, computer)) in [
            (&row.white_id, row.white_computer_ms),
            (&row.black_id, row.black_computer_ms),
        ]
        .into_iter()
        .enumerate()
        {
            seats[i].computer_ms = computer;
            if let Some(id) = id {
                seats[i].id = Some(id.clone());
                let player = self.player(id).await?;
                if player.as_ref().is_some_and(Player::is_account) {
                    let perf = rating::perf(&row.variant, row.initial_ms, row.increment_ms);
                    let r = self.store.rating(id, &perf).await?;
                    let mut shown = r.map_or_else(Rating::default, |r| Rating {
                        rating: r.rating,
                        deviation: r.deviation,
                        volatility: r.volatility,
                    });
                    // A rated game that ended shows the rating it started
                    // from, beside its change (as lichess does).
                    if let Some(before) = [row.white_rating, row.black_rating][i] {
                        shown.rating = before;
                    }
                    seats[i].rating = Some(shown);
                }
                seats[i].name = player.map(|p| p.name);
            }
        }
        Ok(seats)
    }

    /// The whole game for a reader (`you`: the seat the reader holds).
    pub async fn full(&self, id: &str, reader: Option<&Player>) -> Result<Value> {
        let t = self.table(id).await?;
        self.full_of(&t, reader).await
    }

    /// [`Service::full`] of a game at hand.
    pub async fn full_of(&self, t: &Table, reader: Option<&Player>) -> Result<Value> {
        let full = self.game_full(t, reader).await?;
        Ok(serde_json::to_value(full).expect("a game is JSON"))
    }

    /// [`Service::full_of`] as the protocol's type.
    pub async fn game_full(
        &self,
        t: &Table,
        reader: Option<&Player>,
    ) -> Result<duckchess_protocol::GameFull> {
        let id = t.row.id.as_str();
        let seats = self.seats(&t.row).await?;
        let you = reader.and_then(|p| t.seats_of(&p.id).first().copied());
        Ok(view::game_full(
            t,
            seats,
            self.now(),
            self.hub.present(id),
            you,
            Some(self.hub.readers(id)),
        ))
    }

    /// The state every reader of game `id` sees now: the game's, with who
    /// is connected and how many read it (on this server).
    pub(super) fn live_state(&self, t: &Table) -> Value {
        let id = &t.row.id;
        let state = view::game_state(
            t,
            self.now(),
            self.hub.present(id),
            Some(self.hub.readers(id)),
        );
        serde_json::to_value(state).expect("a state is JSON")
    }

    /// The game's state as every reader sees it now.
    pub async fn state(&self, id: &str) -> Result<(i64, Value)> {
        let t = self.table(id).await?;
        Ok((t.row.version, self.live_state(&t)))
    }

    /// `actor` asks for `action` in game `id`; the game as stored after it.
    pub async fn act(self: &Arc<Self>, id: &str, actor: &Actor, action: Action) -> Result<Table> {
        for _ in 0..RETRIES {
            let t = self.table(id).await?;
            let now = self.now();
            // A flag that fell ends the game before anything else is read.
            if let Some(row) = t.flag(now) {
                if self.commit(&t, row, MoveWrite::None, None).await?.is_some() {
                    self.after_change(id).await;
                }
                continue;
            }
            let change = match self.decide(&t, actor, &action, now) {
                Ok(Some(change)) => change,
                Ok(None) => return Ok(t),
                Err(Refusal::Conflict) => continue,
                Err(e) => return Err(e.into()),
            };
            let created = change.created.clone();
            let moves = match (&change.mv, change.taken_back) {
                (Some(m), _) => MoveWrite::Add(m),
                (None, Some(ply)) => MoveWrite::TakeBackTo(ply),
                (None, None) => MoveWrite::None,
            };
            if let Some(stored) = self.commit(&t, change.row, moves, created).await? {
                let next = t
                    .after(stored, change.mv)
                    .map_err(|e| ServiceError::Bad(e.to_string()))?;
                self.remember(&next);
                self.tell_other_servers(id).await;
                self.refresh_with(&next).await;
                if let Some(created) = &change.created {
                    self.after_change(&created.id).await;
                }
                return Ok(next);
            }
        }
        Err(Refusal::Conflict.into())
    }

    /// Stores `row` over the game `t` was read at (with the move that made
    /// it and a game it created): the row as stored, or none when another
    /// writer came first.
    /// When `row` ends a rated game, both players' ratings change in the
    /// same transaction, so a result never stands without its rating
    /// change and none counts twice.
    pub(super) async fn commit(
        &self,
        t: &Table,
        mut row: GameRow,
        moves: MoveWrite<'_>,
        created: Option<GameRow>,
    ) -> Result<Option<GameRow>> {
        let mut writes = Vec::new();
        let ends = !t.is_over() && row.status.is_over();
        if ends && row.rated && row.status != Status::Aborted {
            if let (Some(w), Some(b)) = (row.white_id.clone(), row.black_id.clone()) {
                let perf = rating::perf(&row.variant, row.initial_ms, row.increment_ms);
                let now = self.now();
                let before = [
                    self.store.rating(&w, &perf).await?,
                    self.store.rating(&b, &perf).await?,
                ];
                let current = before.clone().map(|r| match r {
                    Some(r) => Rating {
                        rating: r.rating,
                        deviation: r.deviation,
                        volatility: r.volatility,
                    }
                    .after_idle_days((now - r.last_ms) / rating::DAY_MS),
                    None => Rating::default(),
                });
                let score = match row.winner {
                    Some(Side::White) => rating::Score::Win,
                    Some(Side::Black) => rating::Score::Loss,
                    None => rating::Score::Draw,
                };
                let (a, c) = rating::after_game(current[0], current[1], score);
                let after = [a, c];
                for (i, pid) in [w, b].into_iter().enumerate() {
                    let old = before[i].clone();
                    let won = i64::from(
                        (score == rating::Score::Win && i == 0)
                            || (score == rating::Score::Loss && i == 1),
                    );
                    let drew = i64::from(score == rating::Score::Draw);
                    writes.push(RatingWrite {
                        expected_games: old.as_ref().map(|o| o.games),
                        game_id: row.id.clone(),
                        row: RatingRow {
                            player_id: pid,
                            perf: perf.clone(),
                            rating: after[i].rating,
                            deviation: after[i].deviation,
                            volatility: after[i].volatility,
                            games: old.as_ref().map_or(0, |o| o.games) + 1,
                            wins: old.as_ref().map_or(0, |o| o.wins) + won,
                            draws: old.as_ref().map_or(0, |o| o.draws) + drew,
                            losses: old.as_ref().map_or(0, |o| o.losses) + (1 - won - drew),
                            last_ms: now,
                        },
                    });
                }
                row.white_rating = Some(current[0].rating);
                row.black_rating = Some(current[1].rating);
                row.white_rating_diff = Some(after[0].rating - current[0].rating);
                row.black_rating_diff = Some(after[1].rating - current[1].rating);
            }
        }
        let saved = self
            .store
            .save(
                t.row.version,
                &row,
                moves,
                created.as_ref(),
                &writes,
                t.row.status != Status::Started && row.status == Status::Started,
            )
            .await?;
        Ok(saved.then_some(row))
    }

    /// The change `action` makes, `None` for a retry already answered.
    fn decide(
        &self,
        t: &Table,
        actor: &Actor,
        action: &Action,
        now: i64,
    ) -> std::result::Result<Option<Change>, Refusal> {
        let seats: Vec<usize> = match actor {
            Actor::Player(p) => t.seats_of(&p.id),
            Actor::Computer => [t.row.white_computer_ms, t.row.black_computer_ms]
                .iter()
                .enumerate()
                .filter(|(_, c)| c.is_some())
                .map(|(i, _)| i)
                .collect(),
        };
        if let Action::Join = action {
            return match actor {
                Actor::Player(p) if t.row.rated && !p.is_account() => Err(Refusal::NotNow(
                    "a rated game is between two accounts: sign in to join".into(),
                )),
                Actor::Player(p) if seats.is_empty() => t.join(&p.id, now).map(Some),
                Actor::Player(_) => Err(Refusal::NotNow("you hold a seat already".into())),
                Actor::Computer => Err(Refusal::NotASeat),
            };
        }
        if let Action::Decline = action {
            return match actor {
                Actor::Player(p) if t.row.challenged_id.as_deref() == Some(&p.id) => {
                    t.decline(now).map(Some)
                }
                _ => Err(Refusal::NotASeat),
            };
        }
        // The seat acting: the one to move when one holds both.
        let side = match seats.as_slice() {
            [] => return Err(Refusal::NotASeat),
            [s] => *s,
            _ => t.to_move(),
        };
        let change = match action {
            Action::Move { text, ply } => {
                if self.is_retry(t, side, text, *ply) {
                    return Ok(None);
                }
                if let Some(p) = ply {
                    if *p != t.row.ply {
                        return Err(Refusal::NotNow(format!(
                            "move {}: the game is at move {}",
                            p + 1,
                            t.row.ply + 1
                        )));
                    }
                }
                if t.row.ply >= MAX_PLIES {
                    return Err(Refusal::NotNow(format!(
                        "a game has at most {MAX_PLIES} moves"
                    )));
                }
                t.play(side, text, now)?
            }
            Action::Resign => t.resign(side, now)?,
            Action::OfferDraw => t.offer_draw(side, now)?,
            // No offer to decline: nothing to do (as lichess answers).
            Action::DeclineDraw if t.row.draw_offer.is_none() && !t.is_over() => return Ok(None),
            Action::DeclineDraw => t.decline_draw(side, now)?,
            Action::Claim => t.claim_draw(side, now)?,
            Action::Abort => t.abort(side, now)?,
            Action::GiveTime => t.give_time(side, now)?,
            Action::OfferTakeback => t.offer_takeback(side, now)?,
            // No request to decline: nothing to do (as for a draw).
            Action::DeclineTakeback if t.row.takeback_offer.is_none() && !t.is_over() => {
                return Ok(None)
            }
            Action::DeclineTakeback => t.decline_takeback(side, now)?,
            Action::Rematch => t.rematch(side, &auth::new_id(), now)?,
            Action::Join | Action::Decline => unreachable!("handled above"),
        };
        Ok(Some(change))
    }

    /// Whether `text` by `side` is the move already stored at `ply` (or, with
    /// no ply given, the last move, made by `side`): a retry.
    fn is_retry(&self, t: &Table, side: usize, text: &str, ply: Option<i64>) -> bool {
        let at = match ply {
            Some(p) if p < t.row.ply => p,
            Some(_) => return false,
            None if t.row.ply > 0 => t.row.ply - 1,
            None => return false,
        };
        let Some(stored) = t.moves.get(at as usize) else {
            return false;
        };
        // Which side made move `at`: the side to move now, counted back.
        let mover = (t.to_move() + (t.row.ply - at) as usize) % 2;
        if mover != side {
            return false;
        }
        // Replay to the position before it and compare the moves themselves.
        let Ok(before) = Table::load(t.row.clone(), t.moves[..at as usize].to_vec()) else {
            return false;
        };
        let pos = before.game.position();
        match (
            t.notation.read_move(pos, text),
            t.notation.read_move(pos, &stored.text),
        ) {
            (Ok(a), Ok(b)) => a == b,
            _ => false,
        }
    }
}
