//! The lobby over HTTP: seeks to see, post, accept, renew and cancel,
//! their live list as NDJSON, and lichess's `POST /api/board/seek`.

use super::guard::{client_ip, Bucket};
use super::online::{body, limit, ndjson, service, side_choice, signed_in, Leaving};
use super::{ApiError, AppState};
use crate::online::clock::TimeControl;
use crate::online::lobby::{Cancelled, NewSeek, POOLS, SEEK_TTL_MS};
use crate::online::ServiceError;
use axum::body::{Body, Bytes};
use axum::extract::{Path, Request, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::Response;
use axum::Json;
use duckchess_protocol::LobbyEvent;
use serde::Deserialize;
use serde_json::{json, Value};
use std::time::Duration;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SeekBody {
    variant: String,
    /// `5+3`.
    clock: String,
    #[serde(default)]
    rated: bool,
    #[serde(default)]
    color: Option<String>,
    /// `1400-1700`.
    #[serde(default)]
    range: Option<String>,
    /// Quick pairing.
    #[serde(default)]
    pool: bool,
}

fn range(text: Option<&str>) -> Result<Option<(i64, i64)>, ApiError> {
    let Some(t) = text.map(str::trim).filter(|t| !t.is_empty()) else {
        return Ok(None);
    };
    let (a, b) = t
        .split_once('-')
        .and_then(|(a, b)| Some((a.trim().parse::<i64>().ok()?, b.trim().parse::<i64>().ok()?)))
        .filter(|(a, b)| a <= b)
        .ok_or_else(|| ApiError::bad(format!("range `{t}`: expected LOW-HIGH, as 1400-1700")))?;
    Ok(Some((a, b)))
}

/// `GET /api/online/seeks`: the open seeks and the quick-pairing pools.
pub async fn list(State(app): State<AppState>) -> Result<Json<Value>, ApiError> {
    let s = service(&app)?;
    let pools: Vec<String> = POOLS.iter().map(|(m, i)| format!("{m}+{i}")).collect();
    Ok(Json(
        json!({"seeks": s.lobby().await?, "pools": pools, "ttlMs": SEEK_TTL_MS}),
    ))
}

/// `POST /api/online/seeks`.
pub async fn post(
    State(app): State<AppState>,
    request: Request,
) -> Result<Json<duckchess_protocol::Seek>, ApiError> {
    limit(&app, client_ip(&request), Bucket::Create)?;
    let headers = request.headers().clone();
    let bytes = body(request).await?;
    let b: SeekBody =
        serde_json::from_slice(&bytes).map_err(|e| ApiError::bad(format!("body: {e}")))?;
    let me = signed_in(&app, &headers).await?;
    let s = service(&app)?;
    let time: TimeControl = b
        .clock
        .parse()
        .map_err(|e: duckchess_protocol::TimeControlError| ApiError::bad(e.to_string()))?;
    let k = s
        .post_seek(
            &me,
            NewSeek {
                variant: b.variant,
                time,
                rated: b.rated,
                side: side_choice(b.color.as_deref())?,
                range: range(b.range.as_deref())?,
                pool: b.pool,
            },
        )
        .await?;
    Ok(Json(s.seek_view(&k).await?))
}

/// `POST /api/online/seeks/{id}/{action}`: `accept`, `renew`, `cancel`.
pub async fn act(
    State(app): State<AppState>,
    Path((id, action)): Path<(String, String)>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let me = signed_in(&app, &headers).await?;
    let s = service(&app)?;
    match action.as_str() {
        "accept" => {
            let game = s.accept_seek(&me, &id).await?;
            Ok(Json(
                json!({"id": game.id, "url": format!("/game/{}", game.id)}),
            ))
        }
        "renew" => Ok(Json(json!({"open": s.renew_seek(&me, &id).await?}))),
        "cancel" => Ok(Json(match s.cancel_seek(&me, &id).await? {
            Cancelled::Cancelled => json!({"cancelled": true}),
            Cancelled::Paired(game) => {
                json!({"cancelled": false, "game": game, "url": format!("/game/{game}")})
            }
            Cancelled::Gone => json!({"cancelled": false}),
        })),
        other => Err(ApiError::with(
            StatusCode::NOT_FOUND,
            format!("no action `{other}` (accept, renew, cancel)"),
        )),
    }
}

/// `GET /api/online/lobby/stream`: the open seeks as NDJSON, again after
/// each change.
pub async fn stream(State(app): State<AppState>) -> Result<Response, ApiError> {
    let s = service(&app)?.clone();
    let (rx, presence) = s.hub().subscribe("lobby", None);
    let first = serde_json::to_value(LobbyEvent::Seeks {
        seeks: s.lobby().await?,
    })
    .expect("seeks are JSON");
    let leaving = Leaving {
        service: s,
        id: "lobby".into(),
        presence: Some(presence),
        game: false,
    };
    Ok(ndjson(vec![first], rx, leaving, false, false, 0))
}

/// `POST /api/board/seek` (lichess): form fields `time` (minutes),
/// `increment` (seconds), `rated`, `variant`, `color`, `ratingRange`.
/// The answer streams while the seek waits (renewing it) and ends when it
/// is paired, the game then starting on `/api/stream/event`; closing it
/// cancels the seek, as on lichess.
pub async fn board_seek(
    State(app): State<AppState>,
    request: Request,
) -> Result<Response, ApiError> {
    limit(&app, client_ip(&request), Bucket::Create)?;
    let headers = request.headers().clone();
    let bytes = body(request).await?;
    let form: std::collections::HashMap<String, String> = form_urlencoded::parse(&bytes)
        .map(|(k, v)| (k.into_owned(), v.into_owned()))
        .collect();
    let me = signed_in(&app, &headers).await?;
    let s = service(&app)?.clone();
    let minutes: f64 = form
        .get("time")
        .ok_or_else(|| {
            ApiError::bad(
                "time: the minutes are missing (correspondence seeks are not served)".into(),
            )
        })?
        .parse()
        .map_err(|_| ApiError::bad("time: not a number of minutes".into()))?;
    let increment: i64 = form
        .get("increment")
        .map_or(Ok(0), |i| i.parse())
        .map_err(|_| ApiError::bad("increment: not a number of seconds".into()))?;
    let time = TimeControl::new((minutes * 60_000.0).round() as i64, increment * 1000).ok_or_else(
        || ApiError::bad("time: from 1 second to 24 hours, increment at most 3600 s".into()),
    )?;
    let variant = match form.get("variant").map(String::as_str) {
        None | Some("standard") => "chess".to_string(),
        Some(v) => v.to_string(),
    };
    let k = s
        .post_seek(
            &me,
            NewSeek {
                variant,
                time,
                rated: form.get("rated").is_some_and(|r| r == "true"),
                side: side_choice(form.get("color").map(String::as_str))?,
                range: range(form.get("ratingRange").map(String::as_str))?,
                pool: true,
            },
        )
        .await?;
    // Renews the seek while the request is open; cancels it when dropped.
    struct Waiting {
        service: std::sync::Arc<crate::online::Service>,
        player: crate::store::Player,
        id: String,
    }
    impl Drop for Waiting {
        fn drop(&mut self) {
            let (s, p, id) = (self.service.clone(), self.player.clone(), self.id.clone());
            if let Ok(h) = tokio::runtime::Handle::try_current() {
                h.spawn(async move {
                    let _ = s.cancel_seek(&p, &id).await;
                });
            }
        }
    }
    let waiting = Waiting {
        service: s,
        player: me,
        id: k.id,
    };
    let stream = futures_util::stream::unfold((waiting, false), |(w, done)| async move {
        if done {
            return None;
        }
        tokio::time::sleep(Duration::from_secs(2)).await;
        let open = w
            .service
            .renew_seek(&w.player, &w.id)
            .await
            .unwrap_or(false);
        // Paired (or gone): one last newline, then the end.
        Some((
            Ok::<Bytes, std::convert::Infallible>(Bytes::from_static(b"\n")),
            (w, !open),
        ))
    });
    Ok(Response::builder()
        .header(header::CONTENT_TYPE, "application/x-ndjson")
        .body(Body::from_stream(stream))
        .expect("a valid response"))
}

impl From<crate::store::StoreError> for ApiError {
    fn from(e: crate::store::StoreError) -> ApiError {
        ServiceError::from(e).into()
    }
}
