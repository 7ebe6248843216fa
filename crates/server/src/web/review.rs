//! `POST /api/review`: the whole game analysed ("analyse the game"), for
//! the page's evaluation graph. It answers NDJSON: first
//! `{"positions", "think_ms"}`, then one line per position from the start
//! to the last, each with its score, the chance the first side wins and
//! the judgement of the move that led to it (see
//! [`crate::engine::review`]), then `{"done": true, "sides": [...]}` with
//! each side's inaccuracies, mistakes and blunders. The review stops when
//! the reader goes away; it holds one of the server's search places
//! meanwhile.

use super::analysis::ndjson;
use super::game::{self, Loaded};
use super::types::GameRequest;
use super::{api_score, eval, ApiError, AppState, JsonBody, Limited};
use crate::engine::review::{self, Judgement, Reviewed};
use crate::engine::search::Limits;
use crate::kernel::Color;
use axum::extract::State;
use axum::response::Response;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// The longest a whole review may take: each position's time is cut so
/// that all of them fit.
pub const MAX_REVIEW: Duration = Duration::from_secs(600);
/// Each position's time when the request names none, in milliseconds.
pub const DEFAULT_THINK_MS: u64 = 300;
/// The least and the most time a request may give each position.
pub const THINK_MS: std::ops::RangeInclusive<u64> = 10..=10_000;

/// `POST /api/review`: a game as the other requests give it, and the time
/// for each of its positions.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReviewRequest {
    /// A name from `GET /api/variants`.
    pub variant: String,
    /// The position the history starts from (the variant's start if absent).
    #[serde(default)]
    pub position: Option<String>,
    /// The moves of the game.
    #[serde(default)]
    pub history: Vec<String>,
    /// Milliseconds for each position ([`DEFAULT_THINK_MS`] if absent).
    #[serde(default)]
    pub think_ms: Option<u64>,
}

impl Limited for ReviewRequest {}

/// One position's line.
fn position_json(loaded: &Loaded, at: &dyn crate::kernel::AnyPosition, r: &Reviewed) -> Value {
    let n = loaded.notation;
    json!({
        "ply": r.ply,
        "turn": n.side_name(r.turn),
        "score": r.score.map(api_score),
        "eval": r.score.map(|s| eval(api_score(s))),
        "first": (r.white_chance * 1000.0).round() / 1000.0,
        "depth": r.depth,
        "best": r.best.map(|m| game::move_info(n, at, m)),
        "over": r.outcome.map(|_| true),
        "judgement": r.judgement.map(Judgement::name),
        "nag": r.judgement.map(Judgement::nag),
    })
}

/// The handler.
pub async fn review(
    State(app): State<AppState>,
    JsonBody(req): JsonBody<ReviewRequest>,
) -> Result<Response, ApiError> {
    let loaded = super::load(&GameRequest {
        variant: req.variant.clone(),
        position: req.position.clone(),
        history: req.history.clone(),
        claim: false,
        flip: false,
        notations: false,
    })?;
    let asked = req.think_ms.unwrap_or(DEFAULT_THINK_MS);
    if !THINK_MS.contains(&asked) {
        return Err(ApiError::unprocessable(format!(
            "think_ms: {asked}; from {} to {}",
            THINK_MS.start(),
            THINK_MS.end()
        )));
    }
    app.fair_play(&loaded, true)?;
    let positions = loaded.game.moves().len() + 1;
    let fit = MAX_REVIEW.as_millis() as u64 / positions as u64;
    let think = asked.min(fit).max(*THINK_MS.start());
    let permit = app.search_place()?;
    let stop = Arc::new(AtomicBool::new(false));
    let (tx, rx) = tokio::sync::mpsc::channel::<Value>(8);
    let flag = stop.clone();
    tokio::task::spawn_blocking(move || {
        let _permit = permit;
        let _ = tx.blocking_send(json!({"positions": positions, "think_ms": think}));
        let moves = loaded.game.moves().to_vec();
        // The start: the game's first position, rebuilt by undoing nothing
        // (the game keeps no start), so read back from its text.
        let Ok(start) = loaded.notation.read_position(&loaded.start) else {
            return;
        };
        let mut at = start.clone_box();
        let mut counts = [[0u32; 3]; 2];
        let mut ply = 0;
        let result = review::review(
            &*start,
            &moves,
            Limits::think(Duration::from_millis(think)),
            &flag,
            &mut |r| {
                while ply < r.ply {
                    let _ = at.play(moves[ply]);
                    ply += 1;
                }
                if let Some(j) = r.judgement {
                    // The mover: the side not to move now.
                    let mover = !r.turn;
                    counts[mover.index()][j as usize] += 1;
                }
                if tx.blocking_send(position_json(&loaded, &*at, r)).is_err() {
                    flag.store(true, Ordering::Relaxed);
                }
            },
        );
        if result.is_err() {
            return;
        }
        let sides: Vec<Value> = Color::ALL
            .iter()
            .map(|&c| {
                let [inaccuracies, mistakes, blunders] = counts[c.index()];
                json!({
                    "side": loaded.notation.side_name(c),
                    "inaccuracies": inaccuracies,
                    "mistakes": mistakes,
                    "blunders": blunders,
                })
            })
            .collect();
        let _ = tx.blocking_send(json!({"done": true, "sides": sides}));
    });
    Ok(ndjson(rx, stop))
}
