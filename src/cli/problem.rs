//! `duckchess package --format kattis|polygon|hydro|loj DIR`: the problem
//! as a package for an online judge (tests, answers, a reference solution,
//! a validator, the checker's settings). The shell completions and the
//! manual pages are in `package.rs`, which packages the program itself.

use super::{fail, say, usage};
use duckchess::contest::package::{self, Format, Options, PackageError};
use std::path::PathBuf;
use std::process::ExitCode;

pub const EXAMPLES: &str = "\
Examples:
  duckchess package --format kattis duckchess               # then: verifyproblem duckchess
  duckchess package --format polygon --tests 10 --seed 7 duckchess-polygon
  duckchess package --format hydro --commands 500 duckchess-hydro

Exit codes:
  0  the package was written
  1  a file could not be written
  2  a usage error, or DIR exists and is not empty (--force replaces it)";

#[derive(clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// The judge: kattis (also DOMjudge; problemtools' verifyproblem
    /// checks it), polygon, hydro or loj.
    #[arg(long, value_enum)]
    format: Format,
    /// The folder to write; it must not exist or be empty (see --force).
    dir: PathBuf,
    /// Generated tests of each profile (realistic, quiet, invalid,
    /// endgame), at most 250.
    #[arg(long, value_name = "N", default_value_t = Options::default().per_profile)]
    tests: u64,
    /// Seed of the first generated test; the next tests take the next
    /// seeds.
    #[arg(long, default_value_t = Options::default().seed)]
    seed: u64,
    /// Commands (Q) in each generated test, at most the contest's 1000.
    #[arg(long, value_name = "Q", default_value_t = Options::default().commands)]
    commands: u64,
    /// Leave out the bundled hand-worked cases (samples/*.in) from the
    /// secret tests.
    #[arg(long)]
    no_hand_worked: bool,
    /// Replace DIR when it exists and is not empty (once the new package
    /// is complete).
    #[arg(long)]
    force: bool,
}

pub fn run(args: Args) -> Result<ExitCode, ExitCode> {
    let options = Options {
        per_profile: args.tests,
        seed: args.seed,
        commands: args.commands,
        hand_worked: !args.no_hand_worked,
    };
    let files = package::files(args.format, &options).map_err(|e| usage(e.to_string()))?;
    let tests = files
        .iter()
        .filter(|f| is_input(args.format, &f.path))
        .count();
    match package::write(&args.dir, &files, args.force) {
        Ok(written) => {
            say!(
                "wrote the {} package to {}: {} tests, {} files, {} bytes{}",
                args.format,
                args.dir.display(),
                tests,
                written.files,
                written.bytes,
                if written.replaced {
                    " (replacing what was there)"
                } else {
                    ""
                }
            );
            Ok(ExitCode::SUCCESS)
        }
        Err(e @ (PackageError::NotEmpty(_) | PackageError::NotAFolder(_))) => {
            Err(usage(e.to_string()))
        }
        Err(e) => Err(fail(1, &e.to_string())),
    }
}

/// Whether a package's file is a test's input.
fn is_input(format: Format, path: &std::path::Path) -> bool {
    match format {
        Format::Polygon => {
            path.parent().is_some_and(|p| p.ends_with("tests")) && path.extension().is_none()
        }
        _ => path.extension().is_some_and(|e| e == "in"),
    }
}
