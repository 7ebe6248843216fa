//! `duckchess pgn FILE`: chess games in PGN, read and written again.

use super::{print, usage};
use duckchess::variants::chess::{fen, pgn};
use std::path::PathBuf;
use std::process::ExitCode;

const EXAMPLES: &str = "\
Examples:
  duckchess pgn games.pgn                     # every game, checked and written again
  duckchess pgn --fen games.pgn               # each game's final position
  echo '1. e4 e5 2. Nf3 *' | duckchess pgn";

#[derive(clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// The PGN file; `-` or nothing for standard input.
    file: Option<PathBuf>,
    /// Only the first game.
    #[arg(long)]
    first: bool,
    /// Print each game's final position (FEN) instead of the game.
    #[arg(long)]
    fen: bool,
    /// The game: PGN is chess's record, so only `chess`.
    #[arg(long, value_name = "NAME")]
    variant: Option<String>,
}

pub fn run(args: Args) -> Result<ExitCode, ExitCode> {
    super::only_variant(args.variant.as_deref(), "chess", "PGN is chess's record")?;
    let file = args.file.as_deref().filter(|p| p.as_os_str() != "-");
    let (name, text) = super::read_whole(file)?;
    let mut out = String::new();
    let mut count = 0;
    for game in pgn::Reader::new(&text) {
        let mut game = match game {
            Ok(game) => game,
            Err(e) => {
                // The games before the fault are written first.
                print(out)?;
                return Err(usage(format!("{name}: {e}")));
            }
        };
        if args.fen {
            out += &fen(&game.end());
            out.push('\n');
        } else {
            if count > 0 {
                out.push('\n');
            }
            // The export form is the main line (docs/cli.md): variations
            // and comments are checked, then left out.
            game.tree.clear();
            out += &game.write();
        }
        count += 1;
        if args.first {
            break;
        }
    }
    if count == 0 {
        return Err(usage(format!("{name}: no game")));
    }
    print(out)
}
