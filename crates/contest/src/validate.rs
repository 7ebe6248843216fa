//! A strict validator of contest inputs, in the manner of a testlib
//! validator: the exact bytes are checked, not just the numbers.
//!
//! The format: a line holding `Q` with `0 ≤ Q ≤ max_q`, then exactly `Q`
//! lines `xs ys xt yt` with `0 ≤ xs, xt ≤ 9` and `0 ≤ ys, yt ≤ 8`, numbers
//! separated by single spaces, no leading zeros (`0` itself is fine), every
//! line ended by `\n` (no CR), and nothing after the last line.

use std::fmt;
use std::io::{self, BufRead, Read};

/// The contest's bound on `Q`.
pub const CONTEST_MAX_Q: u64 = 1000;

/// What is wrong, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    /// 1-based line number.
    pub line: u64,
    /// What is wrong there.
    pub problem: String,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.problem)
    }
}

impl std::error::Error for Error {}

/// Why validation stopped.
#[derive(Debug, thiserror::Error)]
pub enum ValidateError {
    /// The input breaks the format.
    #[error("{0}")]
    Invalid(Error),
    /// Reading failed.
    #[error("cannot read input: {0}")]
    Read(#[from] io::Error),
}

/// Longest line worth reading: four two-digit numbers are far shorter.
const MAX_LINE: u64 = 256;

/// Validates a whole input; returns `Q`.
///
/// ```
/// use duckchess_contest::validate::validate;
/// assert_eq!(validate(&b"1\n0 3 1 2\n"[..], 1000).unwrap(), 1);
/// let e = validate(&b"1\n0 3  1 2\n"[..], 1000).unwrap_err();
/// assert_eq!(e.to_string(), "line 2: expected a single space after number 2");
/// ```
pub fn validate<R: BufRead>(mut input: R, max_q: u64) -> Result<u64, ValidateError> {
    let mut line = Vec::new();
    let mut number = 0u64;
    let invalid = |line: u64, problem: String| ValidateError::Invalid(Error { line, problem });
    let mut next = |line: &mut Vec<u8>| -> Result<bool, ValidateError> {
        line.clear();
        number += 1;
        let n = (&mut input).take(MAX_LINE).read_until(b'\n', line)?;
        if n == 0 {
            return Ok(false);
        }
        if line.pop() != Some(b'\n') {
            return Err(invalid(
                number,
                if n as u64 == MAX_LINE {
                    format!("line longer than {MAX_LINE} bytes")
                } else {
                    "the last line does not end with a newline".into()
                },
            ));
        }
        Ok(true)
    };
    if !next(&mut line)? {
        return Err(invalid(1, "the input is empty: expected Q".into()));
    }
    let q = numbers(&line, &[("Q", max_q)]).map_err(|p| invalid(1, p))?[0];
    const RANGES: [(&str, u64); 4] = [("xs", 9), ("ys", 8), ("xt", 9), ("yt", 8)];
    for i in 0..q {
        let at = i + 2;
        if !next(&mut line)? {
            return Err(invalid(
                at,
                format!("the input ends after {i} of the {}", commands(q)),
            ));
        }
        numbers(&line, &RANGES).map_err(|p| invalid(at, p))?;
    }
    if next(&mut line)? || !line.is_empty() {
        return Err(invalid(
            q + 2,
            format!("unexpected input after {}", commands(q)),
        ));
    }
    Ok(q)
}

/// Parses `line` as exactly `fields.len()` numbers, each `0..=max`,
/// separated by single spaces.
fn numbers(line: &[u8], fields: &[(&str, u64)]) -> Result<Vec<u64>, String> {
    let mut out = Vec::with_capacity(fields.len());
    let mut rest = line;
    for (k, &(name, max)) in fields.iter().enumerate() {
        let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
        let (token, after) = rest.split_at(digits);
        if token.is_empty() {
            let found = if rest.starts_with(BOM) {
                "a UTF-8 byte order mark".to_string()
            } else {
                rest.first()
                    .map_or("the end of the line".into(), |&b| byte(b))
            };
            return Err(format!(
                "expected {name}, a non-negative integer, found {found}"
            ));
        }
        if token.len() > 1 && token[0] == b'0' {
            return Err(format!("{name} has a leading zero"));
        }
        let value = std::str::from_utf8(token)
            .ok()
            .and_then(|t| t.parse::<u64>().ok())
            .filter(|&v| v <= max)
            .ok_or_else(|| {
                format!(
                    "{name} = {} is out of range 0..={max}",
                    String::from_utf8_lossy(&token[..token.len().min(24)])
                )
            })?;
        out.push(value);
        rest = after;
        if k + 1 < fields.len() {
            rest = rest
                .strip_prefix(b" ")
                .filter(|r| r.first().is_some_and(u8::is_ascii_digit))
                .ok_or_else(|| format!("expected a single space after number {}", k + 1))?;
        }
    }
    if let Some(&b) = rest.first() {
        // What follows the last number once blanks are passed over: only
        // blanks, another number, or something else.
        let blanks = rest
            .iter()
            .take_while(|&&b| b == b' ' || b == b'\t')
            .count();
        let after = &rest[blanks..];
        return Err(match (b, after.first()) {
            (b'\r', _) => "a carriage return (CRLF line ends are not allowed)".to_string(),
            (_, None) => "white space at the end of the line".to_string(),
            (b' ', Some(d)) if blanks == 1 && d.is_ascii_digit() => {
                format!("more than {} numbers", fields.len())
            }
            (_, Some(&c)) => format!(
                "unexpected {} after number {}: a line holds exactly {} numbers",
                byte(c),
                fields.len(),
                fields.len()
            ),
        });
    }
    Ok(out)
}

/// The UTF-8 byte order mark, which a strict input may not begin with.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// A byte as a message shows it: a printable ASCII character quoted, any
/// other byte in hexadecimal (a byte of a UTF-8 sequence is no character
/// on its own).
fn byte(b: u8) -> String {
    match b {
        b' ' => "a space".into(),
        b'\t' => "a tab".into(),
        b'\r' => "a carriage return".into(),
        b'\n' => "a newline".into(),
        0x21..=0x7e => format!("{:?}", char::from(b)),
        _ => format!("byte 0x{b:02x}"),
    }
}

/// `n` commands, singular or plural.
fn commands(n: u64) -> String {
    format!("{n} command{}", if n == 1 { "" } else { "s" })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(input: &[u8]) -> Result<u64, String> {
        validate(input, CONTEST_MAX_Q).map_err(|e| e.to_string())
    }

    #[test]
    fn accepts_exact_inputs() {
        assert_eq!(check(b"0\n"), Ok(0));
        assert_eq!(check(b"2\n0 0 9 8\n9 8 0 0\n"), Ok(2));
        let big = format!("1000\n{}", "1 2 3 4\n".repeat(1000));
        assert_eq!(check(big.as_bytes()), Ok(1000));
    }

    #[test]
    fn rejects_every_deviation_naming_the_line() {
        let cases: [(&[u8], &str); 22] = [
            (b"", "line 1: the input is empty: expected Q"),
            (b"1", "line 1: the last line does not end with a newline"),
            (b"1001\n", "line 1: Q = 1001 is out of range 0..=1000"),
            (b"01\n0 0 0 0\n", "line 1: Q has a leading zero"),
            (
                b" 1\n",
                "line 1: expected Q, a non-negative integer, found a space",
            ),
            (
                b"-1\n",
                "line 1: expected Q, a non-negative integer, found '-'",
            ),
            (b"1 \n", "line 1: white space at the end of the line"),
            (
                b"1\r\n0 0 0 0\r\n",
                "line 1: a carriage return (CRLF line ends are not allowed)",
            ),
            (b"1\n0 0 10 0\n", "line 2: xt = 10 is out of range 0..=9"),
            (b"1\n0 9 0 0\n", "line 2: ys = 9 is out of range 0..=8"),
            (
                b"1\n0 0 0\n",
                "line 2: expected a single space after number 3",
            ),
            (b"1\n0 0 0 0 0\n", "line 2: more than 4 numbers"),
            (
                b"1\n0\t0 0 0\n",
                "line 2: expected a single space after number 1",
            ),
            (
                b"2\n0 0 0 0\n",
                "line 3: the input ends after 1 of the 2 commands",
            ),
            (
                b"\xEF\xBB\xBF1\n0 0 0 0\n",
                "line 1: expected Q, a non-negative integer, found a UTF-8 byte order mark",
            ),
            (
                b"1\n\xC3\xA9 0 0 0\n",
                "line 2: expected xs, a non-negative integer, found byte 0xc3",
            ),
            (
                b"1\n0 0 0 0 x\n",
                "line 2: unexpected 'x' after number 4: a line holds exactly 4 numbers",
            ),
            (
                b"1\n0 0 0 0x\n",
                "line 2: unexpected 'x' after number 4: a line holds exactly 4 numbers",
            ),
            (
                b"1\n0 0 0 0 \t \n",
                "line 2: white space at the end of the line",
            ),
            (
                b"2\n0 0 0 0\n0 0 0 0\n0 0 0 0\n",
                "line 4: unexpected input after 2 commands",
            ),
            (
                b"1\n0 0 0 0\n\n",
                "line 3: unexpected input after 1 command",
            ),
            (
                b"1\n0 0 0 0\n1 1 1 1\n",
                "line 3: unexpected input after 1 command",
            ),
        ];
        for (input, message) in cases {
            assert_eq!(check(input), Err(message.to_string()), "{input:?}");
        }
    }

    #[test]
    fn max_q_is_adjustable() {
        let input = format!("1001\n{}", "0 0 0 0\n".repeat(1001));
        assert!(check(input.as_bytes()).is_err());
        assert_eq!(validate(input.as_bytes(), 5000).unwrap(), 1001);
    }
}
