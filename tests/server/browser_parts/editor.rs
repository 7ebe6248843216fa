//! The board editor (issue 28): in every game a piece placed and one
//! taken off; an illegal setup refused in words on the page; the cube's
//! size changed; clear and start; a piece's reach marked; the edited
//! position analysed (the board's text is the editor's), played against
//! the computer and saved as a study.

use crate::driver::*;
use fantoccini::Client;
use serde_json::Value;

/// The pieces on the editor's board.
async fn pieces(c: &Client) -> usize {
    js(
        c,
        "return document.querySelectorAll('#editor-board .cell .piece').length;",
        vec![],
    )
    .await
    .as_u64()
    .unwrap() as usize
}

async fn wait_pieces(c: &Client, n: usize) {
    wait_js(
        c,
        &format!("{n} pieces on the editor's board"),
        &format!("document.querySelectorAll('#editor-board .cell .piece').length === {n}"),
    )
    .await;
}

/// The first square of the editor's board matching `css` (`.occupied`,
/// `:not(.occupied)`).
async fn first_square(c: &Client, css: &str) -> String {
    let v = js(
        c,
        &format!("return document.querySelector('#editor-board .cell{css}').dataset.square;"),
        vec![],
    )
    .await;
    v.as_str().unwrap().to_string()
}

async fn editor_cell(c: &Client, name: &str) {
    click(c, &format!("#editor-board .cell[data-name='{name}']")).await;
}

async fn open_editor(c: &Client, url: &str, variant: &str) {
    open(c, url, variant).await;
    click(c, "#edit-board").await;
    wait_all(
        c,
        &format!("#editor-board[data-variant='{variant}'] .cell"),
        1,
    )
    .await;
}

/// The squares marked as a selected piece's reach.
async fn reach(c: &Client) -> Vec<String> {
    let v: Value = js(
        c,
        "return [...document.querySelectorAll('#editor-board .cell.target')].map(d => d.dataset.name).sort();",
        vec![],
    )
    .await;
    serde_json::from_value(v).unwrap()
}

pub async fn the_board_editor(c: Client, url: String) {
    // Every game: one piece off, one on.
    for variant in super::offered(&c, &url).await {
        open_editor(&c, &url, &variant).await;
        let n = pieces(&c).await;
        assert!(
            n > 0,
            "{variant}: the editor opens on the position on the board"
        );
        click(&c, "#editor-palette button[data-tool='remove']").await;
        let square = first_square(&c, ".occupied").await;
        click(&c, &format!("#editor-board .cell[data-square='{square}']")).await;
        wait_pieces(&c, n - 1).await;
        let tools = c
            .find_all(fantoccini::Locator::Css(
                "#editor-palette button[data-tool='piece']",
            ))
            .await
            .unwrap();
        assert!(tools.len() >= 2, "{variant}: both sides' pieces offered");
        let letter = attr(tools.last().unwrap(), "data-letter").await;
        tools.last().unwrap().click().await.unwrap();
        let empty = first_square(&c, ":not(.occupied)").await;
        click(&c, &format!("#editor-board .cell[data-square='{empty}']")).await;
        wait_pieces(&c, n).await;
        let placed = js(
            &c,
            &format!("return document.querySelector(\"#editor-board .cell[data-square='{empty}'] .piece\").dataset.letter;"),
            vec![],
        )
        .await;
        assert_eq!(placed.as_str(), Some(letter.as_str()), "{variant}");
        click(&c, "#editor-close").await;
        wait_js(
            &c,
            "the editor closed",
            "!document.querySelector('#editor-board .cell')",
        )
        .await;
    }

    // An illegal placement: a second white king, refused in words.
    open_editor(&c, &url, "chess").await;
    click(
        &c,
        "#editor-palette button[data-tool='piece'][data-letter='K']",
    )
    .await;
    editor_cell(&c, "e4").await;
    wait_all(&c, "#editor-board[data-legal='no']", 1).await;
    assert_eq!(text(&c, "#editor-status").await, "white has 2 kings, not 1");
    assert_eq!(value(&c, "#editor-position").await, "");
    let disabled = js(
        &c,
        "return document.querySelector('#editor-analyse').disabled;",
        vec![],
    )
    .await;
    assert_eq!(
        disabled,
        Value::Bool(true),
        "no analysis of an illegal setup"
    );
    // Clicked again with the same piece: taken off, legal again.
    editor_cell(&c, "e4").await;
    wait_all(&c, "#editor-board[data-legal='yes']", 1).await;
    assert_eq!(
        text(&c, "#editor-status").await,
        "A legal position, white to move."
    );

    // Clear and start.
    click(&c, "#editor-clear").await;
    wait_pieces(&c, 0).await;
    assert_eq!(text(&c, "#editor-status").await, "white has no king");
    click(&c, "#editor-start").await;
    wait_pieces(&c, 32).await;
    wait_all(&c, "#editor-board[data-legal='yes']", 1).await;

    // A piece's reach: the knight on b1, then the queen once e2 is free.
    click(&c, "#editor-palette button[data-tool='select']").await;
    editor_cell(&c, "b1").await;
    wait_js(
        &c,
        "the knight's reach",
        "document.querySelectorAll('#editor-board .cell.target').length === 2",
    )
    .await;
    assert_eq!(reach(&c).await, ["a3", "c3"]);
    click(&c, "#editor-palette button[data-tool='remove']").await;
    editor_cell(&c, "e2").await;
    wait_pieces(&c, 31).await;
    click(&c, "#editor-palette button[data-tool='select']").await;
    editor_cell(&c, "d1").await;
    wait_js(
        &c,
        "the queen's reach",
        "document.querySelectorAll('#editor-board .cell.target').length === 4",
    )
    .await;
    assert_eq!(reach(&c).await, ["e2", "f3", "g4", "h5"]);
    // Black to move: the position text says so.
    select(&c, "#editor-turn", "black").await;
    wait_js(
        &c,
        "black to move",
        "document.querySelector('#editor-position').value.includes(' b KQkq')",
    )
    .await;
    screenshot(&c, "editor").await;

    // Analysed: the board's position is the editor's.
    let edited = value(&c, "#editor-position").await;
    assert_eq!(
        edited,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
    click(&c, "#editor-analyse").await;
    at_ply(&c, "chess", 0).await;
    wait_js(
        &c,
        "the edited position on the board",
        &format!("game.state && game.state.position === {edited:?}"),
    )
    .await;
    assert!(
        js(
            &c,
            "return document.querySelector('#editor').hidden;",
            vec![]
        )
        .await
            == Value::Bool(true)
    );
    assert_eq!(value(&c, "#opponent").await, "human");

    // Saved as a study.
    js(&c, "localStorage.removeItem('duckchess-studies');", vec![]).await;
    click(&c, "#edit-board").await;
    wait_all(
        &c,
        "#editor-board[data-variant='chess'][data-legal='yes']",
        1,
    )
    .await;
    assert_eq!(
        value(&c, "#editor-position").await,
        edited,
        "the editor opens on the board's position"
    );
    fill(&c, "#editor-title", "No king's pawn").await;
    click(&c, "#editor-save").await;
    wait_all(&c, "#study option[value='mine:0']", 1).await;
    let stored = js(
        &c,
        "return JSON.parse(localStorage.getItem('duckchess-studies'))[0].start;",
        vec![],
    )
    .await;
    assert_eq!(stored.as_str(), Some(edited.as_str()));

    // The cube: its size changed, n³ cells; played against the computer.
    open_editor(&c, &url, "cube").await;
    wait_all(&c, "#editor-board[data-cells='64'][data-size='4']", 1).await;
    select(&c, "#editor-size", "3").await;
    wait_all(&c, "#editor-board[data-cells='27'][data-size='3']", 1).await;
    wait_pieces(&c, 0).await;
    assert_eq!(
        text(&c, "#editor-status").await,
        "0 white kings; the puzzle has exactly one"
    );
    select(&c, "#editor-size", "5").await;
    wait_all(&c, "#editor-board[data-cells='125'][data-size='5']", 1).await;
    click(
        &c,
        "#editor-palette button[data-tool='piece'][data-letter='K']",
    )
    .await;
    editor_cell(&c, "a1(I)").await;
    click(
        &c,
        "#editor-palette button[data-tool='piece'][data-letter='k']",
    )
    .await;
    editor_cell(&c, "e5(V)").await;
    click(
        &c,
        "#editor-palette button[data-tool='piece'][data-letter='R']",
    )
    .await;
    editor_cell(&c, "c3(III)").await;
    wait_pieces(&c, 3).await;
    wait_all(&c, "#editor-board[data-legal='yes']", 1).await;
    click(&c, "#editor-palette button[data-tool='select']").await;
    editor_cell(&c, "c3(III)").await;
    // Along its three axes, up to the edges: 4 + 4 + 4 squares.
    wait_js(
        &c,
        "the cube rook's reach",
        "document.querySelectorAll('#editor-board .cell.target').length === 12",
    )
    .await;
    let edited = value(&c, "#editor-position").await;
    assert!(edited.starts_with("n = 5, "), "{edited}");
    click(&c, "#editor-play").await;
    wait_js(
        &c,
        "the cube on the board",
        &format!("game.state && game.state.position === {edited:?}"),
    )
    .await;
    assert_eq!(value(&c, "#opponent").await, "computer");
    assert_eq!(value(&c, "#computer-side").await, "black");
    assert_eq!(pieces(&c).await, 0, "the editor's board is gone");
    select(&c, "#opponent", "human").await;
}
