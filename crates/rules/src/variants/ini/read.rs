//! Reading a file in the variants.ini syntax: each section's keys merged
//! with its base's (an earlier section, or chess or xiangqi written out
//! as keys), then built into a game ([`build()`]). A
//! section that restates a built-in game reads as that game. [`read()`]
//! builds every game; a [`Library`](super::Library) merges every section
//! and builds a game when it is first named.

use super::build::build;
use super::game::FileGame;
use super::parse::{sections, Entry, Section};
use super::{IniError, IniErrorKind};

/// Reads every section of a file into a game, bases first.
pub fn read(text: &str) -> Result<Vec<FileGame>, IniError> {
    let mut merger = Merger::default();
    let mut games = Vec::new();
    for section in sections(text)? {
        if let Some(merged) = merger.add(section)? {
            games.push(merged.build()?);
        }
    }
    Ok(games)
}

/// A section with its base's keys merged in: all a game needs to be
/// built ([`Merged::build`]), checked only as far as its syntax, its base
/// and its name.
#[derive(Debug, Clone)]
pub struct Merged {
    /// The section's name.
    pub name: String,
    /// The line of its header.
    pub line: usize,
    /// Its keys and its base's, the section's replacing the base's.
    pub entries: Vec<Entry>,
}

impl Merged {
    /// The game of these keys; fails, naming the line, where a key is
    /// not played here, the kernel refuses the game, or its start does
    /// not read.
    pub fn build(&self) -> Result<FileGame, IniError> {
        let (variant, fen) = build(&self.name, &self.entries, self.line)?;
        FileGame::new(variant, fen).map_err(|k| k.at(self.line))
    }
}

/// Merges a file's sections in order, each with its base (an earlier
/// section, or chess or xiangqi written out as keys).
#[derive(Default)]
pub(super) struct Merger {
    /// The sections merged so far, bases for the next.
    pub(super) merged: Vec<Merged>,
}

impl Merger {
    /// The next section merged with its base; `None` for a section that
    /// restates a built-in game (the built-in stands).
    pub(super) fn add(&mut self, section: Section) -> Result<Option<&Merged>, IniError> {
        if let Some(built_in) = crate::variants::BUILT_IN
            .iter()
            .find(|n| n.name().eq_ignore_ascii_case(&section.name))
        {
            // A built-in game stated again, as `variants --ini NAME` writes
            // it, reads as itself (the built-in stands); a section that
            // would redefine it is refused, as Fairy-Stockfish refuses it.
            if restates(*built_in, &section) {
                return Ok(None);
            }
            return Err(IniErrorKind::BuiltInName(section.name).at(section.line));
        }
        let mut entries = match &section.base {
            None => Vec::new(),
            Some(base) => match self.merged.iter().find(|m| &m.name == base) {
                Some(m) => m.entries.clone(),
                None => built_in_base(base, section.line)
                    .ok_or_else(|| IniErrorKind::UnknownBase(base.clone()).at(section.line))?,
            },
        };
        // An old rank key (`promotionRank`, `doubleStepRank`) sets both
        // sides' regions, replacing the base's, as in Fairy-Stockfish,
        // where a section starts from its base's finished rules.
        for (rank, region) in [
            ("promotionRank", "promotionRegion"),
            ("doubleStepRank", "doubleStepRegion"),
        ] {
            if section.entries.iter().any(|e| e.key == rank) {
                entries.retain(|e| !e.key.starts_with(region));
            }
        }
        for entry in &section.entries {
            let removed = match entries.iter_mut().find(|e| e.key == entry.key) {
                Some(old) => {
                    let letter = old.value.chars().next();
                    *old = entry.clone();
                    letter.filter(|_| entry.value == "-")
                }
                None => {
                    entries.push(entry.clone());
                    None
                }
            };
            // A piece removed is no longer promoted to or castled with.
            if let Some(letter) = removed {
                for e in &mut entries {
                    if e.key.starts_with("promotionPieceTypes")
                        || e.key.starts_with("castlingRookPiece")
                    {
                        e.value.retain(|c| !c.eq_ignore_ascii_case(&letter));
                    }
                }
            }
        }
        self.merged.push(Merged {
            name: section.name,
            line: section.line,
            entries,
        });
        Ok(self.merged.last())
    }
}

/// Whether `section` states the built-in game `built_in` exactly: no
/// base, and the game it builds writes back as the built-in does.
fn restates(built_in: &dyn crate::variants::Notation, section: &Section) -> bool {
    if section.base.is_some() {
        return false;
    }
    let Ok((variant, _)) = build(built_in.name(), &section.entries, section.line) else {
        return false;
    };
    let start = built_in.start();
    match (super::write(&variant), super::write(start.variant())) {
        (Ok(stated), Ok(own)) => stated == own,
        _ => false,
    }
}

/// The keys of a built-in base, as if written at `line`: chess as
/// Fairy-Stockfish has it (50 moves, three repetitions), and xiangqi.
fn built_in_base(name: &str, line: usize) -> Option<Vec<Entry>> {
    // Parsed once a program: most sections of a file start from chess.
    static PARSED: [std::sync::OnceLock<Option<Vec<Entry>>>; 2] =
        [std::sync::OnceLock::new(), std::sync::OnceLock::new()];
    let i = WRITTEN.iter().position(|(n, _)| *n == name)?;
    let parsed = PARSED[i].get_or_init(|| Some(sections(WRITTEN[i].1).ok()?.pop()?.entries));
    let mut entries = parsed.clone()?;
    for e in &mut entries {
        e.line = line;
        match (name, e.key.as_str()) {
            ("chess", "nMoveRule") => e.value = "50".into(),
            ("chess", "nFoldRule") => e.value = "3".into(),
            _ => {}
        }
    }
    Some(entries)
}

/// The built-in bases as `duckchess variants --ini NAME` writes them (a
/// test checks that it still does): reading them is cheap, where writing
/// them compares every piece's moves with each Betza form (2 M
/// instructions a game), and most sections of a file start from chess.
const WRITTEN: [(&str, &str); 2] = [
    ("chess", include_str!("chess.ini")),
    ("xiangqi", include_str!("xiangqi.ini")),
];

#[cfg(test)]
mod tests {
    #[test]
    fn the_built_in_bases_are_written_as_the_writer_writes_them() {
        for (name, variant) in [
            ("chess", crate::variants::chess::variant()),
            ("xiangqi", crate::variants::xiangqi::variant()),
        ] {
            let written = super::WRITTEN.iter().find(|(n, _)| *n == name).unwrap().1;
            assert_eq!(
                super::super::write(&variant).unwrap(),
                written,
                "regenerate with: duckchess variants --ini {name} > crates/rules/src/variants/ini/{name}.ini"
            );
        }
    }
}
