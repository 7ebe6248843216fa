//! The puzzle's question — is the side to move (White, unless the line says
//! ` b`) checkmated? — and why, in the puzzle's terms, for `duckchess mate`.
//!
//! The answer is the kernel's: in check and no legal move. The explanation
//! is built from the kernel too: the checking pieces are the king's
//! attackers; a flight is covered by whatever attacks it with the king
//! lifted off the board (so a slider's line through the king counts); a
//! capture or a block fails because, once played, some piece still attacks
//! the king — a pin when the mover stood between that piece and the king.
//!
//! ```
//! use duckchess_rules::variants::cube::{mate, read};
//! let case = read("n = 2, [#q,##],[##,K#]").unwrap();
//! assert!(!mate::is_mate(&case));
//! let why = mate::explain(&case);
//! assert_eq!(why.verdict, mate::Verdict::Escapes);
//! assert!(why.to_string().contains("Ka1(I)xb2(II)"));
//! ```

use super::{read, side, square_name, with_cube, write_move, CubeError, CubePosition, KING};
use crate::kernel::{AnyPosition, Color, Move, MoveKind, Position, Width};
use crate::variants::input::{InputError, Lines};
use std::fmt;
use std::io::{self, BufRead, Write};
use thiserror::Error;

/// Whether the side to move is checkmated: in check, and no legal move.
pub fn is_mate(position: &CubePosition) -> bool {
    with_cube!(position, p => p.is_check() && p.legal_moves().is_empty())
}

/// Reads one case and answers it.
///
/// ```
/// use duckchess_rules::variants::cube::mate::decide;
/// assert_eq!(decide("[rq,##],[##,K#]"), Ok(true));
/// assert!(decide("[rq,##],[##,#K]x").is_err());
/// ```
pub fn decide(text: &str) -> Result<bool, CubeError> {
    read(text).map(|p| is_mate(&p))
}

/// What the explanation concludes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// In check, and every move leaves the king attacked.
    Checkmate,
    /// In check, but some move gets out of it.
    Escapes,
    /// Not in check and no legal move: a draw, not a mate.
    Stalemate,
    /// Not in check, with moves to play.
    NotInCheck,
    /// The side to move has no king (only Black may lack one).
    NoKing,
}

/// Why a case is or is not checkmate: the verdict and the reasons, one
/// sentence a line; lines starting with spaces detail the line above.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explanation {
    /// The conclusion.
    pub verdict: Verdict,
    /// The reasons, in the order a person would check them.
    pub lines: Vec<String>,
}

impl Explanation {
    /// The puzzle's answer: whether it is checkmate.
    pub fn is_mate(&self) -> bool {
        self.verdict == Verdict::Checkmate
    }
}

impl fmt::Display for Explanation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for line in &self.lines {
            writeln!(f, "{line}")?;
        }
        Ok(())
    }
}

/// Explains the answer for a position.
pub fn explain(position: &CubePosition) -> Explanation {
    with_cube!(position, p => Explainer::new(p).explain())
}

/// The most escapes an explanation lists one by one.
const ESCAPES_LISTED: usize = 8;

struct Explainer<'a, S: Width> {
    p: &'a Position<S>,
    n: usize,
    us: Color,
    them: Color,
}

impl<'a, S: Width> Explainer<'a, S> {
    fn new(p: &'a Position<S>) -> Self {
        let us = p.turn();
        Explainer {
            p,
            n: p.rules().variant().shape.size(0) as usize,
            us,
            them: !us,
        }
    }

    fn name(&self, square: usize) -> String {
        square_name(self.n, square)
    }

    /// `the black rook on c1(III)`.
    fn piece(&self, square: usize) -> String {
        match self.p.piece_at(square) {
            Some(piece) => format!(
                "the {} {} on {}",
                piece.color,
                self.p.rules().variant().kind(piece.kind).name,
                self.name(square)
            ),
            None => format!("the empty cube {}", self.name(square)),
        }
    }

    /// `rook`.
    fn kind_name(&self, square: usize) -> &'static str {
        self.p.piece_at(square).map_or("piece", |piece| {
            self.p.rules().variant().kind(piece.kind).name
        })
    }

    fn pieces(&self, set: S) -> String {
        let names: Vec<String> = set.squares().map(|s| self.piece(s)).collect();
        match names.as_slice() {
            [] => "nothing".into(),
            [one] => one.clone(),
            [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
        }
    }

    fn write(&self, m: Move) -> String {
        write_move(self.p as &dyn AnyPosition, m)
    }

    fn explain(&self) -> Explanation {
        let p = self.p;
        let us = side(self.us);
        let Some(king) = p.royal_square(self.us) else {
            return Explanation {
                verdict: Verdict::NoKing,
                lines: vec![format!("{us} has no king, so it cannot be checkmated.")],
            };
        };
        let checkers = p.attackers(king, self.them, p.occupied());
        let legal = p.legal_moves();
        let mut lines = Vec::new();
        if checkers.is_empty() {
            if let Some(&first) = legal.first() {
                lines.push(format!(
                    "{us} is not in check, so it is not checkmated ({} legal moves, {} among them).",
                    legal.len(),
                    self.write(first)
                ));
                return Explanation {
                    verdict: Verdict::NotInCheck,
                    lines,
                };
            }
            lines.push(format!(
                "{us} is not in check, but has no legal move: stalemate, not checkmate."
            ));
            self.flights(king, &mut lines);
            self.stuck_pieces(king, &mut lines);
            return Explanation {
                verdict: Verdict::Stalemate,
                lines,
            };
        }
        let several = match checkers.count() {
            1 => "",
            2 => "double ",
            3 => "triple ",
            4 => "quadruple ",
            5 => "quintuple ",
            6 => "sextuple ",
            _ => "multiple ",
        };
        lines.push(format!(
            "{us} is in {several}check from {}.",
            self.pieces(checkers)
        ));
        if !legal.is_empty() {
            lines.push(format!(
                "{us} has {} legal move{} out of check, so it is not checkmated:",
                legal.len(),
                if legal.len() == 1 { "" } else { "s" }
            ));
            for &m in legal.iter().take(ESCAPES_LISTED) {
                lines.push(format!("  {}: {}", self.write(m), self.escape(king, m)));
            }
            if legal.len() > ESCAPES_LISTED {
                lines.push(format!("  and {} more", legal.len() - ESCAPES_LISTED));
            }
            return Explanation {
                verdict: Verdict::Escapes,
                lines,
            };
        }
        self.flights(king, &mut lines);
        match checkers.squares().collect::<Vec<_>>().as_slice() {
            [checker] => {
                self.captures(king, *checker, &mut lines);
                self.blocks(king, *checker, &mut lines);
            }
            [_, _] => lines.push(
                "Double check: taking or blocking one checker leaves the other, so only a king \
                 move could help, and the king has none."
                    .into(),
            ),
            many => lines.push(format!(
                "{} checkers: taking or blocking one leaves the others, so only a king move \
                 could help, and the king has none.",
                many.len()
            )),
        }
        lines.push(format!(
            "No {} move gets the king out of check: checkmate.",
            self.us
        ));
        Explanation {
            verdict: Verdict::Checkmate,
            lines,
        }
    }

    /// What a legal move out of check does.
    fn escape(&self, king: usize, m: Move) -> String {
        let taken = self.p.piece_at(m.to()).map(|_| self.piece(m.to()));
        match (m.from() == king, taken) {
            (true, Some(t)) => format!("the king takes {t}"),
            (true, None) => format!("the king steps to {}", self.name(m.to())),
            (false, Some(t)) => format!("the {} takes {t}", self.kind_name(m.from())),
            (false, None) => format!(
                "the {} blocks on {}",
                self.kind_name(m.from()),
                self.name(m.to())
            ),
        }
    }

    /// Each cube next to the king: own piece there, or what covers it.
    fn flights(&self, king: usize, lines: &mut Vec<String>) {
        let p = self.p;
        let rules = p.rules();
        let own = p.by_color(self.us);
        // Lifted off the board, the king no longer shields the cube behind
        // it from a slider checking along the line.
        let without_king = p.occupied() ^ S::single(king);
        let around = rules.attacks(KING, self.us, king, S::EMPTY);
        lines.push(format!(
            "The king on {} has {} neighbouring cubes:",
            self.name(king),
            around.count()
        ));
        for to in around.squares() {
            let name = self.name(to);
            if own.contains(to) {
                lines.push(format!(
                    "  {name}: its own {} stands there",
                    self.kind_name(to)
                ));
                continue;
            }
            let guards = p.attackers(to, self.them, without_king);
            let taking = match p.piece_at(to) {
                Some(piece) => format!(", taking the {} {}", piece.color, self.kind_name(to)),
                None => String::new(),
            };
            if guards.is_empty() {
                lines.push(format!("  {name}{taking}: safe"));
            } else {
                lines.push(format!(
                    "  {name}{taking}: covered by {}",
                    self.pieces(guards)
                ));
            }
        }
    }

    /// Why a non-king move `m` is illegal: who attacks the king once it is
    /// played, and whether that is a pin.
    fn why_illegal(&self, king: usize, m: Move) -> String {
        let mut after = *self.p;
        after.play_unchecked(m);
        let attackers = after.attackers(king, self.them, after.occupied());
        let rules = self.p.rules();
        let reasons: Vec<String> = attackers
            .squares()
            .map(|a| {
                if rules.between(king, a).contains(m.from()) {
                    format!(
                        "the {} is pinned by {}",
                        self.kind_name(m.from()),
                        self.piece(a)
                    )
                } else {
                    format!("the king would still be attacked by {}", self.piece(a))
                }
            })
            .collect();
        if reasons.is_empty() {
            "it would be legal".into()
        } else {
            reasons.join("; ")
        }
    }

    /// White pieces (not the king) that could move to `to`, and sliders
    /// that would but for a piece in the way.
    fn reach(&self, king: usize, to: usize, verb: &str, lines: &mut Vec<String>) {
        let p = self.p;
        let rules = p.rules();
        let occupied = p.occupied();
        let mut any = false;
        for from in (p.by_color(self.us) & !S::single(king)).squares() {
            let kind = p.piece_at(from).expect("an own piece").kind;
            if rules.attacks(kind, self.us, from, occupied).contains(to) {
                any = true;
                let m = Move::new(from, to, MoveKind::Normal);
                lines.push(format!(
                    "  {} fails: {}",
                    self.write(m),
                    self.why_illegal(king, m)
                ));
            } else if rules.attacks(kind, self.us, from, S::EMPTY).contains(to) {
                let stop = rules.between(from, to) & occupied;
                lines.push(format!(
                    "  {} cannot: {} is in the way",
                    self.piece(from),
                    self.pieces(stop)
                ));
            }
        }
        if !any {
            lines.push(format!("  no {} piece can {verb}", self.us));
        }
    }

    fn captures(&self, king: usize, checker: usize, lines: &mut Vec<String>) {
        lines.push(format!("Taking {}:", self.piece(checker)));
        self.reach(king, checker, "take it", lines);
    }

    fn blocks(&self, king: usize, checker: usize, lines: &mut Vec<String>) {
        let p = self.p;
        let rules = p.rules();
        let kind = p.piece_at(checker).expect("a checker").kind;
        if rules.variant().kind(kind).slides.is_empty() {
            lines.push(format!(
                "Blocking: a {}'s check cannot be blocked.",
                self.kind_name(checker)
            ));
            return;
        }
        let between = rules.between(king, checker);
        if between.is_empty() {
            lines.push(format!(
                "Blocking: the {} is next to the king, no cube between to block on.",
                self.kind_name(checker)
            ));
            return;
        }
        for square in between.squares() {
            lines.push(format!("Blocking on {}:", self.name(square)));
            self.reach(king, square, "move there", lines);
        }
    }

    /// In stalemate: why each piece but the king cannot move.
    fn stuck_pieces(&self, king: usize, lines: &mut Vec<String>) {
        let p = self.p;
        let rules = p.rules();
        let own = p.by_color(self.us);
        let others = own & !S::single(king);
        if others.is_empty() {
            lines.push(format!("The king is the only {} piece.", self.us));
            return;
        }
        lines.push(format!("The other {} pieces:", self.us));
        for from in others.squares() {
            let kind = p.piece_at(from).expect("an own piece").kind;
            let targets = rules.attacks(kind, self.us, from, p.occupied()) & !own;
            let reason = match targets.first() {
                None => "has no cube to move to".to_string(),
                Some(to) => self.why_illegal(king, Move::new(from, to, MoveKind::Normal)),
            };
            lines.push(format!("  {}: {reason}", self.piece(from)));
        }
    }
}

/// How `mate` stopped early.
#[derive(Debug, Error)]
pub enum MateError {
    /// A line that is not a puzzle position.
    #[error("line {line}: {error}")]
    Line {
        /// The line number (from 1, blank lines counted).
        line: usize,
        /// What is wrong with it.
        error: CubeError,
    },
    /// The text is not lines of UTF-8 text (or a line is too long), or
    /// could not be read.
    #[error(transparent)]
    Input(#[from] InputError),
    /// The output could not be written.
    #[error("cannot write the output: {0}")]
    Write(io::Error),
}

/// What a run answered.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Cases answered.
    pub cases: usize,
    /// Of them, checkmates.
    pub mates: usize,
}

/// Answers every case of `input`, one a line, writing `true` or `false`
/// per case and, with `explain`, the reasons indented below it. Lines are
/// read as [`Lines`] reads them (bounded, any line end, a byte order mark
/// dropped); blank lines are skipped (but counted in line numbers). Each answer is flushed
/// as soon as it is known, so answers before a bad line are all written.
///
/// ```
/// use duckchess_rules::variants::cube::mate::run;
/// let mut out = Vec::new();
/// let input = "[rq,##],[##,K#]\n\n[#q,##],[##,K#]\n";
/// run(input.as_bytes(), &mut out, false).unwrap();
/// assert_eq!(String::from_utf8(out).unwrap(), "true\nfalse\n");
/// let err = run("[rq,##],[##,K#]\n[x]\n".as_bytes(), &mut Vec::new(), false).unwrap_err();
/// assert_eq!(err.to_string(), "line 2: character 2: expected a cell: '#' or one of KQRBN kqrbn, found 'x'");
/// ```
pub fn run<R: BufRead, W: Write>(
    input: R,
    mut out: W,
    explain_each: bool,
) -> Result<Tally, MateError> {
    let mut tally = Tally::default();
    for line in Lines::new(input) {
        let (line, text) = line?;
        let text = text.as_str();
        if text.trim().is_empty() {
            continue;
        }
        let position = read(text).map_err(|error| MateError::Line { line, error })?;
        let mate = if explain_each {
            let why = explain(&position);
            writeln!(out, "{}", why.is_mate()).map_err(MateError::Write)?;
            for reason in &why.lines {
                writeln!(out, "  {reason}").map_err(MateError::Write)?;
            }
            why.is_mate()
        } else {
            let mate = is_mate(&position);
            writeln!(out, "{mate}").map_err(MateError::Write)?;
            mate
        };
        out.flush().map_err(MateError::Write)?;
        tally.cases += 1;
        tally.mates += usize::from(mate);
    }
    Ok(tally)
}
