//! The `duckchess` command line: argument parsing and printing only; all the
//! work is done by the library.

use clap::{Parser, Subcommand};
use duckchess::fen::FSF_CONFIG;
use duckchess::judge::{self, JudgeError, Summary};
use duckchess::picture::{self, Picture, Style};
use duckchess::play::{self, Options, Vs};
use duckchess::{perft, search, trace};
use duckchess::{Color, Command, Point, Position};
use std::io::{self, BufReader, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

const EXIT_CODES: &str = "\
Exit codes:
  0  success
  1  a file could not be read or the output could not be written
  2  malformed input (after every verdict before it was written) or a usage error";

/// Judge-exact simulator for Duck Chess (THUPC 2019 \"duckchess\", Luogu P5380, LOJ 6619).
///
/// With no subcommand, reads a judge input (Q, then Q lines `xs ys xt yt`)
/// from FILE or standard input and prints exactly the judge output.
#[derive(Parser)]
#[command(version, after_help = EXIT_CODES, args_conflicts_with_subcommands = true)]
struct Cli {
    /// Judge input file; standard input when absent.
    file: Option<PathBuf>,

    /// Start from this position (FEN, or the word `start`) instead of the
    /// initial layout.
    #[arg(long, value_name = "FEN")]
    from: Option<String>,

    #[command(subcommand)]
    command: Option<Cmd>,
}

#[derive(Subcommand)]
enum Cmd {
    /// Judge mode, spelled out: the same as giving no subcommand.
    Judge {
        /// Judge input file; standard input when absent.
        file: Option<PathBuf>,
        /// Start from this position (FEN, or `start`).
        #[arg(long, value_name = "FEN")]
        from: Option<String>,
    },
    /// Explain every verdict: why a command is invalid, what a valid one
    /// did, which pieces give check.
    Trace {
        /// Judge input file; standard input when absent.
        file: Option<PathBuf>,
        /// Draw the board at the start and after every valid move.
        #[arg(long)]
        board: bool,
        /// Print the position as FEN at the start and after every command.
        #[arg(long)]
        fen: bool,
        /// How the board draws pieces.
        #[arg(long, value_enum, default_value_t)]
        style: Style,
        /// Start from this position (FEN, or `start`).
        #[arg(long, value_name = "FEN")]
        from: Option<String>,
    },
    /// Draw the board of a position.
    Show {
        /// The position: FEN (quoted, or its fields as separate words) or
        /// `start`.
        #[arg(required = true, num_args = 1..)]
        fen: Vec<String>,
        /// How the board draws pieces.
        #[arg(long, value_enum, default_value_t)]
        style: Style,
        /// Mark every point the piece on X,Y can reach.
        #[arg(long, value_name = "X,Y", allow_hyphen_values = true)]
        highlight: Option<String>,
    },
    /// Every valid command of the side to move, one per line as `xs ys xt yt`.
    Moves {
        /// The position: FEN (quoted, or its fields as separate words) or
        /// `start`.
        #[arg(required = true, num_args = 1..)]
        fen: Vec<String>,
        /// Only the commands that move the piece on X,Y.
        #[arg(long, value_name = "X,Y", allow_hyphen_values = true)]
        at: Option<String>,
    },
    /// Print the Fairy-Stockfish variant definition that reads the same FEN.
    FsfConfig,
    /// Count the valid command sequences of length DEPTH (perft); a
    /// sequence that removes a captain ends there and counts as one.
    Perft {
        /// Sequence length.
        depth: u32,
        /// Start from this position (FEN, or `start`).
        #[arg(long, value_name = "FEN")]
        from: Option<String>,
        /// Print each first move `xs ys xt yt: count`, then the total alone.
        #[arg(long)]
        divide: bool,
        /// Threads to count with.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..))]
        threads: u16,
    },
    /// Play in the terminal, against the computer or another person.
    ///
    /// Arrows or hjkl move the cursor, Enter or Space picks a piece up and
    /// puts it down on a target; u undoes, n starts a new game, s saves the
    /// game as a judge input in the current directory, q or Esc quits.
    Play {
        /// Who plays the other side.
        #[arg(long, value_enum, default_value_t = Vs::Computer)]
        vs: Vs,
        /// The side the computer plays.
        #[arg(long, value_parser = parse_color, default_value = "blue")]
        computer: Color,
        /// How many plies the computer looks ahead (more is stronger and slower).
        #[arg(long, default_value_t = search::DEFAULT_DEPTH,
              value_parser = clap::value_parser!(u32).range(1..=12))]
        depth: u32,
        /// Start from this position (FEN, or `start`).
        #[arg(long, value_name = "FEN")]
        from: Option<String>,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        None => judge_mode(cli.file, cli.from),
        Some(Cmd::Judge { file, from }) => judge_mode(file, from),
        Some(Cmd::Trace {
            file,
            board,
            fen,
            style,
            from,
        }) => trace_mode(file, from, board, fen, style),
        Some(Cmd::Show {
            fen,
            style,
            highlight,
        }) => show(&fen.join(" "), style, highlight),
        Some(Cmd::Moves { fen, at }) => moves(&fen.join(" "), at),
        Some(Cmd::FsfConfig) => print(FSF_CONFIG.to_string()),
        Some(Cmd::Perft {
            depth,
            from,
            divide,
            threads,
        }) => perft(depth, from, divide, threads.into()),
        Some(Cmd::Play {
            vs,
            computer,
            depth,
            from,
        }) => play(vs, computer, depth, from),
    };
    result.unwrap_or_else(|e| e)
}

/// A usage error: the message on standard error, exit code 2.
fn usage(message: String) -> ExitCode {
    fail(2, &message)
}

/// The position a FEN argument names; `start` is the initial layout.
fn position(fen: Option<&str>) -> Result<Position, ExitCode> {
    match fen.map(str::trim) {
        None | Some("start") => Ok(Position::initial()),
        Some(text) => text
            .parse()
            .map_err(|e| usage(format!("bad FEN {text:?}: {e}"))),
    }
}

/// A point argument `x,y`.
fn point(text: &str) -> Result<Point, ExitCode> {
    let parsed = text
        .split_once(',')
        .and_then(|(x, y)| Point::new(x.trim().parse().ok()?, y.trim().parse().ok()?));
    parsed.ok_or_else(|| {
        usage(format!(
            "bad point {text:?}: expected x,y with 0 <= x <= 9 and 0 <= y <= 8"
        ))
    })
}

fn print(text: String) -> Result<ExitCode, ExitCode> {
    match io::stdout().lock().write_all(text.as_bytes()) {
        Ok(()) => Ok(ExitCode::SUCCESS),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(ExitCode::SUCCESS),
        Err(e) => Err(fail(1, &format!("cannot write output: {e}"))),
    }
}

fn show(fen: &str, style: Style, highlight: Option<String>) -> Result<ExitCode, ExitCode> {
    let game = position(Some(fen))?;
    let mut picture = Picture::new(game.board())
        .style(style)
        .color(picture::color_for_stdout());
    if let Some(at) = highlight {
        picture = picture.reach(&game, point(&at)?);
    }
    let mut text = format!("{picture}{} to move\n", game.turn());
    for note in trace::checks(&game) {
        text += &format!("{note}\n");
    }
    print(text)
}

fn moves(fen: &str, at: Option<String>) -> Result<ExitCode, ExitCode> {
    let game = position(Some(fen))?;
    let at = at.map(|p| point(&p)).transpose()?;
    let mut text = String::new();
    game.for_each_move(|m| {
        if at.is_none_or(|p| p == m.from) {
            text += &format!("{}\n", Command::from(m));
        }
    });
    print(text)
}

fn perft(
    depth: u32,
    from: Option<String>,
    divide: bool,
    threads: usize,
) -> Result<ExitCode, ExitCode> {
    let game = position(from.as_deref())?;
    let parts = perft::divide(&game, depth, threads);
    let total: u64 = if depth == 0 {
        1
    } else {
        parts.iter().map(|p| p.1).sum()
    };
    let mut text = String::new();
    if divide {
        for (m, n) in &parts {
            text += &format!("{}: {n}\n", Command::from(*m));
        }
    }
    text += &format!("{total}\n");
    print(text)
}

fn play(vs: Vs, computer: Color, depth: u32, from: Option<String>) -> Result<ExitCode, ExitCode> {
    let start = position(from.as_deref())?;
    if !io::stdout().is_terminal() {
        return Err(fail(2, "play needs a terminal: standard output is not one"));
    }
    let options = Options {
        vs,
        computer,
        depth,
        start,
        ..Options::default()
    };
    match play::tui::run(play::Game::new(options)) {
        Ok(()) => Ok(ExitCode::SUCCESS),
        Err(e) => Err(fail(1, &format!("terminal error: {e}"))),
    }
}

fn parse_color(text: &str) -> Result<Color, String> {
    Color::ALL
        .into_iter()
        .find(|c| c.name() == text)
        .ok_or_else(|| format!("expected red or blue, not {text:?}"))
}

fn trace_mode(
    file: Option<PathBuf>,
    from: Option<String>,
    board: bool,
    fen: bool,
    style: Style,
) -> Result<ExitCode, ExitCode> {
    let game = position(from.as_deref())?;
    let options = trace::Options {
        board,
        fen,
        style,
        color: picture::color_for_stdout(),
    };
    let stdout = io::stdout().lock();
    let result = match &file {
        Some(path) => match std::fs::File::open(path) {
            Ok(f) => trace::run(BufReader::new(f), stdout, game, &options),
            Err(e) => return Err(fail(1, &format!("cannot open {}: {e}", path.display()))),
        },
        None => trace::run(io::stdin().lock(), stdout, game, &options),
    };
    Ok(finish(result))
}

fn judge_mode(file: Option<PathBuf>, from: Option<String>) -> Result<ExitCode, ExitCode> {
    let game = position(from.as_deref())?;
    let stdout = io::stdout().lock();
    let result = match &file {
        Some(path) => match std::fs::File::open(path) {
            Ok(f) => judge::run(BufReader::with_capacity(1 << 16, f), stdout, game),
            Err(e) => return Err(fail(1, &format!("cannot open {}: {e}", path.display()))),
        },
        None => judge::run(io::stdin().lock(), stdout, game),
    };
    Ok(finish(result))
}

/// The exit code for how judge or trace mode ended, telling any error.
fn finish(result: Result<Summary, JudgeError>) -> ExitCode {
    match result {
        Ok(_) => ExitCode::SUCCESS,
        // A reader that stopped listening (`| head`) is not an error.
        Err(JudgeError::Write(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e @ JudgeError::Malformed { .. }) => fail(2, &e.to_string()),
        Err(e) => fail(1, &e.to_string()),
    }
}

fn fail(code: u8, message: &str) -> ExitCode {
    let _ = writeln!(io::stderr(), "duckchess: {message}");
    ExitCode::from(code)
}
