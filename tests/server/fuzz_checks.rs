//! The fuzz targets' checks (`fuzz/checks/`), run without libFuzzer: each
//! target's check on every seed of `fuzz/seeds/TARGET/`, then on a fixed
//! number of mutations of them (bytes flipped, inserted, deleted, two
//! seeds spliced, a seed truncated, a chunk repeated), drawn by ChaCha8
//! seeded with the target's name, so every run tries the same inputs. It
//! is no coverage-guided fuzzing (`scripts/fuzz.sh`), only every target
//! run briefly on every change. A failure names the target and the input,
//! escaped, and writes the whole input where it can be copied from to
//! `fuzz/seeds/TARGET/`.

#[path = "../../fuzz/checks/mod.rs"]
mod checks;

use rand_chacha::rand_core::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};

/// The mutations each target's check runs on after its seeds: as many as
/// take half a second to a second in a debug build on one core (the API's,
/// the line's and PGN's checks are the slow ones), 8 seconds in all.
macro_rules! targets {
    ($($target:ident: $mutations:expr,)*) => {
        /// One test a target, named as the target.
        mod seeds_and_mutations {
            $(
                #[test]
                fn $target() {
                    super::run(stringify!($target), $mutations);
                }
            )*
        }

        /// The targets tested above.
        const TESTED: &[&str] = &[$(stringify!($target)),*];
    };
}

targets! {
    api: 4_000,
    chess_fen: 14_000,
    chess_move: 4_000,
    cube: 50_000,
    duck_fen: 50_000,
    fourfold_position: 10_000,
    fourfold_record: 14_000,
    input: 80_000,
    judge: 30_000,
    line: 6_000,
    pgn: 5_000,
}

/// The longest input a mutation makes.
const MAX_LEN: usize = 4096;

fn fuzz_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz")
}

/// A target's seeds, by file name.
fn seeds(target: &str) -> Vec<(String, Vec<u8>)> {
    let dir = fuzz_dir().join("seeds").join(target);
    let entries = std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    let mut seeds: Vec<_> = entries
        .map(|entry| {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read(&path).unwrap())
        })
        .collect();
    seeds.sort();
    seeds
}

/// Runs `check` on the target's seeds, then on `mutations` mutations of
/// them; panics on the first input that fails, naming it.
fn run(target: &str, mutations: usize) {
    let check = checks::TARGETS
        .iter()
        .find(|(name, _)| *name == target)
        .unwrap_or_else(|| panic!("{target} is not in fuzz/checks/mod.rs's TARGETS"))
        .1;
    let seeds = seeds(target);
    assert!(
        !seeds.is_empty(),
        "fuzz target {target} has no seeds in fuzz/seeds/{target}/"
    );
    for (name, data) in &seeds {
        try_check(target, check, data, &format!("seed {name}"));
    }
    let time = std::time::Instant::now();
    let mut rng = ChaCha8Rng::seed_from_u64(fnv1a(target.as_bytes()));
    for i in 0..mutations {
        let (data, how) = mutate(&mut rng, &seeds);
        try_check(target, check, &data, &format!("mutation {i} ({how})"));
    }
    eprintln!(
        "{target}: {} seeds and {mutations} mutations passed in {:.1?}",
        seeds.len(),
        time.elapsed()
    );
}

/// Runs one check; a panic is turned into one naming the target and the
/// input, and the input is written to a file.
fn try_check(target: &str, check: checks::Check, data: &[u8], origin: &str) {
    let Err(payload) = catch_unwind(AssertUnwindSafe(|| check(data))) else {
        return;
    };
    let message = payload
        .downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| payload.downcast_ref::<&str>().copied())
        .unwrap_or("(a panic without a message)");
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("fuzz_checks");
    let file = dir.join(format!("{target}-failure"));
    let saved = std::fs::create_dir_all(&dir)
        .and_then(|()| std::fs::write(&file, data))
        .map_or_else(
            |e| format!("not saved: {e}"),
            |()| format!("saved whole in {}", file.display()),
        );
    let shown = &data[..data.len().min(200)];
    let more = if shown.len() < data.len() { "..." } else { "" };
    panic!(
        "fuzz target {target} failed on {origin}: {message}\n\
         input ({} bytes, {saved}; keep it as a seed in fuzz/seeds/{target}/):\n\
         b\"{}\"{more}",
        data.len(),
        shown.escape_ascii(),
    );
}

/// A number below `n` (which is not 0).
fn below(rng: &mut ChaCha8Rng, n: usize) -> usize {
    (rng.next_u64() % n as u64) as usize
}

/// Bytes the readers give meaning to, more likely to reach past the first
/// check than random ones.
const INTERESTING: &[u8] = b"\0\t\n\r \"#,-./0123456789:=KNQRBPkqrbpnx+[]{}\\\x7f\x80\xc3\xef\xff";

fn some_byte(rng: &mut ChaCha8Rng) -> u8 {
    if rng.next_u32().is_multiple_of(2) {
        INTERESTING[below(rng, INTERESTING.len())]
    } else {
        rng.next_u32() as u8
    }
}

/// A mutation of one seed: one to four edits, and their names.
fn mutate(rng: &mut ChaCha8Rng, seeds: &[(String, Vec<u8>)]) -> (Vec<u8>, String) {
    let (name, seed) = &seeds[below(rng, seeds.len())];
    let mut data = seed.clone();
    let mut how = vec![name.clone()];
    // One edit half the time, two a quarter, three or four an eighth each.
    let edits = 1 + (rng.next_u32() | 8).trailing_zeros();
    for _ in 0..edits {
        let len = data.len();
        let at = below(rng, len + 1);
        match below(rng, 7) {
            0 if len > 0 => {
                let at = below(rng, len);
                data[at] ^= 1 << below(rng, 8);
                how.push("flip".into());
            }
            1 if len > 0 => {
                let at = below(rng, len);
                data[at] = some_byte(rng);
                how.push("byte".into());
            }
            3 if len > 0 => {
                let end = (at + 1 + below(rng, 16)).min(len);
                data.drain(at.min(len - 1)..end);
                how.push("delete".into());
            }
            4 => {
                let (other, bytes) = &seeds[below(rng, seeds.len())];
                let from = below(rng, bytes.len() + 1);
                data.truncate(at);
                data.extend_from_slice(&bytes[from..]);
                how.push(format!("splice {other}"));
            }
            5 if len > 0 => {
                data.truncate(below(rng, len));
                how.push("truncate".into());
            }
            6 if len > 0 => {
                let at = below(rng, len);
                let end = (at + 1 + below(rng, 16)).min(len);
                let chunk = data[at..end].to_vec();
                let most = if rng.next_u32().is_multiple_of(8) {
                    256
                } else {
                    8
                };
                let times = 1 + below(rng, most);
                let repeated: Vec<u8> = chunk
                    .iter()
                    .copied()
                    .cycle()
                    .take(chunk.len() * times)
                    .collect();
                data.splice(end..end, repeated);
                how.push(format!("repeat x{times}"));
            }
            // 2, and an edit of an empty input that needs a byte to edit.
            _ => {
                let bytes: Vec<u8> = (0..1 + below(rng, 8)).map(|_| some_byte(rng)).collect();
                data.splice(at..at, bytes);
                how.push("insert".into());
            }
        }
        data.truncate(MAX_LEN);
    }
    (data, how.join(", "))
}

/// The FNV-1a hash: a target's generator's seed, from its name.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// Every target of `fuzz/fuzz_targets/` has its check in `TARGETS`, a test
/// above and a folder of seeds; nothing else has.
#[test]
fn every_fuzz_target_has_its_check_test_and_seeds() {
    let names = |dir: &str, strip: &str| {
        let mut names: Vec<String> = std::fs::read_dir(fuzz_dir().join(dir))
            .unwrap()
            .map(|entry| {
                let name = entry.unwrap().file_name().to_string_lossy().into_owned();
                name.strip_suffix(strip).unwrap_or(&name).to_owned()
            })
            .collect();
        names.sort();
        names
    };
    let targets = names("fuzz_targets", ".rs");
    let mut checks: Vec<&str> = checks::TARGETS.iter().map(|(name, _)| *name).collect();
    checks.sort();
    let mut tested = TESTED.to_vec();
    tested.sort();
    assert_eq!(checks, targets, "fuzz/checks/mod.rs's TARGETS");
    assert_eq!(tested, targets, "the tests of tests/server/fuzz_checks.rs");
    assert_eq!(names("seeds", ""), targets, "the folders of fuzz/seeds/");
}
