//! The subset of Betza's funny notation the kernel plays, read as
//! Fairy-Stockfish reads it and written back.
//!
//! **Atoms.** Leapers `W` (1,0), `F` (1,1), `D` (2,0), `N` (2,1), `A`
//! (2,2), `H` (3,0), `C` or `L` (3,1), `Z` or `J` (3,2), `G` (3,3) and `K`
//! (`W` and `F`); riders `R`, `B`, `Q`, and `WW`, `FF` (a doubled `W` or
//! `F` rides), and the leapers `N`, `C` (`L`) and `Z` (`J`) doubled
//! (`NN`, the nightrider: it rides along every image of the leap).
//!
//! **Modifiers.** `n` before `N`, `A`, `Z` or `D` makes the leap lame (the
//! squares passed must be empty: the xiangqi horse `nN`, elephant `nA`,
//! the janggi elephant `nZ`). Directions `f b l r v s h`, alone or in
//! pairs (`ff`, `fs`, `fl`, …), pick some of a leaper's images as
//! Fairy-Stockfish does (`fN` is the two narrow forward knight leaps, `fsW`
//! forward and sideways): they become one-way steps, turned half round for
//! Black as Fairy-Stockfish turns them, so that a step to White's right is
//! one to Black's right too (torishogi's quails: `lbF`). On `R`, `B` or `Q`
//! they pick one-way slides the same way (`fR`, shogi's lance; `frlR`;
//! `rbB`). A digit after `W`, `F`, `R`, `B` or `Q` limits its slides to so
//! many squares (`bF2`, torishogi's eagle).
//!
//! **Whole patterns.** `mRcpR` and `mBcpB` are hoppers (the xiangqi
//! cannon); `fmWfcF`, with `ifmnD` for the double step, is the pawn.
//! `gR`, `gB`, `gQ` are grasshoppers. `m` parts (moves to empty squares
//! only) and `c` parts (captures only) of plain leaps and slides go
//! together as `mRcN`; `m` parts may take directions (`fmWfF`,
//! breakthrough's piece: a step forward to an empty square); `cpR` (`cpB`) is a cannon's capture beside the
//! piece's own `R` (`B`) slides (manchu's banner, `RcpRnN`).
//!
//! Anything else is refused with the reason: ranges of other atoms (`N2`), other riders
//! (`AA`), capture-only parts beside moves of both kinds (`cRK`), other hoppers,
//! directional `WW` and `FF`, lame riders, lame leaps of other atoms or
//! with directions.
//!
//! ```
//! use duckchess_rules::variants::ini::betza;
//! let archbishop = betza::read("BN").unwrap();
//! assert_eq!(archbishop.leaps.len(), 1);
//! assert_eq!(betza::read("AA"), Err(betza::BetzaError::Rider('A')));
//! assert_eq!(
//!     betza::read("AA").unwrap_err().to_string(),
//!     "the rider AA is not supported"
//! );
//! assert_eq!(betza::read("NN").unwrap().rides.len(), 8);
//! ```

use crate::geometry::{DirectionClass, Vector};
use crate::kernel::{Leap, PieceKind};

/// A piece's moves as the kernel holds them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Moves {
    /// Leaps in every direction.
    pub leaps: Vec<Leap>,
    /// Slides (at most one class: `R`, `B` or both as `Q`).
    pub slides: Vec<DirectionClass>,
    /// One-sided steps as White sees them.
    pub steps: Vec<Vector>,
    /// One-way slides as White sees them (`fR`, shogi's lance).
    pub rides: Vec<Vector>,
    /// One-way slides of at most so many squares, as White sees them
    /// (`bF2`, torishogi's eagle; `F2` all four ways).
    pub ranged_rides: Vec<(Vector, u8)>,
    /// Hopper lines.
    pub hops: Vec<DirectionClass>,
    /// The pawn pattern, with (`true`) or without its double step.
    pub pawn: Option<bool>,
    /// Grasshopper lines (`gQ`).
    pub grasshops: Vec<DirectionClass>,
    /// Whether the leaps and slides only capture (`cN`).
    pub capture_only: bool,
    /// Leaps to empty squares only (`mN`).
    pub quiet_leaps: Vec<Leap>,
    /// Slides to empty squares only (`mR`).
    pub quiet_slides: Vec<DirectionClass>,
    /// Steps to empty squares only, as White sees them (`fmW`, `mfF`).
    pub quiet_steps: Vec<Vector>,
    /// The pawn's own pushes and captures where they are not chess's
    /// (Berolina's `mfFcfeWimfnA`), and whether it takes en passant
    /// (`e`); [`pawn`](Self::pawn) says whether it double-steps.
    pub pawn_ways: Option<(crate::kernel::PawnWays, bool)>,
    /// A piece's double step straight forward as the pawn's (`ifmnD`,
    /// wolf's sergeant: [`PawnLike::double_step`](crate::kernel::PawnLike)).
    pub double_step: bool,
}

impl Moves {
    /// A kind with these moves (a pawn's rules are the caller's to add).
    pub fn apply(&self, mut kind: PieceKind) -> PieceKind {
        kind.leaps.extend(self.leaps.iter().copied());
        kind.slides.extend(self.slides.iter().copied());
        for v in &self.steps {
            kind = kind.step(&v.0[..2]);
        }
        kind.hops.extend(self.hops.iter().copied());
        kind.rides.extend(self.rides.iter().copied());
        kind.ranged_rides.extend(self.ranged_rides.iter().copied());
        kind.grasshops.extend(self.grasshops.iter().copied());
        kind.capture_only |= self.capture_only;
        kind.quiet_leaps.extend(self.quiet_leaps.iter().copied());
        kind.quiet_slides.extend(self.quiet_slides.iter().copied());
        kind.quiet_steps.extend(self.quiet_steps.iter().copied());
        kind.pawn_like.double_step |= self.double_step;
        kind
    }
}

/// Why a Betza text is not read: a letter that is none, or a move the
/// kernel does not play.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BetzaError {
    /// A character that is no Betza letter.
    #[error("{0:?} is no Betza letter")]
    NotALetter(char),
    /// Modifiers at the end, with no atom after them.
    #[error("modifiers {0:?} without an atom")]
    NoAtom(String),
    /// The pawn's double step stated twice.
    #[error("ifmnD given twice")]
    DoubleStepTwice,
    /// A pawn's initial double steps that are not its pushes doubled
    /// (Berolina's `imfnA` for `mfF`).
    #[error("the pawn's initial double steps (imnA, imnD) must double each of its pushes")]
    PawnDoubles,
    /// A move-only or capture-only part other than the hoppers' and the pawn's.
    #[error(
        "move-only or capture-only parts ({0}) are played only as mRcpR, mBcpB, quiet steps (fmW) and the pawn fmWfcF"
    )]
    MoveOrCaptureOnly(String),
    /// A hopper other than the cannon's.
    #[error("hoppers other than mRcpR and mBcpB ({0}) are not supported")]
    Hopper(String),
    /// An initial move other than the pawn's double step.
    #[error("initial moves are supported only as the pawn's ifmnD")]
    Initial,
    /// A modifier the kernel does not play.
    #[error("modifier {0:?} is not supported")]
    Modifier(char),
    /// A rider limited to a range (`W3`).
    #[error("ranges ({0}) are not supported")]
    Range(String),
    /// A rider other than the rook's and the bishop's lines and the
    /// ridden `N`, `C`, `Z` (`AA`).
    #[error("the rider {0}{0} is not supported")]
    Rider(char),
    /// A lame rider, or one in some directions only other than R, B, Q.
    #[error("directional or lame riders ({0}) are not supported")]
    DirectionalRider(String),
    /// An atom the kernel does not know.
    #[error("atom {0} is not supported")]
    Atom(char),
    /// A lame leap other than nN, nA, nZ and nD.
    #[error("lame leaps are supported only as nN, nA, nZ and nD, not {0}")]
    LameLeap(String),
    /// A step to one side only.
    #[error("the step ({x}, {y}) has no mirror image ({}, {y}): one-sided steps must be the same left and right", -x)]
    OneSidedStep {
        /// Along the files.
        x: i32,
        /// Along the ranks.
        y: i32,
    },
    /// A one-way slide to one side only.
    #[error("the slide {0} has no mirror image: one-way slides must be the same left and right")]
    OneWaySlide(Vector),
    /// A second pawn kind (the kernel plays one a game).
    #[error("a game has at most one pawn kind here")]
    SecondPawn,
}

/// Why a kind's moves have no Betza text ([`write()`]); each names the piece.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Unstateable {
    /// A pawn that is not chess's.
    #[error("the {0} is not chess's pawn")]
    Pawn(String),
    /// Slides along other lines than the rook's and the bishop's.
    #[error("the {0}'s slides have no Betza letter")]
    Slides(String),
    /// A leap on more than two axes.
    #[error("the {0}'s leap {1} has more than two axes")]
    LeapAxes(String, Vector),
    /// A leap with no atom.
    #[error("the {0}'s leap {1} has no Betza atom")]
    LeapAtom(String, Vector),
    /// A lame leap other than nN, nA, nZ and nD.
    #[error("the {0}'s lame leap n{1} is not supported")]
    LameLeap(String, char),
    /// Steps allowed only from a region.
    #[error("the {0}'s steps from a region have no Betza text")]
    RegionSteps(String),
    /// A step with no atom.
    #[error("the {0}'s step ({1}, {2}) has no Betza atom")]
    StepAtom(String, i32, i32),
    /// Steps by an atom no set of directions states.
    #[error("the {0}'s steps by {1} have no Betza text")]
    Steps(String, char),
    /// A one-way slide with no atom.
    #[error("the {0}'s slide {1} has no Betza atom")]
    SlideAtom(String, Vector),
    /// A one-way slide no direction states.
    #[error("the {0}'s slide {1} has no Betza text")]
    SlideText(String, Vector),
}

/// One part of a Betza text: its modifiers, its atom and what follows the
/// atom (a digit or the atom again).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Part {
    pub(super) mods: String,
    pub(super) atom: char,
    pub(super) suffix: Option<char>,
}

fn parts(betza: &str) -> Result<Vec<Part>, BetzaError> {
    let mut out = Vec::new();
    let mut mods = String::new();
    let chars: Vec<char> = betza.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_ascii_lowercase() {
            mods.push(c);
        } else if c.is_ascii_uppercase() {
            let suffix = chars
                .get(i + 1)
                .copied()
                .filter(|&n| n == c || n.is_ascii_digit());
            if suffix.is_some() {
                i += 1;
            }
            out.push(Part {
                mods: std::mem::take(&mut mods),
                atom: c,
                suffix,
            });
        } else {
            return Err(BetzaError::NotALetter(c));
        }
        i += 1;
    }
    if !mods.is_empty() {
        return Err(BetzaError::NoAtom(mods));
    }
    Ok(out)
}

/// A leaper atom's vectors (longer component first).
fn leaper(atom: char) -> Option<&'static [(i32, i32)]> {
    Some(match atom {
        'W' => &[(1, 0)],
        'F' => &[(1, 1)],
        'D' => &[(2, 0)],
        'N' => &[(2, 1)],
        'A' => &[(2, 2)],
        'H' => &[(3, 0)],
        'C' | 'L' => &[(3, 1)],
        'Z' | 'J' => &[(3, 2)],
        'G' => &[(3, 3)],
        'K' => &[(1, 0), (1, 1)],
        _ => return None,
    })
}

/// The atom letter of a leap vector, if any.
fn atom_of(v: (i32, i32)) -> Option<char> {
    Some(match v {
        (1, 0) => 'W',
        (1, 1) => 'F',
        (2, 0) => 'D',
        (2, 1) => 'N',
        (2, 2) => 'A',
        (3, 0) => 'H',
        (3, 1) => 'C',
        (3, 2) => 'Z',
        (3, 3) => 'G',
        _ => return None,
    })
}

/// Fairy-Stockfish's direction tags from the modifier letters: a letter
/// alone is doubled (`f` is `ff`), a vertical and a horizontal one (or a
/// letter twice) pair up.
pub(super) fn tags(mods: &str) -> Vec<String> {
    const VERTICAL: &str = "fbvh";
    const HORIZONTAL: &str = "rlsh";
    let letters: Vec<char> = mods
        .chars()
        .filter(|c| VERTICAL.contains(*c) || HORIZONTAL.contains(*c))
        .collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < letters.len() {
        let c = letters[i];
        if let Some(&c2) = letters.get(i + 1) {
            if c2 == c
                || (VERTICAL.contains(c) && HORIZONTAL.contains(c2))
                || (HORIZONTAL.contains(c) && VERTICAL.contains(c2))
            {
                out.push(format!("{c}{c2}"));
                i += 2;
                continue;
            }
        }
        out.push(format!("{c}{c}"));
        i += 1;
    }
    out
}

/// The (file, rank) moves of atom `(a, b)` under direction tags, as
/// Fairy-Stockfish's table picks them (none: all eight images).
pub(super) fn directed(a: i32, b: i32, tags: &[String]) -> Vec<(i32, i32)> {
    let table: [((i32, i32), &[&str]); 8] = [
        ((b, a), &["ff", "vv", "rf", "rv", "fh", "rh", "hr"]),
        ((-b, -a), &["bb", "vv", "lb", "lv", "bh", "lh", "hr"]),
        ((a, -b), &["rr", "ss", "br", "bs", "bh", "rh", "hr"]),
        ((-a, b), &["ll", "ss", "fl", "fs", "fh", "lh", "hr"]),
        ((a, b), &["rr", "ss", "fr", "fs", "fh", "rh", "hl"]),
        ((-a, -b), &["ll", "ss", "bl", "bs", "bh", "lh", "hl"]),
        ((b, -a), &["bb", "vv", "rb", "rv", "bh", "rh", "hl"]),
        ((-b, a), &["ff", "vv", "lf", "lv", "fh", "lh", "hl"]),
    ];
    // An orthogonal atom splits mixed pairs: `fsW` is forward and
    // sideways, not forward-sideways.
    let mut split = Vec::new();
    for t in tags {
        let (c, c2) = (&t[..1], &t[1..]);
        if b == 0 && c != c2 {
            split.push(c.repeat(2));
            split.push(c2.repeat(2));
        } else {
            split.push(t.clone());
        }
    }
    let mut out: Vec<(i32, i32)> = Vec::new();
    for (v, names) in table {
        if (split.is_empty() || names.iter().any(|n| split.iter().any(|s| s == n)))
            && !out.contains(&v)
        {
            out.push(v);
        }
    }
    out
}

/// Every image of a two-axis leap.
fn images(a: i32, b: i32) -> Vec<(i32, i32)> {
    Vector::new(&[a, b])
        .images(2)
        .into_iter()
        .map(|v| (v.0[0], v.0[1]))
        .collect()
}

/// Reads a Betza text into the kernel's moves, or says why it cannot.
pub fn read(betza: &str) -> Result<Moves, BetzaError> {
    let parts = parts(betza)?;
    let mut moves = Moves::default();
    let simple =
        |p: &Part, mods: &str, atom: char| p.mods == mods && p.atom == atom && p.suffix.is_none();
    // The pawn, as a whole.
    if let Some(pawn) = pawn(&parts)? {
        return Ok(pawn);
    }
    if let Some(pawn) = super::pawn_ways::read(&parts)? {
        return Ok(pawn);
    }
    let mut rook_slide = false;
    let mut bishop_slide = false;
    let mut steps: Vec<(i32, i32)> = Vec::new();
    // Move-only (`m`) and capture-only (`c`) parts, read on their own at
    // the end; capture-only hops (`cpR`, the banner's), which the piece's
    // own slides must cover.
    let mut quiet = String::new();
    let mut capture = String::new();
    let mut capture_hops: Vec<(char, DirectionClass)> = Vec::new();
    let class_of = |atom: char| match atom {
        'R' => DirectionClass::ROOK,
        'B' => DirectionClass::BISHOP,
        _ => DirectionClass::ANY,
    };
    let mut i = 0;
    while i < parts.len() {
        let p = &parts[i];
        if p.mods.contains('i') {
            // An initial move is read only as the pawn's double step
            // (wolf's sergeant's `ifmnD`), from the pawn's squares.
            let mut mods: Vec<char> = p.mods.chars().collect();
            mods.sort_unstable();
            if p.atom != 'D' || p.suffix.is_some() || mods != ['f', 'i', 'm', 'n'] {
                return Err(BetzaError::Initial);
            }
            moves.double_step = true;
            i += 1;
            continue;
        }
        let plain_atom = p.suffix.is_none() && (leaper(p.atom).is_some() || "RBQ".contains(p.atom));
        // The cannon's pattern is read below; other parts of one mode.
        let cannon = p.mods == "m"
            && parts
                .get(i + 1)
                .is_some_and(|n| simple(n, "cp", p.atom) && matches!(p.atom, 'R' | 'B'));
        if plain_atom && !cannon {
            match p.mods.as_str() {
                "g" if "RBQ".contains(p.atom) => {
                    let class = class_of(p.atom);
                    if !moves.grasshops.contains(&class) {
                        moves.grasshops.push(class);
                    }
                    i += 1;
                    continue;
                }
                "cp" if matches!(p.atom, 'R' | 'B') => {
                    capture_hops.push((p.atom, class_of(p.atom)));
                    i += 1;
                    continue;
                }
                "m" => {
                    quiet.push(p.atom);
                    i += 1;
                    continue;
                }
                // Quiet steps in some directions (`fmW`, `mfF`): read with
                // their directions below.
                mods if mods.contains('m') && mods.chars().all(|c| "mfblrvsh".contains(c)) => {
                    quiet.extend(mods.chars().filter(|&c| c != 'm'));
                    quiet.push(p.atom);
                    i += 1;
                    continue;
                }
                "c" => {
                    capture.push(p.atom);
                    i += 1;
                    continue;
                }
                _ => {}
            }
        }
        // Hoppers: mRcpR, mBcpB.
        if p.mods == "m" && p.suffix.is_none() && matches!(p.atom, 'R' | 'B') {
            if let Some(next) = parts.get(i + 1).filter(|n| simple(n, "cp", p.atom)) {
                let class = if next.atom == 'R' {
                    DirectionClass::ROOK
                } else {
                    DirectionClass::BISHOP
                };
                if !moves.hops.contains(&class) {
                    moves.hops.push(class);
                }
                i += 2;
                continue;
            }
        }
        if let Some(bad) = p.mods.chars().find(|c| !"fblrvshn".contains(*c)) {
            let part = format!("{}{}", p.mods, p.atom);
            return Err(match bad {
                'm' | 'c' => BetzaError::MoveOrCaptureOnly(part),
                'p' | 'g' => BetzaError::Hopper(part),
                'i' => BetzaError::Initial,
                other => BetzaError::Modifier(other),
            });
        }
        let lame = p.mods.contains('n');
        let tags = tags(&p.mods);
        // A leaper ridden (`NN`, the nightrider): one-way slides along
        // every image, for atoms whose leap no other line repeats (the
        // rules keep one direction for each pair of squares).
        if p.suffix == Some(p.atom) && matches!(p.atom, 'N' | 'C' | 'L' | 'Z' | 'J') {
            if !p.mods.is_empty() {
                return Err(BetzaError::DirectionalRider(format!(
                    "{}{}{}",
                    p.mods, p.atom, p.atom
                )));
            }
            let (a, b) = leaper(p.atom).expect("a leaper atom")[0];
            for (x, y) in images(a, b) {
                let v = Vector::new(&[x, y]);
                if !moves.rides.contains(&v) {
                    moves.rides.push(v);
                }
            }
            i += 1;
            continue;
        }
        let rider = match (p.atom, p.suffix) {
            ('R' | 'B' | 'Q', None) => true,
            ('W' | 'F', Some(s)) if s == p.atom => true,
            // A slide of a few squares at most (`bF2`): one-way slides
            // each limited, in the directions picked (all without).
            ('W' | 'F' | 'R' | 'B' | 'Q', Some(d)) if ('1'..='9').contains(&d) && !lame => {
                let most = d as u8 - b'0';
                let atoms: &[(i32, i32)] = match p.atom {
                    'W' | 'R' => &[(1, 0)],
                    'F' | 'B' => &[(1, 1)],
                    _ => &[(1, 0), (1, 1)],
                };
                for &(a, b) in atoms {
                    let picked = if tags.is_empty() {
                        images(a, b)
                    } else {
                        directed(a, b, &tags)
                    };
                    for (x, y) in picked {
                        let ride = (Vector::new(&[x, y]), most);
                        if !moves.ranged_rides.contains(&ride) {
                            moves.ranged_rides.push(ride);
                        }
                    }
                }
                i += 1;
                continue;
            }
            (_, Some(d)) if d.is_ascii_digit() => {
                return Err(BetzaError::Range(format!("{}{d}", p.atom)))
            }
            (a, Some(_)) => return Err(BetzaError::Rider(a)),
            _ => false,
        };
        // A rider in some directions (`fR`): one-way slides.
        if rider && !lame && !tags.is_empty() && matches!(p.atom, 'R' | 'B' | 'Q') {
            let mut atoms: Vec<(i32, i32)> = Vec::new();
            if p.atom != 'B' {
                atoms.push((1, 0));
            }
            if p.atom != 'R' {
                atoms.push((1, 1));
            }
            for (a, b) in atoms {
                for (x, y) in directed(a, b, &tags) {
                    let v = Vector::new(&[x, y]);
                    if !moves.rides.contains(&v) {
                        moves.rides.push(v);
                    }
                }
            }
            i += 1;
            continue;
        }
        if rider {
            if !tags.is_empty() || lame {
                return Err(BetzaError::DirectionalRider(format!(
                    "{}{}",
                    p.mods, p.atom
                )));
            }
            match p.atom {
                'R' | 'W' => rook_slide = true,
                'B' | 'F' => bishop_slide = true,
                _ => {
                    rook_slide = true;
                    bishop_slide = true;
                }
            }
            i += 1;
            continue;
        }
        let atoms = leaper(p.atom).ok_or(BetzaError::Atom(p.atom))?;
        if lame && (!matches!(p.atom, 'N' | 'A' | 'Z' | 'D') || !tags.is_empty()) {
            return Err(BetzaError::LameLeap(format!("{}{}", p.mods, p.atom)));
        }
        for &(a, b) in atoms {
            let picked = directed(a, b, &tags);
            if picked.len() == images(a, b).len() {
                let leap = Leap {
                    vector: Vector::new(&[a, b]),
                    lame,
                };
                if !moves.leaps.contains(&leap) {
                    moves.leaps.push(leap);
                }
            } else {
                for v in picked {
                    if !steps.contains(&v) {
                        steps.push(v);
                    }
                }
            }
        }
        i += 1;
    }
    // Steps covering every image of an atom are a leap after all; steps a
    // leap already makes go.
    for (a, b) in [
        (1, 0),
        (1, 1),
        (2, 0),
        (2, 1),
        (2, 2),
        (3, 0),
        (3, 1),
        (3, 2),
        (3, 3),
    ] {
        let all = images(a, b);
        let leap = Leap {
            vector: Vector::new(&[a, b]),
            lame: false,
        };
        if all.iter().all(|v| steps.contains(v)) && !moves.leaps.contains(&leap) {
            moves.leaps.push(leap);
        }
        if moves.leaps.contains(&leap) {
            steps.retain(|v| !all.contains(v));
        }
    }
    // One-sided steps and slides (torishogi's quails, `rbBlbF`) are
    // played: Black's are White's turned half round, as Fairy-Stockfish's.
    moves.steps = steps
        .into_iter()
        .map(|(x, y)| Vector::new(&[x, y]))
        .collect();
    match (rook_slide, bishop_slide) {
        (true, true) => moves.slides.push(DirectionClass::ANY),
        (true, false) => moves.slides.push(DirectionClass::ROOK),
        (false, true) => moves.slides.push(DirectionClass::BISHOP),
        (false, false) => {}
    }
    // A capture-only hop (`cpR`) is a cannon's capture; the cannon's quiet
    // slides are the piece's own slides along those lines.
    for (atom, class) in capture_hops {
        let covered = match atom {
            'R' => rook_slide,
            _ => bishop_slide,
        };
        if !covered {
            return Err(BetzaError::Hopper(format!("cp{atom}")));
        }
        if !moves.hops.contains(&class) {
            moves.hops.push(class);
        }
    }
    if !capture.is_empty() {
        // Capture-only leaps and slides stand for the piece's captures:
        // it may have no other leaps or slides.
        if !moves.leaps.is_empty() || !moves.slides.is_empty() || !moves.steps.is_empty() {
            return Err(BetzaError::MoveOrCaptureOnly(format!("c{capture}")));
        }
        let c = read(&capture)?;
        if !c.steps.is_empty() || !c.rides.is_empty() {
            return Err(BetzaError::MoveOrCaptureOnly(format!("c{capture}")));
        }
        moves.leaps = c.leaps;
        moves.slides = c.slides;
        moves.capture_only = true;
    }
    if !quiet.is_empty() {
        let q = read(&quiet)?;
        if !q.rides.is_empty() || q.leaps.iter().any(|l| l.lame) {
            return Err(BetzaError::MoveOrCaptureOnly(format!("m{quiet}")));
        }
        moves.quiet_leaps = q.leaps;
        moves.quiet_slides = q.slides;
        moves.quiet_steps = q.steps;
    }
    Ok(moves)
}

/// The Betza text of a kind's moves (riders first: `BN`) (the pawn's with `double_step`), or
/// why there is none: slides, hops and leaps of other kinds, steps only
/// from a region.
pub fn write(kind: &PieceKind) -> Result<String, Unstateable> {
    let piece = || kind.name.to_string();
    if let Some(ways) = &kind.pawn_ways {
        return super::pawn_ways::write(kind, ways);
    }
    if let Some(pawn) = &kind.pawn {
        if pawn.forward_axis != 1 || pawn.capture_axes != 1 || !pawn.en_passant {
            return Err(Unstateable::Pawn(piece()));
        }
        // Its other quiet steps (pawnsideways' `msW`) after its own.
        let mut text = String::from("fmW");
        let quiet: Vec<(i32, i32)> = kind.quiet_steps.iter().map(|v| (v.0[0], v.0[1])).collect();
        write_steps(&mut text, quiet, "m", &piece)?;
        text.push_str("fcF");
        if pawn.double_step {
            text.push_str("ifmnD");
        }
        return Ok(text);
    }
    let mut text = String::new();
    // Capture-only leaps and slides (`cN`), each part marked.
    let mode = if kind.capture_only { "c" } else { "" };
    for class in &kind.slides {
        text.push_str(mode);
        text.push_str(match *class {
            c if c == DirectionClass::ROOK => "R",
            c if c == DirectionClass::BISHOP => "B",
            c if c == DirectionClass::ANY || c.counts == 0b110 => "Q",
            _ => return Err(Unstateable::Slides(piece())),
        });
    }
    for leap in &kind.leaps {
        let v = leap.vector.0;
        if v[2..].iter().any(|&c| c != 0) {
            return Err(Unstateable::LeapAxes(piece(), leap.vector));
        }
        let (a, b) = (v[0].abs().max(v[1].abs()), v[0].abs().min(v[1].abs()));
        let atom = atom_of((a, b)).ok_or_else(|| Unstateable::LeapAtom(piece(), leap.vector))?;
        if leap.lame && !leap.vector.path().is_empty() {
            if !matches!(atom, 'N' | 'A' | 'Z' | 'D') {
                return Err(Unstateable::LameLeap(piece(), atom));
            }
            text.push('n');
        }
        text.push_str(mode);
        text.push(atom);
    }
    for class in &kind.quiet_slides {
        text.push('m');
        text.push_str(match *class {
            c if c == DirectionClass::ROOK => "R",
            c if c == DirectionClass::BISHOP => "B",
            c if c == DirectionClass::ANY || c.counts == 0b110 => "Q",
            _ => return Err(Unstateable::Slides(piece())),
        });
    }
    for leap in &kind.quiet_leaps {
        let v = leap.vector.0;
        let (a, b) = (v[0].abs().max(v[1].abs()), v[0].abs().min(v[1].abs()));
        let atom = atom_of((a, b))
            .filter(|_| v[2..].iter().all(|&c| c == 0) && !leap.lame)
            .ok_or_else(|| Unstateable::LeapAtom(piece(), leap.vector))?;
        text.push('m');
        text.push(atom);
    }
    for class in &kind.grasshops {
        text.push('g');
        text.push_str(match *class {
            c if c == DirectionClass::ROOK => "R",
            c if c == DirectionClass::BISHOP => "B",
            c if c == DirectionClass::ANY || c.counts == 0b110 => "Q",
            _ => return Err(Unstateable::Slides(piece())),
        });
    }
    if kind.steps.iter().any(|s| s.zone.is_some()) {
        return Err(Unstateable::RegionSteps(piece()));
    }
    let steps: Vec<(i32, i32)> = kind
        .steps
        .iter()
        .map(|s| (s.vector.0[0], s.vector.0[1]))
        .collect();
    write_steps(&mut text, steps, "", &piece)?;
    let quiet: Vec<(i32, i32)> = kind.quiet_steps.iter().map(|v| (v.0[0], v.0[1])).collect();
    write_steps(&mut text, quiet, "m", &piece)?;
    // Leapers ridden along all their images (`NN`).
    let mut rides: Vec<Vector> = kind.rides.clone();
    for (a, b) in [(2, 1), (3, 1), (3, 2)] {
        let all: Vec<Vector> = images(a, b)
            .into_iter()
            .map(|(x, y)| Vector::new(&[x, y]))
            .collect();
        if all.iter().all(|v| rides.contains(v)) {
            let atom = atom_of((a, b)).expect("an atom");
            text.push(atom);
            text.push(atom);
            rides.retain(|v| !all.contains(v));
        }
    }
    for v in &rides {
        let (x, y) = (v.0[0], v.0[1]);
        let (atom, a, b) = match (x.abs(), y.abs()) {
            (1, 0) | (0, 1) => ('R', 1, 0),
            (1, 1) => ('B', 1, 1),
            _ => return Err(Unstateable::SlideAtom(piece(), *v)),
        };
        let tag = ["ff", "bb", "ll", "rr", "fr", "fl", "br", "bl"]
            .iter()
            .find(|t| directed(a, b, &tags(t)) == [(x, y)])
            .ok_or_else(|| Unstateable::SlideText(piece(), *v))?;
        text.push_str(if tag[..1] == tag[1..] { &tag[..1] } else { tag });
        text.push(atom);
    }
    for &(v, most) in &kind.ranged_rides {
        let (x, y) = (v.0[0], v.0[1]);
        let (atom, a, b) = match (x.abs(), y.abs()) {
            (1, 0) | (0, 1) => ('W', 1, 0),
            (1, 1) => ('F', 1, 1),
            _ => return Err(Unstateable::SlideAtom(piece(), v)),
        };
        let tag = ["ff", "bb", "ll", "rr", "fr", "fl", "br", "bl"]
            .iter()
            .find(|t| directed(a, b, &tags(t)) == [(x, y)])
            .ok_or_else(|| Unstateable::SlideText(piece(), v))?;
        text.push_str(if tag[..1] == tag[1..] { &tag[..1] } else { tag });
        text.push(atom);
        text.push_str(&most.to_string());
    }
    for class in &kind.hops {
        if *class == DirectionClass::ROOK || *class == DirectionClass::ANY {
            text.push_str("mRcpR");
        }
        if *class == DirectionClass::BISHOP || *class == DirectionClass::ANY {
            text.push_str("mBcpB");
        }
    }
    if kind.pawn_like.double_step {
        text.push_str("ifmnD");
    }
    Ok(text)
}

/// Writes one-sided steps as directed atoms (`fsW`), each part after
/// `mode` (`m` for steps to empty squares only).
pub(super) fn write_steps(
    text: &mut String,
    mut steps: Vec<(i32, i32)>,
    mode: &str,
    piece: &dyn Fn() -> String,
) -> Result<(), Unstateable> {
    steps.dedup();
    while let Some(&(x, y)) = steps.first() {
        let (a, b) = (x.abs().max(y.abs()), x.abs().min(y.abs()));
        let atom = atom_of((a, b)).ok_or_else(|| Unstateable::StepAtom(piece(), x, y))?;
        let target: Vec<(i32, i32)> = steps
            .iter()
            .copied()
            .filter(|&(p, q)| (p.abs().max(q.abs()), p.abs().min(q.abs())) == (a, b))
            .collect();
        let mut covered: Vec<(i32, i32)> = Vec::new();
        const TAGS: [&str; 24] = [
            "ff", "bb", "ll", "rr", "vv", "ss", "fs", "bs", "fl", "fr", "bl", "br", "lf", "rf",
            "lb", "rb", "lv", "rv", "fh", "bh", "lh", "rh", "hl", "hr",
        ];
        let mut options: Vec<(String, Vec<(i32, i32)>)> = TAGS
            .iter()
            .map(|t| {
                let written = if t[..1] == t[1..] {
                    t[..1].to_string()
                } else {
                    t.to_string()
                };
                let set = directed(a, b, &tags(&written));
                (written, set)
            })
            .filter(|(_, set)| set.iter().all(|v| target.contains(v)))
            .collect();
        options.sort_by_key(|(_, set)| std::cmp::Reverse(set.len()));
        for (written, set) in options {
            if set.iter().any(|v| !covered.contains(v)) {
                text.push_str(mode);
                text.push_str(&written);
                text.push(atom);
                covered.extend(set);
            }
        }
        if target.iter().any(|v| !covered.contains(v)) {
            return Err(Unstateable::Steps(piece(), atom));
        }
        steps.retain(|v| !target.contains(v));
    }
    Ok(())
}

/// The pawn, if the parts are one: steps to empty squares forward (`fmW`,
/// maybe other ways too beside it: pawnsideways' `fsmW`, pawnback's
/// `fbmW`, those never forward), the capture forward diagonally (`fcF`;
/// `fceF` names en passant, which the pawn has), and the double step
/// (`ifmnD`) or not.
fn pawn(parts: &[Part]) -> Result<Option<Moves>, BetzaError> {
    let has = |p: &Part, letters: &str| {
        let mut a: Vec<char> = p.mods.chars().collect();
        let mut b: Vec<char> = letters.chars().collect();
        a.sort_unstable();
        b.sort_unstable();
        a == b
    };
    let plain = |p: &Part, atom: char| p.atom == atom && p.suffix.is_none();
    let double = |p: &Part| plain(p, 'D') && p.mods == "ifmn";
    let capture = |p: &Part| plain(p, 'F') && (has(p, "fc") || has(p, "fce"));
    let quiet = |p: &Part| {
        plain(p, 'W') && p.mods.contains('m') && p.mods.chars().all(|c| "mfblrvsh".contains(c))
    };
    if !parts.iter().all(|p| double(p) || capture(p) || quiet(p))
        || parts.iter().filter(|p| capture(p)).count() != 1
    {
        return Ok(None);
    }
    let mut steps: Vec<(i32, i32)> = Vec::new();
    for p in parts.iter().filter(|p| quiet(p)) {
        let mods: String = p.mods.chars().filter(|&c| c != 'm').collect();
        for v in directed(1, 0, &tags(&mods)) {
            if !steps.contains(&v) {
                steps.push(v);
            }
        }
    }
    if !steps.contains(&(0, 1)) {
        return Ok(None);
    }
    steps.retain(|&v| v != (0, 1));
    if let Some(&(x, y)) = steps.iter().find(|&&(x, y)| !steps.contains(&(-x, y))) {
        return Err(BetzaError::OneSidedStep { x, y });
    }
    let doubles = parts.iter().filter(|p| double(p)).count();
    if doubles > 1 {
        return Err(BetzaError::DoubleStepTwice);
    }
    Ok(Some(Moves {
        pawn: Some(doubles == 1),
        quiet_steps: steps
            .into_iter()
            .map(|(x, y)| Vector::new(&[x, y]))
            .collect(),
        ..Moves::default()
    }))
}
