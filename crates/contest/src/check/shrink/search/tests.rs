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
