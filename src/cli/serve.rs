//! `duckchess serve`: the web page on a local port.

use super::fail;
#[cfg(feature = "web")]
use super::say;
#[cfg(feature = "web")]
use duckchess::online::Service;
#[cfg(feature = "web")]
use duckchess::store::{self, Store};
#[cfg(feature = "web")]
use duckchess::web::{self, guard::Guard, AppState};
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
    /// Where games, players and sessions are kept: `sqlite://PATH` (created
    /// on first start) or `postgres://USER:PASSWORD@HOST/NAME` (several
    /// servers may share one; an SQLite file is one server's, and a second
    /// server on it refuses to start). Default: sqlite:// in the data folder,
    /// `~/.local/share/duckchess/duckchess.db`.
    #[arg(long, value_name = "URL")]
    database: Option<String>,
    /// Another name the server is reached by (a `Host` header it accepts,
    /// beside the bound address and, on loopback, `localhost`); repeatable.
    #[arg(long = "allow-host", value_name = "NAME")]
    allow_host: Vec<String>,
    /// Seconds a client may take to send a request's headers; a half-sent
    /// request is dropped then.
    #[arg(long, value_name = "SECONDS", default_value_t = 10.0)]
    header_timeout: f64,
    /// No per-client rate limits (new games, guests and accounts: 10 at
    /// once, 30 a minute; moves and actions: 60 at once, 20 a second), for
    /// a load test from one address.
    #[arg(long)]
    no_rate_limits: bool,
    /// A proxy (load balancer) in front of the server whose
    /// `X-Forwarded-For` is believed, so that its clients are limited each
    /// by its own address rather than all together by the proxy's;
    /// repeatable. Without it the header is ignored: anyone could write it.
    #[arg(long = "trusted-proxy", value_name = "IP")]
    trusted_proxy: Vec<std::net::IpAddr>,
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
    // A server offers every game of its `--variants` file: each must build
    // before it listens.
    super::variants::check_file()?;
    give_back_large_blocks();
    let runtime = tokio::runtime::Runtime::new()
        .map_err(|e| fail(1, &format!("cannot start the server: {e}")))?;
    runtime.block_on(async {
        let addr = SocketAddr::new(args.bind, args.port);
        let listener =
            web::listen(addr).map_err(|e| fail(1, &format!("cannot listen on {addr}: {e}")))?;
        let bound = listener
            .local_addr()
            .map_err(|e| fail(1, &format!("cannot listen on {addr}: {e}")))?;
        let url = format!("http://{bound}/");
        let db = args.database.clone().unwrap_or_else(store::default_url);
        let store = Store::open(&db)
            .await
            .map_err(|e| fail(2, &e.to_string()))?;
        // An SQLite file is one server's; held until the process ends.
        let _claim = store.claim().map_err(|e| fail(2, &e.to_string()))?;
        let state = AppState::with_engine().with_guard({
            let mut guard = Guard::for_hosts(Guard::hosts_for(bound, &args.allow_host));
            guard.unlimited = args.no_rate_limits;
            guard.trusted_proxies = std::sync::Arc::new(args.trusted_proxy.clone());
            guard
        });
        let service = Service::new(store, Some(state.computer.clone()));
        // Clocks resume from what was stored: a flag that fell while the
        // server was down falls now.
        let ended = service
            .check_flags()
            .await
            .map_err(|e| fail(2, &e.to_string()))?;
        tokio::spawn(service.clone().follow_other_servers());
        // Quick pairing (ranges widen as seeks wait) and seeks' expiry.
        tokio::spawn(service.clone().run_lobby());
        let state = state.with_online(service);
        say!("duckchess serve: open {url} (Ctrl-C stops)");
        eprintln!(
            "duckchess serve: games kept in {}{}",
            store::redact(&db),
            if ended > 0 {
                format!("; {ended} game(s) ended on time while the server was down")
            } else {
                String::new()
            }
        );
        if args.open {
            // A machine without a desktop still serves; it just says so.
            if let Err(e) = std::process::Command::new("xdg-open").arg(&url).spawn() {
                eprintln!("duckchess: could not run xdg-open: {e}");
            }
        }
        let limits = web::Limits {
            header: std::time::Duration::try_from_secs_f64(args.header_timeout)
                .ok()
                .filter(|d| !d.is_zero())
                .ok_or_else(|| fail(2, "--header-timeout: a positive number of seconds"))?,
            ..web::Limits::default()
        };
        web::serve_with(listener, state, limits)
            .await
            .map_err(|e| fail(1, &format!("server error: {e}")))?;
        Ok(ExitCode::SUCCESS)
    })
}

/// Each search takes a table of several MiB and frees it when it ends. glibc
/// raises its threshold for serving a block by `mmap` to the size of the
/// last such block freed, so from the second search on the tables come from
/// the threads' arenas and stay there: a busy server grew by tens of MiB
/// and kept them (tests/server/serve_load.rs). A fixed threshold of 1 MiB gives
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
