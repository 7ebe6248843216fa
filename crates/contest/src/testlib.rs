//! testlib's conventions for checkers and validators, which judges expect
//! of any program in those roles: the outcome as the exit code (0 ok, 1
//! wrong answer, 2 presentation error, 3 fail), the message on standard
//! error after the outcome's name, and, when the judge passes a report
//! file (`checker INPUT OUTPUT ANSWER REPORT [-appes]`), the message in
//! that file instead, as plain text or as testlib's `-appes` XML.

use std::fmt;

/// A checker's or validator's outcome, as testlib names it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The output is right (the input is valid).
    Ok,
    /// The output is well formed but wrong.
    WrongAnswer,
    /// The output is not in the answer's format.
    PresentationError,
    /// The jury's fault or the tool's: a bad input, an unreadable file, an
    /// answer file that is wrong, a usage error.
    Fail,
}

impl Outcome {
    /// testlib's exit code for the outcome.
    pub fn exit_code(self) -> u8 {
        match self {
            Outcome::Ok => 0,
            Outcome::WrongAnswer => 1,
            Outcome::PresentationError => 2,
            Outcome::Fail => 3,
        }
    }

    /// The words testlib writes before the message on standard error.
    pub fn name(self) -> &'static str {
        match self {
            Outcome::Ok => "ok",
            Outcome::WrongAnswer => "wrong answer",
            Outcome::PresentationError => "wrong output format",
            Outcome::Fail => "FAIL",
        }
    }

    /// The `outcome` attribute of testlib's `-appes` XML report.
    pub fn xml_name(self) -> &'static str {
        match self {
            Outcome::Ok => "accepted",
            Outcome::WrongAnswer => "wrong-answer",
            Outcome::PresentationError => "presentation-error",
            Outcome::Fail => "fail",
        }
    }
}

/// An outcome with its message: what a testlib program ends with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judgement {
    /// The outcome.
    pub outcome: Outcome,
    /// The message, without the outcome's name; it may hold several lines
    /// (a wrong answer's reason goes on a line of its own).
    pub message: String,
}

impl Judgement {
    /// A judgement of `outcome` saying `message`.
    pub fn new(outcome: Outcome, message: impl Into<String>) -> Self {
        Judgement {
            outcome,
            message: message.into(),
        }
    }

    /// The message on one line, as a report file holds it: its lines
    /// joined with `; `.
    pub fn one_line(&self) -> String {
        self.message
            .lines()
            .filter(|l| !l.is_empty())
            .collect::<Vec<_>>()
            .join("; ")
    }

    /// The report file's text: the message alone on one line, or with
    /// `xml` testlib's `-appes` form,
    /// `<?xml …?><result outcome = "wrong-answer">…</result>`.
    ///
    /// ```
    /// use duckchess_contest::testlib::{Judgement, Outcome};
    /// let j = Judgement::new(Outcome::WrongAnswer, "line 2: expected 'a', found \"b\"");
    /// assert_eq!(j.report(false), "line 2: expected 'a', found \"b\"");
    /// assert!(j.report(true).ends_with(
    ///     "<result outcome = \"wrong-answer\">line 2: expected 'a', found &quot;b&quot;</result>\n"
    /// ));
    /// ```
    pub fn report(&self, xml: bool) -> String {
        let line = self.one_line();
        if !xml {
            return line;
        }
        let mut out = format!(
            "<?xml version=\"1.0\" encoding=\"utf-8\"?><result outcome = \"{}\">",
            self.outcome.xml_name()
        );
        for c in line.chars() {
            match c {
                '&' => out += "&amp;",
                '<' => out += "&lt;",
                '>' => out += "&gt;",
                '"' => out += "&quot;",
                // testlib writes control characters as dots.
                c if c.is_control() => out.push('.'),
                c => out.push(c),
            }
        }
        out += "</result>\n";
        out
    }
}

/// As testlib writes it on standard error: the outcome's name, a space,
/// the message, a newline.
impl fmt::Display for Judgement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{} {}", self.outcome.name(), self.message.trim_end())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outcomes_have_testlibs_codes_and_names() {
        let all = [
            (Outcome::Ok, 0, "ok", "accepted"),
            (Outcome::WrongAnswer, 1, "wrong answer", "wrong-answer"),
            (
                Outcome::PresentationError,
                2,
                "wrong output format",
                "presentation-error",
            ),
            (Outcome::Fail, 3, "FAIL", "fail"),
        ];
        for (outcome, code, name, xml) in all {
            assert_eq!(
                (outcome.exit_code(), outcome.name(), outcome.xml_name()),
                (code, name, xml)
            );
        }
    }

    #[test]
    fn reports_are_one_line_and_escaped() {
        let j = Judgement::new(Outcome::Fail, "a <b> & c\nsecond\x07 line\n");
        assert_eq!(j.to_string(), "FAIL a <b> & c\nsecond\x07 line\n");
        assert_eq!(j.report(false), "a <b> & c; second\x07 line");
        assert_eq!(
            j.report(true),
            "<?xml version=\"1.0\" encoding=\"utf-8\"?><result outcome = \"fail\">\
             a &lt;b&gt; &amp; c; second. line</result>\n"
        );
    }
}
