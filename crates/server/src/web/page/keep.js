// duckchess: the analysis board kept across reloads, links and Back.
// The address holds the game: its variant, its start when not the usual
// one, the line of moves (to the position shown and on along the moves
// "forward" plays) and the ply shown when it is not the line's end; a
// reload or a link sent to someone shows that. The browser's storage holds
// the whole tree (variations, comments, NAGs, claims), the study and the
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

// The longest tree an address holds (its `tree` as text): longer ones
// are kept in the browser only.
const KEEP_MAX_ADDRESS_TREE = 4000;
// A link's tree is named by asking the server for each of its lines:
// at most this many.
const KEEP_MAX_LINES = 64;

// The address of the position shown; `snap` is the game as stored, whose
// tree the address holds too (`tree`) when it has more than the line.
function addressOf(snap) {
  const q = new URLSearchParams();
  q.set("variant", game.variant.name);
  if (game.start !== game.variant.start) q.set("start", game.start);
  let end = game.cur;
  while (forwardOf(end)) end = forwardOf(end);
  for (const coord of path(end)) q.append("m", coord);
  if (end !== game.cur) q.set("ply", game.cur.ply);
  // The record's tags (its Event, players, Result …), one `tag=Name:value`
  // each.
  for (const [name, value] of game.tags || []) q.append("tag", `${name}:${value}`);
  const children = new Map();
  for (const t of snap.tree) children.set(t.parent, (children.get(t.parent) || 0) + 1);
  let tree = "";
  if (snap.tree.some((t) => t.comment || t.nags) || [...children.values()].some((n) => n > 1)) {
    const text = itemsText(treeItems(snap.tree));
    if (text.length <= KEEP_MAX_ADDRESS_TREE) tree = "&tree=" + text;
  }
  return "/?" + q.toString() + tree;
}

// A tree's items as an address writes them, readable where the moves are:
// moves joined by `_`, a move's annotations after it as PGN's `$N`, a
// variation in parentheses, a comment after `!`, each escaped so that none
// holds `_ ( ) ! $`: `e2e4$1_e7e5_!a%20comment_g1f3_(f1c4$6_g8f6)_b8c6`.
function itemsText(items) {
  const esc = (t) => encodeURIComponent(t).replace(/[()_!*'~]/g, (ch) => "%" + ch.charCodeAt(0).toString(16).toUpperCase());
  return items
    .map((it) =>
      typeof it === "string" ? esc(it)
        : Array.isArray(it) ? `(${itemsText(it)})`
        : it.m !== undefined ? esc(it.m) + it.n.map((n) => `$${n}`).join("")
        : "!" + esc(it.c))
    .join("_");
}

// The items of an address's tree (as itemsText writes them), or null.
function itemsFrom(text) {
  const stack = [[]];
  let token = "";
  const flush = () => {
    if (!token) return;
    const [move, ...nags] = token.split("$");
    stack[stack.length - 1].push(
      token[0] === "!" ? { c: decodeURIComponent(token.slice(1)) }
        : nags.length ? { m: decodeURIComponent(move), n: nags.map(Number) }
        : decodeURIComponent(token),
    );
    token = "";
  };
  try {
    for (const ch of text) {
      if (ch === "_" || ch === "(" || ch === ")") flush();
      if (ch === "(") stack.push([]);
      else if (ch === ")") {
        if (stack.length < 2) return null;
        const line = stack.pop();
        stack[stack.length - 1].push(line);
      } else if (ch !== "_") token += ch;
    }
    flush();
  } catch (e) {
    return null; // a malformed escape
  }
  return stack.length === 1 ? stack[0] : null;
}

// An address's `tree` as it was written (not decoded: its escapes are its own).
function addressTree() {
  const raw = location.search.slice(1).split("&").find((p) => p.startsWith("tree="));
  return raw ? raw.slice(5) : null;
}

// A stored tree as items: the main line's moves in order, a comment as
// {c: text} after its move, and after a move the other moves from the
// same position as lists, each its own line in the same form (PGN's
// variations, in coordinates): ["e2e4", "e7e5", "g1f3", ["f1c4"], "b8c6"].
function treeItems(tree) {
  const kids = new Map();
  tree.forEach((t, i) => {
    const k = t.parent === null ? -1 : t.parent;
    if (!kids.has(k)) kids.set(k, []);
    kids.get(k).push(i);
  });
  // A line from its first move: after each move its comment, then the
  // other moves from the position before it.
  const line = (first) => {
    const out = [];
    let alts = [];
    for (let i = first; i !== undefined; ) {
      const t = tree[i];
      out.push(t.nags && t.nags.length ? { m: t.coord, n: t.nags } : t.coord);
      if (t.comment) out.push({ c: t.comment });
      for (const a of alts) out.push(line(a));
      const next = kids.get(i) || [];
      [i, alts] = [next[0], next.slice(1)];
    }
    return out;
  };
  const top = kids.get(-1) || [];
  if (!top.length) return [];
  const items = line(top[0]);
  // The root's other moves come after the first move (as in PGN).
  const rest = top.slice(1).map((a) => line(a));
  items.splice(tree[top[0]].comment ? 2 : 1, 0, ...rest);
  return items;
}

// The tree an address's `tree` gives, as stored (without notations), or
// null when it is not one.
function treeFromItems(items) {
  const tree = [];
  const walk = (list, parent) => {
    if (!Array.isArray(list)) throw new Error("not a list");
    let last = null;
    let lastParent = parent;
    let at = parent;
    for (const it of list) {
      if (tree.length > KEEP_MAX_NODES) throw new Error("too long");
      if (typeof it === "string" || (it && typeof it.m === "string")) {
        const move = typeof it === "string" ? it : it.m;
        const nags = typeof it === "string" ? [] : it.n;
        if (!nags.every((n) => Number.isInteger(n) && n > 0 && n < 256)) throw new Error("not an annotation");
        tree.push({ parent: at, coord: move, notation: null, comment: null, nags: nags.length ? nags : undefined });
        lastParent = at;
        last = at = tree.length - 1;
      } else if (Array.isArray(it)) {
        if (last === null) throw new Error("a variation before any move");
        walk(it, lastParent);
      } else if (it && typeof it.c === "string" && last !== null) {
        tree[last].comment = it.c;
      } else {
        throw new Error("neither a move, a variation nor a comment");
      }
    }
  };
  try {
    walk(items, null);
    return tree;
  } catch (e) {
    return null;
  }
}

// Names every move of a tree in the game's notation, asking the server
// once for each line (a leaf's path); throws what the server says of a
// line that cannot be played.
async function nameTree(variant, start, tree) {
  const isParent = new Set(tree.map((t) => t.parent));
  const leaves = tree.map((_, i) => i).filter((i) => !isParent.has(i));
  if (leaves.length > KEEP_MAX_LINES) throw new Error(`more than ${KEEP_MAX_LINES} lines`);
  await Promise.all(
    leaves.map(async (leaf) => {
      const nodes = [];
      for (let i = leaf; i !== null; i = tree[i].parent) nodes.unshift(i);
      const st = await api("/api/moves", {
        variant,
        position: start,
        history: nodes.map((i) => tree[i].coord),
        notations: true,
      });
      nodes.forEach((i, k) => (tree[i].notation = st.line[k]));
    }),
  );
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
      comment: fullComment(n),
      nags: n.nags.length ? n.nags : undefined,
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
    review: typeof keptReview === "function" ? keptReview() : undefined,
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
  const url = addressOf(snap);
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
  // Else one of the reader's own (studies.js).
  const mine = study >= 0 || !snap.study ? -1 : myStudies().findIndex((s) => s.variant === snap.variant && s.title === snap.study);
  if (mine >= 0) {
    const s = myStudies()[mine];
    showStudy({ title: s.title, goal: s.goal || "", variant: s.variant, solution: "" });
  } else {
    showStudy(study >= 0 ? game.studies[study] : null);
  }
  $("study").value = study >= 0 ? study : mine >= 0 ? `mine:${mine}` : "";
  if (snap.opponent) $("opponent").value = snap.opponent;
  if (snap.think) $("think").value = snap.think;
  await loadGame(snap.variant, snap.start, [], [], 0, snap.tree, snap.tags || [], {
    at,
    flipped: snap.flipped,
    computerSide: snap.computerSide,
    rootClaimed: snap.rootClaimed,
  });
  if (snap.review && typeof restoreReview === "function") restoreReview(snap.review);
}

// What the address asks for: {variant, start, line, ply}, or null when it
// names no game (a bare /, or only `?variant=`, which is a new game).
function addressed() {
  const q = new URLSearchParams(location.search);
  const v = game.variants.find((x) => x.name === q.get("variant"));
  if (!v || !(q.has("m") || q.has("start"))) return null;
  const line = q.getAll("m");
  const ply = q.has("ply") ? parseInt(q.get("ply"), 10) : line.length;
  const tags = q
    .getAll("tag")
    .filter((t) => t.includes(":"))
    .map((t) => [t.slice(0, t.indexOf(":")), t.slice(t.indexOf(":") + 1)]);
  return {
    tags,
    variant: v.name,
    start: q.get("start") || v.start,
    line,
    ply: Number.isFinite(ply) ? ply : line.length,
    tree: addressTree(),
  };
}

// Shows the game the address names: from a stored tree that holds its
// line (this page's or the browser's) and, when the address has a tree,
// is that tree; else the address's tree or line alone, each move's
// notation asked of the server. False when the address names no game.
async function showAddressed() {
  const a = addressed();
  if (!a) return false;
  const trees = [stored(), ...keep.earlier.slice().reverse()].filter(Boolean);
  for (const snap of trees) {
    if (snap.variant !== a.variant || snap.start !== a.start || lineIn(snap, a.line) === undefined) continue;
    if (a.tree && itemsText(treeItems(snap.tree)) !== a.tree) continue;
    if (JSON.stringify(snap.tags || []) !== JSON.stringify(a.tags)) continue;
    await loadSnapshot(snap, nodeAtPly(snap, a.line, a.ply));
    return true;
  }
  const items = a.tree && itemsFrom(a.tree);
  const tree = items && treeFromItems(items);
  if (tree && tree.length) {
    const snap = { variant: a.variant, start: a.start, tree, tags: a.tags };
    const at = lineIn(snap, a.line);
    if (at !== undefined) {
      try {
        await nameTree(a.variant, a.start, tree);
        showStudy(null);
        await loadSnapshot(snap, nodeAtPly(snap, a.line, a.ply));
        return true;
      } catch (e) {
        /* the line alone, below, says what is wrong */
      }
    }
  }
  try {
    const st = await api("/api/moves", {
      variant: a.variant,
      position: a.start,
      history: a.line,
      notations: true,
    });
    showStudy(null);
    await loadGame(a.variant, a.start, a.line, st.line, Math.min(a.ply, a.line.length), [], a.tags);
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

// The Copy buttons: the position, the record and the link to the
// position shown (with its tree), on the clipboard.
async function copyText(what, text) {
  try {
    await navigator.clipboard.writeText(text);
    setStatus(`Copied the ${what}.`);
  } catch (e) {
    setStatus(`Could not copy the ${what}: ${e.message}`, "error");
  }
}

function copyButtons() {
  $("copy-position").addEventListener("click", () => copyText("position", game.state ? game.state.position : ""));
  $("copy-record").addEventListener("click", () => copyText("record", $("record-text").value));
  $("copy-link").addEventListener("click", () => copyText("link", location.href));
  $("copy-link").hidden = !keep.on;
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
