//! Judge mode: read `Q` and `Q` commands, write one verdict line each.
//!
//! The input is read as a stream of numbers, as the official solution's
//! `scanf("%d")` reads it: numbers are separated by any ASCII white space,
//! so `Q` and the commands may be split over lines in any way (all on one
//! line, one number per line, CRLF). A UTF-8 byte order mark before the
//! first number is ignored. Streaming: memory does not grow with `Q` or
//! with the length of a line, and output is written in blocks. On malformed
//! input the verdicts of every complete command before it are written
//! first, then the error names the line where the problem is.

use crate::arbiter::Arbiter;
use crate::verdict::{line_slots, LineSlots, INVALID_INDEX, LINE_SLOT};
use crate::{Command, Position};
use std::fmt;
use std::io::{self, BufRead, Write};

/// Output is handed to the writer in blocks of about this size.
const OUT_BLOCK: usize = 1 << 16;
/// Most commands judged in one batch, between looks at the output block.
const BATCH: u64 = 1024;
/// Bytes of a token kept for its message; the rest is only classified.
const TOKEN_KEPT: usize = 32;

/// What is wrong with a malformed input.
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
    /// The input ended before `Q` commands.
    MissingCommands {
        /// `Q`.
        expected: u64,
        /// Complete commands read.
        found: u64,
        /// Numbers of the next, incomplete command (0 to 3).
        partial: usize,
    },
    /// A token follows the `Q` commands.
    ExtraInput {
        /// `Q`.
        expected: u64,
    },
}

/// Shows a token briefly and unambiguously, whatever bytes it holds.
fn show(token: &[u8], longer: bool) -> String {
    const SHOWN: usize = 24;
    let text = String::from_utf8_lossy(&token[..token.len().min(SHOWN)]);
    let more = if longer || token.len() > SHOWN {
        "..."
    } else {
        ""
    };
    format!("{:?}{more}", text.as_ref())
}

/// `n` and the noun, singular or plural.
fn count(n: u64, noun: &str) -> String {
    format!("{n} {noun}{}", if n == 1 { "" } else { "s" })
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
            Problem::MissingCommands {
                expected,
                found,
                partial: 0,
            } => write!(
                f,
                "the input ends after {found} of the {} Q announced",
                count(*expected, "command")
            ),
            Problem::MissingCommands {
                expected,
                found,
                partial,
            } => write!(
                f,
                "the input ends after {found} of the {} Q announced, \
                 inside command {}: it has {} of 4",
                count(*expected, "command"),
                found + 1,
                count(*partial as u64, "number")
            ),
            Problem::ExtraInput { expected } => write!(
                f,
                "unexpected input after the {} Q announced",
                count(*expected, "command")
            ),
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

/// Whether `b` separates numbers: ASCII white space, as for `scanf`.
#[inline]
fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | b'\x0b' | b'\x0c')
}

/// Reads judge input as a stream of numbers, counting lines so that an
/// error can name where it is.
struct Tokens<R> {
    input: R,
    /// The 1-based line of the next byte to read.
    line: u64,
    /// Nothing has been read yet (a byte order mark may come).
    at_start: bool,
    /// The first bytes of the token being read.
    token: Vec<u8>,
}

impl<R: BufRead> Tokens<R> {
    fn new(input: R) -> Self {
        Tokens {
            input,
            line: 1,
            at_start: true,
            token: Vec::with_capacity(TOKEN_KEPT),
        }
    }

    fn malformed(&self, line: u64, problem: Problem) -> JudgeError {
        JudgeError::Malformed { line, problem }
    }

    /// Skips white space; `false` at the end of input.
    fn skip_space(&mut self) -> Result<bool, JudgeError> {
        loop {
            let buf = self.input.fill_buf().map_err(JudgeError::Read)?;
            if buf.is_empty() {
                return Ok(false);
            }
            let skipped = buf.iter().position(|&b| !is_space(b));
            let len = skipped.unwrap_or(buf.len());
            self.line += buf[..len].iter().filter(|&&b| b == b'\n').count() as u64;
            self.input.consume(len);
            if skipped.is_some() {
                return Ok(true);
            }
        }
    }

    /// The next number, or `None` at the end of input. Reads the token and
    /// the one white-space byte after it, so that a command line read this
    /// way leaves the next line ready for [`Tokens::fast_command`].
    fn next_number(&mut self) -> Result<Option<i64>, JudgeError> {
        if !self.skip_space()? {
            return Ok(None);
        }
        let line = self.line;
        self.token.clear();
        let mut scan = Scan::default();
        // Bytes of a byte order mark matched so far, before the first
        // number only: `None` once a byte is not one.
        let mut bom = std::mem::take(&mut self.at_start).then_some(0usize);
        let mut ended = false;
        while !ended {
            let buf = self.input.fill_buf().map_err(JudgeError::Read)?;
            if buf.is_empty() {
                break;
            }
            let end = buf.iter().position(|&b| is_space(b));
            let len = end.unwrap_or(buf.len());
            for &b in &buf[..len] {
                if let Some(matched) = bom {
                    if BOM.get(matched) == Some(&b) {
                        bom = Some(matched + 1).filter(|&m| m < BOM.len());
                        if bom.is_none() {
                            // The whole mark: the token starts after it.
                            self.token.clear();
                            scan = Scan::default();
                        } else {
                            self.token.push(b);
                            scan.push(b);
                        }
                        continue;
                    }
                    bom = None;
                }
                if self.token.len() < TOKEN_KEPT {
                    self.token.push(b);
                }
                scan.push(b);
            }
            let mut used = len;
            if let Some(end) = end {
                ended = true;
                used += 1;
                self.line += u64::from(buf[end] == b'\n');
            }
            self.input.consume(used);
        }
        if scan.bytes == 0 {
            // A byte order mark alone: the number comes after it.
            return self.next_number();
        }
        scan.number(&self.token)
            .map(Some)
            .map_err(|p| self.malformed(line, p))
    }

    /// A command written the usual way, `a b c d` of single digits and
    /// single spaces then one white-space byte, taken whole when it lies in
    /// the buffer after white space: nearly every command of a real input.
    #[inline]
    fn fast_command(&mut self) -> Result<Option<[i64; 4]>, JudgeError> {
        let buf = self.input.fill_buf().map_err(JudgeError::Read)?;
        let mut i = 0;
        let mut newlines = 0;
        while let Some(&b) = buf.get(i) {
            if !is_space(b) {
                break;
            }
            newlines += u64::from(b == b'\n');
            i += 1;
        }
        if let Some(&[a, b' ', b, b' ', c, b' ', d, w]) = buf.get(i..i + 8) {
            let digits = [a, b, c, d].map(|x| x.wrapping_sub(b'0'));
            if digits.iter().all(|&x| x < 10) && is_space(w) {
                self.line += newlines + u64::from(w == b'\n');
                self.input.consume(i + 8);
                return Ok(Some(digits.map(i64::from)));
            }
        }
        Ok(None)
    }
}

/// The UTF-8 byte order mark, passed over before the first number.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// A token worked out byte by byte as it streams, as `scanf("%d")` reads
/// it: an optional sign, then digits, any number of them leading zeros
/// (`+0`, `-0` and forty zeros are all 0). Only the first bytes of the
/// token are kept, for messages; its value needs none of them.
#[derive(Default)]
struct Scan {
    /// Bytes of the token.
    bytes: usize,
    /// Its sign, if it starts with one.
    sign: Option<u8>,
    /// Digits after the sign.
    digits: usize,
    /// The value of the digits so far; `None` once past `i64::MAX`.
    value: Option<i64>,
    /// Whether a byte was neither a leading sign nor a digit.
    other: bool,
}

impl Scan {
    fn push(&mut self, b: u8) {
        if self.bytes == 0 {
            self.value = Some(0);
            if b == b'+' || b == b'-' {
                self.sign = Some(b);
                self.bytes = 1;
                return;
            }
        }
        self.bytes += 1;
        if b.is_ascii_digit() {
            self.digits += 1;
            self.value = self
                .value
                .and_then(|n| n.checked_mul(10)?.checked_add(i64::from(b - b'0')));
        } else {
            self.other = true;
        }
    }

    /// The number, or what is wrong with it; `kept` is the token's first
    /// bytes, for the message.
    fn number(&self, kept: &[u8]) -> Result<i64, Problem> {
        let shown = || show(kept, self.bytes > kept.len());
        if self.other || self.digits == 0 {
            return Err(Problem::NotAnInteger(shown()));
        }
        match (self.sign, self.value) {
            (Some(b'-'), Some(0)) => Ok(0),
            (Some(b'-'), _) => Err(Problem::Negative(shown())),
            (_, Some(n)) => Ok(n),
            (_, None) => Err(Problem::TooLarge(shown())),
        }
    }
}

/// The commands of a judge input, read as numbers: `Q`, then `Q` commands
/// `xs ys xt yt`, then nothing but white space; the line breaks may fall
/// anywhere.
///
/// Judge mode and trace mode both read through this, so they accept the
/// same inputs and report malformed ones the same way. As an iterator it
/// yields each command, then at most one error, then stops.
///
/// ```
/// use duckchess_judge::{Commands, Command};
/// let mut commands = Commands::new("2\n0 3 1 2\n\n9 9\n9 9\n".as_bytes());
/// assert_eq!(commands.q().unwrap(), 2);
/// let all: Vec<Command> = commands.map(Result::unwrap).collect();
/// assert_eq!(all, [Command::new(0, 3, 1, 2), Command::new(9, 9, 9, 9)]);
/// ```
pub struct Commands<R> {
    tokens: Tokens<R>,
    /// `Q`, once read.
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
            tokens: Tokens::new(input),
            q: None,
            read: 0,
            done: false,
        }
    }

    /// `Q`, the number of commands the input announces (reading it if it
    /// has not been read yet).
    pub fn q(&mut self) -> Result<u64, JudgeError> {
        if let Some(q) = self.q {
            return Ok(q);
        }
        let q = match self.tokens.next_number()? {
            Some(q) => q as u64,
            None => return Err(self.tokens.malformed(self.tokens.line, Problem::Empty)),
        };
        self.q = Some(q);
        Ok(q)
    }

    /// The next command; `None` after the `Q`th once the rest of the input
    /// has been checked to be white space.
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

    #[inline]
    fn read_command(&mut self) -> Result<Option<Command>, JudgeError> {
        let q = self.q()?;
        if self.read == q {
            // Whatever follows, numbers or junk, it is more than Q commands.
            return match self.tokens.skip_space()? {
                false => Ok(None),
                true => Err(self
                    .tokens
                    .malformed(self.tokens.line, Problem::ExtraInput { expected: q })),
            };
        }
        let nums = match self.tokens.fast_command()? {
            Some(nums) => nums,
            None => self.slow_command(q)?,
        };
        self.read += 1;
        let [xs, ys, xt, yt] = nums;
        Ok(Some(Command::new(xs, ys, xt, yt)))
    }

    /// Hands `each` every command the input buffer holds in the common
    /// form, one digit, a space, …, one white-space byte (`0 3 1 2\n`), up
    /// to `Q` and at most `most` of them, with one look at the buffer for
    /// all of them; it stops at the first other byte, which [`Commands::next_command`] then reads.
    fn fast_batch(&mut self, most: u64, mut each: impl FnMut(Command)) -> Result<(), JudgeError> {
        let Some(q) = self.q else { return Ok(()) };
        if self.done {
            return Ok(());
        }
        let buf = self.tokens.input.fill_buf().map_err(JudgeError::Read)?;
        let (mut at, mut lines, mut n) = (0, 0, 0);
        let left = (q - self.read).min(most);
        while n < left {
            let Some(&[a, b' ', b, b' ', c, b' ', d, w]) = buf.get(at..at + 8) else {
                break;
            };
            let digits = [a, b, c, d].map(|x| x.wrapping_sub(b'0'));
            if !(digits.iter().all(|&x| x < 10) && is_space(w)) {
                break;
            }
            let [xs, ys, xt, yt] = digits.map(i64::from);
            each(Command::new(xs, ys, xt, yt));
            lines += u64::from(w == b'\n');
            at += 8;
            n += 1;
        }
        self.tokens.input.consume(at);
        self.tokens.line += lines;
        self.read += n;
        Ok(())
    }

    /// Four numbers read one at a time, wherever the line breaks fall.
    #[cold]
    fn slow_command(&mut self, q: u64) -> Result<[i64; 4], JudgeError> {
        let mut nums = [0; 4];
        for (partial, slot) in nums.iter_mut().enumerate() {
            match self.tokens.next_number()? {
                Some(n) => *slot = n,
                None => {
                    let problem = Problem::MissingCommands {
                        expected: q,
                        found: self.read,
                        partial,
                    };
                    return Err(self.tokens.malformed(self.tokens.line, problem));
                }
            }
        }
        Ok(nums)
    }

    /// The 1-based number of the input line the reader has reached.
    pub fn line(&self) -> u64 {
        self.tokens.line
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
/// use duckchess_judge::{self as judge, Position};
/// let mut out = Vec::new();
/// let input = "2\n0 3 1 2\n0 0 0 0\n";
/// judge::run(input.as_bytes(), &mut out, Position::initial()).unwrap();
/// assert_eq!(out, b"red guard;NA;no;no\nInvalid command\n");
/// ```
pub fn run<R: BufRead, W: Write>(
    input: R,
    output: W,
    game: Position,
) -> Result<Summary, JudgeError> {
    let mut commands = Commands::new(input);
    let mut arbiter = Arbiter::new(game);
    let mut out = Lines::new();
    let mut summary = Summary::default();
    let mut output = KeepReading::new(output);
    let result = judge_commands(
        &mut commands,
        &mut arbiter,
        &mut out,
        &mut output,
        &mut summary,
    );
    // Whatever happened, what was judged is written before the error is told.
    let _ = output.write_all(out.written());
    let _ = output.flush();
    output.finish(result).map(|()| summary)
}

/// The transcript of a judge input played from the start: the verdict
/// lines the official solution prints for it, as one string. This is what
/// a snapshot test of a folder of inputs keeps (docs/contest.md, "Snapshot
/// tests of transcripts"); a malformed input is the error, which names its
/// line.
///
/// ```
/// let transcript = duckchess_judge::transcript("2\n0 3 1 2\n0 0 0 0\n").unwrap();
/// assert_eq!(transcript, "red guard;NA;no;no\nInvalid command\n");
/// let error = duckchess_judge::transcript("1\n0 3 1\n").unwrap_err();
/// assert!(error.to_string().contains("3 numbers of 4"), "{error}");
/// ```
pub fn transcript(input: &str) -> Result<String, JudgeError> {
    let mut out = Vec::new();
    run(input.as_bytes(), &mut out, Position::initial())?;
    // Verdict lines are the judge's own words: ASCII.
    Ok(String::from_utf8_lossy(&out).into_owned())
}

fn judge_commands<R: BufRead, W: Write>(
    commands: &mut Commands<R>,
    arbiter: &mut Arbiter,
    out: &mut Lines,
    output: &mut W,
    summary: &mut Summary,
) -> Result<(), JudgeError> {
    loop {
        // The buffered run of canonical lines at once, then one command
        // the careful way (which also reads Q and ends the input).
        commands.fast_batch(BATCH, |command| judge_one(arbiter, command, out, summary))?;
        if out.len >= OUT_BLOCK {
            output.write_all(out.written()).map_err(JudgeError::Write)?;
            out.len = 0;
        }
        match commands.next_command()? {
            Some(command) => judge_one(arbiter, command, out, summary),
            None => return Ok(()),
        }
    }
}

/// Plays one command and appends its judge line.
#[inline]
fn judge_one(arbiter: &mut Arbiter, command: Command, out: &mut Lines, summary: &mut Summary) {
    let line = arbiter.play(command);
    out.push(line);
    summary.valid += u64::from(line != INVALID_INDEX);
    summary.commands += 1;
}

/// Verdict lines waiting to be written: a buffer with room for a block
/// and a batch more, and the lines' slots.
struct Lines {
    buf: Box<[u8]>,
    /// Bytes written to `buf`.
    len: usize,
    slots: &'static LineSlots,
}

impl Lines {
    fn new() -> Lines {
        Lines {
            buf: vec![0; OUT_BLOCK + (BATCH as usize + 1) * LINE_SLOT].into_boxed_slice(),
            len: 0,
            slots: line_slots(),
        }
    }

    /// Appends the line with `index` (see `LineSlots`). Room for it is
    /// there as long as the caller writes out a full block before
    /// each batch and each single command.
    #[inline]
    fn push(&mut self, index: usize) {
        let slot: &mut [u8; LINE_SLOT] = (&mut self.buf[self.len..self.len + LINE_SLOT])
            .try_into()
            .expect("a slot's worth of bytes");
        self.len += self.slots.put(index, slot);
    }

    fn written(&self) -> &[u8] {
        &self.buf[..self.len]
    }
}

/// A writer that, once writing has failed, drops what it is given and
/// keeps the first error for the end: a reader who stopped listening
/// (`| head`) must not hide a malformed input, which is only found by
/// reading on.
pub struct KeepReading<W> {
    inner: W,
    error: Option<io::Error>,
}

impl<W: Write> KeepReading<W> {
    /// Writes to `inner` until a write fails.
    pub fn new(inner: W) -> Self {
        KeepReading { inner, error: None }
    }

    /// The outcome of a run that wrote here: its own error first (it tells
    /// more), else the first write error.
    pub fn finish<T>(self, result: Result<T, JudgeError>) -> Result<T, JudgeError> {
        match (result, self.error) {
            (Err(e), _) => Err(e),
            (Ok(_), Some(e)) => Err(JudgeError::Write(e)),
            (ok, None) => ok,
        }
    }
}

impl<W: Write> Write for KeepReading<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.error.is_none() {
            if let Err(e) = self.inner.write_all(buf) {
                self.error = Some(e);
            }
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        if self.error.is_none() {
            if let Err(e) = self.inner.flush() {
                self.error = Some(e);
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn judge(input: &[u8]) -> (String, Result<Summary, String>) {
        let mut out = Vec::new();
        let r = run(input, &mut out, Position::initial()).map_err(|e| e.to_string());
        (String::from_utf8(out).unwrap(), r)
    }

    /// Canonical lines are judged in batches: the verdicts, the line an
    /// error names and the Q limit must be what one command at a time gives.
    #[test]
    fn batched_lines_keep_counts_lines_and_the_q_limit() {
        let lines = "0 0 0 0\n".repeat(1000);
        // An error after a thousand canonical lines names line 1002.
        let (out, r) = judge(format!("1001\n{lines}0 x 0 0\n").as_bytes());
        assert_eq!(out.lines().count(), 1000);
        assert_eq!(
            r.unwrap_err(),
            "line 1002: \"x\" is not a non-negative integer"
        );
        // Q = 3 takes three of them; the rest is more than Q.
        let (out, r) = judge(format!("3\n{lines}").as_bytes());
        assert_eq!(out.lines().count(), 3);
        assert!(r.unwrap_err().starts_with("line 5: "));
        // A batch may end inside a buffer's worth: 100,000 lines in a 64 KiB
        // reader give 100,000 verdicts, as one command at a time does.
        let many = format!("100000\n{}", "3 0 4 0\n6 0 5 0\n".repeat(50_000));
        let mut out = Vec::new();
        let reader = std::io::BufReader::with_capacity(1 << 16, many.as_bytes());
        let summary = run(reader, &mut out, Position::initial()).unwrap();
        assert_eq!(summary.commands, 100_000);
        let mut one_by_one = Position::initial();
        let expected: usize = Commands::new(many.as_bytes())
            .map(|c| one_by_one.play(c.unwrap()).is_ok() as usize)
            .sum();
        assert_eq!(summary.valid as usize, expected);
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
    fn numbers_may_be_split_over_lines_in_any_way() {
        let canonical = judge(b"3\n0 3 1 2\n9 0 8 0\n0 0 0 0\n");
        for split in [
            &b"3 0 3 1 2 9 0 8 0 0 0 0 0"[..],
            b"3\n0\n3\n1\n2\n9\n0\n8\n0\n0\n0\n0\n0\n",
            b"3 0 3\n1 2 9 0\n\n8 0 0\r\n0 0 0",
            b"\xEF\xBB\xBF 3\t0 3 1 2\n9 0 8 0 0 0 0 0\n\n",
        ] {
            assert_eq!(judge(split), canonical, "{split:?}");
        }
        assert_eq!(canonical.1.unwrap().commands, 3);
    }

    #[test]
    fn a_long_input_on_one_line_streams() {
        // Far longer than a read buffer, and no line break at all.
        let q = 100_000;
        let mut input = format!("{q}");
        for _ in 0..q {
            input.push_str(" 0 0 0 0");
        }
        let (out, r) = judge(input.as_bytes());
        assert_eq!(r.unwrap().commands, q);
        assert_eq!(out.len(), "Invalid command\n".len() * q as usize);
    }

    /// `scanf("%d")` takes a sign and leading zeros of any length: so
    /// does the judge, whatever the token's length.
    #[test]
    fn numbers_are_read_as_scanf_reads_them() {
        let zeros = "0".repeat(40);
        let padded = format!("{zeros}3");
        let plain = judge(b"2\n0 3 1 2\n9 3 8 4\n");
        for input in [
            "2\n+0 +3 +1 +2\n9 3 8 4\n".to_string(),
            "2\n-0 3 1 2\n9 3 8 4\n".to_string(),
            format!("+2\n-{zeros} {padded} 1 2\n9 3 8 +{zeros}4\n"),
            format!("\u{feff}00002\n0 {padded} 1 2 9 3 8 +{zeros}4\n"),
            format!("2 0 3 1 +{}2 9 3 8 4", "0".repeat(70_000)),
        ] {
            assert_eq!(judge(input.as_bytes()), plain, "{input:?}");
        }
        assert_eq!(plain.0, "red guard;NA;no;no\nblue guard;NA;no;no\n");
        // Still refused: a sign alone or twice, a negative number, a sign
        // inside a number, and too large a value however it is padded.
        for (input, err) in [
            (
                "1\n+ 0 0 0\n",
                "line 2: \"+\" is not a non-negative integer",
            ),
            (
                "1\n+-1 0 0 0\n",
                "line 2: \"+-1\" is not a non-negative integer",
            ),
            (
                "1\n0 0 0 0+0\n",
                "line 2: \"0+0\" is not a non-negative integer",
            ),
            (
                "1\n0 -3 0 0\n",
                "line 2: \"-3\" is negative: coordinates and Q are never negative",
            ),
        ] {
            assert_eq!(judge(input.as_bytes()).1.unwrap_err(), err, "{input:?}");
        }
        let huge = format!("1\n0 0 0 {zeros}99999999999999999999\n");
        let err = judge(huge.as_bytes()).1.unwrap_err();
        assert!(
            err.ends_with("is too large (the limit is 9223372036854775807)"),
            "{err}"
        );
    }

    #[test]
    fn errors_name_the_line_after_writing_earlier_verdicts() {
        let long_digits = "9".repeat(100);
        let long_junk = format!("{}x", "1".repeat(40));
        let too_large = format!("1\n0 0\n0\n{long_digits}\n");
        let not_integer = format!("1\n0 0 0 {long_junk}\n");
        let cases: [(&[u8], &str, String); 12] = [
            (
                b"",
                "",
                "line 1: the input is empty: expected the number of commands Q".into(),
            ),
            (
                b"1 2\n",
                "",
                "line 2: the input ends after 0 of the 1 command Q announced, \
                 inside command 1: it has 1 number of 4"
                    .into(),
            ),
            (
                b"2\n0 3 1 2\n0 0 x 0\n",
                "red guard;NA;no;no\n",
                "line 3: \"x\" is not a non-negative integer".into(),
            ),
            (
                b"2\n0 3 1 2\n0 0\n-1 0\n",
                "red guard;NA;no;no\n",
                "line 4: \"-1\" is negative: coordinates and Q are never negative".into(),
            ),
            (
                b"1\n0 0 0 99999999999999999999\n",
                "",
                "line 2: \"99999999999999999999\" is too large (the limit is 9223372036854775807)"
                    .into(),
            ),
            (
                too_large.as_bytes(),
                "",
                format!(
                    "line 4: \"{}\"... is too large (the limit is 9223372036854775807)",
                    "9".repeat(24)
                ),
            ),
            (
                not_integer.as_bytes(),
                "",
                format!(
                    "line 2: \"{}\"... is not a non-negative integer",
                    "1".repeat(24)
                ),
            ),
            (
                b"1\n0 0 0\n",
                "",
                "line 3: the input ends after 0 of the 1 command Q announced, \
                 inside command 1: it has 3 numbers of 4"
                    .into(),
            ),
            (
                b"3\n0 3 1 2\n",
                "red guard;NA;no;no\n",
                "line 3: the input ends after 1 of the 3 commands Q announced".into(),
            ),
            (
                b"1\n0 3 1 2\n9 9 9 9\n",
                "red guard;NA;no;no\n",
                "line 3: unexpected input after the 1 command Q announced".into(),
            ),
            (
                b"1\n0 3 1 2\n\n\n \xff\n",
                "red guard;NA;no;no\n",
                "line 5: unexpected input after the 1 command Q announced".into(),
            ),
            (
                b"2\n0 3 1 2 0 0\n\n0 x\n",
                "red guard;NA;no;no\n",
                "line 4: \"x\" is not a non-negative integer".into(),
            ),
        ];
        for (input, out, err) in cases {
            let (o, r) = judge(input);
            assert_eq!(o, out, "{input:?}");
            assert_eq!(r.unwrap_err(), err, "{input:?}");
        }
    }

    /// A writer that refuses everything, like a pipe whose reader is gone.
    struct Closed;

    impl Write for Closed {
        fn write(&mut self, _: &[u8]) -> io::Result<usize> {
            Err(io::ErrorKind::BrokenPipe.into())
        }
        fn flush(&mut self) -> io::Result<()> {
            Err(io::ErrorKind::BrokenPipe.into())
        }
    }

    #[test]
    fn a_closed_output_does_not_hide_a_malformed_input() {
        // Enough verdicts to fill an output block before the bad line.
        let mut input = String::from("100001\n");
        input.push_str(&"0 0 0 0\n".repeat(100_000));
        input.push_str("0 0 x 0\n");
        let err = run(input.as_bytes(), Closed, Position::initial()).unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 100002: \"x\" is not a non-negative integer"
        );
        let err = run(&b"1\n0 0 0 0\n"[..], Closed, Position::initial()).unwrap_err();
        assert!(matches!(err, JudgeError::Write(e) if e.kind() == io::ErrorKind::BrokenPipe));
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
