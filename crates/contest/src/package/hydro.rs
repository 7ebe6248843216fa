//! Hydro: a testdata folder to zip and upload on the problem's files page,
//! with its `config.yaml` (HydroJudge's test data format: `type`, `time`,
//! `memory`, `checker_type`, `subtasks` with their `cases`):
//!
//! ```text
//! testdata/config.yaml          limits, the built-in checker, the cases
//! testdata/1.in, 1.out, …       test 1 the sample
//! solution.py, validator.py     the reference solution, the validator
//! README.md                     what goes where
//! ```
//!
//! One subtask of 100 points scored `sum` (each test its share); the
//! `default` checker compares lines with trailing white space ignored.

use super::{File, Test, MEMORY_LIMIT_MIB, NAME, SOLUTION_PY, TIME_LIMIT_MS, VALIDATOR_PY};

/// `config.yaml` for `count` tests `1.in`/`1.out` … `count.in`/`count.out`.
/// The time limit is in whole seconds (`1s`), the form every version of
/// Hydro's documentation shows.
pub fn config_yaml(count: usize) -> String {
    let mut yaml = format!(
        "# Written by duckchess (`duckchess package --format hydro`).\n\
         type: default\n\
         time: {seconds}s\n\
         memory: {MEMORY_LIMIT_MIB}m\n\
         checker_type: default\n\
         subtasks:\n\
         \x20 - score: 100\n\
         \x20   type: sum\n\
         \x20   cases:\n",
        seconds = TIME_LIMIT_MS / 1000,
    );
    for i in 1..=count {
        yaml.push_str(&format!("      - input: {i}.in\n        output: {i}.out\n"));
    }
    yaml
}

fn readme(tests: &[Test]) -> String {
    format!(
        "# {NAME}: a Hydro test data folder\n\n\
         Written by `duckchess package --format hydro`. Zip the *contents* of `testdata/` \
         (`cd testdata && zip ../testdata.zip *`) and upload the zip on the problem's \
         files page (test data), or upload the files one by one: `config.yaml` sets the \
         limits ({TIME_LIMIT_MS} ms, {MEMORY_LIMIT_MIB} MiB), the built-in checker and the \
         {count} cases. Test 1 is the problem's own sample; put it in the statement too. \
         `solution.py` is a reference solution (Python 3) to submit as a first check; \
         `validator.py` validates an input on standard input (exit 42 valid, 43 invalid).\n",
        count = tests.len(),
    )
}

/// Every file of the package.
pub fn files(tests: &[Test]) -> Vec<File> {
    let mut files = vec![
        File::new("README.md", readme(tests)),
        File::program("solution.py", SOLUTION_PY),
        File::program("validator.py", VALIDATOR_PY),
        File::new("testdata/config.yaml", config_yaml(tests.len())),
    ];
    for (i, test) in (1..).zip(tests) {
        files.push(File::new(format!("testdata/{i}.in"), test.input.clone()));
        files.push(File::new(format!("testdata/{i}.out"), test.answer.clone()));
    }
    files
}
