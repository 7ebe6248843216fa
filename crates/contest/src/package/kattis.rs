//! The Kattis problem package format (legacy version, as problemtools'
//! `verifyproblem` checks it and DOMjudge imports it):
//!
//! ```text
//! problem.yaml                      name, uuid, source, licence, memory limit
//! problem_statement/problem.en.tex  the statement
//! data/sample/01-official.{in,ans}  the problem's own sample
//! data/secret/NN-NAME.{in,ans}      the hand-worked cases, the generated games
//! input_validators/validate.py      exit 42 valid, 43 invalid
//! submissions/accepted/solution.py  the reference solution
//! ```
//!
//! The output is compared by the default validator (tokens, white space
//! ignored): the judge's lines have a single right answer. Kattis sets the
//! time limit from the accepted submission's slowest run (times
//! `time_multiplier`), so `problem.yaml` names only the memory limit.

use super::{File, Test, MEMORY_LIMIT_MIB, NAME, SOLUTION_PY, SOURCE, VALIDATOR_PY};

/// The statement, in our own words (LaTeX, as problemtools' legacy format
/// wants it).
pub const STATEMENT_TEX: &str = include_str!("statement.en.tex");

/// The problem's identity in the Kattis format: one for Duck Chess, the
/// same in every package duckchess writes.
pub const UUID: &str = "413aa12e-6477-4d8b-a512-e229f6e0e7b8";

/// `problem.yaml`.
pub fn problem_yaml() -> String {
    format!(
        "# Written by duckchess (`duckchess package --format kattis`).\n\
         uuid: {UUID}\n\
         name: {NAME}\n\
         source: {SOURCE}\n\
         license: permission\n\
         rights_owner: the duckchess authors\n\
         validation: default\n\
         limits:\n  memory: {MEMORY_LIMIT_MIB}\n"
    )
}

/// Every file of the package.
pub fn files(tests: &[Test]) -> Vec<File> {
    let mut files = vec![
        File::new("problem.yaml", problem_yaml()),
        File::new("problem_statement/problem.en.tex", STATEMENT_TEX),
        File::program("input_validators/validate.py", VALIDATOR_PY),
        File::program("submissions/accepted/solution.py", SOLUTION_PY),
    ];
    let width = tests.len().to_string().len().max(2);
    let (mut samples, mut secret) = (0, 0);
    for test in tests {
        let (group, n) = if test.sample {
            samples += 1;
            ("sample", samples)
        } else {
            secret += 1;
            ("secret", secret)
        };
        let stem = format!("data/{group}/{n:0width$}-{}", test.name);
        files.push(File::new(format!("{stem}.in"), test.input.clone()));
        files.push(File::new(format!("{stem}.ans"), test.answer.clone()));
    }
    files
}
