//! The online games' load benchmark (docs/online.md; run by
//! `scripts/online_load.sh`): simulated people play many timed chess games
//! at once against a running `duckchess serve` on loopback, each seat
//! reading its game's stream, and the figures are printed: moves a second,
//! the latency of a move from its request to every client's update (p50,
//! p99, max), errors, lost or duplicated moves, and the server's memory.
//!
//! ```text
//! cargo run --release --features web --example online_load -- ADDR PID [GAMES] [PLIES] [THINK_MS]
//! ```
//!
//! ADDR is the server's `127.0.0.1:PORT` (started with `--no-rate-limits`:
//! every client here comes from one address), PID its process id (for its
//! memory). `ADDR1,ADDR2` (and `PID1,PID2`): two servers on one
//! PostgreSQL, the first seat of every game on the first, the second on
//! the second, so that every move crosses between them (the memory is the
//! first's). Each game plays its own random legal line of PLIES plies
//! (default 40), made in advance with the library so that no game ends
//! early; the clients send them in turn, the next only after both seats
//! saw the last and THINK_MS more (default 0: as fast as the server
//! answers, a stress test; 1000: people at a brisk pace).

use duckchess::variants;
use serde_json::{json, Value};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;
use tokio::sync::Mutex;

/// A request on a connection of its own: the status, the session cookie,
/// the body.
async fn request(
    addr: &str,
    method: &str,
    path: &str,
    cookie: &str,
    body: &str,
) -> (u16, String, String) {
    let mut s = TcpStream::connect(addr).await.expect("connect");
    let cookie = if cookie.is_empty() {
        String::new()
    } else {
        format!("Cookie: {cookie}\r\n")
    };
    let text = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n{cookie}Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    s.write_all(text.as_bytes()).await.expect("write");
    let mut raw = String::new();
    s.read_to_string(&mut raw).await.expect("read");
    let (head, body) = raw.split_once("\r\n\r\n").unwrap_or((&raw, ""));
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let cookie = head
        .lines()
        .find_map(|l| {
            l.to_ascii_lowercase()
                .starts_with("set-cookie: ")
                .then(|| l[12..].split(';').next().unwrap_or("").to_string())
        })
        .unwrap_or_default();
    (status, cookie, body.to_string())
}

/// A random legal line of `plies` plies from the start that does not end.
fn line(seed: u64, plies: usize) -> Vec<String> {
    let chess = variants::by_name("chess").unwrap();
    let mut state = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407)
        | 1;
    'again: loop {
        let mut game = chess.start().new_game();
        let mut out = Vec::new();
        for _ in 0..plies {
            let moves = game.position().legal_moves();
            if moves.is_empty() || game.outcome().is_some() {
                continue 'again;
            }
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let m = moves[(state % moves.len() as u64) as usize];
            out.push(chess.uci_move(game.position(), m));
            game.play(m).unwrap();
        }
        if game.outcome().is_none() {
            return out;
        }
    }
}

/// The plies each stream has seen, and when each arrived.
type Seen = Arc<Mutex<Vec<Option<Instant>>>>;

/// Reads a game's stream, noting when each ply's state arrives.
async fn follow(addr: String, id: String, cookie: String, seen: Seen, dupes: Arc<Mutex<u64>>) {
    let mut s = TcpStream::connect(&addr).await.expect("connect");
    let req = format!(
        "GET /api/online/game/{id}/stream HTTP/1.1\r\nHost: {addr}\r\nCookie: {cookie}\r\n\r\n"
    );
    s.write_all(req.as_bytes()).await.unwrap();
    let mut reader = BufReader::new(s);
    let mut line = String::new();
    let mut last_moves = usize::MAX;
    loop {
        line.clear();
        if reader.read_line(&mut line).await.unwrap_or(0) == 0 {
            return;
        }
        let t = line.trim();
        if !t.starts_with('{') {
            continue;
        }
        let v: Value = match serde_json::from_str(t) {
            Ok(v) => v,
            Err(_) => continue,
        };
        let st = if v["type"] == "gameFull" {
            &v["state"]
        } else {
            &v
        };
        let Some(moves) = st["moves"].as_str() else {
            continue;
        };
        let n = if moves.is_empty() {
            0
        } else {
            moves.split(' ').count()
        };
        if n == last_moves {
            continue; // a presence line
        }
        let mut seen = seen.lock().await;
        if n < seen.len() {
            if seen[n].is_some() {
                *dupes.lock().await += 1;
            }
            seen[n] = Some(Instant::now());
        }
        last_moves = n;
    }
}

/// A fraction in [0, 1) from a game's id: where in the first think time
/// its first move falls, so that the games do not move in step.
fn ply_jitter(id: &str) -> f64 {
    let h = id
        .bytes()
        .fold(0u64, |h, b| h.wrapping_mul(31).wrapping_add(u64::from(b)));
    (h % 1000) as f64 / 1000.0
}

fn rss_kib(pid: u32, field: &str) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix(field))
                .and_then(|v| v.split_whitespace().next()?.parse().ok())
        })
        .unwrap_or(0)
}

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().collect();
    // `A,B`: two servers on one database, the first seat on A, the second
    // on B (each move crosses from one to the other).
    let addrs: Vec<String> = args
        .get(1)
        .expect("ADDR")
        .split(',')
        .map(str::to_string)
        .collect();
    let addr = addrs[0].clone();
    let addr_b = addrs.last().expect("an address").clone();
    let pid: u32 = args
        .get(2)
        .expect("PID")
        .split(',')
        .next()
        .and_then(|p| p.parse().ok())
        .expect("PID");
    let games: usize = args.get(3).map_or(200, |g| g.parse().unwrap());
    let plies: usize = args.get(4).map_or(40, |p| p.parse().unwrap());
    let think = Duration::from_millis(args.get(5).map_or(0, |t| t.parse().unwrap()));
    let rss_before = rss_kib(pid, "VmRSS:");

    // Set up: two guests and a game each, both seats reading the stream.
    let mut tables = Vec::new();
    for g in 0..games {
        let body =
            json!({"variant": "chess", "clock": "10+5", "color": "white", "name": format!("w{g}")})
                .to_string();
        let (st, white, created) = request(&addr, "POST", "/api/online/games", "", &body).await;
        assert_eq!(st, 200, "{created}");
        let id = serde_json::from_str::<Value>(&created).unwrap()["id"]
            .as_str()
            .unwrap()
            .to_string();
        let (st, black, _) = request(
            &addr_b,
            "POST",
            "/api/online/guest",
            "",
            &json!({"name": format!("b{g}")}).to_string(),
        )
        .await;
        assert_eq!(st, 200);
        let (st, _, b) = request(
            &addr_b,
            "POST",
            &format!("/api/online/game/{id}/join"),
            &black,
            "",
        )
        .await;
        assert_eq!(st, 200, "{b}");
        tables.push((id, white, black, line(g as u64 + 1, plies)));
    }
    println!("{games} games of {plies} plies set up; playing");

    let latencies = Arc::new(Mutex::new(Vec::new()));
    let errors = Arc::new(Mutex::new(Vec::<String>::new()));
    let dupes = Arc::new(Mutex::new(0u64));
    let started = Instant::now();
    let mut tasks = Vec::new();
    for (id, white, black, moves) in tables.clone() {
        let (addr, addr_b, latencies, errors, dupes) = (
            addr.clone(),
            addr_b.clone(),
            latencies.clone(),
            errors.clone(),
            dupes.clone(),
        );
        tasks.push(tokio::spawn(async move {
            let seen: Vec<Seen> = (0..2)
                .map(|_| Arc::new(Mutex::new(vec![None; moves.len() + 1])))
                .collect();
            let readers: Vec<_> = [(&white, &addr), (&black, &addr_b)]
                .iter()
                .zip(&seen)
                .map(|((c, a), s)| {
                    tokio::spawn(follow(
                        (*a).clone(),
                        id.clone(),
                        (*c).clone(),
                        s.clone(),
                        dupes.clone(),
                    ))
                })
                .collect();
            for (ply, m) in moves.iter().enumerate() {
                if !think.is_zero() {
                    // Each game starts at its own moment within the think time.
                    let wait = if ply == 0 {
                        think.mul_f64(ply_jitter(&id))
                    } else {
                        think
                    };
                    tokio::time::sleep(wait).await;
                }
                let (cookie, to) = if ply % 2 == 0 {
                    (&white, &addr)
                } else {
                    (&black, &addr_b)
                };
                let sent = Instant::now();
                let body = json!({"move": m, "ply": ply}).to_string();
                let (st, _, answer) = request(
                    to,
                    "POST",
                    &format!("/api/online/game/{id}/move"),
                    cookie,
                    &body,
                )
                .await;
                if st != 200 {
                    errors
                        .lock()
                        .await
                        .push(format!("{id} ply {ply}: {st} {answer}"));
                    break;
                }
                // Wait until both seats saw it (at most 10 s).
                let deadline = Instant::now() + Duration::from_secs(10);
                let mut arrivals = Vec::new();
                for s in &seen {
                    loop {
                        if let Some(at) = s.lock().await[ply + 1] {
                            arrivals.push(at);
                            break;
                        }
                        if Instant::now() > deadline {
                            errors
                                .lock()
                                .await
                                .push(format!("{id} ply {ply}: not seen in 10 s"));
                            break;
                        }
                        tokio::time::sleep(Duration::from_micros(500)).await;
                    }
                }
                if let Some(last) = arrivals.iter().max() {
                    latencies.lock().await.push(last.duration_since(sent));
                }
            }
            for r in readers {
                r.abort();
            }
        }));
    }
    for t in tasks {
        t.await.unwrap();
    }
    let took = started.elapsed();
    let rss_after = rss_kib(pid, "VmRSS:");
    let rss_peak = rss_kib(pid, "VmHWM:");

    // Lost or duplicated moves: every game as stored against its line.
    let mut lost = 0;
    for (id, _, _, moves) in &tables {
        let (_, _, body) = request(&addr, "GET", &format!("/api/online/game/{id}"), "", "").await;
        let v: Value = serde_json::from_str(&body).unwrap();
        let stored: Vec<&str> = v["state"]["moves"]
            .as_str()
            .unwrap_or("")
            .split(' ')
            .filter(|m| !m.is_empty())
            .collect();
        if stored != moves.iter().map(String::as_str).collect::<Vec<_>>() {
            lost += 1;
            eprintln!(
                "game {id}: stored {} moves of {}",
                stored.len(),
                moves.len()
            );
        }
    }

    let mut l = latencies.lock().await.clone();
    l.sort();
    let q = |p: f64| {
        l.get(((l.len() as f64 - 1.0) * p).round() as usize)
            .copied()
            .unwrap_or_default()
    };
    let errors = errors.lock().await;
    println!(
        "games {games}, plies each {plies}, moves {} in {:.2} s: {:.0} moves/s",
        l.len(),
        took.as_secs_f64(),
        l.len() as f64 / took.as_secs_f64()
    );
    println!(
        "latency request → both seats' streams: p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        q(0.5).as_secs_f64() * 1e3,
        q(0.99).as_secs_f64() * 1e3,
        l.last().copied().unwrap_or_default().as_secs_f64() * 1e3
    );
    println!("errors {}, games not as played (lost or duplicated moves) {lost}, duplicate stream lines {}", errors.len(), dupes.lock().await);
    for e in errors.iter().take(5) {
        println!("  {e}");
    }
    println!(
        "server RSS: {} MiB before, {} MiB after, peak {} MiB",
        rss_before / 1024,
        rss_after / 1024,
        rss_peak / 1024
    );
}
