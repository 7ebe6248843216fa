//! Tools for setting and judging the contest problem: [`gen`] (seeded
//! games), [`runner`] (running a program with limits), [`check`] (verdicts,
//! shrinking), [`test_dir`] (a folder of tests), [`verify`] (output
//! checker), [`validate`] (input validator) and [`answer`] (test files).

pub mod answer;
pub mod check;
pub mod gen;
pub mod runner;
pub mod test_dir;
pub mod validate;
pub mod verify;
