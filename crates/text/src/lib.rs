//! Text as users give it and as messages quote it back, for every reader
//! of a user's bytes: the bottom layer, below `geometry`, using
//! nothing of the crate. The judge's engine (`judge`) quotes a bad
//! position through [`shorten`]; the games of `variants` read
//! lines through [`input`] too (their old paths, `variants::input` and
//! `variants::line::shorten`, still name the same items).

#![warn(missing_docs)]

pub mod input;

/// The most characters of a user's text a message quotes, counted as a
/// message writes them (`{:?}`: a control character is several).
const QUOTED: usize = 60;

/// A user's text as a message quotes it: whole when short, else its first
/// characters and `…`, so a huge bad input never floods standard error. A
/// character counts as many as it takes in a quoted message (`\u{15}` is
/// six), so the quote stays short whatever the text holds.
///
/// ```
/// use duckchess_text::shorten;
/// assert_eq!(shorten("e4"), "e4");
/// assert_eq!(shorten(&"x".repeat(1000)).chars().count(), 61);
/// assert!(format!("{:?}", shorten(&"\u{15}".repeat(1000))).len() < 70);
/// ```
pub fn shorten(text: &str) -> String {
    let mut width = 0;
    for (at, c) in text.char_indices() {
        width += c.escape_debug().count();
        if width > QUOTED {
            return format!("{}…", &text[..at]);
        }
    }
    text.to_string()
}
