//! `duckchess play --online URL`: the terminal game as one seat of a game
//! on `duckchess serve`, over plain HTTP (no TLS: loopback and a LAN).
//!
//! The play loop never waits on the network: a thread reads the game's
//! NDJSON stream (reconnecting with backoff, resynchronised by the
//! `gameFull` each connection starts with) and another posts the moves and
//! actions the game hands over ([`Game::take_outgoing`]); both answer on a
//! channel that [`Session::pump`] drains between keys. The board shows a
//! move of this side only once the server has accepted it (no optimistic
//! move to take back): every position shown is the server's.
//!
//! ```
//! use duckchess_tui::online::parse_url;
//! let link = parse_url("http://127.0.0.1:8080/game/abc123").unwrap();
//! assert_eq!((link.host.as_str(), link.port, link.id.as_str()), ("127.0.0.1", 8080, "abc123"));
//! assert!(parse_url("ftp://x/game/1").is_err());
//! ```
//!
//! What the server writes is read as the protocol's types
//! (`duckchess_protocol::GameFull`, `GameState`): the server writes the
//! same types, so the wire is spelled once.

use super::game::{Game, Outgoing, Synced};
use crate::kernel::{AnyPosition, Color};
use crate::variants::Notation;
use duckchess_protocol as wire;
use serde::Deserialize;
use serde_json::{json, Value};
use std::io::{self, BufRead, BufReader, Read, Write};
use std::net::{TcpStream, ToSocketAddrs};
use std::sync::mpsc::{self, Receiver, Sender};
use std::time::Duration;

/// The longest line read: a response header, a chunk size, an NDJSON line.
pub const LINE_CAP: usize = 1 << 20;
/// The largest answer body read whole.
const BODY_CAP: u64 = 4 << 20;
/// Connecting and each read of a request's answer.
const TIMEOUT: Duration = Duration::from_secs(10);
/// Each read of the stream: the server sends a keep-alive line every 7 s,
/// so a silence this long is a dead connection.
const STREAM_TIMEOUT: Duration = Duration::from_secs(20);

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
pub fn parse_url(url: &str) -> Result<Link, String> {
    let url = url.trim();
    let bad = |why: &str| format!("--online {url:?}: {why}");
    if url.starts_with("https://") {
        return Err(bad(
            "https is not supported: use the server's http:// address",
        ));
    }
    let rest = url
        .strip_prefix("http://")
        .ok_or_else(|| bad("expected http://HOST:PORT/game/ID"))?;
    let (authority, path) = rest.split_once('/').unwrap_or((rest, ""));
    let (host, port) = match authority.rsplit_once(':') {
        Some((h, p)) if !p.contains(']') => (
            h,
            p.parse::<u16>()
                .map_err(|_| bad(&format!("{p:?} is no port")))?,
        ),
        _ => (authority, 80),
    };
    if host.is_empty() {
        return Err(bad("no host"));
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
        .ok_or_else(|| bad("expected a game's link, http://HOST:PORT/game/ID"))?;
    Ok(Link {
        host: host.to_string(),
        port,
        id: id.to_string(),
    })
}

/// How requests are signed in.
#[derive(Clone, Debug)]
pub enum Auth {
    /// A guest's session cookie (`duckchess_session=...`).
    Cookie(String),
    /// An account's personal API token.
    Bearer(String),
}

/// An answer to a request.
#[derive(Debug)]
pub struct Answer {
    /// The HTTP status.
    pub status: u16,
    /// The session cookie set, if any (`name=value`).
    pub cookie: Option<String>,
    /// The body.
    pub body: String,
}

impl Answer {
    /// The body as JSON, or the server's `error` as the error.
    pub fn json(&self) -> Result<Value, String> {
        let value: Value = serde_json::from_str(&self.body)
            .map_err(|_| format!("the server answered {} without JSON", self.status))?;
        if self.status >= 400 {
            return Err(value["error"].as_str().map_or_else(
                || format!("the server answered {}", self.status),
                str::to_string,
            ));
        }
        Ok(value)
    }
}

/// A blocking HTTP/1.1 client for one server, each request on its own
/// connection, every read bounded in time and size.
#[derive(Clone, Debug)]
pub struct Client {
    /// The game's address.
    pub link: Link,
    /// Who signs the requests.
    pub auth: Option<Auth>,
}

impl Client {
    fn connect(&self, read_timeout: Duration) -> io::Result<TcpStream> {
        let host = self.link.host.trim_start_matches('[').trim_end_matches(']');
        let mut last = io::Error::new(io::ErrorKind::NotFound, "no address");
        for addr in (host, self.link.port).to_socket_addrs()? {
            match TcpStream::connect_timeout(&addr, TIMEOUT) {
                Ok(s) => {
                    s.set_read_timeout(Some(read_timeout))?;
                    s.set_write_timeout(Some(TIMEOUT))?;
                    return Ok(s);
                }
                Err(e) => last = e,
            }
        }
        Err(last)
    }

    fn send(
        &self,
        method: &str,
        path: &str,
        body: Option<&str>,
        read_timeout: Duration,
    ) -> io::Result<Head> {
        let mut stream = self.connect(read_timeout)?;
        let host = match self.link.port {
            80 => self.link.host.clone(),
            port => format!("{}:{port}", self.link.host),
        };
        let mut text = format!(
            "{method} {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\nAccept: application/json\r\nUser-Agent: duckchess-play\r\n"
        );
        match &self.auth {
            Some(Auth::Cookie(c)) => text.push_str(&format!("Cookie: {c}\r\n")),
            Some(Auth::Bearer(t)) => text.push_str(&format!("Authorization: Bearer {t}\r\n")),
            None => {}
        }
        let body = body.unwrap_or("");
        if method == "POST" {
            text.push_str(&format!(
                "Content-Type: application/json\r\nContent-Length: {}\r\n",
                body.len()
            ));
        }
        text.push_str("\r\n");
        text.push_str(body);
        stream.write_all(text.as_bytes())?;
        let mut reader = BufReader::new(stream);
        let status_line = read_line(&mut reader)?.ok_or_else(|| bad_data("no answer"))?;
        let status = status_line
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .ok_or_else(|| bad_data("not an HTTP answer"))?;
        let (mut cookie, mut chunked, mut length) = (None, false, None);
        for _ in 0..100 {
            let line = read_line(&mut reader)?.ok_or_else(|| bad_data("cut short"))?;
            let line = line.trim_end();
            if line.is_empty() {
                return Ok(Head {
                    status,
                    cookie,
                    chunked,
                    length,
                    reader,
                });
            }
            let Some((name, value)) = line.split_once(':') else {
                continue;
            };
            let value = value.trim();
            match name.to_ascii_lowercase().as_str() {
                "set-cookie" => {
                    cookie = value
                        .split(';')
                        .next()
                        .filter(|c| c.starts_with("duckchess_session=") && !c.ends_with('='))
                        .map(str::to_string)
                        .or(cookie)
                }
                "transfer-encoding" => chunked = value.eq_ignore_ascii_case("chunked"),
                "content-length" => length = value.parse().ok(),
                _ => {}
            }
        }
        Err(bad_data("too many headers"))
    }

    /// One request, its answer read whole (at most 4 MiB).
    pub fn request(&self, method: &str, path: &str, body: Option<&str>) -> Result<Answer, String> {
        let run = || -> io::Result<Answer> {
            let Head {
                status,
                cookie,
                chunked,
                length,
                reader,
            } = self.send(method, path, body, TIMEOUT)?;
            let mut bytes = Vec::new();
            let mut body: Box<dyn Read> = if chunked {
                Box::new(Chunked::new(reader))
            } else {
                match length {
                    Some(n) => Box::new(reader.take(n)),
                    None => Box::new(reader),
                }
            };
            body.by_ref().take(BODY_CAP).read_to_end(&mut bytes)?;
            Ok(Answer {
                status,
                cookie,
                body: String::from_utf8_lossy(&bytes).into_owned(),
            })
        };
        run().map_err(|e| self.unreachable(&e))
    }

    fn unreachable(&self, e: &io::Error) -> String {
        format!(
            "cannot reach the server at {}:{}: {e}",
            self.link.host, self.link.port
        )
    }

    fn game_path(&self, what: &str) -> String {
        match what {
            "" => format!("/api/online/game/{}", self.link.id),
            _ => format!("/api/online/game/{}/{what}", self.link.id),
        }
    }

    /// Posts an action (`join`, `move`, `resign`, ...) and returns the
    /// whole game the server answers, or its refusal.
    pub fn act(&self, action: &str, body: Value) -> Result<ServerGame, String> {
        let answer = self.request("POST", &self.game_path(action), Some(&body.to_string()))?;
        parse_full(&answer.json()?)
    }

    /// The whole game as the reader sees it.
    pub fn game(&self) -> Result<ServerGame, String> {
        let answer = self.request("GET", &self.game_path(""), None)?;
        if answer.status == 404 {
            return Err(format!("no game {} on the server", self.link.id));
        }
        parse_full(&answer.json()?)
    }

    /// Opens the game's stream: its lines, each a JSON object or empty.
    pub fn stream(&self) -> Result<Lines, String> {
        let run = || -> io::Result<Lines> {
            let Head {
                status,
                chunked,
                reader,
                ..
            } = self.send("GET", &self.game_path("stream"), None, STREAM_TIMEOUT)?;
            if status != 200 {
                return Err(bad_data(&format!("the stream answered {status}")));
            }
            let body: Box<dyn Read + Send> = if chunked {
                Box::new(Chunked::new(reader))
            } else {
                Box::new(reader)
            };
            Ok(Lines(BufReader::new(body)))
        };
        run().map_err(|e| self.unreachable(&e))
    }
}

/// An answer's head, and its body still to read.
struct Head {
    status: u16,
    cookie: Option<String>,
    chunked: bool,
    length: Option<u64>,
    reader: BufReader<TcpStream>,
}

fn bad_data(why: &str) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, why.to_string())
}

/// One line of at most [`LINE_CAP`] bytes, without its end; `None` at
/// the end of the input.
pub fn read_line(reader: &mut impl BufRead) -> io::Result<Option<String>> {
    let mut bytes = Vec::new();
    reader
        .by_ref()
        .take(LINE_CAP as u64 + 1)
        .read_until(b'\n', &mut bytes)?;
    if bytes.is_empty() {
        return Ok(None);
    }
    if bytes.len() > LINE_CAP {
        return Err(bad_data("a line longer than 1 MiB"));
    }
    let text = String::from_utf8_lossy(&bytes);
    Ok(Some(text.trim_end_matches(['\r', '\n']).to_string()))
}

/// A chunked body as plain bytes.
struct Chunked<R> {
    inner: R,
    left: u64,
    done: bool,
}

impl<R: BufRead> Chunked<R> {
    fn new(inner: R) -> Chunked<R> {
        Chunked {
            inner,
            left: 0,
            done: false,
        }
    }
}

impl<R: BufRead> Read for Chunked<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.done || buf.is_empty() {
            return Ok(0);
        }
        if self.left == 0 {
            let line = read_line(&mut self.inner)?.ok_or_else(|| bad_data("cut short"))?;
            let size = line.split(';').next().unwrap_or("").trim();
            self.left = u64::from_str_radix(size, 16).map_err(|_| bad_data("bad chunk size"))?;
            if self.left == 0 {
                self.done = true;
                return Ok(0);
            }
        }
        let want = buf.len().min(self.left as usize);
        let n = self.inner.read(&mut buf[..want])?;
        if n == 0 {
            return Err(bad_data("cut short"));
        }
        self.left -= n as u64;
        if self.left == 0 {
            read_line(&mut self.inner)?;
        }
        Ok(n)
    }
}

/// A stream's lines.
pub struct Lines(BufReader<Box<dyn Read + Send>>);

impl Lines {
    /// The next line (empty: a keep-alive); `None` when the stream ends.
    pub fn next_line(&mut self) -> io::Result<Option<String>> {
        read_line(&mut self.0)
    }
}

/// A game's state as the server sends it (`gameState`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ServerState {
    /// The moves, one word each.
    pub moves: Vec<String>,
    /// Each side's time left in ms when the state was read (no clock:
    /// lichess's 2147483647).
    pub time_ms: [i64; 2],
    /// Whether the side to move's clock runs.
    pub clock_running: bool,
    /// Where the game stands.
    pub status: wire::Status,
    /// The winner, if any.
    pub winner: Option<Color>,
    /// The end in words.
    pub reason: Option<String>,
    /// The side whose draw offer stands.
    pub draw_offer: Option<Color>,
    /// The side asking to take back its last move.
    pub takeback_offer: Option<Color>,
    /// Whose stream is open.
    pub connected: [bool; 2],
}

impl ServerState {
    /// Whether the game is over on the server.
    pub fn is_over(&self) -> bool {
        self.status.is_over()
    }
}

/// The whole game (`gameFull`) as the reader sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ServerGame {
    /// The game's name in the registry (`duck`, `chess`, ...).
    pub variant: String,
    /// Where it started, in the game's notation.
    pub start: String,
    /// The reader's seat.
    pub you: Option<Color>,
    /// Which seats are open.
    pub open: [bool; 2],
    /// The time control: base and increment in ms.
    pub clock: Option<(i64, i64)>,
    /// The state.
    pub state: ServerState,
}

fn color(side: wire::Side) -> Color {
    Color::ALL[side.index()]
}

/// The server's state as this client keeps it.
impl From<wire::GameState> for ServerState {
    fn from(v: wire::GameState) -> ServerState {
        ServerState {
            moves: v.moves.split_whitespace().map(str::to_string).collect(),
            time_ms: [v.wtime, v.btime],
            clock_running: v.clock_running,
            status: v.status,
            winner: v.winner.map(color),
            reason: v.reason,
            draw_offer: v.draw_offer.map(color),
            takeback_offer: match (v.wtakeback, v.btakeback) {
                (true, _) => Some(Color::White),
                (_, true) => Some(Color::Black),
                _ => None,
            },
            connected: v.connected.into_array(),
        }
    }
}

/// The server's game as this client keeps it.
impl From<wire::GameFull> for ServerGame {
    fn from(v: wire::GameFull) -> ServerGame {
        ServerGame {
            variant: v.game,
            start: v.start,
            you: v.you.map(color),
            open: [v.white.is_open(), v.black.is_open()],
            clock: v.clock.map(|c| (c.initial, c.increment)),
            state: v.state.into(),
        }
    }
}

/// Reads a `gameState`.
pub fn parse_state(v: &Value) -> Result<ServerState, String> {
    wire::GameState::deserialize(v)
        .map(ServerState::from)
        .map_err(|e| format!("the server's game state: {e}"))
}

/// Reads a `gameFull`.
pub fn parse_full(v: &Value) -> Result<ServerGame, String> {
    wire::GameFull::deserialize(v)
        .map(ServerGame::from)
        .map_err(|e| format!("not a game from duckchess serve: {e}"))
}

/// The game's notation and start position.
pub fn local_start(
    game: &ServerGame,
) -> Result<(&'static dyn Notation, Box<dyn AnyPosition>), String> {
    let notation = crate::variants::by_name(&game.variant).ok_or_else(|| {
        format!(
            "the server's game is {}, which this duckchess does not know",
            game.variant
        )
    })?;
    let start = match game.start.as_str() {
        "startpos" | "" => notation.start(),
        text => notation
            .read_position(text)
            .map_err(|e| format!("the server's start position: {e}"))?,
    };
    Ok((notation, start))
}

/// The server's state as the terminal game takes it: its moves read from
/// the start (an unreadable one is an error: the two disagree on the
/// rules), the clocks, the result, the offer and the presence.
pub fn synced(
    notation: &'static dyn Notation,
    start: &dyn AnyPosition,
    state: &ServerState,
) -> Result<Synced, String> {
    let mut game = start.new_game();
    let mut moves = Vec::new();
    for word in &state.moves {
        let m = notation
            .read_move(game.position(), word)
            .map_err(|e| format!("the server's move {word}: {e}"))?;
        game.play(m)
            .map_err(|_| format!("the server's move {word} is not legal here"))?;
        moves.push(m);
    }
    let clocked = state.time_ms.iter().all(|&t| t < i64::from(i32::MAX));
    let left = state
        .time_ms
        .map(|t| Duration::from_millis(u64::try_from(t).unwrap_or(0)));
    let turn = game.position().turn();
    let end = state.is_over().then(|| {
        state.reason.clone().unwrap_or_else(|| match state.winner {
            Some(w) => format!("{} wins ({})", notation.side_name(w), state.status),
            None => state.status.to_string(),
        })
    });
    Ok(Synced {
        moves,
        clocks: clocked.then_some((left, (state.clock_running && end.is_none()).then_some(turn))),
        end,
        draw_offer: state.draw_offer,
        takeback_offer: state.takeback_offer,
        connected: state.connected,
    })
}

/// What the background threads tell the play loop.
enum Event {
    /// The game (a stream's first line, an action's answer).
    Full(ServerGame),
    /// A change.
    State(ServerState),
    /// A refusal or a failure, for the status line.
    Said(String),
}

/// A seat (or a spectator's chair) at a server's game, joined: see the
/// module docs.
pub struct Session {
    notation: &'static dyn Notation,
    start: Box<dyn AnyPosition>,
    /// The game as read when joining.
    pub first: ServerGame,
    events: Receiver<Event>,
    commands: Sender<Outgoing>,
}

impl Session {
    /// Signs in (a guest named `name`, unless `auth` is given), reads the
    /// game and takes its open seat when the reader has none. Errors are
    /// one line each.
    pub fn join(link: Link, auth: Option<Auth>, name: &str) -> Result<Session, String> {
        let mut client = Client { link, auth };
        if client.auth.is_none() {
            let answer = client.request(
                "POST",
                "/api/online/guest",
                Some(&json!({ "name": name }).to_string()),
            )?;
            answer.json()?;
            let cookie = answer
                .cookie
                .ok_or("the server gave the guest no session")?;
            client.auth = Some(Auth::Cookie(cookie));
        }
        let mut first = client.game()?;
        if first.you.is_none() && !first.state.is_over() && first.open.contains(&true) {
            first = client.act("join", json!({}))?;
        }
        let (notation, start) = local_start(&first)?;
        synced(notation, &*start, &first.state)?;
        let (events_tx, events) = mpsc::channel();
        let (commands, commands_rx) = mpsc::channel::<Outgoing>();
        let reader = client.clone();
        let tx = events_tx.clone();
        std::thread::spawn(move || follow(&reader, &tx));
        std::thread::spawn(move || {
            for command in commands_rx {
                let (action, body) = match command {
                    Outgoing::Move { text, ply } => ("move", json!({"move": text, "ply": ply})),
                    Outgoing::Resign => ("resign", json!({})),
                    Outgoing::DrawOffer => ("draw-offer", json!({})),
                    Outgoing::DrawDecline => ("draw-decline", json!({})),
                    Outgoing::Claim => ("claim", json!({})),
                    Outgoing::Takeback => ("takeback", json!({})),
                    Outgoing::TakebackDecline => ("takeback-decline", json!({})),
                };
                let event = match client.act(action, body) {
                    Ok(game) => Event::Full(game),
                    Err(e) => Event::Said(format!("the server refused: {e}")),
                };
                if events_tx.send(event).is_err() {
                    return;
                }
            }
        });
        Ok(Session {
            notation,
            start,
            first,
            events,
            commands,
        })
    }

    /// The game's notation and start.
    pub fn notation(&self) -> &'static dyn Notation {
        self.notation
    }

    /// Where the game started.
    pub fn start(&self) -> Box<dyn AnyPosition> {
        self.start.clone()
    }

    /// Hands the game's outgoing actions to the poster and what arrived
    /// to the game; never waits.
    pub fn pump(&self, game: &mut Game) {
        for out in game.take_outgoing() {
            let _ = self.commands.send(out);
        }
        while let Ok(event) = self.events.try_recv() {
            let state = match event {
                Event::Full(full) => full.state,
                Event::State(state) => state,
                Event::Said(text) => {
                    game.online_message(text);
                    continue;
                }
            };
            match synced(self.notation, &*self.start, &state) {
                Ok(synced) => game.sync(synced),
                Err(e) => game.online_message(e),
            }
        }
    }
}

/// Reads the stream for good: each line to the play loop; a dropped
/// stream is opened again after 1, 2, 4, ... 30 s (its `gameFull`
/// resynchronises). Ends when the play loop is gone or the game is over.
fn follow(client: &Client, tx: &Sender<Event>) {
    let mut wait = Duration::from_secs(1);
    let mut dropped = false;
    loop {
        let mut over = false;
        match client.stream() {
            Ok(mut lines) => loop {
                if std::mem::take(&mut dropped)
                    && tx
                        .send(Event::Said("reconnected to the server".into()))
                        .is_err()
                {
                    return;
                }
                match lines.next_line() {
                    Ok(Some(line)) if line.trim().is_empty() => {}
                    Ok(Some(line)) => {
                        wait = Duration::from_secs(1);
                        // Lines of other kinds (chat) are not this
                        // client's.
                        let event = match serde_json::from_str::<wire::Event>(&line) {
                            Ok(wire::Event::Full(full)) => Ok(Event::Full((*full).into())),
                            Ok(wire::Event::State(state)) => Ok(Event::State((*state).into())),
                            _ => Err(()),
                        };
                        if let Ok(event) = event {
                            over = match &event {
                                Event::Full(g) => g.state.is_over(),
                                Event::State(s) => s.is_over(),
                                Event::Said(_) => false,
                            };
                            if tx.send(event).is_err() {
                                return;
                            }
                        }
                    }
                    Ok(None) => break,
                    Err(e) => {
                        if tx
                            .send(Event::Said(format!(
                                "the stream dropped ({e}): reconnecting"
                            )))
                            .is_err()
                        {
                            return;
                        }
                        break;
                    }
                }
            },
            Err(e) => {
                if tx.send(Event::Said(format!("{e}: retrying"))).is_err() {
                    return;
                }
            }
        }
        if over {
            return;
        }
        dropped = true;
        std::thread::sleep(wait);
        wait = (wait * 2).min(Duration::from_secs(30));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links() {
        let link = parse_url("http://localhost/game/x1").unwrap();
        assert_eq!((link.host.as_str(), link.port), ("localhost", 80));
        assert!(parse_url("https://h/game/x").unwrap_err().contains("https"));
        assert!(parse_url("http://h:99999/game/x").is_err());
        assert!(parse_url("http://h:1/lobby").is_err());
        assert!(parse_url("http:///game/x").is_err());
    }

    #[test]
    fn chunked_ndjson_lines_are_read_and_capped() {
        let raw = b"5\r\n{\"a\":\r\n3\r\n1}\n\r\n1\r\n\n\r\n0\r\n\r\n";
        let mut lines = Lines(BufReader::new(Box::new(Chunked::new(&raw[..]))));
        assert_eq!(lines.next_line().unwrap().as_deref(), Some("{\"a\":1}"));
        assert_eq!(lines.next_line().unwrap().as_deref(), Some(""));
        assert_eq!(lines.next_line().unwrap(), None);
        let long = vec![b'x'; LINE_CAP + 10];
        assert!(read_line(&mut &long[..]).is_err());
    }

    /// A state as the server writes it: the protocol's type, as JSON.
    fn state(moves: &str, status: &str) -> Value {
        let status: wire::Status = status.parse().unwrap();
        let resigned = status == wire::Status::Resign;
        serde_json::to_value(wire::GameState {
            kind: wire::GameStateType::GameState,
            moves: moves.into(),
            wtime: 61000,
            btime: 2500,
            winc: 0,
            binc: 0,
            status,
            wdraw: true,
            bdraw: false,
            wtakeback: false,
            btakeback: false,
            winner: resigned.then_some(wire::Side::Black),
            rating_diff: None,
            version: 1,
            ply: moves.split_whitespace().count() as i64,
            to_move: wire::Side::White,
            clock_running: true,
            clock_at: 0,
            reason: resigned.then(|| "black wins: white resigned".into()),
            draw_offer: Some(wire::Side::White),
            rematch_offer: None,
            rematch: None,
            connected: wire::ByColor::from_array([true, false]),
            notations: vec![],
            claimable: false,
            watchers: None,
        })
        .unwrap()
    }

    /// A whole game as the server writes it.
    fn full(game: &str, start: String, state: Value, seats: [wire::Player; 2]) -> Value {
        let [white, black] = seats;
        serde_json::to_value(wire::GameFull {
            kind: wire::GameFullType::GameFull,
            id: "g".into(),
            rated: false,
            variant: wire::Variant {
                key: game.into(),
                name: game.into(),
                short: game.into(),
            },
            clock: Some(wire::Clock {
                initial: 300_000,
                increment: 2000,
            }),
            speed: "blitz".into(),
            perf: wire::Perf {
                name: "blitz".into(),
            },
            created_at: 0,
            white,
            black,
            initial_fen: start.clone(),
            state: serde_json::from_value(state).unwrap(),
            game: game.into(),
            start,
            sides: ["white".into(), "black".into()],
            you: None,
        })
        .unwrap()
    }

    fn person(id: &str) -> wire::Player {
        wire::Player::Person {
            id: id.into(),
            name: None,
            title: None,
            rating: None,
            provisional: true,
            shown: None,
        }
    }

    #[test]
    fn a_partial_or_foreign_line_is_refused_by_name() {
        let mut v = state("e2e4", "started");
        v.as_object_mut().unwrap().remove("ply");
        let e = parse_state(&v).unwrap_err();
        assert!(e.contains("ply"), "{e}");
        v["ply"] = json!(1);
        v["status"] = json!("paused");
        assert!(parse_state(&v).is_err());
        assert!(parse_full(&state("e2e4", "started")).is_err());
    }

    #[test]
    fn a_state_maps_to_the_local_game() {
        let chess = crate::variants::by_name("chess").unwrap();
        let s = parse_state(&state("e2e4 e7e5 g1f3", "started")).unwrap();
        let synced = synced(chess, &*chess.start(), &s).unwrap();
        assert_eq!(synced.moves.len(), 3);
        let (left, running) = synced.clocks.unwrap();
        assert_eq!(
            left,
            [Duration::from_millis(61000), Duration::from_millis(2500)]
        );
        assert_eq!(running, Some(Color::Black));
        assert_eq!(synced.end, None);
        assert_eq!(synced.draw_offer, Some(Color::White));
        assert_eq!(synced.connected, [true, false]);

        let over = parse_state(&state("e2e4", "resign")).unwrap();
        let synced = super::synced(chess, &*chess.start(), &over).unwrap();
        assert_eq!(synced.end.as_deref(), Some("black wins: white resigned"));
        assert_eq!(synced.clocks.unwrap().1, None);

        let bad = parse_state(&state("e2e5", "started")).unwrap();
        assert!(super::synced(chess, &*chess.start(), &bad).is_err());
        // No clock: lichess's big number.
        let mut v = state("", "started");
        v["wtime"] = json!(2_147_483_647i64);
        v["btime"] = json!(2_147_483_647i64);
        let s = parse_state(&v).unwrap();
        assert!(super::synced(chess, &*chess.start(), &s)
            .unwrap()
            .clocks
            .is_none());
    }

    #[test]
    fn duck_chess_moves_replay_from_the_server_start() {
        let duck = crate::variants::by_name("duck").unwrap();
        let full = full(
            "duck",
            duck.write_position(&*duck.start()),
            state("e1e2", "started"),
            [person("a"), person("b")],
        );
        let game = parse_full(&full).unwrap();
        assert_eq!(game.you, None);
        assert_eq!(game.open, [false, false]);
        assert_eq!(game.clock, Some((300_000, 2000)));
        let (notation, start) = local_start(&game).unwrap();
        let synced = synced(notation, &*start, &game.state).unwrap();
        assert_eq!(synced.moves.len(), 1);
    }

    #[test]
    fn the_terminal_game_follows_the_server_and_sends_its_moves() {
        use crate::game::{Action, Options};
        let chess = crate::variants::by_name("chess").unwrap();
        let mut game = Game::new(Options {
            online: Some(Some(Color::Black)),
            ..Options::new(chess)
        });
        assert!(game.is_flipped());
        let at = |game: &Game, moves: &str, status: &str, offer: bool| {
            let mut v = state(moves, status);
            if !offer {
                v["drawOffer"] = Value::Null;
            }
            synced(chess, game.start(), &parse_state(&v).unwrap()).unwrap()
        };
        // White's move is not ours to make.
        game.handle(Action::Click(12));
        assert!(game.prompt().starts_with("wait"), "{}", game.prompt());
        game.sync(at(&game, "e2e4", "started", false));
        assert_eq!(game.notes(), ["e4"]);
        assert!(
            game.clock_lines()[1].starts_with("> black 0:02"),
            "{:?}",
            game.clock_lines()
        );
        // Black's move goes to the server, not to the board.
        game.handle(Action::Click(52));
        game.handle(Action::Click(36));
        assert_eq!(
            game.take_outgoing(),
            [Outgoing::Move {
                text: "e7e5".into(),
                ply: 1
            }]
        );
        assert_eq!(game.moves().len(), 1);
        // Undo asks the server for a takeback; there is no redo.
        game.handle(Action::Undo);
        assert_eq!(game.take_outgoing(), [Outgoing::Takeback]);
        assert!(
            game.prompt().starts_with("takeback asked"),
            "{}",
            game.prompt()
        );
        game.handle(Action::Redo);
        assert_eq!(game.prompt(), "no redo online (u asks for a takeback)");
        // No engine during the game: neither the hint nor the evaluation.
        for engine in [Action::Hint, Action::Eval] {
            game.handle(engine);
            assert_eq!(game.prompt(), "no engine while the game is being played");
        }
        game.sync(at(&game, "e2e4 e7e5", "started", true));
        assert_eq!(game.notes(), ["e4", "e5"]);
        // White offered a draw: y accepts it, on the server.
        assert!(game.prompt().contains("offers a draw"), "{}", game.prompt());
        game.handle(Action::Yes);
        assert_eq!(game.take_outgoing(), [Outgoing::DrawOffer]);
        // White asks to take back: any key but y declines, on the server.
        let asks = |game: &Game, moves: &str| {
            let mut v = state(moves, "started");
            v["drawOffer"] = Value::Null;
            v["wtakeback"] = true.into();
            synced(chess, game.start(), &parse_state(&v).unwrap()).unwrap()
        };
        game.sync(asks(&game, "e2e4 e7e5"));
        assert!(
            game.prompt().contains("white asks to take back"),
            "{}",
            game.prompt()
        );
        game.handle(Action::Flip);
        assert_eq!(game.take_outgoing(), [Outgoing::TakebackDecline]);
        // Asked again and agreed: the server takes both moves back, and the
        // board follows.
        game.sync(at(&game, "e2e4 e7e5", "started", false));
        game.sync(asks(&game, "e2e4 e7e5"));
        game.handle(Action::Yes);
        assert_eq!(game.take_outgoing(), [Outgoing::Takeback]);
        game.sync(at(&game, "", "started", false));
        assert!(game.notes().is_empty(), "{:?}", game.notes());
        game.sync(at(&game, "e2e4 e7e5", "started", false));
        game.handle(Action::Resign);
        game.handle(Action::Yes);
        assert_eq!(game.take_outgoing(), [Outgoing::Resign]);
        assert!(!game.is_over());
        game.sync(at(&game, "e2e4 e7e5", "resign", false));
        assert!(game.is_over());
        assert_eq!(game.result().as_deref(), Some("black wins: white resigned"));
        // A refusal is said.
        game.online_message("the server refused: not your move".into());
        assert_eq!(game.prompt(), "the server refused: not your move");
    }

    #[test]
    fn a_spectator_cannot_move() {
        use crate::game::{Action, Options};
        let chess = crate::variants::by_name("chess").unwrap();
        let mut game = Game::new(Options {
            online: Some(None),
            ..Options::new(chess)
        });
        game.handle(Action::Click(12));
        assert!(game.prompt().starts_with("watching"), "{}", game.prompt());
        game.handle(Action::OfferDraw);
        assert!(game.take_outgoing().is_empty());
    }
}
