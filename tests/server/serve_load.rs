//! A load test of `duckchess serve`, bounded and on loopback only: many
//! clients at once on every endpoint, more searches than the server runs
//! at once (the documented 503), and clients that go away in the middle of
//! a search. Every answer is the one the request deserves, the search
//! slots come back, and the server's memory returns to where it started.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use crate::common;

/// The server, its address, and its process id.
fn serve() -> (common::Reaper, String, u32) {
    let (server, addr) = common::serve();
    let pid = server.id();
    (server, addr, pid)
}

/// The resident memory of a process, in KiB (Linux's /proc).
fn rss_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

/// A request over HTTP/1.1: the status and the body.
fn request(addr: &str, method: &str, path: &str, body: &str) -> (u16, String) {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    write!(
        s,
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut answer = Vec::new();
    s.read_to_end(&mut answer).unwrap();
    let answer = String::from_utf8_lossy(&answer).into_owned();
    let status = answer[9..12].parse().unwrap();
    let body = answer.split_once("\r\n\r\n").unwrap().1.to_owned();
    (status, body)
}

/// A search request that goes away after `after`, before its answer.
fn abandon(addr: &str, think_ms: u64, after: Duration) {
    let mut s = TcpStream::connect(addr).unwrap();
    let body = format!(r#"{{"variant":"chess","think_ms":{think_ms}}}"#);
    write!(
        s,
        "POST /api/best HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    thread::sleep(after);
    drop(s);
}

/// Every endpoint once, each request with the status it must get.
fn round(addr: &str, i: usize) -> Vec<(String, u16, u16)> {
    let games = ["duck", "chess", "cube", "fourfold", "fourfold-classic"];
    let game = games[i % games.len()];
    let mut asked = vec![
        ("GET", "/".to_string(), String::new(), 200),
        ("GET", "/app.js".into(), String::new(), 200),
        ("GET", "/style.css".into(), String::new(), 200),
        ("GET", "/api/variants".into(), String::new(), 200),
        (
            "POST",
            "/api/moves".into(),
            format!(r#"{{"variant":"{game}"}}"#),
            200,
        ),
        (
            "POST",
            "/api/play".into(),
            r#"{"variant":"chess","history":["e2e4","e7e5"],"move":"Nf3"}"#.into(),
            200,
        ),
        (
            "POST",
            "/api/mate".into(),
            r#"{"position":"n = 2, [rq,##],[##,K#]"}"#.into(),
            200,
        ),
        (
            "POST",
            "/api/judge".into(),
            r#"{"input":"2\n0 3 1 2\n9 4 8 4\n"}"#.into(),
            200,
        ),
        // Refused as documented: a malformed body, an illegal move.
        ("POST", "/api/moves".into(), r#"{"variant":"#.into(), 400),
        (
            "POST",
            "/api/play".into(),
            r#"{"variant":"chess","move":"e2e5"}"#.into(),
            422,
        ),
    ];
    let turn = i % asked.len();
    asked.rotate_left(turn);
    asked
        .into_iter()
        .map(|(method, path, body, want)| {
            let (status, answer) = request(addr, method, &path, &body);
            assert!(!answer.is_empty(), "{method} {path}: empty answer");
            (format!("{method} {path}"), status, want)
        })
        .collect()
}

/// `n` searches at once, each thinking `think_ms`: their statuses and
/// bodies.
fn searches(addr: &str, n: usize, think_ms: u64) -> Vec<thread::JoinHandle<(u16, String)>> {
    (0..n)
        .map(|_| {
            let addr = addr.to_string();
            thread::spawn(move || {
                let body = format!(r#"{{"variant":"chess","think_ms":{think_ms}}}"#);
                request(&addr, "POST", "/api/best", &body)
            })
        })
        .collect()
}

/// One load: 24 clients on every endpoint while 12 searches ask for the
/// 4 slots; then 4 clients that leave in the middle of long searches, and
/// 4 searches that must find the slots free again. How long it took.
fn load(addr: &str) -> Duration {
    let started = Instant::now();
    let failures = Arc::new(Mutex::new(Vec::new()));
    let clients: Vec<_> = (0..24)
        .map(|c| {
            let (addr, failures) = (addr.to_string(), failures.clone());
            thread::spawn(move || {
                for r in 0..8 {
                    for (what, status, want) in round(&addr, c * 8 + r) {
                        if status != want {
                            failures.lock().unwrap().push(format!("{what}: {status}"));
                        }
                    }
                }
            })
        })
        .collect();
    let (mut answered, mut busy) = (0, 0);
    for s in searches(addr, 12, 300) {
        let (status, body) = s.join().unwrap();
        match status {
            200 => answered += 1,
            503 => {
                assert!(body.contains("4 searches are running"), "{body}");
                busy += 1;
            }
            other => panic!("a search answered {other}: {body}"),
        }
    }
    for c in clients {
        c.join().unwrap();
    }
    let failures = failures.lock().unwrap();
    assert!(failures.is_empty(), "{failures:?}");
    assert!(answered >= 4, "{answered} searches answered, {busy} busy");
    assert!(busy >= 1, "12 searches at once, none refused");

    // Four searches of 5 s whose clients leave after 100 ms: the server
    // stops them, so the 4 slots are free again at once, not 5 s later.
    let quitters: Vec<_> = (0..4)
        .map(|_| {
            let addr = addr.to_string();
            thread::spawn(move || abandon(&addr, 5000, Duration::from_millis(100)))
        })
        .collect();
    for q in quitters {
        q.join().unwrap();
    }
    let left = Instant::now();
    let mut refused = 0;
    while refused < 50 {
        let statuses: Vec<u16> = searches(addr, 4, 50)
            .into_iter()
            .map(|s| s.join().unwrap().0)
            .collect();
        if statuses.iter().all(|&s| s == 200) {
            break;
        }
        assert!(
            statuses.iter().all(|&s| s == 200 || s == 503),
            "{statuses:?}"
        );
        refused += 1;
        thread::sleep(Duration::from_millis(20));
    }
    let freed = left.elapsed();
    eprintln!("the abandoned searches' slots free again after {freed:?}");
    // Searches of 5 s each (the server's cap: a search cannot be longer),
    // abandoned: their slots come back before they would have ended. The
    // bound cannot be looser than those 5 s; on an idle machine they are
    // free again in about 0.1 s, 40 times less than the bound.
    assert!(
        freed < Duration::from_secs(4),
        "the abandoned searches held their slots for {freed:?}"
    );
    started.elapsed()
}

#[test]
fn many_clients_on_every_endpoint_then_memory_comes_back() {
    let (_server, addr, pid) = serve();
    // Warm up: every game's move tables are built once and kept, and 4
    // searches have run at once.
    for i in 0..5 {
        for (what, status, want) in round(&addr, i) {
            assert_eq!(status, want, "{what}");
        }
    }
    for s in searches(&addr, 4, 100) {
        let (status, body) = s.join().unwrap();
        assert_eq!(status, 200, "{body}");
    }
    let Some(before) = rss_kib(pid) else {
        // Not Linux: the load alone.
        load(&addr);
        return;
    };
    // A search's table (6 MiB) leaked per load would show by the second.
    let bound = before + 6 * 1024;
    let mut took = Duration::ZERO;
    for n in 1..=2 {
        took += load(&addr);
        // A search whose client left frees its table a moment after its
        // slot: the memory is looked at until it is back, for 3 s at most.
        let deadline = Instant::now() + Duration::from_secs(3);
        let mut now = rss_kib(pid).unwrap();
        while now > bound && Instant::now() < deadline {
            thread::sleep(Duration::from_millis(100));
            now = rss_kib(pid).unwrap();
        }
        eprintln!("server memory: {before} KiB before, {now} KiB after load {n}");
        assert!(
            now <= bound,
            "the server grew from {before} KiB to {now} KiB"
        );
    }
    // About 5 s on an idle machine; loose for a loaded one.
    assert!(took < Duration::from_secs(60), "the loads took {took:?}");
}
