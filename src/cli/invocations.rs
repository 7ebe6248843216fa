//! `duckchess invocations DIR -- SOL1 [ARGS...] -- SOL2 [ARGS...]`: several
//! solutions on every test of a folder, as a table, checked against their
//! tags (Polygon's invocations).

use super::check::jobs;
use super::{fail, say, say_raw, usage, ColorArgs};
use clap::Parser;
use duckchess::contest::check::plural;
use duckchess::contest::invocations::{self, Cell, Matrix, Solution, Tag};
use duckchess::contest::test_dir;
use std::ffi::OsString;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

pub const EXIT_CODES: &str = "\
Each solution is `-- [--tag TAG] [--name NAME] PROGRAM [ARGS...]`; a
solution's own words cannot include a bare `--`.

Tags (what the solution is expected to do, as Polygon's tags):
  main, accepted   OK on every test
  wrong-answer     WA on some test, only OK or WA on the others
  time-limit       TLE on some test, only OK or TLE on the others
  rejected         any failure on some test

Examples:
  duckchess gen --seed 1 --count 3 --out tests --force
  duckchess invocations tests -- --tag main ./solution -- --tag rejected cat
  duckchess invocations tests --json --jobs 2 -- ./solution -- --name b cat

Exit codes:
  0  every solution did what its tag says (or has no tag)
  1  a solution's results contradict its tag: one line each on standard
     error (a failing solution that passes every test: the tests are too
     weak)
  2  usage error, no test in DIR, a test file cannot be read, a
     solution cannot be started, or the --html file cannot be written";

#[derive(clap::Args)]
pub struct Args {
    /// The folder of tests: every X.in with an X.ans beside it; or a
    /// package `duckchess package` wrote (Kattis: data/sample and
    /// data/secret; Hydro, LOJ: testdata/X.in and X.out; Polygon: tests/X
    /// and tests/X.a).
    dir: PathBuf,
    /// Time limit of one run, in milliseconds.
    #[arg(long, default_value_t = 2000)]
    timeout_ms: u64,
    /// Programs run at once, at least 1 [default: the number of cores].
    #[arg(long, value_parser = jobs)]
    jobs: Option<usize>,
    /// Print the whole matrix as JSON instead of the table.
    #[arg(long)]
    json: bool,
    /// Also write the table as an HTML page to FILE.
    #[arg(long, value_name = "FILE")]
    html: Option<PathBuf>,
    #[command(flatten)]
    color: ColorArgs,
    /// A solution given without `--` before it: refused with a hint.
    #[arg(hide = true, num_args = 0.., allow_hyphen_values = true)]
    stray: Vec<OsString>,
    /// The solutions, each after its own `--`: [--tag TAG] [--name NAME]
    /// PROGRAM [ARGS...].
    #[arg(last = true, value_name = "SOLUTIONS")]
    solutions: Vec<OsString>,
}

/// One solution's words between two `--`.
#[derive(Parser)]
#[command(no_binary_name = true, disable_help_flag = true)]
struct SolutionArgs {
    /// What the solution is expected to do.
    #[arg(long, value_enum)]
    tag: Option<Tag>,
    /// Its name in the table [default: S1, S2, ... in order].
    #[arg(long)]
    name: Option<String>,
    /// The program and its arguments.
    #[arg(required = true, trailing_var_arg = true, allow_hyphen_values = true)]
    program: Vec<OsString>,
}

pub fn run(args: Args) -> Result<ExitCode, ExitCode> {
    super::check::stop_on_signals();
    let result = run_table(args);
    // Every run is over: whatever left its session and is still about
    // was started by one of them.
    duckchess::contest::runner::kill_strays();
    result
}

/// The solutions between the `--` separators, each parsed.
fn solutions(words: &[OsString]) -> Result<Vec<Solution>, ExitCode> {
    let groups: Vec<&[OsString]> = words.split(|w| w == "--").collect();
    let mut solutions: Vec<Solution> = Vec::new();
    for (i, group) in groups.iter().enumerate() {
        let n = i + 1;
        if group.is_empty() {
            return Err(usage(format!(
                "solution {n} is empty: each solution is `-- [--tag TAG] [--name NAME] PROGRAM [ARGS...]`"
            )));
        }
        let parsed = SolutionArgs::try_parse_from(group.iter())
            .map_err(|e| usage(format!("solution {n}: {}", clap_message(&e))))?;
        if let Some(option) = parsed
            .program
            .first()
            .map(|w| w.to_string_lossy())
            .filter(|w| w.starts_with('-'))
        {
            return Err(usage(format!(
                "solution {n}: unknown option '{option}' (a solution's options are --tag TAG and --name NAME, before its program)"
            )));
        }
        let name = parsed.name.unwrap_or_else(|| format!("S{n}"));
        if solutions.iter().any(|s| s.name == name) {
            return Err(usage(format!(
                "solution {n}: the name {name:?} is taken by another solution"
            )));
        }
        solutions.push(Solution {
            name,
            tag: parsed.tag,
            program: parsed.program,
        });
    }
    Ok(solutions)
}

/// A clap error about one solution's words on one line: its message and
/// the possible values, without the usage and the help hint.
fn clap_message(e: &clap::Error) -> String {
    if e.kind() == clap::error::ErrorKind::MissingRequiredArgument {
        return "no program given: [--tag TAG] [--name NAME] PROGRAM [ARGS...]".into();
    }
    let text = e.render().to_string();
    text.lines()
        .map(str::trim)
        .take_while(|l| !l.starts_with("Usage:") && !l.starts_with("For more information"))
        .filter(|l| !l.is_empty())
        .map(|l| l.strip_prefix("error: ").unwrap_or(l))
        .collect::<Vec<_>>()
        .join(" ")
}

fn run_table(args: Args) -> Result<ExitCode, ExitCode> {
    if let Some(first) = args.stray.first() {
        let first = first.to_string_lossy();
        return Err(usage(if first.starts_with('-') {
            format!("unknown option '{first}' (see duckchess invocations --help)")
        } else {
            format!(
                "put `--` before each solution: duckchess invocations {} -- {first} ...",
                args.dir.display()
            )
        }));
    }
    if args.solutions.is_empty() {
        return Err(usage(format!(
            "no solution given: duckchess invocations {} -- [--tag TAG] PROGRAM [ARGS...] -- ...",
            args.dir.display()
        )));
    }
    let solutions = solutions(&args.solutions)?;
    let (folder, _) = test_dir::locate(&args.dir).map_err(|e| {
        usage(format!(
            "cannot read the folder {}: {e}",
            args.dir.display()
        ))
    })?;
    for input in &folder.unanswered {
        super::note(&format!(
            "skipped {}: no answer file beside it",
            input.display()
        ));
    }
    if folder.cases.is_empty() {
        return Err(usage(format!(
            "no test in {}: no X.in with an X.ans beside it, nor a package's tests \
             (data/sample and data/secret, testdata, tests)",
            args.dir.display()
        )));
    }
    let jobs = args
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let timeout = Duration::from_millis(args.timeout_ms);
    let matrix = invocations::run(&folder.cases, &solutions, timeout, jobs);
    // A signal made the runs fail: its thread ends the process, with its
    // own message and exit code.
    while super::check::STOPPING.load(std::sync::atomic::Ordering::SeqCst) {
        std::thread::park();
    }
    let matrix = matrix.map_err(|e| fail(2, &e.to_string()))?;
    if args.json {
        let text = serde_json::to_string_pretty(&matrix).expect("the matrix serializes");
        say!("{text}");
    } else {
        say_raw!("{}", table(&matrix, args.color.color.for_stdout()));
    }
    let written = args.html.as_deref().map(|path| {
        duckchess::contest::files::write_atomic(path, |w| {
            std::io::Write::write_all(w, matrix.html().as_bytes())
        })
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
    });
    let problems = matrix.problems();
    for problem in &problems {
        super::note(&problem.to_string());
    }
    if let Some(Err(message)) = written {
        return Err(fail(2, &message));
    }
    Ok(if problems.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// `0.05s`.
fn seconds(d: Duration) -> String {
    format!("{:.2}s", d.as_secs_f64())
}

/// `12.3M`, or `-` when not measured.
fn mebibytes(kib: Option<u64>) -> String {
    kib.map_or_else(|| "-".into(), |k| format!("{:.1}M", k as f64 / 1024.0))
}

/// A cell's text: verdict, time, memory.
fn cell_text(cell: &Cell) -> String {
    format!(
        "{:<3} {:>5} {:>6}",
        cell.verdict.kind(),
        seconds(cell.elapsed),
        mebibytes(cell.peak_memory_kib)
    )
}

/// The table: the solutions and their commands, then a row per test and
/// a column per solution, then each solution's totals. A cell that passed
/// is green, one that failed red, when `color`.
fn table(matrix: &Matrix, color: bool) -> String {
    let mut out = String::new();
    let name_width = matrix
        .columns
        .iter()
        .map(|c| c.solution.name.len())
        .max()
        .unwrap_or(0);
    for c in &matrix.columns {
        let tag = c.solution.tag.map_or("-", Tag::name);
        out += &format!(
            "{:<name_width$}  {tag:<12}  {}\n",
            c.solution.name,
            c.solution.command()
        );
    }
    // Each row: its label, and per solution the text and whether it
    // passed (`None`: not a verdict, never coloured).
    type Row = (String, Vec<(String, Option<bool>)>);
    let plain = |f: &dyn Fn(&invocations::Column) -> String| {
        matrix.columns.iter().map(|c| (f(c), None)).collect()
    };
    let mut rows: Vec<Row> = vec![
        ("test".into(), plain(&|c| c.solution.name.clone())),
        (
            String::new(),
            plain(&|c| c.solution.tag.map_or(String::new(), |t| t.name().into())),
        ),
    ];
    for (i, test) in matrix.tests.iter().enumerate() {
        let cells = matrix
            .columns
            .iter()
            .map(|c| (cell_text(&c.cells[i]), Some(c.cells[i].passed())))
            .collect();
        rows.push((test.clone(), cells));
    }
    let totals: Vec<_> = matrix.columns.iter().map(|c| c.totals()).collect();
    rows.push((
        "passed".into(),
        totals
            .iter()
            .map(|t| {
                (
                    format!("{}/{}", t.passed, t.tests),
                    Some(t.passed == t.tests),
                )
            })
            .collect(),
    ));
    rows.push((
        "max time".into(),
        totals.iter().map(|t| (seconds(t.max_time), None)).collect(),
    ));
    rows.push((
        "max memory".into(),
        totals
            .iter()
            .map(|t| (mebibytes(t.max_memory_kib), None))
            .collect(),
    ));
    let first = rows.iter().map(|r| r.0.len()).max().unwrap_or(0);
    let widths: Vec<usize> = (0..matrix.columns.len())
        .map(|i| rows.iter().map(|r| r.1[i].0.len()).max().unwrap_or(0))
        .collect();
    out.push('\n');
    for (label, cells) in rows {
        let mut line = format!("{label:<first$}");
        for ((text, ok), width) in cells.into_iter().zip(&widths) {
            let padded = format!("{text:<width$}");
            line += "  ";
            line += &match (color, ok) {
                (true, Some(true)) => format!("\x1b[32m{padded}\x1b[0m"),
                (true, Some(false)) => format!("\x1b[31m{padded}\x1b[0m"),
                _ => padded,
            };
        }
        out += line.trim_end();
        out.push('\n');
    }
    let runs = matrix.tests.len() * matrix.columns.len();
    out += &format!(
        "\n{} × {}: {}\n",
        plural(matrix.tests.len() as u64, "test"),
        plural(matrix.columns.len() as u64, "solution"),
        plural(runs as u64, "run")
    );
    out
}
