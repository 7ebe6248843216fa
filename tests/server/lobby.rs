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
    assert_eq!(game.status.as_str(), "started");
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
    // One player in two tabs, on the two servers, accepting two seeks at
    // once: one game, the other tab told.
    let more: Vec<String> = ["fay", "gus", "hal"]
        .iter()
        .map(|n| format!("{n}-{tag}"))
        .collect();
    let more: Vec<&str> = more.iter().map(String::as_str).collect();
    let q = accounts(&one, &more).await;
    let k1 = one.post_seek(&q[0], seek(false, false)).await.unwrap();
    let k2 = two.post_seek(&q[1], seek(false, false)).await.unwrap();
    let (x, y) = tokio::join!(
        one.accept_seek(&q[2], &k1.id),
        two.accept_seek(&q[2], &k2.id)
    );
    assert_eq!(
        one.store().playing(&q[2].id).await.unwrap().len(),
        1,
        "{x:?} {y:?}"
    );
    let lost = if x.is_ok() { y } else { x };
    assert!(
        lost.unwrap_err().to_string().contains("already playing"),
        "the other tab is told"
    );
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

async fn guest(s: &Arc<Service>, name: &str) -> Player {
    s.new_guest(name).await.unwrap().0
}

/// Gives a guest a rating in Duck Chess (as if from past casual games).
async fn rated_guest(s: &Arc<Service>, name: &str, rating: f64) -> Player {
    let p = guest(s, name).await;
    set_rating(s.store(), &p.id, rating).await;
    p
}

fn ranged(pool: bool, range: (i64, i64)) -> NewSeek {
    NewSeek {
        range: Some(range),
        ..seek(pool, false)
    }
}

/// One player in two tabs accepting two different seeks at once gets one
/// game: the other tab is told, and the other seek stays open.
#[tokio::test]
async fn two_tabs_accepting_two_seeks_at_once_get_one_game() {
    let dir = tempfile::tempdir().unwrap();
    let clock = ManualClock::new(T0);
    let s = service(&dir, &clock).await;
    for round in 0..6 {
        let (p, q, r) = (
            guest(&s, "pia").await,
            guest(&s, "quin").await,
            guest(&s, "rex").await,
        );
        let kq = s.post_seek(&q, seek(false, false)).await.unwrap();
        let kr = s.post_seek(&r, seek(false, false)).await.unwrap();
        let (x, y) = if round % 2 == 0 {
            tokio::join!(s.accept_seek(&p, &kq.id), s.accept_seek(&p, &kr.id))
        } else {
            let (y, x) = tokio::join!(s.accept_seek(&p, &kr.id), s.accept_seek(&p, &kq.id));
            (x, y)
        };
        let games = s.store().playing(&p.id).await.unwrap();
        assert_eq!(games.len(), 1, "round {round}: {x:?} {y:?}");
        assert_eq!(
            [x.is_ok(), y.is_ok()].iter().filter(|w| **w).count(),
            1,
            "round {round}: {x:?} {y:?}"
        );
        let (lost, open) = match (x, y) {
            (Ok(_), Err(e)) => (e, &kr),
            (Err(e), Ok(_)) => (e, &kq),
            _ => unreachable!(),
        };
        assert!(
            lost.to_string().contains("already playing"),
            "round {round}: {lost}"
        );
        // The losing tab's seek was not taken: its player still waits.
        assert_eq!(
            s.store().seek(&open.id).await.unwrap().unwrap().status,
            "open"
        );
        s.store().expire_seeks(i64::MAX).await.unwrap();
    }
}

/// A player accepts a seek while their own pool seek is being paired: one
/// of the two makes their game, never both.
#[tokio::test]
async fn accepting_while_ones_own_pool_seek_is_paired_gives_one_game() {
    let dir = tempfile::tempdir().unwrap();
    let clock = ManualClock::new(T0);
    let s = service(&dir, &clock).await;
    for round in 0..6 {
        let p = rated_guest(&s, "pia", 1500.0).await;
        let r = rated_guest(&s, "rex", 1740.0).await;
        let q = guest(&s, "quin").await;
        // 240 apart: the pool pairs them once their ranges have widened.
        s.post_seek(&r, seek(true, false)).await.unwrap();
        let own = s.post_seek(&p, seek(true, false)).await.unwrap();
        assert_eq!(own.status.as_str(), "open");
        let kq = s.post_seek(&q, seek(false, false)).await.unwrap();
        clock.advance(15_000);
        let (accepted, paired) = if round % 2 == 0 {
            tokio::join!(s.accept_seek(&p, &kq.id), s.pair_pools())
        } else {
            let (b, a) = tokio::join!(s.pair_pools(), s.accept_seek(&p, &kq.id));
            (a, b)
        };
        let games = s.store().playing(&p.id).await.unwrap();
        assert_eq!(
            games.len(),
            1,
            "round {round}: accepted {accepted:?}, pool made {paired:?}"
        );
        let g = &games[0];
        let with = [g.white_id.clone().unwrap(), g.black_id.clone().unwrap()];
        match accepted {
            Ok(made) => {
                assert_eq!(made.id, g.id);
                assert!(with.contains(&q.id));
                assert!(s.store().playing(&r.id).await.unwrap().is_empty());
            }
            Err(e) => {
                assert!(e.to_string().contains("already playing"), "{e}");
                assert!(with.contains(&r.id));
                assert_eq!(
                    s.store().seek(&kq.id).await.unwrap().unwrap().status,
                    "open"
                );
            }
        }
        s.store().expire_seeks(i64::MAX).await.unwrap();
    }
}

fn invitation() -> duckchess::online::NewGame {
    duckchess::online::NewGame {
        variant: "duck".into(),
        time: Some("5+3".parse().unwrap()),
        ..Default::default()
    }
}

/// A player with an open pool seek who creates an invitation game leaves
/// the pool: the seek is cancelled.
#[tokio::test]
async fn creating_an_invitation_game_cancels_ones_seek() {
    let dir = tempfile::tempdir().unwrap();
    let clock = ManualClock::new(T0);
    let s = service(&dir, &clock).await;
    let p = guest(&s, "pia").await;
    let own = s.post_seek(&p, seek(true, false)).await.unwrap();
    s.create(&p, invitation()).await.unwrap();
    assert_eq!(
        s.store().seek(&own.id).await.unwrap().unwrap().status,
        "cancelled"
    );
    assert!(s.lobby().await.unwrap().is_empty());
}

/// A player with an open pool seek who joins an invitation game leaves
/// the pool, and nobody is paired with them while they play.
#[tokio::test]
async fn a_player_who_joins_an_invitation_game_is_left_out_of_pool_pairing() {
    use duckchess::online::{Action, Actor};
    let dir = tempfile::tempdir().unwrap();
    let clock = ManualClock::new(T0);
    let s = service(&dir, &clock).await;
    let (p, q, r) = (
        guest(&s, "pia").await,
        guest(&s, "quin").await,
        guest(&s, "rex").await,
    );
    let own = s.post_seek(&p, seek(true, false)).await.unwrap();
    let theirs = s.create(&q, invitation()).await.unwrap();
    s.act(&theirs.id, &Actor::Player(p.clone()), Action::Join)
        .await
        .unwrap();
    s.post_seek(&r, seek(true, false)).await.unwrap();
    s.pair_pools().await.unwrap();
    let games = s.store().playing(&p.id).await.unwrap();
    assert_eq!(games.len(), 1, "{games:?}");
    assert_eq!(games[0].id, theirs.id);
    assert!(s.store().playing(&r.id).await.unwrap().is_empty());
    assert_eq!(
        s.store().seek(&own.id).await.unwrap().unwrap().status,
        "cancelled"
    );
    assert_eq!(s.lobby().await.unwrap().len(), 1, "Rex still waits");
}

/// Quick pairing honours each seek's rating range, both ways, however
/// long they wait.
#[tokio::test]
async fn quick_pairing_honours_both_seeks_rating_ranges() {
    let dir = tempfile::tempdir().unwrap();
    let clock = ManualClock::new(T0);
    let s = service(&dir, &clock).await;
    let ann = rated_guest(&s, "ann", 1500.0).await;
    let ben = rated_guest(&s, "ben", 1550.0).await;
    let cid = rated_guest(&s, "cid", 1560.0).await;
    let dan = rated_guest(&s, "dan", 1650.0).await;
    // Ben wants 1600-2000: Ann (1500, 50 away) is not for him.
    s.post_seek(&ann, seek(true, false)).await.unwrap();
    s.post_seek(&ben, ranged(true, (1600, 2000))).await.unwrap();
    assert!(s.store().playing(&ann.id).await.unwrap().is_empty());
    // Cid wants 1400-1600: Ann, not Ben (10 away but his range is 1600 up).
    s.post_seek(&cid, ranged(true, (1400, 1600))).await.unwrap();
    let g = s.store().playing(&cid.id).await.unwrap();
    assert_eq!(g.len(), 1);
    assert!([g[0].white_id.as_deref(), g[0].black_id.as_deref()].contains(&Some(ann.id.as_str())));
    // Dan wants 1700-1800: Ben's range has Dan, Dan's has not Ben. Waiting
    // widens the pool's range, never a seek's own.
    s.post_seek(&dan, ranged(true, (1700, 1800))).await.unwrap();
    clock.advance(30_000);
    assert_eq!(s.pair_pools().await.unwrap(), 0);
    assert_eq!(s.lobby().await.unwrap().len(), 2);
}

/// Quick pairing pairs the closest ratings first: Ann 1500 (the oldest),
/// Ben 1590 and Cid 1600 waiting together make Ben–Cid, not Ann–Ben.
#[tokio::test]
async fn quick_pairing_pairs_the_globally_closest_first() {
    let dir = tempfile::tempdir().unwrap();
    let clock = ManualClock::new(T0);
    let s = service(&dir, &clock).await;
    let mut ids = Vec::new();
    // Posted straight into the store, as a tick's worth of seeks (or two
    // servers' at once) wait together before the matcher runs.
    for (i, (name, rating)) in [("ann", 1500.0), ("ben", 1590.0), ("cid", 1600.0)]
        .into_iter()
        .enumerate()
    {
        let p = rated_guest(&s, name, rating).await;
        let k = duckchess::store::SeekRow {
            id: format!("seek{i}"),
            player_id: p.id.clone(),
            variant: "duck".into(),
            initial_ms: 300_000,
            increment_ms: 3_000,
            rated: false,
            color: "random".into(),
            rating_min: None,
            rating_max: None,
            pool: true,
            rating,
            status: "open".into(),
            game_id: None,
            created_ms: T0 + i as i64,
            expires_ms: T0 + SEEK_TTL_MS,
        };
        assert!(s.store().insert_seek(&k).await.unwrap());
        ids.push(p.id);
    }
    clock.advance(10);
    assert_eq!(s.pair_pools().await.unwrap(), 1);
    assert!(
        s.store().playing(&ids[0]).await.unwrap().is_empty(),
        "Ann waits"
    );
    let g = s.store().playing(&ids[1]).await.unwrap();
    assert_eq!(g.len(), 1);
    assert!([g[0].white_id.as_ref(), g[0].black_id.as_ref()].contains(&Some(&ids[2])));
}
