//! A route's methods: an endpoint answers a method it does not take with a
//! 405 and a JSON error.

use super::{ApiError, AppState};
use axum::handler::Handler;
use axum::http::{Method, StatusCode, Uri};
use axum::routing::{get, post, MethodRouter};

/// A POST endpoint: any other method is a 405 with a JSON error (and
/// axum's `Allow` header).
pub(super) fn api_post<H, T>(handler: H) -> MethodRouter<AppState>
where
    H: Handler<T, AppState>,
    T: 'static,
{
    post(handler)
        .fallback(|method: Method, uri: Uri| async move { wrong_method(&uri, "POST", &method) })
}

/// A GET endpoint, other methods answered as [`api_post`] does.
pub(super) fn api_get<H, T>(handler: H) -> MethodRouter<AppState>
where
    H: Handler<T, AppState>,
    T: 'static,
{
    get(handler)
        .fallback(|method: Method, uri: Uri| async move { wrong_method(&uri, "GET", &method) })
}

pub(super) fn wrong_method(uri: &Uri, allowed: &str, method: &Method) -> ApiError {
    ApiError::with(
        StatusCode::METHOD_NOT_ALLOWED,
        format!("{} takes {allowed}, not {method}", uri.path()),
    )
}
