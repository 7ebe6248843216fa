//! A variant as a value: board, pieces, start, and which rules apply.

use super::{Color, Kind, Piece, PieceKind, MAX_KINDS};
use crate::geometry::Shape;
use thiserror::Error;

/// Why a variant value cannot be expanded into tables.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum VariantError {
    /// No kind of piece, or more than [`MAX_KINDS`].
    #[error("a variant has 1 to {MAX_KINDS} kinds of piece, not {0}")]
    Kinds(usize),
    /// More than one royal kind.
    #[error("a variant has at most one royal kind")]
    RoyalKinds,
    /// More than one pawn kind.
    #[error("a variant has at most one pawn kind")]
    PawnKinds,
    /// More than eight castling rules.
    #[error("a variant has at most eight castling rules, not {0}")]
    Castling(usize),
    /// A castling rule's king or rook of no kind of the variant.
    #[error("castling rule {0} names a kind the variant does not have")]
    CastlingKind(usize),
    /// The extinction rule watches a kind the variant does not have.
    #[error("the extinction rule watches kind {0}, which the variant does not have")]
    ExtinctionKind(usize),
    /// Captures go to hand in a game of 8 kinds on a board of at most 64
    /// squares: the kernel keeps the promoted pieces in the last kind's
    /// place (larger boards' positions have a set for them).
    #[error("a game whose captures go to hand on at most 64 squares has at most 7 kinds of piece")]
    HandKinds,
    /// More kinds than the positions of a square-set type hold
    /// ([`SquareSet::Kinds`](super::SquareSet::Kinds): 8 for `u64`, whose
    /// games of more kinds take `u128`).
    #[error("positions of this square-set type hold {slots} kinds of piece, not {kinds}")]
    SetKinds {
        /// The variant's kinds.
        kinds: usize,
        /// The set type's.
        slots: usize,
    },
    /// Shogi's promotions without captures to hand, with a chess pawn, or
    /// naming a kind or square the variant does not have.
    #[error("shogi's promotions need captures to hand, no chess pawn, and the variant's kinds and squares")]
    PiecePromotions,
    /// A piece in hand at the start of no kind of the variant, or royal,
    /// or a drop region's square off the board.
    #[error("pieces in hand at the start are of the variant's kinds and not royal, and drop regions on its board")]
    StartHand,
    /// A flag region's square off the board, or its kind not the
    /// variant's.
    #[error("the flag goal names a square off the board or a kind the variant does not have")]
    Flag,
    /// Walls in a game whose captured pieces keep their marks (the same
    /// set), or of 8 kinds on at most 64 squares (no free set), or on a
    /// square off the board.
    #[error("walls need a game without promoted pieces' marks, a free kind's set (at most 7 kinds on 64 squares), and squares on the board")]
    Walls,
    /// Petrification in a game without walls, or of a kind the variant
    /// does not have.
    #[error(
        "pieces turn to stone (petrifyOnCaptureTypes) in a game with walls, of the variant's kinds"
    )]
    Petrify,
    /// Gating on a board of more than 8 files or not of two axes, with
    /// passes or bikjang, or a start gate off the first ranks.
    #[error("gating needs a board of two axes and at most 8 files, no passes, bikjang or enclosing, and its gates on the first ranks")]
    Gating,
    /// A start square off the board.
    #[error("start square {0} is off the board")]
    StartSquare(usize),
    /// The board does not fit the square-set type.
    #[error("{squares} squares do not fit a set of {capacity}")]
    TooBig {
        /// The board's squares.
        squares: usize,
        /// The set type's capacity.
        capacity: usize,
    },
}

/// What the royal piece means.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Royalty {
    /// Chess: a move may not leave one's own king attacked; no legal move is
    /// checkmate in check and stalemate otherwise.
    Check,
    /// Duck Chess: any move is legal; capturing the royal piece ends the
    /// game.
    Capture,
}

/// What a side to move with no legal move, not in check, gets.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum Stalemate {
    /// A draw (chess).
    #[default]
    Draw,
    /// A loss for the side that cannot move (xiangqi).
    Loss,
    /// A win for the side that cannot move (antichess).
    Win,
}

/// What running out of pieces means to the side that ran out
/// (Fairy-Stockfish's `extinctionValue`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ExtinctionValue {
    /// It loses (extinction chess, shatranj's bare king).
    Loss,
    /// It wins (a side that gives all its pieces away).
    Win,
    /// The game is drawn (shatar's bare king).
    Draw,
}

/// The extinction rule, Fairy-Stockfish's: a side with no more than
/// `count` pieces left of a watched kind (or in all, where `all` is set)
/// has run out, provided its opponent has at least `opponent_count` of
/// that kind (or in all), and the game ends at once with `value` for it.
/// Checked for the side that just moved first, then for the side to move.
///
/// Extinction chess watches every kind (`count` 0): lose your last queen,
/// or your king, and you lose. Shatranj's bare king: `all` with `count` 1,
/// `opponent_count` 2 and `claim`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Extinction {
    /// The kinds watched, each counted on its own.
    pub kinds: Vec<Kind>,
    /// Whether a side's pieces all together are watched too
    /// (Fairy-Stockfish's `*`).
    pub all: bool,
    /// A side has run out with this many or fewer (`extinctionPieceCount`).
    pub count: u32,
    /// ... while its opponent has at least this many
    /// (`extinctionOpponentPieceCount`).
    pub opponent_count: u32,
    /// The side to move needs its opponent to have one more than
    /// `opponent_count` to have run out (`extinctionClaim`): in shatranj, a
    /// side bared by the last move may still bare the other back.
    pub claim: bool,
    /// What running out means to the side that ran out.
    pub value: ExtinctionValue,
}

/// One castling move: the king and one rook, both unmoved, jump to their
/// squares. The squares between each piece and its target must be empty
/// (apart from the two pieces), and the king may not be in check, pass over
/// or land on an attacked square, where it is the royal piece (a castling
/// piece that is not royal, as extinction chess's king, is never impeded).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct CastlingRule {
    /// Whose castling.
    pub color: Color,
    /// The king's square.
    pub king_from: usize,
    /// Where the king goes.
    pub king_to: usize,
    /// The rook's square.
    pub rook_from: usize,
    /// Where the rook goes.
    pub rook_to: usize,
    /// The kind that castles as the king: the royal kind, or (extinction
    /// chess) an ordinary one.
    pub king: Kind,
    /// The kind that castles with the king.
    pub rook: Kind,
    /// The right's letter in FEN (`K`, `Q`, `k`, `q` in chess).
    pub letter: char,
    /// Chess960's notation: the move is written as the king taking its
    /// own rook (`e1h1`), since the king's target may be its own square,
    /// and FEN names the right by the rook's file (`HAha`).
    pub takes_rook: bool,
    /// Not castling but a first-move right (cambodian chess): the piece
    /// of kind `king` on `king_from` (all four squares the same) may make
    /// its kind's first leaps ([`PieceKind::first_leaps`]) while it holds
    /// the right, which it loses as castling rights are lost; the letter is
    /// the square's file (`DEde`).
    pub first_move: bool,
    /// The kind whose move onto the holder's file or rank takes a
    /// first-move right away (cambodian chess: a rook aiming at the king).
    pub lost_to: Option<Kind>,
}

impl CastlingRule {
    /// The square a castling move names as its target.
    #[inline]
    pub fn move_to(&self) -> usize {
        if self.takes_rook {
            self.rook_from
        } else {
            self.king_to
        }
    }

    /// The right's letter in FEN on a board `files` wide: the rook's file
    /// in Chess960 (upper case White), else [`CastlingRule::letter`].
    pub fn fen_letter(&self, files: usize) -> char {
        if !self.takes_rook {
            return self.letter;
        }
        let file = (b'a' + (self.rook_from % files) as u8) as char;
        match self.color {
            Color::White => file.to_ascii_uppercase(),
            Color::Black => file,
        }
    }
}

/// Which positions are dead (drawn because no sequence of moves can mate).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct DeadPositions {
    /// Only the royal pieces are left.
    pub bare_kings: bool,
    /// Kinds which, as the only non-royal piece on the board, cannot mate
    /// (chess: bishop, knight).
    pub lone_minor: Vec<Kind>,
    /// A kind which, when all non-royal pieces are of it and stand on
    /// squares of one colour, cannot mate (chess: the bishop; this covers
    /// K+B v K+B with bishops on the same colour).
    pub same_colour_pair: Option<Kind>,
}

/// Which draw rules apply: limits count plies (half-moves) without a capture
/// or pawn move, repetitions count occurrences of the same position.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct DrawRules {
    /// A player may claim a draw after this many plies (chess: 100).
    pub claim_plies: Option<u32>,
    /// The game ends drawn after this many plies (chess: 150; Fourfold: 100).
    pub automatic_plies: Option<u32>,
    /// A player may claim a draw on this many occurrences (chess: 3).
    pub claim_repetitions: Option<u32>,
    /// The game ends drawn on this many occurrences (chess: 5; Fourfold: 3).
    pub automatic_repetitions: Option<u32>,
    /// Dead positions, drawn at once.
    pub dead: DeadPositions,
    /// Which pawn moves restart the count of the ply limits.
    pub pawn_clock: PawnClock,
}

/// Which pawn moves restart the count of the ply limits (captures always
/// do), Fairy-Stockfish's `nMoveRuleTypes`: there, only a move the piece
/// cannot undo by a move of its own restarts it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum PawnClock {
    /// Every pawn move (chess's pawns never move back).
    #[default]
    Every,
    /// A pawn move its own moves cannot undo: not pawnsideways' step
    /// aside, nor a push a step back undoes.
    Irreversible,
    /// None (pawnback: its steps back make pawn moves reversible).
    Never,
}

/// Pieces in hand and drops, Fairy-Stockfish's `pieceDrops`: a side may,
/// instead of moving, put a piece of its hand (pocket) on an empty square.
/// Crazyhouse: captures go to the captor's hand with their colour changed,
/// a promoted piece as a pawn; no pawn is dropped on its side's first or
/// last rank.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Drops {
    /// A captured piece goes to the captor's hand (`capturesToHand`); a
    /// promoted one goes as a pawn.
    pub captures_to_hand: bool,
    /// Pawns may be dropped on their side's first rank
    /// (`firstRankPawnDrops`).
    pub first_rank_pawns: bool,
    /// Pawns may be dropped in their promotion zone
    /// (`promotionZonePawnDrops`).
    pub promotion_zone_pawns: bool,
    /// Shogi's promotions, if the game has them (`promotedPieceType`).
    pub promotions: Option<PiecePromotions>,
    /// No piece of this kind may be dropped on a file that holds an
    /// unpromoted one of its side's already (`dropNoDoubled`: shogi's
    /// nifu).
    pub no_doubled: Option<Kind>,
    /// How many unpromoted pieces of [`Drops::no_doubled`]'s kind a file
    /// of its side may hold before no more is dropped there
    /// (`dropNoDoubledCount`: torishogi's two swallows); 0 is shogi's 1.
    pub no_doubled_count: u8,
    /// No move or drop may leave a piece where it has no move on an empty
    /// board (`immobilityIllegal`: a shogi pawn on the last rank).
    pub immobility_illegal: bool,
    /// A promoted piece taken goes to the hand as what it is, not as a
    /// pawn, and no piece is marked promoted (`dropLoop`: loop chess).
    pub drop_loop: bool,
    /// Promoted pieces are marked (`Q~`) though captures do not go to
    /// hand (`twoBoards`: bughouse, whose partner's board this kernel
    /// does not play).
    pub two_boards: bool,
    /// The pieces in hand at the start (`[Nn]` after the start's board:
    /// pocket knight chess), none royal.
    pub start_hand: Vec<Piece>,
    /// Every kind but the royal one may always be dropped, and a drop
    /// takes nothing from a hand (`freeDrops`: Ataxx's clones); FEN shows
    /// no pocket.
    pub free: bool,
    /// Each side's drop region, where it is not the whole board
    /// (`dropRegionWhite`, `dropRegionBlack`: dragon chess drops on its
    /// first rank only), as squares.
    pub regions: [Option<Vec<usize>>; 2],
    /// While a side has pieces in hand it must drop one, where a drop is
    /// legal (`mustDrop`: placement chess's setup). Its start hand may
    /// then hold the royal piece.
    pub must_drop: bool,
    /// This kind's pieces of a side go on squares of both colours, half
    /// on each (`dropOppositeColoredBishop`: placement's bishops).
    pub opposite_bishops: Option<Kind>,
    /// A king and a rook dropped on a castling rule's squares get its
    /// right (`castlingDroppedPiece`).
    pub castling_dropped: bool,
    /// Kinds dropped on their side's first rank only, inside its drop
    /// region (`sittuyinRookDrop`: sittuyin's rooks).
    pub first_rank_kinds: Vec<Kind>,
    /// A mate given by dropping an (unpromoted) piece of this kind, all
    /// the checkers of that kind, loses for the side that dropped it
    /// (`shogiPawnDropMateIllegal`: Fairy-Stockfish lists the drop and
    /// scores the mate for the side mated; shogi's pawn, torishogi's
    /// swallow). Not played in a game with passes or bikjang.
    pub drop_mate_loses: Option<Kind>,
    /// The squares of the start's promoted pieces (`+N` in the start FEN:
    /// Kyoto shogi's), which a game's FEN start keeps.
    pub start_promoted: Vec<usize>,
    /// Pieces in hand are gated (`gating` with `seirawanGating`: S-chess):
    /// a piece's first move from a square of its side's first rank that
    /// holds a gate may put a piece from the hand on the square it
    /// leaves ([`Gate`](super::Gate)); the squares are the start FEN's
    /// castling field's files (`KQBCDFGkqbcdfg`).
    pub gating: Option<Gating>,
}

/// Seirawan's gates: where they stand at the start, and whether pieces in
/// hand may also be dropped.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Gating {
    /// The squares holding a gate at the start.
    pub start: Vec<usize>,
    /// Pieces in hand are only gated, never dropped (`pieceDrops =
    /// false`: S-chess, whereas S-house drops them too).
    pub only: bool,
}

impl Drops {
    /// Whether the game has placement chess's setup rules
    /// ([`Drops::must_drop`], [`Drops::opposite_bishops`]).
    pub fn placement(&self) -> bool {
        self.must_drop || self.opposite_bishops.is_some()
    }

    /// Whether promoted pieces are marked: where captures go to hand
    /// (a promoted piece goes back as a pawn, or in shogi unpromoted) but
    /// in loop chess, and in bughouse.
    pub fn marks(&self) -> bool {
        (self.captures_to_hand && !self.drop_loop) || self.two_boards
    }
}

/// Shogi's promotions (Fairy-Stockfish's `promotedPieceType`): a piece of
/// a kind that has a promoted form may take it on a move that starts or
/// ends in its side's zone, and keeps its kind (a promoted piece is marked,
/// as crazyhouse's are, FEN's `+P`, UCI's `+`); it then moves as the form,
/// and goes to the captor's hand as its own kind, unpromoted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PiecePromotions {
    /// Each kind that promotes, and how it moves once promoted.
    pub forms: Vec<(Kind, PieceKind)>,
    /// Each side's promotion zone, as squares.
    pub zones: [Vec<usize>; 2],
    /// A move that starts or ends in the zone must promote
    /// (`mandatoryPiecePromotion`).
    pub mandatory: bool,
    /// How pieces turn over besides: Kyoto and micro shogi's.
    pub turning: Turning,
}

/// Pieces that turn over both ways (Fairy-Stockfish's `pieceDemotion`,
/// `dropPromoted`, `piecePromotionOnCapture`): Kyoto shogi's turn over on
/// every move, micro shogi's on every capture. A move that turns a piece
/// over has `promotion` set to its kind, whichever way (UCI's `+` or `-`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Turning {
    /// A promoted piece may turn back (demote) where an unpromoted one
    /// would promote (`pieceDemotion`).
    pub demotion: bool,
    /// A piece that promotes may be dropped promoted (`dropPromoted`,
    /// UCI's `+N@c3`).
    pub drop_promoted: bool,
    /// Pieces turn over on captures only (`piecePromotionOnCapture`).
    pub on_capture: bool,
}

/// A flag goal, Fairy-Stockfish's capture the flag (`flagPiece`,
/// `flagRegionWhite`, `flagRegionBlack`, `flagMove`): a side whose flag
/// piece stands in its region has won. King of the hill: a king on d4, e4,
/// d5 or e5. Racing kings: a king on rank 8, with `extra_move`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Flag {
    /// Per side, the kind that must reach the region; `None`: any piece
    /// (Fairy-Stockfish's `*`).
    pub kinds: [Option<Kind>; 2],
    /// Per side, the squares of its region.
    pub regions: [Vec<usize>; 2],
    /// The other side gets one more move after one reaches its region
    /// (`flagMove`): a side in its region wins when its turn comes again.
    /// Where Black's flag piece is the royal one and White got there
    /// first, Black's king reaching its region with that move draws, and
    /// the game goes on only while Black's king can (racing kings).
    pub extra_move: bool,
    /// A flag piece counts only once no piece of the other side attacks
    /// it (`flagPieceSafe`, dobutsu's lion on the far rank), where it is
    /// its side's only flag piece in the region; not with `extra_move`.
    pub safe: bool,
}

/// Goals besides mate and the extinction rule, Fairy-Stockfish's: n-check,
/// a flag region, and games where no move may give check.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Goals {
    /// n-check (`checkCounting`): each side's checks to give at the start
    /// (the start FEN's `3+3`); a position counts the checks each side
    /// has still to give, and the side that gives its last wins.
    pub checks: Option<[u8; 2]>,
    /// The flag goal, if the game has one.
    pub flag: Option<Flag>,
    /// No move may give check (`checking = false`, racing kings).
    pub no_checks: bool,
    /// Captures are compulsory (`mustCapture`, antichess): where a legal
    /// move takes a piece (en passant included), only such moves are
    /// legal.
    pub must_capture: bool,
    /// Stalemate is judged by the pieces left (`stalematePieceCount`,
    /// suicide chess): the side that cannot move gets the stalemate's
    /// value if it has fewer pieces than the other, the opposite if it has
    /// more, a draw if as many.
    pub stalemate_piece_count: bool,
    /// Checkmate wins for the side mated (`checkmateValue = win`, losers).
    pub checkmate_wins: bool,
    /// Atomic captures ([`Blast`]), if the game has them.
    pub blast: Option<Blast>,
    /// The side that wins every game that would be drawn (stalemate, the
    /// move limit, repetition): Fairy-Stockfish's `materialCounting =
    /// blackdrawodds` (armageddon) or `whitedrawodds`.
    pub draw_odds: Option<Color>,
    /// Who a repetition ends the game for (`nFoldValue`): a draw but in
    /// tori shogi and minishogi.
    pub repetition: super::RepetitionValue,
    /// A royal piece in check may move only to take its one checker
    /// (`makpongRule`, makpong): in double check it may not move at all.
    pub makpong: bool,
    /// Either side may pass (`pass`, janggi): its royal piece "moves" to
    /// its own square; two passes in a row end the game, drawn or by
    /// [`Goals::counting`].
    pub pass: bool,
    /// Janggi's bikjang (`bikjangRule`): where the royal pieces face each
    /// other along a line with nothing between, the side to move must end
    /// it or pass (a pass then is legal even in check); facing in two
    /// positions in a row ends the game, drawn or by
    /// [`Goals::counting`].
    pub bikjang: bool,
    /// Material counting (`materialCounting = janggi`), if the game has it.
    pub counting: Option<Counting>,
    /// Pieces royal beside the king ([`RoyalKinds`]; coregal's queens).
    pub royal_kinds: Option<RoyalKinds>,
    /// The walls, if the game has any ([`Walls`](super::Walls)).
    pub walls: Option<super::Walls>,
    /// Othello's and Ataxx's rules, if the game has them
    /// ([`Enclosing`](super::Enclosing)).
    pub enclosing: Option<super::Enclosing>,
    /// Pieces that turn to stone on taking ([`Petrify`](super::Petrify);
    /// petrified), in a game with walls.
    pub petrify: Option<super::Petrify>,
}

/// Janggi's material counting: a game that would end drawn (two passes,
/// bikjang, repetition, the move limit) is won by the side with more
/// points, White needing more than Black's `black_bonus` beyond Black's.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Counting {
    /// Each kind's points, by [`Kind`] (the royal piece's 0).
    pub points: Vec<i32>,
    /// What Black has beyond its pieces: White wins only with more than
    /// this many points beyond Black's.
    pub black_bonus: i32,
    /// Exactly `black_bonus` points beyond Black's is a draw, not Black's
    /// win (`materialCounting = unweighted`: every piece one point, the
    /// side with more pieces wins).
    pub ties_drawn: bool,
}

/// Pieces royal beside the king, Fairy-Stockfish's `extinctionPseudoRoyal`
/// in a game with a king and no blasts (coregal): no move may leave one
/// attacked, and a side with no move whose one is attacked is checkmated.
/// Losing them all is no loss by itself: they cannot be taken.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct RoyalKinds {
    /// The kinds (coregal: the queen).
    pub kinds: Vec<Kind>,
    /// A side's pieces of a kind are royal while it has no more than one
    /// more than this many of it (`extinctionPieceCount`; coregal's 64:
    /// always).
    pub count: u32,
}

/// Atomic captures, Fairy-Stockfish's `blastOnCapture`: a capture blows up
/// the capturing piece, the piece taken and every piece next to the
/// capture's square (a king's step away) but pawns.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Blast {
    /// Kinds no blast removes (`blastImmuneTypes`; atomar: the king).
    pub immune: Vec<Kind>,
    /// Kinds that may not take a piece of their own kind
    /// (`mutuallyImmuneTypes`; atomar: a king may not take a king).
    pub mutually_immune: Vec<Kind>,
    /// The extinction rule's kinds are pseudo-royal
    /// (`extinctionPseudoRoyal`; atomic): a side with one of a kind may not
    /// lose it to its own move nor leave it attacked, except where it
    /// touches the other side's, or the move blows that one up. A side
    /// with no move whose piece is so attacked is checkmated.
    pub pseudo_royal: bool,
}

impl Goals {
    /// Whether the game has any of these goals.
    pub fn any(&self) -> bool {
        self.checks.is_some()
            || self.flag.is_some()
            || self.no_checks
            || self.must_capture
            || self.stalemate_piece_count
            || self.checkmate_wins
            || self.blast.is_some()
            || self.draw_odds.is_some()
            || self.makpong
            || self.pass
            || self.bikjang
            || self.counting.is_some()
            || self.royal_kinds.is_some()
            || self.enclosing.is_some()
    }
}

/// A variant: everything the kernel needs to play a game, as data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variant {
    /// The name, as `variants::by_name` knows it.
    pub name: String,
    /// The board.
    pub shape: Shape,
    /// The kinds of piece; [`Kind`] indexes this list.
    pub kinds: Vec<PieceKind>,
    /// The start: which piece stands on each square.
    pub start: Vec<(usize, Piece)>,
    /// The castling moves (empty: no castling).
    pub castling: Vec<CastlingRule>,
    /// What the royal piece means.
    pub royalty: Royalty,
    /// Whether each side must have exactly one royal piece (chess); if not,
    /// a side may have none (the cube mate puzzle).
    pub royal_required: bool,
    /// The draw rules.
    pub draws: DrawRules,
    /// What stalemate means.
    pub stalemate: Stalemate,
    /// Xiangqi's flying general: the royal pieces may not face each other
    /// along a file (axis 1) with nothing between; a move leaving them so is
    /// illegal, as if each attacked the other along the file.
    pub flying_general: bool,
    /// The extinction rule, if the game has one.
    pub extinction: Option<Extinction>,
    /// Pieces in hand and drops, if the game has them.
    pub drops: Option<Drops>,
    /// n-check, flag regions, no checks ([`Goals`]).
    pub goals: Goals,
}

impl Variant {
    /// The kind with this notation letter (either case).
    ///
    /// ```
    /// let chess = duckchess_rules::variants::chess::variant();
    /// let knight = chess.kind_by_letter('N').unwrap();
    /// assert_eq!(chess.kinds[knight.index()].name, "knight");
    /// ```
    pub fn kind_by_letter(&self, letter: char) -> Option<Kind> {
        let letter = letter.to_ascii_lowercase();
        self.kinds
            .iter()
            .position(|k| k.letter == letter)
            .map(|i| Kind(i as u8))
    }

    /// The piece for a notation letter: upper case White, lower case Black.
    pub fn piece_by_char(&self, c: char) -> Option<Piece> {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let kind = self.kind_by_letter(c)?;
        Some(Piece { color, kind })
    }

    /// The notation letter of a piece.
    pub fn piece_char(&self, piece: Piece) -> char {
        self.kinds[piece.kind.index()].char(piece.color)
    }

    /// The data of a kind.
    pub fn kind(&self, kind: Kind) -> &PieceKind {
        &self.kinds[kind.index()]
    }

    /// Every kind, in order.
    pub fn all_kinds(&self) -> impl Iterator<Item = Kind> + '_ {
        (0..self.kinds.len()).map(|i| Kind(i as u8))
    }

    /// Checks what the tables rely on; the registry's variants pass.
    pub fn validate(&self) -> Result<(), VariantError> {
        if self.kinds.is_empty() || self.kinds.len() > MAX_KINDS {
            return Err(VariantError::Kinds(self.kinds.len()));
        }
        if self.kinds.iter().filter(|k| k.royal).count() > 1 {
            return Err(VariantError::RoyalKinds);
        }
        if self.kinds.iter().filter(|k| k.pawn.is_some()).count() > 1 {
            return Err(VariantError::PawnKinds);
        }
        if self.castling.len() > 8 {
            return Err(VariantError::Castling(self.castling.len()));
        }
        let kinds = self.kinds.len();
        if let Some(i) = self
            .castling
            .iter()
            .position(|c| c.king.index() >= kinds || c.rook.index() >= kinds)
        {
            return Err(VariantError::CastlingKind(i));
        }
        if let Some(k) = self
            .extinction
            .iter()
            .flat_map(|e| &e.kinds)
            .find(|k| k.index() >= kinds)
        {
            return Err(VariantError::ExtinctionKind(k.index()));
        }
        if let Some(drops) = &self.drops {
            if let Some(promotions) = &drops.promotions {
                let bad_kind = promotions.forms.iter().any(|(k, _)| k.index() >= kinds);
                let bad_square = promotions
                    .zones
                    .iter()
                    .flatten()
                    .any(|&s| s >= self.shape.len());
                if !drops.captures_to_hand
                    || !drops.marks()
                    || bad_kind
                    || bad_square
                    || promotions.forms.len() > MAX_KINDS
                    || self.kinds.iter().any(|k| k.pawn.is_some())
                {
                    return Err(VariantError::PiecePromotions);
                }
            }
            if drops.no_doubled.is_some_and(|k| k.index() >= kinds) {
                return Err(VariantError::PiecePromotions);
            }
            let foreign = |p: &Piece| {
                p.kind.index() >= kinds || (self.kinds[p.kind.index()].royal && !drops.must_drop)
            };
            if drops.opposite_bishops.is_some_and(|k| k.index() >= kinds) {
                return Err(VariantError::StartHand);
            }
            if drops.start_hand.iter().any(foreign)
                || drops
                    .regions
                    .iter()
                    .flatten()
                    .flatten()
                    .any(|&s| s >= self.shape.len())
            {
                return Err(VariantError::StartHand);
            }
        }
        let len = self.shape.len();
        // Othello's first drops' squares are a drop region.
        if let Some(e) = &self.goals.enclosing {
            if e.start.iter().any(|&s| s >= len) {
                return Err(VariantError::StartHand);
            }
        }
        if let Some(flag) = &self.goals.flag {
            if flag.regions.iter().flatten().any(|&s| s >= len)
                || flag.kinds.iter().flatten().any(|k| k.index() >= kinds)
            {
                return Err(VariantError::Flag);
            }
        }
        if let Some(&(square, _)) = self.start.iter().find(|&&(s, _)| s >= len) {
            return Err(VariantError::StartSquare(square));
        }
        Ok(())
    }
}
