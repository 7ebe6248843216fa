//! `duckchess check` told to stop (Ctrl-C, SIGTERM, SIGHUP) kills every
//! candidate before it exits, including a descendant that left the
//! candidate's process group.
#![cfg(target_os = "linux")]

use assert_cmd::cargo::cargo_bin;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A candidate that records its process id and that of an escaped
/// sleeper (`setsid`), then sleeps far past any test.
const CANDIDATE: &str = r#"
setsid sleep 300 &
echo $! >> "$1/pids"
echo $$ >> "$1/pids"
exec sleep 300
"#;

fn pids(dir: &Path) -> Vec<i32> {
    std::fs::read_to_string(dir.join("pids"))
        .unwrap_or_default()
        .lines()
        .filter_map(|l| l.trim().parse().ok())
        .collect()
}

/// Whether `pid` is a live process (a zombie is dead, just not reaped).
fn alive(pid: i32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|stat| {
        let state = stat.rsplit_once(')').map_or("", |(_, r)| r.trim_start());
        !state.starts_with('Z') && !state.starts_with('X')
    })
}

#[test]
fn a_stopped_check_kills_every_candidate() {
    for (name, number) in [("TERM", 15), ("INT", 2), ("HUP", 1)] {
        let dir = tempfile::tempdir().unwrap();
        let script = dir.path().join("candidate.sh");
        std::fs::write(&script, CANDIDATE).unwrap();
        let mut check = Command::new(cargo_bin!("duckchess"))
            .args(["check", "--cases", "8", "--jobs", "2", "--seed", "1"])
            .args(["--timeout-ms", "120000", "--save"])
            .arg(dir.path().join("failures"))
            .arg("--")
            .arg("sh")
            .arg(&script)
            .arg(dir.path())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // Two candidates, two processes each.
        let deadline = Instant::now() + Duration::from_secs(20);
        while pids(dir.path()).len() < 4 {
            assert!(Instant::now() < deadline, "the candidates did not start");
            std::thread::sleep(Duration::from_millis(20));
        }
        let started = pids(dir.path());
        assert!(started.iter().all(|&p| alive(p)), "{started:?}");
        let sent = Command::new("kill")
            .arg(format!("-{name}"))
            .arg(check.id().to_string())
            .status()
            .unwrap();
        assert!(sent.success());
        let t = Instant::now();
        let status = check.wait().unwrap();
        assert!(t.elapsed() < Duration::from_secs(10), "{:?}", t.elapsed());
        assert_eq!(status.code(), Some(128 + number), "SIG{name}: {status:?}");
        let mut said = String::new();
        std::io::Read::read_to_string(&mut check.stderr.take().unwrap(), &mut said).unwrap();
        assert!(
            said.contains(&format!(
                "stopped by signal {number}; every candidate was killed"
            )),
            "{said}"
        );
        let survivors: Vec<i32> = pids(dir.path()).into_iter().filter(|&p| alive(p)).collect();
        assert_eq!(survivors, Vec::<i32>::new(), "SIG{name}");
    }
}

/// Waits up to `seconds` for `pid` to be gone.
fn gone_within(pid: i32, seconds: u64) -> bool {
    let deadline = Instant::now() + Duration::from_secs(seconds);
    while alive(pid) {
        if Instant::now() > deadline {
            return false;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    true
}

/// Kills `pids` left over by a failing test, so they do not run on.
fn kill_leftovers(pids: &[i32]) {
    for &p in pids {
        if alive(p) {
            let _ = Command::new("kill")
                .args(["-KILL", &p.to_string()])
                .status();
        }
    }
}

/// Issue 30, finding 7: a candidate's descendant that leaves its session
/// (`setsid`), clears its environment (the run's marker with it) and is
/// orphaned does not outlive `check` or `test`.
#[test]
fn a_stray_that_left_its_session_and_environment_dies_with_the_checker() {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("candidate.sh");
    // The stray (its id noted once it is running), then the right answer,
    // so every case passes.
    std::fs::write(
        &script,
        r#"f="$1/stray.$$"
( env -i setsid sh -c 'echo $$ > "$1.tmp"; mv "$1.tmp" "$1"; exec sleep 739' sh "$f" </dev/null >/dev/null 2>&1 & )
while [ ! -s "$f" ]; do sleep 0.01; done
cat "$f" >> "$1/pids"
exec "$2"
"#,
    )
    .unwrap();
    let tests = dir.path().join("tests");
    let made = Command::new(cargo_bin!("duckchess"))
        .args([
            "gen",
            "--seed",
            "1",
            "--commands",
            "30",
            "--count",
            "1",
            "--out",
        ])
        .arg(&tests)
        .status()
        .unwrap();
    assert!(made.success());
    let failures = dir.path().join("failures");
    let runs: [Vec<&str>; 2] = [
        vec!["check", "--cases", "2", "--commands", "30", "--seed", "1"],
        vec!["test", tests.to_str().unwrap()],
    ];
    for mut args in runs {
        if args[0] == "check" {
            args.extend(["--save", failures.to_str().unwrap()]);
        }
        let _ = std::fs::remove_file(dir.path().join("pids"));
        let out = Command::new(cargo_bin!("duckchess"))
            .args(&args)
            .arg("--")
            .arg("sh")
            .arg(&script)
            .arg(dir.path())
            .arg(cargo_bin!("duckchess"))
            .output()
            .unwrap();
        let strays = pids(dir.path());
        let survivors: Vec<i32> = strays
            .iter()
            .copied()
            .filter(|&p| !gone_within(p, 2))
            .collect();
        kill_leftovers(&survivors);
        assert!(!strays.is_empty(), "{args:?}: no stray started: {out:?}");
        assert!(survivors.is_empty(), "{args:?}: {survivors:?} outlived it");
        assert_eq!(out.status.code(), Some(0), "{args:?}: {out:?}");
    }
}
