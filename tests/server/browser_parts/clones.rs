//! Ataxx on the page, from `samples/fsf-variants.ini` (a second server
//! started with that file): its drops are free, clones taking nothing from
//! a hand, so no pocket is shown; a clone is played as the piece's move to
//! a square a king's step away, picked and clicked as its jumps are.

use super::clicks::*;
use crate::driver::*;
use fantoccini::Client;
use serde_json::json;

pub async fn ataxx_clones_by_the_piece(c: Client, _url: String) {
    let _server = open_sample(&c, "ataxx").await;
    let pockets = js(
        &c,
        "return ['pocket-top', 'pocket-bottom'].map(id => document.getElementById(id).hidden);",
        vec![],
    )
    .await;
    assert_eq!(pockets, json!([true, true]), "no hand to show");
    let piece = piece_on(&c, "g1").await;
    assert!(!piece.is_empty(), "white's piece on g1");
    click_squares(&c, &["g1"]).await;
    wait_all(&c, "#board .cell.target", 1).await;
    let mut targets = squares_with(&c, "target").await;
    targets.sort();
    // Three clones next to it, five jumps two squares away.
    assert_eq!(
        targets,
        ["e1", "e2", "e3", "f1", "f2", "f3", "g2", "g3"],
        "the piece's clones and jumps"
    );
    assert_eq!(listed(&c).await, 8, "one listed move a target");
    click_squares(&c, &["f2"]).await;
    at_ply(&c, "ataxx", 1).await;
    // A clone: the piece stays on g1, its copy stands on f2.
    assert_eq!(piece_on(&c, "g1").await, piece);
    assert_eq!(piece_on(&c, "f2").await, piece);
    let last = text(&c, "#moves .move:nth-of-type(1)").await;
    assert_eq!(last.trim(), "P@f2");
}
