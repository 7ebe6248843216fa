//! `duckchess show POSITION`: the board of a position of any game, and its
//! status.

use super::{print, usage, ColorArgs, GameArgs};
use duckchess::variants::line;
use duckchess::variants::picture::{Picture, Style};
use duckchess::variants::status::Status;
use std::process::ExitCode;

const EXAMPLES: &str = "\
Examples:
  duckchess show start                        # Duck Chess's start
  duckchess show --variant chess start moves e4 e5 Nf3
  duckchess show --style ascii --highlight e2 --variant chess start
  duckchess show 'n = 3, [###,n##,#rr],[#b#,###,###],[###,###,bRK]'   # a cube puzzle, recognised";

#[derive(clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    #[command(flatten)]
    game: GameArgs,
    /// How pieces are drawn: the game's glyphs (chess figurines, Duck
    /// Chess's 王 士 象 马 车 鸭 兵) or ASCII letters.
    #[arg(long, value_enum, default_value_t)]
    style: Style,
    /// Mark every square the piece on SQUARE can reach, whoever's turn it
    /// is (`e2`; `0,1` or `(0,1)` in Duck Chess).
    #[arg(long, value_name = "SQUARE", allow_hyphen_values = true)]
    highlight: Option<String>,
    #[command(flatten)]
    color: ColorArgs,
}

pub fn run(args: Args) -> Result<ExitCode, ExitCode> {
    let (notation, game) = args.game.game()?;
    let position = game.position();
    let mut picture = Picture::new(notation, position)
        .style(args.style)
        .color(args.color.color.for_stdout());
    if let Some(text) = &args.highlight {
        let square = notation.read_square(position, text).ok_or_else(|| {
            usage(format!(
                "--highlight: {:?} is not a square of {} (such as {})",
                line::shorten(text),
                notation.name(),
                notation.square_name(position, 0)
            ))
        })?;
        picture = picture.reach(square);
    }
    print(format!("{picture}{}", Status::of(notation, &*game)))
}
