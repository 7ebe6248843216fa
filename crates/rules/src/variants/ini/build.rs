//! A section's keys turned into a [`Variant`]: the pieces first (named
//! keys such as `knight = n`, and `customPieceN = letter:Betza`), then the
//! rules, each key checked against what the kernel plays.
//!
//! A section without a base starts from Fairy-Stockfish's template:
//! chess's rules on 8 × 8 (its start, castling, the double step,
//! promotion to queen, rook, bishop and knight, 50 moves and three
//! repetitions) but no pieces. A base is an earlier section of the file or
//! a built-in game with an ini form (`chess`, `xiangqi`); its keys come
//! first and the section's replace them, `-` removing a piece.

use super::parse::Entry;
use super::{betza, pawn_clock, pawn_steps, promotion_choice, royal_kinds, IniError, IniErrorKind};
use crate::geometry::Shape;
use crate::kernel::{
    Blast, CastlingRule, Color, Counting, DrawRules, Drops, Extinction, ExtinctionValue, Flag,
    Goals, Kind, PawnRules, Piece, PieceKind, PiecePromotions, Region, Royalty, Stalemate, Variant,
    VariantError, MAX_KINDS,
};

/// The named piece keys: key, Betza text (Fairy-Stockfish's), worth.
pub const PIECES: &[(&str, &str, i32)] = &[
    ("pawn", "fmWfcFifmnD", 100),
    ("knight", "N", 320),
    ("bishop", "B", 330),
    ("rook", "R", 500),
    ("queen", "Q", 900),
    ("king", "K", 0),
    ("fers", "F", 150),
    ("met", "F", 150),
    ("alfil", "A", 120),
    ("fersAlfil", "FA", 250),
    ("silver", "FfW", 250),
    ("khon", "FfW", 250),
    ("aiwok", "RNF", 900),
    ("bers", "RF", 700),
    ("dragon", "RF", 700),
    ("archbishop", "BN", 700),
    ("chancellor", "RN", 850),
    ("amazon", "QN", 1200),
    ("wazir", "W", 150),
    ("commoner", "K", 300),
    ("centaur", "KN", 500),
    ("cannon", "mRcpR", 450),
    ("horse", "nN", 400),
    ("elephant", "nA", 200),
    ("janggiElephant", "nZ", 250),
    ("janggiCannon", "pR", 450),
    ("soldier", "fsW", 100),
    ("dragonHorse", "BW", 650),
    ("shogiPawn", "fW", 100),
    ("gold", "WfF", 300),
    ("shogiKnight", "fN", 200),
    ("lance", "fR", 250),
    ("immobile", "", 0),
];

/// The custom piece keys, `customPiece1` to `customPiece25`.
pub const CUSTOM: [&str; 25] = [
    "customPiece1",
    "customPiece2",
    "customPiece3",
    "customPiece4",
    "customPiece5",
    "customPiece6",
    "customPiece7",
    "customPiece8",
    "customPiece9",
    "customPiece10",
    "customPiece11",
    "customPiece12",
    "customPiece13",
    "customPiece14",
    "customPiece15",
    "customPiece16",
    "customPiece17",
    "customPiece18",
    "customPiece19",
    "customPiece20",
    "customPiece21",
    "customPiece22",
    "customPiece23",
    "customPiece24",
    "customPiece25",
];

/// Keys accepted with one value only, the template's: they change nothing
/// here.
const DEFAULTS: &[(&str, &str)] = &[
    ("makpongRule", "false"),
    ("shatarMateRule", "false"),
    ("moveRepetitionIllegal", "false"),
    ("flagPieceCount", "1"),
    ("flagPieceBlockedWin", "false"),
    ("dropOnTop", "false"),
    ("pocketSize", "0"),
    ("dropChecks", "true"),
    ("shogiDoubledPawn", "true"),
];

/// Keys accepted whatever their value, that change nothing here: what a
/// graphical interface shows, evaluation weights, and the rule on
/// perpetual check this kernel does not enforce (as the built-in xiangqi
/// does not).
const IGNORED: &[&str] = &[
    "variantTemplate",
    "pieceToCharTable",
    "pieceValueMg",
    "pieceValueEg",
    "perpetualCheckIllegal",
];

/// Drops the old rank key `rank` from `zones` when both sides' regions
/// (`{region}White`, `{region}Black`) are stated, which replace what it
/// says.
pub(super) fn superseded(zones: &mut Vec<&Entry>, rank: &str, region: &str) {
    let both = ["White", "Black"]
        .iter()
        .all(|side| zones.iter().any(|e| e.key == format!("{region}{side}")));
    if both {
        zones.retain(|e| e.key != rank);
    }
}

/// The key of a mobility region's piece: `King`, `CustomPiece1`.
pub fn capitalized(key: &str) -> String {
    let mut chars = key.chars();
    chars
        .next()
        .map(|c| c.to_ascii_uppercase().to_string() + chars.as_str())
        .unwrap_or_default()
}

/// The file of a value: a letter (`g`) or a number from 1.
fn file_value(entry: &Entry, files: usize) -> Result<usize, IniError> {
    let v = entry.value.as_str();
    let file = match v.parse::<usize>() {
        Ok(n) if n >= 1 => Some(n - 1),
        Ok(_) => None,
        Err(_) => {
            let mut chars = v.chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) if c.is_ascii_lowercase() => Some((c as u8 - b'a') as usize),
                _ => None,
            }
        }
    };
    file.filter(|&f| f < files).ok_or_else(|| {
        bad(
            entry,
            &format!(
                "a file from a to {} (or 1 to {files})",
                (b'a' + files as u8 - 1) as char
            ),
        )
    })
}

pub(super) fn bad(entry: &Entry, expected: &str) -> IniError {
    IniErrorKind::BadValue {
        key: entry.key.clone(),
        value: entry.value.clone(),
        expected: expected.into(),
    }
    .at(entry.line)
}

pub(super) fn refuse(entry: &Entry, why: &str) -> IniError {
    IniErrorKind::UnsupportedValue {
        key: entry.key.clone(),
        value: entry.value.clone(),
        why: why.into(),
    }
    .at(entry.line)
}

pub(super) fn boolean(entry: &Entry) -> Result<bool, IniError> {
    match entry.value.as_str() {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(bad(entry, "true or false")),
    }
}

pub(super) fn number(entry: &Entry) -> Result<usize, IniError> {
    entry
        .value
        .parse()
        .map_err(|_| bad(entry, "a whole number"))
}

/// A piece count (up to 1,024, a board's most squares).
fn count(entry: &Entry) -> Result<u32, IniError> {
    entry
        .value
        .parse()
        .ok()
        .filter(|&n| n <= 1024)
        .ok_or_else(|| bad(entry, "a number of pieces from 0 to 1024"))
}

/// The squares (file, rank), from 0, of a region's value: square names
/// (`e1`), whole ranks (`*1`) and whole files (`e*`), apart by white space.
pub(super) fn squares(
    entry: &Entry,
    files: usize,
    ranks: usize,
) -> Result<Vec<(usize, usize)>, IniError> {
    let mut out = Vec::new();
    let expected = "squares (e1), whole ranks (*1) or whole files (e*)";
    for word in entry.value.split_whitespace() {
        let (file, rank) = word.split_at(1);
        let files_of: Vec<usize> = match file {
            "*" => (0..files).collect(),
            f => {
                let c = f.chars().next().unwrap_or(' ');
                if !c.is_ascii_lowercase() || (c as u8 - b'a') as usize >= files {
                    return Err(bad(entry, expected));
                }
                vec![(c as u8 - b'a') as usize]
            }
        };
        let ranks_of: Vec<usize> = match rank {
            "*" => (0..ranks).collect(),
            r => match r.parse::<usize>() {
                Ok(n) if (1..=ranks).contains(&n) && !r.starts_with('0') => vec![n - 1],
                _ => return Err(bad(entry, expected)),
            },
        };
        for &f in &files_of {
            for &r in &ranks_of {
                if !out.contains(&(f, r)) {
                    out.push((f, r));
                }
            }
        }
    }
    Ok(out)
}

/// The box a set of squares fills, as ((file lo, hi), (rank lo, hi)).
fn as_box(set: &[(usize, usize)]) -> Option<((usize, usize), (usize, usize))> {
    let f = (
        set.iter().map(|s| s.0).min()?,
        set.iter().map(|s| s.0).max()?,
    );
    let r = (
        set.iter().map(|s| s.1).min()?,
        set.iter().map(|s| s.1).max()?,
    );
    ((f.1 - f.0 + 1) * (r.1 - r.0 + 1) == set.len()).then_some((f, r))
}

/// One piece of the section before it becomes a kind.
struct PieceEntry<'a> {
    entry: &'a Entry,
    letter: char,
    betza: String,
    royal: bool,
    name: &'static str,
    value: i32,
}

impl PieceEntry<'_> {
    /// Its moves from its Betza text, or why they cannot be played, at
    /// its key's line.
    fn moves(&self) -> Result<betza::Moves, IniError> {
        betza::read(&self.betza).map_err(|why| {
            IniErrorKind::Betza {
                key: self.entry.key.clone(),
                piece: self.letter,
                betza: self.betza.clone(),
                why,
            }
            .at(self.entry.line)
        })
    }
}

/// A section's effective keys (its base's merged in) into a variant and
/// its start FEN; `line` is the section header's.
pub fn build(name: &str, entries: &[Entry], line: usize) -> Result<(Variant, String), IniError> {
    let mut files = 8usize;
    let mut ranks = 8usize;
    let mut fen = crate::variants::chess::START_FEN.to_string();
    let mut fen_line = line;
    let mut castling = true;
    let mut chess960 = false;
    let mut kingside: Option<&Entry> = None;
    let mut queenside: Option<&Entry> = None;
    let mut rook_pieces: Option<&Entry> = None;
    let mut king_piece: Option<&Entry> = None;
    let mut double_step = true;
    let mut makpong = false;
    let mut n_move_types: Option<&Entry> = None;
    let mut promotion_limit: Option<&Entry> = None;
    let mut mandatory_pawn: Option<&Entry> = None;
    let mut promotion_both: Option<&Entry> = None;
    let mut promotion_sides: [Option<&Entry>; 2] = [None, None];
    let mut promotion_zones: Vec<&Entry> = Vec::new();
    let mut double_zones: Vec<&Entry> = Vec::new();
    let mut ep_zones: Vec<&Entry> = Vec::new();
    let mut castling_rank: Option<&Entry> = None;
    let mut stalemate = Stalemate::Draw;
    let mut n_move = 50usize;
    let mut n_fold = 3usize;
    let mut flying = false;
    let mut soldier_promotion: Option<&Entry> = None;
    let mut regions: Vec<&Entry> = Vec::new();
    let mut pieces: Vec<PieceEntry> = Vec::new();
    let mut extinction_value: Option<ExtinctionValue> = None;
    let mut extinction_kinds: Option<&Entry> = None;
    let mut extinction_count = 0u32;
    let mut extinction_opponent = 0u32;
    let mut extinction_claim = false;
    let mut piece_drops: Option<&Entry> = None;
    let mut walling_rule: Option<&Entry> = None;
    let mut walling_regions: Vec<&Entry> = Vec::new();
    let mut drops = Drops::default();
    let mut to_hand: Option<&Entry> = None;
    let mut drop_regions: Vec<&Entry> = Vec::new();
    let mut check_counting = false;
    let mut checking = true;
    // The flag goal: each side's piece and region, from the key for both
    // or the side's own (which Fairy-Stockfish reads after it).
    let mut flag_piece: [Option<&Entry>; 3] = [None; 3];
    let mut flag_region: [Option<&Entry>; 3] = [None; 3];
    let mut flag_move = false;
    let mut flag_safe: Option<&Entry> = None;
    // Shogi's promotions and drop rules.
    let mut promoted_types: Option<&Entry> = None;
    let mut mandatory_piece_promotion = false;
    let mut no_doubled: Option<&Entry> = None;
    let mut must_capture = false;
    let mut stalemate_piece_count = false;
    let mut checkmate_wins = false;
    let mut blast_on_capture: Option<&Entry> = None;
    let mut draw_odds = None;
    let mut janggi_counting = false;
    let mut unweighted_counting = false;
    let mut enclosing_keys: Vec<&Entry> = Vec::new();
    let mut diagonal_lines: Option<&Entry> = None;
    let mut pass = false;
    let mut gating: Option<&Entry> = None;
    let mut cambodian_moves: Option<&Entry> = None;
    let mut seirawan_gating: Option<&Entry> = None;
    let mut bikjang = false;
    let mut pseudo_royal: Option<&Entry> = None;
    let mut blast_immune: Option<&Entry> = None;
    let mut mutually_immune: Option<&Entry> = None;
    let mut petrify: Option<&Entry> = None;

    for entry in entries {
        let key = entry.key.as_str();
        let value = entry.value.as_str();
        let named = PIECES.iter().find(|p| p.0 == key);
        let custom = CUSTOM.iter().find(|&&c| c == key);
        if named.is_some() || custom.is_some() {
            if value == "-" {
                continue;
            }
            let (letter, text) = match value.split_once(':') {
                Some((l, b)) => (l.trim(), Some(b.trim())),
                None => (value, None),
            };
            let mut chars = letter.chars();
            let letter = match (chars.next(), chars.next()) {
                (Some(c), None) if c.is_ascii_alphabetic() => c.to_ascii_lowercase(),
                _ => return Err(bad(entry, "a piece letter, or - to remove the piece")),
            };
            let (name, betza, value) = match (named, custom) {
                (Some(&(k, b, v)), _) => {
                    if text.is_some() && k != "king" {
                        return Err(bad(
                            entry,
                            "a letter alone (letter:Betza is for king and customPieceN)",
                        ));
                    }
                    (k, text.unwrap_or(b).to_string(), v)
                }
                (None, Some(&k)) => {
                    let b = text.ok_or_else(|| bad(entry, "letter:Betza"))?;
                    (k, b.to_string(), 0)
                }
                (None, None) => unreachable!("a piece key"),
            };
            if let Some(other) = pieces.iter().find(|p| p.letter == letter) {
                return Err(IniErrorKind::LetterClash {
                    letter,
                    first: other.entry.key.clone(),
                    second: entry.key.clone(),
                }
                .at(entry.line));
            }
            pieces.push(PieceEntry {
                entry,
                letter,
                betza,
                royal: key == "king",
                name,
                value,
            });
            continue;
        }
        match key {
            "maxRank" => {
                ranks = number(entry)?;
                if !(1..=99).contains(&ranks) {
                    return Err(bad(entry, "a number of ranks from 1 to 99"));
                }
            }
            "maxFile" => {
                files = match value.parse::<usize>() {
                    Ok(n) => n,
                    Err(_) => file_value(entry, 26)? + 1,
                };
                if !(1..=26).contains(&files) {
                    return Err(bad(
                        entry,
                        "a number of files from 1 to 26, or a letter a to z",
                    ));
                }
            }
            "startFen" => {
                fen = value.to_string();
                fen_line = entry.line;
            }
            "castling" => castling = boolean(entry)?,
            "chess960" => chess960 = boolean(entry)?,
            "castlingKingsideFile" => kingside = Some(entry),
            "castlingQueensideFile" => queenside = Some(entry),
            "castlingRookPiece" | "castlingRookPieces" => rook_pieces = Some(entry),
            "castlingKingPiece" => king_piece = Some(entry),
            "doubleStep" => double_step = boolean(entry)?,
            "doubleStepRegionWhite" | "doubleStepRegionBlack" | "doubleStepRank" => {
                double_zones.push(entry)
            }
            "enPassantRegion" | "enPassantRegionWhite" | "enPassantRegionBlack" => {
                ep_zones.push(entry)
            }
            "castlingRank" => castling_rank = Some(entry),
            "promotionPieceTypes" => promotion_both = Some(entry),
            "promotionPieceTypesWhite" => promotion_sides[0] = Some(entry),
            "promotionPieceTypesBlack" => promotion_sides[1] = Some(entry),
            "promotionRegionWhite" | "promotionRegionBlack" | "promotionRank" => {
                promotion_zones.push(entry)
            }
            "stalemateValue" => {
                stalemate = match value {
                    "draw" => Stalemate::Draw,
                    "loss" => Stalemate::Loss,
                    "win" => Stalemate::Win,
                    _ => return Err(bad(entry, "draw, loss or win")),
                }
            }
            "extinctionValue" => {
                extinction_value = match value {
                    "loss" => Some(ExtinctionValue::Loss),
                    "win" => Some(ExtinctionValue::Win),
                    "draw" => Some(ExtinctionValue::Draw),
                    "none" => None,
                    _ => return Err(bad(entry, "loss, win, draw or none")),
                }
            }
            "extinctionPieceTypes" => extinction_kinds = Some(entry),
            "extinctionPieceCount" => extinction_count = count(entry)?,
            "extinctionOpponentPieceCount" => extinction_opponent = count(entry)?,
            "extinctionClaim" => extinction_claim = boolean(entry)?,
            "pieceDrops" => piece_drops = boolean(entry)?.then_some(entry),
            "capturesToHand" => {
                drops.captures_to_hand = boolean(entry)?;
                to_hand = drops.captures_to_hand.then_some(entry);
            }
            "dropRegionWhite" | "dropRegionBlack" => drop_regions.push(entry),
            "dropLoop" => drops.drop_loop = boolean(entry)?,
            "twoBoards" => drops.two_boards = boolean(entry)?,
            "firstRankPawnDrops" => drops.first_rank_pawns = boolean(entry)?,
            "promotionZonePawnDrops" => drops.promotion_zone_pawns = boolean(entry)?,
            "checkCounting" => check_counting = boolean(entry)?,
            "checking" => checking = boolean(entry)?,
            "flagPiece" => flag_piece[2] = Some(entry),
            "flagPieceWhite" => flag_piece[0] = Some(entry),
            "flagPieceBlack" => flag_piece[1] = Some(entry),
            "flagRegion" => flag_region[2] = Some(entry),
            "flagRegionWhite" => flag_region[0] = Some(entry),
            "flagRegionBlack" => flag_region[1] = Some(entry),
            "flagMove" => flag_move = boolean(entry)?,
            "flagPieceSafe" => flag_safe = boolean(entry)?.then_some(entry),
            "promotedPieceType" => promoted_types = Some(entry),
            "mandatoryPiecePromotion" => mandatory_piece_promotion = boolean(entry)?,
            "immobilityIllegal" => drops.immobility_illegal = boolean(entry)?,
            "promotionLimit" => promotion_limit = Some(entry),
            "mandatoryPawnPromotion" => mandatory_pawn = Some(entry),
            "dropNoDoubled" => no_doubled = Some(entry).filter(|e| e.value.trim() != "-"),
            // Placement's setup rules, read by `placement::read`.
            "mustDrop" | "castlingDroppedPiece" | "dropOppositeColoredBishop" => {}
            // Read by `no_doubled`.
            "dropNoDoubledCount" => {}
            // Read by `drop_mate`.
            "shogiPawnDropMateIllegal" => {}
            // Sittuyin's, read by `sittuyin`.
            "sittuyinPromotion" | "sittuyinRookDrop" => {}
            // Kyoto and micro shogi's, read by `turning::read`.
            "pieceDemotion" | "dropPromoted" | "piecePromotionOnCapture" => {}
            "mustCapture" => must_capture = boolean(entry)?,
            "makpongRule" => makpong = boolean(entry)?,
            "pass" => pass = boolean(entry)?,
            "gating" => gating = boolean(entry).map(|_| Some(entry))?,
            "cambodianMoves" => cambodian_moves = boolean(entry).map(|_| Some(entry))?,
            "seirawanGating" => seirawan_gating = boolean(entry).map(|_| Some(entry))?,
            "bikjangRule" => bikjang = boolean(entry)?,
            "diagonalLines" => diagonal_lines = Some(entry),
            "materialCounting" => {
                janggi_counting = false;
                unweighted_counting = false;
                draw_odds = match value {
                    "none" => None,
                    "blackdrawodds" => Some(Color::Black),
                    "whitedrawodds" => Some(Color::White),
                    "janggi" => {
                        janggi_counting = true;
                        None
                    }
                    "unweighted" => {
                        unweighted_counting = true;
                        None
                    }
                    _ => {
                        return Err(bad(
                            entry,
                            "none, janggi, unweighted, whitedrawodds or blackdrawodds",
                        ))
                    }
                }
            }
            "blastOnCapture" => blast_on_capture = boolean(entry)?.then_some(entry),
            "extinctionPseudoRoyal" => pseudo_royal = boolean(entry)?.then_some(entry),
            "blastImmuneTypes" => blast_immune = Some(entry),
            "mutuallyImmuneTypes" => mutually_immune = Some(entry),
            "petrifyOnCaptureTypes" => petrify = Some(entry),
            "stalematePieceCount" => stalemate_piece_count = boolean(entry)?,
            "checkmateValue" => {
                checkmate_wins = match value {
                    "loss" => false,
                    "win" => true,
                    "draw" => return Err(refuse(entry, "checkmate is a loss or a win here")),
                    _ => return Err(bad(entry, "loss, win or draw")),
                }
            }
            "nMoveRule" => n_move = number(entry)?,
            "nMoveRuleTypes" => n_move_types = Some(entry),
            "nFoldRule" => n_fold = number(entry)?,
            "flyingGeneral" => flying = boolean(entry)?,
            "wallingRule" => walling_rule = Some(entry),
            "wallingRegion" | "wallingRegionWhite" | "wallingRegionBlack" => {
                walling_regions.push(entry)
            }
            "soldierPromotionRank" => soldier_promotion = Some(entry),
            "freeDrops" => drops.free = boolean(entry)?,
            _ if super::enclosing::KEYS.contains(&key) => enclosing_keys.push(entry),
            // Read by `repetition::read`.
            "nFoldValue" | "nFoldValueAbsolute" => {}
            // Read by `pawn_kinds::read`.
            _ if super::pawn_kinds::KEYS.contains(&key) => {}
            _ if key.starts_with("mobilityRegionWhite")
                || key.starts_with("mobilityRegionBlack") =>
            {
                regions.push(entry)
            }
            _ if IGNORED.contains(&key) => {}
            _ => match DEFAULTS.iter().find(|d| d.0 == key) {
                Some(&(_, default)) if value == default => {}
                Some(&(_, default)) => {
                    return Err(refuse(
                        entry,
                        &format!("only {key} = {default} is played here"),
                    ))
                }
                None => return Err(IniErrorKind::Unsupported(key.into()).at(entry.line)),
            },
        }
    }

    if let (Some(entry), None) = (to_hand, piece_drops) {
        return Err(refuse(
            entry,
            "captured pieces go to a hand only where pieceDrops = true",
        ));
    }

    let shape = Shape::new(&[files, ranks]).map_err(|e| {
        IniErrorKind::Board {
            files,
            ranks,
            why: e.to_string(),
        }
        .at(line)
    })?;
    if shape.len() > 1024 {
        return Err(IniErrorKind::Board {
            files,
            ranks,
            why: "the square sets hold at most 1,024 squares".into(),
        }
        .at(line));
    }
    // Shogi's promotions: `from:to` pairs of letters. A piece that is only
    // ever a promoted form (no piece promotes to it in the start, and it
    // promotes to nothing) is no kind of its own: it is how the promoted
    // pieces move.
    let mut promotion_pairs: Vec<(char, char)> = Vec::new();
    let mut form_pieces: Vec<PieceEntry> = Vec::new();
    // Without drops, the pawn's own promoted form (wolf's `p:e`).
    let pawn_letter = pieces
        .iter()
        .find(|p| p.moves().is_ok_and(|m| m.pawn.is_some()))
        .map(|p| p.letter);
    let pawn_form =
        super::pawn_kinds::pawn_form(&mut promoted_types, piece_drops.is_some(), pawn_letter)?;
    if let Some(entry) = promoted_types {
        let expected = "from:to pairs of the game's piece letters (p:g s:g)";
        for word in entry.value.split_whitespace() {
            let mut chars = word.chars();
            let pair = match (chars.next(), chars.next(), chars.next(), chars.next()) {
                (Some(a), Some(':'), Some(b), None) => {
                    (a.to_ascii_lowercase(), b.to_ascii_lowercase())
                }
                _ => return Err(bad(entry, expected)),
            };
            for letter in [pair.0, pair.1] {
                match pieces.iter().find(|p| p.letter == letter) {
                    Some(p) if p.royal => {
                        return Err(refuse(
                            entry,
                            "a royal piece neither promotes nor is promoted to here",
                        ))
                    }
                    Some(_) => {}
                    None => return Err(bad(entry, expected)),
                }
            }
            if promotion_pairs.iter().any(|&(a, _)| a == pair.0) {
                return Err(bad(entry, "one promoted form for each piece"));
            }
            promotion_pairs.push(pair);
        }
        let board = fen
            .split(['[', ' '])
            .next()
            .unwrap_or("")
            .to_ascii_lowercase();
        let form_only = |letter: char| {
            promotion_pairs.iter().any(|&(_, b)| b == letter)
                && promotion_pairs.iter().all(|&(a, _)| a != letter)
                && !board.contains(letter)
        };
        let (forms, rest): (Vec<PieceEntry>, Vec<PieceEntry>) =
            pieces.into_iter().partition(|p| form_only(p.letter));
        pieces = rest;
        form_pieces = forms;
        if !promotion_pairs.is_empty() && (piece_drops.is_none() || to_hand.is_none()) {
            return Err(refuse(
                entry,
                "pieces promote shogi's way only where pieceDrops = true and capturesToHand = true here",
            ));
        }
    }
    if pieces.len() > MAX_KINDS {
        return Err(IniErrorKind::Variant(VariantError::Kinds(pieces.len()))
            .at(pieces[MAX_KINDS].entry.line));
    }
    let has_king = pieces.iter().any(|p| p.royal);
    let enclosing = super::enclosing::read(&enclosing_keys, piece_drops, files, ranks)?;
    // Without a king, only the extinction rule can end the game, or
    // Othello's and Ataxx's rules (a full board, passes, the count).
    let extinction_stated =
        extinction_value.is_some() && extinction_kinds.is_some_and(|e| !e.value.trim().is_empty());
    if !has_king && !extinction_stated && enclosing.is_none() {
        return Err(IniErrorKind::NoKing.at(line));
    }

    // The kinds.
    let letter_kind = |c: char| {
        pieces
            .iter()
            .position(|p| p.letter == c.to_ascii_lowercase())
            .map(|i| Kind(i as u8))
    };
    let mut kinds = Vec::new();
    let mut pawn_kind = None;
    for (i, p) in pieces.iter().enumerate() {
        let betza_error = |why: betza::BetzaError| {
            IniErrorKind::Betza {
                key: p.entry.key.clone(),
                piece: p.letter,
                betza: p.betza.clone(),
                why,
            }
            .at(p.entry.line)
        };
        // Fairy-Stockfish's janggi cannon is its `pR` with janggi's own
        // restrictions: the kernel's jumps.
        let moves = if p.name == "janggiCannon" {
            betza::Moves::default()
        } else {
            p.moves()?
        };
        let mut kind = PieceKind::new(p.name, p.letter, p.value);
        if p.name == "janggiCannon" {
            kind = kind.jump(crate::geometry::DirectionClass::ROOK);
        }
        if p.name == "soldier" {
            let spr = match soldier_promotion {
                Some(e) => number(e)?.clamp(1, ranks),
                None => 1,
            };
            kind = kind.step(&[0, 1]);
            if spr == 1 {
                kind = kind.step(&[1, 0]).step(&[-1, 0]);
            } else {
                let zone =
                    Region::new(&[(0, files as i32 - 1), (spr as i32 - 1, ranks as i32 - 1)]);
                kind = kind.step_in(&[1, 0], zone).step_in(&[-1, 0], zone);
            }
        } else if let Some(double) = moves.pawn {
            if pawn_kind.is_some() {
                return Err(betza_error(betza::BetzaError::SecondPawn));
            }
            pawn_kind = Some(Kind(i as u8));
            kind = kind.pawn(PawnRules {
                forward_axis: 1,
                capture_axes: 1,
                double_step: if p.name == "pawn" {
                    double_step
                } else {
                    double
                },
                en_passant: true,
                promotion: Vec::new(),
                black_promotion: None,
                promotion_ranks: 1,
                promotion_region: None,
                double_step_ranks: [1 << 1; 2],
                en_passant_ranks: [u64::MAX; 2],
                choice: None,
            });
            // Its quiet steps aside or back (pawnsideways, pawnback).
            kind.quiet_steps.extend(moves.quiet_steps.iter().copied());
            // Its own pushes and captures (Berolina's, Legan's).
            if let (Some((ways, en_passant)), Some(pawn)) = (&moves.pawn_ways, &mut kind.pawn) {
                pawn.en_passant = *en_passant;
                kind.pawn_ways = Some(ways.clone());
            }
        } else {
            kind = moves.apply(kind);
        }
        if p.royal {
            kind = kind.royal();
        }
        if kind.value == 0 && !kind.royal {
            kind.value = guess_value(&kind);
        }
        kinds.push(kind);
    }

    let named: Vec<(&str, &str)> = pieces.iter().map(|p| (p.name, p.betza.as_str())).collect();
    if let Some(entry) = diagonal_lines {
        super::janggi::diagonal_lines(entry, files, ranks, &named, &mut kinds)?;
    }
    let counting = janggi_counting
        .then(|| super::janggi::janggi_counting(&named))
        .or(unweighted_counting.then(|| Counting {
            points: vec![1; kinds.len()],
            black_bonus: 0,
            ties_drawn: true,
        }));
    if let Some(entry) = entries.iter().rev().find(|e| e.key == "freeDrops") {
        if drops.free && piece_drops.is_none() {
            return Err(refuse(
                entry,
                "nothing is dropped without pieceDrops = true",
            ));
        }
    }
    let seirawan = super::gating::check(gating, seirawan_gating, cambodian_moves)?;
    let cambodian = super::cambodian::check(gating.filter(|_| !seirawan), cambodian_moves)?;
    if cambodian {
        super::cambodian::first_leaps(&mut kinds, &named);
    }

    // Mobility regions.
    for entry in &regions {
        let (white, rest) = match entry.key.strip_prefix("mobilityRegionWhite") {
            Some(rest) => (true, rest),
            None => (false, &entry.key["mobilityRegionBlack".len()..]),
        };
        let Some(k) = pieces
            .iter()
            .position(|p| capitalized(&p.entry.key) == rest)
        else {
            return Err(IniErrorKind::Unsupported(entry.key.clone()).at(entry.line));
        };
        let region_error = |why: String| {
            IniErrorKind::Region {
                key: entry.key.clone(),
                why,
            }
            .at(entry.line)
        };
        let mut set = squares(entry, files, ranks)?;
        if !white {
            for s in &mut set {
                s.1 = ranks - 1 - s.1;
            }
        }
        let Some(((f0, f1), (r0, r1))) = as_box(&set) else {
            return Err(region_error(
                "the squares must fill a box (a rectangle)".into(),
            ));
        };
        let region = Region::new(&[(f0 as i32, f1 as i32), (r0 as i32, r1 as i32)]);
        let other_key = if white {
            entry.key.replacen("White", "Black", 1)
        } else {
            entry.key.replacen("Black", "White", 1)
        };
        let mirror_given = regions.iter().any(|e| e.key == other_key);
        if !mirror_given {
            return Err(region_error(format!(
                "{other_key} must be given too, as the mirror image of White's"
            )));
        }
        match kinds[k].region {
            Some(r) if r != region => {
                return Err(region_error(
                    "Black's region must be the mirror image of White's".into(),
                ))
            }
            _ => kinds[k].region = Some(region),
        }
    }

    // Promotion.
    if let Some(pk) = pawn_kind {
        // Each side's list, its own key's or the common one's.
        let [white, black] = promotion_sides.map(|e| e.or(promotion_both));
        let promo = promotion_list(white, &pieces, &kinds, pawn_kind)?;
        let black_promo = promotion_list(black, &pieces, &kinds, pawn_kind)?;
        let last = ranks;
        let mut stated = false;
        let mut depth: Option<(usize, &Entry)> = None;
        // Fairy-Stockfish reads the old `promotionRank` first and a side's
        // region after it: with both regions stated, it says nothing.
        superseded(&mut promotion_zones, "promotionRank", "promotionRegion");
        let region = super::promotion_region::explicit(&promotion_zones, files, ranks, |e| {
            let s = squares(e, files, ranks)?;
            Ok(zone_depth(&s, files, last, e.key.ends_with("White")).is_some())
        })?;
        for entry in promotion_zones.iter().filter(|_| region.is_none()) {
            stated = true;
            let this = match entry.key.as_str() {
                // Fairy-Stockfish 11.1's key: that rank and beyond.
                "promotionRank" => {
                    let n = number(entry)?;
                    (2..=last).contains(&n).then(|| last + 1 - n)
                }
                key => {
                    let s = squares(entry, files, ranks)?;
                    zone_depth(&s, files, last, key.ends_with("White"))
                }
            };
            let Some(this) = this else {
                return Err(refuse(
                    entry,
                    "pawns promote on whole ranks at the far end here (`*6 *7 *8`, or one rank a pawn cannot pass)",
                ));
            };
            agree(
                &mut depth,
                this,
                entry,
                "the two sides' promotion zones mirror each other here",
            )?;
        }
        // One side's zone stated, the other's left at Fairy-Stockfish's
        // default (White *8, Black *1): they must still mirror each other.
        let has = |key: &str| promotion_zones.iter().any(|e| e.key == key);
        if let Some((d, entry)) = depth.filter(|_| !has("promotionRank")) {
            let default = if !has("promotionRegionBlack") {
                Some(1)
            } else if !has("promotionRegionWhite") {
                (ranks >= 8)
                    .then(|| (0..files).map(|f| (f, 7)).collect::<Vec<_>>())
                    .and_then(|s| zone_depth(&s, files, last, true))
            } else {
                Some(d)
            };
            if default != Some(d) {
                return Err(refuse(
                    entry,
                    "the other side's zone is Fairy-Stockfish's default (White *8, Black *1), which does not mirror it: state both",
                ));
            }
        }
        if !stated && last != 8 && region.is_none() {
            return Err(IniErrorKind::UnsupportedValue {
                key: "promotionRegionWhite".into(),
                value: "*8 (the default)".into(),
                why: format!("Fairy-Stockfish's default zone, rank 8, is not this board's last rank, {last}: state promotionRegionWhite = *{last} and promotionRegionBlack = *1"),
            }
            .at(line));
        }
        let (double_ranks, double_squares) =
            pawn_steps::double_steps(&mut double_zones, files, ranks)?;
        kinds[pk.index()].double_step_squares = double_squares;
        let ep_ranks = pawn_steps::en_passant(&ep_zones, files, ranks)?;
        if let Some(rules) = kinds[pk.index()].pawn.as_mut() {
            rules.black_promotion = (black_promo != promo).then_some(black_promo);
            rules.promotion = promo;
            rules.promotion_ranks = depth.map_or(1, |(d, _)| d);
            rules.promotion_region = region;
            rules.double_step_ranks = double_ranks;
            rules.en_passant_ranks = ep_ranks;
            rules.choice = promotion_choice::read(
                promotion_limit,
                mandatory_pawn,
                drops.immobility_illegal,
                &letter_kind,
            )?;
        }
    }
    super::sittuyin::promotion(
        entries,
        pawn_kind.and_then(|pk| kinds[pk.index()].pawn.as_mut()),
    )?;
    super::pawn_kinds::turn_pawn(pawn_form, &mut kinds, pawn_kind, &letter_kind)?;
    super::pawn_kinds::read(entries, &mut kinds, pawn_kind, &letter_kind)?;

    let pawn_choice = [
        promotion_limit,
        mandatory_pawn.filter(|e| e.value == "false"),
    ];
    if let Some(entry) = pawn_choice
        .into_iter()
        .flatten()
        .find(|_| pawn_kind.is_none())
    {
        return Err(refuse(entry, "played in a game with a pawn"));
    }

    // Shogi's promotions: each kind's form, each side's zone.
    if let Some(entry) = promoted_types.filter(|_| !promotion_pairs.is_empty()) {
        if pawn_kind.is_some() {
            return Err(refuse(
                entry,
                "a game promotes shogi's way or chess's (a pawn), not both, here",
            ));
        }
        let mut forms = Vec::new();
        for &(from, to) in &promotion_pairs {
            let kind = letter_kind(from).expect("a kind of the game");
            let form = match letter_kind(to) {
                Some(k) => kinds[k.index()].clone(),
                None => {
                    let p = form_pieces
                        .iter()
                        .find(|p| p.letter == to)
                        .expect("a form's piece");
                    let moves = p.moves()?;
                    if moves.pawn.is_some() {
                        return Err(refuse(entry, "a promoted form is no pawn here"));
                    }
                    moves.apply(PieceKind::new(p.name, p.letter, p.value))
                }
            };
            forms.push((kind, form));
        }
        // Fairy-Stockfish's default zones: White's rank 8, Black's rank 1.
        let mut zones: [Vec<usize>; 2] = [
            if ranks >= 8 {
                (0..files).map(|f| 7 * files + f).collect()
            } else {
                Vec::new()
            },
            (0..files).collect(),
        ];
        for zone in &promotion_zones {
            let side = match zone.key.as_str() {
                "promotionRegionWhite" => 0,
                "promotionRegionBlack" => 1,
                _ => {
                    return Err(refuse(
                        zone,
                        "pieces promote shogi's way in regions here: state promotionRegionWhite and promotionRegionBlack",
                    ))
                }
            };
            zones[side] = squares(zone, files, ranks)?
                .into_iter()
                .map(|(f, r)| r * files + f)
                .collect();
        }
        drops.promotions = Some(PiecePromotions {
            forms,
            zones,
            mandatory: mandatory_piece_promotion,
            turning: super::turning::read(entries, true)?,
        });
    } else if let Err(e) = super::turning::read(entries, false) {
        return Err(e);
    } else if let Some(entry) = entries
        .iter()
        .find(|e| e.key == "mandatoryPiecePromotion")
        .filter(|_| mandatory_piece_promotion)
    {
        return Err(refuse(
            entry,
            "no piece promotes shogi's way (promotedPieceType)",
        ));
    }
    if let Some(entry) = no_doubled {
        let kind = letter_kind(entry.value.trim().chars().next().unwrap_or(' '))
            .filter(|_| entry.value.trim().len() == 1)
            .ok_or_else(|| bad(entry, "a piece letter of the game, or -"))?;
        if piece_drops.is_none() {
            return Err(refuse(
                entry,
                "nothing is dropped without pieceDrops = true",
            ));
        }
        drops.no_doubled = Some(kind);
    }
    super::no_doubled::count(entries, &mut drops)?;
    for (on, key) in [
        (drops.drop_loop, "dropLoop"),
        (drops.two_boards, "twoBoards"),
    ] {
        let entry = entries.iter().rev().find(|e| e.key == key);
        match entry.filter(|_| on) {
            Some(entry) if piece_drops.is_none() => {
                return Err(refuse(entry, "played here where pieceDrops = true"))
            }
            Some(entry) if drops.promotions.is_some() => {
                return Err(refuse(
                    entry,
                    "played here without shogi's promotions (promotedPieceType)",
                ))
            }
            _ => {}
        }
    }
    // Without drops it is grand chess's last rank, where a pawn must
    // promote ([`promotion_choice`]).
    let declines = mandatory_pawn.is_some_and(|e| e.value == "false");
    if drops.immobility_illegal && piece_drops.is_none() && !declines {
        let entry = entries.iter().rev().find(|e| e.key == "immobilityIllegal");
        return Err(refuse(
            entry.expect("immobilityIllegal = true was read"),
            "immobilityIllegal = true is played where pieceDrops = true",
        ));
    }

    // The start.
    let fen_error = |why: String| IniErrorKind::StartFen(why).at(fen_line);
    let mut fields: Vec<String> = fen.split_whitespace().map(String::from).collect();
    if fields.is_empty() {
        return Err(fen_error("empty".into()));
    }
    // Pieces in hand at the start (`[Nn]` after the board), kept in the
    // start's FEN.
    let mut board = fields[0].clone();
    if let Some(open) = board.find('[') {
        let pocket = board.split_off(open);
        drops.start_hand = super::hand::start_hand(&pocket, letter_kind).map_err(fen_error)?;
        if drops.start_hand.is_empty() {
            fields[0].truncate(open);
        } else if piece_drops.is_none() && !seirawan {
            return Err(fen_error(format!(
                "pieces in hand ({pocket}) need pieceDrops = true or seirawanGating = true"
            )));
        }
    }
    drops.regions = super::hand::regions(&drop_regions, piece_drops.is_some(), files, ranks)?;
    let dropping = piece_drops.is_some();
    let bishop = kind_by_key(&pieces, "bishop");
    super::placement::read(entries, &mut drops, dropping, bishop)?;
    let shogi_pawn = kind_by_key(&pieces, "shogiPawn");
    super::drop_mate::read(entries, &mut drops, dropping, shogi_pawn)?;
    let rook = kind_by_key(&pieces, "rook");
    super::sittuyin::rook_drop(entries, &mut drops, dropping, rook)?;
    let rows: Vec<&str> = board.split('/').collect();
    if rows.len() != ranks {
        return Err(fen_error(format!("{} ranks, not {ranks}", rows.len())));
    }
    let mut start = Vec::new();
    let mut start_walls = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        let rank = ranks - 1 - i;
        let mut file = 0;
        let mut digits = 0;
        let mut promoted = false;
        for ch in row.chars() {
            if let Some(d) = ch.to_digit(10) {
                digits = digits * 10 + d as usize;
                continue;
            }
            // A promoted piece (`+N`, Kyoto shogi's start): the game starts
            // from the FEN, which keeps the mark; the list keeps the piece.
            if ch == '+' && drops.promotions.is_some() {
                promoted = true;
                continue;
            }
            file += std::mem::take(&mut digits);
            if ch == '*' && file < files {
                // A wall (Fairy-Stockfish's `*`).
                start_walls.push(rank * files + file);
                file += 1;
                continue;
            }
            let kind = letter_kind(ch)
                .filter(|_| ch.is_ascii_alphabetic())
                .ok_or_else(|| fen_error(format!("{ch:?} is no piece of the game")))?;
            let color = if ch.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            if file >= files {
                return Err(fen_error(format!(
                    "rank {} has more than {files} files",
                    rank + 1
                )));
            }
            start.push((rank * files + file, Piece { color, kind }));
            if std::mem::take(&mut promoted) {
                drops.start_promoted.push(rank * files + file);
            }
            file += 1;
        }
        file += digits;
        if file != files {
            return Err(fen_error(format!(
                "rank {} covers {file} files, not {files}",
                rank + 1
            )));
        }
    }

    // The extinction rule: its kinds by letter, `*` for all pieces.
    let extinction = match (extinction_value, extinction_kinds) {
        (Some(value), Some(entry)) if extinction_stated => {
            let mut kinds = Vec::new();
            let mut all = false;
            for c in entry.value.chars().filter(|c| !c.is_whitespace()) {
                if c == '*' {
                    all = true;
                } else {
                    let kind = letter_kind(c)
                        .ok_or_else(|| bad(entry, "letters of the game's pieces, or *"))?;
                    if !kinds.contains(&kind) {
                        kinds.push(kind);
                    }
                }
            }
            Some(Extinction {
                kinds,
                all,
                count: extinction_count,
                opponent_count: extinction_opponent,
                claim: extinction_claim,
                value,
            })
        }
        _ => None,
    };

    // Atomic captures: the blast, its immune kinds, pseudo-royal pieces.
    let kinds_of = |entry: Option<&Entry>| -> Result<Vec<Kind>, IniError> {
        let mut found = Vec::new();
        if let Some(entry) = entry {
            for c in entry.value.chars().filter(|c| !c.is_whitespace()) {
                let kind =
                    letter_kind(c).ok_or_else(|| bad(entry, "letters of the game's pieces"))?;
                if !found.contains(&kind) {
                    found.push(kind);
                }
            }
        }
        Ok(found)
    };
    let n_move_types = super::pawn_kinds::clock(n_move_types, &mut kinds, &letter_kind)?;
    let pawn_clock = pawn_clock::read(n_move_types.as_ref(), pawn_kind.map(|k| &kinds[k.index()]))?;
    let (royal_kinds, extinction) = royal_kinds::read(
        pseudo_royal,
        blast_on_capture.is_some(),
        has_king,
        extinction,
    )?;
    let blast = match blast_on_capture {
        Some(entry) => {
            if piece_drops.is_some() {
                return Err(refuse(
                    entry,
                    "a blast is played here without pieces in hand",
                ));
            }
            if let Some(pseudo) = pseudo_royal {
                if has_king || extinction.is_none() {
                    return Err(refuse(
                        pseudo,
                        "pseudo-royal pieces are the extinction rule's, in a game without a king",
                    ));
                }
            }
            Some(Blast {
                immune: kinds_of(blast_immune)?,
                mutually_immune: kinds_of(mutually_immune)?,
                pseudo_royal: pseudo_royal.is_some(),
            })
        }
        None => {
            let pseudo_royal = pseudo_royal.filter(|_| royal_kinds.is_none());
            if let Some(entry) = [pseudo_royal, blast_immune, mutually_immune]
                .into_iter()
                .flatten()
                .find(|e| !e.value.trim().is_empty())
            {
                return Err(refuse(entry, "played here only with blastOnCapture = true"));
            }
            None
        }
    };

    // The goals: n-check's counts from the start (`3+3`; without them the
    // next check wins, as Fairy-Stockfish reads it), the flag.
    if check_counting && !checking {
        let entry = entries.iter().find(|e| e.key == "checking");
        return Err(refuse(
            entry.expect("checking = false was read"),
            "checkCounting = true needs checking = true",
        ));
    }
    let checks = check_counting.then(|| {
        let mut words: Vec<&str> = fields.iter().map(String::as_str).collect();
        crate::variants::fen::take_checks(&mut words).unwrap_or([1, 1])
    });
    let mut flag_kinds = [None; 2];
    let mut flag_squares: [Vec<usize>; 2] = [Vec::new(), Vec::new()];
    for side in 0..2 {
        if let Some(entry) = flag_piece[side].or(flag_piece[2]) {
            flag_kinds[side] = match entry.value.trim() {
                "*" => None,
                v => {
                    let mut chars = v.chars();
                    match (chars.next().and_then(letter_kind), chars.next()) {
                        (Some(kind), None) => Some(kind),
                        _ => {
                            return Err(bad(entry, "the letter of one of the game's pieces, or *"))
                        }
                    }
                }
            };
        }
        if let Some(entry) = flag_region[side].or(flag_region[2]) {
            flag_squares[side] = squares(entry, files, ranks)?
                .into_iter()
                .map(|(f, r)| r * files + f)
                .collect();
            flag_squares[side].sort_unstable();
        }
    }
    if let Some(entry) = flag_safe {
        if flag_move {
            return Err(refuse(entry, "played here without flagMove"));
        }
        if flag_squares.iter().all(Vec::is_empty) {
            return Err(refuse(entry, "there is no flag region"));
        }
    }
    let flag_safe = flag_safe.is_some();
    let flag = (!flag_squares.iter().all(Vec::is_empty)).then_some(Flag {
        kinds: flag_kinds,
        regions: flag_squares,
        extra_move: flag_move,
        safe: flag_safe,
    });

    // Castling, as Fairy-Stockfish derives it from the start's rights: the
    // king that castles is the royal piece unless castlingKingPiece names
    // another (extinction chess's, which no attack impedes).
    let mut rules = Vec::new();
    let royal = pieces.iter().position(|p| p.royal).map(|i| Kind(i as u8));
    let castler = match king_piece {
        Some(entry) => {
            let mut chars = entry.value.chars();
            match (chars.next().and_then(letter_kind), chars.next()) {
                (Some(kind), None) if royal.is_none() || royal == Some(kind) => Some(kind),
                (Some(_), None) => {
                    return Err(refuse(
                        entry,
                        "the king that castles is the royal piece here, where there is one",
                    ))
                }
                _ => return Err(bad(entry, "the letter of one of the game's pieces")),
            }
        }
        None => royal,
    };
    let rook_kinds: Vec<Kind> = match rook_pieces {
        Some(entry) => entry
            .value
            .chars()
            .filter(|c| !c.is_whitespace())
            .map(|c| letter_kind(c).ok_or_else(|| bad(entry, "letters of the game's pieces")))
            .collect::<Result<_, _>>()?,
        None => kind_by_key(&pieces, "rook").into_iter().collect(),
    };
    // Shogi's short form (`w 0 1`): no castling or en passant field.
    if fields.len() > 2 && fields[2].starts_with(|c: char| c.is_ascii_digit()) {
        fields.splice(2..2, ["-".to_string(), "-".to_string()]);
    }
    // A start without the checks to give states them (`1+1`: the next
    // check wins), as the start's FEN is written back.
    if let Some([white, black]) = checks {
        let mut words: Vec<&str> = fields.iter().map(String::as_str).collect();
        if crate::variants::fen::take_checks(&mut words).is_none() && fields.len() >= 4 {
            fields.insert(4, format!("{white}+{black}"));
        }
    }
    // Where the king goes on each side, and the castling rank from each
    // side (0: the first).
    let geometry = || -> Result<([usize; 2], usize), IniError> {
        let king_to = [
            match kingside {
                Some(e) => file_value(e, files)?,
                None => 6.min(files - 1),
            },
            match queenside {
                Some(e) => file_value(e, files)?,
                None => 2.min(files - 1),
            },
        ];
        let home = match castling_rank {
            Some(entry) => number(entry)?
                .checked_sub(1)
                .filter(|&r| r < ranks)
                .ok_or_else(|| bad(entry, "a rank of the board"))?,
            None => 0,
        };
        Ok((king_to, home))
    };
    if fields.len() > 2 && fields[2] != "-" {
        if cambodian {
            let rook = kind_by_key(&pieces, "rook");
            rules = super::cambodian::rights(
                &fields[2],
                &start,
                files,
                ranks,
                rook,
                |k| Some(k) == royal,
                fen_line,
            )?;
        } else if !castling {
            fields[2] = "-".into();
        } else {
            let (king_to, home) = geometry()?;
            let castle_error = |why: String| IniErrorKind::Castling(why).at(fen_line);
            // With gating, the files are gates ([`super::gating::start`]).
            let letters = if seirawan {
                super::gating::castling_letters(&fields[2])
            } else {
                fields[2].clone()
            };
            for letter in letters.chars() {
                let file_of = |c: char| (c.to_ascii_lowercase() as u8).wrapping_sub(b'a') as usize;
                let (color, kingside, named) = match letter {
                    'K' => (Color::White, true, None),
                    'Q' => (Color::White, false, None),
                    'k' => (Color::Black, true, None),
                    'q' => (Color::Black, false, None),
                    // Chess960's rights by the rook's file (`HAha`).
                    c if chess960 && c.is_ascii_alphabetic() && file_of(c) < files => {
                        let color = if c.is_ascii_uppercase() {
                            Color::White
                        } else {
                            Color::Black
                        };
                        (color, true, Some(file_of(c)))
                    }
                    _ => {
                        return Err(castle_error(format!(
                        "right {letter:?}: only K, Q, k and q (with chess960, the rooks' files) \
                             are read here"
                    )))
                    }
                };
                let rank = if color == Color::White {
                    home
                } else {
                    ranks - 1 - home
                };
                let on_rank = |file: usize| {
                    start
                        .iter()
                        .find(|(s, _)| *s == rank * files + file)
                        .map(|(_, p)| *p)
                };
                let king = castler.ok_or_else(|| {
                    castle_error(format!(
                        "right {letter}: no king (name the piece that castles in castlingKingPiece)"
                    ))
                })?;
                let king_file = (0..files)
                    .find(|&f| on_rank(f) == Some(Piece { color, kind: king }))
                    .ok_or_else(|| {
                        castle_error(format!("right {letter}: no king on rank {}", rank + 1))
                    })?;
                let kingside = named.map_or(kingside, |f| f > king_file);
                let letter = match (color, kingside) {
                    (Color::White, true) => 'K',
                    (Color::White, false) => 'Q',
                    (Color::Black, true) => 'k',
                    (Color::Black, false) => 'q',
                };
                let mut side: Vec<usize> = match named {
                    Some(f) => vec![f],
                    None if kingside => (king_file + 1..files).rev().collect(),
                    None => (0..king_file).collect(),
                };
                side.retain(|&f| {
                    on_rank(f).is_some_and(|p| p.color == color && rook_kinds.contains(&p.kind))
                });
                let rook_file = *side.first().ok_or_else(|| {
                    castle_error(format!("right {letter}: no rook on that side of the king"))
                })?;
                let to = king_to[usize::from(!kingside)];
                let rook_to = if kingside {
                    to.checked_sub(1)
                } else {
                    Some(to + 1)
                }
                .filter(|&f| f < files)
                .ok_or_else(|| {
                    castle_error(format!(
                        "right {letter}: the rook has no square beside the king"
                    ))
                })?;
                rules.push(CastlingRule {
                    color,
                    king_from: rank * files + king_file,
                    king_to: rank * files + to,
                    rook_from: rank * files + rook_file,
                    rook_to: rank * files + rook_to,
                    king,
                    rook: on_rank(rook_file).map_or(king, |p| p.kind),
                    letter,
                    takes_rook: chess960,
                    first_move: false,
                    lost_to: None,
                });
            }
        }
    }
    if seirawan {
        let home = if castling { geometry()?.1 } else { 0 };
        let field = fields.get(2).map_or("-", |f| f.as_str());
        let only = piece_drops.is_none();
        drops.gating = Some(super::gating::start(
            field, &rules, &start, files, ranks, home, only,
        ));
    }
    if castling && drops.castling_dropped && rules.is_empty() {
        // Placement's castling: no right at the start, the rules chess's.
        let (king_to, home) = geometry()?;
        rules = super::placement::castling_rules(files, ranks, king_to, home, castler, &rook_kinds);
    }
    let fen = fields.join(" ");
    let walls = super::walls::walls(
        walling_rule,
        &walling_regions,
        piece_drops,
        start_walls,
        files,
        ranks,
    )?;
    let hands = piece_drops.is_some() || seirawan;
    let (petrify, walls) = super::petrify::read(petrify, kinds_of(petrify)?, hands, walls)?;

    let mut variant = Variant {
        name: name.into(),
        shape,
        kinds,
        start,
        castling: rules,
        royalty: Royalty::Check,
        // A side may have no king where losing every piece loses (horde's
        // White): Fairy-Stockfish asks no king of a position.
        royal_required: has_king && !extinction.as_ref().is_some_and(|e| e.all && e.count == 0),
        draws: DrawRules {
            automatic_plies: (n_move > 0).then_some(2 * n_move as u32),
            automatic_repetitions: (n_fold > 0).then_some(n_fold as u32),
            pawn_clock,
            ..DrawRules::default()
        },
        stalemate,
        flying_general: flying,
        extinction,
        drops: (piece_drops.is_some() || seirawan).then_some(drops),
        goals: Goals {
            checks,
            flag,
            no_checks: !checking,
            must_capture,
            stalemate_piece_count,
            checkmate_wins,
            blast,
            draw_odds,
            makpong,
            pass,
            bikjang,
            counting,
            royal_kinds,
            walls,
            enclosing,
            repetition: super::repetition::read(entries)?,
            ..Goals::default()
        },
    };
    variant.goals.petrify = petrify;
    variant
        .validate()
        .map_err(|e| IniErrorKind::Variant(e).at(line))?;
    Ok((variant, fen))
}

/// The kinds a side's pawns promote to, from its promotion key (`None`:
/// Fairy-Stockfish's default, the queen, rook, bishop and knight the game
/// has).
/// The kind of the piece the section declares under `key` (`rook`,
/// `shogiPawn` …), if it has one.
fn kind_by_key(pieces: &[PieceEntry], key: &str) -> Option<Kind> {
    pieces
        .iter()
        .position(|p| p.entry.key == key)
        .map(|i| Kind(i as u8))
}

fn promotion_list(
    entry: Option<&Entry>,
    pieces: &[PieceEntry],
    kinds: &[PieceKind],
    pawn_kind: Option<Kind>,
) -> Result<Vec<Kind>, IniError> {
    let mut promo = Vec::new();
    let Some(entry) = entry else {
        promo.extend(
            ["queen", "rook", "bishop", "knight"]
                .into_iter()
                .filter_map(|key| kind_by_key(pieces, key)),
        );
        return Ok(promo);
    };
    for c in entry.value.chars().filter(|c| !c.is_whitespace()) {
        let kind = pieces
            .iter()
            .position(|p| p.letter == c.to_ascii_lowercase())
            .map(|i| Kind(i as u8))
            .ok_or_else(|| bad(entry, "letters of the game's pieces"))?;
        if kinds[kind.index()].royal || Some(kind) == pawn_kind {
            return Err(refuse(
                entry,
                "a pawn promotes to a piece neither royal nor a pawn here",
            ));
        }
        if !promo.contains(&kind) {
            promo.push(kind);
        }
    }
    Ok(promo)
}

/// A rough worth of a kind from its moves, in hundredths of a pawn.
fn guess_value(kind: &PieceKind) -> i32 {
    let leaps: i32 = kind
        .leaps
        .iter()
        .map(|l| l.vector.images(2).len() as i32 * if l.lame { 30 } else { 40 })
        .sum();
    let slides: i32 = kind
        .slides
        .iter()
        .map(|c| c.directions(2).len() as i32 * 110)
        .sum();
    leaps + slides + 30 * kind.steps.len() as i32 + 450 * kind.hops.len() as i32
}

/// Keeps the first statement's `value` in `seen`, or refuses one that
/// says otherwise, at the later of the two lines (a built-in base's keys
/// stand at the section's header), naming the other.
fn agree<'a>(
    seen: &mut Option<(usize, &'a Entry)>,
    value: usize,
    entry: &'a Entry,
    why: &str,
) -> Result<(), IniError> {
    match *seen {
        Some((v, other)) if v != value => {
            let (earlier, later) = if other.line <= entry.line {
                (other, entry)
            } else {
                (entry, other)
            };
            Err(refuse(
                later,
                &format!("{why} (line {} says {})", earlier.line, earlier.value),
            ))
        }
        Some(_) => Ok(()),
        None => {
            *seen = Some((value, entry));
            Ok(())
        }
    }
}

/// How many ranks at the far end a promotion region holds, seen from its
/// side: whole ranks running to the last one (`*6 *7 *8` for White on 8
/// ranks: 3), or one whole rank, which a pawn cannot pass without
/// promoting (promotion is mandatory), so it is the same zone (`*6`: 3).
fn zone_depth(squares: &[(usize, usize)], files: usize, last: usize, white: bool) -> Option<usize> {
    let ranks = whole_ranks(squares, files, last, white)?;
    let (&lowest, &highest) = (ranks.first()?, ranks.last()?);
    let runs_to_the_end = highest == last - 1 && highest - lowest + 1 == ranks.len();
    (lowest > 0 && (runs_to_the_end || ranks.len() == 1)).then(|| last - lowest)
}

/// The ranks a region of squares fills, each counted from `white`'s side
/// or Black's (0: the side's first), lowest first; `None` unless every
/// rank it touches is whole.
pub(super) fn whole_ranks(
    squares: &[(usize, usize)],
    files: usize,
    ranks: usize,
    white: bool,
) -> Option<Vec<usize>> {
    let relative = |rank: usize| if white { rank } else { ranks - 1 - rank };
    let mut filled: Vec<usize> = squares.iter().map(|&(_, r)| relative(r)).collect();
    filled.sort_unstable();
    filled.dedup();
    let whole = squares.len() == filled.len() * files
        && filled.iter().all(|&r| {
            (0..files).all(|f| squares.iter().any(|&(sf, sr)| sf == f && relative(sr) == r))
        });
    whole.then_some(filled)
}
