//! `duckchess mate` speed: `cargo bench --bench mate`. Each figure is the
//! time to read one puzzle line and decide it (or explain it), per case.

use divan::{black_box, counter::ItemsCount, Bencher};
use duckchess::variants::cube::{self, mate};
use rand_chacha::rand_core::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn main() {
    divan::main();
}

const PUBLISHED: &str = include_str!("../samples/cube/published.txt");

/// Random positions on side `n` that the puzzle allows: the white king on
/// an edge, black sliders and knights around it, a few white pieces.
fn random_cases(n: usize, count: usize) -> Vec<String> {
    let mut rng = ChaCha8Rng::seed_from_u64(n as u64);
    let mut pick = move |k: usize| rng.next_u32() as usize % k;
    let mut cases = Vec::new();
    while cases.len() < count {
        let mut cells = vec!['#'; n * n * n];
        let mut put = |c: char, pick: &mut dyn FnMut(usize) -> usize| loop {
            let s = pick(cells.len());
            if cells[s] == '#' {
                cells[s] = c;
                break;
            }
        };
        put('K', &mut pick);
        put('k', &mut pick);
        for _ in 0..2 + pick(2 * n) {
            put(['q', 'r', 'b', 'n'][pick(4)], &mut pick);
        }
        for _ in 0..pick(4) {
            put(['Q', 'R', 'B', 'N'][pick(4)], &mut pick);
        }
        // Levels top first, ranks back first, as the puzzle writes them.
        let levels: Vec<String> = (0..n)
            .rev()
            .map(|z| {
                let ranks: Vec<String> = (0..n)
                    .rev()
                    .map(|y| cells[n * n * z + n * y..][..n].iter().collect())
                    .collect();
                format!("[{}]", ranks.join(","))
            })
            .collect();
        let text = format!("n = {n}, {}", levels.join(","));
        if cube::read(&text).is_ok() {
            cases.push(text);
        }
    }
    cases
}

#[divan::bench]
fn published_ten(bencher: Bencher) {
    let cases: Vec<&str> = PUBLISHED.lines().collect();
    bencher.counter(ItemsCount::new(cases.len())).bench(|| {
        cases
            .iter()
            .filter(|c| mate::decide(black_box(c)) == Ok(true))
            .count()
    });
}

#[divan::bench]
fn published_ten_explained(bencher: Bencher) {
    let cases: Vec<_> = PUBLISHED.lines().map(|c| cube::read(c).unwrap()).collect();
    bencher.counter(ItemsCount::new(cases.len())).bench(|| {
        cases
            .iter()
            .map(|c| mate::explain(black_box(c)).lines.len())
            .sum::<usize>()
    });
}

#[divan::bench(args = [4, 6, 8, 10])]
fn random(bencher: Bencher, n: usize) {
    let cases = random_cases(n, 100);
    // Build the tables outside the timing (once per n per process).
    mate::decide(&cases[0]).unwrap();
    bencher.counter(ItemsCount::new(cases.len())).bench(|| {
        cases
            .iter()
            .filter(|c| mate::decide(black_box(c)) == Ok(true))
            .count()
    });
}
