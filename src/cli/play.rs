//! `duckchess play`: the terminal game, for Duck Chess (the default) and
//! every variant of the registry.

use super::{fail, position, usage, ColorArgs, VariantArg};
use duckchess::duck::{search, Color};
use duckchess::engine::search::{best, Limits};
use duckchess::kernel::{AnyGame, AnyPosition, Color as Side, Move};
use duckchess::play::kernel_game::{Chooser, KernelGame, KernelOptions};
use duckchess::play::kernel_tui::{self, PieceStyle, View};
use duckchess::play::{self, Options, Vs};
use duckchess::variants::Notation;
use std::io::{self, IsTerminal};
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

/// The keys, for `--help`.
const KEYS: &str = "\
Keys for chess, the cube and Fourfold (--variant other than duck):
  arrows                 cursor within a board
  Alt+arrows             the same square on the neighbouring board
  [ ] or PgUp/PgDn       one level up/down (cube), the board above/below (Fourfold)
  Tab, Shift+Tab         next/previous piece that can move; with a piece picked up, its targets
  Enter or Space         pick up a piece, put it down on a target (castle: the king two squares)
  q r b n                when a pawn promotes: what it becomes (Enter: queen)
  Esc                    drop the piece or the promotion prompt
  u / r                  undo / redo (against the computer, with its reply)
  h                      hint: the computer's suggested move, marked * *
  d                      claim a draw (threefold repetition, fifty moves)
  s                      save the game as <variant>-<UTC time>.<ext> in the current directory
  l                      load the newest such file
  n / q                  new game / quit
  mouse                  click a piece, then its target
Keys for Duck Chess: arrows or hjkl, Enter or Space, u undo, n new, s save, q or Esc quit.";

#[derive(clap::Args)]
#[command(after_help = KEYS)]
pub struct Args {
    #[command(flatten)]
    variant: VariantArg,
    /// Who plays the other side.
    #[arg(long, value_enum, default_value_t = Vs::Computer)]
    vs: Vs,
    /// The side the computer plays: red or blue (default blue) in Duck
    /// Chess, white or black (default black) otherwise.
    #[arg(long)]
    computer: Option<String>,
    /// Duck Chess: how many plies the computer looks ahead (default 4).
    /// Other variants: search to this depth instead of --think-ms.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=12))]
    depth: Option<u32>,
    /// Other variants: the computer's time per move, in milliseconds
    /// (default 1000).
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..=600_000))]
    think_ms: Option<u64>,
    /// Start from this position (FEN, the variant's notation, or `start`),
    /// or from a saved game file (its start and moves).
    #[arg(long, value_name = "POSITION")]
    from: Option<String>,
    #[command(flatten)]
    color: ColorArgs,
    /// Pieces as figurines or letters (not for Duck Chess).
    #[arg(long, value_enum, default_value_t = PieceStyle::Figurine)]
    style: PieceStyle,
}

pub fn run(args: Args) -> Result<ExitCode, ExitCode> {
    let Some(notation) = args.variant.notation()? else {
        return run_duck(args);
    };
    let computer = match args.computer.as_deref() {
        None | Some("black") => Side::Black,
        Some("white") => Side::White,
        Some(other) => {
            return Err(usage(format!(
                "--computer: expected white or black, not {other:?}"
            )))
        }
    };
    let (start, moves) = start_of(notation, args.from.as_deref())?;
    if !io::stdout().is_terminal() {
        return Err(fail(2, "play needs a terminal: standard output is not one"));
    }
    let limits = match args.depth {
        Some(depth) => Limits::depth(depth),
        None => Limits::think(Duration::from_millis(args.think_ms.unwrap_or(1000))),
    };
    // The engine's search, with the game's keys as its history.
    let chooser: Chooser = Arc::new(move |game: &dyn AnyGame, keys: &[u64], stop: &AtomicBool| {
        best(game.position(), keys, limits, stop)
            .ok()
            .map(|found| found.best)
    });
    let options = KernelOptions {
        start,
        moves,
        vs: args.vs,
        computer,
        chooser: Some(chooser),
        ..KernelOptions::new(notation)
    };
    let view = View {
        color: args.color.color.for_stdout(),
        style: args.style,
    };
    match kernel_tui::run(KernelGame::new(options), view) {
        Ok(()) => Ok(ExitCode::SUCCESS),
        Err(e) => Err(fail(1, &format!("terminal error: {e}"))),
    }
}

/// The start of a kernel game: a position text, `start`, or a saved game
/// file.
fn start_of(
    notation: &'static dyn Notation,
    from: Option<&str>,
) -> Result<(Box<dyn AnyPosition>, Vec<Move>), ExitCode> {
    let Some(text) = from.map(str::trim).filter(|t| *t != "start") else {
        return Ok((notation.start(), Vec::new()));
    };
    let path = std::path::Path::new(text);
    if path.is_file() {
        let content =
            std::fs::read_to_string(path).map_err(|e| usage(format!("cannot read {text}: {e}")))?;
        // A record (start and moves), or a file with one position.
        return notation
            .read_record(&content)
            .or_else(|record| match notation.read_position(content.trim()) {
                Ok(p) => Ok((p, Vec::new())),
                Err(_) => Err(record),
            })
            .map_err(|e| usage(format!("{text}: {e}")));
    }
    notation
        .read_position(text)
        .map(|p| (p, Vec::new()))
        .map_err(|e| usage(format!("bad {} position {text:?}: {e}", notation.name())))
}

fn run_duck(args: Args) -> Result<ExitCode, ExitCode> {
    if args.think_ms.is_some() {
        return Err(usage(
            "--think-ms is for the kernel variants; Duck Chess's computer takes --depth".into(),
        ));
    }
    let computer = match args.computer.as_deref() {
        None => Color::Blue,
        Some(text) => parse_color(text).map_err(usage)?,
    };
    let start = position(args.from.as_deref())?;
    if !io::stdout().is_terminal() {
        return Err(fail(2, "play needs a terminal: standard output is not one"));
    }
    let options = Options {
        vs: args.vs,
        computer,
        depth: args.depth.unwrap_or(search::DEFAULT_DEPTH),
        start,
        ..Options::default()
    };
    match play::tui::run(play::Game::new(options), args.color.color.for_stdout()) {
        Ok(()) => Ok(ExitCode::SUCCESS),
        Err(e) => Err(fail(1, &format!("terminal error: {e}"))),
    }
}

fn parse_color(text: &str) -> Result<Color, String> {
    Color::ALL
        .into_iter()
        .find(|c| c.name() == text)
        .ok_or_else(|| format!("--computer: expected red or blue, not {text:?}"))
}
