//! `duckchess serve`: the web page on a local port.

use super::fail;
#[cfg(feature = "web")]
use super::say;
#[cfg(feature = "web")]
use duckchess::web::{self, AppState};
#[cfg(feature = "web")]
use std::net::SocketAddr;
use std::net::{IpAddr, Ipv4Addr};
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// The port to listen on; 0 picks any free port.
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// The address to listen on (only this machine by default).
    #[arg(long, default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
    bind: IpAddr,
    /// Open the page in the default browser (with `xdg-open`).
    #[arg(long)]
    open: bool,
}

/// Without the `web` feature (not in the default build, which the
/// README's first command builds cold) the command is there to say how to
/// get it.
#[cfg(not(feature = "web"))]
pub fn run(_: Args) -> Result<ExitCode, ExitCode> {
    Err(fail(
        2,
        "serve needs the web feature, which this build leaves out: \
         cargo run --release --features web -- serve, or cargo install --path . --features full",
    ))
}

#[cfg(feature = "web")]
pub fn run(args: Args) -> Result<ExitCode, ExitCode> {
    give_back_large_blocks();
    let runtime = tokio::runtime::Runtime::new()
        .map_err(|e| fail(1, &format!("cannot start the server: {e}")))?;
    runtime.block_on(async {
        let addr = SocketAddr::new(args.bind, args.port);
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .map_err(|e| fail(1, &format!("cannot listen on {addr}: {e}")))?;
        let bound = listener
            .local_addr()
            .map_err(|e| fail(1, &format!("cannot listen on {addr}: {e}")))?;
        let url = format!("http://{bound}/");
        say!("duckchess serve: open {url} (Ctrl-C stops)");
        if args.open {
            // A machine without a desktop still serves; it just says so.
            if let Err(e) = std::process::Command::new("xdg-open").arg(&url).spawn() {
                eprintln!("duckchess: could not run xdg-open: {e}");
            }
        }
        web::serve(listener, AppState::with_engine())
            .await
            .map_err(|e| fail(1, &format!("server error: {e}")))?;
        Ok(ExitCode::SUCCESS)
    })
}

/// Each search takes a table of several MiB and frees it when it ends. glibc
/// raises its threshold for serving a block by `mmap` to the size of the
/// last such block freed, so from the second search on the tables come from
/// the threads' arenas and stay there: a busy server grew by tens of MiB
/// and kept them (tests/serve_load.rs). A fixed threshold of 1 MiB gives
/// every table back when its search ends.
#[cfg(all(feature = "web", target_os = "linux", target_env = "gnu"))]
fn give_back_large_blocks() {
    use nix::libc::{mallopt, M_MMAP_THRESHOLD};
    // SAFETY: mallopt only sets a parameter of the allocator, before the
    // server starts any thread.
    unsafe {
        mallopt(M_MMAP_THRESHOLD, 1 << 20);
    }
}

#[cfg(all(feature = "web", not(all(target_os = "linux", target_env = "gnu"))))]
fn give_back_large_blocks() {}
