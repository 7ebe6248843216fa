//! What the sections on games from `samples/fsf-variants.ini` share: a
//! second server started with that file, moves played by clicks on it,
//! and the board and the possible moves read back as a player sees them.

use crate::common::Reaper;
use crate::driver::*;
use fantoccini::Client;

/// Starts a server with the sample file and opens the page at `variant`;
/// the server lives as long as what this returns.
pub async fn open_sample(c: &Client, variant: &str) -> Reaper {
    let dir = tempfile::tempdir().unwrap().keep();
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/samples/fsf-variants.ini");
    let (server, addr) = crate::common::serve_on(
        &format!("sqlite://{}/db.sqlite", dir.display()),
        &["--variants", file],
    );
    open(c, &format!("http://{addr}/"), variant).await;
    server
}

/// Clicks the squares named, one after the other.
pub async fn click_squares(c: &Client, squares: &[&str]) {
    for s in squares {
        click(c, &format!(".cell[data-name='{s}']")).await;
    }
}

/// The names of the squares drawn with class `class` (`wall`, `target`),
/// read in one go: the board may be drawn again at any moment.
pub async fn squares_with(c: &Client, class: &str) -> Vec<String> {
    let names = js(
        c,
        "return [...document.querySelectorAll('#board .cell.' + arguments[0])].map(e => e.dataset.name);",
        vec![class.into()],
    )
    .await;
    serde_json::from_value(names).unwrap()
}

/// The piece drawn on square `name` (its glyph), `""` on an empty one.
pub async fn piece_on(c: &Client, name: &str) -> String {
    let glyph = js(
        c,
        "const p = document.querySelector(`#board .cell[data-name='${arguments[0]}'] .piece`); return p ? p.textContent : '';",
        vec![name.into()],
    )
    .await;
    glyph.as_str().unwrap().to_owned()
}

/// How many moves the list of possible moves offers.
pub async fn listed(c: &Client) -> usize {
    let n = js(
        c,
        "return document.querySelectorAll('#legal button').length;",
        vec![],
    )
    .await;
    n.as_u64().unwrap() as usize
}

/// Waits until `n` squares are marked as targets.
pub async fn wait_targets(c: &Client, n: usize) {
    wait_js(
        c,
        &format!("{n} squares marked as targets"),
        &format!("document.querySelectorAll('#board .cell.target').length === {n}"),
    )
    .await;
}

/// Waits until square `name` shows the piece `glyph` (`""`: none).
pub async fn wait_piece(c: &Client, name: &str, glyph: &str) {
    let quoted = serde_json::Value::from(glyph);
    wait_js(
        c,
        &format!("{name} showing {quoted}"),
        &format!(
            "((document.querySelector(\"#board .cell[data-name='{name}'] .piece\") || {{}}).textContent || '') === {quoted}"
        ),
    )
    .await;
}
