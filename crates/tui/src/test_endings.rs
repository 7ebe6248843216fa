//! Resigning, offering a draw, the evaluation line and reviewing a
//! finished game, through [`Game`].

use super::ending::End;
use super::game::{Action as A, Computer, Game, Options};
use super::Vs;
use crate::engine::computer;
use crate::engine::search::{Limits, Score, SearchResult};
use crate::kernel::{AnyGame, Color};
use crate::variants::by_name;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

fn first_move() -> Computer {
    computer::first_legal()
}

/// An evaluator that always says `score` for the side to move.
fn says(score: Score) -> Computer {
    Arc::new(move |g: &dyn AnyGame, _: Limits, _: &AtomicBool| {
        let best = *g.position().legal_moves().first()?;
        Some(SearchResult {
            best,
            score,
            pv: vec![best],
            depth: 1,
            seldepth: 1,
            nodes: 1,
            elapsed: Duration::ZERO,
        })
    })
}

fn against_computer(evaluator: Computer) -> Game {
    let chess = by_name("chess").unwrap();
    Game::new(Options {
        vs: Vs::Computer,
        computer: Color::Black,
        chooser: Some(first_move()),
        evaluator: Some(evaluator),
        ..Options::new(chess)
    })
}

#[test]
fn resigning_asks_first_and_ends_the_game() {
    let mut game = against_computer(says(Score::Centipawns(0)));
    game.handle(A::Resign);
    assert!(
        game.prompt().starts_with("resign as white?"),
        "{}",
        game.prompt()
    );
    game.handle(A::Cancel);
    assert!(!game.is_over(), "any other key keeps the game");
    game.handle(A::Resign);
    game.handle(A::Yes);
    assert_eq!(game.end(), Some(End::Resigned(Color::White)));
    assert_eq!(game.status(), "game over: black wins: white resigned");
    assert!(game.request().is_none(), "the computer plays no more");
}

#[test]
fn the_computer_accepts_a_draw_only_when_not_better() {
    // White (the person) to move at +0.50: the computer is at -0.50.
    let mut game = against_computer(says(Score::Centipawns(50)));
    game.handle(A::OfferDraw);
    game.think_here();
    assert_eq!(game.end(), Some(End::Agreed));
    assert!(game.prompt().contains("accepts"), "{}", game.prompt());
    assert_eq!(game.status(), "game over: draw by agreement");

    // At -0.50 for white the computer is better: it declines, and plays on.
    let mut game = against_computer(says(Score::Centipawns(-50)));
    game.handle(A::OfferDraw);
    game.think_here();
    assert_eq!(game.end(), None);
    assert!(
        game.prompt()
            .starts_with("the computer declines the draw: it has +0.50"),
        "{}",
        game.prompt()
    );
    // On its move, no offer.
    game.handle(A::Click(12));
    game.handle(A::Click(28));
    assert_eq!(game.position().turn(), Color::Black);
    game.handle(A::OfferDraw);
    assert_eq!(game.prompt(), "offer a draw on your move");
}

#[test]
fn between_people_the_other_side_answers_an_offer() {
    let chess = by_name("chess").unwrap();
    let mut game = Game::new(Options::new(chess));
    game.handle(A::OfferDraw);
    assert!(game
        .prompt()
        .starts_with("white offers a draw: black, y accepts"));
    game.handle(A::Undo);
    assert_eq!(game.prompt(), "the draw offer is declined");
    assert!(!game.is_over());
    game.handle(A::OfferDraw);
    game.handle(A::Yes);
    assert_eq!(game.end(), Some(End::Agreed));
}

#[test]
fn the_eval_line_shows_the_engines_score_and_line() {
    let chess = by_name("chess").unwrap();
    let mut game = Game::new(Options {
        chooser: Some(first_move()),
        evaluator: Some(computer::search()),
        eval_think: Limits::depth(2),
        ..Options::new(chess)
    });
    assert_eq!(game.detail(), "");
    game.handle(A::Eval);
    assert_eq!(game.detail(), "eval: thinking…");
    game.think_here();
    let line = game.detail();
    assert!(line.starts_with("eval for white: "), "{line}");
    assert!(line.contains("(depth 2): "), "{line}");
    // Its principal variation in SAN: two moves of the start.
    let pv = line.split(": ").last().unwrap();
    assert_eq!(pv.split(' ').count(), 2, "{line}");
    assert!(chess
        .read_move(&*chess.start(), pv.split(' ').next().unwrap())
        .is_ok());
    // A move makes it stale; the next search is for the new position.
    game.handle(A::Click(12));
    game.handle(A::Click(28));
    assert_eq!(game.detail(), "eval: thinking…");
    game.think_here();
    assert!(
        game.detail().starts_with("eval for black: "),
        "{}",
        game.detail()
    );
    game.handle(A::Eval);
    assert_eq!(game.detail(), "");
}

#[test]
fn duck_chess_eval_writes_judge_commands() {
    let duck = by_name("duck").unwrap();
    let mut game = Game::new(Options {
        chooser: Some(first_move()),
        evaluator: Some(says(Score::Mate(2))),
        ..Options::new(duck)
    });
    game.handle(A::Eval);
    game.think_here();
    let line = game.detail();
    assert!(
        line.starts_with("eval for red: mate in 2 (depth 1): "),
        "{line}"
    );
    let command = line.rsplit(": ").next().unwrap();
    assert_eq!(command.split(' ').count(), 4, "{line}");
}

#[test]
fn a_resigned_game_is_reviewed_move_by_move() {
    let chess = by_name("chess").unwrap();
    let mut game = Game::new(Options::new(chess));
    for (a, b) in [(12, 28), (52, 36), (6, 21)] {
        game.handle(A::Click(a));
        game.handle(A::Click(b));
    }
    game.handle(A::Resign);
    game.handle(A::Yes);
    assert_eq!(game.end(), Some(End::Resigned(Color::Black)));
    game.handle(A::Left);
    assert_eq!(game.reviewing(), Some(2));
    assert_eq!(game.position().turn(), Color::White);
    assert!(
        game.prompt().starts_with("move 2 of 3: e5"),
        "{}",
        game.prompt()
    );
    game.handle(A::Activate);
    assert_eq!(game.moves().len(), 3, "no move in a finished game");
    game.handle(A::Last);
    assert_eq!(game.reviewing(), None);
    assert_eq!(game.status(), "game over: white wins: black resigned");
    game.handle(A::New);
    game.handle(A::Yes);
    assert!(!game.is_over());
}

/// Defect: while the computer thought, the prompt said "pick a black
/// piece". It says whose move it is; on the person's move, "pick".
#[test]
fn the_prompt_says_the_computer_moves_while_it_does() {
    let chess = by_name("chess").unwrap();
    let mut game = Game::new(Options {
        vs: Vs::Computer,
        computer: Color::White,
        chooser: Some(first_move()),
        evaluator: Some(says(Score::Centipawns(0))),
        ..Options::new(chess)
    });
    assert_eq!(game.prompt(), "the computer's move");
    let request = game.request().expect("the computer moves first");
    assert_eq!(game.prompt(), "the computer is thinking…");
    let answer = request.answer();
    game.answer(request.id, answer);
    assert_eq!(game.prompt(), "pick a black piece");
}
