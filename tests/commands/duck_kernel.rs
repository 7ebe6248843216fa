//! Duck Chess twice: the judge's fast engine (`duckchess::judge`) and the
//! kernel variant value (`duckchess::variants::duck`) play the same
//! generated games, and every verdict, position and move list must agree.

use duckchess::contest::gen::{generate, Profile};
use duckchess::judge::{self, Command};
use duckchess::kernel::{perft, Piece, Position};
use duckchess::variants::duck as kernel_duck;
use std::collections::BTreeSet;

const PROFILES: [Profile; 4] = [
    Profile::Realistic,
    Profile::Quiet,
    Profile::Invalid,
    Profile::Endgame,
];
const SEEDS: u64 = 200;
const COMMANDS: usize = 150;

/// What the two engines were compared on, and where they differed.
#[derive(Default)]
struct Tally {
    games: u64,
    commands: u64,
    valid: u64,
    finished: u64,
    positions: u64,
    differences: Vec<String>,
}

impl Tally {
    fn differ(&mut self, at: &str, what: String) {
        self.differences.push(format!("{at}: {what}"));
    }
}

fn kernel_piece(piece: judge::Piece) -> Piece {
    Piece {
        color: kernel_duck::color(piece.color),
        kind: kernel_duck::kind(piece.role),
    }
}

/// The fast engine's moves as (from, to) kernel squares.
fn fast_moves(game: &judge::Position) -> BTreeSet<(usize, usize)> {
    game.moves()
        .into_iter()
        .map(|m| (m.from.index(), m.to.index()))
        .collect()
}

/// The kernel's moves as (from, to); none once a captain is gone, as the
/// judge accepts no command then.
fn kernel_moves(position: &Position<u128>) -> BTreeSet<(usize, usize)> {
    if kernel_duck::is_over(position) {
        return BTreeSet::new();
    }
    position
        .legal_moves()
        .into_iter()
        .map(|m| (m.from(), m.to()))
        .collect()
}

/// Compares the two engines' positions and move lists.
fn compare_positions(tally: &mut Tally, at: &str, fast: &judge::Position, kernel: &Position<u128>) {
    tally.positions += 1;
    if kernel_duck::from_duck(fast) != *kernel {
        tally.differ(
            at,
            format!("positions {kernel:?} vs fast {}", fast.to_fen()),
        );
    }
    let (f, k) = (fast_moves(fast), kernel_moves(kernel));
    if f != k {
        let only_fast: Vec<_> = f.difference(&k).collect();
        let only_kernel: Vec<_> = k.difference(&f).collect();
        tally.differ(
            at,
            format!("moves only fast {only_fast:?}, only kernel {only_kernel:?}"),
        );
    }
}

/// Plays `commands` through both engines, comparing every verdict.
fn play_both(tally: &mut Tally, name: &str, commands: &[Command]) {
    tally.games += 1;
    let mut fast = judge::Position::initial();
    let mut kernel = kernel_duck::start();
    compare_positions(tally, &format!("{name} start"), &fast, &kernel);
    for (i, &command) in commands.iter().enumerate() {
        tally.commands += 1;
        let at = format!("{name} command {} ({command})", i + 1);
        let verdict = fast.play(command);
        let found = kernel_duck::find_move(&kernel, command);
        match (verdict, found) {
            (Ok(record), Some(m)) => {
                tally.valid += 1;
                let played = kernel.play(m).expect("find_move gives legal moves");
                let kernel_record = (
                    played.piece,
                    played.captured,
                    kernel_duck::judge_check(&kernel),
                    kernel_duck::is_over(&kernel),
                );
                let fast_record = (
                    kernel_piece(record.piece),
                    record.removed.map(kernel_piece),
                    record.check,
                    record.over,
                );
                if kernel_record != fast_record {
                    tally.differ(
                        &at,
                        format!("kernel {kernel_record:?}, fast {fast_record:?} ({record})"),
                    );
                }
                tally.finished += u64::from(record.over);
            }
            (Err(_), None) => {}
            (Ok(record), None) => tally.differ(&at, format!("fast plays {record}, kernel refuses")),
            (Err(why), Some(m)) => tally.differ(&at, format!("fast refuses ({why}), kernel {m:?}")),
        }
        compare_positions(tally, &at, &fast, &kernel);
        if tally.differences.len() > 20 {
            return;
        }
    }
}

/// Every profile's generated games agree, command by command; the totals
/// show that the comparison covered real games (valid moves, captures of a
/// captain, invalid commands).
#[test]
fn generated_games_agree_on_every_verdict() {
    let mut tally = Tally::default();
    for profile in PROFILES {
        for seed in 0..SEEDS {
            let commands = generate(seed, COMMANDS, profile);
            play_both(&mut tally, &format!("{profile} seed {seed}"), &commands);
            // A broken engine differs everywhere: the first few say why.
            if tally.differences.len() > 20 {
                break;
            }
        }
    }
    println!(
        "games {}, commands {} ({} valid, {} games finished), positions compared {}, differences {}",
        tally.games,
        tally.commands,
        tally.valid,
        tally.finished,
        tally.positions,
        tally.differences.len()
    );
    assert!(
        tally.differences.is_empty(),
        "the engines differ:\n{}",
        tally.differences.join("\n")
    );
    assert_eq!(tally.games, SEEDS * PROFILES.len() as u64);
    assert_eq!(tally.commands, tally.games * COMMANDS as u64);
    // Both kinds of verdict and finished games occur, or the comparison
    // would prove little.
    assert!(tally.valid > tally.commands / 4);
    assert!(tally.valid < tally.commands);
    assert!(tally.finished > tally.games / 4);
}

/// Commands off the board are invalid in both engines; the squares map back
/// to the same commands.
#[test]
fn off_board_commands_are_invalid_in_both() {
    let kernel = kernel_duck::start();
    for command in [
        Command::new(-1, 0, 0, 0),
        Command::new(0, 0, 0, 9),
        Command::new(0, 4, 10, 4),
        Command::new(3, 0, 4, -1),
        Command::new(i64::MAX, 0, 0, 0),
    ] {
        assert!(judge::Position::initial().play(command).is_err());
        assert_eq!(kernel_duck::find_move(&kernel, command), None, "{command}");
    }
    for m in kernel.legal_moves() {
        let command = kernel_duck::command(m.from(), m.to());
        assert_eq!(kernel_duck::squares(command), Some((m.from(), m.to())));
        assert_eq!(kernel_duck::find_move(&kernel, command), Some(m));
    }
}

/// The kernel counts the judge's perft figures from the start.
#[test]
fn kernel_perft_from_the_start() {
    let start = kernel_duck::start();
    let counts: Vec<u64> = (1..=3).map(|d| perft(&start, d)).collect();
    assert_eq!(counts, [43, 1_849, 80_066]);
    let mut fast = judge::Position::initial();
    assert_eq!(judge::perft::perft(&mut fast, 3), 80_066);
}

/// Once a captain is taken the kernel lists no move, as the judge accepts
/// no command: the red car on (4,4) takes the blue captain on (9,4), and
/// the blue soldier on (8,0) may not move on.
#[test]
fn no_move_follows_a_taken_captain() {
    let fast: judge::Position = "4k4/s8/9/9/9/4R4/9/9/9/4K4 w".parse().unwrap();
    let mut kernel = kernel_duck::from_duck(&fast);
    let take = kernel_duck::find_move(&kernel, Command::new(4, 4, 9, 4)).expect("legal");
    kernel.play(take).unwrap();
    assert!(kernel_duck::is_over(&kernel));
    assert!(kernel.legal_moves().is_empty());
    assert_eq!(perft(&kernel, 1), 0);
}

/// Perft through the registry (`Notation::divide`) takes the judge engine's
/// fast path for Duck Chess; it counts as the kernel does, a path that
/// takes a captain ending there as one: on positions of generated games
/// (captures preferred, so paths end early), move by move.
#[test]
fn perft_through_the_registry_is_the_kernels() {
    use duckchess::variants;
    let duck_chess = variants::by_name("duck").unwrap();
    let (mut positions, mut endings) = (0, 0);
    // Hand-made: a captain in reach at once, and one in reach after a reply.
    let made = [
        "4k4/9/9/9/9/9/9/9/4R4/4K4 w",
        "3k5/9/9/9/9/9/9/9/4R4/4K4 w",
        "4k4/9/9/9/9/4d4/9/9/4R4/3K5 b",
    ];
    let mut samples: Vec<judge::Position> = made.iter().map(|f| f.parse().unwrap()).collect();
    for seed in 0..12 {
        let input = generate(seed, 120, Profile::Endgame);
        let mut fast = judge::Position::initial();
        for (i, &command) in input.iter().enumerate() {
            if fast.play(command).is_ok() && i % 10 == 0 && !fast.is_over() {
                samples.push(fast.clone());
            }
        }
    }
    {
        for fast in samples {
            let kernel = kernel_duck::from_duck(&fast);
            let mut quick = duck_chess.divide(&kernel, 3, 1);
            let mut general = variants::perft::divide(&kernel, 3, 1);
            quick.sort_by_key(|(m, _)| (m.from(), m.to()));
            general.sort_by_key(|(m, _)| (m.from(), m.to()));
            assert_eq!(quick, general, "{}", fast.to_fen());
            positions += 1;
            // Paths that end early: a captain can be taken within 3 plies.
            let full: u64 = kernel
                .legal_moves()
                .iter()
                .map(|&m| {
                    let mut next = kernel;
                    next.play(m).unwrap();
                    next.legal_moves().len() as u64
                })
                .sum();
            endings += u64::from(perft(&kernel, 2) != full);
        }
    }
    assert!(positions >= 60, "{positions} positions");
    assert!(
        endings > 0,
        "no position had a path ending in a taken captain"
    );
    eprintln!("perft d3 by both counts on {positions} positions, {endings} with a captain taken within 2 plies");
}

/// The deeper published counts, through the kernel: 3,466,638 at depth 4
/// (the fast engine's count, paths ending at a taken captain).
#[test]
fn kernel_perft_depth_four() {
    let start = kernel_duck::start();
    let total: u64 = duckchess::variants::perft::divide(&start, 4, 2)
        .iter()
        .map(|p| p.1)
        .sum();
    assert_eq!(total, 3_466_638);
}

use crate::naive_duck;

/// A small generator of its own (xorshift), so that the games the naive
/// referee judges come from no code of the crate.
struct Xorshift(u64);

impl Xorshift {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// The naive referee written from the rules page (tests/naive_duck) against
/// both engines: every sample of `samples/` (its lines against the sample's
/// hand-written answer) continued by a random game, then random games from
/// the start — mostly valid moves, captures preferred half the time so that
/// games end, a random command one time in eight, and commands after the
/// end — with every position's list of valid commands compared with both
/// engines', and every judge line with judge mode's.
#[test]
fn a_naive_referee_from_the_rules_agrees_on_ten_thousand_positions() {
    use naive_duck::Referee;
    // The naive referee itself against the official sample's answer.
    // Each sample's commands and answer lines, in the order of their names.
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("samples");
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .collect();
    names.sort();
    // (name, commands, answer lines)
    type Sample = (String, Vec<(i64, i64, i64, i64)>, Vec<String>);
    let samples: Vec<Sample> = names
        .iter()
        .map(|path| {
            let numbers: Vec<i64> = std::fs::read_to_string(path)
                .unwrap()
                .split_whitespace()
                .map(|w| w.parse().unwrap())
                .collect();
            let commands = numbers[1..]
                .chunks(4)
                .map(|c| (c[0], c[1], c[2], c[3]))
                .collect();
            let answer = std::fs::read_to_string(path.with_extension("ans")).unwrap();
            let name = path.file_stem().unwrap().to_string_lossy().into_owned();
            (name, commands, answer.lines().map(String::from).collect())
        })
        .collect();
    assert!(samples.len() >= 20, "{} samples", samples.len());

    let mut rng = Xorshift(0x2545_f491_4f6c_dd1d);
    let (mut positions, mut valid, mut ended, mut captures, mut games) = (0, 0, 0, 0, 0);
    let mut from_samples = 0;
    let mut differences = Vec::new();
    while positions < 10_000 || games < 40 + samples.len() {
        games += 1;
        // The sample this game begins with, if any; its answer's lines.
        let (name, prefix, answer) = match samples.get(games - 1) {
            Some((name, commands, answer)) => (name.as_str(), &commands[..], &answer[..]),
            None => ("random", &[][..], &[][..]),
        };
        let mut referee = Referee::new();
        let mut fast = judge::Position::initial();
        let mut kernel = kernel_duck::start();
        let mut input = Vec::new();
        let mut expected = Vec::new();
        let mut after_end = 0;
        for ply in 0..prefix.len() + 300 {
            let at = format!("game {games} ({name}) command {}", ply + 1);
            // The lists of valid commands, as start and target indices.
            let naive: BTreeSet<(usize, usize)> = referee
                .moves()
                .into_iter()
                .map(|(xs, ys, xt, yt)| {
                    let p = |x, y| judge::Point::new(x, y).unwrap().index();
                    (p(xs, ys), p(xt, yt))
                })
                .collect();
            positions += 1;
            if naive != fast_moves(&fast) {
                differences.push(format!("{at}: moves differ from the fast engine's"));
            }
            if naive != kernel_moves(&kernel) {
                differences.push(format!("{at}: moves differ from the kernel's"));
            }
            let moves = referee.moves();
            let command = if let Some(&command) = prefix.get(ply) {
                from_samples += 1;
                command
            } else if moves.is_empty() || rng.below(8) == 0 {
                (
                    rng.below(10) as i64,
                    rng.below(9) as i64,
                    rng.below(10) as i64,
                    rng.below(9) as i64,
                )
            } else {
                let takes: Vec<_> = moves
                    .iter()
                    .filter(|&&(_, _, xt, yt)| referee.board[xt as usize][yt as usize].is_some())
                    .collect();
                if !takes.is_empty() && rng.below(2) == 0 {
                    captures += 1;
                    *takes[rng.below(takes.len())]
                } else {
                    moves[rng.below(moves.len())]
                }
            };
            let (xs, ys, xt, yt) = command;
            let line = referee.play(xs, ys, xt, yt);
            if let Some(want) = answer.get(ply) {
                assert_eq!(
                    &line, want,
                    "{at}: the naive referee against the sample's answer"
                );
            }
            valid += u64::from(line != "Invalid command");
            let command = Command::new(xs, ys, xt, yt);
            let _ = fast.play(command);
            if let Some(m) = kernel_duck::find_move(&kernel, command) {
                kernel.play(m).expect("find_move gives legal moves");
            }
            input.push(format!("{xs} {ys} {xt} {yt}"));
            expected.push(line);
            if referee.over {
                after_end += 1;
                if after_end == 1 {
                    ended += 1;
                }
                if after_end > 3 && ply >= prefix.len() {
                    break;
                }
            }
        }
        let text = format!("{}\n{}\n", input.len(), input.join("\n"));
        let mut out = Vec::new();
        judge::run(text.as_bytes(), &mut out, judge::Position::initial()).unwrap();
        let out = String::from_utf8(out).unwrap();
        for (i, (got, want)) in out.lines().zip(&expected).enumerate() {
            if got != want {
                differences.push(format!(
                    "game {games} command {} ({}): judge mode {got:?}, naive {want:?}",
                    i + 1,
                    input[i]
                ));
            }
        }
        assert_eq!(out.lines().count(), expected.len());
        if differences.len() > 20 {
            break;
        }
    }
    assert!(differences.is_empty(), "{}", differences.join("\n"));
    eprintln!(
        "naive referee: {games} games ({} from the samples, {from_samples} of their commands), {positions} positions compared, {valid} valid moves ({captures} chosen captures), {ended} games ended",
        samples.len()
    );
    assert!(
        positions >= 10_000 && ended >= 20,
        "{games} games, {ended} ended"
    );
}

/// Perft from the start by the naive referee: an independent source for
/// the counts of depths 1 to 3 (depth 4 takes minutes in debug: the release
/// run counts it, below).
#[test]
fn the_naive_referee_counts_the_same_perft() {
    let start = naive_duck::Referee::new();
    let counts: Vec<u64> = (1..=3).map(|d| start.perft(d)).collect();
    assert_eq!(counts, [43, 1_849, 80_066]);
}

/// Depth 4 by the naive referee, 3,466,638: the count no outside source
/// gives, counted again without the crate's code (release only: minutes in
/// debug; `scripts/kernel_perft_release.sh`, in CI, runs it). Two threads,
/// each taking every other first move.
#[cfg(not(debug_assertions))]
#[test]
fn the_naive_referee_counts_perft_four() {
    let start = naive_duck::Referee::new();
    let first = start.moves();
    let total: u64 = std::thread::scope(|s| {
        let halves: Vec<_> = (0..2)
            .map(|t| {
                let (start, first) = (&start, &first);
                s.spawn(move || {
                    first
                        .iter()
                        .skip(t)
                        .step_by(2)
                        .map(|&(xs, ys, xt, yt)| {
                            let mut next = start.clone();
                            next.play(xs, ys, xt, yt);
                            next.perft(3)
                        })
                        .sum::<u64>()
                })
            })
            .collect();
        halves.into_iter().map(|h| h.join().unwrap()).sum()
    });
    assert_eq!(total, 3_466_638);
}
