//! The end of the game: mate and stalemate, extinction, flags, dead
//! positions and the draws a game may claim.

use super::*;

/// How a game was won.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Win {
    /// The loser is in check with no legal move.
    Checkmate,
    /// The loser's royal piece was taken (Duck Chess).
    RoyalCaptured,
    /// The loser, not in check, has no legal move, and the variant's
    /// stalemate is a loss (xiangqi).
    Stalemate,
    /// The loser ran out of the pieces the extinction rule watches, or the
    /// winner of its own where running out wins
    /// ([`Extinction`](crate::kernel::Extinction)).
    Extinction,
    /// The game would have been drawn, and the winner had draw odds
    /// ([`Goals::draw_odds`](crate::kernel::Goals), armageddon).
    DrawOdds,
    /// The winner gave its last check of an n-check game
    /// ([`Goals::checks`](crate::kernel::Goals)).
    Checks,
    /// The winner's flag piece reached its region
    /// ([`Flag`](crate::kernel::Flag)): king of the hill, racing kings.
    Flag,
    /// The game would have been drawn for this reason, and the winner had
    /// more points by the material count ([`Counting`](crate::kernel::Counting),
    /// janggi).
    Counting(Draw),
    /// The game ended by repetition, which this side wins
    /// ([`RepetitionValue`](crate::kernel::RepetitionValue): tori shogi,
    /// minishogi).
    Repetition,
}

/// Why a game is drawn.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Draw {
    /// No legal move, not in check.
    Stalemate,
    /// Too little material for either side to mate.
    DeadPosition,
    /// Too many plies without capture or pawn move.
    MoveLimit,
    /// The same position too many times.
    Repetition,
    /// A side ran out of the pieces the extinction rule watches, and running
    /// out draws (shatar's bare king).
    Extinction,
    /// Both sides' flag pieces reached their regions, White's first, in a
    /// game with the flag's extra move (racing kings).
    Flag,
    /// Both sides passed, one after the other (janggi).
    Passes,
    /// The royal pieces faced each other in two positions in a row
    /// (janggi's bikjang).
    Bikjang,
    /// The board is full ([`Enclosing::full_board`](crate::kernel::Enclosing)).
    FullBoard,
}

/// The end of a game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// One side won.
    Decisive {
        /// Who.
        winner: Color,
        /// How.
        how: Win,
    },
    /// Nobody won.
    Draw(Draw),
}

impl<S: SquareSet> Position<S> {
    /// Whether neither side can ever mate, by the variant's dead position
    /// rules.
    pub fn is_dead(&self) -> bool {
        let r = self.rules;
        let dead = &r.variant.draws.dead;
        let royal = r.royal.map_or(S::EMPTY, |k| self.by_kind[k.index()]);
        let rest = self.occupied() & !royal;
        if r.drops {
            // A piece in hand may come back; a piece taken may return
            // through the taker's hand.
            let empty_hands = self
                .hands
                .iter()
                .all(|hand| (0..<S::Hand as PerKind<u8>>::LEN).all(|k| hand[k] == 0));
            return empty_hands
                && if r.captures_to_hand {
                    rest.is_empty() && dead.bare_kings
                } else {
                    self.is_dead_board(rest)
                };
        }
        self.is_dead_board(rest)
    }

    /// [`Position::is_dead`] by the pieces on the board, `rest` being the
    /// ones that are not royal.
    pub(super) fn is_dead_board(&self, rest: S) -> bool {
        let r = self.rules;
        let dead = &r.variant.draws.dead;
        if rest.is_empty() {
            return dead.bare_kings;
        }
        if !rest.more_than_one() {
            let kind = self
                .kind_at(rest.first().expect("one piece"))
                .expect("a piece");
            if dead.lone_minor.contains(&kind) {
                return true;
            }
        }
        if let Some(bishop) = dead.same_colour_pair {
            let bishops = self.by_kind[bishop.index()];
            if rest == (rest & bishops) {
                let odd = rest & r.odd_squares;
                return odd.is_empty() || odd == rest;
            }
        }
        false
    }

    /// The end of the game by the variant's extinction rule, if a side has
    /// run out of the pieces it watches.
    pub fn extinction(&self) -> Option<Outcome> {
        let rule = self.rules.variant.extinction.as_ref()?;
        // Pieces in hand count, as Fairy-Stockfish's `count_with_hand`.
        let held = |color: Color, kind: Option<Kind>| -> u32 {
            let hand = &self.hands[color.index()];
            match kind {
                Some(k) => u32::from(hand[k.index()]),
                None => (0..<S::Hand as PerKind<u8>>::LEN)
                    .map(|k| u32::from(hand[k]))
                    .sum(),
            }
        };
        let ran_out = |color: Color| {
            let opponent_needs = rule.opponent_count + u32::from(rule.claim && color == self.turn);
            let out = |own: S, theirs: S, kind: Option<Kind>| {
                own.count() + held(color, kind) <= rule.count
                    && theirs.count() + held(!color, kind) >= opponent_needs
            };
            (rule.all && out(self.by_color(color), self.by_color(!color), None))
                || rule
                    .kinds
                    .iter()
                    .any(|&k| out(self.pieces(color, k), self.pieces(!color, k), Some(k)))
        };
        let color = [!self.turn, self.turn].into_iter().find(|&c| ran_out(c))?;
        Some(match rule.value {
            ExtinctionValue::Loss => Outcome::Decisive {
                winner: !color,
                how: Win::Extinction,
            },
            ExtinctionValue::Win => Outcome::Decisive {
                winner: color,
                how: Win::Extinction,
            },
            ExtinctionValue::Draw => Outcome::Draw(Draw::Extinction),
        })
    }

    /// Whether `color`'s flag piece stands in its region.
    pub(super) fn flag_reached(&self, flag: &Flag, color: Color) -> bool {
        let own = self.by_color[color.index()];
        let pieces = match flag.kinds[color.index()] {
            Some(k) => own & self.by_kind[k.index()],
            None => own,
        };
        let there = pieces & self.rules.flag_region[color.index()];
        if flag.safe && there.any() && !there.more_than_one() {
            return !self.flag_attacked(there, color);
        }
        there.any()
    }

    /// The end of the game by the variant's goals ([`Goals`](crate::kernel::Goals)),
    /// in Fairy-Stockfish's order: a flag reached, then the last check
    /// given.
    pub fn goal_outcome(&self) -> Option<Outcome> {
        let r = self.rules;
        if let Some(flag) = &r.variant.goals.flag {
            if let Some(end) = self.flag_outcome(flag) {
                return Some(end);
            }
        }
        if r.variant.goals.pass || r.variant.goals.bikjang || r.enclosure.is_some() {
            if let Some(end) = self.streak_outcome().or_else(|| self.full_board_outcome()) {
                return Some(end);
            }
        }
        if r.check_counting && self.checks[(!self.turn).index()] == 0 {
            return Some(Outcome::Decisive {
                winner: !self.turn,
                how: Win::Checks,
            });
        }
        None
    }

    /// The flag rule ([`Flag`]): a side whose flag piece reached its
    /// region wins at once, or, with the extra move, when its turn comes
    /// again. A side whose flag piece is the royal one loses at once to
    /// the other's flag (it could not get there in the one move), except
    /// Black's king, which may still draw by reaching its own region with
    /// the extra move: the game goes on while a legal move takes it there.
    pub(super) fn flag_outcome(&self, flag: &Flag) -> Option<Outcome> {
        let (us, them) = (self.turn, !self.turn);
        let royal = |c: Color| flag.kinds[c.index()].is_some_and(|k| Some(k) == self.rules.royal);
        // A safe flag piece may stand in its region at its side's turn (it
        // got there unattacked, and then the other side made it so): it
        // wins, and draws where the other side's stands safe in its own.
        if (flag.extra_move || flag.safe) && self.flag_reached(flag, us) {
            let drawn = flag.safe || (us == Color::White && royal(them));
            if drawn && self.flag_reached(flag, them) {
                return Some(Outcome::Draw(Draw::Flag));
            }
            return Some(Outcome::Decisive {
                winner: us,
                how: Win::Flag,
            });
        }
        if (!flag.extra_move || royal(us)) && self.flag_reached(flag, them) {
            if flag.extra_move && us == Color::Black && !self.is_check() && self.royal_can_reach() {
                return None;
            }
            return Some(Outcome::Decisive {
                winner: them,
                how: Win::Flag,
            });
        }
        None
    }

    /// Whether a legal move takes the side to move's royal piece into its
    /// flag region.
    #[cold]
    pub(super) fn royal_can_reach(&self) -> bool {
        let Some(king) = self.royal_square(self.turn) else {
            return false;
        };
        let region = self.rules.flag_region[self.turn.index()];
        let mut moves = Vec::new();
        self.generate_tested(&mut moves);
        moves.iter().any(|m| {
            !matches!(m.kind, MoveKind::Drop(_)) && m.from() == king && region.contains(m.to())
        })
    }

    /// The end of the game as far as the position alone tells: checkmate,
    /// stalemate, a captured royal piece, extinction, a goal reached
    /// ([`Position::goal_outcome`]), a dead position, or the automatic
    /// move limit (repetition needs a [`Game`](crate::kernel::Game)).
    pub fn outcome(&self) -> Option<Outcome> {
        let r = self.rules;
        let variant = &r.variant;
        if variant.royalty == Royalty::Capture {
            if let Some(royal) = r.royal {
                for color in Color::ALL {
                    if self.pieces(color, royal).is_empty() {
                        return Some(Outcome::Decisive {
                            winner: !color,
                            how: Win::RoyalCaptured,
                        });
                    }
                }
            }
        }
        if let Some(ended) = self.extinction() {
            return Some(ended);
        }
        if variant.goals.any() {
            if let Some(ended) = self.goal_outcome() {
                return Some(ended);
            }
        }
        if self.legal_moves().is_empty() {
            return Some(self.stuck_outcome());
        }
        if self.is_dead() {
            return Some(Outcome::Draw(Draw::DeadPosition));
        }
        if variant
            .draws
            .automatic_plies
            .is_some_and(|n| self.halfmove >= n)
        {
            return Some(self.drawn(Draw::MoveLimit));
        }
        None
    }

    /// A game drawn for `why`, or won by the side with draw odds
    /// (armageddon).
    pub fn drawn(&self, why: Draw) -> Outcome {
        if let Some(counting) = &self.rules.variant.goals.counting {
            if let Some(end) = self.counted(counting, why) {
                return end;
            }
        }
        match self.rules.variant.goals.draw_odds {
            Some(winner) => Outcome::Decisive {
                winner,
                how: Win::DrawOdds,
            },
            None => Outcome::Draw(why),
        }
    }

    /// The end of the game for a side to move that has no legal move:
    /// checkmate in check, else stalemate, each with the variant's value
    /// (the side mated wins in losers; stalemate may draw, lose or win, or
    /// go by the pieces left, as in suicide chess).
    pub fn stuck_outcome(&self) -> Outcome {
        let variant = &self.rules.variant;
        let us = self.turn;
        let pseudo_check = variant.goals.blast.as_ref().is_some_and(|b| b.pseudo_royal)
            && self.pseudo_royal_attacked();
        if self.is_check() || pseudo_check || self.royal_kinds_checked() {
            let winner = if variant.goals.checkmate_wins || self.mated_by_drop() {
                us
            } else {
                !us
            };
            return Outcome::Decisive {
                winner,
                how: Win::Checkmate,
            };
        }
        let mut value = variant.stalemate;
        if variant.goals.stalemate_piece_count {
            let (own, theirs) = (self.by_color(us).count(), self.by_color(!us).count());
            value = match own.cmp(&theirs) {
                std::cmp::Ordering::Equal => Stalemate::Draw,
                std::cmp::Ordering::Less => value,
                std::cmp::Ordering::Greater => match value {
                    Stalemate::Win => Stalemate::Loss,
                    Stalemate::Loss => Stalemate::Win,
                    Stalemate::Draw => Stalemate::Draw,
                },
            };
        }
        match value {
            Stalemate::Draw => self.drawn(Draw::Stalemate),
            Stalemate::Loss => Outcome::Decisive {
                winner: !us,
                how: Win::Stalemate,
            },
            Stalemate::Win => Outcome::Decisive {
                winner: us,
                how: Win::Stalemate,
            },
        }
    }

    /// Whether the side to move may claim a draw by the move limit (chess:
    /// 50 moves).
    pub fn can_claim_move_limit(&self) -> bool {
        self.rules
            .variant
            .draws
            .claim_plies
            .is_some_and(|n| self.halfmove >= n)
    }
}
