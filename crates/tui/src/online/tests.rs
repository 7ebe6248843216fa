//! The online seat's reading of links, lines and states, and the
//! terminal game following a server.

use super::*;
use crate::kernel::Color;
use serde_json::Value;

#[test]
fn links() {
    let link = parse_url("http://localhost/game/x1").unwrap();
    assert_eq!((link.host.as_str(), link.port), ("localhost", 80));
    assert!(parse_url("https://h/game/x")
        .unwrap_err()
        .to_string()
        .contains("https"));
    assert!(parse_url("http://h:99999/game/x").is_err());
    assert!(parse_url("http://h:1/lobby").is_err());
    assert!(parse_url("http:///game/x").is_err());
}

/// A state as the server writes it: the protocol's type, as JSON.
fn state(moves: &str, status: &str) -> Value {
    let status: wire::Status = status.parse().unwrap();
    let resigned = status == wire::Status::Resign;
    serde_json::to_value(wire::GameState {
        kind: wire::GameStateType::GameState,
        moves: moves.into(),
        wtime: 61000,
        btime: 2500,
        winc: 0,
        binc: 0,
        status,
        wdraw: true,
        bdraw: false,
        wtakeback: false,
        btakeback: false,
        winner: resigned.then_some(wire::Side::Black),
        rating_diff: None,
        version: 1,
        ply: moves.split_whitespace().count() as i64,
        to_move: wire::Side::White,
        clock_running: true,
        clock_at: 0,
        reason: resigned.then(|| "black wins: white resigned".into()),
        draw_offer: Some(wire::Side::White),
        rematch_offer: None,
        rematch: None,
        connected: wire::ByColor::from_array([true, false]),
        notations: vec![],
        claimable: false,
        watchers: None,
    })
    .unwrap()
}

/// A whole game as the server writes it.
fn full(game: &str, start: String, state: Value, seats: [wire::Player; 2]) -> Value {
    let [white, black] = seats;
    serde_json::to_value(wire::GameFull {
        kind: wire::GameFullType::GameFull,
        id: "g".into(),
        rated: false,
        variant: wire::Variant {
            key: game.into(),
            name: game.into(),
            short: game.into(),
        },
        clock: Some(wire::Clock {
            initial: 300_000,
            increment: 2000,
        }),
        speed: "blitz".into(),
        perf: wire::Perf {
            name: "blitz".into(),
        },
        created_at: 0,
        white,
        black,
        initial_fen: start.clone(),
        state: serde_json::from_value(state).unwrap(),
        game: game.into(),
        start,
        sides: ["white".into(), "black".into()],
        you: None,
    })
    .unwrap()
}

fn person(id: &str) -> wire::Player {
    wire::Player::Person {
        id: id.into(),
        name: None,
        title: None,
        rating: None,
        provisional: true,
        shown: None,
    }
}

#[test]
fn a_partial_or_foreign_line_is_refused_by_name() {
    let mut v = state("e2e4", "started");
    v.as_object_mut().unwrap().remove("ply");
    let e = parse_state(&v).unwrap_err().to_string();
    assert!(e.contains("ply"), "{e}");
    v["ply"] = json!(1);
    v["status"] = json!("paused");
    assert!(parse_state(&v).is_err());
    assert!(parse_full(&state("e2e4", "started")).is_err());
}

#[test]
fn a_state_maps_to_the_local_game() {
    let chess = crate::variants::by_name("chess").unwrap();
    let s = parse_state(&state("e2e4 e7e5 g1f3", "started")).unwrap();
    let synced = synced(chess, &*chess.start(), &s).unwrap();
    assert_eq!(synced.moves.len(), 3);
    let (left, running) = synced.clocks.unwrap();
    assert_eq!(
        left,
        [Duration::from_millis(61000), Duration::from_millis(2500)]
    );
    assert_eq!(running, Some(Color::Black));
    assert_eq!(synced.end, None);
    assert_eq!(synced.draw_offer, Some(Color::White));
    assert_eq!(synced.connected, [true, false]);

    let over = parse_state(&state("e2e4", "resign")).unwrap();
    let synced = super::synced(chess, &*chess.start(), &over).unwrap();
    assert_eq!(synced.end.as_deref(), Some("black wins: white resigned"));
    assert_eq!(synced.clocks.unwrap().1, None);

    let bad = parse_state(&state("e2e5", "started")).unwrap();
    assert!(super::synced(chess, &*chess.start(), &bad).is_err());
    // No clock: lichess's big number.
    let mut v = state("", "started");
    v["wtime"] = json!(2_147_483_647i64);
    v["btime"] = json!(2_147_483_647i64);
    let s = parse_state(&v).unwrap();
    assert!(super::synced(chess, &*chess.start(), &s)
        .unwrap()
        .clocks
        .is_none());
}

#[test]
fn duck_chess_moves_replay_from_the_server_start() {
    let duck = crate::variants::by_name("duck").unwrap();
    let full = full(
        "duck",
        duck.write_position(&*duck.start()),
        state("e1e2", "started"),
        [person("a"), person("b")],
    );
    let game = parse_full(&full).unwrap();
    assert_eq!(game.you, None);
    assert_eq!(game.open, [false, false]);
    assert_eq!(game.clock, Some((300_000, 2000)));
    let (notation, start) = local_start(&game).unwrap();
    let synced = synced(notation, &*start, &game.state).unwrap();
    assert_eq!(synced.moves.len(), 1);
}

#[test]
fn the_terminal_game_follows_the_server_and_sends_its_moves() {
    use crate::game::{Action, Options};
    let chess = crate::variants::by_name("chess").unwrap();
    let mut game = Game::new(Options {
        online: Some(Some(Color::Black)),
        ..Options::new(chess)
    });
    assert!(game.is_flipped());
    let at = |game: &Game, moves: &str, status: &str, offer: bool| {
        let mut v = state(moves, status);
        if !offer {
            v["drawOffer"] = Value::Null;
        }
        synced(chess, game.start(), &parse_state(&v).unwrap()).unwrap()
    };
    // White's move is not ours to make.
    game.handle(Action::Click(12));
    assert!(game.prompt().starts_with("wait"), "{}", game.prompt());
    game.sync(at(&game, "e2e4", "started", false));
    assert_eq!(game.notes(), ["e4"]);
    assert!(
        game.clock_lines()[1].starts_with("> black 0:02"),
        "{:?}",
        game.clock_lines()
    );
    // Black's move goes to the server, not to the board.
    game.handle(Action::Click(52));
    game.handle(Action::Click(36));
    assert_eq!(
        game.take_outgoing(),
        [Outgoing::Move {
            text: "e7e5".into(),
            ply: 1
        }]
    );
    assert_eq!(game.moves().len(), 1);
    // Undo asks the server for a takeback; there is no redo.
    game.handle(Action::Undo);
    assert_eq!(game.take_outgoing(), [Outgoing::Takeback]);
    assert!(
        game.prompt().starts_with("takeback asked"),
        "{}",
        game.prompt()
    );
    game.handle(Action::Redo);
    assert_eq!(game.prompt(), "no redo online (u asks for a takeback)");
    // No engine during the game: neither the hint nor the evaluation.
    for engine in [Action::Hint, Action::Eval] {
        game.handle(engine);
        assert_eq!(game.prompt(), "no engine while the game is being played");
    }
    game.sync(at(&game, "e2e4 e7e5", "started", true));
    assert_eq!(game.notes(), ["e4", "e5"]);
    // White offered a draw: y accepts it, on the server.
    assert!(game.prompt().contains("offers a draw"), "{}", game.prompt());
    game.handle(Action::Yes);
    assert_eq!(game.take_outgoing(), [Outgoing::DrawOffer]);
    // White asks to take back: any key but y declines, on the server.
    let asks = |game: &Game, moves: &str| {
        let mut v = state(moves, "started");
        v["drawOffer"] = Value::Null;
        v["wtakeback"] = true.into();
        synced(chess, game.start(), &parse_state(&v).unwrap()).unwrap()
    };
    game.sync(asks(&game, "e2e4 e7e5"));
    assert!(
        game.prompt().contains("white asks to take back"),
        "{}",
        game.prompt()
    );
    game.handle(Action::Flip);
    assert_eq!(game.take_outgoing(), [Outgoing::TakebackDecline]);
    // Asked again and agreed: the server takes both moves back, and the
    // board follows.
    game.sync(at(&game, "e2e4 e7e5", "started", false));
    game.sync(asks(&game, "e2e4 e7e5"));
    game.handle(Action::Yes);
    assert_eq!(game.take_outgoing(), [Outgoing::Takeback]);
    game.sync(at(&game, "", "started", false));
    assert!(game.notes().is_empty(), "{:?}", game.notes());
    game.sync(at(&game, "e2e4 e7e5", "started", false));
    game.handle(Action::Resign);
    game.handle(Action::Yes);
    assert_eq!(game.take_outgoing(), [Outgoing::Resign]);
    assert!(!game.is_over());
    game.sync(at(&game, "e2e4 e7e5", "resign", false));
    assert!(game.is_over());
    assert_eq!(game.result().as_deref(), Some("black wins: white resigned"));
    // A refusal is said.
    game.online_message("the server refused: not your move".into());
    assert_eq!(game.prompt(), "the server refused: not your move");
}

#[test]
fn a_spectator_cannot_move() {
    use crate::game::{Action, Options};
    let chess = crate::variants::by_name("chess").unwrap();
    let mut game = Game::new(Options {
        online: Some(None),
        ..Options::new(chess)
    });
    game.handle(Action::Click(12));
    assert!(game.prompt().starts_with("watching"), "{}", game.prompt());
    game.handle(Action::OfferDraw);
    assert!(game.take_outgoing().is_empty());
}

#[test]
fn an_answer_is_the_servers_json_or_its_refusal_in_its_words() {
    let answer = |status, body: &str| Answer {
        status,
        cookie: None,
        body: body.into(),
    };
    assert_eq!(answer(200, r#"{"a":1}"#).json().unwrap()["a"], 1);
    let refused = answer(409, r#"{"error":"not your move"}"#)
        .json()
        .unwrap_err();
    assert!(matches!(refused, OnlineError::Refused { status: 409, .. }));
    assert_eq!(refused.to_string(), "not your move");
    let bare = answer(500, "{}").json().unwrap_err();
    assert_eq!(bare.to_string(), "the server answered 500");
    let html = answer(502, "<html>").json().unwrap_err();
    assert_eq!(html.to_string(), "the server answered 502 without JSON");
    let link = parse_url("http://h:x/game/1").unwrap_err();
    assert_eq!(
        link.to_string(),
        r#"--online "http://h:x/game/1": "x" is no port"#
    );
}
