//! Shogi's promotions and drop rules ([`PiecePromotions`], nifu,
//! immobility), expanded once into tables and played off the masks' path:
//! a game with them makes and tests every move, so chess pays nothing.
//!
//! A promoted piece keeps its kind on the board and is marked in the
//! position's set of promoted pieces (crazyhouse's); it moves as its form,
//! whose tables are a second [`Rules`] built from the forms alone.

use super::{
    Color, DrawRules, Goals, Kind, Move, MoveKind, PiecePromotions, Position, Royalty, Rules,
    SquareSet, Stalemate, Turning, Variant, VariantError, MAX_KINDS,
};

/// No form: the kind does not promote.
const NO_FORM: u8 = u8::MAX;

/// A game's shogi rules as tables.
#[derive(Debug)]
pub(crate) struct Forms<S> {
    /// The forms' moves: a variant whose kinds are the forms.
    pub(crate) moves: Rules<S>,
    /// Per kind, its form's index in `moves` (or [`NO_FORM`]).
    pub(crate) form: [u8; MAX_KINDS],
    /// Each side's promotion zone.
    pub(crate) zone: [S; 2],
    /// Whether a move that may promote must.
    pub(crate) mandatory: bool,
    /// How pieces turn over besides (Kyoto and micro shogi).
    pub(crate) turning: Turning,
    /// `immobile[color][kind]`: where an unpromoted piece would have no
    /// move on an empty board (only where the game forbids it to stand).
    pub(crate) immobile: [[S; MAX_KINDS]; 2],
    /// The kind that may not be dropped on a file holding an unpromoted one
    /// of its side (nifu).
    pub(crate) no_doubled: Option<Kind>,
    /// How many of it a file holds before no more is dropped there.
    pub(crate) no_doubled_count: u32,
    /// The squares of each file.
    pub(crate) files: Vec<S>,
}

impl<S: SquareSet> Forms<S> {
    /// The tables of a variant with drops, given its own `rules` (built
    /// without them); `None` where it has neither promotions nor the drop
    /// rules of shogi.
    pub(crate) fn new(rules: &Rules<S>, search: bool) -> Result<Option<Forms<S>>, VariantError> {
        let variant = &rules.variant;
        let Some(drops) = &variant.drops else {
            return Ok(None);
        };
        if drops.promotions.is_none() && drops.no_doubled.is_none() && !drops.immobility_illegal {
            return Ok(None);
        }
        let empty = PiecePromotions {
            forms: Vec::new(),
            zones: [Vec::new(), Vec::new()],
            mandatory: false,
            turning: Turning::default(),
        };
        let promotions = drops.promotions.as_ref().unwrap_or(&empty);
        let mut form = [NO_FORM; MAX_KINDS];
        let mut form_kinds: Vec<super::PieceKind> = Vec::new();
        for (kind, piece) in &promotions.forms {
            let i = match form_kinds.iter().position(|f| f == piece) {
                Some(i) => i,
                None => {
                    form_kinds.push(piece.clone());
                    form_kinds.len() - 1
                }
            };
            form[kind.index()] = i as u8;
        }
        if form_kinds.is_empty() {
            // A game without promotions still needs a kind for its tables.
            form_kinds.push(super::PieceKind::new("none", '?', 0));
        }
        for f in &mut form_kinds {
            f.royal = false;
            f.pawn = None;
        }
        let shadow = Variant {
            name: format!("{} promoted", variant.name),
            shape: variant.shape,
            kinds: form_kinds,
            start: Vec::new(),
            castling: Vec::new(),
            royalty: Royalty::Check,
            royal_required: false,
            draws: DrawRules::default(),
            stalemate: Stalemate::Draw,
            flying_general: false,
            extinction: None,
            drops: None,
            goals: Goals::default(),
        };
        let moves = if search {
            Rules::new(shadow)?
        } else {
            Rules::unsearched(shadow)?
        };
        let set = |squares: &[usize]| squares.iter().fold(S::EMPTY, |s, &q| s | S::single(q));
        let len = rules.len;
        let mut immobile = [[S::EMPTY; MAX_KINDS]; 2];
        if drops.immobility_illegal {
            for color in Color::ALL {
                let kinds = variant.kinds.len();
                for (k, set) in immobile[color.index()].iter_mut().take(kinds).enumerate() {
                    *set = (0..len)
                        .filter(|&s| rules.attacks(Kind(k as u8), color, s, S::EMPTY).is_empty())
                        .fold(S::EMPTY, |set, s| set | S::single(s));
                }
            }
        }
        let files = variant.shape.size(0) as usize;
        Ok(Some(Forms {
            moves,
            form,
            zone: [set(&promotions.zones[0]), set(&promotions.zones[1])],
            mandatory: promotions.mandatory,
            turning: promotions.turning,
            immobile,
            no_doubled: drops.no_doubled,
            no_doubled_count: u32::from(drops.no_doubled_count.max(1)),
            files: (0..files)
                .map(|f| {
                    (f..len)
                        .step_by(files)
                        .fold(S::EMPTY, |s, q| s | S::single(q))
                })
                .collect(),
        }))
    }

    /// Whether a kind promotes.
    #[inline]
    pub(crate) fn promotes(&self, kind: Kind) -> bool {
        self.form[kind.index()] != NO_FORM
    }
}

impl<S: SquareSet> Position<S> {
    /// The squares a piece of `kind` on `from` attacks, promoted or not.
    pub(crate) fn piece_attacks(&self, kind: Kind, color: Color, from: usize, occupied: S) -> S {
        let r = self.rules();
        match &r.forms {
            Some(forms) if self.promoted_set().contains(from) => {
                let f = Kind(forms.form[kind.index()]);
                forms.moves.attacks(f, color, from, occupied)
            }
            _ => r.attacks(kind, color, from, occupied),
        }
    }

    /// [`Position::attackers`] in a game with promoted forms: `found` (the
    /// attackers by each piece's kind) without the promoted pieces, which
    /// attack as their forms.
    pub(crate) fn form_attackers(&self, square: usize, color: Color, occupied: S, found: S) -> S {
        let r = self.rules();
        let Some(forms) = &r.forms else {
            return found;
        };
        let promoted = self.promoted_set() & self.by_color(color);
        let mut found = found & !promoted;
        for from in promoted.squares() {
            let kind = self.piece_at(from).expect("a promoted piece").kind;
            let f = Kind(forms.form[kind.index()]);
            if forms
                .moves
                .attacks(f, color, from, occupied)
                .contains(square)
            {
                found |= S::single(from);
            }
        }
        found
    }

    /// The moves of the side to move's pieces in a game with shogi's rules
    /// (before the test of its king): each target once unpromoted, unless
    /// the piece could not move from there or must promote, and once
    /// promoted where the kind promotes, the piece is not promoted yet, and
    /// the move starts or ends in the zone.
    pub(crate) fn generate_forms(&self, out: &mut Vec<Move>) {
        let r = self.rules();
        let forms = r.forms.as_ref().expect("a game with shogi's rules");
        let us = self.turn();
        let c = us.index();
        let own = self.by_color(us);
        let occupied = self.occupied();
        let promoted = self.promoted_set();
        let turning = forms.turning;
        for from in own.squares() {
            let kind = self.piece_at(from).expect("an own piece").kind;
            let targets = self.piece_attacks(kind, us, from, occupied) & !own;
            // A promoted piece turns back only where the game says so.
            let may_promote =
                forms.promotes(kind) && (!promoted.contains(from) || turning.demotion);
            for to in targets.squares() {
                let in_zone = forms.zone[c].contains(from) || forms.zone[c].contains(to);
                let promotion =
                    may_promote && in_zone && (!turning.on_capture || occupied.contains(to));
                let plain = !(promotion && forms.mandatory)
                    && (promoted.contains(from) || !forms.immobile[c][kind.index()].contains(to));
                if plain {
                    out.push(Move::new(from, to, MoveKind::Normal));
                }
                if promotion {
                    out.push(Move::promoting(from, to, kind));
                }
            }
        }
    }

    /// The drop squares of `kind` left by nifu: no file holding an
    /// unpromoted piece of the kind of the side to move.
    pub(crate) fn undoubled(&self, kind: Kind, squares: S) -> S {
        let Some(forms) = &self.rules().forms else {
            return squares;
        };
        if forms.no_doubled != Some(kind) {
            return squares;
        }
        let mine = self.pieces(self.turn(), kind) & !self.promoted_set();
        forms
            .files
            .iter()
            .filter(|&&file| (file & mine).count() >= forms.no_doubled_count)
            .fold(squares, |s, &file| s & !file)
    }
}
