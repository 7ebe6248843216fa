//! `duckchess match --variant V`: the computer against a baseline player.

use super::{say, GameArgs};
use duckchess::engine::arena::{self, Baseline, GameResult, MatchConfig};
use duckchess::engine::search::Limits;
use std::process::ExitCode;
use std::time::Duration;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    game: GameArgs,
    /// How many games; the computer moves first in odd-numbered ones.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..))]
    games: u32,
    /// The computer's time per move, in milliseconds.
    #[arg(long, value_name = "T", default_value_t = 1000)]
    think_ms: u64,
    /// Seeds the baseline's random choices (game i uses SEED + i - 1).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The opponent: `random` moves, or `greedy` (the most valuable capture,
    /// else a random move).
    #[arg(long, value_enum, default_value_t = Baseline::Greedy)]
    baseline: Baseline,
    /// A game still running after this many plies is a draw ("move cap").
    #[arg(long, value_name = "PLIES", default_value_t = arena::DEFAULT_MOVE_CAP)]
    move_cap: u32,
}

pub fn run(args: Args) -> Result<ExitCode, ExitCode> {
    let config = MatchConfig {
        games: args.games,
        limits: Limits::think(Duration::from_millis(args.think_ms)),
        seed: args.seed,
        baseline: args.baseline,
        move_cap: args.move_cap,
    };
    let (notation, start) = args.game.game()?;
    let tally = arena::play_match(start.position(), &config, |game| {
        let result = match game.result {
            GameResult::Win => "computer wins",
            GameResult::Draw => "draw",
            GameResult::Loss => "computer loses",
        };
        say!(
            "game {}: computer {} vs {}: {result} by {} after {} plies",
            game.number,
            notation.side_name(game.computer),
            args.baseline,
            game.reason,
            game.plies,
        );
    });
    let reasons: Vec<String> = tally
        .reasons
        .iter()
        .map(|((result, reason), n)| format!("{result} by {reason} {n}"))
        .collect();
    say!(
        "computer vs {} in {}: {} wins, {} draws, {} losses of {} ({:.1} % won); {}",
        args.baseline,
        notation.name(),
        tally.wins,
        tally.draws,
        tally.losses,
        tally.games(),
        100.0 * f64::from(tally.wins) / f64::from(tally.games()),
        reasons.join(", "),
    );
    Ok(ExitCode::SUCCESS)
}
