//! `duckchess play` as a program: refusing to run without a terminal, its
//! options, and one real game under tmux (keys and clicks in, screen out).

use duckchess::judge::{Command as JudgeCommand, Position};
use duckchess::kernel::{AnyPosition, Move as KernelMove};
use duckchess::play::game::{Game as KernelGame, Options as KernelOptions};
use duckchess::variants::layout::{Layout, GAP};
use duckchess::variants::{self, Notation};
use std::path::{Path, PathBuf};
use std::process::Output;
use std::time::{Duration, Instant};

use crate::system;
use crate::tmux;

use tmux::Tmux;

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
        (
            &["play", "--depth", "0"][..],
            "expected a depth from 1 to 64",
        ),
    ] {
        let out = duckchess(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

/// Whether tmux is here; without it the test says loudly what it skipped
/// (a failure under `DUCKCHESS_REQUIRE_SYSTEM_TESTS=1`, as in CI).
fn tmux_present(unchecked: &str) -> bool {
    system::have(&[("tmux", "tmux")], unchecked)
}

/// The piece text drawn at the judge's point (x, y) on a captured 80 × 24
/// Duck Chess screen (glyphs, no colour: squares 5 columns wide, the
/// glyph and its side letter between the marks).
fn cell(screen: &str, x: usize, y: usize) -> String {
    let (left, top) = kernel_origin(screen, "duck");
    let line = screen.lines().nth(top + 2 + (9 - x)).unwrap();
    // Columns, not chars: a CJK glyph is two columns wide.
    let mut columns = Vec::new();
    for c in line.chars() {
        columns.push(c.to_string());
        if ('\u{2E80}'..='\u{9FFF}').contains(&c) {
            columns.push(String::new());
        }
    }
    let start = left + 1 + 2 + 5 * y;
    columns[start..start + 5].concat().trim().to_string()
}

#[test]
fn a_move_with_keys_under_tmux() {
    if !tmux_present("the Duck Chess terminal game played by keys and a click") {
        return;
    }
    let (tmux, exit_file) = start_under_tmux("duck", &["--depth", "1"], (80, 24));
    let screen = tmux.wait_for("the board", |s| s.contains("red (you) to move"));
    assert_eq!(cell(&screen, 3, 4), "兵r");
    assert_eq!(cell(&screen, 4, 4), "·");

    // The cursor starts on red's captain (0,4): up three rows to the
    // soldier on (3,4), pick it up, one row up, put it down.
    tmux.keys(&["Up", "Up", "Up", "Enter", "Up", "Enter"]);
    let screen = tmux.wait_for("the computer's reply", |s| {
        s.contains("1... ") && s.contains("red (you) to move")
    });
    assert!(screen.contains("1. 3 4 4 4"), "{screen}");
    assert_eq!(cell(&screen, 3, 4), "·");
    assert_eq!(cell(&screen, 4, 4), "兵r");

    // Blue's reply, as listed, is what the judge says of it.
    let lines: Vec<&str> = screen.lines().collect();
    let at = lines.iter().position(|l| l.contains("1... ")).unwrap();
    let listed = |l: &str| {
        l.rsplit('│').nth(1).unwrap().trim().to_string() // the move panel
    };
    let command = listed(lines[at]);
    let numbers: Vec<i64> = command["1... ".len()..]
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
    // The verdict, indented under the move, may wrap after a semicolon in
    // the narrow panel.
    let verdict: String = lines[at + 1..]
        .iter()
        .map(|l| listed(l))
        .take_while(|t| !t.is_empty() && !t.starts_with(|c: char| c.is_ascii_digit()))
        .collect();
    assert_eq!(verdict, record.to_string(), "{screen}");
    let first = lines.iter().position(|l| l.contains("1. 3 4 4 4")).unwrap();
    let verdict: String = lines[first + 1..]
        .iter()
        .map(|l| listed(l))
        .take_while(|t| !t.is_empty() && !t.starts_with(|c: char| c.is_ascii_digit()))
        .collect();
    assert_eq!(verdict, "red soldier;NA;no;no", "{screen}");

    // Then one move with the mouse: the horse on (0,1) to (2,2), clicked as
    // a terminal reports it (SGR: button 0 press and release, 1-based
    // column and row of the point's glyph).
    let (left, top) = kernel_origin(&screen, "duck");
    let click = |x: usize, y: usize| {
        let (row, col) = (top + 2 + (9 - x) + 1, left + 1 + 2 + 5 * y + 1 + 1);
        let report = format!("\x1b[<0;{col};{row}M\x1b[<0;{col};{row}m");
        tmux.keys(&["-l", &report]);
    };
    click(0, 1);
    click(2, 2);
    let screen = tmux.wait_for("the reply to the click", |s| {
        s.contains("2... ") && s.contains("red (you) to move")
    });
    assert!(screen.contains("2. 0 1 2 2"), "{screen}");
    // (Not checking (2,2): the computer's reply may take the horse.)
    assert_eq!(cell(&screen, 0, 1), "·");

    // Esc does not quit; q asks first (4 unsaved moves), y leaves.
    tmux.keys(&["Escape"]);
    std::thread::sleep(Duration::from_millis(300));
    assert!(
        std::fs::read_to_string(&exit_file).is_err(),
        "Esc quit the game"
    );
    assert_eq!(tmux.quit(&exit_file), "0\n", "the exit status");
    // Quitting leaves the alternate screen: the board is gone.
    assert!(!tmux.screen().contains("┌ duck "));
}

/// Starts `duckchess play ARGS` under tmux in a scratch directory of its
/// own (see tests/tmux); returns the server and its exit-status file.
fn start_under_tmux(tag: &str, args: &[&str], size: (u16, u16)) -> (Tmux, PathBuf) {
    let id = std::process::id();
    let dir = std::env::temp_dir().join(format!("duckchess-tmux-{tag}-{id}"));
    Tmux::play(&dir, args, size)
}

/// The character drawn at grid cell (row, col) of a kernel variant's
/// board on a captured 80 × 24 screen (squares 3 columns wide, `--style
/// ascii`): found from the board box's corner, titled with the variant.
fn kernel_cell(screen: &str, name: &str, (row, col): (usize, usize), rows: usize) -> char {
    let (left, top) = kernel_origin(screen, name);
    let lines: Vec<&str> = screen.lines().collect();
    // A square is h rows tall (taller in a taller window): the box holds
    // a label row, rows × h rows of squares, the file labels.
    let bottom = (top..lines.len())
        .find(|&i| lines[i].chars().nth(left) == Some('└'))
        .expect("the board box's bottom");
    let h = (bottom - top - 3) / rows;
    // Border, a margin for the rank numbers (2 columns, 3 where the top
    // rank's number has two digits: xiangqi's 10), then 3 columns a
    // square, the glyph in the middle; the first row is the labels.
    let top_rank: Vec<char> = lines[top + 2 + h / 2]
        .chars()
        .skip(left + 1)
        .take(2)
        .collect();
    let margin = if top_rank.iter().all(|c| c.is_ascii_digit()) {
        3
    } else {
        2
    };
    let x = left + 1 + margin + 3 * col + 1;
    lines[top + 2 + row * h + h / 2]
        .chars()
        .nth(x)
        .unwrap_or(' ')
}

/// The column and row (from 0) of the board box's top-left corner.
fn kernel_origin(screen: &str, name: &str) -> (usize, usize) {
    let title = format!("┌ {name} ");
    let lines: Vec<&str> = screen.lines().collect();
    let top = lines
        .iter()
        .position(|l| l.contains(&title))
        .unwrap_or_else(|| panic!("no board box in\n{screen}"));
    let left = lines[top].chars().position(|c| c == '┌').unwrap();
    (left, top)
}

/// The keys that take the cursor from `from` to `to`: Alt+arrows to the
/// board, then arrows within it (the Fourfold page's keys).
fn keys_between(layout: &Layout, from: usize, to: usize) -> Vec<&'static str> {
    let shape = layout.shape();
    let (ranks, files) = (shape.size(1) as usize + GAP, shape.size(0) as usize + GAP);
    let ((r0, c0), (r1, c1)) = (layout.place(from), layout.place(to));
    let mut keys = Vec::new();
    let steps = |a: usize, b: usize, less: &'static str, more: &'static str| {
        let n = a.abs_diff(b);
        vec![if b < a { less } else { more }; n]
    };
    keys.extend(steps(r0 / ranks, r1 / ranks, "M-Up", "M-Down"));
    keys.extend(steps(c0 / files, c1 / files, "M-Left", "M-Right"));
    keys.extend(steps(r0 % ranks, r1 % ranks, "Up", "Down"));
    keys.extend(steps(c0 % files, c1 % files, "Left", "Right"));
    keys
}

/// The move each variant's smoke test plays: for Fourfold the spec's first
/// move, rook a1[0,0] to a1[0,1]; e2–e4 in chess; else the first legal move.
fn smoke_move(notation: &dyn Notation, start: &dyn AnyPosition) -> Option<KernelMove> {
    let named = |name: &str| {
        (0..start.variant().shape.len()).find(|&s| notation.square_name(start, s) == name)
    };
    let pairs = [("a1[0,0]", "a1[0,1]"), ("e2", "e4")];
    pairs
        .iter()
        .find_map(|(a, b)| {
            let (a, b) = (named(a)?, named(b)?);
            start
                .legal_moves()
                .into_iter()
                .find(|m| m.from() == a && m.to() == b)
        })
        .or_else(|| start.legal_moves().first().copied())
}

/// Every registered variant (chess now; the cube and Fourfold as they
/// join the registry): the board drawn, one move played with the arrow,
/// Alt+arrow and Enter keys, the move listed in the variant's notation,
/// the piece drawn on its new square, and q leaves with status 0.
#[test]
fn every_variant_plays_a_move_by_keys_under_tmux() {
    if !tmux_present("a move by keys in every variant's terminal game") {
        return;
    }
    assert!(variants::by_name("chess").is_some());
    for notation in variants::all() {
        let name = notation.name();
        let (tmux, exit_file) = start_under_tmux(
            name,
            &["--variant", name, "--vs", "human", "--style", "ascii"],
            (80, 24),
        );
        let start = notation.start();
        let game = KernelGame::new(KernelOptions::new(*notation));
        let turn = notation.side_name(start.turn());
        let screen = tmux.wait_for("the board", |s| {
            s.contains(&format!("{turn} to move")) || s.contains("game over: ")
        });
        let layout = notation.layout(&*start);
        let Some(m) = smoke_move(*notation, &*start) else {
            // A puzzle's start may be over already: the screen says so.
            assert!(start.outcome().is_some());
            let over = tmux.wait_for("the result", |s| s.contains("game over: "));
            assert_eq!(tmux.quit(&exit_file), "0\n", "{name}: {over}");
            continue;
        };
        let piece = start.piece_at(m.from()).unwrap();
        let letter = start.variant().piece_char(piece);
        let (r0, c0) = layout.place(m.from());
        let (r1, c1) = layout.place(m.to());
        assert_eq!(
            kernel_cell(&screen, name, (r0, c0), layout.rows()),
            letter,
            "{screen}"
        );

        let mut keys = keys_between(&layout, game.cursor(), m.from());
        keys.push("Enter");
        keys.extend(keys_between(&layout, m.from(), m.to()));
        keys.push("Enter");
        tmux.keys(&keys);
        let note = notation.write_move(&*start, m);
        let listed = if start.turn() == duckchess::kernel::Color::White {
            format!("1. {note}")
        } else {
            format!("... {note}")
        };
        let other = notation.side_name(start.turn().other());
        let screen = tmux.wait_for("the move", |s| s.contains(&format!("{other} to move")));
        assert!(screen.contains(&listed), "{name}: {keys:?}\n{screen}");
        assert_eq!(
            kernel_cell(&screen, name, (r1, c1), layout.rows()),
            letter,
            "{screen}"
        );
        assert_eq!(
            kernel_cell(&screen, name, (r0, c0), layout.rows()),
            '.',
            "{screen}"
        );
        assert_eq!(tmux.quit(&exit_file), "0\n", "{name}");
        assert!(!tmux.screen().contains(&format!("┌ {name} ")));
    }
}

/// Chess against the computer under tmux: a move by keys, the computer's
/// reply, a hint asked with h, the game saved with s.
#[test]
fn chess_against_the_computer_under_tmux() {
    if !tmux_present("chess against the computer in the terminal game") {
        return;
    }
    let (tmux, exit_file) = start_under_tmux(
        "chess-computer",
        &["--variant", "chess", "--think-ms", "200"],
        (80, 24),
    );
    tmux.wait_for("the board", |s| s.contains("white (you) to move"));
    // The cursor starts on the king e1: up to e2, pick it up, up twice.
    tmux.keys(&["Up", "Enter", "Up", "Up", "Enter"]);
    let chess = variants::by_name("chess").unwrap();
    let start = chess.start();
    let e4 = chess.read_move(&*start, "e2e4").unwrap();
    let first = format!("1. {} ", chess.write_move(&*start, e4));
    let screen = tmux.wait_for("the reply", |s| {
        s.contains("white (you) to move") && s.contains(&first)
    });
    assert!(screen.contains('♙'), "figurines by default: {screen}");
    tmux.keys(&["h"]);
    let screen = tmux.wait_for("the hint", |s| s.contains("hint: "));
    assert!(screen.contains("white (you) to move"), "{screen}");
    tmux.keys(&["s"]);
    let screen = tmux.wait_for("the save", |s| s.contains("saved chess-"));
    let saved: Vec<PathBuf> = std::fs::read_dir(&tmux.dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with("chess-")
        })
        .collect();
    assert_eq!(saved.len(), 1, "{screen}");
    let (_, moves) = chess
        .read_record(&std::fs::read_to_string(&saved[0]).unwrap())
        .unwrap();
    assert_eq!(moves.len(), 2);
    assert_eq!(moves[0], e4);

    // Then Nf3 by mouse: g1 (rank row 7, file 6), then f3 (row 5, file 5).
    let mut position = start.clone();
    for &m in &moves {
        position.play(m).unwrap();
    }
    let nf3 = chess.read_move(&*position, "g1f3").unwrap();
    let (left, top) = kernel_origin(&screen, "chess");
    for (row, col) in [(7, 6), (5, 5)] {
        // SGR: 1-based column and row of the square's glyph.
        let (x, y) = (left + 1 + 2 + 3 * col + 1 + 1, top + 2 + row + 1);
        let report = format!("\x1b[<0;{x};{y}M\x1b[<0;{x};{y}m");
        tmux.keys(&["-l", &report]);
    }
    let second = format!("2. {}", chess.write_move(&*position, nf3));
    tmux.wait_for("the click move and its reply", |s| {
        s.contains(&second) && s.contains("white (you) to move")
    });
    assert_eq!(tmux.quit(&exit_file), "0\n");
}

#[test]
fn kernel_variants_refuse_bad_options() {
    for (args, says) in [
        (&["play", "--variant", "go"][..], "unknown variant \"go\""),
        (
            &["play", "--variant", "chess", "--computer", "red"][..],
            "expected white or black",
        ),
        (
            &["play", "--variant", "chess", "--from", "8/8 x"][..],
            "bad chess position",
        ),
        (&["play", "--computer", "green"][..], "expected red or blue"),
    ] {
        let out = duckchess(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains(says), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}

/// `--from FILE` reads a saved game; a bad one is refused with its line.
#[test]
fn from_a_saved_game_file() {
    let dir = tempfile::tempdir().unwrap();
    let chess = variants::by_name("chess").unwrap();
    let start = chess.start();
    let e4 = chess.read_move(&*start, "e2e4").unwrap();
    let good = dir.path().join("good.txt");
    std::fs::write(&good, chess.write_record(&*start, &[e4])).unwrap();
    let out = duckchess(&[
        "play",
        "--variant",
        "chess",
        "--from",
        good.to_str().unwrap(),
    ]);
    // Read and accepted: what stops it is the missing terminal.
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("needs a terminal"), "{err}");
    // Chess records are PGN: the second e4 on line 3 is White's pawn
    // blocked by its own.
    let bad = dir.path().join("bad.pgn");
    std::fs::write(&bad, "[Event \"?\"]\n\n1. e4 e5 2. e4 *\n").unwrap();
    let out = duckchess(&[
        "play",
        "--variant",
        "chess",
        "--from",
        bad.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("bad.pgn: game 1, line 3: move 2. e4"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
}

/// A saved game is recognised by its content, without `--variant`, as a
/// position is (issue 32, finding 4): every game's record under the name
/// `s` gives it and as a `.txt`, and a chess PGN, whose `[Event` tag once
/// read as a cube level; a bad PGN is refused as PGN, with its line.
#[test]
fn a_saved_game_is_recognised_by_its_content() {
    let dir = tempfile::tempdir().unwrap();
    for notation in variants::all() {
        let start = notation.start();
        let moves: Vec<KernelMove> = smoke_move(*notation, &*start).into_iter().collect();
        let record = notation.write_record(&*start, &moves);
        let ext = notation.record_extension();
        let name = notation.name();
        for file in [format!("{name}-2026.{ext}"), format!("{name}.txt")] {
            let path = dir.path().join(file);
            std::fs::write(&path, &record).unwrap();
            let out = duckchess(&["play", path.to_str().unwrap()]);
            let err = String::from_utf8(out.stderr).unwrap();
            // Read and accepted: what stops it is the missing terminal.
            assert!(err.contains("needs a terminal"), "{name}: {path:?}: {err}");
        }
    }
    let bad = dir.path().join("bad.pgn");
    std::fs::write(&bad, "[Event \"?\"]\n\n1. e4 e5 2. e4 *\n").unwrap();
    let out = duckchess(&["play", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("read as PGN, game 1, line 3: move 2. e4"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
}

/// The chess game `s` saves, played again without `--variant`: the chess
/// board, its moves replayed (under tmux).
#[test]
fn a_saved_pgn_plays_again_under_tmux() {
    if !tmux_present("a saved PGN played again without --variant") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let chess = variants::by_name("chess").unwrap();
    let start = chess.start();
    let e4 = chess.read_move(&*start, "e2e4").unwrap();
    let saved = dir.path().join("chess-20261202T000000Z.pgn");
    std::fs::write(&saved, chess.write_record(&*start, &[e4])).unwrap();
    let (tmux, exit_file) = start_under_tmux(
        "saved-pgn",
        &["--vs", "human", saved.to_str().unwrap()],
        (80, 24),
    );
    let screen = tmux.wait_for("the chess board", |s| s.contains("black to move"));
    assert!(screen.contains("┌ chess "), "{screen}");
    assert!(screen.contains("1. e4"), "{screen}");
    assert_eq!(tmux.quit(&exit_file), "0\n");
}

/// The `:` prompt and the `?` help under tmux: a move typed in SAN, one
/// completed with Tab, a bad one refused on one line, and the help screen
/// opened and closed without leaving the game.
#[test]
fn the_move_prompt_and_the_help_under_tmux() {
    if !tmux_present("the terminal game's : prompt and ? help") {
        return;
    }
    let (tmux, exit_file) = start_under_tmux(
        "prompt",
        &["--variant", "chess", "--vs", "human", "--style", "ascii"],
        (80, 24),
    );
    tmux.wait_for("the board", |s| s.contains("white to move"));
    tmux.keys(&[":"]);
    tmux.wait_for("the prompt", |s| s.contains("Tab completes"));
    tmux.keys(&["-l", "e4"]);
    tmux.keys(&["Enter"]);
    tmux.wait_for("e4 played", |s| {
        s.contains("1. e4") && s.contains("black to move")
    });
    // Black: "N" and Tab list the knight moves; "Nf" and Tab complete Nf6.
    tmux.keys(&[":", "N", "Tab"]);
    let screen = tmux.wait_for("the candidates", |s| s.contains("Na6 Nc6 Nf6 Nh6"));
    assert!(screen.contains(":Na6_"), "{screen}");
    // Esc alone: a key right after it would read as Alt+key.
    tmux.keys(&["Escape"]);
    tmux.wait_for("the prompt closed", |s| !s.contains(":Na6_"));
    tmux.keys(&[":", "N", "f", "Tab"]);
    tmux.wait_for("Nf6 completed", |s| s.contains(":Nf6_"));
    tmux.keys(&["Enter"]);
    tmux.wait_for("Nf6 played", |s| s.contains("1. e4 Nf6"));
    // A move the rules forbid: the reason, the prompt still open.
    tmux.keys(&[":"]);
    tmux.keys(&["-l", "Ke3"]);
    tmux.keys(&["Enter"]);
    let screen = tmux.wait_for("the refusal", |s| s.contains("Ke3: "));
    assert!(screen.contains(":Ke3_"), "{screen}");
    // Read whole (it was cut at the board's width): it wraps, and the key
    // lines follow it.
    let lines: Vec<&str> = screen.lines().collect();
    let at = lines.iter().position(|l| l.starts_with("Ke3: ")).unwrap();
    let keys = lines
        .iter()
        .position(|l| l.starts_with("arrows: cursor"))
        .unwrap();
    let refusal = lines[at..keys]
        .iter()
        .map(|l| l.split('│').next().unwrap_or("").trim())
        .collect::<Vec<_>>()
        .join(" ");
    assert!(
        refusal.ends_with("white has no king that can go to e3"),
        "{refusal}\n{screen}"
    );
    tmux.keys(&["Escape"]);
    tmux.wait_for("the prompt closed", |s| !s.contains(":Ke3_"));

    tmux.keys(&["?"]);
    let screen = tmux.wait_for("the help", |s| s.contains("Keys (? Esc q: close)"));
    for entry in ["type a move", "undo/redo", "save/load", "claim a draw"] {
        assert!(screen.contains(entry), "{entry}: {screen}");
    }
    // q closes the help; it does not quit.
    tmux.keys(&["q"]);
    tmux.wait_for("the help closed", |s| !s.contains("Keys (? Esc q: close)"));
    assert!(
        std::fs::read_to_string(&exit_file).is_err(),
        "q in the help quit"
    );
    assert_eq!(tmux.quit(&exit_file), "0\n");
}

/// `--clock` under tmux: both sides' time shown, the side to move's
/// ticking, the increment added after a move; a bad value is a usage
/// error.
#[test]
fn clocks_under_tmux() {
    let out = duckchess(&["play", "--clock", "5+x"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("expected MINUTES+SECONDS, as 5+3"), "{err}");
    if !tmux_present("the terminal game's clocks") {
        return;
    }
    let (tmux, exit_file) = start_under_tmux(
        "clock",
        &["--variant", "chess", "--vs", "human", "--clock", "1+30"],
        (80, 24),
    );
    let screen = tmux.wait_for("the clocks", |s| s.contains("black 1:00"));
    assert!(
        screen.contains("> white 1:00") || screen.contains("> white 0:5"),
        "{screen}"
    );
    tmux.wait_for("white's clock ticking", |s| s.contains("> white 0:5"));
    tmux.keys(&[":"]);
    tmux.keys(&["-l", "e4"]);
    tmux.keys(&["Enter"]);
    // White's time plus 30 s, more than a minute; black's now running.
    let screen = tmux.wait_for("the increment", |s| s.contains("  white 1:2"));
    assert!(screen.contains("> black "), "{screen}");
    assert_eq!(tmux.quit(&exit_file), "0\n");
}

/// `--opponent uci:COMMAND` under tmux: duckchess's own `uci` as the other
/// engine answers a move; an opponent that is not `uci:` is a usage error,
/// and an engine that does not run exits 1.
#[test]
fn another_uci_engine_as_the_opponent_under_tmux() {
    let out = duckchess(&["play", "--opponent", "greedy"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("expected uci:COMMAND"), "{err}");
    if !tmux_present("another UCI engine as the terminal game's opponent") {
        return;
    }
    let bin: &Path = assert_cmd::cargo::cargo_bin!("duckchess");
    let engine = format!("uci:{} uci", bin.display());
    let (tmux, exit_file) = start_under_tmux(
        "uci-opponent",
        &[
            "--variant",
            "chess",
            "--think-ms",
            "100",
            "--opponent",
            &engine,
        ],
        (80, 24),
    );
    tmux.wait_for("the board", |s| s.contains("white (you) to move"));
    tmux.keys(&[":"]);
    tmux.keys(&["-l", "e4"]);
    tmux.keys(&["Enter"]);
    let screen = tmux.wait_for("the engine's reply", |s| {
        s.contains("1. e4 ") && s.contains("white (you) to move")
    });
    assert!(!screen.contains("found no move"), "{screen}");
    assert_eq!(tmux.quit(&exit_file), "0\n");
    drop(tmux);

    let (tmux, exit_file) = start_under_tmux(
        "uci-missing",
        &["--opponent", "uci:/nonexistent/engine"],
        (80, 24),
    );
    let start = Instant::now();
    let status = loop {
        if let Ok(text) = std::fs::read_to_string(&exit_file) {
            if text.ends_with('\n') {
                break text;
            }
        }
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "{}",
            tmux.screen()
        );
        std::thread::sleep(Duration::from_millis(100));
    };
    assert_eq!(status, "1\n");
    // The message's end (its start may have scrolled by as it wrapped).
    let screen = tmux.screen();
    assert!(screen.contains("os error"), "{screen}");
    // The message's end (its start may have scrolled by as it wrapped).
    let screen = tmux.screen();
    assert!(screen.contains("os error"), "{screen}");
}

/// The config file: a bad one is one line naming the file and the line,
/// exit 2 (found through XDG_CONFIG_HOME, or named by --config); a good
/// one sets the style and the keys under tmux, and the command line wins.
#[test]
fn the_config_file() {
    let dir = std::env::temp_dir().join(format!("duckchess-config-test-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("duckchess")).unwrap();
    let bad = dir.join("duckchess").join("config.toml");
    std::fs::write(&bad, "style = \"ascii\"\n\n[keys]\nundo = \"uu\"\n").unwrap();
    let out = assert_cmd::cargo_bin_cmd!("duckchess")
        .args(["play"])
        .env("XDG_CONFIG_HOME", &dir)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(
        err,
        format!(
            "duckchess: config: {}: line 4: keys.undo: expected one character, not \"uu\"\n",
            bad.display()
        )
    );
    let missing = dir.join("none.toml");
    let out = duckchess(&["play", "--config", missing.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8(out.stderr).unwrap().contains("none.toml"));

    let good = dir.join("good.toml");
    std::fs::write(&good, "style = \"ascii\"\n[keys]\nundo = \"z\"\n").unwrap();
    if !tmux_present("the terminal game's config file") {
        let _ = std::fs::remove_dir_all(&dir);
        return;
    }
    let config = good.to_str().unwrap();
    let (tmux, exit_file) = start_under_tmux(
        "config",
        &["--variant", "chess", "--vs", "human", "--config", config],
        (80, 24),
    );
    let screen = tmux.wait_for("the board", |s| s.contains("white to move"));
    assert!(
        screen.contains("1  R  N  B  Q  K  B  N  R"),
        "ascii: {screen}"
    );
    assert!(screen.contains("z/r: undo/redo"), "{screen}");
    tmux.keys(&[":"]);
    tmux.keys(&["-l", "e4"]);
    tmux.keys(&["Enter"]);
    tmux.wait_for("e4", |s| s.contains("1. e4"));
    tmux.keys(&["z"]);
    tmux.wait_for("z undoes", |s| s.contains("took back 1 move"));
    assert_eq!(tmux.quit(&exit_file), "0\n");
    drop(tmux);
    let (tmux, exit_file) = start_under_tmux(
        "config-style",
        &[
            "--variant",
            "chess",
            "--vs",
            "human",
            "--config",
            config,
            "--style",
            "glyphs",
        ],
        (80, 24),
    );
    let screen = tmux.wait_for("the board", |s| s.contains("white to move"));
    assert!(screen.contains('♔'), "--style wins over the file: {screen}");
    assert_eq!(tmux.quit(&exit_file), "0\n");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The evaluation line, resigning and reviewing the finished game under
/// tmux, against the computer.
#[test]
fn eval_resign_and_review_under_tmux() {
    if !tmux_present("the terminal game's evaluation, resignation and review") {
        return;
    }
    let (tmux, exit_file) = start_under_tmux(
        "review",
        &[
            "--variant",
            "chess",
            "--think-ms",
            "100",
            "--style",
            "ascii",
        ],
        (80, 24),
    );
    tmux.wait_for("the board", |s| s.contains("white (you) to move"));
    tmux.keys(&["e"]);
    tmux.wait_for("the evaluation", |s| s.contains("eval for white: "));
    tmux.keys(&[":"]);
    tmux.keys(&["-l", "e4"]);
    tmux.keys(&["Enter"]);
    let screen = tmux.wait_for("the reply and its evaluation", |s| {
        s.contains("1. e4 ") && s.contains("white (you) to move") && s.contains("eval for white: ")
    });
    assert!(!screen.contains("eval for black"), "{screen}");
    tmux.keys(&["x"]);
    tmux.wait_for("the question", |s| s.contains("resign as white? y yes"));
    tmux.keys(&["y"]);
    tmux.wait_for("the result", |s| {
        s.contains("game over: black wins: white resigned")
    });
    tmux.keys(&["Left"]);
    tmux.wait_for("move 1", |s| s.contains("move 1 of 2: e4"));
    tmux.keys(&["End"]);
    let screen = tmux.wait_for("the end", |s| s.contains("the end of the game"));
    assert!(
        screen.contains("game over: black wins: white resigned"),
        "{screen}"
    );
    assert_eq!(tmux.quit(&exit_file), "0\n");
}
