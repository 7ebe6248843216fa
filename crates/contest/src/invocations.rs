//! The invocation table (Codeforces Polygon's "invocations"): several
//! solutions run on every test of a folder, judged as `test` judges one
//! ([`test_dir::run`]), into a matrix of verdict, time and memory per test
//! and solution; and the solutions' expected verdicts ([`Tag`], as
//! Polygon's solution tags) checked against it ([`Matrix::problems`]): a
//! wrong solution that passes every test means the tests are too weak, a
//! main one that fails one means they (or it) are wrong.

use crate::check::Verdict;
use crate::test_dir::{self, Case};
use itertools::Itertools;
use serde::ser::{Serialize, SerializeStruct, Serializer};
use std::ffi::OsString;
use std::fmt;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Duration;

/// What a solution is expected to do on the tests, as Polygon's tags say.
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum Tag {
    /// The main correct solution: OK on every test.
    Main,
    /// Another correct solution: OK on every test.
    Accepted,
    /// WA on some test, and nothing but OK or WA on the others.
    WrongAnswer,
    /// TLE on some test, and nothing but OK or TLE on the others.
    TimeLimit,
    /// Any failure on some test.
    Rejected,
}

impl Tag {
    /// The name, as the command line spells it: `wrong-answer`.
    pub fn name(self) -> &'static str {
        match self {
            Tag::Main => "main",
            Tag::Accepted => "accepted",
            Tag::WrongAnswer => "wrong-answer",
            Tag::TimeLimit => "time-limit",
            Tag::Rejected => "rejected",
        }
    }

    /// Whether the tag asks for OK on every test.
    pub fn is_correct(self) -> bool {
        matches!(self, Tag::Main | Tag::Accepted)
    }

    /// The only failing verdict (short name) the tag allows, if it allows
    /// only one.
    pub fn failure_kind(self) -> Option<&'static str> {
        match self {
            Tag::WrongAnswer => Some("WA"),
            Tag::TimeLimit => Some("TLE"),
            _ => None,
        }
    }
}

impl fmt::Display for Tag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A solution to run: its name in the table, its tag, its command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// Its name in the table and the messages.
    pub name: String,
    /// What it is expected to do, if anything.
    pub tag: Option<Tag>,
    /// The program and its arguments.
    pub program: Vec<OsString>,
}

impl Solution {
    /// The command as a shell would take it (quoted where needed).
    pub fn command(&self) -> String {
        let words: Vec<String> = self
            .program
            .iter()
            .map(|w| w.to_string_lossy().into_owned())
            .collect();
        shlex::try_join(words.iter().map(String::as_str)).unwrap_or_else(|_| words.join(" "))
    }
}

/// How one solution did on one test.
#[derive(Clone, Debug)]
pub struct Cell {
    /// The verdict, as `test` gives it.
    pub verdict: Verdict,
    /// Wall-clock time of the run.
    pub elapsed: Duration,
    /// Peak memory in KiB, where it is measured.
    pub peak_memory_kib: Option<u64>,
}

impl Cell {
    /// Whether the verdict is OK.
    pub fn passed(&self) -> bool {
        self.verdict == Verdict::Ok
    }
}

impl Serialize for Cell {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("Cell", 4)?;
        st.serialize_field("verdict", self.verdict.kind())?;
        st.serialize_field("detail", &self.verdict.describe())?;
        st.serialize_field("time_ms", &millis(self.elapsed))?;
        st.serialize_field("memory_kib", &self.peak_memory_kib)?;
        st.end()
    }
}

fn millis(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

/// A solution's totals over the tests.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Totals {
    /// Tests with the verdict OK.
    pub passed: usize,
    /// Tests run.
    pub tests: usize,
    /// The longest run.
    pub max_time: Duration,
    /// The largest peak memory, in KiB, if any was measured.
    pub max_memory_kib: Option<u64>,
}

impl Serialize for Totals {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("Totals", 4)?;
        st.serialize_field("passed", &self.passed)?;
        st.serialize_field("tests", &self.tests)?;
        st.serialize_field("max_time_ms", &millis(self.max_time))?;
        st.serialize_field("max_memory_kib", &self.max_memory_kib)?;
        st.end()
    }
}

/// One solution's column of the matrix.
#[derive(Clone, Debug)]
pub struct Column {
    /// The solution.
    pub solution: Solution,
    /// One cell per test, in the order of [`Matrix::tests`].
    pub cells: Vec<Cell>,
}

impl Column {
    /// The totals over the tests.
    pub fn totals(&self) -> Totals {
        Totals {
            passed: self.cells.iter().filter(|c| c.passed()).count(),
            tests: self.cells.len(),
            max_time: self
                .cells
                .iter()
                .map(|c| c.elapsed)
                .max()
                .unwrap_or_default(),
            max_memory_kib: self.cells.iter().filter_map(|c| c.peak_memory_kib).max(),
        }
    }
}

impl Serialize for Column {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("Column", 5)?;
        st.serialize_field("name", &self.solution.name)?;
        st.serialize_field("tag", &self.solution.tag)?;
        st.serialize_field("command", &self.solution.command())?;
        st.serialize_field("cells", &self.cells)?;
        st.serialize_field("totals", &self.totals())?;
        st.end()
    }
}

/// The invocation table: every solution on every test.
#[derive(Clone, Debug)]
pub struct Matrix {
    /// The tests' names, in the order they were listed.
    pub tests: Vec<String>,
    /// One column per solution, in the order given.
    pub columns: Vec<Column>,
}

impl Serialize for Matrix {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("Matrix", 3)?;
        st.serialize_field("tests", &self.tests)?;
        st.serialize_field("solutions", &self.columns)?;
        st.serialize_field("problems", &self.problems())?;
        st.end()
    }
}

/// A solution whose results contradict its tag.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// A solution tagged to fail passes every test.
    TooWeak {
        /// The solution's name.
        solution: String,
        /// Its command.
        command: String,
        /// Its tag.
        tag: Tag,
        /// The tests it passes: all of them.
        tests: usize,
    },
    /// A solution gets a verdict its tag does not allow.
    Unexpected {
        /// The solution's name.
        solution: String,
        /// Its command.
        command: String,
        /// Its tag.
        tag: Tag,
        /// The first test with such a verdict.
        test: String,
        /// The verdict's short name.
        verdict: &'static str,
        /// Tests with a verdict the tag does not allow, that one included.
        count: usize,
    },
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::TooWeak {
                solution,
                command,
                tag,
                tests,
            } => write!(
                f,
                "the tests are too weak: {solution} ({tag}: {command}) passes all {tests} tests"
            ),
            Problem::Unexpected {
                solution,
                command,
                tag,
                test,
                verdict,
                count,
            } => {
                let allowed = match tag.failure_kind() {
                    Some(kind) => format!("only OK or {kind} is expected"),
                    None => "OK is expected on every test".into(),
                };
                let more = match count - 1 {
                    0 => String::new(),
                    1 => " and 1 more test".into(),
                    n => format!(" and {n} more tests"),
                };
                write!(
                    f,
                    "{solution} ({tag}: {command}) gets {verdict} on test {test}{more}: {allowed}"
                )
            }
        }
    }
}

impl Serialize for Problem {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let (solution, kind) = match self {
            Problem::TooWeak { solution, .. } => (solution, "too-weak"),
            Problem::Unexpected { solution, .. } => (solution, "unexpected-verdict"),
        };
        let mut st = s.serialize_struct("Problem", 3)?;
        st.serialize_field("solution", solution)?;
        st.serialize_field("kind", kind)?;
        st.serialize_field("message", &self.to_string())?;
        st.end()
    }
}

/// The problem with a column's results, given its tag (none without a
/// tag, or with no test).
pub fn problem(column: &Column, tests: &[String]) -> Option<Problem> {
    let tag = column.solution.tag?;
    let solution = || column.solution.name.clone();
    let command = || column.solution.command();
    let allowed = |cell: &Cell| {
        cell.passed()
            || (!tag.is_correct()
                && tag
                    .failure_kind()
                    .is_none_or(|kind| cell.verdict.kind() == kind))
    };
    let bad: Vec<usize> = column.cells.iter().positions(|c| !allowed(c)).collect();
    if let Some(&first) = bad.first() {
        return Some(Problem::Unexpected {
            solution: solution(),
            command: command(),
            tag,
            test: tests.get(first).cloned().unwrap_or_default(),
            verdict: column.cells[first].verdict.kind(),
            count: bad.len(),
        });
    }
    let passes_all = column.cells.iter().all(Cell::passed);
    (!tag.is_correct() && passes_all && !column.cells.is_empty()).then(|| Problem::TooWeak {
        solution: solution(),
        command: command(),
        tag,
        tests: column.cells.len(),
    })
}

impl Matrix {
    /// Every solution whose results contradict its tag, in the order of
    /// the solutions.
    pub fn problems(&self) -> Vec<Problem> {
        self.columns
            .iter()
            .filter_map(|c| problem(c, &self.tests))
            .collect()
    }
}

/// `text` with `&`, `<`, `>` and `"` escaped for HTML.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out += "&amp;",
            '<' => out += "&lt;",
            '>' => out += "&gt;",
            '"' => out += "&quot;",
            c => out.push(c),
        }
    }
    out
}

/// `0.18 s`.
fn seconds(d: Duration) -> String {
    format!("{:.2} s", d.as_secs_f64())
}

/// `14.3 MiB`, or `-` when not measured.
fn mebibytes(kib: Option<u64>) -> String {
    kib.map_or_else(|| "-".into(), |k| format!("{:.1} MiB", k as f64 / 1024.0))
}

impl Matrix {
    /// The matrix as one self-contained HTML page: the solutions with
    /// their tags and commands, the table (a cell's title is the verdict's
    /// description), the totals and the problems.
    pub fn html(&self) -> String {
        let mut out = String::from(
            "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
             <title>Invocations</title>\n<style>\n\
             body { font-family: sans-serif; margin: 2em; }\n\
             table { border-collapse: collapse; }\n\
             th, td { border: 1px solid #ccc; padding: 0.3em 0.6em; text-align: left; }\n\
             td.ok { background: #dfd; }\n\
             td.fail { background: #fdd; }\n\
             small { color: #555; }\n\
             code { white-space: pre-wrap; }\n\
             </style>\n</head>\n<body>\n<h1>Invocations</h1>\n<ul>\n",
        );
        for c in &self.columns {
            let tag = c.solution.tag.map_or("no tag", Tag::name);
            out += &format!(
                "<li><b>{}</b> ({tag}): <code>{}</code></li>\n",
                escape(&c.solution.name),
                escape(&c.solution.command())
            );
        }
        out += "</ul>\n<table>\n<thead>\n<tr><th>test</th>";
        for c in &self.columns {
            let tag = c.solution.tag.map_or("", Tag::name);
            out += &format!(
                "<th>{}<br><small>{tag}</small></th>",
                escape(&c.solution.name)
            );
        }
        out += "</tr>\n</thead>\n<tbody>\n";
        for (i, test) in self.tests.iter().enumerate() {
            out += &format!("<tr><th>{}</th>", escape(test));
            for c in &self.columns {
                let cell = &c.cells[i];
                out += &format!(
                    "<td class=\"{}\" title=\"{}\">{}<br><small>{}, {}</small></td>",
                    if cell.passed() { "ok" } else { "fail" },
                    escape(&cell.verdict.describe()),
                    cell.verdict.kind(),
                    seconds(cell.elapsed),
                    mebibytes(cell.peak_memory_kib)
                );
            }
            out += "</tr>\n";
        }
        out += "</tbody>\n<tfoot>\n";
        let totals: Vec<Totals> = self.columns.iter().map(Column::totals).collect();
        let rows = [
            (
                "passed",
                totals
                    .iter()
                    .map(|t| format!("{}/{}", t.passed, t.tests))
                    .collect_vec(),
            ),
            (
                "max time",
                totals.iter().map(|t| seconds(t.max_time)).collect_vec(),
            ),
            (
                "max memory",
                totals
                    .iter()
                    .map(|t| mebibytes(t.max_memory_kib))
                    .collect_vec(),
            ),
        ];
        for (label, values) in rows {
            out += &format!("<tr><th>{label}</th>");
            for value in values {
                out += &format!("<td>{value}</td>");
            }
            out += "</tr>\n";
        }
        out += "</tfoot>\n</table>\n";
        let problems = self.problems();
        if problems.is_empty() {
            out += "<p>Every solution did what its tag says.</p>\n";
        } else {
            out += "<h2>Problems</h2>\n<ul>\n";
            for p in problems {
                out += &format!("<li>{}</li>\n", escape(&p.to_string()));
            }
            out += "</ul>\n";
        }
        out += "</body>\n</html>\n";
        out
    }
}

/// Runs every solution on every case, `jobs` runs at a time, each with the
/// time limit `timeout`. Fails (after the runs in progress end) when a
/// test file cannot be read or a solution cannot be started.
pub fn run(
    cases: &[Case],
    solutions: &[Solution],
    timeout: Duration,
    jobs: usize,
) -> Result<Matrix, test_dir::Error> {
    let pairs: Vec<(usize, usize)> = (0..solutions.len())
        .cartesian_product(0..cases.len())
        .collect();
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let done: Mutex<Vec<Option<Cell>>> = Mutex::new(vec![None; pairs.len()]);
    let error: Mutex<Option<test_dir::Error>> = Mutex::new(None);
    std::thread::scope(|s| {
        for _ in 0..jobs.clamp(1, pairs.len().max(1)) {
            s.spawn(|| {
                while !stop.load(Ordering::SeqCst) {
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    let Some(&(sol, case)) = pairs.get(i) else {
                        break;
                    };
                    match test_dir::run(&solutions[sol].program, &cases[case], timeout) {
                        Ok(r) => {
                            done.lock().expect("no worker panics")[i] = Some(Cell {
                                verdict: r.verdict,
                                elapsed: r.elapsed,
                                peak_memory_kib: r.peak_memory_kib,
                            });
                        }
                        Err(e) => {
                            stop.store(true, Ordering::SeqCst);
                            error.lock().expect("no worker panics").get_or_insert(e);
                        }
                    }
                }
            });
        }
    });
    if let Some(e) = error.into_inner().expect("no worker panics") {
        return Err(e);
    }
    let mut cells = done
        .into_inner()
        .expect("no worker panics")
        .into_iter()
        .map(|c| c.expect("every run finished"));
    let columns = solutions
        .iter()
        .map(|solution| Column {
            solution: solution.clone(),
            cells: cells.by_ref().take(cases.len()).collect(),
        })
        .collect();
    Ok(Matrix {
        tests: cases.iter().map(|c| c.name.clone()).collect(),
        columns,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify::Difference;

    fn cell(verdict: Verdict) -> Cell {
        Cell {
            verdict,
            elapsed: Duration::from_millis(10),
            peak_memory_kib: Some(1000),
        }
    }

    fn wa() -> Verdict {
        Verdict::WrongAnswer(Difference {
            line: 1,
            expected: Some("OK".into()),
            found: Some("Invalid command".into()),
        })
    }

    fn column(tag: Option<Tag>, verdicts: Vec<Verdict>) -> Column {
        Column {
            solution: Solution {
                name: "S".into(),
                tag,
                program: vec!["./sol".into(), "--fast".into()],
            },
            cells: verdicts.into_iter().map(cell).collect(),
        }
    }

    fn tests() -> Vec<String> {
        ["1", "2", "3"].map(String::from).to_vec()
    }

    fn check(tag: Option<Tag>, verdicts: Vec<Verdict>) -> Option<String> {
        problem(&column(tag, verdicts), &tests()).map(|p| p.to_string())
    }

    #[test]
    fn tags_against_results() {
        let ok = || Verdict::Ok;
        let tle = || Verdict::TimeLimit(Duration::from_secs(1));
        let re = || Verdict::RuntimeError {
            status: "exit code 3".into(),
            lines: 0,
        };
        // What each tag allows.
        for tag in [Tag::Main, Tag::Accepted] {
            assert_eq!(check(Some(tag), vec![ok(), ok(), ok()]), None);
        }
        assert_eq!(check(Some(Tag::WrongAnswer), vec![ok(), wa(), wa()]), None);
        assert_eq!(check(Some(Tag::TimeLimit), vec![tle(), ok(), ok()]), None);
        assert_eq!(check(Some(Tag::Rejected), vec![ok(), re(), tle()]), None);
        // No tag, no expectation.
        assert_eq!(check(None, vec![re(), ok(), ok()]), None);
        assert_eq!(check(None, vec![ok(), ok(), ok()]), None);
        // A failing solution that passes everything.
        for tag in [Tag::WrongAnswer, Tag::TimeLimit, Tag::Rejected] {
            assert_eq!(
                check(Some(tag), vec![ok(), ok(), ok()]).unwrap(),
                format!("the tests are too weak: S ({tag}: ./sol --fast) passes all 3 tests")
            );
        }
        // A correct one that fails.
        assert_eq!(
            check(Some(Tag::Main), vec![ok(), wa(), re()]).unwrap(),
            "S (main: ./sol --fast) gets WA on test 2 and 1 more test: OK is expected on every test"
        );
        // A wrong verdict for the tag.
        assert_eq!(
            check(Some(Tag::WrongAnswer), vec![wa(), re(), ok()]).unwrap(),
            "S (wrong-answer: ./sol --fast) gets RE on test 2: only OK or WA is expected"
        );
        assert_eq!(
            check(Some(Tag::TimeLimit), vec![wa(), ok(), ok()]).unwrap(),
            "S (time-limit: ./sol --fast) gets WA on test 1: only OK or TLE is expected"
        );
    }

    #[test]
    fn totals_and_json() {
        let mut c = column(Some(Tag::WrongAnswer), vec![Verdict::Ok, wa(), Verdict::Ok]);
        c.cells[1].elapsed = Duration::from_millis(250);
        c.cells[2].peak_memory_kib = Some(5000);
        let t = c.totals();
        assert_eq!(
            t,
            Totals {
                passed: 2,
                tests: 3,
                max_time: Duration::from_millis(250),
                max_memory_kib: Some(5000),
            }
        );
        let matrix = Matrix {
            tests: tests(),
            columns: vec![c],
        };
        assert!(matrix.problems().is_empty());
        assert_eq!(Tag::WrongAnswer.to_string(), "wrong-answer");
        let json = serde_json::to_value(&matrix).unwrap();
        assert_eq!(json["solutions"][0]["cells"][1]["verdict"], "WA");
        assert_eq!(json["solutions"][0]["totals"]["max_time_ms"], 250);
        assert_eq!(json["solutions"][0]["tag"], "wrong-answer");
        assert_eq!(json["problems"], serde_json::json!([]));
    }

    #[test]
    fn the_html_page_escapes_what_it_shows() {
        let mut c = column(Some(Tag::Main), vec![Verdict::Ok, wa(), Verdict::Ok]);
        c.solution.name = "<b>&".into();
        let matrix = Matrix {
            tests: ["1", "<2>", "3"].map(String::from).to_vec(),
            columns: vec![c],
        };
        let page = matrix.html();
        assert!(page.starts_with("<!DOCTYPE html>"), "{page}");
        assert!(page.contains("<th>&lt;2&gt;</th>"), "{page}");
        assert!(page.contains("<b>&lt;b&gt;&amp;</b> (main)"), "{page}");
        assert!(!page.contains("<b>&</b>"), "{page}");
        assert_eq!(page.matches("class=\"fail\"").count(), 1, "{page}");
        assert_eq!(page.matches("class=\"ok\"").count(), 2, "{page}");
        assert!(page.contains("<h2>Problems</h2>"), "{page}");
        assert!(page.contains("gets WA on test &lt;2&gt;"), "{page}");
    }

    #[test]
    fn runs_every_solution_on_every_case_in_order() {
        let dir = tempfile::tempdir().unwrap();
        let mut cases = Vec::new();
        for name in ["a", "b", "c"] {
            let input = dir.path().join(format!("{name}.in"));
            let answer = dir.path().join(format!("{name}.ans"));
            std::fs::write(&input, format!("{name}\n")).unwrap();
            std::fs::write(&answer, format!("{name}\n")).unwrap();
            cases.push(Case {
                name: name.into(),
                input,
                answer,
            });
        }
        let sh = |name: &str, tag, script: &str| Solution {
            name: name.into(),
            tag,
            program: ["sh", "-c", script].map(OsString::from).to_vec(),
        };
        let solutions = [
            sh("cat", Some(Tag::Main), "cat"),
            sh(
                "b-wrong",
                Some(Tag::WrongAnswer),
                "read x; [ $x = b ] && echo no || echo $x",
            ),
            sh("weak", Some(Tag::Rejected), "cat"),
        ];
        let m = run(&cases, &solutions, Duration::from_secs(20), 4).unwrap();
        assert_eq!(m.tests, ["a", "b", "c"]);
        let kinds: Vec<Vec<&str>> = m
            .columns
            .iter()
            .map(|c| c.cells.iter().map(|c| c.verdict.kind()).collect())
            .collect();
        assert_eq!(
            kinds,
            [["OK", "OK", "OK"], ["OK", "WA", "OK"], ["OK", "OK", "OK"]]
        );
        let problems = m.problems();
        assert_eq!(problems.len(), 1);
        assert!(matches!(&problems[0], Problem::TooWeak { solution, .. } if solution == "weak"));
    }
}
