//! The pruning margins, in each game's own centipawns. They were set for
//! a strongest piece worth a chess queen's 900; a game's fitted values
//! may be on another scale (xiangqi's chariot 461, chess's queen 679), and
//! a margin twice as wide as the game's material prunes too little.

use crate::kernel::{Kind, Variant};

/// The strongest piece's worth the margins were written for.
const QUEEN: i32 = 900;
/// The least scale taken, so a game of worthless pieces still prunes.
const LEAST: i32 = 100;

/// The margins of one game: each written for a 900 queen, scaled by the
/// game's strongest non-royal piece.
#[derive(Copy, Clone, Debug)]
pub(super) struct Margins {
    /// The game's strongest non-royal value.
    strongest: i32,
}

impl Margins {
    /// `value` gives each kind's worth to the evaluation.
    pub fn new(variant: &Variant, value: impl Fn(Kind) -> i32) -> Margins {
        let strongest = variant
            .all_kinds()
            .filter(|&k| !variant.kind(k).royal)
            .map(value)
            .max()
            .unwrap_or(QUEEN)
            .max(LEAST);
        Margins { strongest }
    }

    /// `cp` centipawns of a game whose strongest piece is a 900 queen, in
    /// this game's.
    #[inline]
    fn scaled(&self, cp: i32) -> i32 {
        cp * self.strongest / QUEEN
    }

    /// Reverse futility: how far above beta the static evaluation must be
    /// to return with `depth` plies left.
    #[inline]
    pub fn reverse_futility(&self, depth: i32) -> i32 {
        self.scaled(90 * depth)
    }

    /// Futility: how much a quiet move must be able to gain over the
    /// static evaluation to reach alpha, `lmr_depth` plies from the leaves.
    #[inline]
    pub fn futility(&self, lmr_depth: i32) -> i32 {
        self.scaled(120 + 110 * lmr_depth)
    }

    /// Null move: how far below beta the static evaluation may be and the
    /// null move still be tried.
    #[inline]
    pub fn null_move_below_beta(&self, depth: i32) -> i32 {
        self.scaled(20 * depth - 160)
    }

    /// Null move: every this many centipawns above beta reduce a ply more.
    #[inline]
    pub fn null_move_step(&self) -> i32 {
        self.scaled(200).max(1)
    }

    /// The static exchange below which a quiet move is not searched.
    #[inline]
    pub fn see_quiet(&self, lmr_depth: i32) -> i32 {
        self.scaled(-30 * lmr_depth * lmr_depth)
    }

    /// The static exchange below which a losing capture is not searched.
    #[inline]
    pub fn see_capture(&self, depth: i32) -> i32 {
        self.scaled(-200 * depth)
    }

    /// What a capture must be able to win, beyond its victim, for the
    /// capture search to try it when the side is far behind alpha.
    #[inline]
    pub fn delta(&self) -> i32 {
        self.scaled(200)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn margins(strongest: i32) -> Margins {
        Margins { strongest }
    }

    #[test]
    fn a_queen_of_900_keeps_the_margins_as_written() {
        let m = margins(900);
        assert_eq!(m.reverse_futility(3), 270);
        assert_eq!(m.futility(2), 340);
        assert_eq!(m.null_move_below_beta(4), -80);
        assert_eq!(m.null_move_step(), 200);
        assert_eq!(m.see_quiet(2), -120);
        assert_eq!(m.see_capture(3), -600);
        assert_eq!(m.delta(), 200);
    }

    #[test]
    fn half_the_material_halves_the_margins() {
        let m = margins(450);
        assert_eq!(m.reverse_futility(3), 135);
        assert_eq!(m.futility(2), 170);
        assert_eq!(m.delta(), 100);
    }

    /// The margins' scale is the game's strongest piece as fitted: the
    /// chess queen, the xiangqi chariot.
    fn strongest_is(variant: &Variant, letter: char) {
        let eval = crate::eval::Evaluator::new(variant);
        let m = Margins::new(variant, |k| eval.value(k));
        let kind = variant.kind_by_letter(letter).expect("the game has it");
        assert_eq!(m.strongest, eval.value(kind));
        assert!(m.strongest < QUEEN, "fitted below the margins' 900");
    }

    #[test]
    fn fitted_games_take_their_strongest_piece() {
        strongest_is(
            duckchess_rules::variants::chess::start().rules().variant(),
            'q',
        );
        strongest_is(
            duckchess_rules::variants::xiangqi::start()
                .rules()
                .variant(),
            'r',
        );
    }
}
