//! Walls: squares no piece may enter or pass (Fairy-Stockfish's `*` in a
//! FEN). A wall blocks sliders and lame leapers as a piece does, but
//! belongs to neither side and is never taken; a leaper jumps it.
//!
//! A position keeps its walls in the set its promoted pieces' marks would
//! use (a game cannot have both): that set is always part of
//! [`Position::occupied`], marks standing only on occupied squares, so the
//! games without walls pay nothing to block by them.

use super::position::Position;
use super::squares::{PerKind, Spare, SquareSet};
use super::{Color, Kind, Move, Variant, VariantError, MAX_KINDS};

/// The walls of a game: those of its start, and the rule by which a move
/// places one, if any (Fairy-Stockfish's `wallingRule`).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Walls {
    /// The walled squares at the start (the start FEN's `*`).
    pub start: Vec<usize>,
    /// The walling rule, if a move places a wall.
    pub rule: Option<WallingRule>,
    /// Per side, the squares where it may place a wall (`wallingRegion`;
    /// `None`: anywhere).
    pub region: [Option<Vec<usize>>; 2],
}

/// Where the wall a move places goes (Fairy-Stockfish's `wallingRule`):
/// always an empty square after the move, within the walling region.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum WallingRule {
    /// Anywhere, and for good (isolation).
    Static,
    /// On the square the piece left (snailtrail, joust).
    Past,
    /// Where the piece could move from its new square (amazons' arrow).
    Arrow,
    /// Anywhere but where the last one stood, which it replaces: one wall
    /// on the board at most (Duck Chess's duck).
    Duck,
    /// On the board's edge or next to a wall (a step along a file or
    /// rank).
    Edge,
}

impl WallingRule {
    const NAMES: [(WallingRule, &'static str); 5] = [
        (WallingRule::Static, "static"),
        (WallingRule::Past, "past"),
        (WallingRule::Arrow, "arrow"),
        (WallingRule::Duck, "duck"),
        (WallingRule::Edge, "edge"),
    ];

    /// The rule of a `wallingRule` value.
    pub fn from_name(name: &str) -> Option<WallingRule> {
        super::names::by_name(&Self::NAMES, name)
    }

    /// Its `wallingRule` value.
    pub fn name(self) -> &'static str {
        super::names::name_of(&Self::NAMES, self)
    }

    /// What a player calls the wall a move places: Duck Chess's duck,
    /// Amazons' arrow, else a wall.
    pub fn wall_name(self) -> &'static str {
        match self {
            WallingRule::Duck => "duck",
            WallingRule::Arrow => "arrow",
            _ => "wall",
        }
    }
}

/// Checks what a position's set of walls needs: no marks of promoted
/// pieces (which use the same set), and where positions of this width
/// carry no spare set, a free slot after the kinds'.
pub(crate) fn check_room<S: SquareSet>(variant: &Variant) -> Result<(), VariantError> {
    let Some(walls) = &variant.goals.walls else {
        return Ok(());
    };
    let marks = variant.drops.as_ref().is_some_and(|d| d.marks());
    let slots = <S::Kinds as PerKind<S>>::LEN;
    let room = <S::Spare as Spare<S>>::ANY || variant.kinds.len() < slots;
    let len = variant.shape.len();
    if marks
        || !room
        || walls.start.iter().any(|&s| s >= len)
        || walls.region.iter().flatten().flatten().any(|&s| s >= len)
    {
        return Err(VariantError::Walls);
    }
    Ok(())
}

impl<S: SquareSet> Position<S> {
    /// The walled squares (none in a game without walls).
    #[inline]
    pub fn walls(&self) -> S {
        if self.rules().walls {
            self.marks()
        } else {
            S::EMPTY
        }
    }

    /// A wall's share of the key: the last kind's key of White, turned so
    /// that no piece's is the same.
    #[inline]
    pub(super) fn wall_key(&self, square: usize) -> u64 {
        self.piece_key(Color::White, Kind((MAX_KINDS - 1) as u8), square)
            .rotate_left(41)
    }
}

/// A walling rule as the generation plays it: boxed in the rules, so the
/// games without one keep their layout.
#[derive(Clone, Debug)]
pub(crate) struct Walling<S> {
    rule: WallingRule,
    /// Per side, the board's squares where it may place a wall.
    region: [S; 2],
    /// The board's edge (the edge rule's squares besides those next to a
    /// wall).
    edge: S,
    /// Per square, its neighbours a step along a file or rank away.
    steps: Vec<S>,
}

impl<S: SquareSet> Walling<S> {
    /// The walling rule of a variant, if it has one.
    pub(crate) fn new(variant: &Variant) -> Option<Walling<S>> {
        let walls = variant.goals.walls.as_ref()?;
        let shape = variant.shape;
        let len = shape.len();
        let set = |squares: &mut dyn Iterator<Item = usize>| {
            squares.fold(S::EMPTY, |set, s| set | S::single(s))
        };
        let board = set(&mut (0..len));
        let region = walls
            .region
            .clone()
            .map(|r| r.map_or(board, |r| set(&mut r.into_iter())));
        let orthogonal = |square: usize| {
            (0..shape.axes()).flat_map(move |axis| {
                [-1, 1].into_iter().filter_map(move |d| {
                    let mut v = duckchess_geometry::Vector::default();
                    v.0[axis] = d;
                    shape.offset(square, v)
                })
            })
        };
        Some(Walling {
            rule: walls.rule?,
            region,
            edge: set(&mut (0..len).filter(|&s| orthogonal(s).count() < 2 * shape.axes())),
            steps: (0..len).map(|s| set(&mut orthogonal(s))).collect(),
        })
    }
}

impl<S: SquareSet> Position<S> {
    /// Each move of `out[start..]` once for each square where its wall may
    /// go (Fairy-Stockfish's): an empty square after the move, in the
    /// side's walling region, and where the rule says; a move with no such
    /// square is not legal.
    #[cold]
    pub(super) fn add_walls(&self, walling: &Walling<S>, out: &mut Vec<Move>, start: usize) {
        let r = self.rules();
        let us = self.turn();
        let moves: Vec<Move> = out.drain(start..).collect();
        for m in moves {
            let mut after = *self;
            after.play_board(m);
            let mut squares = walling.region[us.index()] & !after.occupied();
            match walling.rule {
                WallingRule::Past => squares &= S::single(m.from()),
                WallingRule::Arrow => {
                    // Where the piece could move on from its new square.
                    let to = m.to();
                    let kind = after.piece_at(to).expect("the piece moved").kind;
                    let occupied = after.occupied();
                    let k = kind.index();
                    let mut reach = r.plain_attacks(kind, us, to, occupied);
                    if r.special_kinds >> k & 1 == 1 {
                        reach = r.special_attacks(k, us, to, occupied, reach, S::EMPTY);
                    }
                    squares &= reach;
                }
                WallingRule::Edge => {
                    let next = self
                        .walls()
                        .squares()
                        .fold(walling.edge, |set, w| set | walling.steps[w]);
                    squares &= next;
                }
                WallingRule::Static | WallingRule::Duck => {}
            }
            for w in squares.squares() {
                out.push(m.with_wall(w));
            }
        }
    }

    /// After a move that places a wall: the wall (the duck: the only one,
    /// moved there); a double step walled on the square it passed allows
    /// no en passant.
    #[cold]
    pub(super) fn place_wall(&mut self, m: Move) {
        let Some(w) = m.wall() else { return };
        self.key ^= self.ep_key();
        if self.rules().walling.as_ref().map(|w| w.rule) == Some(WallingRule::Duck) {
            for old in self.walls().squares() {
                self.flip_mark(old);
                self.key ^= self.wall_key(old);
            }
        }
        self.flip_mark(w);
        self.key ^= self.wall_key(w);
        if self.en_passant() == Some(w) {
            self.clear_en_passant();
        }
        self.key ^= self.ep_key();
    }
}
