//! The reader of lines every text command shares (`variants::input`).
//! Checks: `fuzz/checks/input.rs`, which `cargo test` runs too.
#![no_main]

#[allow(dead_code)]
#[path = "../checks/mod.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::input::check(data));
