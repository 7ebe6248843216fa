//! A game's invitation link, `http://HOST:PORT/game/ID`.

use super::error::{LinkError, OnlineError};

/// A game's address: `http://HOST:PORT/game/ID`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Link {
    /// The host, as written (a name or an address; IPv6 in brackets).
    pub host: String,
    /// The port (80 when the URL names none).
    pub port: u16,
    /// The game's id.
    pub id: String,
}

/// Reads a game's invitation link; the error is one line.
pub fn parse_url(url: &str) -> Result<Link, OnlineError> {
    let url = url.trim();
    let bad = |why| OnlineError::Link {
        url: url.to_string(),
        why,
    };
    if url.starts_with("https://") {
        return Err(bad(LinkError::Https));
    }
    let rest = url
        .strip_prefix("http://")
        .ok_or_else(|| bad(LinkError::NotHttp))?;
    let (authority, path) = rest.split_once('/').unwrap_or((rest, ""));
    let (host, port) = match authority.rsplit_once(':') {
        Some((h, p)) if !p.contains(']') => (
            h,
            p.parse::<u16>()
                .map_err(|_| bad(LinkError::Port(p.to_string())))?,
        ),
        _ => (authority, 80),
    };
    if host.is_empty() {
        return Err(bad(LinkError::NoHost));
    }
    let path = path.split(['?', '#']).next().unwrap_or("");
    let id = path
        .strip_prefix("game/")
        .map(|id| id.trim_end_matches('/'))
        .filter(|id| {
            !id.is_empty()
                && id
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        })
        .ok_or_else(|| bad(LinkError::NotAGame))?;
    Ok(Link {
        host: host.to_string(),
        port,
        id: id.to_string(),
    })
}
