//! What clients read of a game: the lichess Board API's `gameFull` and
//! `gameState` objects, with this server's additions (fields lichess clients
//! ignore): the game's own notation and side names, the reason in words,
//! offers, presence, and the clock's reading time.

use super::referee::Table;
use crate::kernel::Color;
use duckchess_protocol as wire;
use duckchess_protocol::{ByColor, GameFullType, GameStateType, Side, NO_CLOCK};
use serde_json::Value;

/// A seat's holder as shown.
#[derive(Clone, Debug, Default)]
pub struct Seat {
    /// The player's id (none: the computer, or open).
    pub id: Option<String>,
    /// As shown.
    pub name: Option<String>,
    /// The computer's thinking time when it holds the seat.
    pub computer_ms: Option<i64>,
    /// The holder's rating in the game's perf (accounts).
    pub rating: Option<super::rating::Rating>,
}

impl Seat {
    /// The seat as the protocol writes it.
    pub fn player(&self) -> wire::Player {
        let rating = self.rating.map(|r| r.rating.round() as i64);
        let shown = self.rating.map(|r| r.shown());
        match (&self.id, self.computer_ms) {
            (id, Some(ms)) => wire::Player::Computer {
                ai_level: ms,
                name: format!("computer ({ms} ms)"),
                id: id.clone(),
                title: "BOT".into(),
                rating,
                shown,
            },
            (Some(id), None) => wire::Player::Person {
                id: id.clone(),
                name: self.name.clone(),
                title: None,
                rating,
                provisional: self.rating.is_none_or(|r| r.provisional()),
                shown,
            },
            (None, None) => wire::Player::open(),
        }
    }
}

/// lichess's speed of a time control, by the estimated duration (base + 40
/// increments).
pub fn speed(initial_ms: Option<i64>, increment_ms: Option<i64>) -> &'static str {
    let Some(base) = initial_ms else {
        return "correspondence";
    };
    let estimate = base / 1000 + 40 * increment_ms.unwrap_or(0) / 1000;
    match estimate {
        e if e < 30 => "ultraBullet",
        e if e < 180 => "bullet",
        e if e < 480 => "blitz",
        e if e < 1500 => "rapid",
        _ => "classical",
    }
}

/// The variant as lichess names it: chess is `standard`; the other games
/// keep this server's names (documented in docs/online.md).
pub fn variant(name: &str) -> wire::Variant {
    let (key, name, short) = if name == "chess" {
        ("standard", "Standard", "Std")
    } else {
        (name, name, name)
    };
    wire::Variant {
        key: key.into(),
        name: name.into(),
        short: short.into(),
    }
}

/// [`variant`] as JSON.
pub fn variant_json(name: &str) -> Value {
    serde_json::to_value(variant(name)).expect("a variant is JSON")
}

/// The state of a game at `now`: lichess's `gameState` and ours;
/// `watchers`: how many read it, where known.
pub fn game_state(
    t: &Table,
    now: i64,
    present: [bool; 2],
    watchers: Option<usize>,
) -> wire::GameState {
    let r = &t.row;
    let moves = t
        .moves
        .iter()
        .map(|m| m.text.as_str())
        .collect::<Vec<_>>()
        .join(" ");
    let left = t.left_at(now);
    let inc = r.increment_ms.unwrap_or(0);
    wire::GameState {
        kind: GameStateType::GameState,
        moves,
        wtime: left.map_or(NO_CLOCK, |l| l[0]),
        btime: left.map_or(NO_CLOCK, |l| l[1]),
        winc: inc,
        binc: inc,
        status: r.status,
        wdraw: r.draw_offer == Some(Side::White),
        bdraw: r.draw_offer == Some(Side::Black),
        wtakeback: r.takeback_offer == Some(Side::White),
        btakeback: r.takeback_offer == Some(Side::Black),
        winner: r.winner,
        rating_diff: match (r.white_rating_diff, r.black_rating_diff) {
            (Some(w), Some(b)) => Some(ByColor {
                white: w.round() as i64,
                black: b.round() as i64,
            }),
            _ => None,
        },
        version: r.version,
        ply: r.ply,
        to_move: Side::ALL[t.to_move()],
        clock_running: t.clocks().is_some_and(|c| c.running),
        clock_at: now,
        reason: r.reason.clone(),
        draw_offer: r.draw_offer,
        rematch_offer: r.rematch_offer,
        rematch: r.rematch_id.clone(),
        connected: ByColor::from_array(present),
        notations: t.notations.clone(),
        claimable: !t.is_over()
            && crate::variants::status::Status::of(t.notation, &*t.game)
                .claimed()
                .is_some(),
        watchers,
    }
}

/// The whole game at `now`: lichess's `gameFull`, with `you` (the reader's
/// seat, if any) and the game's own names.
pub fn game_full(
    t: &Table,
    seats: [Seat; 2],
    now: i64,
    present: [bool; 2],
    you: Option<usize>,
    watchers: Option<usize>,
) -> wire::GameFull {
    let r = &t.row;
    let speed = speed(r.initial_ms, r.increment_ms);
    let initial_fen = if r.variant == "chess"
        && r.start_position == t.notation.write_position(&*t.notation.start())
    {
        "startpos".to_string()
    } else {
        r.start_position.clone()
    };
    let [white, black] = seats.map(|s| s.player());
    wire::GameFull {
        kind: GameFullType::GameFull,
        id: r.id.clone(),
        rated: r.rated,
        variant: variant(&r.variant),
        clock: r.initial_ms.map(|initial| wire::Clock {
            initial,
            increment: r.increment_ms.unwrap_or(0),
        }),
        speed: speed.into(),
        perf: wire::Perf { name: speed.into() },
        created_at: r.created_ms,
        white,
        black,
        initial_fen,
        state: game_state(t, now, present, watchers),
        game: r.variant.clone(),
        start: r.start_position.clone(),
        sides: Color::ALL.map(|c| t.notation.side_name(c).to_string()),
        you: you.map(|s| Side::ALL[s]),
    }
}

/// A game in a list (`/api/online/games`, a player's history).
pub fn summary(t: &Table, seats: [Seat; 2]) -> wire::GameSummary {
    let r = &t.row;
    wire::GameSummary {
        id: r.id.clone(),
        variant: r.variant.clone(),
        rated: r.rated,
        status: r.status,
        facts: wire::GameFacts {
            winner: r.winner,
            reason: r.reason.clone(),
            ply: r.ply,
            clock: r.initial_ms.map(|i| wire::Clock {
                initial: i,
                increment: r.increment_ms.unwrap_or(0),
            }),
            white: seats[0].player(),
            black: seats[1].player(),
            created_at: r.created_ms,
            last_move_at: r.updated_ms,
            rating_diff: match (r.white_rating_diff, r.black_rating_diff) {
                (Some(w), Some(b)) => Some(ByColor {
                    white: w.round() as i64,
                    black: b.round() as i64,
                }),
                _ => None,
            },
        },
    }
}

/// A day as PGN writes it, `2026.12.02`, from ms since the epoch (UTC).
pub fn date(ms: i64) -> String {
    // Days to a civil date (Howard Hinnant's algorithm).
    let z = ms.div_euclid(86_400_000) + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}.{m:02}.{d:02}")
}

#[cfg(test)]
mod tests {
    #[test]
    fn dates() {
        assert_eq!(super::date(0), "1970.01.01");
        assert_eq!(super::date(1_796_252_729_278), "2026.12.02");
        assert_eq!(super::date(951_782_400_000), "2000.02.29");
    }
}
