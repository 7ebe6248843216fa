//! `duckchess perft DEPTH [POSITION]`: move-path counting in any game.

use super::{note, print, GameArgs};
use duckchess::kernel::{AnyPosition, Move};
use duckchess::variants::{status, Notation};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::process::ExitCode;

/// The deepest perft asked for. Counts from a game's start pass 10¹⁸
/// (near the 64-bit limit of a count) at 12 to 13 plies in every game
/// here, and take years long before that; deeper is always a mistake.
pub const MAX_DEPTH: u32 = 15;

const EXAMPLES: &str = "\
Examples:
  duckchess perft 3                           # Duck Chess from the start: 80066
  duckchess perft 3 --variant chess --divide  # each first move's count, then 8902
  duckchess perft 2 --variant fourfold-classic --threads 2";

#[derive(clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// Path length, in plies: 0 to 15. On a terminal, standard error shows
    /// how many first moves are counted and the time left.
    #[arg(value_parser = clap::value_parser!(u32).range(0..=MAX_DEPTH as i64))]
    depth: u32,
    #[command(flatten)]
    game: GameArgs,
    /// Print each first move `<move>: count` in coordinates (`xs ys xt yt`
    /// in Duck Chess, UCI in chess), then the total alone.
    #[arg(long)]
    divide: bool,
    /// Threads to count with.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..))]
    threads: u16,
}

pub fn run(args: Args) -> Result<ExitCode, ExitCode> {
    let (notation, game) = args.game.game()?;
    let position = game.position();
    if let Some(outcome) = game.outcome().filter(|_| args.depth > 0) {
        // `moves` lists nothing here; perft counts the paths the board
        // allows, as every perft does (draws and repetitions aside), so a
        // count is comparable with other programs'. Said, not hidden.
        note(&format!(
            "note: the game is over: {}; perft counts the moves the board allows all the same",
            status::describe(notation, position, outcome, Some(&*game))
        ));
    }
    let parts = divide(notation, position, args.depth, args.threads.into());
    let total: u64 = if args.depth == 0 {
        1
    } else {
        parts.iter().map(|p| p.1).sum()
    };
    let mut text = String::new();
    if args.divide {
        for (m, n) in &parts {
            text += &format!("{}: {n}\n", notation.coordinate_move(position, *m));
        }
    }
    text += &format!("{total}\n");
    print(text)
}

/// [`Notation::divide`](crate::variants::GameRules::divide) one first move at a time, so that a terminal sees
/// the count progress (indicatif on standard error, drawn only when it is
/// a terminal): a long perft is otherwise silent for minutes or forever.
fn divide(
    notation: &dyn Notation,
    position: &dyn AnyPosition,
    depth: u32,
    threads: usize,
) -> Vec<(Move, u64)> {
    if depth < 2 {
        return notation.divide(position, depth, threads);
    }
    let moves = position.legal_moves();
    let bar = ProgressBar::with_draw_target(Some(moves.len() as u64), ProgressDrawTarget::stderr())
        .with_style(
            ProgressStyle::with_template(
                "perft {msg} {bar:30} {pos}/{len} first moves, {elapsed} so far, about {eta} left",
            )
            .expect("a valid template"),
        )
        .with_message(depth.to_string());
    let parts = moves
        .into_iter()
        .map(|m| {
            let mut child = position.clone_box();
            let played = child.play(m).expect("a legal move");
            // A path that takes the royal piece ends there and counts as
            // one (Duck Chess's captain), as `Notation::divide` counts it.
            let royal = played
                .captured
                .is_some_and(|p| position.variant().kind(p.kind).royal);
            let n = if royal {
                1
            } else {
                notation
                    .divide(&*child, depth - 1, threads)
                    .iter()
                    .map(|p| p.1)
                    .sum()
            };
            bar.inc(1);
            (m, n)
        })
        .collect();
    bar.finish_and_clear();
    parts
}
