//! Fourfold positions, in both setups: the round trip, also after each move.
//! Checks: `fuzz/checks/fourfold_position.rs`, which `cargo test` runs too.
#![no_main]

#[allow(dead_code)]
#[path = "../checks/mod.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::fourfold_position::check(data));
