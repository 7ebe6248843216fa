//! Making a move: the board, hands, marks, blasts, clocks and key.

use super::*;

/// A move that is not legal in the position.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Error)]
#[error("illegal move {0:?}")]
pub struct IllegalMove(pub Move);

impl<S: SquareSet> Position<S> {
    #[inline]
    pub(in crate::kernel) fn toggle(&mut self, color: Color, kind: Kind, square: usize) {
        let bit = S::single(square);
        self.by_color[color.index()] ^= bit;
        self.by_kind[kind.index()] ^= bit;
        self.key ^= self.piece_key(color, kind, square);
    }

    /// Plays a move without checking it is legal (it must be, or at least
    /// pseudo-legal: the caller's promise); returns the piece taken.
    #[inline]
    pub fn play_unchecked(&mut self, m: Move) -> Option<Piece> {
        let captured = self.play_board(m);
        if self.rules.after_move {
            self.after_move(m, captured.is_some());
        }
        captured
    }

    /// What follows a move besides the board's change: a capture's blast
    /// (atomic), then a check counted (n-check).
    #[cold]
    pub(super) fn after_move(&mut self, m: Move, captured: bool) {
        if captured {
            if let Some(blast) = &self.rules.variant.goals.blast {
                self.blast(blast, m.to());
            }
            if let Some(rule) = &self.rules.variant.goals.petrify {
                self.petrify(rule, m);
            }
        }
        if self.rules.check_counting {
            self.count_check();
        }
        if let Some(enclosure) = &self.rules.enclosure {
            if !self.is_pass(m) {
                self.flip_enclosed(enclosure, m.to());
            }
        }
        let goals = &self.rules.variant.goals;
        if goals.pass || goals.bikjang || goals.enclosing.is_some() {
            self.track_streaks(m);
        }
        if self.rules.tracks_drops {
            self.track_drop(m);
        }
        if self.castling != 0 {
            self.lose_aimed_rights(m);
        }
        if m.wall.is_some() {
            self.place_wall(m);
        }
        if self.rules.gating {
            self.gate(m);
        }
        if let Some(kinds) = &self.rules.pawn_kinds {
            if self.pawn_like_restarts(kinds, m) {
                self.halfmove = 0;
            }
        }
        // Fairy-Stockfish's clock starts again on shogi's promotions too
        // (the games that have them never take the masks' path, which
        // plays the board alone), where no promotion can be undone.
        if m.promotion.is_some()
            && self
                .rules
                .forms
                .as_ref()
                .is_some_and(|f| !f.turning.demotion)
        {
            self.halfmove = 0;
        }
    }

    /// A capture on `to` blows up the piece there (the captor) and every
    /// piece a king's step away but pawns, each unless immune; castling
    /// rights go with the pieces.
    pub(super) fn blast(&mut self, blast: &Blast, to: usize) {
        let r = self.rules;
        let pawns = r.pawn.map_or(S::EMPTY, |p| self.by_kind[p.index()]);
        let immune = blast
            .immune
            .iter()
            .fold(S::EMPTY, |set, k| set | self.by_kind[k.index()]);
        let zone = ((r.blast_zone[to] & !pawns) | S::single(to)) & self.occupied() & !immune;
        self.key ^= r.castling_keys[self.castling as usize];
        for square in zone.squares() {
            let color = if self.by_color[0].contains(square) {
                Color::White
            } else {
                Color::Black
            };
            let kind = self.kind_at(square).expect("an occupied square");
            self.toggle(color, kind, square);
            self.castling &= !r.castling_loss[square];
        }
        self.key ^= r.castling_keys[self.castling as usize];
    }

    /// [`Position::play_unchecked`] but for the checks an n-check game
    /// counts: what the masks' path plays (its games count none), so that
    /// chess's perft pays nothing for the count.
    pub(crate) fn play_board(&mut self, m: Move) -> Option<Piece> {
        let r = self.rules;
        let us = self.turn;
        let them = !us;
        let (from, to) = (m.from(), m.to());
        self.key ^= r.castling_keys[self.castling as usize] ^ self.ep_key();
        if let MoveKind::Drop(kind) = m.kind {
            self.play_drop(kind, to);
            if m.promotion.is_some() {
                // Dropped promoted (Kyoto shogi's `+N@c3`).
                self.flip_promoted(to);
            }
            return None;
        }
        let moving = self.kind_at(from).expect("a piece on the move's origin");
        let mut captured = None;
        match m.kind {
            MoveKind::Castle(i) => {
                let rule = &r.variant.castling[i as usize];
                self.toggle(us, moving, rule.king_from);
                self.toggle(us, rule.rook, rule.rook_from);
                self.toggle(us, moving, rule.king_to);
                self.toggle(us, rule.rook, rule.rook_to);
            }
            MoveKind::EnPassant => {
                let pawn = r.pawn.expect("en passant needs pawns");
                let victim = r.en_passant_victim(them, self.ep);
                // Or a pawn-like piece that double-stepped (wolf's sergeant).
                let kind = self.en_passant_kind(pawn, victim);
                self.toggle(them, kind, victim);
                captured = Some(Piece { color: them, kind });
                if r.captures_to_hand {
                    self.change_hand(us, kind, true);
                }
                self.toggle(us, moving, from);
                self.toggle(us, moving, to);
            }
            MoveKind::Drop(_) => unreachable!("drops are played above"),
            MoveKind::Normal | MoveKind::DoubleStep => {
                // Most moves take nothing: one test spares the search by kind.
                // A pass (janggi: the royal piece to its own square) takes
                // nothing.
                if self.occupied().contains(to) && from != to {
                    let color = if self.by_color[0].contains(to) {
                        Color::White
                    } else {
                        Color::Black
                    };
                    let kind = self.kind_at(to).expect("an occupied square");
                    self.toggle(color, kind, to);
                    captured = Some(Piece { color, kind });
                    if r.capture_extra {
                        self.capture_to_hand(kind, to);
                    }
                }
                self.toggle(us, moving, from);
                self.toggle(us, m.promotion.unwrap_or(moving), to);
                if r.marks {
                    self.move_marks(m);
                }
            }
        }
        let pawn_restarts = Some(moving) == r.pawn
            && (r.variant.draws.pawn_clock == PawnClock::Every || r.pawn_move_restarts(us, m));
        self.halfmove = if captured.is_some() || pawn_restarts {
            0
        } else {
            // Notation may give any u32: the clock stops at the top.
            self.halfmove.saturating_add(1)
        };
        self.castling &= !(r.castling_loss[from] | r.castling_loss[to]);
        self.ep = match m.kind {
            MoveKind::DoubleStep if r.pawn_ways.is_some() => r.way_en_passant(us, from, to),
            MoveKind::DoubleStep => r.pawn_ep[us.index()][from],
            _ => NONE,
        };
        if us == Color::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.turn = them;
        self.key ^= r.black_key ^ r.castling_keys[self.castling as usize] ^ self.ep_key();
        captured
    }

    /// After a move of an n-check game: a check given counts, one fewer for
    /// the side that gave it to give.
    #[cold]
    pub(super) fn count_check(&mut self) {
        let giver = !self.turn;
        if self.is_check() {
            self.key ^= self.check_key(giver);
            let n = &mut self.checks[giver.index()];
            *n = n.saturating_sub(1);
            self.key ^= self.check_key(giver);
        }
    }

    /// The piece of `kind` taken on `square` goes to the mover's hand, its
    /// colour changed: a promoted one as a pawn (where captures go to
    /// hand; in bughouse only its mark goes).
    #[cold]
    pub(super) fn capture_to_hand(&mut self, kind: Kind, square: usize) {
        let us = self.turn;
        let kind = if self.rules.marks && self.marks().contains(square) {
            self.flip_promoted(square);
            // Shogi's promoted pieces keep their kind; crazyhouse's were
            // pawns.
            match self.rules.forms {
                Some(_) => kind,
                None => self.rules.pawn.unwrap_or(kind),
            }
        } else {
            kind
        };
        if self.rules.captures_to_hand {
            self.change_hand(us, kind, true);
        }
    }

    /// The rest of [`Position::play_unchecked`] for a drop (the castling
    /// and en passant keys already taken out): the piece leaves the hand
    /// for `to`; the half-move clock starts again, as Fairy-Stockfish's.
    pub(super) fn play_drop(&mut self, kind: Kind, to: usize) {
        let r = self.rules;
        let us = self.turn;
        if !r.free_drops {
            self.change_hand(us, kind, false);
        }
        self.toggle(us, kind, to);
        if r.variant.drops.as_ref().is_some_and(|d| d.castling_dropped) {
            self.castling |= self.dropped_castling(us, to);
        }
        self.halfmove = 0;
        self.ep = NONE;
        if us == Color::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.turn = !us;
        self.key ^= r.black_key ^ r.castling_keys[self.castling as usize] ^ self.ep_key();
    }

    /// The same placement with the other side to move, as if the side to
    /// move passed: no en passant, the clocks untouched. Not a move of any
    /// game: the search's null move, to test whether a position is so good
    /// that even a free move for the other side does not save it.
    pub fn null_move(&self) -> Position<S> {
        let mut p = *self;
        p.key ^= self.ep_key();
        p.ep = NONE;
        p.turn = !self.turn;
        p.key ^= self.rules.black_key;
        p
    }

    /// Plays a legal move and tells what happened.
    ///
    /// ```
    /// use duckchess_rules::kernel::{Move, MoveKind, Position};
    /// let mut p = Position::new(duckchess_rules::variants::chess::rules());
    /// let played = p.play(Move::new(12, 28, MoveKind::DoubleStep)).unwrap();
    /// assert_eq!((played.captured, played.check), (None, false));
    /// assert!(p.play(Move::new(12, 28, MoveKind::DoubleStep)).is_err());
    /// ```
    pub fn play(&mut self, m: Move) -> Result<Played, IllegalMove> {
        if !self.is_legal(m) {
            return Err(IllegalMove(m));
        }
        let piece = match m.kind {
            MoveKind::Drop(kind) => Piece {
                color: self.turn,
                kind,
            },
            _ => self.piece_at(m.from()).expect("a legal move has a piece"),
        };
        let captured = self.play_unchecked(m);
        Ok(Played {
            piece,
            captured,
            check: self.is_check(),
        })
    }
}
