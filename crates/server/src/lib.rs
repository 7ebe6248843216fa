//! # duckchess-server
//!
//! `duckchess serve`: the web page and its JSON API for every game of the
//! registry, and games between people kept in SQLite or PostgreSQL.
//!
//! - [`store`]: the server's database (sqlx: SQLite, PostgreSQL) — the
//!   tables as rows, one compare-and-set per change, the migrations;
//! - [`online`]: games between people — the referee's transitions,
//!   clocks, seats, streams, accounts, ratings and the lobby;
//! - [`web`]: the page, its JSON API, the online games' HTTP and the
//!   lichess Board API.
//!
//! The floor above the engine and the rules; the command line
//! (`duckchess serve`) is the binary's.

#![warn(missing_docs)]

//! Everything is behind the crate's feature `serve` (the façade's `web`
//! turns it on): without it the crate is empty, so that building the
//! workspace's default members builds no web stack.

// The floors below, under the names the whole house uses for them.
#[cfg(feature = "serve")]
use duckchess_engine as engine;
#[cfg(feature = "serve")]
use duckchess_judge as judge;
#[cfg(feature = "serve")]
use duckchess_rules::{kernel, variants};

#[cfg(feature = "serve")]
pub mod online;
#[cfg(feature = "serve")]
pub mod store;
#[cfg(feature = "serve")]
pub mod web;
