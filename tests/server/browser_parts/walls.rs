//! Walls on the page: chess.com's Duck Chess, `chess-duck` from
//! `samples/fsf-variants.ini` (a second server started with that file).
//! A move takes three clicks: the piece, its target, then the duck's
//! square, which is any other empty square; the duck stands there after
//! the move, moves on with the next one, and is the board's one wall.

use crate::driver::*;
use fantoccini::{Client, Locator};
use serde_json::json;

/// The squares shown as walls.
async fn walls(c: &Client) -> Vec<String> {
    let mut out = Vec::new();
    for e in c.find_all(Locator::Css("#board .cell.wall")).await.unwrap() {
        out.push(attr(&e, "data-name").await);
    }
    out
}

/// The squares marked as targets.
async fn targets(c: &Client) -> usize {
    c.find_all(Locator::Css("#board .cell.target"))
        .await
        .unwrap()
        .len()
}

/// Plays `from`–`to` with the duck on `duck` by three clicks; the game is
/// then at `ply`. Between the second and third clicks, the targets are
/// the duck's squares: every empty square once the piece has moved.
async fn with_the_duck(c: &Client, from: &str, to: &str, duck: &str, ply: usize, empty: usize) {
    click(c, &format!(".cell[data-name='{from}']")).await;
    click(c, &format!(".cell[data-name='{to}']")).await;
    // The move is not played yet: the duck's square comes first.
    wait_all(c, &format!("#board[data-plies='{}']", ply - 1), 1).await;
    wait_js(
        c,
        "the duck's squares as targets",
        &format!("document.querySelectorAll('#board .cell.target').length === {empty}"),
    )
    .await;
    assert_eq!(targets(c).await, empty, "one target an empty square");
    assert!(
        attr(&cell(c, duck).await, "class").await.contains("target"),
        "{duck} is a duck's square"
    );
    click(c, &format!(".cell[data-name='{duck}']")).await;
    at_ply(c, "chess-duck", ply).await;
}

pub async fn the_duck_as_a_wall(c: Client, _url: String) {
    let dir = tempfile::tempdir().unwrap().keep();
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/samples/fsf-variants.ini");
    let (_server, addr) = crate::common::serve_on(
        &format!("sqlite://{}/db.sqlite", dir.display()),
        &["--variants", file],
    );
    let url = format!("http://{addr}/");
    open(&c, &url, "chess-duck").await;
    assert!(walls(&c).await.is_empty(), "no duck before the first move");
    // The duck's squares: the 32 empty once the pawn stands on e4 (e2
    // among them).
    with_the_duck(&c, "e2", "e4", "e3", 1, 32).await;
    assert_eq!(walls(&c).await, ["e3"]);
    assert_eq!(cell(&c, "e4").await.text().await.unwrap(), "♙");
    let last = text(&c, "#moves .move:nth-of-type(1)").await;
    assert!(
        last.contains("e3"),
        "the move names the duck's square: {last}"
    );
    // Black's move: the duck leaves e3 for c6 (31 empty squares: e3 is
    // the duck's own).
    with_the_duck(&c, "d7", "d5", "c6", 2, 31).await;
    assert_eq!(walls(&c).await, ["c6"], "one duck: it left e3");
    // The duck may not stay where it is: c6 is no target now.
    click(&c, ".cell[data-name='g1']").await;
    click(&c, ".cell[data-name='f3']").await;
    wait_all(&c, "#board .cell.target", 1).await;
    assert!(
        !attr(&cell(&c, "c6").await, "class")
            .await
            .contains("target"),
        "the duck moves on every turn"
    );
    // A click on no duck's square (a1, occupied) gives the move up.
    click(&c, ".cell[data-name='a1']").await;
    at_ply(&c, "chess-duck", 2).await;
    assert_eq!(targets(&c).await, 0);
    let state = js(
        &c,
        "return game.state.board.cells.filter(c => c.wall).length;",
        vec![],
    )
    .await;
    assert_eq!(state, json!(1), "the API's board has the one wall");
    screenshot(&c, "chess-duck").await;
}
