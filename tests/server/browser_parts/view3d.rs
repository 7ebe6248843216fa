//! The rotatable 3D views (issue 28): Fourfold drawn as a tesseract and
//! the cube as a cube, beside the flat boards, played in either and kept
//! in step, turned by keys and by dragging.

use crate::driver::*;
use fantoccini::actions::{InputSource, MouseActions, PointerAction, MOUSE_BUTTON_LEFT};
use fantoccini::key::Key;
use fantoccini::{Client, Locator};
use serde_json::{json, Value};

/// The squares of the 3D cells matching `css` (within `#view3d`) that a
/// click at their centre reaches: no nearer cell drawn over them.
async fn reachable(c: &Client, css: &str) -> Vec<u64> {
    let v = js(
        c,
        r#"document.querySelector('#view3d').scrollIntoView({block: 'center'});
           const out = [];
           for (const g of document.querySelectorAll('#view3d ' + arguments[0])) {
             // WebDriver clicks at the centre rounded down; a margin
             // round it, for a cell just covered there.
             const r = g.getBoundingClientRect();
             const [x, y] = [Math.floor(r.left + r.width / 2), Math.floor(r.top + r.height / 2)];
             const clear = [[0, 0], [-2, 0], [2, 0], [0, -2], [0, 2]].every(([dx, dy]) => {
               const hit = document.elementFromPoint(x + dx, y + dy);
               return hit && hit.closest('.cell3d') === g;
             });
             if (clear) out.push(+g.dataset.square);
           }
           return out;"#,
        vec![json!(css)],
    )
    .await;
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap())
        .collect()
}

/// The rotation the 3D view shows, `yaw,pitch` in degrees.
async fn rotation(c: &Client) -> String {
    attr(&wait_all(c, "#view3d svg", 1).await[0], "data-rotation").await
}

/// Presses keys with the 3D view focused.
async fn turn(c: &Client, keys_pressed: &str) {
    js(c, "document.querySelector('#view3d').focus();", vec![]).await;
    keys(c, keys_pressed).await;
}

/// A cell matching `css` that a click reaches, turning the view a step at
/// a time until one is (a nearer cell may hide it).
async fn pick(c: &Client, css: &str) -> u64 {
    for _ in 0..24 {
        wait_all(c, &format!("#view3d {css}"), 1).await;
        if let Some(&sq) = reachable(c, css).await.first() {
            return sq;
        }
        turn(c, &Key::Right.to_string()).await;
    }
    panic!("no `{css}` in the 3D view that a click reaches");
}

/// The glyph on `square` as the 3D view draws it ("" for none).
async fn glyph3d(c: &Client, square: u64) -> String {
    js(
        c,
        "const t = document.querySelector(`#view3d .cell3d[data-square='${arguments[0]}'] text.piece`); return t ? t.textContent : '';",
        vec![json!(square)],
    )
    .await
    .as_str()
    .unwrap()
    .to_string()
}

/// The glyph on `square` on the flat boards.
async fn glyph2d(c: &Client, square: u64) -> String {
    text(c, &format!("#board .cell[data-square='{square}']")).await
}

/// The squares of the 3D cells carrying `class`, in order.
async fn marked3d(c: &Client, class: &str) -> Vec<u64> {
    let v = js(
        c,
        &format!("return [...document.querySelectorAll('#view3d .cell3d.{class}')].map((g) => +g.dataset.square).sort((a, b) => a - b);"),
        vec![],
    )
    .await;
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap())
        .collect()
}

/// Plays a move by two clicks in the 3D view: a piece, then one of its
/// targets; checks the flat boards show it picked up, then played.
async fn play_in_3d(c: &Client, variant: &str, ply: usize) -> (u64, u64) {
    let from = pick(c, ".cell3d.movable").await;
    click(c, &format!("#view3d .cell3d[data-square='{from}']")).await;
    // One selection for both views.
    wait_all(
        c,
        &format!("#board .cell.selected[data-square='{from}']"),
        1,
    )
    .await;
    wait_all(
        c,
        &format!("#view3d .cell3d.selected[data-square='{from}']"),
        1,
    )
    .await;
    let flat_targets = js(
        c,
        "return [...document.querySelectorAll('#board .cell.target')].map((d) => +d.dataset.square).sort((a, b) => a - b);",
        vec![],
    )
    .await;
    assert_eq!(
        json!(marked3d(c, "target").await),
        flat_targets,
        "{variant}: the 3D view's targets are the boards'"
    );
    let glyph = glyph3d(c, from).await;
    assert!(!glyph.is_empty());
    let to = pick(c, ".cell3d.target").await;
    click(c, &format!("#view3d .cell3d[data-square='{to}']")).await;
    at_ply(c, variant, ply).await;
    // The flat boards: the piece moved, the move listed.
    wait_all(c, "#moves .move", ply).await;
    assert_eq!(glyph2d(c, to).await, glyph, "{variant}: on the boards");
    assert_eq!(glyph2d(c, from).await, "", "{variant}: left on the boards");
    // And the 3D view drawn again with it.
    assert_eq!(glyph3d(c, to).await, glyph, "{variant}: in 3D");
    assert_eq!(glyph3d(c, from).await, "", "{variant}: left in 3D");
    let mut last = vec![from, to];
    last.sort();
    assert_eq!(marked3d(c, "last").await, last);
    (from, to)
}

/// The shortest line from the start of `name` to a check, in coordinates.
fn a_line_to_check(name: &str) -> Vec<String> {
    let notation = duckchess::variants::by_name(name).unwrap();
    let mut frontier = vec![(notation.start(), Vec::<String>::new())];
    for _ in 0..4 {
        let mut next = Vec::new();
        for (pos, line) in &frontier {
            for m in pos.legal_moves() {
                let mut after = pos.clone_box();
                let mut line = line.clone();
                line.push(notation.coordinate_move(&**pos, m));
                after.play(m).unwrap();
                if after.is_check() && after.outcome().is_none() {
                    return line;
                }
                next.push((after, line));
            }
        }
        frontier = next;
    }
    panic!("{name}: no check within four plies");
}

/// Fourfold as a tesseract: a move played in it shows on the flat boards,
/// one played on the boards shows in it; arrow keys and a drag turn it,
/// Home turns it back, neither stepping through the moves; a check draws
/// a line from each attacker to the king, as the kernel counts them.
pub async fn fourfold_as_a_tesseract(c: Client, url: String) {
    open(&c, &url, "fourfold").await;
    js(&c, "localStorage.removeItem('duckchess-view3d');", vec![]).await;
    let svg = wait_all(&c, "#view3d svg[data-axes='4']", 1).await;
    assert_eq!(attr(&svg[0], "class").await, "tesseract");
    assert_eq!(wait_all(&c, "#view3d .cell3d", 64).await.len(), 64);
    // The two cubes: w = 0 inside, drawn smaller than w = 1.
    let sizes = js(
        &c,
        r#"const r = (w) => [...document.querySelectorAll(`#view3d .cell3d.${w} circle`)].map((e) => e.getBoundingClientRect());
           const span = (rs) => Math.max(...rs.map((b) => b.right)) - Math.min(...rs.map((b) => b.left));
           return [r('w0').length, r('w1').length, span(r('w0')) < span(r('w1')) * 0.75];"#,
        vec![],
    )
    .await;
    assert_eq!(sizes, json!([32, 32, true]), "the inner cube is w = 0");
    // No dot of an empty cell over a piece (c2[1,0]'s pawn was hidden so):
    // at the centre of each piece, its own cell or a nearer piece's.
    let covered = js(
        &c,
        r#"document.querySelector('#view3d').scrollIntoView({block: 'center'});
           const bad = [];
           for (const g of document.querySelectorAll('#view3d .cell3d.occupied')) {
             const r = g.querySelector('text.piece').getBoundingClientRect();
             const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
             const cell = hit && hit.closest('.cell3d');
             if (!cell || !cell.classList.contains('occupied')) bad.push(g.dataset.name);
           }
           return bad;"#,
        vec![],
    )
    .await;
    assert_eq!(covered, json!([]), "pieces under empty cells' dots");
    let start = rotation(&c).await;
    // A move in the tesseract, on the boards.
    play_in_3d(&c, "fourfold", 1).await;
    // A move on the boards, in the tesseract.
    let movable = wait_all(&c, "#board .cell.movable", 1).await;
    let from = num(&movable[0], "data-square").await as u64;
    let glyph = movable[0].text().await.unwrap();
    click(&c, &format!("#board .cell[data-square='{from}']")).await;
    wait_all(
        &c,
        &format!("#view3d .cell3d.selected[data-square='{from}']"),
        1,
    )
    .await;
    let target = wait_all(&c, "#board .cell.target", 1).await;
    let to = num(&target[0], "data-square").await as u64;
    click(&c, &format!("#board .cell[data-square='{to}']")).await;
    at_ply(&c, "fourfold", 2).await;
    wait_js(
        &c,
        "the tesseract shows the boards' move",
        &format!(
            "document.querySelector(`#view3d line.last-move[data-from='{from}'][data-to='{to}']`)"
        ),
    )
    .await;
    assert_eq!(glyph3d(&c, to).await, glyph);
    assert_eq!(glyph3d(&c, from).await, "");
    // Turning: the arrows, with the view focused, turn it and do not step
    // back through the moves; Home turns it back, not to the first move.
    turn(&c, &Key::Home.to_string()).await;
    let home = rotation(&c).await;
    assert_eq!(home, start, "Home: the starting angles");
    turn(&c, &Key::Right.to_string()).await;
    let right = rotation(&c).await;
    assert_ne!(right, home, "→ turns it");
    turn(&c, &Key::Up.to_string()).await;
    let up = rotation(&c).await;
    assert_ne!(up, right, "↑ tilts it");
    turn(&c, &Key::Left.to_string()).await;
    turn(&c, &Key::Left.to_string()).await;
    assert_ne!(rotation(&c).await, up, "← turns it back");
    at_ply(&c, "fourfold", 2).await;
    turn(&c, &Key::Home.to_string()).await;
    assert_eq!(rotation(&c).await, home, "Home turns it back");
    at_ply(&c, "fourfold", 2).await;
    // A drag turns it too, and plays nothing.
    let svg = wait_all(&c, "#view3d svg", 1).await.remove(0);
    let drag = MouseActions::new("mouse".into())
        .then(PointerAction::MoveToElement {
            element: svg,
            duration: None,
            x: 0,
            y: 0,
        })
        .then(PointerAction::Down {
            button: MOUSE_BUTTON_LEFT,
        })
        .then(PointerAction::MoveBy {
            duration: Some(std::time::Duration::from_millis(100)),
            x: 60,
            y: 20,
        })
        .then(PointerAction::Up {
            button: MOUSE_BUTTON_LEFT,
        });
    c.perform_actions(drag).await.unwrap();
    c.release_actions().await.unwrap();
    wait_js(
        &c,
        "a drag turns it",
        &format!("document.querySelector('#view3d svg').dataset.rotation !== '{home}'"),
    )
    .await;
    at_ply(&c, "fourfold", 2).await;
    turn(&c, &Key::Home.to_string()).await;
    // A check: a line from each attacker to the king.
    let line = a_line_to_check("fourfold");
    import(&c, &format!("start moves {}", line.join(" "))).await;
    at_ply(&c, "fourfold", line.len()).await;
    let notation = duckchess::variants::by_name("fourfold").unwrap();
    let mut pos = notation.start();
    for m in &line {
        let mv = notation.read_move(&*pos, m).unwrap();
        pos.play(mv).unwrap();
    }
    let king = pos.royal_square(pos.turn()).unwrap() as u64;
    let mut want: Vec<u64> = pos
        .attackers_of(king as usize, !pos.turn())
        .into_iter()
        .map(|s| s as u64)
        .collect();
    want.sort();
    wait_all(&c, "#view3d line.attack", want.len()).await;
    let lines = js(
        &c,
        "return [...document.querySelectorAll('#view3d line.attack')].map((l) => [+l.dataset.from, +l.dataset.to]).sort((a, b) => a[0] - b[0]);",
        vec![],
    )
    .await;
    let expected: Vec<Value> = want.iter().map(|&a| json!([a, king])).collect();
    assert_eq!(lines, json!(expected), "the attackers' lines");
    assert_eq!(marked3d(&c, "check").await, [king]);
    assert_eq!(marked3d(&c, "attacker").await, want);
    // For the screenshot: a piece picked up, its targets shown.
    let from = pick(&c, ".cell3d.movable").await;
    click(&c, &format!("#view3d .cell3d[data-square='{from}']")).await;
    wait_all(&c, "#view3d .cell3d.target", 1).await;
    screenshot(&c, "fourfold-tesseract").await;
    println!(
        "fourfold: played in the tesseract and on the boards; turned; check by {want:?} on {king}"
    );
}

/// The cube in 3D: n³ cells (n = 4, then an imported n = 8), a move
/// played in it; only boards of three or four axes have the view, and the
/// box to hide it is remembered; at 400 px nothing is wider than the
/// screen.
pub async fn the_cube_in_3d(c: Client, url: String) {
    open(&c, &url, "cube").await;
    js(&c, "localStorage.removeItem('duckchess-view3d');", vec![]).await;
    wait_all(&c, "#view3d svg[data-axes='3']", 1).await;
    assert_eq!(wait_all(&c, "#view3d .cell3d", 64).await.len(), 64);
    play_in_3d(&c, "cube", 1).await;
    play_in_3d(&c, "cube", 2).await;
    assert_eq!(
        text(&c, "#moves")
            .await
            .split_whitespace()
            .filter(|w| !w.ends_with('.'))
            .count(),
        2
    );
    let from = pick(&c, ".cell3d.movable").await;
    click(&c, &format!("#view3d .cell3d[data-square='{from}']")).await;
    wait_all(&c, "#view3d .cell3d.target", 1).await;
    screenshot(&c, "cube-3d").await;
    // n = 8: 512 cells.
    let level = |k: usize| {
        let rows: Vec<&str> = (0..8)
            .map(|r| {
                if k == 7 && r == 7 {
                    "#######K"
                } else {
                    "########"
                }
            })
            .collect();
        format!("[{}]", rows.join(","))
    };
    let levels: Vec<String> = (0..8).map(level).collect();
    import(&c, &format!("n = 8, {}", levels.join(","))).await;
    wait_all(&c, "#view3d svg[data-cells='512']", 1).await;
    assert_eq!(
        c.find_all(Locator::Css("#view3d .cell3d"))
            .await
            .unwrap()
            .len(),
        512
    );
    // Chess has two axes: no 3D view.
    open(&c, &url, "chess").await;
    wait_js(
        &c,
        "chess has no 3D view",
        "document.querySelector('#view3d-box').hidden && !document.querySelector('#view3d svg')",
    )
    .await;
    // The box hides the view, and stays so after a reload.
    open(&c, &url, "cube").await;
    click(&c, "#view3d-on").await;
    wait_js(
        &c,
        "the view hidden",
        "document.querySelector('#view3d').hidden",
    )
    .await;
    open(&c, &url, "cube").await;
    wait_js(
        &c,
        "still hidden after a reload",
        "!document.querySelector('#view3d-on').checked && document.querySelector('#view3d').hidden",
    )
    .await;
    click(&c, "#view3d-on").await;
    wait_all(&c, "#view3d .cell3d", 64).await;
    // At 400 px the page is no wider than the screen.
    viewport(&c, 400, 800).await;
    for v in ["fourfold", "cube"] {
        open(&c, &url, v).await;
        wait_all(&c, "#view3d .cell3d", 64).await;
        let fit = js(
            &c,
            r#"const s = document.querySelector('#view3d svg').getBoundingClientRect();
               return {inner: window.innerWidth, scroll: document.documentElement.scrollWidth,
                       left: s.left, right: s.right, width: s.width};"#,
            vec![],
        )
        .await;
        let w = fit["inner"].as_f64().unwrap();
        assert!(
            fit["scroll"].as_f64().unwrap() <= w,
            "{v}: the page is wider than the screen: {fit}"
        );
        assert!(
            fit["left"].as_f64().unwrap() >= 0.0 && fit["right"].as_f64().unwrap() <= w,
            "{v}: the 3D view is cut off: {fit}"
        );
        assert!(
            fit["width"].as_f64().unwrap() >= 200.0,
            "{v}: too small: {fit}"
        );
        // Every piece readable there, the inner cube's too (11 px before).
        let smallest = js(
            &c,
            "return Math.min(...[...document.querySelectorAll('#view3d text.piece')]\
               .map(t => parseFloat(t.getAttribute('font-size')) * t.ownerSVGElement.getBoundingClientRect().width \
                 / t.ownerSVGElement.viewBox.baseVal.width));",
            vec![],
        )
        .await;
        assert!(
            smallest.as_f64().unwrap() >= 12.9,
            "{v}: a piece {smallest} px high at 400 px"
        );
    }
    viewport(&c, 1280, 800).await;
    println!("the cube in 3D: n³ cells, played, hidden and shown; 400 px fits");
}
