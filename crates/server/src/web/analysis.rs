//! `POST /api/analyse`: the engine on a position, deepening until the page
//! stops reading. It answers NDJSON: after each depth a line
//! `{"depth", "lines": [{"score", "eval", "eval_for", "pv", "line"}...]}`
//! with the best `lines` moves (1 to [`MAX_LINES`], best first, each a
//! whole line in coordinates and in the game's notation), then
//! `{"done": true, "depth"}`. The search stops when the reader goes away,
//! at depth [`crate::engine::search::MAX_DEPTH`], or after
//! [`MAX_ANALYSIS`]; it holds one of the server's search places
//! meanwhile.

use super::game::{self, Loaded};
use super::types::GameRequest;
use super::{api_score, eval, ApiError, AppState, JsonBody, Limited, StopOnDrop};
use crate::engine::search::{Engine, Limits, SearchResult};
use axum::body::{Body, Bytes};
use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// The most lines an analysis shows.
pub const MAX_LINES: usize = 5;
/// The longest an analysis runs, however long its reader waits.
pub const MAX_ANALYSIS: Duration = Duration::from_secs(120);
/// The table an analysis searches with, in MiB.
const HASH_MB: usize = 16;

/// `POST /api/analyse`: a game as the other requests give it, and how
/// many lines to show.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AnalyseRequest {
    /// A name from `GET /api/variants`.
    pub variant: String,
    /// The position the history starts from (the variant's start if absent).
    #[serde(default)]
    pub position: Option<String>,
    /// Moves played since.
    #[serde(default)]
    pub history: Vec<String>,
    /// The side to move claimed a draw after the history.
    #[serde(default)]
    pub claim: bool,
    /// How many lines (1 to [`MAX_LINES`]; 1 if absent).
    #[serde(default)]
    pub lines: Option<usize>,
    /// The longest to think, in milliseconds (at most [`MAX_ANALYSIS`],
    /// which is also the default).
    #[serde(default)]
    pub think_ms: Option<u64>,
}

impl Limited for AnalyseRequest {}

/// One line as the page shows it: its moves in coordinates and in the
/// game's notation, up to the first that is not legal.
fn line_json(loaded: &Loaded, r: &SearchResult) -> Value {
    let pos = loaded.game.position();
    let mut at = pos.clone_box();
    let (mut pv, mut line) = (Vec::new(), Vec::new());
    for &m in &r.pv {
        if !at.legal_moves().contains(&m) {
            break;
        }
        pv.push(loaded.notation.coordinate_move(&*at, m));
        line.push(loaded.notation.write_move(&*at, m));
        if at.play(m).is_err() {
            break;
        }
    }
    let score = api_score(r.score);
    json!({
        "score": score,
        "eval": eval(score),
        "eval_for": loaded.notation.side_name(pos.turn()),
        "best": game::move_info(loaded.notation, pos, r.best),
        "pv": pv,
        "line": line,
    })
}

/// The answer of a streamed search: each value from `rx` a line of
/// NDJSON as it comes; `stop` is set when the reader goes away.
pub(super) fn ndjson(rx: tokio::sync::mpsc::Receiver<Value>, stop: Arc<AtomicBool>) -> Response {
    let guard = StopOnDrop(stop);
    let stream = futures_util::stream::unfold((rx, guard), |(mut rx, guard)| async move {
        let v = rx.recv().await?;
        Some((
            Ok::<Bytes, std::convert::Infallible>(Bytes::from(format!("{v}\n"))),
            (rx, guard),
        ))
    });
    (
        [
            (header::CONTENT_TYPE, "application/x-ndjson"),
            (header::CACHE_CONTROL, "no-store"),
        ],
        Body::from_stream(stream),
    )
        .into_response()
}

/// The handler.
pub async fn analyse(
    State(app): State<AppState>,
    JsonBody(req): JsonBody<AnalyseRequest>,
) -> Result<Response, ApiError> {
    let loaded = super::load(&GameRequest {
        variant: req.variant.clone(),
        position: req.position.clone(),
        history: req.history.clone(),
        claim: req.claim,
        flip: false,
        notations: false,
    })?;
    if let Some(over) = loaded.over() {
        return Err(ApiError::unprocessable(format!(
            "the game is over ({over})"
        )));
    }
    app.fair_play(&loaded, false)?;
    let lines = req.lines.unwrap_or(1);
    if !(1..=MAX_LINES).contains(&lines) {
        return Err(ApiError::unprocessable(format!(
            "lines: {lines}; from 1 to {MAX_LINES}"
        )));
    }
    let think = req
        .think_ms
        .map_or(MAX_ANALYSIS, Duration::from_millis)
        .min(MAX_ANALYSIS);
    let permit = app.search_place()?;
    let stop = Arc::new(AtomicBool::new(false));
    let (tx, rx) = tokio::sync::mpsc::channel::<Value>(4);
    let flag = stop.clone();
    tokio::task::spawn_blocking(move || {
        let _permit = permit;
        let mut engine = Engine::new(HASH_MB);
        let game = &*loaded.game;
        let mut deepest = 0;
        let _ = engine.search_lines(
            game.position(),
            game.keys(),
            Limits::think(think),
            lines,
            &flag,
            &mut |found| {
                deepest = found[0].depth;
                let v = json!({
                    "depth": deepest,
                    "lines": found.iter().map(|r| line_json(&loaded, r)).collect::<Vec<_>>(),
                });
                // The reader is gone: stop.
                if tx.blocking_send(v).is_err() {
                    flag.store(true, Ordering::Relaxed);
                }
            },
        );
        let _ = tx.blocking_send(json!({"done": true, "depth": deepest}));
    });
    Ok(ndjson(rx, stop))
}
