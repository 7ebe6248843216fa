//! Orthodox chess on the generic kernel: perft against published counts,
//! FEN and UCI notation, the end of the game.
//!
//! Debug runs stop at the depths that stay fast; the deeper published counts
//! are checked in release by `scripts/kernel_perft_release.sh`.

use duckchess::kernel::{divide, perft, Draw, Game, Outcome, Win};
use duckchess::variants::chess::{self, from_fen, parse_uci, uci, FenError, UciError};

/// Perft counts from the Chess Programming Wiki's "Perft Results" page and
/// other published test suites, cross-checked with python-chess.
const POSITIONS: &[(&str, &str, &[u64])] = &[
    ("start", chess::START_FEN, &[20, 400, 8_902, 197_281]),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        &[48, 2_039, 97_862],
    ),
    (
        "position 3",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        &[14, 191, 2_812, 43_238],
    ),
    (
        "position 4",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        &[6, 264, 9_467],
    ),
    (
        "position 4 mirrored",
        "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
        &[6, 264, 9_467],
    ),
    (
        "position 5",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        &[44, 1_486, 62_379],
    ),
    (
        "position 6",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        &[46, 2_079, 89_890],
    ),
];

#[test]
fn published_perft_counts() {
    for &(name, fen, counts) in POSITIONS {
        let position = from_fen(fen).unwrap_or_else(|e| panic!("{name}: {e}"));
        for (depth, &expected) in (1..).zip(counts) {
            assert_eq!(perft(&position, depth), expected, "{name} depth {depth}");
        }
    }
}
