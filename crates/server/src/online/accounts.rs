//! Players: guests, accounts and the computer's, their sessions and API
//! tokens, and the cache of players read.

use super::auth;
use super::referee::Refusal;
use super::service::{Result, Service, ServiceError};
use crate::store::{Credential, Player, StoreError};

impl Service {
    /// A new guest and its session token (shown once).
    pub async fn new_guest(&self, name: &str) -> Result<(Player, String)> {
        let name = name.trim();
        let name = if name.is_empty() { "Guest" } else { name };
        auth::check_name(name).map_err(|e| ServiceError::Bad(e.to_string()))?;
        // "guest-" is no account's name: the ids never clash.
        let player = Player {
            id: format!("guest-{}", auth::new_id()),
            name: name.to_string(),
            password_hash: None,
            created_ms: self.now(),
        };
        self.store.insert_player(&player).await?;
        let token = self.new_credential(&player, "session", "browser").await?;
        Ok((player, token))
    }

    /// The account of the computer at a level (made on first use; nobody
    /// signs in to it: its password hash matches no password).
    pub async fn computer_account(&self, ms: i64) -> Result<Player> {
        let name = format!("duckchess-{ms}ms");
        if let Some(p) = self.store.account(&name).await? {
            return Ok(p);
        }
        let player = Player {
            id: name.clone(),
            name,
            password_hash: Some(Player::NO_PASSWORD.into()),
            created_ms: self.now(),
        };
        match self.store.insert_player(&player).await {
            Ok(()) | Err(StoreError::NameTaken(_)) => {}
            Err(e) => return Err(e.into()),
        }
        Ok(self.store.account(&player.name).await?.unwrap_or(player))
    }

    /// A new account.
    pub async fn create_account(&self, name: &str, password: &str) -> Result<Player> {
        auth::check_name(name).map_err(|e| ServiceError::Bad(e.to_string()))?;
        if name.to_lowercase().starts_with("duckchess-") {
            return Err(ServiceError::Bad(format!(
                "name `{name}`: duckchess- names are the computer's"
            )));
        }
        if name.to_lowercase().starts_with("guest-") {
            return Err(ServiceError::Bad(format!(
                "name `{name}`: guest- names are the guests'"
            )));
        }
        auth::check_password(password).map_err(|e| ServiceError::Bad(e.to_string()))?;
        let hash = {
            let p = password.to_string();
            tokio::task::spawn_blocking(move || auth::hash_password(&p))
                .await
                .map_err(|e| ServiceError::Bad(format!("hashing failed: {e}")))?
        };
        // An account's id is its name in lower case, as lichess's user ids.
        let player = Player {
            id: name.to_lowercase(),
            name: name.to_string(),
            password_hash: Some(hash),
            created_ms: self.now(),
        };
        self.store.insert_player(&player).await?;
        Ok(player)
    }

    /// A session for an account whose password matches.
    pub async fn log_in(&self, name: &str, password: &str) -> Result<(Player, String)> {
        let refused = || ServiceError::Refused(Refusal::NotNow("wrong name or password".into()));
        let player = self.store.account(name).await?.ok_or_else(refused)?;
        let hash = player.password_hash.clone().unwrap_or_default();
        let p = password.to_string();
        let ok = tokio::task::spawn_blocking(move || auth::verify_password(&p, &hash))
            .await
            .unwrap_or(false);
        if !ok {
            return Err(refused());
        }
        let token = self.new_credential(&player, "session", "browser").await?;
        Ok((player, token))
    }

    /// A new token of `kind` (`session`, `api`) for `player`.
    pub async fn new_credential(&self, player: &Player, kind: &str, label: &str) -> Result<String> {
        let token = auth::new_token();
        self.store
            .insert_credential(&Credential {
                token_hash: auth::token_hash(&token),
                player_id: player.id.clone(),
                kind: kind.into(),
                label: label.into(),
                created_ms: self.now(),
            })
            .await?;
        Ok(token)
    }

    /// The holder of a live token.
    pub async fn holder(&self, token: &str) -> Result<Option<Player>> {
        if token.len() != 64 {
            return Ok(None);
        }
        Ok(self
            .store
            .holder(&auth::token_hash(token))
            .await?
            .map(|(p, _)| p))
    }

    /// Ends a session or revokes a token.
    pub async fn revoke(&self, token: &str) -> Result<bool> {
        Ok(self
            .store
            .revoke(&auth::token_hash(token), self.now())
            .await?)
    }
}
