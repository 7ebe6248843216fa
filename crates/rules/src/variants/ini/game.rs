//! A game read from a file as the front ends see it: FEN and UCI as
//! Fairy-Stockfish writes them, SAN for people.

use super::IniErrorKind;
use crate::kernel::{AnyPosition, Big, Bits, Move, PerKind, Position, Rules, SquareSet, Variant};
use crate::variants::fen::{read_fen, write_fen, FenError};
use crate::variants::san;
use crate::variants::square_names::square_name;
use crate::variants::NotationError;
use std::sync::OnceLock;

/// A file game's tables, for the square-set type its board needs.
#[derive(Debug)]
enum Tables {
    U64(&'static Rules<u64>),
    U128(&'static Rules<u128>),
    Bits2(&'static Rules<Bits<2>>),
    Bits4(&'static Rules<Bits<4>>),
    Bits8(&'static Rules<Bits<8>>),
    Big(&'static Rules<Big>),
}

/// Runs `$body` with `$r` bound to the `&'static Rules<S>` of a [`Tables`].
macro_rules! with_tables {
    ($tables:expr, $r:ident => $body:expr) => {
        match $tables {
            Tables::U64($r) => $body,
            Tables::U128($r) => $body,
            Tables::Bits2($r) => $body,
            Tables::Bits4($r) => $body,
            Tables::Bits8($r) => $body,
            Tables::Big($r) => $body,
        }
    };
}

/// The tables of a variant for the set type its board needs: the full
/// ones, or (`quick`) ones without the sliders' magic search.
fn tables(variant: &Variant, quick: bool) -> Result<Tables, IniErrorKind> {
    fn make<S: SquareSet>(
        variant: &Variant,
        quick: bool,
    ) -> Result<&'static Rules<S>, IniErrorKind> {
        let rules = if quick {
            Rules::<S>::unsearched(variant.clone())
        } else {
            Rules::<S>::new(variant.clone())
        };
        rules.map(Rules::leak).map_err(IniErrorKind::Variant)
    }
    // Positions of u64 and u128 sets hold 8 kinds: a game of more takes
    // the multiword sets, two words up to 128 squares (opulent: half the
    // position four words make, to copy at each move tested).
    let narrow = variant.kinds.len() <= <<u128 as SquareSet>::Kinds as PerKind<u128>>::LEN;
    // A u64 position keeps promoted pieces' marks in a free kind's set: a
    // game of 8 kinds whose captures go to hand (S-house) takes u128's
    // spare set.
    let marks = variant.drops.as_ref().is_some_and(|d| d.marks());
    let room = !marks || variant.kinds.len() < <<u64 as SquareSet>::Kinds as PerKind<u64>>::LEN;
    Ok(match variant.shape.len() {
        0..=64 if narrow && room => Tables::U64(make(variant, quick)?),
        0..=128 if narrow => Tables::U128(make(variant, quick)?),
        0..=128 => Tables::Bits2(make(variant, quick)?),
        129..=256 => Tables::Bits4(make(variant, quick)?),
        257..=512 => Tables::Bits8(make(variant, quick)?),
        _ => Tables::Big(make(variant, quick)?),
    })
}

/// A game from a `variants.ini` section: its variant and its start. The
/// game is checked when made (with tables built without the sliders'
/// search, quickly); its full tables are built when it is first played,
/// and kept for the program's life as the built-in games' are.
#[derive(Debug)]
pub struct FileGame {
    name: &'static str,
    title: &'static str,
    variant: Variant,
    start_fen: String,
    tables: OnceLock<Tables>,
}

impl FileGame {
    /// The game of a variant and its start FEN; the name is the variant's.
    /// Fails if the kernel refuses the variant or the start does not read.
    pub fn new(variant: Variant, start_fen: String) -> Result<FileGame, IniErrorKind> {
        let name: &'static str = Box::leak(variant.name.clone().into_boxed_str());
        let mut title = variant.name.clone();
        if let Some(first) = title.get_mut(..1) {
            first.make_ascii_uppercase();
        }
        let quick = tables(&variant, true)?;
        read_with(&quick, &variant, &start_fen)
            .map_err(|e| IniErrorKind::StartFen(e.to_string()))?;
        Ok(FileGame {
            name,
            title: Box::leak(title.into_boxed_str()),
            variant,
            start_fen,
            tables: OnceLock::new(),
        })
    }

    /// The game's variant.
    pub fn variant(&self) -> &Variant {
        &self.variant
    }

    /// The start position's FEN.
    pub fn start_fen(&self) -> &str {
        &self.start_fen
    }

    /// The full tables, built on first use.
    fn full(&self) -> &Tables {
        self.tables.get_or_init(|| {
            // The quick tables of the same variant were built when the game
            // was made, and the two fail alike.
            tables(&self.variant, false).expect("the variant was checked when the game was made")
        })
    }

    /// A FEN of this game.
    fn read(&self, text: &str) -> Result<Box<dyn AnyPosition>, FenError> {
        read_with(self.full(), &self.variant, text)
    }

    fn files(&self) -> usize {
        self.variant.shape.size(0) as usize
    }
}

/// A FEN read with these tables; without castling rules, a castling field
/// is ignored as Fairy-Stockfish ignores it.
fn read_with(
    tables: &Tables,
    variant: &Variant,
    text: &str,
) -> Result<Box<dyn AnyPosition>, FenError> {
    let mut fields: Vec<&str> = text.split_whitespace().collect();
    // (Not in shogi's short form, `w 0 1`, whose third field is a clock.)
    let short = fields
        .get(2)
        .is_some_and(|f| f.starts_with(|c: char| c.is_ascii_digit()));
    if variant.castling.is_empty() && fields.len() > 2 && !short {
        fields[2] = "-";
    }
    let text = fields.join(" ");
    with_tables!(tables, r => read_fen(r, &text).map(|p| Box::new(p) as Box<dyn AnyPosition>))
}

fn san_of<S: SquareSet>(p: &Position<S>, m: Move) -> String {
    match m.wall() {
        // Fairy-Stockfish's: the move's SAN, a comma, the wall's square.
        Some(w) => {
            let files = p.rules().variant().shape.size(0) as usize;
            let base = san::write(p, Move { wall: None, ..m });
            format!("{base},{}", square_name(w, files))
        }
        None => san::write(p, m),
    }
}

/// A move read as UCI or SAN; a move that places a wall also as its SAN,
/// a comma and the wall's square (`O-O,e4`).
fn read_walled<S: SquareSet>(p: &Position<S>, text: &str) -> Result<Move, NotationError> {
    let read = crate::variants::chess::read_move(p, text);
    let Some((base, wall)) = text.trim().split_once(',').filter(|_| read.is_err()) else {
        return read;
    };
    let plain = |t: &str| t.trim_end_matches(['+', '#']).to_string();
    p.legal_moves()
        .into_iter()
        .find(|&m| {
            san_of(p, m)
                .split_once(',')
                .is_some_and(|(b, w)| plain(b) == plain(base) && w == wall)
        })
        .ok_or(read.unwrap_err())
}

impl crate::variants::prelude::GameRules for FileGame {
    fn name(&self) -> &'static str {
        self.name
    }

    fn title(&self) -> &'static str {
        self.title
    }

    fn summary(&self) -> String {
        let v = &self.variant;
        // A custom piece by its letter and moves (`a=BN`).
        let names: Vec<String> = v
            .kinds
            .iter()
            .map(|k| match k.name.starts_with("customPiece") {
                true => format!(
                    "{}={}",
                    k.letter,
                    super::betza::write(k).unwrap_or_default()
                ),
                false => k.name.to_string(),
            })
            .collect();
        let drops = match &v.drops {
            Some(d) if d.captures_to_hand => "; captures go to hand, drops",
            Some(_) => "; drops",
            None => "",
        };
        let goals = &v.goals;
        let goals = [
            goals.checks.map(|[n, _]| format!("; {n}-check")),
            goals.flag.as_ref().map(|_| "; a flag goal".to_string()),
            goals.no_checks.then(|| "; no checks".to_string()),
        ]
        .into_iter()
        .flatten()
        .collect::<String>();
        format!(
            "{}×{}; {}{drops}{goals}; from a variants.ini file",
            v.shape.size(0),
            v.shape.size(1),
            names.join(" ")
        )
    }

    fn start(&self) -> Box<dyn AnyPosition> {
        self.read(&self.start_fen)
            .expect("the start was read when the game was made")
    }
}

impl crate::variants::prelude::Text for FileGame {
    fn read_position(&self, text: &str) -> Result<Box<dyn AnyPosition>, NotationError> {
        Ok(self.read(text)?)
    }

    fn write_position(&self, position: &dyn AnyPosition) -> String {
        crate::kernel::with_position!(position.concrete(), p => write_fen(p))
    }

    fn write_move(&self, position: &dyn AnyPosition, m: Move) -> String {
        crate::kernel::with_position!(position.concrete(), p => san_of(p, m))
    }

    fn coordinate_move(&self, position: &dyn AnyPosition, m: Move) -> String {
        crate::kernel::with_position!(position.concrete(), p => crate::variants::uci::write_uci_in(p, m))
    }

    fn read_move(&self, position: &dyn AnyPosition, text: &str) -> Result<Move, NotationError> {
        crate::kernel::with_position!(position.concrete(), p => read_walled(p, text))
    }

    fn square_name(&self, _position: &dyn AnyPosition, square: usize) -> String {
        square_name(square, self.files())
    }

    fn position_format(&self) -> &'static str {
        "FEN"
    }

    /// File games are chosen with `--variant`, never guessed.
    fn recognizes(&self, _text: &str) -> bool {
        false
    }
}

impl crate::variants::prelude::Presentation for FileGame {
    fn board_label(&self, _position: &dyn AnyPosition, _z: usize, _w: usize) -> String {
        String::new()
    }
}

impl crate::variants::prelude::EngineInterop for FileGame {}
