//! The server's state and the limits every request shares.

use super::*;
use crate::engine::computer::{self, Computer};
use axum::http::StatusCode;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Semaphore;

/// Largest request body, except a judge input's.
pub const BODY_LIMIT: usize = 64 * 1024;
/// Largest judge input.
pub const JUDGE_BODY_LIMIT: usize = 1024 * 1024;
/// Longest a search may think.
pub const MAX_THINK: Duration = Duration::from_secs(5);
/// The most moves `POST /api/best`'s `mate_in` asks the mate solver for.
pub const MAX_MATE_IN: u32 = 6;
/// Thinking time when a request names none.
pub const DEFAULT_THINK: Duration = Duration::from_millis(1000);
/// Searches running at once; one more is told to come back (503).
pub const MAX_SEARCHES: usize = 4;
/// Judge inputs being judged at once (each up to 1 MiB in, several MiB of
/// verdicts out); more wait their turn.
pub const MAX_JUDGES: usize = 2;
/// Longest a judge input waits for its turn before it is told to come back
/// (503).
pub const JUDGE_WAIT: Duration = Duration::from_secs(10);

/// What every handler shares.
#[derive(Clone)]
pub struct AppState {
    /// The computer, for every game (the page's and the online games').
    pub computer: Computer,
    pub(super) searches: Arc<Semaphore>,
    pub(super) judges: Arc<Semaphore>,
    /// Games between people, when the server keeps a database.
    pub online: Option<Arc<crate::online::Service>>,
    /// Host, Origin and rate limits.
    pub guard: guard::Guard,
}

impl AppState {
    /// A state whose games are played by `computer`.
    pub fn new(computer: Computer) -> AppState {
        AppState {
            computer,
            searches: Arc::new(Semaphore::new(MAX_SEARCHES)),
            judges: Arc::new(Semaphore::new(MAX_JUDGES)),
            online: None,
            guard: guard::Guard::default(),
        }
    }

    /// One of the server's [`MAX_SEARCHES`] search places, held while a
    /// search runs; none free is 503.
    pub(super) fn search_place(&self) -> Result<tokio::sync::OwnedSemaphorePermit, ApiError> {
        self.searches.clone().try_acquire_owned().map_err(|_| {
            ApiError::with(
                StatusCode::SERVICE_UNAVAILABLE,
                format!("{MAX_SEARCHES} searches are running; try again shortly"),
            )
        })
    }

    /// The judges' permits: a request holds one while it is judged (and
    /// while its input is read), so a test or an embedder can see them.
    pub fn judge_permits(&self) -> Arc<Semaphore> {
        self.judges.clone()
    }

    /// The same state keeping games between people in `service`.
    pub fn with_online(mut self, service: Arc<crate::online::Service>) -> AppState {
        self.online = Some(service);
        self
    }

    /// The same state answering only requests that name one of `hosts`.
    pub fn with_guard(mut self, guard: guard::Guard) -> AppState {
        self.guard = guard;
        self
    }
}

impl AppState {
    /// A state whose games are played by the engine's search
    /// ([`crate::engine::computer::search`]) within the thinking time asked.
    pub fn with_engine() -> AppState {
        AppState::new(computer::search())
    }
}

/// A state with the simplest computer: the first legal move. For tests and
/// for a library user who brings no computer.
impl Default for AppState {
    fn default() -> AppState {
        AppState::new(computer::first_legal())
    }
}
