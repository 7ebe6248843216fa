//! The transposition table: what earlier searches learnt about a position,
//! found by its hash key.

use crate::kernel::{Gate, Kind, Move, MoveKind};

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
    /// The position's static evaluation ([`NO_EVAL`] when not computed,
    /// as in check).
    pub eval: i32,
    pub depth: i16,
    pub bound: Bound,
    /// The search that stored it (set by the table).
    pub age: u8,
}

/// A fixed-size table indexed by the low bits of the key. A result
/// replaces the slot's unless the slot holds the same search's deeper
/// result for another position; a result from an earlier search always
/// gives way.
///
/// Slots are stored packed in plain words, all zero when empty, so that a
/// table of any size is allocated zeroed by the system (pages are given
/// on first touch): `setoption name Hash value 4096` answers at once
/// instead of writing 4 GiB first.
#[derive(Debug)]
pub(crate) struct Table {
    slots: Vec<[u64; 3]>,
    mask: usize,
    age: u8,
}

/// The bound's code in a slot (0 is empty, so a zeroed slot is empty).
fn bound_code(bound: Bound) -> u64 {
    match bound {
        Bound::Empty => 0,
        Bound::Exact => 1,
        Bound::Lower => 2,
        Bound::Upper => 3,
    }
}

fn bound_of(code: u64) -> Bound {
    match code & 3 {
        1 => Bound::Exact,
        2 => Bound::Lower,
        3 => Bound::Upper,
        _ => Bound::Empty,
    }
}

/// A move's kind in one byte: 0 normal, 1 double step, 2 en passant,
/// 3 + n castling by rule n (at most 8 rules), 128 + k a drop of kind k.
fn kind_code(kind: MoveKind) -> u64 {
    match kind {
        MoveKind::Drop(k) => 128 + u64::from(k.0),
        MoveKind::Normal => 0,
        MoveKind::DoubleStep => 1,
        MoveKind::EnPassant => 2,
        MoveKind::Castle(n) => 3 + u64::from(n.min(124)),
    }
}

fn kind_of(code: u64) -> MoveKind {
    match code & 0xff {
        0 => MoveKind::Normal,
        1 => MoveKind::DoubleStep,
        2 => MoveKind::EnPassant,
        n @ 128.. => MoveKind::Drop(duckchess_rules::kernel::Kind((n - 128) as u8)),
        n => MoveKind::Castle((n - 3) as u8),
    }
}

/// A gated piece in 6 bits (bits 41 to 46 of the third word): whether
/// there is one, whether on the rook's square, and its kind (below 16).
fn gate_code(gate: Option<Gate>) -> u64 {
    gate.map_or(0, |g| {
        1 | u64::from(g.on_rook) << 1 | u64::from(g.kind.0 & 15) << 2
    })
}

fn gate_of(code: u64) -> Option<Gate> {
    (code & 1 == 1).then_some(Gate {
        kind: Kind((code >> 2 & 15) as u8),
        on_rook: code >> 1 & 1 == 1,
    })
}

/// The [`Entry::eval`] of a position whose static evaluation was not
/// computed.
pub(crate) const NO_EVAL: i32 = i16::MIN as i32;

/// An entry as three words: the key; the move's squares, the score and the
/// static evaluation (both within ±32,767: the search's scores are); and
/// depth, bound, age, whether there is a move, its promotion and kind.
fn pack(e: &Entry) -> [u64; 3] {
    // A wall's square plus one in 8 bits (bits 32 to 39 of the third
    // word): a move walling a square past 254 is not kept.
    let best = e.best.filter(|m| m.wall().is_none_or(|w| w < 255));
    let (squares, extra) = match best {
        Some(m) => (
            u64::from(m.from) | u64::from(m.to) << 16,
            m.wall.map_or(0, |w| u64::from(w.get())) << 32
                | 1 << 40
                | gate_code(m.gate) << 41
                | m.promotion.map_or(0, |k| u64::from(k.0) + 1) << 48
                | kind_code(m.kind) << 56,
        ),
        None => (0, 0),
    };
    [
        e.key,
        squares
            | u64::from(e.score.clamp(-32_767, 32_767) as i16 as u16) << 32
            | u64::from(e.eval.clamp(NO_EVAL, 32_767) as i16 as u16) << 48,
        u64::from(e.depth as u16) | bound_code(e.bound) << 16 | u64::from(e.age) << 24 | extra,
    ]
}

fn unpack(w: [u64; 3]) -> Entry {
    let best = (w[2] >> 40 & 1 == 1).then(|| Move {
        from: w[1] as u16,
        to: (w[1] >> 16) as u16,
        promotion: match (w[2] >> 48) as u8 {
            0 => None,
            k => Some(Kind(k - 1)),
        },
        kind: kind_of(w[2] >> 56),
        wall: std::num::NonZeroU16::new(u16::from((w[2] >> 32) as u8)),
        gate: gate_of(w[2] >> 41),
    });
    Entry {
        key: w[0],
        best,
        score: i32::from((w[1] >> 32) as u16 as i16),
        eval: i32::from((w[1] >> 48) as u16 as i16),
        depth: w[2] as u16 as i16,
        bound: bound_of(w[2] >> 16),
        age: (w[2] >> 24) as u8,
    }
}

impl Table {
    /// A table of `2^bits` entries.
    pub fn new(bits: u32) -> Table {
        let len = 1usize << bits;
        Table {
            // All zero: the standard library asks the system for zeroed
            // memory instead of writing it.
            slots: vec![[0u64; 3]; len],
            mask: len - 1,
            age: 0,
        }
    }

    /// A table of at most `mb` MiB (a power of two entries, at least 1024).
    pub fn with_megabytes(mb: usize) -> Table {
        let entries = (mb.max(1) << 20) / std::mem::size_of::<[u64; 3]>();
        let bits = (usize::BITS - 1 - entries.max(1024).leading_zeros()).min(30);
        Table::new(bits)
    }

    /// Forgets everything (a fresh zeroed allocation, as fast as a new
    /// table).
    pub fn clear(&mut self) {
        // The old table is freed before the new one is asked for: never
        // two of them at once.
        self.slots = Vec::new();
        self.slots = vec![[0u64; 3]; self.mask + 1];
        self.age = 0;
    }

    /// Marks the start of a new search: older entries give way first.
    pub fn new_search(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    /// The entry for this key, if the slot holds it.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let w = self.slots[key as usize & self.mask];
        (w[0] == key && bound_of(w[2] >> 16) != Bound::Empty).then(|| unpack(w))
    }

    /// Stores a result.
    #[inline]
    pub fn store(&mut self, mut entry: Entry) {
        entry.age = self.age;
        let index = entry.key as usize & self.mask;
        let slot = unpack(self.slots[index]);
        if slot.key == entry.key
            || slot.age != self.age
            || entry.depth >= slot.depth
            || entry.bound == Bound::Exact
        {
            // Keep the best move known when the new result has none.
            if slot.key == entry.key && entry.best.is_none() {
                entry.best = slot.best;
            }
            self.slots[index] = pack(&entry);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_field_survives_packing() {
        let moves = [
            None,
            Some(Move::new(0, 0, MoveKind::Normal)),
            Some(Move {
                from: 65535,
                to: 1234,
                promotion: Some(Kind(0)),
                kind: MoveKind::Castle(3),
                wall: None,
                gate: None,
            }),
            Some(Move {
                from: 12,
                to: 28,
                promotion: Some(Kind(254)),
                kind: MoveKind::EnPassant,
                wall: None,
                gate: None,
            }),
            Some(Move::new(7, 9, MoveKind::DoubleStep)),
            Some(Move::new(7, 9, MoveKind::DoubleStep).with_wall(254)),
            Some(Move::new(4, 6, MoveKind::Castle(0)).with_gate(Gate {
                kind: Kind(11),
                on_rook: true,
            })),
        ];
        for (i, best) in moves.into_iter().enumerate() {
            for (score, depth) in [(0, 0), (-32000, -5), (31999, 127), (-32767, i16::MIN)] {
                for bound in [Bound::Exact, Bound::Lower, Bound::Upper] {
                    let e = Entry {
                        key: 0x9e37_79b9_7f4a_7c15 ^ i as u64,
                        best,
                        score,
                        eval: -score / 2 + NO_EVAL * i32::from(depth == 0),
                        depth,
                        bound,
                        age: 200,
                    };
                    let back = unpack(pack(&e));
                    assert_eq!(
                        (back.key, back.best, back.score, back.depth, back.bound, back.age),
                        (e.key, e.best, e.score, e.depth, e.bound, e.age)
                    );
                    assert_eq!(back.eval, e.eval.max(NO_EVAL));
                }
            }
        }
        assert_eq!(unpack([0; 3]).bound, Bound::Empty);
    }

    #[test]
    fn a_stored_entry_is_found_and_a_cleared_table_forgets_it() {
        let mut t = Table::new(10);
        let e = Entry {
            key: 77,
            best: Some(Move::new(1, 2, MoveKind::Normal)),
            score: -40,
            eval: 12,
            depth: 6,
            bound: Bound::Lower,
            age: 0,
        };
        t.store(e);
        assert_eq!(t.probe(77).map(|f| (f.score, f.best)), Some((-40, e.best)));
        assert!(t.probe(77 + 1024).is_none());
        // A result without a move keeps the one known.
        t.store(Entry {
            best: None,
            score: 5,
            ..e
        });
        assert_eq!(t.probe(77).map(|f| (f.score, f.best)), Some((5, e.best)));
        t.clear();
        assert!(t.probe(77).is_none());
        // Key 0 in an empty table is not a hit.
        assert!(t.probe(0).is_none());
    }
}
