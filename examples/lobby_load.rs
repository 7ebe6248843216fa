//! The lobby's benchmark (docs/online.md, "The lobby"): PLAYERS simulated
//! accounts (default 1000) with ratings spread from 1000 to 2200 join
//! quick pairing in one pool over SPREAD seconds (default 10), on a
//! SQLite file, with the lobby's matcher running as `serve` runs it. It
//! prints the time from seek to game (p50, p99, max), pairings a second,
//! who was left unpaired, and checks that nobody was paired twice: every
//! player's games are counted from the store, and any player in more than
//! one exits non-zero.
//!
//! ```text
//! cargo run --release --features web --example lobby_load -- [PLAYERS] [SPREAD]
//! ```

use duckchess::online::clock::TimeControl;
use duckchess::online::lobby::NewSeek;
use duckchess::online::Service;
use duckchess::store::Store;
use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().collect();
    let players: usize = args.get(1).map_or(1000, |p| p.parse().unwrap());
    let spread: u64 = args.get(2).map_or(10, |p| p.parse().unwrap());
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&format!("sqlite://{}/lobby.db", dir.path().display()))
        .await
        .unwrap();
    let s = Service::new(store, None);
    // The accounts, with ratings (as if from past games).
    let mut accounts = Vec::new();
    for i in 0..players {
        let p = s
            .create_account(&format!("p{i}"), "a long password")
            .await
            .unwrap();
        let rating = 1000.0 + (i * 7919 % 1200) as f64;
        sqlx::query(
            "INSERT INTO ratings (player_id, perf, rating, deviation, volatility, games, wins, draws, losses, last_ms) \
             VALUES ($1, 'blitz', $2, 60.0, 0.06, 50, 25, 0, 25, $3)",
        )
        .bind(&p.id)
        .bind(rating)
        .bind(s.now())
        .execute(s.store().pool())
        .await
        .unwrap();
        accounts.push(p);
    }
    println!("{players} players set up; seeking over {spread} s");
    tokio::spawn(s.clone().run_lobby());
    let ids: Vec<String> = accounts.iter().map(|p| p.id.clone()).collect();
    let started = Instant::now();
    let mut tasks = Vec::new();
    for (i, p) in accounts.into_iter().enumerate() {
        let s: Arc<Service> = s.clone();
        tasks.push(tokio::spawn(async move {
            let at = Duration::from_millis((i as u64 * 7_777) % (spread * 1000));
            tokio::time::sleep(at).await;
            let sought = Instant::now();
            let seek = NewSeek {
                variant: "chess".into(),
                time: "5+3".parse::<TimeControl>().unwrap(),
                rated: true,
                side: None,
                range: None,
                pool: true,
            };
            let k = s.post_seek(&p, seek).await.unwrap();
            // Waits for its game (renewing), at most 60 s.
            for tick in 0.. {
                let now = s.store().seek(&k.id).await.unwrap().unwrap();
                if now.status == "paired" {
                    return Some((p.id, now.game_id.unwrap(), sought.elapsed(), Instant::now()));
                }
                if tick > 600 {
                    return None;
                }
                if tick % 100 == 99 {
                    s.renew_seek(&p, &k.id).await.unwrap();
                }
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            None
        }));
    }
    let mut waits = Vec::new();
    let mut games: HashMap<String, Vec<String>> = HashMap::new();
    let mut unpaired = 0;
    let mut last = started;
    for t in tasks {
        match t.await.unwrap() {
            Some((player, game, waited, at)) => {
                last = last.max(at);
                waits.push(waited);
                games.entry(game).or_default().push(player);
            }
            None => unpaired += 1,
        }
    }
    // Up to the last pairing (the unpaired wait out their minute).
    let took = last.duration_since(started);
    // Nobody twice, as the store has it: every player's games counted
    // (none of them ends here, so each is one pairing).
    let mut twice = Vec::new();
    for id in &ids {
        let theirs = s.store().games_of(id, 100).await.unwrap();
        if theirs.len() > 1 {
            let list: Vec<&str> = theirs.iter().map(|g| g.id.as_str()).collect();
            twice.push(format!("{id} in {}", list.join(", ")));
        }
    }
    for (g, ps) in &games {
        if ps.len() != 2 {
            twice.push(format!("game {g} seen by {ps:?}"));
        }
    }
    waits.sort();
    let q = |f: f64| {
        waits
            .get(((waits.len() as f64 - 1.0) * f).round() as usize)
            .copied()
            .unwrap_or_default()
    };
    println!(
        "paired {} players into {} games in {:.1} s ({:.1} pairings/s); unpaired {unpaired}; paired twice {}",
        waits.len(),
        games.len(),
        took.as_secs_f64(),
        games.len() as f64 / took.as_secs_f64(),
        twice.len()
    );
    println!(
        "seek to game: p50 {:.0} ms, p99 {:.0} ms, max {:.0} ms",
        q(0.5).as_secs_f64() * 1e3,
        q(0.99).as_secs_f64() * 1e3,
        waits.last().copied().unwrap_or_default().as_secs_f64() * 1e3
    );
    if !twice.is_empty() {
        eprintln!("FAILED: paired twice: {}", twice.join("; "));
        std::process::exit(1);
    }
}
