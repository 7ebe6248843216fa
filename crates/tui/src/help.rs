//! The `?` help screen: every key the game has, one a line, taken from the
//! key lines under the board ([`super::screen::keys`]), so that the two
//! never disagree.
//!
//! ```
//! use duckchess_tui::help::entries;
//! let lines = ["u/r: undo/redo  h: hint", "or click squares"];
//! assert_eq!(
//!     entries(&lines),
//!     [("u/r", "undo/redo"), ("h", "hint"), ("", "or click squares")]
//! );
//! ```

/// The key lines' entries as (keys, what they do): each line is entries
/// two spaces apart, each entry `KEYS: WHAT` (the first `: ` splits it, so
/// `:: type a move` is the key `:`); an entry without one is a remark.
pub fn entries<S: AsRef<str>>(lines: &[S]) -> Vec<(&str, &str)> {
    lines
        .iter()
        .flat_map(|line| line.as_ref().split("  "))
        .map(str::trim)
        .filter(|entry| !entry.is_empty())
        .map(|entry| match entry.split_once(": ") {
            Some((keys, does)) => (keys.trim(), does.trim()),
            None => ("", entry),
        })
        .collect()
}

/// The help screen's lines: the entries in two columns, keys first.
pub fn lines<S: AsRef<str>>(key_lines: &[S]) -> Vec<String> {
    let all = entries(key_lines);
    let width = all
        .iter()
        .map(|(k, _)| k.chars().count())
        .max()
        .unwrap_or(0);
    let mut out: Vec<String> = all
        .iter()
        .map(|(keys, does)| format!("{keys:width$}  {does}"))
        .collect();
    out.push(String::new());
    out.push("at the : prompt: a move in the game's notation,".into());
    out.push("Tab completes it, Enter plays it, Esc closes".into());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_entry_of_the_key_lines_is_a_help_line() {
        let keys = [
            "arrows: cursor",
            "Tab: next piece  Enter/Space: pick up/put down  Esc: drop",
            ":: type a move  ?: help",
        ];
        let help = lines(&keys);
        for (k, does) in [
            ("arrows", "cursor"),
            ("Tab", "next piece"),
            ("Enter/Space", "pick up/put down"),
            (":", "type a move"),
            ("?", "help"),
        ] {
            assert!(
                help.iter()
                    .any(|l| l.starts_with(k) && l.trim_end().ends_with(does)),
                "{k}: {help:?}"
            );
        }
        // Keys are aligned: every "does" starts in the same column.
        let column = help[0].find("cursor").unwrap();
        assert_eq!(help[1].find("next piece"), Some(column));
    }
}
