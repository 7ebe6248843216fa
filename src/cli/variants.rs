//! `duckchess variants`: every game `--variant` knows, with its board and
//! pieces.

use super::print;
use duckchess::{duck, variants};
use std::process::ExitCode;

pub fn run() -> Result<ExitCode, ExitCode> {
    let mut rows = vec![(duck::NAME, duck::SUMMARY.to_string())];
    rows.extend(variants::all().iter().map(|n| (n.name(), n.summary())));
    let width = rows.iter().map(|r| r.0.len()).max().unwrap_or(0);
    let mut text = String::new();
    for (name, summary) in rows {
        text += &format!("{name:width$}  {summary}\n");
    }
    print(text)
}
