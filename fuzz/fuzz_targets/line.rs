//! `POSITION moves M1 M2 ...` in every game: the round trip in coordinates.
//! Checks: `fuzz/checks/line.rs`, which `cargo test` runs too.
#![no_main]

#[allow(dead_code)]
#[path = "../checks/mod.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::line::check(data));
