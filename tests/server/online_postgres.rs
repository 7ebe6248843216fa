//! `duckchess serve` on PostgreSQL (the database `DUCKCHESS_TEST_POSTGRES`
//! names, e.g. `postgres://duckchess:duckchess@127.0.0.1:5432/duckchess_test`;
//! `.ci/run` makes one): two servers on one database play one game, each
//! player on a server of its own, every move seen on the other server's
//! stream (LISTEN/NOTIFY) with the same clocks; and an empty database gets
//! the schema on first open.

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use crate::common;
#[allow(dead_code)] // Only the variable that turns a skip into a failure.
use crate::system;

use common::{duckchess, serve_on};

/// The variable naming the test database.
const VAR: &str = "DUCKCHESS_TEST_POSTGRES";
/// How long any one line of a stream may take.
const WAIT: Duration = Duration::from_secs(30);

/// The database's URL; when unset, a loud skip (a failure with
/// `DUCKCHESS_REQUIRE_SYSTEM_TESTS=1`).
fn database(unchecked: &str) -> Option<String> {
    if let Some(url) = std::env::var(VAR).ok().filter(|u| !u.trim().is_empty()) {
        return Some(url.trim().to_string());
    }
    let required = std::env::var_os(system::REQUIRE).is_some_and(|v| !v.is_empty() && v != "0");
    assert!(
        !required,
        "{} is set but {VAR} is not: {unchecked} cannot be checked",
        system::REQUIRE
    );
    let _ = writeln!(
        std::io::stderr(),
        "\nSKIPPED: {VAR} is not set (a PostgreSQL URL such as \
         postgres://USER:PASSWORD@127.0.0.1:5432/NAME; Debian package postgresql, \
         see .ci/run); not checked: {unchecked}\n"
    );
    None
}

/// A request over HTTP/1.1 with the session cookie `session`: the status,
/// the headers (lower case) and the body.
fn request(
    addr: &str,
    method: &str,
    path: &str,
    session: Option<&str>,
    body: &str,
) -> (u16, String, String) {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(WAIT)).unwrap();
    let cookie = session.map_or(String::new(), |t| {
        format!("Cookie: duckchess_session={t}\r\n")
    });
    write!(
        s,
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\n{cookie}Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut answer = Vec::new();
    s.read_to_end(&mut answer).unwrap();
    let answer = String::from_utf8_lossy(&answer).into_owned();
    let status = answer[9..12].parse().unwrap();
    let (head, body) = answer.split_once("\r\n\r\n").unwrap();
    (status, head.to_ascii_lowercase(), body.to_owned())
}

/// A POST that must succeed; its JSON answer and headers.
fn post(addr: &str, path: &str, session: Option<&str>, body: Value) -> (Value, String) {
    let (status, head, text) = request(addr, "POST", path, session, &body.to_string());
    assert_eq!(status, 200, "POST {path} on {addr}: {text}");
    (serde_json::from_str(&text).unwrap(), head)
}

/// A new guest on `addr`: its session token, from the cookie set.
fn guest(addr: &str, name: &str) -> String {
    let (v, head) = post(addr, "/api/online/guest", None, json!({ "name": name }));
    assert_eq!(v["name"], name, "{v}");
    head.lines()
        .filter_map(|l| l.strip_prefix("set-cookie: duckchess_session="))
        .map(|v| v.split(';').next().unwrap().to_string())
        .next()
        .unwrap_or_else(|| panic!("no session cookie in {head}"))
}

/// A game's NDJSON stream on one server, read by a thread.
struct Stream {
    lines: mpsc::Receiver<Value>,
    what: String,
}

impl Stream {
    fn open(addr: &str, id: &str, session: &str, what: &str) -> Stream {
        let mut s = TcpStream::connect(addr).unwrap();
        write!(
            s,
            "GET /api/online/game/{id}/stream HTTP/1.1\r\nHost: {addr}\r\nCookie: duckchess_session={session}\r\n\r\n"
        )
        .unwrap();
        let mut r = BufReader::new(s);
        let mut head = String::new();
        loop {
            let mut line = String::new();
            r.read_line(&mut line).unwrap();
            if line.trim().is_empty() {
                break;
            }
            head.push_str(&line.to_ascii_lowercase());
        }
        assert!(head.starts_with("http/1.1 200"), "{what}: {head}");
        let chunked = head.contains("transfer-encoding: chunked");
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || read_lines(r, chunked, &tx));
        Stream {
            lines,
            what: what.to_string(),
        }
    }

    /// The first line `accept` takes (the others skipped).
    fn next(&self, about: &str, accept: impl Fn(&Value) -> bool) -> Value {
        let deadline = Instant::now() + WAIT;
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let v = self.lines.recv_timeout(left).unwrap_or_else(|_| {
                panic!("{}: no {about} within {WAIT:?}; seen {seen:#?}", self.what)
            });
            if accept(&v) {
                return v;
            }
            seen.push(v);
        }
    }
}

/// Sends each non-empty line of an NDJSON body (chunked or not) as JSON,
/// until the body or the receiver ends.
fn read_lines(mut r: BufReader<TcpStream>, chunked: bool, tx: &mpsc::Sender<Value>) {
    let mut pending = Vec::new();
    loop {
        let mut chunk = Vec::new();
        if chunked {
            let mut size = String::new();
            if r.read_line(&mut size).unwrap_or(0) == 0 {
                return;
            }
            let size = usize::from_str_radix(size.trim().split(';').next().unwrap(), 16).unwrap();
            if size == 0 {
                return;
            }
            chunk.resize(size + 2, 0);
            if r.read_exact(&mut chunk).is_err() {
                return;
            }
            chunk.truncate(size);
        } else if r.read_until(b'\n', &mut chunk).unwrap_or(0) == 0 {
            return;
        }
        pending.extend_from_slice(&chunk);
        while let Some(end) = pending.iter().position(|&b| b == b'\n') {
            let line: Vec<u8> = pending.drain(..=end).collect();
            let text = String::from_utf8(line).unwrap();
            if !text.trim().is_empty() && tx.send(serde_json::from_str(&text).unwrap()).is_err() {
                return;
            }
        }
    }
}

/// Two states of one moment read on two servers at different times show
/// the same clocks: the same time for the side not to move, and for the
/// side to move (when its clock runs) the same time plus reading time.
fn same_clocks(a: &Value, b: &Value) {
    let running = a["clockRunning"].as_bool().unwrap();
    assert_eq!(Some(running), b["clockRunning"].as_bool(), "{a}\n{b}");
    assert_eq!(a["toMove"], b["toMove"], "{a}\n{b}");
    let to_move = if a["toMove"] == "white" {
        "wtime"
    } else {
        "btime"
    };
    for key in ["wtime", "btime"] {
        let at = |v: &Value| {
            let t = v[key].as_i64().unwrap();
            if running && key == to_move {
                t + v["clockAt"].as_i64().unwrap()
            } else {
                t
            }
        };
        assert_eq!(at(a), at(b), "{key}:\n{a}\n{b}");
    }
}

#[test]
fn two_servers_on_one_database_play_one_game() {
    let Some(url) = database("two servers on one PostgreSQL database playing one game") else {
        return;
    };
    let (_a, a) = serve_on(&url, &[]);
    let (_b, b) = serve_on(&url, &[]);
    let white = guest(&a, "Walter");
    let black = guest(&b, "Bertha");
    let (created, _) = post(
        &a,
        "/api/online/games",
        Some(&white),
        json!({"variant": "chess", "clock": "5+3", "color": "white"}),
    );
    let id = created["id"].as_str().unwrap().to_string();
    let on_a = Stream::open(&a, &id, &white, "white's stream on server A");
    let full = on_a.next("gameFull", |v| v["type"] == "gameFull");
    assert_eq!(full["state"]["status"], "created", "{full}");
    assert_eq!(full["you"], "white", "{full}");

    // Black joins on the other server; white's stream hears of it.
    post(
        &b,
        &format!("/api/online/game/{id}/join"),
        Some(&black),
        json!({}),
    );
    let on_b = Stream::open(&b, &id, &black, "black's stream on server B");
    let full = on_b.next("gameFull", |v| v["type"] == "gameFull");
    assert_eq!(full["state"]["status"], "started", "{full}");
    assert_eq!(full["you"], "black", "{full}");
    assert_eq!(full["white"]["name"], "Walter", "{full}");
    assert_eq!(full["black"]["name"], "Bertha", "{full}");
    assert_eq!(
        full["clock"],
        json!({"initial": 300_000, "increment": 3000}),
        "{full}"
    );
    on_a.next("the game started on server B", |v| {
        v["type"] == "gameState" && v["status"] == "started"
    });

    let moves = ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6"];
    let mut last = Value::Null;
    for (ply, mv) in moves.iter().enumerate() {
        // Time passes on the mover's clock (it runs from the third move).
        std::thread::sleep(Duration::from_millis(150));
        let (server, session) = if ply % 2 == 0 {
            (&a, &white)
        } else {
            (&b, &black)
        };
        let (answer, _) = post(
            server,
            &format!("/api/online/game/{id}/move"),
            Some(session),
            json!({"move": mv, "ply": ply}),
        );
        assert_eq!(answer["state"]["ply"], ply + 1, "{answer}");
        let played = moves[..=ply].join(" ");
        let states = [&on_a, &on_b].map(|s| {
            s.next(&format!("the state after {played}"), |v| {
                v["type"] == "gameState" && v["moves"] == played.as_str()
            })
        });
        for s in &states {
            assert_eq!(s["ply"], ply + 1, "{s}");
            assert_eq!(s["status"], "started", "{s}");
            assert_eq!(s["clockRunning"], ply + 1 >= 2, "{s}");
        }
        same_clocks(&states[0], &states[1]);
        last = states[0].clone();
    }
    // White's clock ran for its second and third moves (150 ms and more
    // each): less than the start and three increments.
    let wtime = last["wtime"].as_i64().unwrap();
    assert!(
        (290_000..=309_000 - 300).contains(&wtime),
        "white's time after 3 moves: {last}"
    );
    // A move already made, sent again to the other server with its number,
    // is answered as it was (not played again); another move with an old
    // number is refused.
    let (again, _) = post(
        &a,
        &format!("/api/online/game/{id}/move"),
        Some(&black),
        json!({"move": "b8c6", "ply": 3}),
    );
    assert_eq!(again["state"]["ply"], 6, "{again}");
    let (status, _, text) = request(
        &a,
        "POST",
        &format!("/api/online/game/{id}/move"),
        Some(&black),
        &json!({"move": "f8c5", "ply": 3}).to_string(),
    );
    assert_eq!(status, 400, "a move with an old move number: {text}");

    // A takeback across the servers: black asks on A, both streams see
    // the request; white agrees on B, and both see black's last move gone
    // from the stored game; black plays it again at the same number.
    post(
        &a,
        &format!("/api/board/game/{id}/takeback/yes"),
        Some(&black),
        json!({}),
    );
    for s in [&on_a, &on_b] {
        s.next("black's takeback request", |v| {
            v["type"] == "gameState" && v["btakeback"] == true
        });
    }
    post(
        &b,
        &format!("/api/board/game/{id}/takeback/yes"),
        Some(&white),
        json!({}),
    );
    let kept = moves[..5].join(" ");
    for s in [&on_a, &on_b] {
        let back = s.next("the takeback", |v| {
            v["type"] == "gameState" && v["moves"] == kept.as_str()
        });
        assert_eq!(
            (&back["ply"], &back["btakeback"]),
            (&json!(5), &json!(false)),
            "{back}"
        );
    }
    post(
        &b,
        &format!("/api/online/game/{id}/move"),
        Some(&black),
        json!({"move": "g8f6", "ply": 5}),
    );

    // Black resigns on B; white's server tells white.
    post(
        &b,
        &format!("/api/online/game/{id}/resign"),
        Some(&black),
        json!({}),
    );
    for s in [&on_a, &on_b] {
        let end = s.next("the resignation", |v| {
            v["type"] == "gameState" && v["status"] == "resign"
        });
        assert_eq!(end["winner"], "white", "{end}");
        assert_eq!(end["moves"], moves.join(" "), "{end}");
    }
}

/// `URL` with its database name replaced by `name`.
fn with_database(url: &str, name: &str) -> String {
    let (base, query) = match url.split_once('?') {
        Some((b, q)) => (b, format!("?{q}")),
        None => (url, String::new()),
    };
    let slash = base.rfind('/').unwrap();
    assert!(slash > "postgres://".len(), "no database in {url}");
    format!("{}/{name}{query}", &base[..slash])
}

#[tokio::test]
async fn an_empty_database_gets_the_schema() {
    use sqlx::{Connection, Row};
    let Some(url) = database("the migration of an empty PostgreSQL database") else {
        return;
    };
    let name = format!(
        "duckchess_migrate_{}_{}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_millis()
    );
    let mut admin = sqlx::PgConnection::connect(&url).await.unwrap();
    sqlx::query(&format!("CREATE DATABASE {name}"))
        .execute(&mut admin)
        .await
        .unwrap_or_else(|e| panic!("CREATE DATABASE (the role needs CREATEDB): {e}"));
    let fresh = with_database(&url, &name);

    let store = duckchess::store::Store::open(&fresh).await.unwrap();
    assert_eq!(store.backend(), duckchess::store::Backend::Postgres);
    assert_eq!(store.schema_versions().await.unwrap(), [1, 2, 3, 4]);
    let applied = sqlx::query("SELECT version, success FROM _sqlx_migrations ORDER BY version")
        .fetch_all(store.pool())
        .await
        .unwrap();
    assert_eq!(applied.len(), 4);
    for (i, row) in applied.iter().enumerate() {
        assert_eq!(row.get::<i64, _>(0), i as i64 + 1);
        assert!(row.get::<bool, _>(1));
    }
    let tables = sqlx::query(
        "SELECT table_name::text FROM information_schema.tables \
         WHERE table_schema = current_schema() ORDER BY table_name",
    )
    .fetch_all(store.pool())
    .await
    .unwrap()
    .iter()
    .map(|r| r.get::<String, _>(0))
    .collect::<Vec<_>>();
    assert_eq!(
        tables,
        [
            "_sqlx_migrations",
            "credentials",
            "games",
            "moves",
            "players",
            "rating_history",
            "ratings",
            "seeks"
        ]
    );
    store.pool().close().await;
    // A second open finds the schema up to date and applies nothing.
    let again = duckchess::store::Store::open(&fresh).await.unwrap();
    assert_eq!(again.schema_versions().await.unwrap(), [1, 2, 3, 4]);
    again.pool().close().await;

    // The commands that make accounts and tokens, on PostgreSQL: a name
    // taken (in any case) is refused.
    let made = duckchess()
        .args(["account", "create", "carol", "--database", &fresh])
        .write_stdin("password1\n")
        .output()
        .unwrap();
    assert!(
        made.status.success(),
        "{}",
        String::from_utf8_lossy(&made.stderr)
    );
    let taken = duckchess()
        .args(["account", "create", "Carol", "--database", &fresh])
        .write_stdin("password2\n")
        .output()
        .unwrap();
    assert!(!taken.status.success());
    assert!(
        String::from_utf8_lossy(&taken.stderr).contains("taken"),
        "{}",
        String::from_utf8_lossy(&taken.stderr)
    );
    let token = duckchess()
        .args(["token", "create", "carol", "--database", &fresh])
        .output()
        .unwrap();
    assert!(
        token.status.success(),
        "{}",
        String::from_utf8_lossy(&token.stderr)
    );
    assert_eq!(String::from_utf8_lossy(&token.stdout).trim().len(), 64);

    sqlx::query(&format!("DROP DATABASE {name} WITH (FORCE)"))
        .execute(&mut admin)
        .await
        .unwrap();
}

/// A database of the second schema (0001 and 0002), as tests/server/online.rs
/// writes it on SQLite: two accounts, a rated blitz game won by black,
/// their ratings after it and its line in the rating history.
const SCHEMA_2_ROWS: &[&str] = &[
    "INSERT INTO players (id, name, account_key, password_hash, created_ms) VALUES \
     ('alice', 'Alice', 'alice', '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaA', 1), \
     ('bob', 'bob', 'bob', '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaA', 1)",
    "INSERT INTO games (id, variant, start_position, initial_ms, increment_ms, white_id, black_id, \
     status, winner, reason, ply, white_ms, black_ms, created_ms, updated_ms, version, rated, \
     white_rating, black_rating, white_rating_diff, black_rating_diff) VALUES ('Rated002', 'chess', \
     'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', 300000, 3000, 'alice', 'bob', \
     'mate', 'black', 'black wins by checkmate', 4, 306000, 306000, 1000, 2000, 9, 1, \
     1500.0, 1500.0, -162.5, 162.5)",
    "INSERT INTO moves (game_id, ply, move_text, white_ms, black_ms, played_ms) VALUES \
     ('Rated002', 0, 'f2f3', 303000, 300000, 1100), ('Rated002', 1, 'e7e5', 303000, 303000, 1200), \
     ('Rated002', 2, 'g2g4', 306000, 303000, 1300), ('Rated002', 3, 'd8h4', 306000, 306000, 1400)",
    "INSERT INTO ratings (player_id, perf, rating, deviation, volatility, games, wins, draws, \
     losses, last_ms) VALUES ('alice', 'blitz', 1337.5, 290.3, 0.06, 1, 0, 0, 1, 2000), \
     ('bob', 'blitz', 1662.5, 290.3, 0.06, 1, 1, 0, 0, 2000)",
    "INSERT INTO rating_history (player_id, perf, game_id, rating, deviation, at_ms) VALUES \
     ('alice', 'blitz', 'Rated002', 1337.5, 290.3, 2000), \
     ('bob', 'blitz', 'Rated002', 1662.5, 290.3, 2000)",
];

#[tokio::test]
async fn a_database_of_the_second_schema_is_upgraded_with_its_games_and_ratings() {
    use duckchess::store::Store;
    use sqlx::Connection;
    let Some(url) = database("the upgrade of a PostgreSQL database of the second schema") else {
        return;
    };
    // A database of its own, so that other tests' games are not in it.
    let name = format!(
        "duckchess_upgrade_{}_{}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_millis()
    );
    let mut admin = sqlx::PgConnection::connect(&url).await.unwrap();
    sqlx::query(&format!("CREATE DATABASE {name}"))
        .execute(&mut admin)
        .await
        .unwrap_or_else(|e| panic!("CREATE DATABASE (the role needs CREATEDB): {e}"));
    let fresh = with_database(&url, &name);

    let old = Store::open_at(&fresh, 2).await.unwrap();
    assert_eq!(old.schema_versions().await.unwrap(), [1, 2]);
    for sql in SCHEMA_2_ROWS {
        sqlx::query(sql).execute(old.pool()).await.unwrap();
    }
    old.pool().close().await;

    let store = Store::open(&fresh).await.unwrap();
    assert_eq!(store.schema_versions().await.unwrap(), [1, 2, 3, 4]);
    let s = duckchess::online::Service::new(store, None);
    let t = s.table("Rated002").await.unwrap();
    assert_eq!(
        (t.row.status.as_str(), t.row.rated, t.moves.len()),
        ("mate", true, 4)
    );
    assert_eq!(
        (t.row.white_rating, t.row.black_rating_diff),
        (Some(1500.0), Some(162.5))
    );
    let full = s.full("Rated002", None).await.unwrap();
    assert_eq!(full["rated"], true);
    assert_eq!(full["state"]["moves"], "f2f3 e7e5 g2g4 d8h4");
    assert_eq!(full["white"]["name"], "Alice");
    let bob = s.store().rating("bob", "blitz").await.unwrap().unwrap();
    assert_eq!((bob.rating, bob.games, bob.wins), (1662.5, 1, 1));
    assert_eq!(
        s.store().history("alice", "blitz").await.unwrap(),
        [(2000, 1337.5, 290.3)]
    );
    assert_eq!(
        s.store().account("ALICE").await.unwrap().unwrap().id,
        "alice"
    );
    let seeks: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM seeks")
        .fetch_one(s.store().pool())
        .await
        .unwrap();
    assert_eq!(seeks, 0);
    s.store().pool().close().await;
    drop(s);

    sqlx::query(&format!("DROP DATABASE {name} WITH (FORCE)"))
        .execute(&mut admin)
        .await
        .unwrap();
}
