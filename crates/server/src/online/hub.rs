//! Live updates: every client of a game (a page, a bot, a spectator) reads
//! one NDJSON stream; the hub hands each change to every stream of the game
//! and counts who is connected to each seat.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use tokio::sync::broadcast;

/// Lines a slow reader may fall behind before it is told to read the game
/// again (it is sent the full state).
const BACKLOG: usize = 64;

/// One line of a stream, with the game's version when it is a state.
#[derive(Clone, Debug)]
pub struct Line {
    /// The game's version the line shows (0: a line of no game).
    pub version: i64,
    /// A repeat of the game's state for a change of presence: it may
    /// carry the version already sent, never an older one.
    pub presence: bool,
    /// The JSON text, without the newline.
    pub text: Arc<str>,
    /// The chat room of a chat line (a reader without a seat is not sent
    /// the players' room): told beside the text, so that no stream parses
    /// a line again to decide.
    pub room: Option<duckchess_protocol::Room>,
    /// Whether the line is a state of a game that is over (lichess's board
    /// stream closes after it).
    pub ends: bool,
}

struct Channel {
    tx: broadcast::Sender<Line>,
    /// Streams open on each seat.
    seats: [usize; 2],
    /// The newest version sent: older ones (a second notice of the same
    /// change, from another server) are dropped.
    sent: i64,
}

/// The channels of every game and player being watched.
#[derive(Default)]
pub struct Hub {
    channels: Mutex<HashMap<String, Channel>>,
}

/// Held by a stream on a seat: while it lives the seat counts as present.
pub struct Presence {
    hub: Arc<Hub>,
    key: String,
    seat: Option<usize>,
}

impl Presence {
    /// Whether the reader holds a seat.
    pub fn seated(&self) -> bool {
        self.seat.is_some()
    }
}

impl Drop for Presence {
    fn drop(&mut self) {
        let mut channels = self.hub.channels.lock().expect("hub lock");
        if let Some(c) = channels.get_mut(&self.key) {
            if let Some(s) = self.seat {
                c.seats[s] = c.seats[s].saturating_sub(1);
            }
            // The stream's receiver is dropped after this guard; a channel
            // nobody reads any more goes.
            if c.tx.receiver_count() <= 1 && c.seats == [0, 0] {
                channels.remove(&self.key);
            }
        }
    }
}

impl Hub {
    /// Starts reading `key` (a game's id, or `player:ID`), on `seat` when
    /// the reader holds one.
    pub fn subscribe(
        self: &Arc<Self>,
        key: &str,
        seat: Option<usize>,
    ) -> (broadcast::Receiver<Line>, Presence) {
        let mut channels = self.channels.lock().expect("hub lock");
        let c = channels.entry(key.to_string()).or_insert_with(|| Channel {
            tx: broadcast::channel(BACKLOG).0,
            seats: [0, 0],
            sent: -1,
        });
        if let Some(s) = seat {
            c.seats[s] += 1;
        }
        (
            c.tx.subscribe(),
            Presence {
                hub: self.clone(),
                key: key.to_string(),
                seat,
            },
        )
    }

    /// Which seats of `key` have a stream open here.
    pub fn present(&self, key: &str) -> [bool; 2] {
        let channels = self.channels.lock().expect("hub lock");
        channels
            .get(key)
            .map_or([false, false], |c| c.seats.map(|n| n > 0))
    }

    /// Sends `line` to every reader of `key`, unless a line of a newer
    /// version went already, or of the same version for a change (a second
    /// notice of it, from another server); version 0: always. So no reader
    /// is ever shown a state older than one it was shown.
    pub fn publish(&self, key: &str, line: Line) -> bool {
        let mut channels = self.channels.lock().expect("hub lock");
        let Some(c) = channels.get_mut(key) else {
            return false;
        };
        if line.version > 0 {
            let stale = if line.presence {
                line.version < c.sent
            } else {
                line.version <= c.sent
            };
            if stale {
                return false;
            }
            c.sent = line.version;
        }
        c.tx.send(line).is_ok()
    }

    /// Whether anyone reads `key` here.
    pub fn watched(&self, key: &str) -> bool {
        self.channels.lock().expect("hub lock").contains_key(key)
    }

    /// How many readers `key` has here.
    pub fn readers(&self, key: &str) -> usize {
        self.channels
            .lock()
            .expect("hub lock")
            .get(key)
            .map_or(0, |c| c.tx.receiver_count())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_reaches_every_reader_once_and_presence_counts_seats() {
        let hub = Arc::new(Hub::default());
        let (mut a, pa) = hub.subscribe("g", Some(0));
        let (mut b, _pb) = hub.subscribe("g", None);
        assert_eq!(hub.present("g"), [true, false]);
        let line = |v: i64| Line {
            version: v,
            presence: false,
            text: format!("{v}").into(),
            room: None,
            ends: false,
        };
        assert!(hub.publish("g", line(2)));
        assert!(!hub.publish("g", line(2)), "a second notice of version 2");
        assert!(!hub.publish("g", line(1)), "an older version");
        assert_eq!(&*a.try_recv().unwrap().text, "2");
        assert_eq!(&*b.try_recv().unwrap().text, "2");
        assert!(a.try_recv().is_err());
        drop(pa);
        assert_eq!(hub.present("g"), [false, false]);
        assert!(!hub.publish("nobody", line(1)));
        // Presence repeats the current version, never an older one.
        let presence = |v: i64| Line {
            presence: true,
            ..line(v)
        };
        let (mut c, _pc) = hub.subscribe("g", None);
        assert!(hub.publish("g", presence(2)));
        assert!(!hub.publish("g", presence(1)), "a stale state");
        assert_eq!(&*c.try_recv().unwrap().text, "2");
        assert!(c.try_recv().is_err());
    }
}
