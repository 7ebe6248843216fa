//! `dropNoDoubledCount`: how many unpromoted pieces of `dropNoDoubled`'s
//! kind a file may hold before no more is dropped there (shogi's nifu is
//! 1; torishogi lets two swallows stand on a file), read into
//! [`Drops::no_doubled_count`].

use super::build::{bad, refuse};
use super::parse::Entry;
use super::IniError;
use crate::kernel::Drops;

/// Reads the key, given `drops` with `dropNoDoubled` read.
pub(super) fn count(entries: &[Entry], drops: &mut Drops) -> Result<(), IniError> {
    let Some(entry) = entries.iter().rev().find(|e| e.key == "dropNoDoubledCount") else {
        return Ok(());
    };
    let n: u8 = entry
        .value
        .trim()
        .parse()
        .ok()
        .filter(|&n| n >= 1)
        .ok_or_else(|| bad(entry, "a number of pieces from 1 to 255"))?;
    if n > 1 && drops.no_doubled.is_none() {
        return Err(refuse(entry, "no kind is kept off a file (dropNoDoubled)"));
    }
    drops.no_doubled_count = if n > 1 { n } else { 0 };
    Ok(())
}
