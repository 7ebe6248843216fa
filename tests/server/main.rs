//! The server (features `cli` and `web`): the JSON API in-process, games
//! between people over HTTP and on PostgreSQL, fair play, the lichess Board API under
//! berserk, ratings and the lobby, the load test, and the page in Chromium.
//!
//! One test binary of three (`rules`, `commands`, `server`): each used to be
//! its own, and each linked the whole crate. A module here is one file of
//! tests; run one with `cargo test --test server MODULE::`.

// Helpers shared by the test binaries, each declared once here.
#[path = "../common/mod.rs"]
mod common;
#[path = "../driver/mod.rs"]
mod driver;
#[path = "../system/mod.rs"]
mod system;
#[path = "../tmux/mod.rs"]
mod tmux;

mod browser;
mod browser_online;
mod browser_online_duck;
mod fair_play;
mod fuzz_checks;
mod lobby;
mod online;
mod online_http;
mod online_lichess;
mod online_postgres;
#[cfg(feature = "online-client")]
mod play_online;
mod ratings;
mod serve;
mod serve_load;
mod takeback;
mod web;
