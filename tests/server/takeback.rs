//! Takebacks, as on lichess: a side asks to take back its last move, the
//! other agrees or declines; the moves go from the stored game; the
//! computer agrees at once in a casual game. On a real SQLite file, with a
//! clock the test moves by hand; the lichess route through the router.

use duckchess::online::clock::{ManualClock, TimeControl};
use duckchess::online::referee::Refusal;
use duckchess::online::{Action, Actor, NewGame, Service, ServiceError};
use duckchess::protocol::Side;
use duckchess::store::Store;
use std::sync::Arc;

const T0: i64 = 1_800_000_000_000;

async fn service(dir: &tempfile::TempDir, clock: &ManualClock) -> Arc<Service> {
    let store = Store::open(&format!("sqlite://{}/games.db", dir.path().display()))
        .await
        .unwrap();
    Service::with_clock(store, None, Arc::new(clock.clone()), false)
}

fn mv(text: &str) -> Action {
    Action::Move {
        text: text.into(),
        ply: None,
    }
}

/// A chess game (timed by `time`) between alice (white) and bob.
async fn started(s: &Arc<Service>, time: Option<&str>) -> (String, Actor, Actor) {
    let (alice, _) = s.new_guest("alice").await.unwrap();
    let (bob, _) = s.new_guest("bob").await.unwrap();
    let row = s
        .create(
            &alice,
            NewGame {
                variant: "chess".into(),
                time: time.map(|t| t.parse::<TimeControl>().unwrap()),
                side: Some(0),
                ..NewGame::default()
            },
        )
        .await
        .unwrap();
    let b = Actor::Player(bob);
    s.act(&row.id, &b, Action::Join).await.unwrap();
    (row.id, Actor::Player(alice), b)
}

fn refusal(r: Result<impl Sized, ServiceError>) -> String {
    match r {
        Err(ServiceError::Refused(Refusal::NotNow(why))) => why,
        Err(e) => panic!("not a refusal for now: {e}"),
        Ok(_) => panic!("accepted"),
    }
}

async fn moves(s: &Arc<Service>, id: &str) -> Vec<String> {
    let t = s.table(id).await.unwrap();
    t.moves.iter().map(|m| m.text.clone()).collect()
}

#[tokio::test]
async fn a_takeback_asked_and_agreed_removes_the_askers_move_and_the_reply() {
    let dir = tempfile::tempdir().unwrap();
    let clock = ManualClock::new(T0);
    let s = service(&dir, &clock).await;
    let (id, a, b) = started(&s, Some("5+3")).await;
    // Nothing to take back yet, for either side.
    assert_eq!(
        refusal(s.act(&id, &a, Action::OfferTakeback).await),
        "you have no move to take back"
    );
    s.act(&id, &a, mv("e4")).await.unwrap();
    // Black has not moved: nothing of its own to take back.
    assert_eq!(
        refusal(s.act(&id, &b, Action::OfferTakeback).await),
        "you have no move to take back"
    );
    s.act(&id, &b, mv("e5")).await.unwrap();
    s.act(&id, &a, mv("Nf3")).await.unwrap();
    s.act(&id, &b, mv("Nc6")).await.unwrap();
    // White's clock runs for 10 s, then white asks on its own turn: its
    // Nf3 and black's Nc6 after it go.
    clock.advance(10_000);
    let t = s.act(&id, &a, Action::OfferTakeback).await.unwrap();
    assert_eq!(t.row.takeback_offer, Some(Side::White));
    let full = s.full(&id, None).await.unwrap();
    assert_eq!(
        (&full["state"]["wtakeback"], &full["state"]["btakeback"]),
        (&true.into(), &false.into())
    );
    let white_left = t.left_at(T0 + 10_000).unwrap()[0];
    clock.advance(2_000);
    let t = s.act(&id, &b, Action::OfferTakeback).await.unwrap();
    assert_eq!(t.row.ply, 2);
    assert_eq!(t.row.takeback_offer, None);
    assert_eq!(moves(&s, &id).await, ["e2e4", "e7e5"]);
    assert_eq!(t.notations, ["e4", "e5"]);
    // White is to move; the time spent is not given back: white's clock
    // read at the agreement, and it runs from there.
    assert_eq!(t.to_move(), 0);
    assert_eq!(t.row.white_ms, Some(white_left - 2_000));
    assert_eq!(t.row.turn_since_ms, Some(T0 + 12_000));
    let full = s.full(&id, None).await.unwrap();
    assert_eq!(full["state"]["moves"], "e2e4 e7e5");
    assert_eq!(full["state"]["wtakeback"], false);
    // The game goes on from there, and the stored moves are the game's: a
    // second service on the same file reads them.
    s.act(&id, &a, mv("d4")).await.unwrap();
    let again = service(&dir, &clock).await;
    assert_eq!(moves(&again, &id).await, ["e2e4", "e7e5", "d2d4"]);
}

#[tokio::test]
async fn a_takeback_asked_after_ones_own_move_removes_that_move_alone() {
    let dir = tempfile::tempdir().unwrap();
    let clock = ManualClock::new(T0);
    let s = service(&dir, &clock).await;
    let (id, a, b) = started(&s, None).await;
    s.act(&id, &a, mv("e4")).await.unwrap();
    s.act(&id, &b, mv("e5")).await.unwrap();
    s.act(&id, &a, mv("Qh5")).await.unwrap();
    s.act(&id, &a, Action::OfferTakeback).await.unwrap();
    let t = s.act(&id, &b, Action::OfferTakeback).await.unwrap();
    assert_eq!(moves(&s, &id).await, ["e2e4", "e7e5"]);
    assert_eq!((t.row.ply, t.to_move()), (2, 0));
}

#[tokio::test]
async fn a_takeback_declined_withdrawn_or_answered_by_a_move_leaves_the_game() {
    let dir = tempfile::tempdir().unwrap();
    let clock = ManualClock::new(T0);
    let s = service(&dir, &clock).await;
    let (id, a, b) = started(&s, None).await;
    s.act(&id, &a, mv("e4")).await.unwrap();
    // Declined.
    s.act(&id, &a, Action::OfferTakeback).await.unwrap();
    let t = s.act(&id, &b, Action::DeclineTakeback).await.unwrap();
    assert_eq!((t.row.takeback_offer, t.row.ply), (None, 1));
    // Withdrawn by the asker.
    s.act(&id, &a, Action::OfferTakeback).await.unwrap();
    let t = s.act(&id, &a, Action::DeclineTakeback).await.unwrap();
    assert_eq!(t.row.takeback_offer, None);
    // Answered by the other's move.
    s.act(&id, &a, Action::OfferTakeback).await.unwrap();
    let t = s.act(&id, &b, mv("c5")).await.unwrap();
    assert_eq!((t.row.takeback_offer, t.row.ply), (None, 2));
    // Declining nothing changes nothing.
    let before = s.table(&id).await.unwrap().row.version;
    let t = s.act(&id, &b, Action::DeclineTakeback).await.unwrap();
    assert_eq!(t.row.version, before);
    // A game over takes nothing back.
    s.act(&id, &a, Action::Resign).await.unwrap();
    assert!(matches!(
        s.act(&id, &b, Action::OfferTakeback).await,
        Err(ServiceError::Refused(Refusal::Finished(_)))
    ));
    assert_eq!(moves(&s, &id).await, ["e2e4", "c7c5"]);
}

#[tokio::test]
async fn the_computer_agrees_to_a_takeback_at_once_and_answers_again() {
    let dir = tempfile::tempdir().unwrap();
    let clock = ManualClock::new(T0);
    let store = Store::open(&format!("sqlite://{}/games.db", dir.path().display()))
        .await
        .unwrap();
    // The computer here plays each position's first legal move.
    let first = duckchess::engine::computer::first_legal();
    let s = Service::with_clock(store, Some(first), Arc::new(clock.clone()), false);
    let (alice, _) = s.new_guest("alice").await.unwrap();
    let row = s
        .create(
            &alice,
            NewGame {
                variant: "chess".into(),
                side: Some(0),
                computer_ms: Some(50),
                ..NewGame::default()
            },
        )
        .await
        .unwrap();
    let me = Actor::Player(alice);
    let answered = |ply: i64| {
        let s = s.clone();
        let id = row.id.clone();
        async move {
            let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
            while s.table(&id).await.unwrap().row.ply < ply {
                assert!(std::time::Instant::now() < deadline, "no answer");
                tokio::time::sleep(std::time::Duration::from_millis(10)).await;
            }
        }
    };
    s.act(&row.id, &me, mv("e4")).await.unwrap();
    answered(2).await;
    let reply = moves(&s, &row.id).await[1].clone();
    // Asked on one's own turn: both moves go at once, no request stands.
    let t = s.act(&row.id, &me, Action::OfferTakeback).await.unwrap();
    assert_eq!((t.row.ply, t.row.takeback_offer), (0, None));
    assert!(moves(&s, &row.id).await.is_empty());
    // Another first move, and the computer answers it.
    s.act(&row.id, &me, mv("d4")).await.unwrap();
    answered(2).await;
    let now = moves(&s, &row.id).await;
    assert_eq!(now[0], "d2d4");
    assert_eq!(now.len(), 2, "{now:?} (the first reply was {reply})");
}
