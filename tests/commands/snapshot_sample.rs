//! The snapshot-testing recipe of docs/contest.md, as a user runs it:
//! `samples/snapshot-tests` is a project of its own whose tests keep each
//! case's transcript and trace as insta snapshots. Run here with
//! `cargo test` in CI mode (a snapshot that differs fails, none is
//! written), with the bundled candidate as the solution; and a solution
//! with a planted bug fails it.

use crate::common;
use std::path::Path;
use std::process::Command;

fn run_sample(solution: Option<&str>) -> std::process::Output {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let mut cmd = Command::new(cargo);
    cmd.args(["test", "--offline", "-q", "--manifest-path"])
        .arg(root.join("samples/snapshot-tests/Cargo.toml"))
        .env("CARGO_TARGET_DIR", root.join("target/snapshot-sample"))
        .env("CI", "true")
        .env("INSTA_UPDATE", "no")
        .env_remove("SOLUTION")
        .current_dir(root);
    if let Some(s) = solution {
        cmd.env("SOLUTION", s);
    }
    cmd.output().unwrap()
}

#[test]
fn the_snapshot_sample_passes_and_catches_a_planted_bug() {
    if !common::python3("the snapshot sample with the bundled candidate as its solution") {
        return;
    }
    let candidate = format!("python3 {}", common::candidate().display());
    let ok = run_sample(Some(&candidate));
    assert!(
        ok.status.success(),
        "the sample's tests: {}{}",
        String::from_utf8_lossy(&ok.stdout),
        String::from_utf8_lossy(&ok.stderr)
    );
    let bad = run_sample(Some(&format!("{candidate} --bug check-on-capture")));
    assert!(!bad.status.success(), "a planted bug passed the sample");
    let said =
        String::from_utf8_lossy(&bad.stderr).to_string() + &String::from_utf8_lossy(&bad.stdout);
    assert!(
        said.contains("captain_capture_reports_check_no.in"),
        "the failing case is named: {said}"
    );
}
