//! Snapshot tests of Duck Chess transcripts: for each judge input in
//! `cases/`, the transcript the official solution prints for it and
//! `duckchess trace`'s explanation of every verdict, kept in
//! `tests/snapshots/` and reviewed with `cargo insta review` when they
//! change. With `SOLUTION` set to a command (`SOLUTION=./a.out cargo
//! test`, or `SOLUTION='python3 sol.py'`: words split at spaces), that
//! program's output on each input must be the transcript.

use duckchess::judge;
use duckchess::variants::duck::trace;
use std::io::Write;
use std::process::{Command, Stdio};

/// What the judge prints for a case; a malformed case is its error.
fn transcript(input: &str) -> String {
    judge::transcript(input).unwrap_or_else(|e| format!("malformed: {e}\n"))
}

#[test]
fn transcripts() {
    insta::glob!("../cases", "*.in", |path| {
        let input = std::fs::read_to_string(path).unwrap();
        insta::assert_snapshot!("transcript", transcript(&input));
    });
}

#[test]
fn traces() {
    insta::glob!("../cases", "*.in", |path| {
        let input = std::fs::read_to_string(path).unwrap();
        let options = trace::Options::default();
        let text = trace::text(&input, &options).unwrap_or_else(|e| format!("malformed: {e}\n"));
        insta::assert_snapshot!("trace", text);
    });
}

#[test]
fn the_solution_prints_the_transcripts() {
    let Ok(command) = std::env::var("SOLUTION") else {
        eprintln!(
            "SOLUTION is not set: no solution of yours was run (SOLUTION=./a.out cargo test)"
        );
        return;
    };
    let mut words = command.split_whitespace();
    let program = words.next().expect("SOLUTION names a program");
    let args: Vec<&str> = words.collect();
    insta::glob!("../cases", "*.in", |path| {
        let input = std::fs::read_to_string(path).unwrap();
        let mut child = Command::new(program)
            .args(&args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {program:?}: {e}"));
        child
            .stdin
            .take()
            .unwrap()
            .write_all(input.as_bytes())
            .unwrap();
        let out = child.wait_with_output().unwrap();
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            transcript(&input),
            "{}",
            path.display()
        );
    });
}
