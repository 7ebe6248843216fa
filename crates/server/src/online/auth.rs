//! Secrets: seat and session tokens, API tokens, passwords.
//!
//! A token is 32 random bytes from the operating system, shown once in hex;
//! the database keeps only its SHA-256 (a token is as unguessable as a
//! random key, so a fast hash is enough). A password is kept as an
//! argon2id hash with its own salt. Neither is ever logged.

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;
use sha2::{Digest, Sha256};

/// Longest password accepted (argon2 reads it all; the bound keeps a
/// request's cost bounded).
pub const MAX_PASSWORD: usize = 256;
/// Shortest password accepted.
pub const MIN_PASSWORD: usize = 8;

fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write;
    bytes
        .iter()
        .fold(String::with_capacity(bytes.len() * 2), |mut s, b| {
            let _ = write!(s, "{b:02x}");
            s
        })
}

fn random<const N: usize>() -> [u8; N] {
    let mut bytes = [0u8; N];
    getrandom::fill(&mut bytes).expect("the operating system's random source");
    bytes
}

/// A new secret token: 64 hex digits.
pub fn new_token() -> String {
    hex(&random::<32>())
}

/// What the database keeps of a token.
pub fn token_hash(token: &str) -> String {
    hex(&Sha256::digest(token.as_bytes()))
}

/// A new game or player id: 8 letters and digits, as lichess's game ids
/// (62⁸ ≈ 2·10¹⁴).
pub fn new_id() -> String {
    const ALPHABET: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    let mut id = String::with_capacity(8);
    while id.len() < 8 {
        // Bytes from 248 = 4 × 62 up would favour the first letters.
        for b in random::<16>().into_iter().filter(|&b| b < 248) {
            if id.len() < 8 {
                id.push(ALPHABET[b as usize % 62] as char);
            }
        }
    }
    id
}

/// Why a name or a password is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CredentialError {
    /// Fewer than [`MIN_PASSWORD`] characters.
    #[error("password: at least {MIN_PASSWORD} characters")]
    ShortPassword,
    /// More than [`MAX_PASSWORD`] bytes.
    #[error("password: at most {MAX_PASSWORD} bytes")]
    LongPassword,
    /// Not 2 to 30 letters, digits, `-` or `_`; the name as shown (a long
    /// one cut, with its length).
    #[error("name `{0}`: 2 to 30 letters, digits, - or _")]
    Name(String),
}

/// Whether `password` may be used: length within bounds.
pub fn check_password(password: &str) -> Result<(), CredentialError> {
    let n = password.chars().count();
    if n < MIN_PASSWORD {
        return Err(CredentialError::ShortPassword);
    }
    if password.len() > MAX_PASSWORD {
        return Err(CredentialError::LongPassword);
    }
    Ok(())
}

/// The argon2id hash of a password, as a PHC string.
pub fn hash_password(password: &str) -> String {
    let salt = SaltString::encode_b64(&random::<16>()).expect("16 bytes make a salt");
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .expect("argon2 with its default parameters")
        .to_string()
}

/// Whether `password` matches a stored hash.
pub fn verify_password(password: &str, hash: &str) -> bool {
    password.len() <= MAX_PASSWORD
        && PasswordHash::new(hash).is_ok_and(|h| {
            Argon2::default()
                .verify_password(password.as_bytes(), &h)
                .is_ok()
        })
}

/// Whether `name` may name a player: 2 to 30 letters, digits, `-` or `_`,
/// as lichess's user names.
pub fn check_name(name: &str) -> Result<(), CredentialError> {
    let ok = (2..=30).contains(&name.len())
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    if ok {
        Ok(())
    } else {
        // A long name is not echoed whole: an error line stays a line.
        let shown: String = name.chars().take(32).collect();
        let shown = if shown.len() < name.len() {
            format!(
                "{}… ({} characters)",
                shown.escape_debug(),
                name.chars().count()
            )
        } else {
            shown.escape_debug().to_string()
        };
        Err(CredentialError::Name(shown))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_name_is_not_echoed_whole() {
        let long = "x".repeat(10_000);
        let e = check_name(&long).unwrap_err().to_string();
        assert!(e.len() < 100, "{e}");
        assert!(e.contains("10000 characters"), "{e}");
        let e = check_name("a b").unwrap_err().to_string();
        assert_eq!(e, "name `a b`: 2 to 30 letters, digits, - or _");
        assert!(check_name("alice_2").is_ok());
    }

    #[test]
    fn tokens_are_fresh_and_hashed() {
        let (a, b) = (new_token(), new_token());
        assert_ne!(a, b);
        assert_eq!(a.len(), 64);
        assert_eq!(token_hash(&a).len(), 64);
        assert_ne!(token_hash(&a), a);
        assert_eq!(token_hash(&a), token_hash(&a));
        assert_eq!(new_id().len(), 8);
    }

    #[test]
    fn passwords_verify_only_themselves() {
        let h = hash_password("correct horse");
        assert!(h.starts_with("$argon2id$"));
        assert!(!h.contains("correct horse"));
        assert!(verify_password("correct horse", &h));
        assert!(!verify_password("correct horsf", &h));
        assert!(!verify_password("x", "not a hash"));
        assert!(check_password("short").is_err());
        assert!(check_password(&"x".repeat(300)).is_err());
    }

    #[test]
    fn names() {
        assert!(check_name("alice_2").is_ok());
        for bad in ["a", "", "with space", "é", &"x".repeat(31)] {
            assert!(check_name(bad).is_err(), "{bad}");
        }
    }
}
