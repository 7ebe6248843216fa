//! `duckchess best --variant V POSITION`: the computer's move, its score
//! and the line it expects.

use super::{fail, print};
use duckchess::engine::search::{self, Limits, SearchError};
use duckchess::variants::Notation;
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

#[derive(clap::Args)]
pub struct Args {
    /// The game (`duckchess variants` lists them).
    #[arg(long, default_value = "chess", value_parser = parse_variant)]
    variant: &'static dyn Notation,
    /// How long to think, in milliseconds.
    #[arg(
        long,
        value_name = "T",
        default_value_t = 1000,
        conflicts_with = "depth"
    )]
    think_ms: u64,
    /// Search exactly this many plies deep instead, however long it takes.
    #[arg(long, value_name = "D", value_parser = clap::value_parser!(u32).range(1..=search::MAX_DEPTH as i64))]
    depth: Option<u32>,
    /// The position in the variant's notation (FEN for chess; quoting it is
    /// optional), or `start`.
    #[arg(required = true, num_args = 1.., value_name = "POSITION")]
    position: Vec<String>,
}

/// The kernel game named by `--variant` (Duck Chess has its own computer,
/// in `play`).
pub(super) fn parse_variant(name: &str) -> Result<&'static dyn Notation, String> {
    super::kernel_variant(name)
}

pub fn run(args: Args) -> Result<ExitCode, ExitCode> {
    let notation = args.variant;
    let text = args.position.join(" ");
    let position = if text.trim() == "start" {
        notation.start()
    } else {
        notation.read_position(&text).map_err(|e| {
            fail(
                2,
                &format!("bad {} position {text:?}: {e}", notation.name()),
            )
        })?
    };
    let limits = match args.depth {
        Some(depth) => Limits::depth(depth),
        None => Limits::think(Duration::from_millis(args.think_ms)),
    };
    let found = match search::best(&*position, &[], limits, &AtomicBool::new(false)) {
        Ok(found) => found,
        Err(e @ SearchError::GameOver(_)) => return Err(fail(2, &format!("no move: {e}"))),
    };
    let mut line = Vec::new();
    let mut after = position.clone();
    for &m in &found.pv {
        line.push(notation.write_move(&*after, m));
        if after.play(m).is_err() {
            break;
        }
    }
    let text = format!(
        "best {} ({})\nscore {}\npv {}\ndepth {}, {} nodes, {} ms\n",
        notation.write_move(&*position, found.best),
        notation.coordinate_move(&*position, found.best),
        found.score,
        line.join(" "),
        found.depth,
        found.nodes,
        found.elapsed.as_millis(),
    );
    print(text)
}
