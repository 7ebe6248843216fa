//! The computer's endpoints: the best move, a proven mate, and the API's scale of scores.

use super::game::Loaded;
use super::types::*;
use super::*;
use crate::engine::computer::Computer;
use crate::engine::search::{self, Score};
use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// The score of a mate in no moves; a mate in n is `MATE - n`.
pub const MATE: i32 = 100_000;

/// A search's score on the API's scale: centipawns, a mate in n
/// `MATE - n`, being mated in n `-MATE + n`.
///
/// ```
/// use duckchess_engine::search::Score;
/// use duckchess_server::web::{api_score, MATE};
/// assert_eq!(api_score(Score::Centipawns(-40)), -40);
/// assert_eq!(api_score(Score::Mate(3)), MATE - 3);
/// assert_eq!(api_score(Score::Mate(-2)), -MATE + 2);
/// ```
pub fn api_score(score: Score) -> i32 {
    match score {
        Score::Centipawns(cp) => cp,
        Score::Mate(n) if n > 0 => MATE - n,
        Score::Mate(n) => -MATE - n,
    }
}

/// Sets the flag when dropped: a search whose request (or whose stream's
/// reader) went away stops.
pub(super) struct StopOnDrop(pub(super) Arc<AtomicBool>);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

pub(super) async fn best(
    State(app): State<AppState>,
    JsonBody(req): JsonBody<BestRequest>,
) -> Result<Json<BestResponse>, ApiError> {
    let think = req
        .think_ms
        .map_or(DEFAULT_THINK, Duration::from_millis)
        .clamp(Duration::from_millis(1), MAX_THINK);
    let loaded = load(&req.game())?;
    if let Some(over) = loaded.over() {
        return Err(ApiError::unprocessable(format!(
            "the game is over ({over})"
        )));
    }
    app.fair_play(&loaded, false)?;
    let _permit = app.search_place()?;
    let stop = Arc::new(AtomicBool::new(false));
    let _stop_on_drop = StopOnDrop(stop.clone());
    let timer = {
        let stop = stop.clone();
        tokio::spawn(async move {
            tokio::time::sleep(think).await;
            stop.store(true, Ordering::Relaxed);
        })
    };
    let computer = app.computer.clone();
    let mate_in = req.mate_in.map(|n| n.min(MAX_MATE_IN));
    let task = tokio::task::spawn_blocking(move || {
        mate_in
            .and_then(|n| proven_mate(&loaded, n, think / 2, &stop))
            .or_else(|| best_move(&loaded, think, &stop, &computer))
    });
    let answer = task.await;
    timer.abort();
    match answer {
        Ok(Some(best)) => Ok(Json(best)),
        Ok(None) => Err(ApiError::unprocessable(
            "the side to move has no legal move".into(),
        )),
        Err(e) => Err(ApiError::with(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("the search failed: {e}"),
        )),
    }
}

/// The shortest forced win within `n` moves in `loaded` the mate solver
/// proves in `think`, told as a search's answer (`mate in k`, the line
/// through the longest defence); `None` when there is none or no time.
pub(super) fn proven_mate(
    loaded: &Loaded,
    n: u32,
    think: Duration,
    stop: &AtomicBool,
) -> Option<BestResponse> {
    use crate::engine::mate::{solve, MateLimits, Proof};
    let pos = loaded.game.position();
    let started = std::time::Instant::now();
    let proof = (1..=n).find_map(|k| {
        let left = think.checked_sub(started.elapsed())?;
        solve(pos, k, MateLimits { think: Some(left) }, stop)
            .ok()
            .flatten()
    })?;
    let moves = proof.moves();
    let mut at = pos.clone_box();
    let (mut pv, mut line) = (Vec::new(), Vec::new());
    let mut step = Some(&proof);
    while let Some(p) = step {
        let m = p.first();
        pv.push(loaded.notation.coordinate_move(&*at, m));
        line.push(loaded.notation.write_move(&*at, m));
        at.play(m).ok()?;
        step =
            match p {
                Proof::Wins(_) => None,
                Proof::Forces(_, replies) => replies
                    .iter()
                    .max_by_key(|(_, p)| p.moves())
                    .and_then(|(reply, p)| {
                        pv.push(loaded.notation.coordinate_move(&*at, *reply));
                        line.push(loaded.notation.write_move(&*at, *reply));
                        at.play(*reply).ok().map(|_| p)
                    }),
            };
    }
    Some(BestResponse {
        best: game::move_info(loaded.notation, pos, proof.first()),
        score: MATE - moves as i32,
        eval: eval(MATE - moves as i32),
        eval_for: loaded.notation.side_name(pos.turn()).into(),
        depth: 2 * moves - 1,
        pv,
        line,
    })
}

/// The computer's move in `loaded`, thinking up to `think` or until `stop`.
pub fn best_move(
    loaded: &Loaded,
    think: Duration,
    stop: &AtomicBool,
    computer: &Computer,
) -> Option<BestResponse> {
    let best = computer(&*loaded.game, search::Limits::think(think), stop)?;
    let pos = loaded.game.position();
    // The line is told in coordinates and in the game's notation, each
    // move in the position it is played from; it stops at the first move
    // that is not legal.
    let mut at = pos.clone_box();
    let (mut pv, mut line) = (Vec::new(), Vec::new());
    for &m in &best.pv {
        if !at.legal_moves().contains(&m) {
            break;
        }
        pv.push(loaded.notation.coordinate_move(&*at, m));
        line.push(loaded.notation.write_move(&*at, m));
        at.play(m).expect("a legal move");
    }
    Some(BestResponse {
        best: game::move_info(loaded.notation, pos, best.best),
        score: api_score(best.score),
        eval: eval(api_score(best.score)),
        eval_for: loaded.notation.side_name(pos.turn()).into(),
        depth: best.depth,
        pv,
        line,
    })
}

/// A score as people read it ([`crate::engine::search::Score`]'s words):
/// `+0.11`, `-1.50`, `mate in 4`, `mated in 2`.
///
/// ```
/// use duckchess_server::web::{eval, MATE};
/// assert_eq!(eval(11), "+0.11");
/// assert_eq!(eval(-150), "-1.50");
/// assert_eq!(eval(MATE - 4), "mate in 4");
/// assert_eq!(eval(-MATE + 2), "mated in 2");
/// ```
pub fn eval(score: i32) -> String {
    use crate::engine::search::Score;
    const MATES: i32 = 1000;
    let score = if score >= MATE - MATES {
        Score::Mate(MATE - score)
    } else if score <= -MATE + MATES {
        Score::Mate(-(score + MATE))
    } else {
        Score::Centipawns(score)
    };
    score.to_string()
}

/// `POST /api/mate`: the cube puzzle's answer for one position, and why.
pub(super) async fn mate(
    JsonBody(req): JsonBody<MateRequest>,
) -> Result<Json<MateResponse>, ApiError> {
    use crate::variants::cube::{self, mate};
    let position =
        cube::read(&req.position).map_err(|e| ApiError::unprocessable(format!("position: {e}")))?;
    let explanation = mate::explain(&position);
    Ok(Json(MateResponse {
        mate: explanation.is_mate(),
        explanation: explanation.lines,
    }))
}
