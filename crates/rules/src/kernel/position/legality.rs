//! Legal moves: the pseudo-legal ones of [`super::generate`] kept or
//! tested as the variant's royalty, blasts and forced captures say.

use super::*;

impl<S: SquareSet> Position<S> {
    /// Whether the pawn on `from` may take en passant: whether its royal
    /// piece is safe once both pawns have moved. Played on a copy's sets
    /// alone (not through [`Position::play_unchecked`], which asks for
    /// this key).
    #[cold]
    pub(super) fn en_passant_is_legal(&self, from: usize) -> bool {
        let r = self.rules;
        let (us, them) = (self.turn, !self.turn);
        if r.variant.royalty != Royalty::Check {
            return true;
        }
        let Some(pawn) = r.pawn else { return false };
        let to = (self.ep & EP_SQUARE) as usize;
        let victim = r.en_passant_victim(them, self.ep);
        let mut after = *self;
        let victim_kind = self.en_passant_kind(pawn, victim);
        let (from, to, victim) = (S::single(from), S::single(to), S::single(victim));
        after.by_color[us.index()] ^= from | to;
        after.by_kind[pawn.index()] ^= from | to;
        after.by_kind[victim_kind.index()] ^= victim;
        after.by_color[them.index()] ^= victim;
        match after.royal_square(us) {
            Some(k) => after.attackers(k, them, after.occupied()).is_empty(),
            None => true,
        }
    }

    /// Every legal move.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves = Vec::with_capacity(64);
        self.generate_legal(&mut moves);
        moves
    }

    /// Whether a move is legal.
    pub fn is_legal(&self, m: Move) -> bool {
        self.legal_moves().contains(&m)
    }

    /// The number of legal moves, counted without listing them where the
    /// masks allow (perft's last ply).
    pub fn count_legal(&self) -> usize {
        if self.rules.masks {
            let mut count = Count(0);
            self.generate_with_masks(&mut count);
            count.0
        } else {
            self.legal_moves().len()
        }
    }

    /// Appends every legal move to `out` (none once the extinction rule or
    /// a goal has ended the game, as Fairy-Stockfish lists none).
    pub fn generate_legal(&self, out: &mut Vec<Move>) {
        let r = self.rules;
        if r.masks {
            self.generate_with_masks(out);
            return;
        }
        // (Games with an extinction rule or goals never take the masks'
        // path.)
        if r.variant.extinction.is_some() && self.extinction().is_some() {
            return;
        }
        if r.variant.goals.any() && self.goal_outcome().is_some() {
            return;
        }
        self.generate_tested(out);
    }

    /// The legal moves by the board, made and tested where a royal piece
    /// or the rule against checks needs it, whatever the game's end.
    pub(super) fn generate_tested(&self, out: &mut Vec<Move>) {
        let r = self.rules;
        if r.variant.royalty == Royalty::Capture {
            // A taken royal piece ends the game: no move follows it.
            if let Some(royal) = r.royal {
                if Color::ALL.iter().any(|&c| self.pieces(c, royal).is_empty()) {
                    return;
                }
            }
        }
        let start = out.len();
        // No piece enters a wall.
        let own = self.by_color[self.turn.index()] | self.walls();
        if r.forms.is_some() {
            self.generate_forms(out);
        } else {
            self.generate_pieces(out, !own, S::EMPTY, None, true);
        }
        self.generate_castling(out);
        if r.drops {
            self.generate_drops(out, !self.occupied());
        }
        if r.variant.goals.pass {
            self.generate_pass(out);
        }
        if let Some(choice) = self.in_place_choice() {
            self.push_in_place_promotions(choice, out);
        }
        if let Some(kinds) = &r.pawn_kinds {
            self.add_pawn_like_moves(kinds, out, start);
        }
        let royal_safe =
            r.variant.royalty == Royalty::Check && self.royal_square(self.turn).is_some();
        if royal_safe || r.no_checks {
            // Lame leapers break the symmetry pins rely on: make and test.
            let mut i = start;
            while i < out.len() {
                if self.legal_after(out[i], royal_safe) {
                    i += 1;
                } else {
                    out.swap_remove(i);
                }
            }
        }
        if let Some(blast) = &r.variant.goals.blast {
            self.keep_blast_legal(blast, out, start);
        }
        if r.variant.goals.must_capture {
            self.keep_captures(out, start);
        }
        if r.variant.goals.makpong {
            self.keep_makpong(out, start);
        }
        if r.variant.goals.bikjang && self.streaks[1] > 0 {
            self.keep_bikjang(out, start);
        }
        if let Some(rule) = &r.variant.goals.royal_kinds {
            self.keep_royal_kinds_safe(rule, out, start);
        }
        if let Some(drops) = r.variant.drops.as_ref().filter(|d| d.placement()) {
            self.keep_placement(drops, out, start);
        }
        if let Some(walling) = &r.walling {
            self.add_walls(walling, out, start);
        }
        if r.enclosure.is_some() {
            self.pass_when_stuck(out, start);
        }
        if r.gating {
            self.add_gates(out, start);
        }
    }

    /// Makpong's rule: a royal piece in check moves only to take its one
    /// checker.
    #[cold]
    pub(super) fn keep_makpong(&self, out: &mut Vec<Move>, start: usize) {
        let Some(king) = self.royal_square(self.turn) else {
            return;
        };
        let checkers = self.checkers();
        if checkers.is_empty() {
            return;
        }
        let mut i = start;
        while i < out.len() {
            let m = out[i];
            if m.from as usize == king && checkers != S::single(m.to as usize) {
                out.swap_remove(i);
            } else {
                i += 1;
            }
        }
    }

    /// Atomic's legality ([`Blast`]): no king takes a king where kings are
    /// mutually immune; where the extinction rule's pieces are
    /// pseudo-royal, none of the mover's may be blown up, nor left (or
    /// castle through) attacked unless it touches one of the other side's
    /// or the move blew one of those up.
    #[cold]
    pub(super) fn keep_blast_legal(&self, blast: &Blast, out: &mut Vec<Move>, start: usize) {
        let mut i = start;
        while i < out.len() {
            if self.blast_legal(blast, out[i]) {
                i += 1;
            } else {
                out.swap_remove(i);
            }
        }
    }

    pub(super) fn blast_legal(&self, blast: &Blast, m: Move) -> bool {
        let (us, them) = (self.turn, !self.turn);
        if !blast.mutually_immune.is_empty() && matches!(m.kind, MoveKind::Normal) {
            if let (Some(a), Some(b)) = (self.kind_at(m.from()), self.kind_at(m.to())) {
                if a == b
                    && self.by_color[them.index()].contains(m.to())
                    && blast.mutually_immune.contains(&a)
                {
                    return false;
                }
            }
        }
        if !blast.pseudo_royal {
            return true;
        }
        let own = self.pseudo_royals(us);
        let theirs = self.pseudo_royals(them);
        let touching = |square: usize, theirs: S| (self.rules.blast_zone[square] & theirs).any();
        if let MoveKind::Castle(c) = m.kind {
            let rule = &self.rules.variant.castling[c as usize];
            if own.contains(rule.king_from) {
                let occupied = self.occupied() ^ S::single(rule.king_from);
                let (from, to) = (rule.king_from, rule.king_to);
                let mut square = from;
                loop {
                    if square == to && from != to {
                        break;
                    }
                    if !touching(square, theirs) && self.attackers(square, them, occupied).any() {
                        return false;
                    }
                    if square == to {
                        break;
                    }
                    square = if to > from { square + 1 } else { square - 1 };
                }
            }
        }
        let mut after = *self;
        after.play_unchecked(m);
        let (before, kinds) = (self.extinction_kinds(), after.extinction_kinds());
        // Its own blown up: fewer of them.
        if (after.by_color[us.index()] & kinds).count()
            < (self.by_color[us.index()] & before).count()
            && own.any()
        {
            return false;
        }
        let theirs_after = after.by_color[them.index()] & kinds;
        if (theirs & !theirs_after).any() {
            return true;
        }
        let own_royal_after = after.pseudo_royals(us);
        let theirs_royal_after = after.pseudo_royals(them);
        own_royal_after.squares().all(|square| {
            touching(square, theirs_royal_after)
                || after.attackers(square, them, after.occupied()).is_empty()
        })
    }

    /// The squares of the extinction rule's kinds.
    pub(super) fn extinction_kinds(&self) -> S {
        self.rules
            .variant
            .extinction
            .iter()
            .flat_map(|e| &e.kinds)
            .fold(S::EMPTY, |set, k| set | self.by_kind[k.index()])
    }

    /// `color`'s pseudo-royal pieces: of each kind the extinction rule
    /// watches, its pieces where it has no more than one more than the
    /// rule's count of it (atomic: its king).
    pub(super) fn pseudo_royals(&self, color: Color) -> S {
        let Some(rule) = &self.rules.variant.extinction else {
            return S::EMPTY;
        };
        let own = self.by_color[color.index()];
        rule.kinds
            .iter()
            .map(|k| own & self.by_kind[k.index()])
            .filter(|set| set.count() <= rule.count + 1)
            .fold(S::EMPTY, |all, set| all | set)
    }

    /// Whether the side to move's pseudo-royal piece is attacked, not
    /// touching one of the other side's (atomic's check).
    pub(super) fn pseudo_royal_attacked(&self) -> bool {
        let (us, them) = (self.turn, !self.turn);
        let theirs = self.pseudo_royals(them);
        self.pseudo_royals(us).squares().any(|square| {
            (self.rules.blast_zone[square] & theirs).is_empty()
                && self.attackers(square, them, self.occupied()).any()
        })
    }

    /// Where a capture is among the moves from `start` on, keeps only the
    /// captures (`mustCapture`): en passant is one, castling is not.
    #[cold]
    pub(super) fn keep_captures(&self, out: &mut Vec<Move>, start: usize) {
        let them = self.by_color[(!self.turn).index()];
        let takes = |m: &Move| {
            m.kind == MoveKind::EnPassant
                || (matches!(m.kind, MoveKind::Normal | MoveKind::DoubleStep)
                    && them.contains(m.to()))
        };
        if out[start..].iter().any(takes) {
            let mut i = start;
            while i < out.len() {
                if takes(&out[i]) {
                    i += 1;
                } else {
                    out.swap_remove(i);
                }
            }
        }
    }

    /// Whether a move leaves the mover's royal piece safe (where
    /// `royal_safe`) and, where no move may give check, gives none.
    pub(super) fn legal_after(&self, m: Move, royal_safe: bool) -> bool {
        let mut after = *self;
        after.play_unchecked(m);
        let attacked = |color: Color| match after.royal_square(color) {
            Some(k) => after.attackers(k, !color, after.occupied()).any(),
            None => false,
        };
        let exposed = royal_safe && attacked(self.turn);
        let gives_check = self.rules.no_checks && attacked(!self.turn);
        !exposed && !gives_check
    }

    /// Appends the legal moves that take a piece or promote: the moves a
    /// capture search follows. Where every move by a piece's rules is legal
    /// and no pawn can promote or take en passant (capture royalty without
    /// pawns, as in Duck Chess), only the captures are generated; elsewhere
    /// the legal moves are filtered.
    pub fn generate_captures(&self, out: &mut Vec<Move>) {
        let r = self.rules;
        if r.variant.royalty == Royalty::Capture
            && r.pawn.is_none()
            && r.variant.extinction.is_none()
            && r.variant.castling.is_empty()
        {
            if let Some(royal) = r.royal {
                if Color::ALL.iter().any(|&c| self.pieces(c, royal).is_empty()) {
                    return;
                }
            }
            let them = self.by_color[(!self.turn).index()];
            self.generate_pieces(out, them, S::EMPTY, None, true);
            return;
        }
        let start = out.len();
        self.generate_legal(out);
        let them = self.by_color[(!self.turn).index()];
        let mut i = start;
        while i < out.len() {
            let m = out[i];
            if m.kind == MoveKind::EnPassant || m.promotion.is_some() || them.contains(m.to()) {
                i += 1;
            } else {
                out.swap_remove(i);
            }
        }
    }

    pub(crate) fn leaves_royal_safe(&self, m: Move) -> bool {
        let mut after = *self;
        after.play_board(m);
        match after.royal_square(self.turn) {
            Some(k) => after.attackers(k, after.turn, after.occupied()).is_empty(),
            None => true,
        }
    }
}
