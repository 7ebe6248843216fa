//! The problem setter's tools on the command line: `gen`, `answer`,
//! `validate` and `verify`, with their exit codes.

use assert_cmd::cargo::cargo_bin;
use std::path::Path;
use std::process::{Command, Output};

fn duckchess(args: &[&str]) -> Output {
    Command::new(cargo_bin!("duckchess"))
        .args(args)
        .output()
        .unwrap()
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn gen_is_deterministic_and_passes_the_validator() {
    let a = duckchess(&["gen", "--seed", "11", "--commands", "1000"]);
    let b = duckchess(&["gen", "--seed", "11", "--commands", "1000"]);
    assert!(a.status.success());
    assert_eq!(a.stdout, b.stdout);
    let c = duckchess(&["gen", "--seed", "12", "--commands", "1000"]);
    assert_ne!(a.stdout, c.stdout);
    let dir = tempfile::tempdir().unwrap();
    for profile in ["realistic", "quiet", "invalid", "endgame"] {
        let input = dir.path().join(format!("{profile}.in"));
        let out = duckchess(&["gen", "--seed", "3", "--profile", profile]);
        std::fs::write(&input, &out.stdout).unwrap();
        let v = duckchess(&["validate", path(&input)]);
        assert_eq!(v.status.code(), Some(0), "{profile}");
        assert_eq!(String::from_utf8_lossy(&v.stderr), "ok 1000 commands\n");
    }
}

#[test]
fn gen_count_writes_numbered_pairs_and_answer_rewrites_them() {
    let dir = tempfile::tempdir().unwrap();
    let out = duckchess(&[
        "gen",
        "--seed",
        "7",
        "--commands",
        "40",
        "--count",
        "3",
        "--out",
        path(dir.path()),
    ]);
    assert!(out.status.success());
    for (i, name) in ["01", "02", "03"].iter().enumerate() {
        let input = dir.path().join(format!("{name}.in"));
        let alone = duckchess(&["gen", "--seed", &(7 + i).to_string(), "--commands", "40"]);
        assert_eq!(std::fs::read(&input).unwrap(), alone.stdout);
        let ans = dir.path().join(format!("{name}.ans"));
        let judged = duckchess(&[path(&input)]);
        assert_eq!(std::fs::read(&ans).unwrap(), judged.stdout);
        std::fs::remove_file(&ans).unwrap();
    }
    let inputs: Vec<String> = ["01", "02", "03"]
        .iter()
        .map(|n| path(&dir.path().join(format!("{n}.in"))).to_string())
        .collect();
    let mut args = vec!["answer"];
    args.extend(inputs.iter().map(String::as_str));
    assert!(duckchess(&args).status.success());
    for n in ["01", "02", "03"] {
        assert!(dir.path().join(format!("{n}.ans")).exists());
    }
    let bad = dir.path().join("bad.in");
    std::fs::write(&bad, "3\n0 0 0 0\n").unwrap();
    let out = duckchess(&["answer", path(&bad)]);
    // Malformed input is the text's fault: 2, as judge mode says it.
    assert_eq!(out.status.code(), Some(2));
    assert!(!dir.path().join("bad.ans").exists());
    let missing = dir.path().join("missing.in");
    assert_eq!(
        duckchess(&["answer", path(&missing)]).status.code(),
        Some(1)
    );
}

/// testlib's validators exit 3 (`FAIL`) on invalid input, with the
/// message on standard error.
#[test]
fn validate_names_the_line_and_exits_3() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("x.in");
    std::fs::write(&file, "2\n0 0 0 0\n0 0 0 9\n").unwrap();
    let out = duckchess(&["validate", path(&file)]);
    assert_eq!(out.status.code(), Some(3));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "FAIL line 3: yt = 9 is out of range 0..=8\n"
    );
    assert!(out.stdout.is_empty());
    std::fs::write(&file, format!("1001\n{}", "0 0 0 0\n".repeat(1001))).unwrap();
    assert_eq!(duckchess(&["validate", path(&file)]).status.code(), Some(3));
    let out = duckchess(&["validate", "--max-q", "2000", path(&file)]);
    assert_eq!(out.status.code(), Some(0));
    let missing = dir.path().join("missing.in");
    assert_eq!(
        duckchess(&["validate", path(&missing)]).status.code(),
        Some(3)
    );
    assert_eq!(duckchess(&["validate"]).status.code(), Some(3));
}

/// The validator's wording: junk after the numbers is not white space,
/// one command is one command, a byte order mark is named.
#[test]
fn validate_names_junk_counts_and_a_byte_order_mark() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("x.in");
    for (text, message) in [
        (
            &b"1\n0 0 0 0 junk\n"[..],
            "FAIL line 2: unexpected 'j' after number 4: a line holds exactly 4 numbers\n",
        ),
        (
            b"1\n0 0 0 0\n0 0 0 0\n",
            "FAIL line 3: unexpected input after 1 command\n",
        ),
        (
            b"\xEF\xBB\xBF1\n0 0 0 0\n",
            "FAIL line 1: expected Q, a non-negative integer, found a UTF-8 byte order mark\n",
        ),
    ] {
        std::fs::write(&file, text).unwrap();
        let out = duckchess(&["validate", path(&file)]);
        assert_eq!(out.status.code(), Some(3));
        assert_eq!(String::from_utf8_lossy(&out.stderr), message);
    }
}

#[test]
fn verify_uses_testlib_exit_codes() {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, text: &str| {
        let p = dir.path().join(name);
        std::fs::write(&p, text).unwrap();
        p
    };
    let sample = Path::new(env!("CARGO_MANIFEST_DIR")).join("samples/official.in");
    let answer = std::fs::read_to_string(sample.with_extension("ans")).unwrap();
    let good = write("good.out", &answer);
    // Line 16: the blue captain walks into check; say it did not.
    let wrong_text = answer.replacen("blue captain;NA;yes;no", "blue captain;NA;no;no", 1);
    let wrong = write("wrong.out", &wrong_text);
    let short = write(
        "short.out",
        &answer[..answer.len() - "Invalid command\n".len()],
    );
    let garbled = write(
        "garbled.out",
        &answer.replacen("Invalid command", "invalid", 1),
    );
    let cases = [
        (&good, None, 0, "ok 18 lines\n"),
        (
            &wrong,
            None,
            1,
            "wrong answer line 16: expected 'blue captain;NA;yes;no', found 'blue captain;NA;no;no'\n\
             command 16 '8 4 9 4': valid: blue captain moves (8,4) to (9,4); check is yes: \
             red duck at (6,6) attacks blue captain at (9,4)\n",
        ),
        (
            &short,
            None,
            2,
            "wrong output format expected 18 lines, found 17\n",
        ),
        (
            &garbled,
            None,
            2,
            "wrong output format line 1: 'invalid' is not a judge line\n",
        ),
        // The jury's answer is wrong: only that is said, not `ok` first.
        (
            &good,
            Some(&wrong),
            3,
            "FAIL ANSWER disagrees with the simulator on line 16: \
             simulator 'blue captain;NA;yes;no', ANSWER 'blue captain;NA;no;no'\n",
        ),
    ];
    for (output, jury, code, message) in cases {
        let mut args = vec!["verify", path(&sample), path(output)];
        args.extend(jury.map(|j| path(j)));
        let out = duckchess(&args);
        assert_eq!(out.status.code(), Some(code), "{args:?}");
        // testlib's checkers write their message on standard error.
        assert_eq!(String::from_utf8_lossy(&out.stderr), message, "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
    let bad_input = write("bad.in", "2\n0 0 0 0\n");
    let out = duckchess(&["verify", path(&bad_input), path(&good)]);
    assert_eq!(out.status.code(), Some(3));
    assert!(String::from_utf8_lossy(&out.stderr).starts_with("FAIL INPUT "));
    assert_eq!(
        duckchess(&["verify", "only-one-file"]).status.code(),
        Some(3)
    );
}

/// Judges that call testlib checkers pass a fourth argument, the report
/// file (and sometimes `-appes` after it): the message goes there, the
/// verdict stays in the exit code.
#[test]
fn verify_writes_the_report_file_judges_pass() {
    let dir = tempfile::tempdir().unwrap();
    let sample = Path::new(env!("CARGO_MANIFEST_DIR")).join("samples/official.in");
    let answer = sample.with_extension("ans");
    let text = std::fs::read_to_string(&answer).unwrap();
    let wrong = dir.path().join("wrong.out");
    std::fs::write(
        &wrong,
        text.replacen("blue captain;NA;yes;no", "blue captain;NA;no;no", 1),
    )
    .unwrap();
    let report = dir.path().join("report.txt");
    let run = |output: &Path, extra: &[&str]| {
        let mut args = vec!["verify", path(&sample), path(output), path(&answer)];
        args.push(path(&report));
        args.extend(extra);
        duckchess(&args)
    };
    let ok = run(&answer, &[]);
    assert_eq!(ok.status.code(), Some(0));
    assert_eq!(std::fs::read_to_string(&report).unwrap(), "18 lines");
    let wa = run(&wrong, &[]);
    assert_eq!(wa.status.code(), Some(1));
    assert_eq!(
        std::fs::read_to_string(&report).unwrap(),
        "line 16: expected 'blue captain;NA;yes;no', found 'blue captain;NA;no;no'; \
         command 16 '8 4 9 4': valid: blue captain moves (8,4) to (9,4); check is yes: \
         red duck at (6,6) attacks blue captain at (9,4)"
    );
    let xml = run(&wrong, &["-appes"]);
    assert_eq!(xml.status.code(), Some(1));
    let written = std::fs::read_to_string(&report).unwrap();
    assert!(
        written.starts_with("<?xml version=\"1.0\" encoding=\"utf-8\"?><result outcome = \"wrong-answer\">line 16: expected 'blue captain;NA;yes;no'"),
        "{written}"
    );
    assert!(written.ends_with("</result>\n"), "{written}");
    assert_eq!(run(&wrong, &["-bogus"]).status.code(), Some(3));
    let unwritable = dir.path().join("no-such-folder").join("report.txt");
    let out = duckchess(&[
        "verify",
        path(&sample),
        path(&answer),
        path(&answer),
        path(&unwritable),
    ]);
    assert_eq!(out.status.code(), Some(3));
    assert!(String::from_utf8_lossy(&out.stderr).starts_with("FAIL cannot write REPORT"));
}

/// The generator's promise: a seed gives the same bytes on every machine
/// for a version of this crate. The snapshots pin a short game of each
/// profile, so a change to the generator shows up in review (and then
/// deserves a version bump), and a machine that draws differently fails.
#[test]
fn gen_bytes_are_pinned_per_profile() {
    for profile in ["realistic", "quiet", "invalid", "endgame"] {
        let out = duckchess(&[
            "gen",
            "--seed",
            "2026",
            "--commands",
            "12",
            "--profile",
            profile,
        ]);
        assert!(out.status.success());
        insta::assert_snapshot!(
            format!("gen_seed_2026_{profile}"),
            String::from_utf8(out.stdout).unwrap()
        );
    }
}

#[test]
fn gen_count_refuses_to_overwrite_tests_unless_forced() {
    let dir = tempfile::tempdir().unwrap();
    let gen = |seed: &str, force: bool| {
        let mut args = vec!["gen", "--seed", seed, "--commands", "20", "--count", "2"];
        args.extend(["--out", path(dir.path())]);
        if force {
            args.push("--force");
        }
        duckchess(&args)
    };
    assert!(gen("1", false).status.success());
    let first = std::fs::read(dir.path().join("01.in")).unwrap();
    let refused = gen("2", false);
    assert_eq!(refused.status.code(), Some(1));
    let message = String::from_utf8(refused.stderr).unwrap();
    assert!(message.contains("01.in already exists"), "{message}");
    assert!(message.contains("--force"), "{message}");
    assert_eq!(std::fs::read(dir.path().join("01.in")).unwrap(), first);
    assert!(gen("2", true).status.success());
    assert_ne!(std::fs::read(dir.path().join("01.in")).unwrap(), first);
}

#[test]
fn a_dash_reads_standard_input() {
    let samples = Path::new(env!("CARGO_MANIFEST_DIR")).join("samples");
    let input = std::fs::read(samples.join("official.in")).unwrap();
    let answer = samples.join("official.ans");
    let run = |args: &[&str]| {
        assert_cmd::Command::new(cargo_bin!("duckchess"))
            .args(args)
            .write_stdin(input.clone())
            .output()
            .unwrap()
    };
    let validated = run(&["validate", "-"]);
    assert_eq!(validated.status.code(), Some(0));
    assert!(String::from_utf8(validated.stderr)
        .unwrap()
        .starts_with("ok "));
    let official = path(&samples.join("official.in")).to_string();
    let ans = path(&answer).to_string();
    for args in [
        ["verify", "-", &ans, &ans],
        ["verify", &official, &ans, "-"],
    ] {
        // The official input against its answer, whichever comes on stdin.
        let stdin_is_input = args[1] == "-";
        let out = assert_cmd::Command::new(cargo_bin!("duckchess"))
            .args(args)
            .write_stdin(if stdin_is_input {
                input.clone()
            } else {
                std::fs::read(&answer).unwrap()
            })
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{args:?}");
    }
    let two = run(&["verify", "-", "-"]);
    assert_eq!(two.status.code(), Some(3));
    let refused = run(&["answer", "-"]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(String::from_utf8(refused.stderr)
        .unwrap()
        .contains("duckchess judge -"));
}
