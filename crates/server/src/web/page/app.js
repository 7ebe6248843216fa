// The duckchess page: an analysis board for every game of the registry. It
// draws whatever board the API describes and plays through it. The server
// is stateless, so the page keeps the game: the position it started from
// and a tree of moves (each node one move, its first child the main line,
// the others variations); a request's history is the path to the current
// node.
"use strict";

const $ = (id) => document.getElementById(id);
// The smallest cell worth tapping; boards side by side wrap below it.
const MIN_CELL = 28;
const MAX_CELL = 88;

const game = {
  variants: [],
  variant: null, // the VariantInfo in play
  start: null, // the position text the moves start from
  root: null, // the start's node; every node: {id, parent, children, ply, coord, notation, comment, nags, next, claimed}
  cur: null, // the node on the board
  nodes: new Map(), // id -> node, for the move list's buttons
  nextId: 0,
  startSide: 0, // the index in variant.sides of the side to move at the root
  state: null, // the API's State at cur
  flipped: false,
  selected: null, // the square picked up
  walling: null, // a walling game's moves to the target chosen, while the wall's square is
  wallingBoard: null, // the board after the piece's move meanwhile (walling.js)
  cursor: null, // the keyboard cursor's square
  keyboard: false, // whether the cursor is shown (after a key, until a click)
  hint: null, // {from, to}
  gen: 0, // bumped by every change of position: an answer for an older one is dropped
  studies: [],
  study: null, // the study loaded, while its game is on the board
  imported: [], // the games of the last import, to pick from
  tags: [], // an imported record's tags, written again in the record
  view: null, // the board as drawn: display places, for keys
  mateFor: null, // the position the cube puzzle's answer shown is for
};

class ApiError extends Error {
  constructor(message, body) {
    super(message);
    this.body = body;
  }
}

async function api(path, body) {
  const init = body === undefined ? {} : {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  };
  const res = await fetch(path, init);
  const data = await res.json();
  if (!res.ok) throw new ApiError(data.error || res.statusText, data);
  return data;
}

// ---- the tree of moves ----

function newNode(parent, move) {
  const node = {
    id: game.nextId++,
    parent,
    children: [],
    ply: parent ? parent.ply + 1 : 0,
    coord: move ? move.coord : null,
    notation: move ? move.notation : null,
    comment: (move && move.comment) || null,
    nags: [], // PGN's NAGs: 1 to 6 are ! ? !! ?? !? ?! (tree.js)
    next: null, // the child last visited: where "forward" goes
    claimed: false,
  };
  game.nodes.set(node.id, node);
  if (parent) parent.children.push(node);
  return node;
}

function path(node) {
  const moves = [];
  for (let n = node; n.parent; n = n.parent) moves.push(n.coord);
  return moves.reverse();
}

// The side to move at a node, as an index into variant.sides.
function sideAt(node) {
  return (game.startSide + node.ply) % 2;
}

function forwardOf(node) {
  return node.next || node.children[0] || null;
}

function request(extra, node = game.cur) {
  return Object.assign(
    {
      variant: game.variant.name,
      position: game.start,
      history: path(node),
      claim: node.claimed,
      flip: game.flipped,
    },
    extra,
  );
}

// ---- the computer's side ----

function vsComputer() {
  return $("opponent").value === "computer";
}

function computerSide() {
  return game.variant.sides.indexOf($("computer-side").value);
}

function personSide() {
  return 1 - computerSide();
}

// Whether the computer is to move on the board: the person may not move.
function computersTurn() {
  return vsComputer() && game.state && game.variant.sides.indexOf(game.state.turn) === computerSide();
}

// Playing the second side, the person looks from its side.
function autoFlip() {
  // A game on the server shows the reader's side at the bottom (the second
  // side's player sees the board turned), unless they turned it.
  if (typeof online !== "undefined" && online.id && online.full) {
    game.flipped = online.turned !== undefined ? online.turned : online.you === "black";
    return;
  }
  game.flipped = vsComputer() && computerSide() === 0;
}

// ---- starting, loading, moving ----

async function init() {
  game.variants = await api("/api/variants");
  const sel = $("variant");
  for (const v of game.variants) {
    const o = document.createElement("option");
    o.value = v.name;
    o.textContent = v.title;
    sel.appendChild(o);
  }
  const wanted = new URLSearchParams(location.search).get("variant");
  if (wanted && game.variants.some((v) => v.name === wanted)) sel.value = wanted;
  sel.addEventListener("change", () => newGame(sel.value));
  $("new").addEventListener("click", () => newGame(game.variant.name));
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("hint").addEventListener("click", hint);
  $("first").addEventListener("click", () => step("first"));
  $("back").addEventListener("click", () => step("back"));
  $("forward").addEventListener("click", () => step("forward"));
  $("last").addEventListener("click", () => step("last"));
  $("flip").addEventListener("click", flip);
  $("claim").addEventListener("click", claim);
  $("analyse").addEventListener("click", analyse);
  analysisInit();
  reviewInit();
  $("think").addEventListener("change", thinkMs);
  $("square-grid").checked = localStorage.getItem("duckchess-square-grid") === "on";
  $("square-grid").addEventListener("change", () => {
    localStorage.setItem("duckchess-square-grid", $("square-grid").checked ? "on" : "off");
    renderBoard();
  });
  $("import").addEventListener("click", importText);
  $("import-game").addEventListener("change", () => loadImported(parseInt($("import-game").value, 10)));
  $("study").addEventListener("change", () => loadStudy($("study").value));
  $("judge-run").addEventListener("click", runJudge);
  $("judge-from-game").addEventListener("click", judgeFromGame);
  $("mate-run").addEventListener("click", runMate);
  $("opponent").addEventListener("change", sidesChanged);
  $("computer-side").addEventListener("change", sidesChanged);
  $("moves").addEventListener("click", (e) => {
    const b = e.target.closest("button.move");
    if (b) go(game.nodes.get(parseInt(b.dataset.node, 10)));
  });
  $("legal").addEventListener("click", (e) => {
    const b = e.target.closest("button");
    if (b) playCoord(b.dataset.coord);
  });
  $("board").addEventListener("keydown", onBoardKey);
  $("board").addEventListener("pointerup", onPointerUp);
  $("board").addEventListener("blur", () => {
    game.keyboard = false;
    renderBoard();
  });
  document.addEventListener("keydown", onShortcut);
  copyButtons();
  treeInit();
  window.addEventListener("resize", renderBoard);
  game.studies = await api("/api/studies");
  fillStudies();
  studyButtons();
  if (!(await restore())) await newGame(sel.value);
}

function setVariant(name) {
  const changed = !game.variant || game.variant.name !== name;
  // The computer keeps its side (first or second) from game to game.
  const keep = game.variant && vsComputer() ? computerSide() : 1;
  game.variant = game.variants.find((v) => v.name === name);
  $("variant").value = name;
  $("summary").textContent = game.variant.summary;
  $("judge-box").hidden = !game.variant.tools.includes("judge");
  $("mate-box").hidden = !game.variant.tools.includes("mate");
  if (changed) {
    const sides = $("computer-side");
    sides.innerHTML = "";
    for (const c of game.variant.sides) {
      const o = document.createElement("option");
      o.value = c;
      o.textContent = c;
      sides.appendChild(o);
    }
    sides.value = game.variant.sides[keep < 0 ? 1 : keep];
    $("mate-answer").textContent = "";
    $("mate-explanation").innerHTML = "";
    $("judge-output").innerHTML = "";
  }
}

// Loads a game: its start, its main line, and the ply to show; an
// imported record's whole tree of moves (each after its parent, a parent's
// first child its main line) and tags when it has them. A stored game
// (keep.js) also gives `kept`: the node to show (an index of the tree, -1
// the root), the claims and the moves last gone to, the computer's side
// and which way up the board was.
async function loadGame(name, start, history, notations, ply, tree = [], tags = [], kept = null) {
  keepEarlier();
  stopReview();
  setVariant(name);
  game.start = start;
  game.tags = tags;
  game.nodes = new Map();
  game.root = newNode(null, null);
  let n = game.root;
  const made = [];
  if (tree.length) {
    for (const t of tree) {
      const parent = t.parent === null ? game.root : made[t.parent];
      const node = newNode(parent, t);
      node.claimed = !!t.claimed;
      node.nags = Array.isArray(t.nags) ? t.nags.filter((x) => Number.isInteger(x) && x > 0 && x < 256) : [];
      if (t.next) parent.next = node;
      made.push(node);
    }
  } else {
    for (let i = 0; i < history.length; i++) {
      n = newNode(n, { coord: history[i], notation: notations[i] });
    }
  }
  let at = game.root;
  while (at.ply < ply && at.children.length) at = at.children[0];
  game.selected = null;
  game.hint = null;
  $("eval").textContent = "";
  $("eval-line").textContent = "";
  if (kept) {
    at = made[kept.at] || game.root;
    game.root.claimed = !!kept.rootClaimed;
    if (game.variant.sides.includes(kept.computerSide)) $("computer-side").value = kept.computerSide;
  }
  autoFlip();
  if (kept && typeof kept.flipped === "boolean") game.flipped = kept.flipped;
  await go(at);
  // Arrows and circles come in comments (PGN's [%cal] and [%csl]); the
  // square names they use are known once a position is shown.
  if (shapesFromComments()) {
    drawShapes();
    treeChanged();
  }
}

async function newGame(name) {
  const v = game.variants.find((x) => x.name === name);
  keepEarlier();
  setVariant(name);
  $("study").value = "";
  showStudy(null);
  game.imported = [];
  fillImported();
  await loadGame(name, v.start, [], [], 0);
}

// Shows a node: asks the API for its state, draws it, lets the computer
// or the analysis go on from there.
async function go(node) {
  if (!node) return;
  if (node.parent) node.parent.next = node;
  game.cur = node;
  const gen = ++game.gen;
  try {
    const state = await api("/api/moves", request());
    if (gen !== game.gen) return;
    show(state);
  } catch (e) {
    if (gen === game.gen) setStatus(e.message, "error");
  }
}

function show(state) {
  game.state = state;
  // The cube puzzle's answer is for the position it was asked about.
  if (game.mateFor !== state.position) {
    game.mateFor = null;
    $("mate-answer").textContent = "";
    $("mate-explanation").innerHTML = "";
  }
  game.startSide = (game.variant.sides.indexOf(state.turn) - (game.cur.ply % 2) + 2) % 2;
  endWalling();
  game.hint = null;
  render();
  kept();
  afterChange();
}

function afterChange() {
  maybeComputer();
  analysisFollows();
}

// Plays a move from the current node: the node's child if it has that move
// already, else a new child (a variation when there are others).
async function playCoord(coord) {
  const from = game.cur;
  const known = from.children.find((c) => c.coord === coord);
  if (known) return go(known);
  const gen = ++game.gen;
  try {
    const res = await api("/api/play", request({ move: coord }, from));
    if (gen !== game.gen) return;
    const node = newNode(from, res.move);
    from.next = node;
    game.cur = node;
    show(res.state);
  } catch (e) {
    if (gen === game.gen) setStatus(e.message, "error");
  }
}

async function maybeComputer() {
  const st = game.state;
  const node = game.cur;
  // Only at the end of a line: stepping back through a game does not
  // start the computer.
  if (!st || st.result || !computersTurn() || node.children.length) return;
  const gen = game.gen;
  setStatus(`${st.turn} (the computer) is thinking…`);
  try {
    const best = await api("/api/best", request({ think_ms: thinkMs() }));
    if (gen !== game.gen || game.cur !== node) return;
    await playCoord(best.best.coord);
  } catch (e) {
    if (gen === game.gen) setStatus(e.message, "error");
  }
}

function sidesChanged() {
  autoFlip();
  go(game.cur);
}

// The think time: the field's, within its min and max (the server's cap),
// written back so that the field shows what is used.
function thinkMs() {
  const field = $("think");
  const [lo, hi] = [parseInt(field.min, 10), parseInt(field.max, 10)];
  const v = parseInt(field.value, 10);
  const ms = Number.isFinite(v) ? Math.min(hi, Math.max(lo, v)) : 1000;
  if (String(ms) !== field.value) field.value = ms;
  return ms;
}

// Against the computer, undo goes back to the person's turn before their
// last move (its reply goes too); with nobody, one move. The moves stay
// in the list: redo (→) plays them again.
function undoTarget() {
  const n = game.cur;
  if (!n.parent) return null;
  if (!vsComputer()) return n.parent;
  let a = n.parent;
  while (a && sideAt(a) !== personSide()) a = a.parent;
  return a;
}

function redoTarget() {
  let n = forwardOf(game.cur);
  if (!n || !vsComputer()) return n;
  while (sideAt(n) !== personSide() && forwardOf(n)) n = forwardOf(n);
  return n;
}

function undo() {
  const t = undoTarget();
  if (t) go(t);
}

function redo() {
  const t = redoTarget();
  if (t) go(t);
}

function step(where) {
  let n = game.cur;
  if (where === "first") n = game.root;
  if (where === "back") n = n.parent;
  if (where === "forward") n = forwardOf(n);
  if (where === "last") while (forwardOf(n)) n = forwardOf(n);
  if (n && n !== game.cur) go(n);
}

function flip() {
  game.flipped = !game.flipped;
  if (typeof online !== "undefined" && online.id) online.turned = game.flipped;
  go(game.cur);
}

function claim() {
  if (!game.state || !game.state.claimable) return;
  game.cur.claimed = true;
  go(game.cur);
}

// ---- the evaluation ----

// A line of moves numbered from the current position: `1... e5 2. Nf3`.
function numbered(moves, node) {
  const out = [];
  let ply = node.ply;
  moves.forEach((m, i) => {
    const side = (game.startSide + ply) % 2;
    const number = Math.floor((game.startSide + ply) / 2) + 1;
    if (side === 0) out.push(`${number}.`);
    else if (i === 0) out.push(`${number}...`);
    out.push(m);
    ply++;
  });
  return out.join(" ");
}

// What a hint or an analysis asks: the think time, and in a study whose
// goal is a proven mate, that mate proved by the mate solver, so that the
// advice never contradicts the goal (a short search may see a longer mate).
function advice() {
  const mate = game.study && game.study.mate_in;
  return mate ? { think_ms: thinkMs(), mate_in: mate } : { think_ms: thinkMs() };
}

// Whether the engine is closed: a live game is on the board (online.js).
function engineClosed() {
  if (!document.body.classList.contains("live-game")) return false;
  setStatus("no engine while the game is being played", "error");
  return true;
}

async function hint() {
  const node = game.cur;
  if (!game.state || game.state.result || engineClosed()) return;
  try {
    const best = await api("/api/best", request(advice(), node));
    if (game.cur !== node) return;
    game.hint = { from: best.best.from, to: best.best.to };
    renderBoard();
    setStatus(`Hint: ${best.best.notation} (${best.eval} for ${best.eval_for})`);
  } catch (e) {
    setStatus(e.message, "error");
  }
}

// ---- import, studies ----

async function importText() {
  const text = $("position-text").value;
  keepEarlier();
  try {
    const res = await api("/api/import", { variant: game.variant.name, text });
    game.imported = res.games.map((g) => Object.assign({ variant: res.variant }, g));
    fillImported();
    $("study").value = "";
    showStudy(null);
    await loadImported(0);
  } catch (e) {
    setStatus(`Import: ${e.message.replace(/^text: /, "")}`, "error");
  }
}

function fillImported() {
  const sel = $("import-game");
  sel.innerHTML = "";
  game.imported.forEach((g, i) => {
    const o = document.createElement("option");
    o.value = i;
    o.textContent = `${i + 1}. ${g.title || "game " + (i + 1)} (${g.history.length} moves)`;
    sel.appendChild(o);
  });
  sel.hidden = game.imported.length < 2;
}

async function loadImported(i) {
  const g = game.imported[i];
  if (!g) return;
  $("import-game").value = i;
  await loadGame(g.variant, g.start, g.history, g.moves, g.history.length, g.tree, g.tags);
}

function fillStudies() {
  const sel = $("study");
  for (const v of game.variants) {
    const group = document.createElement("optgroup");
    group.label = v.title;
    game.studies.forEach((s, i) => {
      if (s.variant !== v.name) return;
      const o = document.createElement("option");
      o.value = i;
      o.textContent = s.title;
      group.appendChild(o);
    });
    if (group.children.length) sel.appendChild(group);
  }
}

function showStudy(s) {
  game.study = s;
  $("study-goal").textContent = s ? s.goal : "";
  const sol = $("study-solution");
  sol.hidden = !s || !s.solution;
  sol.open = false;
  sol.querySelector("p").textContent = s ? s.solution : "";
}

async function loadStudy(value) {
  keepEarlier();
  if (String(value).startsWith("mine:")) return loadMyStudy(parseInt(value.slice(5), 10));
  const s = game.studies[parseInt(value, 10)];
  if (!s) return showStudy(null);
  showStudy(s);
  game.imported = [];
  fillImported();
  await loadGame(s.variant, s.start, s.history, s.moves, s.ply);
}

// ---- drawing ----

function setStatus(text, cls) {
  const s = $("status");
  s.textContent = text;
  s.className = cls || "";
}

function render() {
  renderBoard();
  renderMoves();
  renderLegal();
  renderInfo();
  renderAnnotate();
  drawReview();
}

// The boards' size in cells and how many stand across and down, from the
// gaps between them.
function boardGrid(cells, rows, cols) {
  const rowSet = new Set(cells.map((c) => c.row));
  const colSet = new Set(cells.map((c) => c.col));
  let h = 0;
  while (rowSet.has(h)) h++;
  let w = 0;
  while (colSet.has(w)) w++;
  return { w, h, across: (cols + 1) / (w + 1), down: (rows + 1) / (h + 1) };
}

// Where each cell and label of board `b` (the board shown by default; the
// board editor's) is drawn: the API's places, with the boards wrapped onto
// more rows when they would be too small side by side.
function view(b = game.state.board) {
  const g = boardGrid(b.cells, b.rows, b.cols);
  const wide = window.innerWidth >= 900;
  const width = wide ? window.innerWidth - 400 : document.documentElement.clientWidth - 28;
  const height = wide ? window.innerHeight - 150 : Infinity;
  const boards = g.across * g.down;
  // The cell size with `n` boards across, fitting the height or not.
  const sizeWith = (n, fitHeight) => {
    const down = Math.ceil(boards / n);
    const cols = n * g.w + (n - 1) + 0.5;
    const rows = down * g.h + (down - 1) + 1 + (b.labels.length ? 1 : 0);
    return Math.floor(Math.min(width / cols, fitHeight ? height / rows : Infinity, MAX_CELL));
  };
  // As many boards across as the API lays out, unless their cells would
  // be too small to tap: then the arrangement with the biggest cells, and
  // if none fits the screen so, the page scrolls down instead.
  let across = g.across;
  if (sizeWith(across, true) < MIN_CELL) {
    if (wide) {
      for (let n = g.across - 1; n >= 1; n--) if (sizeWith(n, true) > sizeWith(across, true)) across = n;
    } else {
      // A narrow page scrolls down, so the biggest cells would always be
      // one board a row (the cube a long column of levels): as many
      // boards across as stay big enough to tap.
      for (let n = g.across - 1; n >= 1; n--) {
        if (sizeWith(n, true) >= MIN_CELL) {
          across = n;
          break;
        }
      }
    }
  }
  if (sizeWith(across, true) < MIN_CELL) {
    across = 1;
    for (let n = g.across; n >= 1; n--) {
      if (sizeWith(n, false) >= MIN_CELL) {
        across = n;
        break;
      }
    }
  }
  const size = sizeWith(across, sizeWith(across, true) >= MIN_CELL);
  const place = (row, col) => {
    if (across === g.across) return [row, col];
    const k = Math.floor(row / (g.h + 1)) * g.across + Math.floor(col / (g.w + 1));
    const [br, bc] = [Math.floor(k / across), k % across];
    return [br * (g.h + 1) + (row % (g.h + 1)), bc * (g.w + 1) + (col % (g.w + 1))];
  };
  const down = Math.ceil(boards / across);
  return {
    size,
    w: g.w,
    h: g.h,
    rows: down * g.h + (down - 1),
    cols: across * g.w + (across - 1),
    cells: b.cells.map((c) => {
      const [row, col] = place(c.row, c.col);
      return Object.assign({}, c, { row, col });
    }),
    labels: b.labels.map((l) => {
      const [row, col] = place(l.row, l.col);
      return Object.assign({}, l, { row, col });
    }),
  };
}

// White figurines drawn filled with white under their black outline, so
// they stand out on light squares: the outline glyph's filled twin.
const FILLED = { "♔": "♚", "♕": "♛", "♖": "♜", "♗": "♝", "♘": "♞", "♙": "♟" };

// A selection is a square, or a piece in hand as `drop:P` (a pocket's
// piece, in a game with drops): its moves are the drops of that kind.
function movesFrom(sq) {
  if (computersTurn()) return [];
  if (typeof sq === "string") return game.state.moves.filter((m) => "drop:" + m.drop === sq);
  // A clone (Ataxx's free drop) is a move of each piece next to it.
  return game.state.moves.filter((m) => (m.from === sq && !m.drop) || (m.clones || []).includes(sq));
}

// The squares whose piece has a move (a drop from the hand moves nothing on
// the board; a clone, the pieces that make it).
function movableSquares() {
  return new Set(computersTurn() ? [] : game.state.moves.flatMap((m) => (m.drop ? m.clones || [] : [m.from])));
}

// Pieces in hand (crazyhouse): each side's pocket above or below the board,
// the side to move's pieces that can be dropped clickable and draggable.
function renderPockets() {
  const pockets = game.state.board.pockets || [];
  const flipped = game.state.board.flipped;
  for (const [id, index] of [["pocket-top", flipped ? 0 : 1], ["pocket-bottom", flipped ? 1 : 0]]) {
    const box = $(id);
    const pocket = pockets[index];
    box.hidden = !pocket;
    box.innerHTML = "";
    if (!pocket) continue;
    box.dataset.side = pocket.side;
    box.setAttribute("aria-label", `${pocket.side}'s pieces in hand`);
    const title = document.createElement("span");
    title.className = "pocket-side";
    title.textContent = `${pocket.side} in hand`;
    box.appendChild(title);
    if (!pocket.pieces.length) {
      const none = document.createElement("span");
      none.className = "pocket-empty";
      none.textContent = "none";
      box.appendChild(none);
    }
    for (const h of pocket.pieces) {
      const key = "drop:" + h.drop;
      const b = document.createElement("button");
      const droppable = pocket.side === game.state.turn && movesFrom(key).length > 0;
      b.className = "pocket-piece" + (game.selected === key ? " selected" : "") + (droppable ? " movable" : "");
      b.disabled = !droppable;
      b.dataset.drop = h.drop;
      b.dataset.count = h.count;
      b.title = `${h.count} ${h.piece.name}${h.count > 1 ? "s" : ""} in hand`;
      const p = document.createElement("span");
      p.className = `piece ${h.piece.color}`;
      p.textContent = h.piece.glyph;
      if (FILLED[h.piece.glyph]) p.dataset.fill = FILLED[h.piece.glyph];
      b.appendChild(p);
      if (h.count > 1) {
        const n = document.createElement("sub");
        n.textContent = h.count;
        b.appendChild(n);
      }
      b.addEventListener("click", () => {
        game.selected = game.selected === key ? null : key;
        renderBoard();
        renderLegal();
      });
      b.addEventListener("pointerdown", (e) => onDragStart(e, key));
      // The focus stays where it is: the board's blur redraws the pockets,
      // and a button redrawn under the pointer gets no click.
      b.addEventListener("mousedown", (e) => e.preventDefault());
      // A finger's events stay with the button it started on.
      b.addEventListener("pointerup", onPointerUp);
      box.appendChild(b);
    }
  }
}

function renderBoard() {
  const st = game.state;
  if (!st) return;
  // While a wall is placed, the board after the piece's move.
  const v = view(game.wallingBoard || undefined);
  game.view = v;
  const board = $("board");
  const size = v.size;
  const edge = Math.max(14, Math.round(size * 0.4));
  const top = v.labels.length ? 1 : 0;
  board.style.setProperty("--cell", size + "px");
  board.style.setProperty("--edge", edge + "px");
  board.style.gridTemplateColumns = `${edge}px repeat(${v.cols}, ${size}px)`;
  board.style.gridTemplateRows = `${top ? size * 0.6 + "px " : ""}repeat(${v.rows}, ${size}px) ${edge}px`;
  board.className = game.variant.checkered ? "checkered" : "points";
  board.innerHTML = "";
  // For tests and tools: what is shown, without parsing the drawing.
  board.dataset.variant = st.variant;
  board.dataset.plies = game.cur.ply;
  board.dataset.turn = st.turn;
  board.dataset.flipped = st.board.flipped;
  board.dataset.boardW = v.w;
  board.dataset.boardH = v.h;
  const selectedMoves = game.selected === null ? [] : movesFrom(game.selected);
  // While a wall is placed, its squares are the targets.
  const targets = new Set(game.walling ? game.walling.map((m) => m.wall) : selectedMoves.map((m) => m.to));
  const movable = game.walling ? new Set() : movableSquares();
  const last = game.walling ? game.walling[0] : st.last;
  const add = (el, row, col) => {
    el.style.gridRow = `${row}`;
    el.style.gridColumn = `${col}`;
    board.appendChild(el);
  };
  for (const l of v.labels) {
    const d = document.createElement("div");
    d.className = "label";
    d.textContent = l.text;
    d.style.gridRow = `${l.row + top}`;
    d.style.gridColumn = `${l.col + 2} / span ${l.width}`;
    board.appendChild(d);
  }
  // Coordinates: each row's rank on the left, each column's file below.
  const leftmost = new Map();
  const lowest = new Map();
  for (const c of v.cells) {
    if (!leftmost.has(c.row) || leftmost.get(c.row).col > c.col) leftmost.set(c.row, c);
    if (!lowest.has(c.col) || lowest.get(c.col).row < c.row) lowest.set(c.col, c);
  }
  for (const [row, c] of [...leftmost].sort((a, b) => a[0] - b[0])) {
    const d = document.createElement("div");
    d.className = "coord rank";
    d.dataset.row = row;
    d.textContent = c.rank;
    add(d, row + 1 + top, 1);
  }
  for (const [col, c] of [...lowest].sort((a, b) => a[0] - b[0])) {
    const d = document.createElement("div");
    d.className = "coord file";
    d.dataset.col = col;
    d.textContent = c.file;
    // Right under the column's lowest cell: the bottom edge, or the gap
    // under a board whose slot below is empty (the cube at n = 8).
    add(d, c.row + 2 + top, col + 2);
  }
  if (game.variant.axes) {
    // What the numbers count: Duck Chess's (x,y) is rank x, file y.
    const d = document.createElement("div");
    d.className = "axes";
    d.title = `squares are named (${game.variant.axes[1]},${game.variant.axes[0]})`;
    const [file, rank] = game.variant.axes;
    d.innerHTML = `<span class="axis rank"></span><span class="axis file"></span>`;
    d.querySelector(".rank").textContent = rank;
    d.querySelector(".file").textContent = file;
    add(d, v.rows + 1 + top, 1);
  }
  drawLines(board, v, top);
  for (const c of v.cells) {
    const d = document.createElement("div");
    const cls = ["cell", (c.row + c.col) % 2 ? "dark" : "light"];
    if (targets.has(c.square)) cls.push("target");
    if (c.piece) cls.push("occupied");
    if (c.wall) cls.push("wall");
    if (movable.has(c.square)) cls.push("movable");
    if (game.selected === c.square) cls.push("selected");
    if (last && (last.from === c.square || last.to === c.square)) cls.push("last");
    if (st.checked.includes(c.square)) cls.push("check");
    if (game.cursor === c.square && game.keyboard) cls.push("cursor");
    if (game.hint && (game.hint.from === c.square || game.hint.to === c.square)) cls.push("hint");
    d.className = cls.join(" ");
    d.dataset.square = c.square;
    d.dataset.name = c.name;
    d.dataset.row = c.row;
    d.dataset.col = c.col;
    d.dataset.file = c.file;
    d.dataset.rank = c.rank;
    d.title = c.name + (c.piece ? ` ${c.piece.color} ${c.promoted ? "promoted " : ""}${c.piece.name}` : "");
    d.setAttribute("role", "gridcell");
    d.setAttribute("aria-label", d.title);
    if (c.piece) {
      const p = document.createElement("span");
      // A promoted piece (shogi's +B) is marked `+`: it moves otherwise.
      p.className = `piece ${c.piece.color}${c.promoted ? " promoted" : ""}`;
      p.textContent = c.piece.glyph;
      p.dataset.letter = c.piece.letter;
      if (FILLED[c.piece.glyph]) p.dataset.fill = FILLED[c.piece.glyph];
      d.appendChild(p);
    }
    d.addEventListener("click", () => onCell(c.square));
    d.addEventListener("pointerdown", (e) => onDragStart(e, c.square));
    add(d, c.row + 1 + top, c.col + 2);
  }
  renderPockets();
  if (typeof inspectBoard === "function") inspectBoard();
  if (typeof drawShapes === "function") drawShapes();
  // The 3D view (view3d.js) follows every drawing of the boards.
  if (typeof renderView3d === "function") renderView3d();
}

// A board of points (Duck Chess's xiangqi board): the lines the API gives
// between points, drawn under the cells through their centres, so that the
// pieces stand where the lines cross; unless squares are asked for.
function drawLines(board, v, top) {
  const lines = game.state.board.lines || [];
  const box = $("square-grid-box");
  box.hidden = !lines.length;
  const lined = lines.length > 0 && !$("square-grid").checked;
  board.classList.toggle("lined", lined);
  if (!lined) return;
  const size = v.size;
  const at = new Map(v.cells.map((c) => [c.square, c]));
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("class", "lines");
  svg.setAttribute("width", v.cols * size);
  svg.setAttribute("height", v.rows * size);
  svg.setAttribute("aria-hidden", "true");
  svg.style.gridColumn = `2 / span ${v.cols}`;
  svg.style.gridRow = `${1 + top} / span ${v.rows}`;
  for (const [a, b] of lines) {
    const [p, q] = [at.get(a), at.get(b)];
    if (!p || !q) continue;
    const l = document.createElementNS(ns, "line");
    l.setAttribute("x1", (p.col + 0.5) * size);
    l.setAttribute("y1", (p.row + 0.5) * size);
    l.setAttribute("x2", (q.col + 0.5) * size);
    l.setAttribute("y2", (q.row + 0.5) * size);
    svg.appendChild(l);
  }
  board.appendChild(svg);
}

// The move list: numbered, the main line with its variations in
// parentheses, each move a button.
function renderMoves() {
  const box = $("moves");
  box.innerHTML = "";
  const token = (into, text, cls) => {
    const s = document.createElement("span");
    s.className = cls;
    s.textContent = text;
    into.append(s, " ");
  };
  const move = (into, node, withNumber) => {
    const side = sideAt(node.parent);
    const number = Math.floor((game.startSide + node.ply - 1) / 2) + 1;
    if (side === 0) token(into, `${number}.`, "num");
    else if (withNumber) token(into, `${number}...`, "num");
    const b = document.createElement("button");
    b.className = "move" + (node === game.cur ? " current" : "");
    b.dataset.node = node.id;
    b.dataset.ply = node.ply;
    b.textContent = node.notation;
    if (node === game.cur) b.setAttribute("aria-current", "true");
    into.append(b);
    if (node.nags.length) {
      const nag = document.createElement("span");
      nag.className = "nag";
      nag.textContent = nagText(node.nags);
      into.append(nag);
    }
    into.append(" ");
    if (node.comment) token(into, node.comment, "comment");
  };
  const line = (into, node, withNumber) => {
    let n = node;
    let number = withNumber;
    while (n.children.length) {
      const [main, ...others] = n.children;
      move(into, main, number);
      // After a comment the next move says its number again.
      number = !!main.comment;
      for (const o of others) {
        const v = document.createElement("span");
        v.className = "variation";
        token(v, "(", "paren");
        move(v, o, true);
        line(v, o, !!o.comment);
        token(v, ")", "paren");
        into.append(v, " ");
        number = true;
      }
      n = main;
    }
  };
  line(box, game.root, true);
  const cur = box.querySelector(".current");
  if (cur) box.scrollTop = Math.max(0, cur.offsetTop - box.offsetTop - box.clientHeight / 2);
}

// The possible moves: all of the position's, or the selected piece's.
function renderLegal() {
  const st = game.state;
  const box = $("legal");
  box.innerHTML = "";
  let moves = computersTurn() ? [] : st.moves;
  let caption;
  if (st.result) caption = "none: the game is over";
  else if (computersTurn()) caption = `none for you: ${st.turn} is the computer's side`;
  else if (game.walling) {
    moves = game.walling;
    caption = wallingCaption();
  } else if (game.selected !== null) {
    moves = movesFrom(game.selected);
    const c = st.board.cells.find((x) => x.square === game.selected);
    const what = !c
      ? `the ${st.turn} ${game.selected.slice(5)} in hand`
      : c.piece
        ? `the ${c.piece.color} ${c.piece.name} on ${c.name}`
        : c.name;
    caption = `${moves.length} move${moves.length === 1 ? "" : "s"} of ${what}`;
  } else caption = `${moves.length} legal move${moves.length === 1 ? "" : "s"}`;
  $("legal-caption").textContent = caption;
  for (const m of moves) {
    const b = document.createElement("button");
    b.textContent = m.notation;
    b.title = m.coord;
    b.dataset.coord = m.coord;
    b.dataset.notation = m.notation;
    box.appendChild(b);
  }
  if (typeof inspectLegal === "function") inspectLegal(box, moves);
}

function renderInfo() {
  const st = game.state;
  if (st.result) {
    setStatus(`Game over: ${st.result.reason}`, "over");
  } else {
    let text = `${st.turn} to move${st.check ? " — check" : ""}`;
    if (computersTurn() && game.cur.children.length) {
      text += ` (the computer's side: step on with →, or play from another position)`;
    }
    if (st.claimable) text += `. ${st.claimable}`;
    setStatus(text);
  }
  $("claim").hidden = !st.claimable || !!st.result;
  $("undo").disabled = !undoTarget();
  $("redo").disabled = !redoTarget();
  $("back").disabled = $("first").disabled = !game.cur.parent;
  $("forward").disabled = $("last").disabled = !forwardOf(game.cur);
  const box = $("position-text");
  if (document.activeElement !== box) box.value = st.position;
  renderRecord();
}

// The record of the whole tree (variations, comments, NAGs and an imported
// game's tags too, where the game's format holds them): the server writes
// it, so every game's own format is written in one place.
async function renderRecord() {
  const gen = game.gen;
  const tree = [];
  const walk = (node, parent) => {
    for (const c of node.children) {
      tree.push({ parent, coord: c.coord, comment: fullComment(c), nags: c.nags });
      walk(c, tree.length - 1);
    }
  };
  walk(game.root, null);
  const record = $("record-text");
  const note = $("record-note");
  try {
    const r = await api("/api/record", {
      variant: game.variant.name,
      position: game.start,
      tree,
      tags: game.tags,
    });
    if (gen !== game.gen) return;
    record.value = r.record;
    // For tests and tools: how many moves the record was written from.
    record.dataset.moves = tree.length;
    note.textContent = r.note || "";
    note.hidden = !r.note;
  } catch (e) {
    // The line on the board's record, at least.
    record.value = game.state.record;
    note.textContent = e.message;
    note.hidden = false;
  }
  // The moves are at the end (after PGN's tags): show them.
  record.scrollTop = record.scrollHeight;
}

// ---- the mouse ----

// Dragging: a press on a movable piece picks it up; a release on one of its
// targets plays there. A press and release on one cell is a click, handled
// as such; across two cells no click fires on either.
let drag = null;
// A drag by mouse, pen or finger: pointer events, and the drop where the
// pointer is let go (a touch pointer's events all go to the square it
// started on, so the target is found by position).
function onDragStart(e, sq) {
  // The right button draws (drawings.js), never moves.
  if (e.button !== 0) return;
  drag = movesFrom(sq).length ? sq : null;
}
function onPointerUp(e) {
  if (drag === null) return;
  const under = document.elementFromPoint(e.clientX, e.clientY);
  const cell = under && under.closest("#board .cell");
  if (cell) onDrop(parseInt(cell.dataset.square, 10));
  drag = null;
}
function onDrop(sq) {
  if (drag !== null && drag !== sq && movesFrom(drag).some((m) => m.to === sq)) {
    const from = drag;
    drag = null;
    game.selected = from;
    tryMove(from, sq);
  }
  drag = null;
}
function onCell(sq, byKey) {
  game.cursor = sq;
  game.keyboard = !!byKey;
  if (game.walling) {
    // The wall's square: the move that places it there (a promotion
    // chosen among them), or, elsewhere, the move given up.
    const options = game.walling.filter((m) => m.wall === sq);
    endWalling();
    if (options.length) {
      playChosen(options);
      return;
    }
    renderBoard();
    renderLegal();
    return;
  }
  if (game.selected !== null && movesFrom(game.selected).some((m) => m.to === sq)) {
    tryMove(game.selected, sq);
    return;
  }
  game.selected = movesFrom(sq).length && game.selected !== sq ? sq : null;
  renderBoard();
  renderLegal();
}

async function tryMove(from, to) {
  const options = movesFrom(from).filter((m) => m.to === to);
  if (!options.length) return;
  if (options.some((m) => m.wall !== undefined && m.wall !== null)) {
    // A walling game: the wall's square next (a click, or Enter).
    await beginWalling(options);
    return;
  }
  await playChosen(options);
}

async function playChosen(options) {
  let chosen = options[0];
  if (options.length > 1) {
    chosen = await choosePromotion(options);
    if (!chosen) {
      game.selected = null;
      renderBoard();
      renderLegal();
      return;
    }
  }
  await playCoord(chosen.coord);
}

function choosePromotion(options) {
  return new Promise((resolve) => {
    const dlg = $("promotion");
    const box = $("promotion-choices");
    box.innerHTML = "";
    const first = game.variant.sides.indexOf(game.state.turn) === 0;
    // S-chess: the move with each piece it may gate in, or none, each
    // button in the game's notation (`Nf3/H`, `O-O/Hh1`).
    const gating = options.some((m) => m.gate);
    dlg.querySelector("p").textContent = gating ? "Gate in" : "Promote to";
    for (const m of options) {
      const btn = document.createElement("button");
      const letter = m.promotion || m.gate || "?";
      btn.textContent = gating ? m.notation : glyphFor(letter, first);
      btn.dataset.promotion = letter;
      btn.title = m.notation;
      btn.addEventListener("click", () => {
        dlg.close();
        resolve(m);
      });
      box.appendChild(btn);
    }
    dlg.addEventListener("cancel", () => resolve(null), { once: true });
    dlg.showModal();
    // At the square promoted on (just below it, or above near the bottom),
    // kept on the screen: the choice is made where the eye is.
    const cell = document.querySelector(`#board .cell[data-square='${options[0].to}']`);
    if (cell) {
      const r = cell.getBoundingClientRect();
      const [w, h] = [dlg.offsetWidth, dlg.offsetHeight];
      const left = Math.min(Math.max(0, r.left + r.width / 2 - w / 2), window.innerWidth - w);
      const below = r.bottom + h <= window.innerHeight;
      dlg.style.left = `${Math.max(0, left)}px`;
      dlg.style.top = `${Math.max(0, below ? r.bottom : r.top - h)}px`;
    }
  });
}

function glyphFor(letter, white) {
  const w = { k: "♔", q: "♕", r: "♖", b: "♗", n: "♘", p: "♙" };
  const b = { k: "♚", q: "♛", r: "♜", b: "♝", n: "♞", p: "♟" };
  const l = letter.toLowerCase();
  return (white ? w[l] : b[l]) || (white ? letter.toUpperCase() : l);
}

// ---- the boxes of Duck Chess and the cube ----

function judgeFromGame() {
  // The game's record is a judge input (its start's FEN first, when the
  // game did not start from the initial layout).
  $("judge-input").value = game.state.record;
}

async function runJudge() {
  const out = $("judge-output");
  out.innerHTML = "";
  let verdicts = [];
  let error = null;
  try {
    verdicts = (await api("/api/judge", { input: $("judge-input").value })).verdicts;
  } catch (e) {
    // A malformed line: the verdicts before it still stand.
    error = e.message;
    verdicts = (e.body && e.body.verdicts) || [];
  }
  for (const v of verdicts) {
    const li = document.createElement("li");
    li.textContent = v.line;
    if (v.reason) {
      li.className = "invalid";
      const r = document.createElement("span");
      r.className = "reason";
      r.textContent = `${v.command}: ${v.reason}`;
      li.appendChild(r);
    }
    out.appendChild(li);
  }
  if (error) {
    const li = document.createElement("li");
    li.className = "invalid error";
    li.textContent = error;
    out.appendChild(li);
  } else if (!verdicts.length) {
    // A valid input of no commands (a game at its start gives `0`): say
    // so rather than show nothing.
    const li = document.createElement("li");
    li.className = "empty";
    li.textContent = "No commands to judge: the input holds 0 commands (play a move first).";
    out.appendChild(li);
  }
}

// The cube puzzle's answer for the position on the board, with the
// reasons `duckchess mate --explain` gives: an indented line explains the
// one above it, so it goes in that line's own list.
async function runMate() {
  const answer = $("mate-answer");
  const list = $("mate-explanation");
  list.innerHTML = "";
  const position = game.state.position;
  try {
    const r = await api("/api/mate", { position });
    if (position !== game.state.position) return;
    game.mateFor = position;
    answer.textContent = r.mate ? "true: checkmate" : "false: not checkmate";
    answer.className = r.mate ? "mate" : "";
    let parent = null;
    for (const line of r.explanation) {
      const li = document.createElement("li");
      li.textContent = line.trim();
      if (/^\s/.test(line) && parent) {
        let sub = parent.querySelector("ul");
        if (!sub) {
          sub = document.createElement("ul");
          parent.appendChild(sub);
        }
        sub.appendChild(li);
      } else {
        list.appendChild(li);
        parent = li;
      }
    }
  } catch (e) {
    answer.textContent = e.message;
    answer.className = "error";
  }
}

// ---- keys ----

// Anywhere but a text box: ←/→ step, Home/End, u undo, r redo, h hint,
// a analyse, f flip, c claim. On the board the arrows move the cursor
// (Shift+arrows step).
function onShortcut(e) {
  const t = e.target;
  if (t && (t.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(t.tagName))) return;
  if (e.ctrlKey || e.metaKey || e.altKey || !game.state) return;
  const onBoard = t && t.id === "board";
  // Esc puts a piece picked up down wherever the focus is (the move list,
  // a button); on the board, onBoardKey does.
  if (e.key === "Escape" && !onBoard && (game.selected !== null || game.walling)) {
    endWalling();
    renderBoard();
    renderLegal();
    return;
  }
  const steps = { ArrowLeft: "back", ArrowRight: "forward", Home: "first", End: "last" };
  if (steps[e.key] && (!onBoard || e.shiftKey || e.key === "Home" || e.key === "End")) {
    e.preventDefault();
    step(steps[e.key]);
    return;
  }
  const actions = { u: undo, r: redo, h: hint, a: analyse, f: flip, c: claim };
  const act = actions[e.key];
  if (act && !e.shiftKey) {
    e.preventDefault();
    act();
  }
}

// On the board, for every game and Fourfold's four boards: Tab goes to the
// next movable piece and, after the last, on out of the board (Shift+Tab
// back); Enter or Space picks up or plays; arrows move within a board,
// Alt+arrows jump to the neighbouring board; Esc puts the piece down.
function onBoardKey(e) {
  const st = game.state;
  if (!st || !game.view) return;
  const cells = game.view.cells;
  if (e.key === "Tab") {
    const movable = movableSquares();
    const order = cells
      .filter((c) => movable.has(c.square))
      .sort((a, b) => a.row - b.row || a.col - b.col)
      .map((c) => c.square);
    const i = order.indexOf(game.cursor);
    const next = e.shiftKey ? (i < 0 ? -1 : i - 1) : i + 1;
    if (next < 0 || next >= order.length) {
      // Past the last (or before the first): the focus leaves the board.
      game.cursor = null;
      game.keyboard = false;
      return;
    }
    e.preventDefault();
    game.keyboard = true;
    game.cursor = order[next];
    renderBoard();
    return;
  }
  if (e.key === "Escape") {
    endWalling();
    renderBoard();
    renderLegal();
    return;
  }
  if (e.key === "Enter" || e.key === " ") {
    e.preventDefault();
    if (game.cursor !== null) onCell(game.cursor, true);
    return;
  }
  const dirs = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  const d = dirs[e.key];
  if (!d || e.shiftKey) return;
  e.preventDefault();
  e.stopPropagation();
  game.keyboard = true;
  const cur = cells.find((c) => c.square === game.cursor);
  if (!cur) {
    game.cursor = cells[0].square;
    renderBoard();
    return;
  }
  const { w, h } = game.view;
  const [dr, dc] = e.altKey ? [d[0] * (h + 1), d[1] * (w + 1)] : d;
  const next = cells.find((c) => c.row === cur.row + dr && c.col === cur.col + dc);
  if (next) {
    game.cursor = next.square;
    renderBoard();
  }
}

init()
  .then(() => typeof onlineStart === "function" && onlineStart())
  .catch((e) => setStatus(`Could not start: ${e.message}`, "error"));
