//! `duckchess match`: the computer against an opponent, in any game.

use super::{say, usage, GameArgs};
use duckchess::engine::arena::{self, GameResult, MatchConfig, Openings, Opponent, Sprt};
use duckchess::engine::search::Limits;
use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    game: GameArgs,
    /// How many games (with --sprt, the most); each opening is played
    /// twice, the computer moving first in the odd-numbered games.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..))]
    games: u32,
    /// The computer's time per move, in milliseconds.
    #[arg(long, value_name = "T", default_value_t = 1000)]
    think_ms: u64,
    /// Search to this depth instead of thinking for --think-ms.
    #[arg(long, value_name = "D", value_parser = super::depth, conflicts_with = "nodes")]
    depth: Option<u32>,
    /// Search this many positions a move instead (a match that does not
    /// depend on the machine's speed or load).
    #[arg(long, value_name = "N")]
    nodes: Option<u64>,
    /// The opponent: `greedy` (the most valuable capture, else a random
    /// move), `random`, `self:think-ms=T`, `self:depth=D` or
    /// `self:nodes=N` (the computer with other limits), or `uci:COMMAND` (any engine speaking UCI, such
    /// as `uci:stockfish`; `UCI_Variant` is set to the game when it offers
    /// it, and an engine with a `VariantPath` option, such as
    /// Fairy-Stockfish, is given the game's definition first where it has
    /// one: Duck Chess's, `duckchess fsf-config`).
    #[arg(long, value_name = "OPPONENT", default_value = "greedy")]
    opponent: String,
    /// Both sides on a clock instead of a time a move: each side's
    /// minutes and the seconds each move adds, as `1+0.1` (the grammar of
    /// `play --clock` and the server's). Each side's time is charged with
    /// its moves' wall time; the computer plans its time as `duckchess
    /// uci` does for `go wtime … winc …`, and a UCI opponent is told `go
    /// wtime … btime … winc … binc …`. A side whose time runs out loses
    /// ("time"), or draws when the other cannot mate.
    #[arg(long, value_name = "MIN+SEC", conflicts_with_all = ["depth", "nodes", "opponent_go", "opponent_think_ms", "sprt"])]
    clock: Option<duckchess::protocol::TimeControl>,
    /// A UCI opponent's option, as NAME=VALUE (repeatable): e.g.
    /// `UCI_LimitStrength=true`, `UCI_Elo=2400`.
    #[arg(long = "option", value_name = "NAME=VALUE")]
    options: Vec<String>,
    /// A UCI opponent's time per move in milliseconds [default: --think-ms].
    #[arg(long, value_name = "T")]
    opponent_think_ms: Option<u64>,
    /// A UCI opponent's search instead of a time: the words after `go`,
    /// such as `nodes 200000` or `depth 8` [default: the computer's
    /// `nodes N` with --nodes, `depth D` with --depth, unless
    /// --opponent-think-ms is given].
    #[arg(long, value_name = "WORDS", visible_alias = "go")]
    opponent_go: Option<String>,
    /// Stop once the sequential probability ratio test of H0 "the
    /// computer is ELO0 stronger" against H1 "ELO1 stronger" (logistic
    /// Elo, game pairs counted as a pentanomial, as fishtest does) accepts
    /// either, or at --games; e.g. `0,20`.
    #[arg(long, value_name = "ELO0,ELO1")]
    sprt: Option<String>,
    /// The test's false positive rate, accepting H1 when H0 holds
    /// [default: 0.05].
    #[arg(long, value_name = "A")]
    alpha: Option<String>,
    /// The test's false negative rate, accepting H0 when H1 holds
    /// [default: 0.05].
    #[arg(long, value_name = "B")]
    beta: Option<String>,
    /// The old name of `--opponent random|greedy`.
    #[arg(long, value_enum, hide = true)]
    baseline: Option<arena::Baseline>,
    /// Where games start: `builtin` (the game's balanced openings; a few
    /// random plies where it has none), `random:N` (N random plies), or
    /// `start`.
    #[arg(long, value_name = "WHICH", default_value = "builtin")]
    openings: String,
    /// Seeds random openings and the baselines' choices.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// A game still running after this many plies is a draw ("move cap").
    #[arg(long, value_name = "PLIES", default_value_t = arena::DEFAULT_MOVE_CAP)]
    move_cap: u32,
    /// Games played at once.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..))]
    jobs: u16,
    /// Save each game in this folder (made if missing) as the game's record
    /// (`game-001.pgn` for chess; the game's own record format otherwise),
    /// to replay it with `play`, `moves` or `pgn`.
    #[arg(long, value_name = "DIR")]
    records: Option<PathBuf>,
}

pub fn run(args: Args) -> Result<ExitCode, ExitCode> {
    let (notation, start) = args.game.game()?;
    let think = Duration::from_millis(args.think_ms);
    let opponent_text = match args.baseline {
        Some(baseline) => baseline.name().to_string(),
        None => args.opponent.clone(),
    };
    let opponent_think = Duration::from_millis(args.opponent_think_ms.unwrap_or(args.think_ms));
    let mut opponent =
        Opponent::parse(&opponent_text, opponent_think).map_err(|e| usage(e.to_string()))?;
    if let Some(words) = &args.opponent_go {
        let Opponent::Uci { go, .. } = &mut opponent else {
            return Err(usage("--opponent-go is for a uci: opponent".into()));
        };
        *go = Some(words.clone());
    }
    // Without words or a time of its own, a UCI opponent searches as the
    // computer does: the same nodes or depth a move.
    if let (Opponent::Uci { go: go @ None, .. }, None) = (&mut opponent, args.opponent_think_ms) {
        *go = match (args.depth, args.nodes) {
            (Some(depth), _) => Some(format!("depth {depth}")),
            (_, Some(nodes)) => Some(format!("nodes {nodes}")),
            _ => None,
        };
    }
    if !args.options.is_empty() {
        let Opponent::Uci { options, .. } = &mut opponent else {
            return Err(usage("--option is for a uci: opponent".into()));
        };
        for option in &args.options {
            let (name, value) = option
                .split_once('=')
                .ok_or_else(|| usage(format!("--option {option:?}: expected NAME=VALUE")))?;
            options.push((name.trim().into(), value.trim().into()));
        }
    }
    let openings = match args.openings.as_str() {
        "builtin" => Openings::Builtin,
        "start" => Openings::None,
        other => match other.strip_prefix("random:").and_then(|n| n.parse().ok()) {
            Some(n) => Openings::Random(n),
            None => {
                return Err(usage(format!(
                    "--openings {other:?}: expected builtin, random:N or start"
                )))
            }
        },
    };
    let sprt = match &args.sprt {
        None if args.alpha.is_some() || args.beta.is_some() => {
            return Err(usage("--alpha and --beta are for --sprt".into()))
        }
        None => None,
        Some(text) => Some(
            read_sprt(
                text,
                args.alpha.as_deref().unwrap_or("0.05"),
                args.beta.as_deref().unwrap_or("0.05"),
            )
            .map_err(usage)?,
        ),
    };
    if sprt.is_some() && args.games % 2 == 1 {
        return Err(usage(format!(
            "--sprt counts game pairs: --games {} must be even",
            args.games
        )));
    }
    let config = MatchConfig {
        games: args.games,
        limits: match (args.depth, args.nodes) {
            (Some(depth), _) => Limits::depth(depth),
            (_, Some(nodes)) => Limits::nodes(nodes),
            _ => Limits::think(think),
        },
        opponent: opponent.clone(),
        openings,
        seed: args.seed,
        move_cap: args.move_cap,
        jobs: args.jobs.into(),
        sprt,
        clock: args.clock.map(|tc| arena::MatchClock {
            initial: Duration::from_millis(tc.initial_ms.max(0) as u64),
            increment: Duration::from_millis(tc.increment_ms.max(0) as u64),
        }),
    };
    let record_path = |dir: &std::path::Path, number: u32| {
        dir.join(format!("game-{number:03}.{}", notation.record_extension()))
    };
    if let Some(dir) = &args.records {
        std::fs::create_dir_all(dir)
            .map_err(|e| super::fail(2, &format!("--records {}: {e}", dir.display())))?;
        // Earlier games in the folder are the user's: never overwritten.
        if let Some(path) = (1..=args.games)
            .map(|n| record_path(dir, n))
            .find(|p| p.exists())
        {
            return Err(super::fail(
                2,
                &format!(
                    "--records: {} already exists; choose an empty folder",
                    path.display()
                ),
            ));
        }
    }
    // A record that cannot be written does not stop the match; the first
    // failure is reported after the tally.
    let mut unsaved: Option<String> = None;
    // The tally so far: an opponent that crashes mid-match (Fairy-Stockfish
    // did, after 25 games) leaves the games played counted, not lost.
    let mut so_far: Option<arena::Tally> = None;
    let played = arena::play_match(notation, start.position(), &config, |game, tally| {
        so_far = Some(tally.clone());
        if let Some(dir) = &args.records {
            let path = record_path(dir, game.number);
            let record = notation.write_record(start.position(), &game.moves);
            if let Err(e) = std::fs::write(&path, record) {
                unsaved.get_or_insert(format!("cannot save {}: {e}", path.display()));
            }
        }
        let result = match game.result {
            GameResult::Win => "computer wins",
            GameResult::Draw => "draw",
            GameResult::Loss => "computer loses",
        };
        say!(
            "game {}: computer {} vs {} ({}): {result} by {} after {} plies",
            game.number,
            notation.side_name(game.computer),
            opponent,
            game.opening,
            game.reason,
            game.plies,
        );
        if let (Some(test), 0) = (&sprt, game.number % 2) {
            let (lower, upper) = test.bounds();
            // Progress, on standard error: the tally stays on standard output.
            let _ = writeln!(
                std::io::stderr(),
                "pair {}: pentanomial {}, LLR {:+.2} ({lower:+.2}, {upper:+.2})",
                game.number / 2,
                tally.pairs,
                test.llr(&tally.pairs),
            );
        }
    });
    let tally = match played {
        Ok(tally) => tally,
        Err(e) => {
            if let Some(tally) = &so_far {
                say!("{}", summary(&opponent, notation.name(), tally));
            }
            let after = so_far.map_or(0, |t| t.games());
            return Err(super::fail(
                1,
                &format!("match: {e} (stopped after {after} games, tallied above)"),
            ));
        }
    };
    say!("{}", summary(&opponent, notation.name(), &tally));
    if let Some(test) = &sprt {
        let (elo, margin) = tally.pairs.elo();
        let (lower, upper) = test.bounds();
        say!(
            "pairs: {} (LL-LD-DD-WD-WW {}); Elo {elo:+.1} ± {margin:.1} (95 %)",
            tally.pairs.pairs(),
            tally.pairs,
        );
        let verdict = match test.verdict(&tally.pairs) {
            Some(verdict) => verdict.to_string(),
            None => format!("no verdict after {} games", tally.games()),
        };
        say!(
            "SPRT [{}, {}] (logistic Elo, alpha {}, beta {}): LLR {:+.2} ({lower:+.2}, {upper:+.2}): {verdict}",
            test.elo0,
            test.elo1,
            test.alpha,
            test.beta,
            test.llr(&tally.pairs),
        );
    }
    match unsaved {
        Some(e) => Err(super::fail(1, &format!("match: {e}"))),
        None => Ok(ExitCode::SUCCESS),
    }
}

/// The match's line: wins, draws, losses, score, Elo and how games ended.
fn summary(opponent: &impl std::fmt::Display, game: &str, tally: &arena::Tally) -> String {
    let reasons: Vec<String> = tally
        .reasons
        .iter()
        .map(|((result, reason), n)| format!("{result} by {reason} {n}"))
        .collect();
    let (elo, margin) = tally.elo();
    format!(
        "computer vs {opponent} in {game}: {} wins, {} draws, {} losses of {} ({:.1} %); Elo {elo:+.0} ± {margin:.0}; {}",
        tally.wins,
        tally.draws,
        tally.losses,
        tally.games(),
        100.0 * tally.score(),
        reasons.join(", "),
    )
}

/// The test `--sprt ELO0,ELO1 --alpha A --beta B` asks for, or why not.
fn read_sprt(bounds: &str, alpha: &str, beta: &str) -> Result<Sprt, String> {
    let (elo0, elo1) = Sprt::read_bounds(bounds).map_err(|e| format!("--sprt {e}"))?;
    let rate = |name: &str, text: &str| {
        text.trim()
            .parse::<f64>()
            .map_err(|_| format!("--{name} {text:?}: expected a number above 0 and below 1"))
    };
    Sprt::new(elo0, elo1, rate("alpha", alpha)?, rate("beta", beta)?)
        .map_err(|e| format!("--sprt: {e}"))
}
