//! Matches: the computer against an opponent — a simple baseline, itself
//! with other limits, or any engine that speaks UCI (Stockfish, an earlier
//! duckchess) — from a set of openings, each played twice with the colours
//! swapped, with the score, the reasons games ended and the Elo difference
//! with its error margin: how strength is measured. The two games of an
//! opening are a pair, counted as a [`Pentanomial`]; with an [`Sprt`] the
//! match stops as soon as the test accepts a hypothesis.
//!
//! A game's opening, colours and random choices come from its number and
//! the seed alone, and games are counted (and told) in the order of their
//! numbers whatever order they end in, so a match at fixed nodes gives the
//! same games and the same result however many are played at once.
//!
//! A game ends by the variant's own rules (through [`AnyGame::outcome`]:
//! mate, stalemate, dead position, the automatic move limit and
//! repetition), or, so that a match always ends, as a draw at a cap on the
//! number of plies.
//!
//! ```
//! use duckchess_engine::arena::{play_match, Baseline, MatchConfig, Opponent, Openings};
//! use duckchess_engine::search::Limits;
//! let chess = duckchess_rules::variants::by_name("chess").unwrap();
//! let config = MatchConfig {
//!     games: 2,
//!     limits: Limits::depth(1),
//!     opponent: Opponent::Baseline(Baseline::Random),
//!     openings: Openings::None,
//!     seed: 7,
//!     move_cap: 20,
//!     jobs: 1,
//!     sprt: None,
//! };
//! let tally = play_match(chess, &*chess.start(), &config, |_, _| {}).unwrap();
//! assert_eq!(tally.wins + tally.draws + tally.losses, 2);
//! ```

use super::search::{Engine, Limits};
use super::sprt::elo_of_score;
pub use super::sprt::{Pentanomial, Sprt, Verdict};
use crate::kernel::{AnyGame, AnyPosition, Color, Move, MoveKind, Outcome};
use crate::variants::{line, status, Notation};
use rand_chacha::rand_core::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeMap;
use std::fmt;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{mpsc, Mutex};
use std::time::Duration;

/// The default cap on a game's plies.
pub const DEFAULT_MOVE_CAP: u32 = 300;
/// How long a UCI engine may take to answer beyond its move time.
const UCI_GRACE: Duration = Duration::from_secs(10);

/// A simple opponent.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum Baseline {
    /// A legal move chosen at random.
    Random,
    /// The capture taking the most valuable piece (by the variant's piece
    /// values; ties at random), else a random move.
    Greedy,
}

impl Baseline {
    /// The name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Baseline::Random => "random",
            Baseline::Greedy => "greedy",
        }
    }

    /// The baseline's move in a position with at least one legal move.
    pub fn choose(self, position: &dyn AnyPosition, rng: &mut ChaCha8Rng) -> Move {
        let moves = position.legal_moves();
        assert!(!moves.is_empty(), "the baseline moves only in a live game");
        let pool: Vec<Move> = match self {
            Baseline::Random => moves,
            Baseline::Greedy => {
                let variant = position.variant();
                let taken = |m: &Move| -> Option<i32> {
                    if m.kind == MoveKind::EnPassant {
                        let pawn = variant.kinds.iter().find(|k| k.pawn.is_some());
                        return Some(pawn.map_or(100, |k| k.value));
                    }
                    let piece = position.piece_at(m.to())?;
                    (piece.color != position.turn()).then(|| variant.kind(piece.kind).value)
                };
                match moves.iter().filter_map(taken).max() {
                    None => moves,
                    Some(top) => moves
                        .iter()
                        .copied()
                        .filter(|m| taken(m) == Some(top))
                        .collect(),
                }
            }
        };
        pool[below(rng, pool.len())]
    }
}

impl fmt::Display for Baseline {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A uniform index below `n`, by integer arithmetic only (the same on every
/// machine).
fn below(rng: &mut ChaCha8Rng, n: usize) -> usize {
    ((u64::from(rng.next_u32()) * n as u64) >> 32) as usize
}

/// What `--opponent self:` takes.
const SELF_SETTINGS: &str = "--opponent self: takes think-ms=T, depth=D or nodes=N";

/// Who the computer plays.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Opponent {
    /// A simple baseline.
    Baseline(Baseline),
    /// The computer itself, with these limits.
    Engine(Limits),
    /// An engine speaking UCI: its command line, the options to set
    /// (`UCI_Variant` is set to the game when the engine offers it), and
    /// what it is told to search each move.
    Uci {
        /// The program and its arguments.
        command: Vec<String>,
        /// `setoption` name and value pairs.
        options: Vec<(String, String)>,
        /// Its time a move (`go movetime`).
        think: Duration,
        /// Instead of the time, these words after `go` (`nodes 100000`,
        /// `depth 8`).
        go: Option<String>,
    },
}

impl Opponent {
    /// Reads an opponent: `random`, `greedy`, `self:think-ms=T`,
    /// `self:depth=D` or `self:nodes=N`, or `uci:COMMAND` (split as a shell
    /// splits words).
    ///
    /// ```
    /// use duckchess_engine::arena::Opponent;
    /// use std::time::Duration;
    /// let sf = Opponent::parse("uci:stockfish -q", Duration::from_millis(300)).unwrap();
    /// assert_eq!(sf.to_string(), "stockfish -q");
    /// assert!(Opponent::parse("self:depth=3", Duration::ZERO).is_ok());
    /// assert_eq!(
    ///     Opponent::parse("self:nodes=5000", Duration::ZERO).unwrap().to_string(),
    ///     "itself at 5000 nodes"
    /// );
    /// assert!(Opponent::parse("uci:", Duration::ZERO).is_err());
    /// ```
    pub fn parse(text: &str, think: Duration) -> Result<Opponent, String> {
        let text = text.trim();
        match text {
            "random" => return Ok(Opponent::Baseline(Baseline::Random)),
            "greedy" => return Ok(Opponent::Baseline(Baseline::Greedy)),
            _ => {}
        }
        if let Some(command) = text.strip_prefix("uci:") {
            let command = shlex::split(command)
                .filter(|w| !w.is_empty())
                .ok_or("--opponent uci:COMMAND needs a command (as a shell writes it)")?;
            return Ok(Opponent::Uci {
                command,
                options: Vec::new(),
                think,
                go: None,
            });
        }
        if let Some(setting) = text.strip_prefix("self:") {
            let (name, value) = setting.split_once('=').ok_or(SELF_SETTINGS)?;
            let number: u64 = value
                .parse()
                .map_err(|_| format!("--opponent self:{name}= needs a whole number"))?;
            return match name {
                "think-ms" => Ok(Opponent::Engine(Limits::think(Duration::from_millis(
                    number.max(1),
                )))),
                "depth" => Ok(Opponent::Engine(Limits::depth(number.clamp(1, 64) as u32))),
                "nodes" => Ok(Opponent::Engine(Limits::nodes(number.max(1)))),
                _ => Err(SELF_SETTINGS.into()),
            };
        }
        Err(format!(
            "unknown opponent {:?}: random, greedy, self:think-ms=T, self:depth=D, self:nodes=N or uci:COMMAND",
            line::shorten(text)
        ))
    }
}

impl fmt::Display for Opponent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Opponent::Baseline(b) => write!(f, "{b}"),
            Opponent::Engine(limits) => match (limits.depth, limits.think, limits.nodes) {
                (Some(d), ..) => write!(f, "itself at depth {d}"),
                (_, Some(t), _) => write!(f, "itself at {} ms", t.as_millis()),
                (.., Some(n)) => write!(f, "itself at {n} nodes"),
                _ => write!(f, "itself"),
            },
            Opponent::Uci { command, .. } => write!(f, "{}", command.join(" ")),
        }
    }
}

/// Where the games start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Openings {
    /// The game's own balanced openings ([`Notation::openings`]); for a game
    /// without them, a few random plies from the seed.
    Builtin,
    /// This many random plies from the start, from the seed.
    Random(u32),
    /// The start itself.
    None,
}

/// How a match is played.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchConfig {
    /// How many games. Each opening is played twice, the computer moving
    /// first in the first (odd-numbered) game.
    pub games: u32,
    /// The computer's limits per move.
    pub limits: Limits,
    /// Who it plays.
    pub opponent: Opponent,
    /// Where the games start.
    pub openings: Openings,
    /// Seeds random openings and the baselines' choices.
    pub seed: u64,
    /// A game still running after this many plies is drawn.
    pub move_cap: u32,
    /// Games played at once (each on its own thread; a UCI opponent runs
    /// one process per thread).
    pub jobs: usize,
    /// A test that ends the match once it accepts a hypothesis (after a
    /// whole pair); the match still ends at `games` without a verdict.
    pub sprt: Option<Sprt>,
}

/// The end of one game, from the computer's side.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum GameResult {
    /// The computer won.
    Win,
    /// Nobody won.
    Draw,
    /// The opponent won.
    Loss,
}

/// One finished game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// Its number, from 1.
    pub number: u32,
    /// The computer's colour.
    pub computer: Color,
    /// The opening's name.
    pub opening: String,
    /// Win, draw or loss for the computer.
    pub result: GameResult,
    /// Why the game ended, as [`status::how`] says it (`checkmate`,
    /// `capture of the captain`, `stalemate`, …), or `move cap`.
    pub reason: String,
    /// The plies played (the opening's included).
    pub plies: u32,
    /// The moves, the opening's first.
    pub moves: Vec<Move>,
}

/// A match's totals.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games the computer won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games the computer lost.
    pub losses: u32,
    /// How many games ended for each reason, with their result:
    /// `("win", "checkmate") → 19`.
    pub reasons: BTreeMap<(&'static str, String), u32>,
    /// The whole pairs (an opening's two games), by the computer's points.
    pub pairs: Pentanomial,
}

impl Tally {
    /// The games counted.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The computer's score: wins and half the draws, as a fraction.
    pub fn score(&self) -> f64 {
        (f64::from(self.wins) + f64::from(self.draws) / 2.0) / f64::from(self.games().max(1))
    }

    /// The Elo difference the score means, and the half-width of its 95 %
    /// confidence interval (from the spread of the games' results).
    ///
    /// ```
    /// use duckchess_engine::arena::Tally;
    /// let even = Tally { wins: 10, draws: 20, losses: 10, ..Tally::default() };
    /// let (elo, margin) = even.elo();
    /// assert!(elo.abs() < 1e-9 && margin > 40.0 && margin < 90.0);
    /// ```
    pub fn elo(&self) -> (f64, f64) {
        let n = f64::from(self.games().max(1));
        let p = self.score();
        let var = (f64::from(self.wins) * (1.0 - p).powi(2)
            + f64::from(self.draws) * (0.5 - p).powi(2)
            + f64::from(self.losses) * p.powi(2))
            / n;
        let se = (var / n).sqrt();
        let (lo, hi) = (p - 1.96 * se, p + 1.96 * se);
        (elo_of_score(p), (elo_of_score(hi) - elo_of_score(lo)) / 2.0)
    }

    /// Adds one game.
    pub fn add(&mut self, record: &GameRecord) {
        let result = match record.result {
            GameResult::Win => {
                self.wins += 1;
                "win"
            }
            GameResult::Draw => {
                self.draws += 1;
                "draw"
            }
            GameResult::Loss => {
                self.losses += 1;
                "loss"
            }
        };
        *self
            .reasons
            .entry((result, record.reason.clone()))
            .or_default() += 1;
    }
}

/// A side in a match: it is told of a new game, then asked for moves.
pub trait Player: Send {
    /// A new game begins; `seed`, from the game's number, seeds any
    /// random choice the player makes in it.
    fn new_game(&mut self, seed: u64) -> Result<(), String> {
        let _ = seed;
        Ok(())
    }
    /// Its move in `game`, which started at `start`.
    fn choose(
        &mut self,
        notation: &dyn Notation,
        start: &dyn AnyPosition,
        game: &dyn AnyGame,
    ) -> Result<Move, String>;
}

/// The computer: the engine's search with its table kept through a game.
struct EnginePlayer {
    engine: Engine,
    limits: Limits,
}

impl Player for EnginePlayer {
    fn new_game(&mut self, _seed: u64) -> Result<(), String> {
        self.engine.clear();
        Ok(())
    }

    fn choose(
        &mut self,
        _notation: &dyn Notation,
        _start: &dyn AnyPosition,
        game: &dyn AnyGame,
    ) -> Result<Move, String> {
        let never = AtomicBool::new(false);
        self.engine
            .search(
                game.position(),
                game.keys(),
                self.limits,
                &never,
                &mut |_| {},
            )
            .map(|found| found.best)
            .map_err(|e| e.to_string())
    }
}

/// A baseline with its random source.
struct BaselinePlayer {
    baseline: Baseline,
    rng: ChaCha8Rng,
}

impl Player for BaselinePlayer {
    fn new_game(&mut self, seed: u64) -> Result<(), String> {
        self.rng = ChaCha8Rng::seed_from_u64(seed);
        Ok(())
    }

    fn choose(
        &mut self,
        _notation: &dyn Notation,
        _start: &dyn AnyPosition,
        game: &dyn AnyGame,
    ) -> Result<Move, String> {
        Ok(self.baseline.choose(game.position(), &mut self.rng))
    }
}

/// An engine in another process, over UCI.
struct UciPlayer {
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
fn write_definition(text: &str) -> Result<std::path::PathBuf, String> {
    static NEXT: AtomicU32 = AtomicU32::new(0);
    let path = std::env::temp_dir().join(format!(
        "duckchess-{}-{}.ini",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::write(&path, text).map_err(|e| {
        format!(
            "cannot write the variant definition {}: {e}",
            path.display()
        )
    })?;
    Ok(path)
}

impl UciPlayer {
    fn start(
        notation: &dyn Notation,
        command: &[String],
        options: &[(String, String)],
        think: Duration,
        go: Option<String>,
    ) -> Result<UciPlayer, String> {
        let name = command.join(" ");
        let mut child = Command::new(&command[0])
            .args(&command[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot run {name}: {e}"))?;
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

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| format!("{} stopped listening: {e}", self.name))
    }

    /// Reads lines until `done` says so; the last one read.
    fn wait_for(
        &mut self,
        limit: Duration,
        mut done: impl FnMut(&str) -> bool,
    ) -> Result<String, String> {
        let deadline = std::time::Instant::now() + limit;
        loop {
            let left = deadline.saturating_duration_since(std::time::Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) if done(line.trim()) => return Ok(line),
                Ok(_) => {}
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    return Err(format!("{} did not answer in time", self.name))
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    return Err(format!("{} ended", self.name))
                }
            }
        }
    }

    fn ready(&mut self) -> Result<(), String> {
        self.send("isready")?;
        self.wait_for(UCI_GRACE, |l| l == "readyok").map(|_| ())
    }
}

impl Player for UciPlayer {
    fn new_game(&mut self, _seed: u64) -> Result<(), String> {
        self.send("ucinewgame")?;
        self.ready()
    }

    fn choose(
        &mut self,
        notation: &dyn Notation,
        start: &dyn AnyPosition,
        game: &dyn AnyGame,
    ) -> Result<Move, String> {
        let mut position = format!("position fen {}", notation.write_position(start));
        if !game.moves().is_empty() {
            position.push_str(" moves");
            let mut at = start.clone_box();
            for &m in game.moves() {
                position.push(' ');
                position.push_str(&notation.uci_move(&*at, m));
                at.play(m).map_err(|e| e.to_string())?;
            }
        }
        self.send(&position)?;
        let go = match &self.go {
            Some(words) => format!("go {words}"),
            None => format!("go movetime {}", self.think.as_millis().max(1)),
        };
        self.send(&go)?;
        // A search by nodes or depth has no time to wait for: allow more.
        let wait = if self.go.is_some() {
            self.think * 10
        } else {
            self.think
        };
        let line = self.wait_for(wait + UCI_GRACE, |l| l.starts_with("bestmove"))?;
        let text = line.split_whitespace().nth(1).unwrap_or("");
        notation
            .read_move(game.position(), text)
            .map_err(|e| format!("{} played {text:?}: {e}", self.name))
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

impl Opponent {
    /// A player for this opponent in `notation`'s game; `seed` seeds a
    /// baseline until [`Player::new_game`] seeds it again.
    pub fn player(&self, notation: &dyn Notation, seed: u64) -> Result<Box<dyn Player>, String> {
        Ok(match self {
            Opponent::Baseline(baseline) => Box::new(BaselinePlayer {
                baseline: *baseline,
                rng: ChaCha8Rng::seed_from_u64(seed),
            }),
            Opponent::Engine(limits) => Box::new(EnginePlayer {
                engine: Engine::new(super::search::DEFAULT_HASH_MB),
                limits: *limits,
            }),
            Opponent::Uci {
                command,
                options,
                think,
                go,
            } => Box::new(UciPlayer::start(
                notation,
                command,
                options,
                *think,
                go.clone(),
            )?),
        })
    }
}

/// The opening of pair `pair`: its name and moves.
fn opening(
    notation: &dyn Notation,
    start: &dyn AnyPosition,
    openings: &Openings,
    seed: u64,
    pair: u32,
) -> Result<(String, Vec<Move>), String> {
    let random = |plies: u32| {
        let mut rng = ChaCha8Rng::seed_from_u64(seed.wrapping_add(u64::from(pair)));
        let mut game = start.new_game();
        let mut moves = Vec::new();
        for _ in 0..plies {
            let legal = game.position().legal_moves();
            if legal.is_empty() || game.outcome().is_some() {
                break;
            }
            let m = legal[below(&mut rng, legal.len())];
            game.play(m).expect("a legal move");
            moves.push(m);
        }
        (format!("random {plies} plies #{}", pair + 1), moves)
    };
    match openings {
        Openings::None => Ok(("start".into(), Vec::new())),
        Openings::Random(plies) => Ok(random(*plies)),
        Openings::Builtin => {
            let book = notation.openings();
            if book.is_empty() {
                return Ok(random(4));
            }
            let (name, text) = book[pair as usize % book.len()];
            let game = line::read_line(notation, &format!("start moves {text}"))
                .map_err(|e| format!("opening {name}: {e}"))?;
            Ok((name.to_string(), game.moves().to_vec()))
        }
    }
}

/// Plays one game from `opening`: the computer as `computer`; `None`
/// when `stop` is raised before its end.
#[allow(clippy::too_many_arguments)]
fn play_game(
    notation: &dyn Notation,
    start: &dyn AnyPosition,
    opening: &[Move],
    computer: Color,
    engine: &mut dyn Player,
    opponent: &mut dyn Player,
    move_cap: u32,
    seed: u64,
    stop: &AtomicBool,
) -> Result<Option<(GameResult, String, Vec<Move>)>, String> {
    engine.new_game(seed)?;
    opponent.new_game(seed)?;
    let mut game: Box<dyn AnyGame> = start.new_game();
    for &m in opening {
        game.play(m).map_err(|e| e.to_string())?;
    }
    loop {
        if let Some(outcome) = game.outcome() {
            let result = match outcome {
                Outcome::Decisive { winner, .. } if winner == computer => GameResult::Win,
                Outcome::Decisive { .. } => GameResult::Loss,
                Outcome::Draw(_) => GameResult::Draw,
            };
            return Ok(Some((
                result,
                status::how(game.position(), outcome),
                game.moves().to_vec(),
            )));
        }
        if game.moves().len() >= move_cap as usize {
            return Ok(Some((
                GameResult::Draw,
                "move cap".into(),
                game.moves().to_vec(),
            )));
        }
        if stop.load(Ordering::Relaxed) {
            return Ok(None);
        }
        let mover: &mut dyn Player = if game.position().turn() == computer {
            engine
        } else {
            opponent
        };
        let m = mover.choose(notation, start, &*game)?;
        game.play(m)
            .map_err(|_| "a player chose an illegal move".to_string())?;
    }
}

/// A game's result as the computer's half points (a pair adds two).
fn half_points(result: GameResult) -> usize {
    match result {
        GameResult::Win => 2,
        GameResult::Draw => 1,
        GameResult::Loss => 0,
    }
}

/// The games ended, counted in the order of their numbers.
struct Counted<F> {
    tally: Tally,
    each: F,
    /// Games ended before one with a smaller number, by index.
    waiting: BTreeMap<u32, GameRecord>,
    /// The index of the next game to count.
    next: u32,
    /// The result of the first game of the pair being counted.
    first: Option<GameResult>,
    /// The first failure, which ends the match.
    failure: Option<String>,
}

impl<F: FnMut(&GameRecord, &Tally)> Counted<F> {
    /// Takes game `index`'s record and counts every game now in order;
    /// true once the test has a verdict.
    fn take(&mut self, index: u32, record: GameRecord, sprt: Option<&Sprt>) -> bool {
        self.waiting.insert(index, record);
        while let Some(record) = self.waiting.remove(&self.next) {
            self.tally.add(&record);
            if self.next.is_multiple_of(2) {
                self.first = Some(record.result);
            } else if let Some(first) = self.first.take() {
                self.tally
                    .pairs
                    .add(half_points(first) + half_points(record.result));
            }
            self.next += 1;
            (self.each)(&record, &self.tally);
            if self.next.is_multiple_of(2)
                && sprt.is_some_and(|t| t.verdict(&self.tally.pairs).is_some())
            {
                return true;
            }
        }
        false
    }
}

/// Plays a match from `start`, telling `each` of every game with the
/// tally that counts it, in the order of the games' numbers (a game that
/// ends before an earlier one waits for it). With a test, the match ends
/// at the first pair after which it accepts a hypothesis: games already
/// begun beyond it are abandoned and not counted. The first player that
/// fails (a UCI engine that cannot be started or stops answering) ends the
/// match with its message.
pub fn play_match(
    notation: &dyn Notation,
    start: &dyn AnyPosition,
    config: &MatchConfig,
    each: impl FnMut(&GameRecord, &Tally) + Send,
) -> Result<Tally, String> {
    let next = AtomicU32::new(0);
    let stop = AtomicBool::new(false);
    let shared = Mutex::new(Counted {
        tally: Tally::default(),
        each,
        waiting: BTreeMap::new(),
        next: 0,
        first: None,
        failure: None,
    });
    std::thread::scope(|scope| {
        for job in 0..config.jobs.clamp(1, config.games.max(1) as usize) {
            let (next, stop, shared) = (&next, &stop, &shared);
            scope.spawn(move || {
                let run = || -> Result<(), String> {
                    let mut engine = EnginePlayer {
                        engine: Engine::new(super::search::DEFAULT_HASH_MB),
                        limits: config.limits,
                    };
                    let mut opponent = config
                        .opponent
                        .player(notation, config.seed.wrapping_add(1000 * job as u64))?;
                    loop {
                        if stop.load(Ordering::Relaxed) {
                            return Ok(());
                        }
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        if i >= config.games {
                            return Ok(());
                        }
                        let computer = if i % 2 == 0 {
                            Color::White
                        } else {
                            Color::Black
                        };
                        let (name, moves) =
                            opening(notation, start, &config.openings, config.seed, i / 2)?;
                        let game_seed = config
                            .seed
                            .wrapping_mul(0x9e37_79b9_7f4a_7c15)
                            .wrapping_add(u64::from(i));
                        let Some((result, reason, moves)) = play_game(
                            notation,
                            start,
                            &moves,
                            computer,
                            &mut engine,
                            &mut *opponent,
                            config.move_cap,
                            game_seed,
                            stop,
                        )?
                        else {
                            return Ok(());
                        };
                        let record = GameRecord {
                            number: i + 1,
                            computer,
                            opening: name,
                            result,
                            reason,
                            plies: moves.len() as u32,
                            moves,
                        };
                        let mut counted = shared.lock().expect("no panic");
                        if !stop.load(Ordering::Relaxed)
                            && counted.take(i, record, config.sprt.as_ref())
                        {
                            stop.store(true, Ordering::Relaxed);
                        }
                    }
                };
                if let Err(e) = run() {
                    stop.store(true, Ordering::Relaxed);
                    shared.lock().expect("no panic").failure.get_or_insert(e);
                }
            });
        }
    });
    let counted = shared.into_inner().expect("no panic");
    match counted.failure {
        Some(e) => Err(e),
        None => Ok(counted.tally),
    }
}
