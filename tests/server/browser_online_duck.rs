//! chess-duck between two people in two browsers, from
//! `samples/fsf-variants.ini`: a move premoved on the other's turn is the
//! piece's move only, so when the turn comes the page asks for the duck's
//! square (the piece drawn moved, the duck's squares marked) rather than
//! placing the duck for the player.

use crate::browser::clicks::{click_squares, piece_on, squares_with, wait_piece, wait_targets};
use crate::browser_online::{create, join};
use crate::common;
use crate::driver::*;
use crate::system;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_premoved_duck_move_asks_for_the_duck() {
    if !system::have(
        &[
            ("chromedriver", "chromium-driver"),
            ("chromium", "chromium"),
        ],
        "a premoved chess-duck move between two browsers",
    ) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/samples/fsf-variants.ini");
    let (_server, addr) = common::serve_on(
        &format!("sqlite://{}/db.sqlite", dir.path().display()),
        &["--variants", file],
    );
    let url = format!("http://{addr}/");
    let (_driver, port) = start_chromedriver();
    let (a, b) = (browser(port).await, browser(port).await);
    let link = create(&a, &url, "chess-duck", "10+5").await;
    join(&b, &link).await;
    // On alice's turn bob premoves d7–d5.
    at_ply(&b, "chess-duck", 0).await;
    wait_js(&b, "bob seated, alice to move", "premoving()").await;
    click_squares(&b, &["d7", "d5"]).await;
    wait_all(&b, "#board .cell.premove", 2).await;
    // Alice: e2–e4, the duck on e3.
    click_squares(&a, &["e2", "e4"]).await;
    wait_targets(&a, 32).await;
    click_squares(&a, &["e3"]).await;
    // Bob's turn: his pawn drawn on d5, the duck's 31 squares marked; the
    // move waits for his click.
    at_ply(&b, "chess-duck", 1).await;
    wait_targets(&b, 31).await;
    wait_piece(&b, "d5", "♟").await;
    assert_eq!(piece_on(&b, "d7").await, "");
    assert_eq!(squares_with(&b, "wall").await, ["e3"]);
    click_squares(&b, &["c6"]).await;
    for c in [&a, &b] {
        at_ply(c, "chess-duck", 2).await;
        assert_eq!(squares_with(c, "wall").await, ["c6"]);
    }
    a.close().await.unwrap();
    b.close().await.unwrap();
}
