//! `duckchess moves POSITION`: every legal move of the side to move, in any
//! game.

use super::{print, usage, GameArgs};
use duckchess::kernel::AnyGame;
use duckchess::variants::input::{InputError, Lines};
use duckchess::variants::status::{self, Status};
use duckchess::variants::{line, Notation};
use std::io;
use std::process::ExitCode;

const EXAMPLES: &str = "\
Examples:
  duckchess moves start --at 0,0              # Duck Chess: the moves of the piece on (0,0)
  duckchess moves --variant chess --san start moves e4
  duckchess moves --long --variant chess '7k/8/8/8/8/8/5Q2/6K1 w - - 0 1'
  printf 'start\\nstart moves e4\\n' | duckchess moves --variant chess -   # one position a line";

#[derive(clap::Args)]
#[command(
    after_help = EXAMPLES,
    mut_arg("position", |a| a.help("The position, as the last words (or --from): FEN quoted or as \
        separate words, optionally followed by `moves` and moves; `-`: one a line from standard input"))
)]
pub struct Args {
    #[command(flatten)]
    game: GameArgs,
    /// Only the moves of the piece on this square (`e2`; `0,1` or `(0,1)`
    /// in Duck Chess).
    #[arg(long, value_name = "SQUARE", allow_hyphen_values = true)]
    at: Option<String>,
    /// Write the moves in the game's own notation (SAN for chess) instead of
    /// coordinates (UCI for chess; the same in Duck Chess).
    #[arg(long)]
    san: bool,
    /// One tab-separated line per move: coordinates, own notation, the
    /// position after it, and its status words (`check`, `checkmate`,
    /// `stalemate`, `dead`, `claim-moves`, `moves`, `claim-repetition`,
    /// `repetition`, `captured`, or `-`).
    #[arg(long)]
    long: bool,
}

pub fn run(args: Args) -> Result<ExitCode, ExitCode> {
    let batch = args.game.is_stdin();
    if !batch {
        let (notation, game) = args.game.game()?;
        let text = list(notation, &*game, &args).map_err(usage)?;
        over(notation, &*game, None);
        return print(text);
    }
    let mut out = String::new();
    for line in Lines::new(io::stdin().lock()) {
        let (number, line) = match line {
            Ok(line) => line,
            Err(e) => {
                print(out)?;
                return Err(match e {
                    InputError::Read(e) => {
                        super::fail(1, &format!("cannot read standard input: {e}"))
                    }
                    e => usage(format!("standard input {e}")),
                });
            }
        };
        // A blank line is no position: it is passed over, without an
        // answer (docs/commands.md).
        if line.trim().is_empty() {
            continue;
        }
        let answer = args.game.game_line(&line).and_then(|(notation, game)| {
            list(notation, &*game, &args).map(|text| (notation, game, text))
        });
        match answer {
            Ok((notation, game, text)) => {
                over(notation, &*game, Some(number));
                out += &text;
                out.push('\n');
            }
            Err(message) => {
                print(out)?;
                return Err(usage(format!("standard input line {number}: {message}")));
            }
        }
        if out.len() > 1 << 16 {
            print(std::mem::take(&mut out))?;
        }
    }
    print(out)
}

/// A game that is over has no moves: one line on standard error says so
/// and why (the list itself is empty, exit 0), where a silent empty list
/// could be taken for a fault.
fn over(notation: &dyn Notation, game: &dyn AnyGame, line: Option<usize>) {
    if let Some(outcome) = game.outcome() {
        let at = line.map_or(String::new(), |n| format!("standard input line {n}: "));
        super::note(&format!(
            "{at}no moves: the game is over: {}",
            status::describe(notation, game.position(), outcome, Some(game))
        ));
    }
}

/// The moves of a game's position, one per line.
fn list(notation: &dyn Notation, game: &dyn AnyGame, args: &Args) -> Result<String, String> {
    let position = game.position();
    let at = match &args.at {
        Some(text) => Some(notation.read_square(position, text).ok_or_else(|| {
            format!(
                "--at: {:?} is not a square of {} (such as {})",
                line::shorten(text),
                notation.name(),
                notation.square_name(position, 0)
            )
        })?),
        None => None,
    };
    let mut out = String::new();
    // A game that is over has no move left, whatever the board allows
    // (after a Fourfold repetition, for one).
    if game.outcome().is_some() {
        return Ok(out);
    }
    for m in position.legal_moves() {
        if at.is_some_and(|at| m.from() != at) {
            continue;
        }
        let coordinates = notation.coordinate_move(position, m);
        if args.long {
            let own = notation.write_move(position, m);
            let mut after = game.clone_box();
            after.play(m).expect("a legal move");
            let status = Status::of(notation, &*after);
            out += &format!(
                "{coordinates}\t{own}\t{}\t{}\n",
                notation.write_position(after.position()),
                status.words()
            );
        } else if args.san {
            out += &notation.write_move(position, m);
            out.push('\n');
        } else {
            out += &coordinates;
            out.push('\n');
        }
    }
    Ok(out)
}
