//! An engine in another process, over UCI: started, told the game (a
//! variant definition for an engine that reads them), asked for moves,
//! and ended.

use super::clock::Clocks;
use super::error::MatchError;
use super::player::Player;
use crate::kernel::{AnyGame, AnyPosition, Move};
use crate::variants::Notation;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::mpsc;
use std::time::Duration;

/// How long a UCI engine may take to answer beyond its move time.
const UCI_GRACE: Duration = Duration::from_secs(10);

/// An engine in another process, over UCI.
pub(super) struct UciPlayer {
    name: String,
    child: Child,
    stdin: ChildStdin,
    lines: mpsc::Receiver<String>,
    think: Duration,
    go: Option<String>,
    /// The variant definition written for the engine, removed at the end.
    definition: Option<std::path::PathBuf>,
}

/// Writes `text` to a file of its own in the temporary folder, for an
/// engine to read.
fn write_definition(text: &str) -> Result<std::path::PathBuf, MatchError> {
    static NEXT: AtomicU32 = AtomicU32::new(0);
    let path = std::env::temp_dir().join(format!(
        "duckchess-{}-{}.ini",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    ));
    match std::fs::write(&path, text) {
        Ok(()) => Ok(path),
        Err(source) => Err(MatchError::Definition { path, source }),
    }
}

impl UciPlayer {
    pub(super) fn start(
        notation: &dyn Notation,
        command: &[String],
        options: &[(String, String)],
        think: Duration,
        go: Option<String>,
    ) -> Result<UciPlayer, MatchError> {
        let name = command.join(" ");
        let mut child = Command::new(&command[0])
            .args(&command[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|source| MatchError::Spawn {
                name: name.clone(),
                source,
            })?;
        let stdin = child.stdin.take().expect("piped");
        let stdout = child.stdout.take().expect("piped");
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut player = UciPlayer {
            name,
            child,
            stdin,
            lines,
            think,
            go,
            definition: None,
        };
        player.send("uci")?;
        let (mut variants, mut variant_path) = (false, false);
        player.wait_for(UCI_GRACE, |line| {
            variants |= line.starts_with("option name UCI_Variant");
            variant_path |= line.starts_with("option name VariantPath ");
            line == "uciok"
        })?;
        for (option, value) in options {
            player.send(&format!("setoption name {option} value {value}"))?;
        }
        // An engine that reads variant definitions (Fairy-Stockfish) is
        // given the game's own, unless told another path, and plays it by
        // the definition's name: its built-in game of the same name may be
        // another game (its `duck` is Duck Chess on a chess board).
        let mut variant = notation.name();
        let told = options
            .iter()
            .any(|(o, _)| o.eq_ignore_ascii_case("VariantPath"));
        if let (true, false, Some((section, text))) =
            (variant_path, told, notation.fairy_stockfish())
        {
            let path = write_definition(text)?;
            player.send(&format!(
                "setoption name VariantPath value {}",
                path.display()
            ))?;
            player.definition = Some(path);
            variant = section;
        } else if let (true, Some((section, _))) = (told, notation.fairy_stockfish()) {
            variant = section;
        }
        if variants {
            player.send(&format!("setoption name UCI_Variant value {variant}"))?;
        }
        player.ready()?;
        Ok(player)
    }

    fn send(&mut self, line: &str) -> Result<(), MatchError> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|source| MatchError::Deaf {
                name: self.name.clone(),
                source,
            })
    }

    /// Reads lines until `done` says so; the last one read.
    fn wait_for(
        &mut self,
        limit: Duration,
        mut done: impl FnMut(&str) -> bool,
    ) -> Result<String, MatchError> {
        let deadline = std::time::Instant::now() + limit;
        loop {
            let left = deadline.saturating_duration_since(std::time::Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) if done(line.trim()) => return Ok(line),
                Ok(_) => {}
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    return Err(MatchError::Silent(self.name.clone()))
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    return Err(MatchError::Ended(self.name.clone()))
                }
            }
        }
    }

    fn ready(&mut self) -> Result<(), MatchError> {
        self.send("isready")?;
        self.wait_for(UCI_GRACE, |l| l == "readyok").map(|_| ())
    }
}

impl Player for UciPlayer {
    fn new_game(&mut self, _seed: u64) -> Result<(), MatchError> {
        self.send("ucinewgame")?;
        self.ready()
    }

    fn choose(
        &mut self,
        notation: &dyn Notation,
        start: &dyn AnyPosition,
        game: &dyn AnyGame,
    ) -> Result<Move, MatchError> {
        let go = match &self.go {
            Some(words) => format!("go {words}"),
            None => format!("go movetime {}", self.think.as_millis().max(1)),
        };
        // A search by nodes or depth has no time to wait for: allow more.
        let wait = if self.go.is_some() {
            self.think * 10
        } else {
            self.think
        };
        self.ask(notation, start, game, &go, wait)
    }

    fn choose_on_clock(
        &mut self,
        notation: &dyn Notation,
        start: &dyn AnyPosition,
        game: &dyn AnyGame,
        clocks: &Clocks,
    ) -> Result<Move, MatchError> {
        let go = format!("go {}", clock_words(clocks));
        // Its own time and a grace: past that its flag has fallen anyway.
        let wait = clocks.left[game.position().turn().index()];
        self.ask(notation, start, game, &go, wait)
    }
}

/// A UCI `go`'s clock words for `clocks`: `wtime 60000 btime 59000 winc
/// 100 binc 100`.
///
/// ```
/// use duckchess_engine::arena::{clock_words, Clocks};
/// use std::time::Duration;
/// let clocks = Clocks {
///     left: [Duration::from_millis(60_000), Duration::from_millis(59_500)],
///     increment: Duration::from_millis(100),
/// };
/// assert_eq!(clock_words(&clocks), "wtime 60000 btime 59500 winc 100 binc 100");
/// ```
pub fn clock_words(clocks: &Clocks) -> String {
    let inc = clocks.increment.as_millis();
    format!(
        "wtime {} btime {} winc {inc} binc {inc}",
        clocks.left[0].as_millis(),
        clocks.left[1].as_millis()
    )
}

impl UciPlayer {
    /// Sends the game and `go`, and reads its `bestmove` within `wait` and
    /// a grace.
    fn ask(
        &mut self,
        notation: &dyn Notation,
        start: &dyn AnyPosition,
        game: &dyn AnyGame,
        go: &str,
        wait: Duration,
    ) -> Result<Move, MatchError> {
        let mut position = format!("position fen {}", notation.write_position(start));
        if !game.moves().is_empty() {
            position.push_str(" moves");
            let mut at = start.clone_box();
            for &m in game.moves() {
                position.push(' ');
                position.push_str(&notation.uci_move(&*at, m));
                at.play(m)?;
            }
        }
        self.send(&position)?;
        self.send(go)?;
        let line = self.wait_for(wait + UCI_GRACE, |l| l.starts_with("bestmove"))?;
        let text = line.split_whitespace().nth(1).unwrap_or("");
        notation
            .read_move(game.position(), text)
            .map_err(|source| MatchError::BadMove {
                name: self.name.clone(),
                text: text.to_string(),
                source: Box::new(source),
            })
    }
}

impl Drop for UciPlayer {
    fn drop(&mut self) {
        if let Some(path) = self.definition.take() {
            let _ = std::fs::remove_file(path);
        }
        let _ = self.send("quit");
        // A moment to leave by itself, then no more.
        for _ in 0..20 {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
