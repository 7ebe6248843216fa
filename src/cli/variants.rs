//! `duckchess variants`: every game `--variant` knows, with its board and
//! pieces, Duck Chess first.

use super::print;
use std::process::ExitCode;

pub fn run() -> Result<ExitCode, ExitCode> {
    let all = duckchess::variants::all();
    let width = all.iter().map(|n| n.name().len()).max().unwrap_or(0);
    let mut text = String::new();
    for notation in all {
        text += &format!("{:width$}  {}\n", notation.name(), notation.summary());
    }
    print(text)
}
