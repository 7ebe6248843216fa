//! `duckchess best POSITION`: the computer's move in any game, its score
//! and the line it expects.

use super::{fail, print, GameArgs};
use duckchess::engine::search::{self, Limits, SearchError};
use duckchess::variants::{line, status};
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

#[derive(clap::Args)]
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
}

pub fn run(args: Args) -> Result<ExitCode, ExitCode> {
    let (notation, game) = args.game.game()?;
    let position = game.position();
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
        "best {} ({})\nscore {}\npv {}\ndepth {}, {} nodes, {} ms\n",
        notation.write_move(position, found.best),
        notation.coordinate_move(position, found.best),
        found.score,
        line::join_moves(&line),
        found.depth,
        found.nodes,
        found.elapsed.as_millis(),
    );
    print(text)
}
