//! The evaluation of a position, for any variant, from its data alone:
//! material by [`PieceKind::value`](crate::kernel::PieceKind::value),
//! mobility, centralisation measured on the board's
//! [`Shape`](crate::geometry::Shape) (more for leapers, whose reach it
//! shapes), the safety of the royal piece (the other side's pieces
//! attacking the squares around it, its own pawns in front of it), the
//! pawns' structure (doubled, isolated and passed pawns, along the pawns'
//! forward axis, whatever the number of axes), and a push of the losing
//! royal piece to the edge when one side is well ahead, and per kind a
//! piece-square table where the variant gives one
//! ([`PieceKind::table`](crate::kernel::PieceKind::table)). Middle game
//! and endgame terms are blended by the material left.

use crate::geometry::MAX_AXES;
use crate::kernel::{Color, Kind, Position, SquareSet, Variant, MAX_KINDS};

/// Centipawns per square a piece attacks that is not its own side's.
const MOBILITY: i32 = 3;
/// Centipawns per step a slider stands in from the edge (a leaper: twice).
const CENTRE: i32 = 3;
/// The side to move's bonus for having the move.
const TEMPO: i32 = 10;
/// How much ahead (centipawns) a side must be to drive the other royal
/// piece to the edge.
const MOP_UP_MARGIN: i32 = 250;
/// A pawn of a side on a file that holds another of its pawns.
const DOUBLED: i32 = 12;
/// A pawn with no pawn of its side on the files beside it.
const ISOLATED: i32 = 10;
/// A pawn shielding its royal piece (in the middle game).
const SHIELD: i32 = 10;
/// The most files the pawn-structure terms track.
const MAX_FILES: usize = 64;

/// A variant's evaluation tables, computed once per search from its shape
/// and kinds.
///
/// ```
/// use duckchess_engine::eval::Evaluator;
/// let chess = duckchess_rules::variants::chess::start();
/// let eval = Evaluator::new(chess.rules().variant());
/// // The start is symmetric: only the move is worth something.
/// assert!(eval.evaluate(&chess).abs() < 20);
/// ```
#[derive(Clone, Debug)]
pub struct Evaluator {
    /// Per kind, its value (0 for the royal kind: it is never traded).
    values: [i32; MAX_KINDS],
    /// Per kind, its centralisation weight (leapers more than sliders).
    centre_weight: [i32; MAX_KINDS],
    /// Per kind, what a square it reaches is worth.
    mobility: [i32; MAX_KINDS],
    /// Per kind, its weight as an attacker of the royal piece's zone.
    attack_weight: [i32; MAX_KINDS],
    kinds: usize,
    /// Whether pieces are dropped from hand (crazyhouse, the shogi
    /// family): a piece in hand is then material like one on the board.
    hands: bool,
    royal: Option<Kind>,
    pawn: Option<Kind>,
    /// Per square, the steps from the nearest edge summed over the axes.
    centre: Vec<i32>,
    max_centre: i32,
    /// Per square, its coordinates.
    coords: Vec<[i32; MAX_AXES]>,
    axes: usize,
    /// Per side and square, how far a pawn there has come from its own
    /// edge, scaled to 0..=64 at the far edge.
    advance: [Vec<i32>; 2],
    /// Per square, its file: the index of its coordinates but the pawns'
    /// forward one (`None` for boards with too many files to track).
    file: Option<Vec<u8>>,
    /// Per file, the files beside it (one step along one other axis).
    neighbours: Vec<Vec<u8>>,
    /// Per square, its rank along the pawns' forward axis.
    rank: Vec<i32>,
    /// The non-pawn, non-royal material of the variant's start, both sides:
    /// the measure of how far the game is from its endgame.
    start_material: i32,
    /// Per side and square, its entry in a kind's piece-square table (the
    /// board folded left to right, read from the side's own edge).
    table_index: [Vec<u16>; 2],
    /// The entries of a kind's table.
    table_len: usize,
    /// The kinds' tables, `table_len` entries a kind in the kinds' order,
    /// a kind without one all zeros; empty when no kind has one (the
    /// evaluation then skips them).
    tables: Vec<i32>,
}

impl Evaluator {
    /// The tables for a variant.
    pub fn new(variant: &Variant) -> Evaluator {
        let shape = variant.shape;
        let axes = shape.axes();
        let len = shape.len();
        let mut values = [0; MAX_KINDS];
        let mut centre_weight = [0; MAX_KINDS];
        let mut mobility = [0; MAX_KINDS];
        let mut attack_weight = [0; MAX_KINDS];
        let mut royal = None;
        let mut pawn = None;
        for (i, k) in variant.kinds.iter().enumerate() {
            values[i] = if k.royal { 0 } else { k.value };
            centre_weight[i] = k.centre.unwrap_or(if k.slides.is_empty() { 2 } else { 1 });
            mobility[i] = k.mobility.unwrap_or(MOBILITY);
            attack_weight[i] = (k.value / 200).clamp(1, 5);
            if k.royal {
                royal = Some(Kind(i as u8));
            }
            if k.pawn.is_some() {
                pawn = Some(Kind(i as u8));
            }
        }
        let coords: Vec<[i32; MAX_AXES]> = (0..len).map(|s| shape.coords(s)).collect();
        let centre: Vec<i32> = coords
            .iter()
            .map(|c| (0..axes).map(|a| c[a].min(shape.size(a) - 1 - c[a])).sum())
            .collect();
        let max_centre = centre.iter().copied().max().unwrap_or(0);
        let forward = pawn
            .and_then(|k| variant.kind(k).pawn.as_ref())
            .map_or(1, |p| p.forward_axis);
        let ranks = shape.size(forward).max(2);
        let advance = [Color::White, Color::Black].map(|color| {
            coords
                .iter()
                .map(|c| {
                    let rank = match color {
                        Color::White => c[forward],
                        Color::Black => ranks - 1 - c[forward],
                    };
                    64 * rank * rank / ((ranks - 1) * (ranks - 1))
                })
                .collect()
        });
        // Files: the squares' coordinates with the forward one left out,
        // numbered in mixed radix over the other axes.
        let others: Vec<usize> = (0..axes).filter(|&a| a != forward).collect();
        let files: usize = others.iter().map(|&a| shape.size(a) as usize).product();
        let file_index = |c: &[i32; MAX_AXES]| -> usize {
            others.iter().fold(0usize, |acc, &a| {
                acc * shape.size(a) as usize + c[a] as usize
            })
        };
        let file = (files <= MAX_FILES && pawn.is_some()).then(|| {
            coords
                .iter()
                .map(|c| file_index(c) as u8)
                .collect::<Vec<u8>>()
        });
        let mut neighbours = vec![Vec::new(); files.min(MAX_FILES)];
        if file.is_some() {
            for c in &coords {
                let f = file_index(c);
                if !neighbours[f].is_empty() || c[forward] != 0 {
                    continue;
                }
                for &a in &others {
                    for step in [-1, 1] {
                        let mut n = *c;
                        n[a] += step;
                        if n[a] >= 0 && n[a] < shape.size(a) {
                            neighbours[f].push(file_index(&n) as u8);
                        }
                    }
                }
            }
        }
        let rank = coords.iter().map(|c| c[forward]).collect();
        // Tables: every axis but the forward one folded in half, the
        // forward one read from the side's own edge.
        let folded = |a: usize| {
            if a == forward {
                shape.size(a)
            } else {
                (shape.size(a) + 1) / 2
            }
        };
        let table_len = (0..axes).map(|a| folded(a) as usize).product::<usize>();
        let table_index = [Color::White, Color::Black].map(|color| {
            coords
                .iter()
                .map(|c| {
                    (0..axes).rev().fold(0usize, |acc, a| {
                        let size = shape.size(a);
                        let x = if a != forward {
                            c[a].min(size - 1 - c[a])
                        } else if color == Color::White {
                            c[a]
                        } else {
                            size - 1 - c[a]
                        };
                        acc * folded(a) as usize + x as usize
                    }) as u16
                })
                .collect()
        });
        let has_table =
            |k: &crate::kernel::PieceKind| k.table.as_ref().is_some_and(|t| t.len() == table_len);
        let tables = if table_len <= usize::from(u16::MAX) && variant.kinds.iter().any(has_table) {
            variant
                .kinds
                .iter()
                .flat_map(|k| match &k.table {
                    Some(t) if t.len() == table_len => t.clone(),
                    _ => vec![0; table_len],
                })
                .collect()
        } else {
            Vec::new()
        };
        let start_material = variant
            .start
            .iter()
            .filter(|(_, p)| Some(p.kind) != pawn)
            .map(|(_, p)| values[p.kind.index()])
            .sum::<i32>()
            .max(1);
        Evaluator {
            values,
            centre_weight,
            mobility,
            attack_weight,
            kinds: variant.kinds.len(),
            hands: variant.drops.is_some(),
            royal,
            pawn,
            centre,
            max_centre,
            coords,
            axes,
            advance,
            file,
            neighbours,
            rank,
            start_material,
            table_index,
            table_len,
            tables,
        }
    }

    /// The same evaluation with an all-zero table for every kind that has
    /// none (what `duckchess tune --tables` fits from).
    pub fn with_tables(mut self) -> Evaluator {
        if self.tables.is_empty() && self.table_len <= usize::from(u16::MAX) {
            self.tables = vec![0; self.kinds * self.table_len];
        }
        self
    }

    /// Whether the evaluation has piece-square tables.
    pub fn has_tables(&self) -> bool {
        !self.tables.is_empty()
    }

    /// The table entry of a kind's piece of a side on a square.
    #[inline]
    fn table(&self, color: Color, kind: usize, square: usize) -> i32 {
        self.tables[kind * self.table_len + usize::from(self.table_index[color.index()][square])]
    }

    /// A kind's value in centipawns (0 for the royal kind).
    #[inline]
    pub fn value(&self, kind: Kind) -> i32 {
        self.values[kind.index()]
    }

    /// The royal kind, if the variant has one.
    pub(crate) fn royal(&self) -> Option<Kind> {
        self.royal
    }

    /// The steps between two squares for a king (the most along any axis).
    fn distance(&self, a: usize, b: usize) -> i32 {
        (0..self.axes)
            .map(|i| (self.coords[a][i] - self.coords[b][i]).abs())
            .max()
            .unwrap_or(0)
    }

    /// The position's worth in centipawns for the side to move.
    pub fn evaluate<S: SquareSet>(&self, position: &Position<S>) -> i32 {
        let rules = position.rules();
        let occupied = position.occupied();
        let royals = Color::ALL.map(|c| position.royal_square(c));
        // The squares around each royal piece: where an attack hurts.
        let zones = Color::ALL.map(|c| match (royals[c.index()], self.royal) {
            (Some(k), Some(kind)) => rules.attacks(kind, c, k, occupied) | S::single(k),
            _ => S::EMPTY,
        });
        let mut material = [0i32; 2];
        let mut positional = [0i32; 2];
        let mut pawn_advance = [0i32; 2];
        // Per side, the weighted attackers of the other royal piece's zone.
        let mut attack_units = [0i32; 2];
        let mut officers = 0;
        for color in Color::ALL {
            let c = color.index();
            let own = position.by_color(color);
            let their_zone = zones[1 - c];
            let tables = !self.tables.is_empty();
            for k in 0..self.kinds {
                let kind = Kind(k as u8);
                if Some(kind) == self.royal {
                    if tables {
                        for square in position.pieces(color, kind).squares() {
                            positional[c] += self.table(color, k, square);
                        }
                    }
                    continue;
                }
                let value = self.values[k];
                if self.hands {
                    // A piece in hand can be dropped where it hurts most:
                    // worth at least what it is worth on the board.
                    let held = position.in_hand(color, kind) as i32;
                    material[c] += held * value;
                    if Some(kind) != self.pawn {
                        officers += held * value;
                    }
                }
                let pieces = position.pieces(color, kind);
                if pieces.is_empty() {
                    continue;
                }
                if tables {
                    for square in pieces.squares() {
                        positional[c] += self.table(color, k, square);
                    }
                }
                if Some(kind) == self.pawn {
                    for square in pieces.squares() {
                        material[c] += value;
                        pawn_advance[c] += self.advance[c][square];
                    }
                    continue;
                }
                for square in pieces.squares() {
                    material[c] += value;
                    officers += value;
                    let reach = rules.attacks(kind, color, square, occupied);
                    positional[c] += self.mobility[k] * (reach & !own).count() as i32
                        + CENTRE * self.centre_weight[k] * self.centre[square];
                    let hits = (reach & their_zone).count() as i32;
                    if hits > 0 {
                        attack_units[c] += self.attack_weight[k] * (1 + hits);
                    }
                }
            }
        }
        // 0 at the start, 256 with only pawns and royal pieces left.
        let endgame = 256 - (256 * officers / self.start_material).clamp(0, 256);
        let middle = 256 - endgame;
        let pawns = self.pawn_structure(position, royals, endgame);
        let mut score = [0i32; 2];
        for color in Color::ALL {
            let c = color.index();
            score[c] =
                material[c] + positional[c] + pawn_advance[c] * (16 + endgame) / 64 + pawns[c];
            if let Some(k) = royals[c] {
                // A royal piece hides early and joins in at the end.
                score[c] += CENTRE * 2 * self.centre[k] * (endgame - 96) / 64;
            }
            // An attack on the other royal piece grows faster than its
            // attackers, and matters while pieces are on the board.
            let units = attack_units[c];
            score[c] += (units * units / 4).min(400) * middle / 256;
        }
        // The side well ahead drives the other royal piece to the edge and
        // brings its own close: how mates are won without a mating table.
        for color in Color::ALL {
            let (c, o) = (color.index(), (!color).index());
            if material[c] - material[o] >= MOP_UP_MARGIN {
                if let Some(theirs) = royals[o] {
                    let mut push = 10 * (self.max_centre - self.centre[theirs]);
                    if let Some(ours) = royals[c] {
                        push += 4 * (8 - self.distance(ours, theirs)).max(0);
                    }
                    score[c] += push * endgame / 256;
                }
            }
        }
        let us = position.turn().index();
        score[us] - score[1 - us] + TEMPO
    }

    /// The terms of [`Evaluator::evaluate`] that are linear in the kinds'
    /// weights, for the side to move less the other side: per kind, its
    /// count, the squares its pieces reach (not their own side's) and
    /// their centralisation (in `CENTRE` units) — three numbers a kind,
    /// in the kinds' order — then, if the evaluation has tables, the
    /// pieces on each entry of each kind's table, `table_len` numbers a
    /// kind (see [`Evaluator::tables`]); and the rest of the evaluation,
    /// which they do not change. The tuner fits the weights to these.
    pub fn linear_terms<S: SquareSet>(&self, position: &Position<S>) -> (Vec<i32>, i32) {
        let rules = position.rules();
        let occupied = position.occupied();
        let tables = !self.tables.is_empty();
        let base = 3 * self.kinds;
        let mut terms = vec![0; base + if tables { self.tables.len() } else { 0 }];
        let mut linear = 0;
        for color in Color::ALL {
            let sign = if color == position.turn() { 1 } else { -1 };
            let own = position.by_color(color);
            for k in 0..self.kinds {
                let kind = Kind(k as u8);
                if tables {
                    for square in position.pieces(color, kind).squares() {
                        let i = k * self.table_len
                            + usize::from(self.table_index[color.index()][square]);
                        terms[base + i] += sign;
                        linear += sign * self.tables[i];
                    }
                }
                if Some(kind) == self.royal {
                    continue;
                }
                if self.hands {
                    let held = position.in_hand(color, kind) as i32;
                    terms[3 * k] += sign * held;
                    linear += sign * held * self.values[k];
                }
                for square in position.pieces(color, kind).squares() {
                    terms[3 * k] += sign;
                    linear += sign * self.values[k];
                    if Some(kind) == self.pawn {
                        continue;
                    }
                    let reach =
                        (rules.attacks(kind, color, square, occupied) & !own).count() as i32;
                    terms[3 * k + 1] += sign * reach;
                    terms[3 * k + 2] += sign * CENTRE * self.centre[square];
                    linear += sign
                        * (self.mobility[k] * reach
                            + CENTRE * self.centre_weight[k] * self.centre[square]);
                }
            }
        }
        (terms, self.evaluate(position) - linear)
    }

    /// Per kind: its value, mobility and centralisation weights.
    pub fn weights(&self) -> Vec<[i32; 3]> {
        (0..self.kinds)
            .map(|k| [self.values[k], self.mobility[k], self.centre_weight[k]])
            .collect()
    }

    /// Per kind, its piece-square table (all zeros for a kind without
    /// one); empty when the evaluation has none. An entry's place is
    /// described at [`PieceKind::table`](crate::kernel::PieceKind::table).
    pub fn tables(&self) -> Vec<Vec<i32>> {
        self.tables
            .chunks(self.table_len.max(1))
            .map(<[i32]>::to_vec)
            .collect()
    }

    /// The entries of a kind's table.
    pub fn table_len(&self) -> usize {
        self.table_len
    }

    /// Per side and square, the entry of a kind's table it reads.
    pub fn table_index(&self, color: Color, square: usize) -> usize {
        usize::from(self.table_index[color.index()][square])
    }

    /// Per side: doubled and isolated pawns (a cost), passed pawns (worth
    /// more the further they have come, most in the endgame), and pawns
    /// shielding the royal piece (in the middle game).
    fn pawn_structure<S: SquareSet>(
        &self,
        position: &Position<S>,
        royals: [Option<usize>; 2],
        endgame: i32,
    ) -> [i32; 2] {
        let (Some(pawn), Some(file)) = (self.pawn, &self.file) else {
            return [0; 2];
        };
        let files = self.neighbours.len();
        let mut count = [[0u8; MAX_FILES]; 2];
        // Per file, the white pawns' lowest rank and the black pawns'
        // highest: what a passed pawn must not have ahead of it.
        let mut white_low = [i32::MAX; MAX_FILES];
        let mut black_high = [i32::MIN; MAX_FILES];
        let pieces = Color::ALL.map(|c| position.pieces(c, pawn));
        for square in pieces[0].squares() {
            let f = file[square] as usize;
            count[0][f] += 1;
            white_low[f] = white_low[f].min(self.rank[square]);
        }
        for square in pieces[1].squares() {
            let f = file[square] as usize;
            count[1][f] += 1;
            black_high[f] = black_high[f].max(self.rank[square]);
        }
        let mut score = [0i32; 2];
        for color in Color::ALL {
            let c = color.index();
            let royal_file = royals[c].map(|k| (file[k] as usize, self.rank[k]));
            for square in pieces[c].squares() {
                let f = file[square] as usize;
                let rank = self.rank[square];
                let beside = &self.neighbours[f.min(files - 1)];
                if count[c][f] > 1 {
                    score[c] -= DOUBLED;
                }
                if beside.iter().all(|&n| count[c][n as usize] == 0) {
                    score[c] -= ISOLATED;
                }
                let blocked = std::iter::once(f)
                    .chain(beside.iter().map(|&n| n as usize))
                    .any(|g| match color {
                        Color::White => black_high[g] > rank,
                        Color::Black => white_low[g] < rank,
                    });
                if !blocked {
                    let advance = self.advance[c][square];
                    score[c] += (10 + advance) * (64 + endgame) / 128 + advance * endgame / 256;
                }
                if let Some((rf, rr)) = royal_file {
                    let ahead = match color {
                        Color::White => rank - rr,
                        Color::Black => rr - rank,
                    };
                    if (1..=2).contains(&ahead) && (rf == f || beside.contains(&(rf as u8))) {
                        score[c] += SHIELD * (256 - endgame) / 256;
                    }
                }
            }
        }
        score
    }
}

#[cfg(test)]
mod tests {
    use super::Evaluator;
    use duckchess_rules::variants::{chess, duck, fourfold};

    /// The linear terms and their weights sum back to the evaluation,
    /// tables included; a game without tables has none.
    #[test]
    fn linear_terms_sum_to_the_evaluation() {
        let mut position = duck::start();
        let eval = Evaluator::new(position.rules().variant());
        assert!(eval.has_tables());
        assert_eq!(eval.table_len(), 50);
        let weights: Vec<i32> = eval
            .weights()
            .iter()
            .flat_map(|w| w.iter().copied())
            .chain(eval.tables().into_iter().flatten())
            .collect();
        for ply in 0..40 {
            let (terms, rest) = eval.linear_terms(&position);
            assert_eq!(terms.len(), weights.len());
            let sum: i32 = terms.iter().zip(&weights).map(|(t, w)| t * w).sum();
            assert_eq!(rest + sum, eval.evaluate(&position), "ply {ply}");
            let moves = position.legal_moves();
            if moves.is_empty() || position.outcome().is_some() {
                break;
            }
            position.play_unchecked(moves[(ply * 7) % moves.len()]);
        }
        // Fourfold has no tables (chess's and xiangqi's were fitted too).
        let fourfold = fourfold::start(fourfold::Army::Full);
        let plain = Evaluator::new(fourfold.rules().variant());
        assert!(!plain.has_tables());
        assert_eq!(plain.linear_terms(&fourfold).0.len(), 3 * 6);
        // Zero tables change nothing.
        let zero = plain.clone().with_tables();
        assert_eq!(zero.evaluate(&fourfold), plain.evaluate(&fourfold));
        assert_eq!(
            zero.linear_terms(&fourfold).1,
            plain.linear_terms(&fourfold).1
        );
        // Chess's fitted tables: 32 entries a kind (the files folded).
        let chess = chess::start();
        let fitted = Evaluator::new(chess.rules().variant());
        assert!(fitted.has_tables());
        assert_eq!(fitted.table_len(), 32);
    }

    /// In a game with drops a piece in hand is material: crazyhouse's
    /// pawn taken by White counts for White twice over (Black lost it,
    /// White holds it), and the tuner's terms count it too.
    #[test]
    fn pieces_in_hand_are_material() {
        use duckchess_rules::kernel::{Kind, Position, Rules};
        use duckchess_rules::variants::{fen::read_fen, ini};
        let game = ini::read(
            "[crazyhouse:chess]\npieceDrops = true\ncapturesToHand = true\n\
             startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1\n",
        )
        .unwrap()
        .remove(0);
        let rules: &'static Rules<u64> = Rules::new(game.variant().clone()).unwrap().leak();
        let fen = |text: &str| -> Position<u64> { read_fen(rules, text).unwrap() };
        let eval = Evaluator::new(rules.variant());
        let p = rules
            .variant()
            .kinds
            .iter()
            .position(|k| k.letter == 'p')
            .unwrap();
        let pawn = eval.value(Kind(p as u8));
        assert!(pawn > 0);
        let after = "rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR[P] b KQkq - 0 2";
        let held = fen(after);
        let lost = fen(&after.replace("[P]", "[]"));
        // Black to move: the held pawn is one more pawn against Black.
        assert_eq!(eval.evaluate(&lost) - eval.evaluate(&held), pawn);
        let weights: Vec<i32> = eval
            .weights()
            .iter()
            .flat_map(|w| w.iter().copied())
            .collect();
        for p in [&held, &lost] {
            let (terms, rest) = eval.linear_terms(p);
            let sum: i32 = terms.iter().zip(&weights).map(|(t, w)| t * w).sum();
            assert_eq!(rest + sum, eval.evaluate(p));
        }
        assert_eq!(
            eval.linear_terms(&held).0[3 * p] - eval.linear_terms(&lost).0[3 * p],
            -1
        );
    }

    /// Both sides read a table from their own edge, folded left to right.
    #[test]
    fn tables_mirror_by_colour_and_side() {
        use duckchess_rules::kernel::Color;
        let position = duck::start();
        let eval = Evaluator::new(position.rules().variant());
        // Square y + 9·x: column y, row x.
        let at = |y: usize, x: usize| y + 9 * x;
        assert_eq!(eval.table_index(Color::White, at(0, 0)), 0);
        assert_eq!(eval.table_index(Color::White, at(8, 0)), 0);
        assert_eq!(eval.table_index(Color::White, at(4, 1)), 4 + 5);
        assert_eq!(eval.table_index(Color::Black, at(8, 9)), 0);
        assert_eq!(eval.table_index(Color::Black, at(3, 8)), 3 + 5);
    }
}
