//! WXF move notation, as xiangqi players write moves: the piece's letter
//! (`K A E H R C P`), the file it stands on, the direction (`+` forward,
//! `-` back, `=` along the rank; `.` is read too), and the number of
//! ranks moved or, for a move along the rank or a diagonal piece
//! (advisor, elephant, horse), the file it reaches. Files are numbered 1
//! to 9 from each player's right: Red's 1 is file `i`, Black's is file
//! `a`.
//!
//! Two or three pieces of a kind on one file are told apart by `+` (the
//! front one) and `-` (the rear one) in place of the file (`R+=4`); the
//! middle one of three keeps its file. Where that still names more than
//! one move (tandem soldiers on two files, four or five on one) the move
//! is written in coordinates (`c5d5`), which [`parse`]'s caller also reads.
//!
//! ```
//! use duckchess_rules::variants::xiangqi::{start, wxf};
//! let p = start();
//! let m = wxf::parse(&p, "H2+3").unwrap();
//! assert_eq!(wxf::write(&p, m), "H2+3");
//! assert_eq!(wxf::write(&p, wxf::parse(&p, "c8.5").unwrap()), "C8=5");
//! ```

use super::{uci, ADVISOR, CANNON, CHARIOT, ELEPHANT, FILES, GENERAL, HORSE, RANKS, SOLDIER};
use crate::kernel::{Color, Kind, Move, Position, SquareSet};
use thiserror::Error;

/// Why a WXF move could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum WxfError {
    /// Not a piece letter, a file or `+`/`-`, a direction and a number.
    #[error("{0:?} is neither a coordinate move (h3e3) nor a WXF move (C2=5)")]
    Syntax(String),
    /// Well formed, but no legal move of the position.
    #[error("{0:?} is not legal here")]
    Illegal(String),
}

/// The WXF letter of a kind.
fn letter(kind: Kind) -> char {
    match kind {
        GENERAL => 'K',
        ADVISOR => 'A',
        ELEPHANT => 'E',
        HORSE => 'H',
        CHARIOT => 'R',
        CANNON => 'C',
        SOLDIER => 'P',
        _ => '?',
    }
}

/// A file's number from `color`'s right.
fn file_number(color: Color, file: usize) -> usize {
    match color {
        Color::White => FILES - file,
        Color::Black => file + 1,
    }
}

/// How far up the board a rank is for `color` (0 at its own edge).
fn advance(color: Color, rank: usize) -> usize {
    match color {
        Color::White => rank,
        Color::Black => RANKS - 1 - rank,
    }
}

/// The WXF text of a move, tandem marks included, without the fallback to
/// coordinates.
fn plain<S: SquareSet>(position: &Position<S>, m: Move) -> String {
    let piece = position
        .piece_at(m.from())
        .expect("a legal move has a piece");
    let color = piece.color;
    let (from_file, from_rank) = (m.from() % FILES, m.from() / FILES);
    let (to_file, to_rank) = (m.to() % FILES, m.to() / FILES);
    // The same side's pieces of the kind on the file, the front one first.
    let mut tandem: Vec<usize> = (0..RANKS)
        .map(|rank| rank * FILES + from_file)
        .filter(|&s| position.piece_at(s) == Some(piece))
        .collect();
    tandem.sort_by_key(|&s| std::cmp::Reverse(advance(color, s / FILES)));
    let at = tandem
        .iter()
        .position(|&s| s == m.from())
        .expect("the mover is on its file");
    let place = match (tandem.len(), at) {
        (1, _) => char::from(b'0' + file_number(color, from_file) as u8),
        (_, 0) => '+',
        (n, i) if i == n - 1 => '-',
        _ => char::from(b'0' + file_number(color, from_file) as u8),
    };
    let forward = advance(color, to_rank) as i64 - advance(color, from_rank) as i64;
    let diagonal = matches!(piece.kind, ADVISOR | ELEPHANT | HORSE);
    let (direction, number) = if forward == 0 {
        ('=', file_number(color, to_file))
    } else {
        let direction = if forward > 0 { '+' } else { '-' };
        if diagonal {
            (direction, file_number(color, to_file))
        } else {
            (direction, forward.unsigned_abs() as usize)
        }
    };
    format!("{}{place}{direction}{number}", letter(piece.kind))
}

/// A legal move in WXF, or in coordinates where WXF would name another
/// legal move alike.
pub fn write<S: SquareSet>(position: &Position<S>, m: Move) -> String {
    let text = plain(position, m);
    let alike = position
        .legal_moves()
        .into_iter()
        .filter(|&other| other != m && plain(position, other) == text)
        .count();
    if alike == 0 {
        text
    } else {
        uci(m)
    }
}

/// The legal move a WXF text names: letters in either case (`B` and `N`,
/// Fairy-Stockfish's elephant and horse letters, too), `.` or `=` for a
/// move along the rank.
pub fn parse<S: SquareSet>(position: &Position<S>, text: &str) -> Result<Move, WxfError> {
    let syntax = || WxfError::Syntax(crate::variants::line::shorten(text));
    let mut chars: Vec<char> = text.trim().chars().collect();
    if chars.len() != 4 {
        return Err(syntax());
    }
    chars[0] = match chars[0].to_ascii_uppercase() {
        'B' => 'E',
        'N' => 'H',
        c @ ('K' | 'A' | 'E' | 'H' | 'R' | 'C' | 'P') => c,
        _ => return Err(syntax()),
    };
    if chars[2] == '.' {
        chars[2] = '=';
    }
    let place_ok = chars[1].is_ascii_digit() || matches!(chars[1], '+' | '-');
    if !place_ok || !matches!(chars[2], '+' | '-' | '=') || !chars[3].is_ascii_digit() {
        return Err(syntax());
    }
    let wanted: String = chars.into_iter().collect();
    let matches: Vec<Move> = position
        .legal_moves()
        .into_iter()
        .filter(|&m| plain(position, m) == wanted)
        .collect();
    match matches.as_slice() {
        [one] => Ok(*one),
        _ => Err(WxfError::Illegal(text.trim().to_string())),
    }
}
