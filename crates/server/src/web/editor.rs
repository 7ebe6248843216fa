//! The board editor behind `POST /api/setup`: a position set up piece by
//! piece on any game's board (the cube's of any size), checked by the
//! game's rules, with the squares each piece reaches.
//!
//! Everything goes through the registry's [`Notation`]: its board sizes
//! ([`Notation::board_sizes`](crate::variants::GameRules::board_sizes)), a board of the chosen size to draw the setup
//! on ([`Notation::board_of_size`](crate::variants::GameRules::board_of_size)) and its check of a setup
//! ([`Notation::position_of_setup`](crate::variants::Text::position_of_setup)); no game is named here.

use super::game::{draw_board, unknown_variant};
use super::types::{EditorPiece, Reach, SetupRequest, SetupResponse};
use super::ApiError;
use crate::kernel::{
    with_position, AnyPosition, Color, Kind, Piece, Position, Rules, Setup, Width,
};
use crate::variants::{self, Notation};

/// Longest position text `POST /api/setup` reads (a 10-cube's is about
/// 1,100 characters).
pub const MAX_POSITION_TEXT: usize = 4096;

fn refuse(message: String) -> ApiError {
    ApiError::unprocessable(message)
}

/// The side a request names, in the game's words (any case).
fn side(notation: &dyn Notation, what: &str, text: &str) -> Result<Color, ApiError> {
    Color::ALL
        .into_iter()
        .find(|&c| notation.side_name(c).eq_ignore_ascii_case(text.trim()))
        .ok_or_else(|| {
            refuse(format!(
                "{what}: `{}` is no side of {} (its sides: {} and {})",
                variants::line::shorten(text),
                notation.name(),
                notation.side_name(Color::White),
                notation.side_name(Color::Black)
            ))
        })
}

/// The setup of a request's pieces, turn, castling and en passant on
/// `board`'s squares.
fn setup_of(
    notation: &dyn Notation,
    board: &dyn AnyPosition,
    req: &SetupRequest,
) -> Result<Setup, ApiError> {
    let variant = board.variant();
    let len = variant.shape.len();
    if req.board.len() > len {
        return Err(refuse(format!(
            "board: {} pieces, more than the {len} squares",
            req.board.len()
        )));
    }
    let mut setup = Setup::empty(len);
    for placed in &req.board {
        if placed.square >= len {
            return Err(refuse(format!(
                "board: square {} is off the board (its squares are 0 to {})",
                placed.square,
                len - 1
            )));
        }
        let name = notation.square_name(board, placed.square);
        let color = side(notation, &format!("board: {name}"), &placed.side)?;
        let mut letters = placed.letter.trim().chars();
        let kind = match (letters.next(), letters.next()) {
            (Some(c), None) => variant.kind_by_letter(c),
            _ => None,
        }
        .ok_or_else(|| {
            let known: Vec<String> = variant.kinds.iter().map(|k| k.letter.to_string()).collect();
            refuse(format!(
                "board: {name}: `{}` is no piece letter of {} (its letters: {})",
                variants::line::shorten(&placed.letter),
                notation.name(),
                known.join(" ")
            ))
        })?;
        if setup.board[placed.square].is_some() {
            return Err(refuse(format!("board: two pieces on {name}")));
        }
        setup.board[placed.square] = Some(Piece { color, kind });
    }
    if let Some(turn) = &req.turn {
        setup.turn = side(notation, "turn", turn)?;
    }
    if let Some(castling) = &req.castling {
        for c in castling.trim().chars().filter(|&c| c != '-') {
            let i = variant
                .castling
                .iter()
                .position(|r| r.letter == c)
                .ok_or_else(|| {
                    let letters: String = variant.castling.iter().map(|r| r.letter).collect();
                    refuse(format!(
                        "castling: `{c}` is no castling right of {} ({})",
                        notation.name(),
                        if letters.is_empty() {
                            "it has none".to_string()
                        } else {
                            format!("its rights: {letters}")
                        }
                    ))
                })?;
            setup.castling |= 1 << i;
        }
    }
    if let Some(text) = req.en_passant.as_deref().map(str::trim) {
        if !text.is_empty() && text != "-" {
            let square = notation.read_square(board, text).ok_or_else(|| {
                refuse(format!(
                    "en passant: `{}` is no square of the board",
                    variants::line::shorten(text)
                ))
            })?;
            setup.en_passant = Some(square);
        }
    }
    setup.halfmove = req.halfmove.unwrap_or(0);
    setup.fullmove = req.fullmove.unwrap_or(1).max(1);
    Ok(setup)
}

/// For each occupied square, the squares its piece reaches: its legal
/// moves in the setup with its side to move (the setup's castling kept, its
/// en passant square only for the side it was set for); where the setup is
/// no position with that side to move, the squares the piece attacks
/// (where it could capture), its own side's left out.
fn reach<S: Width>(rules: &'static Rules<S>, setup: &Setup) -> Vec<Reach> {
    let mut occupied = S::EMPTY;
    let mut own = [S::EMPTY; 2];
    for (square, piece) in setup.board.iter().enumerate() {
        if let Some(piece) = piece {
            occupied |= S::single(square);
            own[piece.color.index()] |= S::single(square);
        }
    }
    let mut out = Vec::new();
    for color in Color::ALL {
        let mut turned = setup.clone();
        if color != setup.turn {
            turned.turn = color;
            turned.en_passant = None;
        }
        let moves = Position::from_setup(rules, &turned)
            .ok()
            .map(|p| p.legal_moves());
        for (square, piece) in setup.board.iter().enumerate() {
            let Some(piece) = piece.filter(|p| p.color == color) else {
                continue;
            };
            let (mut to, legal): (Vec<usize>, bool) = match &moves {
                Some(moves) => (
                    moves
                        .iter()
                        .filter(|m| m.from() == square)
                        .map(|m| m.to())
                        .collect(),
                    true,
                ),
                None => (
                    (rules.attacks(piece.kind, color, square, occupied) & !own[color.index()])
                        .squares()
                        .collect(),
                    false,
                ),
            };
            to.sort_unstable();
            to.dedup();
            out.push(Reach { square, to, legal });
        }
    }
    out.sort_by_key(|r| r.square);
    out
}

/// `POST /api/setup`: the request's setup checked by its game's rules, and
/// what the editor draws.
pub fn setup(req: &SetupRequest) -> Result<SetupResponse, ApiError> {
    let notation = variants::by_name(&req.variant).ok_or_else(|| unknown_variant(&req.variant))?;
    let sizes = notation.board_sizes();
    if let Some(n) = req.size {
        match sizes {
            None => {
                return Err(refuse(format!(
                    "size: {} is played on one board, of no size to choose",
                    notation.name()
                )))
            }
            Some((low, high)) if !(low..=high).contains(&n) => {
                return Err(refuse(format!(
                    "size: {n}: the board sizes of {} are {low} to {high}",
                    notation.name()
                )))
            }
            Some(_) => {}
        }
    }
    let (board, setup, size) = match req.position.as_deref() {
        Some(text) => {
            if !req.board.is_empty()
                || req.size.is_some()
                || req.turn.is_some()
                || req.castling.is_some()
                || req.en_passant.is_some()
                || req.halfmove.is_some()
                || req.fullmove.is_some()
            {
                return Err(refuse(
                    "position: a position text sets up the whole board; give it without \
                     size, board, turn, castling, en passant or move counters"
                        .into(),
                ));
            }
            if text.len() > MAX_POSITION_TEXT {
                return Err(refuse(format!(
                    "position: {} characters, more than the {MAX_POSITION_TEXT} a setup reads",
                    text.len()
                )));
            }
            let position = notation
                .read_position(text)
                .map_err(|e| refuse(format!("position: {e}")))?;
            let setup = with_position!(position.concrete(), p => p.to_setup());
            // The size whose board is the position's.
            let size = sizes.and_then(|(low, high)| {
                (low..=high).find(|&n| {
                    notation
                        .board_of_size(Some(n))
                        .is_some_and(|b| b.variant().shape == position.variant().shape)
                })
            });
            (position, setup, size)
        }
        None => {
            let board = notation.board_of_size(req.size).ok_or_else(|| {
                refuse(format!(
                    "size: {} has no board of that size",
                    notation.name()
                ))
            })?;
            let setup = setup_of(notation, &*board, req)?;
            let size = req.size.or_else(|| {
                sizes.and_then(|(low, high)| {
                    (low..=high).find(|&n| {
                        notation
                            .board_of_size(Some(n))
                            .is_some_and(|b| b.variant().shape == board.variant().shape)
                    })
                })
            });
            (board, setup, size)
        }
    };
    let variant = board.variant();
    let built = notation.position_of_setup(&*board, &setup);
    let letters = |bits: u8| -> String {
        variant
            .castling
            .iter()
            .enumerate()
            .filter(|(i, _)| bits >> i & 1 == 1)
            .map(|(_, r)| r.letter)
            .collect()
    };
    let (position, error, castling, en_passant) = match &built {
        Ok((position, text)) => (
            Some(text.clone()),
            None,
            letters(position.castling()),
            position.en_passant(),
        ),
        Err(why) => (
            None,
            Some(why.to_string()),
            letters(setup.castling),
            setup.en_passant,
        ),
    };
    let pieces = variant
        .all_kinds()
        .map(|kind: Kind| {
            let piece = |color| Piece { color, kind };
            EditorPiece {
                letter: variant.kind(kind).letter.to_string(),
                name: variant.kind(kind).name.to_string(),
                glyphs: Color::ALL.map(|c| notation.glyph(&*board, piece(c)).to_string()),
                letters: Color::ALL.map(|c| variant.piece_char(piece(c)).to_string()),
            }
        })
        .collect();
    let reach = with_position!(board.concrete(), p => reach(p.rules(), &setup));
    Ok(SetupResponse {
        variant: notation.name().into(),
        size,
        sizes: sizes.map(|(low, high)| [low, high]),
        position,
        error,
        turn: notation.side_name(setup.turn).into(),
        castling,
        en_passant: en_passant.map(|s| notation.square_name(&*board, s)),
        halfmove: setup.halfmove,
        fullmove: setup.fullmove,
        castling_rights: variant
            .castling
            .iter()
            .map(|r| r.letter.to_string())
            .collect(),
        has_en_passant: variant
            .kinds
            .iter()
            .any(|k| k.pawn.as_ref().is_some_and(|p| p.en_passant)),
        board: draw_board(notation, &*board, req.flip, &|s| setup.board[s]),
        pieces,
        reach,
    })
}
