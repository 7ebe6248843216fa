//! Arrows and circles drawn with the right button, kept with the move in
//! the tree (the record's `[%csl]` / `[%cal]`, a reload), read from an
//! imported PGN, and the engine's best moves drawn as arrows.

use crate::driver::*;
use fantoccini::Client;

/// Presses the right button on the cell named `from` and lets go on `to`
/// (the same cell: a right-click).
async fn right_drag(c: &Client, from: &str, to: &str) {
    use fantoccini::actions::{InputSource, MouseActions, PointerAction, MOUSE_BUTTON_RIGHT};
    let (a, b) = (cell(c, from).await, cell(c, to).await);
    let act = MouseActions::new("mouse".into())
        .then(PointerAction::MoveToElement {
            element: a,
            duration: None,
            x: 0,
            y: 0,
        })
        .then(PointerAction::Down {
            button: MOUSE_BUTTON_RIGHT,
        })
        .then(PointerAction::MoveToElement {
            element: b,
            duration: None,
            x: 0,
            y: 0,
        })
        .then(PointerAction::Up {
            button: MOUSE_BUTTON_RIGHT,
        });
    c.perform_actions(act).await.unwrap();
}

async fn square(c: &Client, name: &str) -> i64 {
    num(&cell(c, name).await, "data-square").await
}

async fn shapes(c: &Client) -> usize {
    js(
        c,
        "return document.querySelectorAll('#board svg.shapes .circle, #board svg.shapes .arrow').length;",
        vec![],
    )
    .await
    .as_u64()
    .unwrap() as usize
}

pub async fn arrows_and_circles(c: Client, url: String) {
    open(&c, &url, "chess").await;
    select(&c, "#right-button", "draw").await;
    play_listed(&c, "e4").await;
    let (e5, g1, f3) = (
        square(&c, "e5").await,
        square(&c, "g1").await,
        square(&c, "f3").await,
    );
    // A right-click circles e5; a right-drag from g1 to f3 draws an arrow
    // and moves no piece.
    right_drag(&c, "e5", "e5").await;
    wait_all(
        &c,
        &format!("#board svg.shapes circle[data-square='{e5}'][data-brush='G']"),
        1,
    )
    .await;
    right_drag(&c, "g1", "f3").await;
    wait_all(
        &c,
        &format!("#board svg.shapes line.arrow[data-from='{g1}'][data-to='{f3}'][data-brush='G']"),
        1,
    )
    .await;
    at_ply(&c, "chess", 1).await;
    assert_eq!(
        text(&c, "#attacks-line").await,
        "",
        "the right button drew, it did not inspect"
    );
    // Kept with the move: the record says so, a reload keeps them.
    wait_js(
        &c,
        "the record with the drawings",
        "document.querySelector('#record-text').value.includes('1. e4 {[%csl Ge5][%cal Gg1f3]}')",
    )
    .await;
    c.refresh().await.unwrap();
    at_ply(&c, "chess", 1).await;
    wait_all(
        &c,
        &format!("#board svg.shapes circle[data-square='{e5}']"),
        1,
    )
    .await;
    assert_eq!(shapes(&c).await, 2);
    assert_eq!(
        value(&c, "#comment-text").await,
        "",
        "the drawings are no comment"
    );
    // Each move its own: none at the start, the same again on e4.
    click(&c, "#back").await;
    at_ply(&c, "chess", 0).await;
    assert_eq!(shapes(&c).await, 0);
    click(&c, "#forward").await;
    at_ply(&c, "chess", 1).await;
    wait_all(&c, "#board svg.shapes line.arrow", 1).await;
    // The same again takes it away.
    right_drag(&c, "e5", "e5").await;
    wait_js(
        &c,
        "the circle gone",
        "!document.querySelector('#board svg.shapes .circle')",
    )
    .await;
    assert_eq!(shapes(&c).await, 1);
    // From a PGN: colours and lists read, the comment's words kept apart,
    // and written back the same.
    import(&c, "1. e4 {a plan [%cal Re7e5,Bd2d4][%csl Yd5]} e5 *").await;
    at_ply(&c, "chess", 2).await;
    click(&c, "#back").await;
    at_ply(&c, "chess", 1).await;
    let (e7, d2, d4, d5) = (
        square(&c, "e7").await,
        square(&c, "d2").await,
        square(&c, "d4").await,
        square(&c, "d5").await,
    );
    wait_all(
        &c,
        &format!("#board svg.shapes line.arrow[data-from='{e7}'][data-to='{e5}'][data-brush='R']"),
        1,
    )
    .await;
    wait_all(
        &c,
        &format!("#board svg.shapes line.arrow[data-from='{d2}'][data-to='{d4}'][data-brush='B']"),
        1,
    )
    .await;
    wait_all(
        &c,
        &format!("#board svg.shapes circle[data-square='{d5}'][data-brush='Y']"),
        1,
    )
    .await;
    assert_eq!(value(&c, "#comment-text").await, "a plan");
    wait_js(
        &c,
        "the record with the drawings read",
        "document.querySelector('#record-text').value.includes('1. e4 {a plan [%csl Yd5][%cal Re7e5,Bd2d4]} 1... e5')",
    )
    .await;
    // The engine's best move, as an arrow of its own.
    select(&c, "#lines", "2").await;
    click(&c, "#analyse").await;
    wait_js(
        &c,
        "the engine's arrows",
        "document.querySelectorAll('#board svg.shapes line.engine').length === 2",
    )
    .await;
    click(&c, "#analyse").await;
    wait_js(
        &c,
        "stopped",
        "document.querySelector('#analyse').textContent === 'Analyse'",
    )
    .await;
    viewport(&c, 1280, 900).await;
    js(&c, "window.scrollTo(0, 0);", vec![]).await;
    screenshot(&c, "chess-arrows").await;
    viewport(&c, 1280, 800).await;
    println!("arrows and circles");
}
