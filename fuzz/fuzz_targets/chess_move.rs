//! Chess moves in SAN or UCI after a FEN: read, written, read back.
//! Checks: `fuzz/checks/chess_move.rs`, which `cargo test` runs too.
#![no_main]

#[allow(dead_code)]
#[path = "../checks/mod.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::chess_move::check(data));
