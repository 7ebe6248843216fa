//! `duckchess variants`: every game `--variant` knows, with its board and
//! pieces, Duck Chess first and the games of a `--variants` file last;
//! `--ini NAME` states one game in the variants.ini syntax.

use super::{fail, print, usage};
use duckchess::variants::{self, ini};
use std::path::Path;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// Print this game in Fairy-Stockfish's variants.ini syntax instead
    /// (a game the syntax cannot state is an error saying why).
    #[arg(long, value_name = "NAME")]
    ini: Option<String>,
}

pub fn run(args: Args) -> Result<ExitCode, ExitCode> {
    // Listing describes every game of a `--variants` file: each is built,
    // and the first that does not build is the error.
    check_file()?;
    let all = variants::all();
    if let Some(name) = args.ini {
        let notation = super::parse_variant(&name).map_err(usage)?;
        let start = notation.start();
        return match ini::write(start.variant()) {
            Ok(text) => print(text),
            Err(e) => Err(fail(2, &e.to_string())),
        };
    }
    let width = all.iter().map(|n| n.name().len()).max().unwrap_or(0);
    let mut text = String::new();
    for notation in all {
        text += &format!("{:width$}  {}\n", notation.name(), notation.summary());
    }
    // The library's games, by name only: building them all to describe
    // them would cost every listing.
    let known: Vec<String> = all.iter().map(|n| n.name().to_lowercase()).collect();
    let library: Vec<&str> = variants::library_names()
        .into_iter()
        .filter(|n| !known.contains(&n.to_lowercase()))
        .collect();
    if !library.is_empty() {
        text += &format!(
            "\nFairy-Stockfish's games, as samples/fsf-variants.ini states them (--variant NAME):\n{}\n",
            textwrap_names(&library, 78)
        );
        for (ours, theirs) in RENAMED.iter().filter(|(n, _)| library.contains(n)) {
            text += &format!("({ours} is Fairy-Stockfish's {theirs}, renamed here)\n");
        }
    }
    print(text)
}

/// Fairy-Stockfish's games the file names otherwise, where duckchess has
/// a game of their name: chess.com's Duck Chess (`duck`, duckchess's being
/// the THUPC game).
const RENAMED: &[(&str, &str)] = &[("chess-duck", "duck, chess.com's Duck Chess")];

/// Registers the games of `--variants FILE` (or of the file
/// `DUCKCHESS_VARIANTS` names) before any command runs: a file that
/// cannot be read exits 1, a bad one 2, with its line.
pub fn register(path: Option<&Path>) -> Result<(), ExitCode> {
    let from_env = std::env::var_os("DUCKCHESS_VARIANTS").filter(|v| !v.is_empty());
    let Some(path) = path.map(Path::to_path_buf).or(from_env.map(Into::into)) else {
        return Ok(());
    };
    let shown = path.display();
    let text = std::fs::read_to_string(&path)
        .map_err(|e| fail(1, &format!("{shown}: cannot read: {e}")))?;
    // Each game is built when first named: a file of many games costs
    // its parsing here.
    variants::register_file(&text).map_err(|e| fail(2, &format!("{shown}: {e}")))?;
    let _ = FILE.set(shown.to_string());
    Ok(())
}

/// The `--variants` file registered, as the user named it.
static FILE: std::sync::OnceLock<String> = std::sync::OnceLock::new();

/// A game of the `--variants` file that does not build, as one line naming
/// the file and the line.
pub fn file_error(e: &ini::IniError) -> String {
    match FILE.get() {
        Some(file) => format!("{file}: {e}"),
        None => e.to_string(),
    }
}

/// Builds every game of the `--variants` file: exit 2 with the first
/// that does not build.
pub fn check_file() -> Result<(), ExitCode> {
    variants::check_registered().map_err(|e| fail(2, &file_error(&e)))
}

/// Names joined by ", ", broken into lines of at most `width` columns.
fn textwrap_names(names: &[&str], width: usize) -> String {
    let mut lines: Vec<String> = vec![String::new()];
    for (i, name) in names.iter().enumerate() {
        let piece = if i + 1 < names.len() {
            format!("{name}, ")
        } else {
            name.to_string()
        };
        let last = lines.last_mut().expect("one line at least");
        if !last.is_empty() && last.len() + piece.trim_end().len() > width {
            lines.push(String::new());
        }
        lines
            .last_mut()
            .expect("one line at least")
            .push_str(&piece);
    }
    lines
        .iter()
        .map(|l| l.trim_end())
        .collect::<Vec<_>>()
        .join("\n")
}
