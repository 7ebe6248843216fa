//! Chess clocks for the terminal game (`--clock 5+3`): a base time and an
//! increment, both sides' time left, ticking for the side to move, the
//! increment added after each move, and the computer's share of its own
//! time for a move.
//!
//! Time comes from a [`Time`], so tests drive it by hand
//! ([`ManualTime`]) instead of sleeping.
//!
//! ```
//! use duckchess_rules::kernel::Color;
//! use duckchess_tui::clock::{Clocks, ManualTime, Time, TimeControl};
//! use std::time::Duration;
//! let time = ManualTime::default();
//! let control: TimeControl = "5+3".parse().unwrap();
//! let mut clocks = Clocks::new(control, Color::White, time.now());
//! time.advance(Duration::from_secs(10));
//! clocks.moved(time.now()); // white: 5:00 - 0:10 + 0:03
//! assert_eq!(clocks.left(Color::White, time.now()), Duration::from_secs(293));
//! assert_eq!(clocks.running(), Some(Color::Black));
//! ```

use crate::kernel::Color;
use std::str::FromStr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Where the game reads the time: the machine's monotonic clock, or a
/// hand-driven one in tests.
pub trait Time: Send + Sync {
    /// Time since some fixed start.
    fn now(&self) -> Duration;
}

/// The machine's monotonic clock, from when it was made.
#[derive(Clone, Copy, Debug)]
pub struct SystemTime(Instant);

impl Default for SystemTime {
    fn default() -> SystemTime {
        SystemTime(Instant::now())
    }
}

impl Time for SystemTime {
    fn now(&self) -> Duration {
        self.0.elapsed()
    }
}

/// A clock that moves only when told (shared by its clones).
#[derive(Clone, Debug, Default)]
pub struct ManualTime(Arc<AtomicU64>);

impl ManualTime {
    /// Moves it on by `by`.
    pub fn advance(&self, by: Duration) {
        self.0.fetch_add(by.as_millis() as u64, Ordering::SeqCst);
    }
}

impl Time for ManualTime {
    fn now(&self) -> Duration {
        Duration::from_millis(self.0.load(Ordering::SeqCst))
    }
}

/// A time control: each side's time at the start and what each move adds.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// Each side's time at the start.
    pub base: Duration,
    /// Added to the mover's time after each move.
    pub increment: Duration,
}

impl FromStr for TimeControl {
    type Err = duckchess_protocol::TimeControlError;

    /// The protocol's one grammar ([`duckchess_protocol::TimeControl`]):
    /// `MINUTES+SECONDS` (`5+3`, `0.5+0`, `3+0.5`), or `MINUTES` alone
    /// (no increment); the base from a second to a day, the increment at
    /// most an hour — as the server reads a challenge's clock.
    fn from_str(text: &str) -> Result<TimeControl, Self::Err> {
        let tc: duckchess_protocol::TimeControl = text.parse()?;
        let ms = |ms: i64| Duration::from_millis(u64::try_from(ms).unwrap_or(0));
        Ok(TimeControl {
            base: ms(tc.initial_ms),
            increment: ms(tc.increment_ms),
        })
    }
}

/// Both sides' clocks.
#[derive(Clone, Debug)]
pub struct Clocks {
    control: TimeControl,
    /// Time left at the last switch, per side (by [`Color::index`]).
    left: [Duration; 2],
    /// The side whose clock runs and since when; `None`: stopped.
    running: Option<(Color, Duration)>,
}

impl Clocks {
    /// Both sides at the base time, `first`'s clock running from `now`.
    pub fn new(control: TimeControl, first: Color, now: Duration) -> Clocks {
        Clocks {
            control,
            left: [control.base; 2],
            running: Some((first, now)),
        }
    }

    /// Clocks as read elsewhere (an online game's server): each side's
    /// time `left`, `running`'s clock running from `now`.
    pub fn at(
        control: TimeControl,
        left: [Duration; 2],
        running: Option<Color>,
        now: Duration,
    ) -> Clocks {
        Clocks {
            control,
            left,
            running: running.map(|side| (side, now)),
        }
    }

    /// The time control.
    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// The side whose clock runs.
    pub fn running(&self) -> Option<Color> {
        self.running.map(|(side, _)| side)
    }

    /// `side`'s time left at `now` (zero once it is up).
    pub fn left(&self, side: Color, now: Duration) -> Duration {
        let left = self.left[side.index()];
        match self.running {
            Some((running, since)) if running == side => {
                left.saturating_sub(now.saturating_sub(since))
            }
            _ => left,
        }
    }

    /// Whether `side`'s time is up at `now`.
    pub fn flagged(&self, side: Color, now: Duration) -> bool {
        self.left(side, now).is_zero()
    }

    /// The running side moved at `now`: its time is charged, the increment
    /// added, the other side's clock started.
    pub fn moved(&mut self, now: Duration) {
        if let Some((side, _)) = self.running {
            let left = self.left(side, now);
            self.left[side.index()] = left + self.control.increment;
            self.running = Some((side.other(), now));
        }
    }

    /// `side`'s clock runs from `now` (after an undo or a redo), the
    /// running side charged for its time, with no increment.
    pub fn switch_to(&mut self, side: Color, now: Duration) {
        if let Some((running, _)) = self.running {
            self.left[running.index()] = self.left(running, now);
        }
        self.running = Some((side, now));
    }

    /// Stops both clocks at `now` (the game is over).
    pub fn stop(&mut self, now: Duration) {
        if let Some(running) = self.running() {
            self.left[running.index()] = self.left(running, now);
            self.running = None;
        }
    }

    /// How long `side` may think about a move at `now`: a twentieth of its
    /// time left plus three quarters of the increment, but never more than
    /// half of what is left (so the computer keeps time for the moves to
    /// come and never flags by thinking).
    pub fn budget(&self, side: Color, now: Duration) -> Duration {
        let left = self.left(side, now);
        (left / 20 + self.control.increment * 3 / 4).min(left / 2)
    }
}

/// `4:59`, `1:02:03`, and tenths under ten seconds (`0:09.5`).
pub fn format(left: Duration) -> String {
    let tenths = left.as_millis() / 100;
    let secs = tenths / 10;
    let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
    match () {
        _ if h > 0 => format!("{h}:{m:02}:{s:02}"),
        _ if secs < 10 => format!("{m}:{s:02}.{}", tenths % 10),
        _ => format!("{m}:{s:02}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn secs(s: u64) -> Duration {
        Duration::from_secs(s)
    }

    #[test]
    fn time_controls_read_minutes_and_seconds() {
        let tc: TimeControl = "5+3".parse().unwrap();
        assert_eq!((tc.base, tc.increment), (secs(300), secs(3)));
        let tc: TimeControl = "0.5+0".parse().unwrap();
        assert_eq!(tc.base, secs(30));
        let tc: TimeControl = " 10 ".parse().unwrap();
        assert_eq!((tc.base, tc.increment), (secs(600), secs(0)));
        // The server's grammar too: a fraction of a second's increment.
        let tc: TimeControl = "3+0.5".parse().unwrap();
        assert_eq!(tc.increment, Duration::from_millis(500));
        for bad in [
            "", "+3", "5+", "a+b", "-1+0", "5+3+1", "0+5", "1e9+0", "NaN+0", "inf",
        ] {
            assert!(bad.parse::<TimeControl>().is_err(), "{bad:?}");
        }
    }

    #[test]
    fn the_side_to_move_ticks_and_gets_the_increment() {
        let time = ManualTime::default();
        let tc: TimeControl = "1+2".parse().unwrap();
        let mut clocks = Clocks::new(tc, Color::White, time.now());
        time.advance(secs(10));
        assert_eq!(clocks.left(Color::White, time.now()), secs(50));
        assert_eq!(clocks.left(Color::Black, time.now()), secs(60));
        clocks.moved(time.now());
        assert_eq!(clocks.left(Color::White, time.now()), secs(52));
        time.advance(secs(5));
        assert_eq!(clocks.left(Color::White, time.now()), secs(52), "stopped");
        assert_eq!(clocks.left(Color::Black, time.now()), secs(55));
        time.advance(secs(60));
        assert!(clocks.flagged(Color::Black, time.now()));
        assert!(!clocks.flagged(Color::White, time.now()));
        assert_eq!(clocks.left(Color::Black, time.now()), Duration::ZERO);
        clocks.stop(time.now());
        assert_eq!(clocks.running(), None);
        assert_eq!(clocks.left(Color::Black, time.now()), Duration::ZERO);
        clocks.moved(time.now());
        assert_eq!(clocks.running(), None, "a stopped clock stays stopped");
    }

    #[test]
    fn switching_after_an_undo_charges_without_increment() {
        let time = ManualTime::default();
        let mut clocks = Clocks::new("1+5".parse().unwrap(), Color::White, time.now());
        time.advance(secs(4));
        clocks.switch_to(Color::White, time.now());
        assert_eq!(clocks.left(Color::White, time.now()), secs(56));
        time.advance(secs(1));
        clocks.switch_to(Color::Black, time.now());
        assert_eq!(clocks.left(Color::White, time.now()), secs(55));
        assert_eq!(clocks.running(), Some(Color::Black));
    }

    #[test]
    fn the_budget_is_a_share_of_the_time_left() {
        let time = ManualTime::default();
        let clocks = Clocks::new("5+3".parse().unwrap(), Color::Black, time.now());
        // 300 s / 20 + 3 s * 3/4.
        assert_eq!(
            clocks.budget(Color::Black, time.now()),
            Duration::from_millis(17_250)
        );
        time.advance(secs(299));
        // One second left: never more than half of it.
        assert_eq!(
            clocks.budget(Color::Black, time.now()),
            Duration::from_millis(500)
        );
    }

    #[test]
    fn times_are_written_as_on_a_clock() {
        assert_eq!(format(secs(300)), "5:00");
        assert_eq!(format(secs(59)), "0:59");
        assert_eq!(format(Duration::from_millis(9_550)), "0:09.5");
        assert_eq!(format(secs(3723)), "1:02:03");
        assert_eq!(format(Duration::ZERO), "0:00.0");
    }
}
