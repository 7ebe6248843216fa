//! `duckchess gen`: a judge input that plays a real game, from a seed.

use super::{fail, say};
use duckchess::contest::answer;
use duckchess::contest::gen::{self, Profile};
use std::io;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

const EXAMPLES: &str = "\
Examples:
  duckchess gen --seed 1 --commands 100 > judge.in
  duckchess gen --seed 1 --profile endgame --count 3 --out tests-dir   # 01.in, 01.ans, ...";

#[derive(clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// Seed of the game (of the first test with --count).
    #[arg(long)]
    seed: u64,
    /// Commands in the input (Q).
    #[arg(long, default_value_t = 1000)]
    commands: u64,
    /// Kind of game.
    #[arg(long, value_enum, default_value_t)]
    profile: Profile,
    /// Write this many tests to --out as 01.in, 01.ans, … (seeds S, S+1, …).
    #[arg(long, requires = "out")]
    count: Option<u64>,
    /// Folder for --count.
    #[arg(long, requires = "count")]
    out: Option<PathBuf>,
    /// With --count: replace test files that already exist in --out.
    #[arg(long, requires = "count")]
    force: bool,
}

pub fn run(args: Args) -> Result<ExitCode, ExitCode> {
    Ok(match (args.count, &args.out) {
        (Some(count), Some(out)) => {
            let tests = answer::TestSet {
                count,
                seed: args.seed,
                commands: args.commands,
                profile: args.profile,
                overwrite: args.force,
            };
            gen_tests(out, &tests)
        }
        _ => gen_one(args.seed, args.commands, args.profile),
    })
}

fn gen_one(seed: u64, commands: u64, profile: Profile) -> ExitCode {
    let out = io::BufWriter::with_capacity(1 << 16, io::stdout().lock());
    match gen::write_generated(out, seed, commands, profile) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => fail(1, &format!("cannot write output: {e}")),
    }
}

fn gen_tests(dir: &Path, tests: &answer::TestSet) -> ExitCode {
    match answer::write_tests(dir, tests) {
        Ok(written) => {
            say!("wrote {} tests to {}", written.len(), dir.display());
            ExitCode::SUCCESS
        }
        Err(e) => fail(1, &e.to_string()),
    }
}
