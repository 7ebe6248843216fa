//! Every `samples/*.in` through the library: byte-exact against its `.ans`,
//! and a snapshot transcript (command, verdict, and the reason for each
//! invalid one) to review when the rules code changes.

use duckchess::judge::{self, Command, Position, INVALID_LINE};
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};

fn samples_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("samples")
}

fn judge_bytes(input: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    judge::run(input, &mut out, Position::initial()).expect("a sample is a well-formed input");
    out
}

/// Q and the commands of a judge input (samples are plain, so splitting on
/// white space is enough here).
fn parse(input: &str) -> (usize, Vec<Command>) {
    let numbers: Vec<i64> = input
        .split_ascii_whitespace()
        .map(|t| t.parse().expect("a sample holds only numbers"))
        .collect();
    let (q, rest) = numbers.split_first().expect("a sample starts with Q");
    let commands = rest
        .chunks(4)
        .map(|c| Command::new(c[0], c[1], c[2], c[3]))
        .collect::<Vec<_>>();
    assert_eq!(rest.len() % 4, 0, "a command has four numbers");
    (*q as usize, commands)
}

#[test]
fn official_sample_is_judged_byte_for_byte() {
    let dir = samples_dir();
    let input = fs::read(dir.join("official.in")).unwrap();
    let answer = fs::read(dir.join("official.ans")).unwrap();
    assert_eq!(
        String::from_utf8(judge_bytes(&input)).unwrap(),
        String::from_utf8(answer).unwrap()
    );
}

#[test]
fn every_sample_is_judged_byte_for_byte() {
    let mut judged = Vec::new();
    for entry in fs::read_dir(samples_dir()).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "in") {
            continue;
        }
        let input = fs::read(&path).unwrap();
        let answer = fs::read(path.with_extension("ans"))
            .unwrap_or_else(|e| panic!("{} has no .ans: {e}", path.display()));
        let output = judge_bytes(&input);
        assert_eq!(
            String::from_utf8_lossy(&output),
            String::from_utf8_lossy(&answer),
            "{}",
            path.display()
        );
        let (q, _) = parse(std::str::from_utf8(&input).unwrap());
        assert_eq!(output.iter().filter(|&&b| b == b'\n').count(), q);
        judged.push(path);
    }
    // The official sample and at least twelve scenarios.
    assert!(judged.len() >= 13, "only {} samples", judged.len());
}

#[test]
fn sample_transcripts() {
    insta::glob!("../../samples", "*.in", |path| {
        let input = fs::read_to_string(path).unwrap();
        let output = String::from_utf8(judge_bytes(input.as_bytes())).unwrap();
        let (q, commands) = parse(&input);
        assert_eq!(commands.len(), q);
        assert_eq!(output.lines().count(), q);
        // Replay with `Position::play` to name each invalid command's reason,
        // and to check that it agrees with judge mode line by line.
        let mut game = Position::initial();
        let mut transcript = format!("Q = {q}\n");
        for (command, line) in commands.into_iter().zip(output.lines()) {
            let reason = match game.play(command) {
                Ok(record) => {
                    assert_eq!(record.to_string(), line);
                    String::new()
                }
                Err(why) => {
                    assert_eq!(line, INVALID_LINE);
                    format!("  ({why})")
                }
            };
            writeln!(transcript, "{:<14} {line}{reason}", command.to_string()).unwrap();
        }
        insta::assert_snapshot!(transcript);
    });
}
