//! The kernel beyond 8 × 8: pieces and variants built here as plain data on
//! three and four axes, checked against the published answers of the cube
//! mate puzzle and the published Fourfold perft counts. (The registry's
//! cube and Fourfold variants, with their notation, come later; these are
//! only fixtures.)

use duckchess::geometry::{DirectionClass, Shape};
use duckchess::kernel::{
    perft, Big, Color, DrawRules, Kind, PawnRules, Piece, PieceKind, Position, Royalty, Rules,
    Setup, SquareSet, Stalemate, Variant,
};

fn army(axes: usize, pawn: Option<PawnRules>) -> Vec<PieceKind> {
    let mut king = PieceKind::new("king", 'k', 0).royal();
    for k in 1..=axes {
        king = king.leap(&vec![1; k]);
    }
    let bishop = if axes == 3 {
        DirectionClass::exactly(3)
    } else {
        DirectionClass::BISHOP
    };
    let mut kinds = vec![
        king,
        PieceKind::new("queen", 'q', 900).slide(DirectionClass::ANY),
        PieceKind::new("rook", 'r', 500).slide(DirectionClass::ROOK),
        PieceKind::new("bishop", 'b', 330).slide(bishop),
        PieceKind::new("knight", 'n', 320).leap(&[2, 1]),
    ];
    if let Some(rules) = pawn {
        kinds.push(PieceKind::new("pawn", 'p', 100).pawn(rules));
    }
    kinds
}

fn variant(
    name: &str,
    sizes: &[usize],
    kinds: Vec<PieceKind>,
    start: Vec<(usize, Piece)>,
) -> Variant {
    Variant {
        name: name.into(),
        shape: Shape::new(sizes).unwrap(),
        kinds,
        start,
        castling: Vec::new(),
        royalty: Royalty::Check,
        royal_required: false,
        draws: DrawRules::default(),
        stalemate: Stalemate::Draw,
        flying_general: false,
        extinction: None,
        drops: None,
        goals: duckchess::kernel::Goals::default(),
    }
}

/// Reads a puzzle board (`[###,n##,#rr],[…],[…]`: levels from the top,
/// ranks from the back) and answers "is White checkmated?".
fn cube_mate<S: SquareSet>(n: usize, boards: &str) -> bool {
    let v = variant("cube", &[n, n, n], army(3, None), Vec::new());
    let rules: &'static Rules<S> = Rules::new(v).unwrap().leak();
    let mut setup = Setup::empty(n * n * n);
    let levels: Vec<&str> = boards.split("],[").collect();
    assert_eq!(levels.len(), n);
    for (i, level) in levels.iter().enumerate() {
        let z = n - 1 - i;
        let ranks: Vec<&str> = level
            .trim_matches(|c| c == '[' || c == ']')
            .split(',')
            .collect();
        for (j, rank) in ranks.iter().enumerate() {
            let y = n - 1 - j;
            for (x, c) in rank.chars().enumerate() {
                if c != '#' {
                    setup.board[x + n * (y + n * z)] = rules.variant().piece_by_char(c);
                }
            }
        }
    }
    let position = Position::from_setup(rules, &setup).unwrap();
    position.is_check() && position.legal_moves().is_empty()
}

#[test]
fn the_ten_published_cube_mate_cases() {
    let cases: [(usize, &str, bool); 10] = [
        (3, "[###,n##,#rr],[#b#,###,###],[###,###,bRK]", true),
        (3, "[b#b,###,###],[###,###,RNR],[#q#,###,#K#]", false),
        (3, "[#q#,#b#,###],[n##,###,###],[#k#,###,#KB]", false),
        (4, "[####,####,r###,####],[####,#q##,####,####],[##r#,###b,####,BRnn],[####,####,#N##,#KQ#]", true),
        (3, "[###,##b,r#r],[###,###,###],[#k#,###,#K#]", false),
        (3, "[##k,###,r#K],[###,n##,#N#],[###,###,#Q#]", true),
        (3, "[###,###,##q],[###,###,###],[#k#,###,rNK]", true),
        (2, "[#q,##],[##,K#]", false),
        (2, "[rq,##],[##,K#]", true),
        (3, "[###,###,#q#],[###,###,###],[#k#,###,BKn]", false),
    ];
    for (i, &(n, boards, mated)) in cases.iter().enumerate() {
        assert_eq!(cube_mate::<u64>(n, boards), mated, "case {} on u64", i + 1);
        assert_eq!(
            cube_mate::<Big>(n, boards),
            mated,
            "case {} on the multiword set",
            i + 1
        );
    }
}

#[test]
fn a_ten_cube_fits_the_multiword_set() {
    let v = variant("cube", &[10, 10, 10], army(3, None), Vec::new());
    let rules: &'static Rules<Big> = Rules::new(v).unwrap().leak();
    let mut setup = Setup::empty(1000);
    setup.board[0] = rules.variant().piece_by_char('K');
    setup.board[999] = rules.variant().piece_by_char('k');
    setup.board[556] = rules.variant().piece_by_char('Q');
    let position = Position::from_setup(rules, &setup).unwrap();
    // The king in a corner has 7 steps; the queen near the middle slides
    // along 26 rays.
    let moves = position.legal_moves();
    assert_eq!(moves.iter().filter(|m| m.from() == 0).count(), 7);
    assert!(moves.iter().filter(|m| m.from() == 556).count() > 100);
    assert!(
        Rules::<u128>::new(rules.variant().clone()).is_err(),
        "1,000 squares do not fit 128 bits"
    );
}

/// A piece letter on a square given by its (x, y, z, w).
type Placed = ((i32, i32, i32, i32), char);

/// Fourfold: 4 × 4 × 2 × 2; pawns capture along X, Z or W, promote to a
/// queen; Black is White turned through the centre (classic) or mirrored
/// across ranks and board rows (full).
fn fourfold(white: &[Placed], black_of: fn([i32; 4]) -> [i32; 4]) -> Position<u64> {
    let pawn = PawnRules {
        forward_axis: 1,
        capture_axes: 1 << 0 | 1 << 2 | 1 << 3,
        double_step: false,
        en_passant: false,
        promotion: vec![Kind(1)],
        black_promotion: None,
        promotion_ranks: 1,
        promotion_region: None,
        double_step_ranks: [1 << 1; 2],
        en_passant_ranks: [u64::MAX; 2],
        choice: None,
    };
    let shape = Shape::new(&[4, 4, 2, 2]).unwrap();
    let kinds = army(4, Some(pawn));
    let mut start = Vec::new();
    let letter = |c: char| {
        Kind(
            kinds
                .iter()
                .position(|k| k.letter == c.to_ascii_lowercase())
                .unwrap() as u8,
        )
    };
    for &((x, y, z, w), c) in white {
        let kind = letter(c);
        start.push((
            shape.index([x, y, z, w]).unwrap(),
            Piece {
                color: Color::White,
                kind,
            },
        ));
        start.push((
            shape.index(black_of([x, y, z, w])).unwrap(),
            Piece {
                color: Color::Black,
                kind,
            },
        ));
    }
    let v = variant("fourfold", &[4, 4, 2, 2], kinds, start);
    Position::new(Rules::new(v).unwrap().leak())
}

#[test]
fn fourfold_published_perft_counts() {
    let mut classic = vec![
        ((0, 0, 0, 0), 'R'),
        ((1, 0, 0, 0), 'N'),
        ((2, 0, 0, 0), 'K'),
        ((3, 0, 0, 0), 'Q'),
        ((1, 0, 1, 0), 'B'),
        ((2, 0, 1, 0), 'R'),
    ];
    classic.extend((0..4).map(|x| ((x, 1, 0, 0), 'P')));
    let turned = |[x, y, z, w]: [i32; 4]| [3 - x, 3 - y, 1 - z, 1 - w];
    let position = fourfold(&classic, turned);
    assert_eq!([1, 2, 3].map(|d| perft(&position, d)), [41, 1_671, 74_569]);
    if cfg!(debug_assertions) {
        eprintln!("NOT CHECKED in debug: classic depth 4; the release run checks it (scripts/kernel_perft_release.sh, in CI)");
    } else {
        assert_eq!(perft(&position, 4), 3_194_878);
    }

    let mut full: Vec<Placed> = Vec::new();
    for (x, (a, b)) in "RNBQ".chars().zip("KBNR".chars()).enumerate() {
        let x = x as i32;
        full.extend([
            ((x, 0, 0, 0), a),
            ((x, 0, 1, 0), b),
            ((x, 1, 0, 0), 'P'),
            ((x, 1, 1, 0), 'P'),
        ]);
    }
    let mirrored = |[x, y, z, w]: [i32; 4]| [x, 3 - y, z, 1 - w];
    let position = fourfold(&full, mirrored);
    assert_eq!([1, 2, 3].map(|d| perft(&position, d)), [48, 2_116, 100_207]);
    if cfg!(debug_assertions) {
        eprintln!("NOT CHECKED in debug: full depth 4; the release run checks it (scripts/kernel_perft_release.sh, in CI)");
    } else {
        assert_eq!(perft(&position, 4), 4_700_547);
    }
}
