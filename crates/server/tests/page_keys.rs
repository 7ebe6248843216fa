//! The page reads the online game's messages by the protocol's keys: every
//! key `page/online.js` reads of a game (`f.KEY`) or of its state
//! (`st.KEY`) is one the protocol writes, so a renamed field fails here,
//! not in a player's browser.

use duckchess_protocol::*;
use std::collections::BTreeSet;

/// Every key of an object as the protocol writes it, optional ones set.
fn keys<T: serde::Serialize>(value: &T) -> BTreeSet<String> {
    match serde_json::to_value(value).unwrap() {
        serde_json::Value::Object(map) => map.keys().cloned().collect(),
        other => panic!("not an object: {other}"),
    }
}

/// The identifiers read after `prefix` (`st.` or `f.`) in the page's code.
fn read_after(code: &str, prefix: &str) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    for (at, _) in code.match_indices(prefix) {
        // A whole word: `st.` but not `test.`.
        let before = code[..at].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '.') {
            continue;
        }
        let key: String = code[at + prefix.len()..]
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect();
        if !key.is_empty() {
            found.insert(key);
        }
    }
    found
}

fn state() -> GameState {
    GameState {
        kind: GameStateType::GameState,
        moves: String::new(),
        wtime: 1,
        btime: 1,
        winc: 0,
        binc: 0,
        status: Status::Mate,
        wdraw: false,
        bdraw: false,
        wtakeback: false,
        btakeback: false,
        winner: Some(Side::White),
        rating_diff: Some(ByColor::from_array([8, -8])),
        version: 1,
        ply: 1,
        to_move: Side::Black,
        clock_running: false,
        clock_at: 0,
        reason: None,
        draw_offer: None,
        rematch_offer: None,
        rematch: None,
        connected: ByColor::default(),
        notations: vec![],
        claimable: false,
        watchers: Some(1),
    }
}

#[test]
fn every_key_the_page_reads_is_one_the_protocol_writes() {
    let page = include_str!("../src/web/page/online.js");
    let full = GameFull {
        kind: GameFullType::GameFull,
        id: "g".into(),
        rated: true,
        variant: Variant {
            key: "duck".into(),
            name: "duck".into(),
            short: "duck".into(),
        },
        clock: Some(Clock {
            initial: 60_000,
            increment: 0,
        }),
        speed: "bullet".into(),
        perf: Perf {
            name: "bullet".into(),
        },
        created_at: 0,
        white: Player::open(),
        black: Player::open(),
        initial_fen: "startpos".into(),
        state: state(),
        game: "duck".into(),
        start: "startpos".into(),
        sides: ["red".into(), "blue".into()],
        you: Some(Side::White),
    };
    let (state_keys, full_keys) = (keys(&state()), keys(&full));
    let read_of_state = read_after(page, "st.");
    let read_of_full = read_after(page, "f.");
    assert!(
        read_of_state.len() >= 10,
        "the page reads {read_of_state:?}"
    );
    assert!(!read_of_full.is_empty());
    let unknown: Vec<_> = read_of_state.difference(&state_keys).collect();
    assert!(
        unknown.is_empty(),
        "the page reads state keys no message has: {unknown:?}"
    );
    let unknown: Vec<_> = read_of_full.difference(&full_keys).collect();
    assert!(
        unknown.is_empty(),
        "the page reads game keys no message has: {unknown:?}"
    );
}
