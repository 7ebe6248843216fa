//! What the search learns about moves, kept between the moves of a game:
//! which quiet moves cut off (by side, origin and target: the "butterfly"
//! history), which captures paid (by piece, target and victim), which
//! quiet moves answered the move before and the one before that
//! (continuation history), and the move that refuted each move last
//! (counter-moves). Every table is sized by the board and the kinds, so
//! each game gets its own; values move towards a bound by "gravity", so
//! that what was learnt long ago fades.

use crate::kernel::{Move, MAX_KINDS};

/// The largest magnitude any history value reaches.
pub(super) const HISTORY_MAX: i32 = 16_384;
/// Continuation history is kept where a piece-and-target pair has at most
/// this many values (a 9 × 10 board with 7 kinds a side has 1,260; a
/// larger cube would need hundreds of MiB).
const CONTINUATION_MAX_PAIRS: usize = 2048;

/// A piece of a side on a target square: an index into the continuation
/// tables.
pub(super) type PieceTo = usize;

/// The tables (see the module's page).
#[derive(Debug, Clone)]
pub(crate) struct History {
    len: usize,
    kinds: usize,
    /// `[side][from][to]`.
    butterfly: Vec<i16>,
    /// `[piece][to][victim kind]`.
    capture: Vec<i16>,
    /// `[previous piece-to][piece-to]`, when the board is small enough.
    continuation: Vec<i16>,
    pairs: usize,
    /// `[previous piece-to]`: the quiet move that refuted it last.
    counter: Vec<Option<Move>>,
}

/// The bonus (or, negated, the malus) a move earns at a depth.
#[inline]
pub(super) fn bonus(depth: i32) -> i32 {
    (160 * depth - 120).clamp(0, 1600)
}

#[inline]
fn nudge(value: &mut i16, bonus: i32) {
    let v = i32::from(*value);
    let b = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
    *value = (v + b - v * b.abs() / HISTORY_MAX) as i16;
}

impl History {
    /// Empty tables for a board of `len` squares and `kinds` kinds a side.
    pub(crate) fn new(len: usize, kinds: usize) -> History {
        let kinds = kinds.clamp(1, MAX_KINDS);
        let pairs = 2 * kinds * len;
        let continuation = if pairs <= CONTINUATION_MAX_PAIRS {
            vec![0; pairs * pairs]
        } else {
            Vec::new()
        };
        History {
            len,
            kinds,
            butterfly: vec![0; 2 * len * len],
            capture: vec![0; pairs * kinds],
            continuation,
            pairs,
            counter: vec![None; pairs],
        }
    }

    /// Whether these tables fit a board of `len` squares and `kinds` kinds.
    pub(crate) fn fits(&self, len: usize, kinds: usize) -> bool {
        self.len == len && self.kinds == kinds.clamp(1, MAX_KINDS)
    }

    /// The index of a piece (side and kind) on a square.
    #[inline]
    pub(super) fn piece_to(&self, side: usize, kind: usize, to: usize) -> PieceTo {
        (side * self.kinds + kind) * self.len + to
    }

    #[inline]
    fn butterfly_index(&self, side: usize, m: Move) -> usize {
        (side * self.len + m.from()) * self.len + m.to()
    }

    /// A quiet move's worth: its butterfly value and its continuation
    /// values after the moves one and two plies before.
    #[inline]
    pub(super) fn quiet(
        &self,
        side: usize,
        m: Move,
        pt: PieceTo,
        before: [Option<PieceTo>; 2],
    ) -> i32 {
        // Written out, not as `before.into_iter().flatten()`: the iterator
        // compiled to a few hundred instructions a call (a third of the
        // search's time went here).
        let mut score = i32::from(self.butterfly[self.butterfly_index(side, m)]);
        if !self.continuation.is_empty() {
            if let Some(prev) = before[0] {
                score += i32::from(self.continuation[prev * self.pairs + pt]);
            }
            if let Some(prev) = before[1] {
                score += i32::from(self.continuation[prev * self.pairs + pt]);
            }
        }
        score
    }

    /// A capture's worth by its record.
    #[inline]
    pub(super) fn capture(&self, pt: PieceTo, victim: usize) -> i32 {
        i32::from(self.capture[pt * self.kinds + victim])
    }

    /// The quiet move that refuted `prev` last.
    #[inline]
    pub(super) fn counter(&self, prev: Option<PieceTo>) -> Option<Move> {
        prev.and_then(|p| self.counter[p])
    }

    /// A quiet move earned `bonus` (negative: a malus).
    pub(super) fn reward_quiet(
        &mut self,
        side: usize,
        m: Move,
        pt: PieceTo,
        before: [Option<PieceTo>; 2],
        bonus: i32,
    ) {
        let i = self.butterfly_index(side, m);
        nudge(&mut self.butterfly[i], bonus);
        if !self.continuation.is_empty() {
            if let Some(prev) = before[0] {
                nudge(&mut self.continuation[prev * self.pairs + pt], bonus);
            }
            if let Some(prev) = before[1] {
                nudge(&mut self.continuation[prev * self.pairs + pt], bonus);
            }
        }
    }

    /// A capture earned `bonus` (negative: a malus).
    pub(super) fn reward_capture(&mut self, pt: PieceTo, victim: usize, bonus: i32) {
        nudge(&mut self.capture[pt * self.kinds + victim], bonus);
    }

    /// `m` refuted `prev`.
    pub(super) fn set_counter(&mut self, prev: Option<PieceTo>, m: Move) {
        if let Some(p) = prev {
            self.counter[p] = Some(m);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernel::MoveKind;

    #[test]
    fn values_stay_within_their_bound_and_a_malus_undoes_a_bonus() {
        let mut h = History::new(90, 7);
        let m = Move::new(3, 40, MoveKind::Normal);
        let pt = h.piece_to(1, 4, 40);
        let prev = Some(h.piece_to(0, 2, 17));
        for _ in 0..1000 {
            h.reward_quiet(1, m, pt, [prev, None], bonus(20));
        }
        let high = h.quiet(1, m, pt, [prev, None]);
        assert!(high > HISTORY_MAX && high <= 2 * HISTORY_MAX, "{high}");
        // The other side's same move learnt nothing.
        assert_eq!(h.quiet(0, m, pt, [None, None]), 0);
        for _ in 0..1000 {
            h.reward_quiet(1, m, pt, [prev, None], -bonus(20));
        }
        assert!(h.quiet(1, m, pt, [prev, None]) < -HISTORY_MAX);
        h.reward_capture(pt, 3, bonus(4));
        assert!(h.capture(pt, 3) > 0 && h.capture(pt, 2) == 0);
        h.set_counter(prev, m);
        assert_eq!(h.counter(prev), Some(m));
        assert_eq!(h.counter(None), None);
    }

    #[test]
    fn a_large_board_keeps_no_continuation_table() {
        let h = History::new(1000, 6);
        assert!(h.continuation.is_empty());
        assert!(h.fits(1000, 6) && !h.fits(64, 6));
    }
}
