//! The transposition table: what earlier searches learnt about a position,
//! found by its hash key.

use crate::kernel::Move;

/// How an entry's score bounds the true value.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub(crate) enum Bound {
    /// Nothing stored.
    #[default]
    Empty,
    /// The exact value.
    Exact,
    /// At least this much (the search failed high).
    Lower,
    /// At most this much (every move failed low).
    Upper,
}

/// One stored result.
#[derive(Copy, Clone, Debug, Default)]
pub(crate) struct Entry {
    pub key: u64,
    pub best: Option<Move>,
    pub score: i32,
    pub depth: i16,
    pub bound: Bound,
}

/// A fixed-size table indexed by the low bits of the key; a newer result
/// replaces an older one in the same slot unless the older one searched
/// deeper for the same position.
#[derive(Debug)]
pub(crate) struct Table {
    entries: Vec<Entry>,
    mask: usize,
}

impl Table {
    /// A table of `2^bits` entries.
    pub fn new(bits: u32) -> Table {
        let len = 1usize << bits;
        Table {
            entries: vec![Entry::default(); len],
            mask: len - 1,
        }
    }

    /// The entry for this key, if the slot holds it.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let e = self.entries[key as usize & self.mask];
        (e.bound != Bound::Empty && e.key == key).then_some(e)
    }

    /// Stores a result.
    #[inline]
    pub fn store(&mut self, entry: Entry) {
        let slot = &mut self.entries[entry.key as usize & self.mask];
        if slot.key != entry.key || entry.depth >= slot.depth || entry.bound == Bound::Exact {
            *slot = entry;
        }
    }
}
