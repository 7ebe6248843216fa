//! A variant as a value: board, pieces, start, and which rules apply.

use super::{Color, Kind, Piece, PieceKind, MAX_KINDS};
use crate::geometry::Shape;

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

/// One castling move: the king and one rook, both unmoved, jump to their
/// squares. The squares between each piece and its target must be empty
/// (apart from the two pieces), and the king may not be in check, pass over
/// or land on an attacked square.
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
    /// The kind that castles with the king.
    pub rook: Kind,
    /// The right's letter in FEN (`K`, `Q`, `k`, `q` in chess).
    pub letter: char,
}

/// Which positions are dead (drawn because no sequence of moves can mate).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct DeadPositions {
    /// Only the royal pieces are left.
    pub bare_kings: bool,
    /// Kinds which, as the only non-royal piece on the board, cannot mate
    /// (chess: bishop, knight).
    pub lone_minor: Vec<Kind>,
    /// A kind which, one a side with all on squares of one colour and
    /// nothing else, cannot mate (chess: the bishop).
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
}

impl Variant {
    /// The kind with this notation letter (either case).
    ///
    /// ```
    /// let chess = duckchess::variants::chess::variant();
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
    pub fn validate(&self) -> Result<(), String> {
        if self.kinds.is_empty() || self.kinds.len() > MAX_KINDS {
            return Err(format!(
                "1 to {MAX_KINDS} kinds of piece, not {}",
                self.kinds.len()
            ));
        }
        if self.kinds.iter().filter(|k| k.royal).count() > 1 {
            return Err("at most one royal kind".into());
        }
        if self.kinds.iter().filter(|k| k.pawn.is_some()).count() > 1 {
            return Err("at most one pawn kind".into());
        }
        if self.castling.len() > 8 {
            return Err("at most eight castling rules".into());
        }
        let len = self.shape.len();
        if self.start.iter().any(|&(s, _)| s >= len) {
            return Err("a start square is off the board".into());
        }
        Ok(())
    }
}
