//! The games between people: what a seat may do, stored before it is
//! acknowledged, told to every client, with the clocks watched by the
//! server whether anyone is connected or not.

use super::auth;
use super::clock::{Clock, SystemClock, TimeControl};
use super::hub::{Hub, Line, Presence};
use super::rating::{self, Rating};
use super::referee::{index, side_key, Change, Refusal, Table};
use super::view::{self, Seat};
use crate::kernel::{AnyGame, Move};
use crate::store::{
    Backend, Credential, GameRow, Player, RatingRow, RatingWrite, Seating, Store, StoreError,
};
use serde_json::Value;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::broadcast;

/// The computer: a legal move of the game, thinking up to the time given or
/// until the flag is set.
pub type Computer = Arc<dyn Fn(&dyn AnyGame, Duration, &AtomicBool) -> Option<Move> + Send + Sync>;

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
    store: Store,
    hub: Arc<Hub>,
    clock: Arc<dyn Clock>,
    computer: Option<Computer>,
    /// The flag timer of each running timed game.
    timers: Mutex<HashMap<String, tokio::task::JoinHandle<()>>>,
    /// Games whose computer is thinking.
    thinking: Mutex<std::collections::HashSet<String>>,
    /// Games as last replayed, by id (checked against the stored version).
    tables: Mutex<HashMap<String, Table>>,
    /// Players by id, as read (names never change; bounded).
    players: Mutex<HashMap<String, Player>>,
    /// Whether flag timers run by themselves (off in tests that drive a
    /// manual clock and call [`Service::check_flags`]).
    timers_on: bool,
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

    // ---- players ----

    /// A new guest and its session token (shown once).
    pub async fn new_guest(&self, name: &str) -> Result<(Player, String)> {
        let name = name.trim();
        let name = if name.is_empty() { "Guest" } else { name };
        auth::check_name(name).map_err(ServiceError::Bad)?;
        // "guest-" is no account's name: the ids never clash.
        let player = Player {
            id: format!("guest-{}", auth::new_id()),
            name: name.to_string(),
            password_hash: None,
            created_ms: self.now(),
        };
        self.store.insert_player(&player).await?;
        let token = self.new_credential(&player, "session", "browser").await?;
        Ok((player, token))
    }

    /// The account of the computer at a level (made on first use; nobody
    /// signs in to it: its password hash matches no password).
    pub async fn computer_account(&self, ms: i64) -> Result<Player> {
        let name = format!("duckchess-{ms}ms");
        if let Some(p) = self.store.account(&name).await? {
            return Ok(p);
        }
        let player = Player {
            id: name.clone(),
            name,
            password_hash: Some("!".into()),
            created_ms: self.now(),
        };
        match self.store.insert_player(&player).await {
            Ok(()) | Err(StoreError::NameTaken(_)) => {}
            Err(e) => return Err(e.into()),
        }
        Ok(self.store.account(&player.name).await?.unwrap_or(player))
    }

    /// A new account.
    pub async fn create_account(&self, name: &str, password: &str) -> Result<Player> {
        auth::check_name(name).map_err(ServiceError::Bad)?;
        if name.to_lowercase().starts_with("duckchess-") {
            return Err(ServiceError::Bad(format!(
                "name `{name}`: duckchess- names are the computer's"
            )));
        }
        if name.to_lowercase().starts_with("guest-") {
            return Err(ServiceError::Bad(format!(
                "name `{name}`: guest- names are the guests'"
            )));
        }
        auth::check_password(password).map_err(ServiceError::Bad)?;
        let hash = {
            let p = password.to_string();
            tokio::task::spawn_blocking(move || auth::hash_password(&p))
                .await
                .map_err(|e| ServiceError::Bad(format!("hashing failed: {e}")))?
        };
        // An account's id is its name in lower case, as lichess's user ids.
        let player = Player {
            id: name.to_lowercase(),
            name: name.to_string(),
            password_hash: Some(hash),
            created_ms: self.now(),
        };
        self.store.insert_player(&player).await?;
        Ok(player)
    }

    /// A session for an account whose password matches.
    pub async fn log_in(&self, name: &str, password: &str) -> Result<(Player, String)> {
        let refused = || ServiceError::Refused(Refusal::NotNow("wrong name or password".into()));
        let player = self.store.account(name).await?.ok_or_else(refused)?;
        let hash = player.password_hash.clone().unwrap_or_default();
        let p = password.to_string();
        let ok = tokio::task::spawn_blocking(move || auth::verify_password(&p, &hash))
            .await
            .unwrap_or(false);
        if !ok {
            return Err(refused());
        }
        let token = self.new_credential(&player, "session", "browser").await?;
        Ok((player, token))
    }

    /// A new token of `kind` (`session`, `api`) for `player`.
    pub async fn new_credential(&self, player: &Player, kind: &str, label: &str) -> Result<String> {
        let token = auth::new_token();
        self.store
            .insert_credential(&Credential {
                token_hash: auth::token_hash(&token),
                player_id: player.id.clone(),
                kind: kind.into(),
                label: label.into(),
                created_ms: self.now(),
            })
            .await?;
        Ok(token)
    }

    /// The holder of a live token.
    pub async fn holder(&self, token: &str) -> Result<Option<Player>> {
        if token.len() != 64 {
            return Ok(None);
        }
        Ok(self
            .store
            .holder(&auth::token_hash(token))
            .await?
            .map(|(p, _)| p))
    }

    /// Ends a session or revokes a token.
    pub async fn revoke(&self, token: &str) -> Result<bool> {
        Ok(self
            .store
            .revoke(&auth::token_hash(token), self.now())
            .await?)
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
        let t = Table::load(row, moves).map_err(ServiceError::Bad)?;
        self.remember(&t);
        Ok(t)
    }

    /// Keeps a replayed game for the next request (a bounded cache).
    fn remember(&self, t: &Table) {
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
        let id = t.row.id.as_str();
        let seats = self.seats(&t.row).await?;
        let you = reader.and_then(|p| t.seats_of(&p.id).first().copied());
        let mut full = view::game_full(t, seats, self.now(), self.hub.present(id), you);
        full["state"]["watchers"] = self.hub.readers(id).into();
        Ok(full)
    }

    /// The state every reader of game `id` sees now: the game's, with who
    /// is connected and how many read it (on this server).
    fn live_state(&self, t: &Table) -> Value {
        let id = &t.row.id;
        let mut state = view::game_state(t, self.now(), self.hub.present(id));
        state["watchers"] = self.hub.readers(id).into();
        state
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
                if self.commit(&t, row, None, None).await?.is_some() {
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
            if let Some(stored) = self
                .commit(&t, change.row, change.mv.clone(), created)
                .await?
            {
                let next = t.after(stored, change.mv).map_err(ServiceError::Bad)?;
                self.remember(&next);
                let _ = self.store.notify(id).await;
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
    async fn commit(
        &self,
        t: &Table,
        mut row: GameRow,
        mv: Option<crate::store::MoveRow>,
        created: Option<GameRow>,
    ) -> Result<Option<GameRow>> {
        let mut writes = Vec::new();
        let ends = !t.is_over() && !matches!(row.status.as_str(), "created" | "started");
        if ends && row.rated && row.status != "aborted" {
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
                let score = match row.winner.as_deref() {
                    Some("white") => rating::Score::Win,
                    Some(_) => rating::Score::Loss,
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
            .save(t.row.version, &row, mv.as_ref(), created.as_ref(), &writes)
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

    /// After a stored change: tell every reader (here, and other servers),
    /// set the flag timer, let the computer move.
    pub async fn after_change(self: &Arc<Self>, id: &str) {
        let _ = self.store.notify(id).await;
        self.refresh(id).await;
    }

    /// Reads game `id` again and acts on it: readers told, timer set,
    /// computer asked (also on a notice from another server).
    pub async fn refresh(self: &Arc<Self>, id: &str) {
        if let Ok(t) = self.table(id).await {
            self.refresh_with(&t).await;
        }
    }

    /// [`Service::refresh`] with the game as it now stands.
    async fn refresh_with(self: &Arc<Self>, t: &Table) {
        let id = t.row.id.as_str();
        if self.hub.watched(id) {
            let state = self.live_state(t);
            self.hub.publish(
                id,
                Line {
                    version: t.row.version + 1,
                    text: state.to_string().into(),
                },
            );
        }
        for pid in [&t.row.white_id, &t.row.black_id, &t.row.challenged_id]
            .into_iter()
            .flatten()
        {
            self.tell_player(pid, t).await;
        }
        self.set_timer(t);
        self.maybe_computer(t);
    }

    /// Tells a player's event stream (`/api/stream/event`) about a game
    /// that started, ended, or challenges them.
    async fn tell_player(&self, player_id: &str, t: &Table) {
        let key = format!("player:{player_id}");
        if !self.hub.watched(&key) {
            return;
        }
        if let Some(event) = self.event_for(player_id, t).await {
            self.hub.publish(
                &key,
                Line {
                    version: 0,
                    text: event.to_string().into(),
                },
            );
        }
    }

    /// The lichess event a game means to a player: `challenge`,
    /// `gameStart`, `gameFinish`, `challengeDeclined`.
    pub async fn event_for(&self, player_id: &str, t: &Table) -> Option<Value> {
        let r = &t.row;
        let seats = self.seats(r).await.ok()?;
        let summary = view::summary(t, seats.clone());
        match r.status.as_str() {
            "created" if r.challenged_id.as_deref() == Some(player_id) => Some(
                serde_json::json!({"type": "challenge", "challenge": self.challenge_json(t, &seats)}),
            ),
            "created" => None,
            "declined" => Some(
                serde_json::json!({"type": "challengeDeclined", "challenge": self.challenge_json(t, &seats)}),
            ),
            "started" if r.ply == 0 && r.version <= 2 => Some(
                serde_json::json!({"type": "gameStart", "game": self.event_game(t, player_id, summary)}),
            ),
            "started" => None,
            _ => Some(
                serde_json::json!({"type": "gameFinish", "game": self.event_game(t, player_id, summary)}),
            ),
        }
    }

    fn event_game(&self, t: &Table, player_id: &str, summary: Value) -> Value {
        let side = t.seats_of(player_id).first().copied().unwrap_or(0);
        let opponent = summary[side_key(1 - side)].clone();
        let mut g = summary;
        g["opponent"] = serde_json::json!({
            "id": opponent["id"],
            "username": opponent["name"],
            "rating": null,
            "ai": opponent["aiLevel"],
        });
        g["lastMove"] = t
            .moves
            .last()
            .map_or(String::new(), |m| m.text.clone())
            .into();
        g["secondsLeft"] = t
            .left_at(self.now())
            .map_or(Value::Null, |l| (l[side] / 1000).into());
        g["status"] =
            serde_json::json!({"id": view::status_id(&t.row.status), "name": t.row.status});
        g["compat"] = serde_json::json!({"bot": true, "board": true});
        g["gameId"] = t.row.id.clone().into();
        g["fullId"] = t.row.id.clone().into();
        g["color"] = side_key(side).into();
        g["isMyTurn"] = (t.to_move() == side && !t.is_over()).into();
        g["variant"] = view::variant_json(&t.row.variant);
        g["speed"] = view::speed(t.row.initial_ms, t.row.increment_ms).into();
        g["rated"] = t.row.rated.into();
        g["hasMoved"] = (t.row.ply > side as i64).into();
        g["source"] = "friend".into();
        g["fen"] = t.notation.write_position(t.game.position()).into();
        g
    }

    /// A challenge as lichess's API shows it.
    pub fn challenge_json(&self, t: &Table, seats: &[Seat; 2]) -> Value {
        let r = &t.row;
        let (challenger, color) = if r.white_id.is_some() {
            (&seats[0], "white")
        } else {
            (&seats[1], "black")
        };
        serde_json::json!({
            "id": r.id,
            "url": format!("/game/{}", r.id),
            "status": r.status,
            "challenger": {"id": challenger.id, "name": challenger.name, "title": null, "rating": null},
            "destUser": r.challenged_id.as_ref().map(|id| serde_json::json!({"id": id})),
            "variant": view::variant_json(&r.variant),
            "rated": r.rated,
            "speed": view::speed(r.initial_ms, r.increment_ms),
            "timeControl": match r.initial_ms {
                Some(i) => serde_json::json!({
                    "type": "clock",
                    "limit": i / 1000,
                    "increment": r.increment_ms.unwrap_or(0) / 1000,
                    "show": super::clock::TimeControl { initial_ms: i, increment_ms: r.increment_ms.unwrap_or(0) }.to_string(),
                }),
                None => serde_json::json!({"type": "unlimited"}),
            },
            "color": color,
            "finalColor": color,
            "perf": {"name": view::speed(r.initial_ms, r.increment_ms)},
            "direction": "out",
        })
    }

    // ---- clocks ----

    fn set_timer(self: &Arc<Self>, t: &Table) {
        if !self.timers_on {
            return;
        }
        let mut timers = self.timers.lock().expect("timers");
        if let Some(old) = timers.remove(&t.row.id) {
            old.abort();
        }
        let Some(deadline) = t.deadline().filter(|_| !t.is_over()) else {
            return;
        };
        let wait = (deadline - self.now()).max(0) as u64 + 1;
        let me = self.clone();
        let id = t.row.id.clone();
        let version = t.row.version;
        timers.insert(
            id.clone(),
            tokio::spawn(async move {
                tokio::time::sleep(Duration::from_millis(wait)).await;
                me.flag_if_due(&id, version).await;
            }),
        );
    }

    /// Ends game `id` on time if its flag fell (and it is still at
    /// `version`, or any version when none is given).
    async fn flag_if_due(self: &Arc<Self>, id: &str, version: i64) {
        let Ok(t) = self.table(id).await else {
            return;
        };
        if t.row.version != version {
            return;
        }
        if let Some(row) = t.flag(self.now()) {
            if let Ok(Some(_)) = self.commit(&t, row, None, None).await {
                self.after_change(id).await;
            }
        }
    }

    /// Looks at every running timed game: a fallen flag ends its game, the
    /// others get their timers. Called on start (after a restart, the time
    /// the server was down is charged) and by tests with a manual clock.
    /// How many games ended.
    pub async fn check_flags(self: &Arc<Self>) -> Result<usize> {
        let mut ended = 0;
        for row in self.store.running_timed().await? {
            let moves = self.store.moves(&row.id).await?;
            let Ok(t) = Table::load(row, moves) else {
                continue;
            };
            if let Some(row) = t.flag(self.now()) {
                let id = row.id.clone();
                if self.commit(&t, row, None, None).await?.is_some() {
                    ended += 1;
                    self.after_change(&id).await;
                }
            } else {
                self.set_timer(&t);
                self.maybe_computer(&t);
            }
        }
        Ok(ended)
    }

    // ---- the computer ----

    fn maybe_computer(self: &Arc<Self>, t: &Table) {
        let Some(computer) = self.computer.clone() else {
            return;
        };
        if t.is_over() || t.row.status != "started" {
            return;
        }
        let side = t.to_move();
        let Some(think) = [t.row.white_computer_ms, t.row.black_computer_ms][side] else {
            return;
        };
        if !self
            .thinking
            .lock()
            .expect("thinking")
            .insert(t.row.id.clone())
        {
            return;
        }
        // Never past its own flag: a twentieth of its time left, at most.
        let think = match t.left_at(self.now()) {
            Some(left) => think.min(left[side] / 20).max(1),
            None => think,
        };
        let game = t.game.clone_box();
        let id = t.row.id.clone();
        let ply = t.row.ply;
        let me = self.clone();
        tokio::spawn(async move {
            let stop = Arc::new(AtomicBool::new(false));
            let flag = stop.clone();
            let timer = tokio::spawn(async move {
                tokio::time::sleep(Duration::from_millis(think as u64)).await;
                flag.store(true, Ordering::Relaxed);
            });
            let found = tokio::task::spawn_blocking(move || {
                computer(&*game, Duration::from_millis(think as u64), &stop)
                    .map(|m| {
                        (
                            m,
                            crate::variants::by_name(game.position().variant().name.as_str()),
                        )
                    })
                    .and_then(|(m, n)| n.map(|n| n.uci_move(game.position(), m)))
            })
            .await
            .ok()
            .flatten();
            timer.abort();
            me.thinking.lock().expect("thinking").remove(&id);
            if let Some(text) = found {
                let action = Action::Move {
                    text,
                    ply: Some(ply),
                };
                let _ = me.act(&id, &Actor::Computer, action).await;
            }
        });
    }

    // ---- streams ----

    /// Starts reading game `id`'s changes: the receiver, the presence guard
    /// (on the reader's seat), and the full game to send first.
    pub async fn watch(
        self: &Arc<Self>,
        id: &str,
        reader: Option<&Player>,
    ) -> Result<(broadcast::Receiver<Line>, Presence, Value)> {
        let t = self.table(id).await?;
        let seat = reader.and_then(|p| t.seats_of(&p.id).first().copied());
        // Subscribe before reading, so no change falls between the two.
        let (rx, presence) = self.hub.subscribe(id, seat);
        let full = self.full(id, reader).await?;
        // The others learn that this seat is here.
        if seat.is_some() {
            self.publish_presence(id).await;
        }
        Ok((rx, presence, full))
    }

    /// Tells a game's readers who is connected (after a stream opens or
    /// closes).
    pub async fn publish_presence(&self, id: &str) {
        if let Ok((_, state)) = self.state(id).await {
            self.hub.publish(
                id,
                Line {
                    version: 0,
                    text: state.to_string().into(),
                },
            );
        }
    }

    /// Starts reading a player's events; the events pending now (open
    /// challenges to them, games in progress) come first.
    pub async fn watch_player(
        &self,
        player: &Player,
    ) -> Result<(broadcast::Receiver<Line>, Presence, Vec<Value>)> {
        let key = format!("player:{}", player.id);
        let (rx, presence) = self.hub.subscribe(&key, None);
        let mut first = Vec::new();
        for row in self.store.playing(&player.id).await? {
            let t = self.table(&row.id).await?;
            let summary = view::summary(&t, self.seats(&t.row).await?);
            first.push(serde_json::json!({"type": "gameStart", "game": self.event_game(&t, &player.id, summary)}));
        }
        for row in self.store.challenges_to(&player.id).await? {
            let t = self.table(&row.id).await?;
            let seats = self.seats(&t.row).await?;
            first.push(serde_json::json!({"type": "challenge", "challenge": self.challenge_json(&t, &seats)}));
        }
        Ok((rx, presence, first))
    }

    /// Follows other servers' changes on the same PostgreSQL (LISTEN
    /// `duckchess_games`), until the connection fails; nothing for SQLite.
    pub async fn follow_other_servers(self: Arc<Self>) -> Result<()> {
        if self.store.backend() != Backend::Postgres {
            return Ok(());
        }
        let mut listener = sqlx::postgres::PgListener::connect(self.store.url()).await?;
        listener.listen("duckchess_games").await?;
        loop {
            let note = listener.recv().await?;
            let id = note.payload().to_string();
            if id == "lobby" {
                self.publish_lobby_here().await;
            } else if id.len() <= 16 {
                self.refresh(&id).await;
            }
        }
    }

    /// A list of games as summaries.
    pub async fn summaries(&self, rows: Vec<GameRow>) -> Result<Vec<Value>> {
        let mut out = Vec::with_capacity(rows.len());
        for row in rows {
            let t = self.table(&row.id).await?;
            let seats = self.seats(&t.row).await?;
            out.push(view::summary(&t, seats));
        }
        Ok(out)
    }

    /// The side a player holds in a game, if any.
    pub fn side_of(t: &Table, player: &Player) -> Option<usize> {
        t.seats_of(&player.id).first().copied()
    }
}

/// The side to move's index, for callers holding a game.
pub fn to_move(game: &dyn AnyGame) -> usize {
    index(game.position().turn())
}
