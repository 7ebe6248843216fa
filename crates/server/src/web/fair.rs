//! No engine help for a live rated game: the engine's endpoints (the best
//! move and hints, the analysis, the review) refuse a position that stands
//! in one, for anyone ([`crate::online::fair`]).

use super::game::Loaded;
use super::{ApiError, AppState};
use axum::http::StatusCode;

/// The refusal's sentence.
pub const REFUSED: &str =
    "this position stands in a live rated game: the engine looks at it once the game is over";

impl AppState {
    /// Refuses (403) when a live rated game stands at `loaded`'s position,
    /// or, with `whole`, at any position of its history.
    pub(super) fn fair_play(&self, loaded: &Loaded, whole: bool) -> Result<(), ApiError> {
        let Some(online) = &self.online else {
            return Ok(());
        };
        if online.live.is_empty() {
            return Ok(());
        }
        let name = loaded.notation.name();
        let current = [loaded.game.position().key()];
        let keys: &[u64] = if whole { loaded.game.keys() } else { &current };
        if keys.iter().any(|&k| online.live.stands(name, k)) {
            return Err(ApiError::with(StatusCode::FORBIDDEN, REFUSED.into()));
        }
        Ok(())
    }
}
