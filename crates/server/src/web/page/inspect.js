// Choosing from the possible moves and inspecting attacks (issue 28), on
// top of app.js, which calls inspectBoard after drawing the board and
// inspectLegal after listing the possible moves.
//
// - The list of possible moves has a cursor: [ and ] select the previous
//   and next move (the focus goes to the list), Enter plays the selected
//   one; the selected or hovered move is previewed on the board (its from
//   and to squares, the piece it takes) and told in a line under the list.
// - A right-click (or a long press) on a square asks POST /api/attacks and
//   marks the pieces of either side that attack it, with a line naming
//   them; Esc or a click elsewhere clears it.
"use strict";

const inspect = {
  key: null, // the list the cursor is in: position and moves
  moves: [], // the moves listed
  index: -1, // the selected entry, -1 for none
  hover: -1, // the entry under the mouse, -1 for none
  attacks: null, // the answer shown: {position, square, name, attackers}
  gen: 0, // bumped by each inspection: an older answer is dropped
  press: null, // the long press's timer
  pressedAt: 0, // when a long press last inspected (its click is no "elsewhere")
};

const PREVIEW = ["preview-from", "preview-to", "preview-capture"];
const ATTACK = ["inspected", "attacker", "attacker-0", "attacker-1"];

// The move previewed: the hovered entry, else the selected one.
function previewed() {
  const i = inspect.hover >= 0 ? inspect.hover : inspect.index;
  return inspect.moves[i] || null;
}

function cellOf(square) {
  return document.querySelector(`#board .cell[data-square='${square}']`);
}

// The square of the piece a move takes: its target, or (en passant) the
// square beside it in the row the pawn came from.
function capturedSquare(m) {
  const cells = game.state.board.cells;
  const to = cells.find((c) => c.square === m.to);
  if (to && to.piece) return m.to;
  const from = cells.find((c) => c.square === m.from);
  const beside = cells.find((c) => from && to && c.row === from.row && c.col === to.col);
  return beside ? beside.square : m.to;
}

// Marks the preview and the attackers on the board as drawn.
function inspectBoard() {
  for (const cls of [...PREVIEW, ...ATTACK]) {
    for (const d of document.querySelectorAll(`#board .cell.${cls}`)) d.classList.remove(cls);
  }
  const m = previewed();
  if (m) {
    cellOf(m.from)?.classList.add("preview-from");
    cellOf(m.to)?.classList.add("preview-to");
    if (m.captures) cellOf(capturedSquare(m))?.classList.add("preview-capture");
  }
  let a = inspect.attacks;
  if (a && (!game.state || a.position !== game.state.position)) {
    // Another position: the attackers shown were this one's.
    inspect.attacks = a = null;
    $("attacks-line").textContent = "";
  }
  if (a) {
    cellOf(a.square)?.classList.add("inspected");
    for (const at of a.attackers) {
      const side = game.variant.sides.indexOf(at.side);
      cellOf(at.square)?.classList.add("attacker", `attacker-${side}`);
    }
  }
}

// The line under the list: what the previewed move does.
function previewLine() {
  const line = $("legal-preview");
  const m = previewed();
  if (!m) {
    line.textContent = "";
    return;
  }
  const cells = game.state.board.cells;
  const from = cells.find((c) => c.square === m.from);
  const to = cells.find((c) => c.square === m.to);
  const parts = [];
  const piece = from && from.piece ? `the ${from.piece.name}` : "the piece";
  parts.push(`${piece} from ${from ? from.name : m.from} to ${to ? to.name : m.to}`);
  if (m.captures) parts.push(`captures the ${m.captures}`);
  if (m.promotion) parts.push(`promotes to ${m.promotion.toUpperCase()}`);
  if (m.check) parts.push("gives check");
  line.textContent = `${m.notation}: ${parts.join(", ")}`;
}

// Marks the selected entry of the list (kept while the list is the same).
function inspectLegal(box, moves) {
  const key = `${game.state.position} ${moves.map((m) => m.coord).join(",")}`;
  if (key !== inspect.key) {
    inspect.key = key;
    inspect.index = -1;
    inspect.hover = -1;
  }
  inspect.moves = moves;
  box.setAttribute("role", "listbox");
  box.setAttribute("aria-label", "possible moves");
  box.tabIndex = 0;
  [...box.querySelectorAll("button")].forEach((b, i) => {
    b.setAttribute("role", "option");
    b.dataset.index = i;
    b.classList.toggle("chosen", i === inspect.index);
    b.setAttribute("aria-selected", i === inspect.index ? "true" : "false");
  });
  previewLine();
  inspectBoard();
}

// Selects entry i of the list and previews it.
function choose(i) {
  if (!inspect.moves.length) return;
  inspect.index = Math.max(0, Math.min(inspect.moves.length - 1, i));
  inspect.hover = -1; // the keys' choice shows until the mouse moves
  const box = $("legal");
  for (const b of box.querySelectorAll("button")) {
    const on = parseInt(b.dataset.index, 10) === inspect.index;
    b.classList.toggle("chosen", on);
    b.setAttribute("aria-selected", on ? "true" : "false");
    if (on) {
      box.setAttribute("aria-activedescendant", (b.id = `legal-${inspect.index}`));
      b.scrollIntoView({ block: "nearest" });
    }
  }
  previewLine();
  inspectBoard();
}

function onInspectKey(e) {
  const t = e.target;
  if (t && (t.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(t.tagName))) return;
  if (e.ctrlKey || e.metaKey || e.altKey || !game.state) return;
  if (e.key === "[" || e.key === "]") {
    e.preventDefault();
    if (!inspect.moves.length) return;
    const step = e.key === "]" ? 1 : -1;
    choose(inspect.index < 0 ? (step > 0 ? 0 : inspect.moves.length - 1) : inspect.index + step);
    $("legal").focus({ preventScroll: true });
    return;
  }
  if (e.key === "Escape" && inspect.attacks) {
    clearAttacks();
  }
}

// Enter on the list plays the selected move.
function onLegalKey(e) {
  if (e.key !== "Enter" || e.target.id !== "legal") return;
  const m = inspect.moves[inspect.index];
  if (!m) return;
  e.preventDefault();
  playCoord(m.coord);
}

function clearAttacks() {
  inspect.attacks = null;
  inspect.gen++;
  $("attacks-line").textContent = "";
  inspectBoard();
}

// Asks which pieces attack `square` and shows them.
async function inspectSquare(square) {
  if (!game.state) return;
  const gen = ++inspect.gen;
  const position = game.state.position;
  try {
    const a = await api("/api/attacks", request({ square }));
    if (gen !== inspect.gen || !game.state || game.state.position !== position) return;
    inspect.attacks = Object.assign({ position }, a);
    const parts = game.variant.sides.map((side) => {
      const them = a.attackers.filter((x) => x.side === side);
      const names = them.map((x) => `${x.letter.toUpperCase()}${x.name}`);
      return them.length ? `by ${side} ${names.join(", ")}` : `not by ${side}`;
    });
    $("attacks-line").textContent = `${a.name}: attacked ${parts.join("; ")}`;
    inspectBoard();
  } catch (e) {
    if (gen === inspect.gen) setStatus(e.message, "error");
  }
}

function squareAt(target) {
  const c = target && target.closest && target.closest("#board .cell");
  return c ? parseInt(c.dataset.square, 10) : null;
}

function inspectInit() {
  const board = $("board");
  const legal = $("legal");
  board.addEventListener("contextmenu", (e) => {
    const sq = squareAt(e.target);
    if (sq === null) return;
    e.preventDefault();
    // The right button draws arrows and circles unless set to attacks.
    if (rightButtonDraws()) return;
    inspectSquare(sq);
  });
  // A long press on a touch screen: 500 ms without moving.
  board.addEventListener(
    "touchstart",
    (e) => {
      const sq = squareAt(e.target);
      clearTimeout(inspect.press);
      if (sq === null || e.touches.length !== 1) return;
      inspect.press = setTimeout(() => {
        inspect.pressedAt = Date.now();
        inspectSquare(sq);
      }, 500);
    },
    { passive: true },
  );
  for (const ev of ["touchend", "touchmove", "touchcancel"]) {
    board.addEventListener(ev, () => clearTimeout(inspect.press), { passive: true });
  }
  // A click elsewhere clears the attackers shown.
  document.addEventListener("click", () => {
    if (inspect.attacks && Date.now() - inspect.pressedAt > 800) clearAttacks();
  });
  document.addEventListener("keydown", onInspectKey);
  legal.addEventListener("keydown", onLegalKey);
  legal.addEventListener("mouseover", (e) => {
    const b = e.target.closest("button");
    const i = b ? parseInt(b.dataset.index, 10) : -1;
    if (i !== inspect.hover) {
      inspect.hover = i;
      previewLine();
      inspectBoard();
    }
  });
  legal.addEventListener("mouseleave", () => {
    inspect.hover = -1;
    previewLine();
    inspectBoard();
  });
  // A button focused (Tab) is the one selected.
  legal.addEventListener("focusin", (e) => {
    const b = e.target.closest("button");
    if (b) choose(parseInt(b.dataset.index, 10));
  });
}

inspectInit();
