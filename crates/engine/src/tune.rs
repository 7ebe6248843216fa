//! Fitting the evaluation's weights to scored positions: each kind's
//! value, the worth of each square its pieces reach, and its
//! centralisation weight, fitted by least squares (with a pull towards the
//! weights in use, so that a kind the positions say little about keeps
//! its own) to the scores of quiet positions — ones where no capture
//! changes the evaluation. The scores come from outside: a game's results
//! (Texel's method, scaled) or a stronger engine's searches, as
//! `scripts/fsf_label.py` gets them from Fairy-Stockfish.
//!
//! The input is one position a line: the moves from the start in UCI
//! notation, a tab, and the score in centipawns for the side to move.

use super::eval::Evaluator;
use super::search::Engine;
use crate::kernel::{AnyPosition, Position, SquareSet};
use crate::variants::uci::parse_uci;
use thiserror::Error;

/// Scores beyond this many centipawns say that the game is decided, not
/// what the position is worth: such positions are left out.
const DECIDED: i32 = 1000;
/// Every tenth position is held out to measure the fit.
const HOLD_OUT_EVERY: usize = 10;
/// The pull towards the weights in use, relative to the terms' spread.
const RIDGE: f64 = 0.02;
/// The least spread a table entry's pull counts (the share of positions
/// with a piece on it): an entry few positions see stays near its own.
const TABLE_SPREAD: f64 = 0.5;

/// Why the positions could not be read.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum TuneError {
    /// A line is not `moves<TAB>score` with legal moves.
    #[error("line {line}: {reason}")]
    Line {
        /// The line's number, from 1.
        line: usize,
        /// What is wrong with it.
        reason: String,
    },
    /// No position is quiet and undecided.
    #[error("no quiet, undecided position to fit")]
    Empty,
}

/// A kind's fitted weights.
#[derive(Clone, Debug, PartialEq)]
pub struct KindWeights {
    /// The kind's name.
    pub name: &'static str,
    /// Its value, before and after.
    pub value: [i32; 2],
    /// The worth of a square it reaches, before and after.
    pub mobility: [i32; 2],
    /// Its centralisation weight, before and after.
    pub centre: [i32; 2],
    /// Its piece-square table before and after (empty when not fitted),
    /// the mean of its change over the positions' pieces moved into the
    /// value.
    pub table: [Vec<i32>; 2],
}

/// What a fit found.
#[derive(Clone, Debug, PartialEq)]
pub struct Fit {
    /// Positions read.
    pub read: usize,
    /// Quiet, undecided positions fitted.
    pub fitted: usize,
    /// Of them, held out to measure the fit.
    pub held_out: usize,
    /// The root-mean-square error on the held-out positions, centipawns,
    /// with the weights in use and with the fitted ones.
    pub error: [f64; 2],
    /// The non-royal kinds' weights.
    pub kinds: Vec<KindWeights>,
}

/// Reads the positions of `text` (see the module's page) from `start`.
pub fn read_positions<S: SquareSet>(
    start: &Position<S>,
    text: &str,
) -> Result<Vec<(Position<S>, i32)>, TuneError> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let fail = |reason: String| TuneError::Line {
            line: i + 1,
            reason,
        };
        let (moves, score) = line
            .rsplit_once('\t')
            .ok_or_else(|| fail("expected the moves, a tab and a score".into()))?;
        let score: i32 = score.trim().parse().map_err(|_| {
            fail(format!(
                "the score {:?} is not a whole number",
                score.trim()
            ))
        })?;
        let mut position = *start;
        for word in moves.split_whitespace() {
            let m = parse_uci(&position, word).map_err(|e| fail(e.to_string()))?;
            position.play_unchecked(m);
        }
        out.push((position, score));
    }
    Ok(out)
}

/// The fit of a file of positions (`read_positions`'s lines) of the game
/// `start` belongs to, at whatever square-set width it is played:
/// `duckchess tune`'s whole work. The width is chosen here, in the
/// engine's crate, so that the generic kernel code it runs is compiled
/// once, with the search's, and not again in every crate that tunes.
pub fn fit_text(start: &dyn AnyPosition, text: &str, tables: bool) -> Result<Fit, TuneError> {
    crate::kernel::with_position!(start.concrete(), p => {
        read_positions(p, text).and_then(|positions| fit_with(&positions, tables))
    })
}

/// Fits the weights of `positions`' game to their scores, and its
/// piece-square tables if it has some.
pub fn fit<S: SquareSet>(positions: &[(Position<S>, i32)]) -> Result<Fit, TuneError> {
    fit_with(positions, false)
}

/// [`fit`], fitting piece-square tables too when `tables` (from zeros for
/// a game without them).
pub fn fit_with<S: SquareSet>(
    positions: &[(Position<S>, i32)],
    tables: bool,
) -> Result<Fit, TuneError> {
    let Some((first, _)) = positions.first() else {
        return Err(TuneError::Empty);
    };
    let variant = first.rules().variant();
    let eval = if tables {
        Evaluator::new(variant).with_tables()
    } else {
        Evaluator::new(variant)
    };
    let base = 3 * variant.kinds.len();
    let table_len = eval.table_len();
    let mut engine = Engine::new(1);
    // Quiet and undecided: the capture search agrees with the evaluation.
    let samples: Vec<(Vec<i32>, i32, i32)> = positions
        .iter()
        .filter(|(p, score)| score.abs() < DECIDED && !p.is_check() && p.outcome().is_none())
        .filter(|(p, _)| engine.quiescence(p) == eval.evaluate(p))
        .map(|(p, score)| {
            let (terms, rest) = eval.linear_terms(p);
            (terms, rest, *score)
        })
        .collect();
    if samples.is_empty() {
        return Err(TuneError::Empty);
    }
    let before: Vec<f64> = eval
        .weights()
        .iter()
        .flat_map(|w| w.iter().map(|&x| f64::from(x)))
        .chain(eval.tables().iter().flatten().map(|&x| f64::from(x)))
        .collect();
    let n = before.len();
    let (train, test): (Vec<_>, Vec<_>) = samples
        .iter()
        .enumerate()
        .partition(|(i, _)| i % HOLD_OUT_EVERY != 0);
    // Normal equations with a ridge towards the weights in use.
    let mut a = vec![vec![0f64; n]; n];
    let mut b = vec![0f64; n];
    // Per table entry, the pieces on it (either side's): the weights of
    // its kind's mean.
    let mut seen = vec![0f64; n];
    for (_, (terms, rest, score)) in &train {
        let y = f64::from(score - rest);
        let nonzero: Vec<(usize, f64)> = terms
            .iter()
            .enumerate()
            .filter(|(_, &t)| t != 0)
            .map(|(i, &t)| (i, f64::from(t)))
            .collect();
        for &(i, xi) in &nonzero {
            b[i] += xi * y;
            seen[i] += xi.abs();
            for &(j, xj) in &nonzero {
                a[i][j] += xi * xj;
            }
        }
    }
    for i in 0..n {
        let spread = a[i][i] / train.len().max(1) as f64;
        let least = if i >= base { TABLE_SPREAD } else { 1e-3 };
        let pull = RIDGE * train.len() as f64 * spread.max(least);
        a[i][i] += pull;
        b[i] += pull * before[i];
    }
    let mut after = solve(a, b).unwrap_or_else(|| before.clone());
    // A table and its kind's value say the same thing up to a constant:
    // the mean change of the table over the pieces seen goes into the
    // value (for the royal kind, whose value is not counted, it is
    // dropped).
    if n > base {
        for (k, kind) in variant.kinds.iter().enumerate() {
            let entries = base + k * table_len..base + (k + 1) * table_len;
            let count: f64 = seen[entries.clone()].iter().sum();
            if count == 0.0 {
                continue;
            }
            let mean = entries
                .clone()
                .map(|i| seen[i] * (after[i] - before[i]))
                .sum::<f64>()
                / count;
            for i in entries {
                after[i] -= mean;
            }
            if !kind.royal {
                after[3 * k] += mean;
            }
        }
    }
    let rms = |w: &[f64]| {
        let sum: f64 = test
            .iter()
            .map(|(_, (terms, rest, score))| {
                let e = f64::from(*rest)
                    + terms
                        .iter()
                        .zip(w)
                        .map(|(&t, &x)| f64::from(t) * x)
                        .sum::<f64>();
                (e - f64::from(*score)).powi(2)
            })
            .sum();
        (sum / test.len().max(1) as f64).sqrt()
    };
    let rounded: Vec<f64> = after.iter().map(|x| x.round()).collect();
    let table = |w: &[f64], k: usize| -> Vec<i32> {
        if n > base {
            w[base + k * table_len..base + (k + 1) * table_len]
                .iter()
                .map(|&x| x as i32)
                .collect()
        } else {
            Vec::new()
        }
    };
    let kinds = variant
        .kinds
        .iter()
        .enumerate()
        .filter(|(_, k)| !k.royal || n > base)
        .map(|(k, kind)| KindWeights {
            name: kind.name,
            value: [before[3 * k] as i32, rounded[3 * k] as i32],
            mobility: [before[3 * k + 1] as i32, rounded[3 * k + 1] as i32],
            centre: [before[3 * k + 2] as i32, rounded[3 * k + 2] as i32],
            table: [table(&before, k), table(&rounded, k)],
        })
        .collect();
    Ok(Fit {
        read: positions.len(),
        fitted: samples.len(),
        held_out: test.len(),
        error: [rms(&before), rms(&rounded)],
        kinds,
    })
}

/// Solves `a x = b` by Gaussian elimination with partial pivoting (`None`
/// when singular).
fn solve(mut a: Vec<Vec<f64>>, mut b: Vec<f64>) -> Option<Vec<f64>> {
    let n = b.len();
    for col in 0..n {
        let pivot = (col..n).max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))?;
        if a[pivot][col].abs() < 1e-12 {
            return None;
        }
        a.swap(col, pivot);
        b.swap(col, pivot);
        let pivot_row = a[col].clone();
        for row in col + 1..n {
            let f = a[row][col] / pivot_row[col];
            for (x, p) in a[row][col..n].iter_mut().zip(&pivot_row[col..n]) {
                *x -= f * p;
            }
            b[row] -= f * b[col];
        }
    }
    let mut x = vec![0f64; n];
    for row in (0..n).rev() {
        let s: f64 = (row + 1..n).map(|k| a[row][k] * x[k]).sum();
        x[row] = (b[row] - s) / a[row][row];
    }
    Some(x)
}
