//! The routes: every page, asset and endpoint, and what answers a wrong method or path.

use super::methods::{api_get, api_post};
use super::*;
use axum::extract::DefaultBodyLimit;
use axum::http::StatusCode;
use axum::Router;

/// The page and the API. Adding an endpoint is one `.route` line.
pub fn router(state: AppState) -> Router {
    let judge_route = api_post(judge).layer(DefaultBodyLimit::max(JUDGE_BODY_LIMIT));
    let guard = state.guard.clone();
    super::assets::routes()
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
        .route(
            "/api/board/game/{id}/takeback/{answer}",
            api_post(lichess::takeback),
        )
        .route(
            "/api/bot/game/{id}/takeback/{answer}",
            api_post(lichess::takeback),
        )
        .route("/api/board/game/{id}/claim-draw", api_post(lichess::claim))
        .route("/api/board/game/{id}/chat", api_post(lichess::chat))
        .route("/api/bot/game/{id}/chat", api_post(lichess::chat))
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

pub(super) async fn not_found() -> ApiError {
    ApiError::with(StatusCode::NOT_FOUND, "no such page or endpoint".into())
}
