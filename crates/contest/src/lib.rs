//! Tools for setting and judging the contest problem: [`gen`] (seeded
//! games), [`runner`] (running a program with limits), [`check`] (verdicts,
//! shrinking), [`test_dir`] (a folder of tests), [`verify`] (output
//! checker), [`validate`] (input validator), [`answer`] (test files),
//! [`package`] (problem packages for online judges), [`invocations`]
//! (several solutions on a folder of tests, against their tags) and
//! [`testlib`] (the checker's and validator's conventions).
//!
//! A floor above the rules (`duckchess-rules`) and the judge's engine
//! (`duckchess-judge`); nothing of the engine, the terminal game or the
//! server.

#![warn(missing_docs)]

// The floors below, under the names the whole house uses for them.
use duckchess_judge as judge;
use duckchess_rules::{kernel, variants};

pub mod answer;
pub mod check;
pub mod files;
pub mod gen;
pub mod invocations;
pub mod package;
pub mod runner;
pub mod test_dir;
pub mod testlib;
pub mod validate;
pub mod verify;
