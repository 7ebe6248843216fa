//! Walls on the page: chess.com's Duck Chess, `chess-duck` from
//! `samples/fsf-variants.ini` (a second server started with that file).
//! A move takes three clicks: the piece, its target, then the duck's
//! square, which is any other empty square; the duck stands there after
//! the move, moves on with the next one, and is the board's one wall.

use super::clicks::*;
use crate::driver::*;
use fantoccini::key::Key;
use fantoccini::Client;
use serde_json::json;

/// Plays `from`–`to` with the duck on `duck` by three clicks; the game is
/// then at `ply`. Between the second and third clicks the board shows the
/// piece moved (on `to`, `from` empty) and the duck where it stood
/// (`before`); the targets, and the possible moves listed, are the duck's
/// squares: every empty square once the piece has moved.
async fn with_the_duck(
    c: &Client,
    [from, to, duck]: [&str; 3],
    ply: usize,
    empty: usize,
    before: &[&str],
) {
    let piece = piece_on(c, from).await;
    click_squares(c, &[from, to]).await;
    // The move is not played yet: the duck's square comes first.
    wait_all(c, &format!("#board[data-plies='{}']", ply - 1), 1).await;
    // The piece drawn on its target, its start empty.
    wait_piece(c, to, &piece).await;
    wait_piece(c, from, "").await;
    assert_eq!(
        squares_with(c, "wall").await,
        before,
        "the duck not moved yet"
    );
    wait_targets(c, empty).await;
    let targets = squares_with(c, "target").await;
    assert_eq!(targets.len(), empty, "one target an empty square");
    assert!(
        targets.iter().any(|t| t == duck),
        "{duck} is a duck's square"
    );
    assert_eq!(listed(c).await, empty, "one listed move a duck's square");
    let caption = text(c, "#legal-caption").await;
    assert!(
        caption.starts_with(&format!("{empty} squares for the duck after {from}–{to}")),
        "{caption}"
    );
    click_squares(c, &[duck]).await;
    at_ply(c, "chess-duck", ply).await;
}

pub async fn the_duck_as_a_wall(c: Client, _url: String) {
    let _server = open_sample(&c, "chess-duck").await;
    assert!(
        squares_with(&c, "wall").await.is_empty(),
        "no duck before the first move"
    );
    // The duck's squares: the 32 empty once the pawn stands on e4 (e2
    // among them).
    with_the_duck(&c, ["e2", "e4", "e3"], 1, 32, &[]).await;
    assert_eq!(squares_with(&c, "wall").await, ["e3"]);
    assert_eq!(piece_on(&c, "e4").await, "♙");
    let last = text(&c, "#moves .move:nth-of-type(1)").await;
    assert!(
        last.contains("e3"),
        "the move names the duck's square: {last}"
    );
    // Black's move: the duck leaves e3 for c6 (31 empty squares: e3 is
    // the duck's own).
    with_the_duck(&c, ["d7", "d5", "c6"], 2, 31, &["e3"]).await;
    assert_eq!(
        squares_with(&c, "wall").await,
        ["c6"],
        "one duck: it left e3"
    );
    // The duck may not stay where it is: c6 is no target now.
    click_squares(&c, &["g1", "f3"]).await;
    wait_all(&c, "#board .cell.target", 1).await;
    assert!(
        !squares_with(&c, "target").await.iter().any(|t| t == "c6"),
        "the duck moves on every turn"
    );
    // A click on no duck's square (a1, occupied) gives the move up: the
    // knight is back on g1, and its moves listed no more.
    click_squares(&c, &["a1"]).await;
    at_ply(&c, "chess-duck", 2).await;
    assert!(squares_with(&c, "target").await.is_empty());
    assert_eq!(piece_on(&c, "g1").await, "♘");
    assert_eq!(piece_on(&c, "f3").await, "");
    assert!(
        text(&c, "#legal-caption").await.contains("legal moves"),
        "all the moves listed again"
    );
    // So does Esc.
    click_squares(&c, &["g1", "f3"]).await;
    wait_all(&c, "#board .cell.target", 1).await;
    shortcut(&c, &Key::Escape.to_string()).await;
    wait_targets(&c, 0).await;
    assert_eq!(piece_on(&c, "g1").await, "♘");
    let state = js(
        &c,
        "return game.state.board.cells.filter(c => c.wall).length;",
        vec![],
    )
    .await;
    assert_eq!(state, json!(1), "the API's board has the one wall");
    screenshot(&c, "chess-duck").await;
    // A promotion: the piece's move first (the dialog), then the duck's
    // square, the knight drawn on a8 meanwhile; 61 squares are empty.
    import(&c, "4k3/P7/8/8/8/8/8/4K3 w - - 0 1").await;
    at_ply(&c, "chess-duck", 0).await;
    click_squares(&c, &["a7", "a8"]).await;
    wait_all(&c, "#promotion[open] button", 4).await;
    click(&c, "#promotion button[data-promotion='n']").await;
    wait_targets(&c, 61).await;
    wait_piece(&c, "a8", "♘").await;
    assert_eq!(piece_on(&c, "a7").await, "");
    assert_eq!(listed(&c).await, 61, "one listed move a duck's square");
    click_squares(&c, &["h1"]).await;
    at_ply(&c, "chess-duck", 1).await;
    assert_eq!(piece_on(&c, "a8").await, "♘");
    assert_eq!(squares_with(&c, "wall").await, ["h1"]);
}
