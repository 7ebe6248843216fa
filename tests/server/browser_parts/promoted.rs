//! Shogi on the page, from `samples/fsf-variants.ini` (a second server
//! started with that file): a promoted piece keeps its glyph and is marked
//! `+`, as FEN writes it (`+B`), for it moves as its promoted form.

use super::clicks::*;
use crate::driver::*;
use fantoccini::Client;
use serde_json::json;

/// The squares whose piece is drawn promoted.
async fn promoted(c: &Client) -> serde_json::Value {
    js(
        c,
        "return [...document.querySelectorAll('#board .cell .piece.promoted')].map(p => p.parentElement.dataset.name);",
        vec![],
    )
    .await
}

pub async fn a_promoted_shogi_piece(c: Client, _url: String) {
    let _server = open_sample(&c, "shogi").await;
    play_coord(&c, "c3c4").await;
    play_coord(&c, "g7g6").await;
    at_ply(&c, "shogi", 2).await;
    assert_eq!(promoted(&c).await, json!([]));
    let bishop = piece_on(&c, "b2").await;
    play_coord(&c, "b2h8+").await;
    at_ply(&c, "shogi", 3).await;
    assert_eq!(promoted(&c).await, json!(["h8"]), "the horse marked");
    assert_eq!(piece_on(&c, "h8").await, bishop, "its glyph kept");
    let title = attr(&cell(&c, "h8").await, "title").await;
    assert!(title.contains("promoted"), "{title}");
}
