//! "Analyse the game": the graph of the winning chances, the judged
//! moves listed per side and written into the tree as annotations.

use crate::driver::*;
use fantoccini::Client;
use serde_json::json;

/// The Scholar's mate reviewed: 3... Nf6 is Black's blunder (White mates
/// at once), marked on the graph, listed under Black with a button to the
/// move, written `??` in the move list and the record; a click on the
/// graph's left edge goes back to the start.
pub async fn analyse_the_game(c: Client, url: String) {
    open(&c, &url, "chess").await;
    import(&c, "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0").await;
    at_ply(&c, "chess", 7).await;
    select(&c, "#review-ms", "100").await;
    click(&c, "#review-game").await;
    wait_js(
        &c,
        "all 8 positions reviewed",
        "document.querySelector('#review-graph').dataset.points === '8' && document.querySelector('#review-game').textContent === 'Analyse the game'",
    )
    .await;
    let first = attr(&wait_all(&c, "#review-graph", 1).await[0], "data-first").await;
    let chances: Vec<f64> = first.split(',').map(|x| x.parse().unwrap()).collect();
    assert_eq!(chances.len(), 8, "{first}");
    assert!(chances.iter().all(|x| (0.0..=1.0).contains(x)), "{first}");
    assert_eq!(chances[6], 1.0, "White mates in one after Nf6: {first}");
    assert_eq!(chances[7], 1.0, "White has won: {first}");
    wait_all(
        &c,
        "#review-graph circle[data-ply='6'][data-judgement='blunder']",
        1,
    )
    .await;
    let listed = text(
        &c,
        "#review-sides [data-side='black'] .review-move[data-ply='6']",
    )
    .await;
    assert!(listed.starts_with("3... Nf6??"), "{listed}");
    let count = text(&c, "#review-sides [data-side='black'] .review-count").await;
    assert!(
        count.starts_with("black: ") && count.contains("blunder"),
        "{count}"
    );
    // In the tree: the move list and the record say `??`.
    let nag = js(
        &c,
        "const b = document.querySelector('#moves .move[data-ply=\"6\"]'); return b.nextElementSibling && b.nextElementSibling.textContent;",
        vec![],
    )
    .await;
    assert_eq!(nag, "??");
    wait_js(
        &c,
        "the record with Nf6??",
        "/Nf6 ?\\?\\? /.test(document.querySelector('#record-text').value)",
    )
    .await;
    // The graph and the list lead to the moves.
    js(
        &c,
        "const s = document.querySelector('#review-graph'); const r = s.getBoundingClientRect(); s.dispatchEvent(new MouseEvent('click', {clientX: r.left + 1, clientY: r.top + 5, bubbles: true}));",
        vec![],
    )
    .await;
    at_ply(&c, "chess", 0).await;
    click(
        &c,
        "#review-sides [data-side='black'] .review-move[data-ply='6']",
    )
    .await;
    at_ply(&c, "chess", 6).await;
    wait_all(&c, "#review-graph line.now", 1).await;
    // Every dot whole inside the graph, and the graph 120 pixels high.
    let inside = js(
        &c,
        "const s = document.querySelector('#review-graph'); const [, , w, h] = s.getAttribute('viewBox').split(' ').map(Number); \
         return s.getBoundingClientRect().height >= 119 && [...s.querySelectorAll('circle')].every(d => { \
           const [x, y, r] = ['cx', 'cy', 'r'].map(k => Number(d.getAttribute(k))); \
           return x - r >= 0 && x + r <= w && y - r >= 0 && y + r <= h; });",
        vec![],
    )
    .await;
    assert_eq!(inside, json!(true), "a dot cut at the graph's edge");
    // A reload shows the review again, as it was.
    c.refresh().await.unwrap();
    at_ply(&c, "chess", 6).await;
    wait_all(
        &c,
        "#review-graph[data-points='8'] circle[data-ply='6'][data-judgement='blunder']",
        1,
    )
    .await;
    assert_eq!(
        attr(&wait_all(&c, "#review-graph", 1).await[0], "data-first").await,
        first
    );
    let listed = text(
        &c,
        "#review-sides [data-side='black'] .review-move[data-ply='6']",
    )
    .await;
    assert!(listed.starts_with("3... Nf6??"), "after a reload: {listed}");
    viewport(&c, 1280, 1400).await;
    js(&c, "window.scrollTo(0, 0);", vec![]).await;
    screenshot(&c, "chess-review").await;
    viewport(&c, 1280, 800).await;
    // Another game drops the review.
    open(&c, &url, "duck").await;
    wait_js(
        &c,
        "no review shown",
        "document.querySelector('#review').hidden",
    )
    .await;
    println!("analyse the game");
}
