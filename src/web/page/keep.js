// duckchess: the analysis board kept across reloads, links and Back.
// The address holds the game: its variant, its start when not the usual
// one, the line of moves (to the position shown and on along the moves
// "forward" plays) and the ply shown when it is not the line's end; a
// reload or a link sent to someone shows that. The browser's storage holds
// the whole tree (variations, comments, claims), the study and the
// opponent's settings, so that a reload loses nothing. Each position shown
// is a step of the browser's history: Back and Forward walk through them.
// Loaded before app.js, whose functions these call.
"use strict";

const KEEP_KEY = "duckchess-analysis";
// At most this many moves are kept: a tree larger than any real analysis
// is not worth filling the browser's storage with.
const KEEP_MAX_NODES = 5000;

const keep = {
  // Only the analysis board at / is kept: an online game is the server's.
  on: location.pathname === "/",
  popping: false, // the position shown came from Back or Forward
  started: false, // the first position has been shown
  earlier: [], // this page's earlier games, for Back across a new game
  saved: null, // the root of the last game put in `earlier`
};

// The address of the position shown.
function addressOf() {
  const q = new URLSearchParams();
  q.set("variant", game.variant.name);
  if (game.start !== game.variant.start) q.set("start", game.start);
  let end = game.cur;
  while (forwardOf(end)) end = forwardOf(end);
  for (const coord of path(end)) q.append("m", coord);
  if (end !== game.cur) q.set("ply", game.cur.ply);
  return "/?" + q.toString();
}

// The game as stored: each node after its parent, a parent's first child
// its main line (as /api/import gives a tree), with the node shown.
function snapshot() {
  const tree = [];
  const index = new Map();
  const stack = game.root.children.slice().reverse();
  while (stack.length && tree.length < KEEP_MAX_NODES) {
    const n = stack.pop();
    index.set(n, tree.length);
    tree.push({
      parent: n.parent === game.root ? null : index.get(n.parent),
      coord: n.coord,
      notation: n.notation,
      comment: n.comment,
      claimed: n.claimed || undefined,
      next: n.parent.next === n || undefined,
    });
    for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]);
  }
  return {
    variant: game.variant.name,
    start: game.start,
    tags: game.tags,
    tree,
    rootClaimed: game.root.claimed || undefined,
    at: game.cur === game.root ? null : (index.has(game.cur) ? index.get(game.cur) : null),
    flipped: game.flipped,
    study: game.study ? game.study.title : null,
    opponent: $("opponent").value,
    computerSide: $("computer-side").value,
    think: $("think").value,
  };
}

function stored() {
  try {
    const s = JSON.parse(localStorage.getItem(KEEP_KEY) || "null");
    return s && Array.isArray(s.tree) && typeof s.variant === "string" ? s : null;
  } catch (e) {
    return null;
  }
}

// Called by app.js each time a position is shown: stores the game and
// makes the address that of the position, a new step of the history
// unless it came from Back or Forward (or is the page's first).
function kept() {
  if (!keep.on || !game.variant) return;
  const snap = snapshot();
  try {
    localStorage.setItem(KEEP_KEY, JSON.stringify(snap));
  } catch (e) {
    /* storage full or refused: the address still holds the line */
  }
  const url = addressOf();
  const here = location.pathname + location.search;
  const state = { duckchess: true };
  if (url === here) {
    history.replaceState(state, "");
  } else if (keep.popping || !keep.started) {
    history.replaceState(state, "", url);
  } else {
    history.pushState(state, "", url);
  }
  keep.popping = false;
  keep.started = true;
}

// Before a new game replaces the tree: kept, so that Back can find it
// (once, however many steps of the loading call this).
function keepEarlier() {
  if (!keep.on || !game.root || !game.root.children.length || keep.saved === game.root) return;
  keep.saved = game.root;
  keep.earlier.push(snapshot());
  if (keep.earlier.length > 20) keep.earlier.shift();
}

// The node a line of coordinates leads to in a stored tree, or undefined
// when the tree does not hold the line. -1 is the root.
function lineIn(snap, line) {
  let at = null;
  for (const coord of line) {
    const i = snap.tree.findIndex((t) => t.parent === at && t.coord === coord);
    if (i < 0) return undefined;
    at = i;
  }
  return at === null ? -1 : at;
}

// The node at `ply` along a line in a stored tree (the line's end if
// `ply` is past it).
function nodeAtPly(snap, line, ply) {
  return lineIn(snap, line.slice(0, Math.max(0, Math.min(ply, line.length))));
}

// Loads a stored game, at the node `at` (an index of its tree, -1 the root).
async function loadSnapshot(snap, at) {
  const study = snap.study && game.studies.findIndex((s) => s.variant === snap.variant && s.title === snap.study);
  showStudy(study >= 0 ? game.studies[study] : null);
  $("study").value = study >= 0 ? study : "";
  if (snap.opponent) $("opponent").value = snap.opponent;
  if (snap.think) $("think").value = snap.think;
  await loadGame(snap.variant, snap.start, [], [], 0, snap.tree, snap.tags || [], {
    at,
    flipped: snap.flipped,
    computerSide: snap.computerSide,
    rootClaimed: snap.rootClaimed,
  });
}

// What the address asks for: {variant, start, line, ply}, or null when it
// names no game (a bare /, or only `?variant=`, which is a new game).
function addressed() {
  const q = new URLSearchParams(location.search);
  const v = game.variants.find((x) => x.name === q.get("variant"));
  if (!v || !(q.has("m") || q.has("start"))) return null;
  const line = q.getAll("m");
  const ply = q.has("ply") ? parseInt(q.get("ply"), 10) : line.length;
  return { variant: v.name, start: q.get("start") || v.start, line, ply: Number.isFinite(ply) ? ply : line.length };
}

// Shows the game the address names: from a stored tree that holds its
// line (this page's or the browser's), else its line alone, each move's
// notation asked of the server once. False when the address names no game.
async function showAddressed() {
  const a = addressed();
  if (!a) return false;
  const trees = [stored(), ...keep.earlier.slice().reverse()].filter(Boolean);
  for (const snap of trees) {
    if (snap.variant !== a.variant || snap.start !== a.start || lineIn(snap, a.line) === undefined) continue;
    await loadSnapshot(snap, nodeAtPly(snap, a.line, a.ply));
    return true;
  }
  try {
    const st = await api("/api/moves", {
      variant: a.variant,
      position: a.start,
      history: a.line,
      notations: true,
    });
    showStudy(null);
    await loadGame(a.variant, a.start, a.line, st.line, Math.min(a.ply, a.line.length));
  } catch (e) {
    await newGame(a.variant);
    setStatus(`The address's game: ${e.message}`, "error");
  }
  return true;
}

// At start: the game the address names, else (a bare /) the one stored.
// False when there is neither: the page starts a new game.
async function restore() {
  if (!keep.on) return false;
  const q = new URLSearchParams(location.search);
  if (await showAddressed()) return true;
  if (q.has("variant")) return false;
  const snap = stored();
  if (!snap || !game.variants.some((v) => v.name === snap.variant)) return false;
  await loadSnapshot(snap, snap.at === null || snap.at === undefined ? -1 : snap.at);
  return true;
}

// Back and Forward: a position of the game on the board is gone to; one
// of another game is loaded from the address.
window.addEventListener("popstate", () => {
  if (!keep.on || !game.variant) return;
  keep.popping = true;
  const a = addressed();
  if (a && a.variant === game.variant.name && a.start === game.start) {
    // The whole line is followed, so that Forward goes along it and the
    // address stays the one gone back to.
    const line = [game.root];
    for (const coord of a.line) {
      const n = line[line.length - 1].children.find((c) => c.coord === coord);
      if (!n) break;
      line.push(n);
    }
    if (line.length === a.line.length + 1) {
      for (const n of line.slice(1)) n.parent.next = n;
      go(line[Math.max(0, Math.min(a.ply, a.line.length))]);
      return;
    }
  }
  if (a) {
    showAddressed();
    return;
  }
  const v = new URLSearchParams(location.search).get("variant");
  newGame(game.variants.some((x) => x.name === v) ? v : game.variant.name);
});
