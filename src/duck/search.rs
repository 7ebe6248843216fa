//! The computer opponent: a negamax alpha-beta search over the position's
//! own move generator ([`Position::for_each_move`], `Position::make`,
//! `Position::unmake`), with a material + mobility evaluation.
//!
//! Everything is deterministic: the same position and depth always give the
//! same move, so games and tests replay exactly. A move that removes the
//! enemy captain ends the game and is always taken at once.
//!
//! ```
//! use duckchess::duck::{search, Position};
//! let pos = Position::initial();
//! let choice = search::choose(&pos, 2).unwrap();
//! assert!(pos.validate(choice.best).is_ok());
//! ```

use crate::duck::{Color, Move, Point, Position, Role};
use std::sync::atomic::{AtomicBool, Ordering};

/// The depth `duckchess play` searches to unless told otherwise: it replies
/// in well under a second from the opening in a release build on a 2-core
/// machine (see the README for the measurements).
pub const DEFAULT_DEPTH: u32 = 4;

/// The score of a won game, less the plies it takes: the search prefers the
/// quickest win and the slowest loss.
pub const WIN: i32 = 1_000_000;

/// Scores above this (or below its negation) are wins (losses) in plies.
const WIN_BOUND: i32 = WIN - 1000;

/// How much mobility counts: this many points per reachable point more than
/// the other side has.
const MOBILITY: i32 = 4;

/// How much each reachable point next to the enemy captain (or on it)
/// counts on top of [`MOBILITY`]: pressure on the captain's escape points is
/// what wins the game.
const CAPTAIN_ZONE: i32 = 12;

/// How much being near the enemy captain counts, per point of closeness
/// (17 less the row and column distance). Without it the search has no
/// reason to bring pieces closer once material is settled, and games drift.
const TROPISM: i32 = 2;

/// How many plies of captures the quiescence search may add past the depth,
/// so the horizon never falls in the middle of an exchange.
const QUIESCENCE_PLIES: u32 = 6;

/// What each role is worth in the evaluation, in hundredths of a soldier-ish
/// unit. The captain is priceless: losing it ends the game, which the search
/// sees directly, so it counts for nothing here.
pub const fn value(role: Role) -> i32 {
    match role {
        Role::Captain => 0,
        Role::Guard => 200,
        Role::Elephant => 200,
        Role::Soldier => 250,
        Role::Horse => 400,
        Role::Duck => 450,
        Role::Car => 900,
    }
}

/// The search's answer.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The move to play: always valid in the position searched.
    pub best: Move,
    /// Its score for the side to move (see [`WIN`]).
    pub score: i32,
    /// Positions visited.
    pub nodes: u64,
}

impl Choice {
    /// In how many plies (counting this move) the side to move removes the
    /// enemy captain whatever the other side does, if the search proved it.
    pub fn win_in(&self) -> Option<u32> {
        (self.score > WIN_BOUND).then(|| (WIN - self.score) as u32)
    }

    /// In how many plies the other side removes this side's captain whatever
    /// it does, if the search proved it.
    pub fn loss_in(&self) -> Option<u32> {
        (self.score < -WIN_BOUND).then(|| (WIN + self.score) as u32)
    }
}

/// The best move for the side to move, searching `depth` plies (at least
/// one) plus captures; `None` when the game is over or the side to move has
/// no valid move.
pub fn choose(position: &Position, depth: u32) -> Option<Choice> {
    static NEVER: AtomicBool = AtomicBool::new(false);
    choose_unless(position, depth, &NEVER)
}

/// [`choose`], giving up (with `None`) soon after `stop` is set: for a
/// search on another thread whose answer is no longer wanted.
pub fn choose_unless(position: &Position, depth: u32, stop: &AtomicBool) -> Option<Choice> {
    let mut pos = position.clone();
    let mut moves = ordered_moves(&pos);
    let first = *moves.first()?;
    // A captain within reach is taken whatever the depth: nothing beats it.
    if removes_captain(&pos, first) {
        return Some(Choice {
            best: first,
            score: WIN - 1,
            nodes: 1,
        });
    }
    let mut search = Search::new(stop);
    let mut best = Choice {
        best: first,
        score: -WIN,
        nodes: 0,
    };
    // Iterative deepening: each pass tries the previous pass's best move
    // first, which makes the alpha-beta cut-offs of the next pass sharper.
    for d in 1..=depth.max(1) {
        let mut alpha = -WIN;
        let mut pass_best = moves[0];
        for &m in &moves {
            let undo = pos.make(m);
            let score = -search.negamax(&mut pos, d - 1, 1, -WIN, -alpha);
            pos.unmake(m, undo);
            if search.stopped {
                return None;
            }
            if score > alpha {
                alpha = score;
                pass_best = m;
            }
        }
        best = Choice {
            best: pass_best,
            score: alpha,
            nodes: search.nodes,
        };
        // A proven result does not change with more depth.
        if alpha.abs() > WIN_BOUND {
            break;
        }
        let i = moves.iter().position(|&m| m == pass_best).unwrap_or(0);
        moves[..=i].rotate_right(1);
    }
    Some(best)
}

/// The static evaluation for the side to move: material, mobility (how
/// many points each side's pieces can reach), pressure on the points around
/// the enemy captain, and closeness to it.
pub fn evaluate(pos: &Position) -> i32 {
    let mut score = 0;
    for color in Color::ALL {
        let sign = if color == pos.turn() { 1 } else { -1 };
        let enemy = pos.captain(color.other());
        let near = |p: Point, e: Point| (p.x() - e.x()).abs().max((p.y() - e.y()).abs()) <= 1;
        let mut side = 0;
        for from in pos.board().points_of(color) {
            let role = pos.board().get(from).map_or(Role::Captain, |p| p.role);
            side += value(role);
            let (mut reach, mut zone) = (0, 0);
            pos.for_each_target(from, |to| {
                reach += 1;
                zone += i32::from(enemy.is_some_and(|e| near(to, e)));
            });
            side += MOBILITY * reach + CAPTAIN_ZONE * zone;
            if let (Some(e), true) = (enemy, role != Role::Captain) {
                let distance = (from.x() - e.x()).abs() + (from.y() - e.y()).abs();
                side += TROPISM * (17 - distance);
            }
        }
        score += sign * side;
    }
    score
}

/// The search's memory within one [`choose`]: what cut off before orders
/// the moves of the next node, which makes alpha-beta prune far more.
struct Search<'a> {
    nodes: u64,
    /// Set from outside when the answer is no longer wanted.
    stop: &'a AtomicBool,
    /// `stop` was seen: every node returns at once.
    stopped: bool,
    /// Per ply, the last two quiet moves that caused a cut-off there.
    killers: Vec<[Option<Move>; 2]>,
    /// Per start and target point, how often (weighted by depth) a quiet
    /// move caused a cut-off anywhere.
    history: Vec<[i32; Point::COUNT]>,
}

impl Search<'_> {
    fn new(stop: &AtomicBool) -> Search<'_> {
        Search {
            nodes: 0,
            stop,
            stopped: false,
            killers: Vec::new(),
            history: vec![[0; Point::COUNT]; Point::COUNT],
        }
    }

    /// The moves of `pos` ordered with what the search has learnt: captain
    /// capture and captures as [`ordered_moves`], then this ply's killers,
    /// then the other quiet moves by history. The sort is stable.
    fn ordered(&self, pos: &Position, ply: u32) -> Vec<Move> {
        let mut moves = ordered_moves(pos);
        let quiet = moves
            .iter()
            .position(|m| pos.board().get(m.to).is_none())
            .unwrap_or(moves.len());
        let killers = self.killers.get(ply as usize).copied().unwrap_or_default();
        moves[quiet..].sort_by_key(|&m| {
            if Some(m) == killers[0] {
                i32::MIN
            } else if Some(m) == killers[1] {
                i32::MIN + 1
            } else {
                -self.history[m.from.index()][m.to.index()]
            }
        });
        moves
    }

    /// Remembers that the quiet move `m` cut off at `ply`, `depth` plies
    /// from the horizon.
    fn cut_off(&mut self, m: Move, ply: u32, depth: u32) {
        let ply = ply as usize;
        if self.killers.len() <= ply {
            self.killers.resize(ply + 1, [None; 2]);
        }
        let k = &mut self.killers[ply];
        if k[0] != Some(m) {
            *k = [Some(m), k[0]];
        }
        let h = &mut self.history[m.from.index()][m.to.index()];
        *h = h.saturating_add((depth * depth) as i32).min(1 << 24);
    }

    /// Counts a node; whether the search must stop (its score is then
    /// meaningless and is thrown away).
    #[inline]
    fn visit(&mut self) -> bool {
        self.nodes += 1;
        // One atomic load per thousand nodes: a stop is seen within a
        // millisecond or so, at no measurable cost.
        if self.nodes % 1024 == 0 && self.stop.load(Ordering::Relaxed) {
            self.stopped = true;
        }
        self.stopped
    }

    /// Negamax with alpha-beta: the score of `pos` for the side to move,
    /// `ply` plies below the root.
    fn negamax(
        &mut self,
        pos: &mut Position,
        depth: u32,
        ply: u32,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        if self.visit() {
            return 0;
        }
        if pos.is_over() {
            // The side that just moved removed our captain.
            return -(WIN - ply as i32);
        }
        if depth == 0 {
            return self.quiescence(pos, QUIESCENCE_PLIES, ply, alpha, beta);
        }
        let moves = self.ordered(pos, ply);
        match moves.first() {
            None => return evaluate(pos),
            Some(&m) if removes_captain(pos, m) => return WIN - (ply as i32 + 1),
            Some(_) => {}
        }
        for m in moves {
            let capture = pos.board().get(m.to).is_some();
            let undo = pos.make(m);
            let score = -self.negamax(pos, depth - 1, ply + 1, -beta, -alpha);
            pos.unmake(m, undo);
            if score >= beta {
                if !capture {
                    self.cut_off(m, ply, depth);
                }
                return score;
            }
            alpha = alpha.max(score);
        }
        alpha
    }

    /// Captures only, standing pat on the evaluation, until the position is
    /// quiet. When our own captain is attacked, standing pat would ignore
    /// the threat, so every move is searched instead (while plies remain).
    fn quiescence(
        &mut self,
        pos: &mut Position,
        left: u32,
        ply: u32,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        if self.visit() {
            return 0;
        }
        if pos.is_over() {
            return -(WIN - ply as i32);
        }
        let moves = ordered_moves(pos);
        if let Some(&m) = moves.first() {
            if removes_captain(pos, m) {
                return WIN - (ply as i32 + 1);
            }
        }
        let threatened = pos
            .captain(pos.turn())
            .is_some_and(|c| pos.attackers(c, pos.turn().other()).next().is_some());
        let all = threatened && left > 0 && !moves.is_empty();
        if !all {
            let stand = evaluate(pos);
            if stand >= beta || left == 0 {
                return stand;
            }
            alpha = alpha.max(stand);
        }
        for m in moves {
            if !all && pos.board().get(m.to).is_none() {
                // Ordered moves put captures first: the rest are quiet.
                break;
            }
            let undo = pos.make(m);
            let score = -self.quiescence(pos, left - 1, ply + 1, -beta, -alpha);
            pos.unmake(m, undo);
            if score >= beta {
                return score;
            }
            alpha = alpha.max(score);
        }
        alpha
    }
}

fn removes_captain(pos: &Position, m: Move) -> bool {
    pos.board()
        .get(m.to)
        .is_some_and(|p| p.role == Role::Captain)
}

/// The valid moves, best candidates first: a captain capture, then other
/// captures, most valuable victim first and cheapest attacker first among
/// them, then the quiet moves in generation order. The sort is stable, so
/// the order (and so the search) is deterministic.
fn ordered_moves(pos: &Position) -> Vec<Move> {
    let mut moves = pos.moves();
    let board = pos.board();
    moves.sort_by_key(|m| match board.get(m.to) {
        Some(victim) if victim.role == Role::Captain => i32::MIN,
        Some(victim) => {
            let attacker = board.get(m.from).map_or(0, |p| value(p.role));
            -(16 * value(victim.role) - attacker) - 1
        }
        None => 0,
    });
    moves
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::duck::Command;

    fn pos(fen: &str) -> Position {
        fen.parse().unwrap()
    }

    fn point(x: i64, y: i64) -> Point {
        Point::new(x, y).unwrap()
    }

    /// Whether the side to move wins by force within `plies` plies (odd),
    /// by brute force over every move: an independent check of the search.
    fn forced_win(pos: &mut Position, plies: u32) -> bool {
        if plies == 0 {
            return false;
        }
        pos.moves().into_iter().any(|m| {
            let undo = pos.make(m);
            let won = pos.is_over()
                || (plies > 2
                    && !pos.moves().is_empty()
                    && pos.moves().into_iter().all(|r| {
                        let u = pos.make(r);
                        let w = !pos.is_over() && forced_win(pos, plies - 2);
                        pos.unmake(r, u);
                        w
                    }));
            pos.unmake(m, undo);
            won
        })
    }

    #[test]
    fn takes_the_captain_rather_than_a_car() {
        // Red's horse on (7,3) reaches the blue captain on (9,4); red's car
        // on (0,8) could instead take the blue car on (9,8).
        let p = pos("4k3r/9/3H5/9/9/9/9/9/9/4K3R w - - 0 1");
        let choice = choose(&p, 3).unwrap();
        assert_eq!(choice.best.to, point(9, 4));
        assert_eq!(choice.win_in(), Some(1));
        let mut after = p.clone();
        let record = after.play(Command::from(choice.best)).unwrap();
        assert!(record.over);
        assert_eq!(after.winner(), Some(Color::Red));
    }

    #[test]
    fn finds_a_captain_capture_forced_in_three_plies() {
        // The blue captain in the corner (9,0); a red car on (8,8) holds row
        // 8; the other red car, on (1,7), can close row 9.
        let p = pos("k8/8R/9/9/9/9/9/9/7R1/4K4 w - - 0 1");
        let mut check = p.clone();
        assert!(!forced_win(&mut check, 1), "not a win in one ply");
        assert!(forced_win(&mut check, 3), "a win in three plies");
        let choice = choose(&p, 3).unwrap();
        assert_eq!(choice.win_in(), Some(3), "{choice:?}");
        // Whatever blue answers, red then removes the captain.
        let mut after = p.clone();
        after.play(Command::from(choice.best)).unwrap();
        let replies = after.moves();
        assert!(!replies.is_empty());
        for reply in replies {
            let mut line = after.clone();
            line.play(Command::from(reply)).unwrap();
            let finish = choose(&line, 1).unwrap();
            assert_eq!(finish.win_in(), Some(1), "after {reply:?}");
            assert!(line.play(Command::from(finish.best)).unwrap().over);
        }
    }

    #[test]
    fn sees_a_forced_loss_and_reports_it() {
        // Blue to move in the same net after red closed row 9: every blue
        // move loses the captain next ply.
        let p = pos("k6R1/8R/9/9/9/9/9/9/9/4K4 b - - 0 1");
        let choice = choose(&p, 2).unwrap();
        assert_eq!(choice.loss_in(), Some(2), "{choice:?}");
    }

    #[test]
    fn plays_only_valid_moves_and_is_deterministic() {
        let mut game = Position::initial();
        for _ in 0..16 {
            let Some(choice) = choose(&game, 2) else {
                break;
            };
            assert_eq!(choose(&game, 2), Some(choice));
            assert_eq!(game.validate(choice.best), Ok(()));
            game.play(Command::from(choice.best)).unwrap();
        }
    }

    #[test]
    fn nothing_to_choose_once_the_game_is_over() {
        let mut p = pos("4k4/9/3H5/9/9/9/9/9/9/4K4 w - - 0 1");
        p.play(Command::new(7, 3, 9, 4)).unwrap();
        assert!(p.is_over());
        assert_eq!(choose(&p, 3), None);
    }

    #[test]
    fn evaluation_is_symmetric_and_counts_material() {
        let start = Position::initial();
        assert_eq!(evaluate(&start), 0);
        // Red without its car on (0,0) is worse off, from either side's view.
        let p = pos("rheakaehr/9/d7d/s1s1s1s1s/9/9/S1S1S1S1S/D7D/9/1HEAKAEHR b - - 0 1");
        assert!(evaluate(&p) > 0);
    }
}
