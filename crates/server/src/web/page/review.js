// duckchess: "Analyse the game", as lichess's computer analysis. The
// server scores every position of the main line (POST /api/review,
// NDJSON, one line per position as soon as it is searched); the page
// draws the first side's winning chance across the game as a graph, marks
// the inaccuracies, mistakes and blunders on it (judged on the server by
// the winning chance the mover lost: 5, 10, 15 points, lichess's
// thresholds), lists them per side with the engine's move instead, and
// writes each as the move's annotation (?!, ?, ??) in the tree, where
// the record and the PGN keep it. A click on the graph goes to that move.
"use strict";

const review = {
  ctrl: null, // the stream's AbortController while one runs
  root: null, // the tree the review is of (a new game drops it)
  nodes: [], // the main line reviewed: its nodes, the start first
  points: [], // per ply: {first, judgement, eval, best, over}
  sides: null, // the summary, when done
};

const JUDGEMENT_SIGN = { inaccuracy: "?!", mistake: "?", blunder: "??" };

function reviewRunning() {
  return review.ctrl !== null;
}

function stopReview() {
  if (review.ctrl) review.ctrl.abort();
  review.ctrl = null;
  $("review-game").textContent = "Analyse the game";
  $("review-game").setAttribute("aria-pressed", "false");
}

// The main line from the start: the nodes a review is of.
function mainLine() {
  const nodes = [game.root];
  for (let n = game.root; n.children.length; n = n.children[0]) nodes.push(n.children[0]);
  return nodes;
}

async function reviewGame() {
  if (reviewRunning()) {
    stopReview();
    return;
  }
  if (engineClosed()) return;
  const nodes = mainLine();
  Object.assign(review, { root: game.root, nodes, points: [], sides: null });
  const ctrl = new AbortController();
  review.ctrl = ctrl;
  $("review-game").textContent = "Stop";
  $("review-game").setAttribute("aria-pressed", "true");
  $("review").hidden = false;
  $("review-status").textContent = "analysing the game…";
  $("review-sides").innerHTML = "";
  drawReview();
  let judged = false;
  try {
    const res = await fetch("/api/review", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        variant: game.variant.name,
        position: game.start,
        history: nodes.slice(1).map((n) => n.coord),
        think_ms: parseInt($("review-ms").value, 10) || 300,
      }),
      signal: ctrl.signal,
    });
    if (!res.ok) throw new Error((await res.json()).error || res.statusText);
    await readNdjson(res, (msg) => {
      if (review.ctrl !== ctrl) return true;
      if (msg.positions) {
        $("review-status").textContent = `analysing ${msg.positions} positions, ${msg.think_ms} ms each…`;
      } else if (msg.done) {
        review.sides = msg.sides;
      } else if (typeof msg.ply === "number") {
        review.points[msg.ply] = msg;
        const node = review.nodes[msg.ply];
        // The review's judgement, unless the reader annotated the move.
        if (msg.nag && node && !node.nags.some((n) => n >= 1 && n <= 6)) {
          node.nags.unshift(msg.nag);
          judged = true;
        }
        $("review-status").textContent = `analysed ${review.points.filter(Boolean).length} of ${review.nodes.length} positions…`;
        drawReview();
      }
      return !!msg.done;
    });
  } catch (e) {
    if (!ctrl.signal.aborted) $("review-status").textContent = e.message;
  }
  if (review.ctrl === ctrl) {
    review.ctrl = null;
    stopReview();
    if (review.sides) $("review-status").textContent = `${review.points.length} positions analysed, ${$("review-ms").value} ms each`;
  }
  if (judged && review.root === game.root) treeChanged();
  drawReview();
  // Kept with the game, so that a reload shows it again (keep.js).
  if (review.root === game.root && typeof kept === "function") kept();
}

// The review as the browser keeps it with the game: each position's
// chance, judgement and the engine's move, and the summary; none while
// one runs or for another game.
function keptReview() {
  if (reviewRunning() || review.root !== game.root || !review.points.length) return undefined;
  return {
    moves: review.nodes.slice(1).map((n) => n.coord),
    ms: $("review-ms").value,
    sides: review.sides,
    points: review.points.map((p) => p && {
      first: p.first,
      judgement: p.judgement || undefined,
      best: p.best ? { notation: p.best.notation } : undefined,
    }),
  };
}

// Shows a kept review again if the game's main line is the one reviewed.
function restoreReview(kept) {
  if (!kept || !Array.isArray(kept.points)) return;
  const nodes = mainLine();
  const moves = nodes.slice(1).map((n) => n.coord);
  if (moves.length !== kept.moves.length || moves.some((m, i) => m !== kept.moves[i])) return;
  Object.assign(review, { root: game.root, nodes, points: kept.points, sides: kept.sides || null });
  $("review-status").textContent = `${kept.points.length} positions analysed, ${kept.ms} ms each`;
  drawReview();
}

// The move that led to ply `p` in the main line's numbering: `12. Nf3`,
// `12... Nf6`.
function reviewedMove(p) {
  const node = review.nodes[p];
  const side = sideAt(node.parent);
  const number = Math.floor((game.startSide + node.ply - 1) / 2) + 1;
  return `${number}.${side === 0 ? "" : ".."} ${node.notation}`;
}

// The graph: the first side's chance from the start to the last position
// analysed, 100 % at the top; a dot on each judged move; the move on the
// board as a line.
function drawReview() {
  const box = $("review");
  if (review.root !== game.root || !review.nodes.length) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const svg = $("review-graph");
  const ns = "http://www.w3.org/2000/svg";
  // Drawn in the graph's own pixels (no stretching: round dots), with a
  // margin of a dot's radius so that a dot at an edge is whole.
  const W = Math.round(svg.clientWidth) || 300;
  const H = Math.round(svg.clientHeight) || 120;
  const R = 3.5;
  const n = Math.max(1, review.nodes.length - 1);
  const x = (p) => R + (p / n) * (W - 2 * R);
  const y = (first) => R + (1 - first) * (H - 2 * R);
  svg.innerHTML = "";
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  const el = (name, attrs) => {
    const e = document.createElementNS(ns, name);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    svg.appendChild(e);
    return e;
  };
  el("rect", { x: 0, y: 0, width: W, height: H, class: "second" });
  const known = review.points.map((p, i) => [i, p]).filter(([, p]) => p);
  if (known.length) {
    const pts = known.map(([i, p]) => `${x(i).toFixed(1)},${y(p.first).toFixed(1)}`);
    const last = known[known.length - 1][0];
    el("polygon", { points: `${x(0).toFixed(1)},${H} ${pts.join(" ")} ${x(last).toFixed(1)},${H}`, class: "first" });
  }
  el("line", { x1: 0, y1: H / 2, x2: W, y2: H / 2, class: "middle" });
  const at = review.nodes.indexOf(game.cur);
  if (at >= 0) el("line", { x1: x(at), y1: 0, x2: x(at), y2: H, class: "now" });
  for (const [i, p] of known) {
    if (!p.judgement) continue;
    const dot = el("circle", { cx: x(i), cy: y(p.first), r: R, class: `judged ${p.judgement}` });
    dot.dataset.ply = i;
    dot.dataset.judgement = p.judgement;
    const t = document.createElementNS(ns, "title");
    t.textContent = `${reviewedMove(i)}${JUDGEMENT_SIGN[p.judgement]}: ${p.judgement}`;
    dot.appendChild(t);
  }
  svg.dataset.points = known.length;
  svg.dataset.positions = review.nodes.length;
  svg.dataset.first = known.map(([, p]) => p.first).join(",");
  drawReviewSides();
}

// Each side's judged moves, each a button to it, with the engine's move.
function drawReviewSides() {
  const box = $("review-sides");
  box.innerHTML = "";
  game.variant.sides.forEach((side, s) => {
    const div = document.createElement("div");
    div.className = "review-side";
    div.dataset.side = side;
    const moves = review.points
      .map((p, i) => [i, p])
      .filter(([i, p]) => p && p.judgement && i > 0 && sideAt(review.nodes[i].parent) === s);
    const count = (j) => moves.filter(([, p]) => p.judgement === j).length;
    const summary = review.sides ? review.sides[s] : null;
    const words = [
      ["inaccuracy", "inaccuracies"],
      ["mistake", "mistakes"],
      ["blunder", "blunders"],
    ].map(([one, many]) => {
      const k = summary ? summary[many] : count(one);
      return `${k} ${k === 1 ? one : many}`;
    });
    const head = document.createElement("p");
    head.className = "review-count";
    head.textContent = `${side}: ${words.join(", ")}`;
    div.appendChild(head);
    for (const [i, p] of moves) {
      const b = document.createElement("button");
      b.className = `review-move ${p.judgement}`;
      b.dataset.ply = i;
      b.dataset.judgement = p.judgement;
      const before = review.points[i - 1];
      const better = before && before.best ? ` (best: ${before.best.notation})` : "";
      b.textContent = `${reviewedMove(i)}${JUDGEMENT_SIGN[p.judgement]}${better}`;
      b.addEventListener("click", () => go(review.nodes[i]));
      div.appendChild(b);
    }
    box.appendChild(div);
  });
}

// A click on the graph: the position at that point of the game.
function onReviewClick(e) {
  const svg = $("review-graph");
  const r = svg.getBoundingClientRect();
  const n = Math.max(1, review.nodes.length - 1);
  const p = Math.round(((e.clientX - r.left - 3.5) / (r.width - 7)) * n);
  const node = review.nodes[Math.max(0, Math.min(n, p))];
  if (node && review.root === game.root) go(node);
}

function reviewInit() {
  $("review-game").addEventListener("click", reviewGame);
  $("review-graph").addEventListener("click", onReviewClick);
  window.addEventListener("pagehide", stopReview);
}
