//! Helpers shared by the command-line and server tests: the binary with a
//! clean environment, a successful run's output, and a server on a free
//! loopback port that is killed when the test ends.
// Each test binary (`rules`, `commands`, `server`) uses the part it needs.
#![allow(dead_code)]

use assert_cmd::cargo::cargo_bin;
use assert_cmd::Command;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Stdio};
use std::time::Duration;

/// Whether python3 (for the bundled candidate solution) is here; without it
/// the test says loudly what it skipped (see `system`).
pub fn python3(unchecked: &str) -> bool {
    crate::system::have(&[("python3", "python3")], unchecked)
}

/// The bundled candidate solution, whose switches plant bugs.
pub fn candidate() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/candidate.py")
}

/// A program's output as text.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The binary, with `NO_COLOR` removed so that output does not depend on
/// the caller's environment.
pub fn duckchess() -> Command {
    let mut cmd = Command::new(cargo_bin!("duckchess"));
    cmd.env_remove("NO_COLOR");
    cmd
}

/// Runs a command that must succeed; its standard output.
pub fn stdout(args: &[&str]) -> String {
    let out = duckchess().args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// A child process killed and reaped when dropped, so a failing test
/// leaves no server behind.
pub struct Reaper(pub Child);

impl Reaper {
    /// The process id.
    pub fn id(&self) -> u32 {
        self.0.id()
    }
}

impl Drop for Reaper {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// `duckchess serve --port 0` and the `127.0.0.1:PORT` it says it listens on;
/// its games kept in a database of its own in a temporary folder (never
/// the user's).
pub fn serve() -> (Reaper, String) {
    let dir = std::env::temp_dir().join(format!(
        "duckchess-test-{}-{}",
        std::process::id(),
        SERVERS.fetch_add(1, std::sync::atomic::Ordering::SeqCst)
    ));
    serve_on(&format!("sqlite://{}/db.sqlite", dir.display()), &[])
}

static SERVERS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// `duckchess serve --port 0 --database URL ARGS...` and its address.
pub fn serve_on(database: &str, args: &[&str]) -> (Reaper, String) {
    let mut child = std::process::Command::new(cargo_bin!("duckchess"))
        .args(["serve", "--database", database])
        // A free port unless the caller names one.
        .args(if args.contains(&"--port") {
            &[][..]
        } else {
            &["--port", "0"][..]
        })
        .args(args)
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let addr = line
        .split_whitespace()
        .find_map(|w| w.strip_prefix("http://"))
        .unwrap_or_else(|| panic!("no URL in `{line}`"))
        .trim_end_matches('/')
        .to_owned();
    assert!(addr.starts_with("127.0.0.1:"), "{addr}");
    (Reaper(child), addr)
}

/// An answer: status, the `Set-Cookie` session if any, the body.
pub struct Answer {
    /// The status code.
    pub status: u16,
    /// The session cookie set (`name=value`), if any.
    pub cookie: Option<String>,
    /// The whole `Set-Cookie` header, attributes and all, if any.
    pub set_cookie: Option<String>,
    /// The body.
    pub body: String,
}

impl Answer {
    /// The body as JSON.
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("{e}: {}", self.body))
    }
}

/// One request on its own connection (`Connection: close`), with `Host`
/// set to `addr` unless given.
pub fn request(
    addr: &str,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &str,
) -> Answer {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    let mut text = format!("{method} {path} HTTP/1.1\r\nConnection: close\r\n");
    if !headers.iter().any(|(k, _)| k.eq_ignore_ascii_case("host")) {
        text.push_str(&format!("Host: {addr}\r\n"));
    }
    for (k, v) in headers {
        text.push_str(&format!("{k}: {v}\r\n"));
    }
    if !body.is_empty() || method == "POST" {
        text.push_str(&format!(
            "Content-Type: application/json\r\nContent-Length: {}\r\n",
            body.len()
        ));
    }
    text.push_str("\r\n");
    text.push_str(body);
    s.write_all(text.as_bytes()).unwrap();
    let mut raw = String::new();
    s.read_to_string(&mut raw).unwrap();
    let (head, body) = raw.split_once("\r\n\r\n").unwrap_or((&raw, ""));
    let status = head.split_whitespace().nth(1).unwrap().parse().unwrap();
    let set_cookie = head
        .lines()
        .find_map(|l| {
            l.strip_prefix("set-cookie: ")
                .or_else(|| l.strip_prefix("Set-Cookie: "))
        })
        .map(str::to_string);
    let cookie = set_cookie
        .as_deref()
        .and_then(|c| c.split(';').next())
        .filter(|c| !c.ends_with('='))
        .map(str::to_string);
    Answer {
        status,
        cookie,
        set_cookie,
        body: body.to_string(),
    }
}
