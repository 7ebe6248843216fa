//! The JSON API's request bodies, through the router without a socket.
//! Checks: `fuzz/checks/api.rs`, which `cargo test` runs too.
#![no_main]

#[allow(dead_code)]
#[path = "../checks/mod.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::api::check(data));
