//! The page's files, embedded in the binary: one table of paths, media
//! types and texts, each served the same way.

use super::methods::api_get;
use super::AppState;
use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Response};
use axum::Router;

const JS: &str = "text/javascript; charset=utf-8";

/// A file of the page.
pub(super) struct Asset {
    /// The paths it is served at.
    paths: &'static [&'static str],
    /// Its media type.
    content_type: &'static str,
    /// Whether browsers may keep it a day (the icon; the rest change with
    /// the binary and are asked for again).
    cached: bool,
    /// Its text.
    body: &'static str,
}

/// Every file of the page.
pub(super) const ASSETS: &[Asset] = &[
    Asset {
        paths: &["/"],
        content_type: "text/html; charset=utf-8",
        cached: false,
        body: include_str!("page/index.html"),
    },
    Asset {
        paths: &["/style.css"],
        content_type: "text/css; charset=utf-8",
        cached: false,
        body: include_str!("page/style.css"),
    },
    // The page's icon (an SVG, which browsers take at /favicon.ico too).
    Asset {
        paths: &["/favicon.ico", "/favicon.svg"],
        content_type: "image/svg+xml",
        cached: true,
        body: include_str!("page/favicon.svg"),
    },
    Asset {
        paths: &["/app.js"],
        content_type: JS,
        cached: false,
        body: include_str!("page/app.js"),
    },
    Asset {
        paths: &["/online.js"],
        content_type: JS,
        cached: false,
        body: include_str!("page/online.js"),
    },
    Asset {
        paths: &["/keep.js"],
        content_type: JS,
        cached: false,
        body: include_str!("page/keep.js"),
    },
    Asset {
        paths: &["/studies.js"],
        content_type: JS,
        cached: false,
        body: include_str!("page/studies.js"),
    },
    Asset {
        paths: &["/tree.js"],
        content_type: JS,
        cached: false,
        body: include_str!("page/tree.js"),
    },
    Asset {
        paths: &["/analysis.js"],
        content_type: JS,
        cached: false,
        body: include_str!("page/analysis.js"),
    },
    // The whole-game review.
    Asset {
        paths: &["/review.js"],
        content_type: JS,
        cached: false,
        body: include_str!("page/review.js"),
    },
    // Arrows and circles.
    Asset {
        paths: &["/drawings.js"],
        content_type: JS,
        cached: false,
        body: include_str!("page/drawings.js"),
    },
    Asset {
        paths: &["/inspect.js"],
        content_type: JS,
        cached: false,
        body: include_str!("page/inspect.js"),
    },
    Asset {
        paths: &["/view3d.js"],
        content_type: JS,
        cached: false,
        body: include_str!("page/view3d.js"),
    },
    Asset {
        paths: &["/editor.js"],
        content_type: JS,
        cached: false,
        body: include_str!("page/editor.js"),
    },
    Asset {
        paths: &["/walling.js"],
        content_type: JS,
        cached: false,
        body: include_str!("page/walling.js"),
    },
];

impl Asset {
    fn response(&'static self) -> Response {
        let mut response = ([(header::CONTENT_TYPE, self.content_type)], self.body).into_response();
        if self.cached {
            response.headers_mut().insert(
                header::CACHE_CONTROL,
                HeaderValue::from_static("max-age=86400"),
            );
        }
        response
    }
}

/// A router that serves every file of the page (GET only).
pub(super) fn routes() -> Router<AppState> {
    ASSETS.iter().fold(Router::new(), |router, asset| {
        asset.paths.iter().fold(router, |router, path| {
            router.route(path, api_get(move || async move { asset.response() }))
        })
    })
}
