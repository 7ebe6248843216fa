//! The openings of a match's pairs: a book's lines in turn, then the same
//! lines with random plies after them, so that no pair replays another.

use super::{opening, Openings, BOOK_RANDOM_PLIES};
use duckchess_rules::variants::by_name;
use itertools::Itertools;

#[test]
fn a_book_used_up_goes_on_with_random_plies_and_no_pair_repeats() {
    let chess = by_name("chess").unwrap();
    let start = chess.start();
    let book = chess.openings().len() as u32;
    assert!(book > 1, "chess has a book");
    let pairs: Vec<_> = (0..3 * book)
        .map(|pair| opening(chess, &*start, &Openings::Builtin, 1, pair).unwrap())
        .collect();
    // The first round is the book itself.
    for (pair, (name, _)) in pairs.iter().take(book as usize).enumerate() {
        assert_eq!(name, chess.openings()[pair].0);
    }
    // Later rounds: the same line, then the random plies.
    for pair in book..3 * book {
        let (name, moves) = &pairs[pair as usize];
        let (_, line) = &pairs[(pair % book) as usize];
        assert_eq!(&moves[..line.len()], &line[..], "pair {pair}: {name}");
        assert_eq!(moves.len(), line.len() + BOOK_RANDOM_PLIES as usize);
        assert!(name.contains("random plies"), "{name}");
    }
    assert_eq!(
        pairs.iter().map(|(_, moves)| moves).unique().count(),
        pairs.len(),
        "every pair's opening differs"
    );
    // The seed decides the plies: the same pair, the same opening.
    assert_eq!(
        opening(chess, &*start, &Openings::Builtin, 1, book).unwrap(),
        pairs[book as usize]
    );
}
