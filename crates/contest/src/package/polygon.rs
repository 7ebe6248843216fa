//! Codeforces Polygon: a folder to upload by hand, as Polygon's own
//! packages lay tests out:
//!
//! ```text
//! tests/01, tests/01.a, …       inputs and answers; test 1 the sample
//! files/validator.cpp           the validator, C++ without testlib
//! solutions/solution.py         the main correct solution
//! checker.txt                   the standard checker to choose: std::lcmp.cpp
//! README.md                     what goes where
//! ```
//!
//! testlib.h is not shipped (it is Polygon's own, and Polygon adds it):
//! the validator reads standard input itself and exits 0 for a valid
//! input, 3 for an invalid one, as a testlib validator does. The output
//! has one right answer, so the standard line checker `lcmp` (lines of
//! tokens, white space ignored) judges it.

use super::{File, Test, MEMORY_LIMIT_MIB, NAME, SOLUTION_PY, TIME_LIMIT_MS, VALIDATOR_CPP};

/// The standard checker Polygon should use.
pub const CHECKER: &str = "std::lcmp.cpp";

/// The test file's name Polygon uses: `01`, `02`, … (two digits at least).
fn number(i: usize, count: usize) -> String {
    let width = count.to_string().len().max(2);
    format!("{i:0width$}")
}

/// `README.md`: what the setter uploads where.
fn readme(tests: &[Test]) -> String {
    let last = number(tests.len(), tests.len());
    format!(
        "# {NAME}: a Codeforces Polygon package\n\n\
         Written by `duckchess package --format polygon`. On Polygon:\n\n\
         1. General info: time limit {TIME_LIMIT_MS} ms, memory limit {MEMORY_LIMIT_MIB} MB, \
         standard input and output.\n\
         2. Files → source files: add `files/validator.cpp`; Validator: choose it. It needs \
         no testlib.h: it exits 0 for a valid input and 3 for an invalid one.\n\
         3. Checker: choose the standard `{CHECKER}` (see `checker.txt`).\n\
         4. Tests: upload `tests/01` to `tests/{last}` as a test archive (or one by one), \
         with their answers `tests/NN.a` if you want them checked against the solution's; \
         mark test 1 as the example.\n\
         5. Solution files: add `solutions/solution.py` (Python 3) as the main correct \
         solution.\n\
         6. Invocations: run the solution on every test; the validator has already \
         accepted them all.\n\n\
         The tests: {count} of them; test 1 is the problem's own sample, then the \
         hand-worked cases and generated games (names in `tests/names.txt`).\n",
        count = tests.len(),
    )
}

/// Every file of the package.
pub fn files(tests: &[Test]) -> Vec<File> {
    let mut files = vec![
        File::new("README.md", readme(tests)),
        File::new("checker.txt", format!("{CHECKER}\n")),
        File::new("files/validator.cpp", VALIDATOR_CPP),
        File::program("solutions/solution.py", SOLUTION_PY),
    ];
    let mut names = String::new();
    for (i, test) in tests.iter().enumerate() {
        let n = number(i + 1, tests.len());
        files.push(File::new(format!("tests/{n}"), test.input.clone()));
        files.push(File::new(format!("tests/{n}.a"), test.answer.clone()));
        names.push_str(&format!("{n} {}\n", test.name));
    }
    files.push(File::new("tests/names.txt", names));
    files
}
