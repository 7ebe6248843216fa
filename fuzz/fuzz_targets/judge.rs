//! The judge input (`duckchess [FILE]`): one verdict line per command.
//! Checks: `fuzz/checks/judge.rs`, which `cargo test` runs too.
#![no_main]

#[allow(dead_code)]
#[path = "../checks/mod.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::judge::check(data));
