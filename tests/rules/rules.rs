//! The rules of each piece, checked through the library on hand-made
//! positions. Every expected set below is worked out from the
//! rules (`docs/rules.md`), not read off the program.

use duckchess::judge::{Color, Command, Invalid, Move, Piece, Point, Position, Role};
use std::collections::BTreeSet;

/// A position from a list of `(x, y, FEN letter)` placements, written as a
/// FEN and read back by the library's parser. Upper case is red.
///
/// A game without both captains is over, so a side given none gets one
/// out of the way, a corner first: on neither the row nor the column of
/// any given piece, and at least 4 points away from each in some
/// direction, where no piece can reach it, be blocked by it, or be reached
/// by it (and not next to the other captain).
fn setup(pieces: &[(i64, i64, char)], turn: Color) -> Position {
    let mut grid = [[None; 9]; 10];
    let mut placed: Vec<(i64, i64, char)> = pieces.to_vec();
    let corners = [(9, 0), (0, 8), (0, 0), (9, 8)];
    let everywhere = (0..10).flat_map(|x| (0..9).map(move |y| (x, y)));
    for captain in ['K', 'k'] {
        if placed.iter().any(|&(_, _, c)| c == captain) {
            continue;
        }
        let apart = |(x, y): (i64, i64), (px, py): (i64, i64), d: i64| {
            (px - x).abs() >= d || (py - y).abs() >= d
        };
        let aside = corners
            .into_iter()
            .chain(everywhere.clone())
            .find(|&at| {
                pieces
                    .iter()
                    .all(|&(px, py, _)| px != at.0 && py != at.1 && apart(at, (px, py), 4))
                    && placed.iter().all(|&(px, py, _)| apart(at, (px, py), 2))
            })
            .expect("the test position leaves room for a captain");
        placed.push((aside.0, aside.1, captain));
    }
    for &(x, y, c) in &placed {
        grid[x as usize][y as usize] = Some(c);
    }
    let ranks: Vec<String> = (0..10)
        .rev()
        .map(|x| {
            let mut rank = String::new();
            let mut empty = 0;
            for cell in grid[x] {
                match cell {
                    None => empty += 1,
                    Some(c) => {
                        if empty > 0 {
                            rank += &empty.to_string();
                            empty = 0;
                        }
                        rank.push(c);
                    }
                }
            }
            if empty > 0 {
                rank += &empty.to_string();
            }
            rank
        })
        .collect();
    let fen = format!("{} {}", ranks.join("/"), turn.char());
    fen.parse()
        .unwrap_or_else(|e| panic!("bad test position {fen}: {e}"))
}

/// A point as `(x, y)`, as the tests compare them.
type Xy = (i32, i32);
/// A point as written in a command.
type At = (i64, i64);

fn p(x: i64, y: i64) -> Point {
    Point::new(x, y).expect("test points are on the board")
}

fn set(points: &[(i32, i32)]) -> BTreeSet<(i32, i32)> {
    points.iter().copied().collect()
}

/// The targets of the piece on `(x, y)`, asked two ways that must agree:
/// `targets` and `validate` over every point of the board.
fn targets(pos: &Position, x: i64, y: i64) -> BTreeSet<(i32, i32)> {
    let from = p(x, y);
    let listed: BTreeSet<_> = pos.targets(from).iter().map(|t| (t.x(), t.y())).collect();
    let validated: BTreeSet<_> = Point::all()
        .filter(|&to| pos.validate(Move { from, to }).is_ok())
        .map(|t| (t.x(), t.y()))
        .collect();
    assert_eq!(listed, validated, "targets() and validate() disagree");
    listed
}

fn red(role: Role) -> Piece {
    Piece::new(Color::Red, role)
}

fn blue(role: Role) -> Piece {
    Piece::new(Color::Blue, role)
}

/// The reason `validate` gives for a move the test expects to be invalid.
fn why(pos: &Position, from: (i64, i64), to: (i64, i64)) -> Invalid {
    let m = Move {
        from: p(from.0, from.1),
        to: p(to.0, to.1),
    };
    pos.validate(m).expect_err("the move should be invalid")
}

// ---- captain -------------------------------------------------------------

#[test]
fn captain_steps_one_point_orthogonally() {
    let pos = setup(&[(4, 4, 'K')], Color::Red);
    assert_eq!(targets(&pos, 4, 4), set(&[(5, 4), (3, 4), (4, 5), (4, 3)]));
    let corner = setup(&[(0, 0, 'K')], Color::Red);
    assert_eq!(targets(&corner, 0, 0), set(&[(1, 0), (0, 1)]));
    let edge = setup(&[(9, 8, 'k')], Color::Blue);
    assert_eq!(targets(&edge, 9, 8), set(&[(8, 8), (9, 7)]));
}

#[test]
fn captain_cannot_step_diagonally_or_twice() {
    let pos = setup(&[(4, 4, 'K')], Color::Red);
    for to in [(5, 5), (3, 3), (6, 4), (4, 2)] {
        assert!(
            matches!(why(&pos, (4, 4), to), Invalid::Shape { .. }),
            "{to:?}"
        );
    }
}

// ---- guard ---------------------------------------------------------------

#[test]
fn guard_steps_one_point_diagonally() {
    let pos = setup(&[(4, 4, 'A')], Color::Red);
    assert_eq!(targets(&pos, 4, 4), set(&[(5, 5), (5, 3), (3, 5), (3, 3)]));
    let corner = setup(&[(9, 8, 'a')], Color::Blue);
    assert_eq!(targets(&corner, 9, 8), set(&[(8, 7)]));
    // No palace: a guard may go anywhere, here from the edge of the board.
    let edge = setup(&[(5, 0, 'A')], Color::Red);
    assert_eq!(targets(&edge, 5, 0), set(&[(6, 1), (4, 1)]));
}

// ---- elephant ------------------------------------------------------------

#[test]
fn elephant_leaps_two_diagonally_and_crosses_the_river() {
    let pos = setup(&[(4, 4, 'E')], Color::Red);
    assert_eq!(targets(&pos, 4, 4), set(&[(6, 6), (6, 2), (2, 6), (2, 2)]));
    let corner = setup(&[(0, 0, 'E')], Color::Red);
    assert_eq!(targets(&corner, 0, 0), set(&[(2, 2)]));
    let near_edge = setup(&[(8, 1, 'e')], Color::Blue);
    assert_eq!(targets(&near_edge, 8, 1), set(&[(6, 3)]));
}

#[test]
fn elephant_eye_occupied_by_own_or_enemy_blocks_one_target() {
    // Own soldier on the eye (5,5), enemy soldier on the eye (3,3).
    let pos = setup(&[(4, 4, 'E'), (5, 5, 'S'), (3, 3, 's')], Color::Red);
    assert_eq!(targets(&pos, 4, 4), set(&[(6, 2), (2, 6)]));
    assert_eq!(
        why(&pos, (4, 4), (6, 6)),
        Invalid::Blocked {
            piece: red(Role::Elephant),
            from: p(4, 4),
            to: p(6, 6),
            at: p(5, 5),
            index: 0,
            blocker: red(Role::Soldier),
        }
    );
    assert_eq!(
        why(&pos, (4, 4), (2, 2)),
        Invalid::Blocked {
            piece: red(Role::Elephant),
            from: p(4, 4),
            to: p(2, 2),
            at: p(3, 3),
            index: 0,
            blocker: blue(Role::Soldier),
        }
    );
}

// ---- horse ---------------------------------------------------------------

#[test]
fn horse_has_eight_targets_in_the_middle_and_two_in_a_corner() {
    let pos = setup(&[(4, 4, 'H')], Color::Red);
    let all = [
        (6, 5),
        (6, 3),
        (2, 5),
        (2, 3),
        (5, 6),
        (3, 6),
        (5, 2),
        (3, 2),
    ];
    assert_eq!(targets(&pos, 4, 4), set(&all));
    let corner = setup(&[(0, 0, 'H')], Color::Red);
    assert_eq!(targets(&corner, 0, 0), set(&[(2, 1), (1, 2)]));
}

#[test]
fn horse_leg_occupied_by_own_or_enemy_blocks_its_two_targets() {
    // Own guard on the leg (5,4): (6,5) and (6,3) go. Enemy car on the leg
    // (4,3): (5,2) and (3,2) go. The other four stay.
    let pos = setup(&[(4, 4, 'h'), (5, 4, 'a'), (4, 3, 'R')], Color::Blue);
    assert_eq!(targets(&pos, 4, 4), set(&[(2, 5), (2, 3), (5, 6), (3, 6)]));
    for (to, leg, blocker) in [
        ((6, 5), (5, 4), blue(Role::Guard)),
        ((6, 3), (5, 4), blue(Role::Guard)),
        ((5, 2), (4, 3), red(Role::Car)),
        ((3, 2), (4, 3), red(Role::Car)),
    ] {
        assert_eq!(
            why(&pos, (4, 4), to),
            Invalid::Blocked {
                piece: blue(Role::Horse),
                from: p(4, 4),
                to: p(to.0, to.1),
                at: p(leg.0, leg.1),
                index: 0,
                blocker,
            },
            "{to:?}"
        );
    }
}

#[test]
fn a_piece_next_to_the_horse_diagonally_is_not_a_leg() {
    let pos = setup(
        &[
            (4, 4, 'H'),
            (5, 5, 's'),
            (5, 3, 's'),
            (3, 5, 'S'),
            (3, 3, 'S'),
        ],
        Color::Red,
    );
    assert_eq!(targets(&pos, 4, 4).len(), 8);
}

// ---- car -----------------------------------------------------------------

#[test]
fn car_slides_along_its_row_and_column() {
    let pos = setup(&[(4, 4, 'R')], Color::Red);
    let mut expected = BTreeSet::new();
    for y in (0..9).filter(|&y| y != 4) {
        expected.insert((4, y));
    }
    for x in (0..10).filter(|&x| x != 4) {
        expected.insert((x, 4));
    }
    assert_eq!(expected.len(), 17);
    assert_eq!(targets(&pos, 4, 4), expected);
}

#[test]
fn car_stops_before_its_own_piece_and_on_an_enemy_piece() {
    // Own duck at (4,6): only (4,5) to the right. Enemy horse at (7,4):
    // (5,4), (6,4) and the capture on (7,4) upward, nothing beyond.
    let pos = setup(&[(4, 4, 'R'), (4, 6, 'D'), (7, 4, 'h')], Color::Red);
    let mut expected = set(&[(4, 5), (5, 4), (6, 4), (7, 4)]);
    expected.extend((0..4).map(|y| (4, y)));
    expected.extend((0..4).map(|x| (x, 4)));
    assert_eq!(targets(&pos, 4, 4), expected);
}

#[test]
fn car_blocked_names_the_first_piece_and_the_points_passed() {
    let pos = setup(&[(4, 4, 'R'), (4, 6, 'D'), (7, 4, 'h')], Color::Red);
    // Past the enemy horse: blocked after passing (5,4) and (6,4).
    assert_eq!(
        why(&pos, (4, 4), (9, 4)),
        Invalid::Blocked {
            piece: red(Role::Car),
            from: p(4, 4),
            to: p(9, 4),
            at: p(7, 4),
            index: 2,
            blocker: blue(Role::Horse),
        }
    );
    // Past its own duck: blocked after passing (4,5).
    assert_eq!(
        why(&pos, (4, 4), (4, 8)),
        Invalid::Blocked {
            piece: red(Role::Car),
            from: p(4, 4),
            to: p(4, 8),
            at: p(4, 6),
            index: 1,
            blocker: red(Role::Duck),
        }
    );
    // A capture at distance 3 is fine; the same target held by its own
    // duck is not a block but an own piece.
    assert!(pos
        .validate(Move {
            from: p(4, 4),
            to: p(7, 4)
        })
        .is_ok());
    assert!(matches!(
        why(&pos, (4, 4), (4, 6)),
        Invalid::OwnPieceOnTarget { occupant, .. } if occupant == red(Role::Duck)
    ));
}

#[test]
fn car_blocked_right_next_to_it_has_passed_nothing() {
    let initial = Position::initial();
    // The official sample's first line: (1,0) is empty, (2,0) holds the duck.
    assert_eq!(
        why(&initial, (0, 0), (7, 0)),
        Invalid::Blocked {
            piece: red(Role::Car),
            from: p(0, 0),
            to: p(7, 0),
            at: p(2, 0),
            index: 1,
            blocker: red(Role::Duck),
        }
    );
    let pos = setup(&[(0, 0, 'R'), (0, 1, 'h')], Color::Red);
    assert!(matches!(
        why(&pos, (0, 0), (0, 5)),
        Invalid::Blocked { at, index: 0, .. } if at == p(0, 1)
    ));
}

#[test]
fn car_cannot_move_diagonally_or_like_a_knight() {
    let pos = setup(&[(4, 4, 'R')], Color::Red);
    for to in [(5, 5), (6, 5), (0, 0), (9, 8)] {
        assert!(
            matches!(why(&pos, (4, 4), to), Invalid::Shape { .. }),
            "{to:?}"
        );
    }
}

// ---- duck ----------------------------------------------------------------

/// The duck's eight targets from (4,4) with their (first, second)
/// blocking points, from the spec's table.
const DUCK: [(Xy, Xy, Xy); 8] = [
    ((7, 6), (5, 4), (6, 5)),
    ((7, 2), (5, 4), (6, 3)),
    ((1, 6), (3, 4), (2, 5)),
    ((1, 2), (3, 4), (2, 3)),
    ((6, 7), (4, 5), (5, 6)),
    ((2, 7), (4, 5), (3, 6)),
    ((6, 1), (4, 3), (5, 2)),
    ((2, 1), (4, 3), (3, 2)),
];

fn duck_targets_without(gone: &[(i32, i32)]) -> BTreeSet<(i32, i32)> {
    DUCK.iter()
        .map(|d| d.0)
        .filter(|t| !gone.contains(t))
        .collect()
}

#[test]
fn duck_has_eight_targets_in_the_middle_of_an_empty_board() {
    let pos = setup(&[(4, 4, 'D')], Color::Red);
    assert_eq!(targets(&pos, 4, 4), duck_targets_without(&[]));
    let corner = setup(&[(0, 0, 'D')], Color::Red);
    assert_eq!(targets(&corner, 0, 0), set(&[(3, 2), (2, 3)]));
    let top = setup(&[(9, 4, 'd')], Color::Blue);
    assert_eq!(targets(&top, 9, 4), set(&[(6, 6), (6, 2), (7, 7), (7, 1)]));
}

#[test]
fn duck_first_blocking_point_occupied_removes_the_two_leaps_through_it() {
    for occupant in ['S', 's'] {
        let pos = setup(&[(4, 4, 'D'), (5, 4, occupant)], Color::Red);
        assert_eq!(
            targets(&pos, 4, 4),
            duck_targets_without(&[(7, 6), (7, 2)]),
            "{occupant}"
        );
        let pos = setup(&[(4, 4, 'D'), (4, 3, occupant)], Color::Red);
        assert_eq!(
            targets(&pos, 4, 4),
            duck_targets_without(&[(6, 1), (2, 1)]),
            "{occupant}"
        );
    }
}

#[test]
fn duck_second_blocking_point_occupied_removes_only_its_own_leap() {
    for (to, _, second) in DUCK {
        for occupant in ['E', 'e'] {
            let pos = setup(
                &[(4, 4, 'D'), (second.0 as i64, second.1 as i64, occupant)],
                Color::Red,
            );
            assert_eq!(
                targets(&pos, 4, 4),
                duck_targets_without(&[to]),
                "second blocking point {second:?} holds {occupant}"
            );
        }
    }
}

#[test]
fn duck_blocked_reports_which_blocking_point() {
    for (to, first, second) in DUCK {
        let (tx, ty) = (to.0 as i64, to.1 as i64);
        let first_p = p(first.0 as i64, first.1 as i64);
        let second_p = p(second.0 as i64, second.1 as i64);
        // Own piece on the first point.
        let pos = setup(
            &[(4, 4, 'd'), (first.0 as i64, first.1 as i64, 'h')],
            Color::Blue,
        );
        assert_eq!(
            why(&pos, (4, 4), (tx, ty)),
            Invalid::Blocked {
                piece: blue(Role::Duck),
                from: p(4, 4),
                to: p(tx, ty),
                at: first_p,
                index: 0,
                blocker: blue(Role::Horse),
            }
        );
        // Enemy piece on the second point.
        let pos = setup(
            &[(4, 4, 'd'), (second.0 as i64, second.1 as i64, 'H')],
            Color::Blue,
        );
        assert_eq!(
            why(&pos, (4, 4), (tx, ty)),
            Invalid::Blocked {
                piece: blue(Role::Duck),
                from: p(4, 4),
                to: p(tx, ty),
                at: second_p,
                index: 1,
                blocker: red(Role::Horse),
            }
        );
        // Both occupied: the first one is named.
        let pos = setup(
            &[
                (4, 4, 'd'),
                (first.0 as i64, first.1 as i64, 'H'),
                (second.0 as i64, second.1 as i64, 'h'),
            ],
            Color::Blue,
        );
        assert!(matches!(
            why(&pos, (4, 4), (tx, ty)),
            Invalid::Blocked { index: 0, at, .. } if at == first_p
        ));
    }
}

#[test]
fn duck_blocked_explanations_name_the_blocking_point() {
    let pos = setup(&[(4, 4, 'D'), (6, 5, 's')], Color::Red);
    assert_eq!(
        why(&pos, (4, 4), (7, 6)).to_string(),
        "duck at (4,4) is blocked: its second blocking point (6,5) holds blue soldier"
    );
    let pos = setup(&[(4, 4, 'D'), (5, 4, 'S')], Color::Red);
    assert_eq!(
        why(&pos, (4, 4), (7, 6)).to_string(),
        "duck at (4,4) is blocked: its first blocking point (5,4) holds red soldier"
    );
}

// ---- soldier -------------------------------------------------------------

#[test]
fn soldier_steps_to_all_eight_neighbours_backwards_too() {
    for (fen_char, turn) in [('S', Color::Red), ('s', Color::Blue)] {
        let pos = setup(&[(4, 4, fen_char)], turn);
        let all = [
            (5, 4),
            (3, 4),
            (4, 5),
            (4, 3),
            (5, 5),
            (5, 3),
            (3, 5),
            (3, 3),
        ];
        assert_eq!(targets(&pos, 4, 4), set(&all), "{turn}");
    }
    let corner = setup(&[(0, 8, 'S')], Color::Red);
    assert_eq!(targets(&corner, 0, 8), set(&[(1, 8), (1, 7), (0, 7)]));
    // No promotion or change of movement on the far side.
    let far = setup(&[(9, 4, 'S')], Color::Red);
    assert_eq!(
        targets(&far, 9, 4),
        set(&[(8, 4), (9, 3), (9, 5), (8, 3), (8, 5)])
    );
}

#[test]
fn soldier_captures_enemies_and_not_own_pieces_among_its_neighbours() {
    let pos = setup(&[(4, 4, 'S'), (5, 5, 'S'), (3, 3, 'k')], Color::Red);
    let t = targets(&pos, 4, 4);
    assert!(!t.contains(&(5, 5)));
    assert!(t.contains(&(3, 3)));
    assert_eq!(t.len(), 7);
    assert!(matches!(why(&pos, (4, 4), (4, 6)), Invalid::Shape { .. }));
}

// ---- the extra rules and the reasons, through play -----------------------

#[test]
fn every_reason_has_its_variant() {
    let mut pos = setup(
        &[(0, 4, 'K'), (8, 4, 'S'), (9, 4, 'k'), (5, 0, 'h')],
        Color::Red,
    );
    let cases = [
        (
            Command::new(10, 0, 0, 0),
            Invalid::StartOffBoard { x: 10, y: 0 },
        ),
        (
            Command::new(0, 9, 0, 0),
            Invalid::StartOffBoard { x: 0, y: 9 },
        ),
        (
            Command::new(4, 4, 5, 4),
            Invalid::NoPiece {
                at: p(4, 4),
                turn: Color::Red,
            },
        ),
        (
            Command::new(5, 0, 7, 1),
            Invalid::EnemyPiece {
                at: p(5, 0),
                piece: blue(Role::Horse),
            },
        ),
        (
            Command::new(8, 4, 8, 9),
            Invalid::TargetOffBoard {
                piece: red(Role::Soldier),
                from: p(8, 4),
                x: 8,
                y: 9,
            },
        ),
        (
            Command::new(8, 4, 8, 4),
            Invalid::OwnPieceOnTarget {
                piece: red(Role::Soldier),
                from: p(8, 4),
                to: p(8, 4),
                occupant: red(Role::Soldier),
            },
        ),
        (
            Command::new(8, 4, 6, 4),
            Invalid::Shape {
                piece: red(Role::Soldier),
                from: p(8, 4),
                to: p(6, 4),
            },
        ),
    ];
    for (command, expected) in cases {
        let before = pos.clone();
        assert_eq!(pos.play(command), Err(expected), "{command}");
        assert_eq!(pos, before, "an invalid command changed the position");
    }
    let record = pos.play(Command::new(8, 4, 9, 4)).unwrap();
    assert_eq!(record.to_string(), "red soldier;blue captain;no;yes");
    assert_eq!(pos.winner(), Some(Color::Red));
    // After the end every command is invalid, even one that names no piece
    // or leaves the board.
    for command in [
        Command::new(0, 4, 1, 4),
        Command::new(5, 0, 7, 1),
        Command::new(10, 10, 10, 10),
    ] {
        assert_eq!(
            pos.play(command),
            Err(Invalid::GameOver {
                winner: Some(Color::Red)
            })
        );
    }
    assert!(pos.moves().is_empty());
}

#[test]
fn a_zero_length_move_is_never_valid() {
    let pos = Position::initial();
    for (from, piece) in pos
        .board()
        .pieces()
        .filter(|(_, pc)| pc.color == Color::Red)
    {
        assert_eq!(
            pos.validate(Move { from, to: from }),
            Err(Invalid::OwnPieceOnTarget {
                piece,
                from,
                to: from,
                occupant: piece,
            })
        );
    }
}

#[test]
fn own_piece_on_target_for_every_role() {
    // Each red piece has an own soldier on one of its targets.
    let cases: [(At, char, At); 7] = [
        ((4, 4), 'K', (5, 4)),
        ((4, 4), 'A', (5, 5)),
        ((4, 4), 'E', (6, 6)),
        ((4, 4), 'H', (6, 5)),
        ((4, 4), 'R', (4, 8)),
        ((4, 4), 'D', (7, 6)),
        ((4, 4), 'S', (3, 3)),
    ];
    for (from, c, to) in cases {
        let pos = setup(&[(from.0, from.1, c), (to.0, to.1, 'S')], Color::Red);
        assert!(
            matches!(
                why(&pos, from, to),
                Invalid::OwnPieceOnTarget { occupant, .. } if occupant == red(Role::Soldier)
            ),
            "{c}"
        );
        // With an enemy soldier there instead, the move captures it.
        let mut pos = setup(&[(from.0, from.1, c), (to.0, to.1, 's')], Color::Red);
        let record = pos.play(Command::new(from.0, from.1, to.0, to.1)).unwrap();
        assert_eq!(record.removed, Some(blue(Role::Soldier)), "{c}");
        assert_eq!(pos.turn(), Color::Blue);
    }
}

#[test]
fn valid_moves_alternate_the_sides_and_invalid_ones_do_not() {
    let mut pos = Position::initial();
    assert!(pos.play(Command::new(9, 0, 8, 0)).is_err());
    assert_eq!(pos.turn(), Color::Red);
    pos.play(Command::new(0, 3, 1, 2)).unwrap();
    assert_eq!(pos.turn(), Color::Blue);
    pos.play(Command::new(9, 0, 8, 0)).unwrap();
    assert_eq!(pos.turn(), Color::Red);
}

#[test]
fn check_is_either_side_and_never_after_the_end() {
    // Red car attacks the blue captain along column 4; the blue duck on
    // (5,0) reaches (2,2) and (3,3) but not the red captain.
    let mut pos = setup(
        &[
            (0, 4, 'K'),
            (5, 4, 'R'),
            (9, 4, 'k'),
            (5, 0, 'd'),
            (8, 8, 's'),
        ],
        Color::Blue,
    );
    assert!(pos.is_check(), "the red car attacks the blue captain");
    // Blue plays elsewhere, leaving its own captain attacked: still check.
    let r = pos.play(Command::new(8, 8, 7, 8)).unwrap();
    assert!(r.check);
    // Red captures the blue captain while nothing attacks red: over, no check.
    let r = pos.play(Command::new(5, 4, 9, 4)).unwrap();
    assert_eq!((r.check, r.over), (false, true));
    assert!(!pos.is_check());

    // Both captains attacked: the blue duck on (2,1) reaches (0,4) through
    // (2,2) and (1,3). Its capture ends the game with check `no`.
    let mut pos = setup(
        &[(0, 4, 'K'), (5, 4, 'R'), (9, 4, 'k'), (2, 1, 'd')],
        Color::Blue,
    );
    assert!(pos.is_check());
    let r = pos.play(Command::new(2, 1, 0, 4)).unwrap();
    assert_eq!(
        r.to_string(),
        "blue duck;red captain;no;yes",
        "the red car still attacks the blue captain"
    );
}

#[test]
fn shape_explanations_use_the_right_article() {
    let pos = Position::initial();
    assert_eq!(
        why(&pos, (0, 2), (1, 3)).to_string(),
        "an elephant cannot move from (0,2) to (1,3): not an elephant move"
    );
    assert_eq!(
        why(&pos, (0, 1), (2, 1)).to_string(),
        "a horse cannot move from (0,1) to (2,1): not a horse move"
    );
}
