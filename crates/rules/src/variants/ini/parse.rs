//! The file's syntax: sections `[name]` or `[name:base]`, then `key =
//! value` lines; `#` and `;` start comments (a whole line, or the rest of
//! one after white space); blank lines are skipped.

use super::{IniError, IniErrorKind};

/// One `key = value` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The key, as written (keys are case-sensitive).
    pub key: String,
    /// The value, trimmed.
    pub value: String,
    /// Its line, from 1.
    pub line: usize,
}

/// One section: a game's name, its base and its entries in file order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Section {
    /// The game's name.
    pub name: String,
    /// The base after the colon, if any.
    pub base: Option<String>,
    /// The header's line, from 1.
    pub line: usize,
    /// The entries, in order.
    pub entries: Vec<Entry>,
}

/// Whether a name may name a section: letters, digits, `-` and `_`.
fn is_name(name: &str) -> bool {
    !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

/// A line without its comment: from a `#` or `;` at its start or after
/// white space.
fn strip_comment(line: &str) -> &str {
    let mut previous_space = true;
    for (i, c) in line.char_indices() {
        if (c == '#' || c == ';') && previous_space {
            return &line[..i];
        }
        previous_space = c.is_whitespace();
    }
    line
}

/// Splits a file into its sections.
///
/// ```
/// use duckchess_rules::variants::ini::parse::sections;
/// let s = sections("# games\n[mini:chess]\nmaxRank = 6 ; small\n").unwrap();
/// assert_eq!(s[0].name, "mini");
/// assert_eq!(s[0].base.as_deref(), Some("chess"));
/// assert_eq!((s[0].entries[0].key.as_str(), s[0].entries[0].value.as_str(), s[0].entries[0].line), ("maxRank", "6", 3));
/// assert_eq!(sections("maxRank = 6").unwrap_err().to_string(), "line 1: maxRank stands before any [section]");
/// ```
pub fn sections(text: &str) -> Result<Vec<Section>, IniError> {
    let mut out: Vec<Section> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let content = strip_comment(raw.trim_start_matches('\u{feff}')).trim();
        if content.is_empty() {
            continue;
        }
        if let Some(inner) = content.strip_prefix('[') {
            let inner = inner
                .strip_suffix(']')
                .ok_or_else(|| IniErrorKind::Syntax(content.into()).at(line))?;
            let (name, base) = match inner.split_once(':') {
                Some((n, b)) => (n.trim(), Some(b.trim())),
                None => (inner.trim(), None),
            };
            for part in std::iter::once(name).chain(base) {
                if !is_name(part) {
                    return Err(IniErrorKind::SectionName(part.into()).at(line));
                }
            }
            if out.iter().any(|s| s.name == name) {
                return Err(IniErrorKind::DuplicateSection(name.into()).at(line));
            }
            out.push(Section {
                name: name.into(),
                base: base.map(String::from),
                line,
                entries: Vec::new(),
            });
            continue;
        }
        let (key, value) = content
            .split_once('=')
            .ok_or_else(|| IniErrorKind::Syntax(content.into()).at(line))?;
        let (key, value) = (key.trim(), value.trim());
        if key.is_empty() || key.contains(char::is_whitespace) {
            return Err(IniErrorKind::Syntax(content.into()).at(line));
        }
        let section = out
            .last_mut()
            .ok_or_else(|| IniErrorKind::OutsideSection(key.into()).at(line))?;
        if section.entries.iter().any(|e| e.key == key) {
            return Err(IniErrorKind::DuplicateKey(key.into()).at(line));
        }
        section.entries.push(Entry {
            key: key.into(),
            value: value.into(),
            line,
        });
    }
    Ok(out)
}
