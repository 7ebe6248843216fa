//! Games between people on `duckchess serve`: seats, clocks kept by the
//! server, live updates, accounts and tokens, on the [`crate::store`]
//! database. Every game of the registry plays here through the kernel: the
//! server validates each move, the page only proposes.
//!
//! The layers: [`clock`] (time and the clocks' arithmetic), [`referee`]
//! (the pure transitions of a stored game), [`auth`] (tokens, passwords),
//! [`hub`] (streams and presence), [`view`] (the JSON clients read, in the
//! lichess Board API's shapes), [`service`] (all of it over the database).

pub mod auth;
pub mod clock;
pub mod hub;
pub mod lobby;
pub mod rating;
pub mod referee;
pub mod service;
pub mod view;

pub use service::{Action, Actor, Computer, NewGame, Service, ServiceError};
