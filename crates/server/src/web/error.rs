//! The API's errors (`{ "error": "..." }` with a status) and its bounded JSON bodies.

use super::types::*;
use super::*;
use axum::body::Bytes;
use axum::extract::{FromRequest, Request};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::de::DeserializeOwned;

/// An error answered as `{ "error": "..." }` with a 4xx or 5xx status.
#[derive(Debug)]
pub struct ApiError {
    /// The status.
    pub status: StatusCode,
    /// The body.
    pub body: ErrorBody,
}

impl ApiError {
    pub(super) fn with(status: StatusCode, message: String) -> ApiError {
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
