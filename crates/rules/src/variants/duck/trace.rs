//! Trace mode: the judge's verdicts, each with a plain-words explanation.
//!
//! A trace reads the same judge input as [`judge::run`](crate::judge::run)
//! (through the shared [`Commands`] reader, so malformed input is reported
//! the same way) and prints, for each command, its number, the command, the
//! judge line and why: the reason an invalid command is invalid, what a
//! valid one did, and every piece that attacks a captain when check is
//! `yes`. On request it also prints the position as FEN after every command
//! and a picture of the board after every valid move.
//!
//! ```
//! use duckchess_judge::Position;
//! use duckchess_rules::variants::duck::trace;
//! let mut out = Vec::new();
//! let input = "2\n0 0 7 0\n0 3 1 2\n";
//! trace::run(input.as_bytes(), &mut out, Position::initial(), &trace::Options::default())
//!     .unwrap();
//! let text = String::from_utf8(out).unwrap();
//! assert_eq!(
//!     text.lines().take(2).collect::<Vec<_>>(),
//!     [
//!         "1: 0 0 7 0 -> Invalid command",
//!         "   car at (0,0) cannot pass (2,0), which holds red duck",
//!     ]
//! );
//! ```

use super::{from_duck, DuckChess};
use crate::judge::{Command, Invalid, MoveRecord, Piece, Point, Position, Role, INVALID_LINE};
use crate::judge::{Commands, JudgeError, KeepReading, Summary};
use crate::variants::picture::{Picture, Style};
use crate::variants::status;
use std::fmt;
use std::io::{self, BufRead, BufWriter, Write};

/// One line of explanation under a command.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Note {
    /// Why the command is invalid; a game that ended during the trace is
    /// told by [`Note::GameOver`] instead, which names the move that ended it.
    Invalid(Invalid),
    /// The command came after a captain was removed.
    GameOver {
        /// The move that removed the captain.
        ended_by: MoveRecord,
        /// Its command number.
        at: u64,
    },
    /// What a valid command did.
    Moved(MoveRecord),
    /// After the move, a piece attacks a captain: the attack in the words
    /// of [`status::attacks`].
    Check(String),
}

impl fmt::Display for Note {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Note::Invalid(why) => write!(f, "{why}"),
            Note::GameOver { ended_by, at } => {
                // The move that ends the game always removes a captain.
                let captain = Piece::new(ended_by.piece.color.other(), Role::Captain);
                write!(
                    f,
                    "the game is over: {} removed {captain} at command {at}",
                    ended_by.piece
                )
            }
            Note::Moved(r) => {
                write!(f, "{} moves from {} to {}", r.piece, r.from, r.to)?;
                if let Some(removed) = r.removed {
                    write!(f, " and removes {removed}")?;
                }
                if r.over {
                    write!(
                        f,
                        ": the game is over, {} wins (check is no once it is over)",
                        r.piece.color
                    )?;
                }
                Ok(())
            }
            Note::Check(ref attack) => write!(f, "check: {attack}"),
        }
    }
}

/// Every piece that attacks a captain in `position`, whoever's turn it is:
/// first the attacks on the side to move (which the last move made or
/// allowed), then those on the other side.
///
/// ```
/// use duckchess_judge::Position;
/// use duckchess_rules::variants::duck::trace;
/// let pos: Position = "4k4/9/9/9/9/9/9/9/9/4K4 w".parse().unwrap();
/// let notes: Vec<String> = trace::checks(&pos).iter().map(|n| n.to_string()).collect();
/// assert!(notes.is_empty());
/// let pos: Position = "4k4/9/9/9/9/9/9/9/4R4/4K4 b".parse().unwrap();
/// let notes: Vec<String> = trace::checks(&pos).iter().map(|n| n.to_string()).collect();
/// assert_eq!(notes, ["check: red car at (1,4) attacks blue captain at (9,4)"]);
/// ```
pub fn checks(position: &Position) -> Vec<Note> {
    status::attacks(&DuckChess, &from_duck(position))
        .into_iter()
        .map(Note::Check)
        .collect()
}

/// One traced command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// 1-based command number.
    pub number: u64,
    /// The command as given.
    pub command: Command,
    /// What the judge says about it.
    pub verdict: Result<MoveRecord, Invalid>,
    /// Why, one line each.
    pub notes: Vec<Note>,
}

impl Step {
    /// The judge's output line.
    pub fn judge_line(&self) -> String {
        match &self.verdict {
            Ok(record) => record.to_string(),
            Err(_) => INVALID_LINE.to_string(),
        }
    }
}

/// Plays commands one by one and explains each.
///
/// ```
/// use duckchess_judge::{Command, Position};
/// use duckchess_rules::variants::duck::trace::Tracer;
/// let mut tracer = Tracer::new(Position::initial());
/// let step = tracer.step(Command::new(0, 1, 1, 3));
/// assert_eq!(step.judge_line(), "Invalid command");
/// assert_eq!(
///     step.notes[0].to_string(),
///     "horse at (0,1) is blocked: its leg (0,2) holds red elephant"
/// );
/// ```
#[derive(Clone, Debug)]
pub struct Tracer {
    game: Position,
    played: u64,
    /// The command number and record of the move that ended the game.
    end: Option<(u64, MoveRecord)>,
}

impl Tracer {
    /// A tracer starting from `game`.
    pub fn new(game: Position) -> Tracer {
        Tracer {
            game,
            played: 0,
            end: None,
        }
    }

    /// The position after the commands so far.
    pub fn position(&self) -> &Position {
        &self.game
    }

    /// Plays the next command and explains it.
    pub fn step(&mut self, command: Command) -> Step {
        self.played += 1;
        let number = self.played;
        let verdict = self.game.play(command);
        let notes = match verdict {
            Err(Invalid::GameOver { winner }) => match self.end {
                Some((at, ended_by)) => vec![Note::GameOver { ended_by, at }],
                // Only a position that was over before the trace began gets
                // here; the core's own wording still says who won.
                None => vec![Note::Invalid(Invalid::GameOver { winner })],
            },
            Err(why) => vec![Note::Invalid(why)],
            Ok(record) => {
                if record.over {
                    self.end = Some((number, record));
                }
                let mut notes = vec![Note::Moved(record)];
                if record.check {
                    notes.extend(checks(&self.game));
                }
                notes
            }
        };
        Step {
            number,
            command,
            verdict,
            notes,
        }
    }
}

/// What a trace prints besides the explanations.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// A picture of the board at the start and after every valid move.
    pub board: bool,
    /// The position as FEN at the start and after every command.
    pub fen: bool,
    /// How pictures draw pieces.
    pub style: Style,
    /// Whether pictures are coloured.
    pub color: bool,
}

/// The trace of a judge input played from the start, as one string: what
/// `duckchess trace` prints for it (with `options`' board and FEN), for a
/// snapshot test of a folder of inputs (docs/contest.md). A malformed input
/// is the error, which names its line.
///
/// ```
/// use duckchess_rules::variants::duck::trace;
/// let text = trace::text("1\n0 4 1 4\n", &trace::Options::default()).unwrap();
/// assert!(text.contains("captain"), "{text}");
/// ```
pub fn text(input: &str, options: &Options) -> Result<String, JudgeError> {
    let mut out = Vec::new();
    run(input.as_bytes(), &mut out, Position::initial(), options)?;
    Ok(String::from_utf8_lossy(&out).into_owned())
}

/// Writes a trace: reads the judge input `input`, plays it from `game` and
/// writes every step, explained, to `output`. Ends with a count of the
/// commands. On malformed input every step before the bad line has been
/// written and flushed, and the error is the one judge mode gives.
pub fn run<R: BufRead, W: Write>(
    input: R,
    output: W,
    game: Position,
    options: &Options,
) -> Result<Summary, JudgeError> {
    // A failed write does not stop the trace: a malformed input must
    // still be found and told.
    let mut out = BufWriter::new(KeepReading::new(output));
    let result = write_trace(input, &mut out, game, options);
    // Whatever happened, what was traced is written before the error is told.
    let _ = out.flush();
    match out.into_inner() {
        Ok(output) => output.finish(result),
        Err(e) => Err(JudgeError::Write(e.into_error())),
    }
}

fn write_trace<R: BufRead, W: Write>(
    input: R,
    out: &mut W,
    game: Position,
    options: &Options,
) -> Result<Summary, JudgeError> {
    let mut commands = Commands::new(input);
    let q = commands.q()?;
    // Numbers are right-aligned so the commands line up; notes go under them.
    let width = q.max(1).to_string().len();
    let indent = " ".repeat(width + 2);
    let mut tracer = Tracer::new(game);
    let mut summary = Summary::default();
    let w = |e: io::Error| JudgeError::Write(e);

    if options.board || options.fen {
        writeln!(out, "start: {} to move", tracer.position().turn()).map_err(w)?;
        write_position(out, &tracer, None, options, &indent).map_err(w)?;
    }
    while let Some(command) = commands.next_command()? {
        let step = tracer.step(command);
        summary.commands += 1;
        let valid = step.verdict.as_ref().ok().map(|r| (r.from, r.to));
        summary.valid += u64::from(valid.is_some());
        writeln!(
            out,
            "{:>width$}: {} -> {}",
            step.number,
            step.command,
            step.judge_line()
        )
        .map_err(w)?;
        for note in &step.notes {
            writeln!(out, "{indent}{note}").map_err(w)?;
        }
        write_position(out, &tracer, valid, options, &indent).map_err(w)?;
    }
    writeln!(
        out,
        "{} commands: {} valid, {} invalid",
        summary.commands,
        summary.valid,
        summary.commands - summary.valid
    )
    .map_err(w)?;
    Ok(summary)
}

/// The FEN line and, after a valid move (`moved` = its start and target,
/// bracketed) or at the start, the picture, as `options` ask.
fn write_position<W: Write>(
    out: &mut W,
    tracer: &Tracer,
    moved: Option<(Point, Point)>,
    options: &Options,
    indent: &str,
) -> io::Result<()> {
    let position = tracer.position();
    if options.fen {
        writeln!(out, "{indent}fen: {}", position.to_fen())?;
    }
    let at_start = tracer.played == 0;
    if options.board && (at_start || moved.is_some()) {
        let kernel = from_duck(position);
        let mut picture = Picture::new(&DuckChess, &kernel)
            .style(options.style)
            .color(options.color);
        if let Some((from, to)) = moved {
            picture = picture.highlight([from.index(), to.index()]);
        }
        for line in picture.to_string().lines() {
            writeln!(out, "{indent}{}", line.trim_end())?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const OFFICIAL: &str = include_str!("../../../../../samples/official.in");

    fn official_steps() -> Vec<Step> {
        let mut tracer = Tracer::new(Position::initial());
        Commands::new(OFFICIAL.as_bytes())
            .map(|c| tracer.step(c.unwrap()))
            .collect()
    }

    fn point(x: i64, y: i64) -> Point {
        Point::new(x, y).unwrap()
    }

    /// The spec's "why, line by line" for the official sample's invalid
    /// lines: the reason kind and, where one is named, the point at fault.
    #[test]
    fn official_invalid_lines_carry_the_spec_reasons() {
        let steps = official_steps();
        let expected: [(u64, &str, Option<Point>); 9] = [
            (1, "blocked", Some(point(2, 0))),     // car passes its own duck
            (2, "enemy-piece", Some(point(9, 0))), // blue car on red's turn
            (3, "blocked", Some(point(0, 2))),     // horse's leg
            (4, "own-piece-on-target", Some(point(2, 0))), // own duck there
            (6, "enemy-piece", Some(point(0, 4))), // red captain on blue's turn
            (9, "blocked", Some(point(6, 0))),     // duck's first blocking point
            (10, "blocked", Some(point(6, 2))),    // duck's second blocking point
            (15, "blocked", Some(point(8, 3))),    // elephant's eye holds the horse
            (18, "game-over", None),
        ];
        let invalid: Vec<u64> = steps
            .iter()
            .filter(|s| s.verdict.is_err())
            .map(|s| s.number)
            .collect();
        assert_eq!(invalid, expected.map(|e| e.0));
        for (number, kind, at) in expected {
            let step = &steps[number as usize - 1];
            let why = step.verdict.unwrap_err();
            assert_eq!(why.kind(), kind, "line {number}");
            let fault = match why {
                Invalid::Blocked { at, .. } => Some(at),
                Invalid::EnemyPiece { at, .. } => Some(at),
                Invalid::OwnPieceOnTarget { to, .. } => Some(to),
                _ => None,
            };
            assert_eq!(fault, at, "line {number}");
            assert_eq!(step.notes.len(), 1, "line {number}");
        }
    }

    #[test]
    fn official_notes_read_as_the_issue_words_them() {
        let steps = official_steps();
        let note = |n: usize| {
            steps[n - 1]
                .notes
                .iter()
                .map(|n| n.to_string())
                .collect::<Vec<_>>()
        };
        assert_eq!(
            note(1),
            ["car at (0,0) cannot pass (2,0), which holds red duck"]
        );
        assert_eq!(note(2), ["(9,0) holds blue car, but it is red's turn"]);
        assert_eq!(
            note(3),
            ["horse at (0,1) is blocked: its leg (0,2) holds red elephant"]
        );
        assert_eq!(
            note(16),
            [
                "blue captain moves from (8,4) to (9,4)",
                "check: red duck at (6,6) attacks blue captain at (9,4)"
            ]
        );
        assert_eq!(
            note(18),
            ["the game is over: red duck removed blue captain at command 17"]
        );
        assert_eq!(
            steps[16].notes,
            [Note::Moved(steps[16].verdict.unwrap())],
            "the move that ends the game reports no check"
        );
    }

    #[test]
    fn checks_name_attackers_in_both_directions() {
        // The blue duck on (7,6) reaches the red captain on (4,4) over the
        // empty (6,6) and (5,5); the red car on (5,4) sees the blue captain
        // on (9,4). Red is to move, so the attack on red comes first.
        let pos: Position = "4k4/9/6d2/9/4R4/4K4/9/9/9/9 w".parse().unwrap();
        let notes: Vec<String> = checks(&pos).iter().map(|n| n.to_string()).collect();
        assert_eq!(
            notes,
            [
                "check: blue duck at (7,6) attacks red captain at (4,4)",
                "check: red car at (5,4) attacks blue captain at (9,4)",
            ]
        );
    }
}
