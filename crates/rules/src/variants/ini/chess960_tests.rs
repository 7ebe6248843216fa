//! Chess960's castling notation (`chess960 = true`): the move is written
//! as the king taking its own rook and FEN names the rights by the rooks'
//! files. Each figure is Fairy-Stockfish's (pyffish 0.0.90:
//! `legal_moves`, `get_fen`).

use super::tests::{after, sample};
use super::*;
use crate::variants::prelude::*;

/// The king's moves in UCI, sorted.
fn king_moves(g: &FileGame, p: &dyn crate::kernel::AnyPosition, king: &str) -> Vec<String> {
    let mut all: Vec<String> = p
        .legal_moves()
        .into_iter()
        .map(|m| g.uci_move(p, m))
        .filter(|m| m.starts_with(king))
        .collect();
    all.sort();
    all
}

#[test]
fn castling_is_written_as_the_king_taking_its_rook() {
    let g = sample("fischerandom");
    let fen = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
    let p = after(&g, fen, "");
    assert_eq!(king_moves(&g, &*p, "e1"), ["e1a1", "e1d1", "e1f1", "e1h1"]);
    // The same position in chess castles to the king's target square.
    let chess = sample("normal");
    let p = after(&chess, fen, "");
    assert_eq!(
        king_moves(&chess, &*p, "e1"),
        ["e1c1", "e1d1", "e1f1", "e1g1"]
    );
    // pyffish: after e1h1 the king is on g1 and the rook on f1, and the
    // rights left are named by Black's rooks' files.
    let p = after(&g, fen, "e1h1");
    assert_eq!(
        g.write_position(&*p),
        "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 b ha - 1 1"
    );
}

#[test]
fn rights_are_read_by_letter_or_by_the_rooks_file() {
    let g = sample("caparandom");
    for rights in ["KQkq", "JAja"] {
        let fen = format!("r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R w {rights} - 0 1");
        let p = after(&g, &fen, "");
        assert_eq!(king_moves(&g, &*p, "f1"), ["f1a1", "f1e1", "f1g1", "f1j1"]);
        assert!(g.write_position(&*p).contains(" JAja "));
    }
    let p = after(
        &g,
        "r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R w - - 0 1",
        "",
    );
    assert_eq!(king_moves(&g, &*p, "f1"), ["f1e1", "f1g1"]);
}
