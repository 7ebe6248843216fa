//! Pieces in hand and drops from a file: crazyhouse, each figure
//! Fairy-Stockfish's (pyffish 0.0.90 and the engine's `go perft`).

use crate::kernel::{perft, Color, Kind, Move, MoveKind, Position, Rules};
use crate::variants::fen::{read_fen, Fen};
use crate::variants::{san, uci};

fn crazyhouse() -> &'static Rules<u64> {
    static RULES: std::sync::OnceLock<&'static Rules<u64>> = std::sync::OnceLock::new();
    RULES.get_or_init(|| {
        let game = super::tests::sample("crazyhouse");
        Rules::new(game.variant().clone()).unwrap().leak()
    })
}

fn fen(text: &str) -> Position<u64> {
    read_fen(crazyhouse(), text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn write(p: &Position<u64>) -> String {
    Fen::of(p).to_string()
}

fn play(p: &mut Position<u64>, moves: &str) {
    for text in moves.split_whitespace() {
        let m = uci::parse_uci(p, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        p.play(m).unwrap();
    }
}

#[test]
fn crazyhouse_reads_as_data() {
    let rules = crazyhouse();
    let drops = rules.variant().drops.clone().expect("drops");
    assert!(drops.captures_to_hand);
    assert!(!drops.first_rank_pawns && !drops.promotion_zone_pawns);
    let start = Position::new(rules);
    assert_eq!(
        write(&start),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"
    );
    // Fairy-Stockfish's `go perft`: no drop before ply 5.
    assert_eq!(perft(&start, 4), 197_281);
}

#[test]
fn captures_go_to_hand_and_are_dropped() {
    let mut p = Position::new(crazyhouse());
    play(&mut p, "e2e4 d7d5 e4d5 d8d5 b1c3 d5a2 a1a2");
    // pyffish's FEN of the same game.
    assert_eq!(
        write(&p),
        "rnb1kbnr/ppp1pppp/8/8/8/2N5/RPPP1PPP/2BQKBNR[QPpp] b Kkq - 0 4"
    );
    let drops: Vec<Move> = p
        .legal_moves()
        .into_iter()
        .filter(|m| m.dropped().is_some())
        .collect();
    // Pawns on ranks 2 to 7 only: 32 empty squares there, of 33 with e2.
    assert_eq!(drops.len(), 33);
    assert!(drops.iter().all(|m| m.dropped() == Some(Kind(5))));
    assert_eq!(uci::write_uci(p.rules().variant(), drops[0]), "P@e2");
    let m = uci::parse_uci(&p, "P@e2").unwrap();
    assert_eq!(m, Move::drop(Kind(5), 12));
    assert_eq!(san::write(&p, m), "P@e2");
    assert_eq!(san::parse(&p, "P@e2"), Ok(m));
    assert_eq!(san::parse(&p, "@e2"), Ok(m));
    assert!(san::parse(&p, "Q@e2").is_err());
    assert!(uci::parse_uci(&p, "P@e1").is_err());
    let key = p.key();
    p.play(m).unwrap();
    assert_eq!(
        write(&p),
        "rnb1kbnr/ppp1pppp/8/8/8/2N5/RPPPpPPP/2BQKBNR[QPp] w Kkq - 0 5"
    );
    assert_eq!(p.in_hand(Color::Black, Kind(5)), 1);
    // The key follows the hands: the same position read again has it.
    assert_eq!(p.key(), fen(&write(&p)).key());
    assert_ne!(p.key(), key);
}

#[test]
fn a_promoted_piece_goes_to_hand_as_a_pawn() {
    let mut p = fen("k5r1/7P/8/8/8/8/8/K7[] w - - 5 1");
    play(&mut p, "h7g8q a8b7");
    assert_eq!(write(&p), "6Q~1/1k6/8/8/8/8/8/K7[R] w - - 1 2");
    play(&mut p, "g8b8 b7b8");
    assert_eq!(write(&p), "1k6/8/8/8/8/8/8/K7[Rp] w - - 0 3");
    // A moved promoted piece keeps its mark.
    let mut q = fen("k5r1/7P/8/8/8/8/8/K7[] w - - 5 1");
    play(&mut q, "h7g8q a8b7 g8g7 b7a6");
    assert_eq!(write(&q), "8/6Q~1/k7/8/8/8/8/K7[R] w - - 3 3");
}

#[test]
fn pockets_and_promoted_pieces_round_trip() {
    for text in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
        "rnbqkbnr/ppppppp1/8/8/8/8/PPPPPPP1/RNBQKBNR[QRBNPqrbnp] w KQkq - 0 1",
        "r1bQ~kb1r/pp3ppp/2n5/8/8/8/PPP2PPP/RNB1KBNR[NPPbnp] b KQ - 0 9",
        "k7/8/8/8/8/8/8/K6q~[PPPPPPPPPPPP] w - - 0 40",
    ] {
        assert_eq!(write(&fen(text)), text);
    }
    // The pocket in any order, written in the kinds' order, White first.
    assert_eq!(
        write(&fen("k7/8/8/8/8/8/8/K7[pnPbQ] w - - 0 1")),
        "k7/8/8/8/8/8/8/K7[QPbnp] w - - 0 1"
    );
    // No pocket: an empty one.
    assert_eq!(
        write(&fen("k7/8/8/8/8/8/8/K7 w - - 0 1")),
        "k7/8/8/8/8/8/8/K7[] w - - 0 1"
    );
    // A `~` on a piece is read, on an empty square refused.
    assert!("8~/8/8/8/8/8/8/8 w - - 0 1".parse::<Fen>().is_err());
    assert!(read_fen(crazyhouse(), "k7/8/8/8/8/8/8/K7[x] w - - 0 1").is_err());
    assert!(read_fen(crazyhouse(), "k7/8/8/8/8/8/8/K7[K] w - - 0 1").is_err());
    assert!(read_fen(crazyhouse(), "k7/8/8/8/8/8/8/K7[Q w - - 0 1").is_err());
    // Chess has no hands: an empty pocket is read, a full one refused.
    let chess = crate::variants::chess::rules();
    assert!(read_fen(chess, "k7/8/8/8/8/8/8/K7[] w - - 0 1").is_ok());
    assert!(read_fen(chess, "k7/8/8/8/8/8/8/K7[Q] w - - 0 1").is_err());
}

#[test]
fn drops_block_checks_and_give_them() {
    // The rook checks along the first rank: a drop between blocks it.
    let p = fen("4k3/8/8/8/8/8/8/r3K3[N] w - - 0 1");
    let blocks: Vec<usize> = p
        .legal_moves()
        .into_iter()
        .filter(|m| m.dropped().is_some())
        .map(|m| m.to())
        .collect();
    assert_eq!(blocks, vec![1, 2, 3]);
    // Double check: no drop.
    let p = fen("4k3/8/8/8/8/5n2/8/r3K3[N] w - - 0 1");
    assert!(p
        .legal_moves()
        .iter()
        .all(|m| m.kind != MoveKind::Drop(Kind(4))));
    // A drop that mates (pyffish: no move after N@f7).
    let mut p = fen("6rk/6pp/8/8/8/8/8/K7[N] w - - 0 1");
    let m = uci::parse_uci(&p, "N@f7").unwrap();
    assert_eq!(san::write(&p, m), "N@f7#");
    p.play(m).unwrap();
    assert!(p.legal_moves().is_empty() && p.is_check());
    // Counting and listing agree with drops.
    let p = fen("r1bQ~kb1r/pp3ppp/2n5/8/8/8/PPP2PPP/RNB1KBNR[NPPbnp] b KQ - 0 9");
    assert_eq!(p.count_legal(), p.legal_moves().len());
}

#[test]
fn random_play_keeps_keys_and_fens_whole() {
    // Every position of a few seeded random games: the key kept move by
    // move is the key of the position read again from its FEN, and the
    // FEN reads back to the same position.
    let mut seed = 43u64;
    for _ in 0..6 {
        let mut p = Position::new(crazyhouse());
        for _ in 0..120 {
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            p.play(moves[(seed >> 33) as usize % moves.len()]).unwrap();
            let again = fen(&write(&p));
            assert_eq!(again.key(), p.key(), "{}", write(&p));
            assert!(again == p, "{}", write(&p));
        }
    }
}

#[test]
fn hands_keep_a_chess_position_within_two_cache_lines() {
    // Beyond 128 bytes a position's copy becomes a call to memcpy: 1.8 %
    // more instructions in chess's perft.
    assert!(std::mem::size_of::<Position<u64>>() <= 128);
}

/// Capahouse (and mini, minishogi by another name) from the sample file:
/// a hand written in Fairy-Stockfish's order, the bishop before the pawn,
/// as pyffish 0.0.90 writes this position (reached in its seeded game).
#[test]
fn capahouse_writes_its_hand_in_fairy_stockfishs_order() {
    use crate::variants::prelude::*;
    let g = super::tests::sample("capahouse");
    let fen =
        "1n1b2b1nr/1p2p1k3/rB1p2p1pp/p2p1p1p2/A2PPP4/2P2C2c1/PP3QPP1P/RNA1QK1RN1[pb] w - - 0 21";
    let p = g.read_position(fen).unwrap();
    assert_eq!(
        g.write_position(&*p),
        "1n1b2b1nr/1p2p1k3/rB1p2p1pp/p2p1p1p2/A2PPP4/2P2C2c1/PP3QPP1P/RNA1QK1RN1[bp] w - - 0 21"
    );
    // Fairy-Stockfish's perft(4): Capablanca chess's, no drop before ply 5.
    assert_eq!(g.start().perft(4), 805_128);
    let mini = super::tests::sample("mini");
    assert_eq!(
        mini.start().perft(3),
        super::tests::sample("minishogi").start().perft(3)
    );
}

/// The pieces in hand at the start and the drop region: pocket knight
/// and dragon chess from the sample file, each figure pyffish 0.0.90's.
#[test]
fn a_hand_at_the_start_and_a_drop_region() {
    use super::tests::{after, sample};
    use crate::variants::prelude::*;
    let g = sample("pocketknight");
    let start = g.start();
    assert_eq!(
        g.write_position(&*start),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Nn] w KQkq - 0 1"
    );
    // 20 moves and 32 knight drops.
    assert_eq!(start.legal_moves().len(), 52);
    // The knight dropped, a pawn taken: it goes to no hand.
    let p = after(&g, "start", "e2e4 d7d5 e4d5 N@c6");
    assert_eq!(
        g.write_position(&*p),
        "rnbqkbnr/ppp1pppp/2n5/3P4/8/8/PPPP1PPP/RNBQKBNR[N] w KQkq - 0 3"
    );
    assert_eq!(p.legal_moves().len(), 63);
    let g = sample("dragon");
    // The first rank full: no drop.
    assert_eq!(g.start().legal_moves().len(), 20);
    let p = after(&g, "start", "g1f3 b8c6");
    let drops: Vec<String> = p
        .legal_moves()
        .into_iter()
        .filter(|m| m.dropped().is_some())
        .map(|m| g.coordinate_move(&*p, m))
        .collect();
    assert_eq!(drops, ["D@g1"]);
}

/// A promoted queen taken: in crazyhouse a pawn to the hand, in loop
/// chess (and chessgi) a queen, unmarked; in bughouse marked, and to no
/// hand. pyffish 0.0.90's FENs.
#[test]
fn loop_keeps_and_bughouse_marks_the_promoted() {
    use super::tests::{after, sample};
    use crate::variants::prelude::*;
    let fen = "r3k3/1P6/8/8/8/8/8/4K3[] w - - 0 1";
    for (name, promoted, taken) in [
        (
            "crazyhouse",
            "rQ~2k3/8/8/8/8/8/8/4K3[] b - - 0 1",
            "1r2k3/8/8/8/8/8/8/4K3[p] w - - 0 2",
        ),
        (
            "loop",
            "rQ2k3/8/8/8/8/8/8/4K3[] b - - 0 1",
            "1r2k3/8/8/8/8/8/8/4K3[q] w - - 0 2",
        ),
        (
            "chessgi",
            "rQ2k3/8/8/8/8/8/8/4K3[] b - - 0 1",
            "1r2k3/8/8/8/8/8/8/4K3[q] w - - 0 2",
        ),
        (
            "bughouse",
            "rQ~2k3/8/8/8/8/8/8/4K3[] b - - 0 1",
            "1r2k3/8/8/8/8/8/8/4K3[] w - - 0 2",
        ),
    ] {
        let g = sample(name);
        assert_eq!(
            g.write_position(&*after(&g, fen, "b7b8q")),
            promoted,
            "{name}"
        );
        assert_eq!(
            g.write_position(&*after(&g, fen, "b7b8q a8b8")),
            taken,
            "{name}"
        );
    }
    // Pawns dropped on the first rank in chessgi only: 5 king moves and
    // 48 drops, or 55.
    let fen = "4k3/8/8/8/8/8/8/4K3[Pp] w - - 0 1";
    for (name, moves) in [("crazyhouse", 53), ("loop", 53), ("chessgi", 60)] {
        let g = sample(name);
        assert_eq!(
            g.read_position(fen).unwrap().legal_moves().len(),
            moves,
            "{name}"
        );
    }
}

/// What the new keys cannot say is refused with one line naming the key.
#[test]
fn hands_and_regions_refuse_what_they_cannot_say() {
    for (text, error) in [
        (
            "[x:chess]\ndropLoop = true\n",
            "line 2: dropLoop = true is not supported: played here where pieceDrops = true",
        ),
        (
            "[x:chess]\ntwoBoards = true\n",
            "line 2: twoBoards = true is not supported: played here where pieceDrops = true",
        ),
        (
            "[x:chess]\ndropRegionWhite = *1\n",
            "line 2: dropRegionWhite = *1 is not supported: nothing is dropped without pieceDrops = true",
        ),
        (
            "[x:chess]\npieceDrops = true\ndropRegionWhite = *9\n",
            "line 3: dropRegionWhite = \"*9\": squares (e1), whole ranks (*1) or whole files (e*)",
        ),
        (
            "[x:chess]\nstartFen = 4k3/8/8/8/8/8/8/4K3[Nn] w - - 0 1\n",
            "line 2: startFen: pieces in hand ([Nn]) need pieceDrops = true or seirawanGating = true",
        ),
        (
            "[x:chess]\npieceDrops = true\nstartFen = 4k3/8/8/8/8/8/8/4K3[Zn] w - - 0 1\n",
            "line 3: startFen: 'Z' in the pocket [Zn] is no piece of the game",
        ),
        (
            "[x:chess]\npieceDrops = true\nstartFen = 4k3/8/8/8/8/8/8/4K3[Kn] w - - 0 1\n",
            "line 1: pieces in hand at the start are of the variant's kinds and not royal, and drop regions on its board",
        ),
    ] {
        assert_eq!(super::read(text).unwrap_err().to_string(), error, "{text}");
    }
}

/// The extinction rule counts pieces in hand, as Fairy-Stockfish's
/// `count_with_hand`: in koedem, Black without a king while White holds
/// one on the board and one in hand has lost, though its pawn could move
/// (pyffish 0.0.90: no legal move, `is_immediate_game_end` true); with
/// the hand empty it plays on (two moves).
#[test]
fn extinction_counts_the_hand() {
    use crate::variants::prelude::*;
    let g = super::tests::sample("koedem");
    let p = g.read_position("8/p7/8/8/8/8/8/4K3[K] b - - 0 1").unwrap();
    assert!(p.legal_moves().is_empty());
    let p = g.read_position("8/p7/8/8/8/8/8/4K3[] b - - 0 1").unwrap();
    assert_eq!(p.legal_moves().len(), 2);
}
