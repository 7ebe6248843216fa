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
    /// Proxies (load balancers) whose `X-Forwarded-For` is believed: a
    /// request through one is limited by the address it forwards for.
    pub trusted_proxies: Arc<Vec<IpAddr>>,
    limits: Arc<Mutex<Buckets>>,
}

/// The client's address as the guard found it (behind a trusted proxy,
/// the one it forwards for), for the handlers' rate limits.
#[derive(Clone, Copy, Debug)]
pub struct ClientIp(pub IpAddr);

/// The client of a request from `peer` with `forwarded` (its
/// `X-Forwarded-For`): the peer itself unless it is a trusted proxy; then
/// the rightmost forwarded address that is not a trusted proxy (the
/// leftmost ones are whatever the client wrote, so never believed). An
/// unreadable entry stops the walk at the last address believed.
pub fn client_of(peer: IpAddr, forwarded: Option<&str>, trusted: &[IpAddr]) -> IpAddr {
    if !trusted.contains(&peer) {
        return peer;
    }
    let mut client = peer;
    for entry in forwarded.unwrap_or_default().rsplit(',') {
        match entry.trim().parse::<IpAddr>() {
            Ok(ip) => {
                client = ip;
                if !trusted.contains(&ip) {
                    break;
                }
            }
            Err(_) => break,
        }
    }
    client
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

/// The connection's peer, when the server knows it.
fn peer_ip(request: &Request) -> IpAddr {
    request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map_or(IpAddr::from([0, 0, 0, 0]), |c| c.0.ip())
}

/// The client's address: the one the guard found ([`ClientIp`]), else the
/// connection's peer.
pub fn client_ip(request: &Request) -> IpAddr {
    request
        .extensions()
        .get::<ClientIp>()
        .map_or_else(|| peer_ip(request), |c| c.0)
}

/// The middleware: Host, then Origin for requests that change something;
/// it finds the client's address for the rate limits.
pub async fn check(State(guard): State<Guard>, mut request: Request, next: Next) -> Response {
    if !guard.trusted_proxies.is_empty() {
        let forwarded = request
            .headers()
            .get_all("x-forwarded-for")
            .iter()
            .filter_map(|v| v.to_str().ok())
            .collect::<Vec<_>>()
            .join(",");
        let client = client_of(peer_ip(&request), Some(&forwarded), &guard.trusted_proxies);
        request.extensions_mut().insert(ClientIp(client));
    }
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

#[cfg(test)]
mod tests {
    use super::client_of;
    use std::net::IpAddr;

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    #[test]
    fn only_a_trusted_proxy_is_believed_and_only_from_the_right() {
        let trusted = [ip("10.0.0.1"), ip("10.0.0.2")];
        // Not through a proxy: the peer, whatever it claims.
        assert_eq!(
            client_of(ip("203.0.113.9"), Some("1.2.3.4"), &trusted),
            ip("203.0.113.9")
        );
        // Through one: the address it forwards for.
        assert_eq!(
            client_of(ip("10.0.0.1"), Some("198.51.100.7"), &trusted),
            ip("198.51.100.7")
        );
        // A client's own entries on the left are not believed; two
        // proxies in a row are walked through.
        assert_eq!(
            client_of(
                ip("10.0.0.1"),
                Some("1.2.3.4, 198.51.100.7, 10.0.0.2"),
                &trusted
            ),
            ip("198.51.100.7")
        );
        // Nothing forwarded, or nothing readable: the proxy itself.
        assert_eq!(client_of(ip("10.0.0.1"), None, &trusted), ip("10.0.0.1"));
        assert_eq!(
            client_of(ip("10.0.0.1"), Some("junk"), &trusted),
            ip("10.0.0.1")
        );
        assert_eq!(
            client_of(ip("10.0.0.1"), Some("junk, 198.51.100.7"), &trusted),
            ip("198.51.100.7")
        );
    }
}
