// duckchess: the board editor. Any game's board, set up piece by piece:
// place and remove either side's pieces, choose the side to move (castling
// and en passant where the game has them), the board's size where it has
// several (the cube's n), clear it or start from the game's start. Every
// change goes to POST /api/setup, which answers the position's text or
// the rules' refusal in words, the board to draw (an illegal one too) and
// the squares each piece reaches. Nothing here knows a game: the pieces,
// sizes, sides and rights come from the answer. Then the position goes to
// the analysis board, to a game against the computer, or into my studies.
// Loaded after app.js and studies.js, whose loading and saving it uses.
"use strict";

const editor = {
  open: false,
  variant: null, // the game's name
  answer: null, // the last SetupResponse
  tool: { kind: "select" }, // {kind: "piece", side, letter} | {kind: "remove"} | {kind: "select"}
  selected: null, // the square whose reach is shown
  gen: 0, // bumped by every request: an older answer is dropped
};

// The request for the setup on the board now, with `change` applied.
function editorRequest(change = {}) {
  const a = editor.answer;
  const body = {
    variant: editor.variant,
    board: a ? a.board.cells.filter((c) => c.piece).map((c) => ({ square: c.square, side: c.piece.color, letter: c.piece.letter })) : [],
    turn: a ? a.turn : undefined,
    castling: a ? a.castling : undefined,
    en_passant: a && a.en_passant ? a.en_passant : undefined,
    // The counters of the position opened, kept through the edits.
    halfmove: a ? a.halfmove : undefined,
    fullmove: a ? a.fullmove : undefined,
    flip: game.flipped,
  };
  if (a && a.size !== null) body.size = a.size;
  return Object.assign(body, change);
}

async function editorSend(body) {
  const gen = ++editor.gen;
  try {
    const answer = await api("/api/setup", body);
    if (gen !== editor.gen) return;
    if (!editor.answer || editor.answer.variant !== answer.variant) editor.tool = { kind: "select" };
    if (!editor.answer || editor.answer.size !== answer.size) editor.selected = null;
    editor.answer = answer;
    if (editor.selected !== null && !answer.board.cells[editor.selected].piece) editor.selected = null;
    editorRender();
  } catch (e) {
    if (gen !== editor.gen) return;
    editorSay(e.message, "error");
  }
}

function editorSay(text, cls) {
  const s = $("editor-status");
  s.textContent = text;
  s.className = cls || "";
}

// Opens the editor on `position` of game `name` (the position on the
// board by default).
async function editorOpen(name = game.variant.name, position = game.state && game.state.position) {
  editor.open = true;
  editor.variant = name;
  editor.answer = null;
  editor.selected = null;
  $("editor").hidden = false;
  $("play-area").hidden = true;
  $("edit-board").setAttribute("aria-pressed", "true");
  await editorSend({ variant: name, position: position || undefined, flip: game.flipped });
}

function editorClose() {
  editor.open = false;
  editor.gen++;
  $("editor").hidden = true;
  $("play-area").hidden = false;
  $("edit-board").setAttribute("aria-pressed", "false");
  // No second board's cells in the page while the editor is closed.
  $("editor-board").innerHTML = "";
  renderBoard();
}

function editorRender() {
  const a = editor.answer;
  if (!a) return;
  editorPalette(a);
  editorControls(a);
  editorBoard(a);
  if (a.error) editorSay(a.error, "error");
  else editorSay(`A legal position, ${a.turn} to move.`, "legal");
  $("editor-position").value = a.position || "";
  for (const id of ["editor-analyse", "editor-play", "editor-save"]) $(id).disabled = !a.position;
}

// The tools: each side's pieces, the eraser and the reach tester.
function editorPalette(a) {
  const box = $("editor-palette");
  const key = JSON.stringify([a.variant, a.pieces]);
  if (box.dataset.key !== key) {
    box.dataset.key = key;
    box.innerHTML = "";
    const sides = game.variants.find((v) => v.name === a.variant).sides;
    sides.forEach((side, i) => {
      const row = document.createElement("div");
      row.className = "buttons";
      for (const p of a.pieces) {
        const b = document.createElement("button");
        b.className = "tool";
        b.dataset.tool = "piece";
        b.dataset.side = side;
        b.dataset.letter = p.letters[i];
        b.title = `place a ${side} ${p.name}`;
        b.setAttribute("aria-label", b.title);
        const s = document.createElement("span");
        s.className = `piece ${side}`;
        s.textContent = p.glyphs[i];
        if (FILLED[p.glyphs[i]]) s.dataset.fill = FILLED[p.glyphs[i]];
        b.appendChild(s);
        row.appendChild(b);
      }
      box.appendChild(row);
    });
    const row = document.createElement("div");
    row.className = "buttons";
    for (const [tool, label, title] of [
      ["select", "Reach", "click a piece: the squares it reaches"],
      ["remove", "Remove", "click a piece to take it off"],
    ]) {
      const b = document.createElement("button");
      b.className = "tool";
      b.dataset.tool = tool;
      b.textContent = label;
      b.title = title;
      row.appendChild(b);
    }
    box.appendChild(row);
  }
  const t = editor.tool;
  for (const b of box.querySelectorAll("button.tool")) {
    const on = b.dataset.tool === t.kind && (t.kind !== "piece" || (b.dataset.side === t.side && b.dataset.letter === t.letter));
    b.classList.toggle("on", on);
    b.setAttribute("aria-pressed", on ? "true" : "false");
  }
}

function editorControls(a) {
  const v = game.variants.find((x) => x.name === a.variant);
  const size = $("editor-size");
  $("editor-size-box").hidden = !a.sizes;
  if (a.sizes) {
    const [low, high] = a.sizes;
    if (size.options.length !== high - low + 1 || size.options[0].value !== String(low)) {
      size.innerHTML = "";
      for (let n = low; n <= high; n++) {
        const o = document.createElement("option");
        o.value = o.textContent = String(n);
        size.appendChild(o);
      }
    }
    size.value = String(a.size);
  }
  const turn = $("editor-turn");
  if (turn.dataset.sides !== v.sides.join()) {
    turn.dataset.sides = v.sides.join();
    turn.innerHTML = "";
    for (const s of v.sides) {
      const o = document.createElement("option");
      o.value = o.textContent = s;
      turn.appendChild(o);
    }
  }
  turn.value = a.turn;
  const rights = $("editor-castling");
  $("editor-castling-box").hidden = !a.castling_rights.length;
  if (rights.dataset.rights !== a.castling_rights.join("")) {
    rights.dataset.rights = a.castling_rights.join("");
    rights.innerHTML = "";
    for (const r of a.castling_rights) {
      const l = document.createElement("label");
      l.className = "inline";
      l.innerHTML = `<input type="checkbox"> `;
      l.querySelector("input").value = r;
      l.append(r);
      rights.appendChild(l);
    }
  }
  for (const i of rights.querySelectorAll("input")) i.checked = a.castling.includes(i.value);
  $("editor-ep-box").hidden = !a.has_en_passant;
  if (document.activeElement !== $("editor-ep")) $("editor-ep").value = a.en_passant || "";
}

function editorBoard(a) {
  // Laid out as the analysis board is (app.js's view): boards too small
  // side by side wrap onto more rows.
  const b = Object.assign({}, view(a.board), { flipped: a.board.flipped });
  const board = $("editor-board");
  const top = b.labels.length ? 1 : 0;
  // Smaller than the analysis board's: the pieces to place stand above it.
  const size = Math.min(b.size, 60);
  const edge = Math.max(14, Math.round(size * 0.4));
  board.style.setProperty("--cell", size + "px");
  board.style.setProperty("--edge", edge + "px");
  board.style.gridTemplateColumns = `${edge}px repeat(${b.cols}, ${size}px)`;
  board.style.gridTemplateRows = `${top ? size * 0.6 + "px " : ""}repeat(${b.rows}, ${size}px) ${edge}px`;
  const v = game.variants.find((x) => x.name === a.variant);
  board.className = v.checkered ? "checkered" : "points";
  board.dataset.variant = a.variant;
  board.dataset.cells = b.cells.length;
  board.dataset.size = a.size === null ? "" : a.size;
  board.dataset.legal = a.position ? "yes" : "no";
  board.innerHTML = "";
  const reach = a.reach.find((r) => r.square === editor.selected);
  const targets = new Set(reach ? reach.to : []);
  for (const l of b.labels) {
    const d = document.createElement("div");
    d.className = "label";
    d.textContent = l.text;
    d.style.gridRow = `${l.row + top}`;
    d.style.gridColumn = `${l.col + 2} / span ${l.width}`;
    board.appendChild(d);
  }
  const leftmost = new Map();
  const lowest = new Map();
  for (const c of b.cells) {
    if (!leftmost.has(c.row) || leftmost.get(c.row).col > c.col) leftmost.set(c.row, c);
    if (!lowest.has(c.col) || lowest.get(c.col).row < c.row) lowest.set(c.col, c);
  }
  for (const [row, c] of leftmost) {
    const d = document.createElement("div");
    d.className = "coord rank";
    d.textContent = c.rank;
    d.style.gridRow = `${row + 1 + top}`;
    d.style.gridColumn = "1";
    board.appendChild(d);
  }
  for (const [col, c] of lowest) {
    const d = document.createElement("div");
    d.className = "coord file";
    d.textContent = c.file;
    d.style.gridRow = `${c.row + 2 + top}`;
    d.style.gridColumn = `${col + 2}`;
    board.appendChild(d);
  }
  for (const c of b.cells) {
    const d = document.createElement("div");
    const cls = ["cell", (c.row + c.col) % 2 ? "dark" : "light"];
    if (c.piece) cls.push("occupied");
    if (targets.has(c.square)) cls.push("target");
    if (editor.selected === c.square) cls.push("selected");
    d.className = cls.join(" ");
    d.dataset.square = c.square;
    d.dataset.name = c.name;
    d.title = c.name + (c.piece ? ` ${c.piece.color} ${c.piece.name}` : "");
    if (c.piece) {
      const p = document.createElement("span");
      p.className = `piece ${c.piece.color}`;
      p.textContent = c.piece.glyph;
      p.dataset.letter = c.piece.letter;
      if (FILLED[c.piece.glyph]) p.dataset.fill = FILLED[c.piece.glyph];
      d.appendChild(p);
    }
    d.style.gridRow = `${c.row + 1 + top}`;
    d.style.gridColumn = `${c.col + 2}`;
    board.appendChild(d);
  }
}

// A click on a square: the tool at work.
function editorCell(square) {
  const a = editor.answer;
  if (!a) return;
  const here = a.board.cells[square].piece;
  const t = editor.tool;
  if (t.kind === "select") {
    editor.selected = here && editor.selected !== square ? square : null;
    editorBoard(a);
    return;
  }
  let board = editorRequest().board.filter((p) => p.square !== square);
  // A piece put where the same piece stands takes it off, as lichess does.
  if (t.kind === "piece" && !(here && here.color === t.side && here.letter === t.letter)) {
    board.push({ square, side: t.side, letter: t.letter });
  }
  editorSend(editorRequest({ board }));
}

// The position set up, on the analysis board: nobody's opponent unless
// asked, no study or import around it.
async function editorLoad(against) {
  const a = editor.answer;
  if (!a || !a.position) return false;
  $("study").value = "";
  showStudy(null);
  game.imported = [];
  fillImported();
  $("opponent").value = "human";
  editorClose();
  await loadGame(a.variant, a.position, [], [], 0);
  if (against) {
    // The person plays the side to move.
    $("opponent").value = "computer";
    $("computer-side").value = game.variant.sides.find((s) => s !== a.turn);
    sidesChanged();
  }
  return true;
}

async function editorSaveStudy() {
  const title = $("editor-title").value.trim();
  if (!title) {
    editorSay("A study needs a title.", "error");
    return;
  }
  if (!(await editorLoad(false))) return;
  $("study-title").value = title;
  $("study-goal-text").value = $("editor-goal").value.trim();
  saveStudy();
}

function editorInit() {
  $("edit-board").addEventListener("click", () => (editor.open ? editorClose() : editorOpen()));
  $("editor-close").addEventListener("click", editorClose);
  $("editor-palette").addEventListener("click", (e) => {
    const b = e.target.closest("button.tool");
    if (!b) return;
    const t = b.dataset.tool;
    editor.tool = t === "piece" ? { kind: "piece", side: b.dataset.side, letter: b.dataset.letter } : { kind: t };
    if (t !== "select") editor.selected = null;
    editorRender();
  });
  $("editor-board").addEventListener("click", (e) => {
    const d = e.target.closest(".cell");
    if (d) editorCell(parseInt(d.dataset.square, 10));
  });
  // A right-click takes a piece off, whatever the tool.
  $("editor-board").addEventListener("contextmenu", (e) => {
    const d = e.target.closest(".cell");
    if (!d) return;
    e.preventDefault();
    const square = parseInt(d.dataset.square, 10);
    editorSend(editorRequest({ board: editorRequest().board.filter((p) => p.square !== square) }));
  });
  $("editor-size").addEventListener("change", () => {
    // Another size is another board: its squares start empty.
    editorSend(editorRequest({ size: parseInt($("editor-size").value, 10), board: [], castling: "", en_passant: undefined, halfmove: 0, fullmove: 1 }));
  });
  $("editor-turn").addEventListener("change", () => editorSend(editorRequest({ turn: $("editor-turn").value, en_passant: undefined })));
  $("editor-castling").addEventListener("change", () => {
    const on = [...$("editor-castling").querySelectorAll("input")].filter((i) => i.checked).map((i) => i.value);
    editorSend(editorRequest({ castling: on.join("") }));
  });
  $("editor-ep").addEventListener("change", () => editorSend(editorRequest({ en_passant: $("editor-ep").value.trim() || undefined })));
  $("editor-clear").addEventListener("click", () =>
    editorSend(editorRequest({ board: [], castling: "", en_passant: undefined, halfmove: 0, fullmove: 1 })));
  $("editor-start").addEventListener("click", () => {
    const v = game.variants.find((x) => x.name === editor.variant);
    editorSend({ variant: v.name, position: v.start, flip: game.flipped });
  });
  $("editor-analyse").addEventListener("click", () => editorLoad(false));
  $("editor-play").addEventListener("click", () => editorLoad(true));
  $("editor-save").addEventListener("click", editorSaveStudy);
  // Another game chosen while the editor is open: its start to edit.
  $("variant").addEventListener("change", () => {
    if (!editor.open) return;
    const v = game.variants.find((x) => x.name === $("variant").value);
    editor.variant = v.name;
    editor.answer = null;
    editor.selected = null;
    editorSend({ variant: v.name, position: v.start, flip: game.flipped });
  });
  window.addEventListener("resize", () => editor.open && editor.answer && editorBoard(editor.answer));
}

editorInit();
