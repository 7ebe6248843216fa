//! `duckchess play --online URL` against a real `duckchess serve` on
//! loopback: a guest creates a game over HTTP, the terminal game under tmux
//! takes the other seat; each side's move reaches the other, the terminal
//! follows the game again after the server restarts, and resigning in the
//! terminal ends the server's game. A bad link or a server that is
//! not there is one line and exit 2.

use crate::common;
use crate::system;
use crate::tmux;

use tmux::Tmux;

use common::{serve_on, Reaper};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::Output;
use std::time::{Duration, Instant};

/// One request on its own connection: the status, the session cookie set
/// (if any) and the body as JSON.
fn request(addr: &str, method: &str, path: &str, cookie: &str, body: &str) -> (u16, String, Value) {
    let headers: &[(&str, &str)] = if cookie.is_empty() {
        &[]
    } else {
        &[("Cookie", cookie)]
    };
    let answer = common::request(addr, method, path, headers, body);
    let json = serde_json::from_str(&answer.body).unwrap_or(Value::Null);
    (answer.status, answer.cookie.unwrap_or_default(), json)
}

fn duckchess(args: &[&str]) -> Output {
    assert_cmd::cargo_bin_cmd!("duckchess")
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn bad_links_and_absent_servers_are_one_line_and_exit_2() {
    // A port nobody listens on.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let absent = format!("http://127.0.0.1:{port}/game/abc");
    for (url, says) in [
        ("ftp://example/game/1", "expected http://HOST:PORT/game/ID"),
        ("https://127.0.0.1/game/1", "https is not supported"),
        ("http://127.0.0.1:8080/lobby", "expected a game's link"),
        ("http://127.0.0.1:99999/game/1", "is no port"),
        (absent.as_str(), "cannot reach the server"),
    ] {
        let out = duckchess(&["play", "--online", url]);
        assert_eq!(out.status.code(), Some(2), "{url}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{url}: {err}");
        assert!(err.contains(says), "{url}: {err}");
        assert!(!err.contains("panicked"), "{url}: {err}");
    }
}

/// The server's game as its creator reads it, once `ok` holds.
fn server_game(
    addr: &str,
    id: &str,
    cookie: &str,
    what: &str,
    ok: impl Fn(&Value) -> bool,
) -> Value {
    let start = Instant::now();
    loop {
        let (status, _, game) = request(addr, "GET", &format!("/api/online/game/{id}"), cookie, "");
        assert_eq!(status, 200, "{game}");
        if ok(&game) {
            return game;
        }
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "timed out waiting for {what}; the server's game:\n{game}"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// `duckchess play --style ascii --online ARGS` under tmux (see
/// tests/tmux), 100 × 30, in `dir/tag`; returns it and its exit-status file.
fn start_play(dir: &Path, tag: &str, args: &[&str]) -> (Tmux, PathBuf) {
    let mut all = vec!["--style", "ascii", "--online"];
    all.extend_from_slice(args);
    Tmux::play(&dir.join(tag), &all, (100, 30))
}

/// Sends `q` and waits for the exit status, trimmed.
fn quit(tmux: &Tmux, exit_file: &Path) -> String {
    tmux.quit(exit_file).trim().to_string()
}

#[test]
fn the_terminal_plays_a_server_game_under_tmux() {
    if !system::have(
        &[("tmux", "tmux")],
        "duckchess play --online against duckchess serve",
    ) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let database = format!("sqlite://{}/db.sqlite", dir.path().display());
    let (mut server, addr): (Reaper, String) = serve_on(&database, &[]);
    // Alice creates a chess game with clocks, as white.
    let (status, cookie, created) = request(
        &addr,
        "POST",
        "/api/online/games",
        "",
        &json!({"variant": "chess", "clock": "5+3", "color": "white", "name": "alice"}).to_string(),
    );
    assert_eq!(status, 200, "{created}");
    let id = created["id"].as_str().unwrap().to_string();

    // The terminal takes black's seat.
    let url = format!("http://{addr}/game/{id}");
    let (tmux, exit_file) = start_play(dir.path(), "bob", &[&url, "--name", "bob"]);
    tmux.wait_for("the terminal to sit as black", |s| {
        s.contains("online as black")
    });
    let game = server_game(&addr, &id, &cookie, "bob in black's seat", |g| {
        g["black"]["name"] == "bob"
    });
    assert_eq!(game["you"], "white");

    // Alice's move over HTTP appears on the terminal's screen.
    let (status, _, answer) = request(
        &addr,
        "POST",
        &format!("/api/online/game/{id}/move"),
        &cookie,
        &json!({"move": "e2e4", "ply": 0}).to_string(),
    );
    assert_eq!(status, 200, "{answer}");
    tmux.wait_for("alice's e4 on the screen", |s| {
        s.contains("1. e4") && s.contains("black to move")
    });

    // The terminal's move, typed at the prompt, reaches the server.
    tmux.keys(&[":"]);
    tmux.keys(&["-l", "e7e5"]);
    tmux.keys(&["Enter"]);
    server_game(&addr, &id, &cookie, "bob's e7e5 on the server", |g| {
        g["state"]["moves"] == "e2e4 e7e5"
    });
    tmux.wait_for("e5 on the screen", |s| s.contains("1. e4 e5"));

    // The server goes away and comes back on the same port: the terminal
    // says so, reconnects and follows the game again.
    server.0.kill().unwrap();
    server.0.wait().unwrap();
    tmux.wait_for("the dropped stream said", |s| {
        s.contains("reconnecting") || s.contains("retrying")
    });
    let port = addr.rsplit_once(':').unwrap().1.to_string();
    let (_server, again) = serve_on(&database, &["--port", &port]);
    assert_eq!(again, addr);
    let (status, _, answer) = request(
        &addr,
        "POST",
        &format!("/api/online/game/{id}/move"),
        &cookie,
        &json!({"move": "g1f3", "ply": 2}).to_string(),
    );
    assert_eq!(status, 200, "{answer}");
    tmux.wait_for("Nf3 after the reconnect", |s| {
        s.contains("2. Nf3") && s.contains("reconnected to the server")
    });

    // A refusal is the server's words on the status line: no draw to
    // claim here.
    tmux.keys(&["d"]);
    tmux.wait_for("the refused claim", |s| s.contains("the server refused: "));

    // No engine while the game is being played.
    tmux.keys(&["h"]);
    tmux.wait_for("the hint refused", |s| {
        s.contains("no engine while the game is being played")
    });
    // u asks for a takeback; alice agrees over HTTP, and the terminal's
    // board follows the server: black's e5 and white's Nf3 after it go.
    tmux.keys(&["u"]);
    tmux.wait_for("the takeback asked", |s| s.contains("takeback asked"));
    server_game(&addr, &id, &cookie, "bob's takeback request", |g| {
        g["state"]["btakeback"] == true
    });
    let (status, _, answer) = request(
        &addr,
        "POST",
        &format!("/api/online/game/{id}/takeback"),
        &cookie,
        "{}",
    );
    assert_eq!(status, 200, "{answer}");
    tmux.wait_for("e5 and Nf3 taken back", |s| {
        s.contains("1. e4") && !s.contains("1. e4 e5") && s.contains("black to move")
    });
    // Resigning ends the server's game.
    tmux.keys(&["x"]);
    tmux.wait_for("the resign question", |s| s.contains("resign as black?"));
    tmux.keys(&["y"]);
    let game = server_game(&addr, &id, &cookie, "the resignation", |g| {
        g["state"]["status"] == "resign"
    });
    assert_eq!(game["state"]["winner"], "white");
    tmux.wait_for("the result on the screen", |s| {
        s.contains("game over: white wins: black resigned")
    });

    // Quitting asks nothing: the server keeps the game.
    assert_eq!(quit(&tmux, &exit_file), "0");
}

#[test]
fn an_account_by_token_plays_and_a_third_reader_watches() {
    if !system::have(
        &[("tmux", "tmux")],
        "duckchess play --online with a token, and a spectator",
    ) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let database = format!("sqlite://{}/db.sqlite", dir.path().display());
    // bob is an account, with a personal API token.
    let made = assert_cmd::cargo_bin_cmd!("duckchess")
        .args(["account", "create", "bob", "--database", &database])
        .write_stdin("a long password\n")
        .output()
        .unwrap();
    assert!(made.status.success(), "{made:?}");
    let token = assert_cmd::cargo_bin_cmd!("duckchess")
        .args(["token", "create", "bob", "--database", &database])
        .output()
        .unwrap();
    assert!(token.status.success(), "{token:?}");
    let token = String::from_utf8(token.stdout).unwrap().trim().to_string();
    let (_server, addr) = serve_on(&database, &[]);
    let (status, cookie, created) = request(
        &addr,
        "POST",
        "/api/online/games",
        "",
        &json!({"variant": "duck", "color": "white", "name": "alice"}).to_string(),
    );
    assert_eq!(status, 200, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    let url = format!("http://{addr}/game/{id}");
    let (bob, bob_exit) = start_play(dir.path(), "bob", &[&url, "--token", &token]);
    bob.wait_for("bob seated as blue", |s| s.contains("online as blue"));
    let game = server_game(&addr, &id, &cookie, "the account in the seat", |g| {
        g["black"]["id"] == "bob"
    });
    assert_eq!(game["state"]["status"], "started");

    // Both seats are taken: carol watches, and cannot move.
    let (carol, carol_exit) = start_play(dir.path(), "carol", &[&url, "--name", "carol"]);
    carol.wait_for("carol watching", |s| s.contains("online, watching"));
    let (status, _, answer) = request(
        &addr,
        "POST",
        &format!("/api/online/game/{id}/move"),
        &cookie,
        &json!({"move": "e1e2", "ply": 0}).to_string(),
    );
    assert_eq!(status, 200, "{answer}");
    carol.wait_for("red's move on the watcher's screen", |s| {
        s.contains("blue to move")
    });
    carol.keys(&["x"]);
    carol.wait_for("resigning refused", |s| {
        s.contains("watching: both seats are taken")
    });
    bob.wait_for("red's move on bob's screen", |s| s.contains("blue to move"));
    assert_eq!(quit(&carol, &carol_exit), "0");
    assert_eq!(quit(&bob, &bob_exit), "0");
    let game = server_game(&addr, &id, &cookie, "the game still on", |_| true);
    assert_eq!(game["state"]["status"], "started");
    assert_eq!(game["state"]["moves"], "e1e2");
}
