//! The games behind the API: Duck Chess through its judge engine, every
//! other variant through the registry's [`Notation`] and `dyn AnyGame`.
//!
//! Requests are stateless: each one names a variant, the position the game
//! started from and the moves played since (in coordinates), and the game
//! is replayed here. Replaying keeps repetition rules exact at the cost of a
//! few microseconds a move.

use super::types::{Board, Cell, GameResult, Label, MoveInfo, PieceInfo, State, VariantInfo};
use super::ApiError;
use crate::duck::{self, Command, Point};
use crate::kernel::{AnyGame, Color, Draw, Move, Outcome, Win};
use crate::variants::{self, Notation};

/// The name Duck Chess has in the API (its own engine, not the registry's).
pub const DUCK: &str = "duck";

/// Longest history a request may replay.
pub const MAX_HISTORY: usize = 5000;

/// A game replayed from a request.
pub enum Loaded {
    /// Duck Chess: the judge engine's position and the start's FEN.
    Duck {
        /// The current position (boxed: it is large beside the others).
        position: Box<duck::Position>,
        /// The position the history starts from, as FEN.
        start: String,
    },
    /// A registry variant.
    Kernel {
        /// Its notation.
        notation: &'static dyn Notation,
        /// The game, its history included.
        game: Box<dyn AnyGame>,
        /// The position the history starts from, in the variant's notation.
        start: String,
    },
}

/// Every variant the page offers: Duck Chess, then the registry's.
pub fn variants() -> Vec<VariantInfo> {
    let duck_board = duck_board(&duck::Position::initial());
    let mut out = vec![VariantInfo {
        name: DUCK.into(),
        summary: "Duck Chess (鸭棋, THUPC 2019): 10 × 9 board, captains, guards, elephants, \
                  horses, cars, ducks and soldiers; take the captain to win"
            .into(),
        rows: duck_board.rows,
        cols: duck_board.cols,
        start: duck::fen::INITIAL_FEN.into(),
    }];
    for n in variants::all() {
        let start = n.start();
        let layout = n.layout(&*start);
        out.push(VariantInfo {
            name: n.name().into(),
            summary: n.summary(),
            rows: layout.rows(),
            cols: layout.cols(),
            start: n.write_position(&*start),
        });
    }
    out
}

fn unknown_variant(name: &str) -> ApiError {
    let mut known = vec![DUCK];
    known.extend(variants::names());
    ApiError::bad(format!(
        "unknown variant `{name}` (known: {})",
        known.join(", ")
    ))
}

impl Loaded {
    /// Reads `position` (the variant's start when absent) and replays
    /// `history` from it.
    pub fn new(
        variant: &str,
        position: Option<&str>,
        history: &[String],
    ) -> Result<Loaded, ApiError> {
        if history.len() > MAX_HISTORY {
            return Err(ApiError::bad(format!(
                "history: {} moves, more than the {MAX_HISTORY} allowed",
                history.len()
            )));
        }
        let text = position.map(str::trim).filter(|t| !t.is_empty());
        if variant == DUCK {
            let mut pos = match text {
                None => duck::Position::initial(),
                Some(t) => t
                    .parse::<duck::Position>()
                    .map_err(|e| ApiError::bad(format!("position: {e}")))?,
            };
            let start = pos.to_fen();
            for (i, m) in history.iter().enumerate() {
                let command = parse_command(m)
                    .map_err(|e| ApiError::bad(format!("history move {}: {e}", i + 1)))?;
                pos.play(command)
                    .map_err(|e| ApiError::bad(format!("history move {} `{m}`: {e}", i + 1)))?;
            }
            return Ok(Loaded::Duck {
                position: Box::new(pos),
                start,
            });
        }
        let notation = variants::by_name(variant).ok_or_else(|| unknown_variant(variant))?;
        let start = match text {
            None => notation.start(),
            Some(t) => notation
                .read_position(t)
                .map_err(|e| ApiError::bad(format!("position: {e}")))?,
        };
        let start_text = notation.write_position(&*start);
        let mut game = start.new_game();
        for (i, m) in history.iter().enumerate() {
            let mv = notation
                .read_move(game.position(), m)
                .map_err(|e| ApiError::bad(format!("history move {} `{m}`: {e}", i + 1)))?;
            game.play(mv)
                .map_err(|_| ApiError::bad(format!("history move {} `{m}` is illegal", i + 1)))?;
        }
        Ok(Loaded::Kernel {
            notation,
            game,
            start: start_text,
        })
    }

    /// Everything the page draws: the board, the legal moves, check and
    /// the result.
    pub fn state(&self) -> State {
        match self {
            Loaded::Duck { position, start } => duck_state(position, start),
            Loaded::Kernel {
                notation,
                game,
                start,
            } => kernel_state(*notation, &**game, start),
        }
    }

    /// Plays `text` (coordinates or the variant's own notation) and tells
    /// the move as played.
    pub fn play(&mut self, text: &str) -> Result<MoveInfo, ApiError> {
        match self {
            Loaded::Duck { position, .. } => {
                let command =
                    parse_command(text).map_err(|e| ApiError::bad(format!("move: {e}")))?;
                let before = position.clone();
                position
                    .play(command)
                    .map_err(|e| ApiError::unprocessable(format!("move `{}`: {e}", text.trim())))?;
                let m = duck::Move {
                    from: command
                        .start()
                        .expect("a valid command starts on the board"),
                    to: command.target().expect("a valid command ends on the board"),
                };
                Ok(duck_move(&before, m))
            }
            Loaded::Kernel { notation, game, .. } => {
                let mv = notation
                    .read_move(game.position(), text)
                    .map_err(|e| ApiError::unprocessable(format!("move `{}`: {e}", text.trim())))?;
                let info = kernel_move(*notation, game.position(), mv);
                game.play(mv)
                    .map_err(|_| ApiError::unprocessable(format!("move `{text}` is illegal")))?;
                Ok(info)
            }
        }
    }
}

/// Reads a Duck Chess command `xs ys xt yt`.
pub fn parse_command(text: &str) -> Result<Command, String> {
    let nums: Vec<&str> = text.split_whitespace().collect();
    if nums.len() != 4 {
        return Err(format!(
            "`{}` is not a command `xs ys xt yt` (4 numbers, found {})",
            text.trim(),
            nums.len()
        ));
    }
    let mut v = [0i64; 4];
    for (slot, n) in v.iter_mut().zip(&nums) {
        *slot = n
            .parse()
            .map_err(|_| format!("`{n}` in `{}` is not a whole number", text.trim()))?;
    }
    Ok(Command::new(v[0], v[1], v[2], v[3]))
}

fn duck_square(p: Point) -> usize {
    p.x() as usize * 9 + p.y() as usize
}

fn duck_name(p: Point) -> String {
    format!("({},{})", p.x(), p.y())
}

/// A Duck Chess move as the API tells it: the command is its notation.
pub fn duck_move(position: &duck::Position, m: duck::Move) -> MoveInfo {
    let coord = Command::from(m).to_string();
    let piece = position.board().get(m.from);
    MoveInfo {
        from: duck_square(m.from),
        to: duck_square(m.to),
        notation: match piece {
            Some(p) => format!("{} {coord}", p.role.glyph()),
            None => coord.clone(),
        },
        coord,
        promotion: None,
    }
}

fn duck_board(position: &duck::Position) -> Board {
    let mut cells = Vec::with_capacity(90);
    for p in Point::all() {
        cells.push(Cell {
            square: duck_square(p),
            name: duck_name(p),
            row: 9 - p.x() as usize,
            col: p.y() as usize,
            piece: position.board().get(p).map(|piece| PieceInfo {
                letter: piece.char().to_string(),
                color: piece.color.to_string(),
                name: piece.role.name().into(),
                glyph: piece.role.glyph().to_string(),
            }),
        });
    }
    cells.sort_by_key(|c| c.square);
    Board {
        rows: 10,
        cols: 9,
        labels: Vec::new(),
        cells,
    }
}

fn duck_state(position: &duck::Position, start: &str) -> State {
    let mut checked = Vec::new();
    for color in duck::Color::ALL {
        if let Some(c) = position.captain(color) {
            if position.attackers(c, color.other()).next().is_some() {
                checked.push(duck_square(c));
            }
        }
    }
    let result = position.winner().map(|w| GameResult {
        winner: Some(w.to_string()),
        reason: format!("{w} took the {} captain", w.other()),
    });
    State {
        variant: DUCK.into(),
        start: start.into(),
        position: position.to_fen(),
        turn: position.turn().to_string(),
        board: duck_board(position),
        moves: if position.is_over() {
            Vec::new()
        } else {
            position
                .moves()
                .into_iter()
                .map(|m| duck_move(position, m))
                .collect()
        },
        check: !checked.is_empty(),
        checked,
        result,
    }
}

/// A registry variant's move as the API tells it.
pub fn kernel_move(
    notation: &dyn Notation,
    position: &dyn crate::kernel::AnyPosition,
    m: Move,
) -> MoveInfo {
    MoveInfo {
        from: m.from as usize,
        to: m.to as usize,
        coord: notation.coordinate_move(position, m),
        notation: notation.write_move(position, m),
        promotion: m
            .promotion
            .map(|k| position.variant().kind(k).letter.to_string()),
    }
}

/// Figurines for the chess letters; other kinds show their letter.
fn glyph(letter: char, color: Color) -> String {
    let white = color == Color::White;
    let g = match (letter.to_ascii_lowercase(), white) {
        ('k', true) => '♔',
        ('q', true) => '♕',
        ('r', true) => '♖',
        ('b', true) => '♗',
        ('n', true) => '♘',
        ('p', true) => '♙',
        ('k', false) => '♚',
        ('q', false) => '♛',
        ('r', false) => '♜',
        ('b', false) => '♝',
        ('n', false) => '♞',
        ('p', false) => '♟',
        (other, true) => other.to_ascii_uppercase(),
        (other, false) => other,
    };
    g.to_string()
}

fn reason(outcome: Outcome) -> (Option<String>, String) {
    match outcome {
        Outcome::Decisive { winner, how } => {
            let how = match how {
                Win::Checkmate => "checkmate",
                Win::RoyalCaptured => "royal piece taken",
            };
            (Some(winner.to_string()), format!("{winner} wins by {how}"))
        }
        Outcome::Draw(d) => {
            let why = match d {
                Draw::Stalemate => "stalemate",
                Draw::DeadPosition => "dead position: neither side can mate",
                Draw::MoveLimit => "move limit without capture or pawn move",
                Draw::Repetition => "repetition",
            };
            (None, format!("draw by {why}"))
        }
    }
}

fn kernel_state(notation: &dyn Notation, game: &dyn AnyGame, start: &str) -> State {
    let pos = game.position();
    let variant = pos.variant();
    let layout = notation.layout(pos);
    let cells = (0..variant.shape.len())
        .map(|sq| {
            let (row, col) = layout.place(sq);
            Cell {
                square: sq,
                name: notation.square_name(pos, sq),
                row,
                col,
                piece: pos.piece_at(sq).map(|p| {
                    let kind = variant.kind(p.kind);
                    PieceInfo {
                        letter: variant.piece_char(p).to_string(),
                        color: p.color.to_string(),
                        name: kind.name.into(),
                        glyph: glyph(kind.letter, p.color),
                    }
                }),
            }
        })
        .collect();
    let labels = layout
        .boards()
        .into_iter()
        .filter_map(|((z, w), (row, col))| {
            let text = notation.board_label(pos, z, w);
            (!text.is_empty()).then(|| Label {
                text,
                row,
                col,
                width: variant.shape.size(0) as usize,
            })
        })
        .collect();
    let outcome = game.outcome();
    let checked = if pos.is_check() {
        pos.royal_square(pos.turn()).into_iter().collect()
    } else {
        Vec::new()
    };
    State {
        variant: notation.name().into(),
        start: start.into(),
        position: notation.write_position(pos),
        turn: pos.turn().to_string(),
        board: Board {
            rows: layout.rows(),
            cols: layout.cols(),
            labels,
            cells,
        },
        moves: if outcome.is_some() {
            Vec::new()
        } else {
            pos.legal_moves()
                .into_iter()
                .map(|m| kernel_move(notation, pos, m))
                .collect()
        },
        check: pos.is_check(),
        checked,
        result: outcome.map(|o| {
            let (winner, reason) = reason(o);
            GameResult { winner, reason }
        }),
    }
}
