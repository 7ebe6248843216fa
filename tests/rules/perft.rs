//! Perft: the counts from the initial position (where each comes from:
//! docs/duck-chess.md, "Perft"), and small positions whose counts are
//! worked out by hand in the comments.

use duckchess::judge::perft::{divide, perft, perft_threads};
use duckchess::judge::{Command, Position};

fn pos(fen: &str) -> Position {
    fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn counts(fen: &str, depth: u32) -> Vec<u64> {
    let mut p = pos(fen);
    (1..=depth).map(|d| perft(&mut p, d)).collect()
}

#[test]
fn initial_position_depths_one_to_four() {
    assert_eq!(
        counts(duckchess::judge::fen::INITIAL_FEN, 4),
        [43, 1_849, 80_066, 3_466_638]
    );
}

/// Depth 5 takes seconds unoptimised; CI runs this file in release too
/// (`scripts/kernel_perft_release.sh`).
#[cfg(not(debug_assertions))]
#[test]
fn initial_position_depth_five() {
    assert_eq!(perft_threads(&Position::initial(), 5, 2), 152_386_930);
}

#[test]
fn divide_sums_to_the_total_and_lists_each_first_move_once() {
    let start = Position::initial();
    let parts = divide(&start, 3, 2);
    assert_eq!(parts.len(), 43);
    assert_eq!(parts.iter().map(|p| p.1).sum::<u64>(), 80_066);
    let mut moves: Vec<_> = parts.iter().map(|p| p.0).collect();
    moves.dedup();
    assert_eq!(moves.len(), 43);
    // Each part is perft(2) of the position after that move.
    for &(m, n) in &parts {
        let mut after = start.clone();
        after.play(Command::from(m)).unwrap();
        assert_eq!(perft(&mut after, 2), n, "{m:?}");
    }
}

use crate::naive_duck;

/// Three counts of the same tree: the bulk counter; the judge's path, every
/// listed move played with `Position::play` (the same move generator: this
/// checks the counting, not the rules); and the naive referee of
/// `tests/naive_duck`, written from the rules page with no code of the
/// crate (the independent count; tests/commands/duck_kernel.rs compares its move
/// lists with both engines on 10,000 positions).
#[test]
fn bulk_counting_agrees_with_playing_every_move_and_with_the_naive_referee() {
    fn slow(p: &Position, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        p.moves()
            .into_iter()
            .map(|m| {
                let mut next = p.clone();
                let record = next.play(Command::from(m)).expect("listed moves are valid");
                if record.over {
                    1
                } else {
                    slow(&next, depth - 1)
                }
            })
            .sum()
    }
    // The naive referee is slow in debug: depth 2 from the start (its
    // depth 3 is in tests/commands/duck_kernel.rs), 3 from the others.
    for (fen, depth, naive_depth) in [
        (duckchess::judge::fen::INITIAL_FEN, 3, 2),
        ("r3k4/9/9/4d4/9/4S4/9/9/4D4/R3K4 w", 3, 3),
        ("4k4/9/9/9/9/9/9/9/9/r3K3R b", 3, 3),
        // Ducks and horses whose blocking points are taken, a captain to
        // take at once.
        ("3k5/9/4s4/3d5/2S1H4/1DS6/9/5h3/9/4K4 w", 3, 3),
    ] {
        let mut p = pos(fen);
        assert_eq!(perft(&mut p, depth), slow(&p, depth), "{fen}");
        assert_eq!(
            perft(&mut p, naive_depth),
            naive_duck::Referee::from_fen(fen).perft(naive_depth),
            "{fen}: the naive referee"
        );
    }
}

#[test]
fn a_position_without_a_captain_counts_nothing() {
    // Blue's captain was taken and blue is to move: the game is over, a
    // lone red captain in a corner has no sequence at all.
    assert_eq!(counts("9/9/9/9/9/9/9/9/9/K8 b", 2), [0, 0]);
}

#[test]
fn two_captains_in_opposite_corners() {
    // Each corner captain has 2 moves; from an edge point next to the
    // corner it has 3. So 2, 2·2, 2·2·3, 2·2·3·3.
    assert_eq!(counts("8k/9/9/9/9/9/9/9/9/K8 w", 4), [2, 4, 12, 36]);
}

#[test]
fn a_duck_with_both_first_blocking_points_occupied() {
    // Red duck (0,0); red soldiers (0,1) and (1,0) stand on the first
    // blocking point of each of its two leaps, so the duck has no move.
    // Each soldier has 3 moves: of its 5 on-board neighbours, two hold red.
    // The captains, far away in the top corners, are there so the game is
    // on; the red one adds its 2 moves.
    assert_eq!(counts("k7K/9/9/9/9/9/9/9/S8/DS7 w", 1), [6 + 2]);
}

#[test]
fn a_duck_stopped_by_a_second_blocking_point() {
    // Red duck (0,0), blue soldier (2,1): the leap to (3,2) passes (1,0)
    // then (2,1), so it is blocked; the leap to (2,3) passes (0,1) and
    // (1,2), both empty. Then the soldier has all 8 neighbours. The corner
    // captains add 2 moves a side.
    assert_eq!(
        counts("k7K/9/9/9/9/9/9/1s7/9/D8 w", 2),
        [1 + 2, (1 + 2) * (8 + 2)]
    );
    // With (1,2) taken too, the duck has no move at all.
    assert_eq!(counts("k7K/9/9/9/9/9/9/1s7/2s6/D8 w", 1), [2]);
}

#[test]
fn a_sequence_that_removes_a_captain_ends_and_counts_one() {
    // Red car (0,0), blue captain (0,5): 9 moves up the column, 4 along
    // the row, 1 capture. The capture ends its sequence (1); after each of
    // the other 13 the captain has 3 moves: (1,5), (0,4), (0,6). The red
    // captain in the top corner adds 2 moves, each answered by those 3.
    assert_eq!(
        counts("8K/9/9/9/9/9/9/9/9/R4k3 w", 2),
        [14 + 2, 1 + (13 + 2) * 3]
    );
}

#[test]
fn threads_do_not_change_the_count() {
    let start = Position::initial();
    let one = perft_threads(&start, 3, 1);
    for threads in [2, 4, 64] {
        assert_eq!(perft_threads(&start, 3, threads), one);
    }
}
