//! Board geometry for boards of one to four axes, independent of any piece
//! set: the board's [`Shape`] and square indexing, movement [`Vector`]s with
//! their images under the board's symmetries, [`DirectionClass`]es of
//! sliders, and the blocking squares of lame leaps.
//!
//! ```
//! use duckchess_geometry::{Shape, Vector};
//! let chess = Shape::new(&[8, 8]).unwrap();
//! assert_eq!(chess.len(), 64);
//! assert_eq!(Vector::new(&[2, 1]).images(2).len(), 8); // the knight
//! ```

#![warn(missing_docs)]

mod shape;
mod vector;

pub use shape::{Shape, ShapeError, MAX_AXES};
pub use vector::{DirectionClass, Vector};
