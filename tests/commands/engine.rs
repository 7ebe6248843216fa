//! The generic engine: forced mates found at fixed depth (each checked by a
//! brute-force search of its own), the stop flag, draws by repetition, and
//! the `best` and `match` subcommands.

use assert_cmd::Command;
use duckchess::engine::arena::{
    play_match, Baseline, GameResult, MatchConfig, Openings, Opponent, Sprt, Verdict,
};
use duckchess::engine::search::{best, best_of, Limits, Score, SearchError};
use duckchess::kernel::{Draw, Move, Outcome, Position, Win};
use duckchess::variants::chess;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::brute;
use brute::{is_mate, mates_within};

fn fen(text: &str) -> Position<u64> {
    chess::from_fen(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Searches `text` to `depth` plies, checks the score is mate in `n`, that
/// the brute force agrees there is a mate in `n` and none shorter, and that
/// the principal variation ends in checkmate.
fn assert_mate_in(text: &str, n: i32, depth: u32) -> Vec<Move> {
    let p = fen(text);
    assert!(mates_within(&p, n as u32), "{text}: no mate in {n}");
    assert!(!mates_within(&p, n as u32 - 1), "{text}: a shorter mate");
    let found = best_of(&p, &[], Limits::depth(depth), &AtomicBool::new(false)).unwrap();
    assert_eq!(found.score, Score::Mate(n), "{text}: {found:?}");
    assert_eq!(found.pv.len(), 2 * n as usize - 1, "{text}: {found:?}");
    let mut line = p;
    for &m in &found.pv {
        line.play(m).unwrap();
    }
    assert!(
        is_mate(&line),
        "{text}: the line {:?} does not mate",
        found.pv
    );
    found.pv
}

#[test]
fn mate_in_one_back_rank() {
    let pv = assert_mate_in("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 1, 2);
    assert_eq!(chess::uci(pv[0]), "a1a8");
}

#[test]
fn mate_in_one_smothered() {
    let pv = assert_mate_in("6rk/6pp/8/6N1/8/8/8/6K1 w - - 0 1", 1, 2);
    assert_eq!(chess::uci(pv[0]), "g5f7");
}

#[test]
fn mate_in_one_by_promotion() {
    let pv = assert_mate_in("k7/2P5/1K6/8/8/8/8/8 w - - 0 1", 1, 2);
    assert!(pv[0].promotion.is_some(), "{pv:?}");
}

#[test]
fn mate_in_one_for_black() {
    // The Fool's mate, Black to play Qh4#.
    let pv = assert_mate_in(
        "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2",
        1,
        3,
    );
    assert_eq!(chess::uci(pv[0]), "d8h4");
}

#[test]
fn mate_in_two_back_rank() {
    let pv = assert_mate_in("2r3k1/5ppp/8/8/8/8/3R1PPP/3R2K1 w - - 0 1", 2, 3);
    // Rd8+ Rxd8 Rxd8#.
    assert_eq!(chess::uci(pv[0]), "d2d8");
}

#[test]
fn mate_in_two_smothered() {
    // Qg8+ Rxg8 Nf7#: the queen sacrifice that smothers the king.
    let pv = assert_mate_in("5r1k/6pp/7N/8/8/1Q6/8/6K1 w - - 0 1", 2, 3);
    assert_eq!(chess::uci(pv[0]), "b3g8");
    assert_eq!(chess::uci(pv[2]), "h6f7");
}

#[test]
fn mate_in_two_king_and_rook() {
    assert_mate_in("k7/8/2K5/8/8/8/8/7R w - - 0 1", 2, 4);
}

#[test]
fn mate_in_two_by_promotion() {
    // c8=Q+ Ka7 Qb7#.
    let pv = assert_mate_in("k7/2P5/2K5/8/8/8/8/8 w - - 0 1", 2, 4);
    assert!(pv[0].promotion.is_some(), "{pv:?}");
}

#[test]
fn the_dyn_entry_point_finds_the_same_mate() {
    let notation = duckchess::variants::by_name("chess").unwrap();
    let p = notation
        .read_position("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
        .unwrap();
    let found = best(&*p, &[], Limits::depth(2), &AtomicBool::new(false)).unwrap();
    assert_eq!(found.score, Score::Mate(1));
    assert_eq!(notation.coordinate_move(&*p, found.best), "a1a8");
}

#[test]
fn the_side_being_mated_knows_it() {
    // Black's only move is Kb8, and Rh8 mates.
    let p = fen("k7/8/1K6/8/8/8/8/7R b - - 0 1");
    let found = best_of(&p, &[], Limits::depth(4), &AtomicBool::new(false)).unwrap();
    assert_eq!(found.score, Score::Mate(-1), "{found:?}");
    assert_eq!(found.score.to_string(), "mated in 1");
}

#[test]
fn scores_print_as_pawns_or_mates() {
    assert_eq!(Score::Centipawns(125).to_string(), "+1.25");
    assert_eq!(Score::Centipawns(-40).to_string(), "-0.40");
    assert_eq!(Score::Centipawns(0).to_string(), "+0.00");
    assert_eq!(Score::Mate(3).to_string(), "mate in 3");
}

#[test]
fn a_finished_game_has_no_move() {
    let mated = fen("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1");
    let err = best_of(&mated, &[], Limits::depth(2), &AtomicBool::new(false)).unwrap_err();
    assert_eq!(
        err,
        SearchError::GameOver(Outcome::Decisive {
            winner: duckchess::kernel::Color::White,
            how: Win::Checkmate
        })
    );
    let stalemate = fen("7k/8/6QK/8/8/8/8/8 b - - 0 1");
    let err = best_of(&stalemate, &[], Limits::depth(2), &AtomicBool::new(false)).unwrap_err();
    assert_eq!(err, SearchError::GameOver(Outcome::Draw(Draw::Stalemate)));
}

#[test]
fn the_stop_flag_ends_a_search() {
    let start = chess::start();
    let stop = AtomicBool::new(false);
    let limits = Limits::infinite();
    let began = Instant::now();
    let found = std::thread::scope(|s| {
        let search = s.spawn(|| best_of(&start, &[], limits, &stop));
        std::thread::sleep(Duration::from_millis(300));
        stop.store(true, Ordering::Relaxed);
        search.join().unwrap()
    })
    .unwrap();
    // Unlimited, it would run to depth 64: the flag ended it, with a move
    // from a completed iteration.
    assert!(
        began.elapsed() < Duration::from_secs(10),
        "{:?}",
        began.elapsed()
    );
    assert!(found.depth < 20, "{found:?}");
    assert!(start.is_legal(found.best));
}

#[test]
fn the_time_budget_ends_a_search() {
    let began = Instant::now();
    let found = best_of(
        &chess::start(),
        &[],
        Limits::think(Duration::from_millis(200)),
        &AtomicBool::new(false),
    )
    .unwrap();
    assert!(
        began.elapsed() < Duration::from_secs(5),
        "{:?}",
        began.elapsed()
    );
    assert!(found.depth >= 1);
}

/// A search cut inside an iteration keeps a root move that iteration
/// searched whole and found better than the last iteration's best: with a
/// node limit (the cut falls at the same place every run), somewhere
/// between the end of depth d − 1 and the end of depth d the answer is
/// already depth d's move while the depth reported is still d − 1.
#[test]
fn a_cut_iteration_keeps_the_better_move_it_found() {
    let stop = AtomicBool::new(false);
    let mut changes = 0;
    let mut kept = 0;
    // Positions of seeded random play, until enough changes of mind.
    let mut state = 7u64;
    for _ in 0..40 {
        if changes >= 6 {
            break;
        }
        let mut p = chess::start();
        for _ in 0..12 {
            let moves = p.legal_moves();
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            p.play(moves[(state >> 33) as usize % moves.len()]).unwrap();
        }
        if p.legal_moves().len() < 2 {
            continue;
        }
        let at = |limits: Limits| best_of(&p, &[], limits, &stop).unwrap();
        let mut before = at(Limits::depth(1));
        for d in 2..=6 {
            let after = at(Limits::depth(d));
            if after.best != before.best {
                changes += 1;
                let span = after.nodes - before.nodes;
                let cut = (1..20)
                    .map(|k| at(Limits::nodes(before.nodes + span * k / 20)))
                    .filter(|r| r.depth == d - 1)
                    .collect::<Vec<_>>();
                // Every answer is legal and heads its line (a move the
                // iteration preferred for a while may stand there), and
                // the cut ones late in iteration d are already its move.
                for r in &cut {
                    assert!(p.is_legal(r.best), "{r:?}");
                    assert_eq!(r.pv.first(), Some(&r.best));
                }
                if cut.iter().any(|r| r.best == after.best) {
                    kept += 1;
                }
            }
            before = after;
        }
    }
    assert!(changes >= 3, "only {changes} changes of mind to test");
    eprintln!("{kept} of {changes} changes of mind kept by a cut iteration");
    // Before cut iterations were kept, none was (the answer was d − 1's).
    assert!(
        kept >= 2,
        "{kept} of {changes} cut iterations kept the new move"
    );
}

#[test]
fn a_repetition_in_the_history_is_a_draw() {
    // Black is a queen and a rook down; Rg7 would repeat a position of the
    // game, which the losing side takes as a draw.
    let root = fen("6rk/8/8/8/8/8/3R4/K2Q4 b - - 10 40");
    let rg7 = chess::parse_uci(&root, "g8g7").unwrap();
    let mut after = root;
    after.play(rg7).unwrap();
    let stop = AtomicBool::new(false);
    let alone = best_of(&root, &[], Limits::depth(3), &stop).unwrap();
    assert!(
        matches!(alone.score, Score::Centipawns(cp) if cp < -500),
        "{alone:?}"
    );
    // The keys of the game so far (the root's excluded): after Rg7 the
    // position of four plies back recurs.
    let history = [after.key(), 1, 2];
    let found = best_of(&root, &history, Limits::depth(3), &stop).unwrap();
    assert_eq!(found.best, rg7, "{found:?}");
    assert_eq!(found.score, Score::Centipawns(0));
}

#[test]
fn a_repetition_is_no_draw_in_duck_chess() {
    // Duck Chess has no repetition rule (nor has Fairy-Stockfish's
    // definition of it): Black, two cars and two horses down, cannot save
    // itself by repeating a position of the game, as the chess side above
    // can. The keys of the game change nothing in the search.
    use duckchess::kernel::{Color, Piece};
    use duckchess::variants::duck;
    let mut setup = duck::start().to_setup();
    for square in setup.board.iter_mut() {
        if matches!(*square, Some(Piece { color: Color::Black, kind })
            if kind == duck::CAR || kind == duck::HORSE)
        {
            *square = None;
        }
    }
    setup.turn = Color::Black;
    setup.halfmove = 10;
    let root = Position::from_setup(duck::rules(), &setup).unwrap();
    let stop = AtomicBool::new(false);
    let alone = best_of(&root, &[], Limits::depth(3), &stop).unwrap();
    assert!(
        matches!(alone.score, Score::Centipawns(cp) if cp < -500),
        "{alone:?}"
    );
    // Black's moves lead to positions of the game's past.
    let mut history: Vec<u64> = root
        .legal_moves()
        .into_iter()
        .map(|m| {
            let mut after = root;
            after.play(m).unwrap();
            after.key()
        })
        .collect();
    history.extend([1, 2, 3]);
    let found = best_of(&root, &history, Limits::depth(3), &stop).unwrap();
    assert_eq!(
        (found.best, found.score, found.nodes),
        (alone.best, alone.score, alone.nodes),
        "{found:?}"
    );
}

#[test]
fn a_match_against_random_adds_up() {
    let config = MatchConfig {
        games: 2,
        limits: Limits::depth(2),
        opponent: Opponent::Baseline(Baseline::Random),
        openings: Openings::None,
        seed: 3,
        move_cap: 60,
        jobs: 1,
        sprt: None,
        clock: None,
    };
    let mut records = Vec::new();
    let notation = duckchess::variants::by_name("chess").unwrap();
    let tally = play_match(notation, &chess::start(), &config, |r, _| {
        records.push(r.clone())
    })
    .unwrap();
    assert_eq!(records.len(), 2);
    assert_eq!(tally.games(), 2);
    assert_eq!(tally.reasons.values().sum::<u32>(), 2);
    assert_eq!(records[0].computer, duckchess::kernel::Color::White);
    assert_eq!(records[1].computer, duckchess::kernel::Color::Black);
    for r in &records {
        assert!(r.plies <= 60);
        assert_eq!(r.plies as usize, r.moves.len());
        if r.reason == "move cap" {
            assert_eq!((r.result, r.plies), (GameResult::Draw, 60));
        }
    }
}

#[test]
fn greedy_takes_the_most_valuable_piece() {
    use rand_chacha::rand_core::SeedableRng;
    // White's knight can take a rook or a pawn; its bishop a queen.
    let p = fen("4k3/8/1r6/3q4/1p6/2N5/8/B3K3 w - - 0 1");
    for seed in 0..8 {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let m = Baseline::Greedy.choose(&p, &mut rng);
        assert_eq!(chess::uci(m), "c3d5");
    }
}

fn duckchess() -> Command {
    Command::cargo_bin("duckchess").unwrap()
}

#[test]
fn cli_best_prints_move_score_and_line() {
    let out = duckchess()
        .args(["best", "--variant", "chess", "--depth", "3"])
        .args("5r1k/6pp/7N/8/8/1Q6/8/6K1 w - - 0 1".split(' '))
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[0].starts_with("best ") && lines[0].ends_with("(b3g8)"),
        "{text}"
    );
    assert_eq!(lines[1], "score mate in 2 for white, to move");
    assert_eq!(lines[2].split(' ').count(), 4, "{text}");
}

#[test]
fn cli_best_on_a_finished_game_says_so() {
    let out = duckchess()
        .args(["best", "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(
        err,
        "duckchess: no move: the game is over: white wins by checkmate\n"
    );
}

#[test]
fn cli_rejects_unknown_variants_and_bad_positions() {
    let out = duckchess()
        .args(["best", "--variant", "go", "start"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("unknown variant \"go\"") && err.contains("chess"),
        "{err}"
    );
    let out = duckchess()
        .args(["best", "8/8/8/8/8/8/8/8 x"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("side to move"), "{err}");
}

#[test]
fn cli_match_of_two_short_games_adds_up() {
    let out = duckchess()
        .args([
            "match",
            "--variant",
            "chess",
            "--games",
            "2",
            "--think-ms",
            "5",
        ])
        .args(["--seed", "9"])
        .args(["--opponent", "random", "--move-cap", "40"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert!(
        lines[0].starts_with("game 1: computer white vs random (Ruy Lopez): "),
        "{text}"
    );
    assert!(
        lines[1].starts_with("game 2: computer black vs random (Ruy Lopez): "),
        "{text}"
    );
    // The tally: wins + draws + losses = 2, and so do the reasons.
    let tally = lines[2];
    let count = |word: &str| -> u32 {
        let before = tally.split(word).next().unwrap();
        before.rsplit(' ').next().unwrap().parse().unwrap()
    };
    assert_eq!(
        count(" wins,") + count(" draws,") + count(" losses"),
        2,
        "{tally}"
    );
    assert!(tally.contains("; Elo "), "{tally}");
    let reasons: u32 = tally
        .split("; ")
        .nth(2)
        .unwrap()
        .split(", ")
        .map(|r| r.rsplit(' ').next().unwrap().parse::<u32>().unwrap())
        .sum();
    assert_eq!(reasons, 2, "{tally}");
}

#[test]
fn a_background_search_stops_when_asked() {
    use duckchess::engine::search::Thinking;
    let start = chess::start();
    let thinking = Thinking::start(Box::new(start), Vec::new(), Limits::infinite());
    std::thread::sleep(Duration::from_millis(200));
    assert!(!thinking.is_finished());
    thinking.stop();
    let found = thinking.join().unwrap();
    assert!(start.is_legal(found.best));
}

/// A mate comes before the 50- and 75-move rules: at a half-move clock of
/// 99 to 149 the mate in 1 is still found (Ra8#), as at 98.
#[test]
fn mates_at_the_move_limit_are_mates() {
    for clock in [98, 99, 100, 120, 149] {
        let p = fen(&format!("6k1/5ppp/8/8/8/8/8/R5K1 w - - {clock} 80"));
        let found = best_of(&p, &[], Limits::depth(3), &AtomicBool::new(false)).unwrap();
        assert_eq!(chess::uci(found.best), "a1a8", "clock {clock}: {found:?}");
        assert_eq!(found.score, Score::Mate(1), "clock {clock}");
    }
}

/// However short the time, the first iteration completes: the answer is
/// searched (depth at least 1), and a mate in 1 is found.
#[test]
fn the_first_iteration_always_completes() {
    for ms in [0, 1, 5] {
        let p = fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
        let found = best_of(
            &p,
            &[],
            Limits::think(Duration::from_millis(ms)),
            &AtomicBool::new(false),
        )
        .unwrap();
        assert!(found.depth >= 1, "{ms} ms: {found:?}");
        assert_eq!(found.score, Score::Mate(1), "{ms} ms");
        assert!(found.nodes > 0);
    }
}

/// A search to depth D reports depth D, even when a mate is found sooner.
#[test]
fn a_depth_asked_is_the_depth_searched() {
    let p = fen("5r1k/6pp/7N/8/8/1Q6/8/6K1 w - - 0 1");
    for depth in [4, 6] {
        let found = best_of(&p, &[], Limits::depth(depth), &AtomicBool::new(false)).unwrap();
        assert_eq!(found.depth, depth);
        assert_eq!(found.score, Score::Mate(2));
    }
}

/// A match at fixed nodes is the same match however many games are played
/// at once: each game's opening, colours and the baseline's choices come
/// from its number, and games are told and counted in their numbers'
/// order.
#[test]
fn a_match_at_fixed_nodes_does_not_depend_on_the_jobs() {
    let notation = duckchess::variants::by_name("chess").unwrap();
    let run = |jobs: usize| {
        let config = MatchConfig {
            games: 6,
            limits: Limits::nodes(300),
            opponent: Opponent::Baseline(Baseline::Greedy),
            openings: Openings::Random(4),
            seed: 11,
            move_cap: 50,
            jobs,
            sprt: None,
            clock: None,
        };
        let mut records = Vec::new();
        let tally = play_match(notation, &chess::start(), &config, |r, _| {
            records.push(r.clone())
        })
        .unwrap();
        (records, tally)
    };
    let (one, tally) = run(1);
    assert_eq!(
        one.iter().map(|r| r.number).collect::<Vec<_>>(),
        [1, 2, 3, 4, 5, 6]
    );
    assert_eq!(tally.pairs.pairs(), 3);
    for jobs in [2, 3] {
        assert_eq!(run(jobs), (one.clone(), tally.clone()), "--jobs {jobs}");
    }
}

/// With a test, the match stops at the first pair after which it accepts a
/// hypothesis: the engine beats a random mover pair after pair, so H1
/// (it is 20 Elo stronger rather than equal) is accepted long before the
/// most games, and every game counted belongs to a whole pair.
#[test]
fn a_match_stops_when_the_test_decides() {
    let notation = duckchess::variants::by_name("chess").unwrap();
    let sprt = Sprt::new(0.0, 20.0, 0.05, 0.05).unwrap();
    let config = MatchConfig {
        games: 200,
        limits: Limits::nodes(400),
        opponent: Opponent::Baseline(Baseline::Random),
        openings: Openings::Builtin,
        seed: 2,
        move_cap: 120,
        jobs: 2,
        sprt: Some(sprt),
        clock: None,
    };
    let mut told = Vec::new();
    let tally = play_match(notation, &chess::start(), &config, |r, t| {
        told.push((r.number, t.pairs))
    })
    .unwrap();
    assert_eq!(sprt.verdict(&tally.pairs), Some(Verdict::H1), "{tally:?}");
    assert!(tally.games() < 200, "{tally:?}");
    assert_eq!(tally.games(), 2 * tally.pairs.pairs());
    assert_eq!(told.len() as u32, tally.games());
    // Told in order, each second game with its pair counted, and no
    // verdict before the last pair.
    for (i, &(number, pairs)) in told.iter().enumerate() {
        assert_eq!(number as usize, i + 1);
        assert_eq!(pairs.pairs(), number / 2);
        if number % 2 == 0 && number < tally.games() {
            assert_eq!(sprt.verdict(&pairs), None, "after game {number}");
        }
    }
}

/// `match --sprt` against `self:nodes=N`: the games are told, each pair's
/// ratio goes to standard error, and the summary's pentanomial counts
/// every pair once; the same with one game at a time.
#[test]
fn cli_match_runs_a_test_in_pairs() {
    let run = |jobs: &str| {
        duckchess()
            .args(["match", "--variant", "duck", "--nodes", "200"])
            .args(["--opponent", "self:nodes=200", "--games", "4"])
            .args(["--jobs", jobs, "--sprt", "0,20", "--move-cap", "120"])
            .output()
            .unwrap()
    };
    let out = run("2");
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8(out.stdout.clone()).unwrap();
    let err = String::from_utf8(out.stderr.clone()).unwrap();
    let games = text.lines().filter(|l| l.starts_with("game ")).count();
    assert_eq!(games, 4, "{text}");
    assert!(
        text.lines()
            .take(4)
            .all(|l| l.contains(" vs itself at 200 nodes ")),
        "{text}"
    );
    let pairs_line = text.lines().find(|l| l.starts_with("pairs: ")).unwrap();
    let pairs: u32 = pairs_line["pairs: ".len()..]
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    let counts = pairs_line
        .split("LL-LD-DD-WD-WW ")
        .nth(1)
        .unwrap()
        .split(')')
        .next()
        .unwrap();
    let sum: u32 = counts.split('-').map(|c| c.parse::<u32>().unwrap()).sum();
    assert_eq!((pairs, sum), (games as u32 / 2, pairs), "{text}");
    assert!(pairs_line.contains("; Elo "), "{pairs_line}");
    let verdict = text.lines().last().unwrap();
    assert!(
        verdict.starts_with("SPRT [0, 20] (logistic Elo, alpha 0.05, beta 0.05): LLR ")
            && verdict.contains("(-2.94, +2.94)"),
        "{text}"
    );
    // One progress line a pair on standard error, the last one's ratio
    // the summary's.
    let progress: Vec<&str> = err.lines().collect();
    assert_eq!(progress.len(), 2, "{err}");
    let llr = |line: &str| line.split("LLR ").nth(1).unwrap()[..5].to_string();
    assert!(progress[0].starts_with("pair 1: pentanomial "), "{err}");
    assert_eq!(llr(progress[1]), llr(verdict), "{err}{text}");
    // At fixed nodes, the jobs change nothing.
    let alone = run("1");
    assert_eq!(alone.stdout, out.stdout);
    assert_eq!(alone.stderr, out.stderr);
}

/// A UCI opponent given no `--go` searches at the computer's `--nodes`:
/// `duckchess uci` told `go nodes N` is the search `match --nodes N` runs,
/// so against itself each opening's two games are the same game with the
/// sides swapped, and every pair scores 1 point.
#[test]
fn cli_match_against_its_own_uci_at_the_same_nodes_mirrors() {
    let opponent = format!("uci:{} uci", env!("CARGO_BIN_EXE_duckchess"));
    let out = duckchess()
        .args(["match", "--variant", "duck", "--nodes", "200"])
        .args(["--opponent", &opponent, "--games", "4", "--jobs", "2"])
        .args(["--sprt", "0,20", "--move-cap", "120"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    let games: Vec<&str> = text.lines().filter(|l| l.starts_with("game ")).collect();
    assert_eq!(games.len(), 4, "{text}");
    for pair in games.chunks(2) {
        // "…: computer wins by capture of the captain after 57 plies" and
        // its mirror "…: computer loses by … after 57 plies", or two draws.
        let ending = |line: &str| line.rsplit("): ").next().unwrap().to_string();
        let (first, second) = (ending(pair[0]), ending(pair[1]));
        let mirrored = first
            .replace("computer wins", "X")
            .replace("computer loses", "computer wins")
            .replace('X', "computer loses");
        assert_eq!(mirrored, second, "{text}");
    }
    assert!(text.contains("(LL-LD-DD-WD-WW 0-0-2-0-0)"), "{text}");
}

/// A malformed test is one line on standard error and exit code 2.
#[test]
fn cli_match_refuses_a_malformed_test() {
    for args in [
        &["--sprt", "abc"][..],
        &["--sprt", "20,0"],
        &["--sprt", "0,nan"],
        &["--sprt", "0,20", "--alpha", "0"],
        &["--sprt", "0,20", "--beta", "1.5"],
        &["--sprt", "0,20", "--alpha", "x"],
        &["--sprt", "0,20", "--alpha", "0.6", "--beta", "0.5"],
        &["--alpha", "0.1"],
        &["--sprt", "0,20", "--games", "3"],
        &["--opponent", "self:nodes=many"],
        &["--opponent", "self:speed=3"],
    ] {
        let out = duckchess().arg("match").args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}: {out:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("duckchess: "), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

/// `match --records DIR` saves every game, in every game of the registry,
/// as a record the game's own reader replays move for move, and never
/// overwrites a record already there.
#[test]
fn cli_match_records_replay_in_every_game() {
    for &notation in duckchess::variants::all() {
        let dir = tempfile::tempdir().unwrap();
        let records = dir.path().join("games");
        let run = || {
            duckchess()
                .args(["match", "--variant", notation.name(), "--games", "2"])
                .args(["--depth", "1", "--opponent", "random", "--move-cap", "24"])
                .arg("--records")
                .arg(&records)
                .output()
                .unwrap()
        };
        let out = run();
        assert!(out.status.success(), "{}: {out:?}", notation.name());
        let text = String::from_utf8(out.stdout).unwrap();
        for (number, line) in text.lines().take(2).enumerate() {
            let plies: usize = line
                .rsplit("after ")
                .next()
                .and_then(|rest| rest.split(' ').next())
                .and_then(|n| n.parse().ok())
                .unwrap_or_else(|| panic!("{line}"));
            let path = records.join(format!(
                "game-{:03}.{}",
                number + 1,
                notation.record_extension()
            ));
            let record = std::fs::read_to_string(&path).unwrap();
            let (_, moves) = notation
                .read_record(&record)
                .unwrap_or_else(|e| panic!("{}: {e}\n{record}", path.display()));
            assert_eq!(moves.len(), plies, "{}: {record}", path.display());
        }
        let again = run();
        assert_eq!(again.status.code(), Some(2), "{again:?}");
        let err = String::from_utf8(again.stderr).unwrap();
        assert!(err.contains("already exists"), "{err}");
    }
}

use crate::system;

/// `match --opponent uci:` with an engine that reads variant definitions
/// (Fairy-Stockfish's `VariantPath`): it is given Duck Chess's own
/// definition, the one `duckchess fsf-config` prints, and plays the game by
/// that definition's name, `duckxq`; every move it sends is checked by our
/// rules (an illegal one stops the match with an error). Without the
/// definition the stand-in plays chess, and the match stops at its first
/// move.
#[test]
fn a_fairy_stockfish_opponent_is_given_the_games_definition() {
    if !system::have(
        &[("python3", "python3")],
        "match handing Duck Chess's definition to an engine that reads one",
    ) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("log");
    let standin = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/fsf_standin.py");
    let opponent = format!(
        "uci:python3 {standin} {} {}",
        log.display(),
        env!("CARGO_BIN_EXE_duckchess")
    );
    let out = duckchess()
        .args(["match", "--variant", "duck", "--games", "2", "--depth", "1"])
        .args(["--opponent", &opponent, "--opponent-go", "depth 1"])
        .args(["--move-cap", "30"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let told = std::fs::read_to_string(&log).unwrap();
    let definition = duckchess::judge::fen::FSF_CONFIG;
    assert!(
        told.contains(&format!("file:\n{definition}end of file\n")),
        "{told}"
    );
    assert!(
        told.contains("> setoption name UCI_Variant value duckxq"),
        "{told}"
    );
    let before = told.find("> setoption name VariantPath").unwrap();
    let after = told.find("> setoption name UCI_Variant").unwrap();
    assert!(before < after, "the definition comes first: {told}");
    assert!(told.matches("> go ").count() >= 4, "{told}");
}

/// Several lines (MultiPV): distinct first moves, best first, each the
/// best search without the ones before; the first is the single search's
/// line; no more lines than moves.
#[test]
fn several_lines_are_distinct_best_first_and_the_first_is_the_best() {
    use duckchess::engine::search::Engine;
    let stop = AtomicBool::new(false);
    // Back-rank mate in one: the mate first, other moves after it.
    let p = fen("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");
    let mut depths = Vec::new();
    let lines = Engine::new(4)
        .search_lines(&p, &[], Limits::depth(3), 3, &stop, &mut |found| {
            depths.push(found[0].depth)
        })
        .unwrap();
    assert_eq!(depths, [1, 2, 3]);
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0].score, Score::Mate(1));
    assert_eq!(
        lines[0].best,
        best(&p, &[], Limits::depth(3), &stop).unwrap().best
    );
    let firsts: std::collections::HashSet<Move> = lines.iter().map(|l| l.best).collect();
    assert_eq!(firsts.len(), 3, "distinct first moves");
    for pair in lines.windows(2) {
        assert!(pair[0].score.rank() >= pair[1].score.rank(), "{:?}", pair);
    }
    for l in &lines {
        assert_eq!(l.pv[0], l.best);
        assert!(p.legal_moves().contains(&l.best));
    }
    // A king with one move has one line, whatever is asked.
    let p = fen("k7/8/8/8/8/8/1q6/K7 w - - 0 1");
    assert_eq!(p.legal_moves().len(), 1, "the test's position");
    let lines = Engine::new(1)
        .search_lines(&p, &[], Limits::depth(2), 5, &stop, &mut |_| {})
        .unwrap();
    assert_eq!(lines.len(), 1);
}

/// One engine through games of different boards: what it learnt about moves
/// (its history tables, sized by the board and the kinds) is made anew for
/// each, and every answer is a legal move of its own game.
#[test]
fn an_engine_moves_between_games_of_different_boards() {
    use duckchess::engine::search::Engine;
    use duckchess::kernel::AnyPosition;
    use duckchess::variants::{duck, fourfold, xiangqi};
    let mut engine = Engine::new(1);
    let stop = AtomicBool::new(false);
    let positions: Vec<Box<dyn AnyPosition>> = vec![
        Box::new(duck::start()),
        Box::new(chess::start()),
        Box::new(fourfold::start(fourfold::Army::Classic)),
        Box::new(xiangqi::start()),
        Box::new(duck::start()),
    ];
    for position in &positions {
        let found = engine
            .search(&**position, &[], Limits::depth(5), &stop, &mut |_| {})
            .unwrap();
        assert_eq!(found.depth, 5);
        assert!(
            position.legal_moves().contains(&found.best),
            "{:?}",
            found.best
        );
    }
}

/// The tuner recovers weights it was not given: positions scored by an
/// evaluation whose car is worth 700 (the game's own says less) are fitted
/// back to about that, the other kinds staying near their own values.
#[test]
fn the_tuner_recovers_a_changed_value() {
    use duckchess::engine::eval::Evaluator;
    use duckchess::engine::tune::{fit, read_positions};
    use duckchess::variants::{duck, uci::write_uci};
    let start = duck::start();
    let variant = start.rules().variant();
    let mut changed = variant.clone();
    let car = changed.kinds.iter().position(|k| k.name == "car").unwrap();
    let own = changed.kinds[car].value;
    changed.kinds[car].value = 700;
    assert_ne!(own, 700);
    let scorer = Evaluator::new(&changed);
    // Plies of a fixed pseudo-random walk, every position scored.
    let mut text = String::new();
    let mut seed = 12345u64;
    for game in 0..400 {
        let mut position = start;
        let mut moves = Vec::new();
        for _ in 0..(10 + game % 60) {
            let legal = position.legal_moves();
            if legal.is_empty() || position.outcome().is_some() {
                break;
            }
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let m = legal[(seed >> 33) as usize % legal.len()];
            moves.push(write_uci(variant, m));
            position.play(m).unwrap();
        }
        if position.outcome().is_none() {
            text += &format!("{}\t{}\n", moves.join(" "), scorer.evaluate(&position));
        }
    }
    let positions = read_positions(&start, &text).unwrap();
    let found = fit(&positions).unwrap();
    assert!(found.fitted > 100, "{found:?}");
    let car = found.kinds.iter().find(|k| k.name == "car").unwrap();
    assert_eq!(car.value[0], own);
    assert!((car.value[1] - 700).abs() <= 25, "{car:?}");
    for k in &found.kinds {
        if k.name != "car" {
            assert!((k.value[1] - k.value[0]).abs() <= 25, "{k:?}");
        }
    }
    assert!(found.error[1] < found.error[0] / 4.0, "{:?}", found.error);
    // A bad line is named.
    let bad = read_positions(&start, "a1a2\t10\nzz\t3\n")
        .unwrap_err()
        .to_string();
    assert!(
        bad.starts_with("line 1") || bad.starts_with("line 2"),
        "{bad}"
    );
}

/// An opponent that crashes mid-match (Fairy-Stockfish segfaulted after
/// 25 games): the games played are tallied, then the error, exit 1.
#[test]
fn cli_match_keeps_the_tally_when_the_opponent_crashes() {
    if !crate::system::have(&[("sh", "dash")], "a match against a crashing engine") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let crashing = dir.path().join("crashing.sh");
    // duckchess uci until the third new game, then gone.
    std::fs::write(
        &crashing,
        format!(
            "n=0\nwhile IFS= read -r line; do\n  case \"$line\" in ucinewgame) n=$((n+1)); [ $n -ge 3 ] && exit 1;; esac\n  printf '%s\\n' \"$line\"\ndone | {} uci\n",
            env!("CARGO_BIN_EXE_duckchess")
        ),
    )
    .unwrap();
    let out = duckchess()
        .args([
            "match",
            "--variant",
            "duck",
            "--nodes",
            "200",
            "--move-cap",
            "60",
        ])
        .args(["--opponent", &format!("uci:sh {}", crashing.display())])
        .args(["--games", "6"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(1), "{text}{err}");
    assert_eq!(
        text.lines().filter(|l| l.starts_with("game ")).count(),
        2,
        "{text}"
    );
    let last = text.lines().last().unwrap_or_default();
    assert!(
        last.contains(" of 2 ("),
        "the tally of the two games: {text}"
    );
    assert!(err.contains("stopped after 2 games"), "{err}");
}

/// `match --clock`: both sides on a clock. A UCI opponent is told both
/// sides' time and increment with each `go` (its times falling as the
/// game goes on), and one whose answers take longer than its clock has
/// loses on time; the computer, planning its time as `duckchess uci`
/// does, never does.
#[test]
fn a_match_on_a_clock() {
    // The slow opponent is a Python script.
    if !system::have(
        &[("python3", "python3")],
        "match --clock against a slow UCI opponent (tests/fixtures/slow_uci.py)",
    ) {
        return;
    }
    let slow = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/slow_uci.py");
    let dir = tempfile::tempdir().unwrap();
    let run = |delay_ms: u32, log: &std::path::Path| {
        let opponent = format!(
            "uci:python3 {slow} {} {delay_ms} {}",
            log.display(),
            env!("CARGO_BIN_EXE_duckchess")
        );
        let out = Command::new(env!("CARGO_BIN_EXE_duckchess"))
            .args([
                "match",
                "--variant",
                "chess",
                "--games",
                "2",
                "--clock",
                "0.02+0.1",
            ])
            .args(["--move-cap", "40", "--opponent", &opponent])
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
        assert!(
            out.status.success(),
            "{stdout}\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
        stdout
    };
    // In time: every go carries both clocks; the white clock it is told
    // falls below its start (1.2 s) as white's moves are charged.
    let log = dir.path().join("quick.log");
    let quick = run(0, &log);
    let tally = quick.lines().last().unwrap();
    assert!(tally.contains(" of 2 "), "{quick}");
    assert!(!tally.contains("by time"), "{quick}");
    let gos = std::fs::read_to_string(&log).unwrap();
    assert!(gos.lines().count() >= 10, "{gos}");
    let white: Vec<u64> = gos
        .lines()
        .map(|l| {
            let words: Vec<&str> = l.split_whitespace().collect();
            assert_eq!(words[0], "go", "{l}");
            assert_eq!(
                words[1..].iter().step_by(2).copied().collect::<Vec<_>>(),
                ["wtime", "btime", "winc", "binc"],
                "{l}"
            );
            assert_eq!((words[6], words[8]), ("100", "100"), "{l}");
            words[2].parse().unwrap()
        })
        .collect();
    assert!(white.iter().all(|&ms| ms <= 1_200 + 40 * 100), "{white:?}");
    // Charged: it falls below its start, or (a quick engine using less
    // than the increment a move) grows by less than the increment.
    let charged = white.iter().any(|&ms| ms < 1_200)
        || white.windows(2).any(|w| (w[0]..w[0] + 100).contains(&w[1]));
    assert!(charged, "{white:?}");
    // Too slow: 1.5 s a move against 1.2 s on its clock, so its first move
    // of each game is already late.
    let slow_games = run(1_500, &dir.path().join("slow.log"));
    let tally = slow_games.lines().last().unwrap();
    assert!(tally.contains("2 wins, 0 draws, 0 losses"), "{slow_games}");
    assert!(tally.contains("win by time 2"), "{slow_games}");
}

/// `duckchess tune` on a file: a fit is reported for every kind, and a
/// line that does not replay is named with its number (exit 2).
#[test]
fn tune_reads_a_file_and_names_a_bad_line() {
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("good.txt");
    std::fs::write(
        &good,
        "e2e4 e7e5\t30\ne2e4\t-20\nd2d4 d7d5 c2c4\t10\ng1f3\t-15\ne2e4 c7c5\t40\n",
    )
    .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_duckchess"))
        .args(["tune", "--variant", "chess"])
        .arg(&good)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.starts_with("5 positions read, "), "{text}");
    for kind in ["queen", "rook", "bishop", "knight", "pawn"] {
        assert!(text.lines().any(|l| l.starts_with(kind)), "{kind}: {text}");
    }
    let bad = dir.path().join("bad.txt");
    std::fs::write(&bad, "e2e4 e7e5\t30\ne2e5\t-20\n").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_duckchess"))
        .args(["tune", "--variant", "chess"])
        .arg(&bad)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("line 2") && err.contains("e2e5"), "{err}");
}
