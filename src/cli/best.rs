//! `duckchess best POSITION`: the computer's move in any game, its score
//! and the line it expects.

use super::{fail, print, GameArgs};
use duckchess::engine::mate::{self, MateError, MateLimits};
use duckchess::engine::search::{self, Limits, SearchError};
use duckchess::kernel::{AnyGame, AnyPosition, Move};
use duckchess::variants::{line, status, Notation};
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

const EXAMPLES: &str = "\
Examples:
  duckchess best --variant chess start --think-ms 300
  duckchess best --depth 3 '5r1k/6pp/7N/8/8/1Q6/8/6K1 w - - 0 1'
  duckchess best --mate 2 --tree '5r1k/6pp/7N/8/8/1Q6/8/6K1 w - - 0 1'   # a proof, every defence";

#[derive(clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    #[command(flatten)]
    game: GameArgs,
    /// How long to think, in milliseconds.
    #[arg(
        long,
        value_name = "T",
        default_value_t = 1000,
        conflicts_with = "depth"
    )]
    think_ms: u64,
    /// Search exactly this many plies deep instead, however long it takes.
    #[arg(long, value_name = "D", value_parser = super::depth)]
    depth: Option<u32>,
    /// Prove a forced win within N moves instead (a checkmate, or taking
    /// Duck Chess's captain), or that there is none: an exact search, not
    /// a guess (with --think-ms as a time limit, it may stop unsure).
    #[arg(long, value_name = "N", conflicts_with = "depth", value_parser = clap::value_parser!(u32).range(1..=20))]
    mate: Option<u32>,
    /// With --mate: print the proof, every defence and the answer to it,
    /// indented, one move a line in the game's coordinates (`#` after a
    /// winning move).
    #[arg(long, requires = "mate")]
    tree: bool,
}

pub fn run(args: Args) -> Result<ExitCode, ExitCode> {
    let (notation, game) = args.game.game()?;
    let position = game.position();
    if let Some(n) = args.mate {
        return prove(notation, &*game, n, &args);
    }
    let limits = match args.depth {
        Some(depth) => Limits::depth(depth),
        None => Limits::think(Duration::from_millis(args.think_ms)),
    };
    let found = match search::best_in_game(&*game, limits, &AtomicBool::new(false)) {
        Ok(found) => found,
        Err(SearchError::GameOver(outcome)) => {
            return Err(fail(
                2,
                &format!(
                    "no move: the game is over: {}",
                    status::describe(notation, position, outcome, Some(&*game))
                ),
            ))
        }
    };
    let mut line = Vec::new();
    let mut after = position.clone_box();
    for &m in &found.pv {
        line.push(notation.write_move(&*after, m));
        if after.play(m).is_err() {
            break;
        }
    }
    let text = format!(
        "best {}\nscore {} for {}, to move\npv {}\ndepth {}, {} nodes, {} ms\n",
        both(notation, position, found.best),
        found.score,
        notation.side_name(position.turn()),
        line::join_moves(&line),
        found.depth,
        found.nodes,
        found.elapsed.as_millis(),
    );
    print(text)
}

/// `--mate N`: a proof of a forced win within N moves, or that none exists.
fn prove(
    notation: &dyn Notation,
    game: &dyn AnyGame,
    n: u32,
    args: &Args,
) -> Result<ExitCode, ExitCode> {
    let position = game.position();
    let limits = MateLimits {
        // --think-ms is a limit only when given.
        think: std::env::args()
            .any(|a| a.starts_with("--think-ms"))
            .then(|| Duration::from_millis(args.think_ms)),
    };
    let started = std::time::Instant::now();
    let moves = |s: usize| if s == 1 { "" } else { "s" };
    match mate::solve(position, n, limits, &AtomicBool::new(false)) {
        Ok(Some(proof)) => {
            let k = proof.moves();
            let m = proof.first();
            let mut text = format!(
                "best {}\nscore mate in {k} for {}, to move, proven: every defence answered ({} positions, {} ms)\n",
                both(notation, position, m),
                notation.side_name(position.turn()),
                proof.positions(),
                started.elapsed().as_millis()
            );
            if args.tree {
                text += &mate::write_tree(notation, position, &proof);
            }
            print(text)
        }
        Ok(None) => print(format!(
            "no forced win within {n} move{} ({} ms)\n",
            moves(n as usize),
            started.elapsed().as_millis()
        )),
        Err(MateError::GameOver(outcome)) => Err(fail(
            2,
            &format!(
                "no move: the game is over: {}",
                status::describe(notation, position, outcome, Some(game))
            ),
        )),
        Err(e @ MateError::Stopped { .. }) => Err(fail(1, &format!("--mate {n}: {e}"))),
    }
}

/// A move in the game's notation and, where that is not already them, in
/// coordinates: `Nf3 (g1f3)`, but Duck Chess's `1 4 9 4` once.
fn both(notation: &dyn Notation, position: &dyn AnyPosition, m: Move) -> String {
    let own = notation.write_move(position, m);
    let coordinates = notation.coordinate_move(position, m);
    if own == coordinates {
        own
    } else {
        format!("{own} ({coordinates})")
    }
}
