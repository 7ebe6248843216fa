//! Duck Chess FEN: the round trip, through the fast engine and the registry.
//! Checks: `fuzz/checks/duck_fen.rs`, which `cargo test` runs too.
#![no_main]

#[allow(dead_code)]
#[path = "../checks/mod.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::duck_fen::check(data));
