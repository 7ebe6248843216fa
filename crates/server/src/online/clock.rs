//! Time on the server: the clock every decision reads, and the arithmetic
//! of a game's two clocks.
//!
//! The server's time alone decides whether a move came in time. A side's
//! clock runs from the moment its turn began (the previous move's
//! acceptance) once both sides have moved once, as on lichess: the first
//! two moves are free, and either player may abort until then. A move that
//! arrives at or after its side's deadline is refused and the flag falls.
//! Time spent while the server was down is charged: the clock is the wall
//! clock, and a flag that fell meanwhile falls on start (docs/online.md).

use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;

/// Milliseconds since the Unix epoch, as the server reads them.
pub trait Clock: Send + Sync + std::fmt::Debug {
    /// Now.
    fn now_ms(&self) -> i64;
}

/// The machine's wall clock.
#[derive(Debug, Default, Clone, Copy)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now_ms(&self) -> i64 {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_millis() as i64)
    }
}

/// A clock that moves only when told: exact boundaries in tests.
///
/// ```
/// use duckchess_server::online::clock::{Clock, ManualClock};
/// let clock = ManualClock::new(1_000);
/// clock.advance(250);
/// assert_eq!(clock.now_ms(), 1_250);
/// ```
#[derive(Debug, Clone, Default)]
pub struct ManualClock(Arc<AtomicI64>);

impl ManualClock {
    /// A clock reading `start`.
    pub fn new(start: i64) -> ManualClock {
        ManualClock(Arc::new(AtomicI64::new(start)))
    }

    /// Moves it on by `ms`.
    pub fn advance(&self, ms: i64) {
        self.0.fetch_add(ms, Ordering::SeqCst);
    }

    /// Sets it to `ms`.
    pub fn set(&self, ms: i64) {
        self.0.store(ms, Ordering::SeqCst);
    }
}

impl Clock for ManualClock {
    fn now_ms(&self) -> i64 {
        self.0.load(Ordering::SeqCst)
    }
}

/// Base time and increment: the protocol's, in its one grammar (`5+3`).
pub use duckchess_protocol::{TimeControl, MAX_INCREMENT_MS, MAX_INITIAL_MS};

/// Two clocks at the start of a turn: what each side had left then, and
/// when the turn began. Pure arithmetic; the referee keeps it in the game's
/// row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clocks {
    /// Each side's time left when the turn began: `[first, second]`.
    pub left_ms: [i64; 2],
    /// When the turn began.
    pub since_ms: i64,
    /// Whether the side to move's clock is running (both have moved once).
    pub running: bool,
    /// Added after each move.
    pub increment_ms: i64,
}

impl Clocks {
    /// Side `side`'s time left at `now` (`side` 0 moves first); `to_move`
    /// is the side whose turn it is.
    pub fn left_at(&self, side: usize, to_move: usize, now: i64) -> i64 {
        if self.running && side == to_move {
            (self.left_ms[side] - (now - self.since_ms)).max(0)
        } else {
            self.left_ms[side]
        }
    }

    /// When the side to move's flag falls, if its clock runs.
    pub fn deadline(&self, to_move: usize) -> Option<i64> {
        self.running.then(|| self.since_ms + self.left_ms[to_move])
    }

    /// Whether a move by `to_move` arriving at `now` is too late: at the
    /// deadline or after it.
    pub fn flagged(&self, to_move: usize, now: i64) -> bool {
        self.deadline(to_move).is_some_and(|d| now >= d)
    }

    /// The clocks after `to_move` moves at `now` (in time): its elapsed time
    /// charged (when running), the increment added, the next turn begun;
    /// `running_next` says whether the next side's clock runs.
    pub fn after_move(&self, to_move: usize, now: i64, running_next: bool) -> Clocks {
        let mut left = self.left_ms;
        left[to_move] = self.left_at(to_move, to_move, now) + self.increment_ms;
        Clocks {
            left_ms: left,
            since_ms: now,
            running: running_next,
            increment_ms: self.increment_ms,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_at_the_deadline_is_late_and_one_before_is_not() {
        let c = Clocks {
            left_ms: [3000, 5000],
            since_ms: 10_000,
            running: true,
            increment_ms: 2000,
        };
        assert_eq!(c.deadline(0), Some(13_000));
        assert!(!c.flagged(0, 12_999));
        assert!(c.flagged(0, 13_000));
        let after = c.after_move(0, 12_999, true);
        assert_eq!(after.left_ms, [1 + 2000, 5000]);
        assert_eq!(after.since_ms, 12_999);
        assert_eq!(after.deadline(1), Some(12_999 + 5000));
    }

    #[test]
    fn a_clock_that_does_not_run_is_not_charged_but_gets_the_increment() {
        let c = Clocks {
            left_ms: [3000, 3000],
            since_ms: 0,
            running: false,
            increment_ms: 1000,
        };
        assert!(!c.flagged(0, 1_000_000));
        assert_eq!(c.after_move(0, 1_000_000, false).left_ms, [4000, 3000]);
    }

    #[test]
    fn time_controls_read_and_refuse() {
        let tc: TimeControl = "5+3".parse().unwrap();
        assert_eq!((tc.initial_ms, tc.increment_ms), (300_000, 3000));
        assert_eq!(tc.to_string(), "5+3");
        assert_eq!("0.5+0".parse::<TimeControl>().unwrap().initial_ms, 30_000);
        // The one grammar `play --clock` reads too: minutes alone, and a
        // fraction of a second's increment.
        assert_eq!("5".parse::<TimeControl>().unwrap().increment_ms, 0);
        assert_eq!("3+0.5".parse::<TimeControl>().unwrap().increment_ms, 500);
        for bad in [
            "", "x+3", "5+x", "0+0", "2000+0", "5+4000", "-1+0", "NaN+0", "inf+0",
        ] {
            assert!(bad.parse::<TimeControl>().is_err(), "{bad}");
        }
    }
}
