// duckchess: the engine's analysis of the position on the board, deepening
// until stopped. The server streams the best lines (1 to 5) after each
// depth (`POST /api/analyse`, NDJSON); the page shows them, each move a
// button that plays the line up to it into the tree, and an evaluation bar
// beside the board. A new position stops the old analysis (and, with
// "every position", starts one for the new); leaving the page stops it.
"use strict";

const analysis = {
  ctrl: null, // the stream's AbortController while one runs
  node: null, // the node analysed
  shown: null, // the lines' first moves shown: {node, moves: [{from, to}]}
};

// The API's mate scale: a mate in n is MATE - n.
const ANALYSIS_MATE = 100000;

// The chance the side to move wins, from a score in centipawns: lichess's
// curve (a logistic fitted to its players' games) on the score held to
// ±1000, a mate 1 or 0 — as the server's review (engine::review) maps it.
function winningChance(score) {
  if (Math.abs(score) >= ANALYSIS_MATE - 1000) return score > 0 ? 1 : 0;
  const cp = Math.max(-1000, Math.min(1000, score));
  return 1 / (1 + Math.exp(-0.00368208 * cp));
}

function analysisRunning() {
  return analysis.ctrl !== null;
}

function stopAnalysis() {
  if (analysis.ctrl) analysis.ctrl.abort();
  analysis.ctrl = null;
  $("analyse").textContent = "Analyse";
  $("analyse").setAttribute("aria-pressed", "false");
}

// The Analyse button and key: starts, or stops the one running here.
function analyse() {
  if (engineClosed()) return;
  if (analysisRunning() && analysis.node === game.cur && !$("continuous").checked) {
    stopAnalysis();
    return;
  }
  startAnalysis();
}

// Draws the bar: the first side's share from the bottom (the board's
// bottom side when flipped).
function drawEvalBar(chanceFirst) {
  const bar = $("eval-bar");
  bar.hidden = chanceFirst === null;
  if (chanceFirst === null) return;
  const bottom = game.flipped ? 1 - chanceFirst : chanceFirst;
  bar.querySelector(".fill").style.height = `${(bottom * 100).toFixed(1)}%`;
  bar.dataset.first = chanceFirst.toFixed(3);
  bar.title = `${game.variant.sides[0]}: ${Math.round(chanceFirst * 100)}% to win (from the engine's evaluation)`;
}

function showLines(msg, node) {
  const found = msg.lines;
  if (!found.length) return;
  const top = found[0];
  // Each line's first move, drawn as an arrow (drawings.js).
  analysis.shown = { node, moves: found.filter((l) => l.best).map((l) => ({ from: l.best.from, to: l.best.to })) };
  drawShapes();
  $("eval").textContent = `${top.eval} for ${top.eval_for} · depth ${msg.depth}`;
  $("eval-line").textContent = numbered(top.line, node);
  const side = game.variant.sides.indexOf(top.eval_for);
  const chance = winningChance(top.score);
  drawEvalBar(side === 0 ? chance : 1 - chance);
  const list = $("eval-lines");
  list.innerHTML = "";
  list.dataset.depth = msg.depth;
  found.forEach((l) => {
    const li = document.createElement("li");
    const score = document.createElement("span");
    score.className = "line-eval";
    score.textContent = l.eval;
    li.appendChild(score);
    // Each move plays the line up to it.
    const words = numbered(l.line, node).split(" ");
    let k = 0;
    for (const w of words) {
      if (/^\d+\.(\.\.)?$/.test(w)) {
        li.append(` ${w}`);
        continue;
      }
      const b = document.createElement("button");
      b.className = "line-move";
      b.textContent = w;
      b.dataset.upTo = k;
      const coords = l.pv.slice(0, k + 1);
      b.addEventListener("click", () => playLine(node, coords));
      li.append(" ", b);
      k++;
    }
    list.appendChild(li);
  });
}

// Plays `coords` from `node` into the tree (existing moves are followed,
// new ones added as variations).
async function playLine(node, coords) {
  if (game.cur !== node) await go(node);
  for (const c of coords) {
    const before = game.cur;
    await playCoord(c);
    if (game.cur === before) return; // refused
  }
}

async function startAnalysis() {
  stopAnalysis();
  // No engine in a live game (online.js), "every position" or not.
  if (document.body.classList.contains("live-game")) return;
  const st = game.state;
  const node = game.cur;
  $("eval-lines").innerHTML = "";
  if (!st || st.result) {
    $("eval").textContent = st && st.result ? "the game is over" : "";
    $("eval-line").textContent = "";
    drawEvalBar(null);
    return;
  }
  const ctrl = new AbortController();
  analysis.ctrl = ctrl;
  analysis.node = node;
  $("analyse").textContent = "Stop";
  $("analyse").setAttribute("aria-pressed", "true");
  $("eval").textContent = "analysing…";
  try {
    const res = await fetch("/api/analyse", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        variant: game.variant.name,
        position: game.start,
        history: path(node),
        claim: node.claimed,
        lines: parseInt($("lines").value, 10) || 1,
      }),
      signal: ctrl.signal,
    });
    if (!res.ok) throw new Error((await res.json()).error || res.statusText);
    await readNdjson(res, (msg) => {
      if (game.cur !== node || analysis.ctrl !== ctrl) return true;
      if (msg.lines) showLines(msg, node);
      return !!msg.done;
    });
  } catch (e) {
    if (ctrl.signal.aborted) return;
    if (game.cur === node) $("eval").textContent = e.message;
  }
  if (analysis.ctrl === ctrl) stopAnalysis();
}

// A new position: the old analysis is for another; "every position" goes
// on with the new one.
function analysisFollows() {
  if (analysisRunning() && analysis.node !== game.cur) stopAnalysis();
  if (analysis.node !== game.cur) {
    $("eval-lines").innerHTML = "";
    drawEvalBar(null);
  }
  if ($("continuous").checked && !analysisRunning()) startAnalysis();
}

function analysisInit() {
  $("lines").addEventListener("change", () => analysisRunning() && startAnalysis());
  $("continuous").addEventListener("change", () => ($("continuous").checked ? startAnalysis() : stopAnalysis()));
  window.addEventListener("pagehide", stopAnalysis);
}
