//! The checks of the fuzz targets, one module a target, as plain functions
//! of the input's bytes: a failed check panics. The targets of
//! `fuzz_targets/` hand libFuzzer's inputs to them, and the main crate's
//! `tests/server/fuzz_checks.rs` runs them on the seeds and their mutations, so
//! `cargo test` exercises every target without libFuzzer. They use only
//! crates both crates depend on: duckchess, serde_json, axum, tokio, tower.

pub mod api;
pub mod chess_fen;
pub mod chess_move;
pub mod cube;
pub mod duck_fen;
pub mod fourfold_position;
pub mod fourfold_record;
pub mod input;
pub mod judge;
pub mod line;
pub mod pgn;

/// A target's check: it panics when the input fails it.
pub type Check = fn(&[u8]);

/// Every target's name (its file in `fuzz_targets/`, its folder in
/// `seeds/`) and its check.
pub const TARGETS: [(&str, Check); 11] = [
    ("api", api::check),
    ("chess_fen", chess_fen::check),
    ("chess_move", chess_move::check),
    ("cube", cube::check),
    ("duck_fen", duck_fen::check),
    ("fourfold_position", fourfold_position::check),
    ("fourfold_record", fourfold_record::check),
    ("input", input::check),
    ("judge", judge::check),
    ("line", line::check),
    ("pgn", pgn::check),
];
