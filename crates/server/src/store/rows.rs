//! The rows of the server's tables, as Rust values.

use super::opt;
use duckchess_protocol::{Side, Status};
use sqlx::any::{AnyArguments, AnyRow};
use sqlx::query::Query;
use sqlx::{Any, Row};
use std::str::FromStr;

/// A person: a guest (a name, no password) or an account.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    /// Made by the server, unguessable.
    pub id: String,
    /// As shown.
    pub name: String,
    /// An account's argon2id hash (PHC string); none for a guest.
    pub password_hash: Option<String>,
    /// When it was made, ms since the epoch.
    pub created_ms: i64,
}

impl Player {
    /// Whether this is an account (not a guest).
    pub fn is_account(&self) -> bool {
        self.password_hash.is_some()
    }

    /// Whether this is the computer's account at a level: its hash is
    /// [`Player::NO_PASSWORD`], which no password matches.
    pub fn is_computer(&self) -> bool {
        self.password_hash.as_deref() == Some(Player::NO_PASSWORD)
    }

    /// The password hash of an account nobody signs in to (not a PHC
    /// string, so no password verifies against it).
    pub const NO_PASSWORD: &'static str = "!";

    pub(super) fn from_row(r: &AnyRow) -> Result<Player, sqlx::Error> {
        Ok(Player {
            id: r.try_get("id")?,
            name: r.try_get("name")?,
            password_hash: opt(r, "password_hash")?,
            created_ms: r.try_get("created_ms")?,
        })
    }
}

/// A browser session or a personal API token, kept as its hash.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Credential {
    /// SHA-256 of the token, in hex.
    pub token_hash: String,
    /// Whose.
    pub player_id: String,
    /// `session` (a cookie) or `api` (a Bearer token).
    pub kind: String,
    /// What the holder called it (a token's name; a session's "browser").
    pub label: String,
    /// When, ms since the epoch.
    pub created_ms: i64,
}

/// One game on the server, as stored.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRow {
    /// Eight letters and digits, as lichess's.
    pub id: String,
    /// The registry's name of the game.
    pub variant: String,
    /// The start, in the game's notation.
    pub start_position: String,
    /// The time each side starts with (none: untimed).
    pub initial_ms: Option<i64>,
    /// Added after each of a side's moves.
    pub increment_ms: Option<i64>,
    /// Who holds the first side's seat.
    pub white_id: Option<String>,
    /// Who holds the second side's seat.
    pub black_id: Option<String>,
    /// The computer's thinking time, when it holds the first seat.
    pub white_computer_ms: Option<i64>,
    /// The computer's thinking time, when it holds the second seat.
    pub black_computer_ms: Option<i64>,
    /// The player a challenge is for (none: anyone with the link).
    pub challenged_id: Option<String>,
    /// Where the game stands (kept as lichess's name: `created`,
    /// `started`, `aborted`, `mate`, …, `declined`).
    pub status: Status,
    /// The winner, once won (kept as `white` or `black`).
    pub winner: Option<Side>,
    /// The result in words.
    pub reason: Option<String>,
    /// Moves played.
    pub ply: i64,
    /// The first side's time left when the current turn began.
    pub white_ms: Option<i64>,
    /// The second side's.
    pub black_ms: Option<i64>,
    /// When the current turn began (ms since the epoch).
    pub turn_since_ms: Option<i64>,
    /// The side offering a draw.
    pub draw_offer: Option<Side>,
    /// The side asking to take back its last move.
    pub takeback_offer: Option<Side>,
    /// The side offering a rematch.
    pub rematch_offer: Option<Side>,
    /// The rematch, once both agreed.
    pub rematch_id: Option<String>,
    /// When made.
    pub created_ms: i64,
    /// When last changed.
    pub updated_ms: i64,
    /// Bumped by every change.
    pub version: i64,
    /// Whether the game is rated.
    pub rated: bool,
    /// The first side's rating before the game (rated games).
    pub white_rating: Option<f64>,
    /// The second side's.
    pub black_rating: Option<f64>,
    /// What the game changed the first side's rating by, once over.
    pub white_rating_diff: Option<f64>,
    /// The second side's.
    pub black_rating_diff: Option<f64>,
}

/// A player's rating in one perf.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingRow {
    /// Whose.
    pub player_id: String,
    /// Which perf: a game's name, or chess's speed.
    pub perf: String,
    /// Glicko-2's rating.
    pub rating: f64,
    /// Its deviation.
    pub deviation: f64,
    /// Its volatility.
    pub volatility: f64,
    /// Rated games played.
    pub games: i64,
    /// Of which won.
    pub wins: i64,
    /// Drawn.
    pub draws: i64,
    /// Lost.
    pub losses: i64,
    /// When the last rated game ended.
    pub last_ms: i64,
}

impl RatingRow {
    pub(super) fn from_row(r: &AnyRow) -> Result<RatingRow, sqlx::Error> {
        Ok(RatingRow {
            player_id: r.try_get("player_id")?,
            perf: r.try_get("perf")?,
            rating: r.try_get("rating")?,
            deviation: r.try_get("deviation")?,
            volatility: r.try_get("volatility")?,
            games: r.try_get("games")?,
            wins: r.try_get("wins")?,
            draws: r.try_get("draws")?,
            losses: r.try_get("losses")?,
            last_ms: r.try_get("last_ms")?,
        })
    }
}

/// What a change does to a game's moves, written with its row.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum MoveWrite<'a> {
    /// Nothing (an offer, a resignation, a flag …).
    None,
    /// The move that made the change.
    Add(&'a MoveRow),
    /// A takeback: the moves from this ply on are removed.
    TakeBackTo(i64),
}

/// A rating to write with the game that changed it: the new row, and the
/// games count it must still have (none: a player's first game in the
/// perf), so that no game counts twice and no two count as one.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingWrite {
    /// The rating after the game.
    pub row: RatingRow,
    /// `games` as read before the game.
    pub expected_games: Option<i64>,
    /// The game.
    pub game_id: String,
}

/// One move of a game, with the clocks after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRow {
    /// 0 for the first move.
    pub ply: i64,
    /// In the game's coordinate notation.
    pub text: String,
    /// The first side's time left after the move.
    pub white_ms: Option<i64>,
    /// The second side's.
    pub black_ms: Option<i64>,
    /// When the server accepted it.
    pub played_ms: i64,
}

impl MoveRow {
    pub(super) fn from_row(r: &AnyRow) -> Result<MoveRow, sqlx::Error> {
        Ok(MoveRow {
            ply: r.try_get("ply")?,
            text: r.try_get("move_text")?,
            white_ms: opt(r, "white_ms")?,
            black_ms: opt(r, "black_ms")?,
            played_ms: r.try_get("played_ms")?,
        })
    }
}

pub(super) const GAME_COLUMNS: &str = "id, variant, start_position, initial_ms, increment_ms, \
     white_id, black_id, white_computer_ms, black_computer_ms, challenged_id, status, winner, \
     reason, ply, white_ms, black_ms, turn_since_ms, draw_offer, rematch_offer, rematch_id, \
     created_ms, updated_ms, version, rated, white_rating, black_rating, white_rating_diff, \
     black_rating_diff, takeback_offer";

pub(super) const INSERT_GAME: &str = "INSERT INTO games (id, variant, start_position, \
     initial_ms, increment_ms, white_id, black_id, white_computer_ms, black_computer_ms, \
     challenged_id, status, winner, reason, ply, white_ms, black_ms, turn_since_ms, draw_offer, \
     rematch_offer, rematch_id, created_ms, updated_ms, version, rated, white_rating, \
     black_rating, white_rating_diff, black_rating_diff, takeback_offer) VALUES ($1, $2, $3, $4, \
     $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, \
     $24, $25, $26, $27, $28, $29)";

/// Everything but the id and what never changes (variant, start, time
/// control, created), set when the version is still the one read.
pub(super) const UPDATE_GAME: &str = "UPDATE games SET white_id = $1, black_id = $2, \
     white_computer_ms = $3, black_computer_ms = $4, challenged_id = $5, status = $6, \
     winner = $7, reason = $8, ply = $9, white_ms = $10, black_ms = $11, turn_since_ms = $12, \
     draw_offer = $13, rematch_offer = $14, rematch_id = $15, updated_ms = $16, version = $17, \
     white_rating = $18, black_rating = $19, white_rating_diff = $20, black_rating_diff = $21, \
     takeback_offer = $22 WHERE id = $23 AND version = $24";

type Q<'q> = Query<'q, Any, AnyArguments<'q>>;

/// A real number that may be absent, bound as NaN when it is: sqlx 0.8's
/// `Any` driver declares a null `f64` to PostgreSQL as a `float4`
/// parameter, and the statement, cached, then refuses every later `f64`
/// ("incorrect binary data format"). NaN is a real `float8` in
/// PostgreSQL and is stored as NULL by SQLite; it is read back as absent.
fn real(value: Option<f64>) -> f64 {
    value.unwrap_or(f64::NAN)
}

/// Who sits where in a new game, and how it is played.
#[derive(Clone, Debug, Default)]
pub struct Seating {
    /// The first side's player and the second's.
    pub players: [Option<String>; 2],
    /// The computer's thinking time on each side it holds.
    pub computer_ms: [Option<i64>; 2],
    /// The time each side starts with and the increment (none: untimed).
    pub clock: Option<(i64, i64)>,
    /// Rated.
    pub rated: bool,
    /// A challenge to this player.
    pub challenged: Option<String>,
}

impl GameRow {
    /// A new game at `now`: `started` (both seats taken) or `created` (a
    /// seat open), nothing played.
    pub fn new(
        id: String,
        variant: &str,
        start: String,
        seating: Seating,
        started: bool,
        now: i64,
    ) -> GameRow {
        let initial = seating.clock.map(|c| c.0);
        GameRow {
            id,
            variant: variant.to_string(),
            start_position: start,
            initial_ms: initial,
            increment_ms: seating.clock.map(|c| c.1),
            white_id: seating.players[0].clone(),
            black_id: seating.players[1].clone(),
            white_computer_ms: seating.computer_ms[0],
            black_computer_ms: seating.computer_ms[1],
            challenged_id: seating.challenged,
            status: if started {
                Status::Started
            } else {
                Status::Created
            },
            winner: None,
            reason: None,
            ply: 0,
            white_ms: initial,
            black_ms: initial,
            turn_since_ms: Some(now),
            draw_offer: None,
            takeback_offer: None,
            rematch_offer: None,
            rematch_id: None,
            created_ms: now,
            updated_ms: now,
            version: 0,
            rated: seating.rated,
            white_rating: None,
            black_rating: None,
            white_rating_diff: None,
            black_rating_diff: None,
        }
    }

    pub(super) fn from_row(r: &AnyRow) -> Result<GameRow, sqlx::Error> {
        Ok(GameRow {
            id: r.try_get("id")?,
            variant: r.try_get("variant")?,
            start_position: r.try_get("start_position")?,
            initial_ms: opt(r, "initial_ms")?,
            increment_ms: opt(r, "increment_ms")?,
            white_id: opt(r, "white_id")?,
            black_id: opt(r, "black_id")?,
            white_computer_ms: opt(r, "white_computer_ms")?,
            black_computer_ms: opt(r, "black_computer_ms")?,
            challenged_id: opt(r, "challenged_id")?,
            status: word(r, "status")?,
            winner: opt::<String>(r, "winner")?.map(|w| parse(&w)).transpose()?,
            reason: opt(r, "reason")?,
            ply: r.try_get("ply")?,
            white_ms: opt(r, "white_ms")?,
            black_ms: opt(r, "black_ms")?,
            turn_since_ms: opt(r, "turn_since_ms")?,
            draw_offer: opt::<String>(r, "draw_offer")?
                .map(|w| parse(&w))
                .transpose()?,
            takeback_offer: opt::<String>(r, "takeback_offer")?
                .map(|w| parse(&w))
                .transpose()?,
            rematch_offer: opt::<String>(r, "rematch_offer")?
                .map(|w| parse(&w))
                .transpose()?,
            rematch_id: opt(r, "rematch_id")?,
            created_ms: r.try_get("created_ms")?,
            updated_ms: r.try_get("updated_ms")?,
            version: r.try_get("version")?,
            rated: r.try_get::<i64, _>("rated")? != 0,
            white_rating: opt::<f64>(r, "white_rating")?.filter(|v| !v.is_nan()),
            black_rating: opt::<f64>(r, "black_rating")?.filter(|v| !v.is_nan()),
            white_rating_diff: opt::<f64>(r, "white_rating_diff")?.filter(|v| !v.is_nan()),
            black_rating_diff: opt::<f64>(r, "black_rating_diff")?.filter(|v| !v.is_nan()),
        })
    }

    pub(super) fn bind_all<'q>(&'q self, q: Q<'q>) -> Q<'q> {
        q.bind(&self.id)
            .bind(&self.variant)
            .bind(&self.start_position)
            .bind(self.initial_ms)
            .bind(self.increment_ms)
            .bind(&self.white_id)
            .bind(&self.black_id)
            .bind(self.white_computer_ms)
            .bind(self.black_computer_ms)
            .bind(&self.challenged_id)
            .bind(self.status.as_str())
            .bind(self.winner.map(Side::as_str))
            .bind(&self.reason)
            .bind(self.ply)
            .bind(self.white_ms)
            .bind(self.black_ms)
            .bind(self.turn_since_ms)
            .bind(self.draw_offer.map(Side::as_str))
            .bind(self.rematch_offer.map(Side::as_str))
            .bind(&self.rematch_id)
            .bind(self.created_ms)
            .bind(self.updated_ms)
            .bind(self.version)
            .bind(i64::from(self.rated))
            .bind(real(self.white_rating))
            .bind(real(self.black_rating))
            .bind(real(self.white_rating_diff))
            .bind(real(self.black_rating_diff))
            .bind(self.takeback_offer.map(Side::as_str))
    }

    pub(super) fn bind_update<'q>(&'q self, q: Q<'q>, expected_version: i64) -> Q<'q> {
        q.bind(&self.white_id)
            .bind(&self.black_id)
            .bind(self.white_computer_ms)
            .bind(self.black_computer_ms)
            .bind(&self.challenged_id)
            .bind(self.status.as_str())
            .bind(self.winner.map(Side::as_str))
            .bind(&self.reason)
            .bind(self.ply)
            .bind(self.white_ms)
            .bind(self.black_ms)
            .bind(self.turn_since_ms)
            .bind(self.draw_offer.map(Side::as_str))
            .bind(self.rematch_offer.map(Side::as_str))
            .bind(&self.rematch_id)
            .bind(self.updated_ms)
            .bind(self.version)
            .bind(real(self.white_rating))
            .bind(real(self.black_rating))
            .bind(real(self.white_rating_diff))
            .bind(real(self.black_rating_diff))
            .bind(self.takeback_offer.map(Side::as_str))
            .bind(&self.id)
            .bind(expected_version)
    }
}

/// A seek in the lobby.
#[derive(Clone, Debug, PartialEq)]
pub struct SeekRow {
    /// Made by the server.
    pub id: String,
    /// Who seeks.
    pub player_id: String,
    /// The game.
    pub variant: String,
    /// The clock's base.
    pub initial_ms: i64,
    /// Its increment.
    pub increment_ms: i64,
    /// Whether the game will be rated.
    pub rated: bool,
    /// `white`, `black` or `random`: the seeker's side.
    pub color: String,
    /// The lowest opponent's rating accepted.
    pub rating_min: Option<i64>,
    /// The highest.
    pub rating_max: Option<i64>,
    /// Quick pairing: the server pairs it.
    pub pool: bool,
    /// The seeker's rating in the perf when posted.
    pub rating: f64,
    /// `open`, `paired`, `cancelled`, `expired`.
    pub status: String,
    /// The game it became.
    pub game_id: Option<String>,
    /// When posted.
    pub created_ms: i64,
    /// When it goes unless renewed.
    pub expires_ms: i64,
}

pub(super) const SEEK_COLUMNS: &str = "id, player_id, variant, initial_ms, increment_ms, rated, \
     color, rating_min, rating_max, pool, rating, status, game_id, created_ms, expires_ms";

impl SeekRow {
    pub(super) fn from_row(r: &AnyRow) -> Result<SeekRow, sqlx::Error> {
        Ok(SeekRow {
            id: r.try_get("id")?,
            player_id: r.try_get("player_id")?,
            variant: r.try_get("variant")?,
            initial_ms: r.try_get("initial_ms")?,
            increment_ms: r.try_get("increment_ms")?,
            rated: r.try_get::<i64, _>("rated")? != 0,
            color: r.try_get("color")?,
            rating_min: opt(r, "rating_min")?,
            rating_max: opt(r, "rating_max")?,
            pool: r.try_get::<i64, _>("pool")? != 0,
            rating: r.try_get("rating")?,
            status: r.try_get("status")?,
            game_id: opt(r, "game_id")?,
            created_ms: r.try_get("created_ms")?,
            expires_ms: r.try_get("expires_ms")?,
        })
    }
}

/// A word the store keeps for a typed value (a status, a side), read
/// back: a word no version wrote is a decoding error naming the column, not
/// a silent default.
fn parse<T: FromStr>(word: &str) -> Result<T, sqlx::Error>
where
    T::Err: std::error::Error + Send + Sync + 'static,
{
    word.parse()
        .map_err(|e: T::Err| sqlx::Error::Decode(Box::new(e)))
}

/// [`parse`] of a column that always holds a word.
fn word<T: FromStr>(r: &AnyRow, col: &str) -> Result<T, sqlx::Error>
where
    T::Err: std::error::Error + Send + Sync + 'static,
{
    parse(&r.try_get::<String, _>(col)?)
}
