//! Square names on files and ranks, as FEN and coordinate moves write
//! them: a letter for the file (`a` …, up to 26 files), the rank's number
//! from 1 (`e4`, `j10`).
//!
//! ```
//! use duckchess::variants::square_names::{parse_square, square_name};
//! assert_eq!(square_name(28, 8), "e4");
//! assert_eq!(parse_square("h8", 8, 8), Some(63));
//! assert_eq!(parse_square("i1", 8, 8), None);
//! ```

/// The name of a square on a board `files` wide.
pub fn square_name(square: usize, files: usize) -> String {
    coords_name(square % files, square / files)
}

/// The name of the square at (file, rank), from 0.
pub fn coords_name(file: usize, rank: usize) -> String {
    let letter = (b'a' + file as u8) as char;
    format!("{letter}{}", rank + 1)
}

/// The (file, rank), from 0, of a name like `e4`, on whatever board: a
/// lower-case letter, then a number from 1 without a leading zero.
pub fn parse_coords(name: &str) -> Option<(usize, usize)> {
    let mut chars = name.chars();
    let file = chars.next()?;
    if !file.is_ascii_lowercase() {
        return None;
    }
    let rest = chars.as_str();
    if rest.is_empty() || !rest.bytes().all(|b| b.is_ascii_digit()) || rest.starts_with('0') {
        return None;
    }
    let rank: usize = rest.parse().ok()?;
    Some(((file as u8 - b'a') as usize, rank - 1))
}

/// The square of a name like `e4` on a board of `files × ranks`.
pub fn parse_square(name: &str, files: usize, ranks: usize) -> Option<usize> {
    let (file, rank) = parse_coords(name)?;
    (file < files && rank < ranks).then_some(rank * files + file)
}
