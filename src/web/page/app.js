// The duckchess page: draws whatever board the API describes and plays
// through it. The server is stateless, so the page keeps the game: the
// starting position and the moves since (in coordinates).
"use strict";

const $ = (id) => document.getElementById(id);

const game = {
  variants: [],
  variant: null, // the VariantInfo in play
  start: null, // the position text the history starts from
  history: [], // moves since, in coordinates
  played: [], // {notation, from, to} per history entry
  redo: [], // undone entries, last undone last
  state: null, // the API's State after the history
  selected: null, // the square picked up
  cursor: null, // the keyboard cursor's square
  hint: null, // {from, to}
  busy: 0, // a generation counter: a stale answer is dropped
  keyboard: false, // whether the cursor is shown (after a key, until a click)
};

async function api(path, body) {
  const init = body === undefined ? {} : {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  };
  const res = await fetch(path, init);
  const data = await res.json();
  if (!res.ok) throw new Error(data.error || res.statusText);
  return data;
}

function request(extra) {
  return Object.assign({ variant: game.variant.name, position: game.start, history: game.history }, extra);
}

function setStatus(text, cls) {
  const s = $("status");
  s.textContent = text;
  s.className = cls || "";
}

async function init() {
  game.variants = await api("/api/variants");
  const sel = $("variant");
  for (const v of game.variants) {
    const o = document.createElement("option");
    o.value = v.name;
    o.textContent = v.name;
    sel.appendChild(o);
  }
  const wanted = new URLSearchParams(location.search).get("variant");
  if (wanted && game.variants.some((v) => v.name === wanted)) sel.value = wanted;
  sel.addEventListener("change", () => newGame(sel.value));
  $("new").addEventListener("click", () => newGame(game.variant.name));
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("hint").addEventListener("click", hint);
  $("export").addEventListener("click", exportText);
  $("import").addEventListener("click", importText);
  $("judge-run").addEventListener("click", runJudge);
  $("judge-from-game").addEventListener("click", judgeFromGame);
  $("mate-run").addEventListener("click", runMate);
  $("opponent").addEventListener("change", maybeComputer);
  $("computer-side").addEventListener("change", maybeComputer);
  $("board").addEventListener("keydown", onKey);
  window.addEventListener("resize", render);
  await newGame(sel.value);
}

async function newGame(name) {
  game.variant = game.variants.find((v) => v.name === name);
  game.start = game.variant.start;
  game.history = [];
  game.played = [];
  game.redo = [];
  $("summary").textContent = game.variant.summary;
  $("judge-box").hidden = !game.variant.tools.includes("judge");
  $("mate-box").hidden = !game.variant.tools.includes("mate");
  $("mate-answer").textContent = "";
  $("mate-explanation").innerHTML = "";
  await reload();
  const sides = $("computer-side");
  sides.innerHTML = "";
  // The second side first: the computer plays it by default.
  for (const c of [...game.variant.sides].reverse()) {
    const o = document.createElement("option");
    o.value = c;
    o.textContent = c;
    sides.appendChild(o);
  }
  maybeComputer();
}

async function reload() {
  const gen = ++game.busy;
  try {
    const state = await api("/api/moves", request());
    if (gen !== game.busy) return;
    game.state = state;
    game.selected = null;
    game.hint = null;
    render();
  } catch (e) {
    setStatus(e.message, "error");
  }
}

function cellSize() {
  const b = game.state.board;
  const aside = window.innerWidth > 900 ? 360 : 40;
  const w = (window.innerWidth - aside - 60) / b.cols;
  const h = (window.innerHeight - 130) / (b.rows + 1);
  return Math.max(22, Math.floor(Math.min(w, h, 90)));
}

function movesFrom(sq) {
  return game.state.moves.filter((m) => m.from === sq);
}

function render() {
  const st = game.state;
  if (!st) return;
  const b = st.board;
  const board = $("board");
  const size = cellSize();
  board.style.setProperty("--cell", size + "px");
  board.style.gridTemplateColumns = `repeat(${b.cols}, ${size}px)`;
  // A row above the boards for their labels, when they have any.
  const top = b.labels.length ? 1 : 0;
  board.style.gridTemplateRows = `repeat(${b.rows + top}, ${size}px)`;
  board.className = game.variant.checkered ? "checkered" : "points";
  board.innerHTML = "";
  // For tests and tools: what is shown, without parsing the drawing.
  const dims = boardSize();
  board.dataset.variant = st.variant;
  board.dataset.plies = game.history.length;
  board.dataset.boardW = dims.w;
  board.dataset.boardH = dims.h;
  const targets = new Set(game.selected === null ? [] : movesFrom(game.selected).map((m) => m.to));
  const movable = new Set(st.moves.map((m) => m.from));
  const last = game.played.length ? game.played[game.played.length - 1] : null;
  for (const l of b.labels) {
    const d = document.createElement("div");
    d.className = "label";
    d.textContent = l.text;
    d.style.gridRow = `${l.row + top}`;
    d.style.gridColumn = `${l.col + 1} / span ${l.width}`;
    board.appendChild(d);
  }
  for (const c of b.cells) {
    const d = document.createElement("div");
    const cls = ["cell", (c.row + c.col) % 2 ? "dark" : "light"];
    if (targets.has(c.square)) cls.push("target");
    if (c.piece) cls.push("occupied");
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
    d.title = c.name + (c.piece ? ` ${c.piece.color} ${c.piece.name}` : "");
    d.style.gridRow = `${c.row + 1 + top}`;
    d.style.gridColumn = `${c.col + 1}`;
    if (c.piece) {
      const p = document.createElement("span");
      p.className = `piece ${c.piece.color}`;
      p.textContent = c.piece.glyph;
      p.dataset.letter = c.piece.letter;
      d.appendChild(p);
    }
    d.addEventListener("click", () => onCell(c.square));
    d.addEventListener("mousedown", (e) => onDragStart(e, c.square));
    d.addEventListener("mouseup", () => onDrop(c.square));
    board.appendChild(d);
  }
  const list = $("moves");
  list.innerHTML = "";
  for (const p of game.played) {
    const li = document.createElement("li");
    li.textContent = p.notation;
    list.appendChild(li);
  }
  list.scrollTop = list.scrollHeight;
  $("record-text").value = game.played.map((p) => p.notation).join(" ");
  if (st.result) {
    setStatus(`Game over: ${st.result.reason}`, "over");
  } else {
    setStatus(`${st.turn} to move${st.check ? " — check" : ""}`);
  }
  $("undo").disabled = game.history.length === 0;
  $("redo").disabled = game.redo.length === 0;
}

// Dragging: a press on a movable piece picks it up; a release on one of its
// targets plays there. A press and release on one cell is a click, handled
// as such; across two cells no click fires on either.
let drag = null;
function onDragStart(e, sq) {
  drag = movesFrom(sq).length ? sq : null;
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
  if (game.selected !== null && movesFrom(game.selected).some((m) => m.to === sq)) {
    tryMove(game.selected, sq);
    return;
  }
  game.selected = movesFrom(sq).length && game.selected !== sq ? sq : null;
  render();
}

async function tryMove(from, to) {
  const options = game.state.moves.filter((m) => m.from === from && m.to === to);
  if (!options.length) return;
  let chosen = options[0];
  if (options.length > 1) {
    chosen = await choosePromotion(options);
    if (!chosen) {
      game.selected = null;
      render();
      return;
    }
  }
  await play(chosen.coord, true);
}

function choosePromotion(options) {
  return new Promise((resolve) => {
    const dlg = $("promotion");
    const box = $("promotion-choices");
    box.innerHTML = "";
    const white = game.state.turn === "white";
    for (const m of options) {
      const btn = document.createElement("button");
      const letter = m.promotion || "?";
      btn.textContent = glyphFor(letter, white);
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
  });
}

function glyphFor(letter, white) {
  const w = { k: "♔", q: "♕", r: "♖", b: "♗", n: "♘", p: "♙" };
  const b = { k: "♚", q: "♛", r: "♜", b: "♝", n: "♞", p: "♟" };
  const l = letter.toLowerCase();
  return (white ? w[l] : b[l]) || (white ? letter.toUpperCase() : l);
}

async function play(coord, fresh) {
  const gen = ++game.busy;
  try {
    const res = await api("/api/play", request({ move: coord }));
    if (gen !== game.busy) return;
    game.history = game.history.concat([res.move.coord]);
    game.played.push({ notation: res.move.notation, from: res.move.from, to: res.move.to });
    if (fresh) game.redo = [];
    game.state = res.state;
    game.selected = null;
    game.hint = null;
    render();
    maybeComputer();
  } catch (e) {
    setStatus(e.message, "error");
  }
}

async function maybeComputer() {
  const st = game.state;
  if (!st || st.result || $("opponent").value !== "computer") return;
  if (st.turn !== $("computer-side").value) return;
  const gen = game.busy;
  setStatus(`${st.turn} is thinking…`);
  try {
    const best = await api("/api/best", request({ think_ms: thinkMs() }));
    if (gen !== game.busy) return;
    await play(best.best.coord, true);
  } catch (e) {
    if (gen === game.busy) setStatus(e.message, "error");
  }
}

function thinkMs() {
  const v = parseInt($("think").value, 10);
  return Number.isFinite(v) ? Math.min(5000, Math.max(50, v)) : 1000;
}

async function hint() {
  const gen = game.busy;
  try {
    const best = await api("/api/best", request({ think_ms: thinkMs() }));
    if (gen !== game.busy) return;
    game.hint = { from: best.best.from, to: best.best.to };
    render();
    setStatus(`Hint: ${best.best.notation} (score ${best.score})`);
  } catch (e) {
    setStatus(e.message, "error");
  }
}

async function undo() {
  if (!game.history.length) return;
  // Against the computer, take back its reply too, back to the player's turn.
  let n = 1;
  if ($("opponent").value === "computer" && game.history.length >= 2 && game.state.turn !== $("computer-side").value) n = 2;
  for (let i = 0; i < n; i++) {
    game.redo.push({ coord: game.history[game.history.length - 1], entry: game.played.pop() });
    game.history = game.history.slice(0, -1);
  }
  await reload();
}

async function redo() {
  const r = game.redo.pop();
  if (!r) return;
  await play(r.coord, false);
}

function exportText() {
  $("position-text").value = game.state.position;
}

async function importText() {
  const text = $("position-text").value.trim();
  const gen = ++game.busy;
  try {
    const state = await api("/api/moves", { variant: game.variant.name, position: text, history: [] });
    if (gen !== game.busy) return;
    game.start = state.start;
    game.history = [];
    game.played = [];
    game.redo = [];
    game.state = state;
    game.selected = null;
    render();
    maybeComputer();
  } catch (e) {
    setStatus(`Import: ${e.message}`, "error");
  }
}

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
    error = e.message;
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
    li.className = "invalid";
    li.textContent = error;
    out.appendChild(li);
  }
}

// The cube puzzle's answer for the position on the board, with the
// reasons `duckchess mate --explain` gives.
async function runMate() {
  const answer = $("mate-answer");
  const list = $("mate-explanation");
  list.innerHTML = "";
  try {
    const r = await api("/api/mate", { position: game.state.position });
    answer.textContent = r.mate ? "true: checkmate" : "false: not checkmate";
    answer.className = r.mate ? "mate" : "";
    for (const line of r.explanation) {
      const li = document.createElement("li");
      li.textContent = line;
      list.appendChild(li);
    }
  } catch (e) {
    answer.textContent = e.message;
    answer.className = "error";
  }
}

// Keys, for every variant and Fourfold's four boards: Tab goes to the next
// movable square, Enter or Space picks up or plays, arrows move within a
// board, Alt+arrows jump to the neighbouring board, Esc cancels.
function cellAt(row, col) {
  return game.state.board.cells.find((c) => c.row === row && c.col === col);
}

function boardSize() {
  // A board's width and height in cells: the gap row/column splits boards.
  const cells = game.state.board.cells;
  const rows = new Set(cells.map((c) => c.row));
  const cols = new Set(cells.map((c) => c.col));
  let h = 0;
  while (rows.has(h)) h++;
  let w = 0;
  while (cols.has(w)) w++;
  return { w, h };
}

function onKey(e) {
  const st = game.state;
  if (!st) return;
  game.keyboard = true;
  const cur = st.board.cells.find((c) => c.square === game.cursor);
  if (e.key === "Tab") {
    const movable = [...new Set(st.moves.map((m) => m.from))];
    if (!movable.length) return;
    e.preventDefault();
    const order = st.board.cells.filter((c) => movable.includes(c.square)).map((c) => c.square);
    const i = order.indexOf(game.cursor);
    const step = e.shiftKey ? order.length - 1 : 1;
    game.cursor = order[(i + step + order.length) % order.length];
    if (i < 0 && !e.shiftKey) game.cursor = order[0];
    render();
    return;
  }
  if (e.key === "Escape") {
    game.selected = null;
    render();
    return;
  }
  if (e.key === "Enter" || e.key === " ") {
    e.preventDefault();
    if (game.cursor !== null) onCell(game.cursor, true);
    return;
  }
  const dirs = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  const d = dirs[e.key];
  if (!d) return;
  e.preventDefault();
  if (!cur) {
    game.cursor = st.board.cells[0].square;
    render();
    return;
  }
  const { w, h } = boardSize();
  const [dr, dc] = e.altKey ? [d[0] * (h + 1), d[1] * (w + 1)] : d;
  const next = cellAt(cur.row + dr, cur.col + dc);
  if (next) {
    game.cursor = next.square;
    render();
  }
}

init().catch((e) => setStatus(`Could not start: ${e.message}`, "error"));
