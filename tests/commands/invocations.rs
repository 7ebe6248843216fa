//! `duckchess invocations DIR -- SOL -- SOL ...` on a folder made by
//! `duckchess gen --count`, with the Python fixture (correct, and with
//! planted bugs) as the solutions; the matrix read from `--json`.

use assert_cmd::cargo::cargo_bin;
use serde_json::Value;
use std::path::Path;
use std::process::{Command, Output};

use crate::common::{candidate, python3, text};

/// Three generated tests of the default length.
fn folder() -> tempfile::TempDir {
    folder_of(&[])
}

/// Three generated tests, with `gen`'s options `options`.
fn folder_of(options: &[&str]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let made = Command::new(cargo_bin!("duckchess"))
        .args(["gen", "--seed", "1", "--count", "3"])
        .args(options)
        .arg("--out")
        .arg(dir.path())
        .output()
        .unwrap();
    assert_eq!(made.status.code(), Some(0), "{}", text(&made.stderr));
    dir
}

/// A solution: `--tag TAG python3 candidate.py [--bug BUG]`.
fn solution(tag: &str, bug: Option<&str>) -> Vec<String> {
    let mut words = vec![
        "--tag".to_string(),
        tag.to_string(),
        "python3".to_string(),
        candidate().display().to_string(),
    ];
    if let Some(bug) = bug {
        words.extend(["--bug".to_string(), bug.to_string()]);
    }
    words
}

/// `duckchess invocations DIR --json -- SOL -- SOL ...`. A generous time
/// limit: the machine may be loaded, and no solution here is slow.
fn invocations(dir: &Path, solutions: &[Vec<String>]) -> Output {
    let mut command = Command::new(cargo_bin!("duckchess"));
    command
        .arg("invocations")
        .arg(dir)
        .args(["--json", "--timeout-ms", "60000", "--jobs", "2"]);
    for s in solutions {
        command.arg("--").args(s);
    }
    command.output().unwrap()
}

fn json(out: &Output) -> Value {
    serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}\n{}", text(&out.stdout), text(&out.stderr)))
}

/// The verdicts of solution `i`, test by test.
fn verdicts(matrix: &Value, i: usize) -> Vec<String> {
    matrix["solutions"][i]["cells"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["verdict"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn the_correct_solution_passes_and_the_bugged_ones_are_caught() {
    if !python3("the invocation table of the Python candidate") {
        return;
    }
    let dir = folder();
    let out = invocations(
        dir.path(),
        &[
            solution("main", None),
            solution("wrong-answer", Some("no-check")),
            solution("wrong-answer", Some("horse-wrong-side")),
        ],
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let m = json(&out);
    assert_eq!(m["tests"], serde_json::json!(["01", "02", "03"]));
    assert_eq!(verdicts(&m, 0), ["OK", "OK", "OK"]);
    for i in [1, 2] {
        let v = verdicts(&m, i);
        assert!(v.iter().any(|v| v == "WA"), "{v:?}");
        assert!(v.iter().all(|v| v == "WA" || v == "OK"), "{v:?}");
    }
    let names: Vec<&str> = (0..3)
        .map(|i| m["solutions"][i]["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["S1", "S2", "S3"]);
    assert_eq!(m["solutions"][1]["tag"], "wrong-answer");
    let totals = &m["solutions"][0]["totals"];
    assert_eq!(
        (totals["passed"].as_u64(), totals["tests"].as_u64()),
        (Some(3), Some(3))
    );
    assert!(totals["max_time_ms"].as_u64().unwrap() > 0);
    if cfg!(target_os = "linux") {
        // python3 takes megabytes.
        assert!(
            totals["max_memory_kib"].as_u64().unwrap() > 1000,
            "{totals}"
        );
    }
    assert_eq!(m["problems"], serde_json::json!([]));
}

#[test]
fn a_bugged_solution_tagged_accepted_fails_the_command() {
    if !python3("a bugged candidate tagged accepted") {
        return;
    }
    let dir = folder();
    let mut bugged = solution("accepted", Some("no-check"));
    bugged.splice(2..2, ["--name".to_string(), "nocheck".to_string()]);
    let out = invocations(dir.path(), &[solution("main", None), bugged]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let m = json(&out);
    let problems = m["problems"].as_array().unwrap();
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert_eq!(problems[0]["solution"], "nocheck");
    assert_eq!(problems[0]["kind"], "unexpected-verdict");
    // One line on standard error, naming it.
    let stderr = text(&out.stderr);
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 1, "{stderr}");
    assert!(
        lines[0].contains("nocheck (accepted: python3 ")
            && lines[0].contains("--bug no-check) gets WA on test"),
        "{stderr}"
    );
}

#[test]
fn a_wrong_solution_that_passes_every_test_means_weak_tests() {
    if !python3("a 'wrong' candidate that passes every test") {
        return;
    }
    // Games of 30 commands where no move gives check: the solution that
    // never reports one passes them all. (The correct solution tagged
    // rejected passes them all too.)
    let dir = folder_of(&["--commands", "30"]);
    let out = invocations(
        dir.path(),
        &[
            solution("main", None),
            solution("wrong-answer", Some("no-check")),
            solution("wrong-answer", Some("horse-wrong-side")),
            solution("rejected", None),
        ],
    );
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let m = json(&out);
    assert_eq!(verdicts(&m, 1), ["OK", "OK", "OK"]);
    assert!(verdicts(&m, 2).contains(&"WA".to_string()));
    let problems = m["problems"].as_array().unwrap();
    let named: Vec<(&str, &str)> = problems
        .iter()
        .map(|p| (p["solution"].as_str().unwrap(), p["kind"].as_str().unwrap()))
        .collect();
    assert_eq!(named, [("S2", "too-weak"), ("S4", "too-weak")]);
    let stderr = text(&out.stderr);
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 2, "{stderr}");
    assert!(
        lines[0].starts_with("duckchess: the tests are too weak: S2 (wrong-answer: python3 ")
            && lines[0].ends_with("--bug no-check) passes all 3 tests"),
        "{stderr}"
    );
    assert!(lines[1].contains("S4 (rejected: "), "{stderr}");
}

#[test]
fn the_table_lists_every_test_and_the_totals() {
    // A shell solution: no python3 needed.
    let dir = folder();
    let out = Command::new(cargo_bin!("duckchess"))
        .arg("invocations")
        .arg(dir.path())
        .args(["--timeout-ms", "60000", "--", "--tag", "rejected"])
        .args(["--name", "silent", "true"])
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(!stdout.contains('\x1b'), "{stdout}");
    for row in ["01 ", "02 ", "03 ", "passed", "max time", "max memory"] {
        assert!(
            stdout.lines().any(|l| l.starts_with(row)),
            "{row}: {stdout}"
        );
    }
    assert!(
        stdout
            .lines()
            .any(|l| l.starts_with("passed") && l.ends_with("0/3")),
        "{stdout}"
    );
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    let dir = folder();
    let run = |args: &[&str]| {
        Command::new(cargo_bin!("duckchess"))
            .arg("invocations")
            .args(args)
            .output()
            .unwrap()
    };
    let d = dir.path().to_str().unwrap();
    for (args, says) in [
        (vec![d], "no solution given"),
        (
            vec![d, "--", "--tag", "wrong", "true"],
            "solution 1: invalid value 'wrong'",
        ),
        (
            vec![d, "--", "true", "--", "--tag", "main"],
            "solution 2: no program given",
        ),
        (
            vec![d, "--", "true", "--", "--", "true"],
            "solution 2 is empty",
        ),
        (
            vec![d, "--", "--bogus", "true"],
            "solution 1: unknown option '--bogus'",
        ),
        (
            vec![d, "--", "/nonexistent/program"],
            "cannot run /nonexistent/program",
        ),
        (
            vec!["/nonexistent/folder", "--", "true"],
            "cannot read the folder",
        ),
    ] {
        let out = run(&args);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(stderr.contains(says), "{args:?}: {stderr}");
    }
}

#[test]
fn a_package_folder_is_read_in_every_format() {
    if !python3("the invocation table on packages") {
        return;
    }
    for format in ["kattis", "polygon", "hydro", "loj"] {
        let root = tempfile::tempdir().unwrap();
        let dir = root.path().join(format);
        let made = Command::new(cargo_bin!("duckchess"))
            .args([
                "package",
                "--format",
                format,
                "--tests",
                "0",
                "--commands",
                "30",
            ])
            .arg(&dir)
            .output()
            .unwrap();
        assert_eq!(made.status.code(), Some(0), "{}", text(&made.stderr));
        let out = invocations(
            &dir,
            &[
                solution("main", None),
                solution("wrong-answer", Some("no-check")),
            ],
        );
        assert_eq!(
            out.status.code(),
            Some(0),
            "{format}: {}",
            text(&out.stderr)
        );
        let m = json(&out);
        let tests = m["tests"].as_array().unwrap();
        // The sample and the hand-worked cases.
        assert!(tests.len() >= 10, "{format}: {tests:?}");
        if format == "kattis" {
            assert!(
                tests[0].as_str().unwrap().starts_with("sample/"),
                "{tests:?}"
            );
        }
        assert!(verdicts(&m, 0).iter().all(|v| v == "OK"), "{format}");
        assert!(verdicts(&m, 1).iter().any(|v| v == "WA"), "{format}");
    }
}

#[test]
fn a_slow_solution_tagged_time_limit_gets_tle() {
    // Shell solutions: no python3 needed. One sleeps past the limit, the
    // other is right nowhere (it echoes the input) but is quick.
    let dir = folder();
    let out = Command::new(cargo_bin!("duckchess"))
        .arg("invocations")
        .arg(dir.path())
        .args(["--json", "--timeout-ms", "300", "--"])
        .args(["--tag", "time-limit", "--name", "sleeper", "sleep", "10"])
        .args(["--", "--tag", "time-limit", "--name", "echo", "cat"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let m = json(&out);
    assert_eq!(verdicts(&m, 0), ["TLE", "TLE", "TLE"]);
    assert_eq!(verdicts(&m, 1), ["WA", "WA", "WA"]);
    let totals = &m["solutions"][0]["totals"];
    assert!(totals["max_time_ms"].as_u64().unwrap() >= 300, "{totals}");
    let problems = m["problems"].as_array().unwrap();
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert_eq!(problems[0]["solution"], "echo");
    assert_eq!(
        problems[0]["message"],
        "echo (time-limit: cat) gets WA on test 01 and 2 more tests: only OK or TLE is expected"
    );
}

#[test]
fn the_html_report_is_written_beside_the_table() {
    let dir = folder();
    let page = dir.path().join("report.html");
    let run = |html: &Path| {
        Command::new(cargo_bin!("duckchess"))
            .arg("invocations")
            .arg(dir.path())
            .arg("--html")
            .arg(html)
            .args(["--timeout-ms", "60000", "--", "--tag", "rejected", "cat"])
            .output()
            .unwrap()
    };
    let out = run(&page);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(html.starts_with("<!DOCTYPE html>"), "{html}");
    assert_eq!(html.matches("class=\"fail\"").count(), 3, "{html}");
    assert!(html.contains("<th>02</th>"), "{html}");
    // A folder that does not exist: one line, exit 2, after the table.
    let out = run(&dir.path().join("no/such/folder/report.html"));
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    let stderr = text(&out.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("cannot write "), "{stderr}");
    assert!(text(&out.stdout).contains("passed"));
}
