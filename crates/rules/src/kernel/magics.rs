//! The sliders' magic factors of the built-in games, found once by the
//! seeded search in [`super::Rules`] and kept here, so that building a
//! game's rules checks each factor (one pass over the square's blocker
//! sets, which fills its table anyway) instead of searching millions of
//! candidates: the search cost every command 97 M instructions before its
//! first move in chess. A factor that does not fit (the rules changed) is
//! searched for as before; a test says when this file is out of date.
//! Regenerate it with
//! `cargo test --release --lib write_known_magics -- --ignored` (the tests are
//! in `variants`, which knows the built-in games).

/// The factors of one group of slider directions on one board.
pub(crate) struct KnownGroup {
    /// The board's sizes and the group's directions, hashed
    /// (`Rules::group_key`).
    pub key: u64,
    /// Per square, the factor and the shift.
    pub magics: &'static [(u64, u8)],
}

/// FNV-1a over the numbers: the same on every machine and run.
pub(crate) fn hash(numbers: impl Iterator<Item = i64>) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for x in numbers {
        for byte in x.to_le_bytes() {
            h ^= u64::from(byte);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    }
    h
}

include!("magics_known.rs");
