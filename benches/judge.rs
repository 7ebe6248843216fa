//! Judge mode speed on a million commands: `cargo bench --bench judge`.
//!
//! The inputs are generated in process from fixed seeds (`duckchess gen`
//! makes the same bytes): `quiet` is a long full-board game without captures,
//! the speed case; `realistic` plays mostly valid moves in one game
//! that ends late in the input (the judge's reading of numbers is the same
//! work for both).

use divan::{black_box, Bencher};
use duckchess::contest::gen::{self, Profile};
use duckchess::judge::{self, Position};

fn main() {
    divan::main();
}

const COMMANDS: usize = 1_000_000;

fn input(profile: Profile) -> Vec<u8> {
    gen::input_bytes(&gen::generate(1, COMMANDS, profile))
}

#[divan::bench(args = [Profile::Quiet, Profile::Realistic], sample_count = 10, sample_size = 1)]
fn million_commands(bencher: Bencher, profile: Profile) {
    let bytes = input(profile);
    bencher
        .counter(divan::counter::ItemsCount::new(COMMANDS))
        .bench(|| {
            let summary = judge::run(black_box(&bytes[..]), std::io::sink(), Position::initial())
                .expect("a generated input is well formed");
            assert_eq!(summary.commands, COMMANDS as u64);
            summary
        });
}
