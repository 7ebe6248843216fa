//! `--clock` through [`Game`], with the time driven by hand.

use super::clock::{ManualTime, TimeControl};
use super::ending::End;
use super::game::{Action as A, Answer, Game, Options};
use super::Vs;
use crate::kernel::Color;
use crate::variants::by_name;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;

fn secs(s: u64) -> Duration {
    Duration::from_secs(s)
}

fn clocked(fen: Option<&str>, control: &str, time: &ManualTime) -> Game {
    let chess = by_name("chess").unwrap();
    Game::new(Options {
        start: fen.map_or_else(|| chess.start(), |f| chess.read_position(f).unwrap()),
        clock: Some(control.parse::<TimeControl>().unwrap()),
        time: Arc::new(time.clone()),
        ..Options::new(chess)
    })
}

#[test]
fn the_side_to_move_ticks_and_moves_add_the_increment() {
    let time = ManualTime::default();
    let mut game = clocked(None, "1+2", &time);
    assert_eq!(game.clock_lines(), ["> white 1:00", "  black 1:00"]);
    time.advance(secs(10));
    game.tick();
    assert_eq!(game.clock_lines(), ["> white 0:50", "  black 1:00"]);
    game.handle(A::Click(12));
    game.handle(A::Click(28));
    assert_eq!(game.clock_lines(), ["  white 0:52", "> black 1:00"]);
    time.advance(secs(3));
    assert_eq!(game.clock_lines(), ["  white 0:52", "> black 0:57"]);
}

#[test]
fn a_flag_loses_or_draws_when_the_other_side_cannot_mate() {
    let time = ManualTime::default();
    let mut game = clocked(None, "1+0", &time);
    // A move being typed when the flag falls is not played.
    game.handle(A::OpenPrompt);
    game.handle(A::Type('e'));
    game.handle(A::Type('4'));
    time.advance(secs(60));
    game.tick();
    assert_eq!(game.typing(), None);
    game.handle(A::Activate);
    assert!(game.moves().is_empty());
    assert_eq!(
        game.end(),
        Some(End::Flag {
            loser: Color::White,
            draw: false
        })
    );
    assert_eq!(game.status(), "game over: black wins on time");
    // The clocks stop with the game.
    time.advance(secs(5));
    assert_eq!(game.clock_lines(), ["  white 0:00.0", "  black 1:00"]);
    game.handle(A::Click(12));
    assert_eq!(game.moves().len(), 0);

    // Black has its king alone: white's flag draws.
    let mut bare = clocked(Some("k7/8/8/8/8/8/8/1R5K w - - 0 1"), "1+0", &time);
    time.advance(secs(61));
    bare.tick();
    assert_eq!(
        bare.status(),
        "game over: draw: white's time is up, and black cannot mate"
    );
}

#[test]
fn the_computers_search_stops_at_its_share_of_its_clock() {
    let time = ManualTime::default();
    let chess = by_name("chess").unwrap();
    let first = crate::engine::computer::first_legal();
    let mut game = Game::new(Options {
        vs: Vs::Computer,
        computer: Color::White,
        chooser: Some(first),
        clock: Some("5+3".parse().unwrap()),
        time: Arc::new(time.clone()),
        ..Options::new(chess)
    });
    let request = game.request().expect("the computer moves first");
    // 300 s / 20 + 3/4 of 3 s = 17.25 s.
    time.advance(Duration::from_millis(17_200));
    game.tick();
    assert!(!request.stop.load(Ordering::Relaxed));
    time.advance(Duration::from_millis(100));
    game.tick();
    assert!(
        request.stop.load(Ordering::Relaxed),
        "stopped at its budget"
    );
    // The move found by then is played, its time charged.
    let m = request.think();
    game.answer(request.id, Answer::Move(m));
    assert_eq!(game.moves().len(), 1);
    let white = &game.clock_lines()[0];
    assert_eq!(white, "  white 4:45", "300 - 17.3 + 3 s");
}
