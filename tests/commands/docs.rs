//! Every console example of the README, ARCHITECTURE.md and `docs/` is run
//! and its output compared, so an example that drifts fails `cargo test`.
//!
//! A ```` ```console ```` block is a session: each `$ COMMAND` line runs in
//! `sh` (pipes and `; echo $?` work) with the `duckchess` just built first on
//! `PATH`, standard error merged into standard output as a terminal shows
//! it, and the lines up to the next `$` are what it must print. The commands
//! of one block share a scratch folder holding links to `samples/`,
//! `tests/` and `docs/`, so a block can write files and read them back.
//! Machine-dependent figures are elided with snapbox's wildcards: `[..]`
//! within a line, `...` on a line of its own for any number of lines.
//!
//! Blocks of other kinds (`text`, `sh`) are not run, so they may not hold a
//! `$ ` prompt: an example with output is a console block. Every relative
//! link of these pages must lead to a file of the repository.

use snapbox::{Assert, Data};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::system;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The pages whose examples are run: the README, ARCHITECTURE.md and every
/// Markdown file under `docs/`.
fn pages() -> Vec<PathBuf> {
    let mut pages = vec![root().join("README.md"), root().join("ARCHITECTURE.md")];
    let mut folders = vec![root().join("docs")];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "md") {
                pages.push(path);
            }
        }
    }
    pages.retain(|p| p.exists());
    pages.sort();
    pages
}

/// A fenced block: its info string, the line of its first content line,
/// and its lines.
struct Block {
    info: String,
    line: usize,
    lines: Vec<String>,
}

fn blocks(text: &str) -> Vec<Block> {
    let mut blocks = Vec::new();
    let mut open: Option<Block> = None;
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        match &mut open {
            None => {
                if let Some(info) = trimmed.strip_prefix("```") {
                    open = Some(Block {
                        info: info.trim().to_string(),
                        line: i + 2,
                        lines: Vec::new(),
                    });
                }
            }
            Some(block) => {
                if trimmed.starts_with("```") {
                    blocks.push(open.take().unwrap());
                } else {
                    block.lines.push(line.to_string());
                }
            }
        }
    }
    blocks
}

/// One command of a console block and the output it must print.
struct Example {
    line: usize,
    command: String,
    expected: String,
}

fn examples(block: &Block) -> Vec<Example> {
    // The block's indentation (inside a list item) is not part of it.
    let indent = block
        .lines
        .iter()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.len() - l.trim_start().len())
        .min()
        .unwrap_or(0);
    let mut examples: Vec<Example> = Vec::new();
    for (i, line) in block.lines.iter().enumerate() {
        let line = line.get(indent..).unwrap_or("");
        if let Some(command) = line.strip_prefix("$ ") {
            examples.push(Example {
                line: block.line + i,
                command: command.to_string(),
                expected: String::new(),
            });
        } else if let Some(example) = examples.last_mut() {
            example.expected.push_str(line);
            example.expected.push('\n');
        } else {
            panic!(
                "line {}: a console block starts with `$ COMMAND`",
                block.line + i
            );
        }
    }
    examples
}

/// A scratch folder for one block, with links to the repository's folders
/// the examples read.
fn scratch() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for folder in ["samples", "tests", "docs"] {
        std::os::unix::fs::symlink(root().join(folder), dir.path().join(folder)).unwrap();
    }
    dir
}

/// Runs one block's examples in order; the failures, each as a message.
fn run_block(page: &Path, block: &Block) -> Vec<String> {
    let name = page.strip_prefix(root()).unwrap().display().to_string();
    let examples = examples(block);
    // An example that needs a program beyond the Rust toolchain is skipped
    // loudly without it (a failure under DUCKCHESS_REQUIRE_SYSTEM_TESTS).
    for (program, package) in [("python3", "python3"), ("tmux", "tmux")] {
        let needs = examples
            .iter()
            .any(|e| e.command.split_whitespace().any(|w| w == program));
        if needs
            && !system::have(
                &[(program, package)],
                &format!("the console example at {name}:{}", block.line),
            )
        {
            return Vec::new();
        }
    }
    let bin = Path::new(env!("CARGO_BIN_EXE_duckchess")).parent().unwrap();
    let path = std::env::join_paths(
        std::iter::once(bin.to_path_buf())
            .chain(std::env::split_paths(&std::env::var_os("PATH").unwrap())),
    )
    .unwrap();
    let dir = scratch();
    let mut failures = Vec::new();
    for example in examples {
        let out = Command::new("sh")
            .arg("-c")
            // The shell's standard error is its standard output: the
            // example shows what a terminal would.
            .arg(format!("exec 2>&1\n{}", example.command))
            .current_dir(dir.path())
            .env("PATH", &path)
            .env("NO_COLOR", "1")
            .env_remove("CLICOLOR_FORCE")
            .stdin(Stdio::null())
            .output()
            .unwrap();
        let actual = String::from_utf8_lossy(&out.stdout).into_owned();
        let label = format!("{name}:{}: $ {}", example.line, example.command);
        if let Err(e) = Assert::new()
            .normalize_paths(false)
            .palette(snapbox::report::Palette::plain())
            .try_eq(
                Some(&label),
                Data::text(actual),
                Data::text(example.expected),
            )
        {
            failures.push(format!("{label}\n{e}"));
        }
    }
    failures
}

#[test]
fn every_console_example_prints_what_the_page_shows() {
    let mut jobs = Vec::new();
    for page in pages() {
        let text = std::fs::read_to_string(&page).unwrap();
        for block in blocks(&text) {
            if block.info == "console" {
                jobs.push((page.clone(), block));
            }
        }
    }
    assert!(jobs.len() >= 10, "only {} console blocks found", jobs.len());
    // A few blocks at a time: some examples run searches or checks.
    let failures: Vec<String> = std::thread::scope(|scope| {
        let chunks: Vec<_> = jobs.chunks(jobs.len().div_ceil(3)).collect();
        let handles: Vec<_> = chunks
            .into_iter()
            .map(|chunk| {
                scope.spawn(move || {
                    chunk
                        .iter()
                        .flat_map(|(page, block)| run_block(page, block))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap())
            .collect()
    });
    assert!(
        failures.is_empty(),
        "{} console examples print something else:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

#[test]
fn every_example_with_a_prompt_is_a_console_block() {
    let mut strays = Vec::new();
    for page in pages() {
        let text = std::fs::read_to_string(&page).unwrap();
        for block in blocks(&text) {
            if block.info != "console" {
                for (i, line) in block.lines.iter().enumerate() {
                    if line.trim_start().starts_with("$ ") {
                        strays.push(format!(
                            "{}:{}: {line}",
                            page.strip_prefix(root()).unwrap().display(),
                            block.line + i
                        ));
                    }
                }
            }
        }
    }
    assert!(
        strays.is_empty(),
        "examples outside console blocks are not run; make them ```console:\n{}",
        strays.join("\n")
    );
}

/// A ```` ```text screen=NAME ```` block shows the terminal game's
/// reviewed snapshot `NAME` (`crates/tui/src/snapshots/`), as the game draws it.
#[test]
fn every_screen_shown_is_the_games_snapshot() {
    let mut shown = 0;
    for page in pages() {
        let text = std::fs::read_to_string(&page).unwrap();
        for block in blocks(&text) {
            let Some(name) = block.info.strip_prefix("text screen=") else {
                continue;
            };
            let file = root().join(format!(
                "crates/tui/src/snapshots/duckchess_tui__screen__tests__{name}.snap"
            ));
            let snapshot = std::fs::read_to_string(&file)
                .unwrap_or_else(|e| panic!("{}: {name}: {e}", page.display()));
            let body = snapshot.split_once("\n---\n").unwrap().1.trim_end();
            assert_eq!(
                block.lines.join("\n").trim_end(),
                body,
                "{}:{}: the screen {name} is not the snapshot",
                page.strip_prefix(root()).unwrap().display(),
                block.line
            );
            shown += 1;
        }
    }
    assert!(shown >= 3, "only {shown} screens shown");
}

#[test]
fn every_relative_link_leads_to_a_file() {
    let mut broken = Vec::new();
    for page in pages() {
        let text = std::fs::read_to_string(&page).unwrap();
        let mut rest = text.as_str();
        while let Some(at) = rest.find("](") {
            rest = &rest[at + 2..];
            let Some(end) = rest.find(')') else { break };
            let target = &rest[..end];
            let file = target.split('#').next().unwrap();
            if file.is_empty() || file.contains("://") || file.starts_with("mailto:") {
                continue;
            }
            if !page.parent().unwrap().join(file).exists() {
                broken.push(format!(
                    "{}: {target}",
                    page.strip_prefix(root()).unwrap().display()
                ));
            }
        }
    }
    assert!(
        broken.is_empty(),
        "links to nothing:\n{}",
        broken.join("\n")
    );
}
