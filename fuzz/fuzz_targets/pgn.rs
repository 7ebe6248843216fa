//! PGN: every game read, written in export form, reads back the same.
//! Checks: `fuzz/checks/pgn.rs`, which `cargo test` runs too.
#![no_main]

#[allow(dead_code)]
#[path = "../checks/mod.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::pgn::check(data));
