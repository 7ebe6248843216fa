//! Square names on files and ranks, as FEN and coordinate moves write
//! them: a letter for the file (`a` …, up to 26 files), the rank's number
//! from 1 (`e4`, `j10`). A board of three or four axes adds the others'
//! coordinates from 0 in brackets, as Fourfold writes its squares
//! (`a1[1]`, `a1[0,1]`).
//!
//! ```
//! use duckchess_geometry::Shape;
//! use duckchess_rules::variants::square_names::{name_on, parse_square, square_at, square_name};
//! assert_eq!(square_name(28, 8), "e4");
//! assert_eq!(parse_square("h8", 8, 8), Some(63));
//! assert_eq!(parse_square("i1", 8, 8), None);
//! let fourfold = Shape::new(&[4, 4, 2, 2]).unwrap();
//! assert_eq!(name_on(fourfold, 36), "a2[0,1]");
//! assert_eq!(square_at(fourfold, &[0, 1, 0, 1]), Some(36));
//! assert_eq!(square_at(fourfold, &[0, 1, 0, 2]), None);
//! ```

use crate::geometry::Shape;

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

/// The name of a point given by its coordinates, file first, from 0:
/// `e4`, `a1[1]`, `a1[0,1]`.
pub fn point_name(coords: &[usize]) -> String {
    let mut name = coords_name(coords[0], coords.get(1).copied().unwrap_or(0));
    if coords.len() > 2 {
        let rest: Vec<String> = coords[2..].iter().map(usize::to_string).collect();
        name += &format!("[{}]", rest.join(","));
    }
    name
}

/// The coordinates, file first, from 0, of a name like `e4` or `a1[0,1]`,
/// on whatever board (at most four axes, at most 1,024 along each).
pub fn parse_point(name: &str) -> Option<Vec<usize>> {
    let (square, rest) = match name.find('[') {
        Some(i) => (&name[..i], Some(&name[i..])),
        None => (name, None),
    };
    let (file, rank) = parse_coords(square)?;
    let mut coords = vec![file, rank];
    if let Some(rest) = rest {
        let inner = rest.strip_prefix('[')?.strip_suffix(']')?;
        for c in inner.split(',') {
            if c.is_empty() || !c.bytes().all(|b| b.is_ascii_digit()) || c.len() > 4 {
                return None;
            }
            coords.push(c.parse().ok()?);
        }
        if coords.len() > 4 {
            return None;
        }
    }
    Some(coords)
}

/// The coordinates of a square of `shape`, file first.
pub fn coords_on(shape: Shape, square: usize) -> Vec<usize> {
    let mut rest = square;
    shape
        .sizes()
        .iter()
        .map(|&size| {
            let c = rest % size as usize;
            rest /= size as usize;
            c
        })
        .collect()
}

/// The square at these coordinates of `shape` (a missing rank is 0), or
/// `None` off the board or with a coordinate too many.
pub fn square_at(shape: Shape, coords: &[usize]) -> Option<usize> {
    let axes = shape.axes().max(2);
    if coords.len() != axes {
        return None;
    }
    let mut index = 0;
    for axis in (0..axes).rev() {
        let size = shape.size(axis) as usize;
        if coords[axis] >= size {
            return None;
        }
        index = index * size + coords[axis];
    }
    Some(index)
}

/// The coordinates of a square of `shape` as its name gives them: at
/// least a file and a rank (a rank of 0 on a board of one axis).
pub fn point_on(shape: Shape, square: usize) -> Vec<usize> {
    let mut coords = coords_on(shape, square);
    coords.resize(coords.len().max(2), 0);
    coords
}

/// A square's name on a board of any shape.
pub fn name_on(shape: Shape, square: usize) -> String {
    point_name(&point_on(shape, square))
}
