//! A [`Variant`] stated in the `variants.ini` syntax, so that reading the
//! section back gives the same game (names, worths and the draw claims
//! aside: Fairy-Stockfish's rules end a game, they are not claimed).

use super::betza;
use super::build::{capitalized, CUSTOM, PIECES};
use crate::kernel::{Color, ExtinctionValue, Kind, PieceKind, Region, Royalty, Stalemate, Variant};
use thiserror::Error;

/// Why a variant has no ini form.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum WriteError {
    /// Not a board of files and ranks.
    #[error(
        "{name} has no ini form: the board has {axes} axes; the syntax knows files and ranks only"
    )]
    Axes {
        /// The game.
        name: String,
        /// Its axes.
        axes: usize,
    },
    /// Royalty other than check.
    #[error(
        "{0} has no ini form: its royal piece is captured, not checkmated; the syntax here knows check only"
    )]
    Royalty(String),
    /// No royal kind and no extinction rule, or a side may lack its royal
    /// piece.
    #[error("{0} has no ini form: a game here needs one royal kind that each side has, or an extinction rule")]
    NoKing(String),
    /// A piece, castling or region the syntax cannot state.
    #[error("{name} has no ini form: {why}")]
    Unstateable {
        /// The game.
        name: String,
        /// What cannot be stated.
        why: String,
    },
}

fn square(files: usize, s: usize) -> String {
    crate::variants::square_names::square_name(s, files)
}

/// A region's squares as White sees them (`mirror`: Black's), whole
/// ranks as `*N`.
fn region_text(region: &Region, files: usize, ranks: usize, mirror: bool) -> String {
    let clamp =
        |(lo, hi): (i32, i32), n: usize| (lo.max(0) as usize, (hi.max(0) as usize).min(n - 1));
    let (f0, f1) = clamp(region.ranges[0], files);
    let (r0, r1) = clamp(region.ranges[1], ranks);
    let mut words = Vec::new();
    for r in r0..=r1 {
        let rank = if mirror { ranks - 1 - r } else { r };
        if f0 == 0 && f1 == files - 1 {
            words.push(format!("*{}", rank + 1));
        } else {
            for f in f0..=f1 {
                words.push(square(files, rank * files + f));
            }
        }
    }
    words.join(" ")
}

/// Whether two Betza texts read as the same moves.
fn same_moves(a: &str, b: &str) -> bool {
    let norm = |t: &str| {
        betza::read(t).ok().map(|mut m| {
            m.leaps.sort_by_key(|l| (l.vector, l.lame));
            m.steps.sort();
            m
        })
    };
    norm(a).is_some() && norm(a) == norm(b)
}

/// The soldier's zone rank (from 1) if the kind is Fairy-Stockfish's
/// soldier: forward always, sideways from a whole-width zone reaching the
/// last rank (or everywhere: rank 1).
fn soldier_rank(kind: &PieceKind, files: usize, ranks: usize) -> Option<usize> {
    let vectors: Vec<(i32, i32)> = kind
        .steps
        .iter()
        .map(|s| (s.vector.0[0], s.vector.0[1]))
        .collect();
    if !kind.leaps.is_empty()
        || !kind.slides.is_empty()
        || !kind.hops.is_empty()
        || kind.pawn.is_some()
    {
        return None;
    }
    let mut sorted = vectors.clone();
    sorted.sort();
    if sorted != [(-1, 0), (0, 1), (1, 0)] {
        return None;
    }
    let forward = kind.steps.iter().find(|s| s.vector.0[1] == 1)?;
    if forward.zone.is_some() {
        return None;
    }
    let sideways: Vec<Option<Region>> = kind
        .steps
        .iter()
        .filter(|s| s.vector.0[1] == 0)
        .map(|s| s.zone)
        .collect();
    match (sideways[0], sideways[1]) {
        (None, None) => Some(1),
        (Some(a), Some(b)) if a == b => {
            let whole = Region::new(&[(0, files as i32 - 1), (a.ranges[1].0, ranks as i32 - 1)]);
            (a == whole).then_some(a.ranges[1].0 as usize + 1)
        }
        _ => None,
    }
}

/// The ini section of a game.
///
/// ```
/// use duckchess_rules::variants::{chess, ini};
/// let text = ini::write(&chess::variant()).unwrap();
/// assert!(text.starts_with("[chess]\n"));
/// assert!(text.contains("knight = n\n"));
/// // A built-in game's name is refused: read it back as another.
/// let back = ini::read(&text.replace("[chess]", "[chess2]")).unwrap();
/// assert_eq!(back[0].variant().kinds.len(), 6);
/// ```
pub fn write(variant: &Variant) -> Result<String, WriteError> {
    let name = variant.name.clone();
    let unstateable = |why: String| WriteError::Unstateable {
        name: name.clone(),
        why,
    };
    if variant.shape.axes() != 2 {
        return Err(WriteError::Axes {
            name,
            axes: variant.shape.axes(),
        });
    }
    if variant.royalty != Royalty::Check {
        return Err(WriteError::Royalty(name));
    }
    // The reader requires the king it finds, unless losing every piece
    // loses (horde's White may have none); without a king, only an
    // extinction rule ends a game.
    let has_king = variant.kinds.iter().any(|k| k.royal);
    let all_lost = variant
        .extinction
        .as_ref()
        .is_some_and(|e| e.all && e.count == 0);
    if variant.royal_required != (has_king && !all_lost)
        || (!has_king && variant.extinction.is_none() && variant.goals.enclosing.is_none())
    {
        return Err(WriteError::NoKing(name));
    }
    let files = variant.shape.size(0) as usize;
    let ranks = variant.shape.size(1) as usize;
    if files > 26 {
        return Err(unstateable(format!("{files} files have no letters")));
    }
    let mut out = format!(
        "[{}]\nmaxFile = {}\nmaxRank = {ranks}\n",
        variant.name,
        (b'a' + files as u8 - 1) as char
    );
    let mut keys: Vec<String> = Vec::new();
    let mut custom = 0;
    let mut soldier: Option<usize> = None;
    let mut pawn = None;
    for kind in &variant.kinds {
        let letter = kind.letter;
        let spr = soldier_rank(kind, files, ranks).filter(|_| !keys.iter().any(|k| k == "soldier"));
        let (key, value) = if let Some(rank) = spr {
            soldier = Some(rank);
            ("soldier".to_string(), letter.to_string())
        } else if !kind.jumps.is_empty() {
            ("janggiCannon".to_string(), letter.to_string())
        } else {
            let text = betza::write(kind).map_err(|e| unstateable(e.to_string()))?;
            if kind.royal {
                if same_moves(&text, "K") {
                    ("king".into(), letter.to_string())
                } else {
                    ("king".into(), format!("{letter}:{text}"))
                }
            } else if let Some(p) = &kind.pawn {
                pawn = Some(p.clone());
                if kind.pawn_ways.is_some() {
                    // A pawn of its own ways (Berolina, Legan) is a custom
                    // piece whose Betza text makes it the pawn again.
                    let k = CUSTOM
                        .get(custom)
                        .ok_or_else(|| unstateable("too many custom pieces".into()))?;
                    custom += 1;
                    (k.to_string(), format!("{letter}:{text}"))
                } else {
                    ("pawn".into(), letter.to_string())
                }
            } else if let Some(&(k, _, _)) = PIECES.iter().find(|(k, b, _)| {
                !matches!(*k, "king" | "pawn" | "soldier")
                    && !keys.iter().any(|u| u == k)
                    && same_moves(&text, b)
            }) {
                (k.to_string(), letter.to_string())
            } else {
                let k = CUSTOM
                    .get(custom)
                    .ok_or_else(|| unstateable("too many custom pieces".into()))?;
                custom += 1;
                (k.to_string(), format!("{letter}:{text}"))
            }
        };
        out += &format!("{key} = {value}\n");
        keys.push(key);
    }
    // Shogi's promoted forms that are no kind of the game: pieces of the
    // file all the same, the letters promotedPieceType names.
    let promotions = variant.drops.as_ref().and_then(|d| d.promotions.as_ref());
    let mut form_letters = Vec::new();
    for (kind, form) in promotions.iter().flat_map(|p| &p.forms) {
        let letter = match variant.kinds.iter().find(|k| *k == form) {
            Some(k) => k.letter,
            None => {
                if !form_letters.iter().any(|&(_, l)| l == form.letter) {
                    let text = betza::write(form).map_err(|e| unstateable(e.to_string()))?;
                    let key = match PIECES.iter().find(|(k, b, _)| {
                        !matches!(*k, "king" | "pawn" | "soldier")
                            && !keys.iter().any(|u| u == k)
                            && same_moves(&text, b)
                    }) {
                        Some(&(k, _, _)) => k.to_string(),
                        None => {
                            let k = CUSTOM
                                .get(custom)
                                .ok_or_else(|| unstateable("too many custom pieces".into()))?;
                            custom += 1;
                            k.to_string()
                        }
                    };
                    let value = if key.starts_with("customPiece") {
                        format!("{}:{text}", form.letter)
                    } else {
                        form.letter.to_string()
                    };
                    out += &format!("{key} = {value}\n");
                    keys.push(key);
                }
                form.letter
            }
        };
        form_letters.push((variant.kind(*kind).letter, letter));
    }
    // The start: pieces, rights, White to move.
    let mut board = Vec::new();
    let walls = variant.goals.walls.as_ref();
    for rank in (0..ranks).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for file in 0..files {
            let square = rank * files + file;
            let wall = walls.is_some_and(|w| w.start.contains(&square));
            match variant.start.iter().find(|(s, _)| *s == square) {
                None if !wall => empty += 1,
                found => {
                    if empty > 0 {
                        row += &std::mem::take(&mut empty).to_string();
                    }
                    if variant
                        .drops
                        .as_ref()
                        .is_some_and(|d| d.start_promoted.contains(&square))
                    {
                        row.push('+');
                    }
                    row.push(found.map_or('*', |&(_, piece)| variant.piece_char(piece)));
                }
            }
        }
        if empty > 0 {
            row += &empty.to_string();
        }
        board.push(row);
    }
    let rights: String = variant
        .castling
        .iter()
        .map(|c| c.fen_letter(files))
        .collect();
    // Placement's rights come with the dropped king and rooks.
    let dropped = variant.drops.as_ref().is_some_and(|d| d.castling_dropped);
    let gating = variant.drops.as_ref().and_then(|d| d.gating.as_ref());
    let rights = match gating {
        Some(g) => super::gating::write_rights(variant, g, files),
        None => rights,
    };
    let rights = if rights.is_empty() || dropped {
        "-".to_string()
    } else {
        rights
    };
    let checks = variant
        .goals
        .checks
        .map_or(String::new(), |[w, b]| format!("{w}+{b} "));
    let pocket: String = match variant.drops.as_ref().map(|d| &d.start_hand) {
        Some(hand) if !hand.is_empty() => {
            let letters: String = hand.iter().map(|&p| variant.piece_char(p)).collect();
            format!("[{letters}]")
        }
        _ => String::new(),
    };
    out += &format!(
        "startFen = {}{pocket} w {rights} - {checks}0 1\n",
        board.join("/")
    );
    if let Some(p) = &pawn {
        let letters =
            |kinds: &[Kind]| -> String { kinds.iter().map(|&k| variant.kind(k).letter).collect() };
        // The pawn's promoted form is stated on its own (`pawn_kinds`).
        let turned = variant.turned_promotion();
        let letters = |kinds: &[Kind]| -> String {
            let kinds: Vec<Kind> = kinds
                .iter()
                .copied()
                .filter(|&k| Some(k) != turned)
                .collect();
            letters(&kinds)
        };
        match &p.black_promotion {
            None => out += &format!("promotionPieceTypes = {}\n", letters(&p.promotion)),
            Some(black) => {
                out += &format!(
                    "promotionPieceTypesWhite = {}\npromotionPieceTypesBlack = {}\n",
                    letters(&p.promotion),
                    letters(black)
                )
            }
        }
        let depth = p.promotion_ranks.clamp(1, ranks);
        let mut white: Vec<String> = (ranks + 1 - depth..=ranks)
            .map(|r| format!("*{r}"))
            .collect();
        let mut black: Vec<String> = (1..=depth).rev().map(|r| format!("*{r}")).collect();
        if let Some([w, b]) = &p.promotion_region {
            white = w.iter().map(|&s| square(files, s)).collect();
            black = b.iter().map(|&s| square(files, s)).collect();
        }
        out += &format!(
            "promotionRegionWhite = {}\npromotionRegionBlack = {}\n",
            white.join(" "),
            black.join(" ")
        );
        out += &format!("doubleStep = {}\n", p.double_step);
        if let Some(choice) = &p.choice {
            if !choice.limits.is_empty() {
                let pairs: Vec<String> = choice
                    .limits
                    .iter()
                    .map(|&(k, n)| format!("{}:{n}", variant.kind(k).letter))
                    .collect();
                out += &format!("promotionLimit = {}\n", pairs.join(" "));
            }
            if choice.optional {
                out += "mandatoryPawnPromotion = false\nimmobilityIllegal = true\n";
            }
            if choice.in_place {
                out += "sittuyinPromotion = true\n";
            }
        }
        // Each side's ranks, as absolute ranks (from 1) of the board.
        let region = |mask: u64, white: bool| -> String {
            let words: Vec<String> = (0..ranks.min(64))
                .filter(|&r| mask >> r & 1 == 1)
                .map(|r| format!("*{}", if white { r + 1 } else { ranks - r }))
                .collect();
            if words.is_empty() {
                "-".into()
            } else {
                words.join(" ")
            }
        };
        let squares_of = variant
            .kinds
            .iter()
            .find_map(|k| k.double_step_squares.as_ref());
        if let Some(sides) = squares_of.filter(|_| p.double_step) {
            let [w, b] = sides.clone().map(|side| {
                let words: Vec<String> = side.iter().map(|&s| square(files, s)).collect();
                if words.is_empty() {
                    "-".to_string()
                } else {
                    words.join(" ")
                }
            });
            out += &format!("doubleStepRegionWhite = {w}\ndoubleStepRegionBlack = {b}\n");
        } else if p.double_step && p.double_step_ranks != [1 << 1; 2] {
            out += &format!(
                "doubleStepRegionWhite = {}\ndoubleStepRegionBlack = {}\n",
                region(p.double_step_ranks[0], true),
                region(p.double_step_ranks[1], false)
            );
        }
        // A side's region is where it takes: the other side's passed
        // squares.
        // A pawn of its own ways without en passant says so in its Betza
        // text, and keeps the default region.
        if !p.en_passant && p.en_passant_ranks != [u64::MAX; 2] {
            out += "enPassantRegion = -\n";
        } else if p.en_passant && p.en_passant_ranks != [u64::MAX; 2] {
            out += &format!(
                "enPassantRegionWhite = {}\nenPassantRegionBlack = {}\n",
                region(p.en_passant_ranks[1], false),
                region(p.en_passant_ranks[0], true)
            );
        }
    }
    // Cambodian chess's first-move rights are gates, not castling.
    if variant.castling.iter().any(|c| c.first_move) {
        out += "gating = true\ncambodianMoves = true\n";
    }
    // Castling: check that Fairy-Stockfish's derivation gives the rules.
    let castles = variant.castling.iter().filter(|c| !c.first_move);
    out += &format!("castling = {}\n", castles.clone().next().is_some());
    if let Some(first) = castles.clone().next() {
        if first.takes_rook {
            out += "chess960 = true\n";
        }
        let king_file = |c: &crate::kernel::CastlingRule| c.king_to % files;
        let kingside = castles
            .clone()
            .find(|c| c.rook_from % files > c.king_from % files);
        let queenside = castles
            .clone()
            .find(|c| c.rook_from % files < c.king_from % files);
        if let Some(k) = kingside {
            out += &format!(
                "castlingKingsideFile = {}\n",
                (b'a' + king_file(k) as u8) as char
            );
        }
        if let Some(q) = queenside {
            out += &format!(
                "castlingQueensideFile = {}\n",
                (b'a' + king_file(q) as u8) as char
            );
        }
        let mut rooks: Vec<char> = castles
            .clone()
            .map(|c| variant.kind(c.rook).letter)
            .collect();
        rooks.dedup();
        out += &format!(
            "castlingRookPieces = {}\n",
            rooks.iter().collect::<String>()
        );
        // The rank White's king stands on (Black's is its mirror).
        let home = first.king_from / files;
        let home = if first.color == Color::White {
            home
        } else {
            ranks - 1 - home
        };
        if home != 0 {
            out += &format!("castlingRank = {}\n", home + 1);
        }
        // A castling piece that is not royal (extinction chess's king).
        let castler = variant.kind(first.king);
        if !castler.royal {
            out += &format!("castlingKingPiece = {}\n", castler.letter);
        }
    }
    for (kind, key) in variant.kinds.iter().zip(&keys) {
        if let Some(region) = &kind.region {
            let cap = capitalized(key);
            out += &format!(
                "mobilityRegionWhite{cap} = {}\n",
                region_text(region, files, ranks, false)
            );
            out += &format!(
                "mobilityRegionBlack{cap} = {}\n",
                region_text(region, files, ranks, true)
            );
        }
    }
    if let Some(rank) = soldier {
        out += &format!("soldierPromotionRank = {rank}\n");
    }
    if variant.flying_general {
        out += "flyingGeneral = true\n";
    }
    if variant.stalemate == Stalemate::Loss {
        out += "stalemateValue = loss\n";
    }
    if variant.stalemate == Stalemate::Win {
        out += "stalemateValue = win\n";
    }
    if let Some(rule) = &variant.extinction {
        let value = match rule.value {
            ExtinctionValue::Loss => "loss",
            ExtinctionValue::Win => "win",
            ExtinctionValue::Draw => "draw",
        };
        let kinds: String = rule
            .all
            .then_some('*')
            .into_iter()
            .chain(rule.kinds.iter().map(|&k| variant.kind(k).letter))
            .collect();
        out += &format!("extinctionValue = {value}\nextinctionPieceTypes = {kinds}\n");
        if rule.count != 0 {
            out += &format!("extinctionPieceCount = {}\n", rule.count);
        }
        if rule.opponent_count != 0 {
            out += &format!("extinctionOpponentPieceCount = {}\n", rule.opponent_count);
        }
        if rule.claim {
            out += "extinctionClaim = true\n";
        }
    }
    let goals = &variant.goals;
    if goals.checks.is_some() {
        out += "checkCounting = true\n";
    }
    if goals.no_checks {
        out += "checking = false\n";
    }
    if goals.must_capture {
        out += "mustCapture = true\n";
    }
    if goals.makpong {
        out += "makpongRule = true\n";
    }
    out += &super::janggi::write_keys(variant, files);
    if let (Some(_), Some(_)) = (&goals.royal_kinds, &variant.extinction) {
        // Without a king the extinction rule is written as it stands.
        out += "extinctionPseudoRoyal = true\n";
    } else if let Some(rule) = &goals.royal_kinds {
        // The extinction rule's kinds made royal beside the king (coregal).
        let kinds: String = rule.kinds.iter().map(|&k| variant.kind(k).letter).collect();
        out += &format!(
            "extinctionValue = loss\nextinctionPieceTypes = {kinds}\nextinctionPieceCount = {}\nextinctionPseudoRoyal = true\n",
            rule.count
        );
    }
    if goals.stalemate_piece_count {
        out += "stalematePieceCount = true\n";
    }
    if goals.checkmate_wins {
        out += "checkmateValue = win\n";
    }
    if goals.counting.as_ref().is_some_and(|c| c.ties_drawn) {
        out += "materialCounting = unweighted\n";
    }
    if let Some(rules) = &goals.enclosing {
        out += &super::enclosing::write(rules, files);
    }
    match goals.draw_odds {
        Some(Color::Black) => out += "materialCounting = blackdrawodds\n",
        Some(Color::White) => out += "materialCounting = whitedrawodds\n",
        None => {}
    }
    if let Some(blast) = &goals.blast {
        let letters = |kinds: &[crate::kernel::Kind]| -> String {
            kinds.iter().map(|&k| variant.kind(k).letter).collect()
        };
        out += "blastOnCapture = true\n";
        if !blast.immune.is_empty() {
            out += &format!("blastImmuneTypes = {}\n", letters(&blast.immune));
        }
        if !blast.mutually_immune.is_empty() {
            out += &format!(
                "mutuallyImmuneTypes = {}\n",
                letters(&blast.mutually_immune)
            );
        }
        if blast.pseudo_royal {
            out += "extinctionPseudoRoyal = true\n";
        }
    }
    if let Some(flag) = &goals.flag {
        for (side, color) in ["White", "Black"].into_iter().zip(Color::ALL) {
            let piece = flag.kinds[color.index()].map_or('*', |k| variant.kind(k).letter);
            let region: Vec<String> = flag.regions[color.index()]
                .iter()
                .map(|&s| square(files, s))
                .collect();
            out += &format!(
                "flagPiece{side} = {piece}\nflagRegion{side} = {}\n",
                region.join(" ")
            );
        }
        if flag.safe {
            out += "flagPieceSafe = true\n";
        }
        if flag.extra_move {
            out += "flagMove = true\n";
        }
    }
    if let Some(rule) = &goals.petrify {
        out += &super::petrify::write(rule, |k| variant.kind(k).letter);
    }
    if let Some(walls) = walls {
        out += &super::walls::write(walls, files);
    }
    if let Some(drops) = &variant.drops {
        if let Some(g) = &drops.gating {
            out += &super::gating::write(g);
        }
        if drops.gating.as_ref().is_none_or(|g| !g.only) {
            out += "pieceDrops = true\n";
        }
        for (on, key) in [
            (drops.captures_to_hand, "capturesToHand"),
            (drops.first_rank_pawns, "firstRankPawnDrops"),
            (drops.promotion_zone_pawns, "promotionZonePawnDrops"),
            (drops.immobility_illegal, "immobilityIllegal"),
            (drops.drop_loop, "dropLoop"),
            (drops.two_boards, "twoBoards"),
            (drops.must_drop, "mustDrop"),
            (
                drops.opposite_bishops.is_some(),
                "dropOppositeColoredBishop",
            ),
            (drops.castling_dropped, "castlingDroppedPiece"),
            (drops.free, "freeDrops"),
            // Read back as the piece named rook's: checked below.
            (!drops.first_rank_kinds.is_empty(), "sittuyinRookDrop"),
            (drops.drop_mate_loses.is_some(), "shogiPawnDropMateIllegal"),
        ] {
            if on {
                out += &format!("{key} = true\n");
            }
        }
        for (side, region) in ["White", "Black"].iter().zip(&drops.regions) {
            if let Some(region) = region {
                let squares: Vec<String> = region.iter().map(|&s| square(files, s)).collect();
                out += &format!("dropRegion{side} = {}\n", squares.join(" "));
            }
        }
        if let Some(kind) = drops.no_doubled {
            out += &format!("dropNoDoubled = {}\n", variant.kind(kind).letter);
            if drops.no_doubled_count > 1 {
                out += &format!("dropNoDoubledCount = {}\n", drops.no_doubled_count);
            }
        }
        if let Some(p) = promotions {
            let pairs: Vec<String> = form_letters
                .iter()
                .map(|(a, b)| format!("{a}:{b}"))
                .collect();
            out += &format!("promotedPieceType = {}\n", pairs.join(" "));
            for (side, zone) in ["White", "Black"].iter().zip(&p.zones) {
                let squares: Vec<String> = zone.iter().map(|&s| square(files, s)).collect();
                out += &format!("promotionRegion{side} = {}\n", squares.join(" "));
            }
            if p.mandatory {
                out += "mandatoryPiecePromotion = true\n";
            }
            for (on, key) in [
                (p.turning.demotion, "pieceDemotion"),
                (p.turning.drop_promoted, "dropPromoted"),
                (p.turning.on_capture, "piecePromotionOnCapture"),
            ] {
                if on {
                    out += &format!("{key} = true\n");
                }
            }
        }
    }
    out += &format!(
        "nMoveRule = {}\nnFoldRule = {}\n",
        variant.draws.automatic_plies.map_or(0, |p| p / 2),
        variant.draws.automatic_repetitions.unwrap_or(0)
    );
    out += &super::pawn_kinds::write(variant);
    out += &super::repetition::write(variant.goals.repetition);
    if variant.draws.pawn_clock == crate::kernel::PawnClock::Never
        && !variant.kinds.iter().any(|k| k.pawn_like.restarts_clock)
    {
        out += "nMoveRuleTypes = -\n";
    }
    // Read it back: what the reader derives must be the variant's.
    let section = super::parse::sections(&out)
        .ok()
        .and_then(|mut s| s.pop())
        .ok_or_else(|| unstateable("nothing read back".into()))?;
    let (read, _) = super::build::build(&section.name, &section.entries, section.line)
        .map_err(|e| unstateable(format!("it reads back wrong: {e}")))?;
    if read.castling != variant.castling {
        return Err(unstateable(
            "its castling is not Fairy-Stockfish's (king and outermost rook from the start)".into(),
        ));
    }
    let mut starts = [read.start.clone(), variant.start.clone()];
    for s in &mut starts {
        s.sort_by_key(|&(square, _)| square);
    }
    if read.kinds.len() != variant.kinds.len() || starts[0] != starts[1] {
        return Err(unstateable("its pieces do not read back".into()));
    }
    if read.extinction != variant.extinction {
        return Err(unstateable("its extinction rule does not read back".into()));
    }
    if read.goals != variant.goals {
        return Err(unstateable("its goals do not read back".into()));
    }
    // A form's moves count, not its name or worth.
    let moves_only = |d: &Option<crate::kernel::Drops>| {
        let mut d = d.clone();
        for (_, f) in d
            .iter_mut()
            .flat_map(|d| d.promotions.iter_mut().flat_map(|p| &mut p.forms))
        {
            *f = PieceKind {
                name: "",
                value: 0,
                ..f.clone()
            };
            f.leaps.sort_by_key(|l| (l.vector, l.lame));
            f.steps.sort_by_key(|s| s.vector);
        }
        d
    };
    if moves_only(&read.drops) != moves_only(&variant.drops) {
        return Err(unstateable(
            "its pieces in hand and drops do not read back".into(),
        ));
    }
    Ok(out)
}
