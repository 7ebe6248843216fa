//! Two people in two real browsers (two WebDriver sessions of headless
//! Chromium, each with its own cookies) play through an invitation link:
//! every game of the registry a few moves each, chess to mate and every
//! other game to its end, each with a reload and a restart of the server
//! in the middle; the finished game is at its URL and exports. Then the
//! game page's buttons, presence, spectators and small screens; rated
//! games, the lobby, the players' pages and the leaderboards.
//!
//! Needs the Debian packages `chromium` and `chromium-driver` (`.ci/run`
//! installs them); without them it says what it skipped.

use fantoccini::key::Key;
use fantoccini::{Client, Locator};
use serde_json::json;
use std::time::{Duration, Instant};

use crate::common;
use crate::driver;
use crate::system;

use driver::*;

/// A free loopback port, for a server restarted on the same address.
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

fn server(db: &str, port: u16) -> common::Reaper {
    let (server, addr) = common::serve_on(db, &["--port", &port.to_string()]);
    assert_eq!(addr, format!("127.0.0.1:{port}"));
    server
}

/// Alice makes a game on the home page; the invitation link.
pub(crate) async fn create(c: &Client, url: &str, variant: &str, clock: &str) -> String {
    c.goto(url).await.unwrap();
    wait_all(c, "#online-variant option", 2).await;
    fill(c, "#online-name", "alice").await;
    select(c, "#online-variant", variant).await;
    select(c, "#online-clock", clock).await;
    select(c, "#online-color", "white").await;
    click(c, "#online-create").await;
    wait_js(c, "the game's page", "location.pathname.startsWith('/game/') && document.querySelector('#online-invite-link').value").await;
    value(c, "#online-invite-link").await
}

/// Bob opens the link and joins.
pub(crate) async fn join(c: &Client, link: &str) {
    c.goto(link).await.unwrap();
    wait_js(
        c,
        "a seat to join",
        "!document.querySelector('#online-join-box').hidden",
    )
    .await;
    fill(c, "#online-join-name", "bob").await;
    click(c, "#online-join").await;
    wait_js(
        c,
        "bob seated",
        "document.querySelector('#online-seat-1 .who').textContent.includes('(you)')",
    )
    .await;
}

/// The server, stopped and started again on the same address and database.
fn restart(server_process: &mut Option<common::Reaper>, db: &str, port: u16) {
    drop(server_process.take());
    *server_process = Some(server(db, port));
}

/// The move the engine of the analysis API gives on `c`'s board (its
/// mate solver first, `mate_in` moves deep), in coordinates. It thinks
/// 1.5 s (half of it for the mate solver): at 300 ms, on a loaded machine,
/// the mate was not always found and a game went past its 12 moves.
async fn best_coord(c: &Client, mate_in: u32) -> String {
    let best = js(
        c,
        "return fetch('/api/best', {method: 'POST', headers: {'content-type': 'application/json'}, \
         body: JSON.stringify({variant: game.variant.name, position: game.state.position, \
         think_ms: 1500, mate_in: arguments[0]})}).then(r => r.json()).then(b => b.best.coord);",
        vec![json!(mate_in)],
    )
    .await;
    best.as_str()
        .unwrap_or_else(|| panic!("no best move: {best}"))
        .to_string()
}

/// Whether the page's reader is to move in its game.
async fn to_move(c: &Client) -> bool {
    js(
        c,
        "return !!online.st && online.st.toMove === online.you;",
        vec![],
    )
    .await
    .as_bool()
    .unwrap()
}

/// Every game but chess (played to mate in `two_people_in_two_browsers`)
/// played to its end through an invitation, timed, from a study's
/// position a few moves before its end: the study's own moves, then the
/// engine's, with a reload of the second player's page and a restart of
/// the server after the first move. Both pages show the result, and the
/// export is the game's record as the analysis board writes it (the judge
/// input for Duck Chess, the cube's and Fourfold's records).
async fn every_game_to_its_end(
    a: &Client,
    b: &Client,
    url: &str,
    server_process: &mut Option<common::Reaper>,
    db: &str,
    port: u16,
) {
    // (game, study, plies to step back from the study's position, the
    // mate the engine looks for)
    let cases = [
        ("duck", "The sample game's last move", 2, 2),
        ("cube", "Published puzzle 3", 0, 1),
        ("fourfold", "Mate in 1", 2, 2),
        ("fourfold-classic", "Black mates in 4", 0, 4),
    ];
    for (variant, study, back, mate_in) in cases {
        a.goto(url).await.unwrap();
        wait_all(a, "#study option", 2).await;
        select(a, "#variant", variant).await;
        at_ply(a, variant, 0).await;
        let index = js(
            a,
            "return String(game.studies.findIndex(s => s.title === arguments[0]));",
            vec![json!(study)],
        )
        .await;
        select(a, "#study", index.as_str().unwrap()).await;
        let ply: usize =
            serde_json::from_value(js(a, "return game.study ? game.study.ply : -1;", vec![]).await)
                .unwrap();
        at_ply(a, variant, ply).await;
        for _ in 0..back {
            shortcut(a, &Key::Left.to_string()).await;
        }
        at_ply(a, variant, ply - back).await;
        let script: Vec<String> = serde_json::from_value(
            js(
                a,
                "return game.study.history.slice(arguments[0], arguments[1]);",
                vec![json!(ply - back), json!(ply)],
            )
            .await,
        )
        .unwrap();
        if !js(
            a,
            "return document.querySelector('#online-from-board').checked;",
            vec![],
        )
        .await
        .as_bool()
        .unwrap()
        {
            click(a, "#online-from-board").await;
        }
        fill(a, "#online-name", "alice").await;
        select(a, "#online-clock", "10+5").await;
        select(a, "#online-color", "white").await;
        click(a, "#online-create").await;
        wait_js(a, "the game's page", "location.pathname.startsWith('/game/') && document.querySelector('#online-invite-link').value").await;
        let link = value(a, "#online-invite-link").await;
        join(b, &link).await;
        let mut played = 0;
        loop {
            if text(a, "#online-result").await.contains("wins") {
                break;
            }
            assert!(played < 12, "{variant}: no end after {played} moves");
            let mover = if to_move(a).await { a } else { b };
            at_ply(mover, variant, played).await;
            let coord = match script.get(played) {
                Some(m) => m.clone(),
                None => best_coord(mover, mate_in).await,
            };
            play_coord(mover, &coord).await;
            played += 1;
            for c in [a, b] {
                at_ply(c, variant, played).await;
            }
            if played == 1 {
                b.refresh().await.unwrap();
                at_ply(b, variant, 1).await;
                wait_js(
                    b,
                    "the second player still seated after the reload",
                    "document.querySelector('#online-seat-1 .who').textContent.includes('(you)')",
                )
                .await;
                restart(server_process, db, port);
                // Both pages reconnect by themselves and read the game again.
                wait_js(
                    a,
                    "alice reconnected",
                    "online.st && online.st.connected && online.st.connected.black",
                )
                .await;
            }
        }
        for c in [a, b] {
            wait_js(
                c,
                "the result",
                "!document.querySelector('#online-result').hidden",
            )
            .await;
            let result = text(c, "#online-result").await;
            assert!(result.contains("wins"), "{variant}: {result}");
        }
        let export = js(
            a,
            "return fetch(document.querySelector('#online-export').href).then(r => r.text());",
            vec![],
        )
        .await;
        let record = js(a, "return game.state.record;", vec![]).await;
        let (export, record) = (export.as_str().unwrap(), record.as_str().unwrap());
        assert!(!record.trim().is_empty(), "{variant}");
        assert_eq!(export.trim(), record.trim(), "{variant}: the export");
        println!(
            "{variant}: {played} moves to `{}`",
            text(a, "#online-result").await
        );
    }
}

/// Waits until the element `css` on `c` says `what`.
async fn says(c: &Client, css: &str, what: &str) {
    wait_js(
        c,
        &format!("`{css}` saying `{what}`"),
        &format!("document.querySelector({css:?}).textContent.includes({what:?})"),
    )
    .await;
}

/// Waits until the element `css` on `c` is shown (or hidden).
async fn shown(c: &Client, css: &str, yes: bool) {
    let test = if yes { "!" } else { "" };
    wait_js(
        c,
        &format!("`{css}` shown: {yes}"),
        &format!("{test}document.querySelector({css:?}).hidden"),
    )
    .await;
}

/// The game page: presence, a spectator, a draw offered, declined and
/// accepted, a rematch with colours swapped, a resignation, an abort, the
/// sound switch remembered, the page at 400 pixels, and the computer.
async fn the_game_page(a: &Client, b: &Client, watcher: &Client, url: &str) {
    let link = create(a, url, "chess", "10+5").await;
    join(b, &link).await;
    // Presence: bob connected, gone, back.
    says(a, "#online-seat-1 .presence", "●").await;
    b.goto(url).await.unwrap();
    says(a, "#online-seat-1 .presence", "○").await;
    b.goto(&link).await.unwrap();
    says(a, "#online-seat-1 .presence", "●").await;
    // A spectator, counted on the players' pages; it cannot move.
    watcher.goto(&link).await.unwrap();
    at_ply(watcher, "chess", 0).await;
    says(watcher, "#online-spectators", "You are watching").await;
    says(a, "#online-spectators", "1 spectator").await;
    shown(watcher, "#online-join-box", false).await;
    shown(watcher, "#online-resign", false).await;
    // As on lichess: each player's name and clock above and below the
    // board (one's own below), the game's kind, whose turn in the tab's
    // title, and a chat the spectator does not read.
    wait_all(a, "#seat-bottom #online-seat-0 .clock", 1).await;
    wait_all(a, "#seat-top #online-seat-1 .clock", 1).await;
    // Bob, the second side, sees the board turned: his pieces and name at
    // the bottom.
    wait_all(b, "#board[data-flipped='true']", 1).await;
    wait_all(b, "#seat-bottom #online-seat-1 .clock", 1).await;
    wait_all(a, "#board[data-flipped='false']", 1).await;
    says(a, "#online-kind", "Casual · 10+5").await;
    wait_js(
        a,
        "alice's turn in the title",
        "document.title.startsWith('Your turn')",
    )
    .await;
    wait_js(
        b,
        "bob waits in the title",
        "document.title.startsWith('Waiting for opponent')",
    )
    .await;
    fill(a, "#online-chat-text", "good luck").await;
    click(a, "#online-chat-send").await;
    says(b, "#online-chat-lines", "good luck").await;
    says(a, "#online-chat-lines", "good luck").await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(
        !text(watcher, "#online-chat-lines")
            .await
            .contains("good luck"),
        "the players' chat reached a spectator"
    );
    play_listed(a, "e4").await;
    at_ply(b, "chess", 1).await;
    play_listed(b, "e5").await;
    at_ply(watcher, "chess", 2).await;
    // "+15 s": alice gives bob 15 seconds; both pages show them.
    let before = js(a, "return online.st.btime;", vec![])
        .await
        .as_i64()
        .unwrap();
    click(a, "#online-give").await;
    for c in [a, b] {
        wait_js(
            c,
            "bob's 15 s more",
            &format!("online.st.btime >= {}", before + 14_000),
        )
        .await;
    }
    shown(watcher, "#online-give", false).await;
    // A takeback: bob plays Nc6, asks to take it back, alice declines;
    // he asks again and she agrees: the board is back at move 2 for all
    // three, and bob plays another move.
    play_listed(a, "Nf3").await;
    at_ply(b, "chess", 3).await;
    play_listed(b, "Nc6").await;
    at_ply(a, "chess", 4).await;
    shown(watcher, "#online-takeback", false).await;
    click(b, "#online-takeback").await;
    says(b, "#online-takeback", "Takeback asked").await;
    says(a, "#online-takeback", "Accept the takeback").await;
    click(a, "#online-takeback-decline").await;
    wait_js(b, "bob's request declined", "!online.st.btakeback").await;
    click(b, "#online-takeback").await;
    says(a, "#online-takeback", "Accept the takeback").await;
    click(a, "#online-takeback").await;
    for c in [a, b, watcher] {
        at_ply(c, "chess", 3).await;
    }
    play_listed(b, "d6").await;
    at_ply(a, "chess", 4).await;
    // A premove: on bob's turn alice puts her knight from b1 on c3; it is
    // played as soon as bob has moved. Then one that is not legal (the
    // rook through its own pawn) is dropped when her turn comes.
    play_listed(a, "Bc4").await;
    at_ply(b, "chess", 5).await;
    click(a, "#board .cell[data-name='b1']").await;
    click(a, "#board .cell[data-name='c3']").await;
    says(a, "#online-message", "premove b1–c3").await;
    wait_all(a, "#board .cell.premove", 2).await;
    play_listed(b, "Nf6").await;
    for c in [a, b, watcher] {
        at_ply(c, "chess", 7).await;
    }
    wait_js(
        a,
        "the premove Nc3 played",
        "online.st.notations[6] === 'Nc3'",
    )
    .await;
    click(a, "#board .cell[data-name='a1']").await;
    click(a, "#board .cell[data-name='a5']").await;
    says(a, "#online-message", "premove a1–a5").await;
    play_listed(b, "Be7").await;
    says(a, "#online-message", "premove cancelled").await;
    at_ply(a, "chess", 8).await;
    wait_js(
        a,
        "no premove marked",
        "!document.querySelector('#board .cell.premove')",
    )
    .await;
    // A draw offered and declined, offered again and accepted.
    click(a, "#online-draw").await;
    says(b, "#online-draw", "Accept the draw").await;
    shown(b, "#online-decline", true).await;
    click(b, "#online-decline").await;
    says(a, "#online-draw", "Offer a draw").await;
    click(a, "#online-draw").await;
    says(b, "#online-draw", "Accept the draw").await;
    click(b, "#online-draw").await;
    for c in [a, b, watcher] {
        shown(c, "#online-result", true).await;
        says(c, "#online-result", "draw").await;
    }
    // A rematch, colours swapped: bob is white.
    click(a, "#online-rematch").await;
    says(b, "#online-rematch", "Accept the rematch").await;
    click(b, "#online-rematch").await;
    for c in [a, b] {
        shown(c, "#online-next", true).await;
        click(c, "#online-next").await;
        wait_js(
            c,
            "the rematch's page",
            &format!(
                "location.pathname !== {:?}",
                link.trim_start_matches(url.trim_end_matches('/'))
            ),
        )
        .await;
        at_ply(c, "chess", 0).await;
    }
    says(a, "#online-seat-1 .who", "(you)").await;
    says(b, "#online-seat-0 .who", "(you)").await;
    // Bob opens, alice answers, bob takes: his pawn more shows beside him
    // (the material difference), nothing beside her; alice resigns by the
    // button, once asked.
    play_listed(b, "e4").await;
    at_ply(a, "chess", 1).await;
    play_listed(a, "d5").await;
    at_ply(b, "chess", 2).await;
    play_listed(b, "exd5").await;
    at_ply(a, "chess", 3).await;
    for c in [a, b] {
        wait_js(
            c,
            "a pawn more beside white",
            "document.querySelector('#online-seat-0 .material').textContent.length === 1 \
             && document.querySelector('#online-seat-1 .material').textContent === ''",
        )
        .await;
    }
    shown(a, "#online-resign", true).await;
    click(a, "#online-resign").await;
    a.accept_alert().await.unwrap();
    for c in [a, b] {
        says(c, "#online-result", "white wins: black resigned").await;
    }
    // A game aborted before both moved.
    let link = create(a, url, "chess", "5+3").await;
    join(b, &link).await;
    shown(b, "#online-abort", true).await;
    click(b, "#online-abort").await;
    for c in [a, b] {
        says(c, "#online-result", "abort").await;
    }
    // The sound switch is remembered.
    if js(
        a,
        "return document.querySelector('#online-sound').checked;",
        vec![],
    )
    .await
    .as_bool()
    .unwrap()
    {
        click(a, "#online-sound").await;
    }
    a.refresh().await.unwrap();
    wait_all(a, "#online-sound:not(:checked)", 1).await;
    click(a, "#online-sound").await;
    // At 400 pixels: one column, nothing wider than the screen, the
    // players, clocks and buttons below the board.
    let link = create(a, url, "chess", "10+5").await;
    join(b, &link).await;
    viewport(a, 400, 800).await;
    at_ply(a, "chess", 0).await;
    let fits = js(
        a,
        "const w = document.documentElement.clientWidth; \
         const inside = (s) => { const r = document.querySelector(s).getBoundingClientRect(); \
         return r.width > 0 && r.left >= 0 && r.right <= w; }; \
         return document.documentElement.scrollWidth <= w && \
         ['#board', '#online-seat-0 .clock', '#online-seat-1 .who', '#online-draw'].every(inside);",
        vec![],
    )
    .await;
    assert_eq!(fits, json!(true), "the game page at 400 pixels");
    // The players and clocks right above and below the board there too.
    let around = js(
        a,
        "const r = (s) => document.querySelector(s).getBoundingClientRect(); \
         const board = r('#board'), top = r('#seat-top #online-seat-1'), bottom = r('#seat-bottom #online-seat-0'); \
         return top.bottom <= board.top + 1 && board.top - top.bottom < 40 \
           && bottom.top >= board.bottom - 1 && bottom.top - board.bottom < 40;",
        vec![],
    )
    .await;
    assert_eq!(
        around,
        json!(true),
        "the players above and below the board at 400 px"
    );
    screenshot(a, "online-game-400").await;
    viewport(a, 1280, 800).await;
    // The computer takes the other seat and answers.
    a.goto(url).await.unwrap();
    wait_all(a, "#online-variant option", 2).await;
    select(a, "#online-variant", "chess").await;
    select(a, "#online-clock", "").await;
    select(a, "#online-color", "white").await;
    fill(a, "#online-think", "100").await;
    click(a, "#online-computer").await;
    wait_js(
        a,
        "the computer's game",
        "location.pathname.startsWith('/game/')",
    )
    .await;
    says(a, "#online-seat-1 .who", "computer").await;
    play_listed(a, "e4").await;
    at_ply(a, "chess", 2).await;
}

/// The first move the page lists, played by its button.
async fn play_first(c: &Client, variant: &str, ply: usize) {
    at_ply(c, variant, ply).await;
    wait_js(c, "a legal move", "game.state && game.state.moves.length").await;
    let notation = js(c, "return game.state.moves[0].notation;", vec![]).await;
    play_listed(c, notation.as_str().unwrap()).await;
}

async fn every_game_through_an_invitation(a: &Client, b: &Client, url: &str) {
    a.goto(url).await.unwrap();
    wait_all(a, "#online-variant option", 2).await;
    let games: Vec<String> = serde_json::from_value(
        js(
            a,
            "return [...document.querySelectorAll('#online-variant option')].map(o => o.value);",
            vec![],
        )
        .await,
    )
    .unwrap();
    assert!(games.len() >= 5, "{games:?}");
    for variant in &games {
        let link = create(a, url, variant, "10+5").await;
        join(b, &link).await;
        // Alice's page sees bob arrive; then two moves each, each seen on
        // the other's board.
        wait_js(
            a,
            "bob on alice's page",
            "document.querySelector('#online-seat-1 .who').textContent.includes('bob')",
        )
        .await;
        for ply in 0..4 {
            let (mover, other) = if ply % 2 == 0 { (a, b) } else { (b, a) };
            play_first(mover, variant, ply).await;
            at_ply(other, variant, ply + 1).await;
        }
        // The clocks run and show time left.
        let clock = text(a, "#online-seat-0 .clock").await;
        assert!(clock.contains(':'), "{variant}: {clock}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_people_in_two_browsers() {
    if !system::have(
        &[("chromedriver", "chromium-driver"), ("chromium", "chromium")],
        "two people in two browsers playing every game over an invitation link, with a reload and a server restart",
    ) {
        return;
    }
    let started = Instant::now();
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite://{}/db.sqlite", dir.path().display());
    let port = free_port();
    let mut server_process = Some(server(&db, port));
    let url = format!("http://127.0.0.1:{port}/");
    let (_driver, driver_port) = start_chromedriver();
    let a = browser(driver_port).await;
    let b = browser(driver_port).await;

    every_game_through_an_invitation(&a, &b, &url).await;
    every_game_to_its_end(&a, &b, &url, &mut server_process, &db, port).await;
    let watcher = browser(driver_port).await;
    the_game_page(&a, &b, &watcher, &url).await;
    watcher.close().await.unwrap();

    // A game from the position on the analysis board (a study, an
    // import): the server's game starts there.
    a.goto(&url).await.unwrap();
    wait_all(&a, "#online-variant option", 2).await;
    select(&a, "#variant", "chess").await;
    import(&a, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").await;
    at_ply(&a, "chess", 0).await;
    click(&a, "#online-from-board").await;
    click(&a, "#online-create").await;
    wait_js(&a, "the game from the board", "location.pathname.startsWith('/game/') && game.state && game.state.position.startsWith('6k1/5ppp')").await;

    // Chess to mate: f3 e5, a reload of bob's page, g4, a restart of the
    // server, Qh4#.
    let link = create(&a, &url, "chess", "5+3").await;
    join(&b, &link).await;
    play_listed(&a, "f3").await;
    at_ply(&b, "chess", 1).await;
    play_listed(&b, "e5").await;
    at_ply(&a, "chess", 2).await;
    b.refresh().await.unwrap();
    at_ply(&b, "chess", 2).await;
    wait_js(
        &b,
        "bob still seated after the reload",
        "document.querySelector('#online-seat-1 .who').textContent.includes('(you)')",
    )
    .await;
    play_listed(&a, "g4").await;
    at_ply(&b, "chess", 3).await;
    screenshot(&b, "online-game").await;
    restart(&mut server_process, &db, port);
    // Both pages reconnect by themselves and read the game again.
    tokio::time::sleep(Duration::from_millis(300)).await;
    at_ply(&b, "chess", 3).await;
    play_listed(&b, "Qh4#").await;
    for c in [&a, &b] {
        at_ply(c, "chess", 4).await;
        wait_js(
            c,
            "the result",
            "!document.querySelector('#online-result').hidden",
        )
        .await;
        let result = text(c, "#online-result").await;
        assert_eq!(result, "black wins by checkmate");
    }
    // The finished game is at its URL, for anyone, and exports.
    let c = &a;
    c.goto(&link).await.unwrap();
    at_ply(c, "chess", 4).await;
    let export = c
        .find(Locator::Css("#online-export"))
        .await
        .unwrap()
        .attr("href")
        .await
        .unwrap()
        .unwrap();
    c.goto(&format!("{url}{}", export.trim_start_matches('/')))
        .await
        .unwrap();
    wait_js(
        c,
        "the export",
        "document.body && document.body.innerText.includes('Qh4#')",
    )
    .await;
    let pgn = js(c, "return document.body.innerText;", vec![])
        .await
        .as_str()
        .unwrap()
        .to_string();
    assert!(pgn.contains("1. f3 e5 2. g4 Qh4# 0-1"), "{pgn}");
    assert!(
        pgn.contains("[White \"alice\"]") || pgn.contains("[White &quot;alice&quot;]"),
        "{pgn}"
    );
    rated_game_between_two_accounts(&a, &b, &url).await;
    quick_pairing(&a, &b, &url, &db).await;
    a.close().await.unwrap();
    b.close().await.unwrap();
    drop(server_process);
    println!("two browsers took {:?}", started.elapsed());
}

/// Signs up on the home page.
async fn sign_up(c: &Client, url: &str, name: &str) {
    c.goto(url).await.unwrap();
    wait_js(
        c,
        "the account box",
        "!document.querySelector('#online-sign').hidden",
    )
    .await;
    click(c, "#online-sign summary").await;
    fill(c, "#online-user", name).await;
    fill(c, "#online-password", "a long password").await;
    click(c, "#online-signup").await;
    wait_js(
        c,
        "signed in",
        &format!(
            "document.querySelector('#online-me').textContent.includes('Signed in as {name}')"
        ),
    )
    .await;
}

/// Two accounts play a rated game: both see the rating changes, and the
/// player pages show the ratings and a chart.
async fn rated_game_between_two_accounts(a: &Client, b: &Client, url: &str) {
    sign_up(a, url, "Anna").await;
    sign_up(b, url, "Boris").await;
    a.goto(url).await.unwrap();
    wait_all(a, "#online-variant option", 2).await;
    select(a, "#online-variant", "chess").await;
    select(a, "#online-clock", "3+2").await;
    select(a, "#online-color", "white").await;
    click(a, "#online-rated").await;
    click(a, "#online-create").await;
    wait_js(a, "the rated game's page", "location.pathname.startsWith('/game/') && document.querySelector('#online-invite-link').value").await;
    let link = value(a, "#online-invite-link").await;
    b.goto(&link).await.unwrap();
    wait_js(
        b,
        "a seat to join",
        "!document.querySelector('#online-join-box').hidden",
    )
    .await;
    click(b, "#online-join").await;
    wait_js(
        b,
        "Boris seated",
        "document.querySelector('#online-seat-1 .who').textContent.includes('(you)')",
    )
    .await;
    // Both start provisional at 1500.
    wait_js(
        a,
        "ratings shown",
        "document.querySelector('#online-seat-1 .who').textContent.includes('Boris (1500?)')",
    )
    .await;
    for (i, m) in ["f3", "e5", "g4", "Qh4#"].iter().enumerate() {
        let (mover, other) = if i % 2 == 0 { (a, b) } else { (b, a) };
        if i == 1 {
            no_engine_in_a_live_game(mover).await;
        }
        play_listed(mover, m).await;
        at_ply(other, "chess", i + 1).await;
    }
    // Over: the analysis is back.
    for c in [a, b] {
        wait_js(
            c,
            "the analysis after the game",
            "getComputedStyle(document.querySelector('#analysis-box')).display !== 'none'",
        )
        .await;
    }
    for c in [a, b] {
        wait_js(
            c,
            "the rating changes",
            "/\\+\\d+/.test(document.querySelector('#online-seat-1 .who').textContent)",
        )
        .await;
        let loser = text(c, "#online-seat-0 .who").await;
        assert!(loser.contains("Anna (1500?) -"), "{loser}");
    }
    // Boris's page: his blitz rating above 1500, provisional, and a chart.
    b.goto(&format!("{url}@/Boris")).await.unwrap();
    wait_all(b, "#player-perfs tbody tr", 1).await;
    let row = text(b, "#player-perfs tbody tr").await;
    assert!(
        row.starts_with("blitz 16") || row.starts_with("blitz 17"),
        "{row}"
    );
    assert!(row.contains('?'), "{row}");
    wait_all(b, "#player-charts svg polyline", 1).await;
    // The chart has its axes: ratings on the left, today's date below.
    let today = js(b, "return new Date().toISOString().slice(0, 10);", vec![]).await;
    let dates = js(
        b,
        "return [...document.querySelectorAll('#player-charts .tick.date')].map(t => t.textContent);",
        vec![],
    )
    .await;
    assert!(dates.as_array().unwrap().contains(&today), "{dates}");
    let ratings = js(
        b,
        "return [...document.querySelectorAll('#player-charts .tick.rating')].map(t => Number(t.textContent));",
        vec![],
    )
    .await;
    let ratings: Vec<f64> = serde_json::from_value(ratings).unwrap();
    assert!(
        ratings.len() >= 2
            && ratings.iter().any(|r| *r <= 1500.0)
            && ratings.iter().any(|r| *r >= 1600.0),
        "{ratings:?}"
    );
    // His recent game with what it changed his rating by.
    says(b, "#player-games li", "chess").await;
    let change = text(b, "#player-games li .rating-diff.up").await;
    assert!(change.trim().starts_with('+'), "{change}");
    // The table whole at 400 pixels.
    viewport(b, 400, 800).await;
    let fits = js(
        b,
        "const r = document.querySelector('#player-perfs').getBoundingClientRect();          return r.width > 0 && r.left >= 0 && r.right <= document.documentElement.clientWidth;",
        vec![],
    )
    .await;
    assert_eq!(fits, json!(true), "the player's table at 400 pixels");
    viewport(b, 1280, 800).await;
    screenshot(b, "online-player").await;
    // The leaderboards: both ratings are still provisional, so nobody is
    // listed, and the page says so once.
    b.goto(&format!("{url}leaderboard")).await.unwrap();
    wait_all(b, "#leaders-empty", 1).await;
    says(b, "#leaders-empty", "Nobody is on a leaderboard yet").await;
    let lists = js(
        b,
        "return document.querySelectorAll('#leaders ol, #leaders h3').length;",
        vec![],
    )
    .await;
    assert_eq!(lists, json!(0), "an empty leaderboard listed");
}

/// Fair play on the page of a live rated game, on the player's move: no
/// analysis, evaluation or studies shown, the hint and analysis keys
/// refused, and the server refusing the engine for the position.
async fn no_engine_in_a_live_game(c: &Client) {
    let shown = js(
        c,
        "return ['#analysis-box', '#eval-bar', '#study-box', '#annotate', '#online-analysis', \
         '#legal-box', '#comment-text', '#delete-here', '#import']\
         .filter(s => document.querySelector(s).checkVisibility());",
        vec![],
    )
    .await;
    assert_eq!(shown, json!([]), "engine tools shown in a live game");
    shortcut(c, "h").await;
    wait_js(
        c,
        "the hint refused",
        "document.querySelector('#status').textContent.includes('no engine')",
    )
    .await;
    shortcut(c, "a").await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(text(c, "#eval-lines").await, "", "an analysis ran");
    let answer = js(
        c,
        "return fetch('/api/best', {method: 'POST', headers: {'content-type': 'application/json'}, \
         body: JSON.stringify({variant: game.variant.name, position: game.state.position, think_ms: 50})})\
         .then(r => r.status);",
        vec![],
    )
    .await;
    assert_eq!(answer, json!(403), "the server gave the engine's move");
}

/// Ratings in Duck Chess as if from thirty earlier games: settled (out of
/// the provisional range) and active, so that the leaderboard lists them.
async fn settled_duck_ratings(db: &str, ratings: &[(&str, f64)]) {
    let store = duckchess::store::Store::open(db).await.unwrap();
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as i64;
    for (name, rating) in ratings {
        sqlx::query(
            "INSERT INTO ratings (player_id, perf, rating, deviation, volatility, games, wins, draws, losses, last_ms) \
             SELECT id, 'duck', $1, 60.0, 0.06, 30, 14, 2, 14, $2 FROM players WHERE name = $3",
        )
        .bind(rating)
        .bind(now)
        .bind(*name)
        .execute(store.pool())
        .await
        .unwrap();
    }
}

/// Both post quick pairing in the same pool and find themselves in one
/// rated game; a third page sees the seek in the lobby meanwhile. They
/// play, and one resigns by the button; the rating changes, the players'
/// pages (ratings, won / drawn / lost, the chart, the game among the
/// recent ones) and the leaderboard's order follow.
async fn quick_pairing(a: &Client, b: &Client, url: &str, db: &str) {
    settled_duck_ratings(db, &[("Anna", 1620.0), ("Boris", 1580.0)]).await;
    for c in [a, b] {
        c.goto(url).await.unwrap();
        wait_all(c, "#lobby-pools button", 4).await;
        select(c, "#online-variant", "duck").await;
        // Rated, for two accounts.
        if !js(
            c,
            "return document.querySelector('#online-rated').checked;",
            vec![],
        )
        .await
        .as_bool()
        .unwrap()
        {
            click(c, "#online-rated").await;
        }
    }
    click(a, "#lobby-pools button[data-pool='3+2']").await;
    wait_js(
        a,
        "Anna waiting",
        "!document.querySelector('#lobby-waiting').hidden",
    )
    .await;
    // Boris's lobby lists Anna's seek live.
    wait_js(
        b,
        "the seek listed",
        "document.querySelector('#lobby-seeks').textContent.includes('Anna')",
    )
    .await;
    screenshot(a, "online-home").await;
    click(b, "#lobby-pools button[data-pool='3+2']").await;
    for c in [a, b] {
        wait_js(
            c,
            "the paired game",
            "location.pathname.startsWith('/game/')",
        )
        .await;
        at_ply(c, "duck", 0).await;
    }
    let (pa, pb) = (
        js(a, "return location.pathname;", vec![]).await,
        js(b, "return location.pathname;", vec![]).await,
    );
    assert_eq!(pa, pb, "both in one game");
    wait_js(
        a,
        "a rated duck game of Anna and Boris",
        "document.querySelector('#online-seat-0').textContent.includes('Boris') || document.querySelector('#online-seat-1').textContent.includes('Boris')",
    )
    .await;
    // A move each, then Anna resigns by the button.
    for ply in 0..2 {
        let mover = if to_move(a).await { a } else { b };
        play_first(mover, "duck", ply).await;
    }
    for c in [a, b] {
        at_ply(c, "duck", 2).await;
    }
    shown(a, "#online-resign", true).await;
    click(a, "#online-resign").await;
    a.accept_alert().await.unwrap();
    for c in [a, b] {
        wait_js(
            c,
            "the result",
            "!document.querySelector('#online-result').hidden",
        )
        .await;
        wait_js(
            c,
            "rating changes beside both",
            "/[+-]\\d+/.test(document.querySelector('#online-seat-0 .who').textContent) && \
             /[+-]\\d+/.test(document.querySelector('#online-seat-1 .who').textContent)",
        )
        .await;
    }
    // The changes shown, read from Anna's page: `Anna (1620) -N`.
    let change = |who: String, name: &str| -> (f64, i64) {
        seat_rating(&who, name).unwrap_or_else(|| panic!("no rating change in `{who}`"))
    };
    let seats = [
        text(a, "#online-seat-0 .who").await,
        text(a, "#online-seat-1 .who").await,
    ];
    let (anna_before, anna_diff) = change(
        seats.iter().find(|s| s.contains("Anna")).unwrap().clone(),
        "Anna",
    );
    let (boris_before, boris_diff) = change(
        seats.iter().find(|s| s.contains("Boris")).unwrap().clone(),
        "Boris",
    );
    assert_eq!((anna_before, boris_before), (1620.0, 1580.0));
    assert!(anna_diff < 0 && boris_diff > 0, "{seats:?}");
    // Boris's page: two rated perfs (blitz chess and Duck Chess), Duck
    // Chess's after this win, with its counts; two charts; the game.
    b.goto(&format!("{url}@/Boris")).await.unwrap();
    wait_all(b, "#player-perfs tbody tr", 2).await;
    wait_all(b, "#player-charts svg", 2).await;
    let rows = text(b, "#player-perfs tbody").await;
    let duck: Vec<&str> = rows
        .lines()
        .find(|l| l.starts_with("duck"))
        .unwrap_or_else(|| panic!("no Duck Chess row in `{rows}`"))
        .split_whitespace()
        .collect();
    let boris_now = 1580 + boris_diff;
    // game, rating, games, won, drawn, lost
    assert_eq!(
        duck,
        ["duck", &boris_now.to_string(), "31", "15", "2", "14"]
    );
    wait_all(b, "#player-games li", 2).await;
    says(b, "#player-games", "Anna").await;
    // The leaderboard: both settled and active, the better first, with
    // the ratings their pages give.
    b.goto(&format!("{url}leaderboard")).await.unwrap();
    wait_all(b, "#leaders h3", 1).await;
    // Duck Chess's alone: the others named once, as empty.
    let lists = js(
        b,
        "return document.querySelectorAll('#leaders ol').length;",
        vec![],
    )
    .await;
    assert_eq!(lists, json!(1), "only Duck Chess has settled players");
    says(b, "#leaders-empty", "Nobody is on the leaderboard yet in").await;
    let board = text(b, "#leaders").await;
    let (first, second) = if 1620 + anna_diff >= boris_now {
        (
            format!("Anna {}", 1620 + anna_diff),
            format!("Boris {boris_now}"),
        )
    } else {
        (
            format!("Boris {boris_now}"),
            format!("Anna {}", 1620 + anna_diff),
        )
    };
    let (i, j) = (board.find(&first), board.find(&second));
    assert!(
        i.is_some() && j.is_some() && i < j,
        "`{first}` then `{second}` on the leaderboard: `{board}`"
    );
}

/// The rating a seat shows before its game and the change after it, from
/// `Name (1620) -8` (provisional ratings carry a `?`).
fn seat_rating(who: &str, name: &str) -> Option<(f64, i64)> {
    let rest = &who[who.find(&format!("{name} ("))? + name.len() + 2..];
    let close = rest.find(')')?;
    let before: f64 = rest[..close].trim_end_matches('?').parse().ok()?;
    let diff = rest[close + 1..].split_whitespace().next()?;
    Some((before, diff.trim_start_matches('+').parse().ok()?))
}
