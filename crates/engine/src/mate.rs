//! Forced mates, proven: whether the side to move can force a win within
//! `n` of its moves whatever the other side does — a checkmate, or the
//! capture of Duck Chess's captain — and the proof as a tree.
//!
//! Unlike the [search](super::search), nothing is pruned but by proof: an
//! attacking move is kept only if *every* reply leads to a mate in fewer
//! moves, each reply with its own proof. The answer is exact: a tree
//! another program can check move by move (every defence listed, every
//! leaf a win), or the certainty that no mate within `n` exists. Proven and
//! disproven positions are remembered by their hash key, so transpositions
//! are solved once.
//!
//! ```
//! use duckchess_engine::mate::{solve, MateLimits};
//! use duckchess_rules::variants::by_name;
//! use std::sync::atomic::AtomicBool;
//! let chess = by_name("chess").unwrap();
//! // A back-rank mate in 2: Qd8+ Rxd8 Rxd8#.
//! let p = chess.read_position("2r3k1/5ppp/8/8/8/8/3Q1PPP/3R2K1 w - - 0 1").unwrap();
//! let proof = solve(&*p, 2, MateLimits::default(), &AtomicBool::new(false)).unwrap().unwrap();
//! assert_eq!(proof.moves(), 2);
//! assert!(solve(&*p, 1, MateLimits::default(), &AtomicBool::new(false)).unwrap().is_none());
//! ```

use crate::kernel::{with_position, AnyPosition, Move, Outcome, Position, Royalty, SquareSet};
use crate::variants::Notation;
use std::collections::HashMap;
use std::fmt::Write as _;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};
use thiserror::Error;

/// A proof that the side to move wins within some moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Proof {
    /// This move wins at once (mates, or takes the royal piece).
    Wins(Move),
    /// This move, then for every reply, a proof of the win after it.
    Forces(Move, Vec<(Move, Proof)>),
}

impl Proof {
    /// The attacking move at the root.
    pub fn first(&self) -> Move {
        match self {
            Proof::Wins(m) | Proof::Forces(m, _) => *m,
        }
    }

    /// In how many of its own moves the attacker wins at worst.
    pub fn moves(&self) -> u32 {
        match self {
            Proof::Wins(_) => 1,
            Proof::Forces(_, replies) => {
                1 + replies.iter().map(|(_, p)| p.moves()).max().unwrap_or(0)
            }
        }
    }

    /// The positions in the tree, the root included.
    pub fn positions(&self) -> usize {
        match self {
            Proof::Wins(_) => 2,
            Proof::Forces(_, replies) => {
                2 + replies.iter().map(|(_, p)| p.positions()).sum::<usize>()
            }
        }
    }
}

/// Why no answer came.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MateError {
    /// The game is already over.
    #[error("the game is over")]
    GameOver(Outcome),
    /// The time or the stop flag ended the search before it was sure.
    #[error("stopped after {nodes} positions, before the answer was sure")]
    Stopped {
        /// Positions looked at.
        nodes: u64,
    },
}

/// How long the solver may look.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct MateLimits {
    /// The time budget (`None`: until sure).
    pub think: Option<Duration>,
}

/// Whether the side to move forces a win within `n` of its moves: the
/// proof, `None` if there is no such win, or an error when stopped first.
pub fn solve(
    position: &dyn AnyPosition,
    n: u32,
    limits: MateLimits,
    stop: &AtomicBool,
) -> Result<Option<Proof>, MateError> {
    if let Some(outcome) = position.outcome() {
        return Err(MateError::GameOver(outcome));
    }
    with_position!(position.concrete(), p => {
        let mut solver = Solver {
            known: HashMap::new(),
            nodes: 0,
            stop,
            deadline: limits.think.map(|t| Instant::now() + t),
            stopped: false,
            royalty: p.rules().variant().royalty,
        };
        // Deepening: the shortest win is found first, and each pass fills
        // the table the next one reads.
        for k in 1..=n {
            let found = solver.attack(p, k);
            if solver.stopped {
                return Err(MateError::Stopped { nodes: solver.nodes });
            }
            if found.is_some() {
                return Ok(found);
            }
        }
        Ok(None)
    })
}

/// What is known of a position with the attacker to move.
#[derive(Copy, Clone, Debug, Default)]
struct Known {
    /// A win within this many moves is proven (0: none proven).
    proven: u32,
    /// No win within this many moves exists.
    refuted: u32,
}

struct Solver<'a> {
    known: HashMap<u64, Known>,
    nodes: u64,
    stop: &'a AtomicBool,
    deadline: Option<Instant>,
    stopped: bool,
    royalty: Royalty,
}

impl Solver<'_> {
    fn poll(&mut self) -> bool {
        self.nodes += 1;
        if !self.stopped && self.nodes.is_multiple_of(4096) {
            let late = self.deadline.is_some_and(|d| Instant::now() >= d);
            self.stopped = late || self.stop.load(Ordering::Relaxed);
        }
        self.stopped
    }

    /// Whether `after` (the defender to move) is won by the attacker.
    fn won<S: SquareSet>(&self, after: &Position<S>, taken_royal: bool) -> bool {
        match self.royalty {
            Royalty::Capture => taken_royal,
            Royalty::Check => after.is_check() && after.count_legal() == 0,
        }
    }

    /// The attacker's moves, the likeliest wins first: those that take the
    /// royal piece or give check, then captures, then the rest.
    fn attacking_moves<S: SquareSet>(
        &self,
        position: &Position<S>,
        last: bool,
    ) -> Vec<(Move, Position<S>, bool)> {
        let royal = position
            .rules()
            .variant()
            .kinds
            .iter()
            .position(|k| k.royal);
        let mut moves: Vec<(i32, Move, Position<S>, bool)> = position
            .legal_moves()
            .into_iter()
            .filter_map(|m| {
                let mut after = *position;
                let taken = after.play_unchecked(m);
                let taken_royal = taken.is_some_and(|p| Some(p.kind.index()) == royal);
                let check = after.is_check();
                // The last move must win at once: by check (chess) or by
                // the capture (Duck Chess).
                if last {
                    let can_win = match self.royalty {
                        Royalty::Check => check,
                        Royalty::Capture => taken_royal,
                    };
                    if !can_win {
                        return None;
                    }
                }
                let rank = if taken_royal {
                    0
                } else if check {
                    1
                } else if taken.is_some() {
                    2
                } else {
                    3
                };
                Some((rank, m, after, taken_royal))
            })
            .collect();
        moves.sort_by_key(|&(rank, ..)| rank);
        moves.into_iter().map(|(_, m, a, t)| (m, a, t)).collect()
    }

    /// A proof that the side to move wins within `n` moves, if there is one.
    fn attack<S: SquareSet>(&mut self, position: &Position<S>, n: u32) -> Option<Proof> {
        if n == 0 || self.poll() {
            return None;
        }
        let key = position.key();
        let known = self.known.get(&key).copied().unwrap_or_default();
        if known.refuted >= n {
            return None;
        }
        for (m, after, taken_royal) in self.attacking_moves(position, n == 1) {
            if self.won(&after, taken_royal) {
                self.remember(key, |k| {
                    k.proven = if k.proven == 0 { 1 } else { k.proven.min(1) }
                });
                return Some(Proof::Wins(m));
            }
            if n == 1 || after.outcome().is_some() {
                continue;
            }
            if let Some(replies) = self.defend(&after, n - 1) {
                self.remember(key, |k| {
                    k.proven = if k.proven == 0 { n } else { k.proven.min(n) }
                });
                return Some(Proof::Forces(m, replies));
            }
            if self.stopped {
                return None;
            }
        }
        if !self.stopped {
            self.remember(key, |k| k.refuted = k.refuted.max(n));
        }
        None
    }

    /// For every reply of the defender (to move in `position`), a proof that
    /// the attacker wins within `n` moves; `None` if one reply escapes.
    fn defend<S: SquareSet>(
        &mut self,
        position: &Position<S>,
        n: u32,
    ) -> Option<Vec<(Move, Proof)>> {
        let replies = position.legal_moves();
        if replies.is_empty() {
            // A stalemate (or, in Duck Chess, nothing left to move): no win.
            return None;
        }
        // The replies most likely to escape first: a refutation found early
        // saves proving the others.
        let mut order: Vec<(Move, Position<S>, i32)> = replies
            .into_iter()
            .map(|r| {
                let mut after = *position;
                let taken = after.play_unchecked(r);
                let known = self.known.get(&after.key()).copied().unwrap_or_default();
                let rank = if known.refuted >= n {
                    0
                } else if taken.is_some() {
                    1
                } else {
                    2
                };
                (r, after, rank)
            })
            .collect();
        order.sort_by_key(|&(.., rank)| rank);
        let mut proofs = Vec::with_capacity(order.len());
        for (r, after, _) in order {
            if let Some(outcome) = after.outcome() {
                // The defender's reply ended the game: drawn, or it won.
                let _ = outcome;
                return None;
            }
            let proof = self.attack(&after, n)?;
            proofs.push((r, proof));
        }
        Some(proofs)
    }

    fn remember(&mut self, key: u64, update: impl FnOnce(&mut Known)) {
        update(self.known.entry(key).or_default());
    }
}

/// The proof as an indented tree, one move a line in the game's
/// coordinates: the attacker's move, then each defence two spaces further
/// in and the attacker's answer under it, `#` after the winning move.
/// [`check_tree`] reads it back and verifies it.
///
/// ```
/// use duckchess_engine::mate::{solve, write_tree, MateLimits};
/// use duckchess_rules::variants::by_name;
/// use std::sync::atomic::AtomicBool;
/// let chess = by_name("chess").unwrap();
/// let p = chess.read_position("2r3k1/5ppp/8/8/8/8/3Q1PPP/3R2K1 w - - 0 1").unwrap();
/// let proof = solve(&*p, 2, MateLimits::default(), &AtomicBool::new(false)).unwrap().unwrap();
/// assert_eq!(write_tree(chess, &*p, &proof), "d2d8\n  c8d8\n    d1d8 #\n");
/// ```
pub fn write_tree(notation: &dyn Notation, position: &dyn AnyPosition, proof: &Proof) -> String {
    let mut out = String::new();
    write_node(notation, position, proof, 0, &mut out);
    out
}

fn write_node(
    notation: &dyn Notation,
    position: &dyn AnyPosition,
    proof: &Proof,
    indent: usize,
    out: &mut String,
) {
    let pad = "  ".repeat(indent);
    let m = proof.first();
    let text = notation.uci_move(position, m);
    let mut after = position.clone_box();
    after.play(m).expect("a proof holds legal moves");
    match proof {
        Proof::Wins(_) => {
            let _ = writeln!(out, "{pad}{text} #");
        }
        Proof::Forces(_, replies) => {
            let _ = writeln!(out, "{pad}{text}");
            for (r, next) in replies {
                let _ = writeln!(out, "{pad}  {}", notation.uci_move(&*after, *r));
                let mut reply = after.clone_box();
                reply.play(*r).expect("a proof holds legal moves");
                write_node(notation, &*reply, next, indent + 2, out);
            }
        }
    }
}

/// Why a tree is not a proof.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("line {line}: {why}")]
pub struct TreeError {
    /// The line at fault (from 1).
    pub line: usize,
    /// What is wrong.
    pub why: String,
}

/// Checks a tree [`write_tree`] wrote, from `position`, by the rules alone:
/// every attacking move legal, every defence listed, every leaf a win at
/// once. Returns the moves the attacker needs at worst.
pub fn check_tree(
    notation: &dyn Notation,
    position: &dyn AnyPosition,
    text: &str,
) -> Result<u32, TreeError> {
    let lines: Vec<(usize, usize, &str)> = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| (i + 1, (l.len() - l.trim_start().len()) / 2, l.trim()))
        .collect();
    let mut at = 0;
    let n = check_attack(notation, position, &lines, &mut at, 0)?;
    if let Some(&(line, ..)) = lines.get(at) {
        return Err(TreeError {
            line,
            why: "more lines than the proof needs".into(),
        });
    }
    Ok(n)
}

fn check_attack(
    notation: &dyn Notation,
    position: &dyn AnyPosition,
    lines: &[(usize, usize, &str)],
    at: &mut usize,
    indent: usize,
) -> Result<u32, TreeError> {
    let Some(&(line, depth, text)) = lines.get(*at) else {
        return Err(TreeError {
            line: lines.last().map_or(1, |l| l.0),
            why: "the tree ends before the attacker's move".into(),
        });
    };
    let fail = |why: String| TreeError { line, why };
    if depth != indent {
        return Err(fail(format!(
            "expected the attacker's move at indent {indent}"
        )));
    }
    *at += 1;
    let (move_text, wins) = match text.strip_suffix('#') {
        Some(m) => (m.trim(), true),
        None => (text, false),
    };
    let m = notation
        .read_move(position, move_text)
        .map_err(|e| fail(format!("{move_text}: {e}")))?;
    let mut after = position.clone_box();
    after.play(m).map_err(|e| fail(e.to_string()))?;
    let attacker = position.turn();
    if wins {
        return match after.outcome() {
            Some(Outcome::Decisive { winner, .. }) if winner == attacker => Ok(1),
            _ => Err(fail(format!("{move_text} is marked # but does not win"))),
        };
    }
    if after.outcome().is_some() {
        return Err(fail(format!("{move_text} ends the game without a win")));
    }
    let legal = after.legal_moves();
    let mut seen = Vec::new();
    let mut worst = 0;
    while let Some(&(line, depth, text)) = lines.get(*at) {
        if depth != indent + 1 {
            break;
        }
        *at += 1;
        let r = notation.read_move(&*after, text).map_err(|e| TreeError {
            line,
            why: format!("{text}: {e}"),
        })?;
        let mut reply = after.clone_box();
        reply.play(r).map_err(|e| TreeError {
            line,
            why: e.to_string(),
        })?;
        seen.push(r);
        worst = worst.max(check_attack(notation, &*reply, lines, at, indent + 2)?);
    }
    if let Some(missing) = legal.iter().find(|r| !seen.contains(r)) {
        return Err(fail(format!(
            "the defence {} after {move_text} is not answered",
            notation.uci_move(&*after, *missing)
        )));
    }
    Ok(1 + worst)
}
