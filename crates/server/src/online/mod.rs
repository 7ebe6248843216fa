//! Games between people on `duckchess serve`: seats, clocks kept by the
//! server, live updates, accounts and tokens, on the [`crate::store`]
//! database. Every game of the registry plays here through the kernel: the
//! server validates each move, the page only proposes.
//!
//! The layers: [`clock`] (time and the clocks' arithmetic), [`referee`]
//! (the pure transitions of a stored game), [`auth`] (tokens, passwords),
//! [`hub`] (streams and presence), [`view`] (the JSON clients read, in the
//! lichess Board API's shapes), [`rating`] (Glicko-2), [`service`] (all of
//! it over the database: a change decided, committed with its ratings, and
//! told), with the service's other parts beside it: accounts, telling a
//! change, the timers and the computer, the streams, a game's [`chat`],
//! [`lobby`], and [`fair`] play (the positions of live rated games, which
//! the engine does not look at).

mod accounts;
pub mod auth;
pub mod chat;
pub mod clock;
pub mod fair;
pub mod hub;
pub mod lobby;
pub mod rating;
pub mod referee;
pub mod service;
mod streams;
mod tell;
mod timers;
pub mod view;

pub use service::{Action, Actor, Computer, NewGame, Service, ServiceError};
