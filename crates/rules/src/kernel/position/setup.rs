//! A position as plain data ([`Setup`]) and back, with the checks that make
//! a setup a position of its variant.

use super::*;

/// A position as plain data, for notation readers and writers: build one,
/// then [`Position::from_setup`] checks it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The piece on each square.
    pub board: Vec<Option<Piece>>,
    /// The side to move.
    pub turn: Color,
    /// Bit `i` set: castling by rule `i` of the variant is still allowed.
    pub castling: u8,
    /// The square a pawn just passed by a double step.
    pub en_passant: Option<usize>,
    /// Plies since the last capture or pawn move.
    pub halfmove: u32,
    /// The move number, starting at 1 and increased after Black's move.
    pub fullmove: u32,
    /// Pieces in hand: `hands[color][kind]` (games with drops).
    pub hands: [[u8; MAX_KINDS]; 2],
    /// The squares of promoted pieces, which go to a hand as pawns when
    /// taken (games whose captures go to hand; FEN's `~`).
    pub promoted: Vec<usize>,
    /// The checks each side has still to give to win (n-check games;
    /// FEN's `3+3`).
    pub checks: [u8; 2],
    /// The walled squares (games with walls; FEN's `*`).
    pub walls: Vec<usize>,
    /// The squares holding a gate (games with gating; FEN's castling
    /// field's files, `BCDFG`).
    pub gates: Vec<usize>,
}

impl Setup {
    /// An empty board of `len` squares, White to move.
    pub fn empty(len: usize) -> Setup {
        Setup {
            board: vec![None; len],
            turn: Color::White,
            castling: 0,
            en_passant: None,
            halfmove: 0,
            fullmove: 1,
            hands: [[0; MAX_KINDS]; 2],
            promoted: Vec::new(),
            checks: [0; 2],
            walls: Vec::new(),
            gates: Vec::new(),
        }
    }
}

/// Why a setup is not a position of the variant. Its `Display` names no
/// square; [`PositionError::describe`] says the same with the game's square
/// names, as the notation readers report it.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PositionError {
    /// A wall in a game without walls, off the board, or on a piece.
    #[error("no wall can stand on square {0}")]
    Wall(usize),
    /// The board has the wrong number of squares.
    #[error("the board has {found} squares, the variant {expected}")]
    BoardSize {
        /// The variant's.
        expected: usize,
        /// The setup's.
        found: usize,
    },
    /// A piece of a kind the variant does not have.
    #[error("a square holds a kind the variant does not have")]
    UnknownKind(usize),
    /// A side has too many or (where required) no royal pieces.
    #[error("{color} has {count} royal pieces")]
    RoyalCount {
        /// Which side.
        color: Color,
        /// How many.
        count: u32,
    },
    /// A pawn stands where it would have promoted.
    #[error("a {color} pawn stands where it would have promoted")]
    PawnOnLastRank {
        /// Where.
        square: usize,
        /// Whose pawn.
        color: Color,
    },
    /// A pawn stands where no pawn of its side can ever come: behind its
    /// first steps (a white pawn on rank 1 in chess).
    #[error("a {color} pawn stands on its first rank")]
    PawnOnFirstRank {
        /// Where.
        square: usize,
        /// Whose pawn.
        color: Color,
    },
    /// The side that just moved is in check (kings side by side, for one).
    #[error("{color} is in check with {} to move", !*.color)]
    OppositeCheck {
        /// The side in check.
        color: Color,
        /// Its royal piece's square.
        royal: usize,
    },
    /// The en passant square is not one a pawn just passed.
    #[error("no {} pawn can just have passed the en passant square", !*.turn)]
    EnPassant {
        /// The square.
        square: usize,
        /// The side to move (the other side's pawn passed it).
        turn: Color,
    },
    /// More pieces give check than one move can make (three, or two when
    /// the last move was a double step).
    #[error("{count} pieces give check, more than one move can")]
    TooManyCheckers {
        /// How many.
        count: u32,
    },
    /// Checks no move can give: two checkers on one line through the
    /// royal piece, or a check that the last move (a double step) did not
    /// make.
    #[error("no move can give this check")]
    ImpossibleCheck {
        /// The checking pieces' squares.
        checkers: Vec<usize>,
    },
    /// More pawns than a side starts with.
    #[error("{color} has {count} pawns, more than the {start} it starts with")]
    TooManyPawns {
        /// Which side.
        color: Color,
        /// How many.
        count: u32,
        /// How many it starts with.
        start: u32,
    },
    /// Pieces in hand in a game without drops, or a royal piece in hand.
    #[error("{color} has pieces in hand the game cannot have")]
    Hand {
        /// Whose hand.
        color: Color,
    },
    /// More pieces of a kind than the start and promotions allow.
    #[error("{color} has more pieces than its start and promotions allow")]
    TooManyPieces {
        /// Which side.
        color: Color,
        /// The kind beyond its start count no pawn promotes to, if that is
        /// the fault; else the pieces beyond the start outnumber the
        /// missing pawns.
        kind: Option<Kind>,
        /// Pieces beyond the start's army.
        extra: u32,
        /// Pawns missing from the start's, each of which may have promoted.
        missing_pawns: u32,
    },
}

impl PositionError {
    /// The fault in words, squares named by `name` (the game's square
    /// names), pieces by the variant's kinds.
    ///
    /// ```
    /// use duckchess_rules::kernel::{Color, PositionError};
    /// use duckchess_rules::variants::chess::{rules, square_name};
    /// let e = PositionError::PawnOnFirstRank { square: 0, color: Color::White };
    /// assert_eq!(e.describe(rules().variant(), &|s| square_name(s, 8)),
    ///            "a white pawn stands on a1, its first rank, where no white pawn can ever stand");
    /// ```
    pub fn describe(&self, variant: &Variant, name: &dyn Fn(usize) -> String) -> String {
        let royal = variant
            .kinds
            .iter()
            .find(|k| k.royal)
            .map_or("royal piece", |k| k.name);
        let kind_name = |k: Kind| variant.kind(k).name;
        match self {
            PositionError::Wall(s) if variant.goals.walls.is_none() => {
                format!("a wall (`*`) on {}: the game has no walls", name(*s))
            }
            PositionError::UnknownKind(s) => {
                format!("{} holds a kind the variant does not have", name(*s))
            }
            PositionError::RoyalCount { color, count: 0 } => format!("{color} has no {royal}"),
            PositionError::RoyalCount { color, count } => {
                format!("{color} has {count} {royal}s, not 1")
            }
            PositionError::PawnOnLastRank { square, color } => {
                let zone = variant.kinds.iter().find_map(|k| k.pawn.as_ref());
                let place = if zone.is_some_and(|p| p.promotion_ranks > 1) {
                    "in its promotion zone"
                } else {
                    "its last rank"
                };
                format!(
                    "a {color} pawn stands on {}, {place}, where it would have promoted",
                    name(*square)
                )
            }
            PositionError::PawnOnFirstRank { square, color } => format!(
                "a {color} pawn stands on {}, its first rank, where no {color} pawn can ever stand",
                name(*square)
            ),
            PositionError::OppositeCheck { color, royal: at } => format!(
                "the {color} {royal} on {} is in check with {} to move (the side that just \
                 moved cannot be in check)",
                name(*at),
                !*color
            ),
            PositionError::EnPassant { square, turn } => format!(
                "en passant square {}: no {} pawn can just have passed it with a double step",
                name(*square),
                !*turn
            ),
            PositionError::TooManyCheckers { count } => {
                format!("{count} pieces give check, more than one move can give (at most two)")
            }
            PositionError::ImpossibleCheck { checkers } => {
                let squares: Vec<String> = checkers.iter().map(|&s| name(s)).collect();
                match squares.as_slice() {
                    [one] => format!(
                        "the check from {one} cannot be: the last move, a double step, did not give it"
                    ),
                    _ => format!(
                        "the checks from {} cannot be: no single move gives both",
                        squares.join(" and ")
                    ),
                }
            }
            PositionError::TooManyPieces {
                color,
                kind: Some(kind),
                ..
            } => format!(
                "{color} has more {}s than it starts with, and no pawn becomes one",
                kind_name(*kind)
            ),
            PositionError::TooManyPieces {
                color,
                kind: None,
                extra,
                missing_pawns,
            } => format!(
                "{color} has {extra} piece{} beyond its starting army, but only {missing_pawns} \
                 missing pawn{} that could have promoted",
                if *extra == 1 { "" } else { "s" },
                if *missing_pawns == 1 { "" } else { "s" },
            ),
            other => other.to_string(),
        }
    }
}

impl<S: SquareSet> Position<S> {
    /// Checks a setup and makes it a position. Castling rights whose king or
    /// rook is not in place are dropped, as other programs may write them.
    pub fn from_setup(
        rules: &'static Rules<S>,
        setup: &Setup,
    ) -> Result<Position<S>, PositionError> {
        let variant = rules.variant();
        let len = rules.len();
        if setup.board.len() != len {
            return Err(PositionError::BoardSize {
                expected: len,
                found: setup.board.len(),
            });
        }
        let mut p = Position {
            rules,
            by_color: [S::EMPTY; 2],
            by_kind: S::Kinds::filled(S::EMPTY),
            turn: setup.turn,
            castling: 0,
            ep: NONE,
            halfmove: setup.halfmove,
            fullmove: setup.fullmove.max(1),
            key: 0,
            hands: std::array::from_fn(|c| {
                let mut hand = S::Hand::filled(0);
                for k in 0..<S::Hand as PerKind<u8>>::LEN {
                    hand[k] = setup.hands[c][k];
                }
                hand
            }),
            checks: if rules.check_counting {
                setup.checks
            } else {
                [0; 2]
            },
            spare: Default::default(),
            streaks: [0; 2],
        };
        for (square, piece) in setup.board.iter().enumerate() {
            let Some(piece) = *piece else { continue };
            if piece.kind.index() >= variant.kinds.len() {
                return Err(PositionError::UnknownKind(square));
            }
            p.by_color[piece.color.index()] |= S::single(square);
            p.by_kind[piece.kind.index()] |= S::single(square);
        }
        for color in Color::ALL {
            let hand = &setup.hands[color.index()];
            let held = |k: usize| hand[k] > 0;
            // Placement's king starts in hand (`mustDrop`).
            let royal_held = variant.drops.as_ref().is_some_and(|d| d.must_drop);
            if (0..MAX_KINDS).any(|k| {
                held(k)
                    && (!rules.drops
                        || k >= variant.kinds.len()
                        || (Some(Kind(k as u8)) == rules.royal && !royal_held))
            }) {
                return Err(PositionError::Hand { color });
            }
        }
        if rules.marks {
            for &square in &setup.promoted {
                // Shogi's marks stand only on kinds that promote.
                let promotes = |k: Kind| rules.forms.as_ref().is_none_or(|f| f.promotes(k));
                if square < len
                    && p.kind_at(square).is_some_and(promotes)
                    && !p.marks().contains(square)
                {
                    p.flip_mark(square);
                }
            }
        }
        p.set_gates(&setup.gates);
        for &square in &setup.walls {
            if !rules.walls || square >= len || p.occupied().contains(square) {
                return Err(PositionError::Wall(square));
            }
            p.flip_mark(square);
        }
        if let Some(royal) = rules.royal {
            for color in Color::ALL {
                let count = p.pieces(color, royal).count();
                // (A royal piece in hand is still to be dropped: placement.)
                let required = variant.royal_required && p.in_hand(color, royal) == 0;
                if count > 1 || (count == 0 && required) {
                    return Err(PositionError::RoyalCount { color, count });
                }
            }
        }
        if let Some(pawn) = rules.pawn {
            for color in Color::ALL {
                let pawns = p.pieces(color, pawn);
                let mut zone = rules.promotion_zone[color.index()];
                let declines = variant.kinds[pawn.index()].pawn.as_ref();
                if declines.is_some_and(|p| p.choice.as_ref().is_some_and(|c| c.in_place)) {
                    // Sittuyin's pawns stand anywhere in the zone.
                    zone = S::EMPTY;
                } else if declines.is_some_and(|p| p.choice.as_ref().is_some_and(|c| c.optional)) {
                    // Grand chess's pawns may stand short of the last rank.
                    let ahead = &rules.pawn_push[color.index()];
                    zone = zone
                        .squares()
                        .filter(|&s| ahead[s] == NONE)
                        .fold(S::EMPTY, |set, s| set | S::single(s));
                }
                if let Some(square) = (pawns & zone).first() {
                    return Err(PositionError::PawnOnLastRank { square, color });
                }
                // No pawn move of its side ends on a square with no square
                // behind it: only the start may put a pawn there.
                let behind = &rules.pawn_push[(!color).index()];
                let piece = Piece { color, kind: pawn };
                let stands = |s: usize| match &rules.pawn_ways {
                    Some(ways) => ways.reached[color.index()].contains(s),
                    None => behind[s] != NONE,
                };
                if let Some(square) = pawns
                    .squares()
                    .find(|&s| !stands(s) && !variant.start.contains(&(s, piece)))
                {
                    return Err(PositionError::PawnOnFirstRank { square, color });
                }
            }
        }
        for (i, rule) in variant.castling.iter().enumerate() {
            let king = Some(Piece {
                color: rule.color,
                kind: rule.king,
            });
            let rook = Some(Piece {
                color: rule.color,
                kind: rule.rook,
            });
            if setup.castling >> i & 1 == 1
                && p.piece_at(rule.king_from) == king
                && p.piece_at(rule.rook_from) == rook
            {
                p.castling |= 1 << i;
            }
        }
        if variant.goals.bikjang {
            p.streaks[1] = u8::from(p.kings_facing());
        }
        if let (Some(s), Some(_)) = (setup.en_passant, &rules.pawn_ways) {
            p.set_way_en_passant(s)?;
        } else if let Some(s) = setup.en_passant {
            let mover = !setup.turn;
            let step = |color: Color, from: usize| {
                rules.pawn_push[color.index()]
                    .get(from)
                    .copied()
                    .unwrap_or(NONE)
            };
            // The pawn stands one step past the square, and came from the
            // (now empty) square one step before it by a double step.
            let victim = step(mover, s);
            let origin = step(!mover, s);
            if s >= len
                || p.occupied().contains(s)
                || victim == NONE
                || origin == NONE
                || p.occupied().contains(origin as usize)
                || rules.pawn_double[mover.index()][origin as usize] != victim
                || rules.pawn_ep[mover.index()][origin as usize] != s as u16
                // A pawn, or a piece that double-steps as it (wolf's sergeant).
                || !p.piece_at(victim as usize).is_some_and(|v| {
                    v.color == mover
                        && (Some(v.kind) == rules.pawn
                            || rules.variant.kind(v.kind).pawn_like.double_step)
                })
            {
                return Err(PositionError::EnPassant {
                    square: s,
                    turn: setup.turn,
                });
            }
            p.ep = s as u16;
        }
        if variant.royalty == Royalty::Check {
            if let Some(k) = p.royal_square(!p.turn) {
                if p.attackers(k, p.turn, p.occupied()).any() {
                    return Err(PositionError::OppositeCheck {
                        color: !p.turn,
                        royal: k,
                    });
                }
            }
        }
        p.key = p.compute_key();
        Ok(p)
    }

    /// Refuses what no game from the variant's start can reach, beyond
    /// what [`Position::from_setup`] refuses: more pawns than a side starts
    /// with; more pieces of a kind than the start has, unless promoted
    /// pawns (one per missing pawn, to a kind pawns become) explain them;
    /// three or more pieces giving check; two giving check from either
    /// side of the royal piece on one line; after a double step (an en
    /// passant square), two checks, or one that the double step did not
    /// give. These are python-chess's `Board::status` checks, for any
    /// game of the family; the cube's puzzle positions, which need not
    /// come from a game, are not held to them.
    ///
    /// ```
    /// use duckchess_rules::variants::chess::rules;
    /// use duckchess_rules::kernel::{Position, PositionError, Setup};
    /// let start = Position::new(rules());
    /// assert_eq!(start.check_reachable(), Ok(()));
    /// ```
    pub fn check_reachable(&self) -> Result<(), PositionError> {
        let r = self.rules;
        let variant = &r.variant;
        // Pieces come and go through the hands: no count holds.
        if r.drops {
            return Ok(());
        }
        for color in Color::ALL {
            let promotion = &r.promotions[color.index()];
            let at_start = |kind: Kind| {
                variant
                    .start
                    .iter()
                    .filter(|(_, p)| *p == Piece { color, kind })
                    .count() as u32
            };
            let count = |kind: Kind| self.pieces(color, kind).count();
            let (pawns, start_pawns) = r.pawn.map_or((0, 0), |k| (count(k), at_start(k)));
            if pawns > start_pawns {
                return Err(PositionError::TooManyPawns {
                    color,
                    count: pawns,
                    start: start_pawns,
                });
            }
            let missing_pawns = start_pawns - pawns;
            let mut extra = 0;
            for kind in variant.all_kinds().filter(|&k| Some(k) != r.pawn) {
                let over = count(kind).saturating_sub(at_start(kind));
                if over > 0 && !promotion.contains(&kind) {
                    return Err(PositionError::TooManyPieces {
                        color,
                        kind: Some(kind),
                        extra: over,
                        missing_pawns,
                    });
                }
                extra += over;
            }
            if extra > missing_pawns {
                return Err(PositionError::TooManyPieces {
                    color,
                    kind: None,
                    extra,
                    missing_pawns,
                });
            }
        }
        // Hoppers and steppers give checks these counts do not foresee (a
        // cannon's screen moving can add a third check).
        if variant.royalty != Royalty::Check || r.special_any {
            return Ok(());
        }
        let Some(king) = self.royal_square(self.turn) else {
            return Ok(());
        };
        let checkers: Vec<usize> = self.checkers().squares().collect();
        if checkers.len() > 2 {
            return Err(PositionError::TooManyCheckers {
                count: checkers.len() as u32,
            });
        }
        let impossible = || PositionError::ImpossibleCheck {
            checkers: checkers.clone(),
        };
        match (self.en_passant(), checkers.as_slice()) {
            (None, &[a, b]) if r.between(a, b).contains(king) => Err(impossible()),
            (Some(_), &[_, _]) => Err(impossible()),
            (Some(ep), &[checker]) => {
                // Put the pawn back where it stood: a check that was there
                // already was not given by the double step.
                let (pushed, origin) = match r.pawn_ways {
                    Some(_) => {
                        let pushed = r.way_victim(!self.turn, self.ep);
                        (pushed, r.way_origin(ep, pushed))
                    }
                    None => (
                        r.pawn_push[(!self.turn).index()][ep] as usize,
                        r.pawn_push[self.turn.index()][ep] as usize,
                    ),
                };
                let before = self.occupied() ^ S::single(pushed) ^ S::single(origin);
                if checker != pushed && self.attackers(king, !self.turn, before).contains(checker) {
                    Err(impossible())
                } else {
                    Ok(())
                }
            }
            _ => Ok(()),
        }
    }

    /// The position as plain data.
    pub fn to_setup(&self) -> Setup {
        Setup {
            board: (0..self.rules.len()).map(|s| self.piece_at(s)).collect(),
            turn: self.turn,
            castling: self.castling,
            en_passant: self.en_passant(),
            halfmove: self.halfmove,
            fullmove: self.fullmove,
            hands: std::array::from_fn(|c| {
                std::array::from_fn(|k| {
                    if k < <S::Hand as PerKind<u8>>::LEN {
                        self.hands[c][k]
                    } else {
                        0
                    }
                })
            }),
            promoted: if self.rules.marks {
                self.marks().squares().collect()
            } else {
                Vec::new()
            },
            checks: self.checks,
            walls: self.walls().squares().collect(),
            gates: self.gates(),
        }
    }
}
