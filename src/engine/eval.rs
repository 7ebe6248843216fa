//! The evaluation of a position, for any variant, from its data alone:
//! material by [`PieceKind::value`](crate::kernel::PieceKind::value),
//! mobility, centralisation measured on the board's
//! [`Shape`](crate::geometry::Shape), pawn advance in the endgame, and a
//! push of the losing royal piece to the edge when one side is well ahead.

use crate::geometry::MAX_AXES;
use crate::kernel::{Color, Kind, Position, SquareSet, Variant, MAX_KINDS};

/// Centipawns per square a piece attacks that is not its own side's.
const MOBILITY: i32 = 3;
/// Centipawns per step a non-royal piece stands in from the edge.
const CENTRE: i32 = 4;
/// The side to move's bonus for having the move.
const TEMPO: i32 = 10;
/// How much ahead (centipawns) a side must be to drive the other royal
/// piece to the edge.
const MOP_UP_MARGIN: i32 = 250;

/// A variant's evaluation tables, computed once per search from its shape
/// and kinds.
///
/// ```
/// use duckchess::engine::eval::Evaluator;
/// let chess = duckchess::variants::chess::start();
/// let eval = Evaluator::new(chess.rules().variant());
/// // The start is symmetric: only the move is worth something.
/// assert!(eval.evaluate(&chess).abs() < 20);
/// ```
#[derive(Clone, Debug)]
pub struct Evaluator {
    /// Per kind, its value (0 for the royal kind: it is never traded).
    values: [i32; MAX_KINDS],
    kinds: usize,
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
    /// The non-pawn, non-royal material of the variant's start, both sides:
    /// the measure of how far the game is from its endgame.
    start_material: i32,
}

impl Evaluator {
    /// The tables for a variant.
    pub fn new(variant: &Variant) -> Evaluator {
        let shape = variant.shape;
        let axes = shape.axes();
        let len = shape.len();
        let mut values = [0; MAX_KINDS];
        let mut royal = None;
        let mut pawn = None;
        for (i, k) in variant.kinds.iter().enumerate() {
            values[i] = if k.royal { 0 } else { k.value };
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
        let start_material = variant
            .start
            .iter()
            .filter(|(_, p)| Some(p.kind) != pawn)
            .map(|(_, p)| values[p.kind.index()])
            .sum::<i32>()
            .max(1);
        Evaluator {
            values,
            kinds: variant.kinds.len(),
            royal,
            pawn,
            centre,
            max_centre,
            coords,
            axes,
            advance,
            start_material,
        }
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
        let mut material = [0i32; 2];
        let mut positional = [0i32; 2];
        let mut pawn_advance = [0i32; 2];
        let mut officers = 0;
        for color in Color::ALL {
            let c = color.index();
            let own = position.by_color(color);
            for k in 0..self.kinds {
                let kind = Kind(k as u8);
                if Some(kind) == self.royal {
                    continue;
                }
                let pieces = position.pieces(color, kind);
                if pieces.is_empty() {
                    continue;
                }
                let value = self.values[k];
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
                    let reach = rules.attacks(kind, color, square, occupied) & !own;
                    positional[c] += MOBILITY * reach.count() as i32 + CENTRE * self.centre[square];
                }
            }
        }
        // 0 at the start, 256 with only pawns and royal pieces left.
        let endgame = 256 - (256 * officers / self.start_material).clamp(0, 256);
        let royals = Color::ALL.map(|c| position.royal_square(c));
        let mut score = [0i32; 2];
        for color in Color::ALL {
            let c = color.index();
            score[c] = material[c] + positional[c] + pawn_advance[c] * (16 + endgame) / 64;
            if let Some(k) = royals[c] {
                // A royal piece hides early and joins in at the end.
                score[c] += CENTRE * self.centre[k] * (endgame - 96) / 64;
            }
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
}
