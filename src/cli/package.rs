//! `duckchess completions SHELL` and `duckchess man`: the shell completions
//! and the manual page, generated from the same clap definitions as the
//! parser, so they never disagree with it; and `--version`'s features.

use super::{fail, print, say, Cli};
use clap::CommandFactory;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct CompletionsArgs {
    /// The shell: bash, zsh, fish, elvish or powershell.
    #[arg(value_enum)]
    shell: clap_complete::Shell,
}

/// Writes the completion script of SHELL to standard output.
pub fn completions(args: CompletionsArgs) -> Result<ExitCode, ExitCode> {
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut Cli::command(), "duckchess", &mut script);
    print(String::from_utf8_lossy(&script).into_owned())
}

#[derive(clap::Args)]
pub struct ManArgs {
    /// Write every page into DIR instead — `duckchess.1` and one
    /// `duckchess-COMMAND.1` per command — ready for `man`'s section 1
    /// (`--dir ~/.local/share/man/man1`).
    #[arg(long, value_name = "DIR")]
    dir: Option<PathBuf>,
}

/// The manual pages (roff, section 1): the command's on standard output,
/// or with `--dir` every page, one per command, into a folder.
pub fn man(args: ManArgs) -> Result<ExitCode, ExitCode> {
    let command = Cli::command();
    let Some(dir) = args.dir else {
        return print(render(command)?);
    };
    let mut pages = vec![("duckchess.1".to_string(), render(command.clone())?)];
    for sub in command.get_subcommands() {
        let name = format!("duckchess-{}", sub.get_name());
        // The page's title is its file's name; its synopsis is typed with
        // a space, `duckchess play`.
        // (clap takes names as `&'static str`: leaked, once per run.)
        let title: &'static str = name.clone().leak();
        let page = sub
            .clone()
            .name(title)
            .bin_name(format!("duckchess {}", sub.get_name()));
        pages.push((format!("{name}.1"), render(page)?));
    }
    let written = std::fs::create_dir_all(&dir).and_then(|()| {
        pages
            .iter()
            .try_for_each(|(file, page)| std::fs::write(dir.join(file), page))
    });
    match written {
        Ok(()) => {
            say!("{} pages written to {}", pages.len(), dir.display());
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => Err(fail(1, &format!("cannot write to {}: {e}", dir.display()))),
    }
}

/// One manual page.
fn render(command: clap::Command) -> Result<String, ExitCode> {
    let mut page = Vec::new();
    clap_mangen::Man::new(command)
        .render(&mut page)
        .map_err(|e| fail(1, &format!("cannot write the manual page: {e}")))?;
    Ok(String::from_utf8_lossy(&page).into_owned())
}

/// `--version`: the version, then the cargo features this binary was built
/// with (a default build has no `serve`).
pub fn long_version() -> &'static str {
    let features: Vec<&str> = [
        ("cli", cfg!(feature = "cli")),
        ("contest", cfg!(feature = "contest")),
        ("tui", cfg!(feature = "tui")),
        ("web", cfg!(feature = "web")),
    ]
    .into_iter()
    .filter_map(|(name, on)| on.then_some(name))
    .collect();
    let text = format!(
        "{}\nfeatures: {}",
        env!("CARGO_PKG_VERSION"),
        features.join(", ")
    );
    // Once per run, for clap, which wants a `&'static str`.
    text.leak()
}
