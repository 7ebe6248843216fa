//! The judge box's endpoint: Duck Chess judge input judged, bounded in size and in judges at once.

use super::types::*;
use super::*;
use crate::judge;
use crate::variants::duck::trace::Tracer;
use axum::extract::{FromRequest, Request, State};
use axum::http::StatusCode;
use axum::Json;

pub(super) async fn judge(
    State(app): State<AppState>,
    request: Request,
) -> Result<Json<JudgeResponse>, ApiError> {
    // The permit is taken before the input is read: at most MAX_JUDGES
    // inputs and their verdicts are in memory at once; the others wait
    // their turn, up to JUDGE_WAIT.
    let permit = tokio::time::timeout(JUDGE_WAIT, app.judges.clone().acquire_owned()).await;
    let _permit = match permit {
        Ok(Ok(p)) => p,
        _ => {
            return Err(ApiError::with(
                StatusCode::SERVICE_UNAVAILABLE,
                format!("{MAX_JUDGES} judge inputs are being judged; try again shortly"),
            ))
        }
    };
    let JsonBody(req) = JsonBody::<JudgeRequest>::from_request(request, &app).await?;
    tokio::task::spawn_blocking(move || run_judge(&req))
        .await
        .map_err(|e| {
            ApiError::with(
                StatusCode::INTERNAL_SERVER_ERROR,
                format!("the judge failed: {e}"),
            )
        })?
        .map(Json)
}

/// Judges a Duck Chess input: each command's verdict line and, for an
/// invalid one, the engine's reason. A malformed input is an error holding
/// the verdicts before the bad line.
pub fn run_judge(req: &JudgeRequest) -> Result<JudgeResponse, ApiError> {
    // A Duck Chess record may carry its start's FEN on its first line.
    let (fen, input, _) = crate::variants::duck::split_record(&req.input);
    let given = req
        .position
        .as_deref()
        .map(str::trim)
        .filter(|t| !t.is_empty());
    let start = match given.or(fen) {
        None => judge::Position::initial(),
        Some(t) => t
            .parse()
            .map_err(|e| ApiError::unprocessable(format!("position: {e}")))?,
    };
    let mut tracer = Tracer::new(start);
    let mut commands = judge::Commands::new(input.as_bytes());
    let mut verdicts = Vec::new();
    loop {
        match commands.next_command() {
            Ok(Some(command)) => {
                let step = tracer.step(command);
                verdicts.push(Verdict {
                    number: step.number,
                    command: command.to_string(),
                    line: step.judge_line(),
                    reason: step.verdict.is_err().then(|| {
                        step.notes
                            .iter()
                            .map(|n| n.to_string())
                            .collect::<Vec<_>>()
                            .join("; ")
                    }),
                });
            }
            Ok(None) => break,
            Err(e) => {
                let mut err = ApiError::unprocessable(format!("input: {e}"));
                err.body.verdicts = Some(verdicts);
                return Err(err);
            }
        }
    }
    Ok(JudgeResponse {
        verdicts,
        position: tracer.position().to_fen(),
    })
}
