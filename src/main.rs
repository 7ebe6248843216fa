//! The `duckchess` command line: argument parsing and printing only; all the
//! work is done by the library.

use clap::{Parser, Subcommand};
use duckchess::contest::check::{self, Report};
use duckchess::contest::gen::{self, Profile};
use duckchess::contest::{answer, validate, verify};
use duckchess::duck::fen::FSF_CONFIG;
use duckchess::duck::judge::{self, JudgeError, Summary};
use duckchess::duck::picture::{self, Picture, Style};
use duckchess::duck::{perft, search, trace};
use duckchess::duck::{Color, Command, Point, Position};
use duckchess::play::{self, Options, Vs};
use std::ffi::OsString;
use std::io::{self, BufReader, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

/// `println!` that ignores a reader who stopped listening (`| head`).
macro_rules! say {
    ($($arg:tt)*) => {{
        let _ = writeln!(io::stdout(), $($arg)*);
    }};
}

/// `print!` likewise.
macro_rules! say_raw {
    ($($arg:tt)*) => {{
        let _ = write!(io::stdout(), $($arg)*);
    }};
}

const EXIT_CODES: &str = "\
Exit codes:
  0  success
  1  a file could not be read or the output could not be written
  2  malformed input (after every verdict before it was written) or a usage error";

/// Judge-exact simulator for Duck Chess (THUPC 2019 "duckchess", Luogu P5380, LOJ 6619).
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
    /// Print a judge input that plays a real game, from a seed.
    ///
    /// Randomness: ChaCha8 (the rand_chacha crate's ChaCha8Rng, seeded with
    /// seed_from_u64), drawn with integer arithmetic only, so the same seed
    /// and version give the same bytes on every machine. Coordinates are
    /// always on the board, as in the contest.
    Gen {
        /// Seed of the game (of the first test with --count).
        #[arg(long)]
        seed: u64,
        /// Commands in the input (Q).
        #[arg(long, default_value_t = 1000)]
        commands: u64,
        /// Kind of game.
        #[arg(long, value_enum, default_value_t)]
        profile: Profile,
        /// Write this many tests to --out as 01.in, 01.ans, … (seeds S, S+1, …).
        #[arg(long, requires = "out")]
        count: Option<u64>,
        /// Folder for --count.
        #[arg(long, requires = "count")]
        out: Option<PathBuf>,
    },
    /// Write the judge answer X.ans beside each input X.in.
    Answer {
        /// Judge inputs, named X.in.
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Check a contest solution against the simulator on generated games.
    ///
    /// Runs PROGRAM (stdin → stdout) on generated inputs in parallel and
    /// compares its output line by line. Verdicts: OK, WA (first differing
    /// line), RE (non-zero exit or signal), TLE (killed at the timeout), OLE
    /// (output beyond 4 × the answer + 1 MiB). A failing input is shrunk to
    /// a minimal one, explained on the board and saved.
    #[command(after_help = CHECK_EXIT_CODES)]
    Check {
        /// Cases to run; case i uses seed S+i.
        #[arg(long, default_value_t = 100)]
        cases: u64,
        /// Seed of the first case; a fresh one (printed) when absent.
        #[arg(long)]
        seed: Option<u64>,
        /// Commands per case.
        #[arg(long, default_value_t = 1000)]
        commands: usize,
        /// Kind of game.
        #[arg(long, value_enum, default_value_t)]
        profile: Profile,
        /// Programs run at once [default: the number of cores].
        #[arg(long)]
        jobs: Option<usize>,
        /// Time limit of one run, in milliseconds.
        #[arg(long, default_value_t = 2000)]
        timeout_ms: u64,
        /// Where a failing case is saved, under <seed>/.
        #[arg(long, default_value = "duckchess-failures")]
        save: PathBuf,
        /// How the board is drawn.
        #[arg(long, value_enum, default_value_t)]
        style: Style,
        /// The program under test and its arguments.
        #[arg(last = true, required = true, value_name = "PROGRAM")]
        program: Vec<OsString>,
    },
    /// Validate a contest input strictly (like a testlib validator).
    #[command(
        after_help = "Exit codes:\n  0  valid\n  1  invalid (line N: what)\n  2  unreadable file or usage error"
    )]
    Validate {
        /// The input.
        file: PathBuf,
        /// Largest Q allowed.
        #[arg(long, default_value_t = validate::CONTEST_MAX_Q)]
        max_q: u64,
    },
    /// Check a contestant's OUTPUT for INPUT (testlib conventions).
    ///
    /// Compares with the simulator's answer; white space at line ends and
    /// blank lines at the end are ignored. With ANSWER, also says whether
    /// the jury's answer disagrees with the simulator.
    #[command(
        after_help = "Exit codes:\n  0  ok\n  1  wrong answer\n  2  presentation error (line count, a malformed line)\n  3  internal failure (bad INPUT, unreadable file, ANSWER disagrees, usage)"
    )]
    Verify {
        /// The judge input.
        input: PathBuf,
        /// The contestant's output.
        output: PathBuf,
        /// The jury's answer.
        answer: Option<PathBuf>,
    },
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

const CHECK_EXIT_CODES: &str = "\
Exit codes:
  0  every case passed
  1  a case failed (it is shrunk, explained and saved)
  2  usage error, or PROGRAM cannot be started";

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            // A checker's usage error is testlib's internal failure, never
            // its presentation error (2).
            let verify = std::env::args_os().nth(1).is_some_and(|a| a == "verify");
            return ExitCode::from(match (e.use_stderr(), verify) {
                (false, _) => 0,
                (true, true) => 3,
                (true, false) => 2,
            });
        }
    };
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
        Some(Cmd::Gen {
            seed,
            commands,
            profile,
            count: Some(count),
            out: Some(out),
        }) => Ok(gen_tests(&out, count, seed, commands, profile)),
        Some(Cmd::Gen {
            seed,
            commands,
            profile,
            ..
        }) => Ok(gen_one(seed, commands, profile)),
        Some(Cmd::Answer { files }) => Ok(answer_files(&files)),
        Some(Cmd::Check {
            cases,
            seed,
            commands,
            profile,
            jobs,
            timeout_ms,
            save,
            style,
            program,
        }) => {
            let config = check::Config {
                program,
                cases,
                seed: seed.unwrap_or_else(fresh_seed),
                commands,
                profile,
                jobs: jobs
                    .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
                timeout: Duration::from_millis(timeout_ms),
            };
            Ok(check_program(&config, &save, style))
        }
        Some(Cmd::Validate { file, max_q }) => Ok(validate_file(&file, max_q)),
        Some(Cmd::Verify {
            input,
            output,
            answer,
        }) => Ok(verify_output(&input, &output, answer.as_deref())),
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

fn gen_one(seed: u64, commands: u64, profile: Profile) -> ExitCode {
    let out = io::BufWriter::with_capacity(1 << 16, io::stdout().lock());
    match gen::write_generated(out, seed, commands, profile) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => fail(1, &format!("cannot write output: {e}")),
    }
}

fn gen_tests(dir: &std::path::Path, count: u64, seed: u64, commands: u64, p: Profile) -> ExitCode {
    match answer::write_tests(dir, count, seed, commands, p) {
        Ok(written) => {
            say!("wrote {} tests to {}", written.len(), dir.display());
            ExitCode::SUCCESS
        }
        Err(e) => fail(1, &e.to_string()),
    }
}

fn answer_files(files: &[PathBuf]) -> ExitCode {
    let mut code = ExitCode::SUCCESS;
    for file in files {
        match answer::write_answer(file) {
            Ok(ans) => say!("{}", ans.display()),
            Err(e) => code = fail(1, &e.to_string()),
        }
    }
    code
}

/// A seed for a check run without --seed: the clock's nanoseconds.
fn fresh_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64 % 1_000_000_000)
}

/// A progress bar on standard error, when it is a terminal.
struct Progress(indicatif::ProgressBar);

impl check::Observer for Progress {
    fn case_done(&self) {
        self.0.inc(1);
    }
    fn shrinking(&self, commands: usize) {
        self.0
            .set_message(format!("shrinking: {commands} commands"));
    }
}

fn check_program(config: &check::Config, save: &std::path::Path, style: Style) -> ExitCode {
    let bar = if io::stderr().is_terminal() {
        indicatif::ProgressBar::new(config.cases).with_style(
            indicatif::ProgressStyle::with_template("{bar:30} {pos}/{len} cases {msg}")
                .expect("a valid template"),
        )
    } else {
        indicatif::ProgressBar::hidden()
    };
    let report = check::check(config, &Progress(bar.clone()));
    bar.finish_and_clear();
    let program = config.program[0].to_string_lossy();
    match report {
        Err(e) => fail(2, &format!("cannot run {program}: {e}")),
        Ok(Report::Passed { cases }) => {
            say!(
                "OK: {cases} cases passed (seeds {}..={}, {} commands each, profile {})",
                config.seed,
                config.seed.wrapping_add(cases.saturating_sub(1)),
                config.commands,
                config.profile
            );
            ExitCode::SUCCESS
        }
        Ok(Report::Failed(failure)) => {
            say_raw!("{}", failure.render(style, picture::color_for_stdout()));
            match failure.save(save) {
                Ok(dir) => say!(
                    "saved case.in, case.ans, case.out, original.in in {}",
                    dir.display()
                ),
                Err(e) => eprintln!("duckchess: cannot save the case in {}: {e}", save.display()),
            }
            ExitCode::from(1)
        }
    }
}

fn validate_file(file: &std::path::Path, max_q: u64) -> ExitCode {
    let f = match std::fs::File::open(file) {
        Ok(f) => f,
        Err(e) => return fail(2, &format!("cannot open {}: {e}", file.display())),
    };
    match validate::validate(BufReader::new(f), max_q) {
        Ok(q) => {
            say!("ok {q} commands");
            ExitCode::SUCCESS
        }
        Err(validate::ValidateError::Invalid(e)) => {
            say!("{e}");
            ExitCode::from(1)
        }
        Err(e) => fail(2, &e.to_string()),
    }
}

fn verify_output(
    input: &std::path::Path,
    output: &std::path::Path,
    answer: Option<&std::path::Path>,
) -> ExitCode {
    let read = |p: &std::path::Path| {
        std::fs::read(p).map_err(|e| format!("fail: cannot read {}: {e}", p.display()))
    };
    let files =
        (|| Ok::<_, String>((read(input)?, read(output)?, answer.map(read).transpose()?)))();
    let (input_bytes, output_bytes, answer_bytes) = match files {
        Ok(f) => f,
        Err(message) => {
            say!("{message}");
            return ExitCode::from(3);
        }
    };
    match verify::verify_files(&input_bytes, &output_bytes, answer_bytes.as_deref()) {
        Ok(report) => {
            say_raw!("{report}");
            ExitCode::from(report.exit_code())
        }
        Err(e) => {
            say!("fail: INPUT {}: {e}", input.display());
            ExitCode::from(3)
        }
    }
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
    let input = open_input(file.as_deref())?;
    Ok(finish(trace::run(
        input,
        io::stdout().lock(),
        game,
        &options,
    )))
}

fn judge_mode(file: Option<PathBuf>, from: Option<String>) -> Result<ExitCode, ExitCode> {
    let game = position(from.as_deref())?;
    let input = open_input(file.as_deref())?;
    Ok(finish(judge::run(input, io::stdout().lock(), game)))
}

/// A judge input: a file, or standard input when there is none.
enum Input {
    File(BufReader<std::fs::File>),
    Stdin(io::StdinLock<'static>),
}

/// Opens FILE, or standard input; a file that cannot be opened is told on
/// standard error with exit code 1.
fn open_input(file: Option<&std::path::Path>) -> Result<Input, ExitCode> {
    match file {
        None => Ok(Input::Stdin(io::stdin().lock())),
        Some(path) => std::fs::File::open(path)
            .map(|f| Input::File(BufReader::with_capacity(1 << 16, f)))
            .map_err(|e| fail(1, &format!("cannot open {}: {e}", path.display()))),
    }
}

impl io::Read for Input {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        match self {
            Input::File(f) => f.read(buf),
            Input::Stdin(s) => s.read(buf),
        }
    }
}

impl io::BufRead for Input {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        match self {
            Input::File(f) => f.fill_buf(),
            Input::Stdin(s) => s.fill_buf(),
        }
    }

    fn consume(&mut self, amount: usize) {
        match self {
            Input::File(f) => f.consume(amount),
            Input::Stdin(s) => s.consume(amount),
        }
    }
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
