//! Games as data on the [`kernel`](crate::kernel): one file per game, with
//! its variant value and its notation.
//!
//! Every game is reached through the [`Notation`] trait, so the command
//! line, the terminal game and the web page treat them alike: read and write
//! a position, read and write a move, name a square, lay the board out.
//!
//! ```
//! let chess = duckchess_rules::variants::by_name("chess").unwrap();
//! let start = chess.start();
//! assert_eq!(start.legal_moves().len(), 20);
//! assert_eq!(chess.write_position(&*start), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
//! assert!(duckchess_rules::variants::by_name("go").is_none());
//! ```

pub mod chess;
pub mod clones;
pub mod cube;
pub mod duck;
pub mod fen;
mod fen_gates;
mod fen_turned;
pub mod fourfold;
pub mod ini;
/// Text as users give it; it lives in [`crate::text`], the bottom layer.
pub use crate::text::input;
pub mod layout;
pub mod line;
#[cfg(test)]
mod magics_tests;
pub mod perft;
pub mod picture;
pub mod san;
mod san_gates;
pub mod square_names;
pub mod status;
pub mod studies;
pub mod uci;
pub mod xiangqi;

use crate::kernel::{AnyPosition, Color, Move, Piece, Position, PositionError, Setup};
use layout::{Across, Layout};

/// Why a position or move text could not be read: the variant's own typed
/// error, whose message names the field and character at fault. A caller
/// matches on the kind (a FEN, a SAN or UCI move, a record); the message
/// is the inner error's own. The larger errors are boxed, so that a
/// `Result` carrying one stays small.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum NotationError {
    /// A FEN of the kernel's games.
    #[error(transparent)]
    Fen(#[from] fen::FenError),
    /// A move in standard algebraic notation.
    #[error(transparent)]
    San(Box<san::SanError>),
    /// A move in UCI coordinates.
    #[error(transparent)]
    Uci(#[from] uci::UciError),
    /// A position the kernel refuses.
    #[error(transparent)]
    Position(#[from] PositionError),
    /// Duck Chess's FEN (the judge's own).
    #[error(transparent)]
    DuckFen(#[from] crate::judge::fen::FenError),
    /// A chess game in PGN.
    #[error(transparent)]
    Pgn(Box<chess::pgn::PgnError>),
    /// A xiangqi move in WXF.
    #[error(transparent)]
    Wxf(#[from] xiangqi::wxf::WxfError),
    /// A cube position.
    #[error(transparent)]
    Cube(#[from] cube::CubeError),
    /// A cube move.
    #[error(transparent)]
    CubeMove(#[from] cube::MoveError),
    /// A Fourfold move.
    #[error(transparent)]
    FourfoldMove(Box<fourfold::MoveTextError>),
    /// A Fourfold record.
    #[error(transparent)]
    FourfoldRecord(Box<fourfold::RecordError>),
    /// A Duck Chess move that is not a judge command's four numbers.
    #[error(transparent)]
    DuckCommand(#[from] duck::CommandTextError),
    /// A game's own reason, in words (a record's line, a command the
    /// judge refuses, a board's layout).
    #[error("{0}")]
    Other(String),
}

impl From<san::SanError> for NotationError {
    fn from(e: san::SanError) -> NotationError {
        NotationError::San(Box::new(e))
    }
}

impl From<chess::pgn::PgnError> for NotationError {
    fn from(e: chess::pgn::PgnError) -> NotationError {
        NotationError::Pgn(Box::new(e))
    }
}

impl From<fourfold::MoveTextError> for NotationError {
    fn from(e: fourfold::MoveTextError) -> NotationError {
        NotationError::FourfoldMove(Box::new(e))
    }
}

impl From<fourfold::RecordError> for NotationError {
    fn from(e: fourfold::RecordError) -> NotationError {
        NotationError::FourfoldRecord(Box::new(e))
    }
}

impl From<String> for NotationError {
    fn from(text: String) -> NotationError {
        NotationError::Other(text)
    }
}

impl From<&str> for NotationError {
    fn from(text: &str) -> NotationError {
        NotationError::Other(text.to_string())
    }
}

/// Why a setup is not a position of the game
/// ([`Text::position_of_setup`]).
#[derive(Debug, thiserror::Error)]
pub enum SetupError {
    /// The kernel refuses it; said with the game's square names.
    #[error("{said}")]
    Kernel {
        /// The kernel's reason.
        error: PositionError,
        /// It in words, with the game's square names.
        said: String,
    },
    /// The game's own reader refuses the position written.
    #[error(transparent)]
    Game(Box<NotationError>),
}

/// The four traits of a game ([`Notation`]), to call their methods on a
/// `&dyn Notation`: `use duckchess_rules::variants::prelude::*`.
pub mod prelude {
    pub use super::{EngineInterop, GameRules, Notation, Presentation, Text};
}

/// A game's identity and its rules' hooks: its names, its start, its
/// openings, its own verdict on a move, perft, and the boards it is
/// played on.
pub trait GameRules: Sync {
    /// The name on the command line (`--variant NAME`).
    fn name(&self) -> &'static str;

    /// One line for `duckchess variants`: the board and the pieces.
    fn summary(&self) -> String;

    /// The name people read (`Duck Chess`, `Fourfold, classic setup`): the
    /// page's game menu.
    fn title(&self) -> &'static str;

    /// The starting position (for a puzzle without one, an example).
    fn start(&self) -> Box<dyn AnyPosition>;

    /// Perft split by first move ([`perft::divide`]), counted with up to
    /// `threads` threads: the kernel's count, or a game's faster engine
    /// that counts the same (Duck Chess's judge engine; `tests/commands/duck_kernel.rs`
    /// holds the two to one count).
    fn divide(&self, position: &dyn AnyPosition, depth: u32, threads: usize) -> Vec<(Move, u64)> {
        perft::divide(position, depth, threads)
    }

    /// Balanced openings for matches, each a name and its moves from the
    /// start in the game's notation; none by default (a match then starts
    /// from a few random plies).
    fn openings(&self) -> &'static [(&'static str, &'static str)] {
        &[]
    }

    /// The game's own verdict on a move, shown beside it where the game has
    /// one: Duck Chess's judge line (`red guard;NA;no;no`).
    fn verdict(&self, _before: &dyn AnyPosition, _m: Move) -> Option<String> {
        None
    }

    /// The sizes of board the game is played on, smallest and largest,
    /// when it has more than one (the cube's side n, 2 to 10): the board
    /// editor offers them. `None` by default: one board.
    fn board_sizes(&self) -> Option<(usize, usize)> {
        None
    }

    /// A position on the board of `size` (one of [`Notation::board_sizes`](crate::variants::GameRules::board_sizes);
    /// `None`: the board of [`Notation::start`](crate::variants::GameRules::start)), whose squares, names and
    /// layout the board editor draws a setup on: the start by default, which
    /// has one board; the cube's empty cube of side n.
    fn board_of_size(&self, size: Option<usize>) -> Option<Box<dyn AnyPosition>> {
        size.is_none().then(|| self.start())
    }
}

/// A game's notation: positions, moves, squares and records as text,
/// read and written.
pub trait Text: GameRules {
    /// Reads a position in the variant's notation.
    fn read_position(&self, text: &str) -> Result<Box<dyn AnyPosition>, NotationError>;

    /// Writes a position in the variant's notation.
    fn write_position(&self, position: &dyn AnyPosition) -> String;

    /// A legal move of `position` in the variant's own move notation (SAN
    /// for chess), check and mate marks included.
    fn write_move(&self, position: &dyn AnyPosition, m: Move) -> String;

    /// A move as its squares alone (UCI for chess), for machines.
    fn coordinate_move(&self, position: &dyn AnyPosition, m: Move) -> String;

    /// Reads a move in either notation and returns it if it is legal; the
    /// error says why not (no such move, ambiguous, malformed).
    fn read_move(&self, position: &dyn AnyPosition, text: &str) -> Result<Move, NotationError>;

    /// A square's name (`e4`, `b2(III)`, `a1[0,1]`).
    fn square_name(&self, position: &dyn AnyPosition, square: usize) -> String;

    /// The square of a name [`Notation::square_name`](crate::variants::Text::square_name) writes (Duck Chess
    /// also takes `x,y` without the parentheses).
    fn read_square(&self, position: &dyn AnyPosition, text: &str) -> Option<usize> {
        let text = text.trim();
        (0..position.variant().shape.len()).find(|&s| self.square_name(position, s) == text)
    }

    /// A game as a record to save: by default the start position on the
    /// first line, then one move a line in coordinates.
    fn write_record(&self, start: &dyn AnyPosition, moves: &[Move]) -> String {
        let mut text = self.write_position(start);
        text.push('\n');
        let mut position = start.clone_box();
        for &m in moves {
            text.push_str(&self.coordinate_move(&*position, m));
            text.push('\n');
            if position.play(m).is_err() {
                break;
            }
        }
        text
    }

    /// Reads a record [`Notation::write_record`](crate::variants::Text::write_record) wrote: the start and the
    /// moves, each checked legal and played before the game's end; the
    /// error names the line at fault.
    fn read_record(&self, text: &str) -> Result<(Box<dyn AnyPosition>, Vec<Move>), NotationError> {
        let text = input::normalize(text);
        let mut lines = text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty());
        let (_, first) = lines.next().ok_or("the record is empty")?;
        let start = self
            .read_position(first.trim())
            .map_err(|e| format!("line 1: {e}"))?;
        let mut game = start.new_game();
        for (i, line) in lines {
            if let Some(outcome) = game.outcome() {
                // The game's own words, as `show` says the result.
                let notation = by_name(self.name()).unwrap_or(default());
                let result = status::describe(notation, game.position(), outcome, Some(&*game));
                return Err(format!("line {}: the game is over: {result}", i + 1).into());
            }
            let m = self
                .read_move(game.position(), line.trim())
                .map_err(|e| format!("line {}: {e}", i + 1))?;
            game.play(m).map_err(|e| format!("line {}: {e}", i + 1))?;
        }
        Ok((start, game.moves().to_vec()))
    }

    /// The file extension of [`Notation::write_record`](crate::variants::Text::write_record)'s records.
    fn record_extension(&self) -> &'static str {
        "txt"
    }

    /// Every game of a text holding one or more records: one by default
    /// ([`Notation::read_record`](crate::variants::Text::read_record)); chess reads every game of a PGN file,
    /// each with its tags.
    fn read_records(&self, text: &str) -> Result<Vec<Record>, NotationError> {
        let (start, moves) = self.read_record(text)?;
        Ok(vec![Record {
            tags: Vec::new(),
            start,
            moves,
            tree: Vec::new(),
        }])
    }

    /// A record of a whole tree of moves (its variations and comments
    /// included) with `tags`, if the game's record format can hold one:
    /// `None` by default (a record is one line of moves); chess writes PGN
    /// with variations in parentheses and comments in braces.
    fn write_tree(
        &self,
        _start: &dyn AnyPosition,
        _tree: &[TreeMove],
        _tags: &[(String, String)],
    ) -> Option<String> {
        None
    }

    /// What a position text is called in messages: `position`; `FEN` for
    /// chess and Duck Chess.
    fn position_format(&self) -> &'static str {
        "position"
    }

    /// What a record is called in messages: `record`; `PGN` for chess,
    /// `judge input` for Duck Chess.
    fn record_format(&self) -> &'static str {
        "record"
    }

    /// Whether `text` looks like a position of this game (not whether it
    /// is a correct one): how a position given without `--variant` finds
    /// its game. `start` is no game's in particular.
    fn recognizes(&self, text: &str) -> bool;

    /// The moves of a line after its `moves` word, one text each: split at
    /// white space, except where a move has spaces in it (Duck Chess's
    /// `xs ys xt yt`).
    fn split_moves(&self, text: &str) -> Vec<String> {
        text.split_whitespace().map(String::from).collect()
    }

    /// The position of a setup on the board of `board` (a position from
    /// [`Notation::board_of_size`](crate::variants::GameRules::board_of_size)), checked as the game checks the
    /// positions it reads: the kernel's [`Position::from_setup`] with the
    /// board's rules, its refusal in words with the game's square names
    /// ([`PositionError::describe`]), then the game's own reader on the
    /// position written, so that whatever it refuses ([`Notation::read_position`](crate::variants::Text::read_position))
    /// is refused here too. Gives the position and its text.
    fn position_of_setup(
        &self,
        board: &dyn AnyPosition,
        setup: &Setup,
    ) -> Result<(Box<dyn AnyPosition>, String), SetupError> {
        let built: Result<Box<dyn AnyPosition>, PositionError> = crate::kernel::with_position!(
            board.concrete(),
            p => Position::from_setup(p.rules(), setup).map(|q| Box::new(q) as Box<dyn AnyPosition>)
        );
        let built = built.map_err(|error| SetupError::Kernel {
            said: error.describe(board.variant(), &|s| self.square_name(board, s)),
            error,
        })?;
        let text = self.write_position(&*built);
        let read = self
            .read_position(&text)
            .map_err(|e| SetupError::Game(Box::new(e)))?;
        let text = self.write_position(&*read);
        Ok((read, text))
    }
}

/// How a game is shown: its board's layout and labels, its sides'
/// names and inks, its pieces' glyphs, and moves explained in words.
pub trait Presentation: Text {
    /// The label of the board at (z, w) in a picture: empty for one board,
    /// `III` for a cube level, `[0,1]` for a Fourfold board.
    fn board_label(&self, position: &dyn AnyPosition, z: usize, w: usize) -> String;

    /// Which way axis-2 boards run across a picture.
    fn across(&self) -> Across {
        Across::Ascending
    }

    /// Where each square of `position` is drawn.
    fn layout(&self, position: &dyn AnyPosition) -> Layout {
        Layout::new(position.variant().shape, self.across())
    }

    /// Whether the board's squares alternate in colour (the chess family)
    /// or are plain points (Duck Chess's xiangqi board).
    fn checkered(&self) -> bool {
        true
    }

    /// For a game played on the points where lines cross (xiangqi's
    /// board), the lines as its players draw them: segments from one
    /// square's point to another's. None for a board of squares.
    fn board_lines(&self, _position: &dyn AnyPosition) -> Vec<[usize; 2]> {
        Vec::new()
    }

    /// A side in the game's words: `white`, Duck Chess's `red`.
    fn side_name(&self, color: Color) -> &'static str {
        color.name()
    }

    /// The colour a side's pieces are drawn in: yellow and blue; Duck
    /// Chess's red and blue.
    fn side_ink(&self, color: Color) -> picture::Ink {
        match color {
            Color::White => picture::Ink::Yellow,
            Color::Black => picture::Ink::Blue,
        }
    }

    /// The glyph a piece is drawn with: the chess figurines by default (the
    /// letter for a kind without one); Duck Chess's 王 士 象 马 车 鸭 兵.
    fn glyph(&self, position: &dyn AnyPosition, piece: Piece) -> char {
        let variant = position.variant();
        picture::figurine(variant.kind(piece.kind).letter, piece.color)
            .unwrap_or_else(|| variant.piece_char(piece))
    }

    /// The label of file `file` (axis 0) on a picture's edge: `a`, `b`, …;
    /// Duck Chess's column numbers.
    fn file_label(&self, file: usize) -> String {
        char::from(b'a' + file as u8).to_string()
    }

    /// The label of rank `rank` (axis 1, from 0): `1`, `2`, …; Duck Chess's
    /// row numbers, from 0.
    fn rank_label(&self, rank: usize) -> String {
        (rank + 1).to_string()
    }

    /// What the file and rank labels count, when the square names do not
    /// make it plain: none (`e4` is file e, rank 4); Duck Chess's `y` and
    /// `x` (its point `(x,y)` is rank x, file y).
    fn axis_names(&self) -> Option<(&'static str, &'static str)> {
        None
    }

    /// A piece on a square, in the words explanations use: `the white
    /// knight on g1`; Duck Chess's `red horse at (0,1)`.
    fn piece_on(&self, position: &dyn AnyPosition, piece: Piece, square: usize) -> String {
        format!(
            "the {} {} on {}",
            self.side_name(piece.color),
            position.variant().kind(piece.kind).name,
            self.square_name(position, square)
        )
    }

    /// Why the piece on `from` cannot go to `to` in `position` (a move the
    /// position does not list as legal), in a sentence.
    fn why_not(&self, position: &dyn AnyPosition, from: usize, to: usize) -> String {
        let target = self.square_name(position, to);
        match position.piece_at(from) {
            None => format!("{} is empty", self.square_name(position, from)),
            Some(p) if p.color != position.turn() => format!(
                "{} holds the {} {}, but it is {}'s turn",
                self.square_name(position, from),
                self.side_name(p.color),
                position.variant().kind(p.kind).name,
                self.side_name(position.turn())
            ),
            Some(p) => {
                let mind = if position.is_check() {
                    " (mind the check)"
                } else {
                    ""
                };
                format!(
                    "{} cannot go to {target}{mind}",
                    self.piece_on(position, p, from)
                )
            }
        }
    }
}

/// What other engines read: the game as a Fairy-Stockfish definition,
/// and a move as one UCI word.
pub trait EngineInterop: Text {
    /// The game as a Fairy-Stockfish variant definition, for engines that
    /// read one (`setoption name VariantPath`): its section's name and the
    /// `variants.ini` text; `None` where Fairy-Stockfish knows the game by
    /// [`Notation::name`](crate::variants::GameRules::name) (chess) or cannot state it.
    fn fairy_stockfish(&self) -> Option<(&'static str, &'static str)> {
        None
    }

    /// A move as one word for machines that split moves at white space
    /// (the Universal Chess Interface): the coordinates, where they have no
    /// space (UCI itself for chess); Duck Chess's as Fairy-Stockfish writes
    /// them, files `a`–`i` for the columns and ranks `1`–`10` for the rows.
    /// [`Notation::read_move`](crate::variants::Text::read_move) reads it back.
    fn uci_move(&self, position: &dyn AnyPosition, m: Move) -> String {
        self.coordinate_move(position, m)
    }
}

/// A game of the family as the front ends see it: its rules (through the
/// positions it makes) and its notation.
///
/// The four concerns are traits of their own, [`GameRules`], [`Text`],
/// [`Presentation`] and [`EngineInterop`]; a game implements each, and
/// `Notation` is all four at once, the type front ends hold (`&'static dyn
/// Notation`). Bring the methods into scope with
/// `use duckchess_rules::variants::prelude::*`.
pub trait Notation: Presentation + EngineInterop {}

impl<T: Presentation + EngineInterop + ?Sized> Notation for T {}

impl std::fmt::Debug for dyn Notation {
    /// The game's name.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A move of a tree of moves: its parent (an index into the tree, `None`
/// for the start), the move, its NAGs and a comment after it. A tree lists each
/// move after its parent; a parent's first child continues its line, the
/// others are variations.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeMove {
    /// The move before it, `None` at the start.
    pub parent: Option<usize>,
    /// The move, legal after its parent.
    pub mv: Move,
    /// A comment after the move.
    pub comment: Option<String>,
    /// Its Numeric Annotation Glyphs, in order: PGN's `$1`..`$6` are the
    /// move annotations `!`, `?`, `!!`, `??`, `!?`, `?!` ([`nag_glyph`]).
    pub nags: Vec<u8>,
}

/// The six move annotations, `$1` to `$6` in PGN.
pub const NAG_GLYPHS: [&str; 6] = ["!", "?", "!!", "??", "!?", "?!"];

/// How a NAG is written: its glyph for `$1` to `$6`, else `$n`.
///
/// ```
/// use duckchess_rules::variants::nag_glyph;
/// assert_eq!(nag_glyph(5), "!?");
/// assert_eq!(nag_glyph(14), "$14");
/// ```
pub fn nag_glyph(nag: u8) -> String {
    match nag {
        1..=6 => NAG_GLYPHS[nag as usize - 1].to_string(),
        _ => format!("${nag}"),
    }
}

/// The NAG of a move annotation (`!?` is 5; the Unicode `‼`, `⁇`, `⁉`,
/// `⁈` too), `None` for anything else.
///
/// ```
/// use duckchess_rules::variants::nag_of_glyph;
/// assert_eq!(nag_of_glyph("?!"), Some(6));
/// assert_eq!(nag_of_glyph("‼"), Some(3));
/// assert_eq!(nag_of_glyph("!!!"), None);
/// ```
pub fn nag_of_glyph(glyph: &str) -> Option<u8> {
    let glyph = match glyph {
        "‼" => "!!",
        "⁇" => "??",
        "⁉" => "!?",
        "⁈" => "?!",
        g => g,
    };
    NAG_GLYPHS
        .iter()
        .position(|&g| g == glyph)
        .map(|i| i as u8 + 1)
}

/// One game read from a record: its tags (PGN's `[White "..."]`; none in
/// other games' records), its start and its moves.
#[derive(Debug)]
pub struct Record {
    /// Tag name and value pairs, in the order read.
    pub tags: Vec<(String, String)>,
    /// The position before the first move.
    pub start: Box<dyn AnyPosition>,
    /// The moves, each legal where it is played.
    pub moves: Vec<Move>,
    /// Every move with the variations and comments, the main line's first
    /// ([`TreeMove`]); empty when the record holds none.
    pub tree: Vec<TreeMove>,
}

impl Record {
    /// The value of a tag, if the record has it.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// A title from the tags, for a list to pick a game from: `White –
    /// Black, Event, Date, Result`, each part when known (`?` is unknown);
    /// empty without tags.
    ///
    /// ```
    /// let chess = duckchess_rules::variants::by_name("chess").unwrap();
    /// let games = chess.read_records("[White \"Anna\"]\n[Black \"Ben\"]\n[Date \"2024.??.??\"]\n1. e4 1-0\n").unwrap();
    /// assert_eq!(games[0].title(), "Anna – Ben, 2024.??.??, 1-0");
    /// ```
    pub fn title(&self) -> String {
        let known = |name: &str| {
            self.tag(name)
                .filter(|v| !v.is_empty() && *v != "?" && *v != "*")
        };
        let mut parts = Vec::new();
        match (known("White"), known("Black")) {
            (Some(w), Some(b)) => parts.push(format!("{w} – {b}")),
            (Some(one), None) | (None, Some(one)) => parts.push(one.to_string()),
            (None, None) => {}
        }
        parts.extend(
            ["Event", "Site", "Date", "Round"]
                .iter()
                .filter_map(|n| known(n))
                .map(String::from),
        );
        if let Some(result) = known("Result") {
            parts.push(result.to_string());
        }
        parts.join(", ")
    }
}

/// The games built into the program, in the order `duckchess variants`
/// lists them: Duck Chess first.
pub(crate) const BUILT_IN: &[&dyn Notation] = &[
    &duck::DuckChess,
    &chess::Chess,
    &cube::Cube,
    &fourfold::FULL,
    &fourfold::CLASSIC,
    &xiangqi::Xiangqi,
];

/// The games [`register`] or [`register_file`] added, each built when
/// first named.
static REGISTERED: std::sync::OnceLock<ini::Library> = std::sync::OnceLock::new();

/// The registered games, fixed (empty if none were registered) on first
/// reading.
fn registered() -> &'static ini::Library {
    REGISTERED.get_or_init(|| ini::Library::of(Vec::new()))
}

/// The registry, fixed on first reading.
static ALL: std::sync::OnceLock<Vec<&'static dyn Notation>> = std::sync::OnceLock::new();

/// Why games could not be registered.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RegisterError {
    /// A name a built-in game or an earlier registered one has.
    #[error("a game named {0} is already known")]
    Clash(String),
    /// The registry was read (or games registered) before.
    #[error("games can be registered once, before the list of games is first read")]
    Closed,
    /// The file does not read (a syntax error, an unknown base …).
    #[error("{0}")]
    File(#[from] ini::IniError),
}

/// Adds games after the built-in ones (the games of a `variants.ini`
/// file, [`ini::read()`]): once, before [`all`] is first called. A name
/// that clashes with another game's (in any case) is refused.
///
/// ```
/// let games = duckchess_rules::variants::ini::read("[clash:chess]\n").unwrap();
/// assert!(duckchess_rules::variants::names().contains(&"chess"));
/// // The registry has been read above: too late.
/// assert!(duckchess_rules::variants::register(games).is_err());
/// ```
pub fn register(games: Vec<ini::FileGame>) -> Result<(), RegisterError> {
    register_library(ini::Library::of(games))
}

/// Adds the games of a file in the variants.ini syntax after the built-in
/// ones, as [`register`] does, but builds each only when it is first named
/// ([`ini::Library`]): reading the file merges its sections (a syntax
/// error or an unknown base fails here, with its line); a game whose keys
/// are not played here fails when named ([`load`]) or listed
/// ([`check_registered`]).
pub fn register_file(text: &str) -> Result<(), RegisterError> {
    register_library(ini::Library::index(text)?)
}

fn register_library(library: ini::Library) -> Result<(), RegisterError> {
    if ALL.get().is_some() {
        return Err(RegisterError::Closed);
    }
    let mut names: Vec<String> = BUILT_IN.iter().map(|n| n.name().to_lowercase()).collect();
    for name in library.names() {
        let lower = name.to_lowercase();
        if names.contains(&lower) {
            return Err(RegisterError::Clash(name.to_string()));
        }
        names.push(lower);
    }
    REGISTERED.set(library).map_err(|_| RegisterError::Closed)
}

/// Builds every registered game ([`register_file`]): the first error in
/// the file's order, where one's keys are not played here.
pub fn check_registered() -> Result<(), ini::IniError> {
    registered().games().map(|_| ())
}

/// Every game of the registry, in the order `duckchess variants` lists them:
/// Duck Chess first, the registered games ([`register`]) last, each built
/// (those that do not build are left out: [`check_registered`] says why).
pub fn all() -> &'static [&'static dyn Notation] {
    ALL.get_or_init(|| {
        BUILT_IN
            .iter()
            .copied()
            .chain(
                registered()
                    .built()
                    .into_iter()
                    .map(|g| g as &'static dyn Notation),
            )
            .collect()
    })
}

/// The game meant when none is named and no position tells: Duck Chess.
pub fn default() -> &'static dyn Notation {
    BUILT_IN[0]
}

/// The names [`by_name`] knows, none of them built for the asking.
pub fn names() -> Vec<&'static str> {
    BUILT_IN
        .iter()
        .map(|n| n.name())
        .chain(registered().names())
        .collect()
}

/// The game of this name, in any case (`Chess`, `DUCK`): a built-in or
/// registered game, else a game of the [library](set_library) (built the
/// first time one of its games is named). A registered game whose keys
/// are not played here is not found: [`load`] says why.
pub fn by_name(name: &str) -> Option<&'static dyn Notation> {
    load(name).ok().flatten()
}

/// The game of this name as [`by_name`] finds it, or why a registered
/// game of that name does not build.
pub fn load(name: &str) -> Result<Option<&'static dyn Notation>, ini::IniError> {
    let name = name.trim();
    if let Some(n) = BUILT_IN
        .iter()
        .copied()
        .find(|n| n.name().eq_ignore_ascii_case(name))
    {
        return Ok(Some(n));
    }
    if let Some(game) = registered().game(name) {
        return game.map(|g| Some(g as &'static dyn Notation));
    }
    Ok(from_library(name))
}

/// A file of games in the variants.ini syntax kept in the program and
/// built only when one of its games is named ([`set_library`]).
static LIBRARY: std::sync::OnceLock<&'static str> = std::sync::OnceLock::new();
/// The library's sections, merged the first time one of its games is
/// named; each game built when it is first named.
static LIBRARY_GAMES: std::sync::OnceLock<Option<ini::Library>> = std::sync::OnceLock::new();

/// Keeps `text`, a file in the variants.ini syntax, as the library
/// [`by_name`] falls back to: its games are not in [`all`] or
/// [`names`], cost nothing until one is named, and then only that one is
/// built (about 1 M instructions). The `duckchess` program keeps
/// `samples/fsf-variants.ini` so, so that `--variant crazyhouse` needs no
/// `--variants` file. Only the first call counts; a game the registry
/// already has (a built-in or [`register`]ed one) is found there first.
///
/// ```
/// use duckchess_rules::variants::{by_name, library_names, set_library};
/// set_library("[tiny:chess]\nmaxFile = 6\nstartFen = 4k1/6/6/6/6/6/6/R3K1 w - - 0 1\n");
/// assert_eq!(library_names(), ["tiny"]);
/// assert_eq!(by_name("tiny").unwrap().start().legal_moves().len(), 15);
/// assert!(!duckchess_rules::variants::names().contains(&"tiny"));
/// ```
pub fn set_library(text: &'static str) {
    let _ = LIBRARY.set(text);
}

/// The names of the library's games ([`set_library`]), read from its
/// section headers without building any.
pub fn library_names() -> Vec<&'static str> {
    let Some(text) = LIBRARY.get() else {
        return Vec::new();
    };
    text.lines()
        .filter_map(|l| l.trim().strip_prefix('['))
        .filter_map(|l| l.split([']', ':']).next())
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .collect()
}

/// The library's game of this name, built the first time it is named
/// (none when the library does not read: it is the program's own file,
/// checked by its tests).
fn from_library(name: &str) -> Option<&'static dyn Notation> {
    if !library_names().iter().any(|n| n.eq_ignore_ascii_case(name)) {
        return None;
    }
    let library = LIBRARY_GAMES
        .get_or_init(|| ini::Library::index(LIBRARY.get().copied().unwrap_or_default()).ok());
    let game = library.as_ref()?.game(name)?.ok()?;
    Some(game as &'static dyn Notation)
}

/// Why a position text names no single game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RecognizeError {
    /// No game's positions look like it.
    #[error("{text:?} is no game's position (--variant names the game: {})", names().join(", "))]
    Unknown {
        /// The text, shortened.
        text: String,
    },
    /// Several games' positions look like it.
    #[error("{text:?} could be a position of {}: --variant says which", .candidates.join(" or "))]
    Ambiguous {
        /// The text, shortened.
        text: String,
        /// The games it could be.
        candidates: Vec<&'static str>,
    },
}

/// The game whose positions look like `text`: exactly one game must
/// [recognise](Text::recognizes) it.
///
/// ```
/// use duckchess_rules::variants::recognize;
/// assert_eq!(recognize("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap().name(), "chess");
/// assert_eq!(recognize("4k4/9/9/9/9/9/9/9/4R4/4K4 b").unwrap().name(), "duck");
/// assert_eq!(recognize("n = 2, [rq,##],[##,K#]").unwrap().name(), "cube");
/// assert!(recognize("hello").is_err());
/// ```
pub fn recognize(text: &str) -> Result<&'static dyn Notation, RecognizeError> {
    // Only the built-in games recognise positions (a file's games are
    // named with `--variant`), so none of a file's is built for this.
    let candidates: Vec<&'static dyn Notation> = BUILT_IN
        .iter()
        .copied()
        .filter(|n| n.recognizes(text))
        .collect();
    let short = line::shorten(text);
    match candidates.as_slice() {
        [one] => Ok(*one),
        [] => Err(RecognizeError::Unknown { text: short }),
        many => Err(RecognizeError::Ambiguous {
            text: short,
            candidates: many.iter().map(|n| n.name()).collect(),
        }),
    }
}
