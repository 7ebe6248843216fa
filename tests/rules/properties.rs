//! Properties of random games and random bytes.
//!
//! Games are random command sequences from the initial position: valid moves
//! picked from `Position::moves()` (some preferring captures, so that games
//! end), mixed with random coordinates in `0..=10` (so off the board too).
//! The check flag is compared with a brute force that asks `validate`, for
//! each side, whether any of its pieces may move onto the other captain —
//! not `attackers` or `is_check`, but still the crate's own move rules: it
//! checks the crate against itself. The independent check is the naive
//! referee of `tests/naive_duck` (written from the rules page, no code of
//! the crate), which plays every random game alongside: its judge line for
//! each command, and its list of valid commands, must be the crate's.
//!
//! The random cases come from a fixed seed (1, or DUCKCHESS_PROPERTY_SEED),
//! so a failure is found again by running the test again.

use duckchess::judge::{self, JudgeError};
use duckchess::judge::{Board, Color, Command, Invalid, Move, Point, Position, Role, INVALID_LINE};
use proptest::prelude::*;
use proptest::sample::Index;
use proptest::test_runner::{Config, RngAlgorithm, RngSeed, TestCaseError, TestRng, TestRunner};
use std::cell::RefCell;
use std::collections::BTreeSet;

use crate::naive_duck;

/// The seed of every random case here: 1, or DUCKCHESS_PROPERTY_SEED (a
/// number) to explore others.
fn seed() -> u64 {
    std::env::var("DUCKCHESS_PROPERTY_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1)
}

/// How one command of a random game is chosen.
#[derive(Clone, Debug)]
enum Choice {
    /// One of the valid moves (any command once the game is over).
    Pick(Index),
    /// A valid move that removes a piece, a captain if it can; else as Pick.
    Capture(Index),
    /// Random coordinates, often invalid and sometimes off the board.
    Random(i64, i64, i64, i64),
}

fn choice() -> impl Strategy<Value = Choice> {
    let coordinate = || 0..=10i64;
    prop_oneof![
        5 => any::<Index>().prop_map(Choice::Pick),
        2 => any::<Index>().prop_map(Choice::Capture),
        3 => (coordinate(), coordinate(), coordinate(), coordinate())
            .prop_map(|(a, b, c, d)| Choice::Random(a, b, c, d)),
    ]
}

/// The command `choice` stands for in `pos`.
fn command(pos: &Position, choice: &Choice) -> Command {
    let moves = pos.moves();
    let removes = |m: &&Move| pos.board().get(m.to).is_some();
    let captain = |m: &&Move| {
        pos.board()
            .get(m.to)
            .is_some_and(|p| p.role == Role::Captain)
    };
    let pick = |moves: &[Move], i: &Index| match moves {
        [] => {
            // Game over: any pair of points.
            let n = i.index(Point::COUNT * Point::COUNT);
            Command::from(Move {
                from: Point::from_index(n / Point::COUNT),
                to: Point::from_index(n % Point::COUNT),
            })
        }
        _ => Command::from(*i.get(moves)),
    };
    match choice {
        Choice::Pick(i) => pick(&moves, i),
        Choice::Capture(i) => {
            let captains: Vec<Move> = moves.iter().filter(captain).copied().collect();
            let captures: Vec<Move> = moves.iter().filter(removes).copied().collect();
            match (captains.is_empty(), captures.is_empty()) {
                (false, _) => pick(&captains, i),
                (true, false) => pick(&captures, i),
                (true, true) => pick(&moves, i),
            }
        }
        &Choice::Random(xs, ys, xt, yt) => Command::new(xs, ys, xt, yt),
    }
}

/// Whether some piece of either side may move onto the other side's
/// captain, asked of `validate` with that side to move.
fn brute_force_attack(board: &Board) -> bool {
    Color::ALL.into_iter().any(|side| {
        let Some(target) = board
            .pieces()
            .find(|(_, p)| p.color == side.other() && p.role == Role::Captain)
            .map(|(at, _)| at)
        else {
            return false;
        };
        let as_mover = Position::new(board.clone(), side).expect("at most one captain a side");
        board
            .pieces()
            .filter(|(_, p)| p.color == side)
            .any(|(from, _)| as_mover.validate(Move { from, to: target }).is_ok())
    })
}

/// What one random game showed, for the run's statistics.
#[derive(Default)]
struct Seen {
    ended: usize,
    check_hidden_by_end: usize,
    checks: usize,
}

fn judge_text(commands: &[Command]) -> String {
    let mut input = format!("{}\n", commands.len());
    for c in commands {
        input += &format!("{c}\n");
    }
    input
}

/// Plays `choices` with `Position::play`, checking each step and each line
/// against the naive referee's, then runs the same commands through
/// `judge::run` and compares line by line.
fn check_game(choices: &[Choice], seen: &mut Seen) -> Result<(), TestCaseError> {
    let mut pos = Position::initial();
    let mut referee = naive_duck::Referee::new();
    let mut commands = Vec::new();
    let mut expected = Vec::new();
    for choice in choices {
        let command = command(&pos, choice);
        let before = pos.clone();
        let from_moves = !pos.is_over() && !matches!(choice, Choice::Random(..));
        match pos.play(command) {
            Ok(record) => {
                prop_assert!(!before.is_over(), "a valid command after the end");
                let attack = brute_force_attack(pos.board());
                prop_assert_eq!(record.check, attack && !record.over, "{}", command);
                prop_assert_eq!(record.over, pos.is_over());
                prop_assert_eq!(pos.turn(), before.turn().other());
                if record.over {
                    prop_assert!(!record.check);
                    prop_assert_eq!(record.removed.map(|p| p.role), Some(Role::Captain));
                    seen.ended += 1;
                    seen.check_hidden_by_end += usize::from(attack);
                }
                seen.checks += usize::from(record.check);
                expected.push(record.to_string());
            }
            Err(why) => {
                prop_assert!(!from_moves, "{} from moves() is invalid: {}", command, why);
                prop_assert_eq!(&pos, &before, "an invalid command changed the game");
                if before.is_over() {
                    let game_over = matches!(why, Invalid::GameOver { .. });
                    prop_assert!(game_over, "after the end: {}", why);
                }
                expected.push(INVALID_LINE.to_string());
            }
        }
        let naive = referee.play(command.xs, command.ys, command.xt, command.yt);
        prop_assert_eq!(
            expected.last().unwrap(),
            &naive,
            "{}: the naive referee",
            command
        );
        commands.push(command);
    }
    let mut out = Vec::new();
    let summary = judge::run(
        judge_text(&commands).as_bytes(),
        &mut out,
        Position::initial(),
    )
    .map_err(|e| TestCaseError::fail(e.to_string()))?;
    let out = String::from_utf8(out).expect("verdicts are ASCII");
    prop_assert!(out.is_empty() || out.ends_with('\n'));
    let lines: Vec<&str> = out.lines().collect();
    prop_assert_eq!(lines.len(), commands.len());
    prop_assert_eq!(summary.commands as usize, commands.len());
    prop_assert_eq!(lines, expected);
    Ok(())
}

#[test]
fn random_games_agree_with_the_rules_and_judge_mode() {
    // A fixed seed, so that a failure is found again by running the test
    // again; DUCKCHESS_PROPERTY_SEED (a number) explores other games.
    let seed = seed();
    let mut bytes = [0u8; 32];
    bytes[..8].copy_from_slice(&seed.to_le_bytes());
    let mut runner = TestRunner::new_with_rng(
        Config {
            cases: 96,
            failure_persistence: None,
            ..Config::default()
        },
        TestRng::from_seed(RngAlgorithm::ChaCha, &bytes),
    );
    let seen = RefCell::new(Seen::default());
    let strategy = proptest::collection::vec(choice(), 0..300);
    let result = runner.run(&strategy, |choices| {
        check_game(&choices, &mut seen.borrow_mut())
    });
    let seen = seen.into_inner();
    if let Err(e) = result {
        panic!("{e} (DUCKCHESS_PROPERTY_SEED={seed} runs this again)");
    }
    // The run must have reached the cases the properties are about.
    assert!(seen.ended > 0, "no random game ended");
    assert!(seen.checks > 0, "no random game had a check");
    eprintln!(
        "games ended: {}, of which with the winner's captain attacked: {}, checks: {}",
        seen.ended, seen.check_hidden_by_end, seen.checks
    );
}

/// The naive referee's valid commands, as moves.
fn naive_moves(referee: &naive_duck::Referee) -> BTreeSet<Move> {
    let point = |x, y| Point::new(x, y).expect("the referee's points are on the board");
    referee
        .moves()
        .into_iter()
        .map(|(xs, ys, xt, yt)| Move {
            from: point(xs, ys),
            to: point(xt, yt),
        })
        .collect()
}

/// The points of every valid move, by asking `validate` about all pairs
/// (the crate's own rules: `moves` against `validate`).
fn brute_force_moves(pos: &Position) -> BTreeSet<Move> {
    let mut moves = BTreeSet::new();
    for from in Point::all() {
        for to in Point::all() {
            if pos.validate(Move { from, to }).is_ok() {
                moves.insert(Move { from, to });
            }
        }
    }
    moves
}

proptest! {
    // A fixed seed (see `seed`): a failing case fails every run, with its
    // shrunk input printed.
    #![proptest_config(Config {
        cases: 64,
        failure_persistence: None,
        rng_seed: RngSeed::Fixed(seed()),
        ..Config::default()
    })]

    #[test]
    fn moves_are_exactly_the_validated_pairs_and_the_naive_referees(
        choices in proptest::collection::vec(choice(), 0..120)
    ) {
        let mut pos = Position::initial();
        let mut referee = naive_duck::Referee::new();
        for (i, choice) in choices.iter().enumerate() {
            // Every other position, and the last, to keep the run short.
            if i % 2 == 0 {
                let listed: BTreeSet<Move> = pos.moves().into_iter().collect();
                prop_assert_eq!(listed.len(), pos.moves().len(), "a move listed twice");
                prop_assert_eq!(&listed, &brute_force_moves(&pos));
                prop_assert_eq!(&listed, &naive_moves(&referee), "the naive referee");
            }
            let c = command(&pos, choice);
            let _ = pos.play(c);
            referee.play(c.xs, c.ys, c.xt, c.yt);
        }
        let listed: BTreeSet<Move> = pos.moves().into_iter().collect();
        prop_assert_eq!(&listed, &brute_force_moves(&pos));
        prop_assert_eq!(&listed, &naive_moves(&referee), "the naive referee");
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
        check_any_input(&bytes)?;
    }

    #[test]
    fn mutated_inputs_never_panic(
        edits in proptest::collection::vec((any::<Index>(), 0..3u8, any::<u8>()), 1..6),
        text in prop_oneof![
            Just(include_str!("../../samples/official.in")),
            Just(include_str!("../../samples/after_the_end_all_invalid.in")),
        ],
        digits in prop::bool::ANY,
    ) {
        let mut bytes = text.as_bytes().to_vec();
        for (at, op, byte) in edits {
            // Mostly digits and white space, so the edits stay near-valid.
            const NEAR_VALID: &[u8] = b"0123456789 \n-\r";
            let byte = if digits { NEAR_VALID[usize::from(byte) % NEAR_VALID.len()] } else { byte };
            let i = at.index(bytes.len() + 1);
            match op {
                0 => bytes.insert(i, byte),
                1 if i < bytes.len() => { bytes.remove(i); }
                _ if i < bytes.len() => bytes[i] = byte,
                _ => bytes.push(byte),
            }
        }
        check_any_input(&bytes)?;
    }
}

/// `judge::run` on any input: no panic; the output is whole verdict lines;
/// a success judged Q commands, an error names a line of the input.
fn check_any_input(bytes: &[u8]) -> Result<(), TestCaseError> {
    let mut out = Vec::new();
    let result = judge::run(bytes, &mut out, Position::initial());
    prop_assert!(out.is_empty() || out.ends_with(b"\n"), "a partial line");
    let out = String::from_utf8(out).expect("verdicts are ASCII");
    for line in out.lines() {
        let fields = line.split(';').count();
        prop_assert!(
            line == INVALID_LINE || fields == 4,
            "not a verdict: {:?}",
            line
        );
    }
    match result {
        Ok(summary) => prop_assert_eq!(out.lines().count() as u64, summary.commands),
        Err(JudgeError::Malformed { line, problem }) => {
            let input_lines = bytes.split(|&b| b == b'\n').count() as u64;
            prop_assert!(
                (1..=input_lines + 1).contains(&line),
                "line {} of {}: {}",
                line,
                input_lines,
                problem
            );
        }
        Err(e) => prop_assert!(false, "not a malformed-input error: {}", e),
    }
    Ok(())
}
