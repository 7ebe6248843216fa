//! Judge mode: read `Q` and `Q` commands, write one verdict line each.
//!
//! Streaming: one input line is held at a time and output is written in
//! blocks, so memory does not grow with `Q`. The input is read line by line:
//! tokens on a line are separated by any ASCII white space (so CRLF works),
//! blank lines are skipped, and a UTF-8 byte order mark before the first
//! line is ignored. On malformed input the verdicts of every complete
//! command before it are written first, then the error names the line.

use crate::duck::{Command, Position, INVALID_LINE};
use std::fmt;
use std::io::{self, BufRead, Write};

/// Longest input line read; anything longer cannot be a sensible command.
const MAX_LINE: u64 = 1 << 16;
/// Output is handed to the writer in blocks of about this size.
const OUT_BLOCK: usize = 1 << 16;

/// What is wrong with a malformed input line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// The input holds no number at all.
    Empty,
    /// A token is not a non-negative decimal integer.
    NotAnInteger(String),
    /// A token is a negative integer.
    Negative(String),
    /// A token is an integer too large to hold.
    TooLarge(String),
    /// The first line does not hold exactly one number.
    CountLine {
        /// Numbers found on it.
        found: usize,
    },
    /// A command line does not hold exactly four numbers.
    CommandLine {
        /// Numbers found on it.
        found: usize,
    },
    /// The input ended before `Q` commands.
    MissingCommands {
        /// `Q`.
        expected: u64,
        /// Commands read.
        found: u64,
    },
    /// A non-blank line follows the `Q` commands.
    ExtraInput {
        /// `Q`.
        expected: u64,
    },
    /// A line longer than any command could be.
    LineTooLong,
}

/// Shows a token briefly and unambiguously, whatever bytes it holds.
fn show(token: &[u8]) -> String {
    const SHOWN: usize = 24;
    let text = String::from_utf8_lossy(&token[..token.len().min(SHOWN)]);
    let more = if token.len() > SHOWN { "..." } else { "" };
    format!("{:?}{more}", text.as_ref())
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::Empty => write!(f, "the input is empty: expected the number of commands Q"),
            Problem::NotAnInteger(t) => write!(f, "{t} is not a non-negative integer"),
            Problem::Negative(t) => {
                write!(f, "{t} is negative: coordinates and Q are never negative")
            }
            Problem::TooLarge(t) => write!(f, "{t} is too large (the limit is {})", i64::MAX),
            Problem::CountLine { found } => {
                write!(f, "expected one number Q on the first line, found {found}")
            }
            Problem::CommandLine { found } => {
                write!(f, "expected 4 numbers 'xs ys xt yt', found {found}")
            }
            Problem::MissingCommands { expected, found } => write!(
                f,
                "the input ends after {found} of the {expected} commands Q announced"
            ),
            Problem::ExtraInput { expected } => {
                write!(
                    f,
                    "unexpected input after the {expected} commands Q announced"
                )
            }
            Problem::LineTooLong => write!(f, "line longer than {MAX_LINE} bytes"),
        }
    }
}

/// Why judge mode stopped early.
#[derive(Debug, thiserror::Error)]
pub enum JudgeError {
    /// The input is not a judge input.
    #[error("line {line}: {problem}")]
    Malformed {
        /// 1-based line number.
        line: u64,
        /// What is wrong there.
        problem: Problem,
    },
    /// Reading the input failed.
    #[error("cannot read input: {0}")]
    Read(io::Error),
    /// Writing the output failed.
    #[error("cannot write output: {0}")]
    Write(io::Error),
}

/// What a complete run saw.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Commands judged.
    pub commands: u64,
    /// Of those, valid ones.
    pub valid: u64,
}

/// Reads judge input line by line, handing out the numbers of each non-blank
/// line.
struct Lines<R> {
    input: R,
    line: Vec<u8>,
    number: u64,
}

impl<R: BufRead> Lines<R> {
    fn new(input: R) -> Self {
        Lines {
            input,
            line: Vec::with_capacity(64),
            number: 0,
        }
    }

    fn malformed(&self, problem: Problem) -> JudgeError {
        JudgeError::Malformed {
            line: self.number,
            problem,
        }
    }

    /// The numbers on the next non-blank line, or `None` at the end of input.
    /// `nums` receives up to its length; the count of all tokens is returned.
    ///
    /// Fast path: a line that lies whole in the reader's buffer and holds
    /// only digits and white space is parsed in place in one pass. Anything
    /// else — a line split across buffer refills, a byte order mark, a bad
    /// or huge token — goes through [`Lines::parse_slowly`], which is exact
    /// about what is wrong.
    fn next_numbers(&mut self, nums: &mut [i64]) -> Result<Option<usize>, JudgeError> {
        loop {
            let buf = self.input.fill_buf().map_err(JudgeError::Read)?;
            if buf.is_empty() {
                if self.line.is_empty() {
                    return Ok(None);
                }
                // The last line has no newline.
                self.number += 1;
                match self.parse_slowly(nums)? {
                    0 => continue,
                    count => return Ok(Some(count)),
                }
            }
            if self.line.is_empty() {
                if let Some(line) = scan_line(buf, nums) {
                    self.number += 1;
                    if line.clean {
                        self.input.consume(line.len);
                        match line.count {
                            0 => continue,
                            count => return Ok(Some(count)),
                        }
                    }
                    self.line.extend_from_slice(&buf[..line.len]);
                    self.input.consume(line.len);
                    match self.parse_slowly(nums)? {
                        0 => continue,
                        count => return Ok(Some(count)),
                    }
                }
            }
            // The line goes on past the buffer: gather it.
            let (len, complete) = match buf.iter().position(|&b| b == b'\n') {
                Some(i) => (i + 1, true),
                None => (buf.len(), false),
            };
            self.line.extend_from_slice(&buf[..len]);
            self.input.consume(len);
            if self.line.len() as u64 > MAX_LINE {
                self.number += 1;
                return Err(self.malformed(Problem::LineTooLong));
            }
            if complete {
                self.number += 1;
                match self.parse_slowly(nums)? {
                    0 => continue,
                    count => return Ok(Some(count)),
                }
            }
        }
    }

    /// Parses the gathered line in `self.line` token by token, naming the
    /// first bad token; empties `self.line`.
    fn parse_slowly(&mut self, nums: &mut [i64]) -> Result<usize, JudgeError> {
        let line = std::mem::take(&mut self.line);
        let mut bytes = &line[..];
        if self.number == 1 {
            bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
        }
        let mut count = 0;
        for token in bytes
            .split(u8::is_ascii_whitespace)
            .filter(|t| !t.is_empty())
        {
            let n = parse_number(token).map_err(|p| self.malformed(p))?;
            if let Some(slot) = nums.get_mut(count) {
                *slot = n;
            }
            count += 1;
        }
        self.line = line;
        self.line.clear();
        Ok(count)
    }
}

/// A line found whole at the start of a buffer by [`scan_line`].
struct Scanned {
    /// Bytes up to and including the newline.
    len: usize,
    /// Tokens seen.
    count: usize,
    /// Whether it held only digits and white space, with no token so long
    /// that it might overflow: then `nums` holds its numbers.
    clean: bool,
}

/// What a byte is to [`scan_line`]: a digit's value, or one of these.
const SPACE: u8 = 10;
const NEWLINE: u8 = 11;
const OTHER: u8 = 12;

/// Byte classes, one table look-up instead of a chain of comparisons.
static CLASS: [u8; 256] = {
    let mut class = [OTHER; 256];
    let mut b = 0;
    while b < 256 {
        let byte = b as u8;
        if byte.is_ascii_digit() {
            class[b] = byte - b'0';
        } else if byte == b'\n' {
            class[b] = NEWLINE;
        } else if byte.is_ascii_whitespace() {
            class[b] = SPACE;
        }
        b += 1;
    }
    class
};

/// One pass over the line at the start of `bytes`: `None` when there is no
/// newline in `bytes`.
#[inline]
fn scan_line(bytes: &[u8], nums: &mut [i64]) -> Option<Scanned> {
    // Nearly every command line of a real input is four one-digit numbers
    // (the board is 10 × 9) and single spaces: take those whole.
    if let [a, b' ', b, b' ', c, b' ', d, b'\n', ..] = *bytes {
        let digits = [a, b, c, d].map(|x| x.wrapping_sub(b'0'));
        if nums.len() >= 4 && digits.iter().all(|&x| x < 10) {
            for (slot, x) in nums.iter_mut().zip(digits) {
                *slot = i64::from(x);
            }
            return Some(Scanned {
                len: 8,
                count: 4,
                clean: true,
            });
        }
    }
    // Up to 18 digits always fit an i64; longer tokens take the slow path.
    const SAFE: u64 = 100_000_000_000_000_000;
    let (mut count, mut value, mut in_token, mut clean) = (0, 0u64, false, true);
    for (i, &b) in bytes.iter().enumerate() {
        let class = CLASS[b as usize];
        if class < 10 {
            value = value.wrapping_mul(10).wrapping_add(u64::from(class));
            clean &= value < SAFE;
            in_token = true;
            continue;
        }
        if in_token {
            if let Some(slot) = nums.get_mut(count) {
                *slot = value as i64;
            }
            count += 1;
            (value, in_token) = (0, false);
        }
        match class {
            NEWLINE => {
                return Some(Scanned {
                    len: i + 1,
                    count,
                    clean,
                })
            }
            SPACE => {}
            _ => clean = false,
        }
    }
    None
}

fn parse_number(token: &[u8]) -> Result<i64, Problem> {
    let digits = token.strip_prefix(b"-").unwrap_or(token);
    if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
        return Err(Problem::NotAnInteger(show(token)));
    }
    if digits.len() != token.len() {
        return Err(Problem::Negative(show(token)));
    }
    digits
        .iter()
        .try_fold(0i64, |n, &d| {
            n.checked_mul(10)?.checked_add(i64::from(d - b'0'))
        })
        .ok_or_else(|| Problem::TooLarge(show(token)))
}

/// The commands of a judge input, read one line at a time: `Q` on the
/// first line, then `Q` lines `xs ys xt yt`, then nothing but blank lines.
///
/// Judge mode and trace mode both read through this, so they accept the
/// same inputs and report malformed ones the same way. As an iterator it
/// yields each command, then at most one error, then stops.
///
/// ```
/// use duckchess::duck::{judge::Commands, Command};
/// let mut commands = Commands::new("2\n0 3 1 2\n\n9 9 9 9\n".as_bytes());
/// assert_eq!(commands.q().unwrap(), 2);
/// let all: Vec<Command> = commands.map(Result::unwrap).collect();
/// assert_eq!(all, [Command::new(0, 3, 1, 2), Command::new(9, 9, 9, 9)]);
/// ```
pub struct Commands<R> {
    lines: Lines<R>,
    /// `Q`, once the first line has been read.
    q: Option<u64>,
    /// Commands handed out so far.
    read: u64,
    /// Set after the end of input or an error, so the iterator is fused.
    done: bool,
}

impl<R: BufRead> Commands<R> {
    /// A reader of the judge input `input`; nothing is read yet.
    pub fn new(input: R) -> Self {
        Commands {
            lines: Lines::new(input),
            q: None,
            read: 0,
            done: false,
        }
    }

    /// `Q`, the number of commands the input announces (reading the first
    /// line if it has not been read yet).
    pub fn q(&mut self) -> Result<u64, JudgeError> {
        if let Some(q) = self.q {
            return Ok(q);
        }
        let mut nums = [0i64; 1];
        let q = match self.lines.next_numbers(&mut nums)? {
            Some(1) => nums[0] as u64,
            Some(found) => return Err(self.lines.malformed(Problem::CountLine { found })),
            None => {
                self.lines.number += 1; // the line where the input ended
                return Err(self.lines.malformed(Problem::Empty));
            }
        };
        self.q = Some(q);
        Ok(q)
    }

    /// The next command; `None` after the `Q`th once the rest of the input
    /// has been checked to be blank.
    #[inline]
    pub fn next_command(&mut self) -> Result<Option<Command>, JudgeError> {
        if self.done {
            return Ok(None);
        }
        let result = self.read_command();
        if !matches!(result, Ok(Some(_))) {
            self.done = true;
        }
        result
    }

    fn read_command(&mut self) -> Result<Option<Command>, JudgeError> {
        let q = self.q()?;
        let mut nums = [0i64; 4];
        if self.read == q {
            return match self.lines.next_numbers(&mut nums) {
                Ok(None) => Ok(None),
                // Whatever follows, numbers or junk, it is more than Q commands.
                Ok(Some(_)) | Err(JudgeError::Malformed { .. }) => {
                    Err(self.lines.malformed(Problem::ExtraInput { expected: q }))
                }
                Err(e) => Err(e),
            };
        }
        match self.lines.next_numbers(&mut nums)? {
            Some(4) => {}
            Some(found) => return Err(self.lines.malformed(Problem::CommandLine { found })),
            None => {
                self.lines.number += 1; // the line where the input ended
                return Err(self.lines.malformed(Problem::MissingCommands {
                    expected: q,
                    found: self.read,
                }));
            }
        }
        self.read += 1;
        let [xs, ys, xt, yt] = nums;
        Ok(Some(Command::new(xs, ys, xt, yt)))
    }

    /// The 1-based number of the last input line read.
    pub fn line(&self) -> u64 {
        self.lines.number
    }
}

impl<R: BufRead> Iterator for Commands<R> {
    type Item = Result<Command, JudgeError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.next_command().transpose()
    }
}

/// Runs judge mode from `game`: reads `input`, writes verdict lines to
/// `output` (and nothing else). On an error, every verdict before the bad
/// line has been written and flushed.
///
/// ```
/// use duckchess::duck::{judge, Position};
/// let mut out = Vec::new();
/// let input = "2\n0 3 1 2\n0 0 0 0\n";
/// judge::run(input.as_bytes(), &mut out, Position::initial()).unwrap();
/// assert_eq!(out, b"red guard;NA;no;no\nInvalid command\n");
/// ```
pub fn run<R: BufRead, W: Write>(
    input: R,
    mut output: W,
    mut game: Position,
) -> Result<Summary, JudgeError> {
    let mut commands = Commands::new(input);
    let mut out = Vec::with_capacity(OUT_BLOCK + 128);
    let mut summary = Summary::default();
    let result = judge_commands(
        &mut commands,
        &mut game,
        &mut out,
        &mut output,
        &mut summary,
    );
    // Whatever happened, what was judged is written before the error is told.
    output.write_all(&out).map_err(JudgeError::Write)?;
    output.flush().map_err(JudgeError::Write)?;
    result.map(|()| summary)
}

fn judge_commands<R: BufRead, W: Write>(
    commands: &mut Commands<R>,
    game: &mut Position,
    out: &mut Vec<u8>,
    output: &mut W,
    summary: &mut Summary,
) -> Result<(), JudgeError> {
    while let Some(command) = commands.next_command()? {
        match game.play(command) {
            Ok(record) => {
                out.extend_from_slice(record.judge_line());
                summary.valid += 1;
            }
            Err(_) => {
                out.extend_from_slice(INVALID_LINE.as_bytes());
                out.push(b'\n');
            }
        }
        summary.commands += 1;
        if out.len() >= OUT_BLOCK {
            output.write_all(out).map_err(JudgeError::Write)?;
            out.clear();
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn judge(input: &[u8]) -> (String, Result<Summary, String>) {
        let mut out = Vec::new();
        let r = run(input, &mut out, Position::initial()).map_err(|e| e.to_string());
        (String::from_utf8(out).unwrap(), r)
    }

    #[test]
    fn crlf_bom_tabs_and_blank_lines_are_accepted() {
        let (out, r) = judge(b"\xEF\xBB\xBF2\r\n\r\n0\t3 1  2\r\n0 0 0 0\r\n\n");
        assert_eq!(out, "red guard;NA;no;no\nInvalid command\n");
        assert_eq!(
            r.unwrap(),
            Summary {
                commands: 2,
                valid: 1
            }
        );
    }

    #[test]
    fn errors_name_the_line_after_writing_earlier_verdicts() {
        let cases: [(&[u8], &str, &str); 9] = [
            (
                b"",
                "",
                "line 1: the input is empty: expected the number of commands Q",
            ),
            (
                b"1 2\n",
                "",
                "line 1: expected one number Q on the first line, found 2",
            ),
            (
                b"2\n0 3 1 2\n0 0 x 0\n",
                "red guard;NA;no;no\n",
                "line 3: \"x\" is not a non-negative integer",
            ),
            (
                b"2\n0 3 1 2\n0 0 -1 0\n",
                "red guard;NA;no;no\n",
                "line 3: \"-1\" is negative: coordinates and Q are never negative",
            ),
            (
                b"1\n0 0 0 99999999999999999999\n",
                "",
                "line 2: \"99999999999999999999\" is too large (the limit is 9223372036854775807)",
            ),
            (
                b"1\n0 0 0\n",
                "",
                "line 2: expected 4 numbers 'xs ys xt yt', found 3",
            ),
            (
                b"3\n0 3 1 2\n",
                "red guard;NA;no;no\n",
                "line 3: the input ends after 1 of the 3 commands Q announced",
            ),
            (
                b"1\n0 3 1 2\n9 9 9 9\n",
                "red guard;NA;no;no\n",
                "line 3: unexpected input after the 1 commands Q announced",
            ),
            (
                b"1\n0 3 1 2\n\xff\n",
                "red guard;NA;no;no\n",
                "line 3: unexpected input after the 1 commands Q announced",
            ),
        ];
        for (input, out, err) in cases {
            let (o, r) = judge(input);
            assert_eq!(o, out, "{input:?}");
            assert_eq!(r.unwrap_err(), err, "{input:?}");
        }
    }

    #[test]
    fn off_board_coordinates_are_invalid_commands_not_errors() {
        let (out, r) = judge(b"3\n10 0 0 0\n0 0 0 9\n0 4 123456789012 4\n");
        assert_eq!(out, "Invalid command\n".repeat(3));
        assert_eq!(r.unwrap().valid, 0);
    }

    #[test]
    fn q_zero_prints_nothing() {
        assert_eq!(judge(b"0\n"), (String::new(), Ok(Summary::default())));
    }
}
