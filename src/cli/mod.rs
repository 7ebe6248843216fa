//! The `duckchess` command line: argument parsing and printing only; all the
//! work is done by the library. One file per subcommand; this file holds the
//! top-level parser, the dispatch and the helpers every subcommand shares.

mod account;
mod answer;
mod best;
mod check;
mod gen;
mod invocations;
mod judge;
mod r#match;
mod mate;
mod moves;
mod package;
mod perft;
mod pgn;
mod play;
mod problem;
mod serve;
mod show;
mod test;
mod trace;
mod tune;
mod uci;
mod validate;
mod variants;
mod verify;

use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{CommandFactory, Parser, Subcommand};
use duckchess::judge::fen::FSF_CONFIG;
use duckchess::judge::Position;
use duckchess::judge::{JudgeError, Summary};
use duckchess::kernel::AnyGame;
use duckchess::variants::input::{self, InputError};
use duckchess::variants::picture::ColorChoice;
use duckchess::variants::{line, Notation};
use std::ffi::OsString;
use std::io::{self, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// `println!` that ignores a reader who stopped listening (`| head`).
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stdout(), $($arg)*);
    }};
}

/// `print!` likewise.
macro_rules! say_raw {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = write!(std::io::stdout(), $($arg)*);
    }};
}

pub(crate) use {say, say_raw};

const EXIT_CODES: &str = "\
Examples:
  duckchess judge.in                          # judge a Duck Chess judge input: the judge's lines
  duckchess trace judge.in                    # why each verdict is what it is
  duckchess show --variant chess start moves e4 e5
  duckchess play --variant chess              # chess against the computer in the terminal
  duckchess help perft                        # one command's options and examples

Exit codes:
  0  success
  1  a file could not be read or the output could not be written
  2  malformed input (after every verdict before it was written) or a usage error";

/// Duck Chess (鸭棋, THUPC 2019, Luogu P5380, LOJ 6619): a judge-exact simulator and its contest tools, and the family of grid chess games it belongs to (chess, cube chess, Fourfold) on one rules kernel.
///
/// With no subcommand, reads a Duck Chess judge input (Q, then Q commands
/// `xs ys xt yt`, split over lines in any way) from FILE or standard input
/// (no FILE, or `-`) and prints exactly the judge output. The other games
/// and every command that takes a position: `duckchess variants`,
/// `--variant NAME`.
#[derive(Parser)]
#[command(
    version,
    long_version = package::long_version(),
    propagate_version = true,
    after_help = EXIT_CODES,
    args_conflicts_with_subcommands = true
)]
struct Cli {
    #[command(flatten)]
    judge: judge::Args,

    /// Games to add from a file in Fairy-Stockfish's variants.ini syntax,
    /// each section a game for --variant NAME;
    /// without it, the file the environment variable DUCKCHESS_VARIANTS
    /// names.
    #[arg(long, global = true, value_name = "FILE")]
    variants: Option<PathBuf>,

    #[command(subcommand)]
    command: Option<Cmd>,
}

#[derive(Subcommand)]
enum Cmd {
    /// Judge mode, spelled out: the same as giving no subcommand.
    #[command(
        after_help = "Examples:\n  duckchess judge judge.in > judge.ans\n  duckchess judge - < judge.in"
    )]
    Judge(judge::Args),
    /// Explain every verdict of a Duck Chess judge input: why a command is
    /// invalid, what a valid one did, which pieces give check.
    Trace(trace::Args),
    /// Draw the board of a position of any game, and its status.
    Show(show::Args),
    /// Every legal move of the side to move, one a line, in coordinates
    /// (`xs ys xt yt` in Duck Chess, UCI in chess).
    Moves(moves::Args),
    /// Print the Fairy-Stockfish variant definition that reads the same FEN.
    #[command(
        after_help = "Examples:\n  duckchess fsf-config > duck.ini   # Fairy-Stockfish: setoption name VariantPath value duck.ini"
    )]
    FsfConfig,
    /// Print a judge input that plays a real game, from a seed.
    ///
    /// Randomness: ChaCha8 (the rand_chacha crate's ChaCha8Rng, seeded with
    /// seed_from_u64), drawn with integer arithmetic only, so the same seed
    /// and version give the same bytes on every machine. Coordinates are
    /// always on the board, as in the contest.
    Gen(gen::Args),
    /// Write the judge answer X.ans beside each input X.in.
    #[command(
        after_help = "Examples:\n  duckchess answer judge.in   # writes judge.ans beside it"
    )]
    Answer(answer::Args),
    /// Check a contest solution against the simulator on generated games.
    ///
    /// Runs PROGRAM (stdin → stdout) on generated inputs in parallel and
    /// compares its output line by line. Verdicts: OK, WA (first differing
    /// line), RE (non-zero exit or signal), TLE (killed at the timeout), OLE
    /// (output beyond 4 × the answer + 1 MiB). A failing input is shrunk to
    /// a minimal one, explained on the board and saved.
    #[command(
        after_help = check::EXIT_CODES,
        override_usage = "duckchess check [OPTIONS] -- PROGRAM [ARGS...]"
    )]
    Check(check::Args),
    /// Run a contest solution on a folder of tests (X.in against X.ans).
    ///
    /// Runs PROGRAM on every X.in in DIR that has an X.ans beside it, in
    /// natural order (2 before 10), and judges it as check does: per test
    /// the verdict, the time, and for a wrong answer the first differing
    /// line with the lines around it; a tally at the end.
    #[command(
        after_help = test::EXIT_CODES,
        override_usage = "duckchess test [OPTIONS] DIR -- PROGRAM [ARGS...]"
    )]
    Test(test::Args),
    /// Run several solutions on every test of a folder, as a table of
    /// verdict, time and memory (Polygon's invocations), and check each
    /// against its tag.
    ///
    /// Each solution comes after its own `--`, with an optional tag (what
    /// it is expected to do: main, accepted, wrong-answer, time-limit,
    /// rejected) and name. A solution tagged to fail that passes every test
    /// says the tests are too weak; one tagged main or accepted that fails
    /// a test says they, or it, are wrong: both exit 1.
    #[command(
        after_help = invocations::EXIT_CODES,
        override_usage = "duckchess invocations [OPTIONS] DIR -- [--tag TAG] [--name NAME] PROGRAM [ARGS...] [-- ...]"
    )]
    Invocations(invocations::Args),
    /// Write the problem as a package for an online judge: tests and the
    /// judge's answers, a reference solution, an input validator, the
    /// checker's settings.
    ///
    /// Formats: kattis (the Kattis problem package, which DOMjudge imports
    /// and problemtools' verifyproblem checks), polygon (Codeforces
    /// Polygon's tests and files to upload), hydro (a test data folder with
    /// its config.yaml), loj (a test data folder and the judge settings).
    /// The tests: the problem's sample, the hand-worked cases the contest
    /// allows, and generated games of every profile (as gen makes them).
    Package(problem::Args),
    /// Validate a contest input strictly (like a testlib validator).
    #[command(after_help = validate::EXIT_CODES)]
    Validate(validate::Args),
    /// Check a contestant's OUTPUT for INPUT (testlib conventions).
    ///
    /// Compares with the simulator's answer; spaces, tabs and CRs at line
    /// ends and blank lines at the end are ignored. With ANSWER, also says
    /// whether the jury's answer disagrees with the simulator. The files
    /// are streamed; one of them may be `-` (standard input).
    #[command(after_help = verify::EXIT_CODES)]
    Verify(verify::Args),
    /// Count the legal move paths of DEPTH plies (perft) in any game; a
    /// path that takes a royal piece (Duck Chess's captain) ends there and
    /// counts as one.
    Perft(perft::Args),
    /// Fit a game's evaluation weights (each kind's value, reach and
    /// centralisation) to scored positions, and print them beside the
    /// weights in use.
    Tune(tune::Args),
    /// List every game --variant knows, with its board and pieces.
    #[command(
        after_help = "Examples:\n  duckchess variants\n  duckchess variants --ini chess   # chess in the variants.ini syntax"
    )]
    Variants(variants::Args),
    /// Read chess games in PGN and write them again in export form (or their
    /// final positions), checking every move.
    Pgn(pgn::Args),
    /// Cube chess: is White checkmated? One puzzle position a line (from
    /// FILE, or standard input when absent or `-`), `true` or `false` a line.
    ///
    /// The format is the puzzle's, `n = 3, [###,n##,#rr],[#b#,###,###],[###,###,bRK]`
    /// (the `n = N, ` prefix optional), with an optional ` w` or ` b` at the
    /// end for the side to move (White when absent; the question is then
    /// about the side to move). Blank lines are skipped.
    Mate(mate::Args),
    /// Play any game in the terminal, against the computer or another
    /// person (the keys: `duckchess play --help`).
    Play(play::Args),
    /// The computer's best move in a position of any game, its score
    /// (`+1.25` for the side to move, or `mate in 3`) and the line it
    /// expects. A position where the game is over has no move: exit code 2.
    Best(best::Args),
    /// Play the computer against a baseline player, itself or a UCI
    /// engine in any game, colours alternating, and count wins, draws and
    /// losses with their reasons; `--sprt` stops when a test decides.
    #[command(
        after_help = "Examples:\n  duckchess match --variant chess --games 2 --depth 2 --move-cap 40\n  duckchess match --variant duck --games 2 --nodes 2000 --opponent self:depth=1 --move-cap 40\n  duckchess match --nodes 300 --opponent self:nodes=200 --sprt 0,20 --games 4 --move-cap 40"
    )]
    Match(r#match::Args),
    /// Serve the web page that plays every game, and its JSON API, on
    /// 127.0.0.1 (--bind to change it); needs the `web` feature.
    #[command(
        after_help = "Examples:\n  duckchess serve --open\n  duckchess serve --bind 0.0.0.0 --allow-host chess.example.org --database sqlite://games.db"
    )]
    Serve(serve::Args),
    /// Make an account on a server's database (the password from standard
    /// input, or asked for on a terminal).
    #[command(
        after_help = "Examples:\n  printf 'horse battery\\n' | duckchess account create alice --database sqlite://games.db"
    )]
    Account(account::AccountArgs),
    /// Personal API tokens for an account, for programs (lichess clients
    /// such as berserk): make one (printed once, kept hashed), list them
    /// and the browser sessions, revoke one or all.
    #[command(
        after_help = "Examples:\n  duckchess token create alice --database sqlite://games.db\n  duckchess token list alice --database sqlite://games.db\n  duckchess token revoke alice --all --database sqlite://games.db"
    )]
    Token(account::TokenArgs),
    /// Speak the Universal Chess Interface on standard input and output,
    /// for chess GUIs, match runners and libraries; `setoption name
    /// UCI_Variant value NAME` plays any game of `duckchess variants`.
    #[command(
        after_help = "Examples:\n  printf 'uci\\nposition startpos moves e2e4\\ngo depth 3\\nquit\\n' | duckchess uci\n  printf 'setoption name UCI_Variant value duck\\nposition startpos\\ngo depth 2\\n' | duckchess uci"
    )]
    Uci,
    /// Print the completion script of a shell, generated from these very
    /// options.
    ///
    /// Bash: `duckchess completions bash >
    /// ~/.local/share/bash-completion/completions/duckchess`; zsh: into a
    /// folder of `$fpath` as `_duckchess`; fish: `duckchess completions
    /// fish > ~/.config/fish/completions/duckchess.fish`.
    #[command(
        after_help = "Examples:\n  duckchess completions bash > duckchess.bash\n  duckchess completions zsh > _duckchess"
    )]
    Completions(package::CompletionsArgs),
    /// Print the manual page (roff), or write one per command into a
    /// folder with --dir.
    #[command(
        after_help = "Examples:\n  duckchess man > duckchess.1\n  duckchess man --dir man1   # one page per command"
    )]
    Man(package::ManArgs),
}

/// Parses the command line and runs the subcommand.
pub fn main() -> ExitCode {
    let mut args: Vec<OsString> = std::env::args_os().collect();
    let leading_variants = take_leading_variants(&mut args);
    if let Some(error) = mistyped_command(&args) {
        let _ = error.print();
        return ExitCode::from(2);
    }
    let cli = match Cli::try_parse_from(&args) {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            // A checker's or validator's usage error is testlib's failure
            // (3), never its presentation error (2).
            let verify = std::env::args_os()
                .nth(1)
                .is_some_and(|a| a == "verify" || a == "validate");
            return ExitCode::from(match (e.use_stderr(), verify) {
                (false, _) => 0,
                (true, true) => 3,
                (true, false) => 2,
            });
        }
    };
    // Fairy-Stockfish's games that the sample file states: named with
    // `--variant` (crazyhouse, shogi, atomic …) without a `--variants`
    // file, and built only then.
    duckchess::variants::set_library(include_str!("../../samples/fsf-variants.ini"));
    if let Err(code) = variants::register(cli.variants.as_deref().or(leading_variants.as_deref())) {
        return code;
    }
    let result = match cli.command {
        None => judge::run(cli.judge),
        Some(Cmd::Judge(args)) => judge::run(args),
        Some(Cmd::Trace(args)) => trace::run(args),
        Some(Cmd::Show(args)) => show::run(args),
        Some(Cmd::Moves(args)) => moves::run(args),
        Some(Cmd::FsfConfig) => print(FSF_CONFIG.to_string()),
        Some(Cmd::Perft(args)) => perft::run(args),
        Some(Cmd::Tune(args)) => tune::run(args),
        Some(Cmd::Play(args)) => play::run(args),
        Some(Cmd::Variants(args)) => variants::run(args),
        Some(Cmd::Pgn(args)) => pgn::run(args),
        Some(Cmd::Mate(args)) => mate::run(args),
        Some(Cmd::Best(args)) => best::run(args),
        Some(Cmd::Match(args)) => r#match::run(args),
        Some(Cmd::Serve(args)) => serve::run(args),
        Some(Cmd::Account(args)) => account::run_account(args),
        Some(Cmd::Token(args)) => account::run_token(args),
        Some(Cmd::Uci) => uci::run(),
        Some(Cmd::Completions(args)) => package::completions(args),
        Some(Cmd::Man(args)) => package::man(args),
        Some(Cmd::Gen(args)) => gen::run(args),
        Some(Cmd::Answer(args)) => answer::run(args),
        Some(Cmd::Check(args)) => check::run(args),
        Some(Cmd::Test(args)) => test::run(args),
        Some(Cmd::Invocations(args)) => invocations::run(args),
        Some(Cmd::Package(args)) => problem::run(args),
        Some(Cmd::Validate(args)) => validate::run(args),
        Some(Cmd::Verify(args)) => verify::run(args),
    };
    result.unwrap_or_else(|e| e)
}

/// Takes `--variants FILE` (or `--variants=FILE`) out of the words before
/// the subcommand: the top level's judge options conflict with
/// subcommands in clap, so a global option given there would turn the
/// subcommand into the judge's FILE. After the subcommand, clap reads it.
fn take_leading_variants(args: &mut Vec<OsString>) -> Option<PathBuf> {
    let mut path = None;
    while let Some(word) = args.get(1).and_then(|a| a.to_str()) {
        if word == "--variants" && args.len() > 2 {
            path = Some(PathBuf::from(args.remove(2)));
            args.remove(1);
        } else if let Some(value) = word.strip_prefix("--variants=") {
            path = Some(PathBuf::from(value));
            args.remove(1);
        } else {
            break;
        }
    }
    path
}

/// A first word that is no subcommand and names no file, but is close to a
/// subcommand (`plya`, `Play`, `shwo`) or is `version`: clap's
/// "unrecognized subcommand" error with the suggestion. Without it the
/// word would be judged as a file (`duckchess [FILE]`, which the judges
/// need) and the user told only that no such file exists.
fn mistyped_command(args: &[OsString]) -> Option<clap::Error> {
    let word = args.get(1)?.to_str()?;
    // A word with a path separator or an extension names a file, however
    // close to a command its letters are (a short checkout path once
    // scored above clap's threshold against `serve`).
    if word.starts_with('-') || word.contains(['/', '\\', '.']) || Path::new(word).exists() {
        return None;
    }
    let mut command = Cli::command();
    let names: Vec<String> = command
        .get_subcommands()
        .map(|c| c.get_name().to_string())
        .chain(["help".to_string()])
        .collect();
    if names.iter().any(|n| n == word) {
        return None;
    }
    let lower = word.to_lowercase();
    let (kind, suggestion) = if lower == "version" {
        (ContextKind::SuggestedArg, "--version".to_string())
    } else {
        // clap's own measure and threshold for its suggestions.
        let (score, name) = names
            .iter()
            .map(|n| (strsim::jaro(&lower, n), n))
            .max_by(|a, b| a.0.total_cmp(&b.0))?;
        if score <= 0.7 {
            return None;
        }
        (ContextKind::SuggestedSubcommand, name.clone())
    };
    let mut error = clap::Error::new(ErrorKind::InvalidSubcommand).with_cmd(&command);
    error.insert(
        ContextKind::InvalidSubcommand,
        ContextValue::String(word.to_string()),
    );
    error.insert(kind, ContextValue::String(suggestion));
    error.insert(
        ContextKind::Suggested,
        ContextValue::StyledStrs(vec![format!(
            "no file is named '{word}' either: `duckchess FILE` judges a file that exists"
        )
        .into()]),
    );
    error.insert(
        ContextKind::Usage,
        ContextValue::StyledStr(command.render_usage()),
    );
    Some(error)
}

/// A usage error: the message on standard error, exit code 2.
fn usage(message: String) -> ExitCode {
    fail(2, &message)
}

/// The message on standard error, prefixed with the program's name, and the
/// exit code. Control characters are escaped (`\u{1b}`): a message may
/// echo a hostile file's bytes, which must not drive the user's terminal.
fn fail(code: u8, message: &str) -> ExitCode {
    let _ = writeln!(io::stderr(), "duckchess: {}", escape_controls(message));
    ExitCode::from(code)
}

/// A word on standard error that is no failure, as [`fail`] writes it.
fn note(message: &str) {
    let _ = writeln!(io::stderr(), "duckchess: {}", escape_controls(message));
}

/// TEXT with every control character but line feed and tab escaped as
/// Rust writes it (`\u{1b}`, `\0`), as the messages' quoted copies are.
pub(crate) fn escape_controls(text: &str) -> std::borrow::Cow<'_, str> {
    if !text
        .chars()
        .any(|c| c.is_control() && c != '\n' && c != '\t')
    {
        return text.into();
    }
    text.chars()
        .map(|c| match c {
            '\n' | '\t' => c.to_string(),
            c if c.is_control() => c.escape_debug().to_string(),
            c => c.to_string(),
        })
        .collect::<String>()
        .into()
}

/// The game `--variant` names, in any case.
pub(crate) fn parse_variant(name: &str) -> Result<&'static dyn Notation, String> {
    let found = duckchess::variants::load(name).map_err(|e| variants::file_error(&e))?;
    found.ok_or_else(|| {
        let names = duckchess::variants::names();
        // clap's measure and threshold for its own suggestions, over the
        // library's games too.
        let lower = name.to_lowercase();
        let close = names
            .iter()
            .chain(duckchess::variants::library_names().iter())
            .map(|n| (strsim::jaro(&lower, n), n))
            .max_by(|a, b| a.0.total_cmp(&b.0))
            .filter(|(score, _)| *score > 0.7)
            .map_or(String::new(), |(_, n)| format!("did you mean {n:?}? "));
        format!(
            "unknown variant {name:?}: {close}the variants are {}, and Fairy-Stockfish's games that `duckchess variants` lists",
            names.join(", ")
        )
    })
}

/// The options of every command that takes a position: which game, and
/// the position (or the positional POSITION words, where the command has
/// them).
#[derive(clap::Args)]
pub(crate) struct GameArgs {
    /// The game, as `duckchess variants` names it (any case). Without it,
    /// the game is recognised from the position (10 ranks: xiangqi if its
    /// letters are xiangqi's `b n c p`, else Duck Chess; 8: chess; four
    /// boards split by `|`: Fourfold; levels in brackets: the cube), and
    /// with no position it is Duck Chess.
    #[arg(long, value_name = "NAME")]
    variant: Option<String>,
    /// The position: `start`, or one in the game's notation (FEN for Duck
    /// Chess and chess), optionally followed by `moves` and the moves
    /// played from it (`start moves e4 e5`).
    #[arg(long, value_name = "POSITION")]
    from: Option<String>,
    /// The position, as the last words (or --from): FEN quoted or as
    /// separate words, optionally followed by `moves` and moves.
    #[arg(value_name = "POSITION")]
    position: Vec<String>,
}

impl GameArgs {
    /// The game `--variant` named, if any; an unknown name is a usage
    /// error listing the names.
    fn variant(&self) -> Result<Option<&'static dyn Notation>, ExitCode> {
        self.variant
            .as_deref()
            .map(parse_variant)
            .transpose()
            .map_err(usage)
    }

    /// The position text: `--from`, or the positional words; not both.
    fn text(&self) -> Result<Option<String>, ExitCode> {
        match (&self.from, self.position.is_empty()) {
            (Some(_), false) => Err(usage(
                "the position is given twice: use --from POSITION or POSITION, not both".into(),
            )),
            (Some(from), true) => Ok(Some(from.clone())),
            (None, false) => Ok(Some(self.position.join(" "))),
            (None, true) => Ok(None),
        }
    }

    /// Whether the position is `-`: one a line from standard input.
    fn is_stdin(&self) -> bool {
        self.position.len() == 1 && self.position[0] == "-"
    }

    /// The game and the position (and moves) given, or the game's start.
    fn game(&self) -> Result<(&'static dyn Notation, Box<dyn AnyGame>), ExitCode> {
        let text = self.text()?;
        self.game_of(text.as_deref())
    }

    /// The game of a position text (its start when `None`).
    fn game_of(
        &self,
        text: Option<&str>,
    ) -> Result<(&'static dyn Notation, Box<dyn AnyGame>), ExitCode> {
        line::read_any(self.variant()?, text.unwrap_or("start")).map_err(|e| usage(e.to_string()))
    }

    /// The game of a line of text, the error as its message.
    fn game_line(&self, text: &str) -> Result<(&'static dyn Notation, Box<dyn AnyGame>), String> {
        let variant = self.variant.as_deref().map(parse_variant).transpose()?;
        line::read_any(variant, text).map_err(|e| e.to_string())
    }
}

/// A `--depth` value: 1 to the search's deepest iteration.
pub(crate) fn depth(text: &str) -> Result<u32, String> {
    let max = duckchess::engine::search::MAX_DEPTH;
    match text.parse::<u32>() {
        Ok(d) if (1..=max).contains(&d) => Ok(d),
        _ => Err(format!("expected a depth from 1 to {max}")),
    }
}

/// Refuses a `--variant` other than `only` for a command that serves one
/// game, saying why.
fn only_variant(variant: Option<&str>, only: &str, why: &str) -> Result<(), ExitCode> {
    let Some(name) = variant else {
        return Ok(());
    };
    let notation = parse_variant(name).map_err(usage)?;
    if notation.name() == only {
        Ok(())
    } else {
        Err(usage(format!(
            "{why}: --variant {} has none (only --variant {only})",
            notation.name()
        )))
    }
}

/// Writes TEXT to standard output; a closed pipe is not an error.
fn print(text: String) -> Result<ExitCode, ExitCode> {
    match io::stdout().lock().write_all(text.as_bytes()) {
        Ok(()) => Ok(ExitCode::SUCCESS),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(ExitCode::SUCCESS),
        Err(e) => Err(fail(1, &format!("cannot write output: {e}"))),
    }
}

/// A judge input: a file, or standard input when there is none.
enum Input {
    File(BufReader<std::fs::File>),
    Stdin(io::StdinLock<'static>),
}

/// Whether a FILE argument names standard input: absent, or `-`.
fn is_stdin(file: Option<&Path>) -> bool {
    file.is_none_or(|f| f == Path::new("-"))
}

/// Opens FILE, or standard input (no FILE, or `-`).
fn open_path(file: Option<&Path>) -> io::Result<Input> {
    match file {
        Some(path) if !is_stdin(file) => {
            std::fs::File::open(path).map(|f| Input::File(BufReader::with_capacity(1 << 16, f)))
        }
        _ => Ok(Input::Stdin(io::stdin().lock())),
    }
}

/// [`open_path`], a file that cannot be opened told on standard error with
/// exit code 1.
fn open_input(file: Option<&Path>) -> Result<Input, ExitCode> {
    open_path(file).map_err(|e| {
        let name = file.map_or("standard input".into(), |f| f.display().to_string());
        fail(1, &format!("cannot open {name}: {e}"))
    })
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

/// A whole text from FILE or standard input (no FILE), read as
/// [`input::read_text`] reads it, with the name its messages give it: a
/// file that cannot be read exits 1, a text that is not lines of UTF-8 (or
/// has a line too long) exits 2, naming the line and byte.
fn read_whole(file: Option<&Path>) -> Result<(String, String), ExitCode> {
    let name = file.map_or("standard input".into(), |f| f.display().to_string());
    let text = match file {
        Some(path) => input::read_file(path),
        None => input::read_text(io::stdin().lock()),
    };
    match text {
        Ok(text) => Ok((name, text)),
        Err(InputError::Read(e)) => Err(fail(1, &format!("cannot read {name}: {e}"))),
        Err(e) => Err(usage(format!("{name}: {e}"))),
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

/// Where the judge and the trace read from.
#[derive(clap::Args)]
struct InputArgs {
    /// Judge input file; standard input when absent or `-`.
    file: Option<PathBuf>,
    /// Start from this Duck Chess position (FEN, or `start`) instead of the
    /// initial layout.
    #[arg(long, value_name = "POSITION")]
    from: Option<String>,
    /// The game: the judge format is Duck Chess's, so only `duck`.
    #[arg(long, value_name = "NAME")]
    variant: Option<String>,
}

impl InputArgs {
    /// The Duck Chess position to start from.
    fn start(&self) -> Result<Position, ExitCode> {
        only_variant(
            self.variant.as_deref(),
            duckchess::judge::NAME,
            "the judge input (Q, then commands xs ys xt yt) is Duck Chess's",
        )?;
        match self.from.as_deref().map(str::trim) {
            None | Some("start") => Ok(Position::initial()),
            Some(text) => text
                .parse()
                .map_err(|e| usage(format!("bad duck position {:?}: {e}", line::shorten(text)))),
        }
    }
}

/// The `--color` option of the commands that draw boards.
#[derive(clap::Args)]
pub(crate) struct ColorArgs {
    /// When to colour the board: auto (only on a terminal, and not when
    /// NO_COLOR is set), always, or never.
    #[arg(long, value_enum, value_name = "WHEN", default_value_t)]
    pub(crate) color: ColorChoice,
}
