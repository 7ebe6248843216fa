//! Fourfold records, in both setups: the round trip.
//! Checks: `fuzz/checks/fourfold_record.rs`, which `cargo test` runs too.
#![no_main]

#[allow(dead_code)]
#[path = "../checks/mod.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::fourfold_record::check(data));
