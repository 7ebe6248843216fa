//! `duckchess check -- PROGRAM`: a contest solution against the simulator.

use super::{fail, say, say_raw};
use duckchess::contest::check::{self, Report};
use duckchess::contest::gen::Profile;
use duckchess::duck::picture::{self, Style};
use std::ffi::OsString;
use std::io::{self, IsTerminal};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

pub const EXIT_CODES: &str = "\
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
}

pub fn run(args: Args) -> Result<ExitCode, ExitCode> {
    stop_on_signals();
    let config = check::Config {
        program: args.program,
        cases: args.cases,
        seed: args.seed.unwrap_or_else(fresh_seed),
        commands: args.commands,
        profile: args.profile,
        jobs: args
            .jobs
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
        timeout: Duration::from_millis(args.timeout_ms),
    };
    Ok(check_program(&config, &args.save, args.style))
}

/// Set when a signal came: the runs then fail, and the report must wait for
/// the signal's thread to end the process instead.
static STOPPING: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// On Ctrl-C, SIGTERM or SIGHUP: kill every candidate (they run in their
/// own process groups, which a terminal's Ctrl-C does not reach), then
/// exit as the signal would have, with 128 + its number.
fn stop_on_signals() {
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
            .set_message(format!("shrinking: {commands} commands"));
    }
}

fn check_program(config: &check::Config, save: &Path, style: Style) -> ExitCode {
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
