//! `duckchess uci`: the engine over the Universal Chess Interface.

use super::fail;
use duckchess::engine::uci;
use std::io;
use std::process::ExitCode;

pub fn run() -> Result<ExitCode, ExitCode> {
    match uci::serve(io::stdin().lock(), io::stdout()) {
        Ok(_) => Ok(ExitCode::SUCCESS),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(ExitCode::SUCCESS),
        Err(e) => Err(fail(1, &format!("uci: {e}"))),
    }
}
