//! `duckchess play` under a tmux server of the test's own (its socket in a
//! scratch directory), for the terminal game's tests: start it, read the
//! screen, send keys, quit. The server is killed when dropped, so a
//! failing test leaves nothing running or lying around.

#![allow(dead_code)] // each test binary uses its part

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

/// A tmux server of our own with one session, `play`.
pub struct Tmux {
    socket: PathBuf,
    /// The scratch directory the game runs in.
    pub dir: PathBuf,
}

impl Tmux {
    /// Starts `duckchess play ARGS` in a session `play` of its own, `size`
    /// columns by rows, in the scratch directory `dir` (made, and removed
    /// with the server), with `NO_COLOR=1`; returns the server and the file
    /// the exit status is written to.
    pub fn play(dir: &Path, args: &[&str], size: (u16, u16)) -> (Tmux, PathBuf) {
        let _ = std::fs::remove_dir_all(dir);
        std::fs::create_dir_all(dir).unwrap();
        let config = dir.join("tmux.conf");
        std::fs::write(&config, "set -g remain-on-exit on\n").unwrap();
        let tmux = Tmux {
            socket: dir.join("tmux.sock"),
            dir: dir.to_path_buf(),
        };
        let bin: &Path = assert_cmd::cargo::cargo_bin!("duckchess");
        let exit_file = dir.join("exit-status");
        let (x, y) = (size.0.to_string(), size.1.to_string());
        let mut command = vec![
            "-f",
            config.to_str().unwrap(),
            "new-session",
            "-d",
            "-s",
            "play",
            "-x",
            &x,
            "-y",
            &y,
            "-c",
            dir.to_str().unwrap(),
            "sh",
            "-c",
            r#"f="$1"; shift; NO_COLOR=1 "$@"; echo $? > "$f""#,
            "sh",
            exit_file.to_str().unwrap(),
            bin.to_str().unwrap(),
            "play",
        ];
        command.extend_from_slice(args);
        let started = tmux.run(&command);
        assert!(started.status.success(), "{started:?}");
        (tmux, exit_file)
    }

    /// Runs a tmux command on this server.
    pub fn run(&self, args: &[&str]) -> Output {
        Command::new("tmux")
            .arg("-S")
            .arg(&self.socket)
            .args(args)
            .output()
            .expect("tmux runs")
    }

    /// The screen as text.
    pub fn screen(&self) -> String {
        String::from_utf8(self.run(&["capture-pane", "-p", "-t", "play"]).stdout).unwrap()
    }

    /// Sends keys, as tmux's `send-keys` names them.
    pub fn keys(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", "play"];
        args.extend_from_slice(keys);
        assert!(self.run(&args).status.success(), "send-keys {keys:?}");
    }

    /// Waits until the screen satisfies `ok`, and returns it.
    pub fn wait_for(&self, what: &str, ok: impl Fn(&str) -> bool) -> String {
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

    /// Sends `q` (and `y` when the game asks, over unsaved moves) and
    /// waits for the program's exit status, as written (`0\n`).
    pub fn quit(&self, exit_file: &Path) -> String {
        self.keys(&["q"]);
        let start = Instant::now();
        let mut answered = false;
        loop {
            if let Ok(text) = std::fs::read_to_string(exit_file) {
                if text.ends_with('\n') {
                    return text;
                }
            }
            if !answered && self.screen().contains("quit? ") {
                self.keys(&["y"]);
                answered = true;
            }
            assert!(
                start.elapsed() < Duration::from_secs(10),
                "still running after q; the screen:\n{}",
                self.screen()
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = self.run(&["kill-server"]);
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}
