//! The server's database: games between people, their moves with the
//! clocks, players, sessions and API tokens.
//!
//! One code path for SQLite (an embedded file, the default) and PostgreSQL,
//! through `sqlx::Any`; the schema is this crate's `migrations/`, embedded
//! in the binary and applied on open, forward only.
//! Every change to a game is a compare-and-set on its `version` inside one
//! transaction with its move, so a move is stored once or not at all, and
//! two writers (two requests, two servers) never both change one game.

mod ratings;
mod rows;
mod seeks;

pub use rows::{
    Credential, GameRow, MoveRow, MoveWrite, Player, RatingRow, RatingWrite, Seating, SeekRow,
};
pub use seeks::{Pairing, Posted};

use futures_util::future::BoxFuture;
use sqlx::any::{AnyPoolOptions, AnyRow};
use sqlx::migrate::{Migration, MigrationSource, MigrationType, Migrator};
use sqlx::{AnyPool, Executor, Row};
use std::borrow::Cow;
use std::time::Duration;

/// What went wrong with the database, in words for the one line the user
/// reads.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The URL names no database this build can open (the URL as
    /// [`redact`] writes it: no password).
    #[error("database URL `{0}`: expected sqlite://PATH[?sync=full] or postgres://USER@HOST/NAME")]
    BadUrl(String),
    /// The database refused or failed.
    #[error("database: {0}")]
    Database(#[from] sqlx::Error),
    /// The schema could not be brought up to date.
    #[error("database schema: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    /// An account of that name exists.
    #[error("the name `{0}` is taken")]
    NameTaken(String),
    /// Another server already serves this SQLite file.
    #[error(
        "the database {0} is already served by another `duckchess serve`: an SQLite file is \
         one server's (stop that one, or give every server one PostgreSQL database with \
         --database postgres://USER:PASSWORD@HOST/NAME)"
    )]
    InUse(String),
}

/// A SQLite database claimed by one serving process ([`Store::claim`]):
/// held as long as the server runs, released when the process ends, even
/// by `kill -9`.
#[derive(Debug)]
pub struct Claim {
    _file: Option<std::fs::File>,
}

/// Which engine a [`Store`] talks to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// An embedded file, one process.
    Sqlite,
    /// A server, any number of processes.
    Postgres,
}

/// The database behind `duckchess serve`.
#[derive(Clone, Debug)]
pub struct Store {
    pool: AnyPool,
    backend: Backend,
    url: String,
    /// An SQLite database's file (none for `:memory:` and PostgreSQL).
    file: Option<String>,
    /// SQLite lets one writer in at a time and answers a second "busy"
    /// rather than waiting when both began by reading; writes in one
    /// process queue here instead.
    write: std::sync::Arc<tokio::sync::Mutex<()>>,
}

/// The schema's migrations, in order: the files of `migrations/`.
const MIGRATIONS: &[(i64, &str, &str)] = &[
    (
        1,
        "online",
        include_str!("../../migrations/0001_online.sql"),
    ),
    (
        2,
        "ratings",
        include_str!("../../migrations/0002_ratings.sql"),
    ),
    (3, "lobby", include_str!("../../migrations/0003_lobby.sql")),
    (
        4,
        "takeback",
        include_str!("../../migrations/0004_takeback.sql"),
    ),
];

/// The columns of a [`RatingRow`].
const RATING_COLUMNS: &str =
    "player_id, perf, rating, deviation, volatility, games, wins, draws, losses, last_ms";

/// The embedded migrations as sqlx reads a migrations folder.
#[derive(Debug)]
struct Embedded(i64);

impl<'s> MigrationSource<'s> for Embedded {
    fn resolve(self) -> BoxFuture<'s, Result<Vec<Migration>, sqlx::error::BoxDynError>> {
        Box::pin(async move {
            Ok(MIGRATIONS
                .iter()
                .filter(|(version, _, _)| *version <= self.0)
                .map(|&(version, description, sql)| {
                    Migration::new(
                        version,
                        Cow::Borrowed(description),
                        MigrationType::Simple,
                        Cow::Borrowed(sql),
                        false,
                    )
                })
                .collect())
        })
    }
}

/// A database URL without its password (`postgres://u:***@h/db`), for
/// messages and the log: the one way the server writes a URL it was given.
///
/// ```
/// use duckchess_server::store::redact;
/// assert_eq!(redact("postgres://u:secret@h/db"), "postgres://u:***@h/db");
/// assert_eq!(redact("postgres://u@h/db"), "postgres://u:***@h/db");
/// assert_eq!(redact("sqlite:///tmp/a.db"), "sqlite:///tmp/a.db");
/// ```
pub fn redact(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(scheme), Some(at)) if at > scheme => {
            let creds = &url[scheme + 3..at];
            let user = creds.split(':').next().unwrap_or("");
            format!("{}{user}:***{}", &url[..scheme + 3], &url[at..])
        }
        _ => url.to_string(),
    }
}

/// The database file `duckchess serve` uses when given none: in the data
/// folder (`$XDG_DATA_HOME`, else `~/.local/share`), `duckchess/duckchess.db`.
pub fn default_url() -> String {
    let base = std::env::var_os("XDG_DATA_HOME")
        .filter(|d| !d.is_empty())
        .map(std::path::PathBuf::from)
        .or_else(|| {
            std::env::var_os("HOME").map(|h| std::path::PathBuf::from(h).join(".local/share"))
        })
        .unwrap_or_else(|| std::path::PathBuf::from("."));
    format!("sqlite://{}", base.join("duckchess/duckchess.db").display())
}

impl Store {
    /// Opens the database at `url` (`sqlite://PATH`, created with its folder
    /// on first use; `postgres://...`), and brings its schema up to date.
    pub async fn open(url: &str) -> Result<Store, StoreError> {
        Store::open_at(url, i64::MAX).await
    }

    /// Opens the database with its schema brought up to `version` only: an
    /// older duckchess's database, for the tests of upgrades.
    pub async fn open_at(url: &str, version: i64) -> Result<Store, StoreError> {
        sqlx::any::install_default_drivers();
        let mut full_sync = false;
        let mut file = None;
        let (backend, connect) = if let Some(rest) = url.strip_prefix("sqlite://") {
            // Our own parameter, `sync=full`, is taken out; sqlx's stay.
            let (path, query) = rest.split_once('?').unwrap_or((rest, ""));
            let mut params = Vec::new();
            for p in query.split('&').filter(|p| !p.is_empty()) {
                match p {
                    "sync=full" => full_sync = true,
                    "sync=normal" => full_sync = false,
                    p if p.starts_with("sync=") => return Err(StoreError::BadUrl(redact(url))),
                    p => params.push(p),
                }
            }
            if path.is_empty() {
                return Err(StoreError::BadUrl(redact(url)));
            }
            if path != ":memory:" {
                file = Some(path.to_string());
                if let Some(dir) = std::path::Path::new(path).parent() {
                    if !dir.as_os_str().is_empty() {
                        std::fs::create_dir_all(dir).map_err(|e| {
                            StoreError::Database(sqlx::Error::Configuration(
                                format!("cannot create {}: {e}", dir.display()).into(),
                            ))
                        })?;
                    }
                }
            }
            params.push("mode=rwc");
            (
                Backend::Sqlite,
                format!("sqlite://{path}?{}", params.join("&")),
            )
        } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            (Backend::Postgres, url.to_string())
        } else {
            return Err(StoreError::BadUrl(redact(url)));
        };
        let options = AnyPoolOptions::new()
            .max_connections(if backend == Backend::Sqlite { 4 } else { 16 })
            .acquire_timeout(Duration::from_secs(10));
        let options = if backend == Backend::Sqlite {
            options.after_connect(move |conn, _| {
                Box::pin(async move {
                    // WAL: readers never wait for the writer, and a commit
                    // is in the log before its move is acknowledged, so a
                    // crash or kill -9 of the server loses nothing
                    // acknowledged. NORMAL syncs the log at checkpoints
                    // (a power cut may lose the last moments); `sync=full`
                    // syncs every commit, at about 2 ms each here.
                    let sync = if full_sync { "FULL" } else { "NORMAL" };
                    conn.execute(
                        format!(
                            "PRAGMA journal_mode = WAL; PRAGMA synchronous = {sync}; \
                             PRAGMA busy_timeout = 10000; PRAGMA foreign_keys = ON;"
                        )
                        .as_str(),
                    )
                    .await?;
                    Ok(())
                })
            })
        } else {
            options
        };
        let pool = options.connect(&connect).await?;
        let store = Store {
            pool,
            backend,
            url: url.to_string(),
            file,
            write: Default::default(),
        };
        store.migrate(version).await?;
        Ok(store)
    }

    /// Claims the database for this process's server. An SQLite file is one
    /// server's: a second server on it would keep its own streams and
    /// never see the first's moves, so it is refused with
    /// [`StoreError::InUse`]. The claim is an advisory lock on the file
    /// (`flock`, apart from SQLite's own locks, so other programs and
    /// tools still read and write it). PostgreSQL and `:memory:` need none.
    pub fn claim(&self) -> Result<Claim, StoreError> {
        let Some(path) = self.file.clone() else {
            return Ok(Claim { _file: None });
        };
        let file = std::fs::File::open(&path).map_err(|e| {
            StoreError::Database(sqlx::Error::Configuration(
                format!("cannot open {path}: {e}").into(),
            ))
        })?;
        match file.try_lock() {
            Ok(()) => Ok(Claim { _file: Some(file) }),
            Err(std::fs::TryLockError::WouldBlock) => Err(StoreError::InUse(path)),
            Err(std::fs::TryLockError::Error(e)) => Err(StoreError::Database(
                sqlx::Error::Configuration(format!("cannot lock {path}: {e}").into()),
            )),
        }
    }

    /// Applies the migrations the database lacks (up to `version`); refuses
    /// a database whose schema is newer than this build's or whose applied
    /// migrations differ.
    async fn migrate(&self, version: i64) -> Result<(), StoreError> {
        let migrator = Migrator::new(Embedded(version)).await?;
        migrator.run(&self.pool).await?;
        Ok(())
    }

    /// The schema versions applied, oldest first.
    pub async fn schema_versions(&self) -> Result<Vec<i64>, StoreError> {
        let rows = sqlx::query("SELECT version FROM _sqlx_migrations ORDER BY version")
            .fetch_all(&self.pool)
            .await?;
        Ok(rows.iter().map(|r| r.get::<i64, _>(0)).collect())
    }

    /// Which engine this is.
    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// The URL it was opened with (for a second connection, e.g. a
    /// PostgreSQL listener).
    pub fn url(&self) -> &str {
        &self.url
    }

    /// Holds SQLite's one writer (a no-op guard for PostgreSQL, whose rows
    /// lock themselves).
    async fn writer(&self) -> Option<tokio::sync::MutexGuard<'_, ()>> {
        match self.backend {
            Backend::Sqlite => Some(self.write.lock().await),
            Backend::Postgres => None,
        }
    }

    // ---- players and credentials ----

    /// Stores a new player: a guest (`password_hash` none) or an account.
    pub async fn insert_player(&self, player: &Player) -> Result<(), StoreError> {
        let _w = self.writer().await;
        let key = player
            .password_hash
            .as_ref()
            .map(|_| player.name.to_lowercase());
        let done = sqlx::query(
            "INSERT INTO players (id, name, account_key, password_hash, created_ms) \
             VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(&player.id)
        .bind(&player.name)
        .bind(key)
        .bind(&player.password_hash)
        .bind(player.created_ms)
        .execute(&self.pool)
        .await;
        match done {
            Err(sqlx::Error::Database(e)) if e.is_unique_violation() => {
                Err(StoreError::NameTaken(player.name.clone()))
            }
            other => other.map(|_| ()).map_err(Into::into),
        }
    }

    /// A player by id.
    pub async fn player(&self, id: &str) -> Result<Option<Player>, StoreError> {
        let row =
            sqlx::query("SELECT id, name, password_hash, created_ms FROM players WHERE id = $1")
                .bind(id)
                .fetch_optional(&self.pool)
                .await?;
        Ok(row.as_ref().map(Player::from_row).transpose()?)
    }

    /// An account by name, in any case.
    pub async fn account(&self, name: &str) -> Result<Option<Player>, StoreError> {
        let row = sqlx::query(
            "SELECT id, name, password_hash, created_ms FROM players WHERE account_key = $1",
        )
        .bind(name.to_lowercase())
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.as_ref().map(Player::from_row).transpose()?)
    }

    /// Stores a session or API token (by its hash).
    pub async fn insert_credential(&self, c: &Credential) -> Result<(), StoreError> {
        let _w = self.writer().await;
        sqlx::query(
            "INSERT INTO credentials (token_hash, player_id, kind, label, created_ms) \
             VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(&c.token_hash)
        .bind(&c.player_id)
        .bind(&c.kind)
        .bind(&c.label)
        .bind(c.created_ms)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The player a live (not revoked) token hash belongs to, with the
    /// credential's kind.
    pub async fn holder(&self, token_hash: &str) -> Result<Option<(Player, String)>, StoreError> {
        let row = sqlx::query(
            "SELECT p.id, p.name, p.password_hash, p.created_ms, c.kind FROM credentials c \
             JOIN players p ON p.id = c.player_id \
             WHERE c.token_hash = $1 AND c.revoked_ms IS NULL",
        )
        .bind(token_hash)
        .fetch_optional(&self.pool)
        .await?;
        match row {
            None => Ok(None),
            Some(r) => Ok(Some((Player::from_row(&r)?, r.try_get("kind")?))),
        }
    }

    /// Revokes a token (by its hash); true when it was live.
    pub async fn revoke(&self, token_hash: &str, now_ms: i64) -> Result<bool, StoreError> {
        let _w = self.writer().await;
        let done = sqlx::query(
            "UPDATE credentials SET revoked_ms = $1 WHERE token_hash = $2 AND revoked_ms IS NULL",
        )
        .bind(now_ms)
        .bind(token_hash)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// A player's sessions and API tokens, newest first, each with when it
    /// was revoked (none while it is live).
    pub async fn credentials_of(
        &self,
        player_id: &str,
    ) -> Result<Vec<(Credential, Option<i64>)>, StoreError> {
        let rows = sqlx::query(
            "SELECT token_hash, player_id, kind, label, created_ms, revoked_ms FROM credentials \
             WHERE player_id = $1 ORDER BY created_ms DESC, token_hash",
        )
        .bind(player_id)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok((
                    Credential {
                        token_hash: r.try_get(0)?,
                        player_id: r.try_get(1)?,
                        kind: r.try_get(2)?,
                        label: r.try_get(3)?,
                        created_ms: r.try_get(4)?,
                    },
                    r.try_get(5)?,
                ))
            })
            .collect::<Result<_, sqlx::Error>>()
            .map_err(Into::into)
    }

    /// Revokes a player's live sessions and tokens whose hash starts with
    /// `prefix` (lower-case hex; every one for an empty prefix): how many.
    pub async fn revoke_of(
        &self,
        player_id: &str,
        prefix: &str,
        now_ms: i64,
    ) -> Result<u64, StoreError> {
        let _w = self.writer().await;
        let done = sqlx::query(
            "UPDATE credentials SET revoked_ms = $1 \
             WHERE player_id = $2 AND revoked_ms IS NULL AND token_hash LIKE $3",
        )
        .bind(now_ms)
        .bind(player_id)
        .bind(format!("{prefix}%"))
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected())
    }

    // ---- games ----

    /// Stores a new game, and cancels its players' open seeks in the same
    /// transaction (who starts a game or waits for an opponent at a table
    /// of their own leaves the lobby).
    pub async fn insert_game(&self, g: &GameRow) -> Result<(), StoreError> {
        let _w = self.writer().await;
        let mut tx = self.pool.begin().await?;
        let players = seated(g);
        seeks::lock_players(&mut tx, &players).await?;
        g.bind_all(sqlx::query(rows::INSERT_GAME))
            .execute(&mut *tx)
            .await?;
        seeks::cancel_open_in(&mut tx, &players).await?;
        tx.commit().await?;
        Ok(())
    }

    /// A game by id.
    pub async fn game(&self, id: &str) -> Result<Option<GameRow>, StoreError> {
        let row = sqlx::query(&format!(
            "SELECT {} FROM games WHERE id = $1",
            rows::GAME_COLUMNS
        ))
        .bind(id)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.as_ref().map(GameRow::from_row).transpose()?)
    }

    /// A game's moves, in order.
    pub async fn moves(&self, id: &str) -> Result<Vec<MoveRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT ply, move_text, white_ms, black_ms, played_ms FROM moves \
             WHERE game_id = $1 ORDER BY ply",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(MoveRow::from_row)
            .collect::<Result<_, _>>()
            .map_err(Into::into)
    }

    /// Writes `new` over the game if it is still at `expected_version`,
    /// with `moves` (the move that made it, or the moves a takeback
    /// removes) in the same transaction. False when
    /// another writer changed the game first: nothing is written. When
    /// `starts` (a join: the game begins) or with `also` (a rematch made),
    /// the players' open seeks are cancelled in the same transaction.
    pub async fn save(
        &self,
        expected_version: i64,
        new: &GameRow,
        moves: MoveWrite<'_>,
        also: Option<&GameRow>,
        ratings: &[RatingWrite],
        starts: bool,
    ) -> Result<bool, StoreError> {
        let _w = self.writer().await;
        let mut tx = self.pool.begin().await?;
        let done = new
            .bind_update(sqlx::query(rows::UPDATE_GAME), expected_version)
            .execute(&mut *tx)
            .await?;
        if done.rows_affected() != 1 {
            tx.rollback().await?;
            return Ok(false);
        }
        let mut leaving = if starts { seated(new) } else { Vec::new() };
        leaving.extend(also.map(seated).unwrap_or_default());
        if !leaving.is_empty() {
            seeks::lock_players(&mut tx, &leaving).await?;
            seeks::cancel_open_in(&mut tx, &leaving).await?;
        }
        if let MoveWrite::TakeBackTo(ply) = moves {
            sqlx::query("DELETE FROM moves WHERE game_id = $1 AND ply >= $2")
                .bind(&new.id)
                .bind(ply)
                .execute(&mut *tx)
                .await?;
        }
        if let MoveWrite::Add(m) = moves {
            let inserted = sqlx::query(
                "INSERT INTO moves (game_id, ply, move_text, white_ms, black_ms, played_ms) \
                 VALUES ($1, $2, $3, $4, $5, $6)",
            )
            .bind(&new.id)
            .bind(m.ply)
            .bind(&m.text)
            .bind(m.white_ms)
            .bind(m.black_ms)
            .bind(m.played_ms)
            .execute(&mut *tx)
            .await;
            match inserted {
                Err(sqlx::Error::Database(e)) if e.is_unique_violation() => {
                    tx.rollback().await?;
                    return Ok(false);
                }
                other => {
                    other?;
                }
            }
        }
        if let Some(g) = also {
            g.bind_all(sqlx::query(rows::INSERT_GAME))
                .execute(&mut *tx)
                .await?;
        }
        for w in ratings {
            let r = &w.row;
            let done = match w.expected_games {
                None => {
                    sqlx::query(
                        "INSERT INTO ratings (player_id, perf, rating, deviation, volatility, games, \
                         wins, draws, losses, last_ms) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
                    )
                    .bind(&r.player_id)
                    .bind(&r.perf)
                    .bind(r.rating)
                    .bind(r.deviation)
                    .bind(r.volatility)
                    .bind(r.games)
                    .bind(r.wins)
                    .bind(r.draws)
                    .bind(r.losses)
                    .bind(r.last_ms)
                    .execute(&mut *tx)
                    .await
                }
                Some(expected) => {
                    sqlx::query(
                        "UPDATE ratings SET rating = $1, deviation = $2, volatility = $3, games = $4, \
                         wins = $5, draws = $6, losses = $7, last_ms = $8 \
                         WHERE player_id = $9 AND perf = $10 AND games = $11",
                    )
                    .bind(r.rating)
                    .bind(r.deviation)
                    .bind(r.volatility)
                    .bind(r.games)
                    .bind(r.wins)
                    .bind(r.draws)
                    .bind(r.losses)
                    .bind(r.last_ms)
                    .bind(&r.player_id)
                    .bind(&r.perf)
                    .bind(expected)
                    .execute(&mut *tx)
                    .await
                }
            };
            let applied = match done {
                Ok(d) => d.rows_affected() == 1,
                Err(sqlx::Error::Database(e)) if e.is_unique_violation() => false,
                Err(e) => return Err(e.into()),
            };
            if !applied {
                tx.rollback().await?;
                return Ok(false);
            }
            sqlx::query(
                "INSERT INTO rating_history (player_id, perf, game_id, rating, deviation, at_ms) \
                 VALUES ($1, $2, $3, $4, $5, $6)",
            )
            .bind(&r.player_id)
            .bind(&r.perf)
            .bind(&w.game_id)
            .bind(r.rating)
            .bind(r.deviation)
            .bind(r.last_ms)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(true)
    }

    async fn games_where(
        &self,
        clause: &str,
        arg: Option<&str>,
        limit: i64,
    ) -> Result<Vec<GameRow>, StoreError> {
        let sql = format!(
            "SELECT {} FROM games WHERE {clause} ORDER BY updated_ms DESC, id LIMIT {limit}",
            rows::GAME_COLUMNS
        );
        let mut q = sqlx::query(&sql);
        if let Some(a) = arg {
            q = q.bind(a);
        }
        let rows = q.fetch_all(&self.pool).await?;
        rows.iter()
            .map(GameRow::from_row)
            .collect::<Result<_, _>>()
            .map_err(Into::into)
    }

    /// Games being played with a clock: the server watches their flags.
    pub async fn running_timed(&self) -> Result<Vec<GameRow>, StoreError> {
        self.games_where(
            "status = 'started' AND initial_ms IS NOT NULL",
            None,
            100_000,
        )
        .await
    }

    /// The most recently changed games, any status but open challenges.
    pub async fn recent(&self, limit: i64) -> Result<Vec<GameRow>, StoreError> {
        self.games_where("status NOT IN ('created', 'declined')", None, limit)
            .await
    }

    /// Games waiting for a second player, open to anyone with the link.
    pub async fn open_games(&self, limit: i64) -> Result<Vec<GameRow>, StoreError> {
        self.games_where("status = 'created' AND challenged_id IS NULL", None, limit)
            .await
    }

    /// A player's games, newest first.
    pub async fn games_of(&self, player_id: &str, limit: i64) -> Result<Vec<GameRow>, StoreError> {
        self.games_where("(white_id = $1 OR black_id = $1)", Some(player_id), limit)
            .await
    }

    /// Challenges addressed to a player, still open.
    pub async fn challenges_to(&self, player_id: &str) -> Result<Vec<GameRow>, StoreError> {
        self.games_where(
            "status = 'created' AND challenged_id = $1",
            Some(player_id),
            100,
        )
        .await
    }

    /// A player's games in progress.
    pub async fn playing(&self, player_id: &str) -> Result<Vec<GameRow>, StoreError> {
        self.games_where(
            "status = 'started' AND (white_id = $1 OR black_id = $1)",
            Some(player_id),
            100,
        )
        .await
    }

    /// Tells the other servers on this PostgreSQL that a game changed
    /// (`LISTEN duckchess_games`); nothing for SQLite, one process.
    pub async fn notify(&self, game_id: &str) -> Result<(), StoreError> {
        if self.backend == Backend::Postgres {
            sqlx::query("SELECT pg_notify('duckchess_games', $1)")
                .bind(game_id)
                .execute(&self.pool)
                .await?;
        }
        Ok(())
    }

    /// The pool, for the listener's and tests' own queries.
    pub fn pool(&self) -> &AnyPool {
        &self.pool
    }
}

/// Reads an optional column that may be absent from a row.
/// The players seated at a game.
fn seated(g: &GameRow) -> Vec<&str> {
    [g.white_id.as_deref(), g.black_id.as_deref()]
        .into_iter()
        .flatten()
        .collect()
}

fn opt<T>(row: &AnyRow, col: &str) -> Result<Option<T>, sqlx::Error>
where
    T: for<'r> sqlx::Decode<'r, sqlx::Any> + sqlx::Type<sqlx::Any>,
{
    row.try_get::<Option<T>, _>(col)
}
