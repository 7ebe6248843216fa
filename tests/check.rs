//! `duckchess check` against deliberately wrong candidates (the Python
//! fixture `tests/fixtures/candidate.py --bug NAME`), and the fixture's
//! correct mode as an independent cross-check of the simulator.

use assert_cmd::cargo::cargo_bin;
use duckchess::contest::check::{self, Config, Quiet, Report};
use duckchess::contest::gen::Profile;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::Duration;

fn candidate() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/candidate.py")
}

/// Runs `duckchess check` on the fixture with `bug`, saving under `save`.
fn check_bug(bug: &str, save: &Path, options: &[&str]) -> Output {
    Command::new(cargo_bin!("duckchess"))
        .arg("check")
        .args(["--jobs", "2", "--save"])
        .arg(save)
        .args(options)
        .arg("--")
        .arg("python3")
        .arg(candidate())
        .args(["--bug", bug])
        .output()
        .unwrap()
}

/// The number N in "minimal input (N commands, ...".
fn minimal_size(stdout: &str) -> usize {
    let rest = stdout
        .split_once("minimal input (")
        .unwrap_or_else(|| panic!("no minimal input in {stdout}"))
        .1;
    rest.split(' ').next().unwrap().parse().unwrap()
}

/// The seed in "FAIL seed S: ...".
fn failing_seed(stdout: &str) -> String {
    let rest = stdout.split_once("FAIL seed ").unwrap().1;
    rest.split(':').next().unwrap().to_string()
}

/// Checks the saved files: the answer is the simulator's for case.in, the
/// output is what the candidate printed, and original.in is the seed's
/// generated input.
fn assert_saved(save: &Path, stdout: &str, commands: &str, profile: &str) {
    let seed = failing_seed(stdout);
    let dir = save.join(&seed);
    let read = |name: &str| std::fs::read(dir.join(name)).unwrap();
    let judged = Command::new(cargo_bin!("duckchess"))
        .arg(dir.join("case.in"))
        .output()
        .unwrap();
    assert_eq!(read("case.ans"), judged.stdout);
    let generated = Command::new(cargo_bin!("duckchess"))
        .args([
            "gen",
            "--seed",
            &seed,
            "--commands",
            commands,
            "--profile",
            profile,
        ])
        .output()
        .unwrap();
    assert_eq!(read("original.in"), generated.stdout);
    let lines = String::from_utf8(read("case.in")).unwrap().lines().count();
    assert_eq!(lines, minimal_size(stdout) + 1);
    assert!(dir.join("case.out").exists());
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn check_on_capture_is_a_wrong_answer_shrunk_to_a_short_game() {
    let save = tempfile::tempdir().unwrap();
    let args = [
        "--seed",
        "12",
        "--cases",
        "2",
        "--commands",
        "150",
        "--profile",
        "endgame",
    ];
    let out = check_bug("check-on-capture", save.path(), &args);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains(": WA (wrong answer) on line"), "{stdout}");
    // The failing line is the capture of a captain, reported with check.
    let line = |label: &str| {
        let l = stdout
            .lines()
            .find(|l| l.trim_start().starts_with(label))
            .unwrap();
        l.trim_start()[label.len()..].trim().to_string()
    };
    assert!(line("expected").ends_with(" captain;no;yes'"), "{stdout}");
    assert!(line("found").ends_with(" captain;yes;yes'"), "{stdout}");
    assert!(
        stdout.contains("the move that ends the game never reports check"),
        "{stdout}"
    );
    let size = minimal_size(&stdout);
    eprintln!("check-on-capture: shrunk from 150 to {size} commands");
    assert!(size <= 12, "{size} commands:\n{stdout}");
    assert_saved(save.path(), &stdout, "150", "endgame");
}

#[test]
fn ignoring_the_ducks_second_blocking_point_is_a_wrong_answer_on_a_blocked_duck() {
    let save = tempfile::tempdir().unwrap();
    let args = ["--seed", "9", "--cases", "4", "--commands", "150"];
    let out = check_bug("duck-second-block", save.path(), &args);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains("expected 'Invalid command'"), "{stdout}");
    assert!(stdout.contains(" duck;"), "{stdout}");
    assert!(
        stdout.contains("simulator: duck at") && stdout.contains("its second blocking point"),
        "{stdout}"
    );
    let size = minimal_size(&stdout);
    eprintln!("duck-second-block: shrunk from 150 to {size} commands");
    assert!(size <= 8, "{size} commands:\n{stdout}");
    assert_saved(save.path(), &stdout, "150", "realistic");
}

#[test]
fn a_hang_is_a_time_limit_and_shrinks_to_nothing() {
    let save = tempfile::tempdir().unwrap();
    let args = [
        "--seed",
        "1",
        "--cases",
        "2",
        "--commands",
        "20",
        "--timeout-ms",
        "300",
    ];
    let started = std::time::Instant::now();
    let out = check_bug("hang", save.path(), &args);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains(": TLE (killed after 300 ms)"), "{stdout}");
    assert_eq!(minimal_size(&stdout), 0, "{stdout}");
    assert!(started.elapsed() < Duration::from_secs(30));
}

#[test]
fn a_crash_is_a_runtime_error() {
    let save = tempfile::tempdir().unwrap();
    let args = ["--seed", "1", "--cases", "2", "--commands", "100"];
    let out = check_bug("crash", save.path(), &args);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(
        stdout.contains(": RE (runtime error): exit code 3 after"),
        "{stdout}"
    );
    assert_eq!(minimal_size(&stdout), 0, "{stdout}");
}

#[test]
fn endless_output_is_an_output_limit() {
    let save = tempfile::tempdir().unwrap();
    let args = ["--seed", "1", "--cases", "2", "--commands", "100"];
    let out = check_bug("flood", save.path(), &args);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains(": OLE (killed after more than"), "{stdout}");
    // What was kept of the output is bounded by the cap.
    let saved = save.path().join(failing_seed(&stdout)).join("case.out");
    assert!(std::fs::metadata(saved).unwrap().len() <= 1 << 21);
}

#[test]
fn the_binary_itself_passes_and_a_missing_program_is_a_usage_error() {
    for profile in ["realistic", "quiet", "invalid", "endgame"] {
        let out = Command::new(cargo_bin!("duckchess"))
            .args(["check", "--seed", "5", "--cases", "6", "--commands", "300"])
            .args(["--profile", profile, "--"])
            .arg(cargo_bin!("duckchess"))
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        assert_eq!(
            text(&out.stdout),
            format!("OK: 6 cases passed (seeds 5..=10, 300 commands each, profile {profile})\n")
        );
    }
    let out = Command::new(cargo_bin!("duckchess"))
        .args(["check", "--cases", "1", "--", "/nonexistent/solution"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("cannot run /nonexistent/solution"));
}

/// The fixture was written from the rules alone; that it agrees with the
/// simulator on every profile is an independent cross-check of both.
#[test]
fn the_independent_python_solution_agrees_with_the_simulator() {
    for profile in [
        Profile::Realistic,
        Profile::Quiet,
        Profile::Invalid,
        Profile::Endgame,
    ] {
        let config = Config {
            program: vec![
                OsString::from("python3"),
                candidate().into(),
                "--bug".into(),
                "none".into(),
            ],
            cases: 3,
            seed: 100,
            commands: 300,
            profile,
            jobs: 2,
            timeout: Duration::from_secs(20),
        };
        match check::check(&config, &Quiet).unwrap() {
            Report::Passed { cases } => assert_eq!(cases, 3),
            Report::Failed(f) => panic!("{profile}: {}", f.render(Default::default(), false)),
        }
    }
}
