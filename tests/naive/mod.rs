//! A deliberately naive rules checker for the n-dimensional games, written
//! apart from the crate and sharing none of its code: no tables, no bit
//! sets, no pins. A move is legal when the piece's rule, read straight off
//! the spec as a test on the displacement, allows it, every square strictly
//! between is empty, and the mover's king is not attacked afterwards, found
//! by asking every enemy piece the same question. Slow and obviously right.

#![allow(dead_code)]

/// The most axes a board has (Fourfold's four).
const AXES: usize = 4;

/// The coordinates of every square of a board of `dims`, worked out once
/// for each shape and kept.
fn points(dims: &[usize]) -> &'static [[i64; AXES]] {
    type Shapes = Vec<(Vec<usize>, &'static [[i64; AXES]])>;
    static SHAPES: std::sync::Mutex<Shapes> = std::sync::Mutex::new(Vec::new());
    let mut shapes = SHAPES.lock().unwrap();
    if let Some(&(_, points)) = shapes.iter().find(|(d, _)| d == dims) {
        return points;
    }
    let squares = dims.iter().product();
    let points: Vec<[i64; AXES]> = (0..squares)
        .map(|mut i| {
            let mut c = [0; AXES];
            for (k, &d) in dims.iter().enumerate() {
                c[k] = (i % d) as i64;
                i /= d;
            }
            c
        })
        .collect();
    let points = &*Box::leak(points.into_boxed_slice());
    shapes.push((dims.to_vec(), points));
    points
}

/// Which game's rules: they differ in the bishop and the pawn.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Game {
    /// n×n×n, no pawns, the bishop on triagonals only.
    Cube,
    /// 4×4×2×2: the bishop changes exactly two coordinates; pawns push
    /// along Y and capture along Y plus one of X, Z or W.
    Fourfold,
}

/// A piece: its side and its upper-case letter (K Q R B N P).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Man {
    pub white: bool,
    pub kind: char,
}

/// A board of any number of axes, squares in mixed radix (x fastest).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    pub game: Game,
    pub dims: Vec<usize>,
    pub cells: Vec<Option<Man>>,
    pub white_to_move: bool,
    /// The coordinates of each square, worked out once (only for speed:
    /// the naive perft of tests/rules/fourfold.rs asks for millions); the axes
    /// past the board's are 0.
    points: &'static [[i64; AXES]],
}

/// A move: from, to, and the promotion letter if any.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct NaiveMove {
    pub from: usize,
    pub to: usize,
    pub promotion: Option<char>,
}

impl Board {
    /// An empty board.
    pub fn empty(game: Game, dims: &[usize]) -> Board {
        let squares = dims.iter().product();
        Board {
            game,
            dims: dims.to_vec(),
            cells: vec![None; squares],
            white_to_move: true,
            points: points(dims),
        }
    }

    /// The coordinates of square `i`.
    pub fn coords(&self, i: usize) -> Vec<i64> {
        self.point(i)[..self.dims.len()].to_vec()
    }

    /// The coordinates of square `i` in a fixed array (no allocation, for
    /// speed alone); the axes past the board's are 0.
    fn point(&self, i: usize) -> [i64; AXES] {
        self.points[i]
    }

    /// The square at coordinates `c`, if on the board.
    pub fn index(&self, c: &[i64]) -> Option<usize> {
        let mut i = 0usize;
        let mut stride = 1usize;
        for (k, &d) in self.dims.iter().enumerate() {
            if c[k] < 0 || c[k] >= d as i64 {
                return None;
            }
            i += c[k] as usize * stride;
            stride *= d;
        }
        Some(i)
    }

    /// Whether the man on `from` could move to (or capture on) `to` by its
    /// rule of movement, ignoring what stands on `to` and the king's safety.
    /// A pawn's push and capture are told apart by `capture`.
    fn reaches(&self, from: usize, to: usize, man: Man, capture: bool) -> bool {
        if from == to {
            return false;
        }
        let a = self.point(from);
        let b = self.point(to);
        let mut d = [0i64; AXES];
        for k in 0..AXES {
            d[k] = b[k] - a[k];
        }
        // How many coordinates change, and by how much each at most.
        let k = d.iter().filter(|v| **v != 0).count();
        let dist = d.iter().map(|v| v.abs()).max().unwrap();
        let equal = d.iter().all(|&v| v == 0 || v.abs() == dist);
        let slide = |ok: bool| ok && equal && self.clear_between(&a, &d, dist);
        match man.kind {
            'K' => dist == 1,
            'R' => slide(k == 1),
            'B' => match self.game {
                Game::Cube => slide(k == 3),
                Game::Fourfold => slide(k == 2),
            },
            'Q' => slide(true),
            'N' => {
                // Two coordinates change, one by 1 and the other by 2.
                k == 2 && dist == 2 && d.iter().map(|v| v.abs()).sum::<i64>() == 3
            }
            'P' => {
                let forward = if man.white { 1 } else { -1 };
                if d[1] != forward {
                    return false;
                }
                // The coordinates other than Y that change.
                let sideways = k - 1;
                if capture {
                    sideways == 1 && dist == 1
                } else {
                    sideways == 0
                }
            }
            other => panic!("naive checker: unknown piece {other}"),
        }
    }

    /// Every square strictly between `a` and `a + d` is empty (d is `dist`
    /// equal steps).
    fn clear_between(&self, a: &[i64; AXES], d: &[i64; AXES], dist: i64) -> bool {
        (1..dist).all(|s| {
            let mut c = [0; AXES];
            for k in 0..AXES {
                c[k] = a[k] + d[k].signum() * s;
            }
            self.cells[self.index(&c).unwrap()].is_none()
        })
    }

    /// The squares holding a man of side `white` that attacks `target`.
    pub fn attackers(&self, target: usize, white: bool) -> Vec<usize> {
        (0..self.cells.len())
            .filter(|&s| self.attacks(s, target, white))
            .collect()
    }

    /// Whether the square `s` holds a man of side `white` that attacks
    /// `target`.
    fn attacks(&self, s: usize, target: usize, white: bool) -> bool {
        match self.cells[s] {
            Some(m) if m.white == white => self.reaches(s, target, m, true),
            _ => false,
        }
    }

    /// The king square of side `white`, if there is one.
    pub fn king(&self, white: bool) -> Option<usize> {
        (0..self.cells.len()).find(|&s| self.cells[s] == Some(Man { white, kind: 'K' }))
    }

    /// Whether side `white`'s king is attacked.
    pub fn in_check(&self, white: bool) -> bool {
        self.king(white)
            .is_some_and(|k| (0..self.cells.len()).any(|s| self.attacks(s, k, !white)))
    }

    /// The last rank for side `white`'s pawns.
    fn last_rank(&self, white: bool) -> i64 {
        if white {
            self.dims[1] as i64 - 1
        } else {
            0
        }
    }

    /// Every legal move of the side to move, sorted.
    pub fn legal_moves(&self) -> Vec<NaiveMove> {
        let white = self.white_to_move;
        let mut out = Vec::new();
        let mut trial = self.clone();
        for from in 0..self.cells.len() {
            let Some(man) = self.cells[from] else {
                continue;
            };
            if man.white != white {
                continue;
            }
            for to in 0..self.cells.len() {
                let capture = match self.cells[to] {
                    Some(t) if t.white == white => continue,
                    Some(_) => true,
                    None => false,
                };
                if !self.reaches(from, to, man, capture) {
                    continue;
                }
                let promotion =
                    (man.kind == 'P' && self.point(to)[1] == self.last_rank(white)).then_some('Q');
                let m = NaiveMove {
                    from,
                    to,
                    promotion,
                };
                // Played on a scratch board, asked, and taken back (the same
                // as `self.after(m).in_check(white)`, without a copy each time).
                let (mover, target) = (trial.cells[from], trial.cells[to]);
                trial.cells[to] = trial.after_cell(m);
                trial.cells[from] = None;
                let safe = !trial.in_check(white);
                (trial.cells[from], trial.cells[to]) = (mover, target);
                if safe {
                    out.push(m);
                }
            }
        }
        out.sort();
        out
    }

    /// What stands on the target of move `m` once it is played: the man
    /// moved, promoted if it is.
    fn after_cell(&self, m: NaiveMove) -> Option<Man> {
        let mut man = self.cells[m.from].unwrap();
        if let Some(p) = m.promotion {
            man.kind = p;
        }
        Some(man)
    }

    /// The board after move `m` (not checked for legality).
    pub fn after(&self, m: NaiveMove) -> Board {
        let mut b = self.clone();
        b.cells[m.to] = b.after_cell(m);
        b.cells[m.from] = None;
        b.white_to_move = !b.white_to_move;
        b
    }

    /// The puzzle's question: is White, to move, checkmated?
    pub fn white_is_mated(&self) -> bool {
        let mut b = self.clone();
        b.white_to_move = true;
        b.in_check(true) && b.legal_moves().is_empty()
    }

    /// Legal move paths of length `depth` (draw rules ignored).
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal_moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|&m| self.after(m).perft(depth - 1)).sum()
    }
}

/// Reads the cube puzzle's format (`n = 3, [###,n##,#rr],[...],[...]`, the
/// prefix optional): boards top level first, ranks back to front, files a
/// onwards. White to move.
pub fn parse_cube(text: &str) -> Board {
    let body = match text.find('[') {
        Some(i) => &text[i..],
        None => panic!("naive: no board in {text:?}"),
    };
    let boards: Vec<Vec<&str>> = body
        .trim()
        .trim_start_matches('[')
        .trim_end_matches(']')
        .split("],[")
        .map(|b| b.split(',').map(str::trim).collect())
        .collect();
    let n = boards.len();
    let mut board = Board::empty(Game::Cube, &[n, n, n]);
    for (li, level) in boards.iter().enumerate() {
        let z = (n - 1 - li) as i64;
        for (ri, rank) in level.iter().enumerate() {
            let y = (n - 1 - ri) as i64;
            for (x, ch) in rank.chars().enumerate() {
                if ch == '#' {
                    continue;
                }
                let i = board.index(&[x as i64, y, z]).unwrap();
                board.cells[i] = Some(Man {
                    white: ch.is_ascii_uppercase(),
                    kind: ch.to_ascii_uppercase(),
                });
            }
        }
    }
    board
}

/// Writes a cube board in the puzzle's format, with the `n = N, ` prefix.
pub fn write_cube(board: &Board) -> String {
    let n = board.dims[0] as i64;
    let levels: Vec<String> = (0..n)
        .rev()
        .map(|z| {
            let ranks: Vec<String> = (0..n)
                .rev()
                .map(|y| {
                    (0..n)
                        .map(|x| match board.cells[board.index(&[x, y, z]).unwrap()] {
                            None => '#',
                            Some(m) if m.white => m.kind,
                            Some(m) => m.kind.to_ascii_lowercase(),
                        })
                        .collect()
                })
                .collect();
            format!("[{}]", ranks.join(","))
        })
        .collect();
    format!("n = {n}, {}", levels.join(","))
}

/// Reads the board part and side of Fourfold's position notation
/// (`<[0,0]>|<[1,0]>|<[0,1]>|<[1,1]> w ...`).
pub fn parse_fourfold(text: &str) -> Board {
    let mut fields = text.split_whitespace();
    let boards = fields.next().expect("naive: empty position");
    let side = fields.next().unwrap_or("w");
    let mut board = Board::empty(Game::Fourfold, &[4, 4, 2, 2]);
    board.white_to_move = side == "w";
    // The order of the four parts: [0,0], [1,0], [0,1], [1,1] as (z, w).
    let order = [(0, 0), (1, 0), (0, 1), (1, 1)];
    for (part, &(z, w)) in boards.split('|').zip(&order) {
        for (ri, rank) in part.split('/').enumerate() {
            let y = 3 - ri as i64;
            let mut x = 0i64;
            for ch in rank.chars() {
                if let Some(run) = ch.to_digit(10) {
                    x += run as i64;
                    continue;
                }
                let i = board.index(&[x, y, z, w]).unwrap();
                board.cells[i] = Some(Man {
                    white: ch.is_ascii_uppercase(),
                    kind: ch.to_ascii_uppercase(),
                });
                x += 1;
            }
        }
    }
    board
}

/// A square written as Fourfold writes it, `a1[0,1]`, or as the cube
/// puzzle writes it, `b2(III)`.
pub fn square_name(board: &Board, s: usize) -> String {
    let c = board.coords(s);
    let file = (b'a' + c[0] as u8) as char;
    match board.game {
        Game::Fourfold => format!("{file}{}[{},{}]", c[1] + 1, c[2], c[3]),
        Game::Cube => {
            const ROMAN: [&str; 10] = ["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X"];
            format!("{file}{}({})", c[1] + 1, ROMAN[c[2] as usize])
        }
    }
}
