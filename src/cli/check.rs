//! `duckchess check -- PROGRAM`: a contest solution against the simulator.

use super::{fail, say, say_raw, usage, ColorArgs};
use duckchess::contest::check::{self, plural, Report, Verdict};
use duckchess::contest::gen::Profile;
use duckchess::variants::picture::Style;
use std::ffi::OsString;
use std::io::{self, IsTerminal};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

pub const EXIT_CODES: &str = "\
Examples:
  duckchess check --cases 20 -- ./solution                      # 20 generated games
  duckchess check --seed 7 --profile endgame --save failures -- ./solution

Exit codes:
  0  every case passed
  1  a case failed (it is shrunk, explained and saved)
  2  usage error, or PROGRAM cannot be started";

#[derive(clap::Args)]
pub struct Args {
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
    /// Programs run at once, at least 1 [default: the number of cores].
    #[arg(long, value_parser = jobs)]
    jobs: Option<usize>,
    /// Time limit of one run, in milliseconds.
    #[arg(long, default_value_t = 2000)]
    timeout_ms: u64,
    /// Run every case after a failure too, and print a tally per verdict.
    #[arg(long)]
    keep_going: bool,
    /// Time for shrinking a failure, in seconds: no run is started after
    /// it, and the report says when it stopped shrinking early.
    #[arg(long, default_value_t = 60.0, value_parser = seconds)]
    shrink_seconds: f64,
    /// Where a failing case is saved, under <seed>/.
    #[arg(long, default_value = "duckchess-failures")]
    save: PathBuf,
    /// How the board is drawn.
    #[arg(long, value_enum, default_value_t)]
    style: Style,
    #[command(flatten)]
    color: ColorArgs,
    /// A program given without `--` before it: refused with a hint, since
    /// its own options would be taken for check's.
    #[arg(hide = true, num_args = 0.., allow_hyphen_values = true)]
    stray: Vec<OsString>,
    /// The program under test and its arguments.
    #[arg(last = true, value_name = "PROGRAM")]
    program: Vec<OsString>,
}

/// A `--jobs` value: a whole number, at least 1.
pub fn jobs(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(0) => Err("at least one job is needed".into()),
        Ok(n) => Ok(n),
        Err(_) => Err(format!("'{text}' is not a whole number")),
    }
}

/// The usage error for a program given without `--`, or none given at all.
pub fn program_or_hint(
    sub: &str,
    before: &str,
    stray: &[OsString],
    program: Vec<OsString>,
) -> Result<Vec<OsString>, ExitCode> {
    // The hidden positional takes unknown options too: one that comes
    // first is a mistyped option, not a program.
    if let Some(first) = stray
        .first()
        .filter(|a| a.to_string_lossy().starts_with('-'))
    {
        return Err(usage(format!(
            "unknown option '{}' (see duckchess {sub} --help)",
            first.to_string_lossy()
        )));
    }
    if !stray.is_empty() {
        let words: Vec<String> = stray
            .iter()
            .map(|a| a.to_string_lossy().into_owned())
            .collect();
        return Err(usage(format!(
            "put `--` before the program, so that its arguments are its own: \
             duckchess {sub} {before}-- {}",
            words.join(" ")
        )));
    }
    if program.is_empty() {
        return Err(usage(format!(
            "no program given: duckchess {sub} {before}-- PROGRAM [ARGS...]"
        )));
    }
    Ok(program)
}

pub fn run(mut args: Args) -> Result<ExitCode, ExitCode> {
    stop_on_signals();
    let program = program_or_hint(
        "check",
        "[OPTIONS] ",
        &args.stray,
        std::mem::take(&mut args.program),
    )?;
    let config = check::Config {
        program,
        cases: args.cases,
        seed: args.seed.unwrap_or_else(fresh_seed),
        commands: args.commands,
        profile: args.profile,
        jobs: args
            .jobs
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
        timeout: Duration::from_millis(args.timeout_ms),
        keep_going: args.keep_going,
        shrink_budget: Duration::from_secs_f64(args.shrink_seconds),
    };
    let code = check_program(&config, &args);
    // Every run is over: whatever left its session and is still about
    // was started by one of them.
    duckchess::contest::runner::kill_strays();
    Ok(code)
}

/// Set when a signal came: the runs then fail, and the report must wait for
/// the signal's thread to end the process instead.
pub(super) static STOPPING: std::sync::atomic::AtomicBool =
    std::sync::atomic::AtomicBool::new(false);

/// On Ctrl-C, SIGTERM or SIGHUP: kill every candidate (they run in their
/// own process groups, which a terminal's Ctrl-C does not reach), then
/// exit as the signal would have, with 128 + its number.
pub(super) fn stop_on_signals() {
    #[cfg(unix)]
    {
        use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
        let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]) else {
            return;
        };
        std::thread::spawn(move || {
            if let Some(signal) = signals.forever().next() {
                STOPPING.store(true, std::sync::atomic::Ordering::SeqCst);
                duckchess::contest::runner::kill_all();
                // Not eprintln!, which panics when standard error is gone:
                // this thread must reach the exit.
                use std::io::Write as _;
                let _ = writeln!(
                    io::stderr(),
                    "duckchess: stopped by signal {signal}; every candidate was killed"
                );
                std::process::exit(128 + signal);
            }
        });
    }
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
            .set_message(format!("shrinking: {}", plural(commands as u64, "command")));
    }
}

/// `seed 5` or `seeds 5 to 9`.
fn seeds(first: u64, cases: u64) -> String {
    match cases {
        1 => format!("seed {first}"),
        _ => format!(
            "seeds {first} to {}",
            first.wrapping_add(cases.saturating_sub(1))
        ),
    }
}

/// `95 OK, 4 WA, 1 RE`: the verdicts that occurred, in a fixed order,
/// with `count` giving how often each did.
pub fn tally_line(count: impl Fn(&str) -> usize) -> String {
    Verdict::KINDS
        .iter()
        .filter(|k| count(k) > 0)
        .map(|k| format!("{} {k}", count(k)))
        .collect::<Vec<_>>()
        .join(", ")
}

fn check_program(config: &check::Config, args: &Args) -> ExitCode {
    let bar = if io::stderr().is_terminal() {
        indicatif::ProgressBar::new(config.cases).with_style(
            indicatif::ProgressStyle::with_template("{bar:30} {pos}/{len} cases {msg}")
                .expect("a valid template"),
        )
    } else {
        indicatif::ProgressBar::hidden()
    };
    let report = check::check(config, &Progress(bar.clone()));
    while STOPPING.load(std::sync::atomic::Ordering::SeqCst) {
        std::thread::park();
    }
    bar.finish_and_clear();
    let program = config.program[0].to_string_lossy();
    let Report {
        cases,
        tally,
        failure,
    } = match report {
        Err(e) => return fail(2, &format!("cannot run {program}: {e}")),
        Ok(report) => report,
    };
    let what = format!(
        "{}, {} each, profile {}",
        seeds(config.seed, cases),
        plural(config.commands as u64, "command"),
        config.profile
    );
    let Some(failure) = failure else {
        say!("OK: {} passed ({what})", plural(cases, "case"));
        return ExitCode::SUCCESS;
    };
    // Saved first, so that the report can give the commands that rerun it.
    let saved = match failure.save(&args.save) {
        Ok(dir) => Some(dir),
        Err(e) => {
            eprintln!(
                "duckchess: cannot save the case in {}: {e}",
                args.save.display()
            );
            None
        }
    };
    let color = args.color.color.for_stdout();
    say_raw!(
        "{}",
        failure.render(config, saved.as_deref(), args.style, color)
    );
    if let Some(dir) = &saved {
        say!(
            "saved case.in, case.ans, case.out, case.err, original.in in {}",
            dir.display()
        );
    }
    if config.keep_going {
        say!(
            "tally: {} ({} of {what})",
            tally_line(|k| tally.count(k)),
            plural(cases, "case")
        );
        for kind in Verdict::KINDS.iter().filter(|&&k| k != "OK") {
            if let Some(s) = tally.seeds.get(kind) {
                let list: Vec<String> = s.iter().map(u64::to_string).collect();
                say!("{kind}: seeds {}", list.join(", "));
            }
        }
    } else {
        let not_run = cases - tally.total() as u64;
        say!(
            "stopped at the first failure: {} passed, {} failed, {} not run \
             (--keep-going runs every case)",
            plural(tally.count("OK") as u64, "case"),
            tally.failed(),
            not_run
        );
    }
    ExitCode::from(1)
}

/// A time budget in seconds: a number from 0 to a day.
fn seconds(text: &str) -> Result<f64, String> {
    text.parse::<f64>()
        .ok()
        .filter(|s| (0.0..=86_400.0).contains(s))
        .ok_or_else(|| format!("{text:?} is not a number of seconds from 0 to 86400"))
}
