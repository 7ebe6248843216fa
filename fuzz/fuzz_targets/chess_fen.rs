//! Chess FEN: the round trip, also after each legal move.
//! Checks: `fuzz/checks/chess_fen.rs`, which `cargo test` runs too.
#![no_main]

#[allow(dead_code)]
#[path = "../checks/mod.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::chess_fen::check(data));
