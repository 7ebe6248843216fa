//! Players' ratings over HTTP, in lichess's shapes: a player
//! (`GET /api/user/{name}`), their rating history, and the leaderboards
//! (`GET /api/player`, `GET /api/player/top/{nb}/{perf}`).

use super::online::service;
use super::{ApiError, AppState};
use crate::online::rating::{self, Rating, PROVISIONAL_DEVIATION};
use crate::online::ServiceError;
use crate::store::RatingRow;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;
use serde_json::{json, Map, Value};

/// Players shown per leaderboard at most.
pub const MAX_LEADERS: i64 = 200;
/// A leader has played a rated game within this many days.
pub const ACTIVE_DAYS: i64 = 30;

fn rating_of(r: &RatingRow) -> Rating {
    Rating {
        rating: r.rating,
        deviation: r.deviation,
        volatility: r.volatility,
    }
}

/// The rating change over the last 12 rated games, as lichess's `prog`.
fn progress(history: &[(i64, f64, f64)]) -> i64 {
    match history {
        [] => 0,
        h => {
            let now = h[h.len() - 1].1;
            let then = if h.len() > 12 {
                h[h.len() - 13].1
            } else {
                rating::START_RATING
            };
            (now - then).round() as i64
        }
    }
}

/// An account by name, or 404.
async fn account(
    store: &crate::store::Store,
    name: &str,
) -> Result<crate::store::Player, ApiError> {
    store
        .account(name)
        .await
        .map_err(ServiceError::from)?
        .ok_or_else(|| ApiError::with(StatusCode::NOT_FOUND, format!("no player `{name}`")))
}

/// `GET /api/user/{name}`.
pub async fn user(
    State(app): State<AppState>,
    Path(name): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let s = service(&app)?;
    let store = s.store();
    let player = account(store, &name).await?;
    let mut perfs = Map::new();
    let (mut win, mut draw, mut loss) = (0, 0, 0);
    for r in store
        .ratings_of(&player.id)
        .await
        .map_err(ServiceError::from)?
    {
        let history = store
            .history(&player.id, &r.perf)
            .await
            .map_err(ServiceError::from)?;
        // Idle days grow the deviation until the next rated game.
        let shown = rating_of(&r).after_idle_days((s.now() - r.last_ms) / rating::DAY_MS);
        perfs.insert(
            r.perf.clone(),
            json!({
                "games": r.games,
                "rating": r.rating.round() as i64,
                "rd": shown.deviation.round() as i64,
                "prog": progress(&history),
                "prov": shown.provisional(),
                "shown": shown.shown(),
                "wins": r.wins,
                "draws": r.draws,
                "losses": r.losses,
            }),
        );
        win += r.wins;
        draw += r.draws;
        loss += r.losses;
    }
    let mut user = json!({
        "id": player.id,
        "username": player.name,
        "perfs": perfs,
        "createdAt": player.created_ms,
        "count": {"rated": win + draw + loss, "win": win, "draw": draw, "loss": loss},
        "url": format!("/@/{}", player.name),
    });
    if player.is_computer() {
        // As lichess marks its bot accounts.
        user["title"] = "BOT".into();
    }
    Ok(Json(user))
}

/// `GET /api/user/{name}/rating-history`: for each perf, `[year, month
/// (0-11), day, rating]` after each rated game, as lichess gives it.
pub async fn rating_history(
    State(app): State<AppState>,
    Path(name): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let s = service(&app)?;
    let store = s.store();
    let player = account(store, &name).await?;
    let mut out = Vec::new();
    for r in store
        .ratings_of(&player.id)
        .await
        .map_err(ServiceError::from)?
    {
        let history = store
            .history(&player.id, &r.perf)
            .await
            .map_err(ServiceError::from)?;
        let points: Vec<Value> = history
            .iter()
            .map(|(at, rating, _)| {
                let date = crate::online::view::date(*at);
                let mut ymd = date.split('.').map(|p| p.parse::<i64>().unwrap_or(0));
                let (y, m, d) = (
                    ymd.next().unwrap_or(0),
                    ymd.next().unwrap_or(1),
                    ymd.next().unwrap_or(1),
                );
                json!([y, m - 1, d, rating.round() as i64])
            })
            .collect();
        // Ours: each point's time and exact rating, for the page's chart.
        let exact: Vec<Value> = history
            .iter()
            .map(|(at, rating, rd)| json!([at, rating, rd]))
            .collect();
        out.push(json!({"name": r.perf, "points": points, "exact": exact}));
    }
    Ok(Json(Value::Array(out)))
}

/// The perfs: every game of the registry, chess by speed.
pub fn perfs() -> Vec<String> {
    let mut all: Vec<String> = ["bullet", "blitz", "rapid", "classical"]
        .map(String::from)
        .to_vec();
    all.extend(
        crate::variants::names()
            .into_iter()
            .filter(|n| *n != "chess")
            .map(String::from),
    );
    all
}

/// The best players of a perf: settled (their deviation, grown by their
/// idle days as their own page shows it, out of the provisional range),
/// active in the last [`ACTIVE_DAYS`], people (the computer's levels are
/// rated but not ranked, as lichess's bots are not).
async fn leaders(app: &AppState, perf: &str, nb: i64) -> Result<Vec<Value>, ApiError> {
    let s = service(app)?;
    let store = s.store();
    let now = s.now();
    let since = now - ACTIVE_DAYS * rating::DAY_MS;
    // The stored deviation only grows with idle days: its bound is the
    // store's first cut, the grown one the last.
    let rows = store
        .leaders(perf, PROVISIONAL_DEVIATION, since, MAX_LEADERS)
        .await
        .map_err(ServiceError::from)?;
    let mut out = Vec::new();
    for r in rows {
        if out.len() as i64 >= nb.clamp(1, MAX_LEADERS) {
            break;
        }
        let shown = rating_of(&r).after_idle_days((now - r.last_ms) / rating::DAY_MS);
        if shown.provisional() {
            continue;
        }
        let Some(player) = store
            .player(&r.player_id)
            .await
            .map_err(ServiceError::from)?
        else {
            continue;
        };
        if player.is_computer() {
            continue;
        }
        let name = player.name;
        let history = store
            .history(&r.player_id, perf)
            .await
            .map_err(ServiceError::from)?;
        out.push(json!({
            "id": r.player_id,
            "username": name,
            "perfs": {perf: {"rating": r.rating.round() as i64, "progress": progress(&history), "games": r.games}},
        }));
    }
    Ok(out)
}

/// `GET /api/player`: the top 10 of every perf.
pub async fn leaderboards(State(app): State<AppState>) -> Result<Json<Value>, ApiError> {
    let mut out = Map::new();
    for perf in perfs() {
        out.insert(perf.clone(), Value::Array(leaders(&app, &perf, 10).await?));
    }
    Ok(Json(Value::Object(out)))
}

/// `GET /api/player/top/{nb}/{perf}`.
pub async fn top(
    State(app): State<AppState>,
    Path((nb, perf)): Path<(i64, String)>,
) -> Result<Json<Value>, ApiError> {
    if !perfs().contains(&perf) {
        return Err(ApiError::with(
            StatusCode::NOT_FOUND,
            format!("no perf `{perf}` (known: {})", perfs().join(", ")),
        ));
    }
    Ok(Json(json!({"users": leaders(&app, &perf, nb).await?})))
}
