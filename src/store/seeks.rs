//! The lobby's seeks in the database: posted, renewed, cancelled,
//! expired, and paired into a game in one transaction.

use super::{rows, GameRow, SeekRow, Store, StoreError};

impl Store {
    /// Posts a seek; false when the player has an open one already.
    pub async fn insert_seek(&self, k: &SeekRow) -> Result<bool, StoreError> {
        let _w = self.writer().await;
        let done = sqlx::query(&format!(
            "INSERT INTO seeks ({}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)",
            rows::SEEK_COLUMNS
        ))
        .bind(&k.id)
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
        .execute(&self.pool)
        .await;
        match done {
            Ok(_) => Ok(true),
            Err(sqlx::Error::Database(e)) if e.is_unique_violation() => Ok(false),
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
    /// it, all in one transaction, which only happens while every seek is
    /// still open at `now`; `cancel_open_of` (an accepter) has any open
    /// seek of theirs cancelled in it too. False when a seek was taken,
    /// cancelled or expired first: nothing is written.
    pub async fn pair(
        &self,
        game: &GameRow,
        seeks: &[&str],
        now: i64,
        cancel_open_of: Option<&str>,
    ) -> Result<bool, StoreError> {
        let _w = self.writer().await;
        let mut tx = self.pool.begin().await?;
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
                return Ok(false);
            }
        }
        if let Some(player) = cancel_open_of {
            sqlx::query(
                "UPDATE seeks SET status = 'cancelled' WHERE player_id = $1 AND status = 'open'",
            )
            .bind(player)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(true)
    }
}
