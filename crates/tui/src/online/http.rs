//! A blocking HTTP/1.1 client for one server (no TLS: loopback and a
//! LAN), every read bounded in time and size, and the stream's lines.

use super::error::OnlineError;
use super::link::Link;
use super::state::{parse_full, ServerGame};
use serde_json::Value;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::net::{TcpStream, ToSocketAddrs};
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
    pub fn json(&self) -> Result<Value, OnlineError> {
        let value: Value =
            serde_json::from_str(&self.body).map_err(|_| OnlineError::NotJson(self.status))?;
        if self.status >= 400 {
            return Err(OnlineError::Refused {
                status: self.status,
                said: value["error"].as_str().map(str::to_string),
            });
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
    pub fn request(
        &self,
        method: &str,
        path: &str,
        body: Option<&str>,
    ) -> Result<Answer, OnlineError> {
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
        run().map_err(|e| self.unreachable(e))
    }

    fn unreachable(&self, source: io::Error) -> OnlineError {
        OnlineError::Unreachable {
            host: self.link.host.clone(),
            port: self.link.port,
            source,
        }
    }

    fn game_path(&self, what: &str) -> String {
        match what {
            "" => format!("/api/online/game/{}", self.link.id),
            _ => format!("/api/online/game/{}/{what}", self.link.id),
        }
    }

    /// Posts an action (`join`, `move`, `resign`, ...) and returns the
    /// whole game the server answers, or its refusal.
    pub fn act(&self, action: &str, body: Value) -> Result<ServerGame, OnlineError> {
        let answer = self.request("POST", &self.game_path(action), Some(&body.to_string()))?;
        parse_full(&answer.json()?)
    }

    /// The whole game as the reader sees it.
    pub fn game(&self) -> Result<ServerGame, OnlineError> {
        let answer = self.request("GET", &self.game_path(""), None)?;
        if answer.status == 404 {
            return Err(OnlineError::NoGame(self.link.id.clone()));
        }
        parse_full(&answer.json()?)
    }

    /// Opens the game's stream: its lines, each a JSON object or empty.
    pub fn stream(&self) -> Result<Lines, OnlineError> {
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
        run().map_err(|e| self.unreachable(e))
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
