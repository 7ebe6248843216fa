//! Tools for setting and judging the contest problem: [`gen`] (seeded
//! games), [`runner`] (running a program with limits), [`check`] (verdicts,
//! shrinking), [`test_dir`] (a folder of tests), [`verify`] (output
//! checker), [`validate`] (input validator), [`answer`] (test files),
//! [`package`] (problem packages for online judges) and
//! [`testlib`] (the checker's and validator's conventions).

pub mod answer;
pub mod check;
pub mod files;
pub mod gen;
pub mod package;
pub mod runner;
pub mod test_dir;
pub mod testlib;
pub mod validate;
pub mod verify;
