//! `nFoldValue` (with `nFoldValueAbsolute`): who a repetition ends the
//! game for. The results are pyffish 0.0.90's (`is_optional_game_end`
//! after the same 12 plies, kings stepping back and forth: the fourth
//! occurrence).

use super::tests::{error, sample};
use crate::kernel::{Color, Draw, Outcome, Win};
use crate::variants::Text;

/// The end of section `name`'s game after `line` (UCI) from `fen`.
fn end_after(name: &str, fen: &str, line: &str) -> Option<Outcome> {
    let g = sample(name);
    let p = g
        .read_position(fen)
        .unwrap_or_else(|e| panic!("{fen}: {e}"));
    let mut game = p.new_game();
    for text in line.split_whitespace() {
        let m = g.read_move(game.position(), text).unwrap();
        game.play(m).unwrap();
    }
    game.outcome()
}

fn won(winner: Color) -> Option<Outcome> {
    Some(Outcome::Decisive {
        winner,
        how: Win::Repetition,
    })
}

#[test]
fn a_repetition_is_won_as_fairy_stockfish_scores_it() {
    let shuffle = |a: &str, b: &str, c: &str, d: &str| format!("{a} {b} {c} {d} ").repeat(3);
    let tori = "3k3/7/7/7/7/7/3K3[-] b 0 1";
    let line = shuffle("d7e7", "d1e1", "e7d7", "e1d1");
    // Tori shogi: the side that repeats (White) loses, Black to move
    // wins (pyffish: +32000 to Black).
    assert_eq!(end_after("torishogi", tori, &line), won(Color::Black));
    // One ply short: no end yet.
    let short: Vec<&str> = line.split_whitespace().take(11).collect();
    assert_eq!(end_after("torishogi", tori, &short.join(" ")), None);
    let white = "3k3/7/7/7/7/7/3K3[-] w 0 1";
    let line = shuffle("d1e1", "d7e7", "e1d1", "e7d7");
    assert_eq!(end_after("torishogi", white, &line), won(Color::White));
    // Minishogi: White (sente) loses whoever repeats (pyffish: -32000 to
    // White to move, +32000 to Black to move).
    let mini = |turn: &str| format!("2k2/5/5/5/2K2[-] {turn} 0 1");
    let line = shuffle("c1d1", "c5d5", "d1c1", "d5c5");
    assert_eq!(end_after("minishogi", &mini("w"), &line), won(Color::Black));
    let line = shuffle("c5d5", "c1d1", "d5c5", "d1c1");
    assert_eq!(end_after("minishogi", &mini("b"), &line), won(Color::Black));
    // Goro goro shogi draws.
    let goro = "2k2/5/5/5/5/2K2[-] w 0 1";
    let line = shuffle("c1d1", "c6d6", "d1c1", "d6c6");
    assert_eq!(
        end_after("gorogoro", goro, &line),
        Some(Outcome::Draw(Draw::Repetition))
    );
}

#[test]
fn n_fold_value_says_what_it_expects() {
    assert_eq!(
        error("[a:chess]\nnFoldValue = lose\n"),
        "line 2: nFoldValue = \"lose\": win, loss or draw"
    );
}
