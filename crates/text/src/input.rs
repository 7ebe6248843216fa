//! Text as users give it, read one way by every reader of lines (`moves -`,
//! `mate`, `pgn`, saved games): a line is bounded, a UTF-8 byte order mark
//! before the first line is dropped, lines may end with `\n`, `\r\n` or a
//! lone `\r`, and bytes that are not UTF-8 are refused naming the line and
//! the byte.
//!
//! ```
//! use duckchess_text::input::{read_text, Lines};
//! let lines: Vec<_> = Lines::new("\u{feff}one\r\ntwo\rthree".as_bytes())
//!     .map(|l| l.unwrap())
//!     .collect();
//! assert_eq!(lines, [(1, "one".to_string()), (2, "two".into()), (3, "three".into())]);
//! let err = read_text(&b"ok\nbad \xff here\n"[..]).unwrap_err();
//! assert_eq!(err.to_string(), "line 2, byte 5: not UTF-8 text (0xff)");
//! ```

use std::io::{self, BufRead};
use thiserror::Error;

/// The longest line a reader takes, in bytes (without its end): far above
/// any position, move list or PGN line, far below what would strain
/// memory.
pub const MAX_LINE: usize = 1 << 20;

/// Why text could not be read.
#[derive(Debug, Error)]
pub enum InputError {
    /// A line longer than [`MAX_LINE`] bytes.
    #[error("line {line}: longer than {max} bytes", max = MAX_LINE)]
    TooLong {
        /// The line, from 1.
        line: usize,
    },
    /// A byte sequence that is not UTF-8.
    #[error("line {line}, byte {byte}: not UTF-8 text (0x{value:02x})")]
    Encoding {
        /// The line, from 1.
        line: usize,
        /// The first bad byte's place in the line, from 1.
        byte: usize,
        /// Its value.
        value: u8,
    },
    /// The input could not be read.
    #[error("cannot read the input: {0}")]
    Read(#[from] io::Error),
}

impl InputError {
    /// Whether the fault is in the text (exit code 2) rather than in
    /// reading it (exit code 1).
    pub fn is_malformed(&self) -> bool {
        !matches!(self, InputError::Read(_))
    }
}

/// The lines of a text, numbered from 1, without their ends.
pub struct Lines<R> {
    input: R,
    line: usize,
    buf: Vec<u8>,
    /// The last line ended with `\r`: a `\n` right after belongs to it.
    after_cr: bool,
    done: bool,
}

impl<R: BufRead> Lines<R> {
    /// The lines of `input`.
    pub fn new(input: R) -> Lines<R> {
        Lines {
            input,
            line: 0,
            buf: Vec::new(),
            after_cr: false,
            done: false,
        }
    }

    /// Reads the next line's bytes into `buf`; false at the end.
    fn fill(&mut self) -> Result<bool, InputError> {
        self.buf.clear();
        let mut any = false;
        loop {
            let chunk = match self.input.fill_buf() {
                Ok(chunk) => chunk,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e.into()),
            };
            if chunk.is_empty() {
                return Ok(any);
            }
            let mut start = 0;
            if self.after_cr {
                self.after_cr = false;
                if chunk[0] == b'\n' {
                    start = 1;
                }
            }
            any = any || start < chunk.len();
            match chunk[start..]
                .iter()
                .position(|&b| b == b'\n' || b == b'\r')
            {
                Some(i) => {
                    let end = start + i;
                    self.after_cr = chunk[end] == b'\r';
                    let room = MAX_LINE.saturating_sub(self.buf.len());
                    if end - start > room {
                        return Err(InputError::TooLong {
                            line: self.line + 1,
                        });
                    }
                    self.buf.extend_from_slice(&chunk[start..end]);
                    self.input.consume(end + 1);
                    return Ok(true);
                }
                None => {
                    let len = chunk.len();
                    if len - start > MAX_LINE.saturating_sub(self.buf.len()) {
                        return Err(InputError::TooLong {
                            line: self.line + 1,
                        });
                    }
                    self.buf.extend_from_slice(&chunk[start..]);
                    self.input.consume(len);
                }
            }
        }
    }
}

impl<R: BufRead> Iterator for Lines<R> {
    type Item = Result<(usize, String), InputError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let result = match self.fill() {
            Ok(false) => {
                self.done = true;
                return None;
            }
            Ok(true) => {
                self.line += 1;
                let mut bytes = &self.buf[..];
                if self.line == 1 {
                    bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
                }
                match std::str::from_utf8(bytes) {
                    Ok(text) => Ok((self.line, text.to_string())),
                    Err(e) => Err(InputError::Encoding {
                        line: self.line,
                        byte: e.valid_up_to() + 1 + (self.buf.len() - bytes.len()),
                        value: bytes[e.valid_up_to()],
                    }),
                }
            }
            Err(e) => Err(e),
        };
        if result.is_err() {
            self.done = true;
        }
        Some(result)
    }
}

/// A whole text read by [`Lines`], its lines joined by `\n` (so line `n`
/// of the result is line `n` of the input).
pub fn read_text<R: BufRead>(input: R) -> Result<String, InputError> {
    let mut text = String::new();
    for line in Lines::new(input) {
        let (number, line) = line?;
        if number > 1 {
            text.push('\n');
        }
        text += &line;
    }
    Ok(text)
}

/// [`read_text`] of a file.
pub fn read_file(path: &std::path::Path) -> Result<String, InputError> {
    let file = std::fs::File::open(path)?;
    read_text(io::BufReader::with_capacity(1 << 16, file))
}

/// A text given whole (an API body, a record) made like one [`read_text`]
/// returns: no byte order mark, every line end `\n`.
///
/// ```
/// use duckchess_text::input::normalize;
/// assert_eq!(normalize("\u{feff}a\r\nb\rc\n"), "a\nb\nc\n");
/// ```
pub fn normalize(text: &str) -> std::borrow::Cow<'_, str> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text.contains('\r') {
        text.replace("\r\n", "\n").replace('\r', "\n").into()
    } else {
        text.into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(bytes: &[u8]) -> Vec<String> {
        Lines::new(bytes).map(|l| l.unwrap().1).collect()
    }

    #[test]
    fn every_line_end_is_one_end() {
        assert_eq!(lines(b"a\nb\r\nc\rd"), ["a", "b", "c", "d"]);
        assert_eq!(lines(b"a\r\r\nb\n\n"), ["a", "", "b", ""]);
        assert_eq!(lines(b""), Vec::<String>::new());
        assert_eq!(lines(b"\n"), [""]);
    }

    #[test]
    fn a_crlf_split_between_reads_is_one_end() {
        // A reader of one byte at a time puts `\r` and `\n` in two reads.
        let input = io::BufReader::with_capacity(1, &b"a\r\nb\r\n\r\nc"[..]);
        let got: Vec<String> = Lines::new(input).map(|l| l.unwrap().1).collect();
        assert_eq!(got, ["a", "b", "", "c"]);
    }

    #[test]
    fn a_byte_order_mark_is_dropped_before_the_first_line_only() {
        assert_eq!(lines(b"\xef\xbb\xbfa\n\xef\xbb\xbfb"), ["a", "\u{feff}b"]);
    }

    #[test]
    fn bad_bytes_are_named_by_line_and_byte() {
        let err = |bytes: &[u8]| read_text(bytes).unwrap_err().to_string();
        assert_eq!(err(b"\xff"), "line 1, byte 1: not UTF-8 text (0xff)");
        assert_eq!(err(b"x\ny\xc3("), "line 2, byte 2: not UTF-8 text (0xc3)");
        // The byte order mark counts: the byte is the file's.
        assert_eq!(
            err(b"\xef\xbb\xbfab\xfe"),
            "line 1, byte 6: not UTF-8 text (0xfe)"
        );
    }

    #[test]
    fn a_line_is_bounded() {
        let long = vec![b'x'; MAX_LINE + 1];
        let err = read_text(&long[..]).unwrap_err();
        assert!(matches!(err, InputError::TooLong { line: 1 }), "{err}");
        assert!(err.is_malformed());
        let mut ok = vec![b'x'; MAX_LINE];
        ok.extend_from_slice(b"\nnext\n");
        assert_eq!(read_text(&ok[..]).unwrap().len(), MAX_LINE + 5);
        // An endless line stops at the bound: nothing reads it whole.
        let err = read_text(io::BufReader::new(io::repeat(0))).unwrap_err();
        assert!(matches!(err, InputError::TooLong { line: 1 }));
    }
}
