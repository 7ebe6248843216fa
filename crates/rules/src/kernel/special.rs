//! The rules beyond leaps, slides and pawns, expanded into tables once:
//! kinds confined to a region, steps that point one way for each side
//! (some only from a region), hoppers (xiangqi's cannon) and the flying
//! general. A variant with none of them (chess, Fourfold, the cube, Duck
//! Chess) has empty tables, and its attack code pays one test of a kind
//! mask that is always zero.

use super::squares::NONE;
use super::{Color, Kind, Position, Rules, SquareSet, Variant, MAX_KINDS};
use crate::geometry::Vector;

/// The tables of the special rules.
#[derive(Clone, Debug)]
pub(crate) struct Special<S> {
    /// Kinds with a region, steps or hops, as a bit mask: their attacks
    /// take [`Rules::special_attacks`].
    pub(crate) kinds: u16,
    /// Whether anything here applies (special kinds or the flying
    /// general): [`Position::attackers`] then asks
    /// [`Position::special_attackers`].
    pub(crate) any: bool,
    /// Kinds confined to a region.
    pub(crate) confined: u16,
    /// `region[color][kind]`: where a confined kind may stand.
    pub(crate) region: [[S; MAX_KINDS]; 2],
    /// Kinds with steps.
    pub(crate) steppers: u16,
    /// `steps[color][kind * len + square]`: where the steps from `square`
    /// lead.
    pub(crate) steps: [Vec<S>; 2],
    /// `steps_in[color][kind * len + square]`: the squares whose steps lead
    /// to `square`.
    pub(crate) steps_in: [Vec<S>; 2],
    /// Kinds with one-way slides.
    pub(crate) riders: u16,
    /// `rides[color][kind]`: the one-way slides' directions (indices into
    /// the rules' directions), and each one's opposite.
    pub(crate) rides: [[Vec<(u16, u16)>; MAX_KINDS]; 2],
    /// `ranged[color][kind]`: the one-way slides of a few squares at most
    /// ([`PieceKind::ranged_rides`](super::PieceKind)): direction,
    /// opposite, and the most squares; their kinds are among `riders`.
    pub(crate) ranged: [[Vec<(u16, u16, u8)>; MAX_KINDS]; 2],
    /// Kinds that hop.
    pub(crate) hoppers: u16,
    /// Per kind, its hop directions (indices into the rules' directions).
    pub(crate) hop_dirs: [Vec<u16>; MAX_KINDS],
    /// Grasshoppers ([`PieceKind::grasshops`](super::PieceKind)).
    pub(crate) grasshoppers: u16,
    /// Per kind, its grasshopper directions.
    pub(crate) grass_dirs: [Vec<u16>; MAX_KINDS],
    /// Kinds whose leaps and slides only capture.
    pub(crate) capture_only: u16,
    /// Kinds with moves to empty squares only.
    pub(crate) quiet: u16,
    /// `quiet_leaps[kind * len + square]`: where the quiet leaps lead.
    pub(crate) quiet_leaps: Vec<S>,
    /// Per kind, its quiet slides' directions.
    pub(crate) quiet_dirs: [Vec<u16>; MAX_KINDS],
    /// `quiet_steps[color][kind * len + square]`: where the quiet steps lead
    /// ([`super::quiet_steps`]).
    pub(crate) quiet_steps: [Vec<S>; 2],
    /// Under the flying general, the two directions along the files; else
    /// both [`NONE`].
    pub(crate) facing: [u16; 2],
    /// Janggi cannons ([`PieceKind::jumps`](super::PieceKind)).
    pub(crate) jumpers: u16,
    /// Per kind, its jump directions.
    pub(crate) jump_dirs: [Vec<u16>; MAX_KINDS],
    /// Moves along palace diagonals.
    pub(crate) lines: super::palace::Lines<S>,
}

/// The directions the special rules need in the rules' direction list
/// beside the sliders': every hop direction, and the files' two under the
/// flying general.
pub(crate) fn directions(variant: &Variant) -> Vec<Vector> {
    let axes = variant.shape.axes();
    let mut dirs: Vec<Vector> = variant
        .kinds
        .iter()
        .flat_map(|k| {
            k.hops
                .iter()
                .chain(&k.grasshops)
                .chain(&k.jumps)
                .chain(&k.quiet_slides)
                .flat_map(|c| c.directions(axes))
        })
        .collect();
    if variant.flying_general && axes > 1 {
        dirs.extend(file_steps());
    }
    let ranged = variant.kinds.iter().flat_map(|k| &k.ranged_rides);
    for v in variant
        .kinds
        .iter()
        .flat_map(|k| &k.rides)
        .chain(ranged.map(|(v, _)| v))
    {
        for color in Color::ALL {
            let v = ride_for(*v, color);
            dirs.push(v);
            dirs.push(-v);
        }
    }
    dirs
}

/// A one-way slide's direction for `color`: Black's is White's turned half
/// round (files and ranks), as a [`Step`](super::Step)'s.
pub(crate) fn ride_for(v: Vector, color: Color) -> Vector {
    let mut v = v;
    if color == Color::Black {
        v.0[0] = -v.0[0];
        v.0[1] = -v.0[1];
    }
    v
}

/// One step up and one down the file (axis 1).
fn file_steps() -> [Vector; 2] {
    [Vector::new(&[0, 1]), Vector::new(&[0, -1])]
}

impl<S: SquareSet> Special<S> {
    /// Expands a variant's special rules, given the rules' direction list
    /// (which holds [`directions`]).
    pub(crate) fn new(variant: &Variant, dirs: &[Vector]) -> Special<S> {
        let shape = variant.shape;
        let len = shape.len();
        let axes = shape.axes();
        let mut special = Special {
            kinds: 0,
            any: false,
            confined: 0,
            region: [[!S::EMPTY; MAX_KINDS]; 2],
            steppers: 0,
            steps: [Vec::new(), Vec::new()],
            steps_in: [Vec::new(), Vec::new()],
            riders: 0,
            rides: std::array::from_fn(|_| std::array::from_fn(|_| Vec::new())),
            ranged: std::array::from_fn(|_| std::array::from_fn(|_| Vec::new())),
            hoppers: 0,
            hop_dirs: std::array::from_fn(|_| Vec::new()),
            grasshoppers: 0,
            grass_dirs: std::array::from_fn(|_| Vec::new()),
            capture_only: 0,
            quiet: 0,
            quiet_leaps: Vec::new(),
            quiet_dirs: std::array::from_fn(|_| Vec::new()),
            quiet_steps: super::quiet_steps::table(variant),
            facing: [NONE; 2],
            jumpers: 0,
            jump_dirs: std::array::from_fn(|_| Vec::new()),
            lines: super::palace::Lines::new(variant),
        };
        let class_dirs = |classes: &[crate::geometry::DirectionClass]| {
            let mut found: Vec<u16> = classes
                .iter()
                .flat_map(|c| c.directions(axes))
                .map(|v| {
                    dirs.iter()
                        .position(|&d| d == v)
                        .expect("the rules list every special direction") as u16
                })
                .collect();
            found.sort_unstable();
            found.dedup();
            found
        };
        let dir_index = |v: Vector| {
            dirs.iter()
                .position(|&d| d == v)
                .expect("the rules list every special direction") as u16
        };
        for (k, kind) in variant.kinds.iter().enumerate() {
            if let Some(region) = kind.region {
                special.confined |= 1 << k;
                for color in Color::ALL {
                    special.region[color.index()][k] = (0..len)
                        .filter(|&s| region.contains(shape, color, s))
                        .fold(S::EMPTY, |set, s| set | S::single(s));
                }
            }
            if !kind.steps.is_empty() {
                special.steppers |= 1 << k;
            }
            if !kind.rides.is_empty() {
                special.riders |= 1 << k;
                for color in Color::ALL {
                    special.rides[color.index()][k] = kind
                        .rides
                        .iter()
                        .map(|&v| {
                            let v = ride_for(v, color);
                            (dir_index(v), dir_index(-v))
                        })
                        .collect();
                }
            }
            if !kind.ranged_rides.is_empty() {
                special.riders |= 1 << k;
                for color in Color::ALL {
                    special.ranged[color.index()][k] = kind
                        .ranged_rides
                        .iter()
                        .map(|&(v, most)| {
                            let v = ride_for(v, color);
                            (dir_index(v), dir_index(-v), most)
                        })
                        .collect();
                }
            }
            if !kind.grasshops.is_empty() {
                special.grasshoppers |= 1 << k;
                special.grass_dirs[k] = class_dirs(&kind.grasshops);
            }
            if !kind.jumps.is_empty() {
                special.jumpers |= 1 << k;
                special.jump_dirs[k] = class_dirs(&kind.jumps);
            }
            if kind.capture_only {
                special.capture_only |= 1 << k;
            }
            if !kind.quiet_leaps.is_empty()
                || !kind.quiet_slides.is_empty()
                || !kind.quiet_steps.is_empty()
            {
                special.quiet |= 1 << k;
                special.quiet_dirs[k] = class_dirs(&kind.quiet_slides);
                if special.quiet_leaps.is_empty() {
                    special.quiet_leaps = vec![S::EMPTY; variant.kinds.len() * len];
                }
                for leap in &kind.quiet_leaps {
                    for v in leap.vector.images(axes) {
                        for from in 0..len {
                            if let Some(to) = shape.offset(from, v) {
                                special.quiet_leaps[k * len + from] |= S::single(to);
                            }
                        }
                    }
                }
            }
            if !kind.hops.is_empty() {
                special.hoppers |= 1 << k;
                let mut hop: Vec<u16> = kind
                    .hops
                    .iter()
                    .flat_map(|c| c.directions(axes))
                    .map(dir_index)
                    .collect();
                hop.sort_unstable();
                hop.dedup();
                special.hop_dirs[k] = hop;
            }
        }
        if special.steppers != 0 {
            let n = variant.kinds.len() * len;
            special.steps = [vec![S::EMPTY; n], vec![S::EMPTY; n]];
            special.steps_in = [vec![S::EMPTY; n], vec![S::EMPTY; n]];
            for (k, kind) in variant.kinds.iter().enumerate() {
                for step in &kind.steps {
                    for color in Color::ALL {
                        let c = color.index();
                        let v = step.for_color(color);
                        for from in 0..len {
                            if step.zone.is_some_and(|z| !z.contains(shape, color, from)) {
                                continue;
                            }
                            if let Some(to) = shape.offset(from, v) {
                                special.steps[c][k * len + from] |= S::single(to);
                                special.steps_in[c][k * len + to] |= S::single(from);
                            }
                        }
                    }
                }
            }
        }
        if variant.flying_general && axes > 1 {
            special.facing = file_steps().map(dir_index);
        }
        special.kinds = special.confined
            | special.steppers
            | special.hoppers
            | special.riders
            | special.grasshoppers
            | special.capture_only
            | special.quiet
            | special.jumpers
            | special.lines.kinds;
        special.any = special.kinds != 0 || special.facing[0] != NONE;
        special
    }
}

impl<S: SquareSet> Rules<S> {
    /// A special kind's moves from `square`, given `set`, the moves its
    /// leaps and slides make: its steps and hops added (a hopper's quiet
    /// moves to empty squares and its captures over one piece, of either
    /// side: the caller removes its own), then all kept inside its region.
    /// `barred` holds the pieces a janggi cannon may neither jump nor take
    /// (its own kind's; the caller that knows no position passes none).
    #[inline(never)]
    pub(crate) fn special_attacks(
        &self,
        k: usize,
        color: Color,
        square: usize,
        occupied: S,
        mut set: S,
        barred: S,
    ) -> S {
        let sp = &self.special;
        let c = color.index();
        // One test for the rarer moves, so that the cannon's and the
        // soldier's games pay one branch for them.
        if (sp.capture_only | sp.quiet | sp.grasshoppers) >> k & 1 == 1 {
            set = self.apart_attacks(k, color, square, occupied, set);
        }
        if sp.steppers >> k & 1 == 1 {
            set |= sp.steps[c][k * self.len + square];
        }
        if sp.riders >> k & 1 == 1 {
            for &(d, _) in &sp.rides[c][k] {
                set |= self.ray_attacks(square, d as usize, occupied);
            }
            for &(d, _, most) in &sp.ranged[c][k] {
                set |= self.ranged_attacks(square, d as usize, most, occupied);
            }
        }
        if sp.hoppers >> k & 1 == 1 {
            for &d in &sp.hop_dirs[k] {
                let d = d as usize;
                set |= self.ray_attacks(square, d, occupied) & !occupied;
                if let Some(screen) = self.first_blocker(square, d, occupied) {
                    if let Some(target) = self.first_blocker(screen, d, occupied) {
                        set |= S::single(target);
                    }
                }
            }
        }
        if (sp.jumpers | sp.lines.kinds) >> k & 1 == 1 {
            set |= self.janggi_attacks(k, color, square, occupied, barred);
        }
        if sp.confined >> k & 1 == 1 {
            set &= sp.region[c][k];
        }
        set
    }

    /// [`Rules::special_attacks`]'s part for janggi: cannon jumps and
    /// moves along the palace diagonals.
    #[inline(never)]
    fn janggi_attacks(&self, k: usize, color: Color, square: usize, occupied: S, barred: S) -> S {
        let sp = &self.special;
        let mut set = S::EMPTY;
        if sp.jumpers >> k & 1 == 1 {
            set |= self.jump_targets(&sp.jump_dirs[k], square, occupied, barred);
        }
        if sp.lines.kinds >> k & 1 == 1 {
            set |= sp.lines.targets(k, color, square, occupied, barred);
        }
        set
    }
}

impl<S: SquareSet> Rules<S> {
    /// The squares a slide along direction `d` reaches from `square` in at
    /// most `most` steps, up to and with the first piece met.
    fn ranged_attacks(&self, square: usize, d: usize, most: u8, occupied: S) -> S {
        let mut set = S::EMPTY;
        let mut at = square;
        for _ in 0..most {
            let Some(next) = self.next_square(at, d) else {
                break;
            };
            set |= S::single(next);
            if occupied.contains(next) {
                break;
            }
            at = next;
        }
        set
    }
}

impl<S: SquareSet> Rules<S> {
    /// [`Rules::special_attacks`]'s part for kinds whose leaps and slides
    /// only capture, kinds with moves to empty squares only, and
    /// grasshoppers.
    #[inline(never)]
    fn apart_attacks(&self, k: usize, color: Color, square: usize, occupied: S, mut set: S) -> S {
        let sp = &self.special;
        if sp.capture_only >> k & 1 == 1 {
            set &= occupied;
        }
        if sp.quiet >> k & 1 == 1 {
            let mut quiet = sp.quiet_leaps[k * self.len + square];
            if let Some(&steps) = sp.quiet_steps[color.index()].get(k * self.len + square) {
                quiet |= steps;
            }
            for &d in &sp.quiet_dirs[k] {
                quiet |= self.ray_attacks(square, d as usize, occupied);
            }
            set |= quiet & !occupied;
        }
        if sp.grasshoppers >> k & 1 == 1 {
            for &d in &sp.grass_dirs[k] {
                if let Some(hurdle) = self.first_blocker(square, d as usize, occupied) {
                    if let Some(to) = self.next_square(hurdle, d as usize) {
                        set |= S::single(to);
                    }
                }
            }
        }
        set
    }
}

impl<S: SquareSet> Position<S> {
    /// [`Position::attackers`]'s part for the special rules: `found` (what
    /// leaps and slides attack) with the steppers and hoppers of `color`
    /// that attack `square` added, the confined pieces that cannot go there
    /// dropped, and under the flying general `color`'s royal piece if it
    /// faces `square` along an empty file.
    #[inline(never)]
    pub(crate) fn special_attackers(
        &self,
        square: usize,
        color: Color,
        occupied: S,
        mut found: S,
    ) -> S {
        let r = self.rules();
        let sp = &r.special;
        let c = color.index();
        let theirs = self.by_color(color);
        let mut steppers = sp.steppers;
        while steppers != 0 {
            let k = steppers.trailing_zeros() as usize;
            found |= sp.steps_in[c][k * r.len + square] & self.by_kind(Kind(k as u8)) & theirs;
            steppers &= steppers - 1;
        }
        let mut riders = sp.riders;
        while riders != 0 {
            let k = riders.trailing_zeros() as usize;
            let pieces = self.by_kind(Kind(k as u8)) & theirs;
            for &(_, back) in &sp.rides[c][k] {
                // The first piece back along the slide, if one of these.
                if let Some(from) = r.first_blocker(square, back as usize, occupied) {
                    if pieces.contains(from) {
                        found |= S::single(from);
                    }
                }
            }
            for &(_, back, most) in &sp.ranged[c][k] {
                // The first piece back along the slide within its reach.
                let reach = r.ranged_attacks(square, back as usize, most, occupied);
                found |= reach & occupied & pieces;
            }
            riders &= riders - 1;
        }
        let mut grasshoppers = sp.grasshoppers;
        while grasshoppers != 0 {
            let k = grasshoppers.trailing_zeros() as usize;
            let pieces = self.by_kind(Kind(k as u8)) & theirs;
            if pieces.any() {
                // Grasshopper lines are symmetric: the hurdle next to
                // `square` along a direction, and the first piece beyond it.
                for &d in &sp.grass_dirs[k] {
                    let d = d as usize;
                    let Some(hurdle) = r.next_square(square, d) else {
                        continue;
                    };
                    if occupied.contains(hurdle) {
                        if let Some(from) = r.first_blocker(hurdle, d, occupied) {
                            if pieces.contains(from) {
                                found |= S::single(from);
                            }
                        }
                    }
                }
            }
            grasshoppers &= grasshoppers - 1;
        }
        let mut hoppers = sp.hoppers;
        while hoppers != 0 {
            let k = hoppers.trailing_zeros() as usize;
            let pieces = self.by_kind(Kind(k as u8)) & theirs;
            if pieces.any() {
                // Hop lines are symmetric: a hopper beyond one screen along
                // a direction from `square` hops back along it onto `square`.
                for &d in &sp.hop_dirs[k] {
                    let d = d as usize;
                    if let Some(screen) = r.first_blocker(square, d, occupied) {
                        if let Some(hopper) = r.first_blocker(screen, d, occupied) {
                            if pieces.contains(hopper) {
                                found |= S::single(hopper);
                            }
                        }
                    }
                }
            }
            hoppers &= hoppers - 1;
        }
        let mut janggi = sp.jumpers | sp.lines.kinds;
        while janggi != 0 {
            let k = janggi.trailing_zeros() as usize;
            let kind = self.by_kind(Kind(k as u8));
            let pieces = kind & theirs;
            if pieces.any() {
                let barred = kind & occupied;
                if sp.jumpers >> k & 1 == 1 {
                    found |= r.jump_attackers(&sp.jump_dirs[k], square, occupied, barred, pieces);
                }
                if sp.lines.kinds >> k & 1 == 1 {
                    found |= sp
                        .lines
                        .attackers(k, color, square, occupied, barred, pieces);
                }
            }
            janggi &= janggi - 1;
        }
        let mut confined = sp.confined;
        while confined != 0 {
            let k = confined.trailing_zeros() as usize;
            if !sp.region[c][k].contains(square) {
                found &= !self.by_kind(Kind(k as u8));
            }
            confined &= confined - 1;
        }
        if sp.facing[0] != NONE {
            if let Some(royal) = self.royal_square(color) {
                let on_file = r
                    .aligned(square, royal)
                    .is_some_and(|d| sp.facing.contains(&(d as u16)));
                if on_file && (r.between(square, royal) & occupied).is_empty() {
                    found |= S::single(royal);
                }
            }
        }
        if r.forms.is_some() {
            found = self.form_attackers(square, color, occupied, found);
        }
        found
    }
}

#[cfg(test)]
mod tests {
    use crate::geometry::{DirectionClass, Shape};
    use crate::kernel::*;

    /// A 5 × 6 board: kings confined to files b–d of their first two
    /// ranks, a cannon, soldiers that step sideways on the far three ranks,
    /// the flying general, stalemate a loss.
    fn rules() -> &'static Rules<u64> {
        let kinds = vec![
            PieceKind::new("king", 'k', 0)
                .leap(&[1, 0])
                .confined(Region::new(&[(1, 3), (0, 1)]))
                .royal(),
            PieceKind::new("cannon", 'c', 450).hop(DirectionClass::ROOK),
            PieceKind::new("soldier", 'p', 100)
                .step(&[0, 1])
                .step_in(&[1, 0], Region::new(&[(0, 4), (3, 5)]))
                .step_in(&[-1, 0], Region::new(&[(0, 4), (3, 5)])),
        ];
        let variant = Variant {
            name: "mini".into(),
            shape: Shape::new(&[5, 6]).unwrap(),
            kinds,
            start: vec![(2, piece(Color::White, 0)), (27, piece(Color::Black, 0))],
            castling: vec![],
            royalty: Royalty::Check,
            royal_required: true,
            draws: DrawRules::default(),
            stalemate: Stalemate::Loss,
            flying_general: true,
            extinction: None,
            drops: None,
            goals: crate::kernel::Goals::default(),
        };
        Rules::new(variant).unwrap().leak()
    }

    fn piece(color: Color, kind: u8) -> Piece {
        Piece {
            color,
            kind: Kind(kind),
        }
    }

    fn position(pieces: &[(usize, Color, u8)], turn: Color) -> Position<u64> {
        let rules = rules();
        let mut setup = Setup::empty(rules.len());
        for &(square, color, kind) in pieces {
            setup.board[square] = Some(piece(color, kind));
        }
        setup.turn = turn;
        Position::from_setup(rules, &setup).unwrap()
    }

    fn targets(p: &Position<u64>, from: usize) -> Vec<usize> {
        let mut to: Vec<usize> = p
            .legal_moves()
            .iter()
            .filter(|m| m.from() == from)
            .map(|m| m.to())
            .collect();
        to.sort_unstable();
        to
    }

    #[test]
    fn the_cannon_slides_quietly_and_captures_over_one_screen() {
        use Color::{Black, White};
        // White: king c2 (7), cannon a1 (0); Black: king d6 (28), soldiers
        // a3 (10, the screen) and a5 (20, the victim).
        let p = position(
            &[
                (7, White, 0),
                (0, White, 1),
                (28, Black, 0),
                (10, Black, 2),
                (20, Black, 2),
            ],
            White,
        );
        assert_eq!(targets(&p, 0), [1, 2, 3, 4, 5, 20]);
        // The king stays in its region (not c3 = 12) and may not step to
        // d2 (8), facing the black king up an empty file.
        assert_eq!(targets(&p, 7), [2, 6]);
    }

    #[test]
    fn soldiers_step_sideways_only_in_their_zone_and_facing_kings_check() {
        use Color::{Black, White};
        // White soldiers on b2 (6, own side: forward only) and b5 (21,
        // zone: forward and sideways); kings b1 (1) and c6 (27).
        let p = position(
            &[(1, White, 0), (6, White, 2), (21, White, 2), (27, Black, 0)],
            White,
        );
        assert_eq!(targets(&p, 6), [11]);
        assert_eq!(targets(&p, 21), [20, 22, 26]);
        // Moving the king to c1 would face c6 on an empty file.
        assert!(!targets(&p, 1).contains(&2));
    }

    #[test]
    fn stalemate_loses_where_the_variant_says_so() {
        use Color::{Black, White};
        // Black king b6 (26): c6 faces the white king on c1, a6 and b5 are
        // outside its region or attacked (the soldier on a5 steps to b5),
        // so it cannot move, and it is not in check.
        let p = position(&[(2, White, 0), (26, Black, 0), (20, White, 2)], Black);
        assert!(!p.is_check());
        assert_eq!(
            p.outcome(),
            Some(Outcome::Decisive {
                winner: White,
                how: Win::Stalemate
            })
        );
    }
}
