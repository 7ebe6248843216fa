//! System programs some tests need beyond the Rust toolchain: tmux for the
//! terminal game, Chromium and chromedriver for the page, python3 for the
//! bundled candidate solution, problemtools' verifyproblem for the Kattis
//! package.
//!
//! On a machine without one of them the test says so loudly — which program,
//! which Debian package installs it, what was not checked — and passes, so
//! `cargo test` passes on a fresh machine. With
//! `DUCKCHESS_REQUIRE_SYSTEM_TESTS=1` (set by `.ci/run`) a missing program
//! fails the test instead: CI never skips.

use std::io::Write;
use std::path::{Path, PathBuf};

/// The environment variable that turns a skip into a failure.
pub const REQUIRE: &str = "DUCKCHESS_REQUIRE_SYSTEM_TESTS";

/// Where `program` is on `PATH`, if it is.
pub fn find(program: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(program))
        .find(|p| is_executable(p))
}

fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    path.metadata()
        .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

/// Whether every one of `programs` (name, Debian package) is on `PATH`.
/// When one is missing: panics if [`REQUIRE`] is set, else writes a
/// `SKIPPED` notice naming it, its package and `unchecked` (what the test
/// would have checked) and returns `false`.
pub fn have(programs: &[(&str, &str)], unchecked: &str) -> bool {
    let programs: Vec<(&str, String)> = programs
        .iter()
        .map(|&(name, package)| (name, format!("Debian package {package}")))
        .collect();
    have_from(&programs, unchecked)
}

/// [`have`] for programs that come from elsewhere than Debian: each with
/// how it is installed (`PyPI package problemtools`).
pub fn have_from(programs: &[(&str, String)], unchecked: &str) -> bool {
    let missing: Vec<_> = programs
        .iter()
        .filter(|(name, _)| find(name).is_none())
        .collect();
    if missing.is_empty() {
        return true;
    }
    let names = missing
        .iter()
        .map(|(name, source)| format!("{name} ({source})"))
        .collect::<Vec<_>>()
        .join(", ");
    let required = std::env::var_os(REQUIRE).is_some_and(|v| !v.is_empty() && v != "0");
    assert!(
        !required,
        "{REQUIRE} is set but {names} is not on PATH: {unchecked} cannot be checked"
    );
    // Straight to the process's standard error: the test harness captures
    // `eprintln!` of a passing test, and a skip must not pass unseen.
    let _ = writeln!(
        std::io::stderr(),
        "\nSKIPPED: {names} not on PATH; not checked: {unchecked} \
         (install it, or set {REQUIRE}=1 to make this a failure)\n"
    );
    false
}

/// Whether python3 and its module `module` (installed by `pip install
/// package`) are there; when not, a failure under [`REQUIRE`], else a
/// `SKIPPED` notice naming what was not checked.
#[allow(dead_code)] // not every test binary that shares this file asks
pub fn have_python_module(module: &str, package: &str, unchecked: &str) -> bool {
    if !have(&[("python3", "python3")], unchecked) {
        return false;
    }
    let present = std::process::Command::new("python3")
        .args(["-c", &format!("import {module}")])
        .status()
        .is_ok_and(|s| s.success());
    if present {
        return true;
    }
    let required = std::env::var_os(REQUIRE).is_some_and(|v| !v.is_empty() && v != "0");
    assert!(
        !required,
        "{REQUIRE} is set but the python module {module} (pip install {package}) is missing: {unchecked} cannot be checked"
    );
    let _ = writeln!(
        std::io::stderr(),
        "\nSKIPPED: the python module {module} (pip install {package}) is missing; not checked: {unchecked}\n"
    );
    false
}
