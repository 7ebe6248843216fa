//! Pieces in hand on the page: crazyhouse from `samples/fsf-variants.ini`
//! (a second server started with that file). A capture fills the captor's
//! pocket beside the board; the side to move's pocket pieces are the only
//! ones that can be picked; a picked piece marks and lists exactly its
//! drops; a click on a target drops it, and the pocket empties again.

use super::clicks::*;
use crate::driver::*;
use fantoccini::actions::InputSource;
use fantoccini::{Client, Locator};
use serde_json::json;
use std::time::Duration;

/// Plays `from`–`to` by clicks; the game is then at `ply`.
async fn by_clicks(c: &Client, from: &str, to: &str, ply: usize) {
    click_squares(c, &[from, to]).await;
    at_ply(c, "crazyhouse", ply).await;
}

/// The pocket's pieces as `letter×count`, e.g. `["p1"]`.
async fn held(c: &Client, pocket: &str) -> Vec<String> {
    let mut out = Vec::new();
    for b in c
        .find_all(Locator::Css(&format!("#{pocket} .pocket-piece")))
        .await
        .unwrap()
    {
        out.push(format!(
            "{}{}",
            attr(&b, "data-drop").await,
            attr(&b, "data-count").await
        ));
    }
    out
}

pub async fn pieces_in_hand(c: Client, _url: String) {
    let _server = open_sample(&c, "crazyhouse").await;
    // Both pockets are shown, empty, white's below the board.
    wait_all(&c, "#pocket-bottom[data-side='white']:not([hidden])", 1).await;
    wait_all(&c, "#pocket-top[data-side='black']:not([hidden])", 1).await;
    assert!(held(&c, "pocket-bottom").await.is_empty());
    by_clicks(&c, "e2", "e4", 1).await;
    by_clicks(&c, "d7", "d5", 2).await;
    by_clicks(&c, "e4", "d5", 3).await;
    assert_eq!(held(&c, "pocket-bottom").await, ["p1"]);
    assert!(held(&c, "pocket-top").await.is_empty());
    // Black to move: white's pawn in hand cannot be picked.
    let pawn = c
        .find(Locator::Css("#pocket-bottom .pocket-piece[data-drop='p']"))
        .await
        .unwrap();
    assert_eq!(
        pawn.attr("disabled").await.unwrap().as_deref(),
        Some("true")
    );
    by_clicks(&c, "d8", "d5", 4).await;
    assert_eq!(held(&c, "pocket-top").await, ["p1"]);
    // White picks the pawn in hand: its targets are exactly its drops, and
    // the possible moves list them; no empty square counts as movable.
    click(&c, "#pocket-bottom .pocket-piece[data-drop='p']").await;
    wait_all(&c, "#pocket-bottom .pocket-piece.selected", 1).await;
    let drops = js(
        &c,
        "return game.state.moves.filter(m => m.drop === 'p').length;",
        vec![],
    )
    .await
    .as_u64()
    .unwrap() as usize;
    // Ranks 2 to 7 hold 48 squares; after 1. e4 d5 2. exd5 Qxd5, 15 pieces
    // stand there (7 pawns a side and the queen on d5), so 33 empty squares
    // take a pawn.
    assert_eq!(drops, 33);
    let targets = wait_all(&c, ".cell.target", 1).await;
    assert_eq!(targets.len(), drops, "one target a drop");
    wait_all(&c, "#legal button", 1).await;
    assert_eq!(listed(&c).await, drops, "one listed move a drop");
    assert!(
        text(&c, "#legal-caption").await.contains("in hand"),
        "the caption names the piece in hand"
    );
    let movable = js(
        &c,
        "return [...document.querySelectorAll('#board .cell.movable')].filter(e => !e.classList.contains('occupied')).length;",
        vec![],
    )
    .await;
    assert_eq!(movable, json!(0), "an empty square is never movable");
    click_squares(&c, &["e6"]).await;
    at_ply(&c, "crazyhouse", 5).await;
    assert_eq!(cell(&c, "e6").await.text().await.unwrap(), "♙");
    assert!(held(&c, "pocket-bottom").await.is_empty());
    assert!(text(&c, "#pocket-bottom").await.contains("none"));
    let last = text(&c, "#moves .move:nth-of-type(5)").await;
    assert_eq!(last.trim(), "P@e6");
    // Black drops its pawn by dragging it from the pocket to e3.
    let from = c
        .find(Locator::Css("#pocket-top .pocket-piece[data-drop='p']"))
        .await
        .unwrap();
    let to = cell(&c, "e3").await;
    let actions = fantoccini::actions::MouseActions::new("mouse".into())
        .then(fantoccini::actions::PointerAction::MoveToElement {
            element: from,
            duration: None,
            x: 0,
            y: 0,
        })
        .then(fantoccini::actions::PointerAction::Down {
            button: fantoccini::actions::MOUSE_BUTTON_LEFT,
        })
        .then(fantoccini::actions::PointerAction::MoveToElement {
            element: to,
            duration: Some(Duration::from_millis(100)),
            x: 0,
            y: 0,
        })
        .then(fantoccini::actions::PointerAction::Up {
            button: fantoccini::actions::MOUSE_BUTTON_LEFT,
        });
    c.perform_actions(actions).await.unwrap();
    c.release_actions().await.unwrap();
    at_ply(&c, "crazyhouse", 6).await;
    assert_eq!(cell(&c, "e3").await.text().await.unwrap(), "♟");
    assert!(held(&c, "pocket-top").await.is_empty());
    screenshot(&c, "crazyhouse").await;
}
