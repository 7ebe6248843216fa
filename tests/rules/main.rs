//! The rules, through the library alone (no feature needed): the kernel and
//! every game on it, perft, FEN and notation, the judge on the samples, the
//! studies, and the engine on boards built here as data.
//!
//! One test binary of three (`rules`, `commands`, `server`): each used to be
//! its own, and each linked the whole crate. A module here is one file of
//! tests; run one with `cargo test --test rules MODULE::`.

// Helpers shared by the test binaries, each declared once here.
#[path = "../brute/mod.rs"]
mod brute;
#[path = "../naive/mod.rs"]
mod naive;
#[path = "../naive_duck/mod.rs"]
mod naive_duck;
#[path = "../system/mod.rs"]
mod system;

mod chess_data;
mod chess_notation;
mod engine_boards;
mod fen;
mod fourfold;
mod kernel_chess;
mod kernel_shapes;
mod notation_errors;
mod perft;
mod properties;
mod rules;
mod samples;
mod studies;
mod trace;
mod xiangqi;
