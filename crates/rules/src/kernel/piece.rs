//! Kinds of piece as data: how each one moves, whether it is royal, what it
//! is worth.

use super::{Color, PromotionChoice, Region, Step};
use crate::geometry::{DirectionClass, Vector};
use std::fmt;

/// The most kinds of piece a variant may have (per-kind arrays are fixed;
/// the kernel's masks of kinds are `u16`).
pub const MAX_KINDS: usize = 12;

/// A kind of piece: its index in the variant's [`PieceKind`] list.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Kind(pub u8);

impl Kind {
    /// The index into per-kind arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// A piece on the board: a side and a kind.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose piece.
    pub color: Color,
    /// Which kind (an index into the variant's kinds).
    pub kind: Kind,
}

/// One leap of a leaper: the piece jumps by any image of `vector` under the
/// board's symmetries; a lame leap needs the squares it passes
/// ([`Vector::path`]) empty.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Leap {
    /// The leap, up to symmetry.
    pub vector: Vector,
    /// Whether the squares passed must be empty.
    pub lame: bool,
}

/// How a pawn moves. "Forward" is `+1` along `forward_axis` for White and
/// `−1` for Black.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PawnRules {
    /// The axis pawns advance along (1 = Y, the ranks).
    pub forward_axis: usize,
    /// Bit `a` set: a capture is one step forward plus one step (either
    /// sign) along axis `a`. Chess: X only; Fourfold: X, Z and W.
    pub capture_axes: u8,
    /// Whether a pawn on one of its side's
    /// [double-step ranks](Self::double_step_ranks) may advance two squares.
    pub double_step: bool,
    /// Whether a pawn that just advanced two squares can be taken en
    /// passant (where the square it passed lies on one of its side's
    /// [en passant ranks](Self::en_passant_ranks)).
    pub en_passant: bool,
    /// What a pawn reaching its promotion zone becomes, in order of
    /// preference: both sides', or White's where Black's
    /// ([`black_promotion`](Self::black_promotion)) differ.
    pub promotion: Vec<Kind>,
    /// What Black's pawns become where it differs from White's
    /// (Fairy-Stockfish's `promotionPieceTypesBlack`; chigorin: White
    /// promotes to chancellor, rook or knight, Black to queen, rook or
    /// bishop); `None`: [`promotion`](Self::promotion).
    pub black_promotion: Option<Vec<Kind>>,
    /// How many ranks at the far end are the promotion zone: 1 for the
    /// last rank (chess), 3 for makruk's sixth to eighth. A pawn promotes
    /// on entering the zone.
    pub promotion_ranks: usize,
    /// Each side's promotion zone as squares, where it is not whole ranks
    /// at the far end (Fairy-Stockfish's `promotionRegionWhite` and
    /// `promotionRegionBlack`; troitzky: the last square of each file
    /// short of its walls); `None`: [`promotion_ranks`](Self::promotion_ranks).
    pub promotion_region: Option<[Vec<usize>; 2]>,
    /// Per side (White's, Black's), the ranks from which a pawn may
    /// double-step, as a mask: bit `r` is the side's rank `r` counted from
    /// its own first as 0. Chess: `1 << 1`, the second rank; shako's pawns
    /// start on the third, `1 << 2`; torpedo's double-step from every rank,
    /// horde's White from its first two.
    pub double_step_ranks: [u64; 2],
    /// Per side, the ranks (counted from the side's own first as 0) of the
    /// squares its double steps pass that the other side may take en
    /// passant on, as a mask (`u64::MAX`: all; horde: White's from its
    /// first rank cannot be taken).
    pub en_passant_ranks: [u64; 2],
    /// Promotions the pawn may decline, and limits on the kinds it
    /// becomes (grand chess); `None`: it promotes on entering the zone, to
    /// any of [`promotion`](Self::promotion).
    pub choice: Option<PromotionChoice>,
}

impl PawnRules {
    /// What a pawn of `color` becomes on reaching its promotion zone.
    pub fn promotions(&self, color: Color) -> &[Kind] {
        match (color, &self.black_promotion) {
            (Color::Black, Some(black)) => black,
            _ => &self.promotion,
        }
    }
}

/// A kind of piece, as data.
///
/// ```
/// use duckchess_geometry::DirectionClass;
/// use duckchess_rules::kernel::PieceKind;
/// let archbishop = PieceKind::new("archbishop", 'a', 700)
///     .leap(&[2, 1])
///     .slide(DirectionClass::BISHOP);
/// assert_eq!(archbishop.letter, 'a');
/// assert!(!archbishop.royal);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceKind {
    /// The kind's name in its game's words.
    pub name: &'static str,
    /// The lower-case letter of the position notation (White's is upper
    /// case).
    pub letter: char,
    /// The leaps (each with all its images).
    pub leaps: Vec<Leap>,
    /// The slider direction classes.
    pub slides: Vec<DirectionClass>,
    /// Pawn movement instead of leaps and slides, if a pawn.
    pub pawn: Option<PawnRules>,
    /// Steps that point one way for each side, some only from a region
    /// (xiangqi's soldier: forward, and sideways over the river).
    pub steps: Vec<Step>,
    /// One-way slides, each a direction as White sees it (turned half
    /// round for Black): shogi's lance slides forward only.
    pub rides: Vec<Vector>,
    /// One-way slides of at most so many squares, each a direction as
    /// White sees it (turned half round for Black): torishogi's eagle
    /// slides up to two squares diagonally back (`bF2`).
    pub ranged_rides: Vec<(Vector, u8)>,
    /// Hopper lines (xiangqi's cannon): along each direction of these
    /// classes the piece moves like a slider to empty squares only, and
    /// captures the first piece beyond exactly one other (of either side).
    pub hops: Vec<DirectionClass>,
    /// Grasshopper lines (`gQ`): along each direction of these classes
    /// the piece jumps over the first piece it meets (of either side) to
    /// the square just beyond, and moves or captures there.
    pub grasshops: Vec<DirectionClass>,
    /// Janggi cannon lines (`pR`): along each direction of these classes
    /// the piece moves only by jumping one screen, to the empty squares
    /// beyond it and onto the first piece beyond; neither screen nor
    /// victim may be of its own kind.
    pub jumps: Vec<DirectionClass>,
    /// Leaps to empty squares made only by a piece holding its first-move
    /// right ([`CastlingRule::first_move`](super::CastlingRule)), each a
    /// vector as White sees it (mirrored for Black): cambodian chess's
    /// king leaps as a knight to the rank ahead, its met two squares
    /// forward. A royal piece never makes them in check.
    pub first_leaps: Vec<crate::geometry::Vector>,
    /// Moves along janggi's palace diagonals ([`DiagonalLines`](super::DiagonalLines)).
    pub lines: Option<super::DiagonalLines>,
    /// Whether its [`leaps`](Self::leaps) and [`slides`](Self::slides)
    /// only capture (`cN`, `cR`): New Zealand's rookni takes as a knight.
    pub capture_only: bool,
    /// Leaps to empty squares only (`mN`: the rookni moves as a knight).
    pub quiet_leaps: Vec<Leap>,
    /// Slides to empty squares only (`mR`).
    pub quiet_slides: Vec<DirectionClass>,
    /// Steps to empty squares only, each as White sees it (mirrored for
    /// Black): breakthrough's piece moves straight forward (`fmW`), the
    /// hounds of fox-and-hounds diagonally forward (`mfF`).
    pub quiet_steps: Vec<Vector>,
    /// The pawn's pushes and captures where they are not chess's
    /// (Berolina: diagonal pushes, straight captures); `None`: chess's.
    pub pawn_ways: Option<super::PawnWays>,
    /// Each side's squares the pawn double-steps from where they are not
    /// whole ranks (Fairy-Stockfish's `doubleStepRegion`: wolf's second
    /// rank and b3, c3, f3, g3), which are also where a
    /// [`PawnLike`](super::PawnLike) piece double-steps; `None`: the
    /// pawn's [double-step ranks](PawnRules::double_step_ranks).
    pub double_step_squares: Option<[Vec<usize>; 2]>,
    /// What a piece that is no pawn shares with it (wolf's sergeant):
    /// promotion, the double step, the clock.
    pub pawn_like: super::PawnLike,
    /// The region the piece never leaves, for each side (xiangqi's palace
    /// for the general and the advisors, the own half for the elephants):
    /// its moves end inside it, and it attacks nothing outside.
    pub region: Option<Region>,
    /// Whether the piece is the royal one (the king, Duck Chess's captain).
    pub royal: bool,
    /// A rough worth for evaluation, in hundredths of a pawn.
    pub value: i32,
    /// What each square it reaches is worth to the evaluation, in
    /// hundredths of a pawn (`None`: the evaluation's default).
    pub mobility: Option<i32>,
    /// Its weight in the evaluation's centralisation term (`None`: the
    /// default, more for a leaper than for a slider).
    pub centre: Option<i32>,
    /// Its piece-square table, in hundredths of a pawn (`None`: none): an
    /// entry per square of the board folded in half along every axis but
    /// the forward one (left and right mirrored) and read from each side's
    /// own edge along the forward one (the pawns' forward axis, else axis
    /// 1), numbered in mixed radix from axis 0, the evaluation adding the
    /// entry of each piece's square. A table of another length is ignored.
    pub table: Option<Vec<i32>>,
}

impl PieceKind {
    /// A kind that does not move yet: add its moves with the builder methods.
    pub fn new(name: &'static str, letter: char, value: i32) -> PieceKind {
        PieceKind {
            name,
            letter: letter.to_ascii_lowercase(),
            leaps: Vec::new(),
            slides: Vec::new(),
            pawn: None,
            steps: Vec::new(),
            rides: Vec::new(),
            ranged_rides: Vec::new(),
            hops: Vec::new(),
            grasshops: Vec::new(),
            jumps: Vec::new(),
            lines: None,
            first_leaps: Vec::new(),
            capture_only: false,
            quiet_leaps: Vec::new(),
            quiet_slides: Vec::new(),
            quiet_steps: Vec::new(),
            pawn_ways: None,
            double_step_squares: None,
            pawn_like: super::PawnLike::default(),
            region: None,
            royal: false,
            value,
            mobility: None,
            centre: None,
            table: None,
        }
    }

    /// Sets the evaluation's weights of the kind's reach and of its
    /// centralisation (a game's tuned data, as `duckchess tune` fits them).
    pub fn weighted(mut self, mobility: i32, centre: i32) -> PieceKind {
        self.mobility = Some(mobility);
        self.centre = Some(centre);
        self
    }

    /// Sets what `duckchess tune` fits: the value, the worth of a square
    /// reached and the centralisation weight (as it prints them, a row a
    /// kind), and the piece-square table.
    pub fn fitted(self, [value, mobility, centre]: [i32; 3], table: &[i32]) -> PieceKind {
        PieceKind { value, ..self }
            .weighted(mobility, centre)
            .with_table(table.to_vec())
    }

    /// Sets the evaluation's piece-square table (see [`PieceKind::table`]).
    pub fn with_table(mut self, table: Vec<i32>) -> PieceKind {
        self.table = Some(table);
        self
    }

    /// Adds a leap over anything by every image of `vector`.
    pub fn leap(mut self, vector: &[i32]) -> PieceKind {
        self.leaps.push(Leap {
            vector: Vector::new(vector),
            lame: false,
        });
        self
    }

    /// Adds a lame leap by every image of `vector`.
    pub fn lame_leap(mut self, vector: &[i32]) -> PieceKind {
        self.leaps.push(Leap {
            vector: Vector::new(vector),
            lame: true,
        });
        self
    }

    /// Adds slides along a direction class.
    pub fn slide(mut self, class: DirectionClass) -> PieceKind {
        self.slides.push(class);
        self
    }

    /// Adds a step by `vector` as White sees it (turned half round for
    /// Black), from
    /// anywhere.
    pub fn step(mut self, vector: &[i32]) -> PieceKind {
        self.steps.push(Step {
            vector: Vector::new(vector),
            zone: None,
        });
        self
    }

    /// Adds a step by `vector` as White sees it (turned half round for
    /// Black), a move only from a square of the mover's `zone`.
    pub fn step_in(mut self, vector: &[i32], zone: Region) -> PieceKind {
        self.steps.push(Step {
            vector: Vector::new(vector),
            zone: Some(zone),
        });
        self
    }

    /// Adds hopper lines along a direction class: quiet slides, and
    /// captures over exactly one piece (the cannon).
    pub fn hop(mut self, class: DirectionClass) -> PieceKind {
        self.hops.push(class);
        self
    }

    /// Adds a first leap ([`PieceKind::first_leaps`]).
    pub fn first_leap(mut self, vector: &[i32]) -> PieceKind {
        self.first_leaps.push(crate::geometry::Vector::new(vector));
        self
    }

    /// Adds janggi cannon lines ([`PieceKind::jumps`]).
    pub fn jump(mut self, class: DirectionClass) -> PieceKind {
        self.jumps.push(class);
        self
    }

    /// Adds moves along palace diagonals ([`PieceKind::lines`]).
    pub fn along(mut self, lines: super::DiagonalLines) -> PieceKind {
        self.lines = Some(lines);
        self
    }

    /// Confines the kind to a region (per side: Black's is mirrored).
    pub fn confined(mut self, region: Region) -> PieceKind {
        self.region = Some(region);
        self
    }

    /// Makes the kind move as a pawn.
    pub fn pawn(mut self, rules: PawnRules) -> PieceKind {
        self.pawn = Some(rules);
        self
    }

    /// Makes the kind royal.
    pub fn royal(mut self) -> PieceKind {
        self.royal = true;
        self
    }

    /// The notation letter for a side: upper case for White.
    ///
    /// ```
    /// use duckchess_rules::kernel::{Color, PieceKind};
    /// let knight = PieceKind::new("knight", 'n', 300);
    /// assert_eq!(knight.char(Color::White), 'N');
    /// assert_eq!(knight.char(Color::Black), 'n');
    /// ```
    pub fn char(&self, color: Color) -> char {
        match color {
            Color::White => self.letter.to_ascii_uppercase(),
            Color::Black => self.letter,
        }
    }
}

impl fmt::Display for PieceKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)
    }
}
