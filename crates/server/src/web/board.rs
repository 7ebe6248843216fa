//! The analysis board's endpoints: the games, studies, moves, setups, attacks, imports and records of a stateless request.

use super::game::Loaded;
use super::types::*;
use super::*;
use axum::extract::rejection::QueryRejection;
use axum::extract::Query;
use axum::Json;

pub(super) async fn list_variants() -> Json<Vec<VariantInfo>> {
    Json(game::variants())
}

/// `GET /api/studies` (`?variant=NAME` for one game's).
pub(super) async fn list_studies(
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
pub(super) struct StudiesQuery {
    variant: Option<String>,
}

pub(super) fn load(g: &GameRequest) -> Result<Loaded, ApiError> {
    Loaded::from_request(g)
}

pub(super) async fn moves(
    JsonBody(req): JsonBody<GameRequest>,
) -> Result<Json<types::State>, ApiError> {
    let loaded = load(&req)?;
    let mut state = loaded.state();
    if req.notations {
        state.line = Some(loaded.notations());
    }
    Ok(Json(state))
}

/// `POST /api/setup`: a position set up piece by piece (the board
/// editor's), checked by the game's rules.
pub(super) async fn setup(
    JsonBody(req): JsonBody<types::SetupRequest>,
) -> Result<Json<types::SetupResponse>, ApiError> {
    editor::setup(&req).map(Json)
}

/// `POST /api/attacks`: the pieces of both sides attacking a square.
pub(super) async fn attacks(
    JsonBody(req): JsonBody<AttacksRequest>,
) -> Result<Json<AttacksResponse>, ApiError> {
    load(&req.game())?.attacks(req.square).map(Json)
}

pub(super) async fn import(
    JsonBody(req): JsonBody<ImportRequest>,
) -> Result<Json<ImportResponse>, ApiError> {
    game::import(&req.variant, &req.text).map(Json)
}

pub(super) async fn record(
    JsonBody(req): JsonBody<RecordRequest>,
) -> Result<Json<RecordResponse>, ApiError> {
    game::record(&req).map(Json)
}

pub(super) async fn play(
    JsonBody(req): JsonBody<PlayRequest>,
) -> Result<Json<PlayResponse>, ApiError> {
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
