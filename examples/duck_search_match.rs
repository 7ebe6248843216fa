//! The family's engine against Duck Chess's own search, before that one is
//! retired: `cargo run --release --example duck_search_match -- GAMES
//! THINK_MS [THREADS]`.
//!
//! Each opening (four random plies from a seed) is played twice, the
//! engine red in one game and blue in the other; both sides think for the
//! same time a move (Duck Chess's search deepens one ply at a time while
//! the next ply is likely to finish, as the web page ran it). A game ends
//! when a captain is taken, or is drawn at 300 plies.

use duckchess::duck::{search, Command, Position as DuckPosition};
use duckchess::engine::search::{best_in_game, Limits};
use duckchess::kernel::{AnyGame, Color, Outcome};
use duckchess::variants::by_name;
use duckchess::variants::duck::{duck_of, find_move, from_duck};
use rand_chacha::rand_core::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

const CAP: usize = 300;

/// Duck Chess's own search by the clock: deeper while time is left.
fn old_search(position: &DuckPosition, think: Duration) -> Command {
    let started = Instant::now();
    let stop = AtomicBool::new(false);
    let mut choice = search::choose(position, 1).expect("a live game has a move");
    for depth in 2..=12 {
        // The next depth costs several times the last.
        if started.elapsed() * 4 > think {
            break;
        }
        match search::choose_unless(position, depth, &stop) {
            Some(c) => choice = c,
            None => break,
        }
        if choice.win_in().is_some() || choice.loss_in().is_some() {
            break;
        }
    }
    Command::from(choice.best)
}

/// 1 for an engine win, 0.5 a draw, 0 a loss; and the plies.
fn play(opening_seed: u64, engine: Color, think: Duration) -> (f64, usize, &'static str) {
    let duck = by_name("duck").unwrap();
    let mut game: Box<dyn AnyGame> = duck.start().new_game();
    let mut rng = ChaCha8Rng::seed_from_u64(opening_seed);
    for _ in 0..4 {
        let moves = game.position().legal_moves();
        let m = moves[(rng.next_u64() % moves.len() as u64) as usize];
        game.play(m).unwrap();
    }
    let never = AtomicBool::new(false);
    while game.outcome().is_none() && game.moves().len() < CAP {
        let m = if game.position().turn() == engine {
            best_in_game(&*game, Limits::think(think), &never)
                .unwrap()
                .best
        } else {
            let position = duck_of(game.position());
            let command = old_search(&position, think);
            let kernel = from_duck(&position);
            find_move(&kernel, command).expect("the old search plays valid commands")
        };
        game.play(m).unwrap();
    }
    let plies = game.moves().len();
    match game.outcome() {
        Some(Outcome::Decisive { winner, .. }) if winner == engine => (1.0, plies, "win"),
        Some(Outcome::Decisive { .. }) => (0.0, plies, "loss"),
        _ => (0.5, plies, "draw"),
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let games: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(100);
    let think = Duration::from_millis(args.next().and_then(|a| a.parse().ok()).unwrap_or(100));
    let threads: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(2);
    let next = AtomicUsize::new(0);
    let results = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= games {
                    break;
                }
                let engine = if i % 2 == 0 {
                    Color::White
                } else {
                    Color::Black
                };
                let (score, plies, how) = play(1000 + (i / 2) as u64, engine, think);
                let side = if engine == Color::White {
                    "red"
                } else {
                    "blue"
                };
                println!("game {}: engine {side}: {how} after {plies} plies", i + 1);
                results.lock().unwrap().push(score);
            });
        }
    });
    let results = results.into_inner().unwrap();
    let total: f64 = results.iter().sum();
    let wins = results.iter().filter(|&&s| s == 1.0).count();
    let draws = results.iter().filter(|&&s| s == 0.5).count();
    let losses = results.len() - wins - draws;
    println!(
        "engine vs Duck Chess's own search, {} games at {} ms a move: {wins} wins, {draws} draws, {losses} losses: {:.1} %",
        results.len(),
        think.as_millis(),
        100.0 * total / results.len() as f64
    );
}
