//! `duckchess play`: the terminal game, one for every game of the registry.

use super::{fail, usage, GameArgs};
use duckchess::engine::arena::{Opponent, Player};
use duckchess::engine::computer::{self, Computer};
use duckchess::engine::search::Limits;
use duckchess::kernel::{AnyGame, AnyPosition, Color, Move};
use duckchess::play::clock::TimeControl;
use duckchess::play::config::{self, Config};
use duckchess::play::game::{Game, Options};
use duckchess::play::screen::{self, View};
use duckchess::play::Vs;
use duckchess::variants::picture::{color_for_stdout, ColorChoice, Style};
use duckchess::variants::{line, Notation};
use std::io::{self, IsTerminal};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Examples and the keys, for `--help`: the same in every game; the
/// `--online` example where the build has it.
macro_rules! keys {
    ($online:literal) => {
        concat!(
            "\
Examples:
  duckchess play                              # Duck Chess: you are red, the computer blue
  duckchess play --variant chess --computer white
  duckchess play --vs human --variant fourfold   # two people, one keyboard
  duckchess play chess-20261202T101500Z.pgn   # go on with a game saved with s
  duckchess play --variant chess --clock 5+3 --opponent uci:stockfish
",
            $online,
            "
Keys (the same in every game; the config file may bind other letters):
  arrows                 cursor within a board
  Alt+arrows             the same square on the neighbouring board (cube, Fourfold)
  ] or PgUp, [ or PgDn   one level up / down (cube), the board above / below (Fourfold)
  Tab, Shift+Tab         next/previous piece that can move; with a piece picked up, its targets
  Enter or Space         pick up a piece, put it down on a target (castle: the king two squares)
  q r b n                when a pawn promotes: what it becomes (Enter: queen)
  Esc                    drop the piece or close the prompt (never quits)
  u / r                  undo / redo (against the computer, with its reply)
  h                      hint: the computer's suggested move, marked * *
  f                      flip the board
  d                      claim a draw, when one may be claimed
  s                      save the game as <variant>-<UTC time>.<ext> in the current directory
  l                      load the newest such file (asks first; u undoes it)
  n                      new game (asks first over moves not saved; u undoes it)
  q                      quit (asks first over moves not saved)
  mouse                  click a piece, then its target
  :                      type a move in the game's notation (Tab completes, Enter plays, Esc closes)
  ?                      help: every key of the game (? Esc q close it)
  e                      show or hide the engine's evaluation: score and best line
  x                      resign (asks first)
  o                      offer a draw: the computer accepts when it is not better
  after the end          Left/Right or u/r: review the moves; Home/End: start/end"
        )
    };
}
#[cfg(feature = "online-client")]
const KEYS: &str = keys!("  duckchess play --online http://127.0.0.1:8080/game/ID --name ann   # a game of `duckchess serve`\n");
#[cfg(not(feature = "online-client"))]
const KEYS: &str = keys!("");

#[derive(clap::Args)]
#[command(
    after_help = KEYS,
    mut_arg("position", |a| a.help("Where the game starts, as the last words (or --from): a \
        position, optionally followed by `moves` and moves, or a saved game's file"))
)]
pub struct Args {
    #[command(flatten)]
    game: GameArgs,
    /// Who plays the other side.
    #[arg(long, value_enum, default_value_t = Vs::Computer)]
    vs: Vs,
    /// The side the computer plays, in the game's words (red or blue in
    /// Duck Chess, white or black otherwise; `first` or `second` anywhere)
    /// [default: the second side].
    #[arg(long)]
    computer: Option<String>,
    /// Search to this depth instead of thinking for --think-ms.
    #[arg(long, value_name = "D", value_parser = super::depth, conflicts_with = "think_ms")]
    depth: Option<u32>,
    /// The computer's time per move, in milliseconds (with --clock, the
    /// time of the evaluation line and of a draw offer's answer; its moves
    /// take their share of its clock).
    #[arg(long, value_name = "MS", default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..=600_000))]
    think_ms: u64,
    /// Clocks: each side's minutes and the seconds each move adds, as
    /// `5+3` (`0.5+0` for half a minute). A flag that falls loses (draws
    /// when the other side cannot mate); the computer thinks a twentieth
    /// of its time left plus three quarters of the increment.
    #[arg(long, value_name = "MIN+SEC")]
    clock: Option<TimeControl>,
    /// Another engine as the computer: `uci:COMMAND`, any program
    /// speaking UCI (`uci:stockfish`; `UCI_Variant` is set to the game
    /// when it offers it), thinking --think-ms a move. It also gives the
    /// hints; the evaluation line and draw offers stay duckchess's own.
    #[arg(long, value_name = "uci:COMMAND")]
    opponent: Option<String>,
    /// Play a game of `duckchess serve` from its link
    /// (`http://HOST:PORT/game/ID`, plain HTTP): as a guest named --name,
    /// or as the account of --token; takes the open seat, or watches when
    /// both are taken. The game, its clocks and its result are the
    /// server's; undo, redo, new and load are off.
    #[cfg(feature = "online-client")]
    #[arg(long, value_name = "URL", conflicts_with_all = ["opponent", "vs", "computer", "clock", "position"])]
    online: Option<String>,
    /// The guest's name with --online.
    #[cfg(feature = "online-client")]
    #[arg(
        long,
        value_name = "NAME",
        default_value = "terminal",
        requires = "online"
    )]
    name: String,
    /// An account's personal API token with --online (sent as
    /// `Authorization: Bearer`) instead of playing as a guest [default:
    /// $DUCKCHESS_TOKEN].
    #[cfg(feature = "online-client")]
    #[arg(long, value_name = "TOKEN", requires = "online")]
    token: Option<String>,
    /// When to colour the board: auto (not when NO_COLOR is set), always
    /// or never [default: the config file's `color`, else auto].
    #[arg(long, value_enum, value_name = "WHEN")]
    color: Option<ColorChoice>,
    /// How pieces are drawn: the game's glyphs or ASCII letters [default:
    /// the config file's `style`, else glyphs].
    #[arg(long, value_enum)]
    style: Option<Style>,
    /// The config file (style, colours, keys) [default:
    /// $XDG_CONFIG_HOME/duckchess/config.toml, else
    /// ~/.config/duckchess/config.toml, when it is there].
    #[arg(long, value_name = "PATH")]
    config: Option<PathBuf>,
}

pub fn run(args: Args) -> Result<ExitCode, ExitCode> {
    #[cfg(feature = "online-client")]
    if let Some(url) = args.online.as_deref() {
        return online(url, &args);
    }
    let (notation, start, moves) = start_of(&args)?;
    let computer = match args.computer.as_deref() {
        None => Color::Black,
        Some(text) => side(notation, text).map_err(usage)?,
    };
    let config = read_config(args.config.as_deref())?;
    // The opponent is read before the terminal is asked for: a usage
    // error is one without a terminal too.
    let opponent = match args.opponent.as_deref() {
        None => None,
        Some(text) if text.trim_start().starts_with("uci:") => Some(
            Opponent::parse(text, Duration::from_millis(args.think_ms))
                .map_err(|e| usage(e.to_string()))?,
        ),
        Some(text) => {
            return Err(usage(format!(
                "--opponent {text:?}: expected uci:COMMAND (an engine speaking UCI)"
            )))
        }
    };
    if !io::stdout().is_terminal() {
        return Err(fail(2, "play needs a terminal: standard output is not one"));
    }
    let limits = match args.depth {
        Some(depth) => Limits::depth(depth),
        None => Limits::think(Duration::from_millis(args.think_ms)),
    };
    // With clocks the game stops a move's search when its share of the
    // clock is spent; the whole base time is only a bound.
    let move_limits = match (args.clock, args.depth) {
        (Some(control), None) => Limits::think(control.base + control.increment),
        _ => limits,
    };
    // The engine's search; or the other engine, through `match`'s UCI
    // client.
    let chooser: Computer = match &opponent {
        None => computer::search(),
        Some(opponent) => {
            let player = opponent
                .player(notation, 0)
                .map_err(|e| fail(1, &format!("--opponent: {e}")))?;
            uci_chooser(notation, player)
        }
    };
    // The engine's search for the `e` line and a draw offer's answer, with
    // its score and principal variation.
    let options = Options {
        start,
        moves,
        vs: args.vs,
        computer,
        chooser: Some(chooser),
        think: move_limits,
        evaluator: Some(computer::search()),
        eval_think: limits,
        clock: args.clock,
        ..Options::new(notation)
    };
    let view = view_of(&args, config);
    match screen::run(Game::new(options), view) {
        Ok(()) => Ok(ExitCode::SUCCESS),
        Err(e) => Err(fail(1, &format!("terminal error: {e}"))),
    }
}

/// The screen's look: the command line wins over the config file;
/// NO_COLOR over the file's colours (only `--color always` overrides it).
fn view_of(args: &Args, config: Config) -> View {
    let color = match (args.color, config.color) {
        (Some(choice), _) => choice.for_stdout(),
        (None, Some(ColorChoice::Always)) => {
            std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
        }
        (None, Some(choice)) => choice.for_stdout(),
        (None, None) => color_for_stdout(),
    };
    View {
        palette: config.palette,
        keys: config.keys,
        ..View::new(color, args.style.or(config.style).unwrap_or_default())
    }
}

/// `--online URL`: a seat at a game of `duckchess serve`. A bad link or
/// a server that cannot be reached is one line and exit 2.
#[cfg(feature = "online-client")]
fn online(url: &str, args: &Args) -> Result<ExitCode, ExitCode> {
    use duckchess::play::online::{parse_url, Auth, Client, Session};
    let link = parse_url(url).map_err(|e| fail(2, &e.to_string()))?;
    let config = read_config(args.config.as_deref())?;
    // The server and the game are there (read as a spectator), before the
    // terminal is asked for and before a seat is taken.
    Client {
        link: link.clone(),
        auth: None,
    }
    .game()
    .map_err(|e| fail(2, &e.to_string()))?;
    if !io::stdout().is_terminal() {
        return Err(fail(2, "play needs a terminal: standard output is not one"));
    }
    let from_env = std::env::var("DUCKCHESS_TOKEN").ok();
    let auth = args
        .token
        .as_deref()
        .or(from_env.as_deref())
        .filter(|t| !t.trim().is_empty())
        .map(|t| Auth::Bearer(t.trim().to_string()));
    let session = Session::join(link, auth, &args.name).map_err(|e| fail(2, &e.to_string()))?;
    let notation = session.notation();
    let limits = match args.depth {
        Some(depth) => Limits::depth(depth),
        None => Limits::think(Duration::from_millis(args.think_ms)),
    };
    let clock = session.first.clock.map(|(base, inc)| TimeControl {
        base: Duration::from_millis(base.max(0) as u64),
        increment: Duration::from_millis(inc.max(0) as u64),
    });
    let options = Options {
        start: session.start(),
        vs: Vs::Human,
        // The engine still suggests (h) and evaluates (e); it never plays.
        chooser: Some(computer::search()),
        think: limits,
        evaluator: Some(computer::search()),
        eval_think: limits,
        clock,
        online: Some(session.first.you),
        ..Options::new(notation)
    };
    let mut game = Game::new(options);
    // The first state, before the first frame.
    session.pump(&mut game);
    let first = session.first.clone();
    if let Ok(synced) = duckchess::play::online::synced(notation, &*session.start(), &first.state) {
        game.sync(synced);
    }
    let view = view_of(args, config);
    match screen::run_with(game, view, |game| session.pump(game)) {
        Ok(()) => Ok(ExitCode::SUCCESS),
        Err(e) => Err(fail(1, &format!("terminal error: {e}"))),
    }
}

/// The computer as a UCI engine (one at a time: its searches are
/// queued; it thinks as its own options say). The engine is given the position as it stands, as a position
/// without past moves: the game's start may be no position the engine
/// knows a history from. An engine that fails gives no move, and the
/// status line says so.
fn uci_chooser(notation: &'static dyn Notation, player: Box<dyn Player>) -> Computer {
    let player = Mutex::new(player);
    Arc::new(move |game: &dyn AnyGame, _: Limits, _: &AtomicBool| {
        let position = game.position();
        let fresh = position.new_game();
        let mut player = player.lock().unwrap_or_else(|e| e.into_inner());
        player
            .choose(notation, position, &*fresh)
            .ok()
            .map(computer::just)
    })
}

/// The config file: `--config PATH` (which must be there), else the
/// default place when a file is there. A bad file is a usage error naming
/// the file and the line.
fn read_config(path: Option<&Path>) -> Result<Config, ExitCode> {
    let path = match path {
        Some(path) => path.to_path_buf(),
        None => {
            let var = |name| std::env::var(name).ok();
            match config::default_path(var("XDG_CONFIG_HOME").as_deref(), var("HOME").as_deref()) {
                Some(path) if path.is_file() => path,
                _ => return Ok(Config::default()),
            }
        }
    };
    config::load(&path).map_err(|e| fail(2, &format!("config: {e}")))
}

/// A side named in the game's words, or `first`/`second`, `white`/`black`.
fn side(notation: &dyn Notation, text: &str) -> Result<Color, String> {
    let text = text.trim().to_ascii_lowercase();
    Color::ALL
        .into_iter()
        .find(|&c| {
            [
                notation.side_name(c),
                c.name(),
                ["first", "second"][c.index()],
            ]
            .contains(&text.as_str())
        })
        .ok_or_else(|| {
            format!(
                "--computer: expected {} or {}, not {text:?}",
                notation.side_name(Color::White),
                notation.side_name(Color::Black)
            )
        })
}

/// The game, its start and the moves to replay: a position (and moves), or
/// a saved game's file.
type Start = (&'static dyn Notation, Box<dyn AnyPosition>, Vec<Move>);

fn start_of(args: &Args) -> Result<Start, ExitCode> {
    let text = args.game.text()?;
    let Some(text) = text.filter(|t| t.trim() != "start" && !t.trim().is_empty()) else {
        let (notation, game) = args.game.game()?;
        return Ok((notation, game.position().clone_box(), Vec::new()));
    };
    let path = Path::new(text.trim());
    if path.is_file() {
        let (_, content) = super::read_whole(Some(path))?;
        let refused = |e: &dyn std::fmt::Display| usage(format!("{}: {e}", path.display()));
        let Some(notation) = args.game.variant()? else {
            // No game named: recognised by the content, as positions are
            // (a PGN's `[Event` is no cube level), the extension and first
            // line only the first guess.
            let guess = record_game(path, &content);
            let (notation, _, records) =
                line::read_any_text(guess, &content).map_err(|e| refused(&e))?;
            let record = records
                .into_iter()
                .next()
                .expect("a text read holds a game");
            return Ok((notation, record.start, record.moves));
        };
        // A record (start and moves), or a file with one position.
        return notation
            .read_record(&content)
            .or_else(|record| match notation.read_position(content.trim()) {
                Ok(p) => Ok((p, Vec::new())),
                Err(_) => Err(record),
            })
            .map(|(start, moves)| (notation, start, moves))
            .map_err(|e| refused(&e));
    }
    match line::read_any(args.game.variant()?, &text) {
        Ok((notation, game)) => Ok((notation, game.position().clone_box(), game.moves().to_vec())),
        // A word that names no position and looks like a file's name is a
        // file that is not there.
        Err(_) if looks_like_a_file(&text) => Err(fail(
            1,
            &format!("cannot open {}: no such file", text.trim()),
        )),
        Err(e) => Err(usage(e.to_string())),
    }
}

/// The first guess at the game of a saved record: by a `[Variant]` tag, its
/// first line (a PGN tag, a position) and its file's extension.
fn record_game(path: &Path, content: &str) -> &'static dyn Notation {
    let extension = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    let all = duckchess::variants::all();
    // A record that names its game (a `[Variant "..."]` tag) says which.
    if let Some(named) = content.lines().find_map(|l| {
        let value = l.trim().strip_prefix("[Variant \"")?.strip_suffix("\"]")?;
        duckchess::variants::by_name(value)
    }) {
        return named;
    }
    let first = content.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
    // A PGN tag pair (`[Event "?"]`) is no cube level: the game whose
    // records are PGN.
    let tag = first
        .trim()
        .strip_prefix('[')
        .and_then(|t| t.split_once(" \""));
    if tag.is_some_and(|(name, _)| name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')) {
        if let Some(pgn) = all.iter().copied().find(|n| n.record_format() == "PGN") {
            return pgn;
        }
    }
    duckchess::variants::recognize(line::position_part(first).as_str())
        .ok()
        .or_else(|| {
            all.iter()
                .copied()
                .find(|n| n.record_extension() == extension && extension != "txt")
        })
        .unwrap_or(duckchess::variants::default())
}

/// One word with a dot or a slash that no game reads as a position.
fn looks_like_a_file(text: &str) -> bool {
    let text = text.trim();
    !text.contains(char::is_whitespace) && (text.contains('.') || text.contains('/'))
}
