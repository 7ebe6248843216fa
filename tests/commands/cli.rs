//! The `duckchess` binary: judge mode (what goes to stdout and stderr, and
//! the exit codes), and what a newcomer meets first: typos, a bare run on a
//! terminal, perft's bound and progress, finished games, escaped messages.

use assert_cmd::cargo::cargo_bin;
use assert_cmd::Command;
use std::path::{Path, PathBuf};

fn duckchess() -> Command {
    Command::new(cargo_bin!("duckchess"))
}

fn sample(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("samples")
        .join(name)
}

fn official_answer() -> String {
    std::fs::read_to_string(sample("official.ans")).unwrap()
}

#[test]
fn a_file_argument_gives_the_official_answer_byte_for_byte() {
    duckchess()
        .arg(sample("official.in"))
        .assert()
        .success()
        .stdout(official_answer())
        .stderr("");
}

#[test]
fn standard_input_gives_the_official_answer_byte_for_byte() {
    duckchess()
        .pipe_stdin(sample("official.in"))
        .unwrap()
        .assert()
        .success()
        .stdout(official_answer())
        .stderr("");
}

#[test]
fn the_judge_subcommand_is_the_same_as_no_subcommand() {
    duckchess()
        .arg("judge")
        .arg(sample("official.in"))
        .assert()
        .success()
        .stdout(official_answer());
}

#[test]
fn stdout_holds_only_verdict_lines() {
    let output = duckchess()
        .arg(sample("after_the_end_all_invalid.in"))
        .output()
        .unwrap();
    assert!(output.status.success());
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(stdout.ends_with('\n'));
    assert_eq!(stdout.lines().count(), 16);
    for line in stdout.lines() {
        let fields: Vec<&str> = line.split(';').collect();
        let verdict = line == "Invalid command"
            || (fields.len() == 4
                && ["yes", "no"].contains(&fields[2])
                && ["yes", "no"].contains(&fields[3]));
        assert!(verdict, "not a verdict line: {line:?}");
    }
}

#[test]
fn crlf_and_a_byte_order_mark_are_accepted_on_stdin() {
    let input = std::fs::read_to_string(sample("official.in"))
        .unwrap()
        .replace('\n', "\r\n");
    duckchess()
        .write_stdin(format!("\u{feff}{input}"))
        .assert()
        .success()
        .stdout(official_answer());
}

/// The official solution reads numbers with `scanf("%d")`: a sign and
/// leading zeros of any length are part of a number (issue 30's inputs).
#[test]
fn signs_and_leading_zeros_are_read_as_scanf_reads_them() {
    let zeros = "0".repeat(40);
    for input in [
        "2\n+0 +3 +1 +2\n9 3 8 4\n".to_string(),
        "2\n-0 3 1 2\n9 3 8 +4\n".to_string(),
        format!("2\n{zeros} 3 1 2\n9 3 8 {zeros}4\n"),
    ] {
        duckchess()
            .write_stdin(input)
            .assert()
            .success()
            .stdout("red guard;NA;no;no\nblue guard;NA;no;no\n")
            .stderr("");
    }
}

#[test]
fn malformed_input_writes_earlier_verdicts_then_one_error_line_and_exits_2() {
    duckchess()
        .write_stdin("3\n0 3 1 2\n9 0 8 0\n0 0 x 0\n")
        .assert()
        .code(2)
        .stdout("red guard;NA;no;no\nblue car;NA;no;no\n")
        .stderr("duckchess: line 4: \"x\" is not a non-negative integer\n");
}

#[test]
fn each_kind_of_malformed_input_names_its_line() {
    let cases = [
        (
            "",
            "",
            "line 1: the input is empty: expected the number of commands Q",
        ),
        (
            "-1\n",
            "",
            "line 1: \"-1\" is negative: coordinates and Q are never negative",
        ),
        (
            "1\n0 3 1\n",
            "",
            "line 3: the input ends after 0 of the 1 command Q announced, \
             inside command 1: it has 3 numbers of 4",
        ),
        (
            "2\n0 3 1 2\n",
            "red guard;NA;no;no\n",
            "line 3: the input ends after 1 of the 2 commands Q announced",
        ),
        (
            "1\n0 3 1 2\n0 4 1 4\n",
            "red guard;NA;no;no\n",
            "line 3: unexpected input after the 1 command Q announced",
        ),
    ];
    for (input, stdout, message) in cases {
        duckchess()
            .write_stdin(input)
            .assert()
            .code(2)
            .stdout(stdout)
            .stderr(format!("duckchess: {message}\n"));
    }
}

#[test]
fn off_board_coordinates_are_invalid_commands_not_errors() {
    duckchess()
        .write_stdin("2\n10 0 0 0\n0 0 0 9\n")
        .assert()
        .success()
        .stdout("Invalid command\nInvalid command\n");
}

#[test]
fn q_zero_prints_nothing_and_succeeds() {
    duckchess()
        .arg(sample("q_zero.in"))
        .assert()
        .success()
        .stdout("")
        .stderr("");
}

#[test]
fn a_missing_file_exits_1_with_one_line_on_stderr() {
    let missing = sample("no-such-file.in");
    let output = duckchess().arg(&missing).output().unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert!(output.stdout.is_empty());
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.starts_with(&format!("duckchess: cannot open {}: ", missing.display())),
        "{stderr}"
    );
    assert_eq!(stderr.lines().count(), 1);
}

#[test]
fn help_lists_the_exit_codes() {
    let output = duckchess().arg("--help").output().unwrap();
    assert!(output.status.success());
    let help = String::from_utf8(output.stdout).unwrap();
    assert!(help.contains("Exit codes:"), "{help}");
    for code in ["0  success", "1  ", "2  malformed input"] {
        assert!(help.contains(code), "{code:?} missing from:\n{help}");
    }
}

#[test]
fn an_unknown_option_is_a_usage_error_with_exit_2() {
    duckchess()
        .arg("--no-such-option")
        .assert()
        .code(2)
        .stdout("");
}

#[test]
fn malformed_input_with_a_closed_output_still_exits_2_with_its_message() {
    use std::io::Write as _;
    use std::process::Stdio;
    // Enough verdicts to need several writes before the bad number.
    let mut input = String::from("200001\n");
    input.push_str(&"0 0 0 0\n".repeat(200_000));
    input.push_str("0 0 x 0\n");
    for sub in [&[][..], &["trace"][..]] {
        let mut child = std::process::Command::new(cargo_bin!("duckchess"))
            .args(sub)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // The reader goes away before anything is written.
        drop(child.stdout.take());
        let mut stdin = child.stdin.take().unwrap();
        stdin.write_all(input.as_bytes()).unwrap();
        drop(stdin);
        let output = child.wait_with_output().unwrap();
        assert_eq!(output.status.code(), Some(2), "{sub:?}");
        assert_eq!(
            String::from_utf8(output.stderr).unwrap(),
            "duckchess: line 200002: \"x\" is not a non-negative integer\n",
            "{sub:?}"
        );
    }
}

#[test]
fn a_closed_output_alone_is_not_an_error() {
    use std::process::Stdio;
    let mut child = std::process::Command::new(cargo_bin!("duckchess"))
        .arg(sample("official.in"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert!(output.stderr.is_empty());
}

#[test]
fn numbers_may_be_split_over_lines_in_any_way() {
    let official = std::fs::read_to_string(sample("official.in")).unwrap();
    let one_line = official
        .split_ascii_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    let one_per_line = official
        .split_ascii_whitespace()
        .collect::<Vec<_>>()
        .join("\n");
    for input in [one_line, one_per_line] {
        duckchess()
            .write_stdin(input.clone())
            .assert()
            .success()
            .stdout(official_answer());
        // The validator stays strict about lines (testlib's FAIL, 3).
        duckchess()
            .args(["validate", "-"])
            .write_stdin(input)
            .assert()
            .code(3);
    }
}

#[test]
fn a_dash_is_standard_input_for_judge_and_trace() {
    let input = std::fs::read(sample("official.in")).unwrap();
    for args in [&["-"][..], &["judge", "-"]] {
        duckchess()
            .args(args)
            .write_stdin(input.clone())
            .assert()
            .success()
            .stdout(official_answer());
    }
    let traced = duckchess()
        .args(["trace", "-"])
        .write_stdin(input)
        .output()
        .unwrap();
    assert!(traced.status.success());
    assert!(String::from_utf8(traced.stdout)
        .unwrap()
        .ends_with("18 commands: 9 valid, 9 invalid\n"));
}

#[test]
fn color_is_chosen_with_the_color_option() {
    let esc = |args: &[&str], no_color: bool| {
        let mut cmd = duckchess();
        cmd.args(args);
        if no_color {
            cmd.env("NO_COLOR", "1");
        } else {
            cmd.env_remove("NO_COLOR");
        }
        let out = cmd.output().unwrap();
        assert!(out.status.success(), "{args:?}");
        out.stdout.contains(&0x1b)
    };
    // Standard output is a pipe here, so auto means no colour.
    assert!(!esc(&["show", "start"], false));
    assert!(!esc(&["show", "start", "--color", "auto"], false));
    assert!(esc(&["show", "start", "--color", "always"], true));
    assert!(!esc(&["show", "start", "--color", "never"], false));
    let official = sample("official.in");
    let official = official.to_str().unwrap();
    assert!(esc(
        &["trace", "--board", "--color", "always", official],
        false
    ));
    assert!(!esc(&["trace", "--board", official], false));
    // check draws its boards by the same option (a failing candidate: it
    // answers `x` to everything).
    let save = tempfile::tempdir().unwrap();
    let save = save.path().to_str().unwrap();
    let check = |when: &str| {
        let out = duckchess()
            .args(["check", "--cases", "1", "--commands", "20", "--seed", "1"])
            .args(["--save", save, "--color", when, "--"])
            .args(["sh", "-c", "cat >/dev/null; echo x"])
            .env_remove("NO_COLOR")
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1));
        out.stdout.contains(&0x1b)
    };
    assert!(check("always"));
    assert!(!check("never"));
    assert!(!check("auto"));
}

#[test]
fn version_works_on_every_subcommand() {
    for sub in ["judge", "trace", "show", "gen", "verify", "check"] {
        let out = duckchess().args([sub, "--version"]).output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{sub}");
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(text.contains(env!("CARGO_PKG_VERSION")), "{sub}: {text}");
        assert!(out.stderr.is_empty(), "{sub}");
    }
}

use crate::system;

/// A word close to a subcommand that names no file is a typo, not a judge
/// input (issue 32, finding 2): clap's error with the suggestion, exit 2.
#[test]
fn a_mistyped_subcommand_gets_a_suggestion() {
    let dir = tempfile::tempdir().unwrap();
    for (args, suggests) in [
        (&["plya"][..], "a similar subcommand exists: 'play'"),
        (&["Play"][..], "a similar subcommand exists: 'play'"),
        (
            &["shwo", "start"][..],
            "a similar subcommand exists: 'show'",
        ),
        (&["version"][..], "a similar argument exists: '--version'"),
    ] {
        let out = duckchess()
            .env("NO_COLOR", "1")
            .current_dir(dir.path())
            .args(args)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        let said = format!("error: unrecognized subcommand '{}'", args[0]);
        assert!(err.starts_with(&said), "{args:?}: {err}");
        assert!(err.contains(suggests), "{args:?}: {err}");
        assert!(!err.contains('\x1b'), "NO_COLOR: {err:?}");
    }
    let out = duckchess()
        .env("NO_COLOR", "1")
        .current_dir(dir.path())
        .arg("plya")
        .output()
        .unwrap();
    insta::assert_snapshot!(String::from_utf8(out.stderr).unwrap());
}

/// The judges' `duckchess FILE` is kept: a file of that name is judged, and
/// a word close to no subcommand is still a missing file (exit 1).
#[test]
fn a_file_named_like_a_typo_is_still_judged() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(sample("official.in"), dir.path().join("plya")).unwrap();
    duckchess()
        .current_dir(dir.path())
        .arg("plya")
        .assert()
        .success()
        .stdout(official_answer());
    let out = duckchess()
        .current_dir(dir.path())
        .arg("zzzzzz")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.starts_with("duckchess: cannot open zzzzzz: "), "{err}");
    // Paths whose letters are close to a command's are still paths: CI's
    // short checkout path once made `/…/samples/no-such-file.in` a typo of
    // `serve`.
    for path in ["s/erve", "/ci/samples/no-such-file.in", "plya.in", "./shwo"] {
        let out = duckchess()
            .current_dir(dir.path())
            .arg(path)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1), "{path}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(
            err.starts_with(&format!("duckchess: cannot open {path}: ")),
            "{err}"
        );
    }
}

/// Bare `duckchess` with a terminal for input prints a short usage instead
/// of waiting silently for a judge input (run under `script`, which gives
/// it a terminal); `-` still reads the terminal.
#[test]
fn bare_duckchess_on_a_terminal_prints_a_short_usage() {
    if !system::have(
        &[("script", "bsdutils")],
        "bare duckchess on a terminal prints a usage",
    ) {
        return;
    }
    let bin = cargo_bin!("duckchess");
    let out = std::process::Command::new("script")
        // `timeout`: a binary that waits for the terminal fails, not hangs.
        .args([
            "-qec",
            &format!("timeout 10 {}", bin.display()),
            "/dev/null",
        ])
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout).replace("\r\n", "\n");
    assert_eq!(out.status.code(), Some(2), "{text}");
    assert!(
        text.starts_with(
            "duckchess: no judge input: give a file, pipe one in, or name a command\n"
        ),
        "{text}"
    );
    assert!(text.contains("duckchess play "), "{text}");
    assert!(text.lines().count() <= 6, "short: {text}");
}

/// Runs the binary with ARGS; its exit code, standard output and error.
fn run(args: &[&str]) -> (Option<i32>, String, String) {
    // A bound, so that a command that would run forever (perft 100 before
    // it had a bound) fails rather than hangs.
    let out = duckchess()
        .env_remove("NO_COLOR")
        .args(args)
        .timeout(std::time::Duration::from_secs(120))
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// Perft's depth has a bound (`--help` gives it) and a negative one gets
/// clap's tip (issue 32, finding 3).
#[test]
fn perft_depth_is_bounded_and_a_negative_one_gets_the_tip() {
    let (code, out, err) = run(&["perft", "100"]);
    assert_eq!((code, out.as_str()), (Some(2), ""), "{err}");
    assert!(err.contains("100 is not in 0..=15"), "{err}");
    let (code, _, err) = run(&["perft", "-1"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("to pass '-1' as a value, use '-- -1'"),
        "{err}"
    );
    let (_, help, _) = run(&["perft", "--help"]);
    assert!(help.contains("Path length, in plies: 0 to 15"), "{help}");
}

/// Perft counted one first move at a time (for the progress bar) gives the
/// library's counts, a captain taken on the first move ending its path.
#[test]
fn perft_counts_agree_with_the_library() {
    for (game, position, depth) in [
        ("duck", "start", 3),
        ("duck", "4k4/9/9/9/9/9/9/9/4R4/4K4 w", 3),
        ("chess", "start", 3),
        ("fourfold", "start", 2),
        (
            "cube",
            "n = 3, [###,n##,#rr],[#b#,###,###],[###,###,bRK]",
            3,
        ),
    ] {
        let notation = duckchess::variants::by_name(game).unwrap();
        let start = match position {
            "start" => notation.start(),
            text => notation.read_position(text).unwrap(),
        };
        let want: u64 = duckchess::variants::perft::divide(&*start, depth, 1)
            .iter()
            .map(|p| p.1)
            .sum();
        for threads in ["1", "2"] {
            let (code, out, err) = run(&[
                "perft",
                &depth.to_string(),
                "--threads",
                threads,
                "--variant",
                game,
                position,
            ]);
            assert_eq!(code, Some(0), "{game}: {err}");
            assert_eq!(out, format!("{want}\n"), "{game} {position}");
        }
    }
}

/// On a terminal, a perft shows how far it has counted, on standard error
/// (run under `script`, which gives it one).
#[test]
fn perft_shows_progress_on_a_terminal() {
    if !system::have(&[("script", "bsdutils")], "perft's progress on a terminal") {
        return;
    }
    let bin = cargo_bin!("duckchess");
    let command = format!("timeout 60 {} perft 4 --variant chess 2>&1", bin.display());
    let out = std::process::Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains("/20 first moves"), "{text:?}");
    assert!(text.contains("197281"), "{text:?}");
    // Off a terminal, nothing but the count.
    let (code, out, err) = run(&["perft", "4", "--variant", "chess"]);
    assert_eq!(
        (code, out.as_str(), err.as_str()),
        (Some(0), "197281\n", "")
    );
}

/// A finished game: `moves` lists nothing and says why on standard error;
/// `perft` counts what the board allows, as every perft does, and says the
/// game is over; `show` tells the result (issue 32, finding 7).
#[test]
fn a_finished_game_says_so() {
    let dead = "8/5k2/8/8/1N6/8/5K2/8 b - - 0 46";
    let why = "the game is over: draw by a dead position (neither side can mate)";
    let (code, out, err) = run(&["moves", "--variant", "chess", dead]);
    assert_eq!((code, out.as_str()), (Some(0), ""));
    assert_eq!(err, format!("duckchess: no moves: {why}\n"));
    let (code, out, err) = run(&["perft", "1", "--variant", "chess", dead]);
    assert_eq!((code, out.as_str()), (Some(0), "8\n"));
    assert_eq!(
        err,
        format!("duckchess: note: {why}; perft counts the moves the board allows all the same\n")
    );
    let (_, out, _) = run(&["show", "--variant", "chess", dead]);
    assert!(
        out.ends_with("draw by a dead position (neither side can mate)\n"),
        "{out}"
    );
    // Many positions on standard input: the line is named.
    let out = duckchess()
        .args(["moves", "-"])
        .write_stdin(format!("start\n{dead}\n"))
        .output()
        .unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(
        err,
        format!("duckchess: standard input line 2: no moves: {why}\n")
    );
    // Duck Chess once a captain is taken.
    let (code, out, err) = run(&["moves", "4k4/9/9/9/9/9/9/9/4R4/4K4 w moves 1 4 9 4"]);
    assert_eq!((code, out.as_str()), (Some(0), ""));
    assert_eq!(
        err,
        "duckchess: no moves: the game is over: red wins by taking the blue captain\n"
    );
}

/// `best` writes a move once where the game's notation is its coordinates
/// (Duck Chess), and both where they differ (issue 32, finding 8).
#[test]
fn best_writes_a_move_once_where_notation_is_coordinates() {
    let (code, out, err) = run(&["best", "--depth", "2", "4k4/9/9/9/9/9/9/9/4R4/4K4 w"]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out.lines().next(), Some("best 1 4 9 4"));
    let (_, out, _) = run(&["best", "--mate", "1", "4k4/9/9/9/9/9/9/9/4R4/4K4 w"]);
    assert_eq!(out.lines().next(), Some("best 1 4 9 4"));
    let (_, out, _) = run(&[
        "best",
        "--depth",
        "3",
        "5r1k/6pp/7N/8/8/1Q6/8/6K1 w - - 0 1",
    ]);
    assert_eq!(out.lines().next(), Some("best Qg8+ (b3g8)"));
}

/// No byte of a user's file reaches the terminal raw in a message: an
/// escape sequence or a NUL in a bad PGN move is escaped (issue 32,
/// finding 9).
#[test]
fn control_bytes_in_messages_are_escaped() {
    for (bad, escaped) in [("\x1b[31mX", "\\u{1b}"), ("\0X", "\\0")] {
        let out = duckchess()
            .arg("pgn")
            .write_stdin(format!("1. e4 {bad} e5 *\n"))
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2));
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(!err.chars().any(|c| c.is_control() && c != '\n'), "{err:?}");
        assert!(err.contains(escaped), "{err:?}");
        assert_eq!(err.lines().count(), 1, "{err:?}");
    }
}

/// The default build leaves the web server out (the README's first command
/// builds it cold; issue 32, finding 1): `serve` says how to get it, and
/// this test says loudly that the server's tests (compiled only with the
/// `web` feature) did not run: a failure under
/// `DUCKCHESS_REQUIRE_SYSTEM_TESTS=1`, as in CI, which runs
/// `cargo test --all-features`.
#[cfg(not(feature = "web"))]
#[test]
fn without_the_web_feature_serve_says_how_to_get_it() {
    let (code, out, err) = run(&["serve", "--port", "0"]);
    assert_eq!((code, out.as_str()), (Some(2), ""));
    assert_eq!(
        err,
        "duckchess: serve needs the web feature, which this build leaves out: \
         cargo run --release --features web -- serve, or cargo install --path . --features full\n"
    );
    let unchecked = "the web server (tests/server/web.rs, serve.rs, serve_load.rs, browser.rs, \
                     fuzz_checks.rs): built without the web feature";
    let required = std::env::var_os(system::REQUIRE).is_some_and(|v| !v.is_empty() && v != "0");
    assert!(
        !required,
        "{} is set but {unchecked}: run cargo test --all-features",
        system::REQUIRE
    );
    use std::io::Write as _;
    let _ = writeln!(
        std::io::stderr(),
        "\nSKIPPED: {unchecked}; cargo test --all-features runs them\n"
    );
}

/// Shell completions from the parser itself, for every shell clap knows;
/// bash's, loaded into bash, completes a subcommand.
#[test]
fn completions_for_every_shell() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let (code, out, err) = run(&["completions", shell]);
        assert_eq!(code, Some(0), "{shell}: {err}");
        for word in ["duckchess", "perft", "--variant"] {
            assert!(out.contains(word), "{shell}: no {word}");
        }
    }
    let (code, _, err) = run(&["completions", "tcsh"]);
    assert_eq!(code, Some(2), "{err}");
    if !system::have(&[("bash", "bash")], "bash's completion of a subcommand") {
        return;
    }
    let (_, script, _) = run(&["completions", "bash"]);
    let out = std::process::Command::new("bash")
        .args([
            "-c",
            "source /dev/stdin; COMP_WORDS=(duckchess pla); COMP_CWORD=1; \
             _duckchess duckchess pla duckchess; echo \"${COMPREPLY[@]}\"",
        ])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write as _;
            child.stdin.take().unwrap().write_all(script.as_bytes())?;
            child.wait_with_output()
        })
        .unwrap();
    assert_eq!(String::from_utf8(out.stdout).unwrap().trim(), "play");
}

/// The manual page from the parser: the command's on standard output, and
/// one per command with `--dir`, each naming its options.
#[test]
fn manual_pages() {
    let (code, page, err) = run(&["man"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(page.contains(".TH duckchess 1"), "{page}");
    for word in ["judge", "perft", "play", "completions", "Exit codes"] {
        assert!(page.contains(word), "no {word}");
    }
    let dir = tempfile::tempdir().unwrap();
    let (code, out, err) = run(&["man", "--dir", dir.path().to_str().unwrap()]);
    assert_eq!(code, Some(0), "{err}");
    let mut files: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    files.sort();
    assert!(
        out.starts_with(&format!("{} pages written to ", files.len())),
        "{out}"
    );
    assert!(files.contains(&"duckchess.1".to_string()), "{files:?}");
    let perft = std::fs::read_to_string(dir.path().join("duckchess-perft.1")).unwrap();
    assert!(perft.contains(".TH duckchess-perft 1"), "{perft}");
    assert!(perft.contains("\\-\\-divide"), "{perft}");
    assert!(perft.contains("duckchess perft"), "the synopsis: {perft}");
}

/// `--version` names the features the binary was built with.
#[test]
fn version_lists_the_features() {
    let (code, out, _) = run(&["--version"]);
    assert_eq!(code, Some(0));
    let web = if cfg!(feature = "web") { ", web" } else { "" };
    assert_eq!(
        out,
        format!(
            "duckchess {}\nfeatures: cli, contest, tui{web}\n",
            env!("CARGO_PKG_VERSION")
        )
    );
    let (_, short, _) = run(&["-V"]);
    assert_eq!(short, format!("duckchess {}\n", env!("CARGO_PKG_VERSION")));
}

/// Every command that reads positions or files shows examples in its help,
/// and each example runs and succeeds (all but `play`'s, which need a
/// terminal: their words are parsed by `play --help`'s own tests); no help
/// sends the reader to a docs/ path an installed binary has not (issue 32,
/// finding 5).
#[test]
fn every_example_in_the_help_runs() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(sample("official.in"), dir.path().join("judge.in")).unwrap();
    std::fs::write(
        dir.path().join("games.pgn"),
        "[Event \"?\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n1. d4 d5 *\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("puzzles.txt"),
        "n = 2, [rq,##],[##,K#]\nn = 3, [###,n##,#rr],[#b#,###,###],[###,###,bRK]\n",
    )
    .unwrap();
    let bin = cargo_bin!("duckchess");
    let path = format!(
        "{}:{}",
        bin.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    // What the examples read: a program to check (duckchess itself is a
    // right answer), a contestant's output and the jury's answer.
    let solution = dir.path().join("solution");
    std::fs::write(&solution, "#!/bin/sh\nexec duckchess \"$@\"\n").unwrap();
    std::fs::set_permissions(
        &solution,
        std::os::unix::fs::PermissionsExt::from_mode(0o755),
    )
    .unwrap();
    std::fs::copy(sample("official.in"), dir.path().join("01.in")).unwrap();
    std::fs::copy(sample("official.ans"), dir.path().join("contestant.out")).unwrap();
    std::fs::copy(sample("official.ans"), dir.path().join("01.ans")).unwrap();
    // Every command the help lists (those of the features built), the
    // account database and any other file in the folder, not the home's.
    let (_, version, _) = run(&["--version"]);
    let web = version.contains("web");
    let (_, top, _) = run(&["--help"]);
    let commands: Vec<&str> = top
        .split_once("Commands:\n")
        .expect("a list of commands")
        .1
        .lines()
        .take_while(|l| l.starts_with("  "))
        // A name after two spaces; a wrapped description is indented more.
        .filter(|l| !l[2..].starts_with(' '))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|&c| c != "help")
        .collect();
    assert!(commands.len() >= 20, "{commands:?}");
    let mut ran = 0;
    for command in std::iter::once("").chain(commands) {
        let args: Vec<&str> = [command, "--help"]
            .into_iter()
            .filter(|a| !a.is_empty())
            .collect();
        let (code, help, _) = run(&args);
        assert_eq!(code, Some(0), "{command}");
        assert!(!help.contains("docs/"), "{command} --help: {help}");
        let examples: Vec<&str> = help
            .split_once("Examples:\n")
            .unwrap_or_else(|| panic!("{command} --help has no examples: {help}"))
            .1
            .lines()
            .take_while(|l| !l.trim().is_empty())
            .map(str::trim)
            .collect();
        assert!(!examples.is_empty(), "{command}");
        for example in examples {
            assert!(
                example.starts_with("duckchess ") || example.contains("| duckchess "),
                "{example}"
            );
            // The terminal game and the server run until stopped; accounts
            // and tokens need the server's database (the `web` feature);
            // `tune` needs scored positions a user makes first
            // (tests/commands/engine.rs tunes on some).
            if example.starts_with("duckchess play")
                || example.starts_with("duckchess serve")
                || example.starts_with("duckchess tune")
                || (["account", "token"].contains(&command) && !web)
            {
                continue;
            }
            let out = std::process::Command::new("sh")
                .args(["-c", example])
                .current_dir(dir.path())
                .env("PATH", &path)
                .env("HOME", dir.path())
                .env("XDG_DATA_HOME", dir.path())
                .output()
                .unwrap();
            let err = String::from_utf8_lossy(&out.stderr);
            assert!(out.status.success(), "{command}: {example}: {err}");
            ran += 1;
        }
    }
    assert!(ran >= if web { 40 } else { 30 }, "{ran} examples run");
}

/// Each help speaks of its own command: `show` not of `play`'s files or
/// `moves`' standard input; `play`'s keys in the direction the game moves
/// (`]` and PgUp up, as `crates/tui/src/screen.rs` maps them), and `--vs human`
/// without keys that do not exist (issue 32, finding 5).
#[test]
fn help_texts_speak_of_their_own_command() {
    let (_, show, _) = run(&["show", "--help"]);
    assert!(!show.contains("saved game"), "{show}");
    assert!(!show.contains("standard input"), "{show}");
    let (_, play, _) = run(&["play", "--help"]);
    assert!(
        play.contains("] or PgUp, [ or PgDn   one level up / down (cube)"),
        "{play}"
    );
    assert!(!play.contains("every move is typed"), "{play}");
    assert!(play.contains("a saved game's file"), "{play}");
}
