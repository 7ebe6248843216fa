//! Output checking: a contestant's output against the simulator's answer,
//! in testlib's conventions ([`crate::testlib`]), and the
//! simulator's reason for an expected line.
//!
//! Lines are compared exactly, except that spaces, tabs and CRs at the end
//! of a line (so CRLF too) and blank lines at the end of the output are
//! ignored, as contest checkers usually do. Everything is read as a stream:
//! memory does not grow with the input, the output or a line's length.
//! Bytes of the output are shown in messages with control characters
//! escaped, so a message is always one printable line.

use crate::judge::{Color, Command, Position, INVALID_LINE};
use crate::judge::{Commands, JudgeError};
use crate::testlib::{Judgement, Outcome};
use crate::variants::duck::{kernel_position, NOTATION};
use crate::variants::status;
use std::fmt;
use std::io::{self, BufRead};

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

/// Shortens a line for a message and escapes its control characters, so
/// that whatever it holds, it shows as printable text on one line.
fn shorten(s: &str) -> String {
    const SHOWN: usize = 60;
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i == SHOWN {
            out += "...";
            break;
        }
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// Bytes beyond which a line is only classified, not kept: far longer than
/// any judge line, so a longer one is wrong whatever it holds.
const LINE_KEPT: usize = 4096;

/// Whether `b` is ignored at the end of a line.
fn is_trailing_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r')
}

/// One line of an output, its ignored end removed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Line {
    /// Its first bytes (all of them unless `cut`).
    bytes: Vec<u8>,
    /// Whether more than [`LINE_KEPT`] bytes remain once its end is trimmed.
    cut: bool,
}

impl Line {
    fn is_blank(&self) -> bool {
        self.bytes.is_empty() && !self.cut
    }

    /// The line as text for a [`Difference`] (invalid UTF-8 replaced).
    fn text(&self) -> String {
        let mut text = String::from_utf8_lossy(&self.bytes).into_owned();
        if self.cut {
            text += "...";
        }
        text
    }
}

/// Reads the lines of an output or an answer in bounded memory, dropping
/// blank lines at the end.
struct Lines<R> {
    input: R,
    /// Blank lines read and not yet handed out: they count only if a
    /// non-blank line follows.
    blanks: u64,
    /// The non-blank line read after `blanks`.
    held: Option<Line>,
}

impl<R: BufRead> Lines<R> {
    fn new(input: R) -> Self {
        Lines {
            input,
            blanks: 0,
            held: None,
        }
    }

    /// The next line, its trailing spaces, tabs and CRs removed.
    fn read_raw(&mut self) -> io::Result<Option<Line>> {
        let mut line = Line::default();
        // Trailing spaces seen past the kept bytes: they matter only if
        // something follows them.
        let mut spaces_beyond = false;
        let mut any = false;
        loop {
            let buf = self.input.fill_buf()?;
            if buf.is_empty() {
                break;
            }
            any = true;
            let end = buf.iter().position(|&b| b == b'\n');
            let part = &buf[..end.unwrap_or(buf.len())];
            for &b in part {
                if line.bytes.len() < LINE_KEPT && !spaces_beyond {
                    line.bytes.push(b);
                } else if is_trailing_space(b) {
                    spaces_beyond = true;
                } else {
                    line.cut = true;
                    spaces_beyond = false;
                }
            }
            let used = part.len() + usize::from(end.is_some());
            self.input.consume(used);
            if end.is_some() {
                break;
            }
        }
        if !any {
            return Ok(None);
        }
        if !line.cut {
            while line.bytes.last().is_some_and(|&b| is_trailing_space(b)) {
                line.bytes.pop();
            }
        }
        Ok(Some(line))
    }

    /// The next line, blank lines at the end of the input left out.
    fn next_line(&mut self) -> io::Result<Option<Line>> {
        if self.blanks > 0 {
            self.blanks -= 1;
            return Ok(Some(Line::default()));
        }
        if let Some(line) = self.held.take() {
            return Ok(Some(line));
        }
        while let Some(line) = self.read_raw()? {
            if !line.is_blank() {
                if self.blanks == 0 {
                    return Ok(Some(line));
                }
                self.held = Some(line);
                self.blanks -= 1;
                return Ok(Some(Line::default()));
            }
            self.blanks += 1;
        }
        self.blanks = 0;
        Ok(None)
    }
}

/// Whether `line` has the shape of a judge line: `Invalid command`, or
/// `<colour> <piece>;<colour> <piece>|NA;yes|no;yes|no`.
pub fn is_judge_line(line: &str) -> bool {
    if line == crate::judge::INVALID_LINE {
        return true;
    }
    let piece = |s: &str| {
        s.split_once(' ').is_some_and(|(c, r)| {
            Color::ALL.iter().any(|k| k.name() == c)
                && crate::judge::Role::ALL.iter().any(|k| k.name() == r)
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
/// use duckchess_contest::verify::first_difference;
/// let d = first_difference(b"a\nb\n", b"a\nc\r\n").unwrap();
/// assert_eq!((d.line, d.expected.as_deref(), d.found.as_deref()), (2, Some("b"), Some("c")));
/// assert_eq!(first_difference(b"a\n", b"a \t\n\n"), None);
/// ```
pub fn first_difference(expected: &[u8], found: &[u8]) -> Option<Difference> {
    let (mut e, mut f) = (Lines::new(expected), Lines::new(found));
    let read = |lines: &mut Lines<&[u8]>| lines.next_line().expect("a slice reads without error");
    (1..).find_map(|line| match (read(&mut e), read(&mut f)) {
        (None, None) => Some(None),
        (a, b) if a == b => None,
        (a, b) => Some(Some(Difference {
            line,
            expected: a.map(|l| l.text()),
            found: b.map(|l| l.text()),
        })),
    })?
}

/// Checks `output` against the simulator's `answer`, reading line by line
/// as testlib does: the first problem met decides.
pub fn verify(answer: &[u8], output: &[u8]) -> Verdict {
    let mut expected = Lines::new(answer);
    let mut lines = Vec::new();
    while let Some(line) = expected.next_line().expect("a slice reads without error") {
        lines.push(line.bytes);
    }
    let mut check = OutputCheck::new(output, lines.len());
    for line in &lines {
        if check
            .next(line)
            .expect("a slice reads without error")
            .is_some()
        {
            break;
        }
    }
    check.finish().expect("a slice reads without error")
}

/// The contestant's output checked one expected line at a time.
struct OutputCheck<R> {
    lines: Lines<R>,
    /// Lines expected in all (`Q`).
    expected: usize,
    /// Lines checked so far.
    checked: usize,
    verdict: Option<Verdict>,
}

impl<R: BufRead> OutputCheck<R> {
    fn new(output: R, expected: usize) -> Self {
        OutputCheck {
            lines: Lines::new(output),
            expected,
            checked: 0,
            verdict: None,
        }
    }

    /// Checks the next line against `expected`; the verdict once one is
    /// known (later calls change nothing).
    fn next(&mut self, expected: &[u8]) -> io::Result<Option<&Verdict>> {
        if self.verdict.is_none() {
            self.checked += 1;
            let line = self.checked;
            self.verdict = match self.lines.next_line()? {
                None => Some(Verdict::Presentation(Presentation::TooFewLines {
                    expected: self.expected,
                    found: line - 1,
                })),
                Some(found) if found.cut || !is_judge_line_bytes(&found.bytes) => {
                    Some(Verdict::Presentation(Presentation::Malformed {
                        line,
                        text: found.text(),
                    }))
                }
                Some(found) if found.bytes != expected => Some(Verdict::WrongAnswer(Difference {
                    line,
                    expected: Some(String::from_utf8_lossy(expected).into_owned()),
                    found: Some(found.text()),
                })),
                Some(_) => None,
            };
        }
        Ok(self.verdict.as_ref())
    }

    /// The verdict once every expected line has been checked.
    fn finish(mut self) -> io::Result<Verdict> {
        if let Some(verdict) = self.verdict {
            return Ok(verdict);
        }
        Ok(match self.lines.next_line()? {
            Some(_) => Verdict::Presentation(Presentation::TooManyLines {
                expected: self.expected,
            }),
            None => Verdict::Ok(self.expected),
        })
    }
}

fn is_judge_line_bytes(line: &[u8]) -> bool {
    std::str::from_utf8(line).is_ok_and(is_judge_line)
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
/// use duckchess_contest::verify::explain;
/// use duckchess_judge::{Command, Position};
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
    let attacks = status::attacks(NOTATION, &*kernel_position(&after));
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
        self.judgement().outcome.exit_code()
    }

    /// The outcome and message in testlib's terms. An answer file that
    /// disagrees with the simulator is the jury's fault: then the outcome
    /// is `FAIL`, whatever the output holds, and the message says only
    /// that.
    pub fn judgement(&self) -> Judgement {
        let quote = |l: &Option<String>| match l {
            Some(l) => format!("'{}'", shorten(l)),
            None => "(end of file)".to_string(),
        };
        if let Some(d) = &self.answer_disagrees {
            return Judgement::new(
                Outcome::Fail,
                format!(
                    "ANSWER disagrees with the simulator on line {}: simulator {}, ANSWER {}",
                    d.line,
                    quote(&d.expected),
                    quote(&d.found)
                ),
            );
        }
        let (outcome, mut message) = match &self.verdict {
            Verdict::Ok(n) => (Outcome::Ok, format!("{n} lines")),
            Verdict::WrongAnswer(d) => (
                Outcome::WrongAnswer,
                format!(
                    "line {}: expected {}, found {}",
                    d.line,
                    quote(&d.expected),
                    quote(&d.found)
                ),
            ),
            Verdict::Presentation(p) => (Outcome::PresentationError, p.to_string()),
        };
        if let Some(reason) = &self.reason {
            message = format!("{message}\n{reason}");
        }
        Judgement::new(outcome, message)
    }
}

/// How testlib words a verdict on standard error: `ok 18 lines`, `wrong
/// answer line 3: expected '…', found '…'` (then the simulator's reason on
/// a line of its own), `wrong output format …`, `FAIL …`.
impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.judgement().fmt(f)
    }
}

/// Why `verify` could not give a verdict.
#[derive(Debug, thiserror::Error)]
pub enum VerifyError {
    /// The judge input is malformed or unreadable.
    #[error("INPUT {0}")]
    Input(JudgeError),
    /// The contestant's output could not be read.
    #[error("cannot read OUTPUT: {0}")]
    Output(io::Error),
    /// The jury's answer could not be read.
    #[error("cannot read ANSWER: {0}")]
    Answer(io::Error),
}

/// Checks a contestant's `output` for the judge `input`, and the jury's
/// `answer` too when given, reading all three as streams: memory stays
/// small however long they are. Fails when `input` is not a judge input
/// or a file cannot be read.
pub fn verify_streams<I: BufRead, O: BufRead, A: BufRead>(
    input: I,
    output: O,
    answer: Option<A>,
) -> Result<Report, VerifyError> {
    let mut commands = Commands::new(input);
    let q = commands.q().map_err(VerifyError::Input)?;
    let mut check = OutputCheck::new(output, usize::try_from(q).unwrap_or(usize::MAX));
    let mut jury = answer.map(Lines::new);
    let mut answer_disagrees = None;
    let mut reason = None;
    let mut game = Position::initial();
    let mut line = 0;
    // The whole input is read even once the verdict is known: a malformed
    // input is the jury's fault, whatever the output holds.
    while let Some(command) = commands.next_command().map_err(VerifyError::Input)? {
        line += 1;
        let needed = check.verdict.is_none() || (jury.is_some() && answer_disagrees.is_none());
        if !needed {
            let _ = game.play(command);
            continue;
        }
        let before = game.clone();
        let played = game.play(command);
        let expected: &[u8] = match &played {
            Ok(record) => record.judge_line().strip_suffix(b"\n").unwrap_or_default(),
            Err(_) => INVALID_LINE.as_bytes(),
        };
        if check.verdict.is_none() {
            let verdict = check.next(expected).map_err(VerifyError::Output)?;
            if let Some(Verdict::WrongAnswer(_)) = verdict {
                reason = Some(format!(
                    "command {line} '{command}': {}",
                    explain(&before, command)
                ));
            }
        }
        if let (Some(jury), None) = (&mut jury, &answer_disagrees) {
            let found = jury.next_line().map_err(VerifyError::Answer)?;
            if found.as_ref().is_none_or(|f| f.bytes != expected) {
                answer_disagrees = Some(Difference {
                    line,
                    expected: Some(String::from_utf8_lossy(expected).into_owned()),
                    found: found.map(|f| f.text()),
                });
            }
        }
    }
    let verdict = check.finish().map_err(VerifyError::Output)?;
    if let (Some(jury), None) = (&mut jury, &answer_disagrees) {
        if let Some(extra) = jury.next_line().map_err(VerifyError::Answer)? {
            answer_disagrees = Some(Difference {
                line: line + 1,
                expected: None,
                found: Some(extra.text()),
            });
        }
    }
    Ok(Report {
        verdict,
        reason,
        answer_disagrees,
    })
}

/// [`verify_streams`] on bytes in memory.
pub fn verify_files(
    input: &[u8],
    output: &[u8],
    answer: Option<&[u8]>,
) -> Result<Report, JudgeError> {
    verify_streams(input, output, answer).map_err(|e| match e {
        VerifyError::Input(e) => e,
        VerifyError::Output(e) | VerifyError::Answer(e) => JudgeError::Read(e),
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
        // Only the jury's fault is told, not the contestant's verdict too.
        assert_eq!(
            jury.to_string(),
            "FAIL ANSWER disagrees with the simulator on line 2: \
             simulator 'Invalid command', ANSWER 'red duck;NA;no;no'\n"
        );
        assert!(verify_files(b"2\n0 3 1 2\n", right, None).is_err());
    }

    #[test]
    fn only_spaces_tabs_and_crs_are_ignored_at_line_ends() {
        let answer = b"Invalid command\n";
        assert_eq!(
            verify(answer, b"Invalid command \t\r\r\n\r\n\n"),
            Verdict::Ok(1)
        );
        for end in ["\x0b", "\x0c", "\u{a0}", "\u{3000}"] {
            let output = format!("Invalid command{end}\n");
            assert!(
                matches!(
                    verify(answer, output.as_bytes()),
                    Verdict::Presentation(Presentation::Malformed { line: 1, .. })
                ),
                "{end:?}"
            );
        }
        // A blank line inside the output is a line of its own.
        let two = b"Invalid command\nInvalid command\n";
        assert!(matches!(
            verify(two, b"Invalid command\n \r\nInvalid command\n"),
            Verdict::Presentation(Presentation::Malformed { line: 2, .. })
        ));
    }

    #[test]
    fn control_bytes_of_the_output_are_escaped_in_messages() {
        let answer = b"Invalid command\n";
        let report = verify_files(
            b"1\n0 0 0 0\n",
            b"Invalid\x1b[2Jcommand\x00\x07\n",
            Some(answer),
        )
        .unwrap()
        .to_string();
        assert_eq!(
            report,
            "wrong output format line 1: 'Invalid\\u{1b}[2Jcommand\\u{0}\\u{7}' is not a judge line\n"
        );
        assert!(!report.chars().any(|c| c.is_control() && c != '\n'));
        let d = first_difference(b"a\n", b"\x1b\n").unwrap();
        assert_eq!(d.found.as_deref(), Some("\u{1b}"));
    }

    #[test]
    fn a_huge_line_is_read_in_bounded_memory_and_shown_short() {
        let mut output = vec![b'x'; 10 * LINE_KEPT];
        output.extend_from_slice(b"\n");
        let mut lines = Lines::new(&output[..]);
        let line = lines.next_line().unwrap().unwrap();
        assert!(line.cut && line.bytes.len() == LINE_KEPT);
        let report = verify_files(b"1\n0 0 0 0\n", &output, None).unwrap();
        assert_eq!(
            report.to_string(),
            format!(
                "wrong output format line 1: '{}...' is not a judge line\n",
                "x".repeat(60)
            )
        );
        // Trailing spaces past the kept bytes do not make a line long.
        let mut spaced = b"Invalid command".to_vec();
        spaced.extend(std::iter::repeat_n(b' ', 3 * LINE_KEPT));
        assert_eq!(verify(b"Invalid command\n", &spaced), Verdict::Ok(1));
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
             red duck at (6,6) attacks blue captain at (9,4)"
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
