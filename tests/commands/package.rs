//! `duckchess package --format kattis|polygon|hydro|loj DIR`: each
//! package's layout and configuration, every answer against the judge mode,
//! the validators (Python and C++) against `duckchess validate`, and the
//! Kattis package through problemtools' `verifyproblem`.

use assert_cmd::cargo::cargo_bin;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use crate::common::text;
use crate::system;

fn duckchess(args: &[&str]) -> Output {
    Command::new(cargo_bin!("duckchess"))
        .args(args)
        .output()
        .unwrap()
}

/// Writes a small package (2 tests of each profile, 80 commands) of
/// `format` to `root/name`; the folder.
fn package(root: &Path, format: &str, extra: &[&str]) -> PathBuf {
    let dir = root.join(format);
    let mut args = vec![
        "package",
        "--format",
        format,
        "--tests",
        "2",
        "--commands",
        "80",
    ];
    args.extend_from_slice(extra);
    args.push(dir.to_str().unwrap());
    let out = duckchess(&args);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let said = text(&out.stdout);
    assert!(
        said.starts_with(&format!("wrote the {format} package to ")),
        "{said}"
    );
    dir
}

/// Every file under `dir`, relative to it.
fn tree(dir: &Path) -> BTreeSet<String> {
    let mut files = BTreeSet::new();
    let mut folders = vec![dir.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
            } else {
                let name = path.strip_prefix(dir).unwrap().to_str().unwrap();
                files.insert(name.to_string());
            }
        }
    }
    files
}

/// The judge mode's answer to the input file `input`.
fn judge(input: &Path) -> Vec<u8> {
    let out = Command::new(cargo_bin!("duckchess"))
        .arg(input)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", input.display());
    out.stdout
}

/// The pairs (input, answer) of a folder whose answers are named by
/// `answer_of`; asserts every input has its answer, and the answer is the
/// judge's.
fn check_answers(
    dir: &Path,
    inputs: &[String],
    answer_of: impl Fn(&str) -> String,
) -> Vec<PathBuf> {
    assert!(!inputs.is_empty());
    inputs
        .iter()
        .map(|input| {
            let path = dir.join(input);
            let answer = std::fs::read(dir.join(answer_of(input)))
                .unwrap_or_else(|e| panic!("{input}: its answer: {e}"));
            assert_eq!(
                answer,
                judge(&path),
                "{input}: the answer is not the judge's"
            );
            path
        })
        .collect()
}

/// Inputs the validators must refuse: every kind of malformation.
fn malformed() -> Vec<&'static [u8]> {
    vec![
        b"",
        b"1\n0 0 0 0",
        b"01\n0 0 0 0\n",
        b"1\r\n0 0 0 0\r\n",
        b"1\n10 0 0 0\n",
        b"1\n0 9 0 0\n",
        b"2\n0 0 0 0\n",
        b"1\n0 0 0 0\n\n",
        b"1\n0  0 0 0\n",
        b"1001\n",
        b"1 \n0 0 0 0\n",
    ]
}

/// Runs a validator `argv` on `input`; its exit code.
fn run_validator(argv: &[&Path], input: &[u8]) -> Option<i32> {
    use std::io::Write;
    let mut child = Command::new(argv[0])
        .args(&argv[1..])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // A validator may stop reading at the first fault.
    let _ = child.stdin.take().unwrap().write_all(input);
    child.wait().unwrap().code()
}

/// `duckchess validate`'s verdict on `input`: valid or not.
fn validate(input: &[u8]) -> bool {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("x.in");
    std::fs::write(&path, input).unwrap();
    let out = duckchess(&["validate", path.to_str().unwrap()]);
    match out.status.code() {
        Some(0) => true,
        Some(3) => false,
        code => panic!("validate exited {code:?}"),
    }
}

/// Checks a validator against the data (all valid) and the malformed
/// inputs (all refused, as `duckchess validate` refuses them): exit code
/// `ok` for valid, `bad` for invalid.
fn check_validator(argv: &[&Path], inputs: &[PathBuf], ok: i32, bad: i32) {
    for input in inputs {
        let bytes = std::fs::read(input).unwrap();
        assert_eq!(run_validator(argv, &bytes), Some(ok), "{}", input.display());
    }
    for input in malformed() {
        assert!(!validate(input), "{input:?}");
        assert_eq!(run_validator(argv, input), Some(bad), "{input:?}");
    }
}

#[test]
fn the_kattis_package_has_its_files_and_the_judges_answers() {
    let root = tempfile::tempdir().unwrap();
    let dir = package(root.path(), "kattis", &[]);
    let files = tree(&dir);
    for needed in [
        "problem.yaml",
        "problem_statement/problem.en.tex",
        "input_validators/validate.py",
        "submissions/accepted/solution.py",
        "data/sample/01-official.in",
        "data/sample/01-official.ans",
    ] {
        assert!(files.contains(needed), "{needed} missing: {files:?}");
    }
    let yaml = std::fs::read_to_string(dir.join("problem.yaml")).unwrap();
    for line in [
        "name: Duck Chess",
        "license: permission",
        "validation: default",
        "  memory: 512",
    ] {
        assert!(yaml.lines().any(|l| l == line), "{line:?} not in {yaml}");
    }
    let inputs: Vec<String> = files
        .iter()
        .filter(|f| f.ends_with(".in"))
        .cloned()
        .collect();
    let secret = inputs
        .iter()
        .filter(|f| f.starts_with("data/secret/"))
        .count();
    // 2 of each of the 4 profiles, and the hand-worked cases on the board.
    assert!(secret > 8, "{inputs:?}");
    assert_eq!(inputs.len(), secret + 1);
    let paths = check_answers(&dir, &inputs, |i| i.replace(".in", ".ans"));
    // Every generated test is what `duckchess gen` prints for its seed.
    let realistic = inputs
        .iter()
        .find(|f| f.starts_with("data/secret/") && f.ends_with("-realistic-1.in"))
        .map(|f| dir.join(f))
        .unwrap();
    let generated = duckchess(&["gen", "--seed", "1", "--commands", "80"]);
    assert_eq!(std::fs::read(&realistic).unwrap(), generated.stdout);
    if system::have(&[("python3", "python3")], "the Kattis package's validator") {
        let validator = dir.join("input_validators/validate.py");
        check_validator(&[Path::new("python3"), &validator], &paths, 42, 43);
        // And the solution answers every test as the judge does.
        for input in &paths {
            let out = Command::new("python3")
                .arg(dir.join("submissions/accepted/solution.py"))
                .stdin(std::fs::File::open(input).unwrap())
                .output()
                .unwrap();
            assert_eq!(out.stdout, judge(input), "{}", input.display());
        }
    }
}

#[test]
fn the_kattis_package_passes_verifyproblem() {
    let tools = [
        ("verifyproblem", "PyPI package problemtools".to_string()),
        ("pypy3", "Debian package pypy3".to_string()),
        ("lualatex", "Debian package texlive-luatex".to_string()),
    ];
    if !system::have_from(&tools, "the Kattis package with verifyproblem") {
        return;
    }
    let root = tempfile::tempdir().unwrap();
    let dir = package(root.path(), "kattis", &[]);
    let started = std::time::Instant::now();
    let out = Command::new("verifyproblem")
        .arg(&dir)
        .current_dir(root.path())
        .output()
        .unwrap();
    let said = format!("{}{}", text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(0), "{said}");
    assert!(said.contains("tested: 0 errors, 0 warnings"), "{said}");
    assert!(
        said.contains("solution.py") && said.contains("AC"),
        "{said}"
    );
    eprintln!(
        "verifyproblem passed in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    // And it would have said so had an answer been wrong: the accepted
    // solution then fails that test.
    let first = tree(&dir)
        .into_iter()
        .find(|f| f.starts_with("data/secret/01-") && f.ends_with(".ans"))
        .unwrap();
    let mut answer = std::fs::read_to_string(dir.join(&first)).unwrap();
    let line = answer.lines().next().unwrap().to_string();
    let other = if line == "Invalid command" {
        "red car;NA;no;no"
    } else {
        "Invalid command"
    };
    answer.replace_range(..line.len(), other);
    std::fs::write(dir.join(&first), answer).unwrap();
    let out = Command::new("verifyproblem")
        .args(["-p", "submissions", "-d", "secret/01-"])
        .arg(&dir)
        .current_dir(root.path())
        .output()
        .unwrap();
    let said = format!("{}{}", text(&out.stdout), text(&out.stderr));
    assert_ne!(out.status.code(), Some(0), "{said}");
    assert!(said.contains("WA") && said.contains("1 error"), "{said}");
}

#[test]
fn the_polygon_package_numbers_tests_and_its_validator_needs_no_testlib() {
    let root = tempfile::tempdir().unwrap();
    let dir = package(root.path(), "polygon", &["--no-hand-worked"]);
    let files = tree(&dir);
    for needed in [
        "README.md",
        "checker.txt",
        "files/validator.cpp",
        "solutions/solution.py",
    ] {
        assert!(files.contains(needed), "{needed} missing: {files:?}");
    }
    assert_eq!(
        std::fs::read_to_string(dir.join("checker.txt")).unwrap(),
        "std::lcmp.cpp\n"
    );
    let inputs: Vec<String> = files
        .iter()
        .filter(|f| f.starts_with("tests/") && !f.contains('.'))
        .cloned()
        .collect();
    // The sample and 2 of each profile, numbered from 01 on.
    let expected: Vec<String> = (1..=9).map(|i| format!("tests/{i:02}")).collect();
    assert_eq!(inputs, expected);
    assert_eq!(
        std::fs::read(dir.join("tests/01")).unwrap(),
        std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("samples/official.in")).unwrap()
    );
    let paths = check_answers(&dir, &inputs, |i| format!("{i}.a"));
    let source = std::fs::read_to_string(dir.join("files/validator.cpp")).unwrap();
    assert!(
        !source.contains("#include \"testlib.h\""),
        "the validator needs no testlib.h"
    );
    if system::have(&[("g++", "g++")], "the Polygon package's C++ validator") {
        let binary = root.path().join("validator");
        let built = Command::new("g++")
            .args(["-O2", "-o"])
            .arg(&binary)
            .arg(dir.join("files/validator.cpp"))
            .output()
            .unwrap();
        assert!(built.status.success(), "{}", text(&built.stderr));
        check_validator(&[&binary], &paths, 0, 3);
    }
}

/// The values of `key: VALUE` lines (after any indentation and `- `).
fn values(yaml: &str, key: &str) -> Vec<String> {
    yaml.lines()
        .filter_map(|l| {
            let l = l.trim_start().trim_start_matches("- ");
            l.strip_prefix(&format!("{key}: ")).map(str::to_string)
        })
        .collect()
}

/// The inputs of a test data folder, in number order, after checking that
/// the configuration lists every input with its answer, once each.
fn listed_cases(testdata: &Path, inputs: &[String], outputs: &[String]) -> Vec<String> {
    let on_disk: BTreeSet<String> = tree(testdata)
        .into_iter()
        .filter(|f| f.ends_with(".in") || f.ends_with(".out"))
        .collect();
    let listed: BTreeSet<String> = inputs.iter().chain(outputs).cloned().collect();
    assert_eq!(listed, on_disk, "the configuration lists other files");
    assert_eq!(inputs.len(), outputs.len());
    for (i, (input, output)) in inputs.iter().zip(outputs).enumerate() {
        assert_eq!(input, &format!("{}.in", i + 1));
        assert_eq!(output, &format!("{}.out", i + 1));
    }
    inputs.to_vec()
}

#[test]
fn the_hydro_package_configures_its_limits_and_every_case() {
    let root = tempfile::tempdir().unwrap();
    let dir = package(root.path(), "hydro", &[]);
    let files = tree(&dir);
    for needed in [
        "README.md",
        "solution.py",
        "validator.py",
        "testdata/config.yaml",
    ] {
        assert!(files.contains(needed), "{needed} missing: {files:?}");
    }
    let yaml = std::fs::read_to_string(dir.join("testdata/config.yaml")).unwrap();
    assert_eq!(values(&yaml, "type"), ["default", "sum"]);
    assert_eq!(values(&yaml, "time"), ["1s"]);
    assert_eq!(values(&yaml, "memory"), ["512m"]);
    assert_eq!(values(&yaml, "checker_type"), ["default"]);
    assert_eq!(values(&yaml, "score"), ["100"]);
    let testdata = dir.join("testdata");
    let cases = listed_cases(&testdata, &values(&yaml, "input"), &values(&yaml, "output"));
    assert!(cases.len() > 9, "{cases:?}");
    let paths = check_answers(&testdata, &cases, |i| i.replace(".in", ".out"));
    if system::have(&[("python3", "python3")], "the Hydro package's validator") {
        check_validator(
            &[Path::new("python3"), &dir.join("validator.py")],
            &paths,
            42,
            43,
        );
    }
}

#[test]
fn the_loj_package_configures_its_limits_and_every_case() {
    let root = tempfile::tempdir().unwrap();
    let dir = package(root.path(), "loj", &["--seed", "40"]);
    let files = tree(&dir);
    for needed in ["README.md", "solution.py", "validator.py", "judge-info.yml"] {
        assert!(files.contains(needed), "{needed} missing: {files:?}");
    }
    let yaml = std::fs::read_to_string(dir.join("judge-info.yml")).unwrap();
    assert_eq!(values(&yaml, "timeLimit"), ["1000"]);
    assert_eq!(values(&yaml, "memoryLimit"), ["512"]);
    assert_eq!(values(&yaml, "runSamples"), ["true"]);
    assert_eq!(values(&yaml, "scoringType"), ["Sum"]);
    assert_eq!(values(&yaml, "type"), ["lines"]);
    assert_eq!(values(&yaml, "caseSensitive"), ["true"]);
    let testdata = dir.join("testdata");
    let cases = listed_cases(
        &testdata,
        &values(&yaml, "inputFile"),
        &values(&yaml, "outputFile"),
    );
    check_answers(&testdata, &cases, |i| i.replace(".in", ".out"));
    // --seed 40: the first generated test is gen's seed 40.
    let hand_worked = cases.len() - 1 - 8;
    let first = testdata.join(format!("{}.in", hand_worked + 2));
    let generated = duckchess(&["gen", "--seed", "40", "--commands", "80"]);
    assert_eq!(std::fs::read(first).unwrap(), generated.stdout);
}

#[test]
fn a_folder_with_files_is_kept_unless_forced() {
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().join("mine");
    std::fs::create_dir(&dir).unwrap();
    std::fs::write(dir.join("notes.txt"), "keep me").unwrap();
    let target = dir.to_str().unwrap();
    let out = duckchess(&["package", "--format", "hydro", target]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("is not empty (--force replaces it)"), "{err}");
    assert_eq!(tree(&dir), BTreeSet::from(["notes.txt".to_string()]));
    let out = duckchess(&[
        "package", "--format", "hydro", "--tests", "1", "--force", target,
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("(replacing what was there)"));
    assert!(!dir.join("notes.txt").exists());
    assert!(dir.join("testdata/config.yaml").exists());
    // Nothing left beside it.
    assert_eq!(std::fs::read_dir(root.path()).unwrap().count(), 1);
}

#[test]
fn bad_options_say_so_in_one_line() {
    let root = tempfile::tempdir().unwrap();
    let file = root.path().join("file");
    std::fs::write(&file, "x").unwrap();
    let dir = root.path().join("new");
    let cases: [(&[&str], &str); 5] = [
        (&["--commands", "1001"], "more than the contest's Q"),
        (&["--tests", "1000000000"], "more than 250 of each profile"),
        (&["--tests", "0", "--no-hand-worked"], "no secret test"),
        (&["--format", "zip"], "invalid value 'zip'"),
        (&[], "exists and is not a folder"),
    ];
    for (extra, message) in cases {
        let target = if extra.is_empty() { &file } else { &dir };
        let mut args = vec!["package"];
        if !extra.contains(&"--format") {
            args.extend(["--format", "kattis"]);
        }
        args.extend_from_slice(extra);
        args.push(target.to_str().unwrap());
        let out = duckchess(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = text(&out.stderr);
        assert!(err.contains(message), "{args:?}: {err}");
        assert!(!dir.exists());
    }
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "x");
}
