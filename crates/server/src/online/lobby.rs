//! The lobby: seeks that players post and others accept, and quick pairing
//! by pool, where the server pairs the closest ratings first (both seeks'
//! own ranges honoured) and widens the pool's range the longer a seek
//! waits.
//!
//! A player has at most one open seek or running game from the lobby:
//! the database's unique index means two tabs cannot post two seeks, and
//! every transaction that pairs, posts a seek or starts a game locks the
//! players' rows and looks at their games in progress
//! ([`crate::store::Store::pair`]). A seek nobody renews expires after
//! [`SEEK_TTL_MS`]. Pairing is one transaction: the game is made and every
//! seek in it marked as having become it, or nothing is written (a seek
//! taken, cancelled or expired first, or a player playing meanwhile; the
//! loser hears [`Refusal::Lost`], HTTP 409). So a cancel racing a pairing
//! either cancels or finds the game made, and never leaves an opponent
//! alone.

use super::auth;
use super::clock::TimeControl;
use super::hub::Line;
use super::rating::{self, Rating};
use super::referee::{side_key, side_of_key, Refusal};
use super::service::{Result, Service, ServiceError};
use crate::store::{GameRow, Pairing, Player, Posted, Seating, SeekRow};
use duckchess_protocol::{LobbyEvent, Seek, SeekClock, SeekPlayer};
use std::collections::HashMap;
use std::sync::Arc;

/// How long a seek lives without being renewed.
pub const SEEK_TTL_MS: i64 = 60_000;
/// The quick-pairing pools of every game: minutes + seconds.
pub const POOLS: [(i64, i64); 4] = [(3, 2), (5, 3), (10, 5), (15, 10)];
/// The rating difference quick pairing accepts at first.
pub const POOL_RANGE_START: f64 = 100.0;
/// What it widens by every [`POOL_RANGE_STEP_MS`] a seek waits.
pub const POOL_RANGE_WIDEN: f64 = 50.0;
/// How often the range widens.
pub const POOL_RANGE_STEP_MS: i64 = 5_000;
/// The widest range.
pub const POOL_RANGE_MAX: f64 = 1000.0;

/// A seek to post.
#[derive(Clone, Debug)]
pub struct NewSeek {
    /// The registry's name of the game.
    pub variant: String,
    /// The clock (the lobby's games are timed).
    pub time: TimeControl,
    /// Rated (accounts only).
    pub rated: bool,
    /// The seeker's side: 0 first, 1 second, none random.
    pub side: Option<usize>,
    /// The opponents' ratings accepted.
    pub range: Option<(i64, i64)>,
    /// Quick pairing: the server pairs it.
    pub pool: bool,
}

/// What became of a seek its player cancelled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cancelled {
    /// It is gone.
    Cancelled,
    /// It was paired first: the game.
    Paired(String),
    /// It had expired or was no longer there.
    Gone,
}

/// The range quick pairing accepts for a seek that waited `waited_ms`.
pub fn pool_range(waited_ms: i64) -> f64 {
    (POOL_RANGE_START + POOL_RANGE_WIDEN * (waited_ms.max(0) / POOL_RANGE_STEP_MS) as f64)
        .min(POOL_RANGE_MAX)
}

fn already_playing(game: &str) -> ServiceError {
    Refusal::Lost(format!(
        "you are already playing game {game}: one game at a time from the lobby"
    ))
    .into()
}

fn seek_gone() -> ServiceError {
    Refusal::Lost("that seek was taken, cancelled or expired".into()).into()
}

/// Whether seek `k`'s own range admits `rating` (rounded, as shown).
fn admits(k: &SeekRow, rating: f64) -> bool {
    let r = rating.round() as i64;
    k.rating_min.is_none_or(|lo| r >= lo) && k.rating_max.is_none_or(|hi| r <= hi)
}

/// The pairs of pool seeks (indices into `open`) that may be paired at
/// `now`, closest ratings first: one pool, two players, each rating within
/// the other seek's own range and within both seeks' widened pool range.
/// On a tie, the pair with the older seek first (`open` is oldest first).
fn closest_pairs(open: &[SeekRow], now: i64) -> Vec<(usize, usize)> {
    let mut pools: HashMap<(&str, i64, i64, bool), Vec<usize>> = HashMap::new();
    for (i, k) in open.iter().enumerate() {
        pools
            .entry((k.variant.as_str(), k.initial_ms, k.increment_ms, k.rated))
            .or_default()
            .push(i);
    }
    let mut pairs = Vec::new();
    for mut pool in pools.into_values() {
        pool.sort_by(|&x, &y| open[x].rating.total_cmp(&open[y].rating));
        for (n, &i) in pool.iter().enumerate() {
            for &j in &pool[n + 1..] {
                let (a, b) = (&open[i], &open[j]);
                let d = b.rating - a.rating;
                if d > POOL_RANGE_MAX {
                    break;
                }
                if a.player_id != b.player_id
                    && d <= pool_range(now - a.created_ms)
                    && d <= pool_range(now - b.created_ms)
                    && admits(a, b.rating)
                    && admits(b, a.rating)
                {
                    pairs.push((d, i.min(j), i.max(j)));
                }
            }
        }
    }
    pairs.sort_by(|x, y| x.0.total_cmp(&y.0).then((x.1, x.2).cmp(&(y.1, y.2))));
    pairs.into_iter().map(|(_, i, j)| (i, j)).collect()
}

fn seek_of(k: &SeekRow, name: &str) -> Seek {
    let tc = TimeControl {
        initial_ms: k.initial_ms,
        increment_ms: k.increment_ms,
    };
    Seek {
        id: k.id.clone(),
        player: SeekPlayer {
            id: k.player_id.clone(),
            name: name.to_string(),
            rating: k.rating.round() as i64,
        },
        variant: k.variant.clone(),
        clock: SeekClock {
            initial: k.initial_ms,
            increment: k.increment_ms,
            show: tc.to_string(),
        },
        rated: k.rated,
        color: k.color.clone(),
        rating_range: k
            .rating_min
            .zip(k.rating_max)
            .map(|(a, b)| format!("{a}-{b}")),
        pool: k.pool,
        status: k.status.clone(),
        game: k.game_id.clone(),
    }
}

impl Service {
    async fn perf_rating(&self, player: &Player, variant: &str, tc: TimeControl) -> Result<Rating> {
        let perf = rating::perf(variant, Some(tc.initial_ms), Some(tc.increment_ms));
        Ok(self
            .store()
            .rating(&player.id, &perf)
            .await?
            .map_or_else(Rating::default, |r| Rating {
                rating: r.rating,
                deviation: r.deviation,
                volatility: r.volatility,
            }))
    }

    async fn may_seek(&self, player: &Player, rated: bool) -> Result<()> {
        if rated && !player.is_account() {
            return Err(ServiceError::Bad(
                "rated: a rated game is between two accounts: sign in".into(),
            ));
        }
        // A first look, to answer at once; the transaction that pairs or
        // posts looks again, and that one decides.
        if let Some(g) = self.store().playing(&player.id).await?.first() {
            return Err(already_playing(&g.id));
        }
        Ok(())
    }

    /// Posts a seek; a pool seek is paired at once when it can be.
    pub async fn post_seek(self: &Arc<Self>, player: &Player, new: NewSeek) -> Result<SeekRow> {
        let notation = crate::variants::by_name(&new.variant)
            .ok_or_else(|| ServiceError::Bad(format!("unknown variant `{}`", new.variant)))?;
        self.may_seek(player, new.rated).await?;
        let now = self.now();
        self.store().expire_seeks(now).await?;
        let rating = self.perf_rating(player, notation.name(), new.time).await?;
        let seek = SeekRow {
            id: auth::new_id(),
            player_id: player.id.clone(),
            variant: notation.name().to_string(),
            initial_ms: new.time.initial_ms,
            increment_ms: new.time.increment_ms,
            rated: new.rated,
            color: new.side.map_or("random", side_key).to_string(),
            rating_min: new.range.map(|r| r.0),
            rating_max: new.range.map(|r| r.1),
            pool: new.pool,
            rating: rating.rating,
            status: "open".into(),
            game_id: None,
            created_ms: now,
            expires_ms: now + SEEK_TTL_MS,
        };
        match self.store().open_seek(&seek).await? {
            Posted::Open => {}
            Posted::HasOne => {
                return Err(Refusal::NotNow(
                    "you have an open seek already: cancel it first".into(),
                )
                .into())
            }
            Posted::Playing(game) => return Err(already_playing(&game)),
        }
        if seek.pool {
            self.pair_pools().await?;
        }
        self.publish_lobby().await;
        Ok(self.store().seek(&seek.id).await?.unwrap_or(seek))
    }

    /// Keeps a seek alive another [`SEEK_TTL_MS`].
    pub async fn renew_seek(&self, player: &Player, id: &str) -> Result<bool> {
        Ok(self
            .store()
            .renew_seek(id, &player.id, self.now() + SEEK_TTL_MS)
            .await?)
    }

    /// Cancels a seek, or finds the game it became.
    pub async fn cancel_seek(self: &Arc<Self>, player: &Player, id: &str) -> Result<Cancelled> {
        if self.store().cancel_seek(id, &player.id, self.now()).await? {
            self.publish_lobby().await;
            return Ok(Cancelled::Cancelled);
        }
        Ok(match self.store().seek(id).await? {
            Some(k) if k.player_id == player.id && k.status == "paired" => {
                Cancelled::Paired(k.game_id.unwrap_or_default())
            }
            _ => Cancelled::Gone,
        })
    }

    /// `player` accepts seek `id`: the game, made in the transaction that
    /// takes the seek (and cancels the accepter's own open seek).
    pub async fn accept_seek(self: &Arc<Self>, player: &Player, id: &str) -> Result<GameRow> {
        let now = self.now();
        let k = self
            .store()
            .seek(id)
            .await?
            .filter(|k| k.status == "open" && k.expires_ms > now)
            .ok_or_else(seek_gone)?;
        if k.player_id == player.id {
            return Err(Refusal::NotNow("that is your own seek".into()).into());
        }
        self.may_seek(player, k.rated).await?;
        let tc = TimeControl {
            initial_ms: k.initial_ms,
            increment_ms: k.increment_ms,
        };
        let theirs = self
            .perf_rating(player, &k.variant, tc)
            .await?
            .rating
            .round() as i64;
        if let (Some(lo), Some(hi)) = (k.rating_min, k.rating_max) {
            if !(lo..=hi).contains(&theirs) {
                return Err(Refusal::NotNow(format!(
                    "that seek is for ratings {lo}-{hi}; yours is {theirs}"
                ))
                .into());
            }
        }
        let seeker_side =
            side_of_key(&k.color).unwrap_or_else(|| (auth::new_token().as_bytes()[0] & 1) as usize);
        let game = self.seek_game(&k, [&k.player_id, &player.id], seeker_side, now)?;
        match self
            .store()
            .pair(&game, &[&k.id], now, Some(&player.id))
            .await?
        {
            Pairing::Made => {}
            Pairing::SeekGone => return Err(seek_gone()),
            Pairing::Playing { player: p, game } if p == player.id => {
                return Err(already_playing(&game))
            }
            Pairing::Playing { .. } => {
                return Err(Refusal::Lost(
                    "that seek's player has just started another game".into(),
                )
                .into())
            }
        }
        self.after_change(&game.id).await;
        self.publish_lobby().await;
        Ok(game)
    }

    /// The game a pairing makes: `players[0]` (the seek's) on `side`.
    fn seek_game(
        &self,
        k: &SeekRow,
        players: [&String; 2],
        side: usize,
        now: i64,
    ) -> Result<GameRow> {
        let notation = crate::variants::by_name(&k.variant)
            .ok_or_else(|| ServiceError::Bad(format!("unknown variant `{}`", k.variant)))?;
        let mut seats = [None, None];
        seats[side] = Some(players[0].clone());
        seats[1 - side] = Some(players[1].clone());
        Ok(GameRow::new(
            auth::new_id(),
            &k.variant,
            notation.write_position(&*notation.start()),
            Seating {
                players: seats,
                computer_ms: [None, None],
                clock: Some((k.initial_ms, k.increment_ms)),
                rated: k.rated,
                challenged: None,
            },
            true,
            now,
        ))
    }

    /// Pairs the waiting pool seeks: in each pool, of all the pairs whose
    /// ratings both seeks admit (each seek's own range, and the pool's
    /// range, which widens as a seek waits), the closest first, then the
    /// closest of the rest, and so on (the longer-waiting on a tie). A
    /// player found playing (the pairing's transaction refuses) is left
    /// out. How many games were made.
    pub async fn pair_pools(self: &Arc<Self>) -> Result<usize> {
        let now = self.now();
        let open: Vec<SeekRow> = self
            .store()
            .open_seeks(now)
            .await?
            .into_iter()
            .filter(|k| k.pool)
            .collect();
        let mut made = 0;
        let mut taken = vec![false; open.len()];
        for (a, b) in closest_pairs(&open, now) {
            if taken[a] || taken[b] {
                continue;
            }
            let (x, y) = (&open[a], &open[b]);
            let side = (auth::new_token().as_bytes()[0] & 1) as usize;
            let game = self.seek_game(x, [&x.player_id, &y.player_id], side, now)?;
            match self.store().pair(&game, &[&x.id, &y.id], now, None).await? {
                Pairing::Made => {
                    taken[a] = true;
                    taken[b] = true;
                    made += 1;
                    self.after_change(&game.id).await;
                }
                Pairing::Playing { player, .. } => {
                    for (i, k) in open.iter().enumerate() {
                        taken[i] |= k.player_id == player;
                    }
                }
                Pairing::SeekGone => {
                    for i in [a, b] {
                        let k = self.store().seek(&open[i].id).await?;
                        taken[i] = k.is_none_or(|k| k.status != "open");
                    }
                }
            }
        }
        if made > 0 {
            self.publish_lobby().await;
        }
        Ok(made)
    }

    /// The open seeks as the lobby shows them.
    pub async fn lobby(&self) -> Result<Vec<Seek>> {
        let mut out = Vec::new();
        for k in self.store().open_seeks(self.now()).await? {
            let name = self
                .player(&k.player_id)
                .await?
                .map(|p| p.name)
                .unwrap_or_default();
            out.push(seek_of(&k, &name));
        }
        Ok(out)
    }

    /// A seek as the API shows it.
    pub async fn seek_view(&self, k: &SeekRow) -> Result<Seek> {
        let name = self
            .player(&k.player_id)
            .await?
            .map(|p| p.name)
            .unwrap_or_default();
        Ok(seek_of(k, &name))
    }

    /// Tells the lobby's readers the open seeks, here and (through
    /// PostgreSQL's NOTIFY) on the other servers.
    pub async fn publish_lobby(&self) {
        self.tell_other_servers("lobby").await;
        self.publish_lobby_here().await;
    }

    /// Tells this server's lobby readers the open seeks.
    pub async fn publish_lobby_here(&self) {
        if !self.hub().watched("lobby") {
            return;
        }
        if let Ok(seeks) = self.lobby().await {
            self.hub().publish(
                "lobby",
                Line {
                    version: 0,
                    presence: false,
                    text: serde_json::to_string(&LobbyEvent::Seeks { seeks })
                        .expect("seeks are JSON")
                        .into(),
                    room: None,
                    ends: false,
                },
            );
        }
    }

    /// Runs the lobby's housekeeping for ever: every second, pool seeks
    /// paired (their ranges widen as they wait) and unrenewed seeks
    /// expired.
    pub async fn run_lobby(self: Arc<Self>) {
        let mut tick = tokio::time::interval(std::time::Duration::from_secs(1));
        loop {
            tick.tick().await;
            let now = self.now();
            let expired = self.store().expire_seeks(now).await.unwrap_or(0);
            let made = self.pair_pools().await.unwrap_or(0);
            if expired > 0 && made == 0 {
                self.publish_lobby().await;
            }
        }
    }
}
