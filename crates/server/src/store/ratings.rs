//! Ratings in the database: each player's per perf, their history, the
//! leaderboards.

use super::{RatingRow, Store, StoreError, RATING_COLUMNS};
use sqlx::Row;

impl Store {
    /// A player's rating in a perf, if they have played one there.
    pub async fn rating(
        &self,
        player_id: &str,
        perf: &str,
    ) -> Result<Option<RatingRow>, StoreError> {
        let row = sqlx::query(&format!(
            "SELECT {RATING_COLUMNS} FROM ratings WHERE player_id = $1 AND perf = $2"
        ))
        .bind(player_id)
        .bind(perf)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.as_ref().map(RatingRow::from_row).transpose()?)
    }

    /// A player's ratings in every perf played.
    pub async fn ratings_of(&self, player_id: &str) -> Result<Vec<RatingRow>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT {RATING_COLUMNS} FROM ratings WHERE player_id = $1 ORDER BY perf"
        ))
        .bind(player_id)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(RatingRow::from_row)
            .collect::<Result<_, _>>()
            .map_err(Into::into)
    }

    /// The best ratings of a perf: deviation at most `max_deviation`, a
    /// rated game since `since_ms`; best first.
    pub async fn leaders(
        &self,
        perf: &str,
        max_deviation: f64,
        since_ms: i64,
        limit: i64,
    ) -> Result<Vec<RatingRow>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT {RATING_COLUMNS} FROM ratings WHERE perf = $1 AND deviation <= $2 \
             AND last_ms >= $3 ORDER BY rating DESC, player_id LIMIT {limit}"
        ))
        .bind(perf)
        .bind(max_deviation)
        .bind(since_ms)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(RatingRow::from_row)
            .collect::<Result<_, _>>()
            .map_err(Into::into)
    }

    /// A player's rating after each rated game of a perf, oldest first:
    /// (when, rating, deviation).
    pub async fn history(
        &self,
        player_id: &str,
        perf: &str,
    ) -> Result<Vec<(i64, f64, f64)>, StoreError> {
        let rows = sqlx::query(
            "SELECT at_ms, rating, deviation FROM rating_history \
             WHERE player_id = $1 AND perf = $2 ORDER BY at_ms, game_id",
        )
        .bind(player_id)
        .bind(perf)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| Ok((r.try_get(0)?, r.try_get(1)?, r.try_get(2)?)))
            .collect::<Result<_, sqlx::Error>>()
            .map_err(Into::into)
    }
}
