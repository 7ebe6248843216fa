//! The keys of pieces that share the pawn's rules (wolf's): the pieces
//! that promote as the pawn does (`promotionPawnTypes`), those that take
//! en passant (`enPassantTypes`: the pawn alone here), those whose moves
//! restart the clock beside the pawn (`nMoveRuleTypes`), and the pawn's
//! own promoted form in a game without drops (`promotedPieceType = p:e`,
//! written `+`). The kernel plays them as
//! [`PawnLike`](crate::kernel::PawnLike) and
//! [`PromotionChoice::turned`](crate::kernel::PromotionChoice::turned).

use super::build::{bad, refuse};
use super::parse::Entry;
use super::IniError;
use crate::kernel::{Kind, PieceKind, PromotionChoice, Variant};

/// The keys read here (the build passes them by).
pub(super) const KEYS: &[&str] = &[
    "promotionPawnTypes",
    "promotionPawnTypesWhite",
    "promotionPawnTypesBlack",
    "enPassantTypes",
    "enPassantTypesWhite",
    "enPassantTypesBlack",
];

/// The pawn's promoted form where `promotedPieceType` names the pawn
/// alone in a game without drops (wolf's `p:e`): its letter, and the
/// entry, which then no longer promotes shogi's way (`promoted` is
/// emptied).
pub(super) fn pawn_form<'a>(
    promoted: &mut Option<&'a Entry>,
    drops: bool,
    pawn: Option<char>,
) -> Result<Option<(char, &'a Entry)>, IniError> {
    let (Some(entry), Some(pawn), false) = (*promoted, pawn, drops) else {
        return Ok(None);
    };
    let words: Vec<&str> = entry.value.split_whitespace().collect();
    let pair = |w: &str| {
        let c: Vec<char> = w.chars().map(|c| c.to_ascii_lowercase()).collect();
        (c.len() == 3 && c[1] == ':').then(|| (c[0], c[2]))
    };
    match words.as_slice() {
        [w] => match pair(w) {
            Some((from, to)) if from == pawn => {
                *promoted = None;
                Ok(Some((to, entry)))
            }
            _ => Ok(None),
        },
        _ if words
            .iter()
            .any(|w| pair(w).is_some_and(|(a, _)| a == pawn)) =>
        {
            Err(refuse(
                entry,
                "without drops, only the pawn turns into a promoted form here (p:e)",
            ))
        }
        _ => Ok(None),
    }
}

/// Adds the pawn's promoted form (from [`pawn_form`]) to its promotions,
/// as the kind it turns into.
pub(super) fn turn_pawn(
    form: Option<(char, &Entry)>,
    kinds: &mut [PieceKind],
    pawn: Option<Kind>,
    letter_kind: &dyn Fn(char) -> Option<Kind>,
) -> Result<(), IniError> {
    let (Some((letter, entry)), Some(pawn)) = (form, pawn) else {
        return Ok(());
    };
    let kind =
        letter_kind(letter).ok_or_else(|| bad(entry, "p:x, x a piece letter of the game"))?;
    if kinds[kind.index()].royal || kind == pawn {
        return Err(refuse(
            entry,
            "the pawn turns into a piece neither royal nor a pawn",
        ));
    }
    let rules = kinds[pawn.index()].pawn.as_mut().expect("the pawn's rules");
    let lists = std::iter::once(&mut rules.promotion).chain(rules.black_promotion.as_mut());
    for list in lists {
        if list.contains(&kind) {
            return Err(refuse(
                entry,
                "the pawn's promoted form is none of promotionPieceTypes",
            ));
        }
        list.push(kind);
    }
    rules
        .choice
        .get_or_insert_with(PromotionChoice::default)
        .turned = Some(kind);
    Ok(())
}

/// The kinds a key's letters name (`-`: none).
fn kinds_of(
    entry: &Entry,
    letter_kind: &dyn Fn(char) -> Option<Kind>,
) -> Result<Vec<Kind>, IniError> {
    let mut out = Vec::new();
    for c in entry
        .value
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
    {
        let kind =
            letter_kind(c).ok_or_else(|| bad(entry, "letters of the game's pieces, or -"))?;
        if !out.contains(&kind) {
            out.push(kind);
        }
    }
    Ok(out)
}

/// Each side's kinds a key states, its `White` and `Black` after it;
/// `None` where none is stated. The two sides must agree.
fn both_sides<'a>(
    entries: &'a [Entry],
    key: &str,
    letter_kind: &dyn Fn(char) -> Option<Kind>,
) -> Result<Option<(Vec<Kind>, &'a Entry)>, IniError> {
    let mut sides: [Option<(Vec<Kind>, &Entry)>; 2] = [None, None];
    for (i, side) in ["White", "Black"].iter().enumerate() {
        for entry in entries
            .iter()
            .filter(|e| e.key == key || e.key == format!("{key}{side}"))
        {
            let mut kinds = kinds_of(entry, letter_kind)?;
            kinds.sort_unstable();
            sides[i] = Some((kinds, entry));
        }
    }
    match sides {
        [None, None] => Ok(None),
        [Some((w, e)), Some((b, _))] if w == b => Ok(Some((w, e))),
        [Some((_, e)), _] | [_, Some((_, e))] => Err(refuse(
            e,
            "both sides' pieces are the same here: state the key for both",
        )),
    }
}

/// Reads `promotionPawnTypes` and `enPassantTypes` into `kinds`: the
/// pieces beside the pawn that promote as it does; only the pawn takes en
/// passant.
pub(super) fn read(
    entries: &[Entry],
    kinds: &mut [PieceKind],
    pawn: Option<Kind>,
    letter_kind: &dyn Fn(char) -> Option<Kind>,
) -> Result<(), IniError> {
    if let Some((listed, entry)) = both_sides(entries, "promotionPawnTypes", letter_kind)? {
        match pawn {
            Some(p) if listed.contains(&p) => {}
            Some(_) => return Err(refuse(entry, "the pawn promotes here: name it too")),
            None => return Err(refuse(entry, "played in a game with a pawn")),
        }
        for k in listed.into_iter().filter(|&k| Some(k) != pawn) {
            let kind = &mut kinds[k.index()];
            if kind.royal {
                return Err(refuse(entry, "a royal piece does not promote here"));
            }
            kind.pawn_like.promotes = true;
        }
    }
    if let Some((listed, entry)) = both_sides(entries, "enPassantTypes", letter_kind)? {
        if listed != pawn.into_iter().collect::<Vec<_>>() {
            return Err(refuse(entry, "the pawn alone takes en passant here"));
        }
    }
    // A double step from the pawn's squares (`ifmnD`) needs the pawn.
    if pawn.is_none() && kinds.iter().any(|k| k.pawn_like.double_step) {
        let entry = entries.first().expect("a section with pieces");
        return Err(refuse(
            entry,
            "an initial double step (ifmnD) is made from the pawn's squares: a game with a pawn",
        ));
    }
    Ok(())
}

/// `nMoveRuleTypes` without the letters of pieces that promote as the
/// pawn, which are marked to restart the clock: what is left is the
/// pawn's rule. As in Fairy-Stockfish, only a move the piece cannot undo
/// restarts it: such a piece must step forward only.
pub(super) fn clock(
    entry: Option<&Entry>,
    kinds: &mut [PieceKind],
    letter_kind: &dyn Fn(char) -> Option<Kind>,
) -> Result<Option<Entry>, IniError> {
    let Some(entry) = entry else {
        return Ok(None);
    };
    let mut value = String::new();
    for c in entry.value.chars() {
        match letter_kind(c) {
            Some(k) if kinds[k.index()].pawn_like.promotes => {
                let kind = &mut kinds[k.index()];
                let forward = kind.steps.iter().all(|s| s.vector.0[1] > 0)
                    && kind.leaps.is_empty()
                    && kind.slides.is_empty()
                    && kind.rides.is_empty()
                    && kind.quiet_steps.iter().all(|v| v.0[1] > 0);
                if !forward {
                    return Err(refuse(
                        entry,
                        "a piece beside the pawn restarts the count here only where it steps forward alone",
                    ));
                }
                kind.pawn_like.restarts_clock = true;
            }
            _ => value.push(c),
        }
    }
    if value.trim().is_empty() && value != entry.value {
        // The pawn-like pieces alone: the pawn's moves do not count.
        value = "-".into();
    }
    Ok(Some(Entry {
        value: value.trim().to_string(),
        ..entry.clone()
    }))
}

/// The keys that state `variant`'s pawn-like pieces and the pawn's
/// promoted form (after its `promotionPieceTypes`, which leaves the form
/// out), for the writer.
pub(super) fn write(variant: &Variant) -> String {
    let mut out = String::new();
    let Some(pawn) = variant.kinds.iter().find(|k| k.pawn.is_some()) else {
        return out;
    };
    let like = |f: &dyn Fn(&PieceKind) -> bool| -> String {
        variant
            .kinds
            .iter()
            .filter(|k| f(k))
            .map(|k| k.letter)
            .collect()
    };
    let promoting = like(&|k| k.pawn_like.promotes);
    if !promoting.is_empty() {
        out += &format!("promotionPawnTypes = {}{promoting}\n", pawn.letter);
    }
    let clock = like(&|k| k.pawn_like.restarts_clock);
    if !clock.is_empty() {
        let own = match variant.draws.pawn_clock {
            crate::kernel::PawnClock::Never => String::new(),
            _ => pawn.letter.to_string(),
        };
        out += &format!("nMoveRuleTypes = {own}{clock}\n");
    }
    if let Some(turned) = variant.turned_promotion() {
        out += &format!(
            "promotedPieceType = {}:{}\n",
            pawn.letter,
            variant.kind(turned).letter
        );
    }
    out
}
