//! The page in a real browser: starts `duckchess serve --port 0`, drives
//! headless Chromium through chromedriver (WebDriver, with fantoccini), and
//! plays a move by clicks in every variant the registry lists, one by keys
//! (in Fourfold when the registry has it, and in chess), checking the board
//! and the move list in the DOM. With `DUCKCHESS_SCREENSHOTS=1` it saves
//! the README's screenshots under `docs/screenshots/`.
//!
//! Needs the Debian packages `chromium` and `chromium-driver` (`.ci/run`
//! installs them); without them it says what it skipped (see `system`).

use fantoccini::key::Key;
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{json, Map};
use std::io::{BufRead, BufReader};
use std::net::{TcpListener, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

mod system;

/// Kills a child process when the test ends, passed or not.
struct Reaper(Child);

impl Drop for Reaper {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn start_server() -> (Reaper, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_duckchess"))
        .args(["serve", "--port", "0"])
        .stdout(Stdio::piped())
        .spawn()
        .expect("duckchess serve starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let url = line
        .split_whitespace()
        .find(|w| w.starts_with("http://127.0.0.1:"))
        .unwrap_or_else(|| panic!("no URL in `{line}`"))
        .to_owned();
    (Reaper(child), url)
}

fn start_chromedriver() -> (Reaper, u16) {
    let port = TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let child = Command::new("chromedriver")
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromedriver runs (Debian package chromium-driver)");
    let reaper = Reaper(child);
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

async fn browser(port: u16) -> Client {
    let mut caps = Map::new();
    let mut chrome = json!({
        "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,860"]
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

/// The elements matching `css` once there are at least `n`.
async fn wait_all(c: &Client, css: &str, n: usize) -> Vec<fantoccini::elements::Element> {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let found = c.find_all(Locator::Css(css)).await.unwrap();
        if found.len() >= n {
            return found;
        }
        if Instant::now() > deadline {
            let status = c
                .find(Locator::Css("#status"))
                .await
                .unwrap()
                .text()
                .await
                .unwrap();
            panic!("no {n} of `{css}` after 10 s; the page says `{status}`");
        }
        tokio::time::sleep(Duration::from_millis(30)).await;
    }
}

async fn attr(e: &fantoccini::elements::Element, name: &str) -> String {
    e.attr(name).await.unwrap().unwrap_or_default()
}

async fn num(e: &fantoccini::elements::Element, name: &str) -> i64 {
    attr(e, name).await.parse().unwrap()
}

async fn open(c: &Client, url: &str, variant: &str) {
    c.goto(&format!("{url}?variant={variant}")).await.unwrap();
    wait_all(
        c,
        &format!("#board[data-variant='{variant}'][data-plies='0'] .cell"),
        1,
    )
    .await;
}

/// Checks the move just played: the move list has it, the target holds
/// the piece that left the start square.
async fn check_played(c: &Client, variant: &str, from: &str, to: &str, glyph: &str, ply: usize) {
    let shown = format!("#board[data-variant='{variant}'][data-plies='{ply}']");
    wait_all(c, &shown, 1).await;
    let items = wait_all(c, "#moves li", ply).await;
    assert_eq!(items.len(), ply, "{variant}: {ply} moves in the list");
    let notation = items[ply - 1].text().await.unwrap();
    assert!(!notation.trim().is_empty(), "{variant}: empty notation");
    let target = c
        .find(Locator::Css(&format!(".cell[data-square='{to}']")))
        .await
        .unwrap();
    assert_eq!(
        target.text().await.unwrap(),
        glyph,
        "{variant}: the piece is on its target"
    );
    assert!(
        attr(&target, "class").await.contains("last"),
        "{variant}: the last move is marked"
    );
    let start = c
        .find(Locator::Css(&format!(".cell[data-square='{from}']")))
        .await
        .unwrap();
    assert_eq!(
        start.text().await.unwrap(),
        "",
        "{variant}: the start square is empty"
    );
    println!("{variant}: played {notation} by clicks");
}

/// Clicks a movable piece, checks its targets are highlighted, clicks one.
async fn play_by_clicks(c: &Client, variant: &str) {
    play_by_clicks_from(c, variant, 1).await;
}

/// [`play_by_clicks`], the move being ply `ply` of the game.
async fn play_by_clicks_from(c: &Client, variant: &str, ply: usize) {
    let movable = wait_all(c, ".cell.movable", 1).await;
    let from = attr(&movable[0], "data-square").await;
    let glyph = movable[0].text().await.unwrap();
    movable[0].click().await.unwrap();
    let targets = wait_all(c, ".cell.target", 1).await;
    let to = attr(targets.last().unwrap(), "data-square").await;
    targets.last().unwrap().click().await.unwrap();
    check_played(c, variant, &from, &to, &glyph, ply).await;
}

/// Plays by keys only: Tab to a movable piece, Enter, arrows (Alt+arrows
/// between boards) to a target, Space.
async fn play_by_keys(c: &Client, variant: &str) {
    let board = c.find(Locator::Css("#board")).await.unwrap();
    board.click().await.unwrap(); // focus, on a gap or cell; nothing selected yet
    let esc = Key::Escape.to_string();
    board.send_keys(&esc).await.unwrap();
    let tab = Key::Tab.to_string();
    board.send_keys(&tab).await.unwrap();
    let cursor = wait_all(c, ".cell.cursor.movable", 1).await.remove(0);
    let from = attr(&cursor, "data-square").await;
    let glyph = cursor.text().await.unwrap();
    let enter = Key::Enter.to_string();
    c.find(Locator::Css("#board"))
        .await
        .unwrap()
        .send_keys(&enter)
        .await
        .unwrap();
    let targets = wait_all(c, ".cell.target", 1).await;
    // The farthest target, so that a board with several boards is crossed.
    let (mut goal, mut best) = (None, -1);
    for t in &targets {
        let (r, col) = (num(t, "data-row").await, num(t, "data-col").await);
        let cur = c.find(Locator::Css(".cell.cursor")).await.unwrap();
        let d = (r - num(&cur, "data-row").await).abs() + (col - num(&cur, "data-col").await).abs();
        if d > best {
            best = d;
            goal = Some((attr(t, "data-square").await, r, col));
        }
    }
    let (to, gr, gc) = goal.unwrap();
    let b = c.find(Locator::Css("#board")).await.unwrap();
    let (w, h) = (
        num(&b, "data-board-w").await + 1,
        num(&b, "data-board-h").await + 1,
    );
    let cur = c.find(Locator::Css(".cell.cursor")).await.unwrap();
    let (cr, cc) = (num(&cur, "data-row").await, num(&cur, "data-col").await);
    let mut keys = String::new();
    let push = |keys: &mut String, key: Key, n: i64, alt: bool| {
        for _ in 0..n {
            if alt {
                keys.push(Key::Alt.into());
                keys.push(key.into());
                keys.push(Key::Null.into());
            } else {
                keys.push(key.into());
            }
        }
    };
    let (dbr, dbc) = (gr / h - cr / h, gc / w - cc / w);
    push(
        &mut keys,
        if dbr > 0 { Key::Down } else { Key::Up },
        dbr.abs(),
        true,
    );
    push(
        &mut keys,
        if dbc > 0 { Key::Right } else { Key::Left },
        dbc.abs(),
        true,
    );
    let (dr, dc) = (gr % h - cr % h, gc % w - cc % w);
    push(
        &mut keys,
        if dr > 0 { Key::Down } else { Key::Up },
        dr.abs(),
        false,
    );
    push(
        &mut keys,
        if dc > 0 { Key::Right } else { Key::Left },
        dc.abs(),
        false,
    );
    b.send_keys(&keys).await.unwrap();
    let at = wait_all(c, &format!(".cell.cursor[data-square='{to}']"), 1).await;
    assert!(attr(&at[0], "class").await.contains("target"));
    c.find(Locator::Css("#board"))
        .await
        .unwrap()
        .send_keys(" ")
        .await
        .unwrap();
    check_played(c, variant, &from, &to, &glyph, 1).await;
    println!(
        "{variant}: the move above was played by keys ({} board jumps)",
        dbr.abs() + dbc.abs()
    );
}

async fn cell(c: &Client, name: &str) -> fantoccini::elements::Element {
    c.find(Locator::Css(&format!(".cell[data-name='{name}']")))
        .await
        .unwrap()
}

async fn click(c: &Client, css: &str) {
    c.find(Locator::Css(css))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
}

async fn import(c: &Client, text: &str) {
    let area = c.find(Locator::Css("#position-text")).await.unwrap();
    area.clear().await.unwrap();
    area.send_keys(text).await.unwrap();
    click(c, "#import").await;
}

async fn status(c: &Client) -> String {
    c.find(Locator::Css("#status"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap()
}

/// Import, promotion, the end of a game, the computer, undo and redo.
async fn chess_page_features(c: &Client, url: &str) {
    // A promotion asks for the piece.
    open(c, url, "chess").await;
    import(c, "8/P6k/8/8/8/8/8/K7 w - - 0 1").await;
    wait_all(c, ".cell[data-name='a7'].movable", 1).await;
    cell(c, "a7").await.click().await.unwrap();
    cell(c, "a8").await.click().await.unwrap();
    let choices = wait_all(c, "#promotion[open] button", 4).await;
    assert_eq!(choices.len(), 4);
    click(c, "#promotion button[data-promotion='n']").await;
    wait_all(c, "#board[data-plies='1']", 1).await;
    assert_eq!(cell(c, "a8").await.text().await.unwrap(), "♘");

    // A mated position says so and marks the king.
    import(
        c,
        "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
    )
    .await;
    wait_all(c, ".cell[data-name='e1'].check", 1).await;
    let s = status(c).await;
    assert!(s.contains("Game over") && s.contains("checkmate"), "{s}");
    screenshot(c, "chess-mate").await;

    // Against the computer: it answers; undo takes both moves back, redo
    // plays the player's again and the computer answers.
    open(c, url, "chess").await;
    c.find(Locator::Css("#opponent"))
        .await
        .unwrap()
        .select_by_value("computer")
        .await
        .unwrap();
    c.find(Locator::Css("#think"))
        .await
        .unwrap()
        .clear()
        .await
        .unwrap();
    c.find(Locator::Css("#think"))
        .await
        .unwrap()
        .send_keys("100")
        .await
        .unwrap();
    cell(c, "e2").await.click().await.unwrap();
    cell(c, "e4").await.click().await.unwrap();
    wait_all(c, "#board[data-plies='2']", 1).await;
    assert_eq!(
        c.find_all(Locator::Css("#moves li")).await.unwrap().len(),
        2
    );
    click(c, "#undo").await;
    wait_all(c, "#board[data-plies='0']", 1).await;
    click(c, "#redo").await;
    // The player's move again, and the computer answers it.
    wait_all(c, "#board[data-plies='2']", 1).await;
    assert_eq!(cell(c, "e4").await.text().await.unwrap(), "♙");
    println!("chess: promotion, mate, the computer, undo and redo work");
}

/// Drag to move, a hint, and the judge input of the game played.
async fn duck_page_features(c: &Client, url: &str) {
    use fantoccini::actions::{InputSource, MouseActions, PointerAction, MOUSE_BUTTON_LEFT};
    open(c, url, "duck").await;
    // Red's soldier at (3,0) is dragged to (4,0).
    let (from, to) = (cell(c, "(3,0)").await, cell(c, "(4,0)").await);
    let drag = MouseActions::new("mouse".into())
        .then(PointerAction::MoveToElement {
            element: from,
            duration: None,
            x: 0,
            y: 0,
        })
        .then(PointerAction::Down {
            button: MOUSE_BUTTON_LEFT,
        })
        .then(PointerAction::MoveToElement {
            element: to,
            duration: Some(Duration::from_millis(100)),
            x: 0,
            y: 0,
        })
        .then(PointerAction::Up {
            button: MOUSE_BUTTON_LEFT,
        });
    c.perform_actions(drag).await.unwrap();
    wait_all(c, "#board[data-plies='1']", 1).await;
    assert_eq!(cell(c, "(4,0)").await.text().await.unwrap(), "兵");
    // The next click still works after a drag.
    play_by_clicks_from(c, "duck", 2).await;
    // A hint marks its move's two squares.
    click(c, "#hint").await;
    wait_all(c, ".cell.hint", 2).await;
    assert!(status(c).await.starts_with("Hint: "));
    // The game as a judge input, judged: two valid moves.
    click(c, "#judge-from-game").await;
    let input = c
        .find(Locator::Css("#judge-input"))
        .await
        .unwrap()
        .prop("value")
        .await
        .unwrap()
        .unwrap();
    assert_eq!(input.lines().next(), Some("2"), "{input}");
    click(c, "#judge-run").await;
    let lines = wait_all(c, "#judge-output li", 2).await;
    for l in lines {
        assert_ne!(l.text().await.unwrap(), "Invalid command");
    }
    println!("duck: drag, hint and the game's judge input work");
}

/// Takes a screenshot (it must be a PNG); with `DUCKCHESS_SCREENSHOTS=1`
/// it is saved as the README's, so a plain test run leaves the tree as it
/// was.
async fn screenshot(c: &Client, name: &str) {
    let png = c.screenshot().await.unwrap();
    assert!(png.starts_with(b"\x89PNG"));
    if std::env::var_os("DUCKCHESS_SCREENSHOTS").is_none() {
        return;
    }
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/screenshots");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join(format!("{name}.png")), png).unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_variant_plays_in_a_real_browser() {
    if !system::have(
        &[("chromedriver", "chromium-driver"), ("chromium", "chromium")],
        "the page in a real browser (every variant by clicks and keys, drag, promotion, import, the judge and cube boxes)",
    ) {
        return;
    }
    let started = Instant::now();
    let (_server, url) = start_server();
    let (_driver, port) = start_chromedriver();
    let c = browser(port).await;
    let variants: Vec<String> = {
        open(&c, &url, "duck").await;
        let options = c.find_all(Locator::Css("#variant option")).await.unwrap();
        let mut names = Vec::new();
        for o in options {
            names.push(attr(&o, "value").await);
        }
        names
    };
    assert_eq!(variants[0], "duck");
    for name in duckchess::variants::names() {
        assert!(variants.iter().any(|v| v == name), "{name} is not offered");
    }
    for v in &variants {
        open(&c, &url, v).await;
        play_by_clicks(&c, v).await;
        screenshot(&c, v).await;
    }
    duck_page_features(&c, &url).await;

    // Duck Chess: an invalid command in the judge box shows its reason.
    open(&c, &url, "duck").await;
    let input = c.find(Locator::Css("#judge-input")).await.unwrap();
    input.send_keys("2\n0 3 1 2\n0 0 0 0\n").await.unwrap();
    c.find(Locator::Css("#judge-run"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    let lines = wait_all(&c, "#judge-output li", 2).await;
    assert_eq!(lines[0].text().await.unwrap(), "red guard;NA;no;no");
    let invalid = lines[1].text().await.unwrap();
    assert!(invalid.starts_with("Invalid command"), "{invalid}");
    assert!(invalid.contains("blue's turn"), "{invalid}");
    screenshot(&c, "duck-judge").await;

    // The cube puzzle: an imported case is answered with its reasons.
    open(&c, &url, "cube").await;
    import(&c, "n = 2, [rq,##],[##,K#]").await;
    wait_all(&c, ".cell.check", 1).await;
    click(&c, "#mate-run").await;
    let reasons = wait_all(&c, "#mate-explanation li", 1).await;
    let answer = c.find(Locator::Css("#mate-answer")).await.unwrap();
    assert_eq!(answer.text().await.unwrap(), "true: checkmate");
    assert!(!reasons[0].text().await.unwrap().is_empty());
    screenshot(&c, "cube-mate").await;

    open(&c, &url, "chess").await;
    play_by_keys(&c, "chess").await;
    chess_page_features(&c, &url).await;
    if variants.iter().any(|v| v == "fourfold") {
        open(&c, &url, "fourfold").await;
        play_by_keys(&c, "fourfold").await;
        screenshot(&c, "fourfold").await;
    } else {
        println!("fourfold is not in this build's registry: its keyboard move is not played");
    }
    c.close().await.unwrap();
    println!("browser test took {:?}", started.elapsed());
}
