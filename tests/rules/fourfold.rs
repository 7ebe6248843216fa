//! Fourfold on the kernel: the spec's perft counts, movement on every axis,
//! the end rules in the spec's order, and the notation, cross-checked
//! against the naive checker in `tests/naive`, which shares no code with the
//! crate.

use crate::naive;

use duckchess::kernel::{perft, Color, Draw, Game, Move, Outcome, Position, SquareSet, Win};
use duckchess::variants::fourfold::{
    self, coordinate_move, parse_square, read_move, read_position, read_record, square,
    square_name, start, write_move, write_position, write_record, Army, MoveTextError, PAWN, QUEEN,
};
use duckchess::variants::{by_name, layout::Across};
use proptest::prelude::*;
use rand_chacha::rand_core::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn sq(name: &str) -> usize {
    parse_square(name).unwrap_or_else(|| panic!("{name} is a square"))
}

fn pos(text: &str) -> Position<u64> {
    read_position(Army::Full, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn mv(p: &Position<u64>, text: &str) -> Move {
    read_move(p, text).unwrap_or_else(|e| panic!("{e}"))
}

/// The targets of the piece on `from`, named and sorted.
fn targets(p: &Position<u64>, from: &str) -> Vec<String> {
    let mut out: Vec<String> = p
        .legal_moves()
        .into_iter()
        .filter(|m| m.from() == sq(from))
        .map(|m| square_name(m.to()))
        .collect();
    out.sort();
    out
}

/// The naive checker's legal moves as (from, to, promotes).
fn naive_moves(p: &Position<u64>) -> Vec<(usize, usize, bool)> {
    let board = naive::parse_fourfold(&write_position(p));
    board
        .legal_moves()
        .into_iter()
        .map(|m| (m.from, m.to, m.promotion == Some('Q')))
        .collect()
}

fn kernel_moves(p: &Position<u64>) -> Vec<(usize, usize, bool)> {
    let mut out: Vec<_> = p
        .legal_moves()
        .into_iter()
        .map(|m| {
            assert!(m.promotion.is_none() || m.promotion == Some(QUEEN));
            (m.from(), m.to(), m.promotion.is_some())
        })
        .collect();
    out.sort();
    out
}

#[test]
fn perft_classic_depths_1_to_4() {
    let p = start(Army::Classic);
    let counts: Vec<u64> = (1..=4).map(|d| perft(&p, d)).collect();
    assert_eq!(counts, [41, 1_671, 74_569, 3_194_878]);
}

#[test]
fn perft_full_depths_1_to_4() {
    let p = start(Army::Full);
    let counts: Vec<u64> = (1..=4).map(|d| perft(&p, d)).collect();
    assert_eq!(counts, [48, 2_116, 100_207, 4_700_547]);
}

#[test]
fn the_starts_are_the_spec_texts_and_each_side_has_41_classic_moves() {
    assert_eq!(
        write_position(&start(Army::Classic)),
        fourfold::CLASSIC_START
    );
    assert_eq!(write_position(&start(Army::Full)), fourfold::FULL_START);
    // Black to move in the classic start has 41 moves too (the setup is
    // symmetric through the centre), and the naive checker agrees.
    let black = read_position(
        Army::Classic,
        &fourfold::CLASSIC_START.replace(" w ", " b "),
    )
    .unwrap();
    assert_eq!(black.legal_moves().len(), 41);
    assert_eq!(kernel_moves(&black), naive_moves(&black));
    // The full start: ten captures, all of pawns one W step away: eight
    // by White's pawns, two by its knights (two along Y, one along W).
    let full = start(Army::Full);
    let mut by_kind = [0; 6];
    for m in full.legal_moves() {
        if let Some(victim) = full.piece_at(m.to()) {
            assert_eq!(victim.kind, PAWN);
            by_kind[full.piece_at(m.from()).unwrap().kind.index()] += 1;
        }
    }
    assert_eq!(
        (by_kind[PAWN.index()], by_kind[fourfold::KNIGHT.index()]),
        (8, 2)
    );
    assert_eq!(by_kind.iter().sum::<i32>(), 10);
}

/// Plays seeded random games and hands every position reached to `visit`;
/// returns how many positions were visited.
fn random_games(
    army: Army,
    seed: u64,
    games: usize,
    plies: usize,
    mut visit: impl FnMut(&Position<u64>),
) -> usize {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut visited = 0;
    for _ in 0..games {
        let mut game = Game::new(start(army));
        for _ in 0..plies {
            let p = *game.position();
            visit(&p);
            visited += 1;
            if game.outcome().is_some() {
                break;
            }
            let moves = p.legal_moves();
            let m = moves[(rng.next_u32() as usize) % moves.len()];
            game.play(m).unwrap();
        }
    }
    visited
}

fn agree_with_naive(army: Army, seed: u64) -> usize {
    let mut promotions = 0;
    let n = random_games(army, seed, 24, 90, |p| {
        let kernel = kernel_moves(p);
        assert_eq!(kernel, naive_moves(p), "{}", write_position(p));
        promotions += kernel.iter().filter(|m| m.2).count();
    });
    assert!(promotions > 0, "the games reached promotions");
    n
}

#[test]
fn random_classic_positions_agree_with_the_naive_checker() {
    let n = agree_with_naive(Army::Classic, 11);
    eprintln!("classic: {n} positions compared");
    assert!(n >= 1000);
}

#[test]
fn random_full_positions_agree_with_the_naive_checker() {
    let n = agree_with_naive(Army::Full, 12);
    eprintln!("full: {n} positions compared");
    assert!(n >= 1000);
}

#[test]
fn a_rook_checks_across_w() {
    // White rook a1[0,0], Black king a1[0,1]: one step along W.
    let p = pos("4/4/4/R3|3K/4/4/4|4/4/4/k3|4/4/4/4 b");
    assert!(p.is_check());
    assert_eq!(p.checkers().first(), Some(sq("a1[0,0]")));
    // The king may take the rook across W, or step off its lines, but not
    // onto a2[0,0] or b1[0,0], which the rook covers along Y and X.
    let flights = targets(&p, "a1[0,1]");
    assert!(flights.contains(&"a1[0,0]".to_string()));
    assert!(flights.contains(&"b2[0,1]".to_string()));
    assert!(!flights.contains(&"a2[0,0]".to_string()));
    assert!(!flights.contains(&"b1[0,0]".to_string()));
    assert_eq!(kernel_moves(&p), naive_moves(&p));
    // The same rook, White to move with the king there: not a legal position.
    assert_eq!(
        read_position(Army::Full, "4/4/4/R3|3K/4/4/4|4/4/4/k3|4/4/4/4 w")
            .unwrap_err()
            .to_string(),
        "impossible position: the black king on a1[0,1] is in check with white to move \
         (the side that just moved cannot be in check)"
    );
}

#[test]
fn a_slider_is_blocked_only_on_its_own_4d_path() {
    // Bishop a1[0,0] on the a1-d4 diagonal of its board; the same drawn
    // squares b2 and c3 on the three other boards do not block it.
    let free = pos("4/4/4/B3|3K/2p1/1p2/4|4/2p1/1p2/4|k3/2p1/1p2/4 w");
    assert!(targets(&free, "a1[0,0]").contains(&"d4[0,0]".to_string()));
    assert_eq!(kernel_moves(&free), naive_moves(&free));
    // A piece on b2[0,0] itself does.
    let blocked = pos("4/4/1p2/B3|3K/2p1/1p2/4|4/2p1/1p2/4|k3/2p1/1p2/4 w");
    assert_eq!(
        targets(&blocked, "a1[0,0]"),
        ["a2[1,0]", "b1[0,1]", "b1[1,0]", "b2[0,0]", "a2[0,1]", "a1[1,1]"]
            .iter()
            .map(|s| s.to_string())
            .collect::<Vec<_>>()
            .tap_sort()
    );
    assert_eq!(kernel_moves(&blocked), naive_moves(&blocked));
    // A rook's file: pieces on a2 and a3 of the other boards leave
    // a1[0,0]-a4[0,0] open.
    let rook = pos("4/4/4/R3|K3/p3/p3/4|4/p3/p3/4|3k/p3/p3/4 w");
    assert!(targets(&rook, "a1[0,0]").contains(&"a4[0,0]".to_string()));
    assert_eq!(kernel_moves(&rook), naive_moves(&rook));
}

trait TapSort {
    fn tap_sort(self) -> Self;
}

impl TapSort for Vec<String> {
    fn tap_sort(mut self) -> Self {
        self.sort();
        self
    }
}

#[test]
fn knight_leaps_from_a_corner_and_the_centre() {
    // From a corner: two along X or Y, then one along each of the other
    // three axes that stays on the board: 3 + 3.
    let corner = pos("4/4/4/N3|4/4/4/k3|4/4/4/4|3K/4/4/4 w");
    assert_eq!(
        targets(&corner, "a1[0,0]"),
        ["c2[0,0]", "c1[1,0]", "c1[0,1]", "b3[0,0]", "a3[1,0]", "a3[0,1]"]
            .iter()
            .map(|s| s.to_string())
            .collect::<Vec<_>>()
            .tap_sort()
    );
    // From b2: +2 along X (to d) or Y (to 4) only, then ±1 on the other
    // of X/Y and +1 on Z and W: 4 + 4.
    let centre = pos("4/4/1N2/4|k3/4/4/4|4/4/4/4|3K/4/4/4 w");
    let t = targets(&centre, "b2[0,0]");
    assert_eq!(t.len(), 8, "{t:?}");
    for name in [
        "d1[0,0]", "d3[0,0]", "d2[1,0]", "d2[0,1]", "a4[0,0]", "c4[0,0]", "b4[1,0]", "b4[0,1]",
    ] {
        assert!(t.contains(&name.to_string()), "{name} in {t:?}");
    }
    assert_eq!(kernel_moves(&centre), naive_moves(&centre));
}

#[test]
fn pawns_push_one_step_and_capture_along_x_z_or_w() {
    // White pawn b2[0,0]; Black pawns on a3 and c3 (X), b3[1,0] (Z),
    // b3[0,1] (W), and c3[1,0], two sideways steps away: not a capture.
    let p = pos("4/p1p1/1P2/4|3K/1pp1/4/4|4/1p2/4/4|k3/4/4/4 w");
    let t = targets(&p, "b2[0,0]");
    let want: Vec<String> = ["b3[0,0]", "a3[0,0]", "c3[0,0]", "b3[1,0]", "b3[0,1]"]
        .iter()
        .map(|s| s.to_string())
        .collect::<Vec<_>>()
        .tap_sort();
    assert_eq!(t, want);
    assert_eq!(kernel_moves(&p), naive_moves(&p));
    // No double step from the second rank, no push onto a piece.
    let start = start(Army::Classic);
    assert_eq!(targets(&start, "a2[0,0]"), ["a3[0,0]"]);
    let blocked = pos("4/1p2/1P2/4|3K/4/4/4|4/4/4/4|k3/4/4/4 w");
    assert!(targets(&blocked, "b2[0,0]").is_empty());
    // Black's pawns go toward rank 1, capturing along W too.
    let black = pos("4/4/4/4|3K/4/4/4|4/4/1p2/4|k3/4/4/4 b");
    let mut t = targets(&black, "b2[0,1]");
    t.sort();
    assert_eq!(t, ["b1[0,1]"]);
    let black = pos("4/4/4/1Q2|3K/4/4/4|4/4/1p2/4|k3/4/4/4 b");
    assert!(targets(&black, "b2[0,1]").contains(&"b1[0,0]".to_string()));
}

#[test]
fn a_pawn_on_the_last_rank_becomes_a_queen_only() {
    let p = pos("4/2P1/4/4|3K/4/4/4|4/4/4/4|k3/4/4/4 w");
    let moves: Vec<Move> = p
        .legal_moves()
        .into_iter()
        .filter(|m| m.from() == sq("c3[0,0]"))
        .collect();
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0].promotion, Some(QUEEN));
    assert_eq!(write_move(&p, moves[0]), "c3[0,0]-c4[0,0]=Q");
    assert_eq!(read_move(&p, "c3[0,0]-c4[0,0]"), Ok(moves[0]));
    assert!(matches!(
        read_move(&p, "c3[0,0]-c4[0,0]=R"),
        Err(MoveTextError::Promotion { .. })
    ));
    let mut after = p;
    after.play(moves[0]).unwrap();
    let queen = after.piece_at(sq("c4[0,0]")).unwrap();
    assert_eq!((queen.color, queen.kind), (Color::White, QUEEN));
    // Black promotes on rank 1.
    let b = pos("4/4/4/4|3K/4/4/4|4/4/p3/4|k3/4/4/4 b");
    let m = mv(&b, "a2[0,1]-a1[0,1]=Q");
    assert_eq!(m.promotion, Some(QUEEN));
    // A pawn never stands on its last rank.
    assert_eq!(
        read_position(Army::Full, "P3/4/4/4|3K/4/4/4|4/4/4/4|k3/4/4/4")
            .unwrap_err()
            .to_string(),
        "impossible position: a white pawn stands on a4[0,0], its last rank, where it would \
         have promoted"
    );
}

#[test]
fn the_move_limit_draws_at_the_100th_ply_not_the_99th() {
    let p = pos("4/4/4/R3|3K/4/4/4|4/4/4/4|k3/4/4/4 w 98 60");
    let mut game = Game::new(p);
    game.play(mv(&p, "Ra1[0,0]-a2[0,0]")).unwrap();
    assert_eq!(game.position().halfmove(), 99);
    assert_eq!(game.outcome(), None, "the 99th ply is not a draw");
    let m = mv(game.position(), "a4[1,1]-b4[1,1]");
    game.play(m).unwrap();
    assert_eq!(game.position().halfmove(), 100);
    assert_eq!(game.outcome(), Some(Outcome::Draw(Draw::MoveLimit)));
    // A pawn move or a capture resets the count.
    let q = pos("4/4/P3/R3|3K/4/4/4|4/4/4/4|k3/4/4/4 w 99");
    let mut after = q;
    after.play(mv(&q, "a2[0,0]-a3[0,0]")).unwrap();
    assert_eq!((after.halfmove(), after.outcome()), (0, None));
}

/// A position, White to move with the clock at 99, where a quiet move
/// mates: found by a seeded search, so the order of the end rules can be
/// tested (mate comes before the move limit).
fn mate_on_the_100th_ply() -> (Position<u64>, Move) {
    let mut rng = ChaCha8Rng::seed_from_u64(100);
    let pick = |rng: &mut ChaCha8Rng| (rng.next_u32() % 64) as usize;
    for _ in 0..200_000 {
        let squares: Vec<usize> = (0..4).map(|_| pick(&mut rng)).collect();
        let mut distinct = squares.clone();
        distinct.sort();
        distinct.dedup();
        if distinct.len() < 4 {
            continue;
        }
        // White K, Q, R against a lone Black king.
        let mut setup = duckchess::kernel::Setup::empty(64);
        let white = |kind| {
            Some(duckchess::kernel::Piece {
                color: Color::White,
                kind,
            })
        };
        setup.board[squares[0]] = white(fourfold::KING);
        setup.board[squares[1]] = white(fourfold::QUEEN);
        setup.board[squares[2]] = white(fourfold::ROOK);
        setup.board[squares[3]] = Some(duckchess::kernel::Piece {
            color: Color::Black,
            kind: fourfold::KING,
        });
        setup.halfmove = 99;
        let Ok(p) = Position::from_setup(fourfold::rules(Army::Full), &setup) else {
            continue;
        };
        for m in p.legal_moves() {
            if p.piece_at(m.to()).is_some() {
                continue;
            }
            let mut after = p;
            after.play_unchecked(m);
            if after.is_check() && after.legal_moves().is_empty() {
                return (p, m);
            }
        }
    }
    panic!("no mate found");
}

#[test]
fn the_end_rules_come_in_the_spec_order() {
    // 1 before 3: a mate on the 100th ply is a mate.
    let (p, m) = mate_on_the_100th_ply();
    let mut game = Game::new(p);
    game.play(m).unwrap();
    assert_eq!(game.position().halfmove(), 100);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Decisive {
            winner: Color::White,
            how: Win::Checkmate
        })
    );
    assert!(write_move(&p, m).ends_with('#'));
    // 2: a capture leaving the bare kings is a draw, although the clock
    // restarts.
    let q = pos("4/4/4/4|3K/4/4/4|4/4/4/4|kR2/4/4/4 b 40");
    let mut after = q;
    after.play(mv(&q, "Ka4[1,1]xb4[1,1]")).unwrap();
    assert_eq!(after.outcome(), Some(Outcome::Draw(Draw::DeadPosition)));
    // King and knight against king plays on.
    let kn = pos("4/4/4/N3|3K/4/4/4|4/4/4/4|k3/4/4/4 w");
    assert_eq!(kn.outcome(), None);
}

#[test]
fn the_third_occurrence_draws_and_the_start_counts() {
    let mut game = Game::new(start(Army::Classic));
    let shuffle = [
        "Nb1[0,0]-a3[0,0]",
        "Nc4[1,1]-d2[1,1]",
        "Na3[0,0]-b1[0,0]",
        "Nd2[1,1]-c4[1,1]",
    ];
    for round in 0..2 {
        for (i, text) in shuffle.iter().enumerate() {
            assert_eq!(game.outcome(), None, "round {round}, before {text}");
            let m = mv(game.position(), text);
            game.play(m).unwrap();
            if i < 3 {
                assert_eq!(game.outcome(), None);
            }
        }
        // After the first round the start has occurred twice, after the
        // second three times: a draw, the start counting.
        let want = (round == 1).then_some(Outcome::Draw(Draw::Repetition));
        assert_eq!(game.outcome(), want, "round {round}");
        assert_eq!(game.repetitions(), round + 2);
    }
}

#[test]
fn every_legal_move_and_position_reads_back() {
    let mut moves = 0;
    let mut check = |p: &Position<u64>| {
        let text = write_position(p);
        assert_eq!(read_position(Army::Full, &text).as_ref(), Ok(p), "{text}");
        for m in p.legal_moves() {
            let written = write_move(p, m);
            assert_eq!(read_move(p, &written), Ok(m), "{written} in {text}");
            assert_eq!(read_move(p, &coordinate_move(m)), Ok(m));
            moves += 1;
        }
    };
    let n = random_games(Army::Full, 7, 6, 120, &mut check);
    assert!(n > 300 && moves > 5_000, "{n} positions, {moves} moves");
}

#[test]
fn game_records_read_back() {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    for army in [Army::Classic, Army::Full] {
        let start = start(army);
        let mut game = Game::new(start);
        for _ in 0..60 {
            if game.outcome().is_some() {
                break;
            }
            let moves = game.position().legal_moves();
            game.play(moves[rng.next_u32() as usize % moves.len()])
                .unwrap();
        }
        let record = write_record(&start, game.moves());
        assert!(record.starts_with("1. "));
        let read = read_record(&start, &record).unwrap_or_else(|e| panic!("{e}\n{record}"));
        assert_eq!(read.moves(), game.moves());
        // The same record with spaces before the brackets and a result.
        let spaced = record.replace('[', " [") + " *";
        assert_eq!(read_record(&start, &spaced).unwrap().moves(), game.moves());
    }
    // A record from a position with Black to move opens with `N...`.
    let p = pos("4/4/4/R3|3K/4/4/4|4/4/4/4|k3/4/4/4 b 0 7");
    let m = mv(&p, "Ka4[1,1]-b4[1,1]");
    assert_eq!(write_record(&p, &[m]), "7... Ka4[1,1]-b4[1,1]");
    assert_eq!(
        read_record(&p, "7... Ka4[1,1]-b4[1,1]").unwrap().moves(),
        [m]
    );
}

#[test]
fn errors_say_what_is_wrong() {
    let start = start(Army::Classic);
    let cases: Vec<(String, String)> = vec![
        (
            read_position(Army::Full, "4/4/4/K3|4/4/4/4|4/4/4/4").unwrap_err().to_string(),
            "board field: 3 boards joined by '|', not 4".into(),
        ),
        (
            read_position(Army::Full, "4/4/4/K3|4/4/4/4|4/4/4|k3/4/4/4").unwrap_err().to_string(),
            "board field: board [0,1], 3 ranks, not 4".into(),
        ),
        (
            read_position(Army::Full, "4/4/4/K3|4/2Z1/4/4|4/4/4/4|k3/4/4/4").unwrap_err().to_string(),
            "board field: unexpected 'Z' at character 12".into(),
        ),
        (
            read_position(Army::Full, "4/4/4/K3|4/4/4/4|4/4/4/4|k4/4/4/4").unwrap_err().to_string(),
            "board field: board [1,1], rank 4 covers 5 files, not 4".into(),
        ),
        (
            read_position(Army::Full, "4/4/4/K3|4/4/4/4|4/4/4/4|k2/4/4/4").unwrap_err().to_string(),
            "board field: board [1,1], rank 4 covers 3 files, not 4".into(),
        ),
        (
            read_position(Army::Full, "4/4/4/K3|4/4/4/4|4/4/4/4|k3/4/4/4 x").unwrap_err().to_string(),
            "side to move field: \"x\" is not w or b".into(),
        ),
        (
            read_position(Army::Full, "4/4/4/K3|4/4/4/4|4/4/4/4|k3/4/4/4 w -1").unwrap_err().to_string(),
            "half-move clock field: \"-1\" is not a whole number from 0 to 4294967295".into(),
        ),
        (
            read_position(Army::Full, "4/4/4/K3|4/4/4/4|4/4/4/4|k3/4/4/4 w 0 0").unwrap_err().to_string(),
            "move number field: \"0\" is not a whole number from 1 to 4294967295".into(),
        ),
        (
            read_position(Army::Full, "4/4/4/K3|4/4/4/4|4/4/4/4|4/4/4/4").unwrap_err().to_string(),
            "impossible position: black has no king".into(),
        ),
        (
            read_position(Army::Full, "").unwrap_err().to_string(),
            "a FEN has 1 to 6 fields, this one 0".into(),
        ),
        (
            read_move(&start, "Ra1[0,0]-a5[0,1]").unwrap_err().to_string(),
            "move \"Ra1[0,0]-a5[0,1]\": the target must be a square like a1[0,1] (files a-d, ranks 1-4, [z,w] of 0 and 1)".into(),
        ),
        (
            read_move(&start, "Ra3[0,0]-a4[0,0]").unwrap_err().to_string(),
            "move \"Ra3[0,0]-a4[0,0]\": White has no piece on a3[0,0]".into(),
        ),
        (
            read_move(&start, "Qa1[0,0]-a1[0,1]").unwrap_err().to_string(),
            "move \"Qa1[0,0]-a1[0,1]\": the piece on a1[0,0] is a rook, not Q".into(),
        ),
        (
            read_move(&start, "a2[0,0]-a3[0,0]=Q").unwrap_err().to_string(),
            "move \"a2[0,0]-a3[0,0]=Q\": =Q on a move that does not take a pawn to its last rank".into(),
        ),
        (
            read_move(&start, "Ra1[0,0]-a1[0,1]junk").unwrap_err().to_string(),
            "move \"Ra1[0,0]-a1[0,1]junk\": unexpected text after the target square".into(),
        ),
        (
            read_record(&start, "1. Ra1[0,0]-a1[0,1] Rd4[1,1]-d4[1,0] 3. Ra1[0,1]-a2[0,1]").unwrap_err().to_string(),
            "game record: found move number \"3.\" where move 2. was due".into(),
        ),
        (
            read_record(&start, "1. Ra1[0,0]-a1[0,1] Rd4[1,1]-d1[1,1]").unwrap_err().to_string(),
            "game record, move 1... move \"Rd4[1,1]-d1[1,1]\": the rook on d4[1,1] cannot move to d1[1,1] here".into(),
        ),
    ];
    for (got, want) in cases {
        assert_eq!(got, want);
    }
}

#[test]
fn the_registry_knows_both_setups_and_lays_the_boards_out_2_by_2() {
    for (name, moves) in [("fourfold", 48), ("fourfold-classic", 41)] {
        let notation = by_name(name).unwrap();
        let start = notation.start();
        assert_eq!(start.legal_moves().len(), moves);
        let text = notation.write_position(&*start);
        let back = notation.read_position(&text).unwrap();
        assert_eq!(notation.write_position(&*back), text);
        assert_eq!(notation.board_label(&*start, 0, 1), "[0,1]");
        assert_eq!(notation.across(), Across::Ascending);
        let m = notation.read_move(&*start, "a2[0,0]-a3[0,0]").unwrap();
        assert_eq!(notation.write_move(&*start, m), "a2[0,0]-a3[0,0]");
        assert_eq!(notation.square_name(&*start, square(0, 0, 0, 1)), "a1[0,1]");
        // [0,1] top left, [1,1] top right, [0,0] bottom left, [1,0]
        // bottom right: a4 of each board is its top-left cell.
        let layout = notation.layout(&*start);
        assert_eq!(layout.place(square(0, 3, 0, 1)), (0, 0));
        assert_eq!(layout.place(square(0, 3, 1, 1)), (0, 5));
        assert_eq!(layout.place(square(0, 3, 0, 0)), (5, 0));
        assert_eq!(layout.place(square(0, 3, 1, 0)), (5, 5));
        assert!(notation.read_position("4/4/4/4").is_err());
    }
    assert_eq!(
        start(Army::Full).piece_at(sq("a2 [1,0]")).map(|p| p.kind),
        Some(PAWN)
    );
}

proptest! {
    #[test]
    fn the_position_reader_never_panics(text in "[KQRBNPkqrbnp0-9/| wb-]{0,80}") {
        let _ = read_position(Army::Full, &text);
    }

    #[test]
    fn a_mangled_start_never_panics(at in 0usize..64, ch in any::<char>()) {
        let mut text: Vec<char> = fourfold::FULL_START.chars().collect();
        let at = at % text.len();
        text[at] = ch;
        let text: String = text.into_iter().collect();
        let _ = read_position(Army::Classic, &text);
    }

    #[test]
    fn the_move_and_record_readers_never_panic(text in "[KQRBNPa-e0-5x=#+\\[\\], .-]{0,40}") {
        let p = start(Army::Classic);
        let _ = read_move(&p, &text);
        let _ = read_record(&p, &text);
    }
}

#[test]
fn the_largest_clock_and_move_number_do_not_overflow() {
    // Both fields read as any u32; a quiet move by Black must not overflow
    // the clock or the move number.
    let p = pos("4/4/4/R3|3K/4/4/4|4/4/4/4|k3/4/4/4 b 4294967295 4294967295");
    let mut after = p;
    after.play(mv(&p, "Ka4[1,1]-b4[1,1]")).unwrap();
    assert_eq!((after.halfmove(), after.fullmove()), (u32::MAX, u32::MAX));
    assert_eq!(after.outcome(), Some(Outcome::Draw(Draw::MoveLimit)));
}

/// A saved record names its setup, and reads back whatever its start: a
/// classic game is not taken for a full-army one; a record whose start
/// position begins with a digit (as both setups' starts do) reads back.
#[test]
fn records_name_their_setup_and_read_back_from_any_start() {
    use duckchess::variants::by_name;
    let classic = by_name("fourfold-classic").unwrap();
    let full = by_name("fourfold").unwrap();
    let start = classic.start();
    let m = classic.read_move(&*start, "Ra1[0,0]-a1[0,1]").unwrap();
    let record = classic.write_record(&*start, &[m]);
    assert_eq!(
        record,
        "[Variant \"fourfold-classic\"]\n1. Ra1[0,0]-a1[0,1]\n"
    );
    let (read_start, moves) = classic.read_record(&record).unwrap();
    assert_eq!(read_start.key(), start.key());
    assert_eq!(moves, [m]);
    assert_eq!(
        full.read_record(&record).unwrap_err().to_string(),
        "line 1: the record is a fourfold-classic game, not fourfold (--variant fourfold-classic reads it)"
    );
    // From another start, the position (a digit first) on its own line.
    let other = classic
        .read_position("4/4/4/K3|4/4/4/4|4/4/4/4|3k/4/4/R3 w 0 10")
        .unwrap();
    let rook = classic.read_move(&*other, "Ra1[1,1]-a4[1,1]").unwrap();
    let record = classic.write_record(&*other, &[rook]);
    assert_eq!(
        record,
        "[Variant \"fourfold-classic\"]\n4/4/4/K3|4/4/4/4|4/4/4/4|3k/4/4/R3 w 0 10\n10. Ra1[1,1]-a4[1,1]+\n"
    );
    let (back, moves) = classic.read_record(&record).unwrap();
    assert_eq!((back.key(), moves), (other.key(), vec![rook]));
    // The file: a position line starting with a digit, no tag.
    let (back, moves) = classic
        .read_record("4/4/4/K3|4/4/4/4|4/4/4/4|3k/4/4/R3 w 0 10\n10. Ra1[1,1]-a4[1,1]+\n")
        .unwrap();
    assert_eq!((back.key(), moves.len()), (other.key(), 1));
    // Other tags, such as the public app's, are passed over.
    let (_, moves) = full
        .read_record("[Variant \"4D Chess\"]\n[Event \"?\"]\n1. a2[0,0]-a3[0,1]+\n")
        .unwrap();
    assert_eq!(moves.len(), 1);
}

/// From the start of full-army Fourfold, White mates in 4, beginning
/// a2[1,0]-a3[1,0]+ (and not in 3): the solver's proof tree, 22 positions,
/// checked move by move by the naive implementation in `tests/naive`,
/// which shares no code with the engine: every attacking move legal, every
/// defence listed, every leaf a checkmate.
#[test]
fn the_full_army_start_is_a_mate_in_four() {
    use duckchess::engine::mate::{check_tree, solve, write_tree, MateLimits};
    use std::sync::atomic::AtomicBool;
    let full = by_name("fourfold").unwrap();
    let start = full.start();
    let stop = AtomicBool::new(false);
    assert!(solve(&*start, 3, MateLimits::default(), &stop)
        .unwrap()
        .is_none());
    let proof = solve(&*start, 4, MateLimits::default(), &stop)
        .unwrap()
        .unwrap();
    assert_eq!(proof.moves(), 4);
    assert_eq!(proof.positions(), 22);
    let tree = write_tree(full, &*start, &proof);
    assert!(tree.starts_with("a2[1,0]-a3[1,0]\n"), "{tree}");
    assert_eq!(check_tree(full, &*start, &tree), Ok(4));

    // The naive implementation walks the same tree.
    let root = naive::parse_fourfold(&full.write_position(&*start));
    let lines: Vec<(usize, &str)> = tree
        .lines()
        .map(|l| ((l.len() - l.trim_start().len()) / 2, l.trim()))
        .collect();
    let find = |board: &naive::Board, text: &str| -> naive::NaiveMove {
        let text = text.trim_end_matches(" #");
        *board
            .legal_moves()
            .iter()
            .find(|m| {
                format!(
                    "{}-{}",
                    naive::square_name(board, m.from),
                    naive::square_name(board, m.to)
                ) == text
            })
            .unwrap_or_else(|| panic!("naive: {text} is not legal"))
    };
    fn walk(
        board: &naive::Board,
        lines: &[(usize, &str)],
        at: &mut usize,
        find: &dyn Fn(&naive::Board, &str) -> naive::NaiveMove,
    ) {
        let (indent, text) = lines[*at];
        *at += 1;
        let after = board.after(find(board, text));
        if text.ends_with('#') {
            let white = after.white_to_move;
            assert!(
                after.in_check(white) && after.legal_moves().is_empty(),
                "{text}: not mate"
            );
            return;
        }
        let mut answered = 0;
        while *at < lines.len() && lines[*at].0 == indent + 1 {
            let reply = lines[*at].1;
            *at += 1;
            answered += 1;
            walk(&after.after(find(&after, reply)), lines, at, find);
        }
        assert_eq!(
            answered,
            after.legal_moves().len(),
            "after {text}: a defence is missing"
        );
    }
    let mut at = 0;
    walk(&root, &lines, &mut at, &find);
    assert_eq!(at, lines.len());
}

/// Classic Fourfold perft(5), 145,609,706, counted by the naive checker of
/// `tests/naive` (no code shared with the crate) from the spec's start text,
/// and compared move by move with the kernel's divide. The spec stops at
/// depth 4; this is where depth 5 in docs/fourfold.md comes from. About
/// 80 s of CPU in release (so about 40 s on two idle cores), hours in
/// debug: the release run of this file (`scripts/kernel_perft_release.sh`,
/// in CI) checks it.
#[cfg(not(debug_assertions))]
#[test]
fn the_naive_checker_counts_classic_perft_five() {
    let spec_start = "4/4/PPPP/RNKQ|4/4/4/1BR1|1rb1/4/4/4|qknr/pppp/4/4 w 0 1";
    let root = naive::parse_fourfold(spec_start);
    let first = root.legal_moves();
    // Two threads, each counting every other first move.
    let counts: Vec<(naive::NaiveMove, u64)> = std::thread::scope(|s| {
        let halves: Vec<_> = (0..2)
            .map(|t| {
                let (root, first) = (&root, &first);
                s.spawn(move || {
                    first
                        .iter()
                        .skip(t)
                        .step_by(2)
                        .map(|&m| (m, root.after(m).perft(4)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        halves.into_iter().flat_map(|h| h.join().unwrap()).collect()
    });
    let mut naive: Vec<(usize, usize, u64)> =
        counts.iter().map(|&(m, n)| (m.from, m.to, n)).collect();
    naive.sort();
    let kernel_start = read_position(Army::Classic, spec_start).unwrap();
    let mut kernel: Vec<(usize, usize, u64)> = duckchess::kernel::divide(&kernel_start, 5)
        .into_iter()
        .map(|(m, n)| (m.from(), m.to(), n))
        .collect();
    kernel.sort();
    assert_eq!(naive, kernel);
    let total: u64 = naive.iter().map(|m| m.2).sum();
    assert_eq!((naive.len(), total), (41, 145_609_706));
}
