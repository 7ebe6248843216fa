//! A variant's tables, expanded once: per square the leap targets and the
//! squares a lame leap passes, per direction the ray as a set, which
//! directions line two squares up, pawn steps, and hashing keys.

use super::magics::KnownGroup;
use super::special::{self, Special};
use super::squares::NONE;
use super::{Color, Drops, Kind, Royalty, SquareSet, Variant, VariantError, MAX_KINDS};
use crate::geometry::Vector;

/// One square's magic for one group of directions.
#[derive(Clone, Debug)]
struct Magic<S> {
    mask: S,
    factor: u64,
    shift: u32,
    offset: u32,
}

/// One side's pawn steps as shifts of the square numbering, to move all its
/// pawns at once: a step along a vector adds the same number to every square
/// it stays on the board from.
#[derive(Clone, Debug)]
pub(crate) struct PawnSteps<S> {
    /// The forward step's shift.
    pub(crate) forward: isize,
    /// The squares a forward step stays on the board from.
    pub(crate) push_from: S,
    /// The squares a double step starts from.
    pub(crate) double_from: S,
    /// Whether a double step can land in the promotion zone (torpedo),
    /// and promote there.
    pub(crate) double_promotes: bool,
    /// Each capture step's shift and the squares it stays on the board from.
    pub(crate) captures: Vec<(isize, S)>,
}

/// A variant together with its tables, for a square-set type `S` big enough
/// for the board. Build once (tables are not small for big boards) and share
/// it: positions hold a `&'static Rules<S>`, see [`Rules::leak`].
///
/// ```
/// use duckchess_rules::kernel::Rules;
/// let rules: &'static Rules<u64> = Rules::new(duckchess_rules::variants::chess::variant()).unwrap().leak();
/// assert_eq!(rules.directions().len(), 8);
/// ```
#[derive(Debug)]
pub struct Rules<S> {
    pub(crate) variant: Variant,
    pub(crate) len: usize,
    /// Every slider step of the variant (the union of all classes).
    dirs: Vec<Vector>,
    /// Whether a step increases the square index (the first blocker is then
    /// the lowest square of a ray).
    pub(crate) dir_up: Vec<bool>,
    /// `rays[square * dirs + d]`: the squares from `square` (exclusive) to
    /// the edge.
    pub(crate) rays: Vec<S>,
    /// `align[a * len + b]`: the direction from `a` whose ray holds `b`.
    pub(crate) align: Vec<u16>,
    /// Per direction, bit `k` set when kind `k` slides along it.
    pub(crate) dir_kinds: Vec<u16>,
    /// Directions grouped by the kinds sliding along them: each group's
    /// kind mask and directions.
    pub(crate) groups: Vec<(u16, Vec<u16>)>,
    /// Per kind, the groups it slides along, as a bit mask.
    pub(crate) kind_groups: [u32; MAX_KINDS],
    /// Every kind of the variant, a bit each: the generation loop's kinds.
    pub(crate) kinds_mask: u16,
    /// Bit `g` set: group `g` has magics (`magics[g * len + square]`).
    magic_groups: u32,
    /// The groups whose magics came from [`super::magics::KNOWN`].
    magics_known: u32,
    /// `lines[g * len + square]`: group `g`'s rays from `square` on an
    /// empty board, to tell cheaply whether a slider could reach it at all.
    pub(crate) lines: Vec<S>,
    /// The magics of the groups that have them, per square.
    magics: Vec<Magic<S>>,
    /// The attack sets the magics index.
    magic_table: Vec<S>,
    /// `leaps[kind * len + square]`: targets of the leaps over anything.
    pub(crate) leaps: Vec<S>,
    /// `lame[kind][square]`: lame leaps out as (target, squares passed).
    pub(crate) lame: [Vec<Vec<(u16, S)>>; MAX_KINDS],
    /// `lame_in[kind][square]`: lame leaps in as (origin, squares passed).
    pub(crate) lame_in: [Vec<Vec<(u16, S)>>; MAX_KINDS],
    /// `lame_origins[kind * len + square]`: the origins of `lame_in`'s
    /// leaps, as a set, so that a square no such piece can reach is
    /// passed over at once.
    pub(crate) lame_origins: Vec<S>,
    /// Kinds with lame leaps, as a bit mask.
    pub(crate) lame_kinds: u16,
    /// Kinds other than the pawn with leaps over anything, as a bit mask.
    pub(crate) leapers: u16,
    /// The pawn kind, if any.
    pub(crate) pawn: Option<Kind>,
    /// The royal kind, if any.
    pub(crate) royal: Option<Kind>,
    /// `pawn_captures[color][square]`.
    pub(crate) pawn_captures: [Vec<S>; 2],
    /// `pawn_push[color][square]`: one step forward.
    pub(crate) pawn_push: [Vec<u16>; 2],
    /// `pawn_double[color][square]`: two steps forward from a double-step
    /// rank.
    pub(crate) pawn_double: [Vec<u16>; 2],
    /// `pawn_ep[color][square]`: the square a double step from `square`
    /// passes, where the other side may take en passant after it; else
    /// [`NONE`].
    pub(crate) pawn_ep: [Vec<u16>; 2],
    /// Where each side's pawns promote.
    pub(crate) promotion_zone: [S; 2],
    /// The kinds each side's pawns promote to.
    pub(crate) promotions: [Vec<Kind>; 2],
    /// Each side's pawn steps as shifts.
    pub(crate) pawn_steps: [PawnSteps<S>; 2],
    /// The pawn's own pushes where they are not chess's (Berolina's).
    pub(crate) pawn_ways: Option<Box<super::pawn_ways::WayTables<S>>>,
    /// Kinds that are no pawn but share its rules (wolf's sergeant).
    pub(crate) pawn_kinds: Option<Box<super::pawn_kinds::PawnKinds>>,
    /// Per side, its castling rules as a bit mask of rights.
    pub(crate) castling_rights: [u8; 2],
    /// Per square, the castling rights lost when a move starts or ends there.
    pub(crate) castling_loss: Vec<u8>,
    /// Hashing keys: pieces `[(color * MAX_KINDS + kind) * len + square]`.
    pub(crate) piece_keys: Vec<u64>,
    pub(crate) castling_keys: [u64; 256],
    pub(crate) ep_keys: Vec<u64>,
    pub(crate) black_key: u64,
    /// Hashing keys of the hands: `[color][kind]`, rotated by the count.
    pub(crate) hand_keys: [[u64; MAX_KINDS]; 2],
    /// Hashing keys of the checks each side has still to give (n-check),
    /// rotated by the count.
    pub(crate) check_keys: [u64; 2],
    /// Whether the game counts checks ([`Goals::checks`](super::Goals)).
    pub(crate) check_counting: bool,
    /// Whether a move is followed by more than the board's change: a check
    /// counted or a blast ([`Goals::blast`](super::Goals)).
    pub(crate) after_move: bool,
    /// Per square, the squares a king's step away: what a capture there
    /// blows up (atomic games only; empty elsewhere).
    pub(crate) blast_zone: Vec<S>,
    /// Whether no move may give check ([`Goals::no_checks`](super::Goals)).
    pub(crate) no_checks: bool,
    /// Each side's flag region ([`Flag`](super::Flag); empty without one).
    pub(crate) flag_region: [S; 2],
    /// Whether the game has drops ([`Variant::drops`](super::Variant)).
    pub(crate) drops: bool,
    /// Whether captured pieces go to the captor's hand.
    pub(crate) captures_to_hand: bool,
    /// Whether promoted pieces are marked (captures to hand but for loop
    /// chess's, and bughouse's).
    pub(crate) marks: bool,
    /// Whether a capture does more than take: a piece to hand, a mark
    /// away ([`Rules::captures_to_hand`] or [`Rules::marks`]).
    pub(crate) capture_extra: bool,
    /// `drop_region[color][kind]`: where a piece of the hand may be put.
    pub(crate) drop_region: [[S; MAX_KINDS]; 2],
    /// Per castling rule, the squares that must be empty (besides the king
    /// and the rook themselves).
    pub(crate) castle_empty: Vec<S>,
    /// Per castling rule, the squares the king stands on, passes or reaches:
    /// none may be attacked.
    pub(crate) castle_safe: Vec<S>,
    /// The squares of odd coordinate sum (one colour of the chequer).
    pub(crate) odd_squares: S,
    /// Whether check and pin masks give legality (otherwise moves are made
    /// and tested).
    pub(crate) masks: bool,
    /// Kinds with a region, steps or hops ([`Special::kinds`]), kept here
    /// beside the hot tables.
    pub(crate) special_kinds: u16,
    /// Whether any special rule applies ([`Special::any`]).
    pub(crate) special_any: bool,
    /// Regions, steps, hoppers and the flying general: boxed, so the hot
    /// tables' layout stays as it is for the games without them.
    pub(crate) special: Box<Special<S>>,
    /// Shogi's promotions and drop rules, if the game has them.
    pub(crate) forms: Option<Box<super::promotion::Forms<S>>>,
    /// Whether the game has walls ([`Goals::walls`](super::Goals)).
    pub(crate) walls: bool,
    /// The walling rule, if a move places a wall.
    pub(crate) walling: Option<Box<super::walls::Walling<S>>>,
    /// The enclosing rules' tables (Othello, Ataxx), if the game has them.
    pub(crate) enclosure: Option<Box<super::enclosing::Enclosure<S>>>,
    /// Drops take nothing from a hand ([`Drops::free`](super::Drops)).
    pub(crate) free_drops: bool,
    /// Whether pieces in hand are gated ([`Drops::gating`](super::Drops)).
    pub(crate) gating: bool,
    /// Whether a position keeps the kind of the last drop, for a drop mate
    /// that loses ([`Drops::drop_mate_loses`](super::Drops)): only where
    /// no pass, bikjang, enclosing or gating holds the same bytes.
    pub(crate) tracks_drops: bool,
}

impl<S: SquareSet> Rules<S> {
    /// Expands a variant's tables. The sliders' magic factors come from
    /// the ones found before for the built-in games (kept in
    /// `crates/rules/src/kernel/magics_known.rs`) where they fit, else from a search.
    pub fn new(variant: Variant) -> Result<Rules<S>, VariantError> {
        Rules::build(variant, super::magics::KNOWN, true)
    }

    /// [`Rules::new`] without the sliders' magic factors: every slider
    /// scans its rays. Quick to build and slower to play, for checking a
    /// variant and a position of it once (a file of games is read so,
    /// each game's full tables built when it is first played). Fails
    /// exactly where [`Rules::new`] fails.
    pub fn unsearched(variant: Variant) -> Result<Rules<S>, VariantError> {
        Rules::build(variant, &[], false)
    }

    #[cfg(test)]
    /// [`Rules::new`] searching every magic factor afresh (what
    /// `magics::KNOWN` was written from).
    pub(crate) fn searched(variant: Variant) -> Result<Rules<S>, VariantError> {
        Rules::build(variant, &[], true)
    }

    fn build(
        variant: Variant,
        known: &[KnownGroup],
        search: bool,
    ) -> Result<Rules<S>, VariantError> {
        variant.validate()?;
        let slots = <S::Kinds as super::PerKind<S>>::LEN;
        if variant.kinds.len() > slots {
            return Err(VariantError::SetKinds {
                kinds: variant.kinds.len(),
                slots,
            });
        }
        if variant.drops.as_ref().is_some_and(Drops::marks)
            && variant.kinds.len() >= slots
            && !<S::Spare as super::squares::Spare<S>>::ANY
        {
            return Err(VariantError::HandKinds);
        }
        let shape = variant.shape;
        let len = shape.len();
        if len > S::CAPACITY || len >= NONE as usize {
            return Err(VariantError::TooBig {
                squares: len,
                capacity: S::CAPACITY,
            });
        }
        let ways_limit = super::pawn_ways::EP_SQUARE as usize + 1;
        if len > ways_limit && variant.kinds.iter().any(|k| k.pawn_ways.is_some()) {
            // Its en passant square keeps the push in the bits above.
            return Err(VariantError::TooBig {
                squares: len,
                capacity: ways_limit,
            });
        }
        let axes = shape.axes();
        let kinds = &variant.kinds;

        let mut dirs: Vec<Vector> = kinds
            .iter()
            .flat_map(|k| k.slides.iter().flat_map(|c| c.directions(axes)))
            .chain(special::directions(&variant))
            .collect();
        dirs.sort();
        dirs.dedup();
        let nd = dirs.len();
        let index_delta = |v: Vector| -> i64 {
            let mut stride = 1i64;
            let mut delta = 0;
            for axis in 0..axes {
                delta += v.0[axis] as i64 * stride;
                stride *= shape.size(axis) as i64;
            }
            delta
        };
        let dir_up = dirs.iter().map(|&v| index_delta(v) > 0).collect();
        let mut rays = vec![S::EMPTY; len * nd];
        let mut align = vec![NONE; len * len];
        for square in 0..len {
            for (d, &v) in dirs.iter().enumerate() {
                for to in shape.ray(square, v) {
                    rays[square * nd + d] |= S::single(to);
                    align[square * len + to] = d as u16;
                }
            }
        }
        let dir_kinds: Vec<u16> = dirs
            .iter()
            .map(|&v| {
                kinds
                    .iter()
                    .enumerate()
                    .filter(|(_, k)| k.slides.iter().any(|c| c.contains(v)))
                    .fold(0, |mask, (i, _)| mask | 1 << i)
            })
            .collect();
        let mut groups: Vec<(u16, Vec<u16>)> = Vec::new();
        // A direction no kind slides along (a hopper's alone) needs no group.
        for (d, &mask) in dir_kinds.iter().enumerate().filter(|(_, &m)| m != 0) {
            match groups.iter_mut().find(|(m, _)| *m == mask) {
                Some((_, ds)) => ds.push(d as u16),
                None => groups.push((mask, vec![d as u16])),
            }
        }
        assert!(groups.len() <= 32, "at most 32 groups of slider directions");
        let kind_groups = std::array::from_fn(|k| {
            groups
                .iter()
                .enumerate()
                .filter(|(_, (mask, _))| mask >> k & 1 == 1)
                .fold(0, |set, (g, _)| set | 1 << g)
        });

        let mut leaps = vec![S::EMPTY; kinds.len() * len];
        let mut lame: [Vec<Vec<(u16, S)>>; MAX_KINDS] =
            std::array::from_fn(|_| vec![Vec::new(); len]);
        let mut lame_in: [Vec<Vec<(u16, S)>>; MAX_KINDS] =
            std::array::from_fn(|_| vec![Vec::new(); len]);
        let mut lame_origins = vec![S::EMPTY; kinds.len() * len];
        let mut lame_kinds = 0;
        for (k, kind) in kinds.iter().enumerate() {
            for leap in &kind.leaps {
                if leap.lame && !leap.vector.path().is_empty() {
                    lame_kinds |= 1 << k;
                }
                for v in leap.vector.images(axes) {
                    // The squares a lame leap passes, as offsets: worked out
                    // once a vector, not once a square (a file's games were
                    // a third of their start-up here).
                    let path = if leap.lame { v.path() } else { Vec::new() };
                    for square in 0..len {
                        let Some(to) = shape.offset(square, v) else {
                            continue;
                        };
                        if !path.is_empty() {
                            // The squares passed lie in the box spanned by
                            // start and target, so on the board.
                            let set = path.iter().fold(S::EMPTY, |s, &p| {
                                s | S::single(
                                    shape
                                        .offset(square, p)
                                        .expect("a passed square lies inside the leap's box"),
                                )
                            });
                            lame[k][square].push((to as u16, set));
                            lame_in[k][to].push((square as u16, set));
                            lame_origins[k * len + to] |= S::single(square);
                        } else {
                            leaps[k * len + square] |= S::single(to);
                        }
                    }
                }
            }
        }

        let find = |pred: &dyn Fn(&super::PieceKind) -> bool| {
            kinds.iter().position(pred).map(|i| Kind(i as u8))
        };
        let pawn = find(&|k| k.pawn.is_some());
        let royal = find(&|k| k.royal);
        let mut pawn_captures = [vec![S::EMPTY; len], vec![S::EMPTY; len]];
        let mut pawn_push = [vec![NONE; len], vec![NONE; len]];
        let mut pawn_double = [vec![NONE; len], vec![NONE; len]];
        let mut pawn_ep = [vec![NONE; len], vec![NONE; len]];
        let mut promotion_zone = [S::EMPTY; 2];
        let mut pawn_steps: [PawnSteps<S>; 2] = std::array::from_fn(|_| PawnSteps {
            forward: 0,
            push_from: S::EMPTY,
            double_from: S::EMPTY,
            double_promotes: false,
            captures: Vec::new(),
        });
        if let Some(p) = pawn {
            let rules = kinds[p.index()].pawn.as_ref().expect("a pawn kind");
            let fa = rules.forward_axis;
            let last = shape.size(fa) - 1;
            for color in Color::ALL {
                let c = color.index();
                let mut forward = Vector::default();
                forward.0[fa] = color.sign();
                let steps = &mut pawn_steps[c];
                steps.forward = index_delta(forward) as isize;
                for axis in (0..axes).filter(|&a| a != fa && rules.capture_axes >> a & 1 == 1) {
                    for side in [-1, 1] {
                        let mut v = forward;
                        v.0[axis] = side;
                        let from = (0..len)
                            .filter(|&s| shape.offset(s, v).is_some())
                            .fold(S::EMPTY, |set, s| set | S::single(s));
                        steps.captures.push((index_delta(v) as isize, from));
                    }
                }
                for square in 0..len {
                    let coords = shape.coords(square);
                    let relative_rank = if color == Color::White {
                        coords[fa]
                    } else {
                        last - coords[fa]
                    };
                    let in_zone = match &rules.promotion_region {
                        Some(region) => region[c].contains(&square),
                        None => relative_rank + rules.promotion_ranks.max(1) as i32 > last,
                    };
                    if in_zone {
                        promotion_zone[c] |= S::single(square);
                    }
                    if let Some(to) = shape.offset(square, forward) {
                        pawn_push[c][square] = to as u16;
                        steps.push_from |= S::single(square);
                        let bit = |mask: u64, rank: i32| rank < 64 && mask >> rank & 1 == 1;
                        let double_from = match &kinds[p.index()].double_step_squares {
                            Some(squares) => squares[c].contains(&square),
                            None => bit(rules.double_step_ranks[c], relative_rank),
                        };
                        if rules.double_step && double_from {
                            if let Some(two) = shape.offset(to, forward) {
                                pawn_double[c][square] = two as u16;
                                steps.double_from |= S::single(square);
                                if rules.en_passant
                                    && bit(rules.en_passant_ranks[c], relative_rank + 1)
                                {
                                    pawn_ep[c][square] = to as u16;
                                }
                            }
                        }
                    }
                    for axis in (0..axes).filter(|&a| a != fa && rules.capture_axes >> a & 1 == 1) {
                        for side in [-1, 1] {
                            let mut v = forward;
                            v.0[axis] = side;
                            if let Some(to) = shape.offset(square, v) {
                                pawn_captures[c][square] |= S::single(to);
                            }
                        }
                    }
                }
                steps.double_promotes = pawn_double[c]
                    .iter()
                    .any(|&to| to != NONE && promotion_zone[c].contains(to as usize));
            }
        }
        // A pawn with its own ways (Berolina's): its captures replace
        // chess's, and its pushes are generated from its own tables.
        let pawn_ways = pawn.and_then(|p| {
            let kind = &kinds[p.index()];
            let ways = kind.pawn_ways.as_ref()?;
            let rules = kind.pawn.as_ref()?;
            let last = shape.size(1) - 1;
            let relative = |color: Color, s: usize| {
                let rank = shape.coords(s)[1];
                if color == Color::White {
                    rank
                } else {
                    last - rank
                }
            };
            let bit = |mask: u64, rank: i32| (0..64).contains(&rank) && mask >> rank & 1 == 1;
            let tables = super::pawn_ways::WayTables::new(
                ways,
                shape,
                &|color, s| {
                    rules.double_step
                        && bit(rules.double_step_ranks[color.index()], relative(color, s))
                },
                &|color, s| {
                    rules.en_passant
                        && bit(rules.en_passant_ranks[color.index()], relative(color, s))
                },
            );
            for color in Color::ALL {
                let c = color.index();
                pawn_double[c].fill(NONE);
                pawn_ep[c].fill(NONE);
                pawn_steps[c].double_from = S::EMPTY;
                pawn_steps[c].captures.clear();
                pawn_captures[c].fill(S::EMPTY);
                for &v in &ways.captures {
                    let v = super::pawn_ways::PawnWays::turned(v, color);
                    let from = (0..len)
                        .filter(|&s| shape.offset(s, v).is_some())
                        .fold(S::EMPTY, |set, s| set | S::single(s));
                    pawn_steps[c].captures.push((index_delta(v) as isize, from));
                    for s in from.squares() {
                        pawn_captures[c][s] |= S::single(shape.offset(s, v).expect("on the board"));
                    }
                }
            }
            Some(Box::new(tables))
        });

        let mut castling_rights = [0u8; 2];
        let mut castling_loss = vec![0u8; len];
        for (i, rule) in variant.castling.iter().enumerate() {
            castling_rights[rule.color.index()] |= 1 << i;
            castling_loss[rule.king_from] |= 1 << i;
            castling_loss[rule.rook_from] |= 1 << i;
        }

        // The squares from `a` to `b` inclusive, stepping straight.
        let walk = |a: usize, b: usize| -> S {
            let (ca, cb) = (shape.coords(a), shape.coords(b));
            let step = Vector(std::array::from_fn(|i| (cb[i] - ca[i]).signum()));
            let mut set = S::single(a);
            let mut at = a;
            while at != b && !step.is_zero() {
                at = shape
                    .offset(at, step)
                    .expect("a castling line stays on the board");
                set |= S::single(at);
            }
            set
        };
        let castle_empty = variant
            .castling
            .iter()
            .map(|c| walk(c.king_from, c.king_to) | walk(c.rook_from, c.rook_to))
            .collect();
        // Only a royal piece is kept from castling through attack
        // (Fairy-Stockfish: "non-royal pieces can not be impeded").
        let castle_safe = variant
            .castling
            .iter()
            .map(|c| {
                if variant.kind(c.king).royal {
                    walk(c.king_from, c.king_to)
                } else {
                    S::EMPTY
                }
            })
            .collect();
        let odd_squares = (0..len)
            .filter(|&s| shape.parity(s) == 1)
            .fold(S::EMPTY, |set, s| set | S::single(s));

        // Hashing keys from a fixed seed, so keys agree between runs.
        // The first eight kinds' keys are drawn first, in the order they
        // had when eight was the most (a game's keys, and so its search,
        // stay as they were); the keys of kinds 8 and up are drawn last.
        const FIRST: usize = 8;
        let mut rng = SplitMix64(0x6b65_726e_656c);
        let piece_index = |c: usize, k: usize, s: usize| (c * MAX_KINDS + k) * len + s;
        let mut piece_keys = vec![0; 2 * MAX_KINDS * len];
        for c in 0..2 {
            for k in 0..FIRST {
                for s in 0..len {
                    piece_keys[piece_index(c, k, s)] = rng.next_u64();
                }
            }
        }
        let right_keys: [u64; 8] = std::array::from_fn(|_| rng.next_u64());
        let castling_keys = std::array::from_fn(|mask| {
            (0..8)
                .filter(|b| mask >> b & 1 == 1)
                .fold(0, |key, b| key ^ right_keys[b])
        });
        let ep_keys = (0..len).map(|_| rng.next_u64()).collect();
        let black_key = rng.next_u64();
        let mut hand_keys = [[0; MAX_KINDS]; 2];
        for hand in &mut hand_keys {
            for key in &mut hand[..FIRST] {
                *key = rng.next_u64();
            }
        }
        let check_keys: [u64; 2] = std::array::from_fn(|_| rng.next_u64());
        for c in 0..2 {
            for k in FIRST..MAX_KINDS {
                for s in 0..len {
                    piece_keys[piece_index(c, k, s)] = rng.next_u64();
                }
                hand_keys[c][k] = rng.next_u64();
            }
        }

        let special = Special::new(&variant, &dirs);
        // Masks know leaps and slides only.
        // The extinction rule, the goals ([`Goals`](super::Goals)),
        // placement's setup, and castling by a king that is not royal, are
        // played on the other
        // path, so that the masks' path (chess's perft) pays nothing for
        // them.
        let masks = variant.royalty == Royalty::Check
            && lame_kinds == 0
            && !special.any
            && variant.extinction.is_none()
            && !variant.goals.any()
            // Grand chess's promotions are listed one by one.
            && kinds.iter().all(|k| k.pawn.as_ref().is_none_or(|p| p.choice.is_none()))
            && !variant.drops.as_ref().is_some_and(|d| d.placement())
            && variant.castling.iter().all(|c| variant.kind(c.king).royal);
        let promotions = Color::ALL.map(|color| {
            pawn.and_then(|p| kinds[p.index()].pawn.as_ref())
                .map_or(Vec::new(), |rules| rules.promotions(color).to_vec())
        });
        let leapers = (0..kinds.len())
            .filter(|&k| {
                Some(Kind(k as u8)) != pawn && leaps[k * len..(k + 1) * len].iter().any(|s| s.any())
            })
            .fold(0, |mask, k| mask | 1 << k);
        let kinds_mask = ((1u32 << kinds.len()) - 1) as u16;
        let mut rules = Rules {
            variant,
            len,
            dirs,
            dir_up,
            rays,
            align,
            dir_kinds,
            groups,
            kind_groups,
            magic_groups: 0,
            magics_known: 0,
            lines: Vec::new(),
            magics: Vec::new(),
            magic_table: Vec::new(),
            leaps,
            lame,
            lame_in,
            lame_origins,
            lame_kinds,
            leapers,
            pawn,
            royal,
            pawn_captures,
            pawn_push,
            pawn_double,
            pawn_ep,
            promotion_zone,
            pawn_steps,
            pawn_ways,
            pawn_kinds: None,
            promotions,
            castling_rights,
            castling_loss,
            piece_keys,
            castling_keys,
            ep_keys,
            black_key,
            hand_keys,
            check_keys,
            check_counting: false,
            after_move: false,
            blast_zone: Vec::new(),
            no_checks: false,
            flag_region: [S::EMPTY; 2],
            drops: false,
            captures_to_hand: false,
            marks: false,
            capture_extra: false,
            drop_region: [[S::EMPTY; MAX_KINDS]; 2],
            castle_empty,
            castle_safe,
            odd_squares,
            masks,
            special_kinds: special.kinds,
            kinds_mask,
            special_any: special.any,
            special: Box::new(special),
            forms: None,
            walls: false,
            walling: None,
            enclosure: None,
            free_drops: false,
            gating: false,
            tracks_drops: false,
        };
        rules.lines = (0..rules.groups.len())
            .flat_map(|g| (0..len).map(move |square| (g, square)))
            .map(|(g, square)| {
                rules.groups[g]
                    .1
                    .iter()
                    .fold(S::EMPTY, |set, &d| set | rules.ray(square, d as usize))
            })
            .collect();
        let goals = &rules.variant.goals;
        rules.check_counting = goals.checks.is_some();
        rules.after_move = rules.check_counting
            || goals.blast.is_some()
            || goals.pass
            || goals.bikjang
            || rules.variant.castling.iter().any(|c| c.lost_to.is_some())
            || rules
                .variant
                .drops
                .as_ref()
                .is_some_and(|d| d.drop_mate_loses.is_some());
        if goals.blast.is_some() {
            let steps: Vec<Vector> = [-1, 0, 1]
                .into_iter()
                .flat_map(|x| [-1, 0, 1].map(|y| Vector::new(&[x, y])))
                .filter(|v| v.0.iter().any(|&c| c != 0))
                .collect();
            rules.blast_zone = (0..len)
                .map(|square| {
                    steps
                        .iter()
                        .filter_map(|&v| shape.offset(square, v))
                        .fold(S::EMPTY, |set, s| set | S::single(s))
                })
                .collect();
        }
        rules.no_checks = goals.no_checks;
        // Flips and passes follow the board's change.
        rules.enclosure = super::enclosing::Enclosure::new(&rules.variant).map(Box::new);
        rules.after_move |= rules.enclosure.is_some();
        if goals.walls.is_some() {
            super::walls::check_room::<S>(&rules.variant)?;
            // Off the masks' path: a wall is no target.
            rules.walls = true;
            rules.masks = false;
            rules.walling = super::walls::Walling::new(&rules.variant).map(Box::new);
            // The wall is placed after the board's change.
            rules.after_move |= rules.walling.is_some();
        }
        // A piece turns to stone after the board's change.
        super::petrify::check(&rules.variant)?;
        rules.after_move |= goals.petrify.is_some();
        if let Some(flag) = &goals.flag {
            rules.flag_region = flag
                .regions
                .clone()
                .map(|r| r.iter().fold(S::EMPTY, |set, &s| set | S::single(s)));
        }
        if let Some(drops) = rules.variant.drops.clone() {
            rules.drops = true;
            rules.free_drops = drops.free;
            rules.captures_to_hand = drops.captures_to_hand;
            rules.marks = drops.marks();
            rules.capture_extra = rules.captures_to_hand || rules.marks;
            let all = (0..len).fold(S::EMPTY, |set, s| set | S::single(s));
            for color in Color::ALL {
                let c = color.index();
                for k in 0..rules.variant.kinds.len() {
                    let mut region = all;
                    if Some(Kind(k as u8)) == rules.pawn {
                        // The first rank: no square behind it.
                        let behind = &rules.pawn_push[1 - c];
                        if !drops.first_rank_pawns {
                            region = (0..len)
                                .filter(|&s| behind[s] == NONE)
                                .fold(region, |set, s| set & !S::single(s));
                        }
                        if !drops.promotion_zone_pawns {
                            region &= !rules.promotion_zone[c];
                        }
                    }
                    if let Some(squares) = &drops.regions[c] {
                        region &= squares.iter().fold(S::EMPTY, |set, &s| set | S::single(s));
                    }
                    if drops.first_rank_kinds.contains(&Kind(k as u8)) {
                        region &= super::first_rank_drops::first_rank(&rules.variant.shape, color);
                    }
                    rules.drop_region[c][k] = region;
                }
            }
        }
        if rules
            .variant
            .drops
            .as_ref()
            .is_some_and(|d| d.gating.is_some())
        {
            super::gating::check(&rules.variant)?;
            // Off the masks' path: gates are added to the moves found
            // legal, and placed after the board's change.
            rules.gating = true;
            rules.masks = false;
            rules.after_move = true;
        }
        let goals = &rules.variant.goals;
        rules.tracks_drops = rules
            .variant
            .drops
            .as_ref()
            .is_some_and(|d| d.drop_mate_loses.is_some())
            && !(goals.pass || goals.bikjang || goals.enclosing.is_some() || rules.gating);
        if let Some(forms) = super::promotion::Forms::new(&rules, search)? {
            // Off the masks' path: moves are made and tested, and the
            // attackers ask the forms.
            for c in 0..2 {
                for k in 0..rules.variant.kinds.len() {
                    rules.drop_region[c][k] &= !forms.immobile[c][k];
                }
            }
            rules.masks = false;
            rules.special_any = true;
            rules.forms = Some(Box::new(forms));
            // A promotion restarts the half-move clock (`after_move`).
            rules.after_move = true;
        }
        rules.pawn_kinds =
            super::pawn_kinds::PawnKinds::new(&rules.variant, &rules.promotions).map(Box::new);
        if rules.pawn_kinds.is_some() {
            // Off the masks' path: their promotions and double steps are
            // added to the moves found, and their moves restart the clock
            // after the board's change.
            rules.masks = false;
            rules.after_move = true;
        }
        if search {
            rules.find_magics(known);
        }
        Ok(rules)
    }

    /// Finds, per group of slider directions and per square, a "fancy magic"
    /// multiplier: the blockers that matter (the rays without their last
    /// squares), folded to 64 bits and multiplied, give in their top bits an
    /// index to the attack set. A factor known for the group
    /// ([`KnownGroup`]) is checked and taken; otherwise a seeded search
    /// finds one, so the tables are the same on every run. A group whose
    /// masks are too big or whose search fails keeps the ray-by-ray scan.
    fn find_magics(&mut self, known: &[KnownGroup]) {
        const MAX_BITS: usize = 14;
        // Tries per size: few at the smallest table, where most squares of
        // a long mask find no factor anyway, before one more index bit.
        const TRIES: [usize; 3] = [1 << 10, 1 << 11, 1 << 16];
        // The search draws millions of candidates: a cryptographic
        // generator would be slow in unoptimised builds.
        let mut rng = SplitMix64(0x006d_6167_6963);
        let mut next = move || rng.next_u64();
        let groups = self.groups.clone();
        let placeholder = Magic {
            mask: S::EMPTY,
            factor: 0,
            shift: 63,
            offset: 0,
        };
        let mut subsets: Vec<S> = Vec::new();
        let mut attacks: Vec<S> = Vec::new();
        let mut ray_attacks: Vec<S> = Vec::new();
        let mut folded: Vec<u64> = Vec::new();
        let mut stamp: Vec<u32> = Vec::new();
        let mut slot: Vec<S> = Vec::new();
        let mut epoch = 0u32;
        // The known factors' tables, all of them at once and zeroed by the
        // allocator (fresh pages, no fill): one resize per square cost the
        // start-up 2.8 M instructions of memset.
        let given_of = |dirs: &[u16]| {
            let key = self.group_key(dirs);
            known
                .iter()
                .find(|k| k.key == key && k.magics.len() == self.len)
                .map(|k| k.magics)
        };
        let givens: Vec<Option<&[(u64, u8)]>> =
            groups.iter().map(|(_, dirs)| given_of(dirs)).collect();
        let size_of = |shift: u8| (1..64).contains(&shift).then(|| 1usize << (64 - shift));
        let reserved: usize = givens
            .iter()
            .flatten()
            .flat_map(|m| m.iter().filter_map(|&(_, shift)| size_of(shift)))
            .sum();
        debug_assert!(self.magic_table.is_empty());
        self.magic_table = vec![S::EMPTY; reserved];
        let mut next_reserved = 0usize;
        for (g, (_, dirs)) in groups.iter().enumerate() {
            let table_start = self.magic_table.len();
            let mut entries = Vec::with_capacity(self.len);
            let given = givens[g];
            self.magics_known &= !(1 << g);
            let mut all_given = given.is_some();
            for square in 0..self.len {
                // The blockers that matter, direction by direction (the
                // rays of one square are disjoint): bit `i` of a subset's
                // number is `bits[i]`, each direction's bits together.
                let mut mask = S::EMPTY;
                let mut bits: Vec<usize> = Vec::new();
                let mut parts: Vec<(usize, usize, usize)> = Vec::with_capacity(dirs.len());
                for &d in dirs {
                    let ray = self.ray(square, d as usize);
                    let end = if self.dir_up[d as usize] {
                        ray.last()
                    } else {
                        ray.first()
                    };
                    let inner = end.map_or(S::EMPTY, |end| ray ^ S::single(end));
                    mask |= inner;
                    parts.push((d as usize, bits.len(), inner.count() as usize));
                    bits.extend(inner.squares());
                }
                if bits.len() > MAX_BITS {
                    break;
                }
                // Each direction's attacks for each subset of its own
                // blockers, looked up below for every subset of the mask:
                // a few lookups a subset rather than a walk along each ray.
                ray_attacks.clear();
                let mut tables = Vec::with_capacity(parts.len());
                for &(d, first, count) in &parts {
                    tables.push(ray_attacks.len());
                    for j in 0..1usize << count {
                        let occupied = (0..count)
                            .filter(|k| j >> k & 1 == 1)
                            .fold(S::EMPTY, |set, k| set | S::single(bits[first + k]));
                        ray_attacks.push(self.ray_attacks(square, d, occupied));
                    }
                }
                // A known factor: each subset's attacks go straight into the
                // table, the subsets in Gray-code order (one blocker more or
                // fewer at each step), checked as they go.
                let known_here = given
                    .map(|m| m[square])
                    .map(|(factor, shift)| (factor, u32::from(shift)))
                    .filter(|&(_, shift)| (1..64).contains(&shift));
                if let Some((factor, shift)) = known_here {
                    let offset = next_reserved;
                    let size = 1usize << (64 - shift);
                    next_reserved += size;
                    let table = &mut self.magic_table[offset..offset + size];
                    // The directions' attacks are disjoint, so a step that
                    // changes one direction's blockers changes the whole
                    // by that direction's old and new attacks, exclusive-or.
                    let part_of: Vec<usize> = parts
                        .iter()
                        .enumerate()
                        .flat_map(|(p, &(_, _, count))| std::iter::repeat_n(p, count))
                        .collect();
                    let mut now: Vec<S> = tables.iter().map(|&t| ray_attacks[t]).collect();
                    let mut attack = now.iter().fold(S::EMPTY, |a, &b| a | b);
                    let (mut code, mut occupied) = (0usize, S::EMPTY);
                    let mut fits = true;
                    for i in 0..1usize << bits.len() {
                        if i > 0 {
                            let low = i.trailing_zeros() as usize;
                            code ^= 1 << low;
                            occupied ^= S::single(bits[low]);
                            let p = part_of[low];
                            let (_, first, count) = parts[p];
                            let new = ray_attacks[tables[p] + (code >> first & ((1 << count) - 1))];
                            attack ^= now[p] ^ new;
                            now[p] = new;
                        }
                        let at = (occupied.fold().wrapping_mul(factor) >> shift) as usize;
                        // `EMPTY` is a slot no subset has reached: the
                        // attacks are empty only where the square has no
                        // ray at all, and then for every subset alike.
                        let here = &mut table[at];
                        if *here != S::EMPTY && *here != attack {
                            fits = false;
                            break;
                        }
                        *here = attack;
                    }
                    if fits {
                        entries.push(Magic {
                            mask,
                            factor,
                            shift,
                            offset: offset as u32,
                        });
                        continue;
                    }
                    // The reserved slots stay unused; the search below
                    // appends its own table.
                }
                all_given = false;
                // Every subset of the mask, each from one with a bit fewer.
                let size = 1usize << bits.len();
                subsets.clear();
                subsets.push(S::EMPTY);
                for i in 1..size {
                    let low = i.trailing_zeros() as usize;
                    subsets.push(subsets[i & (i - 1)] | S::single(bits[low]));
                }
                attacks.clear();
                attacks.extend((0..size).map(|i| {
                    parts
                        .iter()
                        .zip(&tables)
                        .fold(S::EMPTY, |a, (&(_, first, count), &t)| {
                            a | ray_attacks[t + (i >> first & ((1 << count) - 1))]
                        })
                }));
                folded.clear();
                folded.extend(subsets.iter().map(|s| s.fold()));
                // Whether `factor` with `shift` gives every subset a slot
                // of its own attacks; `slot` then holds the table.
                let mut fits = |factor: u64, shift: u32| -> bool {
                    let size = 1usize << (64 - shift);
                    if stamp.len() < size {
                        stamp.resize(size, 0);
                    }
                    // Slots left from an earlier try are never looked up:
                    // only the stamped ones are a subset's.
                    if slot.len() != size {
                        slot.clear();
                        slot.resize(size, S::EMPTY);
                    }
                    epoch += 1;
                    for (&key, &attack) in folded.iter().zip(&attacks) {
                        let i = (key.wrapping_mul(factor) >> shift) as usize;
                        if stamp[i] != epoch {
                            stamp[i] = epoch;
                            slot[i] = attack;
                        } else if slot[i] != attack {
                            return false;
                        }
                    }
                    true
                };
                let mut found = None;
                {
                    // A square whose search runs long gets one more index
                    // bit (a table twice the size, many more good factors).
                    for (extra, &tries) in TRIES.iter().enumerate() {
                        let index_bits = bits.len() + extra;
                        let shift = (64 - index_bits as u32).min(63);
                        found = (0..tries).find_map(|_| {
                            let factor = next() & next() & next();
                            // A factor that leaves few bits of the whole mask
                            // at the top rarely separates its subsets: skip it.
                            if bits.len() > 6
                                && (mask.fold().wrapping_mul(factor) >> 56).count_ones() < 6
                            {
                                return None;
                            }
                            fits(factor, shift).then_some((factor, shift))
                        });
                        if found.is_some() {
                            break;
                        }
                    }
                }
                let Some((factor, shift)) = found else { break };
                entries.push(Magic {
                    mask,
                    factor,
                    shift,
                    offset: self.magic_table.len() as u32,
                });
                self.magic_table.extend_from_slice(&slot);
            }
            if entries.len() == self.len {
                self.magics.extend(entries);
                self.magic_groups |= 1 << g;
                if all_given {
                    self.magics_known |= 1 << g;
                }
            } else {
                self.magic_table.truncate(table_start);
                self.magics
                    .extend(std::iter::repeat_n(placeholder.clone(), self.len));
            }
        }
    }

    /// What names a group of slider directions on this board for
    /// [`KnownGroup`]: the board's sizes and the directions, hashed.
    fn group_key(&self, dirs: &[u16]) -> u64 {
        let shape = self.variant.shape;
        let sizes = (0..shape.axes()).map(|a| shape.size(a) as i64);
        let steps = dirs
            .iter()
            .flat_map(|&d| self.dirs[d as usize].0.map(i64::from));
        super::magics::hash(sizes.chain([-1]).chain(steps))
    }

    #[cfg(test)]
    /// Each group's magic factors and shifts by square, with the group's
    /// key, as [`super::magics::KNOWN`] holds them (groups without magics
    /// left out).
    pub(crate) fn magic_factors(&self) -> Vec<(u64, Vec<(u64, u8)>)> {
        (0..self.groups.len())
            .filter(|&g| self.magic_groups >> g & 1 == 1)
            .map(|g| {
                let factors = self.magics[g * self.len..(g + 1) * self.len]
                    .iter()
                    .map(|m| (m.factor, m.shift as u8))
                    .collect();
                (self.group_key(&self.groups[g].1), factors)
            })
            .collect()
    }

    #[cfg(test)]
    /// The first square and blockers where a group's magic lookup differs
    /// from the ray-by-ray scan, over `samples` seeded subsets of each
    /// square's blockers (the full and empty ones included).
    pub(crate) fn magic_disagreement(&self, samples: usize) -> Option<String> {
        let mut rng = SplitMix64(0x7465_7374);
        for g in (0..self.groups.len()).filter(|&g| self.magic_groups >> g & 1 == 1) {
            for square in 0..self.len {
                let mask = self.magics[g * self.len + square].mask;
                for i in 0..samples {
                    let keep = match i {
                        0 => 0,
                        1 => u64::MAX,
                        _ => rng.next_u64(),
                    };
                    let occupied = mask
                        .squares()
                        .enumerate()
                        .filter(|&(k, _)| keep >> (k % 64) & 1 == 1)
                        .fold(S::EMPTY, |set, (_, sq)| set | S::single(sq));
                    if self.group_attacks(g, square, occupied)
                        != self.scan_attacks(g, square, occupied)
                    {
                        return Some(format!(
                            "group {g}, square {square}, blockers {:?}",
                            occupied.squares().collect::<Vec<_>>()
                        ));
                    }
                }
            }
        }
        None
    }

    #[cfg(test)]
    /// Whether every group with magics took them from
    /// [`super::magics::KNOWN`] (no search at start-up).
    pub(crate) fn magics_all_known(&self) -> bool {
        self.magics_known == self.magic_groups
    }

    /// The squares sliders along group `g`'s directions reach from `square`.
    #[inline(always)]
    pub(crate) fn group_attacks(&self, g: usize, square: usize, occupied: S) -> S {
        if self.magic_groups >> g & 1 == 1 {
            let m = &self.magics[g * self.len + square];
            let i = ((occupied & m.mask).fold().wrapping_mul(m.factor) >> m.shift) as usize;
            self.magic_table[m.offset as usize + i]
        } else {
            self.scan_attacks(g, square, occupied)
        }
    }

    /// Group `g`'s attacks ray by ray, for groups without magics.
    #[inline(never)]
    fn scan_attacks(&self, g: usize, square: usize, occupied: S) -> S {
        self.groups[g].1.iter().fold(S::EMPTY, |a, &d| {
            a | self.ray_attacks(square, d as usize, occupied)
        })
    }

    /// Moves the rules to the heap for the rest of the program, so positions
    /// can point at them without a lifetime. Build each variant once.
    pub fn leak(self) -> &'static Rules<S> {
        Box::leak(Box::new(self))
    }

    /// The variant.
    pub fn variant(&self) -> &Variant {
        &self.variant
    }

    /// Every slider step of the variant.
    pub fn directions(&self) -> &[Vector] {
        &self.dirs
    }

    /// The number of squares.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the board has no squares (never).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The ray from `square` (exclusive) along direction `d` to the edge.
    #[inline]
    pub fn ray(&self, square: usize, d: usize) -> S {
        self.rays[square * self.dirs.len() + d]
    }

    /// The first occupied square along direction `d` from `square`.
    #[inline]
    pub(crate) fn first_blocker(&self, square: usize, d: usize, occupied: S) -> Option<usize> {
        let blockers = self.ray(square, d) & occupied;
        if self.dir_up[d] {
            blockers.first()
        } else {
            blockers.last()
        }
    }

    /// The square one step from `square` along direction `d`, if on the
    /// board.
    #[inline]
    pub(crate) fn next_square(&self, square: usize, d: usize) -> Option<usize> {
        let ray = self.ray(square, d);
        if self.dir_up[d] {
            ray.first()
        } else {
            ray.last()
        }
    }

    /// The squares a slider on `square` reaches along direction `d`: up to
    /// and including the first occupied one.
    #[inline]
    pub(crate) fn ray_attacks(&self, square: usize, d: usize, occupied: S) -> S {
        let ray = self.ray(square, d);
        match self.first_blocker(square, d, occupied) {
            Some(b) => ray ^ self.ray(b, d),
            None => ray,
        }
    }

    /// The direction from `a` along which `b` lies, if any.
    #[inline]
    pub(crate) fn aligned(&self, a: usize, b: usize) -> Option<usize> {
        let d = self.align[a * self.len + b];
        (d != NONE).then_some(d as usize)
    }

    /// The squares strictly between `a` and `b` if a slider step lines them
    /// up (empty otherwise).
    ///
    /// ```
    /// use duckchess_rules::kernel::SquareSet;
    /// let rules = duckchess_rules::variants::chess::rules();
    /// assert_eq!(rules.between(0, 63).count(), 6); // a1 to h8
    /// assert!(rules.between(1, 18).is_empty()); // a knight's leap
    /// ```
    pub fn between(&self, a: usize, b: usize) -> S {
        match self.aligned(a, b) {
            Some(d) => self.ray(a, d) & !self.ray(b, d) & !S::single(b),
            None => S::EMPTY,
        }
    }

    /// The squares a piece of `kind` and `color` on `square` attacks given
    /// the occupied squares; for a hopper (the cannon), every square it
    /// moves to: its quiet moves too.
    #[inline(always)]
    pub fn attacks(&self, kind: Kind, color: Color, square: usize, occupied: S) -> S {
        let set = self.plain_attacks(kind, color, square, occupied);
        let k = kind.index();
        if self.special_kinds >> k & 1 == 1 {
            self.special_attacks(k, color, square, occupied, set, S::EMPTY)
        } else {
            set
        }
    }

    /// [`Rules::attacks`] by leaps, slides and pawn captures alone, for
    /// the generation loops, which ask whether a kind is special once
    /// rather than once a piece.
    #[inline(always)]
    pub(crate) fn plain_attacks(&self, kind: Kind, color: Color, square: usize, occupied: S) -> S {
        if Some(kind) == self.pawn {
            return self.pawn_captures[color.index()][square];
        }
        self.piece_attacks(kind.index(), square, occupied)
    }

    /// [`Rules::plain_attacks`] of kind `k`, which is not the pawn: what
    /// the generation loop asks once a piece, having set the pawn apart
    /// once a kind.
    #[inline(always)]
    pub(crate) fn piece_attacks(&self, k: usize, square: usize, occupied: S) -> S {
        let mut set = if self.leapers >> k & 1 == 1 {
            self.leaps[k * self.len + square]
        } else {
            S::EMPTY
        };
        if self.lame_kinds >> k & 1 == 1 {
            for &(to, passed) in &self.lame[k][square] {
                if (passed & occupied).is_empty() {
                    set |= S::single(to as usize);
                }
            }
        }
        let mut groups = self.kind_groups[k];
        while groups != 0 {
            set |= self.group_attacks(groups.trailing_zeros() as usize, square, occupied);
            groups &= groups - 1;
        }
        set
    }
}

/// SplitMix64, a tiny seeded generator: enough for hashing keys and magic
/// candidates, and it keeps the rules free of any random-number crate.
struct SplitMix64(u64);

impl SplitMix64 {
    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

#[cfg(test)]
mod tests {
    /// Without the magic search every slider scans its rays, and the
    /// moves are the same.
    #[test]
    fn unsearched_tables_play_the_same_moves() {
        use crate::kernel::{perft, Position, Rules};
        let rules: &'static Rules<u64> = Rules::unsearched(crate::variants::chess::variant())
            .unwrap()
            .leak();
        assert_eq!(rules.magic_groups, 0);
        assert_eq!(perft(&Position::new(rules), 3), 8_902);
        let xiangqi: &'static Rules<u128> = Rules::unsearched(crate::variants::xiangqi::variant())
            .unwrap()
            .leak();
        assert_eq!(perft(&Position::new(xiangqi), 3), 79_666);
    }

    #[test]
    fn chess_groups_have_magics() {
        let rules = crate::variants::chess::rules();
        assert_eq!(rules.groups.len(), 2);
        assert_eq!(rules.magic_groups, 0b11);
    }

    /// Fourfold's three groups (the rook's 8 directions, the bishop's 24,
    /// the queen's other 48) all find magics: its speed depends on it.
    #[test]
    fn fourfold_groups_have_magics() {
        use crate::variants::fourfold::{rules, Army};
        for army in [Army::Classic, Army::Full] {
            let rules = rules(army);
            assert_eq!(rules.groups.len(), 3);
            assert_eq!(rules.magic_groups, 0b111);
        }
    }
}
