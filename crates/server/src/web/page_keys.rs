//! The page reads the online game's messages by the protocol's keys: every
//! key `online.js` reads from a `gameState` (`st.KEY`) or a `gameFull`
//! (`full.KEY`) is one the protocol's types write, so a renamed field
//! fails here, not in a player's browser.

use duckchess_protocol as wire;
use std::collections::BTreeSet;

const ONLINE_JS: &str = include_str!("page/online.js");

/// The top-level keys of a value's JSON object.
fn keys(value: &impl serde::Serialize) -> BTreeSet<String> {
    match serde_json::to_value(value).expect("serializes") {
        serde_json::Value::Object(map) => map.keys().cloned().collect(),
        other => panic!("not an object: {other}"),
    }
}

/// The names read after `prefix` in the page's script (`st.` reads
/// `st.status`, and not `first.status`).
fn read_after(prefix: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for (at, _) in ONLINE_JS.match_indices(prefix) {
        let before = ONLINE_JS[..at].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$') {
            continue;
        }
        let name: String = ONLINE_JS[at + prefix.len()..]
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        if !name.is_empty() {
            out.insert(name);
        }
    }
    out
}

/// A state with every optional key present.
fn state() -> wire::GameState {
    wire::GameState {
        kind: wire::GameStateType::GameState,
        moves: "e2e4".into(),
        wtime: 1,
        btime: 1,
        winc: 0,
        binc: 0,
        status: wire::Status::Started,
        wdraw: false,
        bdraw: false,
        wtakeback: false,
        btakeback: false,
        winner: Some(wire::Side::White),
        rating_diff: Some(wire::ByColor::from_array([1, -1])),
        version: 1,
        ply: 1,
        to_move: wire::Side::Black,
        clock_running: true,
        clock_at: 0,
        reason: Some("".into()),
        draw_offer: Some(wire::Side::White),
        rematch_offer: Some(wire::Side::White),
        rematch: Some("x".into()),
        connected: wire::ByColor::from_array([true, true]),
        notations: vec!["e4".into()],
        claimable: false,
        watchers: Some(1),
    }
}

#[test]
fn every_key_the_page_reads_from_a_game_state_is_written() {
    let written = keys(&state());
    let read = read_after("st.");
    assert!(read.len() >= 15, "the page reads these: {read:?}");
    let unknown: Vec<_> = read.difference(&written).collect();
    assert!(
        unknown.is_empty(),
        "online.js reads {unknown:?} from a gameState, which has {written:?}"
    );
}

#[test]
fn every_key_the_page_reads_from_a_game_full_is_written() {
    let full = wire::GameFull {
        kind: wire::GameFullType::GameFull,
        id: "g".into(),
        rated: false,
        variant: wire::Variant {
            key: "chess".into(),
            name: "chess".into(),
            short: "chess".into(),
        },
        clock: None,
        speed: "correspondence".into(),
        perf: wire::Perf {
            name: "correspondence".into(),
        },
        created_at: 0,
        white: wire::Player::open(),
        black: wire::Player::open(),
        initial_fen: "startpos".into(),
        state: state(),
        game: "chess".into(),
        start: "startpos".into(),
        sides: ["white".into(), "black".into()],
        you: Some(wire::Side::White),
    };
    let written = keys(&full);
    let mut read = read_after("full.");
    read.extend(read_after("online.full."));
    assert!(read.len() >= 3, "the page reads these: {read:?}");
    let unknown: Vec<_> = read.difference(&written).collect();
    assert!(
        unknown.is_empty(),
        "online.js reads {unknown:?} from a gameFull, which has {written:?}"
    );
}
