//! Nothing the user has is lost: `answer`, `gen --force` and `check
//! --save` write each file whole or not at all, replace a link rather than
//! write through it, and never replace a saved case.
#![cfg(unix)]

use assert_cmd::cargo::cargo_bin;
use std::os::unix::fs::symlink;
use std::path::Path;
use std::process::{Command, Output, Stdio};

fn duckchess(args: &[&str]) -> Output {
    Command::new(cargo_bin!("duckchess"))
        .args(args)
        .output()
        .unwrap()
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

fn read(p: &Path) -> String {
    std::fs::read_to_string(p).unwrap()
}

#[test]
fn answer_replaces_a_link_to_its_input_and_keeps_the_input() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("x.in");
    let sample = Path::new(env!("CARGO_MANIFEST_DIR")).join("samples/official.in");
    std::fs::copy(&sample, &input).unwrap();
    symlink("x.in", dir.path().join("x.ans")).unwrap();
    let out = duckchess(&["answer", path(&input)]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(read(&input), read(&sample), "the input was written over");
    let ans = dir.path().join("x.ans");
    assert!(!ans.symlink_metadata().unwrap().is_symlink());
    assert_eq!(read(&ans), read(&sample.with_extension("ans")));
}

#[test]
fn a_malformed_input_keeps_the_existing_answer() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("x.in");
    std::fs::write(&input, "3\n0 3 1 2\n").unwrap();
    std::fs::write(dir.path().join("x.ans"), "my answer\n").unwrap();
    let out = duckchess(&["answer", path(&input)]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(read(&dir.path().join("x.ans")), "my answer\n");
    // No temporary file is left beside it either.
    let names: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names.len(), 2, "{names:?}");
}

/// `answer` killed while it writes: the old answer is still whole. The
/// input is a pipe, so the kill falls while the answer is being written.
#[test]
fn a_killed_answer_leaves_the_old_answer_whole() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("x.in");
    let made = Command::new("mkfifo").arg(&input).status().unwrap();
    assert!(made.success());
    let ans = dir.path().join("x.ans");
    std::fs::write(&ans, "the old answer\n").unwrap();
    let mut child = Command::new(cargo_bin!("duckchess"))
        .args(["answer", path(&input)])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Opening the pipe for writing waits for `answer` to open it.
    let mut pipe = std::fs::OpenOptions::new()
        .write(true)
        .open(&input)
        .unwrap();
    use std::io::Write;
    let commands = "0 3 1 2\n0 0 0 0\n".repeat(50_000);
    pipe.write_all(format!("1000000\n{commands}").as_bytes())
        .unwrap();
    pipe.flush().unwrap();
    // Past its first output block, with the input not yet ended.
    std::thread::sleep(std::time::Duration::from_millis(300));
    child.kill().unwrap();
    child.wait().unwrap();
    drop(pipe);
    assert_eq!(read(&ans), "the old answer\n");
}

#[test]
fn gen_force_replaces_links_without_writing_through_them() {
    let dir = tempfile::tempdir().unwrap();
    let outside = tempfile::tempdir().unwrap();
    let precious = outside.path().join("precious.txt");
    std::fs::write(&precious, "keep me\n").unwrap();
    symlink(&precious, dir.path().join("01.ans")).unwrap();
    symlink(&precious, dir.path().join("02.in")).unwrap();
    let args = ["gen", "--seed", "1", "--commands", "20", "--count", "2"];
    let mut forced = args.to_vec();
    forced.extend(["--out", path(dir.path()), "--force"]);
    let out = duckchess(&forced);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert_eq!(read(&precious), "keep me\n");
    for name in ["01.in", "01.ans", "02.in", "02.ans"] {
        let p = dir.path().join(name);
        assert!(!p.symlink_metadata().unwrap().is_symlink(), "{name}");
    }
    let second = duckchess(&["gen", "--seed", "2", "--commands", "20"]);
    assert_eq!(read(&dir.path().join("02.in")).as_bytes(), second.stdout);
}

/// A program that prints nothing: every case fails at once.
fn check_silent(save: &Path) -> Output {
    duckchess(&[
        "check",
        "--seed",
        "4",
        "--cases",
        "1",
        "--commands",
        "5",
        "--save",
        path(save),
        "--",
        "sh",
        "-c",
        "cat > /dev/null",
    ])
}

#[test]
fn check_save_never_replaces_a_case_or_follows_a_link() {
    let save = tempfile::tempdir().unwrap();
    let outside = tempfile::tempdir().unwrap();
    let precious = outside.path().join("precious.txt");
    std::fs::write(&precious, "keep me\n").unwrap();
    // A case saved earlier, with a link planted where case.out goes.
    let earlier = save.path().join("4");
    std::fs::create_dir(&earlier).unwrap();
    std::fs::write(earlier.join("case.in"), "my case\n").unwrap();
    symlink(&precious, earlier.join("case.out")).unwrap();
    // And a link where the next folder would be.
    symlink(outside.path(), save.path().join("4-2")).unwrap();
    let out = check_silent(save.path());
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&out.stdout);
    let third = save.path().join("4-3");
    assert!(
        stdout.contains(&format!(
            "saved case.in, case.ans, case.out, case.err, original.in in {}",
            third.display()
        )),
        "{stdout}"
    );
    assert_eq!(read(&precious), "keep me\n");
    assert_eq!(read(&earlier.join("case.in")), "my case\n");
    assert_eq!(std::fs::read_dir(outside.path()).unwrap().count(), 1);
    for name in ["case.in", "case.ans", "case.out", "case.err", "original.in"] {
        assert!(
            third.join(name).symlink_metadata().unwrap().is_file(),
            "{name}"
        );
    }
}
