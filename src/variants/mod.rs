//! Games as data on the [`kernel`](crate::kernel): one file per game, with
//! its variant value and its notation.
//!
//! ```
//! let chess = duckchess::variants::by_name("chess").unwrap();
//! assert_eq!(chess.shape.len(), 64);
//! assert!(duckchess::variants::by_name("go").is_none());
//! ```

pub mod chess;

use crate::kernel::Variant;

/// The names [`by_name`] knows, in the order of [`all`].
pub const NAMES: &[&str] = &["chess"];

/// Every variant of the registry.
pub fn all() -> Vec<Variant> {
    NAMES.iter().filter_map(|name| by_name(name)).collect()
}

/// The variant of this name (as in [`NAMES`]).
pub fn by_name(name: &str) -> Option<Variant> {
    match name {
        "chess" => Some(chess::variant()),
        _ => None,
    }
}
