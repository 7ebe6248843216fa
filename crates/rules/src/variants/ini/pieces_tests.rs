//! More pieces from a file: each side's own promotions (chigorin,
//! sort-of-almost), more than eight kinds (perfect, fairy, courier),
//! riders and grasshoppers, pieces that move one way and take another
//! (New Zealand, hoppel-poppel, manchu's banner), each against pyffish
//! 0.0.90's moves (Fairy-Stockfish's built-in game of the name,
//! `pyffish.legal_moves`).

use super::tests::{game, same_game, sample};
use super::*;
use crate::variants::prelude::*;

/// The promotions among a position's legal moves, in UCI, sorted, and the
/// number of all its moves.
fn promotions(g: &FileGame, fen: &str) -> (Vec<String>, usize) {
    let p = g
        .read_position(fen)
        .unwrap_or_else(|e| panic!("{fen}: {e}"));
    let moves = p.legal_moves();
    let mut found: Vec<String> = moves
        .iter()
        .map(|&m| g.coordinate_move(&*p, m))
        .filter(|m| m.len() == 5)
        .collect();
    found.sort();
    (found, moves.len())
}

#[test]
fn each_side_promotes_to_its_own_pieces() {
    // pyffish.legal_moves("chigorin", FEN, []): 7 moves for White (b7b8c,
    // b7b8n, b7b8r among them), 8 for Black (g2g1b, g2g1q, g2g1r).
    let white = "4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1";
    let black = "4k3/1P6/8/8/8/8/6p1/4K3 b - - 0 1";
    let g = sample("chigorin");
    assert_eq!(
        promotions(&g, white),
        (vec!["b7b8c".into(), "b7b8n".into(), "b7b8r".into()], 7)
    );
    assert_eq!(
        promotions(&g, black),
        (vec!["g2g1b".into(), "g2g1q".into(), "g2g1r".into()], 8)
    );
    // Sort-of-almost: White c r b n (8 moves), Black q r b n (9).
    let g = sample("sortofalmost");
    assert_eq!(promotions(&g, white).1, 8);
    assert_eq!(
        promotions(&g, black),
        (
            vec![
                "g2g1b".into(),
                "g2g1n".into(),
                "g2g1q".into(),
                "g2g1r".into()
            ],
            9
        )
    );
    // The writer states both lists, and reading them back gives the game.
    let text = write(g.variant()).unwrap();
    assert!(text.contains("promotionPieceTypesWhite = crbn\npromotionPieceTypesBlack = qrbn\n"));
    same_game(game(&text).variant(), g.variant());
}

/// Perft from a position (`start`: the game's), depths 1 to `counts.len()`.
fn perft(g: &FileGame, fen: &str, counts: &[u64]) {
    let p = if fen == "start" {
        g.start()
    } else {
        g.read_position(fen)
            .unwrap_or_else(|e| panic!("{fen}: {e}"))
    };
    let found: Vec<u64> = (1..=counts.len() as u32).map(|d| p.perft(d)).collect();
    assert_eq!(found, counts, "{} {fen}", g.name());
}

#[test]
fn more_than_eight_kinds_of_piece() {
    // Each figure is pyffish 0.0.90's, counted by pyffish.legal_moves
    // recursively (Fairy-Stockfish's built-in game of the name).
    // Perfect chess, nine kinds on 8 × 8 (a game of u128 sets).
    perft(&sample("perfect"), "start", &[23, 529, 15_082]);
    // Courier chess, nine kinds on 12 × 8.
    perft(&sample("courier"), "start", &[26, 678, 18_406]);
    // Fairy chess, eleven kinds (five that no position reached from the
    // start holds): chess's counts.
    let fairy = sample("fairy");
    assert_eq!(fairy.variant().kinds.len(), 11);
    perft(&fairy, "start", &[20, 400, 8_902]);
    // Thirteen kinds are refused by the reader, with the line of the
    // thirteenth piece.
    let text = "[a:chess]\nfers = f\nwazir = w\nalfil = e\nsilver = s\ncommoner = m\n\
                archbishop = a\nchancellor = c\n";
    assert_eq!(
        super::tests::error(text),
        "line 8: a variant has 1 to 12 kinds of piece, not 13"
    );
}

/// The number of legal moves in a position of a sample game.
fn moves(name: &str, fen: &str) -> usize {
    let g = sample(name);
    let p = g
        .read_position(fen)
        .unwrap_or_else(|e| panic!("{name} {fen}: {e}"));
    p.legal_moves().len()
}

/// Each count is pyffish 0.0.90's: `len(pyffish.legal_moves(NAME, FEN, []))`.
#[test]
fn riders_hoppers_and_pieces_that_take_otherwise() {
    let cases = [
        // The nightrider (NN): d4 rides to b8, f8 and h2, h6; a pawn on e2
        // blocks d4-e2 (and so f0 beyond), and the pawn's moves replace it.
        ("nightrider", "4k3/8/8/8/3N4/8/8/4K3 w - - 0 1", 17),
        ("nightrider", "4k3/8/8/8/3N4/8/4P3/4K3 w - - 0 1", 17),
        // The grasshopper (gQ): only over the pawn on d5, to d6.
        ("grasshopper", "4k3/8/8/3p4/8/3G4/8/4K3 w - - 0 1", 6),
        // Black is in check from e4 over the pawn on e7: the pawn's step
        // to e6 (no double step here) moves the hurdle, or the king steps
        // aside.
        ("grasshopper", "4k3/4p3/8/8/4G3/8/8/4K3 b - - 0 1", 5),
        // The rookni (mRcN) moves as a rook (not onto d6's pawn) and takes
        // e5 as a knight.
        ("newzealand", "4k3/8/3p4/4p3/8/3R4/8/4K3 w - - 0 1", 17),
        // It castles; the black rookni on a1 attacks as a knight only.
        ("newzealand", "4k3/8/8/8/8/8/8/r3K2R w K - 0 1", 15),
        // The kniroo (mNcR) on e4 checks along the file: the king steps
        // off it.
        ("newzealand", "4k3/8/8/8/4n3/8/8/R3K3 w - - 0 1", 4),
        // The knibis (mNcB) leaps quietly, and takes only as a bishop.
        ("hoppelpoppel", "4k3/8/3p4/4p3/8/3N4/8/4K3 w - - 0 1", 11),
        // The biskni (mBcN) on a1 gives no check along the diagonal.
        ("hoppelpoppel", "4k3/8/8/8/8/8/8/b3K3 w - - 0 1", 5),
        // The banner (RcpRnN): a rook, a horse, and a cannon's capture
        // (d1 takes d3 as a rook and d7 over it).
        ("manchu", "4k4/9/9/4p4/9/9/9/9/9/M3K4 w - - 0 1", 17),
        ("manchu", "3k5/9/9/3c5/9/9/9/3p5/9/3MK4 w - - 0 1", 11),
    ];
    for (name, fen, count) in cases {
        assert_eq!(moves(name, fen), count, "{name} {fen}");
    }
}

#[test]
fn the_new_pieces_write_back() {
    for name in ["nightrider", "grasshopper", "newzealand", "hoppelpoppel"] {
        let g = sample(name);
        same_game(game(&write(g.variant()).unwrap()).variant(), g.variant());
    }
    assert_eq!(
        betza::write(
            &betza::read("mRcN")
                .unwrap()
                .apply(crate::kernel::PieceKind::new("rookni", 'r', 500))
        )
        .unwrap(),
        "cNmR"
    );
}
