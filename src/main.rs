//! The `duckchess` binary: the command line in [`cli`], over the library.

mod cli;

fn main() -> std::process::ExitCode {
    cli::main()
}
