//! The lobby's seeks in the database: posted, renewed, cancelled,
//! expired, and paired into a game in one transaction.

use super::{rows, GameRow, SeekRow, Store, StoreError};
use sqlx::any::AnyArguments;
use sqlx::query::Query;
use sqlx::{Any, Row};

type AnyQuery<'q> = Query<'q, Any, AnyArguments<'q>>;
pub(super) type AnyTx<'c> = sqlx::Transaction<'c, Any>;

impl Store {
    /// Inserts a seek as it is, checking only the one open seek a player
    /// may have (false when they have one); the server posts through
    /// [`Store::open_seek`].
    pub async fn insert_seek(&self, k: &SeekRow) -> Result<bool, StoreError> {
        let _w = self.writer().await;
        let done = bind_seek(
            sqlx::query(&format!(
                "INSERT INTO seeks ({}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)",
                rows::SEEK_COLUMNS
            )),
            k,
        )
        .execute(&self.pool)
        .await;
        match done {
            Ok(_) => Ok(true),
            Err(sqlx::Error::Database(e)) if e.is_unique_violation() => Ok(false),
            Err(e) => Err(e.into()),
        }
    }

    /// Posts a seek unless its player has a game in progress, checked in
    /// the transaction that inserts it (the player's row locked, as
    /// [`Store::pair`] locks it), so a seek never opens beside a game
    /// being made.
    pub async fn open_seek(&self, k: &SeekRow) -> Result<Posted, StoreError> {
        let _w = self.writer().await;
        let mut tx = self.pool.begin().await?;
        lock_players(&mut tx, &[&k.player_id]).await?;
        if let Some(game) = playing_in(&mut tx, &k.player_id, None).await? {
            tx.rollback().await?;
            return Ok(Posted::Playing(game));
        }
        let done = bind_seek(
            sqlx::query(&format!(
                "INSERT INTO seeks ({}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)",
                rows::SEEK_COLUMNS
            )),
            k,
        )
        .execute(&mut *tx)
        .await;
        match done {
            Ok(_) => {
                tx.commit().await?;
                Ok(Posted::Open)
            }
            Err(sqlx::Error::Database(e)) if e.is_unique_violation() => {
                tx.rollback().await?;
                Ok(Posted::HasOne)
            }
            Err(e) => Err(e.into()),
        }
    }

    /// A seek by id.
    pub async fn seek(&self, id: &str) -> Result<Option<SeekRow>, StoreError> {
        let row = sqlx::query(&format!(
            "SELECT {} FROM seeks WHERE id = $1",
            rows::SEEK_COLUMNS
        ))
        .bind(id)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.as_ref().map(SeekRow::from_row).transpose()?)
    }

    /// The open seeks not expired at `now`, oldest first.
    pub async fn open_seeks(&self, now: i64) -> Result<Vec<SeekRow>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT {} FROM seeks WHERE status = 'open' AND expires_ms > $1 \
             ORDER BY created_ms, id LIMIT 10000",
            rows::SEEK_COLUMNS
        ))
        .bind(now)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(SeekRow::from_row)
            .collect::<Result<_, _>>()
            .map_err(Into::into)
    }

    /// Marks the seeks nobody renewed; how many.
    pub async fn expire_seeks(&self, now: i64) -> Result<u64, StoreError> {
        let _w = self.writer().await;
        let done = sqlx::query(
            "UPDATE seeks SET status = 'expired' WHERE status = 'open' AND expires_ms <= $1",
        )
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected())
    }

    /// Moves an open seek's expiry on; false when it is not open.
    pub async fn renew_seek(
        &self,
        id: &str,
        player_id: &str,
        expires_ms: i64,
    ) -> Result<bool, StoreError> {
        let _w = self.writer().await;
        let done = sqlx::query(
            "UPDATE seeks SET expires_ms = $1 WHERE id = $2 AND player_id = $3 AND status = 'open'",
        )
        .bind(expires_ms)
        .bind(id)
        .bind(player_id)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Cancels an open seek at `now`; false when it is no longer open
    /// (paired, expired, someone else's).
    pub async fn cancel_seek(
        &self,
        id: &str,
        player_id: &str,
        now: i64,
    ) -> Result<bool, StoreError> {
        let _w = self.writer().await;
        let done = sqlx::query(
            "UPDATE seeks SET status = 'cancelled' \
             WHERE id = $1 AND player_id = $2 AND status = 'open' AND expires_ms > $3",
        )
        .bind(id)
        .bind(player_id)
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Pairs: the game made, and each of `seeks` marked as having become
    /// it, all in one transaction. In it, first, both players' rows are
    /// locked (in id order); then every seek must still be open at `now`,
    /// neither player may have another game in progress (which is also
    /// how an accepter whose own seek was just paired is refused), and
    /// `accepter` (who took a seek by hand) has their own open seek
    /// cancelled. Whatever fails, nothing is written and the answer says
    /// why. The locks make two pairings of one player (two tabs, two
    /// servers, a tab and the pool's matcher) take turns, the second
    /// seeing the first's game.
    pub async fn pair(
        &self,
        game: &GameRow,
        seeks: &[&str],
        now: i64,
        accepter: Option<&str>,
    ) -> Result<Pairing, StoreError> {
        let players: Vec<&str> = [game.white_id.as_deref(), game.black_id.as_deref()]
            .into_iter()
            .flatten()
            .collect();
        let _w = self.writer().await;
        let mut tx = self.pool.begin().await?;
        lock_players(&mut tx, &players).await?;
        game.bind_all(sqlx::query(rows::INSERT_GAME))
            .execute(&mut *tx)
            .await?;
        for id in seeks {
            let done = sqlx::query(
                "UPDATE seeks SET status = 'paired', game_id = $1 \
                 WHERE id = $2 AND status = 'open' AND expires_ms > $3",
            )
            .bind(&game.id)
            .bind(*id)
            .bind(now)
            .execute(&mut *tx)
            .await?;
            if done.rows_affected() != 1 {
                tx.rollback().await?;
                return Ok(Pairing::SeekGone);
            }
        }
        for p in &players {
            if let Some(playing) = playing_in(&mut tx, p, Some(&game.id)).await? {
                tx.rollback().await?;
                return Ok(Pairing::Playing {
                    player: p.to_string(),
                    game: playing,
                });
            }
        }
        if let Some(player) = accepter {
            cancel_open_in(&mut tx, &[player]).await?;
        }
        tx.commit().await?;
        Ok(Pairing::Made)
    }
}

/// What [`Store::open_seek`] did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Posted {
    /// The seek is open.
    Open,
    /// The player has an open seek already: nothing written.
    HasOne,
    /// The player is playing this game: nothing written.
    Playing(String),
}

/// What [`Store::pair`] did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pairing {
    /// The game is made and the seeks became it.
    Made,
    /// A seek was taken, cancelled or expired first: nothing written.
    SeekGone,
    /// `player` is playing `game` (made by a pairing, an invitation or a
    /// rematch that committed first): nothing written.
    Playing {
        /// Who.
        player: String,
        /// The game in progress.
        game: String,
    },
}

fn bind_seek<'q>(q: AnyQuery<'q>, k: &'q SeekRow) -> AnyQuery<'q> {
    q.bind(&k.id)
        .bind(&k.player_id)
        .bind(&k.variant)
        .bind(k.initial_ms)
        .bind(k.increment_ms)
        .bind(i64::from(k.rated))
        .bind(&k.color)
        .bind(k.rating_min)
        .bind(k.rating_max)
        .bind(i64::from(k.pool))
        .bind(k.rating)
        .bind(&k.status)
        .bind(&k.game_id)
        .bind(k.created_ms)
        .bind(k.expires_ms)
}

/// Locks the players' rows for the rest of the transaction, in id order
/// (so that two transactions never wait on each other in a circle):
/// PostgreSQL holds the row lock of an UPDATE until the end, and a second
/// transaction locking one of them waits, then reads what the first
/// committed; SQLite has one writer at a time anyway. Every transaction
/// that pairs, posts a seek or starts a game takes these locks first.
pub(super) async fn lock_players(tx: &mut AnyTx<'_>, players: &[&str]) -> Result<(), StoreError> {
    let mut ids = players.to_vec();
    ids.sort_unstable();
    ids.dedup();
    for id in ids {
        sqlx::query("UPDATE players SET name = name WHERE id = $1")
            .bind(id)
            .execute(&mut **tx)
            .await?;
    }
    Ok(())
}

/// A game in progress of the player's but `except`, read in the
/// transaction.
pub(super) async fn playing_in(
    tx: &mut AnyTx<'_>,
    player: &str,
    except: Option<&str>,
) -> Result<Option<String>, StoreError> {
    let row = sqlx::query(
        "SELECT id FROM games WHERE status = 'started' AND (white_id = $1 OR black_id = $1) \
         AND id <> $2 LIMIT 1",
    )
    .bind(player)
    .bind(except.unwrap_or(""))
    .fetch_optional(&mut **tx)
    .await?;
    Ok(row.map(|r| r.try_get::<String, _>(0)).transpose()?)
}

/// Cancels the players' open seeks, in the transaction.
pub(super) async fn cancel_open_in(tx: &mut AnyTx<'_>, players: &[&str]) -> Result<(), StoreError> {
    for p in players {
        sqlx::query(
            "UPDATE seeks SET status = 'cancelled' WHERE player_id = $1 AND status = 'open'",
        )
        .bind(*p)
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}
