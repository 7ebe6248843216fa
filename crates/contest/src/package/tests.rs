//! The tests of a package: the official sample, the bundled hand-worked
//! cases the contest allows, and generated games of every profile, each
//! with the judge's answer.

use super::{Options, PackageError, MAX_PER_PROFILE, PROFILES};
use crate::gen;
use crate::judge;
use crate::judge::Position;
use crate::validate::{validate, CONTEST_MAX_Q};

/// One test: a name (no extension), the input, the judge's answer, and
/// whether it is a sample shown with the statement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Test {
    /// A short name: `official`, `check_by_duck`, `realistic-7`.
    pub name: String,
    /// The judge input.
    pub input: Vec<u8>,
    /// The judge's answer to it.
    pub answer: Vec<u8>,
    /// Whether it is a sample (shown with the statement, judged first).
    pub sample: bool,
}

/// The problem's own sample (`samples/official.in`).
const OFFICIAL: &[u8] = include_bytes!("../../samples/official.in");

/// The bundled hand-worked cases (`samples/*.in`), by name. Those with a
/// coordinate off the board, which the contest never gives, are left out
/// by [`tests()`], as the validator would refuse them.
const HAND_WORKED: &[(&str, &[u8])] = &[
    (
        "after_the_end_all_invalid",
        include_bytes!("../../samples/after_the_end_all_invalid.in"),
    ),
    (
        "captain_capture_reports_check_no",
        include_bytes!("../../samples/captain_capture_reports_check_no.in"),
    ),
    (
        "captain_moves",
        include_bytes!("../../samples/captain_moves.in"),
    ),
    (
        "car_blocked_and_capture_at_distance",
        include_bytes!("../../samples/car_blocked_and_capture_at_distance.in"),
    ),
    (
        "check_by_captain",
        include_bytes!("../../samples/check_by_captain.in"),
    ),
    (
        "check_by_car_and_blocking_it",
        include_bytes!("../../samples/check_by_car_and_blocking_it.in"),
    ),
    (
        "check_by_duck",
        include_bytes!("../../samples/check_by_duck.in"),
    ),
    (
        "check_by_elephant",
        include_bytes!("../../samples/check_by_elephant.in"),
    ),
    (
        "check_by_guard",
        include_bytes!("../../samples/check_by_guard.in"),
    ),
    (
        "check_by_horse",
        include_bytes!("../../samples/check_by_horse.in"),
    ),
    (
        "check_by_soldier",
        include_bytes!("../../samples/check_by_soldier.in"),
    ),
    (
        "check_when_captain_walks_into_attack",
        include_bytes!("../../samples/check_when_captain_walks_into_attack.in"),
    ),
    (
        "check_when_own_captain_left_attacked",
        include_bytes!("../../samples/check_when_own_captain_left_attacked.in"),
    ),
    (
        "duck_first_and_second_blocking_points",
        include_bytes!("../../samples/duck_first_and_second_blocking_points.in"),
    ),
    (
        "elephant_eye_free_and_blocked",
        include_bytes!("../../samples/elephant_eye_free_and_blocked.in"),
    ),
    (
        "guard_moves",
        include_bytes!("../../samples/guard_moves.in"),
    ),
    (
        "horse_leg_free_and_blocked",
        include_bytes!("../../samples/horse_leg_free_and_blocked.in"),
    ),
    (
        "off_board_coordinates",
        include_bytes!("../../samples/off_board_coordinates.in"),
    ),
    ("q_zero", include_bytes!("../../samples/q_zero.in")),
    (
        "soldier_moves_all_directions_and_edges",
        include_bytes!("../../samples/soldier_moves_all_directions_and_edges.in"),
    ),
    ("wrong_side", include_bytes!("../../samples/wrong_side.in")),
];

/// The judge's answer to a well-formed input.
fn answer(input: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(input.len() * 3);
    judge::run(input, &mut out, Position::initial()).expect("a valid input is judged");
    out
}

/// Whether the contest allows `input` (what `duckchess validate` accepts).
fn allowed(input: &[u8]) -> bool {
    validate(input, CONTEST_MAX_Q).is_ok()
}

/// The tests `options` ask for: the official sample first, then the
/// hand-worked cases the contest allows (in name order), then
/// `per_profile` generated games of each profile in [`PROFILES`]' order,
/// seeds counting up from `seed` across them all, as `duckchess gen
/// --seed S --commands Q --profile P` prints them.
pub fn tests(options: &Options) -> Result<Vec<Test>, PackageError> {
    if options.commands > CONTEST_MAX_Q {
        return Err(PackageError::TooManyCommands(options.commands));
    }
    if options.per_profile > MAX_PER_PROFILE {
        return Err(PackageError::TooManyTests(options.per_profile));
    }
    let mut tests = vec![Test {
        name: "official".into(),
        input: OFFICIAL.to_vec(),
        answer: answer(OFFICIAL),
        sample: true,
    }];
    if options.hand_worked {
        for &(name, input) in HAND_WORKED {
            if allowed(input) {
                tests.push(Test {
                    name: name.into(),
                    input: input.to_vec(),
                    answer: answer(input),
                    sample: false,
                });
            }
        }
    }
    let mut seed = options.seed;
    for profile in PROFILES {
        for _ in 0..options.per_profile {
            let mut input = Vec::new();
            gen::write_generated(&mut input, seed, options.commands, profile)
                .expect("writing to a Vec cannot fail");
            tests.push(Test {
                name: format!("{profile}-{seed}"),
                answer: answer(&input),
                input,
                sample: false,
            });
            seed = seed.wrapping_add(1);
        }
    }
    if tests.len() == 1 {
        return Err(PackageError::NoTests);
    }
    Ok(tests)
}

#[cfg(test)]
mod unit {
    use super::*;

    #[test]
    fn every_test_is_allowed_and_answered() {
        let options = Options {
            per_profile: 2,
            commands: 40,
            ..Options::default()
        };
        let tests = tests(&options).unwrap();
        assert!(tests[0].sample && tests.iter().skip(1).all(|t| !t.sample));
        assert_eq!(tests.iter().filter(|t| t.name.contains('-')).count(), 8);
        for test in &tests {
            assert!(allowed(&test.input), "{}", test.name);
            assert!(
                !test.answer.is_empty() || test.input == b"0\n",
                "{}",
                test.name
            );
        }
        // Left out: the cases with a coordinate off the board.
        assert!(!tests.iter().any(|t| t.name == "off_board_coordinates"));
        assert!(tests.iter().any(|t| t.name == "check_by_duck"));
    }

    #[test]
    fn the_contest_bounds_hold() {
        let too_long = Options {
            commands: CONTEST_MAX_Q + 1,
            ..Options::default()
        };
        assert!(matches!(
            tests(&too_long),
            Err(PackageError::TooManyCommands(_))
        ));
        let too_many = Options {
            per_profile: MAX_PER_PROFILE + 1,
            ..Options::default()
        };
        assert!(matches!(
            tests(&too_many),
            Err(PackageError::TooManyTests(_))
        ));
        let none = Options {
            per_profile: 0,
            hand_worked: false,
            ..Options::default()
        };
        assert!(matches!(tests(&none), Err(PackageError::NoTests)));
    }
}
