//! Cube chess and `duckchess mate`: the published cases and their
//! explanations, each piece's moves along every axis, the notation through
//! the front ends' trait, bad input, and thousands of random positions
//! against a deliberately naive checker that shares no code with the crate.

use crate::naive;

use assert_cmd::Command;
use duckchess::kernel::{Big, Bits, Color, Kind};
use duckchess::variants;
use duckchess::variants::cube::mate::{self, MateError, Verdict};
use duckchess::variants::cube::{
    self, read, square, CubeError, CubeSet, BISHOP, KING, KNIGHT, QUEEN, ROOK,
};
use duckchess::variants::layout::Across;
use proptest::prelude::*;
use rand_chacha::rand_core::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::fs;
use std::path::{Path, PathBuf};

fn samples() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("samples/cube")
}

fn published() -> (Vec<String>, Vec<bool>) {
    let cases = fs::read_to_string(samples().join("published.txt")).unwrap();
    let answers = fs::read_to_string(samples().join("published.ans")).unwrap();
    (
        cases.lines().map(String::from).collect(),
        answers.lines().map(|a| a.parse().unwrap()).collect(),
    )
}

#[test]
fn the_ten_published_cases_answer_right() {
    let (cases, answers) = published();
    assert_eq!((cases.len(), answers.len()), (10, 10));
    for (case, &answer) in cases.iter().zip(&answers) {
        assert_eq!(mate::decide(case), Ok(answer), "{case}");
        assert_eq!(naive::parse_cube(case).white_is_mated(), answer, "{case}");
    }
    // The same through the streaming reader, which the command line uses.
    let input = fs::read(samples().join("published.txt")).unwrap();
    let mut out = Vec::new();
    let tally = mate::run(&input[..], &mut out, false).unwrap();
    let expected = fs::read_to_string(samples().join("published.ans")).unwrap();
    assert_eq!(String::from_utf8(out).unwrap(), expected);
    assert_eq!((tally.cases, tally.mates), (10, 5));
}

#[test]
fn explanations_of_the_published_cases() {
    let (cases, answers) = published();
    for (i, (case, &answer)) in cases.iter().zip(&answers).enumerate() {
        let why = mate::explain(&read(case).unwrap());
        assert_eq!(why.is_mate(), answer, "{case}");
        insta::with_settings!({ description => case.as_str(), omit_expression => true }, {
            insta::assert_snapshot!(format!("published_{:02}", i + 1), why.to_string());
        });
    }
}

#[test]
fn published_verdicts_name_stalemate_and_escapes() {
    let (cases, _) = published();
    let verdict = |i: usize| mate::explain(&read(&cases[i]).unwrap()).verdict;
    assert_eq!(verdict(4), Verdict::Stalemate);
    assert_eq!(verdict(1), Verdict::Escapes);
    assert_eq!(verdict(3), Verdict::Checkmate);
    let quiet = read("[##k,###,###],[###,###,###],[###,###,K##]").unwrap();
    assert_eq!(mate::explain(&quiet).verdict, Verdict::NotInCheck);
    let black_without_king = read("[##,##],[K#,##] b").unwrap();
    assert_eq!(mate::explain(&black_without_king).verdict, Verdict::NoKing);
    assert!(!mate::is_mate(&black_without_king));
}

/// The displacement rule of each kind, straight from the spec.
fn spec_allows(kind: Kind, d: [i32; 3]) -> bool {
    let mut moved: Vec<i32> = d.iter().filter(|c| **c != 0).map(|c| c.abs()).collect();
    moved.sort();
    let equal = moved.windows(2).all(|w| w[0] == w[1]);
    match kind {
        KING => !moved.is_empty() && moved.iter().all(|&m| m == 1),
        QUEEN => !moved.is_empty() && equal,
        ROOK => moved.len() == 1,
        BISHOP => moved.len() == 3 && equal,
        KNIGHT => moved == [1, 2],
        _ => unreachable!(),
    }
}

fn coords(n: usize, s: usize) -> [i32; 3] {
    [(s % n) as i32, (s / n % n) as i32, (s / (n * n)) as i32]
}

/// Every kind from several squares: on an empty board it reaches exactly
/// what the spec's rule allows; along each of the 26 directions a slider
/// runs free to the edge, and stops on a piece two steps out (reaching it,
/// as a capture, but nothing behind it).
fn moves_along_every_axis<S: CubeSet>(n: usize) {
    let rules = S::rules(n);
    let len = n * n * n;
    let origins = [
        square(n, 0, 0, 0),
        square(n, n / 2, n / 2, n / 2),
        square(n, 1, n - 1, 0),
    ];
    let mut blocked_rays = 0;
    for &o in &origins {
        for kind in [KING, QUEEN, ROOK, BISHOP, KNIGHT] {
            let free = rules.attacks(kind, Color::White, o, S::EMPTY);
            let co = coords(n, o);
            let expected: Vec<usize> = (0..len)
                .filter(|&t| {
                    let ct = coords(n, t);
                    spec_allows(kind, [ct[0] - co[0], ct[1] - co[1], ct[2] - co[2]])
                })
                .collect();
            assert_eq!(
                free.squares().collect::<Vec<_>>(),
                expected,
                "n = {n}, kind {kind:?} on {}",
                cube::square_name(n, o)
            );
            for dx in -1..=1 {
                for dy in -1..=1 {
                    for dz in -1..=1 {
                        let u = [dx, dy, dz];
                        if u == [0, 0, 0] || kind == KNIGHT || kind == KING {
                            continue;
                        }
                        let ray: Vec<usize> = (1..n as i32)
                            .map(|k| [co[0] + k * dx, co[1] + k * dy, co[2] + k * dz])
                            .take_while(|c| c.iter().all(|&v| (0..n as i32).contains(&v)))
                            .map(|c| square(n, c[0] as usize, c[1] as usize, c[2] as usize))
                            .collect();
                        let slides = spec_allows(kind, u);
                        for &t in &ray {
                            assert_eq!(free.contains(t), slides, "free ray {u:?}");
                        }
                        if slides && ray.len() >= 2 {
                            let blocker = S::single(ray[1]);
                            let reach = rules.attacks(kind, Color::White, o, blocker);
                            let along: Vec<usize> =
                                ray.iter().copied().filter(|&t| reach.contains(t)).collect();
                            assert_eq!(along, &ray[..2], "blocked ray {u:?} on n = {n}");
                            blocked_rays += 1;
                        }
                    }
                }
            }
        }
    }
    if n >= 3 {
        assert!(blocked_rays > 0, "n = {n}: no ray long enough to block");
    }
}

#[test]
fn each_piece_moves_along_every_axis_blocked_and_free() {
    moves_along_every_axis::<u64>(2);
    moves_along_every_axis::<u64>(3);
    moves_along_every_axis::<u128>(5);
    moves_along_every_axis::<Bits<8>>(8);
    // The other set types, at the ends of their ranges.
    moves_along_every_axis::<u64>(4);
    moves_along_every_axis::<Bits<4>>(6);
    moves_along_every_axis::<Big>(10);
}

#[test]
fn own_pieces_block_and_are_never_taken() {
    // The rook on a1(I) runs up the levels to the queen on a1(III) (its own,
    // so stops short) and along the rank to the black knight (taken).
    let p = read("[###,###,Q##],[###,###,###],[##K,###,R#n]").unwrap();
    let notation = variants::by_name("cube").unwrap();
    let moves: Vec<String> = p
        .as_dyn()
        .legal_moves()
        .into_iter()
        .filter(|m| m.from() == 0)
        .map(|m| notation.write_move(p.as_dyn(), m))
        .collect();
    assert!(moves.contains(&"Ra1(I)-a1(II)".to_string()), "{moves:?}");
    assert!(moves.contains(&"Ra1(I)-b1(I)".to_string()), "{moves:?}");
    assert!(moves.contains(&"Ra1(I)xc1(I)".to_string()), "{moves:?}");
    assert!(!moves.iter().any(|m| m.contains("a1(III)")), "{moves:?}");
}

/// A random position in the puzzle's format, biased toward mates: the
/// white king near an edge, a few black sliders, few or no white helpers.
fn random_board(rng: &mut ChaCha8Rng, n: usize) -> naive::Board {
    random_board_with(rng, n, false)
}

/// With `lonely`, biased toward stalemates instead: the white king alone in
/// a corner among more black pieces.
fn random_board_with(rng: &mut ChaCha8Rng, n: usize, lonely: bool) -> naive::Board {
    let mut pick = |k: usize| (rng.next_u32() as usize) % k;
    let mut board = naive::Board::empty(naive::Game::Cube, &[n, n, n]);
    let len = n * n * n;
    let edge = |pick: &mut dyn FnMut(usize) -> usize| -> i64 {
        if lonely || pick(3) < 2 {
            [0, n as i64 - 1][pick(2)]
        } else {
            pick(n) as i64
        }
    };
    let king = [edge(&mut pick), edge(&mut pick), edge(&mut pick)];
    let k = board.index(&king).unwrap();
    board.cells[k] = Some(naive::Man {
        white: true,
        kind: 'K',
    });
    let place = |board: &mut naive::Board,
                 white: bool,
                 kind: char,
                 pick: &mut dyn FnMut(usize) -> usize| {
        for _ in 0..20 {
            let s = pick(len);
            if board.cells[s].is_none() {
                board.cells[s] = Some(naive::Man { white, kind });
                return;
            }
        }
    };
    if pick(2) == 0 {
        place(&mut board, false, 'K', &mut pick);
    }
    let black = if lonely {
        2 + pick(n.min(4))
    } else {
        1 + pick(if n == 2 { 2 } else { 2 + n / 2 })
    };
    for _ in 0..black {
        let kind = ['Q', 'R', 'R', 'B', 'B', 'N'][pick(6)];
        place(&mut board, false, kind, &mut pick);
    }
    let white = if lonely { 0 } else { [0, 0, 1, 2][pick(4)] };
    for _ in 0..white {
        let kind = ['Q', 'R', 'B', 'N'][pick(4)];
        place(&mut board, true, kind, &mut pick);
    }
    board
}

#[test]
fn mate_agrees_with_the_naive_checker_on_random_positions() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let (mut mates, mut stalemates, mut escapes, mut quiet, mut refused) = (0, 0, 0, 0, 0);
    // Smaller cubes are cheaper for the naive checker and richer in mates.
    let plan = [(2, 1500), (3, 1800), (4, 800), (5, 300)];
    for (n, count) in plan {
        for i in 0..count {
            // A third of the positions lean toward stalemate, a third toward
            // mate: the lonely king redrawn until it is out of check, or in
            // it (as the naive checker sees it).
            let board = match i % 3 {
                0 | 1 => (0..50)
                    .map(|_| random_board_with(&mut rng, n, true))
                    .find(|b| b.in_check(true) == (i % 3 == 1))
                    .unwrap_or_else(|| random_board(&mut rng, n)),
                _ => random_board(&mut rng, n),
            };
            let text = naive::write_cube(&board);
            let position = match read(&text) {
                Ok(p) => p,
                Err(CubeError::OppositeCheck(Color::Black)) => {
                    assert!(board.in_check(false), "refused but Black is safe: {text}");
                    refused += 1;
                    continue;
                }
                Err(e) => panic!("{text}: {e}"),
            };
            assert!(
                !board.in_check(false),
                "accepted with Black in check: {text}"
            );
            let expected = board.white_is_mated();
            assert_eq!(mate::is_mate(&position), expected, "{text}");
            let why = mate::explain(&position);
            assert_eq!(why.is_mate(), expected, "{text}");
            let stalemate = !board.in_check(true) && board.legal_moves().is_empty();
            assert_eq!(why.verdict == Verdict::Stalemate, stalemate, "{text}");
            match why.verdict {
                Verdict::Checkmate => mates += 1,
                Verdict::Stalemate => stalemates += 1,
                Verdict::Escapes => escapes += 1,
                _ => quiet += 1,
            }
        }
    }
    let total = mates + stalemates + escapes + quiet;
    println!(
        "{total} positions: {mates} mates, {stalemates} stalemates, {escapes} checks escaped, \
         {quiet} not in check; {refused} refused (Black in check)"
    );
    assert!(total >= 3000, "{total}");
    assert!(mates >= 100, "{mates} mates");
    assert!(stalemates >= 20, "{stalemates} stalemates");
    assert!(escapes >= 100, "{escapes} escapes");
    assert!(refused >= 1, "the generator never put Black in check");
}

#[test]
fn legal_moves_and_perft_agree_with_the_naive_checker() {
    let mut rng = ChaCha8Rng::seed_from_u64(12);
    let mut compared = 0;
    for n in [2, 3, 4] {
        for _ in 0..200 {
            let mut board = random_board(&mut rng, n);
            board.white_to_move = rng.next_u32() % 4 != 0;
            let mut text = naive::write_cube(&board);
            if !board.white_to_move {
                text += " b";
            }
            let Ok(position) = read(&text) else {
                continue;
            };
            let p = position.as_dyn();
            let mut ours: Vec<(usize, usize)> =
                p.legal_moves().iter().map(|m| (m.from(), m.to())).collect();
            ours.sort();
            let theirs: Vec<(usize, usize)> =
                board.legal_moves().iter().map(|m| (m.from, m.to)).collect();
            assert_eq!(ours, theirs, "{text}");
            if n <= 3 {
                assert_eq!(p.perft(2), board.perft(2), "{text}");
            }
            compared += 1;
        }
    }
    assert!(compared >= 300, "{compared}");
}

#[test]
fn notation_through_the_trait() {
    let cube = variants::by_name("cube").expect("registered");
    assert!(variants::names().contains(&"cube"));
    assert_eq!(cube.across(), Across::Descending);
    let start = cube.start();
    assert_eq!(cube.write_position(&*start), cube::EXAMPLE);
    assert_eq!(cube.board_label(&*start, 0, 0), "I");
    assert_eq!(cube.board_label(&*start, 2, 0), "III");
    // The example start is a 4-cube with a playable game.
    assert!(!start.legal_moves().is_empty());
    assert_eq!(cube.square_name(&*start, square(4, 1, 1, 2)), "b2(III)");
    // The layout draws the top level on the left.
    let layout = cube.layout(&*start);
    assert_eq!(layout.place(square(4, 0, 3, 3)), (0, 0));

    // Reading and writing round-trips, with or without the prefix, and the
    // side to move is kept.
    let p = cube.read_position("[#q,##],[##,K#]").unwrap();
    assert_eq!(cube.write_position(&*p), "n = 2, [#q,##],[##,K#]");
    let p = cube
        .read_position("n = 3, [###,###,#q#],[###,###,###],[#k#,###,BKn] b")
        .unwrap_err();
    assert!(
        p.to_string()
            .contains("White is in check with Black to move"),
        "{p}"
    );
    let p = cube
        .read_position("n=4,[####,####,####,###k],[####,####,####,####],[####,####,####,####],[####,####,#Q##,K###] b")
        .unwrap();
    assert_eq!(p.turn(), Color::Black);
    assert!(cube.write_position(&*p).ends_with(" b"));

    // Every legal move of a few positions reads back from both notations.
    for text in [
        "n = 3, [###,###,#q#],[###,###,###],[#k#,###,BKn]",
        "n = 3, [b#b,###,###],[###,###,RNR],[#q#,###,#K#]",
        "n = 4, [####,####,####,###k],[####,#N##,####,####],[####,##B#,####,####],[####,####,#Q##,K#R#]",
        "n = 5, [#####,#####,#####,#####,####k],[#####,#####,#####,#####,#####],[#####,##Q##,#####,#####,#####],[#####,#####,#####,#####,#####],[#####,#####,#####,#####,K#b##]",
    ] {
        let p = cube.read_position(text).unwrap();
        let moves = p.legal_moves();
        assert!(!moves.is_empty(), "{text}");
        for m in moves {
            let san = cube.write_move(&*p, m);
            let coordinates = cube.coordinate_move(&*p, m);
            assert_eq!(cube.read_move(&*p, &san).unwrap(), m, "{san}");
            assert_eq!(cube.read_move(&*p, &coordinates).unwrap(), m, "{coordinates}");
            let letter = san.chars().next().unwrap();
            assert!("KQRBN".contains(letter), "{san}");
        }
    }
    let p = cube.read_position("[#q,##],[##,K#]").unwrap();
    assert!(cube.read_move(&*p, "Ka1(I)-b2(II)").is_err()); // a capture written as a move
    assert!(cube.read_move(&*p, "Qa1(I)xb2(II)").is_err()); // a king, not a queen
    assert!(cube.read_move(&*p, "a1(I)b2(III)").is_err()); // no level III on n = 2
    assert!(cube.read_move(&*p, "").is_err());
}

#[test]
fn check_and_mate_marks() {
    let notation = variants::by_name("cube").unwrap();
    let p = read("[###,###,##k],[###,###,###],[###,###,KR#]").unwrap();
    let m = notation.read_move(p.as_dyn(), "Rb1(I)-b1(III)").unwrap();
    assert_eq!(notation.write_move(p.as_dyn(), m), "Rb1(I)-b1(III)+");
    // The queen steps down next to the king, guarded by the rook: mate.
    let p = read("[###,#Q#,###],[#R#,###,###],[##K,###,k##]").unwrap();
    let m = notation.read_move(p.as_dyn(), "Qb2(III)-b2(II)").unwrap();
    assert_eq!(notation.write_move(p.as_dyn(), m), "Qb2(III)-b2(II)#");
    let mut after = p.as_dyn().clone_box();
    after.play(m).unwrap();
    let after = cube::CubePosition::from_dyn(&*after).unwrap();
    assert!(mate::is_mate(&after), "Black to move is mated");
}

#[test]
fn bigger_cubes_use_their_own_set_types_and_agree() {
    for n in [6, 7, 8, 9, 10] {
        let last = n - 1;
        let mut levels = vec![vec!["#".repeat(n); n]; n];
        // The white king in the corner a1(I), a black rook checking it
        // from the top level, a black queen guarding the flights.
        levels[n - 1][n - 1].replace_range(0..1, "K"); // a1(I): last level listed, last rank
        levels[0][n - 1].replace_range(0..1, "r"); // a1(top)
        levels[n - 1][n - 2].replace_range(2..3, "q"); // c2(I)
        let text = format!(
            "n = {n}, {}",
            levels
                .iter()
                .map(|l| format!("[{}]", l.join(",")))
                .collect::<Vec<_>>()
                .join(",")
        );
        let p = read(&text).unwrap();
        assert_eq!(p.n(), n);
        assert_eq!(cube::write(p.as_dyn()), text);
        let board = naive::parse_cube(&text);
        assert_eq!(mate::is_mate(&p), board.white_is_mated(), "{text}");
        assert!(p.as_dyn().is_check());
        assert_eq!(p.as_dyn().checkers(), vec![square(n, 0, 0, last)]);
        let back = cube::CubePosition::from_dyn(&*p.boxed()).expect("a cube position");
        assert_eq!(back.n(), n);
    }
}

#[test]
fn mate_agrees_with_the_naive_checker_on_bigger_cubes() {
    // Fewer, as the naive checker slows with the square of the cube's
    // volume, but every set type past u128 is crossed.
    let mut rng = ChaCha8Rng::seed_from_u64(13);
    let mut compared = 0;
    for (n, count) in [(6, 40), (7, 20), (8, 10), (9, 4)] {
        for i in 0..count {
            let board = random_board_with(&mut rng, n, i % 2 == 0);
            let text = naive::write_cube(&board);
            let Ok(position) = read(&text) else {
                assert!(board.in_check(false), "refused: {text}");
                continue;
            };
            assert_eq!(mate::is_mate(&position), board.white_is_mated(), "{text}");
            let ours = position.as_dyn().legal_moves().len();
            assert_eq!(ours, board.legal_moves().len(), "{text}");
            compared += 1;
        }
    }
    assert!(compared >= 50, "{compared}");
}

#[test]
fn bad_input_names_the_line_and_the_fault() {
    let cases: &[(&str, &str)] = &[
        ("[#q,##],[##,K#", "character 15: expected a cell, ',' between ranks or ']' closing the level, found the end of the line"),
        ("[#q,##],[##,Kx]", "character 14: expected a cell, ',' between ranks or ']' closing the level, found 'x'"),
        ("n = 3, [#q,##],[##,K#]", "2 levels (bracketed boards), but n = 3"),
        ("n = 11, [#]", "n = 11: the cube's side must be 2 to 10"),
        ("n = x", "character 5: expected the cube's side (a number) after 'n =', found 'x'"),
        ("[K]", "n = 1: the cube's side must be 2 to 10"),
        ("[#q,##],[##,K##]", "level I, rank 1 has 3 files, but n = 2"),
        ("[#q,##,##],[##,K#]", "level II has 3 ranks, but n = 2"),
        ("[#q,##],[##,##]", "0 white kings; the puzzle has exactly one"),
        ("[#K,##],[##,K#]", "2 white kings; the puzzle has exactly one"),
        ("[#k,##],[#k,K#]", "2 black kings; the puzzle has at most one"),
        ("[##,#k],[##,QK]", "Black is in check with White to move, a position the puzzle rules out"),
        ("[#q,##],[##,K#] x", "character 17: expected ',' before the next level, ' w' or ' b' (side to move) or the end, found 'x'"),
        ("[#q,##],[##,K#] w w", "character 19: expected the end of the line after the side to move, found 'w'"),
    ];
    for (text, message) in cases {
        let input = format!("[rq,##],[##,K#]\n\n{text}\n[#q,##],[##,K#]\n");
        let mut out = Vec::new();
        let err = mate::run(input.as_bytes(), &mut out, false).unwrap_err();
        assert!(
            matches!(err, MateError::Line { line: 3, .. }),
            "{text}: {err}"
        );
        assert_eq!(err.to_string(), format!("line 3: {message}"), "{text}");
        // The answer before the bad line is written; nothing after it.
        assert_eq!(String::from_utf8(out).unwrap(), "true\n", "{text}");
    }
    let err = mate::run(&b"[rq,##],[##,K#]\n\xff\n"[..], &mut Vec::new(), false).unwrap_err();
    assert_eq!(err.to_string(), "line 2, byte 1: not UTF-8 text (0xff)");
}

#[test]
fn cli_answers_explains_and_fails_cleanly() {
    let file = samples().join("published.txt");
    let expected = fs::read_to_string(samples().join("published.ans")).unwrap();
    Command::cargo_bin("duckchess")
        .unwrap()
        .args(["mate"])
        .arg(&file)
        .assert()
        .success()
        .stdout(expected.clone());
    let input = fs::read_to_string(&file).unwrap();
    Command::cargo_bin("duckchess")
        .unwrap()
        .args(["mate", "-"])
        .write_stdin(input)
        .assert()
        .success()
        .stdout(expected);
    let out = Command::cargo_bin("duckchess")
        .unwrap()
        .args(["mate", "--explain"])
        .write_stdin("[rq,##],[##,K#]\n")
        .assert()
        .success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(
        text.starts_with("true\n  White is in check from the black queen on b2(II).\n"),
        "{text}"
    );
    Command::cargo_bin("duckchess")
        .unwrap()
        .arg("mate")
        .write_stdin("[rq,##],[##,K#]\n[#q,##],[##,K#]\n[#q,##],[##]\n[rq,##],[##,K#]\n")
        .assert()
        .code(2)
        .stdout("true\nfalse\n")
        .stderr("duckchess: line 3: level I has 1 rank, but n = 2\n");
}

#[test]
fn fen_lines_answer_as_the_puzzle_lines_do() {
    let (cases, answers) = published();
    let fens: Vec<String> = cases
        .iter()
        .map(|case| cube::with_fen(&read(case).unwrap(), |fen| fen.to_string()))
        .collect();
    for ((fen, case), &answer) in fens.iter().zip(&cases).zip(&answers) {
        // Levels joined by bars, as many as the side, and the same board.
        let p = read(case).unwrap();
        assert_eq!(
            fen.split(' ').next().unwrap().split('|').count(),
            p.n(),
            "{fen}"
        );
        assert_eq!(mate::decide(fen), Ok(answer), "{fen}");
        assert_eq!(
            cube::write(read(fen).unwrap().as_dyn()),
            cube::write(p.as_dyn())
        );
    }
    let expected = fs::read_to_string(samples().join("published.ans")).unwrap();
    Command::cargo_bin("duckchess")
        .unwrap()
        .arg("mate")
        .write_stdin(fens.join("\n") + "\n")
        .assert()
        .success()
        .stdout(expected);
    // `show` draws a FEN as it draws the puzzle's line; a bad one is one line.
    let show = |position: &str| {
        let out = Command::cargo_bin("duckchess")
            .unwrap()
            .args(["show", "--variant", "cube", "--style", "ascii", position])
            .assert()
            .success();
        String::from_utf8(out.get_output().stdout.clone()).unwrap()
    };
    assert_eq!(show(&fens[0]), show(&cases[0]));
    Command::cargo_bin("duckchess")
        .unwrap()
        .args(["show", "--variant", "cube", "2/2|2/KK w"])
        .assert()
        .code(2)
        .stderr("duckchess: bad cube position \"2/2|2/KK w\": 2 white kings; the puzzle has exactly one\n");
}

proptest! {
    #[test]
    fn reading_any_text_never_panics(text in any::<String>()) {
        let _ = read(&text);
        let _ = mate::run(text.as_bytes(), &mut Vec::new(), true);
    }

    #[test]
    fn reading_near_misses_never_panics(text in "(n ?= ?[0-9]{1,3}, ?)?[\\[\\],#KQRBNkqrbn wb]{0,80}") {
        if let Ok(p) = read(&text) {
            // What reads, writes back and reads again the same.
            let again = read(&cube::write(p.as_dyn())).unwrap();
            prop_assert_eq!(cube::write(again.as_dyn()), cube::write(p.as_dyn()));
            let _ = mate::explain(&p);
        }
    }

    #[test]
    fn reading_any_move_text_never_panics(text in any::<String>()) {
        let p = read(cube::EXAMPLE).unwrap();
        let _ = cube::read_move(p.as_dyn(), &text);
    }
}
