//! `duckchess serve` as a program: its URL line, a port it cannot have, and
//! the computer it is given for the registry's variants.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::process::Command;

use crate::common;
use common::serve;

/// A POST over HTTP/1.1, the status and the body.
fn post(addr: &str, path: &str, body: &str) -> (u16, String) {
    let mut s = TcpStream::connect(addr).unwrap();
    write!(
        s,
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut answer = String::new();
    s.read_to_string(&mut answer).unwrap();
    let status = answer[9..12].parse().unwrap();
    let body = answer.split_once("\r\n\r\n").unwrap().1.to_owned();
    (status, body)
}

#[test]
fn serve_prints_a_local_url_and_answers() {
    let (_server, addr) = serve();
    assert!(addr.starts_with("127.0.0.1:"), "{addr}");
    let (status, body) = post(&addr, "/api/moves", r#"{"variant":"duck"}"#);
    assert_eq!(status, 200, "{body}");
    let (status, body) = post(&addr, "/api/moves", r#"{"variant":"#);
    assert_eq!(status, 400, "{body}");
    assert!(body.starts_with(r#"{"error":"body: "#), "{body}");
}

#[test]
fn the_computer_takes_a_mate_in_one() {
    let (_server, addr) = serve();
    // White mates with Qh5xf7 (scholar's mate).
    let fen = "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
    let body = format!(r#"{{"variant":"chess","position":"{fen}","think_ms":200}}"#);
    let (status, answer) = post(&addr, "/api/best", &body);
    assert_eq!(status, 200, "{answer}");
    assert!(answer.contains(r#""coord":"h5f7""#), "{answer}");
}

#[test]
fn a_port_in_use_is_told_with_exit_code_1() {
    let taken = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port().to_string();
    let out = Command::new(env!("CARGO_BIN_EXE_duckchess"))
        .args(["serve", "--port", &port])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.starts_with(&format!("duckchess: cannot listen on 127.0.0.1:{port}: ")),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn a_bad_port_is_a_usage_error() {
    let out = Command::new(env!("CARGO_BIN_EXE_duckchess"))
        .args(["serve", "--port", "99999"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

/// How many of `n` connections opened at once to `addr` are completed by
/// the kernel within half a second while nothing accepts them (a SYN
/// dropped is sent again only after a second).
fn completed_at_once(addr: std::net::SocketAddr, n: usize) -> usize {
    let threads: Vec<_> = (0..n)
        .map(|_| {
            std::thread::spawn(move || {
                TcpStream::connect_timeout(&addr, std::time::Duration::from_millis(500)).ok()
            })
        })
        .collect();
    let open: Vec<_> = threads.into_iter().map(|t| t.join().unwrap()).collect();
    open.iter().flatten().count()
}

/// Defect: the listen backlog was 128 (std's and tokio's), so at 200
/// games some connections of every burst waited a second for a SYN
/// retry. `web::listen`, which `serve` binds with, queues 300 at once.
#[test]
fn three_hundred_connections_at_once_need_no_retry() {
    let somaxconn: u32 = std::fs::read_to_string("/proc/sys/net/core/somaxconn")
        .ok()
        .and_then(|s| s.trim().parse().ok())
        .unwrap_or(u32::MAX);
    assert!(
        somaxconn >= 300,
        "net.core.somaxconn is {somaxconn}: the kernel caps every backlog there; \
         raise it (sysctl net.core.somaxconn=4096)"
    );
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let _enter = runtime.enter();
    let ours = duckchess::web::listen("127.0.0.1:0".parse().unwrap()).unwrap();
    assert_eq!(completed_at_once(ours.local_addr().unwrap(), 300), 300);
    // tokio's own bind, for contrast: the burst overflows it.
    let theirs = runtime
        .block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))
        .unwrap();
    let done = completed_at_once(theirs.local_addr().unwrap(), 300);
    assert!(done < 300, "{done} of 300 with a backlog of 128");
    drop((ours, theirs));
}
