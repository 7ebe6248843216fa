//! `duckchess account create NAME` and `duckchess token create|list|revoke
//! NAME`: a server's accounts, and their API tokens and sessions, on its
//! database directly.

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
    /// List account NAME's API tokens and browser sessions: each one's id
    /// (the start of its hash, never the token), kind, label, when it was
    /// made and when revoked.
    List {
        /// The account.
        name: String,
        /// The server's database (as `serve --database`).
        #[arg(long, value_name = "URL")]
        database: Option<String>,
    },
    /// Revoke one of account NAME's tokens or sessions by its id (as
    /// `token list` shows it, at least 8 characters), or all with `--all`
    /// (signs the account out everywhere); a revoked token signs nobody in.
    Revoke {
        /// The account.
        name: String,
        /// The token's or session's id.
        #[arg(required_unless_present = "all", conflicts_with = "all")]
        id: Option<String>,
        /// Every token and session of the account.
        #[arg(long)]
        all: bool,
        /// The server's database (as `serve --database`).
        #[arg(long, value_name = "URL")]
        database: Option<String>,
    },
}

/// The id `token list` shows: the start of the token's hash.
#[cfg(feature = "web")]
const ID_LEN: usize = 12;

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
    let (name, database) = match &args.action {
        TokenAction::Create { name, database, .. }
        | TokenAction::List { name, database }
        | TokenAction::Revoke { name, database, .. } => (name.clone(), database.clone()),
    };
    runtime()?.block_on(async {
        let service = open(database).await?;
        let player = service
            .store()
            .account(&name)
            .await
            .map_err(|e| fail(2, &e.to_string()))?
            .ok_or_else(|| fail(2, &format!("no account `{name}`")))?;
        match args.action {
            TokenAction::Create { label, .. } => {
                let token = service
                    .new_credential(&player, "api", &label)
                    .await
                    .map_err(|e| fail(2, &e.to_string()))?;
                say!("{token}");
            }
            TokenAction::List { .. } => {
                let all = service
                    .store()
                    .credentials_of(&player.id)
                    .await
                    .map_err(|e| fail(2, &e.to_string()))?;
                for (c, revoked) in all {
                    let date = duckchess::online::view::date;
                    say!(
                        "{}  {:<7}  {}  made {}{}",
                        &c.token_hash[..ID_LEN.min(c.token_hash.len())],
                        c.kind,
                        c.label,
                        date(c.created_ms),
                        revoked.map_or_else(String::new, |at| format!("  revoked {}", date(at)))
                    );
                }
            }
            TokenAction::Revoke { id, .. } => {
                let prefix = id.unwrap_or_default().to_ascii_lowercase();
                if !prefix.is_empty()
                    && (prefix.len() < 8 || !prefix.bytes().all(|b| b.is_ascii_hexdigit()))
                {
                    return Err(fail(
                        2,
                        &format!(
                            "id `{prefix}`: at least 8 hexadecimal digits, as `token list` shows"
                        ),
                    ));
                }
                let n = service
                    .store()
                    .revoke_of(&player.id, &prefix, service.now())
                    .await
                    .map_err(|e| fail(2, &e.to_string()))?;
                if n == 0 {
                    return Err(fail(
                        2,
                        &format!("no live token or session of {name} matches"),
                    ));
                }
                say!("{n} revoked");
            }
        }
        Ok(ExitCode::SUCCESS)
    })
}
