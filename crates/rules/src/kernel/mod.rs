//! The generic rules kernel: boards of one to four axes where pieces and
//! variants are data.
//!
//! A [`Variant`] lists the board's [`Shape`](crate::geometry::Shape), the
//! [`PieceKind`]s and the rules that apply; [`Rules`] expands its tables once
//! for a square-set type ([`SquareSet`]: `u64`, `u128` or [`Big`]); a
//! [`Position`] generates legal moves and plays them; [`perft()`] counts move
//! paths; a [`Game`] adds the history repetition needs.
//!
//! ```
//! use duckchess_rules::kernel::{perft, Position};
//! let start = Position::new(duckchess_rules::variants::chess::rules());
//! assert_eq!(perft(&start, 2), 400);
//! ```
//!
//! # Adding a variant
//!
//! Write a function returning its [`Variant`] (see `variants/chess.rs`),
//! pick the set type by the number of squares (`u64` up to 64 — Fourfold's
//! 4 × 4 × 2 × 2 too — `u128` up to 128, [`Big`] up to 1,024), build the
//! tables once with [`Rules::new`] and [`Rules::leak`], and read positions
//! into a [`Setup`] for [`Position::from_setup`]. Legality uses check and
//! pin masks whenever the royalty is [`Royalty::Check`] and no piece leaps
//! lamely; otherwise moves are made and tested. A king may be missing where
//! [`Variant::royal_required`] is false (the cube puzzle's black king).
//!
//! ```
//! use duckchess_geometry::{DirectionClass, Shape};
//! use duckchess_rules::kernel::*;
//! // Kings and rooks on a 5 × 5 × 5 cube, no pawns, no castling.
//! let variant = Variant {
//!     name: "rook cube".into(),
//!     shape: Shape::new(&[5, 5, 5]).unwrap(),
//!     kinds: vec![
//!         PieceKind::new("king", 'k', 0).leap(&[1, 0]).leap(&[1, 1]).leap(&[1, 1, 1]).royal(),
//!         PieceKind::new("rook", 'r', 500).slide(DirectionClass::ROOK),
//!     ],
//!     start: vec![
//!         (0, Piece { color: Color::White, kind: Kind(0) }),
//!         (1, Piece { color: Color::White, kind: Kind(1) }),
//!         (124, Piece { color: Color::Black, kind: Kind(0) }),
//!     ],
//!     castling: vec![],
//!     royalty: Royalty::Check,
//!     royal_required: true,
//!     draws: DrawRules::default(),
//!     stalemate: Stalemate::Draw,
//!     flying_general: false,
//!     extinction: None,
//!     drops: None,
//!     goals: Goals::default(),
//! };
//! let rules: &'static Rules<u128> = Rules::new(variant).unwrap().leak();
//! let start = Position::new(rules);
//! // The king has 7 neighbours, one holding its rook; the rook slides 4
//! // along X (from file b) and 4 each along Y and Z.
//! assert_eq!(start.legal_moves().len(), 6 + 3 + 4 + 4);
//! ```

mod any;
mod bikjang;
mod color;
mod counting;
mod drop_mate;
mod enclosing;
mod first_moves;
mod first_rank_drops;
mod game;
mod gating;
mod in_place_promotion;
mod jumps;
mod magics;
mod moves;
mod names;
mod palace;
mod passing;
mod pawn_kinds;
mod pawn_ways;
pub mod perft;
mod petrify;
mod piece;
mod placement;
mod position;
mod promotion;
mod promotion_choice;
mod quiet_steps;
mod region;
mod repetition;
mod royal_kinds;
mod rules;
mod safe_flag;
mod special;
mod squares;
mod variant;
mod walls;

pub use crate::with_position;
pub use any::{AnyGame, AnyPosition, PositionRef, Width};
pub use color::Color;
pub use enclosing::{Enclosing, EnclosingRule};
pub use game::Game;
pub use moves::{Gate, Move, MoveKind, Played};
pub use palace::{DiagonalLines, LineMove};
pub use pawn_kinds::PawnLike;
pub use pawn_ways::PawnWays;
pub use perft::{divide, perft};
pub use petrify::Petrify;
pub use piece::{Kind, Leap, PawnRules, Piece, PieceKind, MAX_KINDS};
pub use position::{Draw, IllegalMove, Outcome, Position, PositionError, Setup, Win};
pub use promotion_choice::PromotionChoice;
pub use region::{Region, Step};
pub use repetition::RepetitionValue;
pub use rules::Rules;
pub use squares::{Big, Bits, KindMask, PerKind, SquareSet, Squares};
pub use variant::{
    Blast, CastlingRule, Counting, DeadPositions, DrawRules, Drops, Extinction, ExtinctionValue,
    Flag, Gating, Goals, PawnClock, PiecePromotions, RoyalKinds, Royalty, Stalemate, Turning,
    Variant, VariantError,
};
pub use walls::{WallingRule, Walls};
