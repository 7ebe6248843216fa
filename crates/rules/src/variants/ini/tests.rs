//! The `variants.ini` reader and writer: syntax errors and refusals with
//! their lines, the Betza mapping, inheritance, the round trip, and perft
//! of file games against Fairy-Stockfish's counts.

use super::*;
use crate::geometry::DirectionClass;
use crate::kernel::Variant;
use crate::variants::prelude::*;
use crate::variants::{chess, xiangqi};

pub(super) fn game(text: &str) -> FileGame {
    read(text)
        .unwrap_or_else(|e| panic!("{e}"))
        .pop()
        .expect("a game")
}

/// The game `name` of samples/fsf-variants.ini.
pub(super) fn sample(name: &str) -> FileGame {
    read(include_str!("../../../../../samples/fsf-variants.ini"))
        .unwrap()
        .into_iter()
        .find(|g| g.name() == name)
        .unwrap_or_else(|| panic!("{name} in samples/fsf-variants.ini"))
}

/// The position after `moves` (UCI) from `fen` (`start`: the game's).
/// The legal moves of a position as Fairy-Stockfish writes them
/// (pyffish's `legal_moves`), sorted.
pub(super) fn sorted_moves(g: &FileGame, p: &dyn crate::kernel::AnyPosition) -> Vec<String> {
    let mut all: Vec<String> = p
        .legal_moves()
        .into_iter()
        .map(|m| g.coordinate_move(p, m))
        .collect();
    all.sort();
    all
}

pub(super) fn after(g: &FileGame, fen: &str, moves: &str) -> Box<dyn crate::kernel::AnyPosition> {
    let mut p = if fen == "start" {
        g.start()
    } else {
        g.read_position(fen)
            .unwrap_or_else(|e| panic!("{fen}: {e}"))
    };
    for text in moves.split_whitespace() {
        let m = g
            .read_move(&*p, text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        p.play(m).unwrap_or_else(|e| panic!("{text}: {e:?}"));
    }
    p
}

pub(super) fn error(text: &str) -> String {
    read(text).map(|_| ()).unwrap_err().to_string()
}

fn counts(g: &FileGame, depth: u32) -> Vec<u64> {
    let start = g.start();
    (1..=depth).map(|d| start.perft(d)).collect()
}

/// Chess defined from scratch: Fairy-Stockfish's template has chess's
/// rules and no pieces.
const SCRATCH_CHESS: &str = "\
# chess from nothing
[scratch]
pawn = p
knight = n
bishop = b
rook = r
queen = q
king = k
";

/// Los Alamos chess, as Fairy-Stockfish defines it (6 × 6, no bishops,
/// no double step, no castling, promotion to q r n on the last rank).
const LOSALAMOS: &str = "\
[losalamos]
maxRank = 6
maxFile = f
pawn = p
knight = n
rook = r
queen = q
king = k
startFen = rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1
promotionPieceTypes = nrq
promotionRegionWhite = *6
promotionRegionBlack = *1
doubleStep = false
castling = false
";

/// Capablanca chess (10 × 8, archbishop a, chancellor c), the king
/// castling to the i- and c-files.
const CAPABLANCA: &str = "\
[capablanca:chess]
maxFile = j
archbishop = a
chancellor = c
startFen = rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1
promotionPieceTypes = qrbnac
castlingKingsideFile = i
castlingQueensideFile = c
";

/// Xiangqi in the ini syntax, as Fairy-Stockfish's own definition reads.
const XIANGQI: &str = "\
[xq]
maxRank = 10
maxFile = i
king = k:W
fers = a
elephant = b
horse = n
rook = r
cannon = c
soldier = p
startFen = rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1
mobilityRegionWhiteKing = d1 e1 f1 d2 e2 f2 d3 e3 f3
mobilityRegionBlackKing = d8 e8 f8 d9 e9 f9 d10 e10 f10
mobilityRegionWhiteFers = d1 e1 f1 d2 e2 f2 d3 e3 f3
mobilityRegionBlackFers = d8 e8 f8 d9 e9 f9 d10 e10 f10
mobilityRegionWhiteElephant = *1 *2 *3 *4 *5
mobilityRegionBlackElephant = *6 *7 *8 *9 *10
soldierPromotionRank = 6
flyingGeneral = true
stalemateValue = loss
perpetualCheckIllegal = true
nMoveRule = 60
castling = false
";

#[test]
fn sections_and_lines() {
    assert_eq!(
        error("[a]\nnot a key\n"),
        "line 2: \"not a key\" is neither [section] nor key = value"
    );
    assert_eq!(
        error("king = k\n"),
        "line 1: king stands before any [section]"
    );
    assert_eq!(
        error("[a:chess]\n[a:chess]\n"),
        "line 2: section a is defined twice"
    );
    assert_eq!(
        error("[a:nothing]\n"),
        "line 1: base nothing is neither an earlier section nor a built-in game (chess, xiangqi)"
    );
    assert_eq!(
        error("[a:chess]\n; c\nknight = n\nknight = n\n"),
        "line 4: knight is given twice in this section"
    );
    assert_eq!(
        error("[]\n"),
        "line 1: \"\" is no section name (letters, digits, - and _)"
    );
}

#[test]
fn other_keys_are_refused_by_name_and_line() {
    assert_eq!(
        error("[a:chess]\n\ndropNoDoubled = p\n"),
        "line 3: dropNoDoubled = p is not supported: nothing is dropped without pieceDrops = true"
    );
    assert_eq!(
        error("[a:chess]\n\nshogiPawnDropMateIllegal = true\n"),
        "line 3: shogiPawnDropMateIllegal = true is not supported: played here where pieceDrops = true"
    );
    assert_eq!(
        error("[a:chess]\nwallOrMove = true\n"),
        "line 2: wallOrMove is not supported"
    );
    assert_eq!(
        error("[a:chess]\nknibis = l\n"),
        "line 2: knibis is not supported"
    );
    // The template's own values are accepted.
    assert!(read("[a:chess]\npieceDrops = false\ndropOnTop = false\n").is_ok());
    assert_eq!(
        error("[a:chess]\ndropOnTop = true\n"),
        "line 2: dropOnTop = true is not supported: only dropOnTop = false is played here"
    );
    assert_eq!(
        error("[a:chess]\ncheckmateValue = draw\n"),
        "line 2: checkmateValue = draw is not supported: checkmate is a loss or a win here"
    );
    assert_eq!(
        error("[a:chess]\nmoveRepetitionIllegal = true\n"),
        "line 2: moveRepetitionIllegal = true is not supported: only moveRepetitionIllegal = false is played here"
    );
    assert_eq!(error("[a:chess]\nmandatoryPawnPromotion = false\n"), "line 2: mandatoryPawnPromotion = false is not supported: a pawn declining promotion on the last rank is not played: state immobilityIllegal = true");
    assert_eq!(error("[a:chess]\npromotionRegionWhite = *7 *8\n"), "line 2: promotionRegionWhite = *7 *8 is not supported: the two sides' promotion zones mirror each other here (line 1 says *1)");
    assert!(error("[a:chess]\nmaxRank = 10\nstartFen = 4k5/10/10/10/10/10/10/10/10/4K5 w - - 0 1\nmaxFile = 10\n").contains("promotion zones mirror each other"));
    assert_eq!(
        error("[a:chess]\ncastling = maybe\n"),
        "line 2: castling = \"maybe\": true or false"
    );
    assert_eq!(
        error("[a:chess]\nknight = nn\n"),
        "line 2: knight = \"nn\": a piece letter, or - to remove the piece"
    );
    assert_eq!(
        error("[a:chess]\nknight = r\n"),
        "line 2: letter r names both rook and knight"
    );
}

#[test]
fn betza_refusals_name_piece_text_and_line() {
    let cases = [
        ("customPiece1 = a:N2", "ranges (N2)"),
        ("customPiece1 = a:AA", "the rider AA"),
        ("customPiece1 = a:cRK", "move-only or capture-only"),
        ("customPiece1 = a:pR", "hoppers other than"),
        ("customPiece1 = a:fWW", "directional or lame riders"),
        ("customPiece1 = a:nH", "lame leaps are supported only"),
        ("customPiece1 = a:X", "atom X"),
    ];
    for (line, why) in cases {
        let e = error(&format!("[a:chess]\n\n{line}\n"));
        assert!(e.starts_with("line 3: piece a (customPiece1 = "), "{e}");
        assert!(e.contains(why), "{e}");
    }
    assert_eq!(
        error("[a:chess]\ncustomPiece1 = a\n"),
        "line 2: customPiece1 = \"a\": letter:Betza"
    );
}

#[test]
fn betza_maps_onto_the_kernel() {
    // A custom archbishop moves as the built-in one.
    let g = game("[a:chess]\ncustomPiece1 = a:BN\n");
    let archbishop = game("[b:chess]\narchbishop = a\n");
    let kind = |g: &FileGame| {
        g.variant()
            .kinds
            .iter()
            .find(|k| k.letter == 'a')
            .cloned()
            .unwrap()
    };
    assert_eq!(kind(&g).leaps, kind(&archbishop).leaps);
    assert_eq!(kind(&g).slides, kind(&archbishop).slides);
    assert_eq!(kind(&g).slides, [DirectionClass::BISHOP]);
    let m = betza::read("Q").unwrap();
    assert_eq!(m.slides, [DirectionClass::ANY]);
    assert_eq!(betza::read("RB").unwrap(), m);
    assert_eq!(betza::read("WWFF").unwrap(), m);
    // K is W and F; fsW the soldier's steps; fN the shogi knight's two.
    assert_eq!(betza::read("K").unwrap().leaps.len(), 2);
    assert_eq!(betza::read("fsW").unwrap().steps.len(), 3);
    let shogi_knight: Vec<[i32; 2]> = betza::read("fN")
        .unwrap()
        .steps
        .iter()
        .map(|v| [v.0[0], v.0[1]])
        .collect();
    assert_eq!(shogi_knight, [[1, 2], [-1, 2]]);
    // Steps covering every image are a leap; WfF is the gold.
    assert_eq!(betza::read("fWbWsW").unwrap(), betza::read("W").unwrap());
    assert_eq!(betza::read("WfF").unwrap().steps.len(), 2);
    assert_eq!(betza::read("mRcpR").unwrap().hops, [DirectionClass::ROOK]);
    assert_eq!(betza::read("fmWfcFifmnD").unwrap().pawn, Some(true));
    assert_eq!(betza::read("fmWfcF").unwrap().pawn, Some(false));
    assert!(betza::read("nN").unwrap().leaps[0].lame);
    for text in [
        "K", "fsW", "fN", "WfF", "FfW", "nZ", "mRcpR", "BN", "vW", "ffNbbN", "fFbW",
    ] {
        let moves = betza::read(text).unwrap();
        let kind = moves.apply(crate::kernel::PieceKind::new("x", 'x', 0));
        let written = betza::write(&kind).unwrap();
        let mut again = betza::read(&written).unwrap();
        let mut first = moves.clone();
        for m in [&mut again, &mut first] {
            m.steps.sort();
        }
        assert_eq!(again, first, "{text} → {written}");
    }
}

#[test]
fn inheritance_and_removal() {
    let text = "[a:chess]\nknight = -\nstartFen = r1bqkb1r/pppppppp/8/8/8/8/PPPPPPPP/R1BQKB1R w KQkq - 0 1\n[b:a]\nknight = n\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPPP/RNBQKBNR w KQkq - 0 1\n";
    assert!(error(text).starts_with("line 6: startFen"));
    let text = "[a:chess]\nknight = -\nstartFen = r1bqkb1r/pppppppp/8/8/8/8/PPPPPPPP/R1BQKB1R w KQkq - 0 1\n[b:a]\nknight = n\n";
    let games = read(text).unwrap();
    assert_eq!(games[0].variant().kinds.len(), 5);
    assert_eq!(games[0].start().legal_moves().len(), 16 + 2);
    assert_eq!(games[1].variant().kinds.len(), 6);
    assert_eq!(
        error("[a:chess]\nknight = -\n"),
        "line 1: startFen: 'n' is no piece of the game"
    );
    assert_eq!(
        error("[a]\nknight = n\n"),
        "line 1: no king: a game needs one royal kind (king = k), or an extinction rule (extinctionValue and extinctionPieceTypes)"
    );
}

#[test]
fn limits() {
    assert!(error("[a:chess]\nmaxFile = 27\n").contains("maxFile"));
    assert_eq!(
        error("[a:chess]\nmaxFile = z\nmaxRank = 99\n"),
        "line 1: a board of 26 × 99 is not supported: the square sets hold at most 1,024 squares"
    );
    let region =
        "[a:chess]\nmobilityRegionWhiteKing = e1 f1 e2\nmobilityRegionBlackKing = e8 f8 e7\n";
    assert_eq!(
        error(region),
        "line 2: mobilityRegionWhiteKing: the squares must fill a box (a rectangle)"
    );
    let one_sided = "[a:chess]\nmobilityRegionWhiteKing = *1 *2\n";
    assert!(error(one_sided).contains("mobilityRegionBlackKing must be given too"));
    let unmirrored =
        "[a:chess]\nmobilityRegionWhiteKing = *1 *2\nmobilityRegionBlackKing = *1 *2\n";
    assert!(error(unmirrored).contains("mirror image"));
}

/// Fairy-Stockfish 11.1 (`go perft`) and the Chess Programming Wiki: 20,
/// 400, 8,902, 197,281.
#[test]
fn chess_from_scratch_perft() {
    let g = game(SCRATCH_CHESS);
    assert_eq!(g.start_fen(), chess::START_FEN);
    assert_eq!(counts(&g, 3), [20, 400, 8_902]);
    #[cfg(not(debug_assertions))]
    assert_eq!(g.start().perft(4), 197_281);
}

/// `[nocastle:chess]`: Fairy-Stockfish 11.1's `nocastle` from its start
/// counts 20, 400, 8,902 (no castling arises so early); from a position
/// where White could castle it has no castling.
#[test]
fn nocastle() {
    let g = game("[nocastle:chess]\ncastling = false\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1\n");
    assert_eq!(counts(&g, 3), [20, 400, 8_902]);
    let p = g
        .read_position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
        .unwrap();
    // Fairy-Stockfish 11.1, nocastle, this FEN: perft 1 = 24 (26 with castling).
    assert_eq!(p.perft(1), 24);
}

/// Fairy-Stockfish 11.1, `UCI_Variant losalamos`, `go perft 1..4`:
/// 10, 100, 1,212, 14,332.
#[test]
fn losalamos_perft() {
    let g = game(LOSALAMOS);
    assert_eq!(counts(&g, 4), [10, 100, 1_212, 14_332]);
}

/// Fairy-Stockfish 11.1, `UCI_Variant capablanca`, `go perft 1..3`: 28,
/// 784, 25,228.
#[test]
fn capablanca_perft() {
    let g = game(CAPABLANCA);
    assert_eq!(counts(&g, 3), [28, 784, 25_228]);
    // Fairy-Stockfish 11.1, capablanca, this FEN: perft 2 = 674 (both
    // sides castle to the i- and c-files).
    let p = g
        .read_position("r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1")
        .unwrap();
    assert_eq!(p.perft(2), 674);
    // Fairy-Stockfish 11.1: 805,128 at depth 4.
    #[cfg(not(debug_assertions))]
    assert_eq!(g.start().perft(4), 805_128);
}

/// Xiangqi in the ini syntax counts as the built-in one: 44, 1,920,
/// 79,666 (3,290,240 at depth 4; the Chess Programming Wiki, and
/// Fairy-Stockfish 11.1 alike).
#[test]
fn xiangqi_in_ini_perft() {
    let g = game(XIANGQI);
    assert_eq!(g.start_fen(), xiangqi::START_FEN);
    assert_eq!(counts(&g, 3), [44, 1_920, 79_666]);
    #[cfg(not(debug_assertions))]
    assert_eq!(g.start().perft(4), 3_290_240);
}

/// What matters for play: the same board, moves, start and rules.
pub(super) fn same_game(a: &Variant, b: &Variant) {
    assert_eq!(a.shape, b.shape);
    let sorted = |v: &Variant| {
        let mut s = v.start.clone();
        s.sort_by_key(|&(square, _)| square);
        s
    };
    assert_eq!(sorted(a), sorted(b));
    assert_eq!(a.castling, b.castling);
    assert_eq!(a.royalty, b.royalty);
    assert_eq!(a.stalemate, b.stalemate);
    assert_eq!(a.flying_general, b.flying_general);
    assert_eq!(a.extinction, b.extinction);
    assert_eq!(a.royal_required, b.royal_required);
    assert_eq!(a.draws.automatic_plies, b.draws.automatic_plies);
    assert_eq!(a.draws.automatic_repetitions, b.draws.automatic_repetitions);
    assert_eq!(a.kinds.len(), b.kinds.len());
    for (x, y) in a.kinds.iter().zip(&b.kinds) {
        let mut lx = x.leaps.clone();
        let mut ly = y.leaps.clone();
        lx.sort_by_key(|l| (l.vector, l.lame));
        ly.sort_by_key(|l| (l.vector, l.lame));
        assert_eq!(lx, ly, "{} / {}", x.name, y.name);
        assert_eq!(
            (x.letter, &x.slides, &x.pawn, &x.steps, &x.hops, x.region, x.royal),
            (y.letter, &y.slides, &y.pawn, &y.steps, &y.hops, y.region, y.royal),
            "{} / {}",
            x.name,
            y.name
        );
        assert_eq!(
            (x.pawn_like, &x.double_step_squares),
            (y.pawn_like, &y.double_step_squares),
            "{} / {}",
            x.name,
            y.name
        );
    }
}

#[test]
fn round_trip() {
    for variant in [chess::variant(), xiangqi::variant()] {
        let text = write(&variant).unwrap();
        let renamed = text.replacen(&format!("[{}]", variant.name), "[again]", 1);
        let back = game(&renamed);
        same_game(back.variant(), &variant);
        assert_eq!(write(back.variant()).unwrap(), renamed);
        // The built-in stated again reads as itself; changed, it is refused.
        assert!(read(&text).unwrap().is_empty(), "{}", variant.name);
        let changed = text.replacen("nMoveRule = ", "nMoveRule = 1", 1);
        assert_ne!(changed, text);
        assert!(error(&changed).contains("is a built-in game's name"));
    }
    for text in [SCRATCH_CHESS, LOSALAMOS, CAPABLANCA, XIANGQI, "[g:chess]\ncustomPiece1 = s:FfW\ngold = g\nshogiKnight = h\nknight = -\nbishop = -\nstartFen = rsgqkgsr/pppppppp/8/8/8/8/PPPPPPPP/RSGQKGSR w KQkq - 0 1\n"] {
        for g in read(text).unwrap() {
            let written = write(g.variant()).unwrap();
            let back = game(&written);
            same_game(back.variant(), g.variant());
            assert_eq!(back.start_fen(), g.start_fen());
        }
    }
}

#[test]
fn notation_is_fairy_stockfish_s() {
    let g = game(XIANGQI);
    let start = g.start();
    assert!(!g.recognizes(xiangqi::START_FEN));
    let m = g.read_move(&*start, "a1a2").unwrap();
    assert_eq!(g.coordinate_move(&*start, m), "a1a2");
    let p = g
        .read_position("3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1")
        .unwrap();
    let m = g.read_move(&*p, "a1a10").unwrap();
    assert_eq!(g.coordinate_move(&*p, m), "a1a10");
    assert_eq!(g.write_move(&*p, m), "Ra10+");
    let c = game(CAPABLANCA);
    let start = c.start();
    assert_eq!(
        c.write_position(&*start),
        "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1"
    );
    let m = c.read_move(&*start, "Nc3").unwrap();
    assert_eq!(c.coordinate_move(&*start, m), "b1c3");
}

/// Fairy-Stockfish 11.1's built-in games restated in the syntax.
const FAIRY: &str = "[gothic:chess]
maxFile = j
archbishop = a
chancellor = c
startFen = rnbqckabnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQCKABNR w KQkq - 0 1
promotionPieceTypes = qrbnac
castlingKingsideFile = i
castlingQueensideFile = c
[janus:chess]
maxFile = j
archbishop = j
startFen = rjnbkqbnjr/pppppppppp/10/10/10/10/PPPPPPPPPP/RJNBKQBNJR w KQkq - 0 1
promotionPieceTypes = jqrbn
castlingKingsideFile = i
castlingQueensideFile = b
[embassy:chess]
maxFile = j
archbishop = a
chancellor = c
startFen = rnbqkcabnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQKCABNR w KQkq - 0 1
promotionPieceTypes = qrbnac
castlingKingsideFile = h
castlingQueensideFile = b
[chancellor:chess]
maxRank = 9
maxFile = i
chancellor = c
startFen = rnbqkcnbr/ppppppppp/9/9/9/9/9/PPPPPPPPP/RNBQKCNBR w KQkq - 0 1
promotionRegionWhite = *9
promotionRegionBlack = *1
promotionPieceTypes = cqrbn
[almost:chess]
queen = -
chancellor = c
startFen = rnbckbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBCKBNR w KQkq - 0 1
promotionPieceTypes = crbn
[amazon:chess]
queen = -
amazon = a
startFen = rnbakbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBAKBNR w KQkq - 0 1
promotionPieceTypes = arbn
[gardner:chess]
maxRank = 5
maxFile = e
startFen = rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1
promotionRegionWhite = *5
promotionRegionBlack = *1
doubleStep = false
castling = false
[centaur:chess]
maxFile = j
centaur = c
startFen = rcnbqkbncr/pppppppppp/10/10/10/10/PPPPPPPPPP/RCNBQKBNCR w KQkq - 0 1
promotionPieceTypes = qrbnc
castlingKingsideFile = i
castlingQueensideFile = c
[chigorin:chess]
chancellor = c
startFen = rbbqkbbr/pppppppp/8/8/8/8/PPPPPPPP/RNNCKNNR w KQkq - 0 1
promotionPieceTypes = qrbnc
";

/// Each counts Fairy-Stockfish 11.1's perft(3) for its built-in game of
/// the name (`setoption name UCI_Variant value NAME`, `go perft 3`).
#[test]
fn fairy_stockfish_games_at_depth_three() {
    let expected = [
        ("gothic", 25_283),
        ("janus", 24_747),
        ("embassy", 25_281),
        ("chancellor", 15_896),
        ("almost", 11_895),
        ("amazon", 12_483),
        ("gardner", 506),
        ("centaur", 24_490),
        ("chigorin", 11_408),
    ];
    let games = read(FAIRY).unwrap();
    assert_eq!(games.len(), expected.len());
    for (g, (name, count)) in games.iter().zip(expected) {
        assert_eq!(g.name(), name);
        assert_eq!(g.start().perft(3), count, "{name}");
        // And each reads back from what the writer says.
        same_game(game(&write(g.variant()).unwrap()).variant(), g.variant());
    }
}

#[test]
fn castling_promotion_and_piece_refusals() {
    let cases = [
        ("startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkA - 0 1", "castling: right 'A': only K, Q, k and q (with chess960, the rooks' files) are read here"),
        ("startFen = 1nbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "castling: right q: no rook on that side of the king"),
        ("startFen = rnbq1bnr/ppppkppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "castling: right k: no king on rank 8"),
        ("castlingKingPiece = q", "castlingKingPiece = q is not supported: the king that castles is the royal piece here, where there is one"),
        ("castlingKingsideFile = z", "castlingKingsideFile = \"z\": a file from a to h (or 1 to 8)"),
        ("promotionPieceTypes = qx", "promotionPieceTypes = \"qx\": letters of the game's pieces"),
        ("promotionPieceTypes = qk", "promotionPieceTypes = qk is not supported: a pawn promotes to a piece neither royal nor a pawn here"),
        ("knight = n:N", "knight = \"n:N\": a letter alone (letter:Betza is for king and customPieceN)"),
        ("customPiece1 = x:fmWfcF", "piece x (customPiece1 = fmWfcF): a game has at most one pawn kind here"),
        ("mobilityRegionWhiteWazir = *1", "mobilityRegionWhiteWazir is not supported"),
        ("mobilityRegionWhiteKing = e1 z1", "mobilityRegionWhiteKing = \"e1 z1\": squares (e1), whole ranks (*1) or whole files (e*)"),
        ("maxRank = many", "maxRank = \"many\": a whole number"),
        ("nMoveRule = -1", "nMoveRule = \"-1\": a whole number"),
    ];
    for (lines, message) in cases {
        let text = format!("[a:chess]\n{lines}\n");
        let line = 1 + lines.lines().count();
        assert_eq!(error(&text), format!("line {line}: {message}"), "{lines}");
    }
    // Castling off: rights in the start and the castling files are ignored.
    let g = game("[a:chess]\ncastling = false\ncastlingKingsideFile = z\n");
    assert!(g.variant().castling.is_empty());
    assert_eq!(
        g.start_fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"
    );
    // nMoveRule = 0 and nFoldRule = 0: no automatic draw.
    let g = game("[a:chess]\nnMoveRule = 0\nnFoldRule = 0\n");
    assert_eq!(
        (
            g.variant().draws.automatic_plies,
            g.variant().draws.automatic_repetitions
        ),
        (None, None)
    );
}

#[test]
fn what_the_writer_cannot_state() {
    use crate::kernel::{PieceKind, Region, Royalty};
    let mut v = chess::variant();
    v.royalty = Royalty::Capture;
    assert!(write(&v)
        .unwrap_err()
        .to_string()
        .contains("captured, not checkmated"));
    let mut v = chess::variant();
    v.kinds[4] = PieceKind::new("camel rider", 'n', 300).lame_leap(&[3, 1]);
    assert!(write(&v)
        .unwrap_err()
        .to_string()
        .contains("lame leap nC is not supported"));
    let mut v = chess::variant();
    v.kinds[4] = PieceKind::new("zebra", 'n', 300).leap(&[4, 1]);
    assert!(write(&v)
        .unwrap_err()
        .to_string()
        .contains("has no Betza atom"));
    let mut v = chess::variant();
    let zone = Region::new(&[(0, 3), (4, 7)]);
    v.kinds[4] = PieceKind::new("odd", 'n', 300).step_in(&[0, 1], zone);
    assert!(write(&v)
        .unwrap_err()
        .to_string()
        .contains("steps from a region"));
    let mut v = chess::variant();
    v.castling[0].king_to = 5;
    v.castling[0].rook_to = 6;
    assert!(write(&v).unwrap_err().to_string().contains("castling"));
}

/// Makruk: pawns promote on reaching the sixth rank (a zone of three
/// ranks), stated as whole ranks or as the one rank a pawn cannot pass;
/// the writer states the zone back.
const MAKRUK: &str = "\
[makruk]
pawn = p
knight = n
silver = s
rook = r
fers = m
king = k
startFen = rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1
castling = false
doubleStep = false
promotionPieceTypes = m
promotionRegionWhite = *6 *7 *8
promotionRegionBlack = *3 *2 *1
";

#[test]
fn promotion_zones_of_whole_ranks() {
    let g = game(MAKRUK);
    let pawn = |g: &FileGame| g.variant().kinds[0].pawn.clone().unwrap();
    assert_eq!(pawn(&g).promotion_ranks, 3);
    // Fairy-Stockfish 11.1: perft 1-3 of its built-in makruk.
    assert_eq!(counts(&g, 3), [23, 529, 12_012]);
    // A pawn on the fifth rank promotes on its next step, to a met only
    // (Fairy-Stockfish: perft 3 = 230 from here).
    let before = g.read_position("4k3/8/8/P7/8/8/8/4K3 w - - 0 1").unwrap();
    assert_eq!(before.perft(3), 230);
    // One rank a pawn cannot pass is the same zone; so is 11.1's key.
    for zone in [
        "promotionRegionWhite = *6\npromotionRegionBlack = *3",
        "promotionRank = 6",
    ] {
        let text = MAKRUK.replace(
            "promotionRegionWhite = *6 *7 *8\npromotionRegionBlack = *3 *2 *1",
            zone,
        );
        assert_eq!(pawn(&game(&text)).promotion_ranks, 3, "{zone}");
    }
    let written = write(g.variant()).unwrap();
    assert!(
        written.contains("promotionRegionWhite = *6 *7 *8\npromotionRegionBlack = *3 *2 *1\n"),
        "{written}"
    );
    same_game(game(&written).variant(), g.variant());
    // Whole ranks not mirrored: refused.
    assert_eq!(
        error("[a:chess]\npromotionRegionWhite = *7 *8\npromotionRegionBlack = *1\n"),
        "line 3: promotionRegionBlack = *1 is not supported: the two sides' promotion zones mirror each other here (line 2 says *7 *8)"
    );
}

/// Shako castles on its second rank and double-steps its pawns from the
/// third; every game of the Fairy-Stockfish sample file is written and
/// read back the same.
#[test]
fn shako_and_the_sample_file_round_trip() {
    let games = read(include_str!("../../../../../samples/fsf-variants.ini")).unwrap();
    assert!(games.len() >= 22, "{}", games.len());
    let shako = games.iter().find(|g| g.name() == "shako").unwrap();
    let pawn = shako
        .variant()
        .kinds
        .iter()
        .find_map(|k| k.pawn.clone())
        .unwrap();
    assert_eq!(pawn.double_step_ranks, [1 << 2; 2]);
    // Kings on f2 and f9, castling to h or d: Fairy-Stockfish 11.1 counts
    // 151,262 at depth 3, with f2h2 and f2d2 among the first moves.
    let castling = shako
        .read_position("c8c/er3k2re/pppppppppp/10/10/10/10/PPPPPPPPPP/ER3K2RE/C8C w KQkq - 0 1")
        .unwrap();
    assert_eq!(castling.perft(2), 2_916);
    for g in &games {
        let written = write(g.variant()).unwrap();
        let back = game(&written);
        same_game(back.variant(), g.variant());
        assert_eq!(back.start_fen(), g.start_fen(), "{}", g.name());
    }
    let written = write(shako.variant()).unwrap();
    for line in [
        "castlingRank = 2\n",
        "doubleStepRegionWhite = *3\ndoubleStepRegionBlack = *8\n",
    ] {
        assert!(written.contains(line), "{written}");
    }
    // One side's region leaves the other's default (Black *7).
    let one = game("[a:chess]\ndoubleStepRegionWhite = *3\n");
    let pawn = one
        .variant()
        .kinds
        .iter()
        .find_map(|k| k.pawn.clone())
        .unwrap();
    assert_eq!(pawn.double_step_ranks, [1 << 2, 1 << 1]);
}

/// Defect: `promotionRank` did not replace an inherited promotion region
/// (`[a:chess]` + `promotionRank = 7` was refused). Fairy-Stockfish reads
/// the old key first and a side's region after it, and a section starts
/// from its base's finished rules. The moves are pyffish 0.0.90's
/// (`sf.legal_moves(name, fen, [])` after `load_variant_config` of the
/// same text), for White and for Black of the same board.
#[test]
fn promotion_rank_replaces_an_inherited_region() {
    let text = "[a:chess]\npromotionRank = 7\n\
                [b:chess]\npromotionRank = 6\n\
                [c:b]\npromotionRegionWhite = *8\npromotionRegionBlack = *1\n\
                [d:chess]\npromotionRegionWhite = *8\npromotionRegionBlack = *1\npromotionRank = 7\n";
    let games = read(text).unwrap_or_else(|e| panic!("{e}"));
    let moves = |g: &FileGame, fen: &str| -> Vec<String> {
        let p = g.read_position(fen).unwrap();
        let mut m: Vec<String> = p
            .legal_moves()
            .into_iter()
            .map(|m| g.coordinate_move(&*p, m))
            .collect();
        m.sort();
        m
    };
    let board = "8/8/4P3/8/8/3p4/8/k6K";
    let promoting = ["e6e7b", "e6e7n", "e6e7q", "e6e7r", "h1g1", "h1g2", "h1h2"];
    let plain = ["e6e7", "h1g1", "h1g2", "h1h2"];
    let black_promoting = ["a1a2", "a1b1", "a1b2", "d3d2b", "d3d2n", "d3d2q", "d3d2r"];
    let black_plain = ["a1a2", "a1b1", "a1b2", "d3d2"];
    for (g, white, black) in [
        (&games[0], &promoting[..], &black_promoting[..]),
        (&games[2], &plain[..], &black_plain[..]),
        (&games[3], &plain[..], &black_plain[..]),
    ] {
        assert_eq!(
            moves(g, &format!("{board} w - - 0 1")),
            white,
            "{}",
            g.name()
        );
        assert_eq!(
            moves(g, &format!("{board} b - - 0 1")),
            black,
            "{}",
            g.name()
        );
    }
    // [b]: from the sixth rank on (Black from the third).
    let b = &games[1];
    assert_eq!(
        moves(b, "8/8/8/4P3/8/8/8/k6K w - - 0 1")
            .iter()
            .filter(|m| m.starts_with("e5e6"))
            .count(),
        4
    );
    assert_eq!(moves(b, "8/8/8/8/8/8/8/k6K w - - 0 1").len(), 3);
    assert_eq!(counts(&games[0], 4), [20, 400, 8902, 197_281]);
}
