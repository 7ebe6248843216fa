//! Othello's and Ataxx's rules from a file (flipersi, flipello, ataxx of
//! samples/fsf-variants.ini): enclosing drops, flips, passes, a full
//! board, free drops and the unweighted count, each figure pyffish
//! 0.0.90's.

use super::read;
use super::tests::{after, error, game, sample, sorted_moves};
use super::write::write;
use crate::kernel::{Color, Draw, Outcome, Win};
use crate::variants::prelude::*;

#[test]
fn a_drop_must_enclose_and_flips_what_it_encloses() {
    let g = sample("flipello");
    let start = g.start();
    // Without `enclosingDrop = reversi`, all 60 empty squares.
    assert_eq!(sorted_moves(&g, &*start), ["P@c5", "P@d6", "P@e3", "P@f4"]);
    let p = after(&g, "start", "P@e3");
    assert!(g
        .write_position(&*p)
        .starts_with("8/8/8/3pP3/3PP3/4P3/8/8["));
    assert_eq!(sorted_moves(&g, &*p), ["P@d3", "P@f3", "P@f5"]);
    // Only the line that ends on White's own disc turns: d2 (d3 is
    // White's), not c2 or e2 (nothing of White's beyond them).
    let fen = "8/8/8/3pp3/2pPp3/2pPp3/2ppp3/8[PPPPpppp] w - - 0 1";
    let p = after(&g, fen, "P@d1");
    assert!(g
        .write_position(&*p)
        .starts_with("8/8/8/3pp3/2pPp3/2pPp3/2pPp3/3P4[PPPpppp] b"));
    assert_eq!(sorted_moves(&g, &*p), ["P@c1", "P@c5", "P@e1"]);
}

#[test]
fn the_first_drops_go_to_the_middle() {
    let g = sample("flipersi");
    // `enclosingDropStart`: the four middle squares while one is empty.
    assert_eq!(
        sorted_moves(&g, &*g.start()),
        ["P@d4", "P@d5", "P@e4", "P@e5"]
    );
    let p = after(&g, "8/8/8/3pP3/3Pp3/8/8/P6p[PPpp] w - - 0 1", "");
    assert_eq!(sorted_moves(&g, &*p), ["P@c5", "P@d6", "P@e3", "P@f4"]);
}

#[test]
fn a_side_that_cannot_drop_passes_and_two_passes_end_the_game() {
    let g = sample("flipello");
    let fen = "8/8/8/3pp3/3pp3/8/8/PP6[PPPpp] w - - 0 1";
    // White's pass is its first disc to its own square; Black's too.
    let p = after(&g, fen, "");
    assert_eq!(sorted_moves(&g, &*p), ["a1a1"]);
    let p = after(&g, fen, "a1a1");
    assert_eq!(sorted_moves(&g, &*p), ["d4d4"]);
    assert!(g
        .write_position(&*p)
        .starts_with("8/8/8/3pp3/3pp3/8/8/PP6[PPPpp] b"));
    // Two passes: Black has more discs, 4 to 2.
    let p = after(&g, fen, "a1a1 d4d4");
    assert!(p.legal_moves().is_empty());
    assert_eq!(
        p.outcome(),
        Some(Outcome::Decisive {
            winner: Color::Black,
            how: Win::Counting(Draw::Passes)
        })
    );
    // Flipersi has no pass: a side that cannot drop is stalemated, and
    // loses with fewer discs (`stalematePieceCount`).
    let g = sample("flipersi");
    let p = after(&g, "8/8/8/3PP3/3PP3/8/8/7p[Pp] b - - 0 1", "");
    assert!(p.legal_moves().is_empty());
    assert_eq!(
        p.outcome(),
        Some(Outcome::Decisive {
            winner: Color::White,
            how: Win::Stalemate
        })
    );
}

#[test]
fn as_many_pieces_on_the_count_is_a_draw() {
    // `materialCounting = unweighted`: 4 discs each after two passes (the
    // janggi count would give it to Black).
    let g = sample("flipello");
    let p = after(&g, "8/8/8/3pp3/3pp3/8/8/PP4PP[PPpp] w - - 0 1", "a1a1 d4d4");
    assert!(p.legal_moves().is_empty());
    assert_eq!(p.outcome(), Some(Outcome::Draw(Draw::Passes)));
}

#[test]
fn ataxx_clones_next_to_its_pieces_jumps_two_and_turns_its_neighbours() {
    let g = sample("ataxx");
    let fen = "7/7/7/7/7/1p5/P6 w 0 1";
    let p = after(&g, fen, "");
    // Clones (drops) only next to White's piece; jumps of two.
    assert_eq!(
        sorted_moves(&g, &*p),
        ["P@a2", "P@b1", "a1a3", "a1b3", "a1c1", "a1c2", "a1c3"]
    );
    // A clone keeps the piece it came from, the hand is endless and
    // unwritten (`freeDrops`), and b2 turns White's.
    let p = after(&g, fen, "P@a2");
    assert_eq!(g.write_position(&*p), "7/7/7/7/7/PP5/P6 b - - 0 1");
    let p = after(&g, fen, "a1c1");
    assert!(g.write_position(&*p).starts_with("7/7/7/7/7/1P5/2P4 b"));
    // Black has no piece left: it cannot move, and loses on the count.
    assert_eq!(
        p.outcome(),
        Some(Outcome::Decisive {
            winner: Color::White,
            how: Win::Stalemate
        })
    );
}

#[test]
fn a_full_board_ends_the_game_by_the_count() {
    let g = sample("ataxx");
    let full = "PPPPPPP/PPPPPPP/PPPPPPP/ppppppp/ppppppp/ppppppp/ppppppp w 0 1";
    let p = after(&g, full, "");
    // Without `adjudicateFullBoard`, White would pass (`a4a4`).
    assert!(p.legal_moves().is_empty());
    assert_eq!(
        p.outcome(),
        Some(Outcome::Decisive {
            winner: Color::Black,
            how: Win::Counting(Draw::FullBoard)
        })
    );
}

#[test]
fn the_games_write_and_read_back() {
    for name in ["flipersi", "flipello", "flipello10", "ataxx"] {
        let g = sample(name);
        let text = write(g.variant()).unwrap_or_else(|e| panic!("{name}: {e}"));
        let again = game(&text);
        assert_eq!(again.variant().goals, g.variant().goals, "{text}");
        assert_eq!(again.variant().drops, g.variant().drops, "{text}");
    }
}

#[test]
fn bad_enclosing_keys_name_their_line() {
    let base = "[o]\nimmobile = p\nstartFen = 8/8/8/8/8/8/8/8[Pp] w - - 0 1\npieceDrops = true\n";
    assert_eq!(
        error(&format!("{base}enclosingDrop = othello\n")),
        "line 5: enclosingDrop = \"othello\": reversi, ataxx, quadwrangle, snort, anyside, top or none"
    );
    assert!(error(&format!("{base}flipEnclosedPieces = quadwrangle\n"))
        .starts_with("line 5: flipEnclosedPieces = quadwrangle is not supported"));
    assert_eq!(
        error(&format!("{base}passOnStalemate = yes\n")),
        "line 5: passOnStalemate = \"yes\": true or false"
    );
    assert_eq!(
        error(&format!("{base}enclosingDropStart = d4 z9\n")),
        "line 5: enclosingDropStart = \"d4 z9\": squares (e1), whole ranks (*1) or whole files (e*)"
    );
    let no_drops =
        "[o]\nimmobile = p\nstartFen = 8/8/8/8/8/8/8/8 w - - 0 1\nenclosingDrop = reversi\n";
    assert!(
        error(no_drops).contains("pieceDrops = true"),
        "{}",
        error(no_drops)
    );
    // Without a king or an extinction rule, a game needs these rules.
    let none = "[o]\nimmobile = p\nstartFen = 8/8/8/8/8/8/8/8[Pp] w - - 0 1\npieceDrops = true\n";
    assert!(read(none).is_err());
    assert!(read(&format!("{none}adjudicateFullBoard = true\n")).is_ok());
}

#[test]
fn a_first_drop_square_off_the_board_is_refused() {
    let mut variant = sample("flipersi").variant().clone();
    assert_eq!(variant.validate(), Ok(()));
    variant
        .goals
        .enclosing
        .as_mut()
        .expect("flipersi's rules")
        .start = vec![64];
    assert_eq!(
        variant.validate(),
        Err(crate::kernel::VariantError::StartHand)
    );
}
