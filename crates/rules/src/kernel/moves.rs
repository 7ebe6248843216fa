//! Moves as plain data: the kernel knows no notation.

use super::{Kind, Piece};
use std::num::NonZeroU16;

/// What kind of move, beyond from and to.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A move or capture by one piece (promotions included).
    Normal,
    /// A pawn's two-square advance, which may allow en passant.
    DoubleStep,
    /// A pawn takes a pawn that just passed `to` by a double step.
    EnPassant,
    /// Castling by rule `n` of the variant's castling list: `from` and `to`
    /// are the king's squares.
    Castle(u8),
    /// A piece of this kind from the hand put on `to` (`from` is `to`).
    Drop(Kind),
}

/// A move: from, to, what a pawn becomes, and its kind.
///
/// ```
/// use duckchess_rules::kernel::{Move, MoveKind};
/// let e2e4 = Move::new(12, 28, MoveKind::DoubleStep);
/// assert_eq!((e2e4.from, e2e4.to, e2e4.promotion), (12, 28, None));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The moving piece's square (the king's, when castling).
    pub from: u16,
    /// Its target square.
    pub to: u16,
    /// The promoted kind, if a promotion.
    pub promotion: Option<Kind>,
    /// Castling, en passant, double step or normal.
    pub kind: MoveKind,
    /// Where the move places a wall, in a game with a walling rule
    /// ([`Walls`](super::Walls)): the square plus one (read it with
    /// [`Move::wall`]); `None` elsewhere.
    pub wall: Option<NonZeroU16>,
    /// The piece put from the hand on the square the move leaves, in a
    /// game with gating ([`Gate`]); `None` elsewhere.
    pub gate: Option<Gate>,
}

/// A piece gated in (Fairy-Stockfish's `seirawanGating`): taken from the
/// hand and put on the square the moving piece leaves, or, when castling,
/// on the rook's square.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Gate {
    /// The kind put on the board.
    pub kind: Kind,
    /// Whether it goes on the castling rook's square rather than the
    /// king's (castling only).
    pub on_rook: bool,
}

impl Move {
    /// A move without promotion.
    pub const fn new(from: usize, to: usize, kind: MoveKind) -> Move {
        Move {
            from: from as u16,
            to: to as u16,
            promotion: None,
            kind,
            wall: None,
            gate: None,
        }
    }

    /// A move that promotes to `promotion` where it arrives.
    pub const fn promoting(from: usize, to: usize, promotion: Kind) -> Move {
        Move {
            promotion: Some(promotion),
            ..Move::new(from, to, MoveKind::Normal)
        }
    }

    /// The same move gating `gate` in.
    ///
    /// ```
    /// use duckchess_rules::kernel::{Gate, Kind, Move, MoveKind};
    /// let gate = Gate { kind: Kind(6), on_rook: false };
    /// let m = Move::new(6, 21, MoveKind::Normal).with_gate(gate);
    /// assert_eq!(m.gate, Some(gate));
    /// ```
    pub const fn with_gate(self, gate: Gate) -> Move {
        Move {
            gate: Some(gate),
            ..self
        }
    }

    /// The same move placing a wall on `square`.
    ///
    /// ```
    /// use duckchess_rules::kernel::{Move, MoveKind};
    /// let m = Move::new(12, 28, MoveKind::DoubleStep).with_wall(20);
    /// assert_eq!(m.wall(), Some(20));
    /// assert_eq!(Move::new(12, 28, MoveKind::DoubleStep).wall(), None);
    /// ```
    pub const fn with_wall(self, square: usize) -> Move {
        Move {
            wall: NonZeroU16::new(square as u16 + 1),
            ..self
        }
    }

    /// The square where the move places a wall, if it does.
    #[inline]
    pub const fn wall(self) -> Option<usize> {
        match self.wall {
            Some(w) => Some(w.get() as usize - 1),
            None => None,
        }
    }

    /// A drop of `kind` from the hand on `to`.
    ///
    /// ```
    /// use duckchess_rules::kernel::{Kind, Move, MoveKind};
    /// let m = Move::drop(Kind(5), 28);
    /// assert_eq!((m.from, m.to, m.kind), (28, 28, MoveKind::Drop(Kind(5))));
    /// ```
    pub const fn drop(kind: Kind, to: usize) -> Move {
        Move::new(to, to, MoveKind::Drop(kind))
    }

    /// The kind dropped, if a drop.
    #[inline]
    pub const fn dropped(self) -> Option<Kind> {
        match self.kind {
            MoveKind::Drop(k) => Some(k),
            _ => None,
        }
    }

    /// The origin as an index.
    #[inline]
    pub const fn from(self) -> usize {
        self.from as usize
    }

    /// The target as an index.
    #[inline]
    pub const fn to(self) -> usize {
        self.to as usize
    }
}

/// What a move did, for notation and display.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// The piece that moved (as it was before a promotion).
    pub piece: Piece,
    /// The piece taken, if any (en passant included).
    pub captured: Option<Piece>,
    /// Whether the move gives check.
    pub check: bool,
}
