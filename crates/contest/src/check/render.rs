//! A failing case in words: the verdict, the minimal input, the differing
//! line, the board before and after the failing command, what the program
//! wrote on standard error, and the commands that rerun the case.

use super::{plural, Config, Failure, Verdict};
use crate::kernel::AnyPosition;
use crate::variants::duck::{kernel_position, NOTATION};
use crate::variants::picture::{Picture, Style};
use crate::variants::status;
use crate::{gen, verify};
use std::ffi::OsStr;
use std::fmt::Write as _;
use std::path::Path;

/// Input lines shown; the rest is in `case.in`.
const SHOWN: usize = 40;
/// Lines of standard error shown on a runtime error.
const STDERR_LINES: usize = 10;

/// Which command to show the board at: for a wrong answer the differing
/// one, otherwise the one after the last complete output line.
fn failing_index(failure: &Failure) -> Option<usize> {
    let k = match &failure.outcome.verdict {
        Verdict::WrongAnswer(d) => d.line - 1,
        _ => failure
            .outcome
            .output
            .iter()
            .filter(|&&b| b == b'\n')
            .count(),
    };
    (k < failure.minimal.len()).then_some(k)
}

/// The check flag (third field) of a judge line, if it has one.
fn check_flag(line: &Option<String>) -> Option<&str> {
    line.as_deref()
        .filter(|l| verify::is_judge_line(l))
        .and_then(|l| l.split(';').nth(2))
}

/// Every piece attacking a captain of the other side in `game`.
fn attackers_of_royals(position: &dyn AnyPosition) -> Vec<usize> {
    status::attacking(position)
        .into_iter()
        .map(|(from, _)| from)
        .collect()
}

/// One argument as a POSIX shell reads it back.
fn quote(arg: &OsStr) -> String {
    let text = arg.to_string_lossy();
    match shlex::try_quote(&text) {
        Ok(q) => q.into_owned(),
        // Only a NUL byte is refused, and no argument can hold one.
        Err(_) => format!("'{}'", text.replace('\'', r"'\''")),
    }
}

/// A command line as a POSIX shell reads it back.
fn shell_line<'a>(args: impl IntoIterator<Item = &'a OsStr>) -> String {
    args.into_iter().map(quote).collect::<Vec<_>>().join(" ")
}

/// `text` with control characters escaped (`\u{1b}`), so that a program's
/// bytes cannot drive the terminal; everything else as it is.
pub fn escape_controls(text: &str) -> String {
    text.chars()
        .flat_map(|c| {
            let escaped: Vec<char> = if c.is_control() {
                c.escape_default().collect()
            } else {
                vec![c]
            };
            escaped
        })
        .collect()
}

/// The last lines a program wrote on standard error, indented under a
/// title, control characters escaped.
pub fn stderr_block(stderr: &[u8]) -> String {
    let text = String::from_utf8_lossy(stderr);
    let lines: Vec<&str> = text.lines().collect();
    if lines.is_empty() {
        return "standard error: (empty)\n".into();
    }
    let shown = &lines[lines.len().saturating_sub(STDERR_LINES)..];
    let mut s = format!(
        "standard error ({}{}):\n",
        if shown.len() < lines.len() {
            "the last "
        } else {
            ""
        },
        plural(shown.len() as u64, "line")
    );
    for line in shown {
        let _ = writeln!(s, "    {}", escape_controls(line));
    }
    s
}

impl Failure {
    /// The full report: seed, minimal input, expected and found lines, the
    /// boards before and after the failing command, the simulator's
    /// reason, the end of standard error on a runtime error, and, when the
    /// case was saved in `dir`, the commands that rerun it.
    pub fn render(&self, config: &Config, dir: Option<&Path>, style: Style, color: bool) -> String {
        let mut s = String::new();
        let v = &self.outcome.verdict;
        let _ = writeln!(s, "FAIL seed {}: {}", self.seed, v.describe());
        let size = format!(
            "{}, shrunk from {} in {}",
            plural(self.minimal.len() as u64, "command"),
            self.original.len(),
            plural(self.runs as u64, "run")
        );
        if self.proved {
            let why = if self.minimal.len() <= 1 {
                ""
            } else {
                "; no shorter game fails this way"
            };
            let _ = writeln!(s, "minimal input ({size}{why}):");
        } else if self.stopped_early {
            let _ = writeln!(
                s,
                "shortest input found ({size}; shrinking stopped at its budget of {} s \
                 (--shrink-seconds), so it may not be minimal):",
                config.shrink_budget.as_secs_f64()
            );
        } else if self.exhausted > 0 {
            let _ = writeln!(
                s,
                "shortest input found ({size}; no game of up to {} fails this way):",
                plural(self.exhausted as u64, "command")
            );
        } else {
            let _ = writeln!(s, "shortest input found ({size}; not proved minimal):");
        }
        let input = gen::input_bytes(&self.minimal);
        let text = String::from_utf8_lossy(&input);
        for line in text.lines().take(SHOWN + 1) {
            let _ = writeln!(s, "    {line}");
        }
        if self.minimal.len() > SHOWN {
            let _ = writeln!(s, "    ... ({} more)", self.minimal.len() - SHOWN);
        }
        let mut check_differs = false;
        if let Verdict::WrongAnswer(d) = v {
            let show = |l: &Option<String>| match l {
                Some(l) => format!("'{l}'"),
                None => "(end of output)".to_string(),
            };
            let _ = writeln!(s, "line {}:", d.line);
            let _ = writeln!(s, "    expected {}", show(&d.expected));
            let _ = writeln!(s, "    found    {}", show(&d.found));
            check_differs = matches!(
                (check_flag(&d.expected), check_flag(&d.found)),
                (Some(a), Some(b)) if a != b
            );
        }
        match failing_index(self) {
            Some(k) => self.boards(&mut s, k, check_differs, style, color),
            None if matches!(v, Verdict::WrongAnswer(_)) => {
                let _ = writeln!(
                    s,
                    "the program printed more lines than the input has commands"
                );
            }
            None => {}
        }
        if matches!(v, Verdict::RuntimeError { .. }) {
            s += &stderr_block(&self.outcome.stderr);
        }
        if let Some(dir) = dir {
            self.rerun(&mut s, config, dir);
        }
        s
    }

    /// The boards before and after command `k`, and the simulator's reason.
    fn boards(&self, s: &mut String, k: usize, check_differs: bool, style: Style, color: bool) {
        let before = verify::replay(&self.minimal[..k]);
        let command = self.minimal[k];
        let ends = command.start().zip(command.target());
        let (before_kernel, mut after_kernel) = (kernel_position(&before), None);
        let _ = writeln!(
            s,
            "board before command {} '{command}' ({} to move){}:",
            k + 1,
            before.turn(),
            if ends.is_some() {
                ", its start in (), its target in []"
            } else {
                ""
            }
        );
        let mut drawn = Picture::new(NOTATION, &*before_kernel)
            .style(style)
            .color(color);
        if let Some((from, to)) = ends {
            drawn = drawn.command(from.index(), to.index());
        }
        let _ = write!(s, "{drawn}");
        let mut after = before.clone();
        if after.play(command).is_err() {
            let _ = writeln!(s, "board after: unchanged, the command is invalid");
        } else {
            let (from, to) = ends.expect("a valid command is on the board");
            let after_kernel = after_kernel.insert(kernel_position(&after));
            let attackers = if check_differs {
                attackers_of_royals(&**after_kernel)
            } else {
                Vec::new()
            };
            let marks = match (check_differs, attackers.is_empty()) {
                (false, _) => "",
                (true, false) => ", pieces attacking a captain in {}",
                (true, true) => ", no piece attacks a captain",
            };
            let _ = writeln!(s, "board after it{marks}:");
            let drawn = Picture::new(NOTATION, &**after_kernel)
                .style(style)
                .color(color)
                .command(from.index(), to.index())
                .attackers(attackers);
            let _ = write!(s, "{drawn}");
        }
        let _ = writeln!(s, "simulator: {}", verify::explain(&before, command));
    }

    /// The commands that rerun the case saved in `dir` (as [`Failure::save`]
    /// returned it), ready to paste into a POSIX shell.
    fn rerun(&self, s: &mut String, config: &Config, dir: &Path) {
        let program = shell_line(config.program.iter().map(|a| a.as_os_str()));
        let case_in = quote(dir.join("case.in").as_os_str());
        let seed = self.seed.to_string();
        let commands = config.commands.to_string();
        let profile = config.profile.to_string();
        let timeout = config.timeout.as_millis().to_string();
        let _ = writeln!(s, "to rerun:");
        let _ = writeln!(s, "    {program} < {case_in}");
        let _ = writeln!(s, "    duckchess trace {case_in}");
        let _ = writeln!(
            s,
            "    duckchess gen --seed {seed} --commands {commands} --profile {profile} | {program}"
        );
        let check = [
            "duckchess",
            "check",
            "--seed",
            &seed,
            "--cases",
            "1",
            "--commands",
            &commands,
            "--profile",
            &profile,
            "--timeout-ms",
            &timeout,
            "--",
        ]
        .map(OsStr::new);
        let _ = writeln!(s, "    {} {program}", shell_line(check.iter().copied()));
    }
}
