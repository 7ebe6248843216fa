//! Othello's and Ataxx's rules (Fairy-Stockfish's `enclosingDrop`,
//! `enclosingDropStart`, `flipEnclosedPieces`, `passOnStalemate`,
//! `adjudicateFullBoard`): drops that must enclose the other side's pieces
//! or touch one's own, the pieces so enclosed or touched turned to the
//! mover's colour, a pass for a side with no move, and the game over once
//! the board is full.
//!
//! Only the games that have them take these paths ([`Goals::enclosing`]
//! keeps them off the masks' path), so chess pays nothing.
//!
//! [`Goals::enclosing`]: super::Goals

use super::position::Position;
use super::squares::SquareSet;
use super::{Draw, Move, MoveKind, Outcome, Variant};
use duckchess_geometry::Vector;

/// Which squares a rule picks (Fairy-Stockfish's `EnclosingRule`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum EnclosingRule {
    /// Othello: along a queen's line, one or more of the other side's
    /// pieces and then one's own. A drop must enclose some; the pieces it
    /// encloses are flipped.
    Reversi,
    /// Ataxx: a king's step away. A drop must be next to one's own piece;
    /// the other side's pieces next to the arrival are flipped.
    Ataxx,
}

impl EnclosingRule {
    const NAMES: [(EnclosingRule, &'static str); 2] = [
        (EnclosingRule::Reversi, "reversi"),
        (EnclosingRule::Ataxx, "ataxx"),
    ];

    /// The rule of an `enclosingDrop` or `flipEnclosedPieces` value.
    pub fn from_name(name: &str) -> Option<EnclosingRule> {
        super::names::by_name(&Self::NAMES, name)
    }

    /// Its value in a variants.ini file.
    pub fn name(self) -> &'static str {
        super::names::name_of(&Self::NAMES, self)
    }
}

/// The enclosing rules of a game (Othello, Ataxx), all off by default.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Enclosing {
    /// Where a drop may go (`enclosingDrop`).
    pub drop: Option<EnclosingRule>,
    /// While one of these squares is empty, drops go there and nowhere
    /// else, whatever [`Enclosing::drop`] says (`enclosingDropStart`:
    /// Othello's four middle squares in flipersi).
    pub start: Vec<usize>,
    /// Which of the other side's pieces a move turns to the mover's colour
    /// (`flipEnclosedPieces`); a pass turns none.
    pub flip: Option<EnclosingRule>,
    /// Per side, whether it passes when it has no other legal move
    /// (`passOnStalemate`): the pass is written as its first piece (the
    /// lowest square, or its royal piece) moving to its own square, as
    /// Fairy-Stockfish writes it (`a1a1`). Two passes in a row end the
    /// game, drawn or by the material count.
    pub pass_on_stalemate: [bool; 2],
    /// A full board ends the game at once, drawn or by the material count
    /// (`adjudicateFullBoard`).
    pub full_board: bool,
}

/// The enclosing rules as the generation plays them: boxed in the rules,
/// so the games without them keep their layout.
#[derive(Clone, Debug)]
pub(crate) struct Enclosure<S> {
    drop: Option<EnclosingRule>,
    flip: Option<EnclosingRule>,
    start: S,
    board: S,
    /// Per square, its queen's lines outward, nearest square first.
    lines: Vec<Vec<Vec<u16>>>,
    /// Per square, the squares a king's step away.
    neighbours: Vec<S>,
}

impl<S: SquareSet> Enclosure<S> {
    /// The tables of a variant's enclosing rules, if it has any.
    pub(crate) fn new(variant: &Variant) -> Option<Enclosure<S>> {
        let rules = variant.goals.enclosing.as_ref()?;
        let shape = variant.shape;
        let len = shape.len();
        let axes = shape.axes();
        // Every direction of one step or none along each axis.
        let mut steps = Vec::new();
        for code in 0..3usize.pow(axes as u32) {
            let mut v = Vector::default();
            let mut rest = code;
            for axis in 0..axes {
                v.0[axis] = (rest % 3) as i32 - 1;
                rest /= 3;
            }
            if v.0.iter().any(|&c| c != 0) {
                steps.push(v);
            }
        }
        let set = |squares: &mut dyn Iterator<Item = usize>| {
            squares.fold(S::EMPTY, |set, s| set | S::single(s))
        };
        let lines = (0..len)
            .map(|square| {
                steps
                    .iter()
                    .map(|&v| {
                        let mut line = Vec::new();
                        let mut at = square;
                        while let Some(next) = shape.offset(at, v) {
                            line.push(next as u16);
                            at = next;
                        }
                        line
                    })
                    .filter(|line| !line.is_empty())
                    .collect()
            })
            .collect();
        let neighbours = (0..len)
            .map(|square| set(&mut steps.iter().filter_map(|&v| shape.offset(square, v))))
            .collect();
        Some(Enclosure {
            drop: rules.drop,
            flip: rules.flip,
            start: set(&mut rules.start.iter().copied()),
            board: set(&mut (0..len)),
            lines,
            neighbours,
        })
    }

    /// The other side's pieces a piece of `us` on `square` encloses
    /// ([`EnclosingRule::Reversi`]).
    fn enclosed(&self, square: usize, ours: S, theirs: S) -> S {
        let mut all = S::EMPTY;
        for line in &self.lines[square] {
            let mut run = S::EMPTY;
            for &s in line {
                let s = s as usize;
                if theirs.contains(s) {
                    run |= S::single(s);
                    continue;
                }
                if ours.contains(s) {
                    all |= run;
                }
                break;
            }
        }
        all
    }
}

impl<S: SquareSet> Position<S> {
    /// The squares where the side to move may drop under the enclosing
    /// rule (all of them where the game has none).
    pub(super) fn enclosing_targets(&self, enclosure: &Enclosure<S>) -> S {
        let empty = enclosure.board & !self.occupied();
        if (enclosure.start & empty).any() {
            return enclosure.start & empty;
        }
        let us = self.turn();
        let (ours, theirs) = (self.by_color(us), self.by_color(!us));
        match enclosure.drop {
            None => empty,
            Some(EnclosingRule::Reversi) => empty
                .squares()
                .filter(|&s| enclosure.enclosed(s, ours, theirs).any())
                .fold(S::EMPTY, |set, s| set | S::single(s)),
            Some(EnclosingRule::Ataxx) => {
                ours.squares()
                    .fold(S::EMPTY, |set, s| set | enclosure.neighbours[s])
                    & empty
            }
        }
    }

    /// After a move (not a pass) that arrived on `to`: the other side's
    /// pieces the flipping rule names turn to the mover's colour.
    #[cold]
    pub(super) fn flip_enclosed(&mut self, enclosure: &Enclosure<S>, to: usize) {
        let them = self.turn();
        let us = !them;
        let (ours, theirs) = (self.by_color(us), self.by_color(them));
        let flipped = match enclosure.flip {
            None => return,
            Some(EnclosingRule::Reversi) => enclosure.enclosed(to, ours, theirs),
            Some(EnclosingRule::Ataxx) => enclosure.neighbours[to] & theirs,
        };
        for s in flipped.squares() {
            let kind = self.kind_at(s).expect("a flipped piece");
            self.toggle(them, kind, s);
            self.toggle(us, kind, s);
        }
    }

    /// The side to move's pass where it has no other legal move and its
    /// rules give it one (`passOnStalemate`): its royal piece, or its
    /// first piece, to its own square. A side with no piece has none.
    pub(super) fn pass_when_stuck(&self, out: &mut Vec<Move>, start: usize) {
        let us = self.turn();
        let passes = self.rules().variant().goals.enclosing.as_ref();
        if out.len() > start || !passes.is_some_and(|e| e.pass_on_stalemate[us.index()]) {
            return;
        }
        let square = match self.royal_square(us) {
            // A royal piece in check has no pass.
            Some(_) if self.is_check() => return,
            Some(royal) => Some(royal),
            None => self.by_color(us).first(),
        };
        if let Some(s) = square {
            out.push(Move::new(s, s, MoveKind::Normal));
        }
    }

    /// A full board's end (`adjudicateFullBoard`): drawn, or by the
    /// material count.
    pub(super) fn full_board_outcome(&self) -> Option<Outcome> {
        let e = self.rules().variant().goals.enclosing.as_ref()?;
        let board = self.rules().len();
        (e.full_board && self.occupied().count() as usize == board)
            .then(|| self.drawn(Draw::FullBoard))
    }
}

/// Whether a side passes in a game with these rules.
pub(crate) fn passes(enclosing: &Option<Enclosing>) -> bool {
    enclosing
        .as_ref()
        .is_some_and(|e| e.pass_on_stalemate.contains(&true))
}
