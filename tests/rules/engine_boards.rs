//! The engine on boards of three and four axes built here as data, one per
//! square-set size (`u64`, `u128`, `Big`): on seeded positions with the
//! defending king near a corner, the mate solver proves a mate in 1 (and,
//! on the small four-axis board, a mate in 2) exactly when a brute-force
//! search finds one, and its proof checks; `best` finds every mate in 1,
//! and never claims a mate that is not there.

use duckchess::engine::mate::{solve, MateLimits};
use duckchess::engine::search::{best, Limits, Score};
use duckchess::geometry::{DirectionClass, Shape};
use duckchess::kernel::{
    AnyPosition, Big, Color, DrawRules, Kind, Outcome, Piece, PieceKind, Position, Royalty, Rules,
    Setup, SquareSet, Stalemate, Variant,
};
use rand_chacha::rand_core::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use crate::brute;
use brute::{is_mate, mates_within};

const KING: Kind = Kind(0);
const QUEEN: Kind = Kind(1);
const ROOK: Kind = Kind(2);

/// King, queen and rook on a board of any shape: the king steps one square
/// along any number of axes.
fn variant(sizes: &[usize]) -> Variant {
    let king = (1..=sizes.len()).fold(PieceKind::new("king", 'k', 0).royal(), |k, n| {
        k.leap(&vec![1; n])
    });
    Variant {
        name: format!("test{sizes:?}"),
        shape: Shape::new(sizes).unwrap(),
        kinds: vec![
            king,
            PieceKind::new("queen", 'q', 900).slide(DirectionClass::ANY),
            PieceKind::new("rook", 'r', 500).slide(DirectionClass::ROOK),
        ],
        start: Vec::new(),
        castling: Vec::new(),
        royalty: Royalty::Check,
        royal_required: true,
        draws: DrawRules::default(),
        stalemate: Stalemate::Draw,
        flying_general: false,
        extinction: None,
        drops: None,
        goals: duckchess::kernel::Goals::default(),
    }
}

/// Positions with White's king, queen and rook against Black's king near
/// the first corner, White to move, none of them over yet.
fn positions<S: SquareSet>(rules: &'static Rules<S>, count: usize, seed: u64) -> Vec<Position<S>> {
    let shape = rules.variant().shape;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut near = |reach: i32| -> usize {
        let mut coords = [0; 4];
        for (axis, c) in coords.iter_mut().enumerate().take(shape.axes()) {
            let size = shape.size(axis).min(reach);
            *c = (rng.next_u32() % size as u32) as i32;
        }
        shape.index(coords).unwrap()
    };
    let mut found = Vec::new();
    while found.len() < count {
        let mut setup = Setup::empty(shape.len());
        let pieces = [
            (near(2), Color::Black, KING),
            (near(4), Color::White, KING),
            (near(4), Color::White, QUEEN),
            (near(4), Color::White, ROOK),
        ];
        if (0..4).any(|i| (0..i).any(|j| pieces[i].0 == pieces[j].0)) {
            continue;
        }
        for (square, color, kind) in pieces {
            setup.board[square] = Some(Piece { color, kind });
        }
        if let Ok(p) = Position::from_setup(rules, &setup) {
            if p.outcome().is_none() {
                found.push(p);
            }
        }
    }
    found
}

/// Checks the mate solver and `best` through the `dyn` entry point
/// against the brute force.
fn agree<S: duckchess::kernel::Width>(sizes: &[usize], count: usize, mate_in_two: bool) {
    let rules: &'static Rules<S> = Rules::new(variant(sizes)).unwrap().leak();
    let stop = AtomicBool::new(false);
    let (mut ones, mut twos) = (0, 0);
    let most = if mate_in_two { 2 } else { 1 };
    for p in positions(rules, count, 11) {
        let any: &dyn AnyPosition = &p;
        let expected = if mates_within(&p, 1) {
            ones += 1;
            Some(1)
        } else if mate_in_two && mates_within(&p, 2) {
            twos += 1;
            Some(2)
        } else {
            None
        };
        let proof = solve(any, most, MateLimits::default(), &stop).unwrap();
        assert_eq!(
            proof.as_ref().map(|p| p.moves()),
            expected,
            "{p:?}: {proof:?}"
        );
        if let Some(proof) = &proof {
            // The proof's first move and every line under it: wins by the
            // rules alone.
            let mut line = p;
            line.play(proof.first()).unwrap();
            assert!(proof.moves() > 1 || is_mate(&line), "{p:?}: {proof:?}");
        }
        // `best` finds every mate in 1 and claims no mate that is not there.
        let found = best(any, &[], Limits::depth(3), &stop).unwrap();
        if expected == Some(1) {
            assert_eq!(found.score, Score::Mate(1), "{p:?}: {found:?}");
        }
        if let Score::Mate(n) = found.score {
            if n > 0 && n <= most as i32 {
                assert!(mates_within(&p, n as u32), "{p:?}: {found:?}");
            }
        }
    }
    // The sample holds mates to find, or the test would prove nothing.
    assert!(ones > 0, "{sizes:?}: no mate in 1 among {count} positions");
    assert!(!mate_in_two || twos > 0, "{sizes:?}: no mate in 2");
}

#[test]
fn four_axes_in_a_u64() {
    agree::<u64>(&[4, 4, 2, 2], 16, true);
}

#[test]
fn a_cube_in_a_u128() {
    agree::<u128>(&[5, 5, 5], 60, false);
}

#[test]
fn a_big_cube() {
    agree::<Big>(&[7, 7, 7], 16, false);
}

/// Every game of the registry as a user gets it (Duck Chess, chess, the
/// cube, both Fourfold setups): along seeded random games from each start,
/// `best` at depth 1 reports a mate in 1 exactly when one of the legal
/// moves wins at once (mates; takes Duck Chess's captain), and then plays a
/// winning move. Each game must offer some wins in 1.
#[test]
fn every_registered_game_finds_its_mates_in_one() {
    use duckchess::variants;
    for notation in variants::all() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let (mut positions, mut mates) = (0, 0);
        let started = std::time::Instant::now();
        // Fourfold's games meet mates in 1 soon, and cost more per position.
        let games = if notation.name().starts_with("fourfold") {
            4
        } else {
            8
        };
        for _game in 0..games {
            let mut p: Box<dyn AnyPosition> = notation.start();
            for _ply in 0..80 {
                let moves = p.legal_moves();
                if moves.is_empty() || p.outcome().is_some() {
                    break;
                }
                let mover = p.turn();
                let mating = |m: &duckchess::kernel::Move| {
                    let mut after = p.clone_box();
                    after.play(*m).unwrap();
                    matches!(
                        after.outcome(),
                        Some(Outcome::Decisive { winner, .. }) if winner == mover
                    )
                };
                let exists = moves.iter().any(mating);
                let found = best(&*p, &[], Limits::depth(1), &AtomicBool::new(false)).unwrap();
                positions += 1;
                assert_eq!(
                    found.score == Score::Mate(1),
                    exists,
                    "{}: {}",
                    notation.name(),
                    notation.write_position(&*p)
                );
                if exists {
                    mates += 1;
                    assert!(mating(&found.best), "{}", notation.write_position(&*p));
                }
                // Random play, biased to checks and captures so that games
                // reach positions with a mate in 1.
                let checks: Vec<_> = moves
                    .iter()
                    .copied()
                    .filter(|m| {
                        let mut after = p.clone_box();
                        after.play(*m).unwrap();
                        after.is_check()
                    })
                    .collect();
                let captures: Vec<_> = moves
                    .iter()
                    .copied()
                    .filter(|m| p.piece_at(m.to()).is_some())
                    .collect();
                let pool = match rng.next_u32() % 3 {
                    0 if !checks.is_empty() => &checks,
                    1 if !captures.is_empty() => &captures,
                    _ => &moves,
                };
                let m = pool[rng.next_u32() as usize % pool.len()];
                p.play(m).unwrap();
            }
        }
        println!(
            "{}: {positions} positions, {mates} with a mate in 1, {:?}",
            notation.name(),
            started.elapsed()
        );
        assert!(mates >= 1, "{}: no mate in 1 met", notation.name());
    }
}

/// Every position the kernel makes, the search plays: cubes of every side
/// (their square sets are `u64` up to `Big`, by size) through the same
/// entry point the command line and the page use.
#[test]
fn the_search_plays_every_cube_size() {
    use duckchess::engine::search::{best, Limits};
    use std::sync::atomic::AtomicBool;
    let cube = duckchess::variants::by_name("cube").unwrap();
    for n in 2..=10 {
        let empty = "#".repeat(n);
        let level = |first: String| {
            let mut ranks = vec![empty.clone(); n];
            ranks[0] = first;
            format!("[{}]", ranks.join(","))
        };
        // White's king and queen on the bottom level; Black's king in the
        // far corner of the top one (on the 2-cube every square touches
        // every other, so Black has only a rook there).
        let mut levels = vec![level(format!("KQ{}", "#".repeat(n - 2)))];
        levels.extend((1..n).map(|_| level(empty.clone())));
        let black = if n == 2 { 'r' } else { 'k' };
        let mut top = vec![empty.clone(); n];
        top[n - 1] = format!("{}{black}", "#".repeat(n - 1));
        levels[n - 1] = format!("[{}]", top.join(","));
        let text = format!("n = {n}, {}", levels.join(","));
        let position = cube.read_position(&text).unwrap();
        let found = best(&*position, &[], Limits::depth(1), &AtomicBool::new(false))
            .unwrap_or_else(|e| panic!("n = {n}: {e}"));
        assert!(position.legal_moves().contains(&found.best), "n = {n}");
    }
}

/// The search scores a goal as the end it is: a king stepping onto the
/// hill, the third check, each a mate in 1, where the side left with no
/// move is not in check (no stalemate).
#[test]
fn the_search_sees_the_goals() {
    use duckchess::variants::prelude::*;
    let text = std::fs::read_to_string("samples/fsf-variants.ini").unwrap();
    let games = duckchess::variants::ini::read(&text).unwrap();
    let game = |name: &str| games.iter().find(|g| g.name() == name).unwrap();
    for (name, fen, want) in [
        (
            "kingofthehill",
            "4k3/8/8/8/8/3K4/8/8 w - - 0 1",
            ["d3d4", "d3e4"],
        ),
        (
            "3check",
            "rnbqkbnr/ppppp1pp/8/5p2/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1+3 0 2",
            ["d1h5", "d1h5"],
        ),
    ] {
        let g = game(name);
        let p = g.read_position(fen).unwrap();
        let found = best(&*p, &[], Limits::depth(2), &AtomicBool::new(false)).unwrap();
        assert_eq!(found.score, Score::Mate(1), "{name}");
        assert!(
            want.contains(&g.coordinate_move(&*p, found.best).as_str()),
            "{name}"
        );
    }
}

/// Even the first iteration, which otherwise runs whole, ends far past
/// the limits: in clobber every move is a capture, and on ten by ten the
/// capture search of depth 1 alone would run for hours. The best root
/// move searched so far is played.
#[test]
fn a_first_iteration_without_end_is_cut_far_past_the_limit() {
    use duckchess::variants::prelude::*;
    let text = std::fs::read_to_string("samples/fsf-variants.ini").unwrap();
    // The file's two sections of clobber, the second based on the first.
    let start = text.find("\n[clobber]").unwrap();
    let tenth = text.find("\n[clobber10:clobber]").unwrap();
    let end = text[tenth + 1..]
        .find("\n[")
        .map_or(text.len(), |e| e + tenth + 1);
    let games = duckchess::variants::ini::read(&text[start..end]).unwrap();
    let game = games.iter().find(|g| g.name() == "clobber10").unwrap();
    let p = game.start();
    let found = best(&*p, &[], Limits::nodes(100), &AtomicBool::new(false)).unwrap();
    assert!(found.nodes <= 20_000, "{found:?}");
    assert!(p.legal_moves().contains(&found.best));
    // On a clock: 100 ms past the time given, the clock's grace.
    let found = best(
        &*p,
        &[],
        Limits::think(Duration::ZERO),
        &AtomicBool::new(false),
    )
    .unwrap();
    assert!(p.legal_moves().contains(&found.best));
}
