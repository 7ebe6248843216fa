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

use crate::engine::computer::{self, Computer};
use crate::engine::search::{self, Score};
use crate::judge;
use crate::variants::duck::trace::Tracer;
use axum::body::Bytes;
use axum::extract::rejection::QueryRejection;
use axum::extract::{DefaultBodyLimit, FromRequest, Query, Request, State};
use axum::handler::Handler;
use axum::http::{header, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post, MethodRouter};
use axum::{Json, Router};
use game::Loaded;
use serde::de::DeserializeOwned;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Semaphore;
use types::*;

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
    searches: Arc<Semaphore>,
    judges: Arc<Semaphore>,
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

/// The score of a mate in no moves; a mate in n is `MATE - n`.
pub const MATE: i32 = 100_000;

/// A search's score on the API's scale: centipawns, a mate in n
/// `MATE - n`, being mated in n `-MATE + n`.
///
/// ```
/// use duckchess_engine::search::Score;
/// use duckchess_server::web::{api_score, MATE};
/// assert_eq!(api_score(Score::Centipawns(-40)), -40);
/// assert_eq!(api_score(Score::Mate(3)), MATE - 3);
/// assert_eq!(api_score(Score::Mate(-2)), -MATE + 2);
/// ```
pub fn api_score(score: Score) -> i32 {
    match score {
        Score::Centipawns(cp) => cp,
        Score::Mate(n) if n > 0 => MATE - n,
        Score::Mate(n) => -MATE - n,
    }
}

/// A state with the simplest computer: the first legal move. For tests and
/// for a library user who brings no computer.
impl Default for AppState {
    fn default() -> AppState {
        AppState::new(computer::first_legal())
    }
}

/// An error answered as `{ "error": "..." }` with a 4xx or 5xx status.
#[derive(Debug)]
pub struct ApiError {
    /// The status.
    pub status: StatusCode,
    /// The body.
    pub body: ErrorBody,
}

impl ApiError {
    fn with(status: StatusCode, message: String) -> ApiError {
        ApiError {
            status,
            body: ErrorBody {
                error: message,
                verdicts: None,
            },
        }
    }

    /// 400: the body is not JSON of the endpoint's shape (a syntax
    /// error, a field missing, unknown or of the wrong type).
    pub fn bad(message: String) -> ApiError {
        ApiError::with(StatusCode::BAD_REQUEST, message)
    }

    /// 422: JSON of the right shape whose content the game cannot take: an
    /// unknown variant, a position, history or move that cannot be read or
    /// played, a game that is over, a draw that cannot be claimed.
    pub fn unprocessable(message: String) -> ApiError {
        ApiError::with(StatusCode::UNPROCESSABLE_ENTITY, message)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, Json(self.body)).into_response()
    }
}

/// A request body's size limit, as its 413 answer states it.
pub trait Limited {
    /// What the 413 answer says.
    const TOO_LARGE: &'static str =
        "body: more than the 64 KiB a request may have (1 MiB for /api/judge)";
}

impl Limited for GameRequest {}
impl Limited for PlayRequest {}
impl Limited for BestRequest {}
impl Limited for MateRequest {}
impl Limited for ImportRequest {}
impl Limited for RecordRequest {}
impl Limited for AttacksRequest {}
impl Limited for types::SetupRequest {}
impl Limited for JudgeRequest {
    const TOO_LARGE: &'static str = "body: more than the 1 MiB a judge input may have";
}

/// A JSON body whose every rejection (too large, not UTF-8, malformed,
/// a field missing or unknown) is answered in JSON too.
pub struct JsonBody<T>(pub T);

impl<T: DeserializeOwned + Limited, S: Send + Sync> FromRequest<S> for JsonBody<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        let bytes = Bytes::from_request(req, state).await.map_err(|e| {
            let message = if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
                T::TOO_LARGE.to_string()
            } else {
                format!("body: {}", e.body_text())
            };
            ApiError::with(e.status(), message)
        })?;
        serde_json::from_slice(&bytes)
            .map(JsonBody)
            .map_err(|e| ApiError::bad(format!("body: {e}")))
    }
}

/// A POST endpoint: any other method is a 405 with a JSON error (and
/// axum's `Allow` header).
fn api_post<H, T>(handler: H) -> MethodRouter<AppState>
where
    H: Handler<T, AppState>,
    T: 'static,
{
    post(handler)
        .fallback(|method: Method, uri: Uri| async move { wrong_method(&uri, "POST", &method) })
}

/// A GET endpoint, other methods answered as [`api_post`] does.
fn api_get<H, T>(handler: H) -> MethodRouter<AppState>
where
    H: Handler<T, AppState>,
    T: 'static,
{
    get(handler)
        .fallback(|method: Method, uri: Uri| async move { wrong_method(&uri, "GET", &method) })
}

fn wrong_method(uri: &Uri, allowed: &str, method: &Method) -> ApiError {
    ApiError::with(
        StatusCode::METHOD_NOT_ALLOWED,
        format!("{} takes {allowed}, not {method}", uri.path()),
    )
}

/// The page and the API. Adding an endpoint is one `.route` line.
pub fn router(state: AppState) -> Router {
    let judge_route = api_post(judge).layer(DefaultBodyLimit::max(JUDGE_BODY_LIMIT));
    let guard = state.guard.clone();
    Router::new()
        .route("/game/{id}", api_get(online::page))
        .route("/games", api_get(online::page))
        .route("/play", api_get(online::page))
        .route("/@/{name}", api_get(online::page))
        .route("/leaderboard", api_get(online::page))
        .route("/player", api_get(online::page))
        .route("/lobby", api_get(online::page))
        .route("/api/online/seeks", api_get(lobby::list).post(lobby::post))
        .route("/api/online/seeks/{id}/{action}", api_post(lobby::act))
        .route("/api/online/lobby/stream", api_get(lobby::stream))
        .route("/api/board/seek", api_post(lobby::board_seek))
        .route("/api/user/{name}", api_get(players::user))
        .route(
            "/api/user/{name}/rating-history",
            api_get(players::rating_history),
        )
        .route("/api/player", api_get(players::leaderboards))
        .route("/api/player/top/{nb}/{perf}", api_get(players::top))
        .route("/api/online/guest", api_post(online::guest))
        .route("/api/online/account", api_post(online::account))
        .route("/api/online/login", api_post(online::login))
        .route("/api/online/logout", api_post(online::logout))
        .route("/api/online/me", api_get(online::me))
        .route(
            "/api/online/games",
            api_get(online::list).post(online::create),
        )
        .route("/api/online/player/{id}/games", api_get(online::history))
        .route("/api/online/game/{id}", api_get(online::game))
        .route("/api/online/game/{id}/stream", api_get(online::stream))
        .route("/api/online/game/{id}/{action}", api_post(online::act))
        .route("/game/export/{id}", api_get(online::export))
        .route("/api/account", api_get(lichess::account))
        .route("/api/stream/event", api_get(lichess::events))
        .route("/api/challenge/{user}", api_post(lichess::challenge))
        .route("/api/challenge/{id}/accept", api_post(lichess::accept))
        .route("/api/challenge/{id}/decline", api_post(lichess::decline))
        .route("/api/board/game/stream/{id}", api_get(lichess::stream))
        .route("/api/bot/game/stream/{id}", api_get(lichess::stream))
        .route("/api/board/game/{id}/move/{mv}", api_post(lichess::play))
        .route("/api/bot/game/{id}/move/{mv}", api_post(lichess::play))
        .route("/api/board/game/{id}/resign", api_post(lichess::resign))
        .route("/api/bot/game/{id}/resign", api_post(lichess::resign))
        .route("/api/board/game/{id}/abort", api_post(lichess::abort))
        .route("/api/bot/game/{id}/abort", api_post(lichess::abort))
        .route(
            "/api/board/game/{id}/draw/{answer}",
            api_post(lichess::draw),
        )
        .route("/api/bot/game/{id}/draw/{answer}", api_post(lichess::draw))
        .route("/api/board/game/{id}/claim-draw", api_post(lichess::claim))
        .route("/api/board/game/{id}/chat", api_post(lichess::chat))
        .route("/api/bot/game/{id}/chat", api_post(lichess::chat))
        .route("/", api_get(index))
        .route("/app.js", api_get(app_js))
        .route("/style.css", api_get(style_css))
        .route("/online.js", api_get(online_js))
        .route("/keep.js", api_get(keep_js))
        .route("/studies.js", api_get(studies_js))
        .route("/tree.js", api_get(tree_js))
        .route("/analysis.js", api_get(analysis_js))
        .route("/review.js", api_get(review_js))
        .route("/drawings.js", api_get(drawings_js))
        .route("/inspect.js", api_get(inspect_js))
        .route("/view3d.js", api_get(view3d_js))
        .route("/editor.js", api_get(editor_js))
        .route("/favicon.ico", api_get(favicon))
        .route("/favicon.svg", api_get(favicon))
        .route("/api/variants", api_get(list_variants))
        .route("/api/studies", api_get(list_studies))
        .route("/api/moves", api_post(moves))
        .route("/api/setup", api_post(setup))
        .route("/api/play", api_post(play))
        .route("/api/best", api_post(best))
        .route("/api/analyse", api_post(analysis::analyse))
        .route("/api/review", api_post(review::review))
        .route("/api/import", api_post(import))
        .route("/api/record", api_post(record))
        .route("/api/judge", judge_route)
        .route("/api/mate", api_post(mate))
        .route("/api/attacks", api_post(attacks))
        .fallback(not_found)
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .with_state(state)
        .layer(axum::middleware::from_fn_with_state(guard, guard::check))
}

/// How long a client may take, and how many may be connected.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// From a connection's first byte (or the end of its last answer) to
    /// the end of a request's headers; a half-sent request is dropped then.
    pub header: Duration,
    /// From a request's headers to its answer's head (the body read
    /// included; a stream's lines come after).
    pub request: Duration,
    /// Connections served at once; more wait to be accepted.
    pub connections: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            header: Duration::from_secs(10),
            request: Duration::from_secs(30),
            connections: 1024,
        }
    }
}

/// Serves [`router`] on `listener` until the process ends, with the
/// default [`Limits`].
pub async fn serve(listener: tokio::net::TcpListener, state: AppState) -> std::io::Result<()> {
    serve_with(listener, state, Limits::default()).await
}

/// Serves [`router`] on `listener` with `limits`: hyper's HTTP/1 server
/// with a header read timeout (`axum::serve` has none: idle half-sent
/// requests held every file descriptor), a time limit per request, and a
/// bound on connections.
pub async fn serve_with(
    listener: tokio::net::TcpListener,
    state: AppState,
    limits: Limits,
) -> std::io::Result<()> {
    use hyper_util::rt::{TokioIo, TokioTimer};
    use tower::ServiceExt;
    let request_limit = limits.request;
    let app = router(state).layer(axum::middleware::from_fn(
        move |request: Request, next: axum::middleware::Next| async move {
            match tokio::time::timeout(request_limit, next.run(request)).await {
                Ok(response) => response,
                Err(_) => ApiError::with(
                    StatusCode::REQUEST_TIMEOUT,
                    "the request took too long".into(),
                )
                .into_response(),
            }
        },
    ));
    let slots = Arc::new(Semaphore::new(limits.connections));
    loop {
        let slot = slots.clone().acquire_owned().await.expect("never closed");
        let (stream, addr) = match listener.accept().await {
            Ok(accepted) => accepted,
            // Out of file descriptors or a connection reset before it was
            // accepted: wait a moment and go on.
            Err(_) => {
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let app = app.clone();
        tokio::spawn(async move {
            let _slot = slot;
            let service = hyper::service::service_fn(
                move |mut request: axum::http::Request<hyper::body::Incoming>| {
                    request
                        .extensions_mut()
                        .insert(axum::extract::ConnectInfo(addr));
                    app.clone().oneshot(request.map(axum::body::Body::new))
                },
            );
            let _ = hyper::server::conn::http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(limits.header)
                .serve_connection(TokioIo::new(stream), service)
                .await;
        });
    }
}

async fn index() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
        include_str!("page/index.html"),
    )
}

async fn app_js() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        include_str!("page/app.js"),
    )
}

/// The page's icon (an SVG, which browsers take at /favicon.ico too).
async fn favicon() -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, "image/svg+xml"),
            (header::CACHE_CONTROL, "max-age=86400"),
        ],
        include_str!("page/favicon.svg"),
    )
}

async fn studies_js() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        include_str!("page/studies.js"),
    )
}

async fn keep_js() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        include_str!("page/keep.js"),
    )
}

async fn analysis_js() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        include_str!("page/analysis.js"),
    )
}

/// The page's whole-game review.
async fn review_js() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        include_str!("page/review.js"),
    )
}

/// The page's arrows and circles.
async fn drawings_js() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        include_str!("page/drawings.js"),
    )
}

async fn tree_js() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        include_str!("page/tree.js"),
    )
}

async fn inspect_js() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        include_str!("page/inspect.js"),
    )
}

async fn view3d_js() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        include_str!("page/view3d.js"),
    )
}

async fn editor_js() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        include_str!("page/editor.js"),
    )
}

async fn online_js() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        include_str!("page/online.js"),
    )
}

async fn style_css() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/css; charset=utf-8")],
        include_str!("page/style.css"),
    )
}

async fn not_found() -> ApiError {
    ApiError::with(StatusCode::NOT_FOUND, "no such page or endpoint".into())
}

async fn list_variants() -> Json<Vec<VariantInfo>> {
    Json(game::variants())
}

/// `GET /api/studies` (`?variant=NAME` for one game's).
async fn list_studies(
    query: Result<Query<StudiesQuery>, QueryRejection>,
) -> Result<Json<Vec<StudyInfo>>, ApiError> {
    let Query(query) = query.map_err(|e| ApiError::bad(format!("query: {}", e.body_text())))?;
    let all = game::studies();
    match query.variant {
        None => Ok(Json(all.to_vec())),
        Some(name) => {
            let notation = crate::variants::by_name(&name).ok_or_else(|| {
                ApiError::unprocessable(format!(
                    "unknown variant `{name}` (known: {})",
                    crate::variants::names().join(", ")
                ))
            })?;
            Ok(Json(
                all.iter()
                    .filter(|s| s.variant == notation.name())
                    .cloned()
                    .collect(),
            ))
        }
    }
}

/// The query `GET /api/studies` takes.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct StudiesQuery {
    variant: Option<String>,
}

fn load(g: &GameRequest) -> Result<Loaded, ApiError> {
    Loaded::from_request(g)
}

async fn moves(JsonBody(req): JsonBody<GameRequest>) -> Result<Json<types::State>, ApiError> {
    let loaded = load(&req)?;
    let mut state = loaded.state();
    if req.notations {
        state.line = Some(loaded.notations());
    }
    Ok(Json(state))
}

/// `POST /api/setup`: a position set up piece by piece (the board
/// editor's), checked by the game's rules.
async fn setup(
    JsonBody(req): JsonBody<types::SetupRequest>,
) -> Result<Json<types::SetupResponse>, ApiError> {
    editor::setup(&req).map(Json)
}

/// `POST /api/attacks`: the pieces of both sides attacking a square.
async fn attacks(
    JsonBody(req): JsonBody<AttacksRequest>,
) -> Result<Json<AttacksResponse>, ApiError> {
    load(&req.game())?.attacks(req.square).map(Json)
}

async fn import(JsonBody(req): JsonBody<ImportRequest>) -> Result<Json<ImportResponse>, ApiError> {
    game::import(&req.variant, &req.text).map(Json)
}

async fn record(JsonBody(req): JsonBody<RecordRequest>) -> Result<Json<RecordResponse>, ApiError> {
    game::record(&req).map(Json)
}

async fn play(JsonBody(req): JsonBody<PlayRequest>) -> Result<Json<PlayResponse>, ApiError> {
    let mut loaded = load(&req.game())?;
    if let Some(over) = loaded.over() {
        return Err(ApiError::unprocessable(format!(
            "move: the game is over ({over})"
        )));
    }
    let mv = loaded.play(&req.mv)?;
    let state = loaded.state();
    Ok(Json(PlayResponse {
        mv,
        position: state.position.clone(),
        check: state.check,
        result: state.result.clone(),
        state,
    }))
}

/// Sets the flag when dropped: a search whose request (or whose stream's
/// reader) went away stops.
pub(super) struct StopOnDrop(pub(super) Arc<AtomicBool>);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

async fn best(
    State(app): State<AppState>,
    JsonBody(req): JsonBody<BestRequest>,
) -> Result<Json<BestResponse>, ApiError> {
    let think = req
        .think_ms
        .map_or(DEFAULT_THINK, Duration::from_millis)
        .clamp(Duration::from_millis(1), MAX_THINK);
    let loaded = load(&req.game())?;
    if let Some(over) = loaded.over() {
        return Err(ApiError::unprocessable(format!(
            "the game is over ({over})"
        )));
    }
    let _permit = app.search_place()?;
    let stop = Arc::new(AtomicBool::new(false));
    let _stop_on_drop = StopOnDrop(stop.clone());
    let timer = {
        let stop = stop.clone();
        tokio::spawn(async move {
            tokio::time::sleep(think).await;
            stop.store(true, Ordering::Relaxed);
        })
    };
    let computer = app.computer.clone();
    let mate_in = req.mate_in.map(|n| n.min(MAX_MATE_IN));
    let task = tokio::task::spawn_blocking(move || {
        mate_in
            .and_then(|n| proven_mate(&loaded, n, think / 2, &stop))
            .or_else(|| best_move(&loaded, think, &stop, &computer))
    });
    let answer = task.await;
    timer.abort();
    match answer {
        Ok(Some(best)) => Ok(Json(best)),
        Ok(None) => Err(ApiError::unprocessable(
            "the side to move has no legal move".into(),
        )),
        Err(e) => Err(ApiError::with(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("the search failed: {e}"),
        )),
    }
}

/// The shortest forced win within `n` moves in `loaded` the mate solver
/// proves in `think`, told as a search's answer (`mate in k`, the line
/// through the longest defence); `None` when there is none or no time.
fn proven_mate(
    loaded: &Loaded,
    n: u32,
    think: Duration,
    stop: &AtomicBool,
) -> Option<BestResponse> {
    use crate::engine::mate::{solve, MateLimits, Proof};
    let pos = loaded.game.position();
    let started = std::time::Instant::now();
    let proof = (1..=n).find_map(|k| {
        let left = think.checked_sub(started.elapsed())?;
        solve(pos, k, MateLimits { think: Some(left) }, stop)
            .ok()
            .flatten()
    })?;
    let moves = proof.moves();
    let mut at = pos.clone_box();
    let (mut pv, mut line) = (Vec::new(), Vec::new());
    let mut step = Some(&proof);
    while let Some(p) = step {
        let m = p.first();
        pv.push(loaded.notation.coordinate_move(&*at, m));
        line.push(loaded.notation.write_move(&*at, m));
        at.play(m).ok()?;
        step =
            match p {
                Proof::Wins(_) => None,
                Proof::Forces(_, replies) => replies
                    .iter()
                    .max_by_key(|(_, p)| p.moves())
                    .and_then(|(reply, p)| {
                        pv.push(loaded.notation.coordinate_move(&*at, *reply));
                        line.push(loaded.notation.write_move(&*at, *reply));
                        at.play(*reply).ok().map(|_| p)
                    }),
            };
    }
    Some(BestResponse {
        best: game::move_info(loaded.notation, pos, proof.first()),
        score: MATE - moves as i32,
        eval: eval(MATE - moves as i32),
        eval_for: loaded.notation.side_name(pos.turn()).into(),
        depth: 2 * moves - 1,
        pv,
        line,
    })
}

/// The computer's move in `loaded`, thinking up to `think` or until `stop`.
pub fn best_move(
    loaded: &Loaded,
    think: Duration,
    stop: &AtomicBool,
    computer: &Computer,
) -> Option<BestResponse> {
    let best = computer(&*loaded.game, search::Limits::think(think), stop)?;
    let pos = loaded.game.position();
    // The line is told in coordinates and in the game's notation, each
    // move in the position it is played from; it stops at the first move
    // that is not legal.
    let mut at = pos.clone_box();
    let (mut pv, mut line) = (Vec::new(), Vec::new());
    for &m in &best.pv {
        if !at.legal_moves().contains(&m) {
            break;
        }
        pv.push(loaded.notation.coordinate_move(&*at, m));
        line.push(loaded.notation.write_move(&*at, m));
        at.play(m).expect("a legal move");
    }
    Some(BestResponse {
        best: game::move_info(loaded.notation, pos, best.best),
        score: api_score(best.score),
        eval: eval(api_score(best.score)),
        eval_for: loaded.notation.side_name(pos.turn()).into(),
        depth: best.depth,
        pv,
        line,
    })
}

/// A score as people read it ([`crate::engine::search::Score`]'s words):
/// `+0.11`, `-1.50`, `mate in 4`, `mated in 2`.
///
/// ```
/// use duckchess_server::web::{eval, MATE};
/// assert_eq!(eval(11), "+0.11");
/// assert_eq!(eval(-150), "-1.50");
/// assert_eq!(eval(MATE - 4), "mate in 4");
/// assert_eq!(eval(-MATE + 2), "mated in 2");
/// ```
pub fn eval(score: i32) -> String {
    use crate::engine::search::Score;
    const MATES: i32 = 1000;
    let score = if score >= MATE - MATES {
        Score::Mate(MATE - score)
    } else if score <= -MATE + MATES {
        Score::Mate(-(score + MATE))
    } else {
        Score::Centipawns(score)
    };
    score.to_string()
}

/// `POST /api/mate`: the cube puzzle's answer for one position, and why.
async fn mate(JsonBody(req): JsonBody<MateRequest>) -> Result<Json<MateResponse>, ApiError> {
    use crate::variants::cube::{self, mate};
    let position =
        cube::read(&req.position).map_err(|e| ApiError::unprocessable(format!("position: {e}")))?;
    let explanation = mate::explain(&position);
    Ok(Json(MateResponse {
        mate: explanation.is_mate(),
        explanation: explanation.lines,
    }))
}

async fn judge(
    State(app): State<AppState>,
    request: Request,
) -> Result<Json<JudgeResponse>, ApiError> {
    // The permit is taken before the input is read: at most MAX_JUDGES
    // inputs and their verdicts are in memory at once; the others wait
    // their turn, up to JUDGE_WAIT.
    let permit = tokio::time::timeout(JUDGE_WAIT, app.judges.clone().acquire_owned()).await;
    let _permit = match permit {
        Ok(Ok(p)) => p,
        _ => {
            return Err(ApiError::with(
                StatusCode::SERVICE_UNAVAILABLE,
                format!("{MAX_JUDGES} judge inputs are being judged; try again shortly"),
            ))
        }
    };
    let JsonBody(req) = JsonBody::<JudgeRequest>::from_request(request, &app).await?;
    tokio::task::spawn_blocking(move || run_judge(&req))
        .await
        .map_err(|e| {
            ApiError::with(
                StatusCode::INTERNAL_SERVER_ERROR,
                format!("the judge failed: {e}"),
            )
        })?
        .map(Json)
}

/// Judges a Duck Chess input: each command's verdict line and, for an
/// invalid one, the engine's reason. A malformed input is an error holding
/// the verdicts before the bad line.
pub fn run_judge(req: &JudgeRequest) -> Result<JudgeResponse, ApiError> {
    // A Duck Chess record may carry its start's FEN on its first line.
    let (fen, input, _) = crate::variants::duck::split_record(&req.input);
    let given = req
        .position
        .as_deref()
        .map(str::trim)
        .filter(|t| !t.is_empty());
    let start = match given.or(fen) {
        None => judge::Position::initial(),
        Some(t) => t
            .parse()
            .map_err(|e| ApiError::unprocessable(format!("position: {e}")))?,
    };
    let mut tracer = Tracer::new(start);
    let mut commands = judge::Commands::new(input.as_bytes());
    let mut verdicts = Vec::new();
    loop {
        match commands.next_command() {
            Ok(Some(command)) => {
                let step = tracer.step(command);
                verdicts.push(Verdict {
                    number: step.number,
                    command: command.to_string(),
                    line: step.judge_line(),
                    reason: step.verdict.is_err().then(|| {
                        step.notes
                            .iter()
                            .map(|n| n.to_string())
                            .collect::<Vec<_>>()
                            .join("; ")
                    }),
                });
            }
            Ok(None) => break,
            Err(e) => {
                let mut err = ApiError::unprocessable(format!("input: {e}"));
                err.body.verdicts = Some(verdicts);
                return Err(err);
            }
        }
    }
    Ok(JudgeResponse {
        verdicts,
        position: tracer.position().to_fen(),
    })
}
