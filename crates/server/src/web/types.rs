//! The JSON bodies of the API, as serde types.

use serde::{Deserialize, Serialize};

/// One variant the page offers.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct VariantInfo {
    /// The name people read (`Duck Chess`), for menus.
    pub title: String,
    /// The name requests use.
    pub name: String,
    /// One line about the board and the pieces.
    pub summary: String,
    /// Rows of the drawn page (all boards with their gaps).
    pub rows: usize,
    /// Columns of the drawn page.
    pub cols: usize,
    /// The starting position in the variant's notation.
    pub start: String,
    /// The sides' names, the first to move first (`white`, `black`; Duck
    /// Chess's `red`, `blue`).
    pub sides: [String; 2],
    /// Whether squares alternate in colour (chess) or are plain points
    /// (Duck Chess's xiangqi board).
    pub checkered: bool,
    /// What the file and rank labels count, when the square names do not
    /// make it plain (Duck Chess: `["y", "x"]`, its points being `(x,y)`);
    /// none for chess, whose `e4` is file e, rank 4.
    pub axes: Option<[String; 2]>,
    /// The game's own tools on the page: `judge` (a Duck Chess judge
    /// input, `POST /api/judge`), `mate` (the cube puzzle, `POST
    /// /api/mate`).
    pub tools: Vec<String>,
    /// What the game calls the wall its moves place (`duck`, `arrow`,
    /// `wall`), in a game whose moves place one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wall: Option<String>,
}

/// A game as a request gives it: the position it started from, the moves
/// played since, whether the side to move then claimed a draw, and which
/// way up to draw it.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameRequest {
    /// A name from `GET /api/variants`.
    pub variant: String,
    /// The position the history starts from (the variant's start if absent).
    #[serde(default)]
    pub position: Option<String>,
    /// Moves played since, each in coordinates (or the variant's notation).
    #[serde(default)]
    pub history: Vec<String>,
    /// The side to move claimed a draw after the history (refused when it
    /// has none to claim): the game is over.
    #[serde(default)]
    pub claim: bool,
    /// Draw the board turned half a circle: the second side's view.
    #[serde(default)]
    pub flip: bool,
    /// Answer the history's moves in the game's own notation too
    /// ([`State::line`]): a page that rebuilds its move list from a line
    /// of coordinates (a saved address) asks for them once.
    #[serde(default)]
    pub notations: bool,
}

/// `POST /api/play`: a game and the move to play.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayRequest {
    /// As [`GameRequest::variant`].
    pub variant: String,
    /// As [`GameRequest::position`].
    #[serde(default)]
    pub position: Option<String>,
    /// As [`GameRequest::history`].
    #[serde(default)]
    pub history: Vec<String>,
    /// As [`GameRequest::claim`] (a claimed game takes no move).
    #[serde(default)]
    pub claim: bool,
    /// As [`GameRequest::flip`].
    #[serde(default)]
    pub flip: bool,
    /// The move, in coordinates or the variant's notation.
    #[serde(rename = "move")]
    pub mv: String,
}

/// `POST /api/best`: a game and how long to think.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BestRequest {
    /// As [`GameRequest::variant`].
    pub variant: String,
    /// As [`GameRequest::position`].
    #[serde(default)]
    pub position: Option<String>,
    /// As [`GameRequest::history`].
    #[serde(default)]
    pub history: Vec<String>,
    /// As [`GameRequest::claim`] (a claimed game has no move to find).
    #[serde(default)]
    pub claim: bool,
    /// As [`GameRequest::flip`] (accepted so that every game request has
    /// the same fields; the answer has no board).
    #[serde(default)]
    pub flip: bool,
    /// Thinking time in milliseconds (capped by the server).
    #[serde(default)]
    pub think_ms: Option<u64>,
    /// Look first for a forced win within this many moves with the mate
    /// solver (a study's proven goal, [`StudyInfo::mate_in`]; at most
    /// [`crate::web::MAX_MATE_IN`]): the shortest found is the answer, a
    /// proof rather than a search's guess; none found in the time, the
    /// search answers.
    #[serde(default)]
    pub mate_in: Option<u32>,
}

impl PlayRequest {
    /// The game the move is played in.
    pub fn game(&self) -> GameRequest {
        GameRequest {
            variant: self.variant.clone(),
            position: self.position.clone(),
            history: self.history.clone(),
            claim: self.claim,
            flip: self.flip,
            notations: false,
        }
    }
}

impl BestRequest {
    /// The game searched.
    pub fn game(&self) -> GameRequest {
        GameRequest {
            variant: self.variant.clone(),
            position: self.position.clone(),
            history: self.history.clone(),
            claim: self.claim,
            flip: self.flip,
            notations: false,
        }
    }
}

/// `POST /api/attacks`: a game and one of its squares.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AttacksRequest {
    /// As [`GameRequest::variant`].
    pub variant: String,
    /// As [`GameRequest::position`].
    #[serde(default)]
    pub position: Option<String>,
    /// As [`GameRequest::history`].
    #[serde(default)]
    pub history: Vec<String>,
    /// As [`GameRequest::claim`] (accepted so that every game request has
    /// the same fields; the attacks are the position's).
    #[serde(default)]
    pub claim: bool,
    /// As [`GameRequest::flip`] (accepted likewise).
    #[serde(default)]
    pub flip: bool,
    /// The square asked about: its number, as [`Cell::square`].
    pub square: usize,
}

impl AttacksRequest {
    /// The game whose square is asked about.
    pub fn game(&self) -> GameRequest {
        GameRequest {
            variant: self.variant.clone(),
            position: self.position.clone(),
            history: self.history.clone(),
            claim: self.claim,
            flip: self.flip,
            notations: false,
        }
    }
}

/// A piece attacking the square of `POST /api/attacks`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Attacker {
    /// Its square's number.
    pub square: usize,
    /// Its square's name.
    pub name: String,
    /// Its side (`white`, `red`, ...).
    pub side: String,
    /// Its kind's name (`knight`).
    pub piece: String,
    /// Its notation letter (upper case for the first side).
    pub letter: String,
}

/// `POST /api/attacks`'s answer: the pieces of both sides attacking a
/// square ([`crate::kernel::AnyPosition::attackers_of`]: those that could
/// capture there if a piece of the other side stood on it), the first
/// side's first, each side's in square order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AttacksResponse {
    /// The square's number.
    pub square: usize,
    /// Its name.
    pub name: String,
    /// Every attacker, of either side.
    pub attackers: Vec<Attacker>,
}

/// `POST /api/import`: a text a person pasted, read as a game of `variant`
/// (or of the game it belongs to).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ImportRequest {
    /// The game in play on the page, tried first.
    pub variant: String,
    /// A position, a line (`start moves e4 e5`) or a record (PGN for chess,
    /// a judge input for Duck Chess).
    pub text: String,
}

/// One game an import read.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ImportedGame {
    /// From the record's tags (`White – Black, Event, Date, Result`); empty
    /// when it has none.
    pub title: String,
    /// Its start, in the variant's notation.
    pub start: String,
    /// Its moves in coordinates: a [`GameRequest::history`].
    pub history: Vec<String>,
    /// The same moves in the variant's notation.
    pub moves: Vec<String>,
    /// The record's tags (PGN's `[White "Anna"]`, its `Result` too), to
    /// write again on export.
    #[serde(default)]
    pub tags: Vec<(String, String)>,
    /// Every move with the variations and comments, the main line's first;
    /// empty when the record has none (`history` is the game).
    #[serde(default)]
    pub tree: Vec<TreeNode>,
}

/// A move of a tree of moves: its parent (an index into the tree; `null`
/// for the start), the move, its NAGs and a comment after it. Each move comes after
/// its parent; a parent's first child continues its line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TreeNode {
    /// The move before it, `null` at the start.
    pub parent: Option<usize>,
    /// The move in coordinates.
    pub coord: String,
    /// The move in the variant's notation (ignored in a request).
    #[serde(default)]
    pub notation: String,
    /// A comment after the move.
    #[serde(default)]
    pub comment: Option<String>,
    /// Its NAGs (PGN's `$n`; 1 to 6 are `!`, `?`, `!!`, `??`, `!?`, `?!`),
    /// in order; none when left out.
    #[serde(default)]
    pub nags: Vec<u8>,
}

/// `POST /api/record`: a game's whole tree of moves, for its record.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecordRequest {
    /// As [`GameRequest::variant`].
    pub variant: String,
    /// As [`GameRequest::position`].
    #[serde(default)]
    pub position: Option<String>,
    /// The moves, the main line's first ([`TreeNode`]).
    #[serde(default)]
    pub tree: Vec<TreeNode>,
    /// Tags to write (an imported game's).
    #[serde(default)]
    pub tags: Vec<(String, String)>,
}

/// `POST /api/record`'s answer.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct RecordResponse {
    /// The record: with the variations and comments when the game's record
    /// format holds them, else the main line.
    pub record: String,
    /// When something of the tree is not in the record, what.
    pub note: Option<String>,
}

/// `POST /api/import`'s answer.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ImportResponse {
    /// The game the text was read as: the one asked, unless the text is
    /// another game's.
    pub variant: String,
    /// What the text was: `position`, `line` or `record`.
    pub kind: String,
    /// Every game read (a PGN text may hold several), at least one.
    pub games: Vec<ImportedGame>,
}

/// One study of `GET /api/studies`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct StudyInfo {
    /// The game.
    pub variant: String,
    /// A short title for the menu.
    pub title: String,
    /// What to find or learn, in words.
    pub goal: String,
    /// The start, in the variant's notation.
    pub start: String,
    /// The moves from the start, in coordinates (none for a position).
    pub history: Vec<String>,
    /// The same moves in the variant's notation.
    pub moves: Vec<String>,
    /// The ply the study opens at: 0 to step through a game, the number of
    /// moves to study the last position.
    pub ply: usize,
    /// The answer in words, to show on demand (empty when none).
    pub solution: String,
    /// The side to move forces a win in this many moves at the ply the
    /// study opens at (a goal `tests/rules/studies.rs` proves); `null` when the
    /// goal is no mate.
    pub mate_in: Option<u32>,
}

/// `POST /api/mate`: a cube puzzle position.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MateRequest {
    /// The position in the puzzle's format (`n = 2, [rq,##],[##,K#]`).
    pub position: String,
}

/// The answer to `POST /api/mate`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MateResponse {
    /// Whether the side to move (White unless ` b` is given) is checkmated.
    pub mate: bool,
    /// Why, one sentence a line, as `duckchess mate --explain` says it.
    pub explanation: Vec<String>,
}

/// `POST /api/judge`: a Duck Chess judge input.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JudgeRequest {
    /// The judge input: `Q`, then `Q` lines `xs ys xt yt`.
    pub input: String,
    /// Start from this FEN instead of the initial position.
    #[serde(default)]
    pub position: Option<String>,
}

/// One verdict of a judge input.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Verdict {
    /// 1-based command number.
    pub number: u64,
    /// The command as given.
    pub command: String,
    /// The judge's output line.
    pub line: String,
    /// For an invalid command, why.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

/// `POST /api/judge`'s answer.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct JudgeResponse {
    /// One per command, in order.
    pub verdicts: Vec<Verdict>,
    /// The position after the last command, as FEN.
    pub position: String,
}

/// A piece on a cell.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct PieceInfo {
    /// Its notation letter (upper case for the first player).
    pub letter: String,
    /// Its side: `red`/`blue` or `white`/`black`.
    pub color: String,
    /// Its kind's name.
    pub name: String,
    /// What the page draws: 王 士 象 马 车 鸭 兵, a figurine, or the letter.
    pub glyph: String,
}

/// One square and where it is drawn.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Cell {
    /// The square's number (what moves refer to).
    pub square: usize,
    /// Its name in the variant's notation.
    pub name: String,
    /// Its file's label, as a board's edge shows it (`a`; Duck Chess's y).
    pub file: String,
    /// Its rank's label (`1`; Duck Chess's x).
    pub rank: String,
    /// Row on the page, top first.
    pub row: usize,
    /// Column on the page, left first.
    pub col: usize,
    /// The square's coordinate on each axis of the variant's board, x
    /// first (Fourfold's `[x, y, z, w]`, the cube's `[x, y, z]`): the 3D
    /// views place cells by it. Defaulted so that older bodies still read.
    #[serde(default)]
    pub coords: Vec<usize>,
    /// The piece there.
    pub piece: Option<PieceInfo>,
    /// Whether a wall stands there (FEN's `*`: games with walls).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub wall: bool,
    /// Whether its piece is a promoted one (shogi's `+B`, which moves as
    /// its promoted form; crazyhouse's `Q~`, which goes to hand as a pawn).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub promoted: bool,
}

/// A board's label, drawn above its top-left cell.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Label {
    /// `III`, `[0,1]`, ...
    pub text: String,
    /// Row of the board's top-left cell.
    pub row: usize,
    /// Column of the board's top-left cell.
    pub col: usize,
    /// The board's width in cells.
    pub width: usize,
}

/// The whole page of boards.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Board {
    /// Whether it is turned half a circle (the request's `flip`).
    pub flipped: bool,
    /// Rows of the page.
    pub rows: usize,
    /// Columns of the page.
    pub cols: usize,
    /// Board labels (none for a single board).
    pub labels: Vec<Label>,
    /// Every square, by square number.
    pub cells: Vec<Cell>,
    /// For a board of points (Duck Chess's xiangqi board), the lines
    /// drawn between them: pairs of squares (`Notation::board_lines`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub lines: Vec<[usize; 2]>,
    /// In a game with drops (crazyhouse), each side's pieces in hand, the
    /// first player's first; none in a game without.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pockets: Vec<Pocket>,
}

/// One side's pieces in hand, drawn beside the board; a piece is dropped
/// by the moves whose [`MoveInfo::drop`] is its `drop`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Pocket {
    /// Whose hand: `white`/`black`.
    pub side: String,
    /// The kinds held, in the game's order of kinds.
    pub pieces: Vec<HandPiece>,
}

/// A kind of piece in a hand, and how many.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct HandPiece {
    /// The piece, as a cell shows it.
    pub piece: PieceInfo,
    /// How many are held (at least 1).
    pub count: u32,
    /// The kind's letter that drop moves of it carry (`p`).
    pub drop: String,
}

/// A legal move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveInfo {
    /// Start square.
    pub from: usize,
    /// Target square.
    pub to: usize,
    /// In coordinates (UCI for chess, `xs ys xt yt` for Duck Chess): what a
    /// history holds.
    pub coord: String,
    /// In the variant's own notation (SAN for chess).
    pub notation: String,
    /// The promoted kind's letter, if a promotion.
    pub promotion: Option<String>,
    /// The kind of the piece it takes (`pawn`; en passant included), if a
    /// capture: for the page's preview.
    #[serde(default)]
    pub captures: Option<String>,
    /// Whether it attacks the other side's royal piece (check; in Duck
    /// Chess, the judge's check).
    #[serde(default)]
    pub check: bool,
    /// For a drop (`P@e4`), the kind dropped, as [`HandPiece::drop`]
    /// names it; `from` is then `to`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub drop: Option<String>,
    /// Where the move places a wall (its square's number), in a game
    /// whose moves place one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wall: Option<usize>,
    /// The letter of the piece the move gates in from the hand (S-chess),
    /// if it does.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gate: Option<String>,
    /// For a clone (a free drop: Ataxx's), the squares of the pieces that
    /// make it, any of the side's pieces of its kind a king's step away:
    /// the page plays it as theirs.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub clones: Vec<usize>,
}

/// How the game ended.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct GameResult {
    /// The winner's side, none for a draw.
    pub winner: Option<String>,
    /// Why, in words.
    pub reason: String,
}

/// The position after a request's history: `POST /api/moves`'s answer.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct State {
    /// The variant.
    pub variant: String,
    /// The position the history started from.
    pub start: String,
    /// The current position in the variant's notation.
    pub position: String,
    /// The side to move.
    pub turn: String,
    /// The board to draw.
    pub board: Board,
    /// Every legal move (none once the game is over).
    pub moves: Vec<MoveInfo>,
    /// Whether a royal piece is attacked.
    pub check: bool,
    /// The squares of the attacked royal pieces.
    pub checked: Vec<usize>,
    /// The last move of the history, as played (none at the start).
    pub last: Option<MoveInfo>,
    /// The end of the game, if it is over (a claimed draw included).
    pub result: Option<GameResult>,
    /// The draw the side to move may claim, in words (`white may claim a
    /// draw: the position occurred 3 times`); none when there is none.
    pub claimable: Option<String>,
    /// The game so far as the game's record (a judge input for Duck Chess,
    /// PGN for chess).
    pub record: String,
    /// The history's moves in the game's own notation, when the request
    /// asked for them ([`GameRequest::notations`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line: Option<Vec<String>>,
}

/// `POST /api/play`'s answer.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct PlayResponse {
    /// The move as played.
    #[serde(rename = "move")]
    pub mv: MoveInfo,
    /// The new position in the variant's notation.
    pub position: String,
    /// Whether the move gave check.
    pub check: bool,
    /// The end of the game, if the move ended it.
    pub result: Option<GameResult>,
    /// The whole new state, to draw.
    pub state: State,
}

/// `POST /api/best`'s answer.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct BestResponse {
    /// The move to play.
    pub best: MoveInfo,
    /// Its score for the side to move, in centipawns; a mate in n is
    /// 100000 − n, being mated in n −100000 + n.
    pub score: i32,
    /// The score in words, for the side to move: `+0.11` (pawns), `mate
    /// in 4`, `mated in 2`.
    pub eval: String,
    /// The side `eval` and `score` are for: the side to move.
    pub eval_for: String,
    /// The deepest search completed, in plies.
    pub depth: u32,
    /// The expected line, in coordinates, starting with `best`.
    pub pv: Vec<String>,
    /// The same line in the variant's notation.
    pub line: Vec<String>,
}

/// Every error's body.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ErrorBody {
    /// What was wrong, naming the field.
    pub error: String,
    /// For a judge input that went wrong part-way: the verdicts before.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub verdicts: Option<Vec<Verdict>>,
}

/// A piece the board editor places: its square, side and kind.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Placed {
    /// The square's number, as [`Cell::square`].
    pub square: usize,
    /// Its side, in the game's words ([`VariantInfo::sides`]: `white`,
    /// `red`, ...).
    pub side: String,
    /// Its kind's letter (either case: the side says whose it is).
    pub letter: String,
}

/// `POST /api/setup`: a position as the board editor sets it up, piece by
/// piece, or the position of a text to set up from.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetupRequest {
    /// As [`GameRequest::variant`].
    pub variant: String,
    /// The board's size, for a game played on more than one
    /// ([`SetupResponse::sizes`]: the cube's side n, 2 to 10); absent: the
    /// board of the game's start.
    #[serde(default)]
    pub size: Option<usize>,
    /// A position text to set up from: the editor opened on a position.
    /// The pieces, turn, castling and en passant are then the position's,
    /// and the request gives none of them.
    #[serde(default)]
    pub position: Option<String>,
    /// The pieces, at most one a square.
    #[serde(default)]
    pub board: Vec<Placed>,
    /// The side to move, in the game's words; absent: the first side.
    #[serde(default)]
    pub turn: Option<String>,
    /// The castling rights kept, by their letters (`KQkq` in chess; `-` or
    /// empty: none).
    #[serde(default)]
    pub castling: Option<String>,
    /// The square a pawn just passed by a double step, by its name.
    #[serde(default)]
    pub en_passant: Option<String>,
    /// Plies since the last capture or pawn move (0 when absent).
    #[serde(default)]
    pub halfmove: Option<u32>,
    /// The move number (1 when absent).
    #[serde(default)]
    pub fullmove: Option<u32>,
    /// As [`GameRequest::flip`].
    #[serde(default)]
    pub flip: bool,
}

/// A kind of piece the board editor can place.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EditorPiece {
    /// Its kind's letter, lower case.
    pub letter: String,
    /// Its kind's name.
    pub name: String,
    /// How each side's is drawn, the first side's first.
    pub glyphs: [String; 2],
    /// How each side's is written in the game's notation (`N`, `n`).
    pub letters: [String; 2],
}

/// The squares one piece of a setup reaches.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reach {
    /// Its square.
    pub square: usize,
    /// The squares it reaches, ascending.
    pub to: Vec<usize>,
    /// Whether they are its legal moves (its side to move in a legal
    /// position); `false`: the position cannot be with its side to move, and
    /// they are the squares it attacks, its own side's left out.
    pub legal: bool,
}

/// `POST /api/setup`'s answer: the setup as a position, or the rules'
/// refusal in words, and what the editor draws either way.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SetupResponse {
    /// The game.
    pub variant: String,
    /// The board's size when the game has several (the cube's n).
    pub size: Option<usize>,
    /// The smallest and largest sizes, when the game has several.
    pub sizes: Option<[usize; 2]>,
    /// The position's text in the game's notation, `None` if illegal.
    pub position: Option<String>,
    /// Why the setup is not a position, in words; `None` if it is one.
    pub error: Option<String>,
    /// The side to move, in the game's words.
    pub turn: String,
    /// The castling rights set, by their letters (empty: none).
    pub castling: String,
    /// The en passant square's name, if one is set.
    pub en_passant: Option<String>,
    /// Plies since the last capture or pawn move.
    pub halfmove: u32,
    /// The move number.
    pub fullmove: u32,
    /// The castling rights the game has, by their letters (empty: none).
    pub castling_rights: Vec<String>,
    /// Whether the game has en passant (pawns that step twice).
    pub has_en_passant: bool,
    /// The board with the setup's pieces, drawn like [`State::board`]
    /// even when the setup is no position.
    pub board: Board,
    /// The kinds the editor can place.
    pub pieces: Vec<EditorPiece>,
    /// For each occupied square, the squares its piece reaches.
    pub reach: Vec<Reach>,
}
