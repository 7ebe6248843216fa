//! `duckchess uci`: the protocol as a program drives it, through a pipe,
//! in every game of the registry; and python-chess's engine client on
//! chess (`scripts/uci_python_chess.py`).

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use crate::system;

/// `duckchess uci` with a line reader that gives up after a while.
struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: mpsc::Receiver<String>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_duckchess"))
            .arg("uci")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                if tx.send(line.unwrap()).is_err() {
                    break;
                }
            }
        });
        Engine {
            child,
            stdin,
            lines,
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
    }

    /// The lines up to and including the first that `done` accepts.
    fn until(&self, what: &str, done: impl Fn(&str) -> bool) -> Vec<String> {
        let deadline = Instant::now() + Duration::from_secs(30);
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = self
                .lines
                .recv_timeout(left)
                .unwrap_or_else(|_| panic!("no {what} after {seen:?}"));
            let end = done(&line);
            seen.push(line);
            if end {
                return seen;
            }
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn the_handshake_names_the_options_and_every_game() {
    let mut e = Engine::start();
    e.send("uci");
    let lines = e.until("uciok", |l| l == "uciok");
    assert!(lines[0].starts_with("id name duckchess "), "{lines:?}");
    assert!(lines
        .iter()
        .any(|l| l.starts_with("option name Hash type spin")));
    let variants = lines
        .iter()
        .find(|l| l.starts_with("option name UCI_Variant type combo default chess"))
        .expect("UCI_Variant");
    for name in duckchess::variants::names() {
        assert!(variants.contains(&format!("var {name}")), "{variants}");
    }
    e.send("isready");
    e.until("readyok", |l| l == "readyok");
    e.send("quit");
    let status = e.child.wait().unwrap();
    assert!(status.success());
}

/// In every game: a position by `startpos moves ...` in its one-word
/// coordinates, a search by depth with `info` lines, and a legal best move
/// that `position ... moves` takes back.
#[test]
fn every_game_is_played_through_uci() {
    for notation in duckchess::variants::all() {
        let start = notation.start();
        let Some(&first) = start.legal_moves().first() else {
            continue;
        };
        let opening = notation.uci_move(&*start, first);
        assert!(!opening.contains(' '), "{}: {opening:?}", notation.name());
        let mut after = start.clone_box();
        after.play(first).unwrap();
        let mut e = Engine::start();
        e.send(&format!(
            "setoption name UCI_Variant value {}",
            notation.name()
        ));
        e.send("ucinewgame");
        e.send(&format!("position startpos moves {opening}"));
        e.send("go depth 2");
        let lines = e.until("bestmove", |l| l.starts_with("bestmove"));
        let infos: Vec<&String> = lines
            .iter()
            .filter(|l| l.starts_with("info depth"))
            .collect();
        assert_eq!(infos.len(), 2, "{}: {lines:?}", notation.name());
        assert!(infos[1].contains(" score cp ") || infos[1].contains(" score mate "));
        assert!(infos[1].contains(" nodes ") && infos[1].contains(" pv "));
        let best = lines
            .last()
            .unwrap()
            .split_whitespace()
            .nth(1)
            .unwrap()
            .to_string();
        let m = notation
            .read_move(&*after, &best)
            .unwrap_or_else(|e| panic!("{}: bestmove {best}: {e}", notation.name()));
        assert!(after.legal_moves().contains(&m));
        // The move read back by `position ... moves`: no complaint.
        e.send(&format!("position startpos moves {opening} {best}"));
        e.send("isready");
        let lines = e.until("readyok", |l| l == "readyok");
        assert!(
            !lines.iter().any(|l| l.starts_with("info string")),
            "{}: {lines:?}",
            notation.name()
        );
        e.send("quit");
    }
}

/// `go infinite` answers only after `stop`; `isready` is answered while
/// it thinks; `go nodes` and a clock end by themselves.
#[test]
fn stop_infinite_nodes_and_the_clock() {
    let mut e = Engine::start();
    e.send("position startpos");
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(300));
    e.send("isready");
    let lines = e.until("readyok while thinking", |l| l == "readyok");
    assert!(
        !lines.iter().any(|l| l.starts_with("bestmove")),
        "{lines:?}"
    );
    e.send("stop");
    e.until("bestmove after stop", |l| l.starts_with("bestmove"));
    e.send("go nodes 2000");
    let lines = e.until("bestmove", |l| l.starts_with("bestmove"));
    let last = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth"))
        .unwrap();
    let nodes: u64 = last
        .split(" nodes ")
        .nth(1)
        .unwrap()
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(nodes <= 4000, "{last}");
    let started = Instant::now();
    e.send("position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1");
    e.send("go wtime 10000000 btime 500 winc 0 binc 0");
    e.until("bestmove", |l| l.starts_with("bestmove"));
    // Black had 0.5 s, so it thinks about 50 ms; white's 10,000 s would
    // have given it minutes. The bound, far from both, is loose for a
    // loaded machine running a debug build.
    assert!(
        started.elapsed() < Duration::from_secs(20),
        "black had 0.5 s, and took {:?}",
        started.elapsed()
    );
}

/// The end of the input is `quit`: a search that would never end by its
/// limits stops and answers, and the process exits.
#[test]
fn the_end_of_the_input_stops_the_search() {
    for go in ["go depth 1000", "go infinite", "go"] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_duckchess"))
            .arg("uci")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        writeln!(stdin, "position startpos\n{go}").unwrap();
        drop(stdin);
        // Polled rather than waited on, so that an engine that runs on is
        // killed instead of outliving the test.
        let deadline = Instant::now() + Duration::from_secs(30);
        let status = loop {
            if let Some(status) = child.try_wait().unwrap() {
                break status;
            }
            if Instant::now() > deadline {
                let _ = child.kill();
                let _ = child.wait();
                panic!("{go:?} piped: still running after 30 s");
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        assert!(status.success(), "{go:?}");
        let mut text = String::new();
        std::io::Read::read_to_string(&mut child.stdout.take().unwrap(), &mut text).unwrap();
        let answers = text.lines().filter(|l| l.starts_with("bestmove ")).count();
        assert_eq!(answers, 1, "{go:?}: {text}");
        assert!(!text.contains("bestmove 0000"), "{go:?}: {text}");
    }
}

/// Every `go` gets exactly one `bestmove`, even one whose words cannot be
/// read: a driver waiting for it does not hang.
#[test]
fn every_go_gets_one_bestmove() {
    let mut e = Engine::start();
    e.send("position startpos");
    for go in [
        "go depth abc",
        "go sideways",
        "go movetime",
        "go nodes 99999999999999999999999 depth 1",
        "go wtime -500 btime -500",
        "go depth +2",
    ] {
        e.send(go);
        e.send("isready");
        let lines = e.until("readyok", |l| l == "readyok");
        let answers = lines.iter().filter(|l| l.starts_with("bestmove ")).count();
        let told = lines
            .iter()
            .filter(|l| l.starts_with("info string"))
            .count();
        // `isready` waits for nothing, so the answer may come after it.
        let answers = if answers == 0 {
            e.until("bestmove", |l| l.starts_with("bestmove"))
                .len()
                .min(1)
        } else {
            answers
        };
        assert_eq!(answers, 1, "{go}: {lines:?}");
        let readable = go.contains("99999") || go.contains("-500") || go.contains('+');
        assert_eq!(told, usize::from(!readable), "{go}: {lines:?}");
    }
}

/// A large table is allocated without stalling the loop: `isready` is
/// answered at once, and the engine searches with it.
#[test]
fn a_large_hash_answers_at_once() {
    let mut e = Engine::start();
    let started = Instant::now();
    e.send("setoption name Hash value 2048");
    e.send("isready");
    let lines = e.until("readyok", |l| l == "readyok");
    // Writing 2 GiB first took about 10 s; the pages are now given on use.
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?} for {lines:?}",
        started.elapsed()
    );
    assert!(
        !lines.iter().any(|l| l.starts_with("info string")),
        "{lines:?}"
    );
    e.send("ucinewgame");
    e.send("position startpos");
    e.send("go depth 3");
    let lines = e.until("bestmove", |l| l.starts_with("bestmove"));
    assert_ne!(lines.last().unwrap(), "bestmove 0000");
    e.send("setoption name Hash value 99999999");
    e.send("isready");
    let lines = e.until("readyok", |l| l == "readyok");
    assert!(
        lines
            .iter()
            .any(|l| l.contains("Hash: expected a whole number of MiB")),
        "{lines:?}"
    );
}

/// Mates are `score mate N` (negative when mated), and a finished game
/// answers the null move; what cannot be read is told, not acted on.
#[test]
fn mates_the_end_and_mistakes() {
    let mut e = Engine::start();
    e.send("position fen 5r1k/6pp/7N/8/8/1Q6/8/6K1 w - - 0 1");
    e.send("go depth 4");
    let lines = e.until("bestmove", |l| l.starts_with("bestmove"));
    assert!(
        lines.iter().any(|l| l.contains(" score mate 2 ")),
        "{lines:?}"
    );
    assert_eq!(lines.last().unwrap(), "bestmove b3g8");
    e.send("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80 moves a1a8");
    e.send("go depth 2");
    let lines = e.until("bestmove", |l| l.starts_with("bestmove"));
    assert_eq!(lines.last().unwrap(), "bestmove 0000", "mated: no move");
    e.send("position startpos moves e2e5");
    e.send("setoption name UCI_Variant value go");
    e.send("go sideways");
    e.send("isready");
    let lines = e.until("readyok", |l| l == "readyok");
    let strings: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info string"))
        .collect();
    assert_eq!(strings.len(), 3, "{lines:?}");
    assert!(strings[0].contains("move 1 \"e2e5\""), "{lines:?}");
    assert!(strings[1].contains("unknown variant \"go\""), "{lines:?}");
    assert!(
        strings[2].contains("unknown word \"sideways\""),
        "{lines:?}"
    );
}

#[test]
fn python_chess_drives_it() {
    if !system::have_python_module(
        "chess.engine",
        "chess",
        "duckchess uci under python-chess's engine client",
    ) {
        return;
    }
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/uci_python_chess.py");
    let out = Command::new("python3")
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_duckchess"))
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("all checks passed"), "{text}");
}

/// `MultiPV`: offered in the handshake; with 3, each depth tells three
/// lines `multipv 1` to `3` with distinct first moves, the first the best
/// (here the mate); the answer is the first line's move; out of range is
/// refused in words and changes nothing.
#[test]
fn multipv_tells_several_lines_each_depth() {
    let mut e = Engine::start();
    e.send("uci");
    let lines = e.until("uciok", |l| l == "uciok");
    assert!(
        lines
            .iter()
            .any(|l| l == "option name MultiPV type spin default 1 min 1 max 5"),
        "{lines:?}"
    );
    e.send("setoption name MultiPV value 9");
    e.send("isready");
    let said = e.until("readyok", |l| l == "readyok");
    assert!(
        said.iter()
            .any(|l| l.starts_with("info string") && l.contains("MultiPV")),
        "{said:?}"
    );
    e.send("setoption name MultiPV value 3");
    e.send("position fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");
    e.send("go depth 3");
    let out = e.until("bestmove", |l| l.starts_with("bestmove "));
    for depth in 1..=3 {
        let at: Vec<&String> = out
            .iter()
            .filter(|l| l.starts_with(&format!("info depth {depth} multipv ")))
            .collect();
        assert_eq!(at.len(), 3, "depth {depth}: {out:?}");
        let firsts: std::collections::HashSet<&str> = at
            .iter()
            .map(|l| l.split(" pv ").nth(1).unwrap().split(' ').next().unwrap())
            .collect();
        assert_eq!(firsts.len(), 3, "{at:?}");
        for (k, l) in at.iter().enumerate() {
            assert!(l.contains(&format!(" multipv {} ", k + 1)), "{l}");
        }
    }
    let best = out
        .iter()
        .find(|l| l.starts_with("info depth 3 multipv 1 "))
        .unwrap();
    assert!(
        best.contains("score mate 1") && best.contains(" pv d1d8"),
        "{best}"
    );
    assert_eq!(out.last().unwrap(), "bestmove d1d8");
    // Back to one line: no multipv in the info lines.
    e.send("setoption name MultiPV value 1");
    e.send("go depth 2");
    let out = e.until("bestmove", |l| l.starts_with("bestmove "));
    assert!(out.iter().all(|l| !l.contains("multipv")), "{out:?}");
    e.send("quit");
    assert!(e.child.wait().unwrap().success());
}
