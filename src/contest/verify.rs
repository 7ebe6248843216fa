//! Output checking: a contestant's output against the simulator's answer,
//! in testlib's conventions (ok, wrong answer, presentation error), and the
//! simulator's reason for an expected line.
//!
//! Lines are compared exactly, except that white space at the end of a
//! line (a CR of CRLF too) and blank lines at the end of the output are
//! ignored, as contest checkers usually do.

use crate::duck::{Color, Command, Position};
use std::fmt;

/// The first place where two outputs differ. `None` on a side means that
/// output had ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Difference {
    /// 1-based line number.
    pub line: usize,
    /// The answer's line.
    pub expected: Option<String>,
    /// The output's line.
    pub found: Option<String>,
}

/// Why an output is not even in the format of an answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Presentation {
    /// The output ends early.
    TooFewLines {
        /// Lines expected (`Q`).
        expected: usize,
        /// Lines found.
        found: usize,
    },
    /// The output goes on after `Q` lines.
    TooManyLines {
        /// Lines expected (`Q`).
        expected: usize,
    },
    /// A line that is neither `Invalid command` nor a move record.
    Malformed {
        /// 1-based line number.
        line: usize,
        /// The line.
        text: String,
    },
}

impl fmt::Display for Presentation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Presentation::TooFewLines { expected, found } => {
                write!(f, "expected {expected} lines, found {found}")
            }
            Presentation::TooManyLines { expected } => write!(
                f,
                "line {}: expected {expected} lines, found more",
                expected + 1
            ),
            Presentation::Malformed { line, text } => {
                write!(f, "line {line}: '{}' is not a judge line", shorten(text))
            }
        }
    }
}

/// An output checker's verdict.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The output matches: this many lines.
    Ok(usize),
    /// A well-formed line differs.
    WrongAnswer(Difference),
    /// The output is not in the answer's format.
    Presentation(Presentation),
}

impl Verdict {
    /// testlib's exit code: 0 ok, 1 wrong answer, 2 presentation error.
    pub fn exit_code(&self) -> u8 {
        match self {
            Verdict::Ok(_) => 0,
            Verdict::WrongAnswer(_) => 1,
            Verdict::Presentation(_) => 2,
        }
    }
}

/// Shortens a line for a message, whatever it holds.
fn shorten(s: &str) -> String {
    const SHOWN: usize = 60;
    if s.chars().count() <= SHOWN {
        s.to_string()
    } else {
        format!("{}...", s.chars().take(SHOWN).collect::<String>())
    }
}

/// The lines of an output, with trailing white space and trailing blank
/// lines dropped.
fn lines(text: &[u8]) -> Vec<String> {
    let text = String::from_utf8_lossy(text);
    let mut lines: Vec<String> = text.split('\n').map(|l| l.trim_end().to_string()).collect();
    while lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    lines
}

/// Whether `line` has the shape of a judge line: `Invalid command`, or
/// `<colour> <piece>;<colour> <piece>|NA;yes|no;yes|no`.
pub fn is_judge_line(line: &str) -> bool {
    if line == crate::duck::INVALID_LINE {
        return true;
    }
    let piece = |s: &str| {
        s.split_once(' ').is_some_and(|(c, r)| {
            Color::ALL.iter().any(|k| k.name() == c)
                && crate::duck::Role::ALL.iter().any(|k| k.name() == r)
        })
    };
    let flag = |s: &str| s == "yes" || s == "no";
    let parts: Vec<&str> = line.split(';').collect();
    matches!(parts[..], [moved, removed, check, over]
        if piece(moved) && (removed == "NA" || piece(removed)) && flag(check) && flag(over))
}

/// The first differing line of two outputs, if any.
///
/// ```
/// use duckchess::contest::verify::first_difference;
/// let d = first_difference(b"a\nb\n", b"a\nc\r\n").unwrap();
/// assert_eq!((d.line, d.expected.as_deref(), d.found.as_deref()), (2, Some("b"), Some("c")));
/// assert_eq!(first_difference(b"a\n", b"a  \n\n"), None);
/// ```
pub fn first_difference(expected: &[u8], found: &[u8]) -> Option<Difference> {
    let (e, f) = (lines(expected), lines(found));
    (0..e.len().max(f.len()))
        .find(|&i| e.get(i) != f.get(i))
        .map(|i| Difference {
            line: i + 1,
            expected: e.get(i).cloned(),
            found: f.get(i).cloned(),
        })
}

/// Checks `output` against the simulator's `answer`, reading line by line
/// as testlib does: the first problem met decides.
pub fn verify(answer: &[u8], output: &[u8]) -> Verdict {
    let (e, f) = (lines(answer), lines(output));
    for (i, expected) in e.iter().enumerate() {
        let Some(found) = f.get(i) else {
            return Verdict::Presentation(Presentation::TooFewLines {
                expected: e.len(),
                found: f.len(),
            });
        };
        if !is_judge_line(found) {
            return Verdict::Presentation(Presentation::Malformed {
                line: i + 1,
                text: found.clone(),
            });
        }
        if found != expected {
            return Verdict::WrongAnswer(Difference {
                line: i + 1,
                expected: Some(expected.clone()),
                found: Some(found.clone()),
            });
        }
    }
    if f.len() > e.len() {
        return Verdict::Presentation(Presentation::TooManyLines { expected: e.len() });
    }
    Verdict::Ok(e.len())
}

/// The position after playing `commands` from the initial one.
pub fn replay(commands: &[Command]) -> Position {
    let mut game = Position::initial();
    for &c in commands {
        let _ = game.play(c);
    }
    game
}

/// The simulator's reason for its verdict on `command` played in `before`,
/// in plain words.
///
/// ```
/// use duckchess::contest::verify::explain;
/// use duckchess::duck::{Command, Position};
/// let why = explain(&Position::initial(), Command::new(2, 0, 4, 3));
/// assert_eq!(why, "duck at (2,0) is blocked: its second blocking point (3,2) holds red soldier");
/// ```
pub fn explain(before: &Position, command: Command) -> String {
    let mut after = before.clone();
    let record = match after.play(command) {
        Err(invalid) => return invalid.to_string(),
        Ok(record) => record,
    };
    let mut why = format!(
        "valid: {} moves {} to {}",
        record.piece, record.from, record.to
    );
    if let Some(removed) = record.removed {
        why += &format!(", removing {removed}");
    }
    if record.over {
        why += "; that ends the game, and the move that ends the game never reports check";
        return why;
    }
    let attacks: Vec<String> = Color::ALL
        .into_iter()
        .filter_map(|c| Some((c, after.captain(c)?)))
        .flat_map(|(c, at)| {
            let after = &after;
            after.attackers(at, c.other()).map(move |p| {
                let piece = after
                    .board()
                    .get(p)
                    .expect("an attacker stands on its point");
                format!("{piece} at {p} attacks the {c} captain at {at}")
            })
        })
        .collect();
    if attacks.is_empty() {
        why += "; no piece attacks either captain, so check is no";
    } else {
        why += &format!("; check is yes: {}", attacks.join(", "));
    }
    why
}

/// What `duckchess verify` found: the contestant's verdict, the
/// simulator's reason for a wrong line, and whether the given answer file
/// disagrees with the simulator.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// The output's verdict against the simulator.
    pub verdict: Verdict,
    /// For a wrong answer: the command and the simulator's reason.
    pub reason: Option<String>,
    /// Where the given answer file disagrees with the simulator, if it does.
    pub answer_disagrees: Option<Difference>,
}

impl Report {
    /// testlib's exit code: 0 ok, 1 wrong answer, 2 presentation error, 3
    /// when the answer file disagrees with the simulator (the jury's fault).
    pub fn exit_code(&self) -> u8 {
        if self.answer_disagrees.is_some() {
            3
        } else {
            self.verdict.exit_code()
        }
    }
}

/// How testlib words a verdict: `ok 18 lines`, `wrong answer line 3:
/// expected '…', found '…'`, `presentation error: …`, then the reason and
/// any disagreement of the answer file on lines of their own.
impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let quote = |l: &Option<String>| match l {
            Some(l) => format!("'{}'", shorten(l)),
            None => "(end of file)".to_string(),
        };
        match &self.verdict {
            Verdict::Ok(n) => writeln!(f, "ok {n} lines")?,
            Verdict::WrongAnswer(d) => writeln!(
                f,
                "wrong answer line {}: expected {}, found {}",
                d.line,
                quote(&d.expected),
                quote(&d.found)
            )?,
            Verdict::Presentation(p) => writeln!(f, "presentation error: {p}")?,
        }
        if let Some(reason) = &self.reason {
            writeln!(f, "{reason}")?;
        }
        if let Some(d) = &self.answer_disagrees {
            writeln!(
                f,
                "fail: ANSWER disagrees with the simulator on line {}: simulator {}, ANSWER {}",
                d.line,
                quote(&d.expected),
                quote(&d.found)
            )?;
        }
        Ok(())
    }
}

/// The commands of a judge input already known to be well formed.
fn commands_of(input: &[u8]) -> Vec<Command> {
    let input = input.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(input);
    let numbers: Vec<i64> = input
        .split(u8::is_ascii_whitespace)
        .filter(|t| !t.is_empty())
        .skip(1)
        .filter_map(|t| std::str::from_utf8(t).ok()?.parse().ok())
        .collect();
    numbers
        .chunks_exact(4)
        .map(|c| Command::new(c[0], c[1], c[2], c[3]))
        .collect()
}

/// Checks a contestant's `output` for the judge `input`, and the jury's
/// `answer` too when given. Fails when `input` is not a judge input.
pub fn verify_files(
    input: &[u8],
    output: &[u8],
    answer: Option<&[u8]>,
) -> Result<Report, crate::duck::judge::JudgeError> {
    let mut expected = Vec::new();
    crate::duck::judge::run(input, &mut expected, Position::initial())?;
    let verdict = verify(&expected, output);
    let reason = match &verdict {
        Verdict::WrongAnswer(d) => {
            let commands = commands_of(input);
            commands.get(d.line - 1).map(|&c| {
                let before = replay(&commands[..d.line - 1]);
                format!("command {} '{c}': {}", d.line, explain(&before, c))
            })
        }
        _ => None,
    };
    let answer_disagrees = answer.and_then(|a| first_difference(&expected, a));
    Ok(Report {
        verdict,
        reason,
        answer_disagrees,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verdicts_follow_testlib_order() {
        let answer = b"Invalid command\nred guard;NA;no;no\n";
        assert_eq!(verify(answer, answer), Verdict::Ok(2));
        assert_eq!(
            verify(answer, b"Invalid command\r\nred guard;NA;no;no  \n\n"),
            Verdict::Ok(2)
        );
        let wa = verify(answer, b"Invalid command\nred guard;NA;yes;no\n");
        assert_eq!(wa.exit_code(), 1);
        assert_eq!(
            wa,
            Verdict::WrongAnswer(Difference {
                line: 2,
                expected: Some("red guard;NA;no;no".into()),
                found: Some("red guard;NA;yes;no".into()),
            })
        );
        for (output, message) in [
            (&b"Invalid command\n"[..], "expected 2 lines, found 1"),
            (
                b"Invalid command\nred guard;NA;no;no\nInvalid command\n",
                "line 3: expected 2 lines, found more",
            ),
            (
                b"Invalid command\nred guard;NA;maybe;no\n",
                "line 2: 'red guard;NA;maybe;no' is not a judge line",
            ),
            (
                b"invalid command\nred guard;NA;no;no\n",
                "line 1: 'invalid command' is not a judge line",
            ),
        ] {
            match verify(answer, output) {
                Verdict::Presentation(p) => assert_eq!(p.to_string(), message),
                other => panic!("{output:?}: {other:?}"),
            }
        }
    }

    #[test]
    fn reports_give_the_reason_and_blame_a_wrong_answer_file() {
        // The car is blocked, then the duck is (at its second point).
        let input = b"2\n0 0 7 0\n2 0 4 3\n";
        let right = b"Invalid command\nInvalid command\n";
        let wrong = b"Invalid command\nred duck;NA;no;no\n";
        let ok = verify_files(input, right, Some(right)).unwrap();
        assert_eq!((ok.to_string(), ok.exit_code()), ("ok 2 lines\n".into(), 0));
        let wa = verify_files(input, wrong, None).unwrap();
        assert_eq!(wa.exit_code(), 1);
        assert_eq!(
            wa.to_string(),
            "wrong answer line 2: expected 'Invalid command', found 'red duck;NA;no;no'\n\
             command 2 '2 0 4 3': duck at (2,0) is blocked: its second blocking point (3,2) holds red soldier\n"
        );
        let jury = verify_files(input, right, Some(wrong)).unwrap();
        assert_eq!(jury.exit_code(), 3);
        assert!(jury.to_string().ends_with(
            "fail: ANSWER disagrees with the simulator on line 2: \
             simulator 'Invalid command', ANSWER 'red duck;NA;no;no'\n"
        ));
        assert!(verify_files(b"2\n0 3 1 2\n", right, None).is_err());
    }

    #[test]
    fn judge_lines_are_recognised() {
        for ok in [
            "Invalid command",
            "blue car;NA;yes;no",
            "red duck;blue captain;no;yes",
        ] {
            assert!(is_judge_line(ok), "{ok}");
        }
        for bad in [
            "",
            "Invalid",
            "blue cars;NA;yes;no",
            "blue car;NA;yes",
            "blue car;NA;yes;no;no",
            "green car;NA;no;no",
            "blue car;na;no;no",
        ] {
            assert!(!is_judge_line(bad), "{bad}");
        }
    }

    #[test]
    fn explanations_name_the_check_and_the_end() {
        // The official sample, up to its 16th and 17th commands.
        let sample = [
            (0, 0, 7, 0),
            (9, 0, 8, 0),
            (0, 1, 1, 3),
            (0, 2, 2, 0),
            (0, 3, 1, 2),
            (0, 4, 0, 3),
            (9, 4, 8, 4),
            (3, 2, 2, 3),
            (7, 0, 4, 2),
            (7, 0, 5, 3),
            (9, 2, 7, 4),
            (2, 0, 4, 3),
            (9, 1, 8, 3),
            (4, 3, 6, 6),
            (7, 4, 9, 2),
            (8, 4, 9, 4),
            (6, 6, 9, 4),
        ]
        .map(|(a, b, c, d)| Command::new(a, b, c, d));
        let before16 = replay(&sample[..15]);
        assert_eq!(
            explain(&before16, sample[15]),
            "valid: blue captain moves (8,4) to (9,4); check is yes: \
             red duck at (6,6) attacks the blue captain at (9,4)"
        );
        let before17 = replay(&sample[..16]);
        assert_eq!(
            explain(&before17, sample[16]),
            "valid: red duck moves (6,6) to (9,4), removing blue captain; \
             that ends the game, and the move that ends the game never reports check"
        );
        assert_eq!(
            explain(&Position::initial(), Command::new(0, 3, 1, 2)),
            "valid: red guard moves (0,3) to (1,2); no piece attacks either captain, so check is no"
        );
    }
}
