//! Running a program on a folder of existing tests: every `X.in` with an
//! `X.ans` beside it, in natural order (`2.in` before `10.in`), judged by
//! the same comparison as `check` ([`check::judge_run`]). [`locate`] also
//! finds the tests of a package `duckchess package` wrote.

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
    pairs(dir, Some("in"), "ans")
}

/// The tests in `dir`: every file named `X.INPUT` (or, when `input` is
/// `None`, every file named `X` without extension, but for hidden ones)
/// with an `X.ANSWER` beside it, in natural order of names.
fn pairs(dir: &Path, input: Option<&str>, answer: &str) -> io::Result<Folder> {
    let mut names: Vec<String> = Vec::new();
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        let named = match input {
            Some(ext) => path.extension().is_some_and(|e| e == ext),
            None => {
                path.extension().is_none()
                    && !path
                        .file_name()
                        .is_some_and(|n| n.to_string_lossy().starts_with('.'))
            }
        };
        if named && path.is_file() {
            if let Some(stem) = path.file_stem() {
                names.push(stem.to_string_lossy().into_owned());
            }
        }
    }
    names.sort_by(|a, b| natord::compare(a, b));
    let mut folder = Folder::default();
    for name in names {
        let input = match input {
            Some(ext) => dir.join(format!("{name}.{ext}")),
            None => dir.join(&name),
        };
        let answer = dir.join(format!("{name}.{answer}"));
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

/// Where [`locate`] found a folder's tests.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Layout {
    /// `X.in` and `X.ans` in the folder itself (`duckchess gen --out`).
    Plain,
    /// A Kattis package: `data/sample/` and `data/secret/`, each with
    /// `X.in` and `X.ans`; the tests are named `sample/X` and `secret/X`.
    Kattis,
    /// A Hydro or LOJ package: `testdata/X.in` and `testdata/X.out`.
    Testdata,
    /// A Polygon package: `tests/X` and `tests/X.a`.
    Polygon,
}

/// The tests of `dir`: its own `X.in` and `X.ans` when it has any input,
/// else those of the package `duckchess package` wrote there (see
/// [`Layout`]); an empty [`Layout::Plain`] folder when it has neither (a
/// `tests/` folder of `X.in` files is not a package's: give it itself).
pub fn locate(dir: &Path) -> io::Result<(Folder, Layout)> {
    let plain = cases(dir)?;
    if !plain.cases.is_empty() || !plain.unanswered.is_empty() {
        return Ok((plain, Layout::Plain));
    }
    let data = dir.join("data");
    if ["sample", "secret"].iter().any(|g| data.join(g).is_dir()) {
        let mut folder = Folder::default();
        for group in ["sample", "secret"] {
            let sub = data.join(group);
            if !sub.is_dir() {
                continue;
            }
            let found = cases(&sub)?;
            folder.cases.extend(found.cases.into_iter().map(|c| Case {
                name: format!("{group}/{}", c.name),
                ..c
            }));
            folder.unanswered.extend(found.unanswered);
        }
        return Ok((folder, Layout::Kattis));
    }
    let testdata = dir.join("testdata");
    if testdata.is_dir() {
        return Ok((pairs(&testdata, Some("in"), "out")?, Layout::Testdata));
    }
    let tests = dir.join("tests");
    if tests.is_dir() {
        let polygon = pairs(&tests, None, "a")?;
        if !polygon.cases.is_empty() || !polygon.unanswered.is_empty() {
            return Ok((polygon, Layout::Polygon));
        }
    }
    Ok((plain, Layout::Plain))
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
    fn packages_tests_are_found() {
        let root = tempfile::tempdir().unwrap();
        let write = |files: &[&str]| {
            for f in files {
                let path = root.path().join(f);
                std::fs::create_dir_all(path.parent().unwrap()).unwrap();
                std::fs::write(path, "").unwrap();
            }
        };
        let names = |dir: &Path| {
            let (folder, layout) = locate(dir).unwrap();
            let names: Vec<String> = folder.cases.into_iter().map(|c| c.name).collect();
            (names, layout)
        };
        write(&[
            "kattis/data/sample/01-official.in",
            "kattis/data/sample/01-official.ans",
            "kattis/data/secret/10-b.in",
            "kattis/data/secret/10-b.ans",
            "kattis/data/secret/2-a.in",
            "kattis/data/secret/2-a.ans",
            "kattis/problem.yaml",
            "hydro/testdata/1.in",
            "hydro/testdata/1.out",
            "hydro/testdata/config.yaml",
            "polygon/tests/01",
            "polygon/tests/01.a",
            "polygon/tests/02",
            "polygon/tests/.hidden",
            "polygon/files/validator.cpp",
            "plain/tests/1.in",
            "plain/1.in",
            "plain/1.ans",
        ]);
        let at = |d: &str| root.path().join(d);
        assert_eq!(
            names(&at("kattis")),
            (
                vec![
                    "sample/01-official".into(),
                    "secret/2-a".into(),
                    "secret/10-b".into()
                ],
                Layout::Kattis
            )
        );
        assert_eq!(names(&at("hydro")), (vec!["1".into()], Layout::Testdata));
        let (folder, layout) = locate(&at("polygon")).unwrap();
        assert_eq!(layout, Layout::Polygon);
        assert_eq!(folder.cases[0].answer, at("polygon/tests/01.a"));
        assert_eq!(folder.unanswered, [at("polygon/tests/02")]);
        assert_eq!(names(&at("plain")), (vec!["1".into()], Layout::Plain));
        assert_eq!(names(&at("kattis/data/secret")).1, Layout::Plain);
        assert_eq!(names(&at("polygon/files")), (vec![], Layout::Plain));
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
