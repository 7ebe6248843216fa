//! Fourfold on the kernel: the spec's perft counts, movement on every axis,
//! the end rules in the spec's order, and the notation, cross-checked
//! against the naive checker in `tests/naive`.

mod naive;

use duckchess::kernel::{perft, Color, Draw, Game, Move, Outcome, Position, Win};
use duckchess::variants::fourfold::{
    self, parse_square, read_move, read_position, read_record, square_name, start,
    write_move, write_position, write_record, Army, MoveTextError, PositionTextError,
};

fn sq(name: &str) -> usize {
    parse_square(name).unwrap_or_else(|| panic!("{name} is a square"))
}

fn pos(army: Army, text: &str) -> Position<u64> {
    read_position(army, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn perft_classic_depths_1_to_4() {
    let p = start(Army::Classic);
    let counts: Vec<u64> = (1..=4).map(|d| perft(&p, d)).collect();
    assert_eq!(counts, [41, 1_671, 74_569, 3_194_878]);
}

#[test]
fn perft_full_depths_1_to_4() {
    let p = start(Army::Full);
    let counts: Vec<u64> = (1..=4).map(|d| perft(&p, d)).collect();
    assert_eq!(counts, [48, 2_116, 100_207, 4_700_547]);
}
