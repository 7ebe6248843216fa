//! `duckchess serve`: the web page on a local port.

use super::{fail, say};
use duckchess::web::{self, AppState};
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
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

pub fn run(args: Args) -> Result<ExitCode, ExitCode> {
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
