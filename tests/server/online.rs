//! Games between people: the service's rules and clocks with a clock the
//! test moves by hand, on a real SQLite file; the HTTP refusals through
//! the router; restarts through a second service on the same file.

use duckchess::online::clock::{ManualClock, TimeControl};
use duckchess::online::referee::Refusal;
use duckchess::online::{Action, Actor, NewGame, Service, ServiceError};
use duckchess::store::{Player, Store};
use std::sync::Arc;

const T0: i64 = 1_800_000_000_000;

async fn store(dir: &tempfile::TempDir) -> Store {
    Store::open(&format!("sqlite://{}/games.db", dir.path().display()))
        .await
        .unwrap()
}

async fn service(dir: &tempfile::TempDir, clock: &ManualClock) -> Arc<Service> {
    Service::with_clock(store(dir).await, None, Arc::new(clock.clone()), false)
}

async fn two_guests(s: &Arc<Service>) -> (Actor, Actor, Player, Player) {
    let (a, _) = s.new_guest("alice").await.unwrap();
    let (b, _) = s.new_guest("bob").await.unwrap();
    (Actor::Player(a.clone()), Actor::Player(b.clone()), a, b)
}

fn mv(text: &str) -> Action {
    Action::Move {
        text: text.into(),
        ply: None,
    }
}

fn at(text: &str, ply: i64) -> Action {
    Action::Move {
        text: text.into(),
        ply: Some(ply),
    }
}

/// A game of `variant` (timed by `time`), alice first, bob joined.
async fn started(
    s: &Arc<Service>,
    variant: &str,
    position: Option<&str>,
    time: Option<&str>,
) -> (String, Actor, Actor) {
    let (a, b, alice, _) = two_guests(s).await;
    let row = s
        .create(
            &alice,
            NewGame {
                variant: variant.into(),
                position: position.map(Into::into),
                time: time.map(|t| t.parse::<TimeControl>().unwrap()),
                side: Some(0),
                ..NewGame::default()
            },
        )
        .await
        .unwrap();
    assert_eq!(row.status.as_str(), "created");
    let t = s.act(&row.id, &b, Action::Join).await.unwrap();
    assert_eq!(t.row.status.as_str(), "started");
    (row.id, a, b)
}

fn refusal(r: Result<impl Sized, ServiceError>) -> Refusal {
    match r {
        Err(ServiceError::Refused(why)) => why,
        Err(e) => panic!("not a refusal: {e}"),
        Ok(_) => panic!("accepted"),
    }
}

#[tokio::test]
async fn two_guests_play_chess_to_mate_and_the_game_is_then_immutable() {
    let dir = tempfile::tempdir().unwrap();
    let clock = ManualClock::new(T0);
    let s = service(&dir, &clock).await;
    let (id, a, b) = started(&s, "chess", None, None).await;
    for (who, m) in [(&a, "f2f3"), (&b, "e5"), (&a, "g4"), (&b, "Qh4#")] {
        s.act(&id, who, mv(m)).await.unwrap();
    }
    let t = s.table(&id).await.unwrap();
    assert_eq!(t.row.status.as_str(), "mate");
    assert_eq!(
        t.row.winner.map(duckchess::protocol::Side::as_str),
        Some("black")
    );
    assert_eq!(t.row.reason.as_deref(), Some("black wins by checkmate"));
    let moves: Vec<_> = t.moves.iter().map(|m| m.text.as_str()).collect();
    assert_eq!(moves, ["f2f3", "e7e5", "g2g4", "d8h4"]);
    assert!(matches!(
        refusal(s.act(&id, &a, mv("a3")).await),
        Refusal::Finished(_)
    ));
    assert!(matches!(
        refusal(s.act(&id, &a, Action::Resign).await),
        Refusal::Finished(_)
    ));
    let full = s.full(&id, None).await.unwrap();
    assert_eq!(full["state"]["status"], "mate");
    assert_eq!(full["state"]["moves"], "f2f3 e7e5 g2g4 d8h4");
    assert_eq!(full["variant"]["key"], "standard");
}

#[tokio::test]
async fn duck_chess_ends_when_a_captain_is_taken() {
    let dir = tempfile::tempdir().unwrap();
    let clock = ManualClock::new(T0);
    let s = service(&dir, &clock).await;
    // Red's car takes Blue's captain from a position a few moves away.
    let (id, a, b) = started(&s, "duck", None, Some("3+2")).await;
    // The judge's own moves (xs ys xt yt), red and blue in turn: red's car
    // runs up the a-file's column and along the last rank.
    let line = [
        "0 0 1 0", "9 0 8 0", "1 0 1 3", "8 0 8 1", "1 3 9 3", "8 1 8 0", "9 3 9 4",
    ];
    for (i, m) in line.iter().enumerate() {
        let who = if i % 2 == 0 { &a } else { &b };
        match s.act(&id, who, mv(m)).await {
            Ok(t) if t.is_over() => break,
            Ok(_) => {}
            Err(e) => panic!("move {} `{m}`: {e}", i + 1),
        }
    }
    let t = s.table(&id).await.unwrap();
    assert_eq!(t.row.status.as_str(), "variantEnd", "{:?}", t.row.reason);
    assert_eq!(
        t.row.winner.map(duckchess::protocol::Side::as_str),
        Some("white")
    );
    assert!(t.row.reason.as_deref().unwrap().contains("captain"));
}

#[tokio::test]
async fn only_the_seat_to_move_moves_and_only_legal_moves() {
    let dir = tempfile::tempdir().unwrap();
    let clock = ManualClock::new(T0);
    let s = service(&dir, &clock).await;
    let (id, a, b) = started(&s, "chess", None, None).await;
    let (spectator, _) = s.new_guest("carol").await.unwrap();
    let spectator = Actor::Player(spectator);
    assert_eq!(
        refusal(s.act(&id, &spectator, mv("e4")).await),
        Refusal::NotASeat
    );
    assert_eq!(
        refusal(s.act(&id, &b, mv("e5")).await),
        Refusal::NotYourTurn
    );
    assert!(matches!(
        refusal(s.act(&id, &a, mv("e5")).await),
        Refusal::Illegal(_)
    ));
    assert!(matches!(
        refusal(s.act(&id, &a, mv("zz")).await),
        Refusal::Illegal(_)
    ));
    // The open seat is gone: nobody else joins, nor a seat holder twice.
    assert!(matches!(
        refusal(s.act(&id, &spectator, Action::Join).await),
        Refusal::NotNow(_)
    ));
    assert!(matches!(
        refusal(s.act(&id, &a, Action::Join).await),
        Refusal::NotNow(_)
    ));
    assert_eq!(
        refusal(s.act("nosuchid", &a, mv("e4")).await),
        Refusal::NoSuchGame
    );
    // Abort: either seat, before both have moved; not after.
    s.act(&id, &a, mv("e4")).await.unwrap();
    s.act(&id, &b, mv("e5")).await.unwrap();
    assert!(matches!(
        refusal(s.act(&id, &a, Action::Abort).await),
        Refusal::NotNow(_)
    ));
    assert_eq!(s.table(&id).await.unwrap().row.ply, 2);
}

#[tokio::test]
async fn abort_before_both_moved_ends_with_nobody_winning() {
    let dir = tempfile::tempdir().unwrap();
    let clock = ManualClock::new(T0);
    let s = service(&dir, &clock).await;
    let (id, a, b) = started(&s, "fourfold", None, Some("5+3")).await;
    let first = s.table(&id).await.unwrap();
    let legal = first.game.position().legal_moves()[0];
    let text = first.notation.uci_move(first.game.position(), legal);
    s.act(&id, &a, mv(&text)).await.unwrap();
    let t = s.act(&id, &b, Action::Abort).await.unwrap();
    assert_eq!(t.row.status.as_str(), "aborted");
    assert_eq!(t.row.winner, None);
}

#[tokio::test]
async fn clocks_run_after_both_moved_and_a_move_at_the_deadline_is_late() {
    let dir = tempfile::tempdir().unwrap();
    let clock = ManualClock::new(T0);
    let s = service(&dir, &clock).await;
    // One minute and two seconds a move.
    let (id, a, b) = started(&s, "chess", None, Some("1+2")).await;
    // The first two moves are free (as on lichess), each still gains its
    // increment.
    clock.advance(30_000);
    s.act(&id, &a, mv("e4")).await.unwrap();
    clock.advance(30_000);
    let t = s.act(&id, &b, mv("e5")).await.unwrap();
    assert_eq!(
        (t.row.white_ms, t.row.black_ms),
        (Some(62_000), Some(62_000))
    );
    // White's clock runs now: 61.999 s later is in time.
    clock.advance(61_999);
    let t = s.act(&id, &a, mv("Nf3")).await.unwrap();
    assert_eq!(t.row.white_ms, Some(1 + 2_000));
    // Black moves 10 s later: charged 10 s, credited 2 s.
    clock.advance(10_000);
    let t = s.act(&id, &b, mv("Nc6")).await.unwrap();
    assert_eq!(t.row.black_ms, Some(62_000 - 10_000 + 2_000));
    // White has 2.001 s: a move at exactly that is late.
    clock.advance(2_001);
    assert!(matches!(
        refusal(s.act(&id, &a, mv("Bc4")).await),
        Refusal::Finished(_)
    ));
    let t = s.table(&id).await.unwrap();
    assert_eq!(t.row.status.as_str(), "outoftime");
    assert_eq!(
        t.row.winner.map(duckchess::protocol::Side::as_str),
        Some("black")
    );
    assert_eq!(t.row.white_ms, Some(0));
    assert_eq!(t.row.reason.as_deref(), Some("black wins on time"));
    // The stored moves carry the clocks after each move.
    let clocks: Vec<_> = t.moves.iter().map(|m| (m.white_ms, m.black_ms)).collect();
    assert_eq!(clocks[2], (Some(2_001), Some(62_000)));
}

#[tokio::test]
async fn a_retried_move_is_neither_charged_nor_credited_twice() {
    let dir = tempfile::tempdir().unwrap();
    let clock = ManualClock::new(T0);
    let s = service(&dir, &clock).await;
    let (id, a, b) = started(&s, "chess", None, Some("3+2")).await;
    s.act(&id, &a, at("e2e4", 0)).await.unwrap();
    s.act(&id, &b, at("e7e5", 1)).await.unwrap();
    clock.advance(5_000);
    let once = s.act(&id, &a, at("g1f3", 2)).await.unwrap();
    clock.advance(3_000);
    // The same move again, with its number, and without (as lichess's
    // endpoint sends it), in either notation: answered, nothing changes.
    for retry in [at("g1f3", 2), mv("g1f3"), mv("Nf3")] {
        let again = s.act(&id, &a, retry).await.unwrap();
        assert_eq!(again.row.version, once.row.version);
        assert_eq!(again.row.ply, 3);
        assert_eq!(again.row.white_ms, once.row.white_ms);
    }
    // A different move at a number already played is refused.
    assert!(matches!(
        refusal(s.act(&id, &a, at("d2d4", 2)).await),
        Refusal::NotNow(_) | Refusal::NotYourTurn
    ));
    assert_eq!(s.table(&id).await.unwrap().moves.len(), 3);
}

#[tokio::test]
async fn a_flag_falls_with_nobody_connected_and_after_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let clock = ManualClock::new(T0);
    let id = {
        let s = service(&dir, &clock).await;
        let (id, a, b) = started(&s, "chess", None, Some("1+0")).await;
        s.act(&id, &a, mv("e4")).await.unwrap();
        s.act(&id, &b, mv("e5")).await.unwrap();
        // Nobody moves; nobody reads the game; 59.999 s: nothing yet.
        clock.advance(59_999);
        assert_eq!(s.check_flags().await.unwrap(), 0);
        assert_eq!(s.table(&id).await.unwrap().row.status.as_str(), "started");
        id
    };
    // The server stops; a minute passes; a new one opens the same file.
    clock.advance(60_000);
    let s = service(&dir, &clock).await;
    assert_eq!(s.check_flags().await.unwrap(), 1);
    let t = s.table(&id).await.unwrap();
    assert_eq!(t.row.status.as_str(), "outoftime");
    assert_eq!(
        t.row.winner.map(duckchess::protocol::Side::as_str),
        Some("black")
    );
    // The time the server was down was charged: white's clock reads 0.
    assert_eq!(t.row.white_ms, Some(0));
    assert_eq!(t.moves.len(), 2, "every move kept across the restart");
}

#[tokio::test]
async fn a_flag_against_a_bare_king_is_a_draw() {
    let dir = tempfile::tempdir().unwrap();
    let clock = ManualClock::new(T0);
    let s = service(&dir, &clock).await;
    let (id, a, b) = started(
        &s,
        "chess",
        Some("4k3/8/8/8/8/8/8/4K2Q w - - 0 1"),
        Some("1+0"),
    )
    .await;
    s.act(&id, &a, mv("Qh2")).await.unwrap();
    s.act(&id, &b, mv("Kd7")).await.unwrap();
    clock.advance(60_000);
    assert_eq!(s.check_flags().await.unwrap(), 1);
    let t = s.table(&id).await.unwrap();
    assert_eq!(t.row.status.as_str(), "outoftime");
    assert_eq!(t.row.winner, None, "black has a bare king: it cannot mate");
    assert_eq!(
        t.row.reason.as_deref(),
        Some("draw: white's time is up, and black cannot mate")
    );
    // And the other way: black flags against a queen, white wins.
    let (id, a, b) = started(
        &s,
        "chess",
        Some("4k3/8/8/8/8/8/8/4K2Q w - - 0 1"),
        Some("1+0"),
    )
    .await;
    s.act(&id, &a, mv("Qh2")).await.unwrap();
    s.act(&id, &b, mv("Kd7")).await.unwrap();
    s.act(&id, &a, mv("Qh3")).await.unwrap();
    clock.advance(60_000);
    assert_eq!(s.check_flags().await.unwrap(), 1);
    assert_eq!(
        s.table(&id)
            .await
            .unwrap()
            .row
            .winner
            .map(duckchess::protocol::Side::as_str),
        Some("white")
    );
}

#[tokio::test]
async fn draws_resignation_and_a_rematch_with_colours_swapped() {
    let dir = tempfile::tempdir().unwrap();
    let clock = ManualClock::new(T0);
    let s = service(&dir, &clock).await;
    let (id, a, b) = started(&s, "chess", None, Some("5+3")).await;
    s.act(&id, &a, mv("e4")).await.unwrap();
    // No draw to claim at the start.
    assert!(matches!(
        refusal(s.act(&id, &b, Action::Claim).await),
        Refusal::NotNow(_)
    ));
    let t = s.act(&id, &b, Action::OfferDraw).await.unwrap();
    assert_eq!(
        t.row.draw_offer.map(duckchess::protocol::Side::as_str),
        Some("black")
    );
    let t = s.act(&id, &a, Action::DeclineDraw).await.unwrap();
    assert_eq!(t.row.draw_offer, None);
    s.act(&id, &b, Action::OfferDraw).await.unwrap();
    let t = s.act(&id, &a, Action::OfferDraw).await.unwrap();
    assert_eq!((t.row.status.as_str(), t.row.winner), ("draw", None));
    assert_eq!(t.row.reason.as_deref(), Some("draw by agreement"));
    // A rematch needs both; the new game has the colours swapped.
    let t = s.act(&id, &a, Action::Rematch).await.unwrap();
    assert_eq!(
        t.row.rematch_offer.map(duckchess::protocol::Side::as_str),
        Some("white")
    );
    assert!(t.row.rematch_id.is_none());
    let t = s.act(&id, &b, Action::Rematch).await.unwrap();
    let next = t.row.rematch_id.clone().unwrap();
    let n = s.table(&next).await.unwrap();
    assert_eq!(n.row.white_id, t.row.black_id);
    assert_eq!(n.row.black_id, t.row.white_id);
    assert_eq!(
        (n.row.status.as_str(), n.row.initial_ms),
        ("started", Some(300_000))
    );
    // Bob is white now: he moves, alice resigns.
    s.act(&next, &b, mv("d4")).await.unwrap();
    s.act(&next, &a, mv("d5")).await.unwrap();
    let t = s.act(&next, &a, Action::Resign).await.unwrap();
    assert_eq!(
        (
            t.row.status.as_str(),
            t.row.winner.map(duckchess::protocol::Side::as_str)
        ),
        ("resign", Some("white"))
    );
}

#[tokio::test]
async fn every_game_of_the_registry_is_played_on_the_server() {
    let dir = tempfile::tempdir().unwrap();
    let clock = ManualClock::new(T0);
    let s = service(&dir, &clock).await;
    for name in duckchess::variants::names() {
        let (id, a, b) = started(&s, name, None, Some("10+5")).await;
        // Twelve plies of each side's first legal move, or to the end.
        for ply in 0..12 {
            let t = s.table(&id).await.unwrap();
            if t.is_over() {
                break;
            }
            let m = t.game.position().legal_moves()[0];
            let text = t.notation.uci_move(t.game.position(), m);
            let who = if ply % 2 == 0 { &a } else { &b };
            clock.advance(1_000);
            s.act(&id, who, at(&text, ply))
                .await
                .unwrap_or_else(|e| panic!("{name} {text}: {e}"));
        }
        let t = s.table(&id).await.unwrap();
        assert!(t.moves.len() >= 2, "{name}");
        // The record exports in the game's own format and reads back.
        let start = t.notation.read_position(&t.row.start_position).unwrap();
        let record = t.notation.write_record(&*start, t.game.moves());
        assert!(!record.is_empty(), "{name}");
    }
}

#[tokio::test]
async fn the_schema_is_made_on_an_empty_database_and_kept_on_reopening() {
    let dir = tempfile::tempdir().unwrap();
    let s = store(&dir).await;
    assert_eq!(s.schema_versions().await.unwrap(), [1, 2, 3, 4]);
    drop(s);
    let s = store(&dir).await;
    assert_eq!(s.schema_versions().await.unwrap(), [1, 2, 3, 4]);
    // A database migrated by a newer duckchess is refused, not changed.
    sqlx::query(
        "INSERT INTO _sqlx_migrations (version, description, installed_on, success, checksum, execution_time) \
         VALUES (99, 'from the future', CURRENT_TIMESTAMP, TRUE, X'00', 0)",
    )
    .execute(s.pool())
    .await
    .unwrap();
    drop(s);
    let e = Store::open(&format!("sqlite://{}/games.db", dir.path().display()))
        .await
        .unwrap_err();
    assert!(e.to_string().contains("database schema"), "{e}");
    assert!(e.to_string().contains("99"), "{e}");
    // Every commit synced to disk on request; an unknown sync refused.
    let full = format!("sqlite://{}/full.db?sync=full", dir.path().display());
    Store::open(&full).await.unwrap();
    let bad = format!("sqlite://{}/x.db?sync=sometimes", dir.path().display());
    assert!(Store::open(&bad).await.is_err());
    // A URL of no known database is refused in words.
    let e = Store::open("mysql://x").await.unwrap_err();
    assert!(e.to_string().contains("expected sqlite://PATH"), "{e}");
}

#[tokio::test]
async fn accounts_passwords_and_tokens() {
    let dir = tempfile::tempdir().unwrap();
    let clock = ManualClock::new(T0);
    let s = service(&dir, &clock).await;
    let p = s.create_account("Alice", "correct horse").await.unwrap();
    assert_eq!(p.id, "alice");
    assert!(matches!(
        s.create_account("alice", "another one").await,
        Err(ServiceError::Store(_))
    ));
    assert!(s.log_in("alice", "wrong horse").await.is_err());
    let (_, session) = s.log_in("ALICE", "correct horse").await.unwrap();
    assert_eq!(s.holder(&session).await.unwrap().unwrap().id, "alice");
    let api = s.new_credential(&p, "api", "bot").await.unwrap();
    assert_eq!(s.holder(&api).await.unwrap().unwrap().name, "Alice");
    // Stored hashed: neither token nor password is in the database file.
    let bytes = std::fs::read(dir.path().join("games.db")).unwrap();
    let wal = std::fs::read(dir.path().join("games.db-wal")).unwrap_or_default();
    for secret in [session.as_bytes(), api.as_bytes(), b"correct horse"] {
        for file in [&bytes, &wal] {
            assert!(!file.windows(secret.len()).any(|w| w == secret));
        }
    }
    assert!(s.revoke(&session).await.unwrap());
    assert!(s.holder(&session).await.unwrap().is_none());
    assert!(s.holder("not a token").await.unwrap().is_none());
}

#[tokio::test]
async fn the_computer_takes_a_seat_and_answers_each_move() {
    let dir = tempfile::tempdir().unwrap();
    let clock = ManualClock::new(T0);
    // The computer here plays each position's first legal move.
    let first = duckchess::engine::computer::first_legal();
    let s = Service::with_clock(
        store(&dir).await,
        Some(first),
        Arc::new(clock.clone()),
        false,
    );
    let (alice, _) = s.new_guest("alice").await.unwrap();
    let row = s
        .create(
            &alice,
            NewGame {
                variant: "duck".into(),
                time: Some("5+3".parse().unwrap()),
                side: Some(0),
                computer_ms: Some(50),
                ..NewGame::default()
            },
        )
        .await
        .unwrap();
    // With the computer seated the game starts at once.
    assert_eq!(row.status.as_str(), "started");
    let me = Actor::Player(alice.clone());
    for ply in [0, 2, 4] {
        let t = s.table(&row.id).await.unwrap();
        let m = t.game.position().legal_moves()[0];
        let text = t.notation.uci_move(t.game.position(), m);
        s.act(&row.id, &me, at(&text, ply)).await.unwrap();
        // Its answer comes by itself.
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
        while s.table(&row.id).await.unwrap().row.ply < ply + 2 {
            assert!(
                std::time::Instant::now() < deadline,
                "no answer to ply {ply}"
            );
            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        }
    }
    // The person holds one seat, the computer the other.
    let t = s.table(&row.id).await.unwrap();
    assert_eq!(t.row.ply, 6);
    assert_eq!(t.seats_of(&alice.id), [0]);
    assert_eq!(t.row.black_computer_ms, Some(50));
    let full = s.full(&row.id, Some(&alice)).await.unwrap();
    assert_eq!(full["black"]["aiLevel"], 50);
}

#[tokio::test]
async fn a_database_of_the_previous_schema_is_upgraded_with_its_games() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}/games.db", dir.path().display());
    // The first schema, with a finished game in it, as the previous
    // duckchess wrote it.
    let old = Store::open_at(&url, 1).await.unwrap();
    assert_eq!(old.schema_versions().await.unwrap(), [1]);
    for sql in [
        "INSERT INTO players (id, name, created_ms) VALUES ('guest-a', 'alice', 1), ('guest-b', 'bob', 1)",
        "INSERT INTO games (id, variant, start_position, white_id, black_id, status, winner, reason, ply, \
         created_ms, updated_ms, version) VALUES ('OldGame1', 'chess', \
         'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', 'guest-a', 'guest-b', 'mate', \
         'black', 'black wins by checkmate', 4, 1, 2, 9)",
        "INSERT INTO moves (game_id, ply, move_text, played_ms) VALUES ('OldGame1', 0, 'f2f3', 1), \
         ('OldGame1', 1, 'e7e5', 1), ('OldGame1', 2, 'g2g4', 1), ('OldGame1', 3, 'd8h4', 1)",
    ] {
        sqlx::query(sql).execute(old.pool()).await.unwrap();
    }
    drop(old);
    let clock = ManualClock::new(T0);
    let s = service(&dir, &clock).await;
    assert_eq!(s.store().schema_versions().await.unwrap(), [1, 2, 3, 4]);
    let t = s.table("OldGame1").await.unwrap();
    assert_eq!(
        (t.row.status.as_str(), t.row.rated, t.moves.len()),
        ("mate", false, 4)
    );
    let full = s.full("OldGame1", None).await.unwrap();
    assert_eq!(full["state"]["moves"], "f2f3 e7e5 g2g4 d8h4");
    assert_eq!(full["white"]["name"], "alice");
}

#[tokio::test]
async fn a_threefold_repetition_is_claimed_and_ends_the_game_drawn() {
    let dir = tempfile::tempdir().unwrap();
    let clock = ManualClock::new(T0);
    let s = service(&dir, &clock).await;
    let (id, a, b) = started(&s, "chess", None, Some("5+3")).await;
    // Knights out and back twice: the start occurs a third time, white to
    // move.
    let line = ["Nf3", "Nf6", "Ng1", "Ng8"].repeat(2);
    for (i, m) in line.iter().enumerate() {
        let who = if i % 2 == 0 { &a } else { &b };
        clock.advance(1_000);
        let t = s.act(&id, who, at(m, i as i64)).await.unwrap();
        assert_eq!(t.row.status.as_str(), "started", "after {m}");
    }
    let st = s.state(&id).await.unwrap().1;
    assert_eq!(st["claimable"], true, "{st}");
    // Only the side to move claims; then the game ends drawn, for both.
    assert_eq!(
        refusal(s.act(&id, &b, Action::Claim).await),
        Refusal::NotYourTurn
    );
    clock.advance(1_000);
    let t = s.act(&id, &a, Action::Claim).await.unwrap();
    assert_eq!(t.row.status.as_str(), "draw");
    assert_eq!(t.row.winner, None);
    assert_eq!(
        t.row.reason.as_deref(),
        Some("draw by repetition, claimed by white (the position occurred 3 times)")
    );
    // Stored as it was answered: a new service reading the file agrees,
    // and nothing more is played.
    let again = service(&dir, &clock).await;
    let stored = again.table(&id).await.unwrap();
    assert_eq!(
        (stored.row.status.as_str(), stored.moves.len()),
        ("draw", 8)
    );
    let st = again.state(&id).await.unwrap().1;
    assert_eq!(
        (st["status"].clone(), st["claimable"].clone()),
        ("draw".into(), false.into())
    );
    assert!(matches!(
        refusal(s.act(&id, &b, mv("Nf6")).await),
        Refusal::Finished(_)
    ));
    // The clocks stopped as they read at the claim.
    assert!(stored.row.turn_since_ms.is_none());
}

/// A database of the second schema (0001 and 0002) as that duckchess wrote
/// it: two accounts, a rated blitz game won by black, their ratings after
/// it and its line in the rating history. SQL both SQLite and PostgreSQL
/// take (tests/server/online_postgres.rs has the same).
const SCHEMA_2_ROWS: &[&str] = &[
    "INSERT INTO players (id, name, account_key, password_hash, created_ms) VALUES \
     ('alice', 'Alice', 'alice', '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaA', 1), \
     ('bob', 'bob', 'bob', '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaA', 1)",
    "INSERT INTO games (id, variant, start_position, initial_ms, increment_ms, white_id, black_id, \
     status, winner, reason, ply, white_ms, black_ms, created_ms, updated_ms, version, rated, \
     white_rating, black_rating, white_rating_diff, black_rating_diff) VALUES ('Rated002', 'chess', \
     'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', 300000, 3000, 'alice', 'bob', \
     'mate', 'black', 'black wins by checkmate', 4, 306000, 306000, 1000, 2000, 9, 1, \
     1500.0, 1500.0, -162.5, 162.5)",
    "INSERT INTO moves (game_id, ply, move_text, white_ms, black_ms, played_ms) VALUES \
     ('Rated002', 0, 'f2f3', 303000, 300000, 1100), ('Rated002', 1, 'e7e5', 303000, 303000, 1200), \
     ('Rated002', 2, 'g2g4', 306000, 303000, 1300), ('Rated002', 3, 'd8h4', 306000, 306000, 1400)",
    "INSERT INTO ratings (player_id, perf, rating, deviation, volatility, games, wins, draws, \
     losses, last_ms) VALUES ('alice', 'blitz', 1337.5, 290.3, 0.06, 1, 0, 0, 1, 2000), \
     ('bob', 'blitz', 1662.5, 290.3, 0.06, 1, 1, 0, 0, 2000)",
    "INSERT INTO rating_history (player_id, perf, game_id, rating, deviation, at_ms) VALUES \
     ('alice', 'blitz', 'Rated002', 1337.5, 290.3, 2000), \
     ('bob', 'blitz', 'Rated002', 1662.5, 290.3, 2000)",
];

#[tokio::test]
async fn a_database_of_the_second_schema_is_upgraded_with_its_games_and_ratings() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}/games.db", dir.path().display());
    let old = Store::open_at(&url, 2).await.unwrap();
    assert_eq!(old.schema_versions().await.unwrap(), [1, 2]);
    for sql in SCHEMA_2_ROWS {
        sqlx::query(sql).execute(old.pool()).await.unwrap();
    }
    drop(old);
    let clock = ManualClock::new(T0);
    let s = service(&dir, &clock).await;
    assert_eq!(s.store().schema_versions().await.unwrap(), [1, 2, 3, 4]);
    let t = s.table("Rated002").await.unwrap();
    assert_eq!(
        (t.row.status.as_str(), t.row.rated, t.moves.len()),
        ("mate", true, 4)
    );
    assert_eq!(
        (t.row.white_rating, t.row.black_rating_diff),
        (Some(1500.0), Some(162.5))
    );
    let full = s.full("Rated002", None).await.unwrap();
    assert_eq!(full["rated"], true);
    assert_eq!(
        full["state"]["ratingDiff"],
        serde_json::json!({"white": -163, "black": 163})
    );
    assert_eq!(full["white"]["name"], "Alice");
    let bob = s.store().rating("bob", "blitz").await.unwrap().unwrap();
    assert_eq!((bob.rating, bob.games, bob.wins), (1662.5, 1, 1));
    assert_eq!(
        s.store().history("alice", "blitz").await.unwrap(),
        [(2000, 1337.5, 290.3)]
    );
    // The accounts are found by name as before, and the new schema's
    // table is there, empty.
    assert_eq!(
        s.store().account("ALICE").await.unwrap().unwrap().id,
        "alice"
    );
    let seeks: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM seeks")
        .fetch_one(s.store().pool())
        .await
        .unwrap();
    assert_eq!(seeks, 0);
}

/// Defects: a challenge to oneself was accepted and left a game nobody
/// could join; a 10,000-character guest name was echoed whole.
#[tokio::test]
async fn no_challenge_to_oneself_and_no_long_name_echoed() {
    let dir = tempfile::tempdir().unwrap();
    let s = service(&dir, &ManualClock::new(T0)).await;
    let alice = s.create_account("alice", "a long password").await.unwrap();
    let to_herself = s
        .create(
            &alice,
            NewGame {
                variant: "chess".into(),
                challenged: Some(alice.id.clone()),
                ..NewGame::default()
            },
        )
        .await;
    match to_herself {
        Err(ServiceError::Bad(e)) => assert!(e.contains("yourself"), "{e}"),
        other => panic!("a challenge to oneself: {other:?}"),
    }
    assert!(s.store().open_games(10).await.unwrap().is_empty());
    let long = "g".repeat(10_000);
    match s.new_guest(&long).await {
        Err(ServiceError::Bad(e)) => assert!(e.len() < 100, "{} characters", e.len()),
        other => panic!("a 10,000-character name: {other:?}"),
    }
}

/// lichess's "+15 seconds": a player gives the opponent 15 s, on their
/// own move or the opponent's (the opponent's running clock gains the
/// 15 s too); not in an untimed game, not by a spectator, not after the end.
#[tokio::test]
async fn fifteen_seconds_given_to_the_opponent() {
    let dir = tempfile::tempdir().unwrap();
    let clock = ManualClock::new(T0);
    let s = service(&dir, &clock).await;
    let (id, a, b) = started(&s, "chess", None, Some("1+0")).await;
    s.act(&id, &a, mv("e4")).await.unwrap();
    s.act(&id, &b, mv("e5")).await.unwrap();
    // White to move, its clock running: black gives white 15 s.
    clock.advance(10_000);
    let t = s.act(&id, &b, Action::GiveTime).await.unwrap();
    assert_eq!(t.left_at(s.now()), Some([60_000 - 10_000 + 15_000, 60_000]));
    // White gives black 15 s on its own move.
    let t = s.act(&id, &a, Action::GiveTime).await.unwrap();
    assert_eq!(t.left_at(s.now()), Some([65_000, 75_000]));
    // White has 65 s left, not 50: a move 60 s later is in time.
    clock.advance(60_000);
    s.act(&id, &a, mv("Nf3")).await.unwrap();
    // A spectator gives nothing.
    let (watcher, _) = s.new_guest("carol").await.unwrap();
    assert!(matches!(
        refusal(s.act(&id, &Actor::Player(watcher), Action::GiveTime).await),
        Refusal::NotASeat
    ));
    // Untimed: nothing to give.
    let (untimed, a2, _) = started(&s, "chess", None, None).await;
    assert!(matches!(
        refusal(s.act(&untimed, &a2, Action::GiveTime).await),
        Refusal::NotNow(_)
    ));
    // Over: nothing either.
    s.act(&id, &b, Action::Resign).await.unwrap();
    assert!(matches!(
        refusal(s.act(&id, &a, Action::GiveTime).await),
        Refusal::Finished(_)
    ));
}
