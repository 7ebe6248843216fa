//! `duckchess tune FILE`: fits a game's evaluation weights to scored
//! positions (see [`duckchess::engine::tune`]).

use super::{fail, print, GameArgs};
use duckchess::engine::tune::{self, Fit};
use std::path::PathBuf;
use std::process::ExitCode;

const EXAMPLES: &str = "\
Examples:
  duckchess tune --variant duck scored.txt
  duckchess tune --variant chess --tables scored.txt

scored.txt is what scripts/fsf_label.py writes from saved games, each
position scored by Fairy-Stockfish.";

#[derive(clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// The positions: a line each, the moves from the game's start in UCI
    /// notation, a tab, and the score in centipawns for the side to move
    /// (what `scripts/fsf_label.py` writes).
    file: PathBuf,
    /// Fit a piece-square table per kind too, from zeros for a game
    /// without them (a game with tables has them fitted anyway).
    #[arg(long)]
    tables: bool,
    #[command(flatten)]
    game: GameArgs,
}

pub fn run(args: Args) -> Result<ExitCode, ExitCode> {
    let (_, game) = args.game.game()?;
    let shown = args.file.display();
    let text = std::fs::read_to_string(&args.file)
        .map_err(|e| fail(1, &format!("{shown}: cannot read: {e}")))?;
    let position = game.position();
    let fit = tune::fit_text(position, &text, args.tables)
        .map_err(|e| fail(2, &format!("{shown}: {e}")))?;
    print(report(&fit))
}

/// The fit as a table: each kind's weights before and after.
fn report(fit: &Fit) -> String {
    let mut text = format!(
        "{} positions read, {} quiet and undecided fitted ({} held out): error {:.1} cp with the weights in use, {:.1} cp fitted\n",
        fit.read, fit.fitted, fit.held_out, fit.error[0], fit.error[1]
    );
    text += "kind            value      mobility   centre\n";
    for k in &fit.kinds {
        text += &format!(
            "{:<14} {:>5} {:>5}  {:>4} {:>4}  {:>4} {:>4}\n",
            k.name, k.value[0], k.value[1], k.mobility[0], k.mobility[1], k.centre[0], k.centre[1]
        );
    }
    // The fitted tables, a line a kind as the variant's data takes them
    // (entries in the order of `PieceKind::table`).
    for k in fit.kinds.iter().filter(|k| !k.table[1].is_empty()) {
        let entries: Vec<String> = k.table[1].iter().map(i32::to_string).collect();
        text += &format!("table {}: [{}]\n", k.name, entries.join(", "));
    }
    text
}
