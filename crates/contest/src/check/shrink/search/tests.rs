//! The search's walk, its pruning and the shapes of a difference.

use super::*;

#[test]
fn no_captain_can_be_taken_in_four_commands() {
    let class = Class::Valid {
        mover: None,
        removed: Some(Role::Captain),
        any_removed: false,
        check: Some(false),
        over: true,
    };
    let far = Instant::now() + Duration::from_secs(60);
    for len in 1..=4 {
        let g = games_of_length(&class, len, far);
        assert!(g.complete);
        assert!(g.groups.is_empty(), "{len}: {:?}", g.groups.first());
    }
}

#[test]
fn the_pruned_walk_finds_what_the_full_walk_finds() {
    // Games of three commands whose last removes a soldier, counted by
    // brute force over every game of three valid moves.
    let class = Class::Valid {
        mover: None,
        removed: Some(Role::Soldier),
        any_removed: false,
        check: Some(false),
        over: false,
    };
    let mut brute = 0;
    let start = Position::initial();
    for a in start.moves() {
        let mut g1 = start.clone();
        g1.play_generated(a).unwrap();
        for b in g1.moves() {
            let mut g2 = g1.clone();
            g2.play_generated(b).unwrap();
            brute += finishing(&g2, &class).len();
        }
    }
    let far = Instant::now() + Duration::from_secs(60);
    let g = games_of_length(&class, 3, far);
    let found: usize = g.groups.iter().map(|(_, f)| f.len()).sum();
    assert!(brute > 0);
    assert_eq!(found, brute);
}

#[test]
fn shapes() {
    let d = |e: &str, f: &str| Difference {
        line: 1,
        expected: Some(e.into()),
        found: Some(f.into()),
    };
    assert_eq!(
        Shape::of(&d(
            "red duck;blue captain;no;yes",
            "red duck;blue captain;yes;yes"
        )),
        Shape::Fields(CHECK)
    );
    assert_eq!(
        Shape::of(&d("Invalid command", "red horse;NA;no;no")),
        Shape::Validity
    );
    assert_eq!(Shape::of(&d("Invalid command", "what")), Shape::Other);
}

/// Whether a program that keeps every point a piece was taken on
/// (`ghosts`) blocking, as the candidate's `captured-blocks` does, answers
/// the valid move `m` in `game` unlike the judge: it refuses it (its path
/// crosses such a point) or misses the check it gives (every line to a
/// captain crosses one).
fn ghost_fails(game: &Position, ghosts: Bits, m: Move) -> bool {
    let role = game.board().get(m.from).unwrap().role;
    if path(role, m.from, m.to).unwrap() & ghosts != 0 {
        return true;
    }
    let mut after = game.clone();
    let r = after.play(m.into()).unwrap();
    if !r.check {
        return false;
    }
    let ghosts = if r.removed.is_some() {
        ghosts | bit(m.to.index())
    } else {
        ghosts
    };
    let board = after.board();
    !Color::ALL.into_iter().any(|side| {
        let Some(c) = after.captain(side.other()) else {
            return false;
        };
        after.attackers(c, side).any(|p| {
            let role = board.get(p).unwrap().role;
            path(role, p, c).unwrap() & ghosts == 0
        })
    })
}

/// A game of at most `left` more valid moves from `game` whose last move
/// the ghost program answers wrongly ([`ghost_fails`]). A taken piece's
/// point is empty two commands after it was taken at the soonest, so a
/// game with none taken yet needs three commands left.
fn ghost_game(game: &Position, ghosts: Bits, left: usize, path: &mut Vec<Move>) -> bool {
    if ghosts == 0 && left < 3 {
        return false;
    }
    for m in game.moves() {
        path.push(m);
        if ghost_fails(game, ghosts, m) {
            return true;
        }
        if left > 1 {
            let mut next = game.clone();
            let taken = next.board().get(m.to).is_some();
            next.play_generated(m).unwrap();
            let ghosts = if taken {
                ghosts | bit(m.to.index())
            } else {
                ghosts
            };
            if ghost_game(&next, ghosts, left - 1, path) {
                return true;
            }
        }
        path.pop();
    }
    false
}

/// The shortest failing game of the candidate's `captured-blocks`, which
/// `tests/commands/check_search.rs` expects the shrinker to find: six
/// commands (a piece taken, its taker gone, and a car's check through the
/// point), none of five.
#[test]
fn the_shortest_game_where_a_taken_piece_still_blocks_has_six_commands() {
    let start = Position::initial();
    let mut path = Vec::new();
    assert!(!ghost_game(&start, 0, 5, &mut path), "{path:?}");
    assert!(ghost_game(&start, 0, 6, &mut path));
    assert_eq!(path.len(), 6);
}

/// A game of at most `left` more valid moves from `game` whose last move
/// takes a captain while the loser's pieces attack the taker's captain:
/// where a program that works out check as usual on the move that takes
/// a captain (the realistic `check-on-capture`) says check.
fn taken_while_attacked(game: &Position, left: usize, path: &mut Vec<Move>) -> bool {
    if !can_end(game, &CAPTAIN_TAKEN, left) {
        return false;
    }
    let taker = game.turn();
    for m in game.moves() {
        let takes_captain = game
            .board()
            .get(m.to)
            .is_some_and(|p| p.role == Role::Captain);
        let mut next = game.clone();
        next.play_generated(m).unwrap();
        path.push(m);
        let found = if takes_captain {
            next.captain(taker)
                .is_some_and(|c| next.attackers(c, taker.other()).next().is_some())
        } else {
            left > 1 && taken_while_attacked(&next, left - 1, path)
        };
        if found {
            return true;
        }
        path.pop();
    }
    false
}

/// The realistic `check-on-capture`'s shortest failing game has seven
/// commands (none of six), which `tests/commands/check_search.rs` expects
/// the shrinker to find. Some 8 million positions: run it with
/// `cargo test --release -p duckchess-contest --lib -- --ignored`.
#[test]
#[ignore = "slow without optimisations"]
fn the_shortest_game_that_takes_a_captain_while_attacked_has_seven_commands() {
    let start = Position::initial();
    let mut path = Vec::new();
    assert!(!taken_while_attacked(&start, 6, &mut path), "{path:?}");
    assert!(taken_while_attacked(&start, 7, &mut path));
    assert_eq!(path.len(), 7);
}
