// duckchess: editing the tree of moves. The current move's annotations
// (PGN's NAGs: `!` `?` `!!` `??` `!?` `?!` are $1 to $6) and comment, a
// variation promoted to its parent's main line, a move deleted with the
// moves after it. Loaded after keep.js and before app.js, whose functions
// these call; app.js calls treeInit() once and renderAnnotate() each time
// it draws.
"use strict";

// The six move annotations, $1 to $6.
const NAG_GLYPHS = ["!", "?", "!!", "??", "!?", "?!"];
const NAG_TITLES = ["good move", "mistake", "brilliant move", "blunder", "interesting move", "dubious move"];

// How a move's NAGs are shown and written: `!?` for $1 to $6, `$n` for
// the others (joined as PGN writes them, with a space before a `$n`).
function nagText(nags) {
  return (nags || []).map((n) => (n >= 1 && n <= 6 ? NAG_GLYPHS[n - 1] : ` $${n}`)).join("").trim();
}

// The first node of the current node's line, up from it, that is not its
// parent's main line: what Promote variation moves up. Null on the main line.
function variationStart(node) {
  for (let n = node; n && n.parent; n = n.parent) {
    if (n.parent.children[0] !== n) return n;
  }
  return null;
}

// After an edit of the tree: drawn again and kept, the address replaced
// (an edit is no new step of the browser's history).
function treeChanged() {
  renderMoves();
  renderAnnotate();
  renderRecord();
  keep.popping = true;
  kept();
}

// Toggles one of the six annotations on the current move; a move has one
// of them at most (another replaces it), other NAGs stay.
function toggleNag(nag) {
  const node = game.cur;
  if (!node || !node.parent) return;
  const had = node.nags.includes(nag);
  node.nags = node.nags.filter((n) => n > 6);
  if (!had) node.nags.unshift(nag);
  treeChanged();
}

// The comment box's text as the current move's comment (none when blank).
function saveComment() {
  const node = game.cur;
  if (!node || !node.parent) return;
  const text = $("comment-text").value.replace(/\s+/g, " ").trim();
  const comment = text || null;
  if (comment === node.comment) return;
  node.comment = comment;
  treeChanged();
}

// Makes the current node's line its parent's main line: the variation it
// is in becomes the first child, the line it replaced the first variation.
function promoteVariation() {
  const n = variationStart(game.cur);
  if (!n) return;
  const siblings = n.parent.children;
  siblings.splice(siblings.indexOf(n), 1);
  siblings.unshift(n);
  treeChanged();
}

// Removes the current move and every move after it; its parent is shown.
function deleteFromHere() {
  const node = game.cur;
  if (!node || !node.parent) return;
  const parent = node.parent;
  parent.children = parent.children.filter((c) => c !== node);
  if (parent.next === node) parent.next = null;
  const stack = [node];
  while (stack.length) {
    const n = stack.pop();
    game.nodes.delete(n.id);
    stack.push(...n.children);
  }
  go(parent);
}

// The editing panel for the current move: its annotations pressed or not,
// its comment, and what can be done from here.
function renderAnnotate() {
  const node = game.cur;
  const move = !!(node && node.parent);
  for (const b of document.querySelectorAll("#annotate button[data-nag]")) {
    const on = move && node.nags.includes(parseInt(b.dataset.nag, 10));
    b.setAttribute("aria-pressed", on ? "true" : "false");
    b.disabled = !move;
  }
  const box = $("comment-text");
  box.disabled = !move;
  if (document.activeElement !== box) box.value = move ? node.comment || "" : "";
  $("annotate-move").textContent = move ? `${node.notation}${nagText(node.nags)}` : "the start: no move";
  $("promote").disabled = !variationStart(node);
  $("delete-here").disabled = !move;
}

function treeInit() {
  const row = $("annotate-nags");
  NAG_GLYPHS.forEach((g, i) => {
    const b = document.createElement("button");
    b.textContent = g;
    b.dataset.nag = i + 1;
    b.title = `${NAG_TITLES[i]} ($${i + 1})`;
    b.setAttribute("aria-label", NAG_TITLES[i]);
    b.setAttribute("aria-pressed", "false");
    b.addEventListener("click", () => toggleNag(i + 1));
    row.appendChild(b);
  });
  $("comment-text").addEventListener("change", saveComment);
  $("promote").addEventListener("click", promoteVariation);
  $("delete-here").addEventListener("click", deleteFromHere);
}
