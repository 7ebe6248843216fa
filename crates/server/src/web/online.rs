//! Games between people over HTTP: this server's own endpoints
//! (`/api/online/...`) and the NDJSON streams every client reads, the page
//! and bots alike. The lichess Board API's endpoints ([`super::lichess`])
//! call the same service.

use super::guard::{client_ip, Bucket};
use super::{ApiError, AppState};
use crate::online::clock::TimeControl;
use crate::online::hub::{Line, Presence};
use crate::online::referee::{side_of_key, Refusal};
use crate::online::{Action, Actor, NewGame, Service, ServiceError};
use crate::store::Player;
use axum::body::{Body, Bytes};
use axum::extract::{Path, Request, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use duckchess_protocol::{Room, Side, Status};
use serde::Deserialize;
use serde_json::{json, Value};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::broadcast;

/// The session cookie's name.
pub const COOKIE: &str = "duckchess_session";
/// How often an idle stream sends an empty line (lichess does the same),
/// so that proxies and clients know it is alive.
const KEEP_ALIVE: Duration = Duration::from_secs(7);

impl From<ServiceError> for ApiError {
    fn from(e: ServiceError) -> ApiError {
        let status = match &e {
            ServiceError::Refused(Refusal::NoSuchGame) => StatusCode::NOT_FOUND,
            ServiceError::Refused(Refusal::NotASeat) => StatusCode::FORBIDDEN,
            ServiceError::Refused(Refusal::Conflict) => StatusCode::CONFLICT,
            ServiceError::Refused(Refusal::Lost(_)) => StatusCode::CONFLICT,
            ServiceError::Refused(_) => StatusCode::BAD_REQUEST,
            ServiceError::Bad(_) => StatusCode::BAD_REQUEST,
            ServiceError::Store(crate::store::StoreError::NameTaken(_)) => StatusCode::CONFLICT,
            ServiceError::Store(_) => StatusCode::INTERNAL_SERVER_ERROR,
        };
        ApiError::with(status, e.to_string())
    }
}

/// The service, or 503 when the server runs without a database.
pub fn service(app: &AppState) -> Result<&Arc<Service>, ApiError> {
    app.online.as_ref().ok_or_else(|| {
        ApiError::with(
            StatusCode::SERVICE_UNAVAILABLE,
            "this server keeps no games (no database)".into(),
        )
    })
}

/// The token a request carries: `Authorization: Bearer`, else the session
/// cookie.
fn token(headers: &HeaderMap) -> Option<String> {
    if let Some(auth) = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
    {
        return auth.strip_prefix("Bearer ").map(|t| t.trim().to_string());
    }
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|kv| kv.trim().split_once('='))
        .find(|(k, _)| *k == COOKIE)
        .map(|(_, v)| v.to_string())
}

/// Who sent the request, if anyone known.
pub async fn who(app: &AppState, headers: &HeaderMap) -> Result<Option<Player>, ApiError> {
    let service = service(app)?;
    match token(headers) {
        None => Ok(None),
        Some(t) => Ok(service.holder(&t).await?),
    }
}

/// Who sent the request; 401 when nobody known.
pub async fn signed_in(app: &AppState, headers: &HeaderMap) -> Result<Player, ApiError> {
    who(app, headers).await?.ok_or_else(|| {
        ApiError::with(
            StatusCode::UNAUTHORIZED,
            "no valid session or token: sign in, play as a guest, or send Authorization: Bearer TOKEN"
                .into(),
        )
    })
}

/// A cookie that holds a session: HttpOnly, SameSite=Lax, for a year.
pub fn session_cookie(token: &str) -> HeaderValue {
    HeaderValue::from_str(&format!(
        "{COOKIE}={token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=31536000"
    ))
    .expect("hex is a valid header")
}

/// Spends one of the client's tokens of `bucket`, or answers 429.
pub fn limit(app: &AppState, request_ip: std::net::IpAddr, bucket: Bucket) -> Result<(), ApiError> {
    if app.guard.take(request_ip, bucket) {
        Ok(())
    } else {
        Err(ApiError::with(
            StatusCode::TOO_MANY_REQUESTS,
            "too many requests from this address; wait a moment".into(),
        ))
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NameBody {
    name: String,
    #[serde(default)]
    password: Option<String>,
}

fn read<T: serde::de::DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    if bytes.len() > super::BODY_LIMIT {
        return Err(ApiError::with(
            StatusCode::PAYLOAD_TOO_LARGE,
            "body: too large".into(),
        ));
    }
    let bytes = if bytes.iter().all(u8::is_ascii_whitespace) {
        b"{}".as_slice()
    } else {
        bytes
    };
    serde_json::from_slice(bytes).map_err(|e| ApiError::bad(format!("body: {e}")))
}

fn with_cookie(token: &str, body: Value) -> Response {
    let mut response = Json(body).into_response();
    response
        .headers_mut()
        .insert(header::SET_COOKIE, session_cookie(token));
    response
}

fn player_json(p: &Player) -> Value {
    json!({"id": p.id, "name": p.name, "account": p.is_account()})
}

/// `POST /api/online/guest` `{"name"}`: a guest and its session cookie.
pub async fn guest(State(app): State<AppState>, request: Request) -> Result<Response, ApiError> {
    limit(&app, client_ip(&request), Bucket::Create)?;
    let bytes = body(request).await?;
    let NameBody { name, .. } = read(&bytes)?;
    let (player, token) = service(&app)?.new_guest(&name).await?;
    Ok(with_cookie(&token, player_json(&player)))
}

/// `POST /api/online/account` `{"name","password"}`: an account, signed in.
pub async fn account(State(app): State<AppState>, request: Request) -> Result<Response, ApiError> {
    limit(&app, client_ip(&request), Bucket::Create)?;
    let bytes = body(request).await?;
    let NameBody { name, password } = read(&bytes)?;
    let s = service(&app)?;
    let password = password.unwrap_or_default();
    s.create_account(&name, &password).await?;
    let (player, token) = s.log_in(&name, &password).await?;
    Ok(with_cookie(&token, player_json(&player)))
}

/// `POST /api/online/login` `{"name","password"}`.
pub async fn login(State(app): State<AppState>, request: Request) -> Result<Response, ApiError> {
    limit(&app, client_ip(&request), Bucket::Create)?;
    let bytes = body(request).await?;
    let NameBody { name, password } = read(&bytes)?;
    let (player, token) = service(&app)?
        .log_in(&name, &password.unwrap_or_default())
        .await
        .map_err(|e| ApiError::with(StatusCode::UNAUTHORIZED, e.to_string()))?;
    Ok(with_cookie(&token, player_json(&player)))
}

/// `POST /api/online/logout`: ends this session (its cookie no longer
/// signs anyone in, on any machine).
pub async fn logout(State(app): State<AppState>, headers: HeaderMap) -> Result<Response, ApiError> {
    let s = service(&app)?;
    if let Some(t) = token(&headers) {
        s.revoke(&t).await?;
    }
    let mut response = Json(json!({"ok": true})).into_response();
    response.headers_mut().insert(
        header::SET_COOKIE,
        HeaderValue::from_static("duckchess_session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0"),
    );
    Ok(response)
}

/// `GET /api/online/me`.
pub async fn me(
    State(app): State<AppState>,
    axum::extract::Query(q): axum::extract::Query<MeQuery>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    // The page asks on every load whether anyone is signed in: for it,
    // nobody is `null`, not a 401 its console would log as an error.
    if q.optional {
        return Ok(Json(
            who(&app, &headers)
                .await?
                .map_or(Value::Null, |p| player_json(&p)),
        ));
    }
    Ok(Json(player_json(&signed_in(&app, &headers).await?)))
}

/// `GET /api/online/me?optional=true`: nobody signed in is `null` (200).
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct MeQuery {
    #[serde(default)]
    optional: bool,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct CreateBody {
    variant: String,
    #[serde(default)]
    position: Option<String>,
    /// `5+3`; none or empty: untimed.
    #[serde(default)]
    clock: Option<String>,
    /// `white`, `black` or `random`.
    #[serde(default)]
    color: Option<String>,
    /// The computer takes the other seat, thinking this long.
    #[serde(default)]
    computer_ms: Option<i64>,
    /// A guest's name, when the request has no session yet.
    #[serde(default)]
    name: Option<String>,
    /// A rated game (two accounts, the game's start, a clock).
    #[serde(default)]
    rated: bool,
}

/// Reads a side: `white`/`black` (the first or second side, Duck Chess's
/// red and blue too) or `random`.
pub fn side_choice(text: Option<&str>) -> Result<Option<usize>, ApiError> {
    match text.map(str::to_ascii_lowercase).as_deref() {
        None | Some("random") | Some("") => Ok(None),
        Some("red") => Ok(Some(0)),
        Some("blue") => Ok(Some(1)),
        Some(t) => side_of_key(t)
            .map(Some)
            .ok_or_else(|| ApiError::bad(format!("color `{t}`: white, black or random"))),
    }
}

/// `POST /api/online/games`: a new game; the creator (a new guest when
/// the request has no session) takes a seat.
pub async fn create(State(app): State<AppState>, request: Request) -> Result<Response, ApiError> {
    limit(&app, client_ip(&request), Bucket::Create)?;
    let headers = request.headers().clone();
    let bytes = body(request).await?;
    let b: CreateBody = read(&bytes)?;
    let s = service(&app)?;
    let (player, new_token) = match who(&app, &headers).await? {
        Some(p) => (p, None),
        None => {
            let (p, t) = s.new_guest(b.name.as_deref().unwrap_or("")).await?;
            (p, Some(t))
        }
    };
    let time = match b.clock.as_deref().map(str::trim).filter(|c| !c.is_empty()) {
        None => None,
        Some(c) => Some(
            c.parse::<TimeControl>()
                .map_err(|e| ApiError::bad(e.to_string()))?,
        ),
    };
    let row = s
        .create(
            &player,
            NewGame {
                variant: b.variant,
                position: b.position,
                time,
                side: side_choice(b.color.as_deref())?,
                computer_ms: b.computer_ms,
                challenged: None,
                rated: b.rated,
            },
        )
        .await?;
    let out =
        json!({"id": row.id, "url": format!("/game/{}", row.id), "player": player_json(&player)});
    Ok(match new_token {
        Some(t) => with_cookie(&t, out),
        None => Json(out).into_response(),
    })
}

/// `GET /api/online/games`: games open to join and the latest games.
pub async fn list(State(app): State<AppState>) -> Result<Json<Value>, ApiError> {
    let s = service(&app)?;
    let open = s
        .summaries(s.store().open_games(50).await.map_err(ServiceError::from)?)
        .await?;
    let recent = s
        .summaries(s.store().recent(50).await.map_err(ServiceError::from)?)
        .await?;
    Ok(Json(json!({"open": open, "recent": recent})))
}

/// `GET /api/online/player/{id}/games`: a player's games, newest first.
pub async fn history(
    State(app): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let s = service(&app)?;
    let rows = s
        .store()
        .games_of(&id, 100)
        .await
        .map_err(ServiceError::from)?;
    Ok(Json(json!({"games": s.summaries(rows).await?})))
}

/// `GET /api/online/game/{id}`: the whole game, with the reader's seat.
pub async fn game(
    State(app): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let reader = who(&app, &headers).await?;
    Ok(Json(service(&app)?.full(&id, reader.as_ref()).await?))
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct ActBody {
    #[serde(default, rename = "move")]
    mv: Option<String>,
    #[serde(default)]
    ply: Option<i64>,
}

/// `POST /api/online/game/{id}/{action}`: `join`, `move` (`{"move",
/// "ply"}`), `resign`, `draw-offer`, `draw-decline`, `claim`, `abort`,
/// `rematch`, `decline`.
pub async fn act(
    State(app): State<AppState>,
    Path((id, action)): Path<(String, String)>,
    request: Request,
) -> Result<Json<Value>, ApiError> {
    limit(&app, client_ip(&request), Bucket::Act)?;
    let headers = request.headers().clone();
    let bytes = body(request).await?;
    let b: ActBody = read(&bytes)?;
    let action = match action.as_str() {
        "join" => Action::Join,
        "move" => Action::Move {
            text: b.mv.ok_or_else(|| ApiError::bad("body: `move` is missing".into()))?,
            ply: b.ply,
        },
        "resign" => Action::Resign,
        "draw-offer" => Action::OfferDraw,
        "draw-decline" => Action::DeclineDraw,
        "claim" => Action::Claim,
        "abort" => Action::Abort,
        "rematch" => Action::Rematch,
        "decline" => Action::Decline,
        "give-time" => Action::GiveTime,
        "takeback" => Action::OfferTakeback,
        "takeback-decline" => Action::DeclineTakeback,
        other => {
            return Err(ApiError::with(
                StatusCode::NOT_FOUND,
                format!("no action `{other}` (join, move, resign, draw-offer, draw-decline, claim, abort, rematch, decline, give-time, takeback, takeback-decline)"),
            ))
        }
    };
    let player = signed_in(&app, &headers).await?;
    let s = service(&app)?;
    let t = s.act(&id, &Actor::Player(player.clone()), action).await?;
    Ok(Json(s.full_of(&t, Some(&player)).await?))
}

/// `GET /api/online/game/{id}/stream`: the game as NDJSON, the full game
/// first, then each change; open until the reader leaves.
pub async fn stream(
    State(app): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    game_stream(&app, &id, &headers, false).await
}

/// A game's NDJSON stream; `board`: lichess's (closes once the game is
/// over, as lichess's does).
pub async fn game_stream(
    app: &AppState,
    id: &str,
    headers: &HeaderMap,
    board: bool,
) -> Result<Response, ApiError> {
    let reader = who(app, headers).await?;
    let s = service(app)?.clone();
    let (rx, presence, full, since) = s.watch(id, reader.as_ref()).await?;
    let done_at_start = board && full.state.status.is_over();
    // The chat kept so far follows the game (the players' room for a
    // seat's reader only).
    let mut first = vec![serde_json::to_value(full).expect("a game is JSON")];
    first.extend(s.chat_lines(id, presence.seated()));
    let leaving = Leaving {
        service: s,
        id: id.to_string(),
        presence: Some(presence),
        game: true,
    };
    Ok(ndjson(first, rx, leaving, board, done_at_start, since))
}

/// Tells the game's readers when one of its streams closes: who is
/// connected and how many read it.
pub struct Leaving {
    /// The service.
    pub service: Arc<Service>,
    /// The game's id (or the player's key).
    pub id: String,
    /// The seat's presence, released first.
    pub presence: Option<Presence>,
    /// Whether `id` is a game's, whose readers are told.
    pub game: bool,
}

impl Drop for Leaving {
    fn drop(&mut self) {
        // A spectator's leaving changes the count every reader is shown.
        drop(self.presence.take());
        if self.game {
            let (s, id) = (self.service.clone(), self.id.clone());
            if let Ok(handle) = tokio::runtime::Handle::try_current() {
                handle.spawn(async move { s.publish_presence(&id).await });
            }
        }
    }
}

/// An NDJSON response: `first`, then each line from `rx`, an empty line
/// when idle; ends after a line that ends the game when `close_at_end`
/// (or at once when `done`), or when the reader falls too far behind (it
/// reads the game again on reconnecting). A reader without a seat is not
/// sent the players' chat. Lines of a state older than `first`'s (whose
/// lines carry version `since`; 0: no game) are dropped: they were queued
/// between subscribing and reading the game, and one of them sent after
/// `first` showed a reader the game going back a move and forward again.
/// Each line's flags decide; no line is parsed.
pub fn ndjson(
    first: Vec<Value>,
    rx: broadcast::Receiver<Line>,
    guard: Leaving,
    close_at_end: bool,
    done: bool,
    since: i64,
) -> Response {
    struct St {
        first: std::vec::IntoIter<Value>,
        rx: broadcast::Receiver<Line>,
        _guard: Leaving,
        close_at_end: bool,
        done: bool,
        /// Whether the reader holds a seat (reads the players' chat).
        seated: bool,
    }
    let seated = guard.presence.as_ref().is_some_and(Presence::seated);
    let st = St {
        first: first.into_iter(),
        rx,
        _guard: guard,
        close_at_end,
        done: false,
        seated,
    };
    let finished_first = done;
    let stream =
        futures_util::stream::unfold((st, finished_first), move |(mut st, stop)| async move {
            if let Some(v) = st.first.next() {
                let text = format!("{v}\n");
                return Some((
                    Ok::<Bytes, std::convert::Infallible>(Bytes::from(text)),
                    (st, stop),
                ));
            }
            if stop || st.done {
                return None;
            }
            loop {
                return match tokio::time::timeout(KEEP_ALIVE, st.rx.recv()).await {
                    Err(_) => Some((Ok(Bytes::from_static(b"\n")), (st, false))),
                    Ok(Ok(line)) => {
                        if !st.seated && line.room == Some(Room::Player) {
                            continue;
                        }
                        if already_sent(&line, since) {
                            continue;
                        }
                        st.done = st.close_at_end && line.ends;
                        Some((Ok(Bytes::from(format!("{}\n", line.text))), (st, false)))
                    }
                    Ok(Err(_)) => None,
                };
            }
        });
    Response::builder()
        .header(header::CONTENT_TYPE, "application/x-ndjson")
        .header(header::CACHE_CONTROL, "no-store")
        .body(Body::from_stream(stream))
        .expect("a valid response")
}

/// Whether `line` shows a state the stream's first game (whose lines carry
/// version `since`) already showed or came after: an older one, or that
/// same state again. A presence line of the same state is sent: it tells
/// who is here. Lines without a version (events, chat) always go.
pub fn already_sent(line: &Line, since: i64) -> bool {
    let seen = if line.presence {
        line.version < since
    } else {
        line.version <= since
    };
    line.version > 0 && seen
}

/// A request's body, bounded.
pub async fn body(request: Request) -> Result<Bytes, ApiError> {
    axum::body::to_bytes(request.into_body(), super::BODY_LIMIT)
        .await
        .map_err(|_| {
            ApiError::with(
                StatusCode::PAYLOAD_TOO_LARGE,
                format!(
                    "body: more than the {} KiB a request may have",
                    super::BODY_LIMIT / 1024
                ),
            )
        })
}

/// `GET /game/export/{id}`: the game's record in its own format (PGN for
/// chess, the judge input for Duck Chess, ...).
pub async fn export(
    State(app): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let s = service(&app)?;
    let t = s.table(&id).await?;
    let start = t
        .notation
        .read_position(&t.row.start_position)
        .map_err(|e| ApiError::unprocessable(format!("start: {e}")))?;
    let mut record = t.notation.write_record(&*start, t.game.moves());
    if record.starts_with("[Event ") {
        // PGN: the players, the date, the result as the server has it
        // (a resignation or a flag is no position's result).
        let seats = s.seats(&t.row).await?;
        let name = |i: usize| {
            seats[i]
                .name
                .clone()
                .or_else(|| {
                    seats[i]
                        .computer_ms
                        .map(|ms| format!("duckchess computer ({ms} ms)"))
                })
                .unwrap_or_else(|| "?".into())
        };
        let result = match (t.row.winner, t.row.status) {
            (Some(Side::White), _) => "1-0",
            (Some(Side::Black), _) => "0-1",
            (None, Status::Created | Status::Started | Status::Aborted | Status::Declined) => "*",
            (None, _) => "1/2-1/2",
        };
        let date = crate::online::view::date(t.row.created_ms);
        let tags = [
            (
                "Event",
                if t.row.rated {
                    "rated game"
                } else {
                    "casual game"
                }
                .to_string(),
            ),
            ("Site", format!("/game/{}", t.row.id)),
            ("Date", date),
            ("White", name(0)),
            ("Black", name(1)),
            ("Result", result.to_string()),
        ];
        for (tag, value) in tags {
            let value = value.replace('\\', "\\\\").replace('"', "\\\"");
            let line = format!("[{tag} \"{value}\"]");
            if let Some(at) = record.find(&format!("[{tag} ")) {
                let end = record[at..].find('\n').map_or(record.len(), |e| at + e);
                record.replace_range(at..end, &line);
            }
        }
        let trimmed = record.trim_end();
        if let Some(body) = trimmed.strip_suffix('*') {
            record = format!("{body}{result}\n");
        }
        if let Some(reason) = &t.row.reason {
            record = record.replacen(
                &format!("[Result \"{result}\"]"),
                &format!(
                    "[Result \"{result}\"]\n[Termination \"{}\"]",
                    reason.replace('"', "'")
                ),
                1,
            );
        }
    }
    let json = headers
        .get(header::ACCEPT)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|a| a.contains("application/json"));
    if json {
        // lichess's game JSON: the moves in the game's notation, the record
        // as `pgn`.
        let seats = s.seats(&t.row).await?;
        let summary = crate::online::view::summary(&t, seats);
        let names = &t.notations;
        let player = |p: &duckchess_protocol::Player| {
            let o = duckchess_protocol::Opponent::of(p);
            json!({"user": {"id": o.id, "name": o.username}})
        };
        let mut v = json!({
            "id": t.row.id,
            "rated": t.row.rated,
            "variant": t.row.variant,
            "speed": crate::online::view::speed(t.row.initial_ms, t.row.increment_ms),
            "createdAt": t.row.created_ms,
            "lastMoveAt": t.row.updated_ms,
            "status": t.row.status,
            "players": {"white": player(&summary.facts.white), "black": player(&summary.facts.black)},
            "moves": names.join(" "),
            "pgn": record,
        });
        if let Some(w) = &t.row.winner {
            v["winner"] = json!(w);
        }
        if let Some(c) = summary.facts.clock {
            v["clock"] = json!(c);
        }
        return Ok(Json(v).into_response());
    }
    Ok((
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        record,
    )
        .into_response())
}

/// The page, for `/game/{id}`, `/games` and `/play`: the same page, which
/// reads its address.
pub async fn page() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
        include_str!("page/index.html"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The loser of a lobby race is answered 409 with the sentence.
    #[test]
    fn a_lost_race_is_409_with_its_sentence() {
        let e = ApiError::from(ServiceError::Refused(Refusal::Lost(
            "you are already playing game abc".into(),
        )));
        assert_eq!(e.status, StatusCode::CONFLICT);
        assert_eq!(e.body.error, "you are already playing game abc");
    }

    /// Defect: a stream line was duplicated in a stress run (the stream
    /// showed ply n, then n − 1 queued before the game was read, then n
    /// again). Lines of a state the first game already showed are dropped.
    #[test]
    fn a_stream_never_goes_back_after_its_first_game() {
        let line = |version, presence| Line {
            version,
            presence,
            text: "{}".into(),
            room: None,
            ends: false,
        };
        // The first game's lines carry version 8.
        assert!(already_sent(&line(7, false), 8));
        assert!(already_sent(&line(7, true), 8));
        assert!(already_sent(&line(8, false), 8));
        assert!(!already_sent(&line(8, true), 8), "who is here, now");
        assert!(!already_sent(&line(9, false), 8));
        assert!(!already_sent(&line(0, false), 8), "an event or chat");
        assert!(!already_sent(&line(3, false), 0), "a stream of no game");
    }
}
