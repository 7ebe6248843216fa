//! A position and the moves played from it, as one line of text:
//! `start`, a position (`rnbqkbnr/… w KQkq - 0 1`), either followed by
//! `moves` and moves in the game's notation (`start moves e4 e5 Nf3`), as
//! UCI's `position` command writes it.

use super::{status, Notation, NotationError, RecognizeError};
use crate::kernel::AnyGame;
use thiserror::Error;

/// Why a line could not be read: the position or which move.
#[derive(Debug, Error)]
pub enum LineError {
    /// The position part is not a position of the variant.
    #[error("bad {game} position {text:?}: {error}")]
    Position {
        /// The game's name.
        game: &'static str,
        /// The position as written (shortened).
        text: String,
        /// Why.
        error: NotationError,
    },
    /// No `--variant`, and the position could be several games'.
    #[error(transparent)]
    Ambiguous(RecognizeError),
    /// No `--variant`, and no game's positions look like the text: the
    /// default game's own error, and a hint.
    #[error("{0}; no game recognises this position (--variant names the game: {names})", names = super::names().join(", "))]
    Unrecognised(Box<LineError>),
    /// The text has no position (it is empty or blank, or starts with
    /// `moves`): `start` is the way to say the game's start.
    #[error("no position: give one, or `start` for the game's start")]
    NoPosition,
    /// A move after the end of the game.
    #[error("move {number} {text:?}: the game is over: {result}")]
    GameOver {
        /// Which move of the line, from 1.
        number: usize,
        /// The move as written (shortened).
        text: String,
        /// How the game ended, in [`status::describe`]'s words.
        result: String,
    },
    /// A move is malformed, ambiguous or illegal.
    #[error("move {number} {text:?}: {error}")]
    Move {
        /// Which move of the line, from 1.
        number: usize,
        /// The move as written.
        text: String,
        /// Why.
        error: NotationError,
    },
}

/// The position part of a line: the words before `moves`.
///
/// ```
/// use duckchess_rules::variants::line::position_part;
/// assert_eq!(position_part("start moves e4 e5"), "start");
/// assert_eq!(position_part(" 8/8/8/8/8/8/8/8 w "), "8/8/8/8/8/8/8/8 w");
/// ```
pub fn position_part(text: &str) -> String {
    text.split_whitespace()
        .take_while(|&w| w != "moves")
        .collect::<Vec<_>>()
        .join(" ")
}

/// Reads a line of a game named or not: with `variant`, [`read_line`] in
/// it; without, the game whose positions look like the text
/// ([`super::recognize`]), and Duck Chess ([`super::default`]) for `start`
/// or no position at all.
///
/// ```
/// use duckchess_rules::variants::line::read_any;
/// let (chess, game) = read_any(None, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 moves e4").unwrap();
/// assert_eq!(chess.name(), "chess");
/// assert_eq!(game.moves().len(), 1);
/// let (duck, _) = read_any(None, "start moves 0 3 1 2").unwrap();
/// assert_eq!(duck.name(), "duck");
/// let err = read_any(None, "hello").err().unwrap();
/// assert!(err.to_string().contains("no game recognises"));
/// ```
pub fn read_any(
    variant: Option<&'static dyn Notation>,
    text: &str,
) -> Result<(&'static dyn Notation, Box<dyn AnyGame>), LineError> {
    let notation = match variant {
        Some(notation) => notation,
        None => {
            let part = position_part(text);
            if part.is_empty() {
                return Err(LineError::NoPosition);
            }
            if part == "start" {
                super::default()
            } else {
                match super::recognize(&part) {
                    Ok(notation) => notation,
                    Err(e @ RecognizeError::Ambiguous { .. }) => {
                        return Err(LineError::Ambiguous(e))
                    }
                    Err(RecognizeError::Unknown { .. }) => {
                        // The default game's reader says what it expected.
                        let default = super::default();
                        return read_line(default, text)
                            .map(|game| (default, game))
                            .map_err(|e| LineError::Unrecognised(Box::new(e)));
                    }
                }
            }
        }
    };
    Ok((notation, read_line(notation, text)?))
}

/// Reads a line: the position (`start` for the variant's start; an empty
/// one is refused), then optionally `moves` and the moves, each in the
/// game's notation or its coordinates. A move after the end of the game
/// (mate, a draw the rules make automatic) is refused, saying how it
/// ended.
///
/// ```
/// use duckchess_rules::variants::{by_name, line::read_line};
/// let chess = by_name("chess").unwrap();
/// let game = read_line(chess, "start moves e4 e7e5 Nf3").unwrap();
/// assert_eq!(chess.write_position(game.position()),
///            "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
/// assert_eq!(read_line(chess, "start moves e4 e4").unwrap_err().to_string(),
///            "move 2 \"e4\": e4 is not legal here: black has no pawn that can go to e4");
/// assert_eq!(read_line(chess, "start moves f3 e5 g4 Qh4 a3").unwrap_err().to_string(),
///            "move 5 \"a3\": the game is over: black wins by checkmate");
/// assert!(read_line(chess, " ").is_err());
/// ```
pub fn read_line(notation: &dyn Notation, text: &str) -> Result<Box<dyn AnyGame>, LineError> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let split = words.iter().position(|&w| w == "moves");
    let (position_words, moves) = match split {
        Some(i) => (&words[..i], notation.split_moves(&words[i + 1..].join(" "))),
        None => (&words[..], Vec::new()),
    };
    let position_text = position_words.join(" ");
    let position = match position_text.as_str() {
        "" => return Err(LineError::NoPosition),
        "start" => notation.start(),
        fen => notation
            .read_position(fen)
            .map_err(|error| LineError::Position {
                game: notation.name(),
                text: shorten(fen),
                error,
            })?,
    };
    let mut game = position.new_game();
    for (i, m) in moves.iter().enumerate() {
        if let Some(outcome) = game.outcome() {
            return Err(LineError::GameOver {
                number: i + 1,
                text: shorten(m),
                result: status::describe(notation, game.position(), outcome, Some(&*game)),
            });
        }
        let chosen = notation
            .read_move(game.position(), m)
            .map_err(|error| LineError::Move {
                number: i + 1,
                text: shorten(m),
                error,
            })?;
        game.play(chosen).expect("read_move returns legal moves");
    }
    Ok(game)
}

/// A user's text as a message quotes it; it lives in [`crate::text`], the
/// bottom layer, so the judge's engine can use it too.
pub use crate::text::shorten;

/// Moves written one after another as a line shows them: separated by
/// spaces, or by `, ` where a move has spaces of its own (Duck Chess's
/// `xs ys xt yt`), which [`Notation::split_moves`](crate::variants::Text::split_moves) reads back either way.
///
/// ```
/// use duckchess_rules::variants::line::join_moves;
/// assert_eq!(join_moves(&["e4".into(), "e5".into()]), "e4 e5");
/// assert_eq!(join_moves(&["0 3 1 2".into(), "9 4 8 4".into()]), "0 3 1 2, 9 4 8 4");
/// ```
pub fn join_moves(moves: &[String]) -> String {
    let spaced = moves.iter().any(|m| m.contains(char::is_whitespace));
    moves.join(if spaced { ", " } else { " " })
}

/// What a text given to [`read_text`] turned out to be.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TextKind {
    /// A position alone.
    Position,
    /// A line: `start` or a position, then `moves` and the moves.
    Line,
    /// One or more games in the game's record format (PGN for chess, a
    /// judge input for Duck Chess).
    Record,
}

impl TextKind {
    /// `position`, `line`, `record`.
    pub fn name(self) -> &'static str {
        match self {
            TextKind::Position => "position",
            TextKind::Line => "line",
            TextKind::Record => "record",
        }
    }
}

/// Why a text is none of a game's position, line or record.
#[derive(Debug, Error)]
pub enum TextError {
    /// Nothing but white space.
    #[error("nothing to import: paste {}, {} or a line (`start moves ...`)", a_position(*.game), a_record(*.game))]
    Empty {
        /// The game asked for.
        game: &'static dyn Notation,
    },
    /// The text looks like a position (one line the game
    /// [recognises](crate::variants::Text::recognizes)) and is not one.
    #[error("not {}: {error}", a_position(*.game))]
    Position {
        /// The game asked for.
        game: &'static dyn Notation,
        /// Why the position is wrong.
        error: NotationError,
    },
    /// A line (`... moves ...`) that could not be read.
    #[error(transparent)]
    Line(LineError),
    /// Neither a position nor a record: the record reader's reason.
    #[error("{text:?} is neither {} nor {}: read as {}, {error}", a_position(*.game), a_record(*.game), as_record(*.game))]
    Neither {
        /// The game asked for.
        game: &'static dyn Notation,
        /// The text, shortened.
        text: String,
        /// Why the record reader refused it.
        error: NotationError,
    },
}

/// `a chess position (FEN)`, `a cube position`.
fn a_position(game: &dyn Notation) -> String {
    match game.position_format() {
        "position" => format!("a {} position", game.name()),
        format => format!("a {} position ({format})", game.name()),
    }
}

/// `a game (PGN)`, `a game record`.
fn a_record(game: &dyn Notation) -> String {
    match game.record_format() {
        "record" => "a game record".into(),
        format => format!("a game ({format})"),
    }
}

/// `PGN`, `a judge input`, `a record`.
fn as_record(game: &dyn Notation) -> String {
    match game.record_format() {
        "PGN" => "PGN".into(),
        format => format!("a {format}"),
    }
}

/// Reads what a person pastes as a game of `game`: a line (`start moves
/// e4 e5`, or a position then `moves`), a position, or one or more
/// records ([`Notation::read_records`](crate::variants::Text::read_records): PGN for chess, a judge input for
/// Duck Chess). The error says what was expected and, for a text that
/// looks like a position, what is wrong with it as one; otherwise the
/// record reader's reason.
///
/// ```
/// use duckchess_rules::variants::{by_name, line::{read_text, TextKind}};
/// let chess = by_name("chess").unwrap();
/// let (kind, games) = read_text(chess, "1. e4 e5 2. Nf3").unwrap();
/// assert_eq!((kind, games[0].moves.len()), (TextKind::Record, 3));
/// let (kind, _) = read_text(chess, "8/8/8/8/8/8/8/K6k w - - 0 1").unwrap();
/// assert_eq!(kind, TextKind::Position);
/// let error = read_text(chess, "").unwrap_err().to_string();
/// assert_eq!(error, "nothing to import: paste a chess position (FEN), a game (PGN) or a line (`start moves ...`)");
/// ```
pub fn read_text(
    game: &'static dyn Notation,
    text: &str,
) -> Result<(TextKind, Vec<super::Record>), TextError> {
    let text = text.trim_start_matches('\u{feff}').trim();
    if text.is_empty() {
        return Err(TextError::Empty { game });
    }
    let mut words = text.split_whitespace();
    if words.clone().next() == Some("start") || words.any(|w| w == "moves") {
        let played = read_line(game, text).map_err(TextError::Line)?;
        let start = match position_part(text).as_str() {
            "" | "start" => game.start(),
            position => game
                .read_position(position)
                .expect("read_line read this position"),
        };
        let record = super::Record {
            tags: Vec::new(),
            start,
            moves: played.moves().to_vec(),
            tree: Vec::new(),
        };
        return Ok((TextKind::Line, vec![record]));
    }
    let position_error = match game.read_position(text) {
        Ok(start) => {
            let record = super::Record {
                tags: Vec::new(),
                start,
                moves: Vec::new(),
                tree: Vec::new(),
            };
            return Ok((TextKind::Position, vec![record]));
        }
        Err(e) => e,
    };
    let record_error = match game.read_records(text) {
        Ok(games) if !games.is_empty() => return Ok((TextKind::Record, games)),
        Ok(_) => NotationError::from("it holds no game"),
        Err(e) => e,
    };
    if game.recognizes(text) && text.lines().count() == 1 {
        Err(TextError::Position {
            game,
            error: position_error,
        })
    } else {
        Err(TextError::Neither {
            game,
            text: shorten(text),
            error: record_error,
        })
    }
}

/// [`read_text`] in `game`, or else in the game the text belongs to: a
/// position another game [recognises](super::recognize), or another game's
/// line or record with at least one move. The error is `game`'s.
///
/// ```
/// use duckchess_rules::variants::{by_name, line::read_any_text};
/// let chess = by_name("chess").unwrap();
/// let (game, _, _) = read_any_text(chess, "n = 2, [rq,##],[##,K#]").unwrap();
/// assert_eq!(game.name(), "cube");
/// ```
#[allow(clippy::type_complexity)]
pub fn read_any_text(
    game: &'static dyn Notation,
    text: &str,
) -> Result<(&'static dyn Notation, TextKind, Vec<super::Record>), TextError> {
    let error = match read_text(game, text) {
        Ok((kind, games)) => return Ok((game, kind, games)),
        Err(e @ TextError::Empty { .. }) => return Err(e),
        Err(e) => e,
    };
    let recognised = super::recognize(&position_part(text)).ok();
    let others = recognised
        .into_iter()
        .chain(super::all().iter().copied())
        .filter(|other| other.name() != game.name());
    for other in others {
        if let Ok((kind, games)) = read_text(other, text) {
            let recognised = recognised.is_some_and(|r| r.name() == other.name());
            if recognised || games.first().is_some_and(|g| !g.moves.is_empty()) {
                return Ok((other, kind, games));
            }
        }
    }
    Err(error)
}
