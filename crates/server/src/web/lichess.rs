//! The subset of the lichess Board and Bot API a program needs to play:
//! the same paths, JSON shapes, Bearer tokens and status codes, so that a
//! lichess client (berserk, lichess-bot) plays here with only its address
//! changed. Chess is lichess's `standard`; the other games use this
//! server's names as variant keys and their own coordinate moves
//! (docs/online.md).

use super::guard::{client_ip, Bucket};
use super::online::{body, game_stream, limit, ndjson, service, side_choice, signed_in, Leaving};
use super::{ApiError, AppState};
use crate::online::chat::Room;
use crate::online::clock::TimeControl;
use crate::online::{Action, Actor, NewGame};
use axum::extract::{Path, Request, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use axum::Json;
use serde_json::{json, Value};
use std::collections::HashMap;

fn ok() -> Json<Value> {
    Json(json!({"ok": true}))
}

/// `GET /api/account`.
pub async fn account(
    State(app): State<AppState>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let p = signed_in(&app, &headers).await?;
    Ok(Json(json!({
        "id": p.id,
        "username": p.name,
        "perfs": {},
        "createdAt": p.created_ms,
        "seenAt": p.created_ms,
        "title": null,
        "url": format!("/@/{}", p.name),
    })))
}

/// `GET /api/stream/event`: the player's games starting and finishing, and
/// challenges to them, as NDJSON.
pub async fn events(State(app): State<AppState>, headers: HeaderMap) -> Result<Response, ApiError> {
    let p = signed_in(&app, &headers).await?;
    let s = service(&app)?.clone();
    let (rx, presence, first) = s.watch_player(&p).await?;
    let leaving = Leaving {
        service: s,
        id: format!("player:{}", p.id),
        presence: Some(presence),
        game: false,
    };
    let first = first
        .iter()
        .map(|e| serde_json::to_value(e).expect("an event is JSON"))
        .collect();
    Ok(ndjson(first, rx, leaving, false, false, 0))
}

/// `POST /api/challenge/{username}` (form fields `clock.limit`,
/// `clock.increment` in seconds, `color`, `variant`, `fen`; `rated`
/// must be false).
pub async fn challenge(
    State(app): State<AppState>,
    Path(user): Path<String>,
    request: Request,
) -> Result<Json<Value>, ApiError> {
    limit(&app, client_ip(&request), Bucket::Create)?;
    let headers = request.headers().clone();
    let bytes = body(request).await?;
    let form: HashMap<String, String> = if bytes.first() == Some(&b'{') {
        let v: HashMap<String, Value> =
            serde_json::from_slice(&bytes).map_err(|e| ApiError::bad(format!("body: {e}")))?;
        // A null is a field not given (berserk sends every parameter,
        // `null` for those left out).
        v.into_iter()
            .filter(|(_, v)| !v.is_null())
            .map(|(k, v)| (k, v.as_str().map_or_else(|| v.to_string(), str::to_string)))
            .collect()
    } else {
        form_urlencoded(&bytes)?
    };
    let me = signed_in(&app, &headers).await?;
    let s = service(&app)?;
    let dest = s
        .store()
        .account(&user)
        .await
        .map_err(crate::online::ServiceError::from)?
        .ok_or_else(|| ApiError::with(StatusCode::NOT_FOUND, format!("no player `{user}`")))?;
    let rated = form.get("rated").is_some_and(|r| r == "true");
    let variant = match form.get("variant").map(String::as_str) {
        None | Some("standard") => "chess".to_string(),
        Some(v) => v.to_string(),
    };
    let secs = |k: &str| -> Result<Option<i64>, ApiError> {
        form.get(k)
            .map(|v| {
                v.parse::<i64>()
                    .map_err(|_| ApiError::bad(format!("{k}: `{v}` is not a number of seconds")))
            })
            .transpose()
    };
    let time = match (secs("clock.limit")?, secs("clock.increment")?) {
        (None, None) => None,
        (l, i) => Some(
            TimeControl::new(l.unwrap_or(0) * 1000, i.unwrap_or(0) * 1000).ok_or_else(|| {
                ApiError::bad("clock: limit from 1 s to 24 h, increment at most 3600 s".into())
            })?,
        ),
    };
    let row = s
        .create(
            &me,
            NewGame {
                variant,
                position: form.get("fen").cloned(),
                time,
                side: side_choice(form.get("color").map(String::as_str))?,
                computer_ms: None,
                challenged: Some(dest.id),
                rated,
            },
        )
        .await?;
    let t = s.table(&row.id).await?;
    let seats = s.seats(&t.row).await?;
    Ok(Json(
        serde_json::to_value(s.challenge(&t, &seats)).expect("a challenge is JSON"),
    ))
}

/// `POST /api/challenge/{id}/accept`.
pub async fn accept(
    State(app): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let me = signed_in(&app, &headers).await?;
    service(&app)?
        .act(&id, &Actor::Player(me), Action::Join)
        .await?;
    Ok(ok())
}

/// `POST /api/challenge/{id}/decline`.
pub async fn decline(
    State(app): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let me = signed_in(&app, &headers).await?;
    service(&app)?
        .act(&id, &Actor::Player(me), Action::Decline)
        .await?;
    Ok(ok())
}

/// `GET /api/board/game/stream/{id}` (and the Bot API's): `gameFull`,
/// then a `gameState` for each change; it ends once the game is over.
pub async fn stream(
    State(app): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    game_stream(&app, &id, &headers, true).await
}

async fn act(
    app: &AppState,
    id: &str,
    headers: &HeaderMap,
    action: Action,
) -> Result<Json<Value>, ApiError> {
    let me = signed_in(app, headers).await?;
    service(app)?.act(id, &Actor::Player(me), action).await?;
    Ok(ok())
}

/// `POST /api/board/game/{id}/move/{move}`.
pub async fn play(
    State(app): State<AppState>,
    Path((id, mv)): Path<(String, String)>,
    request: Request,
) -> Result<Json<Value>, ApiError> {
    limit(&app, client_ip(&request), Bucket::Act)?;
    act(
        &app,
        &id,
        request.headers(),
        Action::Move {
            text: mv,
            ply: None,
        },
    )
    .await
}

/// `POST /api/board/game/{id}/resign`.
pub async fn resign(
    State(app): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    act(&app, &id, &headers, Action::Resign).await
}

/// `POST /api/board/game/{id}/abort`.
pub async fn abort(
    State(app): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    act(&app, &id, &headers, Action::Abort).await
}

/// `POST /api/board/game/{id}/draw/{yes|no}`: `yes` offers or accepts a
/// draw, or, for the side to move with a draw to claim, claims it (as on
/// lichess).
pub async fn draw(
    State(app): State<AppState>,
    Path((id, answer)): Path<(String, String)>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let action = yes_or_no("draw", &answer, Action::OfferDraw, Action::DeclineDraw)?;
    act(&app, &id, &headers, action).await
}

/// `POST /api/board/game/{id}/takeback/{yes|no}`: `yes` asks to take back
/// one's last move or agrees to the other's request, `no` declines it (or
/// withdraws one's own), as on lichess.
pub async fn takeback(
    State(app): State<AppState>,
    Path((id, answer)): Path<(String, String)>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let action = yes_or_no(
        "takeback",
        &answer,
        Action::OfferTakeback,
        Action::DeclineTakeback,
    )?;
    act(&app, &id, &headers, action).await
}

/// lichess's `{yes|no}` of an offer's endpoint (`true`/`false` too).
fn yes_or_no(what: &str, answer: &str, yes: Action, no: Action) -> Result<Action, ApiError> {
    match answer {
        "yes" | "true" => Ok(yes),
        "no" | "false" => Ok(no),
        other => Err(ApiError::bad(format!(
            "{what}: `{other}`, expected yes or no"
        ))),
    }
}

/// `POST /api/board/game/{id}/claim-draw` (this server's; lichess claims
/// threefold through `draw/yes`).
pub async fn claim(
    State(app): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    act(&app, &id, &headers, Action::Claim).await
}

/// `POST /api/board/game/{id}/chat` (and the Bot API's): form fields (or
/// JSON) `room`, `player` or `spectator`, and `text`, at most 140
/// characters. Only a seat's holder writes to the players' room; anyone
/// signed in to the spectators'. The game's stream readers get it as a
/// `chatLine`.
pub async fn chat(
    State(app): State<AppState>,
    Path(id): Path<String>,
    request: Request,
) -> Result<Json<Value>, ApiError> {
    limit(&app, client_ip(&request), Bucket::Act)?;
    let headers = request.headers().clone();
    let bytes = body(request).await?;
    let form: HashMap<String, String> = if bytes.first() == Some(&b'{') {
        let v: HashMap<String, Value> =
            serde_json::from_slice(&bytes).map_err(|e| ApiError::bad(format!("body: {e}")))?;
        v.into_iter()
            .filter_map(|(k, v)| v.as_str().map(|s| (k, s.to_string())))
            .collect()
    } else {
        form_urlencoded(&bytes)?
    };
    let me = signed_in(&app, &headers).await?;
    let room = form.get("room").map_or("player", String::as_str);
    let room = Room::of(room)
        .ok_or_else(|| ApiError::bad(format!("room `{room}`: player or spectator")))?;
    let text = form
        .get("text")
        .ok_or_else(|| ApiError::bad("text: missing".into()))?;
    service(&app)?.chat(&id, &me, room, text).await?;
    Ok(ok())
}

/// A form body (`a=1&b=x%20y`), bounded by the body limit already.
fn form_urlencoded(bytes: &[u8]) -> Result<HashMap<String, String>, ApiError> {
    Ok(form_urlencoded::parse(bytes)
        .map(|(k, v)| (k.into_owned(), v.into_owned()))
        .collect())
}
