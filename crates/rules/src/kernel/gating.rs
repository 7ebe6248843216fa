//! Seirawan's gating (Fairy-Stockfish's `gating` with `seirawanGating`:
//! S-chess, S-house): while a piece of a side's first rank stands on a
//! square that holds a gate, its first move may put a piece from the
//! hand on the square it leaves ([`Gate`]); castling may put one on the
//! king's or the rook's square. A gate is lost when its piece moves or is
//! taken; in S-chess every gate of a side is lost once its hand is empty.
//!
//! As Fairy-Stockfish decides it, a gating move is legal where the same
//! move without the gate is (the gated piece shields nothing), and the
//! gates are not part of the key: positions differing in gates alone
//! repeat.

use super::position::Position;
use super::{Color, Gate, Kind, Move, MoveKind, SquareSet, Variant, VariantError};

/// The files a side's gates are kept for: a bit each, in the byte janggi
/// keeps its streaks in (a game has one or the other).
const FILES: i32 = 8;

/// Checks that a game's gates fit the bits a position keeps: a board of
/// two axes and at most 8 files, no passes, bikjang or enclosing (whose
/// streaks take the same bytes), the start's gates on the first ranks.
pub(crate) fn check(variant: &Variant) -> Result<(), VariantError> {
    let shape = variant.shape;
    let gating = variant.drops.as_ref().and_then(|d| d.gating.as_ref());
    let fits = shape.axes() == 2
        && shape.size(0) <= FILES
        && !variant.goals.pass
        && !variant.goals.bikjang
        && variant.goals.enclosing.is_none()
        && gating.is_none_or(|g| {
            g.start.iter().all(|&s| {
                Color::ALL
                    .iter()
                    .any(|&c| gate_file(variant, c, s).is_some())
            })
        });
    if fits {
        Ok(())
    } else {
        Err(VariantError::Gating)
    }
}

/// The file of `color`'s gate on `square`, if the square is on its first
/// rank.
fn gate_file(variant: &Variant, color: Color, square: usize) -> Option<u32> {
    let files = variant.shape.size(0) as usize;
    let ranks = variant.shape.size(1) as usize;
    let (file, rank) = (square % files, square / files);
    match color {
        Color::White if rank == 0 => Some(file as u32),
        Color::Black if rank + 1 == ranks => Some(file as u32),
        _ => None,
    }
}

impl<S: SquareSet> Position<S> {
    /// Sets the gates of `squares`, each kept where a piece of the side
    /// whose first rank it is stands on it (Fairy-Stockfish ignores the
    /// others); none in a game without gating.
    pub(super) fn set_gates(&mut self, squares: &[usize]) {
        if !self.rules().gating {
            return;
        }
        self.streaks = [0; 2];
        for &square in squares {
            for color in Color::ALL {
                if let Some(file) = gate_file(self.rules().variant(), color, square) {
                    if self.by_color(color).contains(square) {
                        self.streaks[color.index()] |= 1 << file;
                    }
                }
            }
        }
    }

    /// The squares that hold a gate, White's first (none in a game
    /// without gating).
    pub fn gates(&self) -> Vec<usize> {
        if !self.rules().gating {
            return Vec::new();
        }
        let variant = self.rules().variant();
        let files = variant.shape.size(0) as usize;
        let last = (variant.shape.size(1) as usize).saturating_sub(1) * files;
        let mut squares = Vec::new();
        for (color, base) in [(Color::White, 0), (Color::Black, last)] {
            let bits = self.streaks[color.index()];
            squares.extend((0..files).filter(|f| bits >> f & 1 == 1).map(|f| base + f));
        }
        squares
    }

    /// Whether pieces in hand are only gated, never dropped (S-chess).
    pub(super) fn gated_only(&self) -> bool {
        let drops = self.rules().variant().drops.as_ref();
        drops
            .and_then(|d| d.gating.as_ref())
            .is_some_and(|g| g.only)
    }

    /// Whether `color` has a gate on `square`.
    fn has_gate(&self, color: Color, square: usize) -> bool {
        gate_file(self.rules().variant(), color, square)
            .is_some_and(|f| self.streaks[color.index()] >> f & 1 == 1)
    }

    /// Takes `color`'s gate on `square` away, if it has one.
    fn lose_gate(&mut self, color: Color, square: usize) {
        if let Some(file) = gate_file(self.rules().variant(), color, square) {
            self.streaks[color.index()] &= !(1 << file);
        }
    }

    /// Adds to the legal moves from `start` on each one's gating moves: a
    /// move from a gate square with each kind in hand that may be dropped
    /// there, and castling with it on the king's or the rook's square
    /// (unless the king or the rook ends there).
    pub(super) fn add_gates(&self, out: &mut Vec<Move>, start: usize) {
        let r = self.rules();
        let us = self.turn();
        let c = us.index();
        let kinds: Vec<Kind> = (0..r.variant().kinds.len())
            .map(|k| Kind(k as u8))
            .filter(|&k| self.in_hand(us, k) > 0)
            .collect();
        if kinds.is_empty() || self.streaks[c] == 0 {
            return;
        }
        for i in start..out.len() {
            let m = out[i];
            if m.dropped().is_some() {
                continue;
            }
            let castle = match m.kind {
                MoveKind::Castle(n) => Some(&r.variant().castling[n as usize]),
                _ => None,
            };
            let mut squares = vec![(m.from(), false)];
            if let Some(rule) = castle {
                squares.push((rule.rook_from, true));
            }
            for (square, on_rook) in squares {
                if !self.has_gate(us, square)
                    || castle.is_some_and(|rule| square == rule.king_to || square == rule.rook_to)
                {
                    continue;
                }
                for &kind in &kinds {
                    if r.drop_region[c][kind.index()].contains(square) {
                        out.push(m.with_gate(Gate { kind, on_rook }));
                    }
                }
            }
        }
    }

    /// After a move of a game with gating (the turn already passed): the
    /// gated piece put from the hand, the gates lost by the squares the
    /// move left or took, and in S-chess the mover's every gate once its
    /// hand is empty.
    pub(super) fn gate(&mut self, m: Move) {
        let r = self.rules();
        let us = !self.turn();
        let castle = match m.kind {
            MoveKind::Castle(n) => Some(r.variant().castling[n as usize]),
            _ => None,
        };
        if let Some(gate) = m.gate {
            let square = match (&castle, gate.on_rook) {
                (Some(rule), true) => rule.rook_from,
                _ => m.from(),
            };
            self.change_hand(us, gate.kind, false);
            self.toggle(us, gate.kind, square);
        }
        if m.dropped().is_none() {
            self.lose_gate(us, m.from());
            if let Some(rule) = &castle {
                self.lose_gate(us, rule.rook_from);
            }
            self.lose_gate(!us, m.to());
        }
        if self.gated_only()
            && (0..r.variant().kinds.len()).all(|k| self.in_hand(us, Kind(k as u8)) == 0)
        {
            self.streaks[us.index()] = 0;
        }
    }
}
