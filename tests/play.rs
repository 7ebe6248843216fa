//! `duckchess play` as a program: refusing to run without a terminal, its
//! options, and one real game under tmux (keys and clicks in, screen out).

use duckchess::duck::{Command as JudgeCommand, Position};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

fn duckchess(args: &[&str]) -> Output {
    assert_cmd::cargo_bin_cmd!("duckchess")
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn without_a_terminal_it_says_so_and_exits_2() {
    // Under the test harness standard output is a pipe.
    let out = duckchess(&["play"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(
        err,
        "duckchess: play needs a terminal: standard output is not one\n"
    );
}

#[test]
fn bad_options_are_usage_errors() {
    for (args, says) in [
        (&["play", "--from", "9/9 w"][..], "expected 10 ranks"),
        (&["play", "--computer", "green"][..], "expected red or blue"),
        (&["play", "--vs", "cat"][..], "human"),
        (&["play", "--depth", "0"][..], "--depth"),
    ] {
        let out = duckchess(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

/// A tmux server of our own (its socket in our scratch directory), killed
/// when dropped so a failing test leaves nothing running or lying around.
struct Tmux {
    socket: PathBuf,
    dir: PathBuf,
}

impl Tmux {
    fn run(&self, args: &[&str]) -> Output {
        Command::new("tmux")
            .arg("-S")
            .arg(&self.socket)
            .args(args)
            .output()
            .expect("tmux runs")
    }

    fn screen(&self) -> String {
        String::from_utf8(self.run(&["capture-pane", "-p", "-t", "play"]).stdout).unwrap()
    }

    /// Waits until the screen satisfies `ok`, and returns it.
    fn wait_for(&self, what: &str, ok: impl Fn(&str) -> bool) -> String {
        let start = Instant::now();
        loop {
            let screen = self.screen();
            if ok(&screen) {
                return screen;
            }
            assert!(
                start.elapsed() < Duration::from_secs(30),
                "timed out waiting for {what}; the screen:\n{screen}"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = self.run(&["kill-server"]);
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn tmux_present() -> bool {
    Command::new("tmux")
        .arg("-V")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// The piece text drawn at point (x, y) on a captured screen: the five
/// columns of that point in the board row labelled x.
fn cell(screen: &str, x: i32, y: i32) -> String {
    let row = screen
        .lines()
        .find(|l| l.starts_with(&format!("│{x} ")))
        .unwrap_or_else(|| panic!("no row {x} in\n{screen}"));
    // Columns, not chars: a CJK glyph is two columns wide.
    let mut columns = Vec::new();
    for c in row.chars().skip(3) {
        columns.push(c.to_string());
        if ('\u{2E80}'..='\u{9FFF}').contains(&c) {
            columns.push(String::new());
        }
    }
    let start = 5 * y as usize;
    columns[start..start + 5].concat().trim().to_string()
}

#[test]
fn a_move_with_keys_under_tmux() {
    if !tmux_present() {
        eprintln!("skipped: tmux is not installed (.ci/run installs it)");
        return;
    }
    let id = std::process::id();
    let dir = std::env::temp_dir().join(format!("duckchess-tmux-{id}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    // Keep the pane after the program ends, to read the screen it leaves.
    let config = dir.join("tmux.conf");
    std::fs::write(&config, "set -g remain-on-exit on\n").unwrap();
    let tmux = Tmux {
        socket: dir.join("tmux.sock"),
        dir: dir.clone(),
    };
    let bin: &Path = assert_cmd::cargo::cargo_bin!("duckchess");
    let exit_file = dir.join("exit-status");
    let started = tmux.run(&[
        "-f",
        config.to_str().unwrap(),
        "new-session",
        "-d",
        "-s",
        "play",
        "-x",
        "80",
        "-y",
        "24",
        "-c",
        dir.to_str().unwrap(),
        "sh",
        "-c",
        r#"NO_COLOR=1 "$0" play --depth 1; echo $? > "$1""#,
        bin.to_str().unwrap(),
        exit_file.to_str().unwrap(),
    ]);
    assert!(started.status.success(), "{started:?}");

    let screen = tmux.wait_for("the board", |s| s.contains("red (you) to move"));
    assert_eq!(cell(&screen, 3, 4), "兵r");
    assert_eq!(cell(&screen, 4, 4), ".");

    // The cursor starts on red's captain (0,4): up three rows to the
    // soldier on (3,4), pick it up, one row up, put it down.
    let keys = tmux.run(&[
        "send-keys",
        "-t",
        "play",
        "k",
        "k",
        "k",
        "Enter",
        "k",
        "Enter",
    ]);
    assert!(keys.status.success());
    let screen = tmux.wait_for("the computer's reply", |s| {
        s.contains("  2. ") && s.contains("red (you) to move")
    });
    assert!(screen.contains("  1. 3 4 4 4"), "{screen}");
    assert!(screen.contains("     red soldier;NA;no;no"), "{screen}");
    assert_eq!(cell(&screen, 3, 4), ".");
    assert_eq!(cell(&screen, 4, 4), "兵r");

    // Blue's reply, as listed, is what the judge says of it.
    let lines: Vec<&str> = screen.lines().collect();
    let at = lines.iter().position(|l| l.contains("  2. ")).unwrap();
    let listed = |l: &str| {
        l.rsplit('│').nth(1).unwrap().trim().to_string() // the move panel
    };
    let command = listed(lines[at]);
    let numbers: Vec<i64> = command[3..]
        .split_whitespace()
        .map(|n| n.parse().unwrap())
        .collect();
    let mut judge = Position::initial();
    judge.play(JudgeCommand::new(3, 4, 4, 4)).unwrap();
    let record = judge
        .play(JudgeCommand::new(
            numbers[0], numbers[1], numbers[2], numbers[3],
        ))
        .unwrap();
    assert_eq!(listed(lines[at + 1]), record.to_string(), "{screen}");

    // Then one move with the mouse: the horse on (0,1) to (2,2), clicked as
    // a terminal reports it (SGR: button 0 press and release, 1-based
    // column and row of the point's glyph).
    let click = |x: u16, y: u16| {
        let (row, col) = (2 + (9 - x) + 1, 1 + 2 + 5 * y + 1 + 1);
        let report = format!("\x1b[<0;{col};{row}M\x1b[<0;{col};{row}m");
        assert!(tmux
            .run(&["send-keys", "-t", "play", "-l", &report])
            .status
            .success());
    };
    click(0, 1);
    click(2, 2);
    let screen = tmux.wait_for("the reply to the click", |s| {
        s.contains("  4. ") && s.contains("red (you) to move")
    });
    assert!(screen.contains("  3. 0 1 2 2"), "{screen}");
    // (Not checking (2,2): the computer's reply may take the horse.)
    assert_eq!(cell(&screen, 0, 1), ".");

    tmux.run(&["send-keys", "-t", "play", "q"]);
    // The shell around the game writes its exit status when it ends (tmux's
    // own pane_dead_status is not always filled in when the pane closes).
    let start = Instant::now();
    let status = loop {
        if let Ok(text) = std::fs::read_to_string(&exit_file) {
            if text.ends_with('\n') {
                break text;
            }
        }
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "still running after q; the screen:\n{}",
            tmux.screen()
        );
        std::thread::sleep(Duration::from_millis(50));
    };
    assert_eq!(status, "0\n", "the exit status");
    // Quitting leaves the alternate screen: the board is gone.
    assert!(!tmux.screen().contains("Duck Chess"));
}
