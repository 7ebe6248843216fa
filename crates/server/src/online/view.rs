//! What clients read of a game: the lichess Board API's `gameFull` and
//! `gameState` objects, with this server's additions (fields lichess clients
//! ignore): the game's own notation and side names, the reason in words,
//! offers, presence, and the clock's reading time.

use super::referee::{side_key, Table};
use crate::kernel::Color;
use serde_json::{json, Value};

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
    fn json(&self) -> Value {
        match (&self.id, self.computer_ms) {
            (id, Some(ms)) => json!({
                "aiLevel": ms, "name": format!("computer ({ms} ms)"), "id": id, "title": "BOT",
                "rating": self.rating.map(|r| r.rating.round() as i64),
                "shown": self.rating.map(|r| r.shown()),
            }),
            (Some(id), None) => json!({
                "id": id, "name": self.name, "title": null,
                "rating": self.rating.map(|r| r.rating.round() as i64),
                "provisional": self.rating.is_none_or(|r| r.provisional()),
                "shown": self.rating.map(|r| r.shown()),
            }),
            (None, None) => json!({ "id": null, "name": null, "open": true }),
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
pub fn variant_json(name: &str) -> Value {
    if name == "chess" {
        json!({"key": "standard", "name": "Standard", "short": "Std"})
    } else {
        json!({"key": name, "name": name, "short": name})
    }
}

/// The state of a game at `now`: lichess's `gameState` and ours.
pub fn game_state(t: &Table, now: i64, present: [bool; 2]) -> Value {
    let r = &t.row;
    let moves = t
        .moves
        .iter()
        .map(|m| m.text.as_str())
        .collect::<Vec<_>>()
        .join(" ");
    let left = t.left_at(now);
    let inc = r.increment_ms.unwrap_or(0);
    let big = 2_147_483_647i64; // lichess's "no clock"
    let mut v = json!({
        "type": "gameState",
        "moves": moves,
        "wtime": left.map_or(big, |l| l[0]),
        "btime": left.map_or(big, |l| l[1]),
        "winc": inc,
        "binc": inc,
        "status": r.status,
        "wdraw": r.draw_offer.as_deref() == Some("white"),
        "bdraw": r.draw_offer.as_deref() == Some("black"),
        "wtakeback": false,
        "btakeback": false,
        // Ours:
        "version": r.version,
        "ply": r.ply,
        "toMove": side_key(t.to_move()),
        "clockRunning": t.clocks().is_some_and(|c| c.running),
        "clockAt": now,
        "reason": r.reason,
        "drawOffer": r.draw_offer,
        "rematchOffer": r.rematch_offer,
        "rematch": r.rematch_id,
        "connected": {"white": present[0], "black": present[1]},
        "notations": t.notations,
        "claimable": !t.is_over()
            && crate::variants::status::Status::of(t.notation, &*t.game).claimed().is_some(),
    });
    if let Some(w) = &r.winner {
        v["winner"] = json!(w);
    }
    if let (Some(w), Some(b)) = (r.white_rating_diff, r.black_rating_diff) {
        v["ratingDiff"] = json!({"white": w.round() as i64, "black": b.round() as i64});
    }
    v
}

/// The whole game at `now`: lichess's `gameFull`, with `you` (the reader's
/// seat, if any) and the game's own names.
pub fn game_full(
    t: &Table,
    seats: [Seat; 2],
    now: i64,
    present: [bool; 2],
    you: Option<usize>,
) -> Value {
    let r = &t.row;
    let clock = match (r.initial_ms, r.increment_ms) {
        (Some(i), inc) => json!({"initial": i, "increment": inc.unwrap_or(0)}),
        _ => Value::Null,
    };
    let speed = speed(r.initial_ms, r.increment_ms);
    let initial_fen = if r.variant == "chess"
        && r.start_position == t.notation.write_position(&*t.notation.start())
    {
        "startpos".to_string()
    } else {
        r.start_position.clone()
    };
    json!({
        "type": "gameFull",
        "id": r.id,
        "rated": r.rated,
        "variant": variant_json(&r.variant),
        "clock": clock,
        "speed": speed,
        "perf": {"name": speed},
        "createdAt": r.created_ms,
        "white": seats[0].json(),
        "black": seats[1].json(),
        "initialFen": initial_fen,
        "state": game_state(t, now, present),
        // Ours:
        "game": r.variant,
        "start": r.start_position,
        "sides": Color::ALL.map(|c| t.notation.side_name(c)),
        "you": you.map(side_key),
    })
}

/// A game in a list (`/api/online/games`, a player's history).
pub fn summary(t: &Table, seats: [Seat; 2]) -> Value {
    let r = &t.row;
    json!({
        "id": r.id,
        "variant": r.variant,
        "rated": r.rated,
        "status": r.status,
        "winner": r.winner,
        "reason": r.reason,
        "ply": r.ply,
        "clock": r.initial_ms.map(|i| json!({"initial": i, "increment": r.increment_ms.unwrap_or(0)})),
        "white": seats[0].json(),
        "black": seats[1].json(),
        "createdAt": r.created_ms,
        "lastMoveAt": r.updated_ms,
    })
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

/// lichess's number of a status (its games' `status.id`).
pub fn status_id(status: &str) -> u32 {
    match status {
        "created" => 10,
        "started" => 20,
        "aborted" => 25,
        "mate" => 30,
        "resign" => 31,
        "stalemate" => 32,
        "timeout" => 33,
        "draw" => 34,
        "outoftime" => 35,
        "variantEnd" => 60,
        _ => 38,
    }
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
