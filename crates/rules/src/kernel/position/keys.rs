//! A position's hash key, and what it keeps beside the board: pieces in
//! hand, checks still to give, the marks of promoted pieces.

use super::*;

impl<S: SquareSet> Position<S> {
    pub(super) fn compute_key(&self) -> u64 {
        let r = self.rules;
        let mut key = 0;
        for square in (self.by_color[0] | self.by_color[1]).squares() {
            let piece = self.piece_at(square).expect("an occupied square");
            key ^= self.piece_key(piece.color, piece.kind, square);
        }
        for square in self.walls().squares() {
            key ^= self.wall_key(square);
        }
        if self.turn == Color::Black {
            key ^= r.black_key;
        }
        if r.drops {
            for color in Color::ALL {
                for k in 0..<S::Hand as PerKind<u8>>::LEN {
                    key ^= self.hand_key(color, Kind(k as u8), self.hands[color.index()][k]);
                }
            }
        }
        if r.check_counting {
            for color in Color::ALL {
                key ^= self.check_key(color);
            }
        }
        if r.forms.is_some() {
            for square in self.marks().squares() {
                key ^= self.mark_key(square);
            }
        }
        key ^ r.castling_keys[self.castling as usize] ^ self.ep_key()
    }

    /// A side's checks still to give, as its share of the key (n-check).
    #[inline]
    pub(super) fn check_key(&self, color: Color) -> u64 {
        let n = self.checks[color.index()];
        self.rules.check_keys[color.index()].rotate_left(u32::from(n))
    }

    /// The checks `color` has still to give to win, in an n-check game
    /// (0 in any other).
    pub fn checks_to_give(&self, color: Color) -> u32 {
        u32::from(self.checks[color.index()])
    }

    /// A hand's share of the key: 0 when empty, else the kind's key
    /// rotated by the count.
    #[inline]
    pub(super) fn hand_key(&self, color: Color, kind: Kind, count: u8) -> u64 {
        match count {
            0 => 0,
            n => self.rules.hand_keys[color.index()][kind.index()].rotate_left(u32::from(n)),
        }
    }

    /// Adds one piece to (`add`) or takes one from a hand.
    #[inline]
    pub(in crate::kernel) fn change_hand(&mut self, color: Color, kind: Kind, add: bool) {
        let count = &mut self.hands[color.index()][kind.index()];
        let old = *count;
        *count = if add { old.saturating_add(1) } else { old - 1 };
        let new = *count;
        self.key ^= self.hand_key(color, kind, old) ^ self.hand_key(color, kind, new);
    }

    /// How many pieces of a kind a side holds in hand.
    pub fn in_hand(&self, color: Color, kind: Kind) -> u32 {
        u32::from(self.hands[color.index()][kind.index()])
    }

    /// Whether the piece on a square is a promoted one (games whose
    /// captures go to hand track it).
    pub fn is_promoted(&self, square: usize) -> bool {
        self.rules.marks && self.marks().contains(square)
    }

    /// The squares of the promoted pieces (games whose captures go to
    /// hand track them).
    pub(crate) fn promoted_set(&self) -> S {
        if self.rules.marks {
            self.marks()
        } else {
            S::EMPTY
        }
    }

    /// The marks of the promoted pieces, whatever the game: in the spare
    /// set where positions of this width carry one, else in the last
    /// kind's set.
    #[inline]
    pub(in crate::kernel) fn marks(&self) -> S {
        if <S::Spare as Spare<S>>::ANY {
            self.spare.get()
        } else {
            self.by_kind[promoted_slot::<S>()]
        }
    }

    /// Marks or unmarks `square` in [`Position::marks`].
    #[inline]
    pub(in crate::kernel) fn flip_mark(&mut self, square: usize) {
        if <S::Spare as Spare<S>>::ANY {
            let marks = self.spare.get() ^ S::single(square);
            self.spare.put(marks);
        } else {
            self.by_kind[promoted_slot::<S>()] ^= S::single(square);
        }
    }

    /// A promoted piece's share of the key, in a game of shogi's
    /// promotions.
    #[inline]
    pub(super) fn mark_key(&self, square: usize) -> u64 {
        self.piece_key(Color::Black, Kind(promoted_slot::<S>() as u8), square)
            .rotate_left(29)
    }

    /// After a move of a game whose captures go to hand: a promoted
    /// piece's mark goes with it, and a promotion marks its square (out of
    /// line, so that chess's moves pay nothing for it).
    #[cold]
    #[inline(never)]
    pub(super) fn move_marks(&mut self, m: Move) {
        let (from, to) = (m.from(), m.to());
        let marked = self.marks().contains(from);
        if marked {
            self.flip_promoted(from);
            self.flip_promoted(to);
        }
        // A promotion marks the piece; a promoted piece's turns it back
        // (Kyoto shogi's demotion).
        if m.promotion.is_some() {
            self.flip_promoted(to);
        }
    }

    /// Marks or unmarks the piece on `square` as promoted, in a game of
    /// shogi's promotions also in the key (a promoted piece moves as
    /// another).
    #[cold]
    pub(super) fn flip_promoted(&mut self, square: usize) {
        self.flip_mark(square);
        if self.rules.forms.is_some() {
            self.key ^= self.mark_key(square);
        }
    }

    #[inline]
    pub(in crate::kernel) fn piece_key(&self, color: Color, kind: Kind, square: usize) -> u64 {
        self.rules.piece_keys
            [(color.index() * MAX_KINDS + kind.index()) * self.rules.len() + square]
    }

    /// No en passant square (a wall stands on it).
    pub(in crate::kernel) fn clear_en_passant(&mut self) {
        self.ep = NONE;
    }

    /// The en passant square counts for repetition only when the side to
    /// move can take there (FIDE Laws 9.2.3): a pawn beside the one that
    /// passed it, and the capture legal.
    #[inline(always)]
    pub(in crate::kernel) fn ep_key(&self) -> u64 {
        let r = self.rules;
        match (self.ep, r.pawn) {
            (NONE, _) | (_, None) => 0,
            (ep, Some(pawn)) => {
                let ep = ep & EP_SQUARE;
                let takers = r.pawn_captures[(!self.turn).index()][ep as usize]
                    & self.pieces(self.turn, pawn);
                if takers.squares().any(|from| self.en_passant_is_legal(from)) {
                    r.ep_keys[ep as usize]
                } else {
                    0
                }
            }
        }
    }
}
