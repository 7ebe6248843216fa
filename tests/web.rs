//! The JSON API, in-process: every endpoint, and the bad requests that must
//! be answered with a 4xx and a JSON message, never a crash.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use duckchess::duck::{self, judge, Position};
use duckchess::web::{router, AppState, Best, BODY_LIMIT};
use http_body_util::BodyExt;
use serde_json::{json, Value};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tower::ServiceExt;

async fn send(app: &axum::Router, method: &str, path: &str, body: Vec<u8>) -> (StatusCode, Value) {
    let req = Request::builder()
        .method(method)
        .uri(path)
        .header("content-type", "application/json")
        .body(Body::from(body))
        .unwrap();
    let res = app.clone().oneshot(req).await.unwrap();
    let status = res.status();
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    let value = serde_json::from_slice(&bytes)
        .unwrap_or_else(|e| panic!("{path}: body is not JSON ({e}): {bytes:?}"));
    (status, value)
}

async fn post(app: &axum::Router, path: &str, body: Value) -> (StatusCode, Value) {
    send(app, "POST", path, body.to_string().into_bytes()).await
}

fn app() -> axum::Router {
    router(AppState::default())
}

#[tokio::test]
async fn variants_lists_duck_chess_and_the_registry() {
    let (status, v) = send(&app(), "GET", "/api/variants", vec![]).await;
    assert_eq!(status, StatusCode::OK);
    let names: Vec<&str> = v
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["name"].as_str().unwrap())
        .collect();
    assert_eq!(names[0], "duck");
    for n in duckchess::variants::names() {
        assert!(names.contains(&n), "{n} missing from {names:?}");
    }
    assert_eq!(v[0]["start"], duck::fen::INITIAL_FEN);
}

#[tokio::test]
async fn moves_of_every_variant_match_the_engines() {
    let app = app();
    let (status, v) = post(&app, "/api/moves", json!({"variant": "duck"})).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        v["moves"].as_array().unwrap().len(),
        Position::initial().moves().len()
    );
    assert_eq!(v["board"]["cells"].as_array().unwrap().len(), 90);
    // Red's car at (0,0) is drawn bottom left, as 车 in red.
    let car = &v["board"]["cells"][0];
    assert_eq!(
        (car["row"].as_u64(), car["col"].as_u64()),
        (Some(9), Some(0))
    );
    assert_eq!(car["piece"]["glyph"], "车");
    assert_eq!(car["piece"]["color"], "red");
    for n in duckchess::variants::all() {
        let (status, v) = post(&app, "/api/moves", json!({"variant": n.name()})).await;
        assert_eq!(status, StatusCode::OK, "{}: {v}", n.name());
        let start = n.start();
        assert_eq!(
            v["moves"].as_array().unwrap().len(),
            start.legal_moves().len()
        );
        let layout = n.layout(&*start);
        for cell in v["board"]["cells"].as_array().unwrap() {
            let sq = cell["square"].as_u64().unwrap() as usize;
            let (r, c) = layout.place(sq);
            assert_eq!(
                (
                    cell["row"].as_u64().unwrap() as usize,
                    cell["col"].as_u64().unwrap() as usize
                ),
                (r, c)
            );
            assert_eq!(cell["name"], n.square_name(&*start, sq));
        }
    }
}

#[tokio::test]
async fn chess_moves_carry_coordinates_notation_and_figurines() {
    let (_, v) = post(
        &app(),
        "/api/moves",
        json!({"variant": "chess", "history": ["e2e4"]}),
    )
    .await;
    assert_eq!(v["turn"], "black");
    let e5 = v["moves"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["coord"] == "e7e5")
        .unwrap();
    assert_eq!(
        (e5["from"].as_u64(), e5["to"].as_u64()),
        (Some(52), Some(36))
    );
    let king = v["board"]["cells"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == "e8")
        .unwrap();
    assert_eq!(king["piece"]["glyph"], "♚");
    assert_eq!(king["row"], 0);
}

#[tokio::test]
async fn play_tells_check_and_mate_with_its_reason() {
    let app = app();
    let history = ["f2f3", "e7e5", "g2g4"];
    let (status, v) = post(
        &app,
        "/api/play",
        json!({"variant": "chess", "history": history, "move": "d8h4"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["check"], true);
    assert_eq!(v["result"]["winner"], "black");
    assert!(
        v["result"]["reason"]
            .as_str()
            .unwrap()
            .contains("checkmate"),
        "{v}"
    );
    assert_eq!(v["state"]["moves"].as_array().unwrap().len(), 0);
    // The checked king is marked.
    assert_eq!(v["state"]["checked"], json!([4]));
    // No move after the end.
    let all: Vec<&str> = history.iter().copied().chain(["d8h4"]).collect();
    let (status, v) = post(
        &app,
        "/api/play",
        json!({"variant": "chess", "history": all, "move": "a2a3"}),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
}

#[tokio::test]
async fn play_in_duck_chess_tells_the_new_fen_and_an_invalid_move_its_reason() {
    let app = app();
    let (status, v) = post(
        &app,
        "/api/play",
        json!({"variant": "duck", "move": "0 3 1 4"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{v}");
    let mut p = Position::initial();
    p.play(duck::Command::new(0, 3, 1, 4)).unwrap();
    assert_eq!(v["position"], p.to_fen());
    assert_eq!(v["move"]["coord"], "0 3 1 4");
    let (status, v) = post(
        &app,
        "/api/play",
        json!({"variant": "duck", "move": "0 0 7 0"}),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        v["error"].as_str().unwrap().contains("cannot pass (2,0)"),
        "{v}"
    );
}

#[tokio::test]
async fn best_answers_a_legal_move_in_every_variant() {
    let app = app();
    for name in std::iter::once("duck").chain(duckchess::variants::names()) {
        let (status, v) = post(&app, "/api/best", json!({"variant": name, "think_ms": 100})).await;
        assert_eq!(status, StatusCode::OK, "{name}: {v}");
        let (_, state) = post(&app, "/api/moves", json!({"variant": name})).await;
        assert!(
            state["moves"].as_array().unwrap().contains(&v["best"]),
            "{name}: {v}"
        );
        assert_eq!(v["pv"][0], v["best"]["coord"]);
    }
}

#[tokio::test]
async fn a_slow_search_is_stopped_at_its_time_and_blocks_no_other_request() {
    // A chooser that thinks until told to stop.
    let slow = AppState::new(Arc::new(
        |game: &dyn duckchess::kernel::AnyGame, _: Duration, stop: &AtomicBool| {
            while !stop.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(5));
            }
            let best = game.position().legal_moves()[0];
            Some(Best {
                best,
                score: 0,
                pv: vec![best],
            })
        },
    ));
    let app = router(slow);
    let started = Instant::now();
    let search = tokio::spawn({
        let app = app.clone();
        async move {
            post(
                &app,
                "/api/best",
                json!({"variant": "chess", "think_ms": 60_000}),
            )
            .await
        }
    });
    tokio::time::sleep(Duration::from_millis(50)).await;
    let quick = Instant::now();
    let (status, _) = post(&app, "/api/moves", json!({"variant": "chess"})).await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        quick.elapsed() < Duration::from_secs(1),
        "{:?}",
        quick.elapsed()
    );
    let (status, v) = search.await.unwrap();
    assert_eq!(status, StatusCode::OK, "{v}");
    let took = started.elapsed();
    // Capped at 5 s, whatever was asked.
    assert!(
        took >= Duration::from_secs(5) && took < Duration::from_secs(7),
        "{took:?}"
    );
}

#[tokio::test]
async fn judge_gives_the_judge_lines_and_reasons() {
    let input = std::fs::read_to_string("samples/official.in").unwrap();
    let (status, v) = post(&app(), "/api/judge", json!({"input": input})).await;
    assert_eq!(status, StatusCode::OK);
    let mut expected = Vec::new();
    judge::run(input.as_bytes(), &mut expected, Position::initial()).unwrap();
    let lines: Vec<&str> = v["verdicts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["line"].as_str().unwrap())
        .collect();
    assert_eq!(
        lines.join("\n") + "\n",
        String::from_utf8(expected).unwrap()
    );
    for l in v["verdicts"].as_array().unwrap() {
        assert_eq!(
            l["line"] == "Invalid command",
            l.get("reason").is_some(),
            "{l}"
        );
    }
    let (_, v) = post(
        &app(),
        "/api/judge",
        json!({"input": "2\n0 3 1 2\n0 0 0 0\n"}),
    )
    .await;
    assert_eq!(
        v["verdicts"][1]["reason"],
        "(0,0) holds red car, but it is blue's turn"
    );
}

#[tokio::test]
async fn a_malformed_judge_input_keeps_the_verdicts_before_it() {
    let (status, v) = post(&app(), "/api/judge", json!({"input": "3\n0 3 1 2\nx\n"})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(v["error"].as_str().unwrap().contains("line 3"), "{v}");
    assert_eq!(v["verdicts"].as_array().unwrap().len(), 1);
}

#[tokio::test]
async fn bad_requests_get_a_4xx_and_a_json_message() {
    let app = app();
    let cases: Vec<(&str, Vec<u8>, StatusCode, &str)> = vec![
        (
            "/api/moves",
            b"{\"variant\":".to_vec(),
            StatusCode::BAD_REQUEST,
            "body:",
        ),
        (
            "/api/moves",
            b"\xff\xfe".to_vec(),
            StatusCode::BAD_REQUEST,
            "body:",
        ),
        (
            "/api/moves",
            b"{}".to_vec(),
            StatusCode::BAD_REQUEST,
            "variant",
        ),
        (
            "/api/moves",
            json!({"variant": "go"}).to_string().into(),
            StatusCode::BAD_REQUEST,
            "unknown variant `go`",
        ),
        (
            "/api/moves",
            json!({"variant": "chess", "position": "rnbqkbnr/pppppppp/8 w"})
                .to_string()
                .into(),
            StatusCode::BAD_REQUEST,
            "position:",
        ),
        (
            "/api/moves",
            json!({"variant": "duck", "position": "zz"})
                .to_string()
                .into(),
            StatusCode::BAD_REQUEST,
            "position:",
        ),
        (
            "/api/moves",
            json!({"variant": "chess", "history": ["e2e5"]})
                .to_string()
                .into(),
            StatusCode::BAD_REQUEST,
            "history move 1",
        ),
        (
            "/api/moves",
            json!({"variant": "duck", "history": ["1 2"]})
                .to_string()
                .into(),
            StatusCode::BAD_REQUEST,
            "history move 1",
        ),
        (
            "/api/play",
            json!({"variant": "chess", "move": "e2e5"})
                .to_string()
                .into(),
            StatusCode::UNPROCESSABLE_ENTITY,
            "move `e2e5`",
        ),
        (
            "/api/play",
            json!({"variant": "chess"}).to_string().into(),
            StatusCode::BAD_REQUEST,
            "move",
        ),
        (
            "/api/play",
            json!({"variant": "duck", "move": "0 0 99999999999999999999 0"})
                .to_string()
                .into(),
            StatusCode::UNPROCESSABLE_ENTITY,
            "not a whole number",
        ),
        (
            "/api/best",
            json!({"variant": "chess", "think_ms": -5})
                .to_string()
                .into(),
            StatusCode::BAD_REQUEST,
            "`-5`, expected u64",
        ),
        (
            "/api/judge",
            json!({"input": 5}).to_string().into(),
            StatusCode::BAD_REQUEST,
            "expected a string",
        ),
        (
            "/api/moves",
            vec![b' '; BODY_LIMIT + 1],
            StatusCode::PAYLOAD_TOO_LARGE,
            "body:",
        ),
        (
            "/api/judge",
            vec![b' '; 2 * 1024 * 1024],
            StatusCode::PAYLOAD_TOO_LARGE,
            "body:",
        ),
        (
            "/api/nothing",
            b"{}".to_vec(),
            StatusCode::NOT_FOUND,
            "no such",
        ),
    ];
    for (path, body, want, says) in cases {
        let (status, v) = send(&app, "POST", path, body).await;
        assert_eq!(status, want, "{path}: {v}");
        let error = v["error"]
            .as_str()
            .unwrap_or_else(|| panic!("{path}: no error in {v}"));
        assert!(
            error.contains(says),
            "{path}: `{error}` does not say `{says}`"
        );
    }
    // The server still answers after all that.
    let (status, _) = send(&app, "GET", "/api/variants", vec![]).await;
    assert_eq!(status, StatusCode::OK);
}

#[tokio::test]
async fn a_huge_history_is_refused() {
    let history = vec!["e2e4"; duckchess::web::game::MAX_HISTORY + 1];
    let (status, v) = post(
        &app(),
        "/api/moves",
        json!({"variant": "chess", "history": history}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(v["error"].as_str().unwrap().contains("history"), "{v}");
}

#[tokio::test]
async fn the_page_is_served() {
    let app = app();
    for (path, kind) in [
        ("/", "text/html"),
        ("/app.js", "text/javascript"),
        ("/style.css", "text/css"),
    ] {
        let req = Request::get(path).body(Body::empty()).unwrap();
        let res = app.clone().oneshot(req).await.unwrap();
        assert_eq!(res.status(), StatusCode::OK);
        let ct = res.headers()["content-type"].to_str().unwrap().to_owned();
        assert!(ct.starts_with(kind), "{path}: {ct}");
    }
}

mod never_panics {
    use duckchess::web::game::Loaded;
    use proptest::prelude::*;

    fn names() -> Vec<&'static str> {
        let mut n = vec!["duck"];
        n.extend(duckchess::variants::names());
        n
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        /// Position texts near real ones, and moves near real ones, are
        /// answered (either way) without a panic, in every variant.
        #[test]
        fn any_position_or_move_text_is_answered(
            position in "[rnbqkpahesdRNBQKPAHESD0-9/ wb KQkq-]{0,90}",
            mv in "[a-h0-9 qrbn-]{0,12}",
        ) {
            for name in names() {
                let _ = Loaded::new(name, Some(&position), &[]).map(|l| l.state());
                if let Ok(mut start) = Loaded::new(name, None, &[]) {
                    let _ = start.play(&mv);
                    let _ = start.state();
                }
            }
        }
    }
}

#[tokio::test]
async fn best_in_a_finished_game_is_refused() {
    let mated = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
    let (status, v) = post(
        &app(),
        "/api/best",
        json!({"variant": "chess", "position": mated}),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert!(v["error"].as_str().unwrap().contains("checkmate"), "{v}");
    // Duck Chess: red's car takes the blue captain.
    let game = json!({"variant": "duck", "position": "4k4/4R4/9/9/9/9/9/9/9/4K4 w - - 0 1", "history": ["8 4 9 4"]});
    let (status, v) = post(&app(), "/api/moves", game.clone()).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["result"]["winner"], "red");
    assert_eq!(v["result"]["reason"], "red wins by taking the blue captain");
    let (status, v) = post(&app(), "/api/best", game).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
}

#[tokio::test]
async fn mate_answers_the_cube_puzzle_with_its_explanation() {
    let app = app();
    // Published case 9: the rook on a2(II) guards the queen, so the king
    // cannot take it.
    let (status, v) = post(&app, "/api/mate", json!({ "position": "[rq,##],[##,K#]" })).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["mate"], true);
    let lines: Vec<&str> = v["explanation"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l.as_str().unwrap())
        .collect();
    assert!(lines.iter().any(|l| l.contains("checkmate")), "{lines:?}");
    // Case 8: the king takes the queen.
    let (_, v) = post(&app, "/api/mate", json!({ "position": "[#q,##],[##,K#]" })).await;
    assert_eq!(v["mate"], false);
    // A malformed case is a 400 naming the fault.
    let (status, v) = post(&app, "/api/mate", json!({ "position": "[rq,##],[##,K#" })).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        v["error"].as_str().unwrap().starts_with("position: "),
        "{v}"
    );
}
