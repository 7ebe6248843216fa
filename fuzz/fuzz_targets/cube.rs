//! The cube puzzle's format (`duckchess mate`): the round trip, the explanation.
//! Checks: `fuzz/checks/cube.rs`, which `cargo test` runs too.
#![no_main]

#[allow(dead_code)]
#[path = "../checks/mod.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::cube::check(data));
