//! Test files for problem setters: generated `NN.in`/`NN.ans` pairs, and
//! the judge answer `X.ans` written beside any `X.in`.

use crate::files;
use crate::gen::{self, Profile};
use crate::judge::Position;
use crate::judge::{self, JudgeError};
use std::fs::File;
use std::io::{self, BufReader};
use std::path::{Path, PathBuf};

/// Why an answer file could not be written.
#[derive(Debug, thiserror::Error)]
pub enum AnswerError {
    /// The input's name does not end in `.in`.
    #[error("{0}: the input's name must end in .in")]
    NotAnInput(PathBuf),
    /// The input is not a judge input.
    #[error("{path}: {source}")]
    Judge {
        /// The input.
        path: PathBuf,
        /// What went wrong.
        source: JudgeError,
    },
    /// A test file exists and overwriting was not asked for.
    #[error("{0} already exists (--force replaces existing tests)")]
    Exists(PathBuf),
    /// A file could not be opened or created.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        source: io::Error,
    },
}

/// Writes the judge answer for `input` (`X.in`) to `X.ans` and returns that
/// path. The answer is written whole or not at all
/// ([`files::write_atomic`]): a malformed input, a failed write or a
/// killed process leaves an existing `X.ans` as it was, and a link at
/// `X.ans` is replaced, never written through.
pub fn write_answer(input: &Path) -> Result<PathBuf, AnswerError> {
    if input.extension().is_none_or(|e| e != "in") {
        return Err(AnswerError::NotAnInput(input.to_path_buf()));
    }
    let out_path = input.with_extension("ans");
    let io_error = |path: &Path| {
        let path = path.to_path_buf();
        move |source| AnswerError::Io { path, source }
    };
    let reader = BufReader::new(File::open(input).map_err(io_error(input))?);
    // The judge's own error, kept aside: the writer only needs to know
    // that the file must not be kept.
    let mut judged = None;
    let written = files::write_atomic(&out_path, |out| {
        judge::run(reader, out, Position::initial())
            .map(drop)
            .map_err(|e| {
                judged = Some(e);
                io::Error::other("the input is not a judge input")
            })
    });
    if let Some(source) = judged {
        return Err(AnswerError::Judge {
            path: input.to_path_buf(),
            source,
        });
    }
    written.map_err(io_error(&out_path))?;
    Ok(out_path)
}

/// What [`write_tests`] generates.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TestSet {
    /// How many tests.
    pub count: u64,
    /// The seed of the first test; test `i` uses `seed + i - 1`.
    pub seed: u64,
    /// Commands per test (`Q`).
    pub commands: u64,
    /// Kind of game.
    pub profile: Profile,
    /// Whether existing test files may be replaced.
    pub overwrite: bool,
}

/// Writes the generated `tests` to `dir` as `01.in`, `01.ans`, … (at
/// least two digits, more when the count needs them). Unless overwriting
/// is asked for, nothing is written when any of those files exists
/// already. Returns the inputs written.
pub fn write_tests(dir: &Path, tests: &TestSet) -> Result<Vec<PathBuf>, AnswerError> {
    let io_error = |path: &Path| {
        let path = path.to_path_buf();
        move |source| AnswerError::Io { path, source }
    };
    let width = tests.count.to_string().len().max(2);
    let inputs: Vec<PathBuf> = (1..=tests.count)
        .map(|i| dir.join(format!("{i:0width$}.in")))
        .collect();
    if !tests.overwrite {
        let taken = inputs
            .iter()
            .flat_map(|p| [p.clone(), p.with_extension("ans")])
            .find(|p| p.symlink_metadata().is_ok());
        if let Some(path) = taken {
            return Err(AnswerError::Exists(path));
        }
    }
    std::fs::create_dir_all(dir).map_err(io_error(dir))?;
    let mut written = Vec::new();
    for (i, path) in (0..).zip(inputs) {
        let (seed, commands, profile) = (tests.seed.wrapping_add(i), tests.commands, tests.profile);
        files::write_atomic(&path, |file| {
            gen::write_generated(file, seed, commands, profile)
        })
        .map_err(io_error(&path))?;
        write_answer(&path)?;
        written.push(path);
    }
    Ok(written)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("duckchess-answer-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn test_sets_pair_inputs_with_answers() {
        let dir = scratch("set");
        let mut tests = TestSet {
            count: 3,
            seed: 10,
            commands: 50,
            profile: Profile::Realistic,
            overwrite: false,
        };
        let written = write_tests(&dir, &tests).unwrap();
        assert_eq!(written, ["01.in", "02.in", "03.in"].map(|n| dir.join(n)));
        // Existing tests are kept unless overwriting is asked for.
        std::fs::write(dir.join("02.ans"), "mine").unwrap();
        tests.seed = 20;
        let e = write_tests(&dir, &tests).unwrap_err();
        assert!(
            matches!(&e, AnswerError::Exists(p) if p == &dir.join("01.in")),
            "{e}"
        );
        assert_eq!(std::fs::read(dir.join("02.ans")).unwrap(), b"mine");
        tests.seed = 10;
        tests.overwrite = true;
        assert_eq!(write_tests(&dir, &tests).unwrap(), written);
        for (i, input) in written.iter().enumerate() {
            let bytes = std::fs::read(input).unwrap();
            let commands = gen::generate(10 + i as u64, 50, Profile::Realistic);
            assert_eq!(bytes, gen::input_bytes(&commands));
            let ans = std::fs::read(input.with_extension("ans")).unwrap();
            assert_eq!(ans, crate::check::answer(&commands));
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn bad_inputs_leave_no_answer() {
        let dir = scratch("bad");
        std::fs::create_dir_all(&dir).unwrap();
        let input = dir.join("x.in");
        std::fs::write(&input, "2\n0 3 1 2\n").unwrap();
        let e = write_answer(&input).unwrap_err().to_string();
        assert!(
            e.ends_with("line 3: the input ends after 1 of the 2 commands Q announced"),
            "{e}"
        );
        assert!(!dir.join("x.ans").exists());
        assert!(matches!(
            write_answer(&dir.join("x.txt")),
            Err(AnswerError::NotAnInput(_))
        ));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
