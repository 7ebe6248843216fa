//! A position of any variant: the board as bit sets, side to move, castling
//! rights, en passant square, clocks and a hash key; legal move generation,
//! making moves, check and the end of the game.

use super::pawn_ways::EP_SQUARE;
use super::squares::{KindMask, Spare, NONE};
use super::{
    Blast, Color, ExtinctionValue, Flag, Kind, Move, MoveKind, PawnClock, PerKind, Piece, Played,
    Royalty, Rules, SquareSet, Stalemate, Variant, MAX_KINDS,
};
use std::fmt;
use thiserror::Error;

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
struct Count(usize);

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

/// A move that is not legal in the position.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Error)]
#[error("illegal move {0:?}")]
pub struct IllegalMove(pub Move);

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
    /// ([`Extinction`](super::Extinction)).
    Extinction,
    /// The game would have been drawn, and the winner had draw odds
    /// ([`Goals::draw_odds`](super::Goals), armageddon).
    DrawOdds,
    /// The winner gave its last check of an n-check game
    /// ([`Goals::checks`](super::Goals)).
    Checks,
    /// The winner's flag piece reached its region
    /// ([`Flag`](super::Flag)): king of the hill, racing kings.
    Flag,
    /// The game would have been drawn for this reason, and the winner had
    /// more points by the material count ([`Counting`](super::Counting),
    /// janggi).
    Counting(Draw),
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
    /// The board is full ([`Enclosing::full_board`](super::Enclosing)).
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

/// A position of a variant with square sets `S` (`u64` for 64 squares).
///
/// ```
/// use duckchess_rules::kernel::Position;
/// let start = Position::new(duckchess_rules::variants::chess::rules());
/// assert_eq!(start.legal_moves().len(), 20);
/// assert!(!start.is_check());
/// ```
#[derive(Clone, Copy)]
pub struct Position<S: SquareSet> {
    rules: &'static Rules<S>,
    by_color: [S; 2],
    by_kind: S::Kinds,
    turn: Color,
    pub(crate) castling: u8,
    /// The square a double step passed, or [`NONE`]; where pawns have
    /// their own ways, its bits from [`EP_SQUARE`] up also say which push
    /// the pawn doubled ([`Rules::way_victim`]).
    pub(crate) ep: u16,
    halfmove: u32,
    fullmove: u32,
    pub(crate) key: u64,
    /// Pieces in hand, `[color][kind]` (games with drops).
    hands: [S::Hand; 2],
    /// The checks each side has still to give (n-check games).
    checks: [u8; 2],
    /// The marks of promoted pieces where positions of this width carry a
    /// spare set ([`Position::marks`]).
    spare: S::Spare,
    /// Janggi's streaks: the passes made in a row up to this position, and
    /// the positions in a row, this one included, whose royal pieces face
    /// each other (bikjang).
    ///
    /// A game with gating, which has neither, keeps its gates here
    /// instead ([`Gating`](super::Gating)): a position stays within two
    /// cache lines.
    ///
    /// In a game where a mate by a drop may lose (which has no passes nor
    /// bikjang), `streaks[0]` is instead 1 + the kind the last move
    /// dropped, 0 after a move on the board ([`Position::mated_by_drop`]):
    /// a position of 64 squares stays within 128 bytes.
    pub(crate) streaks: [u8; 2],
}

/// Where a game whose captures go to hand keeps its promoted pieces on a
/// board of at most 64 squares: the last slot of `by_kind`, which such a
/// game leaves free (a set of its own would make every position larger,
/// and chess's copies slower). Larger boards' positions keep them in their
/// spare set ([`SquareSet::Spare`]).
fn promoted_slot<S: SquareSet>() -> usize {
    <S::Kinds as PerKind<S>>::LEN - 1
}

impl<S: SquareSet> PartialEq for Position<S> {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.rules, other.rules)
            && self.by_color == other.by_color
            && self.by_kind == other.by_kind
            && self.hands == other.hands
            && self.checks == other.checks
            && self.spare == other.spare
            && self.streaks == other.streaks
            && (
                self.turn,
                self.castling,
                self.ep,
                self.halfmove,
                self.fullmove,
            ) == (
                other.turn,
                other.castling,
                other.ep,
                other.halfmove,
                other.fullmove,
            )
    }
}

impl<S: SquareSet> fmt::Debug for Position<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let variant = self.rules.variant();
        let board: String = (0..self.rules.len())
            .map(|s| self.piece_at(s).map_or('.', |p| variant.piece_char(p)))
            .collect();
        f.debug_struct("Position")
            .field("variant", &variant.name)
            .field("board", &board)
            .field("turn", &self.turn)
            .field("castling", &self.castling)
            .field("en_passant", &self.en_passant())
            .field("halfmove", &self.halfmove)
            .field("fullmove", &self.fullmove)
            .field("hands", &self.hands)
            .field("checks", &self.checks)
            .finish()
    }
}

impl<S: SquareSet> Position<S> {
    /// The variant's start position.
    pub fn new(rules: &'static Rules<S>) -> Position<S> {
        let variant = rules.variant();
        let mut setup = Setup::empty(rules.len());
        for &(square, piece) in &variant.start {
            setup.board[square] = Some(piece);
        }
        setup.castling = ((1u16 << variant.castling.len()) - 1) as u8;
        setup.checks = variant.goals.checks.unwrap_or_default();
        for piece in variant.drops.iter().flat_map(|d| &d.start_hand) {
            setup.hands[piece.color.index()][piece.kind.index()] += 1;
        }
        setup.walls = variant
            .goals
            .walls
            .iter()
            .flat_map(|w| w.start.clone())
            .collect();
        setup.gates = variant
            .drops
            .iter()
            .flat_map(|d| d.gating.iter().flat_map(|g| g.start.clone()))
            .collect();
        Position::from_setup(rules, &setup).expect("the variant's start is a valid position")
    }

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
                || p.piece_at(victim as usize)
                    != Some(Piece {
                        color: mover,
                        kind: rules.pawn.unwrap_or(Kind(0)),
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

    fn compute_key(&self) -> u64 {
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
    fn check_key(&self, color: Color) -> u64 {
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
    fn hand_key(&self, color: Color, kind: Kind, count: u8) -> u64 {
        match count {
            0 => 0,
            n => self.rules.hand_keys[color.index()][kind.index()].rotate_left(u32::from(n)),
        }
    }

    /// Adds one piece to (`add`) or takes one from a hand.
    #[inline]
    pub(super) fn change_hand(&mut self, color: Color, kind: Kind, add: bool) {
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
    pub(super) fn marks(&self) -> S {
        if <S::Spare as Spare<S>>::ANY {
            self.spare.get()
        } else {
            self.by_kind[promoted_slot::<S>()]
        }
    }

    /// Marks or unmarks `square` in [`Position::marks`].
    #[inline]
    pub(super) fn flip_mark(&mut self, square: usize) {
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
    fn mark_key(&self, square: usize) -> u64 {
        self.piece_key(Color::Black, Kind(promoted_slot::<S>() as u8), square)
            .rotate_left(29)
    }

    /// After a move of a game whose captures go to hand: a promoted
    /// piece's mark goes with it, and a promotion marks its square (out of
    /// line, so that chess's moves pay nothing for it).
    #[cold]
    #[inline(never)]
    fn move_marks(&mut self, m: Move) {
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
    fn flip_promoted(&mut self, square: usize) {
        self.flip_mark(square);
        if self.rules.forms.is_some() {
            self.key ^= self.mark_key(square);
        }
    }

    #[inline]
    pub(super) fn piece_key(&self, color: Color, kind: Kind, square: usize) -> u64 {
        self.rules.piece_keys
            [(color.index() * MAX_KINDS + kind.index()) * self.rules.len() + square]
    }

    /// No en passant square (a wall stands on it).
    pub(super) fn clear_en_passant(&mut self) {
        self.ep = NONE;
    }

    /// The en passant square counts for repetition only when the side to
    /// move can take there (FIDE Laws 9.2.3): a pawn beside the one that
    /// passed it, and the capture legal.
    #[inline]
    pub(super) fn ep_key(&self) -> u64 {
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

    /// Whether the pawn on `from` may take en passant: whether its royal
    /// piece is safe once both pawns have moved. Played on a copy's sets
    /// alone (not through [`Position::play_unchecked`], which asks for
    /// this key).
    #[cold]
    fn en_passant_is_legal(&self, from: usize) -> bool {
        let r = self.rules;
        let (us, them) = (self.turn, !self.turn);
        if r.variant.royalty != Royalty::Check {
            return true;
        }
        let Some(pawn) = r.pawn else { return false };
        let to = (self.ep & EP_SQUARE) as usize;
        let victim = r.en_passant_victim(them, self.ep);
        let mut after = *self;
        let (from, to, victim) = (S::single(from), S::single(to), S::single(victim));
        after.by_color[us.index()] ^= from | to;
        after.by_kind[pawn.index()] ^= from | to | victim;
        after.by_color[them.index()] ^= victim;
        match after.royal_square(us) {
            Some(k) => after.attackers(k, them, after.occupied()).is_empty(),
            None => true,
        }
    }

    /// The rules this position follows.
    pub fn rules(&self) -> &'static Rules<S> {
        self.rules
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// Bit `i` set: castling by the variant's rule `i` is still allowed.
    pub fn castling(&self) -> u8 {
        self.castling
    }

    /// The square a pawn just passed by a double step, if any.
    pub fn en_passant(&self) -> Option<usize> {
        (self.ep != NONE).then_some((self.ep & EP_SQUARE) as usize)
    }

    /// Plies since the last capture or pawn move.
    pub fn halfmove(&self) -> u32 {
        self.halfmove
    }

    /// The move number.
    pub fn fullmove(&self) -> u32 {
        self.fullmove
    }

    /// A hash of the board, side to move, castling rights and (when a capture
    /// is possible) the en passant square: equal keys mean a repetition.
    pub fn key(&self) -> u64 {
        self.key
    }

    /// All occupied squares: the pieces' and the walls' ([`Position::walls`],
    /// kept with the marks, which stand on pieces).
    #[inline]
    pub fn occupied(&self) -> S {
        self.by_color[0] | self.by_color[1] | self.marks()
    }

    /// One side's squares.
    #[inline]
    pub fn by_color(&self, color: Color) -> S {
        self.by_color[color.index()]
    }

    /// One kind's squares, both sides.
    #[inline]
    pub fn by_kind(&self, kind: Kind) -> S {
        self.by_kind[kind.index()]
    }

    /// One side's pieces of one kind.
    #[inline]
    pub fn pieces(&self, color: Color, kind: Kind) -> S {
        self.by_color[color.index()] & self.by_kind[kind.index()]
    }

    #[inline]
    pub(crate) fn kind_at(&self, square: usize) -> Option<Kind> {
        (0..self.rules.variant.kinds.len())
            .find(|&k| self.by_kind[k].contains(square))
            .map(|k| Kind(k as u8))
    }

    /// The piece on a square.
    pub fn piece_at(&self, square: usize) -> Option<Piece> {
        let kind = self.kind_at(square)?;
        let color = if self.by_color[0].contains(square) {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece { color, kind })
    }

    /// The square of a side's royal piece, if it has one.
    #[inline]
    pub fn royal_square(&self, color: Color) -> Option<usize> {
        self.pieces(color, self.rules.royal?).first()
    }

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
    fn plain_attackers(&self, square: usize, color: Color, occupied: S) -> S {
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
    fn is_attacked(&self, square: usize, color: Color, occupied: S) -> bool {
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
    fn attacked_by(&self, color: Color, occupied: S) -> S {
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
    fn kinds_in(&self, mask: u16) -> S {
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
    fn generate_tested(&self, out: &mut Vec<Move>) {
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
    fn keep_makpong(&self, out: &mut Vec<Move>, start: usize) {
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
    fn keep_blast_legal(&self, blast: &Blast, out: &mut Vec<Move>, start: usize) {
        let mut i = start;
        while i < out.len() {
            if self.blast_legal(blast, out[i]) {
                i += 1;
            } else {
                out.swap_remove(i);
            }
        }
    }

    fn blast_legal(&self, blast: &Blast, m: Move) -> bool {
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
    fn extinction_kinds(&self) -> S {
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
    fn pseudo_royals(&self, color: Color) -> S {
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
    fn pseudo_royal_attacked(&self) -> bool {
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
    fn keep_captures(&self, out: &mut Vec<Move>, start: usize) {
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
    fn legal_after(&self, m: Move, royal_safe: bool) -> bool {
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

    fn generate_with_masks<O: Sink<S>>(&self, out: &mut O) {
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
    fn generate_drops<O: Sink<S>>(&self, out: &mut O, target: S) {
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

    /// The side to move's pieces that stand alone between its royal piece
    /// and an enemy slider moving along that line.
    fn pinned(&self, king: usize) -> S {
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

    /// Moves of every non-royal piece (and the royal one when
    /// `with_royal`) onto `target`, pinned pieces kept on their line to
    /// `king`. En passant is tested by making it unless `with_royal` (the
    /// caller then tests every move).
    fn generate_pieces<O: Sink<S>>(
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
        for k in 0..r.variant.kinds.len() {
            let kind = Kind(k as u8);
            if !with_royal && Some(kind) == r.royal {
                continue;
            }
            let pieces = self.by_kind[k] & own;
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
            for from in pieces.squares() {
                out.push_all(
                    from,
                    r.plain_attacks(kind, us, from, occupied) & !own & target & line(from),
                );
            }
        }
    }

    /// The number of legal moves of pawns no pin holds, all at once: each
    /// step is one shift of the whole set. En passant is made and tested.
    fn count_pawns(&self, pawns: S, target: S) -> usize {
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

    fn generate_pawns<O: Sink<S>>(
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

    /// Where a piece pinned to its king `k` may go: the line from the king
    /// up to the pinner, taking it. Not past it: a leap along the line
    /// (tencubed's champion, D) may not jump the pinner.
    #[cold]
    #[inline(never)]
    fn pin_line(&self, k: usize, from: usize, occupied: S) -> S {
        let r = self.rules;
        let d = r.aligned(k, from).expect("a pinned piece is aligned");
        match r.first_blocker(from, d, occupied) {
            Some(pinner) => r.between(k, pinner) | S::single(pinner),
            None => r.ray(k, d),
        }
    }

    fn generate_castling(&self, out: &mut impl Sink<S>) {
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

    #[inline]
    pub(super) fn toggle(&mut self, color: Color, kind: Kind, square: usize) {
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
    fn after_move(&mut self, m: Move, captured: bool) {
        if captured {
            if let Some(blast) = &self.rules.variant.goals.blast {
                self.blast(blast, m.to());
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
    fn blast(&mut self, blast: &Blast, to: usize) {
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
                self.toggle(them, pawn, victim);
                captured = Some(Piece {
                    color: them,
                    kind: pawn,
                });
                if r.captures_to_hand {
                    self.change_hand(us, pawn, true);
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
    fn count_check(&mut self) {
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
    fn capture_to_hand(&mut self, kind: Kind, square: usize) {
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
    fn play_drop(&mut self, kind: Kind, to: usize) {
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
    fn is_dead_board(&self, rest: S) -> bool {
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
    fn flag_reached(&self, flag: &Flag, color: Color) -> bool {
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

    /// The end of the game by the variant's goals ([`Goals`](super::Goals)),
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
    fn flag_outcome(&self, flag: &Flag) -> Option<Outcome> {
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
    fn royal_can_reach(&self) -> bool {
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
    /// move limit (repetition needs a [`super::Game`]).
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
