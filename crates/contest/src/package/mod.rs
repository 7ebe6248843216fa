//! Problem packages for online judges: the Duck Chess problem with its
//! tests (`.in` and the judge's `.ans`), a reference solution, an input
//! validator and the checker's settings, laid out as one judge expects
//! ([`Format`]): Kattis/DOMjudge ([`kattis`]), Codeforces Polygon
//! ([`polygon`]), Hydro ([`hydro`]) or LOJ ([`loj`]).
//!
//! The tests are made by the same library calls as `duckchess gen` and
//! `duckchess answer` ([`tests()`]); the package is assembled in memory
//! ([`files()`]) and written whole or not at all ([`write()`]): into a
//! temporary folder beside the target, renamed into place, so an existing
//! folder is never half replaced, and a non-empty one only when asked.

pub mod hydro;
pub mod kattis;
pub mod loj;
pub mod polygon;
mod tests;
mod write;

pub use tests::{tests, Test};
pub use write::{write, Written};

use crate::gen::Profile;
use std::path::PathBuf;

/// The problem's limits, as LOJ 6619 sets them: 1 second, 512 MiB.
pub const TIME_LIMIT_MS: u64 = 1000;
/// The memory limit, in MiB.
pub const MEMORY_LIMIT_MIB: u64 = 512;
/// The problem's name in the packages.
pub const NAME: &str = "Duck Chess";
/// Where the problem comes from.
pub const SOURCE: &str = "THUPC 2019 (Luogu P5380, LOJ 6619)";

/// The input validator: Python 3, standard library only; accepts exactly
/// what `duckchess validate` accepts. Exit code 42 when valid, 43 when not
/// (the Kattis convention), the reason on standard error.
pub const VALIDATOR_PY: &str = include_str!("validator.py");
/// The same validator in C++ (no testlib): exit code 0 when valid, 3 when
/// not, the reason on standard error.
pub const VALIDATOR_CPP: &str = include_str!("validator.cpp");
/// The reference solution: Python 3, standard library only.
pub const SOLUTION_PY: &str = include_str!("solution.py");

/// Which judge the package is for.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum Format {
    /// The Kattis problem package format (problemtools' `verifyproblem`),
    /// which DOMjudge imports too.
    Kattis,
    /// Codeforces Polygon: numbered tests and answers, the validator and
    /// the name of the standard checker, to upload by hand.
    Polygon,
    /// Hydro: a testdata folder with its `config.yaml`, ready to zip.
    Hydro,
    /// LOJ (LibreOJ): a testdata folder, and the judge settings as the
    /// problem's settings editor takes them.
    Loj,
}

impl std::fmt::Display for Format {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Format::Kattis => "kattis",
            Format::Polygon => "polygon",
            Format::Hydro => "hydro",
            Format::Loj => "loj",
        })
    }
}

/// Which tests a package holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Generated tests of each [`Profile`] (`realistic`, `quiet`,
    /// `invalid`, `endgame`, in that order), at most [`MAX_PER_PROFILE`].
    pub per_profile: u64,
    /// The seed of the first generated test; each further test takes the
    /// next seed.
    pub seed: u64,
    /// Commands (`Q`) of each generated test: at most the contest's 1000.
    pub commands: u64,
    /// Whether the bundled hand-worked cases that the contest allows
    /// (`samples/*.in` but the official sample) are secret tests too.
    pub hand_worked: bool,
}

impl Default for Options {
    /// Five tests of each profile from seed 1, 1000 commands each, and the
    /// hand-worked cases.
    fn default() -> Self {
        Options {
            per_profile: 5,
            seed: 1,
            commands: 1000,
            hand_worked: true,
        }
    }
}

/// The most generated tests of each profile a package holds: 1000 in all,
/// about 30 MB with their answers.
pub const MAX_PER_PROFILE: u64 = 250;

/// The profiles of the generated tests, in their order.
pub const PROFILES: [Profile; 4] = [
    Profile::Realistic,
    Profile::Quiet,
    Profile::Invalid,
    Profile::Endgame,
];

/// One file of a package: its path inside the package, its bytes, and
/// whether it is a program to run (written executable).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct File {
    /// The path, relative to the package's folder.
    pub path: PathBuf,
    /// The contents.
    pub bytes: Vec<u8>,
    /// Whether it is written executable.
    pub executable: bool,
}

impl File {
    /// A plain file.
    pub fn new(path: impl Into<PathBuf>, bytes: impl Into<Vec<u8>>) -> File {
        File {
            path: path.into(),
            bytes: bytes.into(),
            executable: false,
        }
    }

    /// A program (a script with its `#!` line).
    pub fn program(path: impl Into<PathBuf>, bytes: impl Into<Vec<u8>>) -> File {
        File {
            executable: true,
            ..File::new(path, bytes)
        }
    }
}

/// Why a package could not be made.
#[derive(Debug, thiserror::Error)]
pub enum PackageError {
    /// More commands per test than the contest allows.
    #[error("--commands {0} is more than the contest's Q ≤ {max}", max = crate::validate::CONTEST_MAX_Q)]
    TooManyCommands(u64),
    /// More generated tests than a package holds.
    #[error("--tests {0} is more than {MAX_PER_PROFILE} of each profile (a judge takes about a thousand tests at most)")]
    TooManyTests(u64),
    /// The package would hold no secret test.
    #[error("the package would have no secret test: ask for --tests 1 or more, or keep the hand-worked cases")]
    NoTests,
    /// The target exists and is not an empty folder.
    #[error("{0} exists and is not empty (--force replaces it)")]
    NotEmpty(PathBuf),
    /// The target exists and is no folder (a file, or a link).
    #[error("{0} exists and is not a folder")]
    NotAFolder(PathBuf),
    /// A file system error.
    #[error("{path}: {source}")]
    Io {
        /// Where.
        path: PathBuf,
        /// What went wrong.
        source: std::io::Error,
    },
}

/// Every file of the package in `format` for `options`' tests.
pub fn files(format: Format, options: &Options) -> Result<Vec<File>, PackageError> {
    let tests = tests(options)?;
    Ok(match format {
        Format::Kattis => kattis::files(&tests),
        Format::Polygon => polygon::files(&tests),
        Format::Hydro => hydro::files(&tests),
        Format::Loj => loj::files(&tests),
    })
}
