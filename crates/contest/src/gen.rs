//! Seeded generator of judge inputs that play real games.
//!
//! A [`Generator`] keeps a [`Position`] and hands out one [`Command`] at a
//! time: valid moves of the side to move (picked from
//! [`Position::for_each_move`]) mixed, by [`Profile`], with invalid commands
//! of every kind the contest can produce, and commands after the game has
//! ended. Every coordinate is on the board, as the contest guarantees.
//!
//! Randomness comes from ChaCha8 ([`rand_chacha::ChaCha8Rng`]) seeded with
//! `seed_from_u64`, and every choice is drawn from its 32-bit outputs with
//! integer arithmetic only, so a seed gives the same bytes on every machine
//! for a given version of this crate.

use crate::judge::attacks::{points, tables, Bits, DIRECTIONS};
use crate::judge::{Command, Invalid, Move, Point, Position};
use rand_chacha::rand_core::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::io::{self, Write};

/// What kind of game a generated input plays.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum Profile {
    /// Mostly valid moves, every kind of invalid command mixed in; the
    /// game ends late in the input (in its last fifth, usually), and a few
    /// commands follow the end.
    #[default]
    Realistic,
    /// Valid moves without captures and a few invalid commands: long games
    /// on a full board, for speed runs.
    Quiet,
    /// Mostly invalid commands of every kind.
    Invalid,
    /// Captures preferred: games end early.
    Endgame,
}

/// The name on the command line: `realistic`, `quiet`, …
impl std::fmt::Display for Profile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Profile::Realistic => "realistic",
            Profile::Quiet => "quiet",
            Profile::Invalid => "invalid",
            Profile::Endgame => "endgame",
        })
    }
}

impl Profile {
    /// Percent of commands (before the end) that are deliberately invalid.
    const fn invalid_percent(self) -> u32 {
        match self {
            Profile::Realistic => 20,
            Profile::Quiet => 5,
            Profile::Invalid => 80,
            Profile::Endgame => 10,
        }
    }
}

/// The on-board kinds of invalid command the generator makes on purpose
/// (after the end of a game every command is invalid anyway).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Wrong {
    NoPiece,
    EnemyPiece,
    OwnTarget,
    Shape,
    Blocked,
}

/// Which valid moves a profile picks from, when it has any.
#[derive(Copy, Clone)]
enum Taste {
    Quiet,
    Capture,
    NotTheCaptain,
}

const WRONG: [Wrong; 5] = [
    Wrong::NoPiece,
    Wrong::EnemyPiece,
    Wrong::OwnTarget,
    Wrong::Shape,
    Wrong::Blocked,
];

/// An endless stream of commands playing one game; see the module
/// documentation.
///
/// ```
/// use duckchess_contest::gen::{Generator, Profile};
/// let a: Vec<_> = Generator::new(7, Profile::Realistic).take(50).collect();
/// let b: Vec<_> = Generator::new(7, Profile::Realistic).take(50).collect();
/// assert_eq!(a, b);
/// ```
pub struct Generator {
    rng: ChaCha8Rng,
    profile: Profile,
    game: Position,
    /// Valid moves played so far.
    played: u32,
    /// From this many valid moves on, a move that removes a captain is
    /// taken when there is one; before, it is avoided when possible, so
    /// that games last long enough to be interesting.
    end_after: u32,
    moves: Vec<Move>,
    scratch: Vec<Point>,
}

impl Generator {
    /// A game from the initial position, with no length in view: a
    /// `realistic` game may then end anywhere from its 20th valid move on.
    pub fn new(seed: u64, profile: Profile) -> Generator {
        Generator::with_end(seed, profile, None)
    }

    /// A game from the initial position for an input of `commands`
    /// commands: a `realistic` game is steered to end late in it; other
    /// profiles are the same as with [`Generator::new`].
    pub fn for_length(seed: u64, profile: Profile, commands: u64) -> Generator {
        Generator::with_end(seed, profile, Some(commands))
    }

    fn with_end(seed: u64, profile: Profile, commands: Option<u64>) -> Generator {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let end_after = match (profile, commands) {
            (Profile::Realistic, Some(n)) => {
                // Steer to the end from a point between 82 % and 92 % of
                // the input, counted in valid moves (a fifth of the
                // commands before the end are invalid, a few less in
                // practice): what is left is enough for the game to end
                // nearly always, with commands after the end.
                let n = n.min(u64::from(u32::MAX) / 2);
                let span = u32::try_from(n / 10 + 1).expect("n is capped");
                let at = n * 82 / 100 + u64::from(below(&mut rng, span));
                let valid = at * u64::from(100 - Profile::Realistic.invalid_percent()) / 100;
                u32::try_from(valid).expect("n is capped")
            }
            (Profile::Realistic | Profile::Invalid, _) => 20 + below(&mut rng, 400),
            (Profile::Quiet, _) => u32::MAX,
            (Profile::Endgame, _) => 0,
        };
        Generator {
            rng,
            profile,
            game: Position::initial(),
            played: 0,
            end_after,
            moves: Vec::with_capacity(128),
            scratch: Vec::with_capacity(90),
        }
    }

    /// The game as the commands handed out so far left it.
    pub fn position(&self) -> &Position {
        &self.game
    }

    fn below(&mut self, n: u32) -> u32 {
        below(&mut self.rng, n)
    }

    fn percent(&mut self, p: u32) -> bool {
        self.below(100) < p
    }

    fn any_point(&mut self) -> Point {
        Point::from_index(self.below(Point::COUNT as u32) as usize)
    }

    fn pick_point(&mut self, points: impl Iterator<Item = Point>) -> Option<Point> {
        self.scratch.clear();
        self.scratch.extend(points);
        if self.scratch.is_empty() {
            return None;
        }
        let i = self.below(self.scratch.len() as u32) as usize;
        Some(self.scratch[i])
    }

    /// A valid move by the profile's taste, made on the game; `None` when
    /// the side to move has none.
    fn valid_move(&mut self) -> Option<Move> {
        let m = self.choose_move()?;
        self.game
            .play_generated(m)
            .expect("the generator gives valid moves");
        self.played += 1;
        Some(m)
    }

    fn choose_move(&mut self) -> Option<Move> {
        /// Random pieces tried before every move is generated.
        const SAMPLES: usize = 6;
        let turn = self.game.turn();
        let enemy_captain = self.game.captain(turn.other());
        if self.played >= self.end_after {
            // Time to end: a move onto the enemy captain, when there is one,
            // else (in a realistic game) one that attacks it. Left to
            // chance, a fifth of the
            // games of 1000 commands never ended, and the classic slips at
            // the end (check on the move that takes a captain, the end not
            // noticed, moves after it) went unseen in them.
            if let Some(to) = enemy_captain {
                if let Some(from) = self.game.attackers(to, turn).next() {
                    return Some(Move { from, to });
                }
                if self.profile == Profile::Realistic {
                    if let Some(m) = self.threat(to) {
                        return Some(m);
                    }
                }
            }
        }
        let taste = match self.profile {
            Profile::Quiet => Taste::Quiet,
            Profile::Endgame if below(&mut self.rng, 100) < 80 => Taste::Capture,
            _ => Taste::NotTheCaptain,
        };
        let board = self.game.board();
        let liked = |to: Point| match taste {
            Taste::Quiet => board.get(to).is_none(),
            Taste::Capture => board.get(to).is_some() && Some(to) != enemy_captain,
            Taste::NotTheCaptain => Some(to) != enemy_captain,
        };
        // Cheap first: a random piece and a liked target of it. Generating
        // every move of the side for every command would cost most of the
        // time of a long run.
        let mut targets = std::mem::take(&mut self.scratch);
        let mut chosen = None;
        for _ in 0..SAMPLES {
            targets.clear();
            targets.extend(board.points_of(turn));
            if targets.is_empty() {
                break;
            }
            let from = targets[below(&mut self.rng, targets.len() as u32) as usize];
            targets.clear();
            self.game.for_each_target(from, |to| {
                if liked(to) {
                    targets.push(to)
                }
            });
            if !targets.is_empty() {
                let to = targets[below(&mut self.rng, targets.len() as u32) as usize];
                chosen = Some(Move { from, to });
                break;
            }
        }
        self.scratch = targets;
        if chosen.is_some() {
            return chosen;
        }
        // Then every move: a liked one, else any.
        let mut moves = std::mem::take(&mut self.moves);
        moves.clear();
        self.game.for_each_move(|m| moves.push(m));
        let count = moves.iter().filter(|m| liked(m.to)).count();
        let chosen = if count > 0 {
            let k = below(&mut self.rng, count as u32) as usize;
            moves.iter().filter(|m| liked(m.to)).nth(k).copied()
        } else if moves.is_empty() {
            None
        } else {
            Some(moves[below(&mut self.rng, moves.len() as u32) as usize])
        };
        self.moves = moves;
        chosen
    }

    /// A random valid move after which the side to move attacks the enemy
    /// captain on `captain`, if there is one.
    fn threat(&mut self, captain: Point) -> Option<Move> {
        let turn = self.game.turn();
        let mut moves = std::mem::take(&mut self.moves);
        moves.clear();
        self.game.for_each_move(|m| moves.push(m));
        moves.retain(|m| {
            let mut after = self.game.clone();
            after.play_generated(*m).expect("a generated move is valid");
            let attacked = after.attackers(captain, turn).next().is_some();
            attacked
        });
        let chosen =
            (!moves.is_empty()).then(|| moves[below(&mut self.rng, moves.len() as u32) as usize]);
        self.moves = moves;
        chosen
    }

    /// An invalid command of kind `wrong`, if the position allows one.
    fn wrong(&mut self, wrong: Wrong) -> Option<Command> {
        let turn = self.game.turn();
        let board = self.game.board().clone();
        let m = match wrong {
            Wrong::NoPiece => {
                let from = self.pick_point(Point::all().filter(|&p| board.get(p).is_none()))?;
                Move {
                    from,
                    to: self.any_point(),
                }
            }
            Wrong::EnemyPiece => Move {
                from: self.pick_point(board.points_of(turn.other()))?,
                to: self.any_point(),
            },
            Wrong::OwnTarget => Move {
                from: self.pick_point(board.points_of(turn))?,
                to: self.pick_point(board.points_of(turn))?,
            },
            Wrong::Shape => {
                let from = self.pick_point(board.points_of(turn))?;
                let to = self.any_point();
                Move { from, to }
            }
            Wrong::Blocked => {
                let from = self.pick_point(board.points_of(turn))?;
                let role = board.get(from)?.role;
                let t = tables();
                // Targets whose way is blocked: leaps with an occupied
                // blocking point, and car targets past the first piece.
                let leaps = t
                    .leaps(role, from)
                    .iter()
                    .filter(|l| l.blocking_points().any(|b| board.get(b).is_some()))
                    .map(|l| l.other);
                let beyond_first: Bits = (0..DIRECTIONS)
                    .filter(|_| role == crate::judge::Role::Car)
                    .map(|d| t.ray(from, d) & !t.slide(from, d, board.occupied()).0)
                    .fold(0, |acc, b| acc | b);
                let rays = points(beyond_first).map(|p| p.index() as u8);
                let to = self.pick_point(
                    leaps
                        .chain(rays)
                        .map(|i| Point::from_index(i as usize))
                        .filter(|&p| !board.is_color(p, turn)),
                )?;
                Move { from, to }
            }
        };
        let kind_matches = match (wrong, self.game.validate(m)) {
            (_, Ok(())) => false,
            (Wrong::NoPiece, Err(Invalid::NoPiece { .. }))
            | (Wrong::EnemyPiece, Err(Invalid::EnemyPiece { .. }))
            | (Wrong::OwnTarget, Err(Invalid::OwnPieceOnTarget { .. }))
            | (Wrong::Shape, Err(Invalid::Shape { .. }))
            | (Wrong::Blocked, Err(Invalid::Blocked { .. })) => true,
            _ => false,
        };
        kind_matches.then(|| m.into())
    }

    /// Any invalid command: a few tries at a random kind, then a command
    /// from an empty point, which always exists.
    fn invalid(&mut self) -> Command {
        for _ in 0..4 {
            let kind = WRONG[self.below(WRONG.len() as u32) as usize];
            if let Some(c) = self.wrong(kind) {
                return c;
            }
        }
        self.wrong(Wrong::NoPiece)
            .expect("a board of 90 points with at most 32 pieces has an empty point")
    }

    /// After the end: half the time a move the side to move could make if
    /// the game went on (what a program that does not stop at the end
    /// plays), else pieces of either side asked to move, and odd points.
    fn after_end(&mut self) -> Command {
        if self.below(2) == 0 {
            let turn = self.game.turn();
            if let Some(from) = self.pick_point(self.game.board().points_of(turn)) {
                let targets = self.game.targets(from);
                if !targets.is_empty() {
                    let to = targets[self.below(targets.len() as u32) as usize];
                    return Move { from, to }.into();
                }
            }
        }
        let pieces: Vec<Point> = self.game.board().pieces().map(|(p, _)| p).collect();
        let from = match self.below(2) {
            0 => pieces[self.below(pieces.len() as u32) as usize],
            _ => self.any_point(),
        };
        Move {
            from,
            to: self.any_point(),
        }
        .into()
    }
}

impl Iterator for Generator {
    type Item = Command;

    fn next(&mut self) -> Option<Command> {
        if self.game.is_over() {
            return Some(self.after_end());
        }
        if self.percent(self.profile.invalid_percent()) {
            return Some(self.invalid());
        }
        Some(match self.valid_move() {
            Some(m) => m.into(),
            None => self.invalid(),
        })
    }
}

/// A uniform-enough number in `0..n` from one 32-bit output (multiply and
/// shift: no floating point, no rejection loop, the same on every machine).
fn below(rng: &mut ChaCha8Rng, n: u32) -> u32 {
    ((u64::from(rng.next_u32()) * u64::from(n)) >> 32) as u32
}

/// Writes a judge input: `commands.len()`, then one command per line.
pub fn write_input<W: Write>(mut out: W, commands: &[Command]) -> io::Result<()> {
    writeln!(out, "{}", commands.len())?;
    let mut buf = Vec::with_capacity(1 << 16);
    for chunk in commands.chunks(1 << 12) {
        buf.clear();
        for c in chunk {
            push_command(&mut buf, *c);
        }
        out.write_all(&buf)?;
    }
    out.flush()
}

/// The judge input for `commands`, as bytes.
pub fn input_bytes(commands: &[Command]) -> Vec<u8> {
    let mut out = Vec::with_capacity(8 + commands.len() * 8);
    write_input(&mut out, commands).expect("writing to a Vec cannot fail");
    out
}

/// Generates `n` commands from `seed` by `profile` and writes them as a
/// judge input, streaming (memory does not grow with `n`).
pub fn write_generated<W: Write>(
    mut out: W,
    seed: u64,
    n: u64,
    profile: Profile,
) -> io::Result<()> {
    writeln!(out, "{n}")?;
    let mut buf = Vec::with_capacity(1 << 16);
    for c in Generator::for_length(seed, profile, n).take(n as usize) {
        push_command(&mut buf, c);
        if buf.len() >= 1 << 16 {
            out.write_all(&buf)?;
            buf.clear();
        }
    }
    out.write_all(&buf)?;
    out.flush()
}

/// The `n` commands `seed` gives under `profile`.
pub fn generate(seed: u64, n: usize, profile: Profile) -> Vec<Command> {
    Generator::for_length(seed, profile, n as u64)
        .take(n)
        .collect()
}

/// Appends `xs ys xt yt\n`; generated coordinates are single digits.
fn push_command(buf: &mut Vec<u8>, c: Command) {
    for (i, v) in [c.xs, c.ys, c.xt, c.yt].into_iter().enumerate() {
        if i > 0 {
            buf.push(b' ');
        }
        if (0..10).contains(&v) {
            buf.push(b'0' + v as u8);
        } else {
            buf.extend_from_slice(v.to_string().as_bytes());
        }
    }
    buf.push(b'\n');
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    /// The names printed (in replay hints) are those the command line takes.
    #[test]
    #[cfg(feature = "clap")]
    fn profile_names_are_the_command_line_names() {
        use clap::ValueEnum;
        for p in Profile::value_variants() {
            let value = p.to_possible_value().unwrap();
            assert_eq!(p.to_string(), value.get_name());
        }
    }

    /// The simulator's verdict kinds over a generated game.
    fn kinds(seed: u64, n: usize, profile: Profile) -> (HashSet<&'static str>, usize) {
        let mut game = Position::initial();
        let mut kinds = HashSet::new();
        let mut valid = 0;
        for c in generate(seed, n, profile) {
            match game.play(c) {
                Ok(_) => valid += 1,
                Err(e) => {
                    kinds.insert(e.kind());
                }
            }
        }
        (kinds, valid)
    }

    #[test]
    fn realistic_games_mix_every_on_board_kind_and_mostly_move() {
        let mut all = HashSet::new();
        let mut ended = 0;
        let mut total_valid = 0;
        for seed in 0..20 {
            let (k, valid) = kinds(seed, 600, Profile::Realistic);
            // A game may end after 20 moves, but never before.
            assert!(valid >= 20, "seed {seed}: only {valid} valid");
            total_valid += valid;
            ended += usize::from(k.contains("game-over"));
            all.extend(k);
        }
        for kind in [
            "game-over",
            "no-piece",
            "enemy-piece",
            "own-piece-on-target",
            "shape",
            "blocked",
        ] {
            assert!(all.contains(kind), "missing {kind}: {all:?}");
        }
        assert!(!all.contains("start-off-board") && !all.contains("target-off-board"));
        assert!(ended >= 10, "only {ended} of 20 games ended");
        assert!(total_valid > 20 * 100, "{total_valid} valid in 20 games");
    }

    /// Where the game of `commands` ends (if it does), and how many
    /// commands are valid.
    fn end_and_valid(seed: u64, commands: usize, profile: Profile) -> (Option<usize>, usize) {
        let mut game = Position::initial();
        let (mut end, mut valid) = (None, 0);
        for (i, c) in generate(seed, commands, profile).into_iter().enumerate() {
            if let Ok(r) = game.play(c) {
                valid += 1;
                if r.over {
                    end = Some(i + 1);
                }
            }
        }
        (end, valid)
    }

    #[test]
    fn realistic_games_end_late_and_are_mostly_valid_moves() {
        let mut ends = Vec::new();
        for seed in 0..20 {
            let (end, valid) = end_and_valid(seed, 1000, Profile::Realistic);
            assert!(valid >= 600, "seed {seed}: {valid} valid of 1000");
            ends.extend(end);
            if let Some(end) = end {
                assert!(end >= 700, "seed {seed}: the game ends at command {end}");
            }
        }
        // Most games end, and commands follow the end.
        assert!(
            ends.len() >= 16,
            "only {} of 20 games end: {ends:?}",
            ends.len()
        );
        assert!(ends.iter().any(|&e| e < 990), "{ends:?}");
    }

    #[test]
    fn quiet_games_never_capture_while_a_quiet_move_exists() {
        let mut game = Position::initial();
        let mut valid = 0;
        for c in generate(3, 2000, Profile::Quiet) {
            let before = game.clone();
            if let Ok(r) = game.play(c) {
                valid += 1;
                let quiet_exists = before
                    .moves()
                    .iter()
                    .any(|m| before.board().get(m.to).is_none());
                assert!(r.removed.is_none() || !quiet_exists, "{c}: {r}");
            }
        }
        assert!(!game.is_over());
        assert!(valid > 1500, "{valid} valid");
    }

    #[test]
    fn endgame_ends_early_and_invalid_is_mostly_invalid() {
        let mut ends: Vec<usize> = (0..10)
            .map(|seed| {
                let mut game = Position::initial();
                generate(seed, 1000, Profile::Endgame)
                    .into_iter()
                    .position(|c| game.play(c).is_ok_and(|r| r.over))
                    .expect("an endgame game ends")
            })
            .collect();
        // Every game ends; the typical one within the first few hundred
        // commands (a single long game is fine: captures are preferred, not
        // forced).
        ends.sort_unstable();
        assert!(ends[ends.len() / 2] < 200, "{ends:?}");
        let (_, valid) = kinds(1, 1000, Profile::Invalid);
        assert!(valid < 400, "{valid} valid");
    }

    #[test]
    fn same_seed_same_bytes_other_seed_other_bytes() {
        let mut a = Vec::new();
        let mut b = Vec::new();
        write_generated(&mut a, 42, 300, Profile::Realistic).unwrap();
        write_generated(&mut b, 42, 300, Profile::Realistic).unwrap();
        assert_eq!(a, b);
        assert_eq!(a, input_bytes(&generate(42, 300, Profile::Realistic)));
        let mut c = Vec::new();
        write_generated(&mut c, 43, 300, Profile::Realistic).unwrap();
        assert_ne!(a, c);
    }
}
