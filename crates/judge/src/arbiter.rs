//! The judge's game: a [`Position`] that also keeps, for each captain, the
//! enemy pieces attacking it, up to date move by move.
//!
//! After every valid move the judge says whether *either* captain is
//! attacked. Asked afresh, that looks at every kind of piece around both
//! captains, and on a full board most of them are there to look at. But a
//! move changes who attacks a captain K in only three ways:
//!
//! - through the pieces themselves: the mover left `from` and may attack K
//!   from `to`, and the piece it removed attacks nothing any more;
//! - through occupancy: `from` is now empty and `to` (unless the move was a
//!   capture) now full, so a piece whose path onto K passes one of them may
//!   be freed or blocked — the pieces in that point's *shadow* for K;
//! - by moving K itself.
//!
//! So each move tests the mover against the enemy captain and computes a
//! captain's set afresh only when the captain moved. Otherwise only the
//! shadows matter (empty unless the point is on K's row or column or is a
//! blocking point of a leap onto K), and they work one way each: every
//! piece in the shadow of a newly filled `to` is now blocked, so it is
//! simply dropped, and only the pieces in the shadow of the emptied `from`
//! are tested again — on K's lines only the cars among them, since no
//! other piece moves along a line past a point.
//!
//! Validity and attacks are both "could a piece of this role on `a` move to
//! `b`", answered by one table indexed by the vector from `a` to `b`: which
//! leapers have that vector, where its blocking points are, and which way
//! a car would slide. Everything here is built from [`attacks::tables`]
//! (and so from [`Role::movement`]); the tests hold it to
//! [`Position::play`] and [`Position::is_check`].

use crate::attacks::{self, bit, Bits, DIRECTIONS};
use crate::verdict::{line_index_of_codes, INVALID_INDEX};
use crate::{Color, Command, Move, Point, Position, Role, COLUMNS, ROWS};
use std::sync::LazyLock;

/// Most blocking points of one leap (as in the move tables).
const MAX_BLOCKS: usize = 2;
/// Vector coordinates: a point's `x * SPAN + y`. Column differences lie in
/// `-8..=8`, so with `SPAN = 17` the difference of two coordinates names
/// the vector between the points uniquely.
const SPAN: usize = 2 * COLUMNS - 1;
/// The index of the zero vector.
const CENTRE: usize = (ROWS - 1) * SPAN + (COLUMNS - 1);
/// Number of vectors between two points of the board.
const VECTORS: usize = 2 * CENTRE + 1;

/// What the pieces can do along one vector.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
struct Shape {
    /// Bit `r` is set when a leap of the role with index `r` has this
    /// vector.
    leapers: u8,
    /// The car's direction plus one when the vector lies along a line, else 0.
    car: u8,
    /// The leap's blocking points as index offsets from its start. The
    /// blocking points of every leap with one vector are the same (they
    /// are the lattice points it passes); an unused slot is 0 with mask 0.
    blocks: [i8; MAX_BLOCKS],
    /// `0xFF` for a used slot of `blocks`, 0 for an unused one.
    masks: [u8; MAX_BLOCKS],
}

/// The tables of this module; see the module documentation.
struct Tables {
    /// Each point's vector coordinate `x * SPAN + y`.
    coords: [u16; Point::COUNT],
    /// Indexed by [`Tables::vector`].
    shapes: [Shape; VECTORS],
    /// `shadow[k][p]`: the points from which a piece's path onto `k` passes
    /// `p`: the points beyond `p` on `k`'s line (a car's path), and the
    /// starts of leaps onto `k` that `p` blocks. Empty for most `p`.
    shadow: [[Bits; Point::COUNT]; Point::COUNT],
    /// `lines[k]`: `k`'s row and column, less `k`. No leap of the piece
    /// set runs along a line, so this parts a shadow into the car's part
    /// and the leaps' part.
    lines: [Bits; Point::COUNT],
    /// `potential[k]`: every point from which some role could reach `k` on
    /// an empty board.
    potential: [Bits; Point::COUNT],
    /// The move tables, for the car's rays.
    moves: &'static attacks::Tables,
}

static TABLES: LazyLock<Box<Tables>> = LazyLock::new(Tables::build);

/// The role index of each piece code (`1..=14`; 0, empty, maps nowhere
/// useful and is never looked up).
const ROLE_OF_CODE: [u8; 16] = {
    let mut roles = [0; 16];
    let mut code = 1;
    while code < 15 {
        roles[code] = ((code - 1) % 7) as u8;
        code += 1;
    }
    roles
};

/// The side index ([`Color::index`]) of each piece code: red `1..=7` are
/// 0, blue `8..=14` are 1, and 0 (empty) is 2, no side's: one look-up
/// tells "a piece of the side to move" apart from both an empty point and
/// an enemy piece. The hot path works on side indices, not [`Color`]s.
const SIDE_OF_CODE: [usize; 16] = {
    let mut sides = [2; 16];
    let mut code = 1;
    while code < 15 {
        sides[code] = (code >= 8) as usize;
        code += 1;
    }
    sides
};

/// The code of each side's car, by side index.
const CAR_CODES: [u8; 2] = [
    crate::Piece::new(Color::Red, Role::Car).code(),
    crate::Piece::new(Color::Blue, Role::Car).code(),
];

impl Tables {
    fn build() -> Box<Tables> {
        let moves = attacks::tables();
        let mut t = Box::new(Tables {
            coords: [0; Point::COUNT],
            shapes: [Shape::default(); VECTORS],
            shadow: [[0; Point::COUNT]; Point::COUNT],
            lines: [0; Point::COUNT],
            potential: [0; Point::COUNT],
            moves,
        });
        for p in Point::all() {
            t.coords[p.index()] = (p.x() as usize * SPAN + p.y() as usize) as u16;
        }
        for role in Role::ALL.into_iter().filter(|&r| r != Role::Car) {
            for from in Point::all() {
                for leap in moves.leaps(role, from) {
                    let mut blocks = [0; MAX_BLOCKS];
                    let mut masks = [0; MAX_BLOCKS];
                    for (k, b) in leap.blocking_points().enumerate() {
                        blocks[k] = (b.index() as isize - from.index() as isize) as i8;
                        masks[k] = 0xFF;
                    }
                    let shape = &mut t.shapes[t.vector(from.index(), leap.other as usize)];
                    assert!(
                        shape.leapers == 0 || (shape.blocks, shape.masks) == (blocks, masks),
                        "judge tables: two leaps with one vector pass different points"
                    );
                    shape.leapers |= 1 << role.index();
                    (shape.blocks, shape.masks) = (blocks, masks);
                }
            }
        }
        for from in 0..Point::COUNT {
            for d in 0..DIRECTIONS {
                for to in attacks::points(moves.ray_at(from, d)) {
                    let car = &mut t.shapes[t.vector(from, to.index())].car;
                    assert!(*car == 0 || *car == d as u8 + 1);
                    *car = d as u8 + 1;
                }
            }
        }
        for k in Point::all() {
            let shadow = &mut t.shadow[k.index()];
            // A car's path onto k: the points between it and k.
            for d in 0..DIRECTIONS {
                t.lines[k.index()] |= moves.ray_at(k.index(), d);
                for p in attacks::points(moves.ray_at(k.index(), d)) {
                    shadow[p.index()] |= moves.ray_at(p.index(), d);
                }
            }
            // A leaper's: its blocking points.
            for role in Role::ALL {
                t.potential[k.index()] |= moves.reach(role, k);
                for leap in moves.incoming(role, k) {
                    for b in leap.blocking_points() {
                        shadow[b.index()] |= bit(leap.other as usize);
                    }
                }
            }
        }
        t
    }

    /// The index in `shapes` of the vector from point `a` to point `b`.
    #[inline(always)]
    fn vector(&self, a: usize, b: usize) -> usize {
        CENTRE + self.coords[b] as usize - self.coords[a] as usize
    }
}

/// A game played by judge commands, knowing at every moment which pieces
/// attack each captain. See the module documentation.
pub(crate) struct Arbiter {
    game: Position,
    /// Indexed by colour: the points of the enemy pieces that could move
    /// onto that colour's captain. Kept only while the game is not over.
    attackers: [Bits; 2],
    /// Indexed by colour: the point of its captain (while the game is not
    /// over, both are on the board).
    captains: [usize; 2],
    tables: &'static Tables,
}

impl Arbiter {
    /// The arbiter of `game`, from any position.
    pub(crate) fn new(game: Position) -> Arbiter {
        let mut arbiter = Arbiter {
            game,
            attackers: [0; 2],
            captains: [0; 2],
            tables: &TABLES,
        };
        if !arbiter.game.is_over() {
            for c in Color::ALL {
                let k = arbiter
                    .game
                    .captain(c)
                    .expect("a game not over has both captains");
                arbiter.captains[c.index()] = k.index();
                arbiter.attackers[c.index()] = arbiter.afresh(c.index());
            }
        }
        arbiter
    }

    /// The game as it stands.
    #[cfg(test)]
    pub(crate) fn game(&self) -> &Position {
        &self.game
    }

    /// Plays `command` as [`Position::play`] does and returns the index of
    /// its judge line (`INVALID_INDEX` for an invalid command).
    ///
    /// Inlined into the judge's loop: a command handed over in memory,
    /// just stored there, waits for the store.
    #[inline(always)]
    pub(crate) fn play(&mut self, command: Command) -> usize {
        match (command.start(), command.target()) {
            (Some(from), Some(to)) => self.play_move(from.index(), to.index()),
            _ => INVALID_INDEX,
        }
    }

    #[inline(always)]
    fn play_move(&mut self, from: usize, to: usize) -> usize {
        let board = self.game.board();
        let side = self.game.turn().index();
        let code = board.code_at(from as u8);
        let role = ROLE_OF_CODE[code as usize];
        if self.game.is_over()
            || SIDE_OF_CODE[code as usize] != side
            || board.bits_of_side(side) & bit(to) != 0
            || !self.reaches(role, from, to, board.occupied())
        {
            return INVALID_INDEX;
        }
        let removed = board.code_at(to as u8);
        self.game.make_inlined(Move {
            from: Point::from_index(from),
            to: Point::from_index(to),
        });
        // The move that removes a captain ends the game and is never check.
        let over = self.game.is_over();
        if over {
            return line_index_of_codes(code, removed, false, true);
        }
        let check = self.update(side, role, from, to, removed);
        line_index_of_codes(code, removed, check, false)
    }

    /// Brings the attacker sets up to date after a piece of the side with
    /// index `own` and the role with index `role` moved from `from` to
    /// `to`, removing the piece with code `removed` (0 for none); returns
    /// whether either captain is attacked.
    ///
    /// Written out for the two captains rather than as a loop over the
    /// colours, so that which captain is the mover's is known in the code,
    /// not tested; and whether the mover now attacks the other captain (as
    /// good as random) is added without a branch.
    ///
    /// The board is read where a value is needed rather than handed in:
    /// fewer values live at once, and fewer spilled to the stack.
    #[inline(always)]
    fn update(&mut self, own: usize, role: u8, from: usize, to: usize, removed: u8) -> bool {
        let other = own ^ 1;
        let own_attackers = if role == Role::Captain.index() as u8 {
            // This captain moved: everything about it changed.
            self.captains[own] = to;
            self.afresh(own)
        } else {
            self.refreshed(own, from, to, removed)
        };
        self.attackers[own] = own_attackers;
        let k = self.captains[other];
        let gives_check = self.reaches(role, to, k, self.game.board().occupied());
        let other_attackers = self.refreshed(other, from, to, removed)
            | bit(to) & Bits::from(gives_check).wrapping_neg();
        self.attackers[other] = other_attackers;
        own_attackers | other_attackers != 0
    }

    /// The set of pieces attacking the captain of the side with index
    /// `side`, which did not move, after a move from `from` to `to` that
    /// removed the piece with code `removed` (0 for none): the old set
    /// less the two points, less the pieces now blocked by `to`, plus those
    /// among the pieces freed by `from` that now attack. The mover itself
    /// is the caller's business.
    #[inline(always)]
    fn refreshed(&self, side: usize, from: usize, to: usize, removed: u8) -> Bits {
        let t = self.tables;
        let board = self.game.board();
        let enemies = board.bits_of_side(side ^ 1);
        let k = self.captains[side];
        let mut found = self.attackers[side] & !(bit(from) | bit(to));
        // A capture leaves `to` occupied: only `from` changed then.
        if removed == 0 {
            found &= !t.shadow[k][to];
        }
        // On k's lines only cars can be freed; off them, any piece.
        let enemy_cars = board.bits_of_code(CAR_CODES[side ^ 1]);
        let lines = t.lines[k];
        let candidates = t.shadow[k][from] & ((lines & enemy_cars) | (enemies & !lines));
        if candidates != 0 {
            found |= self.attackers_among(candidates, k, board.occupied());
        }
        found
    }

    /// The set of pieces attacking the captain of the side with index
    /// `side`, worked out afresh: every enemy piece that could reach it on
    /// an empty board, tested.
    #[inline]
    fn afresh(&self, side: usize) -> Bits {
        let k = self.captains[side];
        let board = self.game.board();
        let candidates = self.tables.potential[k] & board.bits_of_side(side ^ 1);
        self.attackers_among(candidates, k, board.occupied())
    }

    /// Those of the pieces on `candidates` that could move to `k`.
    #[inline]
    fn attackers_among(&self, mut candidates: Bits, k: usize, occupied: Bits) -> Bits {
        let mut found = 0;
        while candidates != 0 {
            let a = candidates.trailing_zeros() as usize;
            candidates &= candidates - 1;
            let role = ROLE_OF_CODE[self.game.board().code_at(a as u8) as usize];
            if self.reaches(role, a, k, occupied) {
                found |= bit(a);
            }
        }
        found
    }

    /// Whether a piece of the role with index `role` on `from` could move
    /// to `to` by its rule, the board's `occupied` points given: the
    /// shape, and the blocking points (for the car, the points between)
    /// empty. Whatever stands on `to` is the caller's business.
    #[inline(always)]
    fn reaches(&self, role: u8, from: usize, to: usize, occupied: Bits) -> bool {
        let t = self.tables;
        let shape = &t.shapes[t.vector(from, to)];
        let board = self.game.board();
        if role == Role::Car.index() as u8 {
            if shape.car == 0 {
                return false;
            }
            let d = usize::from(shape.car - 1);
            // The ray from `from` up to and including `to`, less `to`.
            let between = t.moves.ray_at(from, d) ^ t.moves.ray_at(to, d) ^ bit(to);
            return between & occupied == 0;
        }
        // Both points are on the board, so the blocking points between
        // them are too: adding the offsets never leaves it.
        let cell = |k: usize| {
            board.code_at((from as u8).wrapping_add(shape.blocks[k] as u8)) & shape.masks[k]
        };
        shape.leapers & (1 << role) != 0 && cell(0) | cell(1) == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::INVALID_LINE;
    use rand_chacha::rand_core::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// The attacker sets, computed afresh by `Position`.
    fn expected_attackers(game: &Position) -> [Bits; 2] {
        Color::ALL.map(|c| match game.captain(c) {
            Some(k) if !game.is_over() => game
                .attackers(k, c.other())
                .fold(0, |acc, p| acc | bit(p.index())),
            _ => 0,
        })
    }

    /// Plays `commands` through both an arbiter and `Position::play`: the
    /// same line each time, the same position, and attacker sets that
    /// match a fresh computation.
    /// Returns how many valid moves, checks and game ends it saw.
    fn agree(start: Position, commands: impl IntoIterator<Item = Command>) -> [usize; 3] {
        let mut seen = [0; 3];
        let mut arbiter = Arbiter::new(start.clone());
        let mut game = start;
        for command in commands {
            let index = arbiter.play(command);
            let line = match game.play(command) {
                Ok(record) => {
                    seen[0] += 1;
                    seen[1] += usize::from(record.check);
                    seen[2] += usize::from(record.over);
                    record.judge_line().to_vec()
                }
                Err(_) => format!("{INVALID_LINE}\n").into_bytes(),
            };
            let slots = crate::verdict::line_slots();
            let mut slot = [0; crate::verdict::LINE_SLOT];
            let len = slots.put(index, &mut slot);
            assert_eq!(
                String::from_utf8_lossy(&slot[..len]),
                String::from_utf8_lossy(&line),
                "{command} after {:?}",
                game
            );
            assert_eq!(arbiter.game(), &game);
            if !game.is_over() {
                assert_eq!(arbiter.attackers, expected_attackers(&game), "{command}");
            }
        }
        seen
    }

    /// Random valid moves with some random commands mixed in, from the
    /// initial position: long games, many checks, captures and game ends.
    #[test]
    fn the_arbiter_agrees_with_position_on_random_games() {
        let mut rng = ChaCha8Rng::seed_from_u64(21);
        let mut seen = [0; 3];
        for _ in 0..300 {
            let mut game = Position::initial();
            let mut commands = Vec::new();
            for _ in 0..400 {
                let moves = game.moves();
                let command = if moves.is_empty() || rng.next_u32() % 8 == 0 {
                    let mut n = || i64::from(rng.next_u32() % 11);
                    Command::new(n(), n(), n(), n())
                } else {
                    // Captures are rarer than in a random pick, so games last.
                    let quiet: Vec<_> = moves
                        .iter()
                        .filter(|m| game.board().get(m.to).is_none())
                        .collect();
                    let pool: Vec<&Move> = if !quiet.is_empty() && rng.next_u32() % 4 != 0 {
                        quiet
                    } else {
                        moves.iter().collect()
                    };
                    Command::from(*pool[rng.next_u32() as usize % pool.len()])
                };
                let _ = game.play(command);
                commands.push(command);
            }
            let counts = agree(Position::initial(), commands);
            seen = [0, 1, 2].map(|i| seen[i] + counts[i]);
        }
        let [valid, checks, ends] = seen;
        assert!(valid > 50_000 && checks > 5_000 && ends > 50, "{seen:?}");
    }

    /// Sparse positions, where lines are long and leaps open.
    #[test]
    fn the_arbiter_agrees_with_position_on_sparse_boards() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut seen = [0; 3];
        let fens = [
            "4k4/9/9/9/9/9/9/9/9/4K4 w",
            "3akae2/9/4h4/9/4R4/9/4d4/9/9/4K4 w",
            "4k4/4r4/9/2e6/3D5/9/9/1H5h1/9/3K5 b",
        ];
        for fen in fens {
            let start: Position = fen.parse().unwrap();
            for _ in 0..200 {
                let mut game = start.clone();
                let mut commands = Vec::new();
                for _ in 0..300 {
                    let moves = game.moves();
                    if moves.is_empty() {
                        break;
                    }
                    let command = Command::from(moves[rng.next_u32() as usize % moves.len()]);
                    let _ = game.play(command);
                    commands.push(command);
                }
                let counts = agree(start.clone(), commands);
                seen = [0, 1, 2].map(|i| seen[i] + counts[i]);
            }
        }
        let [valid, checks, ends] = seen;
        assert!(valid > 50_000 && checks > 5_000 && ends > 100, "{seen:?}");
    }

    /// The points a piece of `role` passes on its way from `s` to `k` on
    /// an empty board, or `None` when it has no such move.
    fn path(t: &Tables, role: Role, s: usize, k: usize) -> Option<Bits> {
        let shape = &t.shapes[t.vector(s, k)];
        if role == Role::Car {
            let d = usize::from(shape.car.checked_sub(1)?);
            return Some(t.moves.ray_at(s, d) ^ t.moves.ray_at(k, d) ^ bit(k));
        }
        (shape.leapers & (1 << role.index()) != 0).then(|| {
            (0..MAX_BLOCKS)
                .filter(|&i| shape.masks[i] != 0)
                .fold(0, |acc, i| {
                    acc | bit((s as isize + shape.blocks[i] as isize) as usize)
                })
        })
    }

    /// The update rests on this: `s` is in the shadow of `p` for `k`
    /// exactly when some piece on `s` would pass `p` on its way to `k`,
    /// and in the line part only when that piece is a car. So filling `p`
    /// blocks every piece in its shadow, and emptying it can free only
    /// the cars of the line part and the pieces of the leap part.
    #[test]
    fn shadows_are_exactly_the_paths_through_a_point() {
        let t = &*TABLES;
        for (k, s, p) in itertools::iproduct!(0..Point::COUNT, 0..Point::COUNT, 0..Point::COUNT) {
            let shadow = t.shadow[k][p];
            let (line, leaps) = (shadow & t.lines[k], shadow & !t.lines[k]);
            let passes = |role| path(t, role, s, k).is_some_and(|path| path & bit(p) != 0);
            let by_car = passes(Role::Car);
            let by_leap = Role::ALL.into_iter().any(|r| r != Role::Car && passes(r));
            assert_eq!(line & bit(s) != 0, by_car, "{k} {s} {p}");
            assert_eq!(leaps & bit(s) != 0, by_leap, "{k} {s} {p}");
            if by_car || by_leap {
                // Every role that reaches k from s at all passes p.
                for role in Role::ALL {
                    if let Some(path) = path(t, role, s, k) {
                        assert!(path & bit(p) != 0, "{role:?} {k} {s} {p}");
                    }
                }
            }
        }
    }

    #[test]
    fn off_board_and_over_games_are_invalid() {
        agree(
            Position::initial(),
            [
                Command::new(0, 9, 1, 0),
                Command::new(-1, 0, 0, 0),
                Command::new(3, 0, 10, 0),
                Command::new(3, 0, 4, 0),
                Command::new(i64::MAX, 0, 0, 0),
            ],
        );
        let won: Position = "9/9/9/9/9/9/9/9/9/4K4 b".parse().unwrap();
        agree(won, [Command::new(0, 4, 1, 4)]);
    }
}
