//! Glicko-2: the paper's worked example, a second case computed step by
//! step by a separate implementation of the paper's formulas, and rated
//! games on the server: ratings change once, in the game's transaction,
//! and equal what the stored results give.

use duckchess::online::clock::ManualClock;
use duckchess::online::rating::{self, after_game, after_period, Rating, Score};
use duckchess::online::{Action, Actor, NewGame, Service, ServiceError};
use std::sync::Arc;

fn r(rating: f64, deviation: f64) -> Rating {
    Rating {
        rating,
        deviation,
        volatility: 0.06,
    }
}

#[test]
fn the_papers_worked_example() {
    // Glickman, "Example of the Glicko-2 system": a 1500 / 200 player
    // beats a 1400 / 30 and loses to a 1550 / 100 and a 1700 / 300 in one
    // period. Printed: 1464.06 / 151.52 / 0.05999 (the paper rounds its
    // steps; exact arithmetic gives 1464.05 / 151.52 / 0.059996).
    let after = after_period(
        r(1500.0, 200.0),
        &[
            (r(1400.0, 30.0), Score::Win),
            (r(1550.0, 100.0), Score::Loss),
            (r(1700.0, 300.0), Score::Loss),
        ],
    );
    assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
    assert!((after.deviation - 151.52).abs() < 0.01, "{after:?}");
    assert!((after.volatility - 0.05999).abs() < 0.00001, "{after:?}");
    assert!((after.rating - 1464.0507).abs() < 0.0001, "{after:?}");
}

/// The paper's steps, written out separately: the check on the crate.
mod paper {
    const SCALE: f64 = 173.7178;

    pub fn g(phi: f64) -> f64 {
        1.0 / (1.0 + 3.0 * phi * phi / (std::f64::consts::PI * std::f64::consts::PI)).sqrt()
    }

    /// One period with `games` (opponent rating, deviation, score); none: an
    /// idle period.
    pub fn period(
        r: f64,
        rd: f64,
        sigma: f64,
        games: &[(f64, f64, f64)],
        tau: f64,
    ) -> (f64, f64, f64) {
        let mu = (r - 1500.0) / SCALE;
        let phi = rd / SCALE;
        if games.is_empty() {
            let phi_star = (phi * phi + sigma * sigma).sqrt();
            return (r, (phi_star * SCALE).min(350.0), sigma);
        }
        let opp: Vec<(f64, f64, f64)> = games
            .iter()
            .map(|&(rj, rdj, s)| ((rj - 1500.0) / SCALE, rdj / SCALE, s))
            .collect();
        let e = |muj: f64, phij: f64| 1.0 / (1.0 + (-g(phij) * (mu - muj)).exp());
        let v = 1.0
            / opp
                .iter()
                .map(|&(muj, phij, _)| {
                    let ej = e(muj, phij);
                    g(phij).powi(2) * ej * (1.0 - ej)
                })
                .sum::<f64>();
        let sum: f64 = opp
            .iter()
            .map(|&(muj, phij, s)| g(phij) * (s - e(muj, phij)))
            .sum();
        let delta = v * sum;
        // Step 5: the Illinois iteration.
        let a = (sigma * sigma).ln();
        let f = |x: f64| {
            let ex = x.exp();
            ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex).powi(2))
                - (x - a) / (tau * tau)
        };
        let mut big_a = a;
        let mut big_b = if delta * delta > phi * phi + v {
            (delta * delta - phi * phi - v).ln()
        } else {
            let mut k = 1.0;
            while f(a - k * tau) < 0.0 {
                k += 1.0;
            }
            a - k * tau
        };
        let (mut fa, mut fb) = (f(big_a), f(big_b));
        while (big_b - big_a).abs() > 0.000001 {
            let big_c = big_a + (big_a - big_b) * fa / (fb - fa);
            let fc = f(big_c);
            if fc * fb <= 0.0 {
                big_a = big_b;
                fa = fb;
            } else {
                fa /= 2.0;
            }
            big_b = big_c;
            fb = fc;
        }
        let sigma2 = (big_a / 2.0).exp();
        let phi_star = (phi * phi + sigma2 * sigma2).sqrt();
        let phi2 = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
        let mu2 = mu + phi2 * phi2 * sum;
        (mu2 * SCALE + 1500.0, phi2 * SCALE, sigma2)
    }
}

#[test]
fn a_win_a_draw_and_a_loss_in_three_periods_with_idle_days_between() {
    let mut ours = Rating::default();
    let mut theirs = (1500.0, 350.0, 0.06);
    let steps: [(Rating, Score, f64, i64); 3] = [
        (r(1400.0, 30.0), Score::Win, 1.0, 0),
        (r(1550.0, 100.0), Score::Draw, 0.5, 3),
        (r(1700.0, 300.0), Score::Loss, 0.0, 10),
    ];
    for (opponent, score, points, idle) in steps {
        ours = ours.after_idle_days(idle);
        for _ in 0..idle {
            theirs = paper::period(theirs.0, theirs.1, theirs.2, &[], 0.5);
        }
        assert!(
            (ours.deviation - theirs.1).abs() < 1e-6,
            "idle {idle}: {ours:?} {theirs:?}"
        );
        ours = after_game(ours, opponent, score).0;
        theirs = paper::period(
            theirs.0,
            theirs.1,
            theirs.2,
            &[(opponent.rating, opponent.deviation, points)],
            0.5,
        );
        assert!((ours.rating - theirs.0).abs() < 1e-4, "{ours:?} {theirs:?}");
        assert!(
            (ours.deviation - theirs.1).abs() < 1e-4,
            "{ours:?} {theirs:?}"
        );
        assert!(
            (ours.volatility - theirs.2).abs() < 1e-6,
            "{ours:?} {theirs:?}"
        );
    }
    // The paper's own example through the separate steps too.
    let (rr, rd, sigma) = paper::period(
        1500.0,
        200.0,
        0.06,
        &[
            (1400.0, 30.0, 1.0),
            (1550.0, 100.0, 0.0),
            (1700.0, 300.0, 0.0),
        ],
        0.5,
    );
    assert!(
        (rr - 1464.05).abs() < 0.01
            && (rd - 151.52).abs() < 0.01
            && (sigma - 0.059996).abs() < 1e-6
    );
    // Two newcomers: the winner gains what the page shows as +162.
    let (winner, loser) = after_game(Rating::default(), Rating::default(), Score::Win);
    assert_eq!((winner.rating - 1500.0).round(), 162.0, "{winner:?}");
    assert_eq!((loser.rating - 1500.0).round(), -162.0, "{loser:?}");
    // Idle days never take the deviation past the start's.
    assert_eq!(
        Rating::default().after_idle_days(400).deviation,
        rating::START_DEVIATION
    );
}

const T0: i64 = 1_800_000_000_000;

async fn service(dir: &tempfile::TempDir, clock: &ManualClock) -> Arc<Service> {
    let store =
        duckchess::store::Store::open(&format!("sqlite://{}/games.db", dir.path().display()))
            .await
            .unwrap();
    Service::with_clock(store, None, Arc::new(clock.clone()), false)
}

async fn rated_game(
    s: &Arc<Service>,
    white: &duckchess::store::Player,
    black: &duckchess::store::Player,
) -> String {
    let row = s
        .create(
            white,
            NewGame {
                variant: "chess".into(),
                time: Some("5+3".parse().unwrap()),
                side: Some(0),
                rated: true,
                ..NewGame::default()
            },
        )
        .await
        .unwrap();
    s.act(&row.id, &Actor::Player(black.clone()), Action::Join)
        .await
        .unwrap();
    row.id
}

fn mv(text: &str, ply: i64) -> Action {
    Action::Move {
        text: text.into(),
        ply: Some(ply),
    }
}

#[tokio::test]
async fn rated_games_change_ratings_once_and_as_the_results_say() {
    let dir = tempfile::tempdir().unwrap();
    let clock = ManualClock::new(T0);
    let s = service(&dir, &clock).await;
    let url = format!("sqlite://{}/games.db", dir.path().display());
    rated_series(&s, &clock, "", &url).await;
}

/// The same on PostgreSQL, when `DUCKCHESS_TEST_POSTGRES` names one (the
/// names made unique: the database is shared between runs).
#[tokio::test]
async fn rated_games_on_postgresql() {
    let Some(url) = std::env::var("DUCKCHESS_TEST_POSTGRES")
        .ok()
        .filter(|u| !u.is_empty())
    else {
        eprintln!("\nSKIPPED: DUCKCHESS_TEST_POSTGRES is not set; not checked: rated games on PostgreSQL\n");
        assert!(
            std::env::var_os("DUCKCHESS_REQUIRE_SYSTEM_TESTS").is_none(),
            "DUCKCHESS_TEST_POSTGRES is required here"
        );
        return;
    };
    let clock = ManualClock::new(T0);
    let store = duckchess::store::Store::open(&url).await.unwrap();
    let s = Service::with_clock(store, None, Arc::new(clock.clone()), false);
    let suffix = format!("-{}", duckchess::online::auth::new_id().to_lowercase());
    rated_series(&s, &clock, &suffix, &url).await;
    // Two servers on the database see one flag fall at once: the game
    // ends once and the ratings change once.
    let other = Service::with_clock(
        duckchess::store::Store::open(&url).await.unwrap(),
        None,
        Arc::new(clock.clone()),
        false,
    );
    let a = s
        .store()
        .account(&format!("alice{suffix}"))
        .await
        .unwrap()
        .unwrap();
    let b = s
        .store()
        .account(&format!("bob{suffix}"))
        .await
        .unwrap()
        .unwrap();
    let before = s
        .store()
        .rating(&a.id, "blitz")
        .await
        .unwrap()
        .unwrap()
        .games;
    let id = rated_game(&s, &a, &b).await;
    s.act(&id, &Actor::Player(a.clone()), mv("e2e4", 0))
        .await
        .unwrap();
    s.act(&id, &Actor::Player(b.clone()), mv("e7e5", 1))
        .await
        .unwrap();
    clock.advance(400_000);
    let (x, y) = tokio::join!(s.check_flags(), other.check_flags());
    // (The database is shared: other running games may end too; this
    // one's count is what matters.)
    let ended = x.unwrap() + y.unwrap();
    assert!(ended >= 1, "the flag fell");
    let t = s.table(&id).await.unwrap();
    assert_eq!(
        (
            t.row.status.as_str(),
            t.row.winner.map(duckchess::protocol::Side::as_str)
        ),
        ("outoftime", Some("black"))
    );
    let after = s.store().rating(&a.id, "blitz").await.unwrap().unwrap();
    assert_eq!(after.games, before + 1, "counted once");
    assert_eq!(
        s.store().history(&a.id, "blitz").await.unwrap().len() as i64,
        after.games
    );
}

/// `url`: the database of `s`, for a server started again on it.
async fn rated_series(s: &Arc<Service>, clock: &ManualClock, suffix: &str, url: &str) {
    let names = ["alice", "bob", "carol"].map(|n| format!("{n}{suffix}"));
    let mut players = Vec::new();
    for n in &names {
        players.push(s.create_account(n, "a long password").await.unwrap());
    }
    // A guest cannot play rated, nor can a game without a clock.
    let (guest, _) = s.new_guest("dave").await.unwrap();
    let refused = s
        .create(
            &guest,
            NewGame {
                variant: "chess".into(),
                time: Some("5+3".parse().unwrap()),
                rated: true,
                ..NewGame::default()
            },
        )
        .await;
    assert!(
        matches!(refused, Err(ServiceError::Bad(ref e)) if e.contains("accounts")),
        "{refused:?}"
    );
    let refused = s
        .create(
            &players[0],
            NewGame {
                variant: "chess".into(),
                rated: true,
                ..NewGame::default()
            },
        )
        .await;
    assert!(
        matches!(refused, Err(ServiceError::Bad(ref e)) if e.contains("clock")),
        "{refused:?}"
    );
    // Nor from any position but the game's own start.
    let refused = s
        .create(
            &players[0],
            NewGame {
                variant: "chess".into(),
                position: Some("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1".into()),
                time: Some("5+3".parse().unwrap()),
                rated: true,
                ..NewGame::default()
            },
        )
        .await;
    assert!(
        matches!(refused, Err(ServiceError::Bad(ref e)) if e.contains("start")),
        "{refused:?}"
    );
    let id = rated_game(s, &players[0], &players[1]).await;
    assert!(s
        .act(&id, &Actor::Player(guest.clone()), Action::Join)
        .await
        .is_err());

    // Results in order: (white, black, how it ends).
    let games: [(usize, usize, &str); 5] = [
        (0, 1, "mate"),   // black mates (fool's mate)
        (1, 2, "resign"), // black resigns
        (2, 0, "draw"),
        (0, 2, "abort"), // aborted: no change
        (1, 0, "mate"),
    ];
    for (w, b, how) in games {
        let id = rated_game(s, &players[w], &players[b]).await;
        let (pw, pb) = (
            Actor::Player(players[w].clone()),
            Actor::Player(players[b].clone()),
        );
        clock.advance(60_000);
        match how {
            "mate" => {
                for (i, m) in ["f2f3", "e7e5", "g2g4", "d8h4"].iter().enumerate() {
                    let who = if i % 2 == 0 { &pw } else { &pb };
                    s.act(&id, who, mv(m, i as i64)).await.unwrap();
                }
                // A retried final move changes nothing more, on this
                // server or on one started again in between.
                s.act(&id, &pb, mv("d8h4", 3)).await.unwrap();
                let restarted = Service::with_clock(
                    duckchess::store::Store::open(url).await.unwrap(),
                    None,
                    Arc::new(clock.clone()),
                    false,
                );
                restarted.act(&id, &pb, mv("d8h4", 3)).await.unwrap();
            }
            "resign" => {
                s.act(&id, &pw, mv("e2e4", 0)).await.unwrap();
                s.act(&id, &pb, mv("e7e5", 1)).await.unwrap();
                s.act(&id, &pb, Action::Resign).await.unwrap();
            }
            "draw" => {
                s.act(&id, &pw, mv("e2e4", 0)).await.unwrap();
                s.act(&id, &pb, mv("e7e5", 1)).await.unwrap();
                s.act(&id, &pw, Action::OfferDraw).await.unwrap();
                s.act(&id, &pb, Action::OfferDraw).await.unwrap();
            }
            _ => {
                s.act(&id, &pw, Action::Abort).await.unwrap();
            }
        }
        let t = s.table(&id).await.unwrap();
        if how == "abort" {
            assert_eq!(t.row.white_rating_diff, None);
        } else {
            assert!(t.row.white_rating_diff.is_some(), "{how}");
        }
    }
    // Recompute from the stored results, in order, with the module.
    let mut expect = [Rating::default(); 3];
    for (w, b, how) in games {
        let score = match how {
            "mate" => Score::Loss,
            "resign" => Score::Win,
            "draw" => Score::Draw,
            _ => continue,
        };
        let (a, c) = after_game(expect[w], expect[b], score);
        expect[w] = a;
        expect[b] = c;
    }
    for (i, p) in players.iter().enumerate() {
        let stored = s.store().rating(&p.id, "blitz").await.unwrap().unwrap();
        assert!(
            (stored.rating - expect[i].rating).abs() < 1e-9,
            "{}: {stored:?} {:?}",
            names[i],
            expect[i]
        );
        assert!((stored.deviation - expect[i].deviation).abs() < 1e-9);
        let played = games
            .iter()
            .filter(|(w, b, how)| (*w == i || *b == i) && *how != "abort")
            .count();
        assert_eq!(stored.games as usize, played, "{}", names[i]);
        assert_eq!(
            s.store().history(&p.id, "blitz").await.unwrap().len(),
            played
        );
    }
    // Alice: lost (mate as white), drew (as black vs carol), won (mate as black).
    let alice = s
        .store()
        .rating(&players[0].id, "blitz")
        .await
        .unwrap()
        .unwrap();
    assert_eq!((alice.wins, alice.draws, alice.losses), (1, 1, 1));
}

#[tokio::test]
async fn the_computer_is_a_rated_opponent_with_a_rating_of_its_own() {
    let dir = tempfile::tempdir().unwrap();
    let clock = ManualClock::new(T0);
    let first = duckchess::engine::computer::first_legal();
    let store =
        duckchess::store::Store::open(&format!("sqlite://{}/games.db", dir.path().display()))
            .await
            .unwrap();
    let s = Service::with_clock(store, Some(first), Arc::new(clock.clone()), false);
    let ann = s.create_account("ann", "a long password").await.unwrap();
    // Levels only, and nobody may take a computer's name.
    let odd = NewGame {
        variant: "duck".into(),
        time: Some("3+2".parse().unwrap()),
        side: Some(0),
        rated: true,
        computer_ms: Some(250),
        ..NewGame::default()
    };
    assert!(s.create(&ann, odd).await.is_err());
    assert!(s
        .create_account("duckchess-300ms", "a long password")
        .await
        .is_err());
    let row = s
        .create(
            &ann,
            NewGame {
                variant: "duck".into(),
                time: Some("3+2".parse().unwrap()),
                side: Some(0),
                rated: true,
                computer_ms: Some(300),
                ..NewGame::default()
            },
        )
        .await
        .unwrap();
    assert_eq!(row.black_id.as_deref(), Some("duckchess-300ms"));
    assert_eq!(row.status.as_str(), "started");
    s.act(&row.id, &Actor::Player(ann.clone()), Action::Resign)
        .await
        .unwrap();
    let bot = s
        .store()
        .rating("duckchess-300ms", "duck")
        .await
        .unwrap()
        .unwrap();
    let me = s.store().rating("ann", "duck").await.unwrap().unwrap();
    assert_eq!((bot.games, bot.wins, me.losses), (1, 1, 1));
    assert!(bot.rating > 1500.0 && me.rating < 1500.0);
    let full = s.full(&row.id, None).await.unwrap();
    assert_eq!(full["black"]["aiLevel"], 300);
    assert_eq!(full["black"]["rating"], 1500, "the rating before the game");
    // Nobody signs in as the computer.
    assert!(s.log_in("duckchess-300ms", "").await.is_err());
}

#[tokio::test]
async fn leaderboards_list_settled_active_players_best_first() {
    use tower::ServiceExt;
    let dir = tempfile::tempdir().unwrap();
    let clock = ManualClock::new(T0);
    let s = service(&dir, &clock).await;
    // Ratings as if from past games: settled, provisional, and idle.
    let computer = s.computer_account(300).await.unwrap();
    for (name, rating, deviation, days_idle) in [
        ("ann", 1800.0, 60.0, 1),
        ("ben", 1900.0, 100.0, 2),
        ("cid", 2100.0, 200.0, 1),                 // provisional
        ("dan", 2000.0, 50.0, 45),                 // not active in 30 days
        ("eve", 1700.0, 110.0, 0),                 // just settled, active today
        ("fay", 1750.0, 100.0, 29),                // settled, but 29 idle days grow it to 115
        (computer.name.as_str(), 1950.0, 50.0, 0), // the computer: rated, not ranked
    ] {
        let p = match s.create_account(name, "a long password").await {
            Ok(p) => p,
            Err(_) => computer.clone(),
        };
        sqlx::query(
            "INSERT INTO ratings (player_id, perf, rating, deviation, volatility, games, wins, draws, losses, last_ms) \
             VALUES ($1, 'duck', $2, $3, 0.06, 30, 15, 0, 15, $4)",
        )
        .bind(&p.id)
        .bind(rating)
        .bind(deviation)
        .bind(T0 - days_idle * rating::DAY_MS)
        .execute(s.store().pool())
        .await
        .unwrap();
    }
    let app = duckchess::web::router(duckchess::web::AppState::default().with_online(s.clone()));
    let get = |path: &str| {
        axum::http::Request::get(path)
            .body(axum::body::Body::empty())
            .unwrap()
    };
    let answer = app
        .clone()
        .oneshot(get("/api/player/top/10/duck"))
        .await
        .unwrap();
    assert_eq!(answer.status(), 200);
    let body = axum::body::to_bytes(answer.into_body(), 1 << 20)
        .await
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&body).unwrap();
    let names: Vec<&str> = v["users"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| u["username"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["ben", "ann", "eve"]);
    let all = {
        let answer = app.clone().oneshot(get("/api/player")).await.unwrap();
        let body = axum::body::to_bytes(answer.into_body(), 1 << 20)
            .await
            .unwrap();
        serde_json::from_slice::<serde_json::Value>(&body).unwrap()
    };
    let names: Vec<&str> = all["duck"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| u["username"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        ["ben", "ann", "eve"],
        "/api/player as /api/player/top"
    );
    assert_eq!(v["users"][0]["perfs"]["duck"]["rating"], 1900);
    let answer = app
        .clone()
        .oneshot(get("/api/player/top/10/nosuchperf"))
        .await
        .unwrap();
    assert_eq!(answer.status(), 404);
    // A player's own page still shows a provisional rating, with its mark.
    let answer = app.clone().oneshot(get("/api/user/cid")).await.unwrap();
    let body = axum::body::to_bytes(answer.into_body(), 1 << 20)
        .await
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(v["perfs"]["duck"]["prov"], true);
    assert_eq!(v["perfs"]["duck"]["rating"], 2100);
    // lichess's fields, as a reader of them finds them: the deviation as
    // shown (fay's grown by her idle days, so provisional, as the
    // leaderboard has it), the games, and no progress without history.
    let user = |name: &str| {
        let app = app.clone();
        let name = name.to_string();
        async move {
            let answer = app
                .oneshot(get(&format!("/api/user/{name}")))
                .await
                .unwrap();
            let body = axum::body::to_bytes(answer.into_body(), 1 << 20)
                .await
                .unwrap();
            serde_json::from_slice::<serde_json::Value>(&body).unwrap()
        }
    };
    let fay = user("fay").await;
    assert_eq!(fay["perfs"]["duck"]["rd"], 115, "{fay}");
    assert_eq!(fay["perfs"]["duck"]["prov"], true, "{fay}");
    assert_eq!(fay["perfs"]["duck"]["games"], 30);
    assert_eq!(fay["perfs"]["duck"]["prog"], 0);
    assert_eq!(
        fay["count"],
        serde_json::json!({"rated": 30, "win": 15, "draw": 0, "loss": 15})
    );
    assert!(fay.get("title").is_none(), "{fay}");
    let ann = user("ann").await;
    assert_eq!(ann["perfs"]["duck"]["rd"], 61, "60 and one idle day: {ann}");
    assert_eq!(ann["perfs"]["duck"]["prov"], false);
    // The computer's account says what it is, as lichess's bots do.
    let bot = user(&computer.name).await;
    assert_eq!(bot["title"], "BOT", "{bot}");
}
