//! The games behind the API, every one through the registry's [`Notation`]
//! and `dyn AnyGame`: Duck Chess like the others.
//!
//! Requests are stateless: each one names a variant, the position the game
//! started from and the moves played since (in coordinates), and the game
//! is replayed here. Replaying keeps repetition rules exact at the cost of a
//! few microseconds a move.

use super::types::{Board, Cell, GameResult, Label, MoveInfo, PieceInfo, State, VariantInfo};
use super::ApiError;
use crate::kernel::{AnyGame, AnyPosition, Move, Outcome};
use crate::variants::{self, status, Notation};

/// Longest history a request may replay.
pub const MAX_HISTORY: usize = 5000;

/// A game replayed from a request.
pub struct Loaded {
    /// The game's notation.
    pub notation: &'static dyn Notation,
    /// The game, its history included.
    pub game: Box<dyn AnyGame>,
    /// The position the history starts from, in the game's notation.
    pub start: String,
}

/// Every game the page offers, Duck Chess first.
pub fn variants() -> Vec<VariantInfo> {
    variants::all()
        .iter()
        .map(|n| {
            let start = n.start();
            let layout = n.layout(&*start);
            // The API's endpoints for one game's own formats.
            let tools = [(crate::duck::NAME, "judge"), ("cube", "mate")]
                .iter()
                .filter(|(game, _)| *game == n.name())
                .map(|(_, tool)| tool.to_string())
                .collect();
            VariantInfo {
                name: n.name().into(),
                summary: n.summary(),
                rows: layout.rows(),
                cols: layout.cols(),
                start: n.write_position(&*start),
                sides: crate::kernel::Color::ALL.map(|c| n.side_name(c).to_string()),
                checkered: n.checkered(),
                tools,
            }
        })
        .collect()
}

fn unknown_variant(name: &str) -> ApiError {
    ApiError::bad(format!(
        "unknown variant `{name}` (known: {})",
        variants::names().join(", ")
    ))
}

impl Loaded {
    /// Reads `position` (the game's start when absent) and replays
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
        let notation = variants::by_name(variant).ok_or_else(|| unknown_variant(variant))?;
        let start = match position.map(str::trim).filter(|t| !t.is_empty()) {
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
        Ok(Loaded {
            notation,
            game,
            start: start_text,
        })
    }

    /// Everything the page draws: the board, the legal moves, check and
    /// the result.
    pub fn state(&self) -> State {
        let mut state = state(self.notation, &*self.game, &self.start);
        let start = self.notation.read_position(&self.start).ok();
        state.record = start.map_or_else(String::new, |start| {
            self.notation.write_record(&*start, self.game.moves())
        });
        state
    }

    /// Plays `text` (coordinates or the game's own notation) and tells the
    /// move as played.
    pub fn play(&mut self, text: &str) -> Result<MoveInfo, ApiError> {
        let mv = self
            .notation
            .read_move(self.game.position(), text)
            .map_err(|e| ApiError::unprocessable(format!("move `{}`: {e}", text.trim())))?;
        let info = move_info(self.notation, self.game.position(), mv);
        self.game
            .play(mv)
            .map_err(|_| ApiError::unprocessable(format!("move `{text}` is illegal")))?;
        Ok(info)
    }
}

/// A move as the API tells it.
pub fn move_info(notation: &dyn Notation, position: &dyn AnyPosition, m: Move) -> MoveInfo {
    MoveInfo {
        from: m.from(),
        to: m.to(),
        coord: notation.coordinate_move(position, m),
        notation: notation.write_move(position, m),
        promotion: m
            .promotion
            .map(|k| position.variant().kind(k).letter.to_string()),
    }
}

/// The winner (in the game's words) and the result in one sentence.
fn result(notation: &dyn Notation, game: &dyn AnyGame, outcome: Outcome) -> GameResult {
    let winner = match outcome {
        Outcome::Decisive { winner, .. } => Some(notation.side_name(winner).to_string()),
        Outcome::Draw(_) => None,
    };
    GameResult {
        winner,
        reason: status::describe(notation, game.position(), outcome, Some(game)),
    }
}

fn state(notation: &dyn Notation, game: &dyn AnyGame, start: &str) -> State {
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
                piece: pos.piece_at(sq).map(|p| PieceInfo {
                    letter: variant.piece_char(p).to_string(),
                    color: notation.side_name(p.color).into(),
                    name: variant.kind(p.kind).name.into(),
                    glyph: notation.glyph(pos, p).to_string(),
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
    // Check as the game counts it: any royal piece attacked (in chess only
    // the side to move's can be).
    let mut checked: Vec<usize> = status::attacking(pos)
        .into_iter()
        .map(|(_, royal)| royal)
        .collect();
    checked.dedup();
    State {
        variant: notation.name().into(),
        start: start.into(),
        position: notation.write_position(pos),
        turn: notation.side_name(pos.turn()).into(),
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
                .map(|m| move_info(notation, pos, m))
                .collect()
        },
        check: !checked.is_empty(),
        checked,
        result: outcome.map(|o| result(notation, game, o)),
        record: String::new(),
    }
}
