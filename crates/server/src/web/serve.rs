//! Serving the router: hyper's HTTP/1 server with a header read timeout, a time limit per request, and a bound on connections.

use super::*;
use axum::extract::Request;
use axum::http::StatusCode;
use axum::response::IntoResponse;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Semaphore;

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

/// The listen backlog: connections the kernel completes and queues before
/// the server accepts them. std's and tokio's `bind` ask for 128, and a
/// burst of 200 players' requests overflowed it: each connection past it
/// waited a second for its SYN to be sent again. The kernel caps the
/// number at `net.core.somaxconn` (4096 on Linux since 5.4; raise it with
/// `sysctl net.core.somaxconn=N` on an older one).
pub const LISTEN_BACKLOG: u32 = 4096;

/// A listener on `addr` with [`LISTEN_BACKLOG`] (and `SO_REUSEADDR`, as
/// tokio's `bind` sets it, so a restarted server binds at once).
pub fn listen(addr: std::net::SocketAddr) -> std::io::Result<tokio::net::TcpListener> {
    let socket = if addr.is_ipv4() {
        tokio::net::TcpSocket::new_v4()?
    } else {
        tokio::net::TcpSocket::new_v6()?
    };
    #[cfg(unix)]
    socket.set_reuseaddr(true)?;
    socket.bind(addr)?;
    socket.listen(LISTEN_BACKLOG)
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
