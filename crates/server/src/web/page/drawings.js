// duckchess: arrows and circles drawn on the board, as on lichess. With
// the right button (when "right button" says so): a click on a square
// circles it, a drag from one square to another draws an arrow; the same
// again takes it away. The colour: green, red with Shift, blue with Alt
// (or Ctrl), yellow with both. Each move of the tree keeps its own
// drawings, written where the tree is written (the record, the browser's
// storage, the address) as PGN's `[%csl Gd4]` and `[%cal Ge2e4]` in the
// move's comment, and read back from there. The engine's best moves
// (from the analysis shown) are drawn as arrows too.
// Loaded after app.js, which calls drawShapes after drawing the board.
"use strict";

const drawing = {
  from: null, // the square the right button went down on
};

const BRUSHES = ["G", "R", "B", "Y"];
const SHAPE_TAG = /\[%(csl|cal)\s+([^\]]*)\]/g;

function brushOf(e) {
  const alt = e.altKey || e.ctrlKey || e.metaKey;
  if (e.shiftKey && alt) return "Y";
  if (e.shiftKey) return "R";
  if (alt) return "B";
  return "G";
}

function rightButtonDraws() {
  return $("right-button").value === "draw";
}

// Adds a shape to the move on the board, or takes it away when it is
// there in the same colour (another colour is replaced).
function toggleShape(from, to, brush) {
  const node = game.cur;
  if (!node) return;
  const shapes = node.shapes || [];
  const same = shapes.findIndex((s) => s.from === from && s.to === to);
  if (same >= 0 && shapes[same].brush === brush) shapes.splice(same, 1);
  else if (same >= 0) shapes[same].brush = brush;
  else shapes.push({ from, to, brush });
  node.shapes = shapes;
  drawShapes();
  treeChanged();
}

// ---- as PGN writes them ----

// Square names of the game on the board (each game names its squares in
// its own way; the names are the same in every position of a game).
function squareNames() {
  const byName = new Map();
  const bySquare = new Map();
  for (const c of (game.state && game.state.board.cells) || []) {
    byName.set(c.name, c.square);
    bySquare.set(c.square, c.name);
  }
  return { byName, bySquare };
}

// A node's drawings as PGN comment commands; "" for none.
function shapesText(node) {
  const shapes = node.shapes || [];
  if (!shapes.length) return "";
  const { bySquare } = squareNames();
  const name = (sq) => bySquare.get(sq);
  const circles = shapes.filter((s) => s.from === s.to && name(s.from));
  const arrows = shapes.filter((s) => s.from !== s.to && name(s.from) && name(s.to));
  let out = "";
  if (circles.length) out += `[%csl ${circles.map((s) => s.brush + name(s.from)).join(",")}]`;
  if (arrows.length) out += `[%cal ${arrows.map((s) => s.brush + name(s.from) + name(s.to)).join(",")}]`;
  return out;
}

// The comment as written: the reader's words, then the drawings.
function fullComment(node) {
  const text = [node.comment, shapesText(node)].filter(Boolean).join(" ");
  return text || null;
}

// Reads one command's list (`Ge2e4,Rd7d5`): each a colour then one square
// name (circles) or two (arrows), the longest names first, since a game's
// names may run into each other; null when any item is not one.
function readShapeList(kind, list, byName) {
  const names = [...byName.keys()].sort((a, b) => b.length - a.length);
  const shapes = [];
  let i = 0;
  const nameAt = (at) => names.find((n) => list.startsWith(n, at));
  while (i < list.length) {
    const brush = list[i];
    if (!BRUSHES.includes(brush)) return null;
    const a = nameAt(i + 1);
    if (!a) return null;
    i += 1 + a.length;
    let b = a;
    if (kind === "cal") {
      b = nameAt(i);
      if (!b) return null;
      i += b.length;
    }
    shapes.push({ from: byName.get(a), to: byName.get(b), brush });
    if (i < list.length) {
      if (list[i] !== ",") return null;
      i++;
    }
  }
  return shapes;
}

// Takes the drawings out of every comment of the tree (after a record was
// read or a kept tree restored); answers whether any was found.
function shapesFromComments() {
  const { byName } = squareNames();
  if (!byName.size) return false;
  let found = false;
  for (const node of game.nodes.values()) {
    if (!node.comment || !node.comment.includes("[%c")) continue;
    const shapes = node.shapes ? node.shapes.slice() : [];
    const rest = node.comment.replace(SHAPE_TAG, (whole, kind, list) => {
      const read = readShapeList(kind, list.replace(/\s+/g, ""), byName);
      if (!read) return whole; // not ours to read: kept as written
      for (const s of read) {
        if (!shapes.some((t) => t.from === s.from && t.to === s.to)) shapes.push(s);
      }
      found = true;
      return "";
    });
    node.shapes = shapes;
    node.comment = rest.replace(/\s+/g, " ").trim() || null;
  }
  return found;
}

// ---- drawn ----

// The cells' centres as drawn (game.view), in pixels from the grid's
// first cell.
function centreOf(square) {
  const c = game.view && game.view.cells.find((x) => x.square === square);
  if (!c) return null;
  const size = game.view.size;
  return [(c.col + 0.5) * size, (c.row + 0.5) * size];
}

// The engine's moves to draw: each line's first move while the analysis
// shown is of the position on the board.
function engineArrows() {
  const shown = typeof analysis !== "undefined" ? analysis.shown : null;
  if (!shown || shown.node !== game.cur) return [];
  return shown.moves;
}

function drawShapes() {
  const board = $("board");
  const old = board.querySelector("svg.shapes");
  if (old) old.remove();
  const v = game.view;
  if (!v || !game.cur) return;
  const mine = game.cur.shapes || [];
  const engine = engineArrows();
  if (!mine.length && !engine.length) return;
  const ns = "http://www.w3.org/2000/svg";
  const size = v.size;
  const top = v.labels.length ? 1 : 0;
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("class", "shapes");
  svg.setAttribute("width", v.cols * size);
  svg.setAttribute("height", v.rows * size);
  svg.setAttribute("aria-hidden", "true");
  svg.style.gridColumn = `2 / span ${v.cols}`;
  svg.style.gridRow = `${1 + top} / span ${v.rows}`;
  const defs = document.createElementNS(ns, "defs");
  for (const brush of [...BRUSHES, "E"]) {
    const m = document.createElementNS(ns, "marker");
    m.setAttribute("id", `arrowhead-${brush}`);
    m.setAttribute("orient", "auto");
    m.setAttribute("markerWidth", "4");
    m.setAttribute("markerHeight", "4");
    m.setAttribute("refX", "2.05");
    m.setAttribute("refY", "2");
    m.setAttribute("class", `brush-${brush}`);
    const p = document.createElementNS(ns, "path");
    p.setAttribute("d", "M0,0 V4 L3,2 Z");
    m.appendChild(p);
    defs.appendChild(m);
  }
  svg.appendChild(defs);
  const arrow = (s, cls, brush, width) => {
    const [a, b] = [centreOf(s.from), centreOf(s.to)];
    if (!a || !b) return;
    // Stop short of the centre, so that the head ends inside the square.
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    const cut = Math.min(len / 2, size * 0.3);
    const end = [b[0] - ((b[0] - a[0]) * cut) / len, b[1] - ((b[1] - a[1]) * cut) / len];
    const l = document.createElementNS(ns, "line");
    l.setAttribute("x1", a[0]);
    l.setAttribute("y1", a[1]);
    l.setAttribute("x2", end[0]);
    l.setAttribute("y2", end[1]);
    l.setAttribute("stroke-width", width);
    l.setAttribute("marker-end", `url(#arrowhead-${brush})`);
    l.setAttribute("class", `${cls} brush-${brush}`);
    l.dataset.from = s.from;
    l.dataset.to = s.to;
    l.dataset.brush = brush;
    svg.appendChild(l);
  };
  engine.forEach((m, i) => arrow(m, "engine", "E", size * (i === 0 ? 0.16 : 0.09)));
  for (const s of mine) {
    if (s.from === s.to) {
      const c = centreOf(s.from);
      if (!c) continue;
      const e = document.createElementNS(ns, "circle");
      e.setAttribute("cx", c[0]);
      e.setAttribute("cy", c[1]);
      e.setAttribute("r", size * 0.44);
      e.setAttribute("stroke-width", size * 0.07);
      e.setAttribute("class", `circle brush-${s.brush}`);
      e.dataset.square = s.from;
      e.dataset.brush = s.brush;
      svg.appendChild(e);
    } else {
      arrow(s, "arrow", s.brush, size * 0.16);
    }
  }
  board.appendChild(svg);
}

// ---- the right button ----

function drawingsInit() {
  const box = $("right-button");
  box.value = localStorage.getItem("duckchess-right-button") === "attacks" ? "attacks" : "draw";
  box.addEventListener("change", () => localStorage.setItem("duckchess-right-button", box.value));
  const board = $("board");
  board.addEventListener("pointerdown", (e) => {
    if (e.button !== 2 || !rightButtonDraws()) return;
    drawing.from = squareAt(e.target);
  });
  document.addEventListener("pointerup", (e) => {
    if (e.button !== 2 || drawing.from === null) return;
    const from = drawing.from;
    drawing.from = null;
    const under = document.elementFromPoint(e.clientX, e.clientY);
    const to = squareAt(under);
    if (to === null) return;
    toggleShape(from, to, brushOf(e));
  });
}

drawingsInit();
