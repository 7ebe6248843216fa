//! `duckchess moves POSITION`: every legal move of the side to move.

use super::{duck_position, game_line_message, only_for, point, print, usage, VariantArg};
use duckchess::duck::Command;
use duckchess::kernel::AnyGame;
use duckchess::variants::status::Status;
use duckchess::variants::Notation;
use std::io::{self, BufRead};
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// The position: its FEN (quoted, or its fields as separate words) or
    /// `start`; for a kernel variant optionally followed by `moves` and the
    /// moves played from it (`start moves e4 e5`). `-` reads one position
    /// per line from standard input and ends each answer with an empty line.
    #[arg(required = true, num_args = 1.., value_name = "POSITION")]
    fen: Vec<String>,
    /// Only the moves of the piece on this point: X,Y in Duck Chess, a
    /// square name (`e2`) in a kernel variant.
    #[arg(long, value_name = "AT", allow_hyphen_values = true)]
    at: Option<String>,
    /// Write the moves in the game's own notation (SAN for chess) instead of
    /// coordinates (UCI).
    #[arg(long)]
    san: bool,
    /// One tab-separated line per move: coordinates, own notation, the
    /// position after it, and its status words (`check`, `checkmate`,
    /// `stalemate`, `dead`, `claim-moves`, `moves`, `claim-repetition`,
    /// `repetition`, or `-`).
    #[arg(long)]
    long: bool,
    #[command(flatten)]
    variant: VariantArg,
}

pub fn run(args: Args) -> Result<ExitCode, ExitCode> {
    let notation = args.variant.notation()?;
    let text = args.fen.join(" ");
    let batch = text.trim() == "-";
    let Some(notation) = notation else {
        only_for(args.san, "--san", "kernel variants such as --variant chess")?;
        only_for(
            args.long,
            "--long",
            "kernel variants such as --variant chess",
        )?;
        let at = args.at.as_deref().map(point).transpose()?;
        return each_line(&text, batch, |line| {
            let game = duck_position(Some(line))?;
            let mut out = String::new();
            game.for_each_move(|m| {
                if at.is_none_or(|p| p == m.from) {
                    out += &format!("{}\n", Command::from(m));
                }
            });
            Ok(out)
        });
    };
    each_line(&text, batch, |line| {
        let game = game_line_message(notation, line)?;
        Ok(kernel_moves(notation, &*game, &args))
    })
}

/// Runs `answer` on the position given, or on each line of standard input
/// (`-`), an empty line after each answer. Answers before an error are
/// written before it.
fn each_line(
    text: &str,
    batch: bool,
    mut answer: impl FnMut(&str) -> Result<String, String>,
) -> Result<ExitCode, ExitCode> {
    if !batch {
        return print(answer(text).map_err(usage)?);
    }
    let mut out = String::new();
    for (i, line) in io::stdin().lock().lines().enumerate() {
        let line = match line {
            Ok(line) => line,
            Err(e) => {
                print(out)?;
                return Err(super::fail(1, &format!("cannot read standard input: {e}")));
            }
        };
        if line.trim().is_empty() {
            continue;
        }
        match answer(&line) {
            Ok(text) => {
                out += &text;
                out.push('\n');
            }
            Err(message) => {
                print(out)?;
                return Err(usage(format!("standard input line {}: {message}", i + 1)));
            }
        }
        if out.len() > 1 << 16 {
            print(std::mem::take(&mut out))?;
        }
    }
    print(out)
}

/// The moves of a kernel variant's game, one per line.
fn kernel_moves(notation: &dyn Notation, game: &dyn AnyGame, args: &Args) -> String {
    let position = game.position();
    let mut out = String::new();
    for m in position.legal_moves() {
        if let Some(at) = &args.at {
            if notation.square_name(position, m.from()) != *at {
                continue;
            }
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
    out
}
