//! Othello's and Ataxx's keys: `enclosingDrop`, `enclosingDropStart`,
//! `flipEnclosedPieces`, `passOnStalemate` (and its `White`, `Black`
//! forms), `adjudicateFullBoard`.

use super::build::{bad, boolean, refuse, squares};
use super::parse::Entry;
use super::IniError;
use crate::kernel::{Enclosing, EnclosingRule};

/// The keys this file reads.
pub(super) const KEYS: &[&str] = &[
    "enclosingDrop",
    "enclosingDropStart",
    "flipEnclosedPieces",
    "passOnStalemate",
    "passOnStalemateWhite",
    "passOnStalemateBlack",
    "adjudicateFullBoard",
];

/// An `EnclosingRule` value (`None`: `none`).
fn rule(entry: &Entry) -> Result<Option<EnclosingRule>, IniError> {
    match entry.value.as_str() {
        "none" => Ok(None),
        "quadwrangle" | "snort" | "anyside" | "top" => {
            Err(refuse(entry, "only reversi, ataxx or none is played here"))
        }
        value => EnclosingRule::from_name(value).map(Some).ok_or_else(|| {
            bad(
                entry,
                "reversi, ataxx, quadwrangle, snort, anyside, top or none",
            )
        }),
    }
}

/// The game's enclosing rules from its keys, in the file's order (`None`:
/// none of them holds); `drops` is the `pieceDrops = true` entry.
pub(super) fn read(
    entries: &[&Entry],
    drops: Option<&Entry>,
    files: usize,
    ranks: usize,
) -> Result<Option<Enclosing>, IniError> {
    let mut rules = Enclosing::default();
    for &entry in entries {
        match entry.key.as_str() {
            "enclosingDrop" => rules.drop = rule(entry)?,
            "flipEnclosedPieces" => rules.flip = rule(entry)?,
            "enclosingDropStart" => {
                rules.start = squares(entry, files, ranks)?
                    .into_iter()
                    .map(|(f, r)| r * files + f)
                    .collect();
            }
            "passOnStalemate" => rules.pass_on_stalemate = [boolean(entry)?; 2],
            "passOnStalemateWhite" => rules.pass_on_stalemate[0] = boolean(entry)?,
            "passOnStalemateBlack" => rules.pass_on_stalemate[1] = boolean(entry)?,
            "adjudicateFullBoard" => rules.full_board = boolean(entry)?,
            _ => unreachable!("one of KEYS"),
        }
    }
    let dropping = rules.drop.is_some() || !rules.start.is_empty();
    if let (true, None) = (dropping, drops) {
        let entry = entries
            .iter()
            .rev()
            .find(|e| e.key.starts_with("enclosingDrop"))
            .expect("an enclosingDrop key was read");
        return Err(refuse(
            entry,
            "nothing is dropped without pieceDrops = true",
        ));
    }
    Ok((rules != Enclosing::default()).then_some(rules))
}

/// The keys of a game's enclosing rules, for the writer.
pub(super) fn write(rules: &Enclosing, files: usize) -> String {
    let mut out = String::new();
    if let Some(rule) = rules.drop {
        out += &format!("enclosingDrop = {}\n", rule.name());
    }
    if !rules.start.is_empty() {
        let names: Vec<String> = rules
            .start
            .iter()
            .map(|&s| crate::variants::square_names::square_name(s, files))
            .collect();
        out += &format!("enclosingDropStart = {}\n", names.join(" "));
    }
    if let Some(rule) = rules.flip {
        out += &format!("flipEnclosedPieces = {}\n", rule.name());
    }
    for (side, on) in ["White", "Black"].iter().zip(rules.pass_on_stalemate) {
        if on {
            out += &format!("passOnStalemate{side} = true\n");
        }
    }
    if rules.full_board {
        out += "adjudicateFullBoard = true\n";
    }
    out
}
