//! The JSON API's request bodies, through the router as `serve` runs it
//! but without a socket: the first byte picks the endpoint, the rest is
//! the body. Every answer is JSON, and no status is a server error but
//! the 503 of a full search queue; a position the API gives reads back.
use duckchess::web::{router, AppState};
use std::sync::OnceLock;
use tower::ServiceExt;

const ENDPOINTS: [&str; 5] = [
    "/api/moves",
    "/api/play",
    "/api/best",
    "/api/mate",
    "/api/judge",
];

fn runtime() -> &'static tokio::runtime::Runtime {
    static RUNTIME: OnceLock<tokio::runtime::Runtime> = OnceLock::new();
    RUNTIME.get_or_init(|| {
        tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap()
    })
}

/// The status and the JSON body of a POST.
fn post(path: &str, body: Vec<u8>) -> (u16, serde_json::Value) {
    use axum::{body::Body, http::Request};
    let app = router(AppState::default());
    let request = Request::post(path)
        .header("content-type", "application/json")
        .body(Body::from(body))
        .unwrap();
    runtime().block_on(async {
        let response = app.oneshot(request).await.unwrap();
        let status = response.status().as_u16();
        let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
            .await
            .unwrap();
        let json = serde_json::from_slice(&bytes)
            .unwrap_or_else(|e| panic!("{path} {status}: not JSON ({e}): {bytes:?}"));
        (status, json)
    })
}

/// The target's checks on one input; a failure panics.
pub fn check(data: &[u8]) {
    let Some((&pick, body)) = data.split_first() else {
        return;
    };
    let path = ENDPOINTS[pick as usize % ENDPOINTS.len()];
    let (status, json) = post(path, body.to_vec());
    assert!(status < 500 || status == 503, "{path}: {status} {json}");
    if path == "/api/moves" && status == 200 {
        // The position the API writes reads back to the same position.
        let again = serde_json::json!({
            "variant": json["variant"],
            "position": json["position"],
        });
        let (status, back) = post(path, again.to_string().into_bytes());
        assert_eq!(status, 200, "{again} {back}");
        assert_eq!(back["position"], json["position"], "{again}");
    }
}
