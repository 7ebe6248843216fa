//! Fair play: the positions that stand in live rated games, so that the
//! engine's endpoints can refuse them. A player of a rated game gets no
//! engine help from this server, signed in or not, under their own name or
//! another's; once the game ends, its positions open again.
//!
//! Every server keeps the index for every game it hears of: its own
//! changes and, on PostgreSQL, the other servers' (each change reaches
//! [`super::Service::refresh`]); on start, the running games are read in
//! ([`super::Service::check_flags`]).

use super::referee::Table;
use std::collections::HashMap;
use std::sync::Mutex;

/// A position of a game: the registry's name of the game and the
/// position's key (equal positions, equal keys; move counters aside).
type Stand = (&'static str, u64);

/// The positions of the live rated games.
#[derive(Default)]
pub struct LivePositions {
    inner: Mutex<Index>,
}

#[derive(Default)]
struct Index {
    /// Each live rated game's position.
    by_game: HashMap<String, Stand>,
    /// How many live rated games stand at each position.
    count: HashMap<Stand, usize>,
}

impl Index {
    fn remove(&mut self, id: &str) {
        if let Some(stand) = self.by_game.remove(id) {
            if let Some(n) = self.count.get_mut(&stand) {
                *n -= 1;
                if *n == 0 {
                    self.count.remove(&stand);
                }
            }
        }
    }
}

impl LivePositions {
    /// Notes where game `t` now stands: a rated game being played is
    /// indexed at its position, any other game (or an ended one) leaves
    /// the index. The game's own start is never indexed: every rated game
    /// begins there and the analysis board opens there, and nobody needs
    /// an engine to know it.
    pub fn note(&self, t: &Table) {
        let live = t.row.rated && t.row.status == duckchess_protocol::Status::Started;
        let key = t.game.position().key();
        // The start is only built for a live rated game's change.
        let indexed = live && key != t.notation.start().key();
        let mut index = self.inner.lock().expect("live positions");
        index.remove(&t.row.id);
        if indexed {
            let stand = (t.notation.name(), key);
            index.by_game.insert(t.row.id.clone(), stand);
            *index.count.entry(stand).or_default() += 1;
        }
    }

    /// Whether a live rated game of `variant` (the registry's name) stands
    /// at the position whose key is `key`.
    pub fn stands(&self, variant: &str, key: u64) -> bool {
        let Some(name) = crate::variants::by_name(variant).map(|n| n.name()) else {
            return false;
        };
        let index = self.inner.lock().expect("live positions");
        index.count.contains_key(&(name, key))
    }

    /// How many live rated games are indexed.
    pub fn len(&self) -> usize {
        self.inner.lock().expect("live positions").by_game.len()
    }

    /// Whether no live rated game is indexed.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}
