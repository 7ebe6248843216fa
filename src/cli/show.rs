//! `duckchess show POSITION`: the board of a position.

use super::{game_line, only_for, point, position, print, usage, ColorArgs, VariantArg};
use duckchess::duck::picture::{self, Picture};
use duckchess::duck::trace;
use duckchess::variants::{picture as kernel_picture, status::Status};
use std::process::ExitCode;

/// How the board draws pieces; each game has its default.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Style {
    /// Duck Chess's glyphs 王 士 象 马 车 鸭 兵 (its default).
    Cjk,
    /// Chess figurines ♔ ♕ ♖ ♗ ♘ ♙ (the kernel variants' default).
    Figurine,
    /// Notation letters only, pure ASCII.
    Ascii,
}

#[derive(clap::Args)]
pub struct Args {
    /// The position: FEN (quoted, or its fields as separate words) or
    /// `start`; for a kernel variant optionally followed by `moves` and the
    /// moves played from it.
    #[arg(required = true, num_args = 1.., value_name = "POSITION")]
    fen: Vec<String>,
    /// How the board draws pieces [default: cjk for Duck Chess, figurine
    /// for the others].
    #[arg(long, value_enum)]
    style: Option<Style>,
    /// Mark every point the piece on X,Y can reach (Duck Chess).
    #[arg(long, value_name = "X,Y", allow_hyphen_values = true)]
    highlight: Option<String>,
    #[command(flatten)]
    variant: VariantArg,
    #[command(flatten)]
    color: ColorArgs,
}

pub fn run(args: Args) -> Result<ExitCode, ExitCode> {
    let text = args.fen.join(" ");
    let Some(notation) = args.variant.notation()? else {
        let style =
            match args.style {
                None | Some(Style::Cjk) => picture::Style::Cjk,
                Some(Style::Ascii) => picture::Style::Ascii,
                Some(Style::Figurine) => return Err(usage(
                    "--style figurine is for the kernel variants; Duck Chess draws cjk or ascii"
                        .into(),
                )),
            };
        let game = position(Some(&text))?;
        let mut picture = Picture::new(game.board())
            .style(style)
            .color(args.color.color.for_stdout());
        if let Some(at) = args.highlight {
            picture = picture.reach(&game, point(&at)?);
        }
        let mut text = format!("{picture}{} to move\n", game.turn());
        for note in trace::checks(&game) {
            text += &format!("{note}\n");
        }
        return print(text);
    };
    only_for(args.highlight.is_some(), "--highlight", "Duck Chess")?;
    let style = match args.style {
        None | Some(Style::Figurine) => kernel_picture::Style::Figurine,
        Some(Style::Ascii) => kernel_picture::Style::Ascii,
        Some(Style::Cjk) => {
            return Err(usage(format!(
                "--style cjk is for Duck Chess; {} draws figurine or ascii",
                notation.name()
            )))
        }
    };
    let game = game_line(notation, &text)?;
    let picture = kernel_picture::Picture::new(notation, game.position())
        .style(style)
        .color(args.color.color.for_stdout());
    print(format!("{picture}{}", Status::of(notation, &*game)))
}
