//! The search for the shortest game that fails the same way.
//!
//! A wrong answer on the last command is described by a [`Target`]: the
//! class of the failing command (what moved, what it removed, check, end;
//! or why it is invalid) and how the program's line differs from the
//! simulator's ([`Shape`]). Games that could fail that way are then run,
//! shortest first:
//!
//! 1. **Every game, length by length**: all games of valid moves from the
//!    initial position whose last command has the class, found by a depth
//!    first walk over the judge's own move generator. A walk towards a
//!    capture is pruned when no piece could reach a piece of the removed
//!    role in the moves left, even on an empty board. Invalid last commands
//!    are packed: an invalid command changes nothing, so one run tries a
//!    game with every such command appended. When every game of a length
//!    was run and none failed, that length is *exhausted*; a failure found
//!    after every shorter length was exhausted is minimal.
//! 2. **Random short games**, when a length has more games than the budget
//!    can run: random playouts that finish with a command of the class,
//!    and generated games of every profile cut after their first one.
//! 3. **A focused walk**, the walk of 1. narrowed to the games the failure
//!    most likely needs, too deep for it ([`walk_focused`]): when the
//!    failing command's step, or a line to a captain after it, crosses an
//!    empty point where a piece was taken earlier in the failing game
//!    ([`Crossing`]; a program that keeps a taken piece somewhere fails
//!    only in such games), games that take a piece, leave the point and
//!    end with a command of the class that crosses it; when the side that
//!    made the failing command had its captain attacked after it, games
//!    whose command before the last makes that attack.
//!
//! Within a length, games the [`Guide`] favours come first: for a
//! program that says check on the move that ends the game, the games
//! where a captain is still attacked after that move.

use super::{class_of, fits, invalid_class, Class, Shrinker, GAME_OVER};
use crate::gen::{self, Profile};
use crate::judge::attacks::{bit, points, tables, Bits};
use crate::judge::{Color, Command, Move, Point, Position, Role};
use crate::verify::{self, Difference};
use rand_chacha::rand_core::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::HashSet;
use std::io;
use std::sync::LazyLock;
use std::time::{Duration, Instant};

/// The fields of a judge line, as bits of [`Shape::Fields`].
const MOVER: u8 = 1;
const REMOVED: u8 = 2;
const CHECK: u8 = 4;
const OVER: u8 = 8;

/// How the program's line differs from the simulator's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Shape {
    /// One is `Invalid command`, the other a move's line.
    Validity,
    /// Both are move lines; the bits of the fields that differ.
    Fields(u8),
    /// Anything else: a missing line, or one in no judge format.
    Other,
}

impl Shape {
    pub(super) fn of(d: &Difference) -> Shape {
        let (Some(e), Some(f)) = (&d.expected, &d.found) else {
            return Shape::Other;
        };
        let invalid = crate::judge::INVALID_LINE;
        if !verify::is_judge_line(e) || !verify::is_judge_line(f) {
            return Shape::Other;
        }
        if (e == invalid) != (f == invalid) {
            return Shape::Validity;
        }
        let mask = e
            .split(';')
            .zip(f.split(';'))
            .zip([MOVER, REMOVED, CHECK, OVER])
            .filter(|((a, b), _)| a != b)
            .fold(0, |m, (_, bit)| m | bit);
        Shape::Fields(mask)
    }

    /// Whether only the check field differs: then what moved does not
    /// matter (the attacker is usually another piece).
    pub(super) fn check_only(self) -> bool {
        self == Shape::Fields(CHECK)
    }
}

/// Which games of a class to try first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Guide {
    /// No preference.
    None,
    /// The check flag is wrong: games whose position after the last
    /// command is attacked alike come first ([`Attacks`]). A program that
    /// says check on the move that ends the game most likely works out
    /// check as usual there, so it fails where a captain is still
    /// attacked; one that only asks whether the side that moved attacks
    /// fails where only the other side does; one with a wrong rule for a
    /// piece fails where a piece of that role attacks a captain, or
    /// nearly does (blocked).
    SameAttacks(Attacks),
    /// The program is wrong about whether a move is valid, or about what
    /// it does: most likely its rule for that piece's step is, so games
    /// whose last command makes the same step (the same `(dx, dy)`) come
    /// first, and among them those with the same points occupied in the
    /// box the step spans (where its blocking points are).
    SameStep(Step),
}

/// A command's step and the occupied points of the box it spans.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Step {
    dx: i64,
    dy: i64,
    /// Bit `i` of the box, row by row from the start: whether occupied.
    occupied: u64,
}

impl Step {
    fn of(game: &Position, c: Command) -> Option<Step> {
        let (dx, dy) = (c.xt - c.xs, c.yt - c.ys);
        if dx.abs() > 3 || dy.abs() > 3 {
            return None;
        }
        let mut occupied = 0;
        let mut i = 0;
        for x in 0..=dx.abs() {
            for y in 0..=dy.abs() {
                let p = Point::new(c.xs + x * dx.signum(), c.ys + y * dy.signum());
                if p.is_some_and(|p| game.board().get(p).is_some()) {
                    occupied |= 1 << i;
                }
                i += 1;
            }
        }
        Some(Step { dx, dy, occupied })
    }
}

/// What a failure found by the search must be like.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Target {
    pub class: Class,
    pub shape: Shape,
    pub guide: Guide,
    /// Whether the failing command crosses a point a piece was taken on
    /// earlier in the game, and how ([`Crossing`]).
    pub crossing: Crossing,
}

/// How the failing command depends on where pieces were taken before it:
/// a program that keeps a taken piece somewhere (a stale list of pieces,
/// a point never cleared) fails only when a move or a line to a captain
/// crosses the empty point it was taken on, after the taker left it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Crossing {
    /// It does not cross such a point.
    None,
    /// Its step passes (a blocking point, or the car's line) an empty
    /// point a piece was taken on.
    Step,
    /// After it, the judge sees check and the line of a piece that gives
    /// it passes one: a program may miss that check.
    Check,
}

/// The points a piece of `role` needs empty to go from `from` to `to` by
/// its rule (a leap's blocking points, or the points the car passes), or
/// none when it cannot make that step even on an empty board.
fn path(role: Role, from: Point, to: Point) -> Option<Bits> {
    let t = tables();
    if role == Role::Car {
        let d = t.direction(from, to)?;
        return Some(t.ray(from, d) & !t.ray(to, d) & !bit(to.index()));
    }
    t.leaps(role, from)
        .iter()
        .find(|l| usize::from(l.other) == to.index())
        .map(|l| l.blocking_points().fold(0, |acc, p| acc | bit(p.index())))
}

/// The points the lines of the pieces that give check pass: for every
/// piece that could take the other side's captain, the points it needs
/// empty to take it.
fn check_paths(game: &Position) -> Bits {
    let board = game.board();
    Color::ALL
        .into_iter()
        .filter_map(|side| Some((side, game.captain(side.other())?)))
        .flat_map(|(side, captain)| {
            game.attackers(captain, side)
                .filter_map(move |at| path(board.get(at)?.role, at, captain))
        })
        .fold(0, |acc, p| acc | p)
}

/// The bit of a command's target point (none when off the board).
fn target_bit(c: Command) -> Bits {
    Point::new(c.xt, c.yt).map_or(0, |p| bit(p.index()))
}

/// The points where a valid move of `commands` took a piece, and the
/// game after them.
fn taken_on(commands: &[Command]) -> (Bits, Position) {
    let mut game = Position::initial();
    let mut taken = 0;
    for &c in commands {
        if let Ok(r) = game.play(c) {
            if r.removed.is_some() {
                taken |= target_bit(c);
            }
        }
    }
    (taken, game)
}

impl Crossing {
    /// Whether `command`, played in `game` where pieces were taken on
    /// `taken`, crosses such a point this way.
    fn crossed(self, game: &Position, taken: Bits, command: Command) -> bool {
        match self {
            Crossing::None => true,
            Crossing::Step => {
                let (Some(from), Some(to)) = (
                    Point::new(command.xs, command.ys),
                    Point::new(command.xt, command.yt),
                ) else {
                    return false;
                };
                let Some(piece) = game.board().get(from) else {
                    return false;
                };
                let empty_taken = taken & !game.board().occupied();
                path(piece.role, from, to).is_some_and(|p| p & empty_taken != 0)
            }
            Crossing::Check => {
                let mut after = game.clone();
                // Only a check the judge sees can be missed for a point
                // wrongly taken as blocked.
                let Ok(r) = after.play(command) else {
                    return false;
                };
                if !r.check {
                    return false;
                }
                let taken = if r.removed.is_some() {
                    taken | target_bit(command)
                } else {
                    taken
                };
                check_paths(&after) & taken & !after.board().occupied() != 0
            }
        }
    }
}

impl Target {
    /// The target of a wrong answer on line `d.line`, the last of
    /// `commands`.
    pub(super) fn new(commands: &[Command], d: &Difference) -> Option<Target> {
        let (&last, before) = commands.split_last()?;
        let shape = Shape::of(d);
        let mut class = class_of(&mut verify::replay(before), last);
        if let Class::Valid {
            mover,
            any_removed,
            over,
            ..
        } = &mut class
        {
            // Only flags wrong: what moved hardly matters.
            if matches!(shape, Shape::Fields(m) if m & (MOVER | REMOVED) == 0) {
                *mover = None;
            }
            // What was taken matters only when it ends the game.
            if shape.check_only() {
                *any_removed = !*over;
            }
        }
        // The program refused a valid move: its check flag is no clue.
        if shape == Shape::Validity {
            if let Class::Valid { check, .. } = &mut class {
                *check = None;
            }
        }
        let before = verify::replay(before);
        let guide = match class {
            _ if shape.check_only() => {
                let mut after = before.clone();
                match after.play(last) {
                    Ok(_) => Guide::SameAttacks(Attacks::of(&after, before.turn())),
                    Err(_) => Guide::None,
                }
            }
            _ => Step::of(&before, last).map_or(Guide::None, Guide::SameStep),
        };
        let (taken, _) = taken_on(commands.split_last()?.1);
        let kind = if shape.check_only() {
            Crossing::Check
        } else {
            Crossing::Step
        };
        let crossing = if taken != 0 && kind.crossed(&before, taken, last) {
            kind
        } else {
            Crossing::None
        };
        Some(Target {
            class,
            shape,
            guide,
            crossing,
        })
    }

    /// Whether `outcome` on `commands` is a wrong answer of this target's
    /// shape on a command of its class.
    pub(super) fn failed_alike(&self, commands: &[Command], d: &Difference) -> bool {
        let Some(k) = d.line.checked_sub(1).filter(|&k| k < commands.len()) else {
            return false;
        };
        Shape::of(d) == self.shape
            && fits(
                &self.class,
                &class_of(&mut verify::replay(&commands[..k]), commands[k]),
            )
    }

    /// How much the guide favours `command` played in `game`: the higher,
    /// the sooner it is tried.
    fn score(&self, game: &Position, command: Command) -> u32 {
        match self.guide {
            Guide::None => 0,
            Guide::SameAttacks(want) => {
                let mut after = game.clone();
                match after.play(command) {
                    Ok(_) => Attacks::of(&after, game.turn()).likeness(want),
                    Err(_) => 0,
                }
            }
            Guide::SameStep(want) => match Step::of(game, command) {
                Some(s) if (s.dx, s.dy) == (want.dx, want.dy) => {
                    1 + 64 - (s.occupied ^ want.occupied).count_ones()
                }
                _ => 0,
            },
        }
    }

    /// A [`Target::score`] that makes a game worth finishing a playout
    /// with: the same sides attacking, or the same step with the same
    /// points occupied around it.
    fn good_score(&self) -> u32 {
        match self.guide {
            Guide::None => 0,
            Guide::SameAttacks(_) => 8,
            Guide::SameStep(_) => 65,
        }
    }

    /// Whether the failing position had the captain of the side that made
    /// the last command attacked by the other side: then the focused walk
    /// ([`walk_focused`]) has the command before the last make that attack.
    fn answers_attack(&self) -> bool {
        matches!(self.guide, Guide::SameAttacks(a) if a.sides & 2 != 0)
    }

    /// Whether playouts should attack captains most of the time: when the
    /// failing position had a captain attacked.
    fn wants_attacks(&self) -> bool {
        matches!(self.guide, Guide::SameAttacks(a) if a.sides != 0)
    }
}

/// Who attacks a captain in a position, whether or not the game is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Attacks {
    /// Bit 0 when the side that just moved attacks the other's captain,
    /// bit 1 when the other side attacks its captain.
    sides: u8,
    /// Bit `role.index()` for each role with a piece that attacks a
    /// captain.
    roles: u8,
    /// The same for pieces that would reach a captain on an empty board
    /// but are blocked.
    blocked: u8,
}

impl Attacks {
    fn of(game: &Position, mover: Color) -> Attacks {
        let t = tables();
        let mut a = Attacks {
            sides: 0,
            roles: 0,
            blocked: 0,
        };
        for (bit, side) in [(1, mover), (2, mover.other())] {
            let Some(at) = game.captain(side.other()) else {
                continue;
            };
            let attackers: Bits = game
                .attackers(at, side)
                .fold(0, |acc, p| acc | 1 << p.index());
            if attackers != 0 {
                a.sides |= bit;
            }
            for (p, piece) in game.board().pieces() {
                if piece.color != side || t.reach(piece.role, p) & 1 << at.index() == 0 {
                    continue;
                }
                if attackers & 1 << p.index() != 0 {
                    a.roles |= 1 << piece.role.index();
                } else {
                    a.blocked |= 1 << piece.role.index();
                }
            }
        }
        a
    }

    /// How much alike: the same sides attacking counts most, then each
    /// role attacking in both, then each role blocked in both.
    fn likeness(self, other: Attacks) -> u32 {
        8 * u32::from(self.sides == other.sides)
            + 2 * (self.roles & other.roles).count_ones()
            + (self.blocked & other.blocked).count_ones()
    }
}

/// The commands of `target`'s class that can be played last in `game`.
fn finishing(game: &Position, class: &Class) -> Vec<Command> {
    match class {
        Class::Valid {
            mover,
            removed,
            any_removed,
            ..
        } => {
            let board = game.board();
            game.moves()
                .into_iter()
                .filter(|m| mover.is_none_or(|p| board.get(m.from) == Some(p)))
                .filter(|m| *any_removed || board.get(m.to).map(|p| p.role) == *removed)
                .map(Command::from)
                .filter(|&c| fits(class, &class_of(&mut game.clone(), c)))
                .collect()
        }
        // Nothing is refused for the end before the end.
        Class::Invalid(GAME_OVER, ..) if !game.is_over() => Vec::new(),
        Class::Invalid(..) => invalid_commands(game, class),
    }
}

/// Moves a piece of each role needs on an empty board, from each point
/// to each point, up to [`FAR`]: `WITHIN[role][from][k]` holds the points
/// reached in at most `k` moves.
const FAR: usize = 8;
type Within = Vec<[[Bits; FAR + 1]; Point::COUNT]>;
static WITHIN: LazyLock<Within> = LazyLock::new(|| {
    let t = tables();
    Role::ALL
        .iter()
        .map(|&role| {
            let mut by_point = [[0; FAR + 1]; Point::COUNT];
            for (from, row) in by_point.iter_mut().enumerate() {
                row[0] = 1 << from;
                for k in 1..=FAR {
                    let before = row[k - 1];
                    row[k] = points(before).fold(before, |acc, p| acc | t.reach(role, p));
                }
            }
            by_point
        })
        .collect()
});

fn within(role: Role, from: Point, moves: usize) -> Bits {
    WITHIN[role.index()][from.index()][moves.min(FAR)]
}

/// Whether a game of `left` more commands (valid moves) from `game` can
/// end with a command of `class`: for a capture, some piece of the side
/// that makes it reaches, even on an empty board, a point where a piece of
/// the removed role can be by then.
fn can_end(game: &Position, class: &Class, left: usize) -> bool {
    let (mover, role) = match class {
        Class::Valid {
            mover,
            removed: Some(role),
            any_removed: false,
            ..
        } => (mover, role),
        // A command after the end needs a captain taken before it.
        Class::Invalid(GAME_OVER, ..) if !game.is_over() => {
            return (1..left).any(|k| can_end(game, &CAPTAIN_TAKEN, k));
        }
        _ => return true,
    };
    // The last command is made by the side to move when `left` is odd.
    let side = if left % 2 == 1 {
        game.turn()
    } else {
        game.turn().other()
    };
    if mover.is_some_and(|p| p.color != side) {
        return false;
    }
    if left > FAR {
        return true;
    }
    let board = game.board();
    let (own_moves, their_moves) = (left.div_ceil(2), left / 2);
    let meeting = board
        .pieces()
        .filter(|(_, p)| p.color == side.other() && p.role == *role)
        .fold(0, |acc, (at, _)| acc | within(*role, at, their_moves));
    board
        .pieces()
        .filter(|(_, p)| p.color == side && mover.is_none_or(|m| m == *p))
        .any(|(at, p)| within(p.role, at, own_moves) & meeting != 0)
}

/// A move that takes a captain.
const CAPTAIN_TAKEN: Class = Class::Valid {
    mover: None,
    removed: Some(Role::Captain),
    any_removed: false,
    check: Some(false),
    over: true,
};

/// Positions a walk for one length may visit.
const MAX_VISITS: usize = 600_000;

/// The games of one length: each prefix of valid moves with the commands
/// of the class that can end it.
struct Games {
    groups: Vec<(Vec<Command>, Vec<Command>)>,
    /// Whether every game of the length was found (no cap, no deadline).
    complete: bool,
    visits: usize,
}

impl Games {
    /// No game found yet, none missed.
    fn none_yet() -> Games {
        Games {
            groups: Vec::new(),
            complete: true,
            visits: 0,
        }
    }
}

fn walk(
    game: &Position,
    path: &mut Vec<Command>,
    left: usize,
    class: &Class,
    g: &mut Games,
    deadline: Instant,
) {
    if !g.complete {
        return;
    }
    g.visits += 1;
    if g.visits > MAX_VISITS || (g.visits.is_multiple_of(4096) && Instant::now() >= deadline) {
        g.complete = false;
        return;
    }
    if left == 1 {
        let finals = finishing(game, class);
        if !finals.is_empty() {
            g.groups.push((path.clone(), finals));
        }
        return;
    }
    if !can_end(game, class, left) {
        return;
    }
    game.for_each_move(|m| {
        let mut next = game.clone();
        if next.play_generated(m).is_ok() {
            path.push(m.into());
            walk(&next, path, left - 1, class, g, deadline);
            path.pop();
        }
    });
}

/// Every game of `len` commands, valid moves but the last, whose last
/// command has the class.
fn games_of_length(class: &Class, len: usize, deadline: Instant) -> Games {
    let mut g = Games::none_yet();
    walk(
        &Position::initial(),
        &mut Vec::new(),
        len,
        class,
        &mut g,
        deadline,
    );
    g
}

/// The walk of [`walk`] narrowed to the games the target most likely
/// fails in, when there are too many to walk them all. For a target that
/// crosses a point a piece was taken on: only games that take a piece,
/// leave the point it was taken on, and end with a command of the class
/// that crosses it ([`Crossing::crossed`]); a piece taken on a point
/// stands there until its taker's side moves again, so a capture comes
/// at least two commands before the end (three for a step through the
/// point: the taker leaves first). For a target whose last command leaves
/// its own side's captain attacked ([`Target::answers_attack`]): only
/// games whose command before the last makes that attack.
#[allow(clippy::too_many_arguments)]
fn walk_focused(
    game: &Position,
    path: &mut Vec<Command>,
    left: usize,
    taken: Bits,
    target: &Target,
    g: &mut Games,
    deadline: Instant,
) {
    if !g.complete {
        return;
    }
    g.visits += 1;
    if g.visits > MAX_VISITS || (g.visits.is_multiple_of(4096) && Instant::now() >= deadline) {
        g.complete = false;
        return;
    }
    if left == 1 {
        let finals: Vec<Command> = finishing(game, &target.class)
            .into_iter()
            .filter(|&c| target.crossing.crossed(game, taken, c))
            .collect();
        if !finals.is_empty() {
            g.groups.push((path.clone(), finals));
        }
        return;
    }
    if !can_end(game, &target.class, left) {
        return;
    }
    let board = game.board();
    let need = if target.crossing == Crossing::Check {
        2
    } else {
        3
    };
    let must_take = taken == 0 && target.crossing != Crossing::None;
    if must_take && left - 1 < need {
        return;
    }
    // Nothing left to take first but this command: it must take.
    let take_now = must_take && left - 1 == need;
    // A step through the point needs it left before the last command.
    let leave_now =
        target.crossing == Crossing::Step && left == 2 && taken & !board.occupied() == 0;
    // The side that makes the last command must be attacked after it: the
    // command before it most likely makes that attack (not when the last
    // command opens a line through a point a piece was taken on).
    let attack_now = left == 2 && target.answers_attack() && target.crossing == Crossing::None;
    game.for_each_move(|m| {
        let takes = board.get(m.to).is_some();
        if (take_now && !takes) || (leave_now && taken & bit(m.from.index()) == 0) {
            return;
        }
        let mut next = game.clone();
        if next.play_generated(m).is_ok() {
            let attacked = next
                .captain(game.turn().other())
                .is_some_and(|c| next.attackers(c, game.turn()).next().is_some());
            if attack_now && !attacked {
                return;
            }
            let taken = if takes {
                taken | bit(m.to.index())
            } else {
                taken
            };
            path.push(m.into());
            walk_focused(&next, path, left - 1, taken, target, g, deadline);
            path.pop();
        }
    });
}

/// Every game of `len` commands of the focused walk ([`walk_focused`]).
fn focused_games(target: &Target, len: usize, deadline: Instant) -> Games {
    let mut g = Games::none_yet();
    walk_focused(
        &Position::initial(),
        &mut Vec::new(),
        len,
        0,
        target,
        &mut g,
        deadline,
    );
    g
}

/// Invalid commands packed in one run at most.
const PACK: usize = 400;

/// The inputs that try every game of `games`, guided ones first: one per
/// game, or for invalid last commands one per prefix, packed.
fn inputs(target: &Target, games: &Games) -> Vec<Vec<Command>> {
    let mut scored = Vec::new();
    for (prefix, finals) in &games.groups {
        if let Class::Invalid(..) = target.class {
            for chunk in finals.chunks(PACK) {
                let mut c = prefix.clone();
                c.extend_from_slice(chunk);
                scored.push((0, c));
            }
            continue;
        }
        let game = verify::replay(prefix);
        for &f in finals {
            let mut c = prefix.clone();
            c.push(f);
            scored.push((target.score(&game, f), c));
        }
    }
    // Stable: games of one score in the order of the walk.
    scored.sort_by_key(|(score, _)| std::cmp::Reverse(*score));
    scored.into_iter().map(|(_, c)| c).collect()
}

/// The longest game the search walks through every game of.
const MAX_EXHAUSTIVE_LEN: usize = 9;
/// Batches of the likeliest games of a length run when not all can be.
const GUIDED_BATCHES: usize = 8;
/// The longest game the focused walk ([`walk_focused`]) goes to.
const MAX_FOCUSED_LEN: usize = 12;
/// Batches of random games run at most.
const RANDOM_BATCHES: usize = 12;
/// Random playouts of one search.
const PLAYOUTS: usize = 20_000;
/// Generated games per profile.
const GENERATED: u64 = 300;
/// Games searched have at most this many commands.
pub(super) const MAX_SEARCH_LEN: usize = 24;

impl Shrinker<'_> {
    /// The search of the module documentation, within the first part of
    /// the time budget; the deletion passes get the rest.
    pub(super) fn search(&mut self, target: &Target) -> io::Result<()> {
        let start = Instant::now();
        let budget = self.deadline.saturating_duration_since(start);
        let walk_until = start + budget.mul_f64(0.3);
        let random_until = start + budget.mul_f64(0.5);
        // After the random games (which find the same games as without
        // it), the focused walk takes up to 0.65 of the budget.
        let focused = target.crossing != Crossing::None || target.answers_attack();
        let jobs = self.config.jobs.max(1);
        // What one run costs with `jobs` at once.
        let per_run =
            self.best.elapsed.max(Duration::from_millis(1)) / self.config.jobs.max(1) as u32;
        for len in 1..self.current.len().min(MAX_EXHAUSTIVE_LEN + 1) {
            let games = games_of_length(&target.class, len, walk_until);
            let mut inputs = inputs(target, &games);
            let left = walk_until.saturating_duration_since(Instant::now());
            let affordable = (left.as_secs_f64() / per_run.as_secs_f64()) as usize;
            let all = games.complete
                && inputs.len() <= affordable.min(super::MAX_SHRINK_RUNS - self.runs);
            if !all {
                // Too many to prove anything: the likeliest only.
                inputs.truncate(GUIDED_BATCHES * jobs);
            }
            if self.run_alike(target, inputs, walk_until)? {
                return Ok(());
            }
            if !all || !games.complete {
                break;
            }
            self.exhausted = len;
        }
        if self.current.len() > self.exhausted + 1 {
            let games = random_games(
                target,
                self.current.len().min(MAX_SEARCH_LEN + 1),
                random_until,
            );
            let games = games.into_iter().take(RANDOM_BATCHES * jobs).collect();
            self.run_alike(target, games, random_until)?;
        }
        if focused {
            let until = start + budget.mul_f64(0.65);
            for len in self.exhausted + 1..self.current.len().min(MAX_FOCUSED_LEN + 1) {
                if Instant::now() >= until {
                    break;
                }
                let games = focused_games(target, len, until);
                let mut inputs = inputs(target, &games);
                inputs.truncate(GUIDED_BATCHES * jobs);
                if self.run_alike(target, inputs, until)? {
                    break;
                }
            }
        }
        Ok(())
    }

    /// Runs `inputs` in order, `jobs` at a time, until one fails like
    /// `target` (then kept, and true) or `until`; whether one did.
    fn run_alike(
        &mut self,
        target: &Target,
        inputs: Vec<Vec<Command>>,
        until: Instant,
    ) -> io::Result<bool> {
        let jobs = self.config.jobs.max(1);
        let mut inputs = inputs
            .into_iter()
            .filter(|c| c.len() < self.current.len() || matches!(target.class, Class::Invalid(..)))
            .filter(|c| self.tried.insert(c.clone()))
            .peekable();
        while inputs.peek().is_some() && self.runs < super::MAX_SHRINK_RUNS {
            if Instant::now() >= until.min(self.deadline) {
                self.stopped_early |= Instant::now() >= self.deadline;
                break;
            }
            let batch: Vec<Vec<Command>> = inputs.by_ref().take(jobs).collect();
            for (candidate, outcome) in Self::run_batch(self.config, &mut self.runs, batch) {
                let outcome = outcome?;
                let alike = match &outcome.verdict {
                    super::Verdict::WrongAnswer(d) => {
                        d.line < self.current.len() && target.failed_alike(&candidate, d)
                    }
                    _ => false,
                };
                if alike {
                    self.keep(candidate, outcome);
                    return Ok(true);
                }
            }
        }
        Ok(false)
    }
}

/// Short games whose last command, and only it, has the class, shorter
/// than `limit`: random playouts from the initial position (seeded: the
/// same every time) that play valid moves, half the time one that gives
/// check when there is one (three times in four when the failing position
/// had a captain attacked), and finish with a command of the class (with
/// one the guide favours enough as soon as there is one, otherwise now and
/// then);
/// then generated games of every profile, cut after their first command of
/// the class. Games the guide favours enough first, shortest first.
fn random_games(target: &Target, limit: usize, until: Instant) -> Vec<Vec<Command>> {
    let class = &target.class;
    let mut rng = ChaCha8Rng::seed_from_u64(0x5eed);
    let mut below = |n: usize| ((u64::from(rng.next_u32()) * n as u64) >> 32) as usize;
    let mut found: Vec<(u32, Vec<Command>)> = Vec::new();
    let mut seen = HashSet::new();
    let mut note = |score: u32, game: Vec<Command>, found: &mut Vec<(u32, Vec<Command>)>| {
        if seen.insert(game.clone()) {
            found.push((score, game));
        }
    };
    let good = target.good_score();
    let attack_odds = if target.wants_attacks() { 4 } else { 2 };
    for i in 0..PLAYOUTS {
        if i.is_multiple_of(64) && Instant::now() >= until {
            break;
        }
        let mut game = Position::initial();
        let mut path: Vec<Command> = Vec::new();
        while path.len() + 1 < limit {
            let finals: Vec<(u32, Command)> = finishing(&game, class)
                .into_iter()
                .map(|c| (target.score(&game, c), c))
                .collect();
            let top = finals.iter().map(|&(s, _)| s).max();
            if top.is_some_and(|t| t >= good) {
                for &(s, f) in &finals {
                    let mut g = path.clone();
                    g.push(f);
                    note(s, g, &mut found);
                }
                break;
            }
            if let Some(top) = top {
                let mut g = path.clone();
                let tops: Vec<Command> =
                    finals.iter().filter(|f| f.0 == top).map(|f| f.1).collect();
                g.push(tops[below(tops.len())]);
                note(top, g, &mut found);
                if below(2) == 0 {
                    break;
                }
            }
            let moves = game.moves();
            if moves.is_empty() {
                break;
            }
            let checks: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|&m| {
                    let mut g = game.clone();
                    g.play(m.into()).is_ok_and(|r| r.check)
                })
                .collect();
            // A command refused because the game is over needs a game that
            // ends: take a captain whenever one can be taken.
            let ending = moves.iter().copied().find(|&m| {
                matches!(class, Class::Invalid(GAME_OVER, ..))
                    && game
                        .board()
                        .get(m.to)
                        .is_some_and(|p| p.role == Role::Captain)
            });
            let m = match ending {
                Some(m) => m,
                None if !checks.is_empty() && below(attack_odds) != 0 => {
                    checks[below(checks.len())]
                }
                None => moves[below(moves.len())],
            };
            game.play_generated(m).expect("a generated move is valid");
            path.push(m.into());
        }
    }
    for profile in [
        Profile::Endgame,
        Profile::Realistic,
        Profile::Invalid,
        Profile::Quiet,
    ] {
        for seed in 0..GENERATED {
            if Instant::now() >= until {
                break;
            }
            let commands = gen::generate(seed, limit.saturating_sub(1), profile);
            let mut game = Position::initial();
            for (k, &c) in commands.iter().enumerate() {
                let before = game.clone();
                if fits(class, &class_of(&mut game, c)) {
                    note(
                        target.score(&before, c),
                        commands[..=k].to_vec(),
                        &mut found,
                    );
                    break;
                }
            }
        }
    }
    // Stable: among games of one length, the first found comes first.
    // Games the guide favours enough first, shortest first.
    found.sort_by_key(|(score, g)| (*score < good, g.len(), std::cmp::Reverse(*score)));
    found.into_iter().map(|(_, g)| g).collect()
}

/// The commands between points of the board that are invalid in `game` in
/// the way `class` says. After the end of the game, the moves the side to
/// move could make if the game went on, when it has any: those are what
/// a program that does not stop at the end gets wrong.
pub(super) fn invalid_commands(game: &Position, class: &Class) -> Vec<Command> {
    if matches!(class, Class::Invalid(GAME_OVER, ..)) && game.is_over() {
        let would_be: Vec<Command> = game
            .board()
            .points_of(game.turn())
            .flat_map(|from| {
                game.targets(from)
                    .into_iter()
                    .map(move |to| Move { from, to }.into())
            })
            .collect();
        if !would_be.is_empty() {
            return would_be;
        }
    }
    let role = match class {
        Class::Invalid(_, role, _) => *role,
        Class::Valid { .. } => return Vec::new(),
    };
    let mut commands = Vec::new();
    for from in Point::all() {
        // A class that names a role needs a piece of that role to start on.
        if role.is_some() && game.board().get(from).map(|p| p.role) != role {
            continue;
        }
        for to in Point::all() {
            if let Err(e) = game.validate(Move { from, to }) {
                if invalid_class(e) == *class {
                    commands.push(Move { from, to }.into());
                }
            }
        }
    }
    commands
}

#[cfg(test)]
mod tests;
