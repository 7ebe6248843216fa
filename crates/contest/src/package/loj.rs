//! LOJ (LibreOJ, the Lyrio system): a testdata folder to upload on the
//! problem's test data page, and the judge settings in the form the
//! settings page's source editor takes (Lyrio's judge info of a
//! traditional problem: `timeLimit` in ms, `memoryLimit` in MiB,
//! `runSamples`, `subtasks` of `testcases` with `inputFile` and
//! `outputFile`, `scoringType`, and the `checker`):
//!
//! ```text
//! testdata/1.in, 1.out, …       test 1 the sample
//! judge-info.yml                the judge settings
//! solution.py, validator.py     the reference solution, the validator
//! README.md                     what goes where
//! ```
//!
//! One subtask scored `Sum`; the built-in `lines` checker, case
//! sensitive, ignores white space at line ends and blank lines at the end.

use super::{File, Test, MEMORY_LIMIT_MIB, NAME, SOLUTION_PY, TIME_LIMIT_MS, VALIDATOR_PY};

/// `judge-info.yml` for `count` tests `1.in`/`1.out` …
pub fn judge_info_yml(count: usize) -> String {
    let mut yaml = format!(
        "# Written by duckchess (`duckchess package --format loj`).\n\
         timeLimit: {TIME_LIMIT_MS}\n\
         memoryLimit: {MEMORY_LIMIT_MIB}\n\
         runSamples: true\n\
         subtasks:\n\
         \x20 - scoringType: Sum\n\
         \x20   testcases:\n"
    );
    for i in 1..=count {
        yaml.push_str(&format!(
            "      - inputFile: {i}.in\n        outputFile: {i}.out\n"
        ));
    }
    yaml.push_str("checker:\n  type: lines\n  caseSensitive: true\n");
    yaml
}

fn readme(tests: &[Test]) -> String {
    format!(
        "# {NAME}: a LOJ test data folder\n\n\
         Written by `duckchess package --format loj`. Upload the files of `testdata/` on \
         the problem's test data page; then on its judge settings page open the source \
         editor and paste `judge-info.yml` ({TIME_LIMIT_MS} ms, {MEMORY_LIMIT_MIB} MiB, \
         the {count} tests in one subtask, the built-in lines checker). Test 1 is the \
         problem's own sample; put it in the statement too. `solution.py` is a reference \
         solution (Python 3) to submit as a first check; `validator.py` validates an input \
         on standard input (exit 42 valid, 43 invalid).\n",
        count = tests.len(),
    )
}

/// Every file of the package.
pub fn files(tests: &[Test]) -> Vec<File> {
    let mut files = vec![
        File::new("README.md", readme(tests)),
        File::new("judge-info.yml", judge_info_yml(tests.len())),
        File::program("solution.py", SOLUTION_PY),
        File::program("validator.py", VALIDATOR_PY),
    ];
    for (i, test) in (1..).zip(tests) {
        files.push(File::new(format!("testdata/{i}.in"), test.input.clone()));
        files.push(File::new(format!("testdata/{i}.out"), test.answer.clone()));
    }
    files
}
