//! Running a program on a folder of existing tests: every `X.in` with an
//! `X.ans` beside it, in natural order (`2.in` before `10.in`), judged by
//! the same comparison as `check` ([`check::judge_run`]).

use crate::check::{self, Verdict};
use crate::runner::{self, Limits};
use std::ffi::OsString;
use std::io;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// One test of a folder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    /// The file name without `.in`.
    pub name: String,
    /// `X.in`.
    pub input: PathBuf,
    /// `X.ans`.
    pub answer: PathBuf,
}

/// The tests of a folder.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Folder {
    /// Every `X.in` with an `X.ans`, in natural order of names.
    pub cases: Vec<Case>,
    /// Every `X.in` without an `X.ans`, in the same order.
    pub unanswered: Vec<PathBuf>,
}

/// Lists the tests in `dir`.
pub fn cases(dir: &Path) -> io::Result<Folder> {
    let mut names: Vec<String> = Vec::new();
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.extension().is_some_and(|e| e == "in") && path.is_file() {
            if let Some(stem) = path.file_stem() {
                names.push(stem.to_string_lossy().into_owned());
            }
        }
    }
    names.sort_by(|a, b| natord::compare(a, b));
    let mut folder = Folder::default();
    for name in names {
        let input = dir.join(format!("{name}.in"));
        let answer = dir.join(format!("{name}.ans"));
        if answer.is_file() {
            folder.cases.push(Case {
                name,
                input,
                answer,
            });
        } else {
            folder.unanswered.push(input);
        }
    }
    Ok(folder)
}

/// How one test went.
#[derive(Clone, Debug)]
pub struct Result {
    /// The verdict, as `check` gives it.
    pub verdict: Verdict,
    /// Wall-clock time of the run.
    pub elapsed: Duration,
    /// Peak memory in KiB, where it is measured ([`runner::Run`]).
    pub peak_memory_kib: Option<u64>,
    /// The answer file.
    pub expected: Vec<u8>,
    /// The program's output (bounded).
    pub output: Vec<u8>,
    /// The end of the program's standard error.
    pub stderr: Vec<u8>,
}

/// Why a test could not be run.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A test file cannot be read.
    #[error("cannot read {}: {source}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// The program cannot be started.
    #[error("cannot run {program}: {source}")]
    Start {
        /// The program's name.
        program: String,
        /// Why.
        source: io::Error,
    },
}

/// Runs `program` on `case` with a time limit of `timeout` and judges it.
pub fn run(
    program: &[OsString],
    case: &Case,
    timeout: Duration,
) -> std::result::Result<Result, Error> {
    let read = |path: &Path| {
        std::fs::read(path).map_err(|source| Error::Read {
            path: path.to_path_buf(),
            source,
        })
    };
    let input = read(&case.input)?;
    let expected = read(&case.answer)?;
    let limits = Limits {
        timeout,
        max_output: check::output_limit(expected.len()),
    };
    let ran = runner::run(program, &input, limits).map_err(|source| Error::Start {
        program: program
            .first()
            .map_or_else(String::new, |p| p.to_string_lossy().into_owned()),
        source,
    })?;
    Ok(Result {
        verdict: check::judge_run(&ran, &expected, limits),
        elapsed: ran.elapsed,
        peak_memory_kib: ran.peak_memory_kib,
        expected,
        output: ran.output,
        stderr: ran.stderr,
    })
}

/// Lines of context shown on each side of a differing line.
pub const CONTEXT: usize = 2;

/// The lines `line - CONTEXT ..= line + CONTEXT` (1-based) of `text`,
/// numbered, the differing one marked with `>`; `(end of output)` where
/// the text has ended by `line`.
pub fn context(text: &[u8], line: usize) -> Vec<String> {
    let text = String::from_utf8_lossy(text);
    let lines: Vec<&str> = text.lines().collect();
    let first = line.saturating_sub(CONTEXT).max(1);
    let width = (line + CONTEXT).to_string().len();
    let mut shown: Vec<String> = (first..=line + CONTEXT)
        .filter_map(|n| {
            let l = lines.get(n - 1)?;
            let mark = if n == line { '>' } else { ' ' };
            let shown = check::escape_controls(l.trim_end());
            Some(format!("{mark} {n:>width$} | {shown}"))
        })
        .collect();
    if lines.len() < line {
        shown.push(format!("> {:>width$} | (end of output)", line));
    }
    shown
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_sort_naturally_and_unanswered_inputs_are_listed() {
        let dir = tempfile::tempdir().unwrap();
        for f in [
            "10.in", "10.ans", "2.in", "2.ans", "a1.in", "b.in", "b.ans", "x.txt",
        ] {
            std::fs::write(dir.path().join(f), "").unwrap();
        }
        let folder = cases(dir.path()).unwrap();
        let names: Vec<&str> = folder.cases.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names, ["2", "10", "b"]);
        assert_eq!(folder.unanswered, [dir.path().join("a1.in")]);
    }

    #[test]
    fn context_marks_the_line_and_the_end_of_output() {
        let text = b"a\nb\nc\nd\ne\nf\n";
        assert_eq!(
            context(text, 4),
            ["  2 | b", "  3 | c", "> 4 | d", "  5 | e", "  6 | f"]
        );
        assert_eq!(context(text, 1), ["> 1 | a", "  2 | b", "  3 | c"]);
        assert_eq!(context(b"a\n", 2), ["  1 | a", "> 2 | (end of output)"]);
    }
}
