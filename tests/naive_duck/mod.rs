//! Duck Chess by a deliberately naive referee, written from the rules page
//! (docs/duck-chess.md) and sharing no code with the crate: a 10 × 9 array,
//! each piece's rule a test on the displacement with its blocking points
//! named one by one, check found by asking every piece whether it reaches
//! a captain. Slow and obviously right; the judge's fast engine and the
//! kernel's variant value are compared with it (tests/commands/duck_kernel.rs).

#![allow(dead_code)]

/// Red or blue.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Side {
    Red,
    Blue,
}

impl Side {
    fn other(self) -> Side {
        match self {
            Side::Red => Side::Blue,
            Side::Blue => Side::Red,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Side::Red => "red",
            Side::Blue => "blue",
        }
    }
}

/// The seven kinds of piece.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    Captain,
    Guard,
    Elephant,
    Horse,
    Car,
    Duck,
    Soldier,
}

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::Captain => "captain",
            Kind::Guard => "guard",
            Kind::Elephant => "elephant",
            Kind::Horse => "horse",
            Kind::Car => "car",
            Kind::Duck => "duck",
            Kind::Soldier => "soldier",
        }
    }
}

/// A game in progress: the board (`board[x][y]`, row x from red's side,
/// column y), whose turn, and whether a captain has been taken.
#[derive(Clone, Debug)]
pub struct Referee {
    pub board: [[Option<(Side, Kind)>; 9]; 10],
    pub turn: Side,
    pub over: bool,
}

impl Referee {
    /// The initial layout, as the rules page draws it.
    pub fn new() -> Referee {
        use Kind::*;
        let mut board = [[None; 9]; 10];
        let back = [
            Car, Horse, Elephant, Guard, Captain, Guard, Elephant, Horse, Car,
        ];
        for y in 0..9 {
            board[0][y] = Some((Side::Red, back[y]));
            board[9][y] = Some((Side::Blue, back[y]));
        }
        for y in [0, 8] {
            board[2][y] = Some((Side::Red, Duck));
            board[7][y] = Some((Side::Blue, Duck));
        }
        for y in [0, 2, 4, 6, 8] {
            board[3][y] = Some((Side::Red, Soldier));
            board[6][y] = Some((Side::Blue, Soldier));
        }
        Referee {
            board,
            turn: Side::Red,
            over: false,
        }
    }

    /// A position in the notation of docs/explain.md ("FEN"): ranks from
    /// row 9 down to row 0, within a rank the columns 0 to 8, a digit
    /// counting empty points, upper case red; then `w` (red) or `b` (blue).
    /// The counters, if any, are passed over. A position without a captain
    /// is a finished game.
    pub fn from_fen(text: &str) -> Referee {
        let mut fields = text.split_whitespace();
        let ranks: Vec<&str> = fields.next().expect("a placement").split('/').collect();
        assert_eq!(ranks.len(), 10, "{text}: ten ranks");
        let mut board = [[None; 9]; 10];
        for (i, rank) in ranks.iter().enumerate() {
            let x = 9 - i;
            let mut y = 0;
            for c in rank.chars() {
                if let Some(n) = c.to_digit(10) {
                    y += n as usize;
                    continue;
                }
                let side = if c.is_ascii_uppercase() {
                    Side::Red
                } else {
                    Side::Blue
                };
                let kind = match c.to_ascii_lowercase() {
                    'k' => Kind::Captain,
                    'a' => Kind::Guard,
                    'e' => Kind::Elephant,
                    'h' => Kind::Horse,
                    'r' => Kind::Car,
                    'd' => Kind::Duck,
                    's' => Kind::Soldier,
                    other => panic!("{text}: no piece is {other:?}"),
                };
                board[x][y] = Some((side, kind));
                y += 1;
            }
            assert_eq!(y, 9, "{text}: rank {x} has nine points");
        }
        let turn = match fields.next() {
            Some("b") => Side::Blue,
            _ => Side::Red,
        };
        let captains = board
            .iter()
            .flatten()
            .filter(|p| matches!(p, Some((_, Kind::Captain))))
            .count();
        Referee {
            board,
            turn,
            over: captains < 2,
        }
    }

    fn on_board(x: i64, y: i64) -> bool {
        (0..10).contains(&x) && (0..9).contains(&y)
    }

    fn at(&self, x: i64, y: i64) -> Option<(Side, Kind)> {
        self.board[x as usize][y as usize]
    }

    fn empty(&self, x: i64, y: i64) -> bool {
        self.at(x, y).is_none()
    }

    /// Whether the piece on (x, y) may go to (tx, ty) by its own rule:
    /// the shape and the blocking points; not what stands on the target.
    fn reaches(&self, x: i64, y: i64, tx: i64, ty: i64) -> bool {
        let Some((_, kind)) = self.at(x, y) else {
            return false;
        };
        let (dx, dy) = (tx - x, ty - y);
        let (sx, sy) = (dx.signum(), dy.signum());
        match kind {
            Kind::Captain => dx.abs() + dy.abs() == 1,
            Kind::Guard => dx.abs() == 1 && dy.abs() == 1,
            Kind::Elephant => dx.abs() == 2 && dy.abs() == 2 && self.empty(x + sx, y + sy),
            Kind::Horse => {
                (dx.abs() == 2 && dy.abs() == 1 && self.empty(x + sx, y))
                    || (dx.abs() == 1 && dy.abs() == 2 && self.empty(x, y + sy))
            }
            Kind::Car => {
                if dx == 0 && dy != 0 {
                    (1..dy.abs()).all(|i| self.empty(x, y + i * sy))
                } else if dy == 0 && dx != 0 {
                    (1..dx.abs()).all(|i| self.empty(x + i * sx, y))
                } else {
                    false
                }
            }
            Kind::Duck => {
                (dx.abs() == 3
                    && dy.abs() == 2
                    && self.empty(x + sx, y)
                    && self.empty(x + 2 * sx, y + sy))
                    || (dx.abs() == 2
                        && dy.abs() == 3
                        && self.empty(x, y + sy)
                        && self.empty(x + sx, y + 2 * sy))
            }
            Kind::Soldier => dx.abs().max(dy.abs()) == 1,
        }
    }

    /// Whether the command is valid now.
    pub fn valid(&self, xs: i64, ys: i64, xt: i64, yt: i64) -> bool {
        if self.over || !Self::on_board(xs, ys) || !Self::on_board(xt, yt) {
            return false;
        }
        match (self.at(xs, ys), self.at(xt, yt)) {
            (Some((side, _)), _) if side != self.turn => false,
            (None, _) => false,
            (_, Some((side, _))) if side == self.turn => false,
            _ => self.reaches(xs, ys, xt, yt),
        }
    }

    /// Every valid command, by trying all pairs of points.
    pub fn moves(&self) -> Vec<(i64, i64, i64, i64)> {
        let mut all = Vec::new();
        for xs in 0..10 {
            for ys in 0..9 {
                for xt in 0..10 {
                    for yt in 0..9 {
                        if self.valid(xs, ys, xt, yt) {
                            all.push((xs, ys, xt, yt));
                        }
                    }
                }
            }
        }
        all
    }

    /// Whether some piece of either side reaches the other side's captain.
    fn check(&self) -> bool {
        let points = || (0..10).flat_map(|x| (0..9).map(move |y| (x, y)));
        points().any(|(x, y)| {
            let Some((side, _)) = self.at(x, y) else {
                return false;
            };
            points().any(|(cx, cy)| {
                self.at(cx, cy) == Some((side.other(), Kind::Captain)) && self.reaches(x, y, cx, cy)
            })
        })
    }

    /// Plays a command: the judge's line for it (without the newline).
    pub fn play(&mut self, xs: i64, ys: i64, xt: i64, yt: i64) -> String {
        if !self.valid(xs, ys, xt, yt) {
            return "Invalid command".into();
        }
        let (side, kind) = self.at(xs, ys).expect("a valid command moves a piece");
        let removed = self.at(xt, yt);
        self.board[xt as usize][yt as usize] = Some((side, kind));
        self.board[xs as usize][ys as usize] = None;
        if matches!(removed, Some((_, Kind::Captain))) {
            self.over = true;
        }
        // Once a captain is gone there is no check.
        let check = !self.over && self.check();
        self.turn = self.turn.other();
        let removed = match removed {
            Some((s, k)) => format!("{} {}", s.name(), k.name()),
            None => "NA".into(),
        };
        let yes = |b: bool| if b { "yes" } else { "no" };
        format!(
            "{} {};{removed};{};{}",
            side.name(),
            kind.name(),
            yes(check),
            yes(self.over)
        )
    }

    /// The valid command sequences of `depth` commands; a sequence that
    /// takes a captain ends there and counts as one.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 || self.over {
            return 1;
        }
        self.moves()
            .into_iter()
            .map(|(xs, ys, xt, yt)| {
                let mut next = self.clone();
                next.play(xs, ys, xt, yt);
                next.perft(depth - 1)
            })
            .sum()
    }
}
