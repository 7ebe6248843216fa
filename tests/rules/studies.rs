//! The study positions (`variants::studies`): each one reads, opens where
//! it says, and its goal is true where the program can tell — a forced
//! mate the mate solver proves in exactly the moves the goal says (and not
//! fewer), the move the search plays, the cube puzzle's published answer.

use duckchess::engine::mate::{check_tree, solve, write_tree, MateLimits};
use duckchess::engine::search::{best_in_game, Limits};
use duckchess::variants::studies::{self, Claim};
use duckchess::variants::{by_name, cube, line::read_text};
use std::sync::atomic::AtomicBool;

#[test]
fn every_study_reads_and_its_goal_is_true() {
    let stop = AtomicBool::new(false);
    for s in studies::all() {
        let game = by_name(s.game).unwrap_or_else(|| panic!("{}: no game {}", s.title, s.game));
        let (_, records) = read_text(game, &s.text).unwrap_or_else(|e| panic!("{}: {e}", s.title));
        assert_eq!(records.len(), 1, "{}", s.title);
        let record = &records[0];
        assert!(!s.goal.is_empty() && !s.title.is_empty());
        if s.from_start {
            assert!(
                !record.moves.is_empty(),
                "{}: nothing to step through",
                s.title
            );
        }
        // The position the study opens at.
        let mut played = record.start.new_game();
        if !s.from_start {
            for &m in &record.moves {
                played.play(m).unwrap();
            }
        }
        let at = played.position();
        match s.claim {
            Claim::Nothing => assert!(played.outcome().is_none(), "{}: the game is over", s.title),
            Claim::Mate(n) => {
                let limits = MateLimits::default();
                let proof = solve(at, n, limits, &stop)
                    .unwrap()
                    .unwrap_or_else(|| panic!("{}: no forced mate in {n}", s.title));
                // The goal's number is exact: no shorter mate.
                assert_eq!(proof.moves(), n, "{}", s.title);
                let tree = write_tree(game, at, &proof);
                assert_eq!(check_tree(game, at, &tree), Ok(n), "{}", s.title);
            }
            Claim::Best(text, depth) => {
                let found = best_in_game(&*played, Limits::depth(depth), &stop).unwrap();
                assert_eq!(game.write_move(at, found.best), text, "{}", s.title);
            }
            Claim::Checkmated(answer) => {
                let position = cube::read(&s.text).unwrap();
                assert_eq!(cube::mate::is_mate(&position), answer, "{}", s.title);
            }
        }
    }
}

#[test]
fn every_game_has_studies_and_chess_at_least_twelve_with_mates_and_tactics() {
    for game in duckchess::variants::names() {
        assert!(studies::of(game).count() >= 1, "{game} has no study");
    }
    let chess: Vec<_> = studies::of("chess").collect();
    assert!(chess.len() >= 12);
    assert!(
        chess
            .iter()
            .filter(|s| matches!(s.claim, Claim::Mate(_)))
            .count()
            >= 4
    );
    assert!(
        chess
            .iter()
            .filter(|s| matches!(s.claim, Claim::Best(..)))
            .count()
            >= 4
    );
    // The ten published cube puzzles, in order, with their answers.
    let cube: Vec<_> = studies::of("cube").collect();
    assert_eq!(cube.len(), 10);
    let published = std::fs::read_to_string("samples/cube/published.txt").unwrap();
    for (s, case) in cube.iter().zip(published.lines()) {
        assert_eq!(s.text, case.trim());
    }
    // Fourfold: forced mates, the one from the start included.
    assert!(studies::of("fourfold").any(|s| s.text == "start" && s.claim == Claim::Mate(4)));
    // Duck Chess: the official sample game, to step through.
    let official = std::fs::read_to_string("samples/official.in").unwrap();
    let study = studies::of("duck")
        .find(|s| s.text == official && s.from_start)
        .unwrap();
    // Issue 28, defect 5: it says what it holds, the valid moves only.
    let duck = duckchess::variants::by_name("duck").unwrap();
    let (_, records) = duckchess::variants::line::read_text(duck, &study.text).unwrap();
    let plies = records[0].moves.len();
    assert_eq!(plies, 9);
    assert!(
        study.goal.contains(&format!("the {plies} valid moves")),
        "{}",
        study.goal
    );
}
