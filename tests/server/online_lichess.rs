//! The lichess Board API of `duckchess serve` under berserk, the lichess
//! API's Python client, with only its address changed
//! (`scripts/berserk_game.py`): accounts and tokens made with the binary,
//! a challenge accepted, a chess game to checkmate and a Duck Chess game to
//! the captain's capture, refused moves, the event streams and the export.

use std::io::Write;
use std::process::Command;

use crate::common;
use crate::system;

use common::{duckchess, serve_on};

/// An account made with `duckchess account create`, and a token for it
/// from `duckchess token create`.
fn account_and_token(name: &str, database: &str) -> String {
    let out = duckchess()
        .args(["account", "create", name, "--database", database])
        .write_stdin("password1\n")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "account create {name}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = duckchess()
        .args(["token", "create", name, "--database", database])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "token create {name}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let token = String::from_utf8(out.stdout).unwrap().trim().to_string();
    assert!(
        token.len() == 64 && token.bytes().all(|b| b.is_ascii_hexdigit()),
        "token create printed `{token}`"
    );
    token
}

/// Whether python3 can import berserk; when it cannot, a loud skip (a
/// failure with `DUCKCHESS_REQUIRE_SYSTEM_TESTS=1`).
fn have_berserk() -> bool {
    let unchecked = "the lichess Board API under berserk";
    if !system::have(&[("python3", "python3")], unchecked) {
        return false;
    }
    let has = Command::new("python3")
        .args(["-c", "import berserk"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !has {
        let required = std::env::var_os(system::REQUIRE).is_some_and(|v| !v.is_empty() && v != "0");
        assert!(
            !required,
            "the python module berserk is not installed (pip install berserk), and {} is set",
            system::REQUIRE
        );
        let _ = writeln!(
            std::io::stderr(),
            "\nSKIPPED: the python module berserk (pip install berserk) is missing; not checked: {unchecked}\n"
        );
    }
    has
}

#[test]
fn berserk_plays_chess_and_duck_chess() {
    if !have_berserk() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let database = format!("sqlite://{}/games.db", dir.path().display());
    let alice = account_and_token("alice", &database);
    let bob = account_and_token("bob", &database);
    assert_ne!(alice, bob);
    let (_server, addr) = serve_on(&database, &[]);
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/berserk_game.py");
    let out = Command::new("python3")
        .arg(script)
        .arg(format!("http://{addr}"))
        .arg(&alice)
        .arg(&bob)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("all checks passed"), "{text}");
}
