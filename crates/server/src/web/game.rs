//! The games behind the API, every one through the registry's [`Notation`]
//! and `dyn AnyGame`: Duck Chess like the others.
//!
//! Requests are stateless: each one names a variant, the position the game
//! started from and the moves played since (in coordinates), and the game
//! is replayed here. Replaying keeps repetition rules exact at the cost of a
//! few microseconds a move.

use super::types::{
    Attacker, AttacksResponse, Board, Cell, GameRequest, GameResult, HandPiece, ImportResponse,
    ImportedGame, Label, MoveInfo, PieceInfo, Pocket, RecordRequest, RecordResponse, State,
    StudyInfo, TreeNode, VariantInfo,
};
use super::ApiError;
use crate::kernel::{with_position, AnyGame, AnyPosition, Color, Move, Outcome, Piece};
use crate::variants::{self, clones, line, status, Notation};

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
    /// The draw the side to move claimed after the history, as a result
    /// in words.
    pub claimed: Option<String>,
    /// Whether the board is drawn turned.
    pub flipped: bool,
    /// The position before the last move of the history, if any.
    before_last: Option<Box<dyn AnyPosition>>,
}

/// Every game the page offers, Duck Chess first.
pub fn variants() -> Vec<VariantInfo> {
    variants::all()
        .iter()
        .map(|n| {
            let start = n.start();
            let layout = n.layout(&*start);
            // The API's endpoints for one game's own formats.
            let tools = [(crate::judge::NAME, "judge"), ("cube", "mate")]
                .iter()
                .filter(|(game, _)| *game == n.name())
                .map(|(_, tool)| tool.to_string())
                .collect();
            VariantInfo {
                name: n.name().into(),
                title: n.title().into(),
                summary: n.summary(),
                rows: layout.rows(),
                cols: layout.cols(),
                start: n.write_position(&*start),
                sides: crate::kernel::Color::ALL.map(|c| n.side_name(c).to_string()),
                checkered: n.checkered(),
                axes: n.axis_names().map(|(f, r)| [f.to_string(), r.to_string()]),
                tools,
                wall: start
                    .variant()
                    .goals
                    .walls
                    .as_ref()
                    .and_then(|w| w.rule)
                    .map(|r| r.wall_name().into()),
            }
        })
        .collect()
}

pub(super) fn unknown_variant(name: &str) -> ApiError {
    ApiError::unprocessable(format!(
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
            return Err(ApiError::unprocessable(format!(
                "history: {} moves, more than the {MAX_HISTORY} a request may replay",
                history.len()
            )));
        }
        let notation = variants::by_name(variant).ok_or_else(|| unknown_variant(variant))?;
        let start = match position.map(str::trim).filter(|t| !t.is_empty()) {
            None => notation.start(),
            Some(t) => notation
                .read_position(t)
                .map_err(|e| ApiError::unprocessable(format!("position: {e}")))?,
        };
        let start_text = notation.write_position(&*start);
        let mut game = start.new_game();
        let mut before_last = None;
        for (i, m) in history.iter().enumerate() {
            // As the command line's lines: no move after the end, a draw
            // the rules make automatic (fivefold, 150 plies) included.
            if let Some(outcome) = game.outcome() {
                return Err(ApiError::unprocessable(format!(
                    "history move {} `{m}`: the game is over: {}",
                    i + 1,
                    status::describe(notation, game.position(), outcome, Some(&*game))
                )));
            }
            if i + 1 == history.len() {
                before_last = Some(game.position().clone_box());
            }
            let mv = notation.read_move(game.position(), m).map_err(|e| {
                ApiError::unprocessable(format!("history move {} `{m}`: {e}", i + 1))
            })?;
            game.play(mv).map_err(|_| {
                ApiError::unprocessable(format!("history move {} `{m}` is illegal", i + 1))
            })?;
        }
        Ok(Loaded {
            notation,
            game,
            start: start_text,
            claimed: None,
            flipped: false,
            before_last,
        })
    }

    /// The game of a request: [`Loaded::new`], then its claim (refused when
    /// there is no draw to claim) and which way up it is drawn.
    pub fn from_request(request: &GameRequest) -> Result<Loaded, ApiError> {
        let mut loaded = Loaded::new(
            &request.variant,
            request.position.as_deref(),
            &request.history,
        )?;
        loaded.flipped = request.flip;
        if request.claim {
            let status = status::Status::of(loaded.notation, &*loaded.game);
            match status.claimed() {
                Some(result) => loaded.claimed = Some(result),
                None => {
                    return Err(ApiError::unprocessable(format!(
                        "claim: {}",
                        status.no_claim()
                    )))
                }
            }
        }
        Ok(loaded)
    }

    /// The end of the game, a claimed draw included, in words.
    pub fn over(&self) -> Option<String> {
        self.claimed.clone().or_else(|| {
            self.game
                .outcome()
                .map(|o| result(self.notation, &*self.game, o).reason)
        })
    }

    /// Everything the page draws: the board, the legal moves, check and
    /// the result.
    pub fn state(&self) -> State {
        let mut state = state(self.notation, &*self.game, &self.start, self.flipped);
        if let (Some(before), Some(&last)) = (&self.before_last, self.game.moves().last()) {
            state.last = Some(move_info(self.notation, &**before, last));
        }
        if let Some(claimed) = &self.claimed {
            state.result = Some(GameResult {
                winner: None,
                reason: claimed.clone(),
            });
            state.moves.clear();
            state.claimable = None;
        }
        let start = self.notation.read_position(&self.start).ok();
        state.record = start.map_or_else(String::new, |start| {
            self.notation.write_record(&*start, self.game.moves())
        });
        state
    }

    /// The history's moves in the game's own notation.
    pub fn notations(&self) -> Vec<String> {
        self.notation
            .read_position(&self.start)
            .map(|start| written(self.notation, &*start, self.game.moves()).1)
            .unwrap_or_default()
    }

    /// Plays `text` (coordinates or the game's own notation) and tells the
    /// move as played.
    pub fn play(&mut self, text: &str) -> Result<MoveInfo, ApiError> {
        let mv = self
            .notation
            .read_move(self.game.position(), text)
            .map_err(|e| ApiError::unprocessable(format!("move `{}`: {e}", text.trim())))?;
        let info = move_info(self.notation, self.game.position(), mv);
        self.before_last = Some(self.game.position().clone_box());
        self.game
            .play(mv)
            .map_err(|_| ApiError::unprocessable(format!("move `{text}` is illegal")))?;
        Ok(info)
    }

    /// The pieces of both sides attacking `square` (its number), as
    /// `POST /api/attacks` answers: [`AnyPosition::attackers_of`] for
    /// each side, the first side's first. Every game alike: in Duck Chess
    /// the ducks are pieces of their sides, attacking (by their lame
    /// (3,2) leap) and blocking like the others.
    pub fn attacks(&self, square: usize) -> Result<AttacksResponse, ApiError> {
        let pos = self.game.position();
        let len = pos.variant().shape.len();
        if square >= len {
            return Err(ApiError::unprocessable(format!(
                "square: {square} is off the board ({} has squares 0 to {})",
                self.notation.name(),
                len - 1
            )));
        }
        let variant = pos.variant();
        let attackers = Color::ALL
            .into_iter()
            .flat_map(|color| {
                pos.attackers_of(square, color)
                    .into_iter()
                    .filter_map(move |from| Some((from, pos.piece_at(from)?)))
            })
            .map(|(from, piece)| Attacker {
                square: from,
                name: self.notation.square_name(pos, from),
                side: self.notation.side_name(piece.color).into(),
                piece: variant.kind(piece.kind).name.to_string(),
                letter: variant.piece_char(piece).to_string(),
            })
            .collect();
        Ok(AttacksResponse {
            square,
            name: self.notation.square_name(pos, square),
            attackers,
        })
    }
}

/// A move as the API tells it, with what it takes and whether it checks
/// (found by playing it on a copy).
pub fn move_info(notation: &dyn Notation, position: &dyn AnyPosition, m: Move) -> MoveInfo {
    let played = position.clone_box().play(m).ok();
    MoveInfo {
        from: m.from(),
        to: m.to(),
        coord: notation.coordinate_move(position, m),
        notation: notation.write_move(position, m),
        promotion: m
            .promotion
            .map(|k| position.variant().kind(k).letter.to_string()),
        captures: played
            .and_then(|p| p.captured)
            .map(|p| position.variant().kind(p.kind).name.to_string()),
        check: played.is_some_and(|p| p.check),
        drop: m
            .dropped()
            .map(|k| position.variant().kind(k).letter.to_string()),
        wall: m.wall(),
        gate: m
            .gate
            .map(|g| position.variant().kind(g.kind).letter.to_string()),
        clones: clones::clone_sources(position, m).unwrap_or_default(),
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

/// The board as the page draws it: `position`'s squares, names and
/// layout with the pieces `piece_at` says (the position's own, or a setup's
/// that may not be a position at all: the board editor's).
pub fn draw_board(
    notation: &dyn Notation,
    pos: &dyn AnyPosition,
    flipped: bool,
    piece_at: &dyn Fn(usize) -> Option<Piece>,
) -> Board {
    let variant = pos.variant();
    let layout = notation.layout(pos).flipped(flipped);
    let cells = (0..variant.shape.len())
        .map(|sq| {
            let (row, col) = layout.place(sq);
            let coords = variant.shape.coords(sq);
            Cell {
                square: sq,
                name: notation.square_name(pos, sq),
                file: notation.file_label(coords[0] as usize),
                rank: notation.rank_label(coords[1] as usize),
                row,
                col,
                coords: coords[..variant.shape.axes()]
                    .iter()
                    .map(|&c| c as usize)
                    .collect(),
                piece: piece_at(sq).map(|p| piece_info(notation, pos, p)),
                wall: pos.is_wall(sq),
                // The position's mark, where the piece drawn is its own (a
                // setup's may not be).
                promoted: piece_at(sq).is_some_and(|p| pos.piece_at(sq) == Some(p))
                    && with_position!(pos.concrete(), p => p.is_promoted(sq)),
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
    Board {
        flipped,
        rows: layout.rows(),
        cols: layout.cols(),
        labels,
        cells,
        lines: notation.board_lines(pos),
        pockets: pockets(notation, pos),
    }
}

/// A piece as the page draws it.
fn piece_info(notation: &dyn Notation, pos: &dyn AnyPosition, p: Piece) -> PieceInfo {
    let variant = pos.variant();
    PieceInfo {
        letter: variant.piece_char(p).to_string(),
        color: notation.side_name(p.color).into(),
        name: variant.kind(p.kind).name.into(),
        glyph: notation.glyph(pos, p).to_string(),
    }
}

/// Each side's pieces in hand, in a game with drops; none where drops are
/// free (Ataxx's clones), taking nothing from a hand.
fn pockets(notation: &dyn Notation, pos: &dyn AnyPosition) -> Vec<Pocket> {
    if pos.variant().drops.as_ref().is_none_or(|d| d.free) {
        return Vec::new();
    }
    Color::ALL
        .into_iter()
        .map(|color| Pocket {
            side: notation.side_name(color).into(),
            pieces: pos
                .hand(color)
                .into_iter()
                .map(|(kind, count)| HandPiece {
                    piece: piece_info(notation, pos, Piece { color, kind }),
                    count,
                    drop: pos.variant().kind(kind).letter.to_string(),
                })
                .collect(),
        })
        .collect()
}

fn state(notation: &dyn Notation, game: &dyn AnyGame, start: &str, flipped: bool) -> State {
    let pos = game.position();
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
        board: draw_board(notation, pos, flipped, &|sq| pos.piece_at(sq)),
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
        last: None,
        result: outcome.map(|o| result(notation, game, o)),
        claimable: status::Status::of(notation, game).claim(),
        record: String::new(),
        line: None,
    }
}

/// A game's moves in coordinates and in its notation, each written in the
/// position it is played from.
fn written(
    notation: &dyn Notation,
    start: &dyn AnyPosition,
    moves: &[Move],
) -> (Vec<String>, Vec<String>) {
    let mut position = start.clone_box();
    let mut coords = Vec::new();
    let mut texts = Vec::new();
    for &m in moves {
        coords.push(notation.coordinate_move(&*position, m));
        texts.push(notation.write_move(&*position, m));
        if position.play(m).is_err() {
            break;
        }
    }
    (coords, texts)
}

/// Reads a text pasted into the page ([`line::read_any_text`]): the games
/// in it, each as a start and a history a request can replay.
pub fn import(variant: &str, text: &str) -> Result<ImportResponse, ApiError> {
    let notation = variants::by_name(variant).ok_or_else(|| unknown_variant(variant))?;
    let (notation, kind, records) = line::read_any_text(notation, text)
        .map_err(|e| ApiError::unprocessable(format!("text: {e}")))?;
    let mut games = Vec::new();
    for (i, record) in records.iter().enumerate() {
        if record.moves.len() > MAX_HISTORY {
            return Err(ApiError::unprocessable(format!(
                "text: game {} has {} moves, more than the {MAX_HISTORY} a request may replay",
                i + 1,
                record.moves.len()
            )));
        }
        let (history, moves) = written(notation, &*record.start, &record.moves);
        // Each move of the tree written in the position after its parent.
        let mut after: Vec<Box<dyn AnyPosition>> = Vec::new();
        let mut tree = Vec::new();
        for t in &record.tree {
            let mut position = match t.parent {
                Some(p) => after[p].clone_box(),
                None => record.start.clone_box(),
            };
            tree.push(TreeNode {
                parent: t.parent,
                coord: notation.coordinate_move(&*position, t.mv),
                notation: notation.write_move(&*position, t.mv),
                comment: t.comment.clone(),
                nags: t.nags.clone(),
            });
            let _ = position.play(t.mv);
            after.push(position);
        }
        games.push(ImportedGame {
            title: record.title(),
            start: notation.write_position(&*record.start),
            history,
            moves,
            tags: record.tags.clone(),
            tree,
        });
    }
    Ok(ImportResponse {
        variant: notation.name().into(),
        kind: kind.name().into(),
        games,
    })
}

/// The record of a whole tree of moves: with its variations, comments, NAGs and
/// tags when the game's format holds them ([`Notation::write_tree`](crate::variants::Text::write_tree)), else
/// its main line and a note saying so.
pub fn record(req: &RecordRequest) -> Result<RecordResponse, ApiError> {
    if req.tree.len() > MAX_HISTORY {
        return Err(ApiError::unprocessable(format!(
            "tree: {} moves, more than the {MAX_HISTORY} a request may replay",
            req.tree.len()
        )));
    }
    let start = Loaded::new(&req.variant, req.position.as_deref(), &[])?;
    let notation = start.notation;
    let first = start.game.position().clone_box();
    let mut after: Vec<Box<dyn AnyPosition>> = Vec::new();
    let mut tree = Vec::new();
    for (i, node) in req.tree.iter().enumerate() {
        let bad = |why: String| ApiError::unprocessable(format!("tree move {}: {why}", i + 1));
        let mut position = match node.parent {
            Some(p) if p < i => after[p].clone_box(),
            Some(p) => return Err(bad(format!("its parent {p} does not come before it"))),
            None => first.clone_box(),
        };
        let mv = notation
            .read_move(&*position, &node.coord)
            .map_err(|e| bad(format!("`{}`: {e}", node.coord)))?;
        position
            .play(mv)
            .map_err(|_| bad(format!("`{}` is illegal", node.coord)))?;
        after.push(position);
        tree.push(variants::TreeMove {
            parent: node.parent,
            mv,
            comment: node.comment.clone().filter(|c| !c.trim().is_empty()),
            nags: node.nags.iter().copied().filter(|&n| n != 0).collect(),
        });
    }
    if let Some(record) = notation.write_tree(&*first, &tree, &req.tags) {
        return Ok(RecordResponse { record, note: None });
    }
    let mut main = Vec::new();
    let mut at = None;
    while let Some(i) = tree.iter().position(|t| t.parent == at) {
        main.push(tree[i].mv);
        at = Some(i);
    }
    // What the record leaves out, in words.
    let mut dropped = Vec::new();
    if main.len() < tree.len() {
        dropped.push("the variations");
    }
    if tree.iter().any(|t| t.comment.is_some()) {
        dropped.push("the comments");
    }
    if tree.iter().any(|t| !t.nags.is_empty()) {
        dropped.push("the annotations (NAGs)");
    }
    let without = match dropped.as_slice() {
        [] => None,
        [one] => Some(one.to_string()),
        [first @ .., last] => Some(format!("{} and {last}", first.join(", "))),
    };
    Ok(RecordResponse {
        record: notation.write_record(&*first, &main),
        note: without.map(|without| {
            format!(
                "The {} record holds one line of moves: this is the main line, without {without}.",
                notation.name()
            )
        }),
    })
}

/// Every study of [`variants::studies`], each as a start and a history a
/// request can replay.
pub fn studies() -> &'static [StudyInfo] {
    static ALL: std::sync::OnceLock<Vec<StudyInfo>> = std::sync::OnceLock::new();
    ALL.get_or_init(|| {
        variants::studies::all()
            .iter()
            .filter_map(|s| {
                let notation = variants::by_name(s.game)?;
                // tests/rules/studies.rs reads every study.
                let (_, records) = line::read_text(notation, &s.text).ok()?;
                let record = records.into_iter().next()?;
                let (history, moves) = written(notation, &*record.start, &record.moves);
                Some(StudyInfo {
                    variant: s.game.into(),
                    title: s.title.clone(),
                    goal: s.goal.clone(),
                    start: notation.write_position(&*record.start),
                    ply: if s.from_start { 0 } else { history.len() },
                    history,
                    moves,
                    solution: s.solution.clone(),
                    mate_in: match s.claim {
                        variants::studies::Claim::Mate(n) => Some(n),
                        _ => None,
                    },
                })
            })
            .collect()
    })
}
