// The rotatable 3D views (issue 28), on top of app.js, which calls
// renderView3d after drawing the flat boards: so both views show one
// position, one selection, one last move, always in step.
//
// A board of three axes (the cube's n×n×n) is drawn as a cube of cells; a
// board of four (Fourfold's 4×4×2×2) as a tesseract: each w's 4×4×2 block
// is a cube, both the same size in 4D, and a perspective along w (4D to
// 3D) draws w = 0 as the inner, smaller cube and w = 1 as the outer; then
// a perspective 3D to 2D. Which view is chosen comes from the cells'
// coordinates (how many axes), never from the game's name.
//
// Drag, or the arrow keys with the view focused, turn it; Home turns it
// back. A click on a piece picks it up and a click on one of its targets
// plays it, through onCell as on the flat boards.
"use strict";

const V3D_YAW = -30; // the starting turn about the vertical, degrees
const V3D_PITCH = 25; // and the tilt: looking a little from above
const V3D_STEP = 15; // degrees an arrow key turns
const V3D_KEY = "duckchess-view3d";
const V3D_D3 = 5; // the eye's distance in 3D, in half-cubes
const V3D_D4 = 3; // and along w: the inner cube drawn half the outer
const SVG_NS = "http://www.w3.org/2000/svg";

const view3d = {
  yaw: V3D_YAW,
  pitch: V3D_PITCH,
  press: null, // {x, y, yaw, pitch, id, turning}: a press that may become a drag
  dragged: false, // a drag just ended: its click is no move
  frame: 0, // the drawing asked for the next frame, while dragging
  attacks: { position: null, squares: new Map() }, // checked square -> its attackers
};

function view3dShown() {
  const st = game.state;
  if (!st || !st.board.cells.length) return false;
  const axes = (st.board.cells[0].coords || []).length;
  return axes === 3 || axes === 4;
}

// Each axis centred on 0 and spanning -1 to 1 at the cells' outer edges,
// so that each block is a cube whatever its axes' sizes.
function v3dAxis(c, size) {
  return ((c - (size - 1) / 2) / size) * 2;
}

// A point of the board (its coordinates, in board units -1..1 per axis)
// after the rotation: [x, y, depth, scale]. x is across, y up, depth away
// from the eye; scale is how much nearer things grow (w and 3D together).
function v3dProject(p) {
  const [bx, by, bz, bw] = p;
  // 4D to 3D: the cube at w = 1 (bw = 1) full size, at w = -1 smaller.
  const f4 = bw === undefined ? 1 : (V3D_D4 - 1) / (V3D_D4 - bw);
  // The board's x across, its y (the ranks) away from the eye, its z (the
  // levels) up: rank 1 nearest, as on the flat boards.
  let [x, y, z] = [bx * f4, bz * f4, by * f4];
  const flip = game.state && game.state.board.flipped ? 180 : 0;
  const yaw = ((view3d.yaw + flip) * Math.PI) / 180;
  const pitch = (view3d.pitch * Math.PI) / 180;
  [x, z] = [x * Math.cos(yaw) + z * Math.sin(yaw), -x * Math.sin(yaw) + z * Math.cos(yaw)];
  [y, z] = [y * Math.cos(pitch) + z * Math.sin(pitch), -y * Math.sin(pitch) + z * Math.cos(pitch)];
  const s = V3D_D3 / (V3D_D3 + z);
  return [x * s, y * s, z, s * f4];
}

// The squares attacking each checked royal piece, asked once a position;
// an answer for a position no longer shown is dropped.
async function v3dAttacks(st) {
  const a = view3d.attacks;
  if (a.position === st.position) return;
  const position = st.position;
  const squares = new Map();
  a.position = position;
  a.squares = squares;
  for (const square of st.checked) {
    try {
      const res = await api("/api/attacks", request({ square }));
      if (a.position !== position || !game.state || game.state.position !== position) return;
      squares.set(square, res.attackers);
    } catch (e) {
      return; // the lines are extra: the flat board tells the check
    }
  }
  if (st.checked.length) renderView3d();
}

function v3dEl(name, attrs, parent) {
  const el = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  if (parent) parent.appendChild(el);
  return el;
}

// The drawing's side in pixels: the flat boards' width, within reason,
// never wider than the screen.
function v3dSize() {
  const narrow = window.innerWidth < 900;
  const room = narrow ? document.documentElement.clientWidth - 28 : window.innerWidth - 420;
  const boards = $("board").offsetWidth || 360;
  return Math.max(160, Math.floor(Math.min(560, Math.max(boards, 320), room)));
}

function renderView3d() {
  const box = $("view3d-box");
  if (!box) return;
  const shown = view3dShown();
  box.hidden = !shown;
  const holder = $("view3d");
  const on = $("view3d-on").checked;
  holder.hidden = !on;
  if (!shown || !on) {
    holder.innerHTML = "";
    return;
  }
  const st = game.state;
  v3dAttacks(st);
  const cells = st.board.cells;
  const axes = cells[0].coords.length;
  const sizes = [];
  for (let a = 0; a < axes; a++) sizes.push(Math.max(...cells.map((c) => c.coords[a])) + 1);
  const size = v3dSize();
  const half = size / 2;
  // Scaled so that the outer cube's corners stay in the picture however
  // it is turned: they are at most √3 from the centre, and a sphere of
  // radius r seen from d looks r·d/√(d² − r²) wide.
  const r = Math.sqrt(3);
  const k = (half * 0.96) / ((r * V3D_D3) / Math.sqrt(V3D_D3 * V3D_D3 - r * r));
  const place = (p) => {
    const [x, y, depth, s] = v3dProject(p);
    return { x: half + x * k, y: half - y * k, depth, s };
  };
  const at = new Map();
  for (const c of cells) {
    // w picks the cube: its two values are the two cubes, at w = ±1.
    const p = c.coords.map((v, a) => (a === 3 ? (sizes[3] > 1 ? (v / (sizes[3] - 1)) * 2 - 1 : 0) : v3dAxis(v, sizes[a])));
    at.set(c.square, Object.assign(place(p), { cell: c }));
  }
  const cellR = 0.32 * Math.min(...sizes.slice(0, 3).map((n) => 2 / n)) * k;

  let svg = holder.querySelector("svg");
  if (!svg) {
    svg = v3dEl("svg", { role: "img" }, holder);
  }
  svg.innerHTML = "";
  svg.setAttribute("viewBox", `0 0 ${size} ${size}`);
  svg.setAttribute("width", size);
  svg.setAttribute("height", size);
  svg.setAttribute("class", axes === 4 ? "tesseract" : "cube3d");
  svg.setAttribute("aria-label", axes === 4 ? "the board as a tesseract" : "the board as a cube");
  // For tests and tools: the angles shown, and the board's axes.
  svg.dataset.rotation = `${Math.round(view3d.yaw)},${Math.round(view3d.pitch)}`;
  svg.dataset.axes = axes;
  svg.dataset.cells = cells.length;

  // The frame: each block's cube, and for the tesseract the edges joining
  // the two cubes' corners.
  const frame = v3dEl("g", { class: "frame" }, svg);
  const ws = axes === 4 ? [-1, 1] : [undefined];
  const corner = (i, w) => {
    const p = [i & 1 ? 1 : -1, i & 2 ? 1 : -1, i & 4 ? 1 : -1];
    if (w !== undefined) p.push(w);
    return place(p);
  };
  const edge = (a, b, cls) => v3dEl("line", { x1: a.x, y1: a.y, x2: b.x, y2: b.y, class: cls }, frame);
  for (const w of ws) {
    for (let i = 0; i < 8; i++) {
      for (const bit of [1, 2, 4]) {
        if (!(i & bit)) edge(corner(i, w), corner(i | bit, w), "edge");
      }
    }
  }
  if (axes === 4) for (let i = 0; i < 8; i++) edge(corner(i, -1), corner(i, 1), "edge w");

  const selectedMoves = game.selected === null ? [] : movesFrom(game.selected);
  const targets = new Set(selectedMoves.map((m) => m.to));
  const movable = new Set(computersTurn() ? [] : st.moves.map((m) => m.from));
  const last = st.last;
  const attackers = new Set();
  for (const [king, list] of view3d.attacks.squares) {
    const own = at.get(king) && at.get(king).cell.piece;
    for (const x of list) if (!own || x.side !== own.color) attackers.add(x.square);
  }
  // Far first, so that nearer cells are drawn over farther ones; the dots
  // of plain empty cells all below the pieces and marked cells (a dot
  // never hides a piece behind it), and they take no clicks.
  const order = [...at.values()].sort((a, b) => b.depth - a.depth);
  const dots = v3dEl("g", { class: "cells dots" }, svg);
  const layer = v3dEl("g", { class: "cells" }, svg);
  // A piece at least this big whatever the view's size (the inner cube's
  // pieces at 400 pixels).
  const minFont = 13;
  for (const p of order) {
    const c = p.cell;
    const cls = ["cell3d"];
    if (c.piece) cls.push("occupied");
    if (targets.has(c.square)) cls.push("target");
    if (movable.has(c.square)) cls.push("movable");
    if (game.selected === c.square) cls.push("selected");
    if (last && (last.from === c.square || last.to === c.square)) cls.push("last");
    if (st.checked.includes(c.square)) cls.push("check");
    if (attackers.has(c.square)) cls.push("attacker");
    // An empty cell with no mark is a dot, to leave the pieces in view.
    const marked = cls.length > 1;
    if (c.coords.length === 4) cls.push(c.coords[3] ? "w1" : "w0");
    const g = v3dEl("g", { class: cls.join(" ") }, marked || c.piece ? layer : dots);
    g.dataset.square = c.square;
    g.dataset.name = c.name;
    const rad = cellR * p.s;
    v3dEl("circle", { cx: p.x, cy: p.y, r: marked ? rad : rad * 0.4 }, g);
    if (c.piece) {
      const font = Math.max(rad * 1.75, minFont);
      const attrs = { x: p.x, y: p.y, "font-size": font, class: `piece ${c.piece.color}` };
      // White figurines filled white under their outline, as on the boards.
      if (FILLED[c.piece.glyph]) v3dEl("text", Object.assign({}, attrs, { class: "fill" }), g).textContent = FILLED[c.piece.glyph];
      const t = v3dEl("text", attrs, g);
      t.textContent = c.piece.glyph;
      t.dataset.letter = c.piece.letter;
    }
    const title = v3dEl("title", {}, g);
    title.textContent = c.name + (c.piece ? ` ${c.piece.color} ${c.piece.name}` : "");
  }
  // On top: the last move, and a line from each attacker to its king.
  const over = v3dEl("g", { class: "over" }, svg);
  if (last && at.has(last.from) && at.has(last.to)) {
    const [a, b] = [at.get(last.from), at.get(last.to)];
    const l = v3dEl("line", { x1: a.x, y1: a.y, x2: b.x, y2: b.y, class: "last-move" }, over);
    l.dataset.from = last.from;
    l.dataset.to = last.to;
  }
  for (const [king, list] of view3d.attacks.squares) {
    const b = at.get(king);
    if (!b) continue;
    for (const x of list) {
      if (!attackers.has(x.square) || !at.has(x.square)) continue;
      const a = at.get(x.square);
      const l = v3dEl("line", { x1: a.x, y1: a.y, x2: b.x, y2: b.y, class: "attack" }, over);
      l.dataset.from = x.square;
      l.dataset.to = king;
    }
  }
}

// Turns the view to these angles: drawn at once for a key, at the next
// frame for a drag (a pointer moves more often than the screen is drawn,
// and the cube at n = 10 has a thousand cells).
function v3dTurn(yaw, pitch, later) {
  view3d.yaw = ((((yaw + 180) % 360) + 360) % 360) - 180;
  view3d.pitch = Math.max(-90, Math.min(90, pitch));
  if (!later) {
    renderView3d();
    return;
  }
  if (view3d.frame) return;
  view3d.frame = requestAnimationFrame(() => {
    view3d.frame = 0;
    renderView3d();
  });
}

function onView3dKey(e) {
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  const turns = {
    ArrowLeft: [-V3D_STEP, 0],
    ArrowRight: [V3D_STEP, 0],
    ArrowUp: [0, V3D_STEP],
    ArrowDown: [0, -V3D_STEP],
  };
  const t = turns[e.key];
  if (!t && e.key !== "Home") return;
  // The view's keys, not the page's (← → would step through the moves).
  e.preventDefault();
  e.stopPropagation();
  if (t) v3dTurn(view3d.yaw + t[0], view3d.pitch + t[1]);
  else v3dTurn(V3D_YAW, V3D_PITCH);
}

function view3dInit() {
  const holder = $("view3d");
  const on = $("view3d-on");
  on.checked = localStorage.getItem(V3D_KEY) !== "off";
  on.addEventListener("change", () => {
    localStorage.setItem(V3D_KEY, on.checked ? "on" : "off");
    renderView3d();
  });
  holder.addEventListener("keydown", onView3dKey);
  // A press that moves more than a few pixels turns the view; one that
  // does not is a click on a cell.
  holder.addEventListener("pointerdown", (e) => {
    if (e.button !== 0) return;
    view3d.press = { x: e.clientX, y: e.clientY, yaw: view3d.yaw, pitch: view3d.pitch, id: e.pointerId, turning: false };
    view3d.dragged = false;
  });
  holder.addEventListener("pointermove", (e) => {
    const p = view3d.press;
    if (!p || p.id !== e.pointerId) return;
    const [dx, dy] = [e.clientX - p.x, e.clientY - p.y];
    if (!p.turning && Math.hypot(dx, dy) < 5) return;
    if (!p.turning) {
      p.turning = true;
      holder.setPointerCapture(e.pointerId);
    }
    v3dTurn(p.yaw + dx * 0.5, p.pitch + dy * 0.5, true);
  });
  const end = (e) => {
    const p = view3d.press;
    if (!p || p.id !== e.pointerId) return;
    view3d.dragged = p.turning;
    view3d.press = null;
  };
  holder.addEventListener("pointerup", end);
  holder.addEventListener("pointercancel", end);
  holder.addEventListener("click", (e) => {
    if (view3d.dragged) {
      view3d.dragged = false;
      return;
    }
    const g = e.target.closest && e.target.closest("[data-square]");
    if (g) onCell(parseInt(g.dataset.square, 10));
  });
}

view3dInit();
