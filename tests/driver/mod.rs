//! WebDriver helpers shared by the browser tests: the server and
//! chromedriver started and reaped, a headless Chromium session, and
//! waiting, reading, clicking and typing on the page.
// Each test binary (`rules`, `commands`, `server`) uses the part it needs.
#![allow(dead_code)]

use super::common::{self, Reaper};
use super::system;
use fantoccini::elements::Element;
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{json, Map, Value};
use std::net::{TcpListener, TcpStream};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// `duckchess serve` on a free port, and the page's URL.
/// The server, with the games of `samples/variants.ini` registered beside
/// the built-in ones, as a user's `--variants` file would be.
pub fn start_server() -> (Reaper, String) {
    let dir = tempfile::tempdir().unwrap().keep();
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/samples/variants.ini");
    let (server, addr) = common::serve_on(
        &format!("sqlite://{}/db.sqlite", dir.display()),
        &["--variants", file],
    );
    (server, format!("http://{addr}/"))
}

/// chromedriver and the browsers it started, in a process group of their
/// own: killed together when dropped. Killing chromedriver alone left
/// its Chromium running (a page's timers spinning) after every test run.
pub struct DriverGroup(Reaper);

impl DriverGroup {
    /// chromedriver's process id.
    pub fn id(&self) -> u32 {
        self.0.id()
    }
}

impl Drop for DriverGroup {
    fn drop(&mut self) {
        let _ = Command::new("kill")
            .args(["-KILL", "--", &format!("-{}", self.0.id())])
            .stderr(Stdio::null())
            .status();
    }
}

pub fn start_chromedriver() -> (DriverGroup, u16) {
    use std::os::unix::process::CommandExt;
    let port = TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let child = Command::new("chromedriver")
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .process_group(0)
        .spawn()
        .expect("chromedriver runs (Debian package chromium-driver)");
    let reaper = DriverGroup(Reaper(child));
    let deadline = Instant::now() + Duration::from_secs(10);
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(
            Instant::now() < deadline,
            "chromedriver did not listen on {port}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    (reaper, port)
}

pub async fn browser(port: u16) -> Client {
    let mut caps = Map::new();
    let mut chrome = json!({
        "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--window-size=1280,800", "--hide-scrollbars"]
    });
    if let Some(chromium) = system::find("chromium") {
        chrome["binary"] = json!(chromium);
    }
    caps.insert("goog:chromeOptions".into(), chrome);
    ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
        .capabilities(caps)
        .connect(&format!("http://127.0.0.1:{port}"))
        .await
        .expect("a WebDriver session")
}

/// Sizes the window so that the page gets exactly `width` × `height`.
pub async fn viewport(c: &Client, width: u32, height: u32) {
    c.set_window_size(width, height).await.unwrap();
    let inner = js(c, "return [window.innerWidth, window.innerHeight];", vec![]).await;
    let (w, h) = (
        inner[0].as_u64().unwrap() as u32,
        inner[1].as_u64().unwrap() as u32,
    );
    c.set_window_size(2 * width - w, 2 * height - h)
        .await
        .unwrap();
}

/// How long a page may take to show what a test waits for: generous, as a
/// debug server and several browsers share two loaded cores in CI (8 s was
/// once too short there while every step took well under a second alone).
const WAIT: Duration = Duration::from_secs(20);

/// Runs `script` in the page (its `arguments` are `args`) and returns its
/// value.
pub async fn js(c: &Client, script: &str, args: Vec<Value>) -> Value {
    c.execute(script, args)
        .await
        .unwrap_or_else(|e| panic!("script failed: {e}\n{script}"))
}

/// The elements matching `css` once there are at least `n`.
pub async fn wait_all(c: &Client, css: &str, n: usize) -> Vec<Element> {
    let deadline = Instant::now() + WAIT;
    loop {
        let found = c.find_all(Locator::Css(css)).await.unwrap();
        if found.len() >= n {
            return found;
        }
        if Instant::now() > deadline {
            panic!(
                "no {n} of `{css}` after {WAIT:?}; the page says `{}`",
                diagnose(c).await
            );
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
}

/// Waits until `script` (a JavaScript expression) is true.
pub async fn wait_js(c: &Client, what: &str, expression: &str) {
    let deadline = Instant::now() + WAIT;
    let script = format!("return !!({expression});");
    loop {
        if js(c, &script, vec![]).await == json!(true) {
            return;
        }
        if Instant::now() > deadline {
            panic!(
                "{what}: `{expression}` is not true after {WAIT:?}; the page says `{}`",
                diagnose(c).await
            );
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
}

pub async fn attr(e: &Element, name: &str) -> String {
    e.attr(name).await.unwrap().unwrap_or_default()
}

pub async fn num(e: &Element, name: &str) -> i64 {
    attr(e, name).await.parse().unwrap()
}

pub async fn text(c: &Client, css: &str) -> String {
    c.find(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("no `{css}`: {e}"))
        .text()
        .await
        .unwrap()
}

pub async fn value(c: &Client, css: &str) -> String {
    c.find(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("no `{css}`: {e}"))
        .prop("value")
        .await
        .unwrap()
        .unwrap_or_default()
}

pub async fn status(c: &Client) -> String {
    let said = match c.find(Locator::Css("#status")).await {
        Ok(s) => s.text().await.unwrap_or_default(),
        Err(_) => "(no #status)".into(),
    };
    said
}

/// The status line and what the page holds besides, for a failure's
/// message: to tell a lost click from an answer that never came.
pub async fn diagnose(c: &Client) -> String {
    let said = status(c).await;
    // What the page holds besides, to tell a lost click from a slow answer.
    let held = c
        .execute(
            "const b = document.querySelector('#board'); \
             return JSON.stringify({url: location.href, \
               board: b && Object.assign({}, b.dataset), \
               flipped: typeof game === 'object' ? game.flipped : null, \
               gen: typeof game === 'object' ? game.gen : null, \
               ply: typeof game === 'object' && game.cur ? game.cur.ply : null, \
               opponent: (document.querySelector('#opponent') || {}).value, \
               active: document.activeElement && document.activeElement.id, \
               now: Math.round(performance.now()), \
               requests: performance.getEntriesByType('resource').slice(-8) \
                 .map(e => [e.name.replace(location.origin, ''), Math.round(e.startTime), Math.round(e.duration)])});",
            vec![],
        )
        .await
        .map(|v| v.as_str().unwrap_or_default().to_string())
        .unwrap_or_else(|e| format!("(no state: {e})"));
    format!("{said}; page state {held}")
}

pub async fn open(c: &Client, url: &str, variant: &str) {
    c.goto(&format!("{url}?variant={variant}")).await.unwrap();
    wait_all(
        c,
        &format!("#board[data-variant='{variant}'][data-plies='0'] .cell"),
        1,
    )
    .await;
}

/// Waits for the board to show ply `ply` of `variant`.
pub async fn at_ply(c: &Client, variant: &str, ply: usize) {
    wait_all(
        c,
        &format!("#board[data-variant='{variant}'][data-plies='{ply}']"),
        1,
    )
    .await;
}

pub async fn cell(c: &Client, name: &str) -> Element {
    c.find(Locator::Css(&format!(".cell[data-name='{name}']")))
        .await
        .unwrap_or_else(|e| panic!("no cell {name}: {e}"))
}

/// Clicks the element `css` names; an element redrawn between finding
/// and clicking, or covered for a moment while a live page lays itself
/// out again, is found again.
pub async fn click(c: &Client, css: &str) {
    for attempt in 0.. {
        let e = c
            .find(Locator::Css(css))
            .await
            .unwrap_or_else(|e| panic!("no `{css}` to click: {e}"));
        match e.click().await {
            Ok(_) => return,
            Err(fantoccini::error::CmdError::Standard(w))
                if matches!(
                    w.error,
                    fantoccini::error::ErrorStatus::StaleElementReference
                        | fantoccini::error::ErrorStatus::ElementClickIntercepted
                ) && attempt < 40 =>
            {
                tokio::time::sleep(Duration::from_millis(25)).await;
            }
            Err(e) => panic!("clicking `{css}`: {e}"),
        }
    }
}

pub async fn select(c: &Client, css: &str, value: &str) {
    c.find(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("no `{css}`: {e}"))
        .select_by_value(value)
        .await
        .unwrap();
}

pub async fn fill(c: &Client, css: &str, text: &str) {
    let area = c.find(Locator::Css(css)).await.unwrap();
    area.clear().await.unwrap();
    if !text.is_empty() {
        area.send_keys(text).await.unwrap();
    }
}

pub async fn import(c: &Client, text: &str) {
    fill(c, "#position-text", text).await;
    click(c, "#import").await;
}

/// Sends keys to whatever has the focus.
pub async fn keys(c: &Client, keys: &str) {
    let focused = c.active_element().await.unwrap();
    focused.send_keys(keys).await.unwrap();
}

/// Presses a shortcut key with the focus on no control (a select would
/// take the key itself).
pub async fn shortcut(c: &Client, key: &str) {
    js(c, "document.activeElement.blur();", vec![]).await;
    keys(c, key).await;
}

/// Plays the legal move `notation`: from the list of possible moves, or,
/// in a game being played (whose page lists none, as lichess's), by
/// clicking its two squares on the board, as a player does (and its piece
/// in the promotion dialog, if it promotes).
pub async fn play_listed(c: &Client, notation: &str) {
    play_by(c, "notation", notation).await;
}

/// Plays the legal move whose coordinates are `coord`, as
/// [`play_listed`] does.
pub async fn play_coord(c: &Client, coord: &str) {
    play_by(c, "coord", coord).await;
}

async fn play_by(c: &Client, key: &str, notation: &str) {
    let before: i64 = num(&wait_all(c, "#board", 1).await[0], "data-plies").await;
    let listed = js(
        c,
        "return getComputedStyle(document.getElementById('legal-box')).display !== 'none';",
        vec![],
    )
    .await
    .as_bool()
    .unwrap_or(true);
    let quoted = serde_json::Value::from(notation).to_string();
    if listed {
        let css = format!("#legal button[data-{key}={quoted}]");
        wait_all(c, &css, 1).await;
        click(c, &css).await;
    } else {
        let find = format!("game.state.moves.find((m) => m.{key} === {quoted})");
        wait_js(
            c,
            &format!("the move {notation} is legal"),
            &format!("game.state && {find}"),
        )
        .await;
        let squares = js(
            c,
            &format!("const m = {find}; return [m.from, m.to, m.notation];"),
            vec![],
        )
        .await;
        let [from, to] = [0, 1].map(|i| squares[i].as_i64().unwrap());
        let played = format!("Number(document.querySelector('#board').dataset.plies) > {before}");
        // A page that reads its game again between the two clicks (a
        // reconnect) drops the piece picked up: the move is made again.
        'again: for attempt in 0..5 {
            for _ in 0..40 {
                click(c, &format!("#board .cell[data-square='{from}']")).await;
                let held = js(c, &format!("return game.selected === {from};"), vec![]).await;
                if held.as_bool() == Some(true) {
                    break;
                }
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            click(c, &format!("#board .cell[data-square='{to}']")).await;
            let promotes = js(
                c,
                "return !!document.querySelector('#promotion[open]');",
                vec![],
            )
            .await;
            if promotes.as_bool() == Some(true) {
                let named = squares[2].to_string();
                click(c, &format!("#promotion-choices button[title={named}]")).await;
            }
            let deadline = Instant::now() + Duration::from_secs(3);
            while Instant::now() < deadline {
                if js(c, &format!("return {played};"), vec![]).await.as_bool() == Some(true) {
                    break 'again;
                }
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            eprintln!("the move {notation} was not made on attempt {attempt}: again");
        }
    }
    wait_js(
        c,
        &format!("the move {notation} is played"),
        &format!(
            // At least: an opponent (the computer) may answer before
            // the page is looked at again.
            "Number(document.querySelector('#board').dataset.plies) >= {}",
            before + 1
        ),
    )
    .await;
}

/// Takes a screenshot (it must be a PNG); with `DUCKCHESS_SCREENSHOTS=1`
/// it is saved for `docs/web.md`, so a plain test run leaves the tree as
/// it was.
pub async fn screenshot(c: &Client, name: &str) {
    let png = c.screenshot().await.unwrap();
    assert!(png.starts_with(b"\x89PNG"));
    if std::env::var_os("DUCKCHESS_SCREENSHOTS").is_none() {
        return;
    }
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/screenshots");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join(format!("{name}.png")), png).unwrap();
}
