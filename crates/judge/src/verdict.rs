//! What a command did: a move record, or why it was invalid.

use crate::{Color, Piece, Point, Role};
use itertools::iproduct;
use std::fmt;
use std::sync::LazyLock;

/// A valid command's effect, printed as the judge's
/// `<moved>;<removed>;<check>;<over>` line by its `Display`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct MoveRecord {
    /// The piece that moved.
    pub piece: Piece,
    /// Where it started.
    pub from: Point,
    /// Where it went.
    pub to: Point,
    /// The enemy piece it removed, if any.
    pub removed: Option<Piece>,
    /// Whether either side now attacks the other's captain (never once the
    /// game is over).
    pub check: bool,
    /// Whether this move removed a captain and so ended the game.
    pub over: bool,
}

/// The judge's line for an invalid command.
pub const INVALID_LINE: &str = "Invalid command";

/// What a judge line says in place of a removed piece when none was.
const NOTHING_REMOVED: &str = "NA";

/// The parts of a judge line (without its newline), in order: the one
/// statement of the line's form, which both `Display` and the judge's line
/// slots write.
fn line_parts<'a>(moved: &'a str, removed: &'a str, check: bool, over: bool) -> [&'a str; 7] {
    [moved, ";", removed, ";", yes_no(check), ";", yes_no(over)]
}

fn yes_no(b: bool) -> &'static str {
    if b {
        "yes"
    } else {
        "no"
    }
}

impl MoveRecord {
    /// The judge line with its newline, from the table of every possible
    /// line built once as `Display` writes it (`line_slots`): the judge
    /// copies it instead of formatting.
    #[inline]
    pub fn judge_line(&self) -> &'static [u8] {
        line_slots().line(line_index(self))
    }

    /// One record for each distinct judge line (the points are all
    /// `(0,0)`: lines do not show them), in the order of the line table.
    #[cfg(test)]
    fn every_line_kind() -> impl Iterator<Item = MoveRecord> {
        let pieces = || {
            Color::ALL
                .into_iter()
                .flat_map(|c| Role::ALL.map(|r| Piece::new(c, r)))
        };
        let removed = std::iter::once(None).chain(pieces().map(Some));
        let point = Point::from_index(0);
        iproduct!(pieces(), removed, [false, true], [false, true]).map(
            move |(piece, removed, check, over)| MoveRecord {
                piece,
                from: point,
                to: point,
                removed,
                check,
                over,
            },
        )
    }
}

/// The place of a line in the table: pieces in colour-then-role order, the
/// removed piece after "none", then check, then over.
#[inline]
fn line_index(r: &MoveRecord) -> usize {
    line_index_of_codes(
        r.piece.code(),
        r.removed.map_or(0, Piece::code),
        r.check,
        r.over,
    )
}

/// [`line_index`] from the board's piece codes: `moved` is `1..=14`,
/// `removed` is 0 for none.
#[inline]
pub(crate) fn line_index_of_codes(moved: u8, removed: u8, check: bool, over: bool) -> usize {
    (((moved as usize - 1) * 15 + removed as usize) * 2 + check as usize) * 2 + over as usize
}

/// Bytes of one slot of [`LineSlots`]: the longest line of the table (36
/// bytes, `blue elephant;blue elephant;yes;yes\n`: the table has a line for
/// every combination, even those no game plays) and a byte for its length,
/// rounded up to whole 16-byte moves.
pub(crate) const LINE_SLOT: usize = 48;

/// The index of `Invalid command` in [`LineSlots`], after the move lines.
pub(crate) const INVALID_INDEX: usize = 14 * 15 * 4;

/// Slots in [`LineSlots`]: the lines' indices (`0..=INVALID_INDEX`)
/// rounded up to a power of two, so that an index is kept in bounds by a
/// mask instead of a check.
const SLOTS: usize = (INVALID_INDEX + 1).next_power_of_two();

/// Every judge line (move lines by [`line_index_of_codes`], then
/// `Invalid command`), each at the start of a fixed-size slot whose last
/// byte holds the line's length: judge mode copies a whole slot, a
/// fixed-size copy the compiler does in a few moves, and then counts only
/// the line's own bytes as written, where a copy of the line's own length
/// would be a call to `memcpy`.
pub(crate) struct LineSlots {
    slots: Box<[[u8; LINE_SLOT]; SLOTS]>,
}

impl LineSlots {
    /// Line `index` with its newline.
    #[inline]
    pub(crate) fn line(&self, index: usize) -> &[u8] {
        let slot = &self.slots[index & (SLOTS - 1)];
        &slot[..usize::from(slot[LINE_SLOT - 1])]
    }

    /// Copies line `index` to the start of `out` (which must hold a whole
    /// slot) and returns its length.
    #[inline]
    pub(crate) fn put(&self, index: usize, out: &mut [u8; LINE_SLOT]) -> usize {
        debug_assert!(index <= INVALID_INDEX);
        *out = self.slots[index & (SLOTS - 1)];
        // Read back from the copy: reading the table's byte as well would
        // split the copy into pieces around it.
        usize::from(out[LINE_SLOT - 1])
    }
}

/// The line slots, built once from the pieces' names and [`line_parts`],
/// as `Display` writes a record (a test holds every slot to `Display`):
/// joined as bytes, not formatted line by line, since judge mode builds
/// them at every start and formatting 841 lines took half of its start-up.
pub(crate) fn line_slots() -> &'static LineSlots {
    static SLOTS_BUILT: LazyLock<LineSlots> = LazyLock::new(|| {
        // By code: 0 is nothing removed, then the fourteen pieces.
        let names: Vec<String> = std::iter::once(NOTHING_REMOVED.to_string())
            .chain((1..=14).map(|code| Piece::from_code(code).to_string()))
            .collect();
        let mut slots = Box::new([[0; LINE_SLOT]; SLOTS]);
        // Writes `parts` and a newline to slot `index`.
        let mut put = |index: usize, parts: &[&str]| {
            let slot = &mut slots[index];
            let mut len = 0;
            for part in parts.iter().chain(&["\n"]) {
                // The last byte is the length's: a line must end before it.
                assert!(
                    len + part.len() < LINE_SLOT,
                    "{parts:?} does not fit a slot"
                );
                slot[len..len + part.len()].copy_from_slice(part.as_bytes());
                len += part.len();
            }
            slot[LINE_SLOT - 1] = len as u8;
        };
        for (moved, removed, check, over) in
            iproduct!(1..=14u8, 0..=14u8, [false, true], [false, true])
        {
            let index = line_index_of_codes(moved, removed, check, over);
            let (moved, removed) = (&names[usize::from(moved)], &names[usize::from(removed)]);
            put(index, &line_parts(moved, removed, check, over));
        }
        put(INVALID_INDEX, &[INVALID_LINE]);
        LineSlots { slots }
    });
    &SLOTS_BUILT
}

/// The judge line: `red duck;blue captain;no;yes`.
impl fmt::Display for MoveRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let moved = self.piece.to_string();
        let removed = self
            .removed
            .map_or(NOTHING_REMOVED.to_string(), |p| p.to_string());
        for part in line_parts(&moved, &removed, self.check, self.over) {
            f.write_str(part)?;
        }
        Ok(())
    }
}

/// Why a command is invalid. Each variant carries what an explanation needs,
/// so it can be printed without the board.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Invalid {
    /// A captain is gone (removed, or missing from the position loaded);
    /// every later command is invalid.
    GameOver {
        /// The side whose captain is left; none when neither has one.
        winner: Option<Color>,
    },
    /// The start point is not on the board.
    StartOffBoard {
        /// The start as given.
        x: i64,
        /// The start as given.
        y: i64,
    },
    /// The start point holds no piece.
    NoPiece {
        /// The empty start point.
        at: Point,
        /// The side to move.
        turn: Color,
    },
    /// The start point holds a piece of the side not to move.
    EnemyPiece {
        /// The start point.
        at: Point,
        /// The piece there.
        piece: Piece,
    },
    /// The target point is not on the board.
    TargetOffBoard {
        /// The piece asked to move.
        piece: Piece,
        /// Its point.
        from: Point,
        /// The target as given.
        x: i64,
        /// The target as given.
        y: i64,
    },
    /// The target holds a piece of the mover's own side (this includes a
    /// zero-length move).
    OwnPieceOnTarget {
        /// The piece asked to move.
        piece: Piece,
        /// Its point.
        from: Point,
        /// The target.
        to: Point,
        /// The own piece on the target.
        occupant: Piece,
    },
    /// The piece cannot make this shape of move at all.
    Shape {
        /// The piece asked to move.
        piece: Piece,
        /// Its point.
        from: Point,
        /// The target.
        to: Point,
    },
    /// The shape is right but a point on the way is occupied.
    Blocked {
        /// The piece asked to move.
        piece: Piece,
        /// Its point.
        from: Point,
        /// The target.
        to: Point,
        /// The first occupied point on the way.
        at: Point,
        /// Which blocking point of the leap it is (0 = first); for the car,
        /// how many empty points it passed before.
        index: usize,
        /// The piece standing there.
        blocker: Piece,
    },
}

/// An invalid command is an error of the caller's: `?` carries it into any
/// `Box<dyn Error>` or `anyhow`-style chain.
impl std::error::Error for Invalid {}

impl Invalid {
    /// A short machine-friendly name of the reason.
    pub const fn kind(&self) -> &'static str {
        match self {
            Invalid::GameOver { .. } => "game-over",
            Invalid::StartOffBoard { .. } => "start-off-board",
            Invalid::NoPiece { .. } => "no-piece",
            Invalid::EnemyPiece { .. } => "enemy-piece",
            Invalid::TargetOffBoard { .. } => "target-off-board",
            Invalid::OwnPieceOnTarget { .. } => "own-piece-on-target",
            Invalid::Shape { .. } => "shape",
            Invalid::Blocked { .. } => "blocked",
        }
    }
}

/// What a blocking point is called, so explanations use the familiar words.
fn blocking_point_name(role: Role, index: usize) -> &'static str {
    match (role, index) {
        (Role::Horse, _) => "leg",
        (Role::Elephant, _) => "eye",
        (_, 0) => "first blocking point",
        _ => "second blocking point",
    }
}

/// A plain-words explanation, naming points as `(x,y)`.
impl fmt::Display for Invalid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Invalid::GameOver {
                winner: Some(winner),
            } => write!(
                f,
                "the game is over: the {} captain is gone, {winner} won",
                winner.other()
            ),
            Invalid::GameOver { winner: None } => {
                write!(f, "the game is over: neither captain is on the board")
            }
            Invalid::StartOffBoard { x, y } => write!(f, "the start ({x},{y}) is off the board"),
            Invalid::NoPiece { at, turn } => {
                write!(f, "{at} is empty: there is no {turn} piece to move")
            }
            Invalid::EnemyPiece { at, piece } => write!(
                f,
                "{at} holds {piece}, but it is {}'s turn",
                piece.color.other()
            ),
            Invalid::TargetOffBoard { piece, from, x, y } => write!(
                f,
                "{} at {from} cannot leave the board: the target ({x},{y}) is off it",
                piece.role
            ),
            Invalid::OwnPieceOnTarget {
                piece,
                from,
                to,
                occupant,
            } => {
                if from == to {
                    write!(
                        f,
                        "{} at {from} must move: the target is its own point",
                        piece.role
                    )
                } else {
                    write!(
                        f,
                        "{} at {from} cannot move onto {to}: it holds {occupant}, a piece of its own side",
                        piece.role
                    )
                }
            }
            Invalid::Shape { piece, from, to } => {
                // "an elephant", "a horse".
                let a = if piece.role.name().starts_with(['a', 'e', 'i', 'o', 'u']) {
                    "an"
                } else {
                    "a"
                };
                let role = piece.role;
                write!(
                    f,
                    "{a} {role} cannot move from {from} to {to}: not {a} {role} move"
                )
            }
            Invalid::Blocked {
                piece,
                from,
                at,
                index,
                blocker,
                ..
            } => match piece.role {
                Role::Car => write!(f, "car at {from} cannot pass {at}, which holds {blocker}"),
                role => write!(
                    f,
                    "{role} at {from} is blocked: its {} {at} holds {blocker}",
                    blocking_point_name(role, index)
                ),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every error type of the rules works with `?` and `Box<dyn Error>`.
    #[test]
    fn the_error_types_are_std_errors() {
        fn boxed<E: std::error::Error + Send + Sync + 'static>(e: E) -> Box<dyn std::error::Error> {
            Box::new(e)
        }
        let e = boxed(Invalid::GameOver {
            winner: Some(Color::Red),
        });
        assert_eq!(
            e.to_string(),
            Invalid::GameOver {
                winner: Some(Color::Red)
            }
            .to_string()
        );
        let e = boxed(crate::PositionError::TwoCaptains(Color::Blue));
        assert!(e.to_string().contains("captain"), "{e}");
        let e = boxed("".parse::<crate::Position>().unwrap_err());
        assert!(!e.to_string().is_empty());
    }

    #[test]
    fn the_line_table_agrees_with_display_for_every_record() {
        let mut seen = 0;
        for r in MoveRecord::every_line_kind() {
            assert_eq!(r.judge_line(), format!("{r}\n").as_bytes());
            // The table is indexed by piece, removed, check and over.
            assert_eq!(line_index(&r), seen);
            seen += 1;
        }
        assert_eq!(seen, 14 * 15 * 4);
        let point = Point::new(6, 6).unwrap();
        let sample = MoveRecord {
            piece: Piece::new(Color::Red, Role::Duck),
            from: point,
            to: point,
            removed: Some(Piece::new(Color::Blue, Role::Captain)),
            check: false,
            over: true,
        };
        assert_eq!(sample.judge_line(), b"red duck;blue captain;no;yes\n");
    }

    #[test]
    fn every_line_fits_its_slot_and_the_slots_hold_the_lines() {
        let slots = line_slots();
        let mut slot = [0; LINE_SLOT];
        for (i, r) in MoveRecord::every_line_kind().enumerate() {
            assert_eq!(line_index(&r), i);
            let len = slots.put(i, &mut slot);
            assert_eq!(String::from_utf8_lossy(&slot[..len]), format!("{r}\n"));
        }
        let len = slots.put(INVALID_INDEX, &mut slot);
        assert_eq!(&slot[..len], b"Invalid command\n");
        let longest = (0..=INVALID_INDEX)
            .map(|i| slots.line(i).len())
            .max()
            .unwrap();
        assert_eq!(longest, 36, "the longest line sizes LINE_SLOT");
    }
}
