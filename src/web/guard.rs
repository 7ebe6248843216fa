//! What every request passes before a handler: the `Host` it names (no DNS
//! rebinding onto a server bound to this machine), the `Origin` of a
//! request that changes something (no cross-site request moves, resigns or
//! starts a search on a user's server), and per-client rate limits.

use axum::extract::{ConnectInfo, Request, State};
use axum::http::{header, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// The hosts a request may name, and the limits per client.
#[derive(Clone, Debug, Default)]
pub struct Guard {
    /// `Host` values accepted (`127.0.0.1:8080`, `localhost:8080`); none:
    /// any (a router driven in-process, as the library's tests do).
    pub hosts: Option<Arc<Vec<String>>>,
    /// No per-client limits (a load test from one address).
    pub unlimited: bool,
    limits: Arc<Mutex<Buckets>>,
}

/// Each client's tokens left in each bucket, and when they were counted.
type Buckets = HashMap<(IpAddr, Bucket), (f64, Instant)>;

/// What a client spends tokens on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Bucket {
    /// Making games, guests and accounts: 30 a minute, 10 at once.
    Create,
    /// Moves and other actions in a game: 20 a second, 60 at once.
    Act,
}

impl Bucket {
    fn rate(self) -> (f64, f64) {
        match self {
            Bucket::Create => (0.5, 10.0),
            Bucket::Act => (20.0, 60.0),
        }
    }
}

/// Clients remembered at most; past it the table starts afresh.
const MAX_CLIENTS: usize = 10_000;

impl Guard {
    /// A guard accepting `hosts` only.
    pub fn for_hosts(hosts: Vec<String>) -> Guard {
        Guard {
            hosts: Some(Arc::new(hosts)),
            ..Guard::default()
        }
    }

    /// The `Host` values of a server bound to `addr`: the address itself,
    /// `localhost` for a loopback one, and each of `extra` (names the
    /// server is reached by, with or without the port).
    pub fn hosts_for(addr: SocketAddr, extra: &[String]) -> Vec<String> {
        let port = addr.port();
        let mut hosts = vec![addr.to_string()];
        if addr.ip().is_loopback() {
            hosts.push(format!("localhost:{port}"));
            hosts.push(format!("127.0.0.1:{port}"));
            hosts.push(format!("[::1]:{port}"));
        }
        for e in extra {
            hosts.push(e.clone());
            if !e.contains(':') {
                hosts.push(format!("{e}:{port}"));
            }
        }
        hosts
    }

    /// Takes one token of `bucket` for `ip`; false when there is none.
    pub fn take(&self, ip: IpAddr, bucket: Bucket) -> bool {
        if self.unlimited {
            return true;
        }
        let (per_second, burst) = bucket.rate();
        let now = Instant::now();
        let mut limits = self.limits.lock().expect("limits");
        if limits.len() >= MAX_CLIENTS {
            limits.clear();
        }
        let (tokens, at) = limits.entry((ip, bucket)).or_insert((burst, now));
        *tokens = (*tokens + now.duration_since(*at).as_secs_f64() * per_second).min(burst);
        *at = now;
        if *tokens >= 1.0 {
            *tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

fn refuse(status: StatusCode, message: &str) -> Response {
    (status, axum::Json(serde_json::json!({ "error": message }))).into_response()
}

/// The client's address, when the server knows it.
pub fn client_ip(request: &Request) -> IpAddr {
    request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map_or(IpAddr::from([0, 0, 0, 0]), |c| c.0.ip())
}

/// The middleware: Host, then Origin for requests that change something.
pub async fn check(State(guard): State<Guard>, request: Request, next: Next) -> Response {
    let host = request
        .headers()
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .map(str::to_ascii_lowercase);
    if let Some(hosts) = &guard.hosts {
        match &host {
            Some(h) if hosts.iter().any(|a| a.eq_ignore_ascii_case(h)) => {}
            _ => {
                return refuse(
                    StatusCode::MISDIRECTED_REQUEST,
                    "Host: not a name this server answers to (start it with --allow-host NAME)",
                )
            }
        }
    }
    // A body announced larger than the route takes is refused before it is
    // read: a client that sent `Expect: 100-continue` is told 413, never
    // `100 Continue`.
    let limit = if request.uri().path() == "/api/judge" {
        super::JUDGE_BODY_LIMIT
    } else {
        super::BODY_LIMIT
    };
    let announced = request
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if announced.is_some_and(|n| n > limit as u64) {
        let message = if limit == super::JUDGE_BODY_LIMIT {
            "body: more than the 1 MiB a judge input may have"
        } else {
            "body: more than the 64 KiB a request may have (1 MiB for /api/judge)"
        };
        return refuse(StatusCode::PAYLOAD_TOO_LARGE, message);
    }
    let safe = matches!(
        *request.method(),
        Method::GET | Method::HEAD | Method::OPTIONS
    );
    if !safe {
        let headers = request.headers();
        let origin = headers.get(header::ORIGIN).and_then(|o| o.to_str().ok());
        let site = headers.get("sec-fetch-site").and_then(|o| o.to_str().ok());
        let same = match (origin, &host) {
            (None, _) => true,
            (Some(o), Some(h)) => {
                let o = o.to_ascii_lowercase();
                o == format!("http://{h}") || o == format!("https://{h}")
            }
            (Some(_), None) => false,
        };
        if !same || site == Some("cross-site") {
            return refuse(
                StatusCode::FORBIDDEN,
                "Origin: a request from another site may not change anything here",
            );
        }
    }
    next.run(request).await
}
