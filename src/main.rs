//! The `duckchess` command line: argument parsing and printing only; all the
//! work is done by the library.

use clap::{Parser, Subcommand};
use duckchess::judge::{self, JudgeError};
use duckchess::play::{self, Options, Vs};
use duckchess::{perft, search, Color, Command, Position};
use std::io::IsTerminal;
use std::io::{self, BufReader, Write};
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

    #[command(subcommand)]
    command: Option<Cmd>,
}

#[derive(Subcommand)]
enum Cmd {
    /// Judge mode, spelled out: the same as giving no subcommand.
    Judge {
        /// Judge input file; standard input when absent.
        file: Option<PathBuf>,
    },
    /// Count the valid command sequences of length DEPTH (perft); a
    /// sequence that removes a captain ends there and counts as one.
    Perft {
        /// Sequence length.
        depth: u32,
        /// Start from this position (FEN) instead of the initial layout.
        #[arg(long, value_name = "FEN", value_parser = parse_fen)]
        from: Option<Box<Position>>,
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
        /// Start from this position (FEN) instead of the initial layout.
        #[arg(long, value_name = "FEN", value_parser = parse_fen)]
        from: Option<Box<Position>>,
    },
}

fn parse_fen(text: &str) -> Result<Box<Position>, String> {
    text.parse()
        .map(Box::new)
        .map_err(|e: duckchess::fen::FenError| e.to_string())
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        None => judge_mode(cli.file),
        Some(Cmd::Judge { file }) => judge_mode(file),
        Some(Cmd::Perft {
            depth,
            from,
            divide,
            threads,
        }) => perft(
            depth,
            from.map_or_else(Position::initial, |p| *p),
            divide,
            threads.into(),
        ),
        Some(Cmd::Play {
            vs,
            computer,
            depth,
            from,
        }) => play(Options {
            vs,
            computer,
            depth,
            start: from.map_or_else(Position::initial, |p| *p),
            ..Options::default()
        }),
    }
}

fn perft(depth: u32, from: Position, divide: bool, threads: usize) -> ExitCode {
    let mut out = io::stdout().lock();
    let parts = perft::divide(&from, depth, threads);
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
    match out.write_all(text.as_bytes()) {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => {
            fail(1, &format!("cannot write output: {e}"))
        }
        _ => ExitCode::SUCCESS,
    }
}

fn judge_mode(file: Option<PathBuf>) -> ExitCode {
    let stdout = io::stdout().lock();
    let result = match &file {
        Some(path) => match std::fs::File::open(path) {
            Ok(f) => judge::run(
                BufReader::with_capacity(1 << 16, f),
                stdout,
                Position::initial(),
            ),
            Err(e) => return fail(1, &format!("cannot open {}: {e}", path.display())),
        },
        None => judge::run(io::stdin().lock(), stdout, Position::initial()),
    };
    match result {
        Ok(_) => ExitCode::SUCCESS,
        // A reader that stopped listening (`| head`) is not an error.
        Err(JudgeError::Write(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e @ JudgeError::Malformed { .. }) => fail(2, &e.to_string()),
        Err(e) => fail(1, &e.to_string()),
    }
}

fn play(options: Options) -> ExitCode {
    if !io::stdout().is_terminal() {
        return fail(2, "play needs a terminal: standard output is not one");
    }
    match play::tui::run(play::Game::new(options)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => fail(1, &format!("terminal error: {e}")),
    }
}

fn parse_color(text: &str) -> Result<Color, String> {
    Color::ALL
        .into_iter()
        .find(|c| c.name() == text)
        .ok_or_else(|| format!("expected red or blue, not {text:?}"))
}

fn fail(code: u8, message: &str) -> ExitCode {
    let _ = writeln!(io::stderr(), "duckchess: {message}");
    ExitCode::from(code)
}
