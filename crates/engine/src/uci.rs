//! The Universal Chess Interface: the engine as any chess GUI, match
//! runner or library (cutechess-cli, lichess-bot, python-chess) drives it,
//! for every game of the registry.
//!
//! Commands read: `uci`, `isready`, `ucinewgame`, `setoption name NAME
//! [value VALUE]` (`Hash` in MiB, `UCI_Variant` — any name `duckchess
//! variants` lists, chess by default —, `MultiPV` from 1 to [`MAX_MULTIPV`]
//! and `Clear Hash`), `position startpos|fen
//! FEN [moves M1 M2 ...]`, `go` with `wtime btime winc binc movestogo`,
//! `movetime`, `depth`, `nodes` or `infinite`, `stop`, `quit`; `d` prints the
//! position (a debugging aid). The search runs on its own thread, so `stop`,
//! `isready` and `quit` are answered while it thinks; each completed
//! iteration is told as `info depth D seldepth S score cp X|mate N nodes N
//! nps N time T pv ...` (with `MultiPV` above 1, one line per line found,
//! `info depth D multipv K ...`, best first), and the answer as `bestmove
//! M`. Moves are each
//! game's one-word coordinates ([`Notation::uci_move`](crate::variants::EngineInterop::uci_move): UCI for chess,
//! Fairy-Stockfish's `d1e2` for Duck Chess). A command that cannot be
//! understood is answered with `info string` and changes nothing, but
//! every `go` gets its `bestmove` (a depth-1 answer when its words cannot
//! be read). The end of the input is `quit`, as in Stockfish.
//!
//! ```
//! use duckchess_engine::uci;
//! let input = "uci\nposition startpos moves e2e4\ngo depth 2\nquit\n";
//! let output = uci::serve(input.as_bytes(), Vec::new()).unwrap();
//! let text = String::from_utf8(output).unwrap();
//! assert!(text.contains("uciok"));
//! assert!(text.lines().any(|l| l.starts_with("bestmove ")));
//! ```

use super::search::{Engine, Limits, Score, SearchResult, DEFAULT_HASH_MB, MAX_DEPTH};
use crate::kernel::{AnyGame, Color};
use crate::variants::{self, Notation};
use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The most lines `MultiPV` asks for.
pub const MAX_MULTIPV: usize = 5;

/// The largest `Hash` offered, in MiB.
pub const MAX_HASH_MB: usize = 4096;

/// The largest `Hash` accepted here: [`MAX_HASH_MB`], or half the
/// machine's memory when that is less (Linux's `/proc/meminfo`), so that a
/// table is never the reason the machine swaps.
pub fn largest_hash_mb() -> usize {
    let total_kib = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|text| {
            text.lines()
                .find_map(|l| l.strip_prefix("MemTotal:"))
                .and_then(|rest| {
                    rest.trim()
                        .trim_end_matches("kB")
                        .trim()
                        .parse::<usize>()
                        .ok()
                })
        });
    match total_kib {
        Some(kib) => (kib / 1024 / 2).clamp(1, MAX_HASH_MB),
        None => MAX_HASH_MB,
    }
}
/// Time kept back from every move for the protocol and the process.
const OVERHEAD: Duration = Duration::from_millis(30);

/// The lines written, shared with the search thread.
type Out<W> = Arc<Mutex<W>>;

fn say<W: Write>(out: &Out<W>, line: &str) -> io::Result<()> {
    let mut w = out.lock().expect("no writer panics");
    writeln!(w, "{line}")?;
    w.flush()
}

/// A search in progress.
struct Running {
    stop: Arc<AtomicBool>,
    handle: std::thread::JoinHandle<Engine>,
    /// `go infinite`: it ends only when stopped.
    infinite: bool,
}

/// The engine's state between commands.
struct Session {
    notation: &'static dyn Notation,
    game: Box<dyn AnyGame>,
    hash_mb: usize,
    /// How many lines a search tells (`MultiPV`).
    multipv: usize,
    /// The engine, lent to the search thread while it runs.
    engine: Option<Engine>,
    running: Option<Running>,
}

impl Session {
    fn new() -> Session {
        let notation = variants::by_name("chess").expect("chess is registered");
        Session {
            notation,
            game: notation.start().new_game(),
            hash_mb: DEFAULT_HASH_MB,
            multipv: 1,
            engine: Some(Engine::new(DEFAULT_HASH_MB)),
            running: None,
        }
    }

    /// Stops the search, if any (it answers with its move so far), and
    /// takes the engine back.
    fn stop(&mut self) {
        if let Some(running) = &self.running {
            running.stop.store(true, Ordering::Relaxed);
        }
        self.wait();
    }

    /// Lets the search, if any, finish by its limits (an infinite one is
    /// stopped), and takes the engine back: a command that changes the
    /// game waits for the answer to the last `go`, as a driver that does not
    /// wait for `bestmove` expects.
    fn wait(&mut self) {
        if let Some(running) = self.running.take() {
            if running.infinite {
                running.stop.store(true, Ordering::Relaxed);
            }
            self.engine = Some(running.handle.join().expect("the search does not panic"));
        }
    }
}

/// Reads UCI commands from `input` until `quit` or its end, answering on
/// `output`, and gives `output` back once every search has ended.
pub fn serve<R: BufRead, W: Write + Send + 'static>(input: R, output: W) -> io::Result<W> {
    let out: Out<W> = Arc::new(Mutex::new(output));
    let mut session = Session::new();
    for line in input.lines() {
        let line = line?;
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&command, args)) = words.split_first() else {
            continue;
        };
        match command {
            "uci" => {
                say(
                    &out,
                    &format!("id name duckchess {}", env!("CARGO_PKG_VERSION")),
                )?;
                say(&out, "id author the duckchess authors")?;
                say(
                    &out,
                    &format!(
                        "option name Hash type spin default {DEFAULT_HASH_MB} min 1 max {MAX_HASH_MB}"
                    ),
                )?;
                let vars: Vec<String> = variants::names()
                    .iter()
                    .map(|n| format!("var {n}"))
                    .collect();
                say(
                    &out,
                    &format!(
                        "option name UCI_Variant type combo default chess {}",
                        vars.join(" ")
                    ),
                )?;
                say(
                    &out,
                    &format!("option name MultiPV type spin default 1 min 1 max {MAX_MULTIPV}"),
                )?;
                say(&out, "option name Clear Hash type button")?;
                say(&out, "uciok")?;
            }
            "isready" => say(&out, "readyok")?,
            "ucinewgame" => {
                session.wait();
                if let Some(engine) = &mut session.engine {
                    engine.clear();
                }
                session.game = session.notation.start().new_game();
            }
            "setoption" => {
                session.wait();
                if let Err(message) = set_option(&mut session, args) {
                    say(&out, &format!("info string {message}"))?;
                }
            }
            "position" => {
                session.wait();
                match position(session.notation, args) {
                    Ok(game) => session.game = game,
                    Err(message) => say(&out, &format!("info string {message}"))?,
                }
            }
            "go" => {
                session.wait();
                match go_limits(&*session.game, args) {
                    Ok((limits, infinite)) => go(&mut session, &out, limits, infinite),
                    Err(message) => {
                        // Every `go` gets its `bestmove`, or a driver waiting
                        // for it hangs: told what was wrong, the engine
                        // answers at once from a search of depth 1.
                        say(
                            &out,
                            &format!("info string {message}; searching to depth 1"),
                        )?;
                        let limits = Limits {
                            depth: Some(1),
                            ..Limits::default()
                        };
                        go(&mut session, &out, limits, false);
                    }
                }
            }
            "stop" => session.stop(),
            "quit" => {
                session.stop();
                break;
            }
            "d" => {
                let p = session.game.position();
                say(
                    &out,
                    &format!("info string {}", session.notation.write_position(p)),
                )?;
            }
            _ => say(
                &out,
                &format!(
                    "info string unknown command {:?}",
                    variants::line::shorten(command)
                ),
            )?,
        }
    }
    // The end of the input is `quit`, as in Stockfish: the search in
    // progress stops and answers with its best move so far. (Waiting for
    // its limits would leave `go depth 1000` or `go infinite` running with
    // nobody to read it.)
    session.stop();
    drop(session);
    // The search threads are joined, so this is the last handle.
    let output = Arc::try_unwrap(out)
        .map_err(|_| io::Error::other("the search still holds the output"))?
        .into_inner()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    Ok(output)
}

/// `setoption name NAME [value VALUE]`.
fn set_option(session: &mut Session, args: &[&str]) -> Result<(), String> {
    let text = args.join(" ");
    let rest = text
        .strip_prefix("name ")
        .ok_or("setoption: expected `name NAME [value VALUE]`")?;
    let (name, value) = match rest.split_once(" value ") {
        Some((n, v)) => (n.trim(), Some(v.trim())),
        None => (rest.trim(), None),
    };
    match name.to_ascii_lowercase().as_str() {
        "hash" => {
            let most = largest_hash_mb();
            let mb: usize = value
                .and_then(|v| v.parse().ok())
                .filter(|mb| (1..=most).contains(mb))
                .ok_or_else(|| {
                    format!("Hash: expected a whole number of MiB from 1 to {most} (half this machine's memory at most)")
                })?;
            session.hash_mb = mb;
            session.engine = Some(Engine::new(mb));
            Ok(())
        }
        "uci_variant" => {
            let value = value.unwrap_or("");
            let notation = variants::by_name(value).ok_or_else(|| {
                format!(
                    "UCI_Variant: unknown variant {:?} (the variants are {})",
                    variants::line::shorten(value),
                    variants::names().join(", ")
                )
            })?;
            session.notation = notation;
            session.game = notation.start().new_game();
            Ok(())
        }
        "multipv" => {
            session.multipv = value
                .and_then(|v| v.parse().ok())
                .filter(|n| (1..=MAX_MULTIPV).contains(n))
                .ok_or_else(|| {
                    format!("MultiPV: expected a whole number from 1 to {MAX_MULTIPV}")
                })?;
            Ok(())
        }
        "clear hash" => {
            session.engine = Some(Engine::new(session.hash_mb));
            Ok(())
        }
        _ => Err(format!(
            "unknown option {:?}",
            variants::line::shorten(name)
        )),
    }
}

/// `position startpos|fen FEN [moves ...]`: the game it describes.
fn position(notation: &'static dyn Notation, args: &[&str]) -> Result<Box<dyn AnyGame>, String> {
    let split = args.iter().position(|&w| w == "moves");
    let (setup, moves) = match split {
        Some(i) => (&args[..i], &args[i + 1..]),
        None => (args, &[][..]),
    };
    let start = match setup.split_first() {
        Some((&"startpos", [])) => notation.start(),
        Some((&"fen", fen)) if !fen.is_empty() => notation
            .read_position(&fen.join(" "))
            .map_err(|e| format!("position: bad {} position: {e}", notation.name()))?,
        _ => return Err("position: expected `startpos` or `fen FEN`, then `moves ...`".into()),
    };
    let mut game = start.new_game();
    for (i, text) in moves.iter().enumerate() {
        let m = notation
            .read_move(game.position(), text)
            .map_err(|e| format!("position: move {} {text:?}: {e}", i + 1))?;
        game.play(m)
            .map_err(|_| format!("position: move {} {text:?} is not legal", i + 1))?;
    }
    Ok(game)
}

/// The limits `go ...` asks for, and whether it is `infinite`.
fn go_limits(game: &dyn AnyGame, args: &[&str]) -> Result<(Limits, bool), String> {
    let mut limits = Limits::default();
    let mut infinite = false;
    let (mut time, mut inc, mut moves_to_go) = ([None; 2], [0u64; 2], None);
    let mut i = 0;
    while i < args.len() {
        let word = args[i];
        let number = |i: usize| -> Result<u64, String> {
            args.get(i + 1)
                .and_then(|v| read_number(v))
                .ok_or_else(|| format!("go: {word} needs a number"))
        };
        match word {
            "infinite" => infinite = true,
            "ponder" => {}
            "wtime" | "btime" | "winc" | "binc" | "movestogo" | "movetime" | "depth" | "nodes"
            | "mate" => {
                let n = number(i)?;
                match word {
                    "wtime" => time[0] = Some(n),
                    "btime" => time[1] = Some(n),
                    "winc" => inc[0] = n,
                    "binc" => inc[1] = n,
                    "movestogo" => moves_to_go = Some(n.max(1)),
                    "movetime" => limits.think = Some(Duration::from_millis(n.max(1))),
                    "depth" => limits.depth = Some((n as u32).clamp(1, MAX_DEPTH)),
                    "nodes" => limits.nodes = Some(n.max(1)),
                    // A mate in n needs 2n − 1 plies.
                    _ => {
                        limits.depth = Some(((2 * n).saturating_sub(1) as u32).clamp(1, MAX_DEPTH))
                    }
                }
                i += 1;
            }
            other => {
                return Err(format!(
                    "go: unknown word {:?}",
                    variants::line::shorten(other)
                ))
            }
        }
        i += 1;
    }
    let side = match game.position().turn() {
        Color::White => 0,
        Color::Black => 1,
    };
    if let Some(left) = time[side] {
        let (think, aim) = clock(left, inc[side], moves_to_go);
        if limits.think.is_none() {
            limits.think = Some(think);
            limits.aim = Some(aim);
        }
    }
    Ok((limits, infinite))
}

/// A `go` number: digits, perhaps signed; a negative one is 0 (a clock
/// run out) and one past `u64` is `u64::MAX` (no limit to speak of).
fn read_number(text: &str) -> Option<u64> {
    let (negative, digits) = match text.as_bytes().first()? {
        b'-' => (true, &text[1..]),
        b'+' => (false, &text[1..]),
        _ => (false, text),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(if negative {
        0
    } else {
        digits.parse().unwrap_or(u64::MAX)
    })
}

/// The time to spend on a move: `(hard limit, aim)`, from the time `left`
/// on the clock, the increment and the moves to the next time control
/// (a sudden-death clock is planned for 30 more moves).
///
/// ```
/// use duckchess_engine::uci::clock;
/// use std::time::Duration;
/// let (hard, aim) = clock(60_000, 0, None);
/// assert!(aim < hard && hard <= Duration::from_millis(20_000));
/// assert_eq!(clock(10, 0, None).0, Duration::from_millis(1));
/// ```
pub fn clock(left: u64, inc: u64, moves_to_go: Option<u64>) -> (Duration, Duration) {
    let left = Duration::from_millis(left);
    let inc = Duration::from_millis(inc);
    let usable = left.saturating_sub(OVERHEAD);
    let moves = moves_to_go.unwrap_or(30).clamp(1, 50) as u32;
    let aim = (usable / moves + inc * 3 / 4).min(usable / 2);
    let hard = (aim * 3).min(usable / 3 + inc / 2).max(aim);
    let floor = Duration::from_millis(1);
    (hard.max(floor), aim.max(floor))
}

/// Starts the search on its own thread; it tells each iteration and then
/// its move (after a `stop` when `infinite`).
fn go<W: Write + Send + 'static>(
    session: &mut Session,
    out: &Out<W>,
    limits: Limits,
    infinite: bool,
) {
    let notation = session.notation;
    let game = session.game.clone();
    let mut engine = session
        .engine
        .take()
        .unwrap_or_else(|| Engine::new(session.hash_mb));
    let stop = Arc::new(AtomicBool::new(false));
    let flag = stop.clone();
    let out = out.clone();
    let lines = session.multipv;
    let handle = std::thread::spawn(move || {
        let position = game.position();
        let answer = if game.outcome().is_some() {
            None
        } else if lines > 1 {
            let mut report = |found: &[SearchResult]| {
                for (k, r) in found.iter().enumerate() {
                    let line = info(notation, position, r);
                    let line = line.replacen(
                        &format!("info depth {} ", r.depth),
                        &format!("info depth {} multipv {} ", r.depth, k + 1),
                        1,
                    );
                    let _ = say(&out, &line);
                }
            };
            engine
                .search_lines(position, game.keys(), limits, lines, &flag, &mut report)
                .ok()
                .and_then(|found| found.into_iter().next())
                // Stopped before a first depth was done: a move all the same.
                .or_else(|| {
                    let unstopped = AtomicBool::new(false);
                    engine
                        .search(
                            position,
                            game.keys(),
                            Limits::depth(1),
                            &unstopped,
                            &mut |_| {},
                        )
                        .ok()
                })
        } else {
            let mut report = |found: &SearchResult| {
                let _ = say(&out, &info(notation, position, found));
            };
            engine
                .search(position, game.keys(), limits, &flag, &mut report)
                .ok()
        };
        // `infinite` answers only once told to stop.
        while infinite && !flag.load(Ordering::Relaxed) {
            std::thread::sleep(Duration::from_millis(2));
        }
        let best = match answer {
            Some(found) => notation.uci_move(position, found.best),
            // No move: the game is over (UCI's null move).
            None => "0000".into(),
        };
        let _ = say(&out, &format!("bestmove {best}"));
        engine
    });
    session.running = Some(Running {
        stop,
        handle,
        infinite,
    });
}

/// One `info` line for a completed iteration.
fn info(
    notation: &dyn Notation,
    position: &dyn crate::kernel::AnyPosition,
    found: &SearchResult,
) -> String {
    let score = match found.score {
        Score::Centipawns(cp) => format!("cp {cp}"),
        Score::Mate(n) => format!("mate {n}"),
    };
    let millis = found.elapsed.as_millis().max(1);
    let nps = u128::from(found.nodes) * 1000 / millis;
    let mut line = position.clone_box();
    let mut pv = Vec::new();
    for &m in &found.pv {
        pv.push(notation.uci_move(&*line, m));
        if line.play(m).is_err() {
            break;
        }
    }
    format!(
        "info depth {} seldepth {} score {score} nodes {} nps {nps} time {} pv {}",
        found.depth,
        found.seldepth.max(found.depth),
        found.nodes,
        found.elapsed.as_millis(),
        pv.join(" ")
    )
}
