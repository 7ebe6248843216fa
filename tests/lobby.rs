//! The lobby with a clock moved by hand: seeks accepted by one player
//! only, one open seek per player, cancels racing pairings, expiry, and
//! quick pairing by the closest rating with a range that widens.

use duckchess::online::clock::{ManualClock, TimeControl};
use duckchess::online::lobby::{pool_range, Cancelled, NewSeek, SEEK_TTL_MS};
use duckchess::online::{Service, ServiceError};
use duckchess::store::{Player, Store};
use std::sync::Arc;

const T0: i64 = 1_800_000_000_000;

async fn service(dir: &tempfile::TempDir, clock: &ManualClock) -> Arc<Service> {
    let store = Store::open(&format!("sqlite://{}/games.db", dir.path().display()))
        .await
        .unwrap();
    Service::with_clock(store, None, Arc::new(clock.clone()), false)
}

fn seek(pool: bool, rated: bool) -> NewSeek {
    NewSeek {
        variant: "duck".into(),
        time: "5+3".parse::<TimeControl>().unwrap(),
        rated,
        side: None,
        range: None,
        pool,
    }
}

async fn accounts(s: &Arc<Service>, names: &[&str]) -> Vec<Player> {
    let mut out = Vec::new();
    for n in names {
        out.push(s.create_account(n, "a long password").await.unwrap());
    }
    out
}

/// Gives a player a rating in Duck Chess (as if from past games).
async fn set_rating(s: &Store, player: &str, rating: f64) {
    sqlx::query(
        "INSERT INTO ratings (player_id, perf, rating, deviation, volatility, games, wins, draws, losses, last_ms) \
         VALUES ($1, 'duck', $2, 80.0, 0.06, 20, 10, 0, 10, $3)",
    )
    .bind(player)
    .bind(rating)
    .bind(T0)
    .execute(s.pool())
    .await
    .unwrap();
}

#[tokio::test]
async fn two_players_accepting_one_seek_at_once_one_gets_the_game() {
    let dir = tempfile::tempdir().unwrap();
    let clock = ManualClock::new(T0);
    let s = service(&dir, &clock).await;
    let p = accounts(&s, &["ann", "ben", "cid"]).await;
    let k = s.post_seek(&p[0], seek(false, true)).await.unwrap();
    let (x, y) = tokio::join!(s.accept_seek(&p[1], &k.id), s.accept_seek(&p[2], &k.id));
    let won = [x.is_ok(), y.is_ok()];
    assert_eq!(won.iter().filter(|w| **w).count(), 1, "{x:?} {y:?}");
    let (game, loser) = if won[0] {
        (x.unwrap(), y)
    } else {
        (y.unwrap(), x)
    };
    assert!(loser.unwrap_err().to_string().contains("taken"));
    assert_eq!(game.status, "started");
    assert!(game.rated);
    let seats = [
        game.white_id.clone().unwrap(),
        game.black_id.clone().unwrap(),
    ];
    assert!(seats.contains(&"ann".to_string()));
    // The seek is gone from the lobby and says which game it became.
    assert!(s.lobby().await.unwrap().is_empty());
    let stored = s.store().seek(&k.id).await.unwrap().unwrap();
    assert_eq!(
        (stored.status.as_str(), stored.game_id.as_deref()),
        ("paired", Some(game.id.as_str()))
    );
    // Ann plays now: no second seek until the game ends.
    assert!(s.post_seek(&p[0], seek(false, true)).await.is_err());
}

#[tokio::test]
async fn one_open_seek_per_player_and_guests_only_casual() {
    let dir = tempfile::tempdir().unwrap();
    let clock = ManualClock::new(T0);
    let s = service(&dir, &clock).await;
    let p = accounts(&s, &["ann"]).await;
    s.post_seek(&p[0], seek(false, false)).await.unwrap();
    // A second tab posting at once.
    let (a, b) = tokio::join!(
        s.post_seek(&p[0], seek(true, false)),
        s.post_seek(&p[0], seek(false, true))
    );
    assert!(a.is_err() && b.is_err(), "{a:?} {b:?}");
    assert_eq!(s.lobby().await.unwrap().len(), 1);
    let (guest, _) = s.new_guest("gus").await.unwrap();
    assert!(matches!(
        s.post_seek(&guest, seek(false, true)).await,
        Err(ServiceError::Bad(_))
    ));
    s.post_seek(&guest, seek(false, false)).await.unwrap();
    assert_eq!(s.lobby().await.unwrap().len(), 2);
}

#[tokio::test]
async fn a_seek_nobody_renews_expires() {
    let dir = tempfile::tempdir().unwrap();
    let clock = ManualClock::new(T0);
    let s = service(&dir, &clock).await;
    let p = accounts(&s, &["ann", "ben"]).await;
    let k = s.post_seek(&p[0], seek(false, false)).await.unwrap();
    clock.advance(SEEK_TTL_MS - 1);
    assert!(s.renew_seek(&p[0], &k.id).await.unwrap());
    clock.advance(SEEK_TTL_MS - 1);
    assert_eq!(s.lobby().await.unwrap().len(), 1, "renewed: still there");
    clock.advance(1);
    assert!(s.lobby().await.unwrap().is_empty());
    assert!(s.accept_seek(&p[1], &k.id).await.is_err());
    assert_eq!(s.cancel_seek(&p[0], &k.id).await.unwrap(), Cancelled::Gone);
    // Expired, it no longer blocks a new one.
    s.post_seek(&p[0], seek(false, false)).await.unwrap();
}

#[tokio::test]
async fn a_cancel_racing_a_pairing_cancels_or_finds_the_game() {
    let dir = tempfile::tempdir().unwrap();
    let clock = ManualClock::new(T0);
    let s = service(&dir, &clock).await;
    let p = accounts(&s, &["ann", "ben", "cid", "dan"]).await;
    // Cancelled first: nobody can take it after.
    let k = s.post_seek(&p[0], seek(false, false)).await.unwrap();
    assert_eq!(
        s.cancel_seek(&p[0], &k.id).await.unwrap(),
        Cancelled::Cancelled
    );
    assert!(s.accept_seek(&p[1], &k.id).await.is_err());
    // Both at once, many times: either the cancel wins (no game) or the
    // pairing does (the cancel returns the game, which has both players).
    for round in 0..10 {
        let (a, b) = (&p[2 + (round % 2)], &p[1]);
        let k = s.post_seek(a, seek(false, false)).await.unwrap();
        let (cancel, accept) = tokio::join!(s.cancel_seek(a, &k.id), s.accept_seek(b, &k.id));
        match (cancel.unwrap(), accept) {
            (Cancelled::Cancelled, Err(_)) => {}
            (Cancelled::Paired(game), Ok(made)) => {
                assert_eq!(game, made.id);
                // End it so that both may seek again.
                s.act(
                    &game,
                    &duckchess::online::Actor::Player(a.clone()),
                    duckchess::online::Action::Abort,
                )
                .await
                .unwrap();
            }
            (c, a) => panic!("a cancel {c:?} with an accept {a:?}"),
        }
    }
}

#[tokio::test]
async fn quick_pairing_pairs_the_closest_ratings_and_widens_with_waiting() {
    let dir = tempfile::tempdir().unwrap();
    let clock = ManualClock::new(T0);
    let s = service(&dir, &clock).await;
    let p = accounts(&s, &["ann", "ben", "cid"]).await;
    for (player, r) in [("ann", 1500.0), ("ben", 1750.0), ("cid", 1560.0)] {
        set_rating(s.store(), player, r).await;
    }
    // Ann and Ben are 250 apart: no pairing at first.
    s.post_seek(&p[0], seek(true, true)).await.unwrap();
    s.post_seek(&p[1], seek(true, true)).await.unwrap();
    assert_eq!(s.pair_pools().await.unwrap(), 0);
    // Cid, 60 from Ann, comes: Ann and Cid are paired at once, not Ben.
    s.post_seek(&p[2], seek(true, true)).await.unwrap();
    let ann = s.store().playing("ann").await.unwrap();
    assert_eq!(ann.len(), 1);
    let g = &ann[0];
    let players = [g.white_id.clone().unwrap(), g.black_id.clone().unwrap()];
    assert!(players.contains(&"cid".to_string()), "{players:?}");
    assert_eq!(s.lobby().await.unwrap().len(), 1, "Ben still waits");
    // The range widens as a seek waits: 100, then +50 every 5 s.
    assert_eq!(pool_range(0), 100.0);
    assert_eq!(pool_range(15_000), 250.0);
    assert_eq!(pool_range(10_000_000), 1000.0);
}

#[tokio::test]
async fn waiting_widens_the_range_until_two_far_apart_are_paired() {
    let dir = tempfile::tempdir().unwrap();
    let clock = ManualClock::new(T0);
    let s = service(&dir, &clock).await;
    let p = accounts(&s, &["ann", "ben"]).await;
    set_rating(s.store(), "ann", 1500.0).await;
    set_rating(s.store(), "ben", 1740.0).await;
    let a = s.post_seek(&p[0], seek(true, true)).await.unwrap();
    let b = s.post_seek(&p[1], seek(true, true)).await.unwrap();
    for _ in 0..2 {
        clock.advance(5_000);
        s.renew_seek(&p[0], &a.id).await.unwrap();
        s.renew_seek(&p[1], &b.id).await.unwrap();
        assert_eq!(s.pair_pools().await.unwrap(), 0);
    }
    clock.advance(5_000);
    assert_eq!(
        s.pair_pools().await.unwrap(),
        1,
        "15 s: a range of 250 takes 240"
    );
    assert_eq!(
        s.cancel_seek(&p[0], &a.id).await.unwrap(),
        Cancelled::Paired(s.store().playing("ann").await.unwrap()[0].id.clone())
    );
}

/// Two servers on one PostgreSQL (two services here): a seek accepted on
/// both at once goes to one player; quick pairing run by both at once
/// pairs each seek once.
#[tokio::test]
async fn two_servers_on_one_postgresql_never_pair_twice() {
    let Some(url) = std::env::var("DUCKCHESS_TEST_POSTGRES")
        .ok()
        .filter(|u| !u.is_empty())
    else {
        eprintln!("\nSKIPPED: DUCKCHESS_TEST_POSTGRES is not set; not checked: the lobby's races across two servers on one PostgreSQL\n");
        assert!(
            std::env::var_os("DUCKCHESS_REQUIRE_SYSTEM_TESTS").is_none(),
            "DUCKCHESS_TEST_POSTGRES is required here"
        );
        return;
    };
    let clock = ManualClock::new(T0);
    let one = Service::with_clock(
        Store::open(&url).await.unwrap(),
        None,
        Arc::new(clock.clone()),
        false,
    );
    let two = Service::with_clock(
        Store::open(&url).await.unwrap(),
        None,
        Arc::new(clock.clone()),
        false,
    );
    let tag = duckchess::online::auth::new_id().to_lowercase();
    let names: Vec<String> = ["ann", "ben", "cid", "dan", "eve"]
        .iter()
        .map(|n| format!("{n}-{tag}"))
        .collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let p = accounts(&one, &names).await;
    // Seeks an earlier run left open in the shared database go first.
    one.store().expire_seeks(i64::MAX).await.unwrap();
    let k = one.post_seek(&p[0], seek(false, false)).await.unwrap();
    let (x, y) = tokio::join!(one.accept_seek(&p[1], &k.id), two.accept_seek(&p[2], &k.id));
    assert_eq!(
        [x.is_ok(), y.is_ok()].iter().filter(|w| **w).count(),
        1,
        "{x:?} {y:?}"
    );
    // Quick pairing: two waiting, both servers' matchers at once.
    one.post_seek(&p[3], seek(true, false)).await.unwrap();
    let sk = two.post_seek(&p[4], seek(true, false)).await;
    let (a, b) = tokio::join!(one.pair_pools(), two.pair_pools());
    let made = a.unwrap() + b.unwrap();
    let games = one.store().playing(&p[3].id).await.unwrap();
    assert_eq!(games.len(), 1, "{made} made, {sk:?}");
    assert!(one.store().playing(&p[4].id).await.unwrap().len() == 1);
}

#[tokio::test]
async fn two_accounts_find_each_other_in_every_game_and_every_pool() {
    let dir = tempfile::tempdir().unwrap();
    let clock = ManualClock::new(T0);
    let s = service(&dir, &clock).await;
    let p = accounts(&s, &["ann", "ben"]).await;
    for variant in duckchess::variants::names() {
        for (m, i) in duckchess::online::lobby::POOLS {
            let pool = |p: &Player| {
                let _ = p;
                NewSeek {
                    variant: variant.to_string(),
                    time: TimeControl::new(m * 60_000, i * 1000).unwrap(),
                    rated: true,
                    side: None,
                    range: None,
                    pool: true,
                }
            };
            s.post_seek(&p[0], pool(&p[0])).await.unwrap();
            s.post_seek(&p[1], pool(&p[1])).await.unwrap();
            let games = s.store().playing("ann").await.unwrap();
            assert_eq!(games.len(), 1, "{variant} {m}+{i}");
            let g = &games[0];
            assert_eq!(
                (g.variant.as_str(), g.initial_ms, g.rated),
                (variant, Some(m * 60_000), true)
            );
            // Over at once, so that both may seek again.
            let who = duckchess::online::Actor::Player(p[0].clone());
            s.act(&g.id, &who, duckchess::online::Action::Abort)
                .await
                .unwrap();
        }
    }
}
