//! Which pieces attack a square, check, and pins.

use super::*;

impl<S: SquareSet> Position<S> {
    /// The pieces of `color` attacking `square`, with these squares occupied.
    pub fn attackers(&self, square: usize, color: Color, occupied: S) -> S {
        let found = self.plain_attackers(square, color, occupied);
        if self.rules.special_any {
            self.special_attackers(square, color, occupied, found)
        } else {
            found
        }
    }

    /// [`Position::attackers`] by leaps, slides and pawns alone: all there
    /// is where the masks apply.
    #[inline]
    pub(super) fn plain_attackers(&self, square: usize, color: Color, occupied: S) -> S {
        let r = self.rules;
        let theirs = self.by_color[color.index()];
        let mut found = S::EMPTY;
        if let Some(pawn) = r.pawn {
            found |= r.pawn_captures[(!color).index()][square] & self.by_kind[pawn.index()];
        }
        let mut leapers = S::Mask::of(r.leapers);
        while leapers.any() {
            let k = leapers.low();
            found |= r.leaps[k * r.len + square] & self.by_kind[k];
            leapers = leapers.without_low();
        }
        found &= theirs;
        // A pawn attacks by its captures only.
        let mut lame = S::Mask::of(r.lame_kinds & !r.pawn.map_or(0, |p| 1 << p.index()));
        while lame.any() {
            let k = lame.low();
            let pieces = self.by_kind[k] & theirs & r.lame_origins[k * r.len + square];
            if pieces.any() {
                for &(from, passed) in &r.lame_in[k][square] {
                    if pieces.contains(from as usize) && (passed & occupied).is_empty() {
                        found |= S::single(from as usize);
                    }
                }
            }
            lame = lame.without_low();
        }
        for (g, (mask, _)) in r.groups.iter().enumerate() {
            let sliders = self.kinds_in(*mask) & theirs & r.lines[g * r.len + square];
            if sliders.any() {
                found |= r.group_attacks(g, square, occupied) & sliders;
            }
        }
        found
    }

    /// Whether a piece of `color` attacks `square` (as [`Self::attackers`],
    /// stopping at the first found).
    pub(super) fn is_attacked(&self, square: usize, color: Color, occupied: S) -> bool {
        let r = self.rules;
        let theirs = self.by_color[color.index()];
        if let Some(pawn) = r.pawn {
            if (r.pawn_captures[(!color).index()][square] & self.by_kind[pawn.index()] & theirs)
                .any()
            {
                return true;
            }
        }
        let mut leapers = S::Mask::of(r.leapers);
        while leapers.any() {
            let k = leapers.low();
            if (r.leaps[k * r.len + square] & self.by_kind[k] & theirs).any() {
                return true;
            }
            leapers = leapers.without_low();
        }
        for (g, (mask, _)) in r.groups.iter().enumerate() {
            let sliders = self.kinds_in(*mask) & theirs & r.lines[g * r.len + square];
            if sliders.any() && (r.group_attacks(g, square, occupied) & sliders).any() {
                return true;
            }
        }
        r.lame_kinds != 0 && self.attackers(square, color, occupied).any()
    }

    /// Every square a piece of `color` attacks, with these squares occupied.
    pub(super) fn attacked_by(&self, color: Color, occupied: S) -> S {
        let r = self.rules;
        let theirs = self.by_color[color.index()];
        let mut map = S::EMPTY;
        for k in 0..r.variant.kinds.len() {
            let kind = Kind(k as u8);
            let pieces = self.by_kind[k] & theirs;
            if Some(kind) == r.pawn {
                for &(delta, from) in &r.pawn_steps[color.index()].captures {
                    map |= (pieces & from).shift(delta);
                }
                continue;
            }
            for from in pieces.squares() {
                map |= r.plain_attacks(kind, color, from, occupied);
            }
        }
        map
    }

    /// The pieces of the kinds in a bit mask, both sides.
    #[inline]
    pub(super) fn kinds_in(&self, mask: u16) -> S {
        let mut set = S::EMPTY;
        let mut m = S::Mask::of(mask);
        while m.any() {
            set |= self.by_kind[m.low()];
            m = m.without_low();
        }
        set
    }

    /// The pieces giving check to the side to move.
    pub fn checkers(&self) -> S {
        match self.royal_square(self.turn) {
            Some(k) => self.attackers(k, !self.turn, self.occupied()),
            None => S::EMPTY,
        }
    }

    /// Whether the side to move is in check.
    pub fn is_check(&self) -> bool {
        self.checkers().any()
    }

    /// The side to move's pieces that stand alone between its royal piece
    /// and an enemy slider moving along that line.
    pub(super) fn pinned(&self, king: usize) -> S {
        let r = self.rules;
        let own = self.by_color[self.turn.index()];
        let theirs = self.by_color[(!self.turn).index()];
        let occupied = own | theirs;
        let mut pinned = S::EMPTY;
        for (g, (mask, _)) in r.groups.iter().enumerate() {
            let sliders = self.kinds_in(*mask) & theirs;
            if sliders.is_empty() {
                continue;
            }
            // The group's sliders on its lines through the king, as if the
            // board were empty: few, and each pins what stands alone between.
            for sniper in (r.lines[g * r.len + king] & sliders).squares() {
                let between = r.between(king, sniper) & occupied;
                if !between.more_than_one() && (between & own).any() {
                    pinned |= between;
                }
            }
        }
        pinned
    }

    /// Where a piece pinned to its king `k` may go: the line from the king
    /// up to the pinner, taking it. Not past it: a leap along the line
    /// (tencubed's champion, D) may not jump the pinner.
    #[cold]
    #[inline(never)]
    pub(super) fn pin_line(&self, k: usize, from: usize, occupied: S) -> S {
        let r = self.rules;
        let d = r.aligned(k, from).expect("a pinned piece is aligned");
        match r.first_blocker(from, d, occupied) {
            Some(pinner) => r.between(k, pinner) | S::single(pinner),
            None => r.ray(k, d),
        }
    }
}
