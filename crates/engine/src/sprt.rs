//! The statistics of a match played in game pairs: the pentanomial count
//! of the pairs, the Elo difference it means with its 95 % error, and the
//! sequential probability ratio test (SPRT) that tells when a match has
//! seen enough to accept or reject a change.
//!
//! Each opening is played twice with the colours swapped, and the pair is
//! the unit counted: its points for the engine are 0, ½, 1, 1½ or 2 (LL,
//! LD, DD or WL, WD, WW), so the luck of an opening cancels within the
//! pair. The test is the generalized SPRT fishtest runs
//! (`LLR_logistic` in its `stats/LLRcalc.py`): the bounds are **logistic
//! Elo** (the usual Elo: a score s means −400·log10(1/s − 1)), turned into
//! the expected score of a pair, and the log-likelihood ratio compares the
//! maximum-likelihood pentanomial distributions with those two means.
//! Empty cells are given 0.001 of a pair first, as fishtest does, so that
//! a short match does not divide by zero. [`llr_approx`] is the quadratic
//! approximation of the same ratio, `(s1 − s0)(2·mean − s0 − s1)·N / (2·var)`.
//!
//! ```
//! use duckchess_engine::sprt::{Pentanomial, Sprt, Verdict};
//! let sprt = Sprt::new(0.0, 20.0, 0.05, 0.05).unwrap();
//! // 400 pairs, a clear edge: 40 WW to 10 LL.
//! let strong = Pentanomial([10, 60, 200, 90, 40]);
//! assert!(sprt.llr(&strong) > 2.95);
//! assert_eq!(sprt.verdict(&strong), Some(Verdict::H1));
//! ```

use std::fmt;

/// What a pair's cell is given when no pair fell in it, for the ratio.
const EMPTY_CELL: f64 = 1e-3;
/// The two-sided 95 % quantile of the normal distribution.
const Z95: f64 = 1.959_963_984_540_054;

/// The number of game pairs that ended with each score for the engine, in
/// half points: `[LL, LD, DD + WL, WD, WW]`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial(pub [u32; 5]);

impl Pentanomial {
    /// Counts one pair, its score for the engine in half points (0 to 4).
    ///
    /// # Panics
    ///
    /// On a score above 4.
    pub fn add(&mut self, half_points: usize) {
        self.0[half_points] += 1;
    }

    /// The pairs counted.
    pub fn pairs(&self) -> u32 {
        self.0.iter().sum()
    }

    /// The mean and the variance of a pair's score as a fraction (its
    /// points / 2), from the counts; `None` with no pairs.
    pub fn mean_var(&self) -> Option<(f64, f64)> {
        mean_var(&self.0.map(f64::from))
    }

    /// The Elo difference the pairs' mean score means and the half-width of
    /// its 95 % confidence interval (from the pairs' spread; infinite with
    /// no pairs). A score of 0 or 1 reads as ±1200.
    ///
    /// ```
    /// use duckchess_engine::sprt::Pentanomial;
    /// // Every pair 1 point: no difference, no spread.
    /// assert_eq!(Pentanomial([0, 0, 12, 0, 0]).elo(), (0.0, 0.0));
    /// ```
    pub fn elo(&self) -> (f64, f64) {
        let Some((mean, var)) = self.mean_var() else {
            return (0.0, f64::INFINITY);
        };
        let se = (var / f64::from(self.pairs())).sqrt();
        let (lo, hi) = (mean - Z95 * se, mean + Z95 * se);
        (
            elo_of_score(mean),
            (elo_of_score(hi) - elo_of_score(lo)) / 2.0,
        )
    }
}

impl fmt::Display for Pentanomial {
    /// `LL-LD-DD-WD-WW`, as counts: `3-10-25-9-4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b, c, d, e] = self.0;
        write!(f, "{a}-{b}-{c}-{d}-{e}")
    }
}

/// The mean and variance of the values 0, ¼, ½, ¾, 1 weighted by `counts`.
fn mean_var(counts: &[f64; 5]) -> Option<(f64, f64)> {
    let n: f64 = counts.iter().sum();
    if n <= 0.0 {
        return None;
    }
    let value = |i: usize| i as f64 / 4.0;
    let mean = (0..5).map(|i| counts[i] * value(i)).sum::<f64>() / n;
    let var = (0..5)
        .map(|i| counts[i] * (value(i) - mean).powi(2))
        .sum::<f64>()
        / n;
    Some((mean, var))
}

/// The expected score of the side `elo` logistic Elo stronger.
pub fn score_of_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The logistic Elo difference a score fraction means (±1200 at the ends).
pub fn elo_of_score(score: f64) -> f64 {
    let s = score.clamp(0.001, 0.999);
    // + 0.0: an even score is +0, not -0.
    -400.0 * (1.0 / s - 1.0).log10() + 0.0
}

/// The quadratic approximation of the log-likelihood ratio of a mean pair
/// score `s1` against `s0` (fractions): `(s1 − s0)(2·mean − s0 − s1)·N /
/// (2·var)`, N the pairs, mean and var of a pair's score / 2 (empty cells
/// given 0.001 of a pair, as [`Sprt::llr`] does).
pub fn llr_approx(pentanomial: &Pentanomial, s0: f64, s1: f64) -> f64 {
    if pentanomial.pairs() == 0 {
        return 0.0;
    }
    let counts = regularized(pentanomial);
    let n: f64 = counts.iter().sum();
    let (mean, var) = mean_var(&counts).expect("counts");
    (s1 - s0) * (2.0 * mean - s0 - s1) * n / (2.0 * var)
}

/// The counts with each empty cell given [`EMPTY_CELL`].
fn regularized(pentanomial: &Pentanomial) -> [f64; 5] {
    pentanomial
        .0
        .map(|c| if c == 0 { EMPTY_CELL } else { f64::from(c) })
}

/// The distribution closest to `p` (most likely, given the pairs seen)
/// whose mean score is `s`: `q_i = p_i / (1 + x·(a_i − s))` with `x` the
/// root of `Σ p_i (a_i − s) / (1 + x (a_i − s)) = 0`, found by bisection
/// (the sum falls as `x` grows, from +∞ to −∞ across the interval where
/// every `q_i` is positive). `s` lies strictly between 0 and 1.
fn closest_with_mean(p: &[f64; 5], s: f64) -> [f64; 5] {
    let d: [f64; 5] = std::array::from_fn(|i| i as f64 / 4.0 - s);
    let f = |x: f64| (0..5).map(|i| p[i] * d[i] / (1.0 + x * d[i])).sum::<f64>();
    // d[0] = −s < 0 < d[4] = 1 − s.
    let (mut lo, mut hi) = (-1.0 / d[4], -1.0 / d[0]);
    for _ in 0..200 {
        let mid = (lo + hi) / 2.0;
        if mid <= lo || mid >= hi {
            break;
        }
        if f(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let x = (lo + hi) / 2.0;
    std::array::from_fn(|i| p[i] / (1.0 + x * d[i]))
}

/// A sequential probability ratio test: H0 "the engine is `elo0` stronger"
/// against H1 "it is `elo1` stronger" (logistic Elo), with the chances
/// `alpha` of accepting H1 when H0 holds and `beta` of accepting H0 when
/// H1 holds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// H0's Elo difference.
    pub elo0: f64,
    /// H1's Elo difference, above `elo0`.
    pub elo1: f64,
    /// The false positive rate.
    pub alpha: f64,
    /// The false negative rate.
    pub beta: f64,
}

/// Which hypothesis a test accepted.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The log-likelihood ratio fell to the lower bound: H0 (the change
    /// is not the gain hoped for).
    H0,
    /// It rose to the upper bound: H1 (the change gains).
    H1,
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Verdict::H0 => "H0 accepted",
            Verdict::H1 => "H1 accepted",
        })
    }
}

/// Why a test cannot be run as asked.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum SprtError {
    /// A bound that is not a number from −1000 to 1000.
    #[error("the Elo bounds must be numbers from -1000 to 1000")]
    EloRange,
    /// The bounds the wrong way round (or equal).
    #[error("the Elo bounds {0},{1}: the first must be below the second")]
    EloOrder(f64, f64),
    /// `alpha` or `beta` (named) not in (0, 1).
    #[error("{0} {1}: expected a number above 0 and below 1")]
    Rate(&'static str, f64),
    /// `alpha + beta` not below 1.
    #[error("alpha {0} + beta {1}: their sum must be below 1")]
    RateSum(f64, f64),
    /// Bounds not written `ELO0,ELO1`.
    #[error("{0:?}: expected ELO0,ELO1 such as 0,20")]
    Bounds(String),
}

impl Sprt {
    /// The test of `elo0` against `elo1`, or why it cannot be run: the
    /// bounds must be finite, within ±1000 and `elo0 < elo1`; `alpha` and
    /// `beta` above 0 with `alpha + beta < 1`.
    ///
    /// ```
    /// use duckchess_engine::sprt::Sprt;
    /// assert!(Sprt::new(0.0, 20.0, 0.05, 0.05).is_ok());
    /// assert!(Sprt::new(20.0, 0.0, 0.05, 0.05).is_err());
    /// assert!(Sprt::new(0.0, 20.0, 0.0, 0.05).is_err());
    /// ```
    pub fn new(elo0: f64, elo1: f64, alpha: f64, beta: f64) -> Result<Sprt, SprtError> {
        let elo_ok = |e: f64| e.is_finite() && e.abs() <= 1000.0;
        if !elo_ok(elo0) || !elo_ok(elo1) {
            return Err(SprtError::EloRange);
        }
        if elo0 >= elo1 {
            return Err(SprtError::EloOrder(elo0, elo1));
        }
        for (name, value) in [("alpha", alpha), ("beta", beta)] {
            if !(value > 0.0 && value < 1.0) {
                return Err(SprtError::Rate(name, value));
            }
        }
        if alpha + beta >= 1.0 {
            return Err(SprtError::RateSum(alpha, beta));
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }

    /// Reads the bounds `ELO0,ELO1` (`0,20`).
    ///
    /// ```
    /// use duckchess_engine::sprt::Sprt;
    /// assert_eq!(Sprt::read_bounds(" -5, 5").unwrap(), (-5.0, 5.0));
    /// assert!(Sprt::read_bounds("0 20").is_err());
    /// ```
    pub fn read_bounds(text: &str) -> Result<(f64, f64), SprtError> {
        let bad = || SprtError::Bounds(text.to_string());
        let (a, b) = text.split_once(',').ok_or_else(bad)?;
        let number = |t: &str| t.trim().parse::<f64>().map_err(|_| bad());
        Ok((number(a)?, number(b)?))
    }

    /// The log-likelihood ratio's bounds: (ln(β / (1 − α)), ln((1 − β) /
    /// α)), ±2.94 for α = β = 0.05.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The generalized log-likelihood ratio of H1 against H0 after these
    /// pairs: N · Σ p_i ln(q1_i / q0_i), where p is the pairs' distribution
    /// (empty cells given 0.001 of a pair) and q0, q1 the distributions
    /// closest to it with the mean pair scores of `elo0` and `elo1`. Zero
    /// before any pair.
    pub fn llr(&self, pentanomial: &Pentanomial) -> f64 {
        if pentanomial.pairs() == 0 {
            return 0.0;
        }
        let counts = regularized(pentanomial);
        let n: f64 = counts.iter().sum();
        let p = counts.map(|c| c / n);
        let q0 = closest_with_mean(&p, score_of_elo(self.elo0));
        let q1 = closest_with_mean(&p, score_of_elo(self.elo1));
        n * (0..5)
            .map(|i| p[i] * (q1[i].ln() - q0[i].ln()))
            .sum::<f64>()
    }

    /// The hypothesis accepted once the ratio reaches a bound; `None`
    /// while it lies between them.
    pub fn verdict(&self, pentanomial: &Pentanomial) -> Option<Verdict> {
        let llr = self.llr(pentanomial);
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Some(Verdict::H1)
        } else if llr <= lower {
            Some(Verdict::H0)
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tolerance: f64) -> bool {
        (a - b).abs() <= tolerance
    }

    /// Every pair 1 point (all DD or WL): Elo 0, whatever the count.
    #[test]
    fn even_pairs_mean_no_difference() {
        for n in [1, 7, 500] {
            let even = Pentanomial([0, 0, n, 0, 0]);
            assert_eq!(even.mean_var(), Some((0.5, 0.0)));
            assert_eq!(even.elo(), (0.0, 0.0));
        }
        let symmetric = Pentanomial([3, 10, 40, 10, 3]);
        let (elo, margin) = symmetric.elo();
        assert!(close(elo, 0.0, 1e-9) && margin > 0.0, "{elo} {margin}");
    }

    /// The sample [2, 5, 10, 7, 6] (30 pairs), by hand: the pair scores
    /// 0, ¼, ½, ¾, 1 give the mean 17.5 / 30 = 0.583333 and the variance
    /// 12.75 / 30 − 0.583333² = 0.084722; for 0 against 20 Elo, s0 = 0.5,
    /// s1 = 1 / (1 + 10^(−0.05)) = 0.528751, and the approximation is
    /// 0.028751 × (1.166667 − 1.028751) × 30 / (2 × 0.084722) = 0.70203.
    /// The exact ratio, from the two closest distributions, is 0.66577
    /// (the same computation written separately in Python, bisection
    /// included). Elo: −400·log10(1 / 0.583333 − 1) = +58.45.
    #[test]
    fn a_sample_computed_by_hand() {
        let sample = Pentanomial([2, 5, 10, 7, 6]);
        let (mean, var) = sample.mean_var().unwrap();
        assert!(close(mean, 0.583_333, 1e-6) && close(var, 0.084_722, 1e-6));
        assert!(close(score_of_elo(20.0), 0.528_751, 1e-6));
        let approx = llr_approx(&sample, 0.5, score_of_elo(20.0));
        assert!(close(approx, 0.702_03, 1e-4), "{approx}");
        let sprt = Sprt::new(0.0, 20.0, 0.05, 0.05).unwrap();
        let exact = sprt.llr(&sample);
        assert!(close(exact, 0.665_77, 1e-4), "{exact}");
        assert!(close(sample.elo().0, 58.45, 0.01), "{:?}", sample.elo());
    }

    /// ±2.944 for α = β = 0.05; wider for smaller error rates.
    #[test]
    fn the_bounds() {
        let (lower, upper) = Sprt::new(0.0, 5.0, 0.05, 0.05).unwrap().bounds();
        assert!(close(lower, -2.944_439, 1e-6) && close(upper, 2.944_439, 1e-6));
        let (lower, upper) = Sprt::new(0.0, 5.0, 0.01, 0.1).unwrap().bounds();
        assert!(close(lower, (0.1f64 / 0.99).ln(), 1e-12));
        assert!(close(upper, (0.9f64 / 0.01).ln(), 1e-12));
    }

    /// The ratio's sign follows the score: above the bounds' midpoint it
    /// is positive, below it negative, and it grows with the pairs.
    #[test]
    fn the_ratio_leans_with_the_score() {
        let sprt = Sprt::new(0.0, 20.0, 0.05, 0.05).unwrap();
        let ahead = Pentanomial([5, 20, 50, 30, 15]);
        let behind = Pentanomial([15, 30, 50, 20, 5]);
        assert!(sprt.llr(&ahead) > 0.0 && sprt.llr(&behind) < 0.0);
        let twice = Pentanomial(ahead.0.map(|c| 2 * c));
        assert!(sprt.llr(&twice) > sprt.llr(&ahead));
        // Even pairs lie below the midpoint of 0 and 20 Elo: towards H0.
        let even = Pentanomial([10, 30, 60, 30, 10]);
        assert!(sprt.llr(&even) < 0.0);
        let many_even = Pentanomial(even.0.map(|c| 20 * c));
        assert_eq!(sprt.verdict(&many_even), Some(Verdict::H0));
        assert_eq!(sprt.verdict(&Pentanomial::default()), None);
        assert_eq!(sprt.llr(&Pentanomial::default()), 0.0);
    }

    /// The exact ratio and its quadratic approximation agree closely when
    /// the bounds are near each other.
    #[test]
    fn the_approximation_is_close() {
        let sprt = Sprt::new(-2.0, 3.0, 0.05, 0.05).unwrap();
        for sample in [
            Pentanomial([40, 210, 500, 230, 45]),
            Pentanomial([60, 190, 480, 200, 70]),
        ] {
            let exact = sprt.llr(&sample);
            let approx = llr_approx(&sample, score_of_elo(-2.0), score_of_elo(3.0));
            assert!(
                close(exact, approx, 0.02 * approx.abs().max(0.1)),
                "{exact} {approx}"
            );
        }
    }

    /// An empty cell does not make the ratio infinite or undefined: all
    /// pairs even (no spread at all) still gives a finite ratio.
    #[test]
    fn empty_cells_are_regularized() {
        let sprt = Sprt::new(0.0, 20.0, 0.05, 0.05).unwrap();
        for sample in [[0, 0, 9, 0, 0], [0, 0, 0, 0, 3], [4, 0, 0, 0, 0]] {
            let llr = sprt.llr(&Pentanomial(sample));
            assert!(llr.is_finite(), "{sample:?}: {llr}");
        }
        assert!(sprt.llr(&Pentanomial([0, 0, 0, 0, 3])) > 0.0);
        assert!(sprt.llr(&Pentanomial([4, 0, 0, 0, 0])) < 0.0);
    }

    #[test]
    fn bad_tests_are_refused() {
        assert!(Sprt::new(f64::NAN, 1.0, 0.05, 0.05).is_err());
        assert!(Sprt::new(0.0, 5000.0, 0.05, 0.05).is_err());
        assert!(Sprt::new(5.0, 5.0, 0.05, 0.05).is_err());
        assert!(Sprt::new(0.0, 5.0, 1.0, 0.05).is_err());
        assert!(Sprt::new(0.0, 5.0, 0.05, -0.1).is_err());
        assert!(Sprt::new(0.0, 5.0, 0.6, 0.5).is_err());
        assert!(Sprt::read_bounds("x,1").is_err());
        assert!(Sprt::read_bounds("1").is_err());
    }
}
