//! The `duckchess` binary and the tools behind it (feature `cli`): judge mode,
//! every command and game, the contest tools, `check` and `test`, the terminal
//! game under tmux, UCI, files of variants, and the documents' examples.
//!
//! One test binary of three (`rules`, `commands`, `server`): each used to be
//! its own, and each linked the whole crate. A module here is one file of
//! tests; run one with `cargo test --test commands MODULE::`.

// Helpers shared by the test binaries, each declared once here.
#[path = "../brute/mod.rs"]
mod brute;
#[path = "../common/mod.rs"]
mod common;
#[path = "../naive/mod.rs"]
mod naive;
#[path = "../naive_duck/mod.rs"]
mod naive_duck;
#[path = "../system/mod.rs"]
mod system;
#[path = "../tmux/mod.rs"]
mod tmux;

mod check;
mod check_search;
mod check_signals;
mod chess_cli;
mod chess_crosscheck;
mod cli;
mod cli_matrix;
mod cube;
mod docs;
mod duck_kernel;
mod edges;
mod engine;
mod explain_cli;
mod fsf_variants;
mod invocations;
mod overwrite;
mod package;
mod play;
mod pyffish;
mod snapshot_sample;
mod test_dir;
mod tools;
mod uci;
mod variants_ini;
mod verify_memory;
mod xiangqi_cli;
