//! Portable Game Notation: a game as tags and numbered SAN moves.
//!
//! Writing gives the export form: the Seven Tag Roster (Event, Site, Date,
//! Round, White, Black, Result) then any other tags, `SetUp` and `FEN` when
//! the game does not start from the usual position, then the moves numbered
//! and the result, in lines of at most 80 columns.
//!
//! Reading takes what common programs write: tags, comments in braces and
//! after `;`, variations in parentheses (nested or not: their moves are
//! checked; the main line is [`PgnGame::moves`], the variations and the
//! braces' comments are kept in [`PgnGame::tree`]), NAGs (`$1`) and
//! annotations (`!?`, kept as NAGs in the tree and written back after their
//! move, `!` to `?!` as glyphs, others as `$n`),
//! move numbers (`1.`, `1...`, `1.e4`), `e.p.` after a move, and several
//! games in one text. Moves may be SAN or UCI. It refuses what would not
//! read back the same: a tag value that runs past its line, a result that
//! is none of `1-0`, `0-1`, `1/2-1/2`, `*`, a Result tag and a movetext
//! that end differently, a result the moves contradict (`1-0` after
//! Black mates), and a move after the game is over. An error names the
//! game, the line, the move number and the text at fault.
//!
//! ```
//! use duckchess_rules::variants::chess::pgn;
//! let text = r#"[Event "Casual"]
//! [White "Ann"]
//!
//! 1. e4 {the king's pawn} e5 (1... c5 2. Nf3) 2. Nf3 $1 Nc6 1-0"#;
//! let game = pgn::read_game(text).unwrap();
//! assert_eq!(game.moves.len(), 4);
//! assert_eq!(game.tag("White"), Some("Ann"));
//! assert_eq!(game.result, "1-0");
//! let again = pgn::read_game(&game.write()).unwrap();
//! assert_eq!(again.moves, game.moves);
//! ```

use super::{fen, from_fen, read_move, san, start, FenError, START_FEN};
use crate::kernel::SquareSet;
use crate::kernel::{Color, Game, Move, Outcome, Position};
use crate::variants::line::shorten;
use crate::variants::status::describe;
pub use crate::variants::TreeMove;
use crate::variants::{nag_glyph, nag_of_glyph};
use std::fmt;
use thiserror::Error;

/// The tags every exported game has, in order, with their unknown values.
pub const SEVEN_TAG_ROSTER: [(&str, &str); 7] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
    ("Result", "*"),
];

/// The longest line [`PgnGame::write`] writes.
pub const LINE_WIDTH: usize = 80;

/// One game: its tags, where it starts, its moves and its result.
#[derive(Clone, Debug, PartialEq)]
pub struct PgnGame<S: SquareSet = u64> {
    /// The tag pairs in the order read or set (the roster need not be
    /// here; writing fills it in).
    pub tags: Vec<(String, String)>,
    /// The position before the first move (from the `FEN` tag, if any).
    pub start: Position<S>,
    /// The main line.
    pub moves: Vec<Move>,
    /// `1-0`, `0-1`, `1/2-1/2` or `*` (unknown or unfinished).
    pub result: String,
    /// Every move with the variations and comments, the main line's first
    /// (so its main line is `moves`); empty when there are none. Written
    /// instead of `moves` when not empty.
    pub tree: Vec<TreeMove>,
}

/// The PGN result of a game's end: `*` while it goes on.
///
/// ```
/// use duckchess_rules::kernel::{Color, Draw, Outcome, Win};
/// use duckchess_rules::variants::chess::pgn::result_of;
/// assert_eq!(result_of(Some(Outcome::Decisive { winner: Color::Black, how: Win::Checkmate })), "0-1");
/// assert_eq!(result_of(Some(Outcome::Draw(Draw::Stalemate))), "1/2-1/2");
/// assert_eq!(result_of(None), "*");
/// ```
pub fn result_of(outcome: Option<Outcome>) -> &'static str {
    match outcome {
        Some(Outcome::Decisive {
            winner: Color::White,
            ..
        }) => "1-0",
        Some(Outcome::Decisive {
            winner: Color::Black,
            ..
        }) => "0-1",
        Some(Outcome::Draw(_)) => "1/2-1/2",
        None => "*",
    }
}

impl<S: SquareSet> PgnGame<S> {
    /// A game with no moves yet from `start`, result `*`.
    pub fn new(start: Position<S>) -> PgnGame<S> {
        PgnGame {
            tags: Vec::new(),
            start,
            moves: Vec::new(),
            result: "*".into(),
            tree: Vec::new(),
        }
    }

    /// A record of a played game, its result taken from how it ended.
    pub fn from_moves(start: Position<S>, moves: &[Move]) -> PgnGame<S> {
        let mut game = PgnGame::new(start);
        game.moves = moves.to_vec();
        game.result = result_of(game.game().outcome()).into();
        game
    }

    /// The value of a tag.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Sets a tag, replacing its value if present.
    pub fn set_tag(&mut self, name: &str, value: &str) {
        match self.tags.iter_mut().find(|(n, _)| n == name) {
            Some(tag) => tag.1 = value.into(),
            None => self.tags.push((name.into(), value.into())),
        }
    }

    /// The game replayed, with the history repetition needs.
    pub fn game(&self) -> Game<S> {
        let mut game = Game::new(self.start);
        for &m in &self.moves {
            game.play(m).expect("a PgnGame holds legal moves");
        }
        game
    }

    /// The position after the last move.
    pub fn end(&self) -> Position<S> {
        *self.game().position()
    }

    /// The moves in SAN, in order.
    pub fn san_moves(&self) -> Vec<String> {
        let mut position = self.start;
        self.moves
            .iter()
            .map(|&m| {
                let text = san::write(&position, m);
                position.play(m).expect("a PgnGame holds legal moves");
                text
            })
            .collect()
    }

    /// The game in PGN export form.
    pub fn write(&self) -> String {
        let mut out = String::new();
        let mut tag = |name: &str, value: &str| {
            let value = value.replace('\\', "\\\\").replace('"', "\\\"");
            out += &format!("[{name} \"{value}\"]\n");
        };
        for (name, unknown) in SEVEN_TAG_ROSTER {
            let value = match name {
                "Result" => self.result.as_str(),
                _ => self.tag(name).unwrap_or(unknown),
            };
            tag(name, value);
        }
        let start_fen = fen(&self.start);
        if start_fen != START_FEN {
            tag("SetUp", "1");
            tag("FEN", &start_fen);
        }
        for (name, value) in &self.tags {
            let known = SEVEN_TAG_ROSTER.iter().any(|(n, _)| n == name);
            if !known && name != "SetUp" && name != "FEN" {
                tag(name, value);
            }
        }
        out.push('\n');

        let mut tokens = Vec::new();
        let mut position = self.start;
        if !self.tree.is_empty() {
            let mut children = vec![Vec::new(); self.tree.len() + 1];
            for (i, t) in self.tree.iter().enumerate() {
                children[t.parent.map_or(0, |p| p + 1)].push(i);
            }
            write_line(&self.tree, &children, position, None, true, &mut tokens);
        }
        for (i, &m) in self
            .moves
            .iter()
            .enumerate()
            .filter(|_| self.tree.is_empty())
        {
            let number = position.fullmove();
            match position.turn() {
                Color::White => tokens.push(format!("{number}.")),
                Color::Black if i == 0 => tokens.push(format!("{number}...")),
                Color::Black => {}
            }
            tokens.push(san::write(&position, m));
            position.play(m).expect("a PgnGame holds legal moves");
        }
        tokens.push(self.result.clone());
        let mut line = String::new();
        for token in tokens {
            if !line.is_empty() && line.len() + 1 + token.len() > LINE_WIDTH {
                out += &line;
                out.push('\n');
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line += &token;
        }
        out += &line;
        out.push('\n');
        out
    }
}

/// Writes the line of the tree that goes on from `parent` (`None`: the
/// start) at `position`: its first child and the rest of its line, each
/// other child a variation in parentheses before the line goes on.
fn write_line<S: SquareSet>(
    tree: &[TreeMove],
    children: &[Vec<usize>],
    mut position: Position<S>,
    mut parent: Option<usize>,
    mut number: bool,
    tokens: &mut Vec<String>,
) {
    // One move with its number (always before White's; before Black's
    // when the line starts, or after a comment or variation) and comment.
    let write = |i: usize, position: &Position<S>, number: bool, tokens: &mut Vec<String>| {
        let n = position.fullmove();
        match position.turn() {
            Color::White => tokens.push(format!("{n}.")),
            Color::Black if number => tokens.push(format!("{n}...")),
            Color::Black => {}
        }
        tokens.push(san::write(position, tree[i].mv));
        tokens.extend(tree[i].nags.iter().map(|&n| nag_glyph(n)));
        if let Some(c) = &tree[i].comment {
            tokens.push(format!("{{{}}}", c.replace('}', ")")));
        }
        tree[i].comment.is_some()
    };
    loop {
        let Some((&main, others)) = children[parent.map_or(0, |p| p + 1)].split_first() else {
            return;
        };
        number = write(main, &position, number, tokens);
        for &other in others {
            let start = tokens.len();
            let commented = write(other, &position, true, tokens);
            tokens[start].insert(0, '(');
            let mut after = position;
            after
                .play(tree[other].mv)
                .expect("a PgnGame holds legal moves");
            write_line(tree, children, after, Some(other), commented, tokens);
            tokens.last_mut().expect("a move was written").push(')');
            number = true;
        }
        position
            .play(tree[main].mv)
            .expect("a PgnGame holds legal moves");
        parent = Some(main);
    }
}

/// Where in a PGN text something went wrong, and what.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("game {game}, line {line}: {kind}")]
pub struct PgnError {
    /// The game, counting from 1.
    pub game: usize,
    /// The line, counting from 1.
    pub line: usize,
    /// What went wrong.
    pub kind: PgnErrorKind,
}

/// What went wrong reading PGN.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PgnErrorKind {
    /// A move that could not be read or is not legal.
    #[error("move {number}{dots} {text}{place}: {why}")]
    Move {
        /// The move number.
        number: u32,
        /// `.` for White's move, `...` for Black's.
        dots: &'static str,
        /// ` (in a variation)`, or nothing on the main line.
        place: &'static str,
        /// The move as written.
        text: String,
        /// Why it was refused.
        why: String,
    },
    /// A tag pair that is not `[Name "value"]`.
    #[error("malformed tag: {0}")]
    Tag(String),
    /// The `FEN` tag is not a position.
    #[error("FEN tag: {0}")]
    Fen(FenError),
    /// A `Variant` tag naming another game.
    #[error("variant {0:?} is not orthodox chess")]
    Variant(String),
    /// A comment, variation or tag that never ends (a tag ends on its
    /// line).
    #[error("unclosed {0}")]
    Unclosed(&'static str),
    /// A `)` with no `(`.
    #[error("')' closes no variation")]
    StrayParenthesis,
    /// A `(` before any move it could be an alternative to.
    #[error("a variation before the first move")]
    EarlyVariation,
    /// A game result inside a variation.
    #[error("a result ({0}) inside a variation")]
    ResultInVariation(String),
    /// A `Result` tag that is no game result.
    #[error("Result tag {0:?} is not 1-0, 0-1, 1/2-1/2 or *")]
    ResultTag(String),
    /// The `Result` tag and the movetext's end disagree.
    #[error("the Result tag says {tag} but the movetext ends {ends}")]
    ResultMismatch {
        /// The tag's value.
        tag: String,
        /// The result after the moves.
        ends: String,
    },
    /// The result contradicts how the moves end the game.
    #[error("the result {result} contradicts the end of the game: {how} ({expected})")]
    WrongResult {
        /// The result given.
        result: String,
        /// How the game ended, in words.
        how: String,
        /// Its result.
        expected: &'static str,
    },
    /// A move after the end of the game.
    #[error("move {number}{dots} {text}: the game is over: {how}")]
    GameOver {
        /// The move number.
        number: u32,
        /// `.` for White's move, `...` for Black's.
        dots: &'static str,
        /// The move as written.
        text: String,
        /// How it ended, in words.
        how: String,
    },
    /// The text holds no game.
    #[error("no game")]
    NoGame,
}

/// A game being read.
struct Draft {
    tags: Vec<(String, String)>,
    game: Option<Game<u64>>,
    start: Option<Position<u64>>,
    moves: Vec<Move>,
    result: Option<String>,
    /// Every move read, variations' too, and the comments.
    tree: Vec<TreeMove>,
    /// The main line's last move in `tree`.
    at: Option<usize>,
    /// Whether the tree holds more than the main line.
    annotated: bool,
}

impl Draft {
    /// Adds a NAG to a move of the tree (`$0`, the null annotation, and a
    /// NAG the move has are left out).
    fn annotate(&mut self, at: Option<usize>, nag: u8) {
        if let Some(at) = at {
            let nags = &mut self.tree[at].nags;
            if nag != 0 && !nags.contains(&nag) {
                nags.push(nag);
                self.annotated = true;
            }
        }
    }
}

/// The move a comment or NAG read now goes with: the last of the line
/// being read, none before a variation's first move.
fn last_move(
    variations: &[(Game<u64>, usize, Option<usize>, bool)],
    main: Option<usize>,
) -> Option<usize> {
    match variations.last() {
        Some((_, _, at, true)) => *at,
        Some(_) => None,
        None => main,
    }
}

/// Reads PGN games one by one; stops at the first error.
///
/// ```
/// use duckchess_rules::variants::chess::pgn::Reader;
/// let two = "1. e4 e5 1-0\n\n[White \"B\"]\n1. d4 *\n";
/// let games: Vec<_> = Reader::new(two).collect::<Result<_, _>>().unwrap();
/// assert_eq!(games.len(), 2);
/// assert_eq!(games[1].tag("White"), Some("B"));
/// ```
pub struct Reader<'a> {
    text: &'a str,
    at: usize,
    line: usize,
    games: usize,
    failed: bool,
}

impl<'a> Reader<'a> {
    /// A reader of `text`.
    pub fn new(text: &'a str) -> Reader<'a> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        Reader {
            text,
            at: 0,
            line: 1,
            games: 0,
            failed: false,
        }
    }

    fn peek(&self) -> Option<char> {
        self.text[self.at..].chars().next()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.at += c.len_utf8();
        if c == '\n' {
            self.line += 1;
        }
        Some(c)
    }

    fn error(&self, kind: PgnErrorKind) -> PgnError {
        PgnError {
            game: self.games.max(1),
            line: self.line,
            kind,
        }
    }

    /// Skips to the end of the line.
    fn skip_line(&mut self) {
        while let Some(c) = self.bump() {
            if c == '\n' {
                break;
            }
        }
    }

    /// Reads a `{...}` comment whose `{` was read.
    fn comment(&mut self) -> Result<&'a str, PgnError> {
        let line = self.line;
        let start = self.at;
        loop {
            match self.bump() {
                Some('}') => return Ok(&self.text[start..self.at - 1]),
                Some(_) => {}
                None => {
                    return Err(PgnError {
                        line,
                        ..self.error(PgnErrorKind::Unclosed("comment"))
                    })
                }
            }
        }
    }

    /// Reads a tag pair whose `[` was read.
    fn tag(&mut self) -> Result<(String, String), PgnError> {
        let line = self.line;
        let start = self.at;
        let end = self.text[start..]
            .find(['\n', ']'])
            .map_or(self.text.len(), |i| start + i);
        let mut raw = String::new();
        let mut in_string = false;
        let mut escaped = false;
        // Read to the `]` outside the string (a value may hold `]`).
        loop {
            let Some(c) = self.bump() else {
                return Err(PgnError {
                    line,
                    ..self.error(PgnErrorKind::Unclosed("tag"))
                });
            };
            // A tag, its value too, ends on its line.
            if c == '\n' {
                return Err(PgnError {
                    line,
                    ..self.error(PgnErrorKind::Unclosed("tag"))
                });
            }
            if c == ']' && !in_string {
                break;
            }
            if in_string && !escaped && c == '"' {
                in_string = false;
            } else if !in_string && c == '"' {
                in_string = true;
            }
            escaped = in_string && !escaped && c == '\\';
            raw.push(c);
        }
        let bad = || PgnError {
            line,
            ..self.error(PgnErrorKind::Tag(shorten(&format!(
                "[{}",
                &self.text[start..end.max(start)]
            ))))
        };
        let raw = raw.trim();
        let (name, value) = raw.split_once(char::is_whitespace).ok_or_else(bad)?;
        let value = value.trim();
        if name.is_empty()
            || !name.chars().all(|c| c.is_alphanumeric() || c == '_')
            || !value.starts_with('"')
            || !value.ends_with('"')
            || value.len() < 2
        {
            return Err(bad());
        }
        let mut unescaped = String::new();
        let mut chars = value[1..value.len() - 1].chars();
        while let Some(c) = chars.next() {
            if c == '\\' {
                unescaped.extend(chars.next());
            } else {
                unescaped.push(c);
            }
        }
        Ok((name.to_string(), unescaped))
    }

    /// The next whitespace- or bracket-delimited token.
    fn symbol(&mut self) -> &'a str {
        let start = self.at;
        while let Some(c) = self.peek() {
            if c.is_whitespace() || "{}()[];$".contains(c) {
                break;
            }
            self.bump();
        }
        &self.text[start..self.at]
    }

    /// The game's position, made from its `FEN` tag at its first move.
    fn game<'d>(&self, draft: &'d mut Draft) -> Result<&'d mut Game<u64>, PgnError> {
        if draft.game.is_none() {
            let find = |name: &str| draft.tags.iter().find(|(n, _)| n == name);
            if let Some((_, v)) = find("Variant") {
                let v = v.to_ascii_lowercase();
                if !["standard", "chess", "from position", "normal"].contains(&v.as_str()) {
                    return Err(self.error(PgnErrorKind::Variant(shorten(&v))));
                }
            }
            let position = match find("FEN") {
                Some((_, f)) => from_fen(f).map_err(|e| self.error(PgnErrorKind::Fen(e)))?,
                None => start(),
            };
            draft.start = Some(position);
            draft.game = Some(Game::new(position));
        }
        Ok(draft.game.as_mut().expect("just made"))
    }

    /// Reads the next game.
    fn next_game(&mut self) -> Result<Option<PgnGame>, PgnError> {
        let mut draft = Draft {
            tags: Vec::new(),
            game: None,
            start: None,
            moves: Vec::new(),
            result: None,
            tree: Vec::new(),
            at: None,
            annotated: false,
        };
        // The open variations, innermost last, each with its line of `(`:
        // a game from the start through the moves before the one it
        // replaces, then its own; and its last move in the tree (the
        // replaced move's parent before its first).
        let mut variations: Vec<(Game<u64>, usize, Option<usize>, bool)> = Vec::new();
        let mut begun = false;
        let mut in_moves = false;
        self.games += 1;
        while let Some(c) = self.peek() {
            let at_line_start = self.at == 0 || self.text[..self.at].ends_with('\n');
            match c {
                _ if c.is_whitespace() => {
                    self.bump();
                }
                '%' if at_line_start => self.skip_line(),
                '[' => {
                    if in_moves {
                        break; // the next game's tags
                    }
                    begun = true;
                    self.bump();
                    let line = self.line;
                    let (name, value) = self.tag()?;
                    if name == "Result" && !RESULTS.contains(&value.as_str()) {
                        return Err(PgnError {
                            line,
                            ..self.error(PgnErrorKind::ResultTag(shorten(&value)))
                        });
                    }
                    draft.tags.push((name, value));
                }
                '{' => {
                    self.bump();
                    let text = self
                        .comment()?
                        .split_whitespace()
                        .collect::<Vec<_>>()
                        .join(" ");
                    // After a move: that move's (before a line's first
                    // move it has none to go with, and is left out).
                    let at = last_move(&variations, draft.at);
                    if let (Some(at), false) = (at, text.is_empty()) {
                        let comment = &mut draft.tree[at].comment;
                        *comment = Some(match comment.take() {
                            Some(c) => format!("{c} {text}"),
                            None => text,
                        });
                        draft.annotated = true;
                    }
                }
                ';' => self.skip_line(),
                '(' => {
                    let line = self.line;
                    self.bump();
                    // An alternative to the last move of the line it is in.
                    let (history, at) = match variations.last() {
                        Some((game, _, at, _)) => (game.moves().to_vec(), *at),
                        None => (self.game(&mut draft)?.moves().to_vec(), draft.at),
                    };
                    let Some((_, before)) = history.split_last() else {
                        return Err(self.error(PgnErrorKind::EarlyVariation));
                    };
                    let mut game = Game::new(draft.start.expect("made with the game"));
                    for &m in before {
                        game.play(m).expect("moves already played");
                    }
                    let parent = at.and_then(|at| draft.tree[at].parent);
                    variations.push((game, line, parent, false));
                    draft.annotated = true;
                }
                ')' => {
                    if variations.pop().is_none() {
                        return Err(self.error(PgnErrorKind::StrayParenthesis));
                    }
                    self.bump();
                }
                '$' => {
                    self.bump();
                    let start = self.at;
                    while self.peek().is_some_and(|c| c.is_ascii_digit()) {
                        self.bump();
                    }
                    // A NAG goes with the move before it (one past 255 is
                    // no NAG, and is left out).
                    if let Ok(nag) = self.text[start..self.at].parse::<u8>() {
                        draft.annotate(last_move(&variations, draft.at), nag);
                    }
                }
                _ => {
                    let line = self.line;
                    let token = self.symbol();
                    if token.is_empty() {
                        self.bump(); // a lone `]` or `}`: nothing to read
                        continue;
                    }
                    begun = true;
                    in_moves = true;
                    if matches!(token, "1-0" | "0-1" | "1/2-1/2" | "½-½" | "*") {
                        let result = if token == "½-½" { "1/2-1/2" } else { token };
                        if !variations.is_empty() {
                            return Err(self.error(PgnErrorKind::ResultInVariation(result.into())));
                        }
                        draft.result = Some(result.into());
                        break;
                    }
                    // A move number, perhaps glued to the move (`1.e4`).
                    let digits = token.trim_start_matches(|c: char| c.is_ascii_digit());
                    let rest = if digits.len() < token.len() && digits.starts_with('.') {
                        digits.trim_start_matches('.')
                    } else if digits.is_empty() {
                        ""
                    } else {
                        token
                    };
                    // Annotations (kept as NAGs), and the en passant mark
                    // written apart.
                    if rest.is_empty() || rest == "e.p." {
                        continue;
                    }
                    let glyphs = |c: char| "!?‼⁇⁈⁉".contains(c);
                    if rest.chars().all(glyphs) {
                        if let Some(nag) = nag_of_glyph(rest) {
                            draft.annotate(last_move(&variations, draft.at), nag);
                        }
                        continue;
                    }
                    // An annotation glued to its move (`Qxa7?`).
                    let glued = nag_of_glyph(&rest[rest.trim_end_matches(glyphs).len()..]);
                    self.game(&mut draft)?;
                    let in_main = variations.is_empty();
                    let (game, at) = match variations.last_mut() {
                        Some((game, _, at, moved)) => {
                            *moved = true;
                            (game, at)
                        }
                        None => (draft.game.as_mut().expect("just made"), &mut draft.at),
                    };
                    let position = *game.position();
                    let (number, dots) = (
                        position.fullmove(),
                        match position.turn() {
                            Color::White => ".",
                            Color::Black => "...",
                        },
                    );
                    if let Some(outcome) = game.outcome() {
                        let how = describe(&super::Chess, &position, outcome, Some(&*game));
                        return Err(PgnError {
                            line,
                            ..self.error(PgnErrorKind::GameOver {
                                number,
                                dots,
                                text: shorten(rest),
                                how,
                            })
                        });
                    }
                    let m = read_move(&position, rest).map_err(|e| PgnError {
                        line,
                        ..self.error(PgnErrorKind::Move {
                            number,
                            dots,
                            place: if in_main { "" } else { " (in a variation)" },
                            text: shorten(rest),
                            why: e.to_string(),
                        })
                    })?;
                    game.play(m).expect("read_move returns legal moves");
                    // A variation may repeat a move the tree has.
                    let parent = *at;
                    let known = (!in_main)
                        .then(|| {
                            draft
                                .tree
                                .iter()
                                .position(|t| t.parent == parent && t.mv == m)
                        })
                        .flatten();
                    let node = known.unwrap_or_else(|| {
                        draft.tree.push(TreeMove {
                            parent,
                            mv: m,
                            comment: None,
                            nags: Vec::new(),
                        });
                        draft.tree.len() - 1
                    });
                    *at = Some(node);
                    if in_main {
                        draft.moves.push(m);
                    }
                    if let Some(nag) = glued {
                        draft.annotate(Some(node), nag);
                    }
                }
            }
        }
        if let Some(&(_, line, _, _)) = variations.first() {
            return Err(PgnError {
                line,
                ..self.error(PgnErrorKind::Unclosed("variation"))
            });
        }
        if !begun {
            self.games -= 1;
            return Ok(None);
        }
        self.game(&mut draft)?;
        let tag = draft
            .tags
            .iter()
            .find(|(n, _)| n == "Result")
            .map(|(_, v)| v.clone());
        let result = match (draft.result, tag) {
            (Some(ends), Some(tag)) if ends != tag => {
                return Err(self.error(PgnErrorKind::ResultMismatch { tag, ends }))
            }
            (Some(result), _) | (None, Some(result)) => result,
            (None, None) => "*".into(),
        };
        let game = draft.game.as_ref().expect("made above");
        if let Some(outcome) = game.outcome() {
            let expected = result_of(Some(outcome));
            if result != "*" && result != expected {
                let how = describe(&super::Chess, game.position(), outcome, Some(game));
                return Err(self.error(PgnErrorKind::WrongResult {
                    result,
                    how,
                    expected,
                }));
            }
        }
        Ok(Some(PgnGame {
            tags: draft.tags,
            start: draft.start.expect("set with the game"),
            moves: draft.moves,
            result,
            tree: if draft.annotated {
                draft.tree
            } else {
                Vec::new()
            },
        }))
    }
}

/// The four results a game may end with.
pub(crate) const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

impl Iterator for Reader<'_> {
    type Item = Result<PgnGame, PgnError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.failed {
            return None;
        }
        match self.next_game() {
            Ok(game) => game.map(Ok),
            Err(e) => {
                self.failed = true;
                Some(Err(e))
            }
        }
    }
}

/// Reads the first game of a PGN text.
pub fn read_game(text: &str) -> Result<PgnGame, PgnError> {
    Reader::new(text).next().unwrap_or(Err(PgnError {
        game: 1,
        line: 1,
        kind: PgnErrorKind::NoGame,
    }))
}

/// Reads every game of a PGN text.
pub fn read_games(text: &str) -> Result<Vec<PgnGame>, PgnError> {
    Reader::new(text).collect()
}

impl<S: SquareSet> fmt::Display for PgnGame<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.write())
    }
}
