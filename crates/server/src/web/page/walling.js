// Walling games (chess-duck's duck, Amazons' arrows): a move is a piece's
// move and then the wall's square, on top of app.js, whose tryMove hands
// such a move here. Between the two clicks the board shows the position
// the piece's move makes (its start empty, a capture gone, castling's
// rook moved) with the walls where they stand, for the duck leaves its
// square only when placed; the targets and the possible moves listed are
// the wall's squares of that move alone.
"use strict";

// Begins placing the wall of one piece's move, given as its `options` (one
// a wall square; a promotion's or a gate's, which is chosen first, as the
// piece's move is the first half).
async function beginWalling(options) {
  const ways = new Map();
  for (const m of options) {
    const way = `${m.promotion || ""}/${m.gate || ""}`;
    if (!ways.has(way)) ways.set(way, m);
  }
  if (ways.size > 1) {
    const chosen = await choosePromotion([...ways.values()]);
    if (!chosen) {
      endWalling();
      renderBoard();
      renderLegal();
      return;
    }
    options = options.filter((m) => (m.promotion || "") === (chosen.promotion || "") && (m.gate || "") === (chosen.gate || ""));
  }
  game.walling = options;
  game.wallingBoard = null;
  renderBoard();
  renderLegal();
  const gen = game.gen;
  try {
    // The server works the position out, as for any move: any one wall
    // square will do, the walls being drawn as they stand.
    const after = await api("/api/moves", request({ history: [...path(game.cur), options[0].coord] }));
    if (gen !== game.gen || game.walling !== options) return;
    game.wallingBoard = withWallsAsTheyStand(after.board);
    renderBoard();
  } catch (e) {
    // The board as it stands, the wall's squares marked, still serves.
  }
}

// The board after the piece's move, its walls those of the board shown.
function withWallsAsTheyStand(after) {
  const walls = new Set(game.state.board.cells.filter((c) => c.wall).map((c) => c.square));
  const cells = after.cells.map((c) => Object.assign({}, c, { wall: walls.has(c.square) }));
  return Object.assign({}, after, { cells });
}

// The move given up or played: the board as it stands again.
function endWalling() {
  game.walling = null;
  game.wallingBoard = null;
  game.selected = null;
}

// The caption over the wall's squares listed: how many, and after which
// move of the piece, in the game's word (`31 squares for the duck after
// d7–d5`).
function wallingCaption() {
  const m = game.walling[0];
  const name = (sq) => (game.state.board.cells.find((c) => c.square === sq) || { name: sq }).name;
  const n = game.walling.length;
  const move = m.drop ? `${m.drop.toUpperCase()}@${name(m.to)}` : `${name(m.from)}–${name(m.to)}`;
  return `${n} square${n === 1 ? "" : "s"} for the ${game.variant.wall || "wall"} after ${move}`;
}
