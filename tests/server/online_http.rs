//! Games between people over real HTTP on loopback, against the binary:
//! every refusal (wrong seat, a spectator, a bad token, a cross-site POST,
//! a foreign Host), the live stream and a reconnect, `kill -9` mid-game,
//! and the server's limits (a half-sent request, an oversized body behind
//! `Expect: 100-continue`, a history past an automatic draw, judge inputs
//! at once).

use crate::common;

use common::{request, serve_on, Answer, Reaper};
use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

fn post(addr: &str, path: &str, cookie: &str, body: Value) -> Answer {
    request(addr, "POST", path, &[("Cookie", cookie)], &body.to_string())
}

/// A game's NDJSON stream, read line by line.
struct Stream {
    reader: BufReader<TcpStream>,
}

impl Stream {
    fn open(addr: &str, path: &str, cookie: Option<&str>) -> Stream {
        let mut s = TcpStream::connect(addr).unwrap();
        s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
        let cookie = cookie.map_or(String::new(), |c| format!("Cookie: {c}\r\n"));
        write!(s, "GET {path} HTTP/1.1\r\nHost: {addr}\r\n{cookie}\r\n").unwrap();
        let mut reader = BufReader::new(s);
        let mut line = String::new();
        reader.read_line(&mut line).unwrap();
        assert!(line.contains(" 200 "), "{path}: {line}");
        // The headers.
        loop {
            line.clear();
            reader.read_line(&mut line).unwrap();
            if line == "\r\n" {
                break;
            }
        }
        Stream { reader }
    }

    /// The next JSON line (chunk sizes and keep-alive lines skipped).
    fn next(&mut self) -> Value {
        let mut line = String::new();
        loop {
            line.clear();
            let n = self.reader.read_line(&mut line).unwrap();
            assert!(n > 0, "the stream ended");
            let t = line.trim();
            if t.starts_with('{') {
                return serde_json::from_str(t).unwrap();
            }
        }
    }

    /// The next state whose ply is `ply`.
    fn state_at(&mut self, ply: i64) -> Value {
        loop {
            let v = self.next();
            let st = if v["type"] == "gameFull" {
                v["state"].clone()
            } else {
                v
            };
            if st["ply"] == ply {
                return st;
            }
        }
    }
}

fn server(dir: &tempfile::TempDir, args: &[&str]) -> (Reaper, String) {
    serve_on(
        &format!("sqlite://{}/db.sqlite", dir.path().display()),
        args,
    )
}

/// A started chess game: alice (white) and bob (black), their cookies.
fn game(addr: &str, clock: &str) -> (String, String, String) {
    let a = request(
        addr,
        "POST",
        "/api/online/games",
        &[],
        &json!({"variant": "chess", "clock": clock, "color": "white", "name": "alice"}).to_string(),
    );
    assert_eq!(a.status, 200, "{}", a.body);
    let alice = a.cookie.clone().expect("a session cookie");
    let id = a.json()["id"].as_str().unwrap().to_string();
    let b = request(addr, "POST", "/api/online/guest", &[], r#"{"name":"bob"}"#);
    let bob = b.cookie.expect("a session cookie");
    let j = post(
        addr,
        &format!("/api/online/game/{id}/join"),
        &bob,
        json!({}),
    );
    assert_eq!(j.status, 200, "{}", j.body);
    assert_eq!(j.json()["you"], "black");
    (id, alice, bob)
}

#[test]
fn every_refusal_over_http() {
    let dir = tempfile::tempdir().unwrap();
    let (_server, addr) = server(&dir, &[]);
    let (id, alice, bob) = game(&addr, "5+3");
    let mv = |cookie: &str, m: &str, extra: &[(&str, &str)]| {
        let mut h = vec![("Cookie", cookie)];
        h.extend_from_slice(extra);
        request(
            &addr,
            "POST",
            &format!("/api/online/game/{id}/move"),
            &h,
            &json!({"move": m}).to_string(),
        )
    };
    // Not your turn; illegal; a spectator; no session; a bad Bearer token.
    assert_eq!(mv(&bob, "e5", &[]).status, 400);
    let illegal = mv(&alice, "e5", &[]);
    assert_eq!(illegal.status, 400);
    assert!(illegal.json()["error"].as_str().unwrap().contains("e5"));
    let carol = request(
        &addr,
        "POST",
        "/api/online/guest",
        &[],
        r#"{"name":"carol"}"#,
    )
    .cookie
    .unwrap();
    assert_eq!(mv(&carol, "e4", &[]).status, 403);
    assert_eq!(
        request(
            &addr,
            "POST",
            &format!("/api/online/game/{id}/move"),
            &[],
            r#"{"move":"e4"}"#
        )
        .status,
        401
    );
    assert_eq!(
        request(
            &addr,
            "POST",
            &format!("/api/board/game/{id}/move/e2e4"),
            &[("Authorization", "Bearer 0000")],
            ""
        )
        .status,
        401
    );
    // A cross-site POST with the player's own cookie is refused, and moves
    // nothing; so is one that names another Host.
    let cross = mv(&alice, "e4", &[("Origin", "http://evil.example")]);
    assert_eq!(cross.status, 403, "{}", cross.body);
    let cross = mv(&alice, "e4", &[("Sec-Fetch-Site", "cross-site")]);
    assert_eq!(cross.status, 403);
    let rebound = request(
        &addr,
        "GET",
        "/api/online/games",
        &[("Host", "evil.example:80")],
        "",
    );
    assert_eq!(rebound.status, 421);
    let state = request(&addr, "GET", &format!("/api/online/game/{id}"), &[], "").json();
    assert_eq!(state["state"]["moves"], "");
    // A same-origin move works; an unknown game is 404; GET on a POST is 405.
    let origin = format!("http://{addr}");
    assert_eq!(mv(&alice, "e4", &[("Origin", &origin)]).status, 200);
    assert_eq!(
        post(
            &addr,
            "/api/online/game/nosuchid/move",
            &alice,
            json!({"move": "e4"})
        )
        .status,
        404
    );
    assert_eq!(
        request(
            &addr,
            "GET",
            &format!("/api/online/game/{id}/move"),
            &[],
            ""
        )
        .status,
        405
    );
    // The tokens never appear in the page's URLs or the server's output.
    let page = request(&addr, "GET", &format!("/game/{id}"), &[], "");
    assert_eq!(page.status, 200);
    assert!(!page.body.contains(alice.split('=').nth(1).unwrap()));
}

#[test]
fn the_stream_shows_each_move_to_every_client_and_a_reconnect_gets_everything() {
    let dir = tempfile::tempdir().unwrap();
    let (_server, addr) = server(&dir, &[]);
    let (id, alice, bob) = game(&addr, "3+2");
    let path = format!("/api/online/game/{id}/stream");
    let mut sa = Stream::open(&addr, &path, Some(&alice));
    let mut sb = Stream::open(&addr, &path, Some(&bob));
    let mut watcher = Stream::open(&addr, &path, None);
    let first = watcher.next();
    assert_eq!(first["type"], "gameFull");
    assert_eq!(first["you"], Value::Null);
    // The goal is every client seeing a move within 100 ms of its being
    // sent. Each move's time runs from before its POST (which commits it)
    // to its state read on all three streams. A loaded 2-core CI machine
    // running a debug build and other tests at once can stall any one
    // move for a scheduler's while, so the bound is on the median of the
    // moves (100 ms), each one within 2 s: a server that sent moves late
    // (a poll, a timer) fails the median, and a stuck stream fails both.
    let line = [
        "e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5a4", "g8f6", "e1g1",
    ];
    let mut took = Vec::new();
    for (i, m) in line.iter().enumerate() {
        let who = if i % 2 == 0 { &alice } else { &bob };
        let sent = Instant::now();
        let r = post(
            &addr,
            &format!("/api/online/game/{id}/move"),
            who,
            json!({"move": m, "ply": i}),
        );
        assert_eq!(r.status, 200, "{}", r.body);
        for s in [&mut sa, &mut sb, &mut watcher] {
            let st = s.state_at(i as i64 + 1);
            assert!(st["moves"].as_str().unwrap().ends_with(m));
        }
        took.push(sent.elapsed());
    }
    eprintln!("each move seen by all three readers after it was sent: {took:?}");
    assert!(
        took.iter().all(|t| *t < Duration::from_secs(2)),
        "a move took 2 s or more to reach every reader: {took:?}"
    );
    let mut sorted = took.clone();
    sorted.sort();
    let median = sorted[sorted.len() / 2];
    assert!(
        median < Duration::from_millis(100),
        "the median move took {median:?} to reach every reader: {took:?}"
    );
    // Presence: both seats' streams are open.
    let st = request(&addr, "GET", &format!("/api/online/game/{id}"), &[], "").json();
    assert_eq!(
        st["state"]["connected"],
        json!({"white": true, "black": true})
    );
    drop(sb);
    // A new reader gets the whole game first.
    let mut again = Stream::open(&addr, &path, Some(&bob));
    let full = again.next();
    assert_eq!(full["type"], "gameFull");
    assert_eq!(full["you"], "black");
    assert_eq!(full["state"]["moves"], line.join(" "));
    assert_eq!(
        full["state"]["notations"],
        json!(["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O"])
    );
}

/// The archive: `/api/online/games` lists the games waiting for a player
/// and the recent ones with their results, and each player's games are at
/// `/api/online/player/{id}/games`.
#[test]
fn the_archive_lists_open_and_recent_games_and_each_players() {
    let dir = tempfile::tempdir().unwrap();
    let (_server, addr) = server(&dir, &[]);
    let (id, alice, bob) = game(&addr, "5+3");
    for (i, (who, m)) in [(&alice, "e2e4"), (&bob, "e7e5")].iter().enumerate() {
        let r = post(
            &addr,
            &format!("/api/online/game/{id}/move"),
            who,
            json!({"move": m, "ply": i}),
        );
        assert_eq!(r.status, 200, "{}", r.body);
    }
    let r = post(
        &addr,
        &format!("/api/online/game/{id}/resign"),
        &bob,
        json!({}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let waiting = request(
        &addr,
        "POST",
        "/api/online/games",
        &[],
        &json!({"variant": "duck", "name": "carol"}).to_string(),
    )
    .json()["id"]
        .as_str()
        .unwrap()
        .to_string();
    let all = request(&addr, "GET", "/api/online/games", &[], "").json();
    let ids = |list: &Value| -> Vec<String> {
        list.as_array()
            .unwrap()
            .iter()
            .map(|g| g["id"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(ids(&all["open"]), [waiting], "{all}");
    let finished = all["recent"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["id"] == id.as_str())
        .unwrap_or_else(|| panic!("{id} not among the recent games: {all}"));
    assert_eq!(finished["status"], "resign");
    assert_eq!(finished["winner"], "white");
    assert_eq!(finished["white"]["name"], "alice", "{finished}");
    // Alice's games: this one; carol's are not hers.
    let me = request(&addr, "GET", "/api/online/me", &[("Cookie", &alice)], "").json();
    let alice_id = me["id"].as_str().unwrap();
    let hers = request(
        &addr,
        "GET",
        &format!("/api/online/player/{alice_id}/games"),
        &[],
        "",
    )
    .json();
    assert_eq!(ids(&hers["games"]), [id], "{hers}");
}

#[test]
fn kill_9_mid_game_loses_no_acknowledged_move() {
    let dir = tempfile::tempdir().unwrap();
    let line = [
        "e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5a4", "g8f6", "e1g1", "f8e7",
    ];
    let id = {
        let (mut server, addr) = server(&dir, &[]);
        let (id, alice, bob) = game(&addr, "10+5");
        for (i, m) in line.iter().enumerate() {
            let who = if i % 2 == 0 { &alice } else { &bob };
            let r = post(
                &addr,
                &format!("/api/online/game/{id}/move"),
                who,
                json!({"move": m, "ply": i}),
            );
            assert_eq!(r.status, 200, "{}", r.body);
        }
        // SIGKILL: no shutdown, no flush.
        server.0.kill().unwrap();
        server.0.wait().unwrap();
        id
    };
    let (_server, addr) = server(&dir, &[]);
    let g = request(&addr, "GET", &format!("/api/online/game/{id}"), &[], "").json();
    assert_eq!(g["state"]["moves"], line.join(" "));
    assert_eq!(g["state"]["status"], "started");
    // The export has every move.
    let pgn = request(&addr, "GET", &format!("/game/export/{id}"), &[], "").body;
    assert!(pgn.contains("5. O-O Be7 *"), "{pgn}");
    for tag in [r#"[White "alice"]"#, r#"[Black "bob"]"#, r#"[Result "*"]"#] {
        assert!(pgn.contains(tag), "{tag} in {pgn}");
    }
}

#[test]
fn a_half_sent_request_is_dropped() {
    let dir = tempfile::tempdir().unwrap();
    let (_server, addr) = server(&dir, &["--header-timeout", "0.5"]);
    let mut idle: Vec<TcpStream> = (0..20)
        .map(|_| {
            let mut s = TcpStream::connect(&addr).unwrap();
            s.write_all(b"GET / HTTP/1.1\r\nHost: ").unwrap();
            s.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
            s
        })
        .collect();
    for s in &mut idle {
        let mut buf = Vec::new();
        // The server closes it (after a 408 or without a word); a server
        // without the timeout leaves it open and the read times out.
        let n = s.read_to_end(&mut buf);
        assert!(n.is_ok(), "still open: {n:?}");
    }
    assert_eq!(request(&addr, "GET", "/api/variants", &[], "").status, 200);
}

#[test]
fn an_oversized_body_is_refused_before_100_continue() {
    let dir = tempfile::tempdir().unwrap();
    let (_server, addr) = server(&dir, &[]);
    for (path, size) in [("/api/play", 100_000), ("/api/judge", 2_000_000)] {
        let mut s = TcpStream::connect(&addr).unwrap();
        s.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
        write!(
            s,
            "POST {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {size}\r\nExpect: 100-continue\r\n\r\n"
        )
        .unwrap();
        let mut first = String::new();
        BufReader::new(&s).read_line(&mut first).unwrap();
        assert!(first.starts_with("HTTP/1.1 413"), "{path}: {first}");
    }
}

#[test]
fn a_history_past_an_automatic_draw_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let (_server, addr) = server(&dir, &[]);
    // Knights out and back four times: the start occurs a fifth time, an
    // automatic draw; one more move is past the end.
    let mut history: Vec<&str> = ["g1f3", "g8f6", "f3g1", "f6g8"].repeat(4);
    let at_end = json!({"variant": "chess", "history": history});
    let r = request(&addr, "POST", "/api/moves", &[], &at_end.to_string());
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(r.json()["result"]["reason"]
        .as_str()
        .unwrap()
        .contains("repetition"));
    history.push("e2e4");
    let past = json!({"variant": "chess", "history": history});
    let r = request(&addr, "POST", "/api/moves", &[], &past.to_string());
    assert_eq!(r.status, 422, "{}", r.body);
    let error = r.json()["error"].as_str().unwrap().to_string();
    assert!(
        error.starts_with("history move 17 `e2e4`: the game is over"),
        "{error}"
    );
}

#[tokio::test]
async fn judge_inputs_beyond_the_limit_wait_their_turn() {
    use tower::ServiceExt;
    let state = duckchess::web::AppState::default();
    let permits = state.judge_permits();
    let app = duckchess::web::router(state);
    let ask = || {
        axum::http::Request::post("/api/judge")
            .header("content-type", "application/json")
            .body(axum::body::Body::from(r#"{"input":"1\n0 0 1 0\n"}"#))
            .unwrap()
    };
    assert_eq!(app.clone().oneshot(ask()).await.unwrap().status(), 200);
    // Every slot taken: a new input is not judged (nor read) until one
    // comes back.
    let held = permits
        .acquire_many(duckchess::web::MAX_JUDGES as u32)
        .await
        .unwrap();
    let waiting = tokio::spawn(app.clone().oneshot(ask()));
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert!(!waiting.is_finished(), "judged with no slot free");
    drop(held);
    assert_eq!(waiting.await.unwrap().unwrap().status(), 200);
    assert_eq!(permits.available_permits(), duckchess::web::MAX_JUDGES);
}

#[test]
fn one_client_making_games_too_fast_is_told_to_wait() {
    let dir = tempfile::tempdir().unwrap();
    let (_server, addr) = server(&dir, &[]);
    // Ten at once, then one every two seconds: the 20 below come faster.
    let statuses: Vec<u16> = (0..20)
        .map(|i| {
            request(
                &addr,
                "POST",
                "/api/online/guest",
                &[],
                &json!({"name": format!("g{i}")}).to_string(),
            )
            .status
        })
        .collect();
    let made = statuses.iter().filter(|&&s| s == 200).count();
    assert!((10..=12).contains(&made), "{statuses:?}");
    assert!(
        statuses.iter().all(|&s| s == 200 || s == 429),
        "{statuses:?}"
    );
    assert_eq!(*statuses.last().unwrap(), 429);
    // With the limits off (a load test), none is refused.
    let dir = tempfile::tempdir().unwrap();
    let (_server, addr) = server(&dir, &["--no-rate-limits"]);
    for i in 0..20 {
        let r = request(
            &addr,
            "POST",
            "/api/online/guest",
            &[],
            &json!({"name": format!("g{i}")}).to_string(),
        );
        assert_eq!(r.status, 200, "{}", r.body);
    }
}

/// Behind a load balancer named with `--trusted-proxy`, each client it
/// forwards for has its own limit; without the flag the header is
/// ignored, since any client could write it.
#[test]
fn behind_a_trusted_proxy_each_forwarded_client_has_its_own_limit() {
    let guest = |addr: &str, i: usize, client: &str| {
        request(
            addr,
            "POST",
            "/api/online/guest",
            &[("X-Forwarded-For", client)],
            &json!({"name": format!("g{i}")}).to_string(),
        )
        .status
    };
    let dir = tempfile::tempdir().unwrap();
    let (_server, addr) = server(&dir, &["--trusted-proxy", "127.0.0.1"]);
    // One forwarded client spends its burst, and is told to wait ...
    let first: Vec<u16> = (0..14).map(|i| guest(&addr, i, "198.51.100.1")).collect();
    assert_eq!(*first.last().unwrap(), 429, "{first:?}");
    // ... while another, through the same proxy, is not.
    assert_eq!(guest(&addr, 99, "203.0.113.5, 198.51.100.2"), 200);
    // Untrusted, the header changes nothing: one limit for the address.
    let dir = tempfile::tempdir().unwrap();
    let (_server, addr) = server(&dir, &[]);
    let spoofed: Vec<u16> = (0..14)
        .map(|i| guest(&addr, i, &format!("198.51.100.{i}")))
        .collect();
    assert_eq!(*spoofed.last().unwrap(), 429, "{spoofed:?}");
}

#[test]
fn a_threefold_repetition_is_claimed_over_both_apis() {
    let dir = tempfile::tempdir().unwrap();
    let (_server, addr) = server(&dir, &[]);
    // Knights out and back twice: the start occurs a third time, white to
    // move, who claims: by the page's endpoint, by this server's lichess
    // endpoint, and by lichess's own way, `draw/yes` (which claims a
    // claimable draw there rather than offer one).
    for claim in [
        "/api/online/game/{id}/claim",
        "/api/board/game/{id}/claim-draw",
        "/api/board/game/{id}/draw/yes",
    ] {
        let (id, alice, bob) = game(&addr, "5+3");
        let line = ["g1f3", "g8f6", "f3g1", "f6g8"].repeat(2);
        for (i, m) in line.iter().enumerate() {
            let who = if i % 2 == 0 { &alice } else { &bob };
            let r = post(
                &addr,
                &format!("/api/online/game/{id}/move"),
                who,
                json!({"move": m, "ply": i}),
            );
            assert_eq!(r.status, 200, "{}", r.body);
        }
        let g = request(&addr, "GET", &format!("/api/online/game/{id}"), &[], "").json();
        assert_eq!(g["state"]["claimable"], true, "{g}");
        let path = claim.replace("{id}", &id);
        if !claim.ends_with("yes") {
            // Not bob's turn: refused, and the game goes on.
            let r = post(&addr, &path, &bob, json!({}));
            assert_eq!(r.status, 400, "{claim}: {}", r.body);
        }
        let r = post(&addr, &path, &alice, json!({}));
        assert_eq!(r.status, 200, "{claim}: {}", r.body);
        let g = request(&addr, "GET", &format!("/api/online/game/{id}"), &[], "").json();
        assert_eq!(g["state"]["status"], "draw", "{claim}: {g}");
        assert_eq!(g["state"]["winner"], Value::Null);
        assert_eq!(
            g["state"]["reason"],
            "draw by repetition, claimed by white (the position occurred 3 times)"
        );
        let pgn = request(&addr, "GET", &format!("/game/export/{id}"), &[], "").body;
        assert!(pgn.contains(r#"[Result "1/2-1/2"]"#), "{pgn}");
    }
}

#[test]
fn a_flag_falls_by_itself_with_nobody_connected() {
    let dir = tempfile::tempdir().unwrap();
    let (_server, addr) = server(&dir, &[]);
    // The shortest base the server takes is one second; less is refused.
    let short = request(
        &addr,
        "POST",
        "/api/online/games",
        &[],
        &json!({"variant": "chess", "clock": "0.01+0", "name": "carol"}).to_string(),
    );
    assert_eq!(short.status, 400, "{}", short.body);
    assert!(short.body.contains("base from 1 second"), "{}", short.body);
    // 1/60 of a minute: one second, no increment.
    let (id, alice, bob) = game(&addr, "0.016666666666666667+0");
    let g = request(&addr, "GET", &format!("/api/online/game/{id}"), &[], "").json();
    assert_eq!(g["clock"]["initial"], 1000, "{g}");
    for (i, (who, m)) in [(&alice, "e2e4"), (&bob, "e7e5")].iter().enumerate() {
        let r = post(
            &addr,
            &format!("/api/online/game/{id}/move"),
            who,
            json!({"move": m, "ply": i}),
        );
        assert_eq!(r.status, 200, "{}", r.body);
    }
    // White's clock runs; no stream is open, nobody sends anything: the
    // server's own timer ends the game a second later.
    let sent = Instant::now();
    let deadline = sent + Duration::from_secs(15);
    let g = loop {
        std::thread::sleep(Duration::from_millis(250));
        let g = request(&addr, "GET", &format!("/api/online/game/{id}"), &[], "").json();
        if g["state"]["status"] != "started" || Instant::now() > deadline {
            break g;
        }
    };
    eprintln!("the flag fell {:?} after black's move", sent.elapsed());
    assert_eq!(g["state"]["status"], "outoftime", "{g}");
    assert_eq!(g["state"]["winner"], "black");
    assert_eq!(g["state"]["reason"], "black wins on time");
    assert_eq!(g["state"]["wtime"], 0);
    assert_eq!(g["state"]["watchers"], 0, "nobody was reading the game");
    let pgn = request(&addr, "GET", &format!("/game/export/{id}"), &[], "").body;
    assert!(pgn.contains(r#"[Result "0-1"]"#), "{pgn}");
    assert!(
        pgn.contains(r#"[Termination "black wins on time"]"#),
        "{pgn}"
    );
}

#[test]
fn the_session_cookie_is_http_only_and_logging_out_revokes_it() {
    let dir = tempfile::tempdir().unwrap();
    let (_server, addr) = server(&dir, &[]);
    let g = request(
        &addr,
        "POST",
        "/api/online/guest",
        &[],
        r#"{"name":"alice"}"#,
    );
    assert_eq!(g.status, 200, "{}", g.body);
    // The cookie is out of the page's scripts' reach, not sent along by
    // other sites' requests, and for the whole site.
    let header = g.set_cookie.clone().expect("a Set-Cookie header");
    let attributes: Vec<String> = header
        .split(';')
        .skip(1)
        .map(|a| a.trim().to_ascii_lowercase())
        .collect();
    assert!(attributes.iter().any(|a| a == "httponly"), "{header}");
    assert!(
        attributes
            .iter()
            .any(|a| a == "samesite=lax" || a == "samesite=strict"),
        "{header}"
    );
    assert!(attributes.iter().any(|a| a == "path=/"), "{header}");
    let alice = g.cookie.unwrap();
    let me = request(&addr, "GET", "/api/online/me", &[("Cookie", &alice)], "");
    assert_eq!(me.status, 200, "{}", me.body);
    assert_eq!(me.json()["name"], "alice");
    let (id, _, bob) = game(&addr, "5+3");
    // Logging out clears the cookie and revokes the session on the server:
    // the old cookie, sent again (a copy of it, say), signs nobody in.
    let out = post(&addr, "/api/online/logout", &bob, json!({}));
    assert_eq!(out.status, 200, "{}", out.body);
    let cleared = out.set_cookie.expect("the cookie cleared");
    assert!(cleared.contains("Max-Age=0"), "{cleared}");
    let me = request(&addr, "GET", "/api/online/me", &[("Cookie", &bob)], "");
    assert_eq!(me.status, 401, "{}", me.body);
    // The page's question (it logged a 401 on every load): nobody is null.
    let me = request(
        &addr,
        "GET",
        "/api/online/me?optional=true",
        &[("Cookie", &bob)],
        "",
    );
    assert_eq!((me.status, me.body.as_str()), (200, "null"));
    let me = request(
        &addr,
        "GET",
        "/api/online/me?optional=true",
        &[("Cookie", &alice)],
        "",
    );
    assert_eq!(me.json()["name"], "alice");
    let g = request(
        &addr,
        "GET",
        &format!("/api/online/game/{id}"),
        &[("Cookie", &bob)],
        "",
    )
    .json();
    assert_eq!(g["you"], Value::Null, "the old cookie holds no seat: {g}");
    let r = post(
        &addr,
        &format!("/api/online/game/{id}/resign"),
        &bob,
        json!({}),
    );
    assert_eq!(r.status, 401, "{}", r.body);
    // The other session is untouched.
    let me = request(&addr, "GET", "/api/online/me", &[("Cookie", &alice)], "");
    assert_eq!(me.status, 200, "{}", me.body);
}

#[test]
fn moves_faster_than_the_limit_are_told_to_wait() {
    use std::sync::atomic::{AtomicBool, Ordering};
    let dir = tempfile::tempdir().unwrap();
    let (_server, addr) = server(&dir, &[]);
    let (id, alice, bob) = game(&addr, "5+3");
    // Moves and other actions: 60 at once, then 20 a second, for each
    // address. Six clients on this one address send moves as fast as
    // they can (bob's, out of turn: refused by the rules, 400, while the
    // limit lets them through) until one is told to wait; a limit that
    // never answers 429 stops them after 3000.
    let limited = AtomicBool::new(false);
    let path = format!("/api/online/game/{id}/move");
    let statuses: Vec<u16> = std::thread::scope(|scope| {
        let threads: Vec<_> = (0..6)
            .map(|_| {
                scope.spawn(|| {
                    let mut seen = Vec::new();
                    for _ in 0..500 {
                        if limited.load(Ordering::SeqCst) {
                            break;
                        }
                        let s = post(&addr, &path, &bob, json!({"move": "e7e5"})).status;
                        if s == 429 {
                            limited.store(true, Ordering::SeqCst);
                        }
                        seen.push(s);
                    }
                    seen
                })
            })
            .collect();
        threads
            .into_iter()
            .flat_map(|t| t.join().unwrap())
            .collect()
    });
    assert!(
        statuses.contains(&429),
        "no 429 in {} moves",
        statuses.len()
    );
    assert!(
        statuses.iter().all(|&s| s == 400 || s == 429),
        "{statuses:?}"
    );
    // At least the burst (less the join's token) went through first. (What
    // comes right after the first 429 is a race with the refill, 20 a
    // second, so it is not asserted.)
    let through = statuses.iter().filter(|&&s| s == 400).count();
    assert!(through >= 59, "{through} let through");
    // A moment later the client may move again.
    std::thread::sleep(Duration::from_millis(1500));
    let r = post(&addr, &path, &alice, json!({"move": "e2e4"}));
    assert_eq!(r.status, 200, "{}", r.body);
}

/// `token list` and `token revoke`: an account's tokens and sessions are
/// listed by id (never the token), and a revoked one signs nobody in.
#[test]
fn tokens_are_listed_and_revoked_from_the_command_line() {
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite://{}/games.db", dir.path().display());
    let cli = |args: &[&str]| {
        let out = common::duckchess()
            .args(args)
            .args(["--database", &db])
            .write_stdin("password1\n")
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8(out.stdout).unwrap(),
            String::from_utf8(out.stderr).unwrap(),
        )
    };
    assert_eq!(cli(&["account", "create", "ann"]).0, Some(0));
    let (_, bot, _) = cli(&["token", "create", "ann", "--label", "bot"]);
    let (_, script, _) = cli(&["token", "create", "ann", "--label", "script"]);
    let (bot, script) = (bot.trim().to_string(), script.trim().to_string());
    let (_server, addr) = serve_on(&db, &[]);
    let account = |token: &str| {
        request(
            &addr,
            "GET",
            "/api/account",
            &[("Authorization", &format!("Bearer {token}"))],
            "",
        )
        .status
    };
    assert_eq!((account(&bot), account(&script)), (200, 200));
    let (code, list, _) = cli(&["token", "list", "ann"]);
    assert_eq!(code, Some(0));
    let lines: Vec<&str> = list.lines().collect();
    assert_eq!(lines.len(), 2, "{list}");
    assert!(
        lines
            .iter()
            .all(|l| l.contains("  api  ") && l.contains("made ")),
        "{list}"
    );
    assert!(
        !list.contains(&bot) && !list.contains(&script),
        "a token listed: {list}"
    );
    let id = lines
        .iter()
        .find(|l| l.contains("  bot  "))
        .unwrap()
        .split_whitespace()
        .next()
        .unwrap()
        .to_string();
    assert_eq!(cli(&["token", "revoke", "ann", &id]).1.trim(), "1 revoked");
    assert_eq!((account(&bot), account(&script)), (401, 200));
    let (_, list, _) = cli(&["token", "list", "ann"]);
    assert!(
        list.lines()
            .any(|l| l.starts_with(&id) && l.contains("revoked ")),
        "{list}"
    );
    // Everything at once: every token and session of the account.
    assert_eq!(
        cli(&["token", "revoke", "ann", "--all"]).1.trim(),
        "1 revoked"
    );
    assert_eq!(account(&script), 401);
    // Nothing left to revoke, or an id that is none: one line, exit 2.
    let (code, _, err) = cli(&["token", "revoke", "ann", "--all"]);
    assert_eq!(code, Some(2), "{err}");
    let (code, _, err) = cli(&["token", "revoke", "ann", "xyz"]);
    assert_eq!(code, Some(2));
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("8 hexadecimal digits"), "{err}");
}

#[test]
fn a_database_url_with_a_password_is_never_printed_with_it() {
    let url = "postgress://u:secret@h/db";
    for args in [
        vec!["serve", "--port", "0", "--database", url],
        vec!["account", "create", "x", "--database", url],
        vec!["token", "create", "x", "--database", url],
    ] {
        let out = common::duckchess()
            .args(&args)
            .write_stdin("password1\n")
            .timeout(Duration::from_secs(20))
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.contains("expected sqlite://PATH"),
            "{args:?}: {stderr}"
        );
        assert!(
            stderr.contains("postgress://u:***@h/db"),
            "{args:?}: {stderr}"
        );
        for text in [&stderr, &stdout] {
            assert!(!text.contains("secret"), "{args:?}: {text}");
        }
    }
}

#[test]
fn the_export_says_whether_the_game_was_rated() {
    let dir = tempfile::tempdir().unwrap();
    let (_server, addr) = server(&dir, &[]);
    let account = |name: &str| {
        let r = request(
            &addr,
            "POST",
            "/api/online/account",
            &[],
            &json!({"name": name, "password": "a long password"}).to_string(),
        );
        assert_eq!(r.status, 200, "{}", r.body);
        r.cookie.unwrap()
    };
    let (alice, bob) = (account("alice"), account("bob"));
    let made = post(
        &addr,
        "/api/online/games",
        &alice,
        json!({"variant": "chess", "clock": "5+3", "color": "white", "rated": true}),
    );
    assert_eq!(made.status, 200, "{}", made.body);
    let rated = made.json()["id"].as_str().unwrap().to_string();
    let j = post(
        &addr,
        &format!("/api/online/game/{rated}/join"),
        &bob,
        json!({}),
    );
    assert_eq!(j.status, 200, "{}", j.body);
    let (casual, _, _) = game(&addr, "5+3");
    for (id, is_rated, event) in [
        (&rated, true, "rated game"),
        (&casual, false, "casual game"),
    ] {
        let pgn = request(&addr, "GET", &format!("/game/export/{id}"), &[], "").body;
        assert!(pgn.contains(&format!("[Event \"{event}\"]")), "{pgn}");
        let v = request(
            &addr,
            "GET",
            &format!("/game/export/{id}"),
            &[("Accept", "application/json")],
            "",
        )
        .json();
        assert_eq!(v["rated"], is_rated, "{v}");
        assert!(v["pgn"].as_str().unwrap().contains(event), "{v}");
    }
}

/// The next `chatLine` of a stream (states skipped).
fn next_chat(s: &mut Stream) -> Value {
    loop {
        let v = s.next();
        if v["type"] == "chatLine" {
            return v;
        }
    }
}

#[test]
fn the_chat_of_a_game_reaches_its_stream_readers_by_room() {
    let dir = tempfile::tempdir().unwrap();
    let (_server, addr) = server(&dir, &[]);
    let (id, alice, bob) = game(&addr, "5+3");
    let carol = request(
        &addr,
        "POST",
        "/api/online/guest",
        &[],
        r#"{"name":"carol"}"#,
    )
    .cookie
    .unwrap();
    // Alice reads lichess's stream, bob the page's, and a spectator with
    // no session the page's.
    let mut sa = Stream::open(&addr, &format!("/api/board/game/stream/{id}"), Some(&alice));
    let mut sb = Stream::open(&addr, &format!("/api/online/game/{id}/stream"), Some(&bob));
    let mut watcher = Stream::open(&addr, &format!("/api/online/game/{id}/stream"), None);
    let path = format!("/api/board/game/{id}/chat");
    // As berserk posts it: a form.
    let say = |cookie: &str, body: &str| request(&addr, "POST", &path, &[("Cookie", cookie)], body);
    let r = say(&alice, "room=player&text=good%20luck");
    assert_eq!(r.status, 200, "{}", r.body);
    let line =
        json!({"type": "chatLine", "room": "player", "username": "alice", "text": "good luck"});
    assert_eq!(next_chat(&mut sa), line);
    assert_eq!(next_chat(&mut sb), line);
    // A spectator may not write to the players' room, but to its own,
    // which every reader reads (JSON bodies too).
    assert_eq!(say(&carol, "room=player&text=hi").status, 403);
    let r = say(&carol, r#"{"room":"spectator","text":"hello all"}"#);
    assert_eq!(r.status, 200, "{}", r.body);
    let line =
        json!({"type": "chatLine", "room": "spectator", "username": "carol", "text": "hello all"});
    // The watcher was never sent alice's line: its first is carol's.
    assert_eq!(next_chat(&mut watcher), line);
    assert_eq!(next_chat(&mut sa), line);
    assert_eq!(next_chat(&mut sb), line);
    // 140 characters at most; some text; a room of the two; signed in.
    let long = "x".repeat(141);
    assert_eq!(say(&bob, &format!("room=player&text={long}")).status, 400);
    let r = say(&bob, &format!("room=player&text={}", &long[..140]));
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(next_chat(&mut sa)["text"], &long[..140]);
    assert_eq!(say(&bob, "room=player&text=%20%20").status, 400);
    assert_eq!(say(&bob, "room=lobby&text=hi").status, 400);
    assert_eq!(
        request(&addr, "POST", &path, &[], "room=spectator&text=hi").status,
        401
    );
    assert_eq!(
        say(&bob, "room=spectator").status,
        400,
        "a line without text"
    );
    assert_eq!(
        request(
            &addr,
            "POST",
            "/api/board/game/nosuchid/chat",
            &[("Cookie", &bob)],
            "room=spectator&text=hi"
        )
        .status,
        404
    );
    // A reader arriving later gets the lines kept after the game: a
    // seat's reader both rooms, a spectator only its own.
    let mut again = Stream::open(&addr, &format!("/api/online/game/{id}/stream"), Some(&bob));
    assert_eq!(again.next()["type"], "gameFull");
    let texts: Vec<Value> = (0..3)
        .map(|_| next_chat(&mut again)["text"].clone())
        .collect();
    assert_eq!(
        texts,
        [json!("good luck"), json!("hello all"), json!(&long[..140])]
    );
    let mut late = Stream::open(&addr, &format!("/api/online/game/{id}/stream"), None);
    assert_eq!(late.next()["type"], "gameFull");
    assert_eq!(late.next()["text"], "hello all");
    // The game's states still come after the chat.
    let r = post(
        &addr,
        &format!("/api/online/game/{id}/move"),
        &alice,
        json!({"move": "e2e4"}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(late.state_at(1)["moves"], "e2e4");
}

/// Defect: two servers on one SQLite file both started, and a stream on
/// the second never saw the first's moves. The second now refuses, in one
/// line naming the file and PostgreSQL; once the first is gone, the file
/// serves again.
#[test]
fn a_second_server_on_one_sqlite_file_refuses_to_start() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("db.sqlite");
    let db = format!("sqlite://{}", file.display());
    let (first, addr) = serve_on(&db, &[]);
    let mut second = std::process::Command::new(assert_cmd::cargo::cargo_bin!("duckchess"))
        .args(["serve", "--port", "0", "--database", &db])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(20);
    let status = loop {
        if let Some(status) = second.try_wait().unwrap() {
            break status;
        }
        if Instant::now() > deadline {
            let _ = second.kill();
            panic!("the second server on {db} did not refuse to start");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let mut err = String::new();
    second
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    assert_eq!(status.code(), Some(2), "{err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    assert!(err.contains(&file.display().to_string()), "{err}");
    assert!(err.contains("PostgreSQL"), "{err}");
    // The first still serves.
    let answer = request(&addr, "GET", "/api/online/games", &[], "");
    assert_eq!(answer.status, 200);
    drop(first);
    let (_again, addr) = serve_on(&db, &[]);
    assert_eq!(
        request(&addr, "GET", "/api/online/games", &[], "").status,
        200
    );
}

/// Crazyhouse, a game of the server's `--variants` file, played online:
/// a captured pawn goes to the captor's hand, its drop (`P@e6`, as
/// Fairy-Stockfish writes it) is accepted from the seat to move, and a
/// drop of a piece not in hand is refused.
#[test]
fn a_game_with_drops_is_played_online() {
    let dir = tempfile::tempdir().unwrap();
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/samples/fsf-variants.ini");
    let (_server, addr) = server(&dir, &["--variants", file]);
    let a = request(
        &addr,
        "POST",
        "/api/online/games",
        &[],
        &json!({"variant": "crazyhouse", "clock": "5+3", "color": "white", "name": "alice"})
            .to_string(),
    );
    assert_eq!(a.status, 200, "{}", a.body);
    let alice = a.cookie.clone().unwrap();
    let id = a.json()["id"].as_str().unwrap().to_string();
    let bob = request(&addr, "POST", "/api/online/guest", &[], r#"{"name":"bob"}"#)
        .cookie
        .unwrap();
    let j = post(
        &addr,
        &format!("/api/online/game/{id}/join"),
        &bob,
        json!({}),
    );
    assert_eq!(j.status, 200, "{}", j.body);
    let mv = |cookie: &str, m: &str| {
        post(
            &addr,
            &format!("/api/online/game/{id}/move"),
            cookie,
            json!({ "move": m }),
        )
    };
    for (who, m) in [(&alice, "e2e4"), (&bob, "d7d5"), (&alice, "e4d5")] {
        let r = mv(who, m);
        assert_eq!(r.status, 200, "{m}: {}", r.body);
    }
    // Black holds no pawn yet: its drop is refused.
    let refused = mv(&bob, "P@e3");
    assert_eq!(refused.status, 400, "{}", refused.body);
    let r = mv(&bob, "d8d5");
    assert_eq!(r.status, 200, "{}", r.body);
    let r = mv(&alice, "P@e6");
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["state"]["moves"], "e2e4 d7d5 e4d5 d8d5 P@e6");
    // The analysis board shows the game's position with both pockets.
    let state = request(
        &addr,
        "POST",
        "/api/moves",
        &[],
        &json!({"variant": "crazyhouse", "history": ["e2e4", "d7d5", "e4d5", "d8d5", "P@e6"]})
            .to_string(),
    );
    assert_eq!(state.status, 200, "{}", state.body);
    let pockets = &state.json()["board"]["pockets"];
    assert_eq!(pockets[0]["side"], "white");
    assert_eq!(pockets[0]["pieces"], json!([]));
    assert_eq!(pockets[1]["pieces"][0]["drop"], "p", "{pockets}");
    assert_eq!(pockets[1]["pieces"][0]["count"], 1);
}
