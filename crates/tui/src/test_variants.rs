//! Test-only kernel variants in three and four dimensions, with a tiny
//! notation, so the terminal game is tested on such boards whatever the
//! registry holds: a Fourfold-like 4 × 4 × 2 × 2 game with the classic
//! setup, and a 3 × 3 × 3 cube.

use crate::kernel::{
    AnyPosition, Color, DrawRules, Kind, Move, PawnRules, Piece, PieceKind, Position, Royalty,
    Rules, Setup, Stalemate, Variant,
};
use crate::variants::layout::Across;
use crate::variants::{Notation, NotationError};
use duckchess_geometry::{DirectionClass, Shape};
use std::sync::OnceLock;

fn kinds(pawns: bool, four: bool) -> Vec<PieceKind> {
    let mut king = PieceKind::new("king", 'k', 0).leap(&[1, 0]).leap(&[1, 1]);
    king = king.leap(&[1, 1, 1]);
    if four {
        king = king.leap(&[1, 1, 1, 1]);
    }
    let bishop = if four {
        DirectionClass::BISHOP
    } else {
        DirectionClass::exactly(3)
    };
    let mut kinds = vec![
        king.royal(),
        PieceKind::new("queen", 'q', 900).slide(DirectionClass::ANY),
        PieceKind::new("rook", 'r', 500).slide(DirectionClass::ROOK),
        PieceKind::new("bishop", 'b', 330).slide(bishop),
        PieceKind::new("knight", 'n', 320).leap(&[2, 1]),
    ];
    if pawns {
        kinds.push(PieceKind::new("pawn", 'p', 100).pawn(PawnRules {
            forward_axis: 1,
            capture_axes: 0b1101,
            double_step: false,
            en_passant: false,
            promotion: vec![Kind(1)],
            black_promotion: None,
            promotion_ranks: 1,
            promotion_region: None,
            double_step_ranks: [1 << 1; 2],
            en_passant_ranks: [u64::MAX; 2],
            choice: None,
        }));
    }
    kinds
}

fn variant(name: &str, sizes: &[usize], start: &[(&[i32], char)]) -> Variant {
    let shape = Shape::new(sizes).unwrap();
    let kinds = kinds(sizes.len() == 4, sizes.len() == 4);
    let letter = |c: char| {
        kinds
            .iter()
            .position(|k| k.letter == c.to_ascii_lowercase())
    };
    let start = start
        .iter()
        .map(|&(at, c)| {
            let mut coords = [0; 4];
            coords[..at.len()].copy_from_slice(at);
            let color = if c.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            let kind = Kind(letter(c).unwrap() as u8);
            (shape.index(coords).unwrap(), Piece { color, kind })
        })
        .collect();
    Variant {
        name: name.into(),
        shape,
        kinds,
        start,
        castling: Vec::new(),
        royalty: Royalty::Check,
        royal_required: false,
        draws: DrawRules {
            automatic_plies: Some(100),
            automatic_repetitions: Some(3),
            ..DrawRules::default()
        },
        stalemate: Stalemate::Draw,
        flying_general: false,
        extinction: None,
        drops: None,
        goals: crate::kernel::Goals::default(),
    }
}

/// The test notation: squares `a1[z,w]` (4D) or `a1(I)` (cube); positions as
/// one character a square in index order then the side; moves `from-to`.
struct Test {
    name: &'static str,
    four: bool,
    rules: fn() -> &'static Rules<u64>,
}

fn fourfold_rules() -> &'static Rules<u64> {
    static R: OnceLock<&'static Rules<u64>> = OnceLock::new();
    R.get_or_init(|| {
        let w: &[(&[i32], char)] = &[
            (&[0, 0, 0, 0], 'R'),
            (&[1, 0, 0, 0], 'N'),
            (&[2, 0, 0, 0], 'K'),
            (&[3, 0, 0, 0], 'Q'),
            (&[0, 1, 0, 0], 'P'),
            (&[1, 1, 0, 0], 'P'),
            (&[2, 1, 0, 0], 'P'),
            (&[3, 1, 0, 0], 'P'),
            (&[1, 0, 1, 0], 'B'),
            (&[2, 0, 1, 0], 'R'),
        ];
        // Black is White turned through the centre.
        let mut all: Vec<(Vec<i32>, char)> = w.iter().map(|(a, c)| (a.to_vec(), *c)).collect();
        for (a, c) in w {
            let turned = vec![3 - a[0], 3 - a[1], 1 - a[2], 1 - a[3]];
            all.push((turned, c.to_ascii_lowercase()));
        }
        let start: Vec<(&[i32], char)> = all.iter().map(|(a, c)| (&a[..], *c)).collect();
        let v = variant("fourfold-test", &[4, 4, 2, 2], &start);
        Rules::new(v).unwrap().leak()
    })
}

fn cube_rules() -> &'static Rules<u64> {
    static R: OnceLock<&'static Rules<u64>> = OnceLock::new();
    R.get_or_init(|| {
        let start: &[(&[i32], char)] = &[
            (&[0, 0, 0], 'K'),
            (&[1, 0, 0], 'R'),
            (&[2, 0, 0], 'N'),
            (&[2, 2, 2], 'k'),
            (&[0, 2, 2], 'r'),
        ];
        Rules::new(variant("cube-test", &[3, 3, 3], start))
            .unwrap()
            .leak()
    })
}

fn cube4_rules() -> &'static Rules<u64> {
    static R: OnceLock<&'static Rules<u64>> = OnceLock::new();
    R.get_or_init(|| {
        let start: &[(&[i32], char)] = &[
            (&[0, 0, 0], 'K'),
            (&[1, 0, 0], 'Q'),
            (&[3, 3, 3], 'k'),
            (&[2, 3, 3], 'b'),
        ];
        Rules::new(variant("cube4-test", &[4, 4, 4], start))
            .unwrap()
            .leak()
    })
}

static CUBE4: Test = Test {
    name: "cube4-test",
    four: false,
    rules: cube4_rules,
};

/// A 4 × 4 × 4 test cube: the widest board that must fit 80 columns.
pub fn cube4() -> &'static dyn Notation {
    &CUBE4
}

static FOURFOLD: Test = Test {
    name: "fourfold-test",
    four: true,
    rules: fourfold_rules,
};
static CUBE: Test = Test {
    name: "cube-test",
    four: false,
    rules: cube_rules,
};

/// The Fourfold-like test game (classic setup, 4 × 4 × 2 × 2).
pub fn fourfold_like() -> &'static dyn Notation {
    &FOURFOLD
}

/// The 3 × 3 × 3 test cube, top level drawn first.
pub fn small_cube() -> &'static dyn Notation {
    &CUBE
}

const ROMAN: [&str; 4] = ["I", "II", "III", "IV"];

impl crate::variants::prelude::GameRules for Test {
    fn name(&self) -> &'static str {
        self.name
    }

    fn title(&self) -> &'static str {
        self.name
    }

    fn summary(&self) -> String {
        "a test board".into()
    }

    fn start(&self) -> Box<dyn AnyPosition> {
        Box::new(Position::new((self.rules)()))
    }
}

impl crate::variants::prelude::Text for Test {
    fn recognizes(&self, _text: &str) -> bool {
        false
    }

    fn read_position(&self, text: &str) -> Result<Box<dyn AnyPosition>, NotationError> {
        let rules = (self.rules)();
        let (board, side) = text.split_once(' ').ok_or("no side to move")?;
        let mut setup = Setup::empty(rules.len());
        if board.chars().count() != rules.len() {
            return Err("wrong length".into());
        }
        for (i, c) in board.chars().enumerate() {
            if c != '.' {
                setup.board[i] = Some(rules.variant().piece_by_char(c).ok_or("bad piece")?);
            }
        }
        setup.turn =
            Color::from_char(side.trim().chars().next().ok_or("no side")?).ok_or("bad side")?;
        Ok(Box::new(Position::from_setup(rules, &setup)?))
    }

    fn write_position(&self, position: &dyn AnyPosition) -> String {
        let v = position.variant();
        let board: String = (0..v.shape.len())
            .map(|s| position.piece_at(s).map_or('.', |p| v.piece_char(p)))
            .collect();
        format!("{board} {}", position.turn().char())
    }

    fn write_move(&self, position: &dyn AnyPosition, m: Move) -> String {
        self.coordinate_move(position, m)
    }

    fn coordinate_move(&self, position: &dyn AnyPosition, m: Move) -> String {
        let mut text = format!(
            "{}-{}",
            self.square_name(position, m.from()),
            self.square_name(position, m.to())
        );
        if let Some(k) = m.promotion {
            text.push('=');
            text.push(position.variant().kind(k).letter);
        }
        text
    }

    fn read_move(&self, position: &dyn AnyPosition, text: &str) -> Result<Move, NotationError> {
        position
            .legal_moves()
            .into_iter()
            .find(|&m| self.coordinate_move(position, m) == text)
            .ok_or_else(|| format!("{text:?} is no legal move").into())
    }

    fn square_name(&self, position: &dyn AnyPosition, square: usize) -> String {
        let c = position.variant().shape.coords(square);
        let file = (b'a' + c[0] as u8) as char;
        if self.four {
            format!("{file}{}[{},{}]", c[1] + 1, c[2], c[3])
        } else {
            format!("{file}{}({})", c[1] + 1, ROMAN[c[2] as usize])
        }
    }
}

impl crate::variants::prelude::Presentation for Test {
    fn board_label(&self, _position: &dyn AnyPosition, z: usize, w: usize) -> String {
        if self.four {
            format!("[{z},{w}]")
        } else {
            ROMAN[z].to_string()
        }
    }

    fn across(&self) -> Across {
        if self.four {
            Across::Ascending
        } else {
            Across::Descending
        }
    }
}

impl crate::variants::prelude::EngineInterop for Test {}
