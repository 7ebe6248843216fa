//! Pseudo-legal moves: pieces, pawns, drops and castling, into a list or
//! a counter (perft's last ply).

use super::*;

/// Where generation puts moves: a list, or a counter for perft's last ply.
pub(crate) trait Sink<S: SquareSet> {
    /// Whether the sink only counts: generation may then count many moves
    /// at once with [`Sink::add`] instead of listing them.
    const COUNTING: bool = false;
    /// One move.
    fn push(&mut self, m: Move);
    /// Normal moves from one square to each square of a set.
    fn push_all(&mut self, from: usize, targets: S);
    /// `n` moves, when [`Sink::COUNTING`].
    fn add(&mut self, n: usize) {
        debug_assert!(Self::COUNTING, "only a counting sink adds");
        let _ = n;
    }
}

impl<S: SquareSet> Sink<S> for Vec<Move> {
    #[inline]
    fn push(&mut self, m: Move) {
        Vec::push(self, m);
    }
    #[inline]
    fn push_all(&mut self, from: usize, targets: S) {
        self.extend(
            targets
                .squares()
                .map(|to| Move::new(from, to, MoveKind::Normal)),
        );
    }
}

/// Above this many steps, the royal piece's steps are tested against the
/// map of attacked squares rather than one by one.
const KING_STEPS_BY_MAP: u32 = 3;

/// Counts moves instead of listing them.
pub(super) struct Count(pub(super) usize);

impl<S: SquareSet> Sink<S> for Count {
    const COUNTING: bool = true;
    #[inline]
    fn add(&mut self, n: usize) {
        self.0 += n;
    }
    #[inline]
    fn push(&mut self, _: Move) {
        self.0 += 1;
    }
    #[inline]
    fn push_all(&mut self, _: usize, targets: S) {
        self.0 += targets.count() as usize;
    }
}

impl<S: SquareSet> Position<S> {
    pub(super) fn generate_with_masks<O: Sink<S>>(&self, out: &mut O) {
        let r = self.rules;
        let us = self.turn;
        let own = self.by_color[us.index()];
        let occupied = self.occupied();
        let Some(king) = self.royal_square(us) else {
            self.generate_pieces(out, !own, S::EMPTY, None, true);
            if r.drops {
                self.generate_drops(out, !occupied);
            }
            return;
        };
        let royal = r.royal.expect("a royal square means a royal kind");
        // Masks mean no special rules: the plain attackers are all.
        let checkers = self.plain_attackers(king, !us, occupied);
        // The king may not step along a checking ray away from a slider, so
        // it is tested with itself removed.
        let without_king = occupied ^ S::single(king);
        let steps = r.plain_attacks(royal, us, king, occupied) & !own;
        // Testing each step costs a lookup per kind; a king with many steps
        // (a 4-axis board gives it up to 80) is cheaper served by the map of
        // every square the other side attacks.
        let safe = if steps.count() > KING_STEPS_BY_MAP {
            steps & !self.attacked_by(!us, without_king)
        } else {
            steps
                .squares()
                .filter(|&to| !self.is_attacked(to, !us, without_king))
                .fold(S::EMPTY, |safe, to| safe | S::single(to))
        };
        out.push_all(king, safe);
        if checkers.more_than_one() {
            return;
        }
        let target = match checkers.first() {
            None => !own,
            Some(c) => {
                let kind = self.kind_at(c).expect("a checker stands on the board");
                match r.aligned(king, c) {
                    Some(d) if r.dir_kinds[d] >> kind.index() & 1 == 1 => {
                        r.between(king, c) | S::single(c)
                    }
                    _ => S::single(c),
                }
            }
        };
        let pinned = self.pinned(king);
        self.generate_pieces(out, target, pinned, Some(king), false);
        if checkers.is_empty() {
            self.generate_castling(out);
        }
        if r.drops {
            // A drop never uncovers the king: it blocks a check or not.
            self.generate_drops(out, target & !occupied);
        }
    }

    /// Drops of every kind in the side to move's hand onto `target`
    /// within the kind's drop region.
    #[cold]
    pub(super) fn generate_drops<O: Sink<S>>(&self, out: &mut O, target: S) {
        let r = self.rules;
        if r.gating && self.gated_only() {
            return;
        }
        let c = self.turn.index();
        let target = match &r.enclosure {
            Some(enclosure) => target & self.enclosing_targets(enclosure),
            None => target,
        };
        for k in 0..r.variant.kinds.len() {
            if self.hands[c][k] == 0 && !(r.free_drops && r.royal != Some(Kind(k as u8))) {
                continue;
            }
            let mut squares = target & r.drop_region[c][k];
            let mut promoted = false;
            if let Some(forms) = &r.forms {
                squares = self.undoubled(Kind(k as u8), squares);
                promoted = forms.turning.drop_promoted && forms.promotes(Kind(k as u8));
            }
            if O::COUNTING {
                out.add(squares.count() as usize * (1 + usize::from(promoted)));
            } else {
                for to in squares.squares() {
                    out.push(Move::drop(Kind(k as u8), to));
                    if promoted {
                        out.push(Move {
                            promotion: Some(Kind(k as u8)),
                            ..Move::drop(Kind(k as u8), to)
                        });
                    }
                }
            }
        }
    }

    /// Moves of every non-royal piece (and the royal one when
    /// `with_royal`) onto `target`, pinned pieces kept on their line to
    /// `king`. En passant is tested by making it unless `with_royal` (the
    /// caller then tests every move).
    pub(super) fn generate_pieces<O: Sink<S>>(
        &self,
        out: &mut O,
        target: S,
        pinned: S,
        king: Option<usize>,
        with_royal: bool,
    ) {
        let r = self.rules;
        let us = self.turn;
        let own = self.by_color[us.index()];
        let occupied = self.occupied();
        // Small, so that it is inlined where most pieces are not pinned.
        let line = |from: usize| -> S {
            match king {
                Some(k) if pinned.contains(from) => self.pin_line(k, from, occupied),
                _ => !S::EMPTY,
            }
        };
        // The kinds to visit, in order, as a mask: the royal one only
        // `with_royal`.
        let mut kinds = r.kinds_mask;
        if let (Some(royal), false) = (r.royal, with_royal) {
            kinds &= !(1 << royal.index());
        }
        while kinds != 0 {
            let k = kinds.trailing_zeros() as usize;
            kinds &= kinds - 1;
            let kind = Kind(k as u8);
            let pieces = self.by_kind[k] & own;
            if pieces.is_empty() {
                continue;
            }
            if Some(kind) == r.pawn {
                if r.pawn_ways.is_some() {
                    self.generate_pawn_ways(out, pieces, target, &line, !with_royal);
                    continue;
                }
                if O::COUNTING && !with_royal {
                    let free = pieces & !pinned;
                    out.add(self.count_pawns(free, target));
                    self.generate_pawns(out, pieces & pinned, target, &line, true);
                } else {
                    self.generate_pawns(out, pieces, target, &line, !with_royal);
                }
                if r.special_kinds >> k & 1 == 1 {
                    self.generate_pawn_quiet_steps(out, pieces, target, &line);
                }
                continue;
            }
            if r.special_kinds >> k & 1 == 1 {
                // A janggi cannon neither jumps nor takes its own kind.
                let barred = self.by_kind[k] & occupied;
                for from in pieces.squares() {
                    let set = r.plain_attacks(kind, us, from, occupied);
                    let set = r.special_attacks(k, us, from, occupied, set, barred);
                    out.push_all(from, set & !own & target & line(from));
                }
                continue;
            }
            // Pieces no pin holds first, with no line to test.
            let to = !own & target;
            for from in (pieces & !pinned).squares() {
                out.push_all(from, r.piece_attacks(k, from, occupied) & to);
            }
            for from in (pieces & pinned).squares() {
                out.push_all(from, r.piece_attacks(k, from, occupied) & to & line(from));
            }
        }
    }

    /// The number of legal moves of pawns no pin holds, all at once: each
    /// step is one shift of the whole set. En passant is made and tested.
    pub(super) fn count_pawns(&self, pawns: S, target: S) -> usize {
        let r = self.rules;
        let c = self.turn.index();
        let steps = &r.pawn_steps[c];
        let empty = !self.occupied();
        let enemy = self.by_color[1 - c];
        let zone = r.promotion_zone[c];
        let promotions = r.promotions[c].len();
        let weigh =
            |to: S| (to & !zone).count() as usize + (to & zone).count() as usize * promotions;
        let single = (pawns & steps.push_from).shift(steps.forward) & empty;
        let double = ((pawns & steps.double_from).shift(steps.forward) & empty)
            .shift(steps.forward)
            & empty
            & target;
        let mut n = weigh(single & target)
            + if steps.double_promotes {
                weigh(double)
            } else {
                double.count() as usize
            };
        for &(delta, from) in &steps.captures {
            n += weigh((pawns & from).shift(delta) & enemy & target);
        }
        if self.ep != NONE {
            let ep = self.ep as usize;
            for from in (r.pawn_captures[1 - c][ep] & pawns).squares() {
                if self.leaves_royal_safe(Move::new(from, ep, MoveKind::EnPassant)) {
                    n += 1;
                }
            }
        }
        n
    }

    pub(super) fn generate_pawns<O: Sink<S>>(
        &self,
        out: &mut O,
        pawns: S,
        target: S,
        line: &dyn Fn(usize) -> S,
        test_ep: bool,
    ) {
        let r = self.rules;
        let c = self.turn.index();
        let occupied = self.occupied();
        let enemy = self.by_color[1 - c];
        let zone = r.promotion_zone[c];
        let promotions = &r.promotions[c];
        for from in pawns.squares() {
            let allowed = target & line(from);
            let push = r.pawn_push[c][from];
            let mut plain = S::EMPTY;
            if push != NONE && !occupied.contains(push as usize) {
                plain |= S::single(push as usize);
                let double = r.pawn_double[c][from];
                if double != NONE
                    && !occupied.contains(double as usize)
                    && allowed.contains(double as usize)
                {
                    if r.pawn_steps[c].double_promotes && zone.contains(double as usize) {
                        // Torpedo: a double step into the zone promotes
                        // (and allows no en passant). Not through `plain`,
                        // whose targets promote all or none: the single
                        // step beside it stays outside the zone.
                        for &p in promotions {
                            out.push(Move::promoting(from, double as usize, p));
                        }
                    } else {
                        out.push(Move::new(from, double as usize, MoveKind::DoubleStep));
                    }
                }
            }
            let captures = r.pawn_captures[c][from];
            plain = (plain | (captures & enemy)) & allowed;
            if (plain & zone).is_empty() {
                out.push_all(from, plain);
            } else if !self.push_promotion_choices(out, from, plain) {
                // A zone of squares, not ranks (troitzky): targets beside
                // it need not promote.
                out.push_all(from, plain & !zone);
                for to in (plain & zone).squares() {
                    for &p in promotions {
                        out.push(Move::promoting(from, to, p));
                    }
                }
            }
            if self.ep != NONE && captures.contains(self.ep as usize) {
                let m = Move::new(from, self.ep as usize, MoveKind::EnPassant);
                // Taking en passant empties two squares of a line at once:
                // only playing it shows whether the king is exposed.
                if !test_ep || self.leaves_royal_safe(m) {
                    out.push(m);
                }
            }
        }
    }

    pub(super) fn generate_castling(&self, out: &mut impl Sink<S>) {
        let r = self.rules;
        let us = self.turn;
        if self.castling & r.castling_rights[us.index()] == 0 {
            return;
        }
        let occupied = self.occupied();
        for (i, rule) in r.variant.castling.iter().enumerate() {
            if self.castling >> i & 1 == 0 || rule.color != us {
                continue;
            }
            if rule.first_move {
                self.push_first_leaps(rule, out);
                continue;
            }
            let rest = occupied ^ S::single(rule.king_from) ^ S::single(rule.rook_from);
            if (r.castle_empty[i] & rest).any() {
                continue;
            }
            let without_king = occupied ^ S::single(rule.king_from);
            if r.castle_safe[i]
                .squares()
                .any(|s| self.attackers(s, !us, without_king).any())
            {
                continue;
            }
            out.push(Move::new(
                rule.king_from,
                rule.move_to(),
                MoveKind::Castle(i as u8),
            ));
        }
    }
}
