//! A match played on a clock: its time control, and both sides' time
//! as a player sees it when it is to move.

use std::time::Duration;

/// Each side's time at the start of a game, and the time added after each
/// of its moves (`1+0.1`: a minute, a tenth of a second).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct MatchClock {
    /// Each side's time at the start.
    pub initial: Duration,
    /// Added after each move.
    pub increment: Duration,
}

/// Both sides' clocks during a game, as a player sees them when it is to
/// move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Clocks {
    /// Each side's time left, by [`Color::index`](crate::kernel::Color::index).
    pub left: [Duration; 2],
    /// The increment.
    pub increment: Duration,
}
