//! Fair play: no engine help for a live rated game. The best move (the
//! page's hint), the analysis and the review refuse a position that stands
//! in a live rated game, from anyone, however the position is written;
//! another position, a casual game's, and the game's own start are
//! answered; once the game is over, everything opens; a restarted server
//! knows the running games.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use duckchess::online::clock::ManualClock;
use duckchess::online::{Action, Actor, NewGame, Service};
use duckchess::web::{router, AppState, REFUSED};
use http_body_util::BodyExt;
use serde_json::{json, Value};
use std::sync::Arc;
use tower::ServiceExt;

const T0: i64 = 1_800_000_000_000;

async fn post(app: &axum::Router, path: &str, body: Value) -> (StatusCode, String) {
    let req = Request::post(path)
        .header("content-type", "application/json")
        .body(Body::from(body.to_string()))
        .unwrap();
    let res = app.clone().oneshot(req).await.unwrap();
    let status = res.status();
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    (status, String::from_utf8_lossy(&bytes).into_owned())
}

async fn service(url: &str, clock: &ManualClock) -> Arc<Service> {
    let store = duckchess::store::Store::open(url).await.unwrap();
    Service::with_clock(store, None, Arc::new(clock.clone()), false)
}

/// Every engine endpoint on the game `history` (coordinates) of chess.
async fn engine_answers(app: &axum::Router, history: &[&str]) -> Vec<(StatusCode, String)> {
    let game = json!({"variant": "chess", "history": history});
    let mut analyse = game.clone();
    analyse["think_ms"] = json!(50);
    let mut review = game.clone();
    review["think_ms"] = json!(10);
    let mut best = game;
    best["think_ms"] = json!(20);
    vec![
        post(app, "/api/best", best).await,
        post(app, "/api/analyse", analyse).await,
        post(app, "/api/review", review).await,
    ]
}

fn all_refused(answers: &[(StatusCode, String)]) -> bool {
    answers
        .iter()
        .all(|(s, body)| *s == StatusCode::FORBIDDEN && body.contains(REFUSED))
}

fn all_answered(answers: &[(StatusCode, String)]) -> bool {
    answers.iter().all(|(s, _)| *s == StatusCode::OK)
}

#[tokio::test]
async fn no_engine_for_a_live_rated_games_position() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}/games.db", dir.path().display());
    let clock = ManualClock::new(T0);
    let s = service(&url, &clock).await;
    let app = router(AppState::default().with_online(s.clone()));
    let alice = s.create_account("alice", "a long password").await.unwrap();
    let bob = s.create_account("bob", "a long password").await.unwrap();
    let made = |rated: bool| NewGame {
        variant: "chess".into(),
        time: Some("5+3".parse().unwrap()),
        side: Some(0),
        rated,
        ..NewGame::default()
    };
    let rated = s.create(&alice, made(true)).await.unwrap().id;
    s.act(&rated, &Actor::Player(bob.clone()), Action::Join)
        .await
        .unwrap();
    // At the start, nothing is refused: every game begins there.
    assert!(all_answered(&engine_answers(&app, &[]).await));
    let play = |text: &str, ply: i64| Action::Move {
        text: text.into(),
        ply: Some(ply),
    };
    s.act(&rated, &Actor::Player(alice.clone()), play("e2e4", 0))
        .await
        .unwrap();
    // Black to move after 1. e4: the best move, the analysis and the
    // review are refused, for the history and for the position typed in
    // with other move counters.
    let refused = engine_answers(&app, &["e2e4"]).await;
    assert!(all_refused(&refused), "{refused:?}");
    let typed = json!({
        "variant": "chess",
        "position": "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 7 31",
        "think_ms": 20,
    });
    let (status, body) = post(&app, "/api/best", typed).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    // A review of a longer game that passed through it is refused too.
    let passing = engine_answers(&app, &["e2e4", "e7e5"]).await;
    assert_eq!(passing[2].0, StatusCode::FORBIDDEN, "{passing:?}");
    assert_eq!(passing[0].0, StatusCode::OK, "{passing:?}");
    // Another position is answered; so is a casual game's.
    assert!(all_answered(&engine_answers(&app, &["d2d4"]).await));
    let casual = s.create(&alice, made(false)).await.unwrap().id;
    s.act(&casual, &Actor::Player(bob.clone()), Action::Join)
        .await
        .unwrap();
    s.act(&casual, &Actor::Player(alice.clone()), play("g1f3", 0))
        .await
        .unwrap();
    assert!(all_answered(&engine_answers(&app, &["g1f3"]).await));
    // The refusal follows the game: after 1... e5 the position after
    // 1. e4 opens and the new one is refused.
    s.act(&rated, &Actor::Player(bob.clone()), play("e7e5", 1))
        .await
        .unwrap();
    assert_eq!(engine_answers(&app, &["e2e4"]).await[0].0, StatusCode::OK);
    assert!(all_refused(&engine_answers(&app, &["e2e4", "e7e5"]).await));
    // A restarted server reads the running games in.
    let restarted = service(&url, &clock).await;
    restarted.check_flags().await.unwrap();
    assert_eq!(restarted.live.len(), 1);
    let app2 = router(AppState::default().with_online(restarted));
    assert!(all_refused(&engine_answers(&app2, &["e2e4", "e7e5"]).await));
    // Over: everything opens.
    s.act(&rated, &Actor::Player(alice.clone()), Action::Resign)
        .await
        .unwrap();
    assert!(s.live.is_empty());
    assert!(all_answered(&engine_answers(&app, &["e2e4", "e7e5"]).await));
}
