//! The local web page and its JSON API, served by `duckchess serve`.
//!
//! The page (plain HTML, CSS and JavaScript embedded in the binary) plays
//! every game of the registry ([`crate::variants`]) through `dyn AnyGame`,
//! Duck Chess like the others; its judge box uses the Duck Chess judge. The API is stateless:
//! each request carries the variant, the starting position and the moves
//! since, so the server holds no game and any number of pages can share it.
//!
//! Searches run on tokio's blocking pool with a time cap and a stop flag,
//! at most [`MAX_SEARCHES`] at once, so a slow one never holds up another
//! request; request bodies are size-capped ([`BODY_LIMIT`], and
//! [`JUDGE_BODY_LIMIT`] for a judge input).
//!
//! A file a concern: `router.rs` (every route), `methods.rs` (a wrong method's answer), `state.rs` (the state and
//! limits requests share), `error.rs` (the API's errors and bounded JSON
//! bodies), `serve.rs` (the HTTP server's own limits), `assets.rs` (the
//! page's files, one table), `board.rs` (the analysis board's endpoints),
//! `engine.rs` (the computer's), `fair.rs` (no engine for a live rated
//! game's position), `judge.rs` (the judge box's), and one
//! module per area of the API below.
//!
//! ```
//! # tokio::runtime::Runtime::new().unwrap().block_on(async {
//! use tower::ServiceExt;
//! let app = duckchess_server::web::router(duckchess_server::web::AppState::default());
//! let request = axum::http::Request::get("/api/variants").body(axum::body::Body::empty()).unwrap();
//! let response = app.oneshot(request).await.unwrap();
//! assert_eq!(response.status(), 200);
//! # });
//! ```

pub mod analysis;
pub mod editor;
pub mod game;
pub mod guard;
pub mod lichess;
pub mod lobby;
pub mod online;
pub mod players;
pub mod review;
pub mod types;

mod assets;
mod board;
mod engine;
mod error;
mod fair;
mod judge;
mod methods;
mod router;
mod serve;
mod state;

use board::*;
pub use engine::*;
pub use error::*;
pub use fair::REFUSED;
pub use judge::*;
pub use router::*;
pub use serve::*;
pub use state::*;
