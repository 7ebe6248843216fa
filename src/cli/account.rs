//! `duckchess account create NAME` and `duckchess token create NAME`: a
//! server's accounts and API tokens, made on its database directly.

use super::fail;
#[cfg(feature = "web")]
use super::say;
#[cfg(feature = "web")]
use duckchess::online::Service;
#[cfg(feature = "web")]
use duckchess::store::{self, Store};
#[cfg(feature = "web")]
use std::io::{BufRead, IsTerminal};
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct AccountArgs {
    #[command(subcommand)]
    action: AccountAction,
}

#[derive(clap::Subcommand)]
enum AccountAction {
    /// Make an account NAME; its password is read from standard input
    /// (one line, at least 8 characters), as `printf 'horse battery\n' |
    /// duckchess account create alice`.
    Create {
        /// 2 to 30 letters, digits, - or _.
        name: String,
        /// The server's database (as `serve --database`).
        #[arg(long, value_name = "URL")]
        database: Option<String>,
    },
}

#[derive(clap::Args)]
pub struct TokenArgs {
    #[command(subcommand)]
    action: TokenAction,
}

#[derive(clap::Subcommand)]
enum TokenAction {
    /// Print a new API token for account NAME (send it as `Authorization:
    /// Bearer TOKEN`); shown once, only its hash is kept.
    Create {
        /// The account.
        name: String,
        /// What the token is for (shown in lists).
        #[arg(long, default_value = "api")]
        label: String,
        /// The server's database (as `serve --database`).
        #[arg(long, value_name = "URL")]
        database: Option<String>,
    },
}

/// Without the `web` feature there is no server database to write to.
#[cfg(not(feature = "web"))]
pub fn run_account(_: AccountArgs) -> Result<ExitCode, ExitCode> {
    Err(without_web())
}

/// As [`run_account`].
#[cfg(not(feature = "web"))]
pub fn run_token(_: TokenArgs) -> Result<ExitCode, ExitCode> {
    Err(without_web())
}

#[cfg(not(feature = "web"))]
fn without_web() -> ExitCode {
    fail(
        2,
        "accounts and tokens are the server's, which this build leaves out: \
         cargo run --release --features web -- account ..., or cargo install --path . --features full",
    )
}

#[cfg(feature = "web")]
fn runtime() -> Result<tokio::runtime::Runtime, ExitCode> {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| fail(1, &format!("cannot start: {e}")))
}

#[cfg(feature = "web")]
async fn open(database: Option<String>) -> Result<std::sync::Arc<Service>, ExitCode> {
    let url = database.unwrap_or_else(store::default_url);
    let store = Store::open(&url)
        .await
        .map_err(|e| fail(2, &e.to_string()))?;
    Ok(Service::new(store, None))
}

#[cfg(feature = "web")]
pub fn run_account(args: AccountArgs) -> Result<ExitCode, ExitCode> {
    let AccountAction::Create { name, database } = args.action;
    if std::io::stdin().is_terminal() {
        eprint!("password for {name}: ");
    }
    let mut password = String::new();
    std::io::stdin()
        .lock()
        .read_line(&mut password)
        .map_err(|e| fail(2, &format!("standard input: {e}")))?;
    let password = password.trim_end_matches(['\n', '\r']).to_string();
    runtime()?.block_on(async {
        let service = open(database).await?;
        let player = service
            .create_account(&name, &password)
            .await
            .map_err(|e| fail(2, &e.to_string()))?;
        say!("account {} made (id {})", player.name, player.id);
        Ok(ExitCode::SUCCESS)
    })
}

#[cfg(feature = "web")]
pub fn run_token(args: TokenArgs) -> Result<ExitCode, ExitCode> {
    let TokenAction::Create {
        name,
        label,
        database,
    } = args.action;
    runtime()?.block_on(async {
        let service = open(database).await?;
        let player = service
            .store()
            .account(&name)
            .await
            .map_err(|e| fail(2, &e.to_string()))?
            .ok_or_else(|| fail(2, &format!("no account `{name}`")))?;
        let token = service
            .new_credential(&player, "api", &label)
            .await
            .map_err(|e| fail(2, &e.to_string()))?;
        say!("{token}");
        Ok(ExitCode::SUCCESS)
    })
}
