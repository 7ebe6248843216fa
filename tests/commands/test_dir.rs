//! `duckchess test DIR -- PROGRAM` on folders made by `duckchess gen
//! --count`, with the Python fixture (correct and with a bug) and small
//! shell programs.

use assert_cmd::cargo::cargo_bin;
use std::path::Path;
use std::process::{Command, Output};

use crate::common::{candidate, python3, text};

/// A folder of generated tests named 2, 9b and 10 (natural order), and an
/// input without an answer.
fn folder() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let made = Command::new(cargo_bin!("duckchess"))
        .args(["gen", "--seed", "4", "--count", "3", "--out"])
        .arg(dir.path())
        .output()
        .unwrap();
    assert_eq!(made.status.code(), Some(0), "{}", text(&made.stderr));
    for (from, to) in [("01", "10"), ("02", "2"), ("03", "9b")] {
        for ext in ["in", "ans"] {
            let (a, b) = (format!("{from}.{ext}"), format!("{to}.{ext}"));
            std::fs::rename(dir.path().join(a), dir.path().join(b)).unwrap();
        }
    }
    std::fs::write(dir.path().join("lonely.in"), "0\n").unwrap();
    dir
}

fn test(dir: &Path, options: &[&str], program: &[&str]) -> Output {
    Command::new(cargo_bin!("duckchess"))
        .arg("test")
        .arg(dir)
        .args(options)
        .arg("--")
        .args(program)
        .output()
        .unwrap()
}

/// The test names in the order the per-test lines give them.
fn names(stdout: &str) -> Vec<String> {
    stdout
        .lines()
        .filter(|l| !l.starts_with(' ') && l.contains(" s  "))
        .map(|l| l.split_whitespace().next().unwrap().to_string())
        .collect()
}

#[test]
fn a_correct_solution_passes_every_test_in_natural_order() {
    if !python3("duckchess test on a correct Python solution") {
        return;
    }
    let dir = folder();
    let py = candidate();
    let out = test(dir.path(), &[], &["python3", py.to_str().unwrap()]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}{}", text(&out.stderr));
    assert_eq!(names(&stdout), ["2", "9b", "10"], "{stdout}");
    assert!(stdout.contains("skipped "), "{stdout}");
    assert!(
        stdout.contains("lonely.in: no answer file beside it"),
        "{stdout}"
    );
    assert!(stdout.ends_with("3 tests: 3 OK\n"), "{stdout}");
}

#[test]
fn a_wrong_answer_shows_the_first_differing_line_in_context() {
    if !python3("duckchess test's wrong-answer context") {
        return;
    }
    let dir = folder();
    let py = candidate();
    let out = test(
        dir.path(),
        &[],
        &["python3", py.to_str().unwrap(), "--bug", "check-on-capture"],
    );
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    // The bug shows exactly in the tests whose game removes a captain;
    // `verify` (the testlib checker) names the same line.
    let mut failed = 0;
    for name in ["2", "9b", "10"] {
        let answer = std::fs::read_to_string(dir.path().join(format!("{name}.ans"))).unwrap();
        let takes = answer.lines().position(|l| l.ends_with(" captain;no;yes"));
        let head = stdout
            .lines()
            .find(|l| l.starts_with(&format!("{name} ")))
            .unwrap();
        match takes {
            None => assert!(head.ends_with("  OK"), "{head}"),
            Some(i) => {
                failed += 1;
                assert!(
                    head.ends_with(&format!("WA (wrong answer) on line {}", i + 1)),
                    "{head}"
                );
                let found = Command::new("python3")
                    .arg(&py)
                    .args(["--bug", "check-on-capture"])
                    .stdin(std::fs::File::open(dir.path().join(format!("{name}.in"))).unwrap())
                    .output()
                    .unwrap();
                let output = dir.path().join("out");
                std::fs::write(&output, &found.stdout).unwrap();
                let verified = Command::new(cargo_bin!("duckchess"))
                    .arg("verify")
                    .arg(dir.path().join(format!("{name}.in")))
                    .arg(&output)
                    .output()
                    .unwrap();
                let verdict = text(&verified.stderr);
                assert!(
                    verdict.starts_with(&format!("wrong answer line {}:", i + 1)),
                    "{verdict}"
                );
                // The marked lines: the answer's, then the program's.
                let marked: Vec<&str> = stdout
                    .lines()
                    .filter(|l| l.trim_start().starts_with(&format!("> {} |", i + 1)))
                    .collect();
                assert!(marked.len() >= 2, "{stdout}");
                assert!(stdout.contains(&format!(
                    "> {} | {}",
                    i + 1,
                    answer.lines().nth(i).unwrap()
                )));
                assert!(stdout.contains(&format!(
                    "> {} | {}",
                    i + 1,
                    answer
                        .lines()
                        .nth(i)
                        .unwrap()
                        .replace(";no;yes", ";yes;yes")
                )));
                // Lines of context on each side.
                assert!(stdout.contains(&format!(
                    "  {} | {}",
                    i,
                    answer.lines().nth(i - 1).unwrap()
                )));
            }
        }
    }
    assert!(failed > 0, "no test removes a captain:\n{stdout}");
    assert!(
        stdout.ends_with(&format!("3 tests: {} OK, {failed} WA\n", 3 - failed))
            || failed == 3 && stdout.ends_with("3 tests: 3 WA\n"),
        "{stdout}"
    );
}

#[test]
fn crashes_and_hangs_are_told_with_standard_error() {
    let dir = folder();
    let out = test(
        dir.path(),
        &[],
        &[
            "sh",
            "-c",
            "echo half way; echo 'oops: no captain' >&2; exit 4",
        ],
    );
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(
        stdout.contains("RE (runtime error): exit code 4 after 1 line of output"),
        "{stdout}"
    );
    assert!(
        stdout.contains("    standard error (1 line):\n        oops: no captain\n"),
        "{stdout}"
    );
    assert!(stdout.ends_with("3 tests: 3 RE\n"), "{stdout}");
    let out = test(dir.path(), &["--timeout-ms", "200"], &["sleep", "10"]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(stdout.ends_with("3 tests: 3 TLE\n"), "{stdout}");
}

#[test]
fn usage_errors_exit_2_with_one_line() {
    let empty = tempfile::tempdir().unwrap();
    let out = test(empty.path(), &[], &["cat"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("no X.in with an X.ans beside it"));
    let dir = folder();
    let out = test(dir.path(), &[], &["/nonexistent/solution"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("cannot run /nonexistent/solution"));
    let out = Command::new(cargo_bin!("duckchess"))
        .arg("test")
        .arg(dir.path())
        .args(["python3", "x.py"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("put `--` before the program"));
    assert_eq!(text(&out.stderr).lines().count(), 1);
}
