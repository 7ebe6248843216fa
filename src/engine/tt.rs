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
    /// The search that stored it (set by the table).
    pub age: u8,
}

/// A fixed-size table indexed by the low bits of the key. A result
/// replaces the slot's unless the slot holds the same search's deeper
/// result for another position; a result from an earlier search always
/// gives way.
#[derive(Debug)]
pub(crate) struct Table {
    entries: Vec<Entry>,
    mask: usize,
    age: u8,
}

impl Table {
    /// A table of `2^bits` entries.
    pub fn new(bits: u32) -> Table {
        let len = 1usize << bits;
        Table {
            entries: vec![Entry::default(); len],
            mask: len - 1,
            age: 0,
        }
    }

    /// A table of at most `mb` MiB (a power of two entries, at least 1024).
    pub fn with_megabytes(mb: usize) -> Table {
        let entries = (mb.max(1) << 20) / std::mem::size_of::<Entry>();
        let bits = (usize::BITS - 1 - entries.max(1024).leading_zeros()).min(30);
        Table::new(bits)
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.entries.fill(Entry::default());
        self.age = 0;
    }

    /// Marks the start of a new search: older entries give way first.
    pub fn new_search(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    /// The entry for this key, if the slot holds it.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let e = self.entries[key as usize & self.mask];
        (e.bound != Bound::Empty && e.key == key).then_some(e)
    }

    /// Stores a result.
    #[inline]
    pub fn store(&mut self, mut entry: Entry) {
        entry.age = self.age;
        let slot = &mut self.entries[entry.key as usize & self.mask];
        if slot.key == entry.key
            || slot.age != self.age
            || entry.depth >= slot.depth
            || entry.bound == Bound::Exact
        {
            // Keep the best move known when the new result has none.
            if slot.key == entry.key && entry.best.is_none() {
                entry.best = slot.best;
            }
            *slot = entry;
        }
    }
}
